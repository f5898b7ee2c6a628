// What the screens show of TikTok: its icon, in its colour (tiktok.css), and whether
// its photos carry no alt text. Its name in each language is @sufra/schema's PLATFORM_LABELS.
import { TikTokOutlined } from "@ant-design/icons";
import type { NetworkMeta } from "../types.ts";
import "./tiktok.css";

export const tiktokMeta: NetworkMeta = { name: "tiktok", Icon: TikTokOutlined, altText: false };
