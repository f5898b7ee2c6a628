// What the screens show of Instagram: its icon, in its colour (instagram.css), whether its photos carry
// alt text when published, that its feed takes photos in set shapes and that it posts a first comment. Its name in each language is @sufra/schema's PLATFORM_LABELS.
import { InstagramOutlined } from "@ant-design/icons";
import type { NetworkMeta } from "../types.ts";
import "./instagram.css";

export const instagramMeta: NetworkMeta = {
  name: "instagram",
  Icon: InstagramOutlined,
  altText: true,
  crops: true,
  firstComment: true,
};
