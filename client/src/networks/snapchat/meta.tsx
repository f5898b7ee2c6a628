// What the screens show of Snapchat: its icon, in its colour (snapchat.css), and whether
// its photos carry no alt text. Its name in each language is @sufra/schema's PLATFORM_LABELS.
import { SnapchatFilled } from "@ant-design/icons";
import type { NetworkMeta } from "../types.ts";
import "./snapchat.css";

export const snapchatMeta: NetworkMeta = { name: "snapchat", Icon: SnapchatFilled, altText: false };
