// What the screens show of Instagram: its icon, in its colour (instagram.css), and whether
// its photos carry alt text when published. Its name in each language is @sufra/schema's PLATFORM_LABELS.
import { InstagramOutlined } from "@ant-design/icons";
import type { NetworkMeta } from "../types.ts";
import "./instagram.css";

export const instagramMeta: NetworkMeta = { name: "instagram", Icon: InstagramOutlined, altText: true };
