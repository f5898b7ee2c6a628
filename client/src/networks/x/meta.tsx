// What the screens show of X (the platform value is twitter): its icon, in its colour (x.css), and whether
// its photos carry alt text when published. Its name in each language is @sufra/schema's PLATFORM_LABELS.
import { XOutlined } from "@ant-design/icons";
import type { NetworkMeta } from "../types.ts";
import "./x.css";

export const xMeta: NetworkMeta = { name: "twitter", Icon: XOutlined, altText: true };
