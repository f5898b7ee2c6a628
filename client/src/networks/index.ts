// The network packs' registry (docs/architecture.md#in-the-client): one pack per network under
// client/src/networks/<network>/ (its meta, draft piece, composer section, preview and texts) and the one
// list the composer, the previews and the platform pickers read. A module imports networks through this
// file; the packs import no module (check:borders). Adding a network: its pack, a line here and in
// meta.ts and draft.ts, and its texts.
import { PLATFORMS, type PlatformName } from "@sufra/schema";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../lib/useLocale.ts";
import { facebookPack } from "./facebook/index.ts";
import type { PreviewProps } from "./frame.tsx";
import { googlePack } from "./google/index.ts";
import { NETWORKS_NS } from "./i18n.ts";
import { instagramPack } from "./instagram/index.ts";
import type { NetworkPack } from "./pack.ts";
import { snapchatPack } from "./snapchat/index.ts";
import { tiktokPack } from "./tiktok/index.ts";
import { xPack } from "./x/index.ts";

const PACKS: Readonly<Record<PlatformName, NetworkPack>> = {
  instagram: instagramPack,
  twitter: xPack,
  snapchat: snapchatPack,
  google: googlePack,
  tiktok: tiktokPack,
  facebook: facebookPack,
};

/** Every network's pack, in @sufra/schema's PLATFORMS order. */
export const NETWORKS: readonly NetworkPack[] = PLATFORMS.map((p) => PACKS[p]);

/** One network's pack by its platform value. */
export const networkPack = (p: PlatformName): NetworkPack => PACKS[p];

/** The preview's body when the network shows the post its own way (a hook: it reads the language); null: the card's usual body. */
export function useNetworkPreviewBody(props: PreviewProps): ReactNode {
  const { t } = useTranslation(NETWORKS_NS);
  const locale = useLocale();
  return PACKS[props.preview.platform].previewBody?.({ ...props, t, locale }) ?? null;
}

export * from "./facebook/index.ts";
export * from "./google/index.ts";
export * from "./instagram/index.ts";
export * from "./snapchat/index.ts";
export * from "./tiktok/index.ts";
export * from "./x/index.ts";
export { ALT_TEXT_PLATFORMS, networkDraftOf, networkInputOf, networkOptionsOf } from "./draft.ts";
export type { NetworkDraft, StoredNetworkOptions } from "./draft.ts";
export { COMPOSER_NS, NETWORKS_NS } from "./i18n.ts";
export { NETWORK_META } from "./meta.ts";
export type { NetworkPack } from "./pack.ts";
export type { PostMedia } from "./types.ts";
export { isPhotoPost } from "./types.ts";
