// The registry of network packs (docs/architecture.md#network-packs): one entry per network, in the order
// the screens list them. The publisher, the composer, plans, analytics and the docs read this list; each
// pack (schema/src/networks/<network>.ts) holds that network's options rule and defaults, media rules,
// limits and preview pieces. Adding a network: its pack, one line here, its translations.
import type { NetworkPack } from "./common.ts";
import { facebookNetwork } from "./facebook.ts";
import { googleNetwork } from "./google.ts";
import { instagramNetwork } from "./instagram.ts";
import { snapchatNetwork } from "./snapchat.ts";
import { tiktokNetwork } from "./tiktok.ts";
import { xNetwork } from "./x.ts";

export * from "./facebook.ts";
export * from "./google.ts";
export * from "./instagram.ts";
export * from "./snapchat.ts";
export * from "./tiktok.ts";
export * from "./x.ts";
export type { NetworkPack } from "./common.ts";

/** The networks a post can go to (X keeps its old name "twitter", as in the data model). */
export const PLATFORMS = ["instagram", "twitter", "snapchat", "google", "tiktok", "facebook"] as const;
export type PlatformName = (typeof PLATFORMS)[number];

/** Each network's pack by its id: a network without a pack, or a pack under another id, does not compile. */
export const NETWORK_PACKS: { readonly [P in PlatformName]: NetworkPack<P> } = {
  instagram: instagramNetwork,
  twitter: xNetwork,
  snapchat: snapchatNetwork,
  google: googleNetwork,
  tiktok: tiktokNetwork,
  facebook: facebookNetwork,
};

/** The packs in PLATFORMS' order. */
export const NETWORKS: readonly NetworkPack<PlatformName>[] = PLATFORMS.map((p) => NETWORK_PACKS[p]);

/** A value for every network, read from its pack. */
export const byNetwork = <T>(read: (pack: NetworkPack<PlatformName>) => T): Record<PlatformName, T> =>
  Object.fromEntries(NETWORKS.map((n) => [n.id, read(n)])) as Record<PlatformName, T>;

/** The networks analytics' audience screen lists, in PLATFORMS' order: those whose pack has an audience. */
export const AUDIENCE_PLATFORMS: readonly PlatformName[] = PLATFORMS.filter((p) => NETWORK_PACKS[p].audience);
