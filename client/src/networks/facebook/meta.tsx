// What the screens show of Facebook: its icon, in its colour (facebook.css), and whether
// its photos carry alt text when published. Its name in each language is @sufra/schema's PLATFORM_LABELS.
import { FacebookFilled } from "@ant-design/icons";
import type { NetworkMeta } from "../types.ts";
import "./facebook.css";

export const facebookMeta: NetworkMeta = { name: "facebook", Icon: FacebookFilled, altText: true };
