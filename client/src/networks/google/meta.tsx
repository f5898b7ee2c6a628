// What the screens show of Google: its icon, in its colour (google.css), and whether
// its photos carry no alt text. Its name in each language is @sufra/schema's PLATFORM_LABELS.
import { GoogleOutlined } from "@ant-design/icons";
import type { NetworkMeta } from "../types.ts";
import "./google.css";

export const googleMeta: NetworkMeta = { name: "google", Icon: GoogleOutlined, altText: false };
