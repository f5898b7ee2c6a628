// The networks as the screens show them: the GraphQL enum (INSTAGRAM, TWITTER, SNAPCHAT, GOOGLE, TIKTOK,
// FACEBOOK) read as the shared platform name, its label in the person's language (X for twitter) and its
// icon in the network's colour (platforms.css).
import {
  FacebookFilled,
  GoogleOutlined,
  InstagramOutlined,
  SnapchatFilled,
  TikTokOutlined,
  XOutlined,
} from "@ant-design/icons";
import { isPlatformName, platformLabel as sharedPlatformLabel, type Locale, type PlatformName } from "@sufra/schema";
import type { ReactNode } from "react";
import type { Platform } from "../graphql/graphql.ts";
import "./platforms.css";

/** INSTAGRAM -> instagram; also accepts the lower-case name (query strings, notification data). */
export const platformName = (p: Platform | string): PlatformName | null => {
  const name = p.toLowerCase();
  return isPlatformName(name) ? name : null;
};

/** The network's name in the person's language (the shared helper: X for twitter, never a raw id). */
export const platformLabel = (p: Platform | string, locale: Locale): string => sharedPlatformLabel(p, locale);

const ICONS: Record<PlatformName, ReactNode> = {
  instagram: <InstagramOutlined />,
  twitter: <XOutlined />,
  snapchat: <SnapchatFilled />,
  google: <GoogleOutlined />,
  tiktok: <TikTokOutlined />,
  facebook: <FacebookFilled />,
};

/** The network's icon; decorative unless `label` is given (then read by screen readers). */
export function PlatformIcon({ platform, label }: { platform: Platform | string; label?: string }) {
  const name = platformName(platform);
  if (!name) return null;
  return (
    <span
      className={`sufra-platform-icon is-${name}`}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {ICONS[name]}
    </span>
  );
}
