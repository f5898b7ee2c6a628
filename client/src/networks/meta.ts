// Each network's meta by platform value, the light half of the registry (docs/architecture.md#in-the-client):
// the icons and colours every screen shows, without the composer's sections and previews, so a page that
// only names networks does not load the composer.
import type { PlatformName } from "@sufra/schema";
import { facebookMeta } from "./facebook/meta.tsx";
import { googleMeta } from "./google/meta.tsx";
import { instagramMeta } from "./instagram/meta.tsx";
import { snapchatMeta } from "./snapchat/meta.tsx";
import { tiktokMeta } from "./tiktok/meta.tsx";
import type { NetworkMeta } from "./types.ts";
import { xMeta } from "./x/meta.tsx";

export const NETWORK_META: Readonly<Record<PlatformName, NetworkMeta>> = {
  instagram: instagramMeta,
  twitter: xMeta,
  snapchat: snapchatMeta,
  google: googleMeta,
  tiktok: tiktokMeta,
  facebook: facebookMeta,
};
