// The networks as the screens show them: the GraphQL enum (INSTAGRAM, TWITTER, SNAPCHAT, GOOGLE, TIKTOK,
// FACEBOOK) read as the shared platform name, its label in the person's language (X for twitter) and its
// icon in the network's colour (each network's pack, client/src/networks/).
import { isPlatformName, platformLabel as sharedPlatformLabel, type Locale, type PlatformName } from "@sufra/schema";
import type { Platform } from "../graphql/graphql.ts";
import { platformKeyOf } from "../graphql/enumKeys.ts";
import { NETWORK_META } from "../networks/meta.ts";

/** INSTAGRAM -> instagram; also accepts the lower-case name (query strings, notification data). */
export const platformName = (p: Platform | string): PlatformName | null => {
  return platformKeyOf(p) ?? (isPlatformName(p) ? p : null);
};

/** The network's name in the person's language (the shared helper: X for twitter, never a raw id). */
export const platformLabel = (p: Platform | string, locale: Locale): string => sharedPlatformLabel(p, locale);

/** The network's icon; decorative unless `label` is given (then read by screen readers). */
export function PlatformIcon({ platform, label }: { platform: Platform | string; label?: string }) {
  const name = platformName(platform);
  if (!name) return null;
  const { Icon } = NETWORK_META[name];
  return (
    <span
      className={`sufra-platform-icon is-${name}`}
      role={label ? "img" : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <Icon />
    </span>
  );
}
