// The network packs' registry (docs/architecture.md#in-the-client): one pack per network under
// client/src/networks/<network>/ (its meta, draft piece, composer section, preview and texts) and the one
// list the composer, the previews and the platform pickers read. A module imports networks through this
// file; the packs import no module (check:borders). Adding a network: its pack, a line here and in
// meta.ts and draft.ts, and its texts.
import { PLATFORMS, type PlatformName, type PreviewInput } from "@sufra/schema";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../lib/useLocale.ts";
import type {
  ComposerConnection,
  ComposerFacts,
  ComposerPart,
  NetworkPack,
  NetworkPreviewFacts,
  SectionDraft,
} from "./pack.ts";
import { networkOptionsOf } from "./draft.ts";
import { facebookComposer } from "./facebook/composer.tsx";
import { facebookPack } from "./facebook/index.ts";
import type { PreviewProps } from "./frame.tsx";
import { googleComposer } from "./google/composer.tsx";
import { googlePack } from "./google/index.ts";
import { NETWORKS_NS } from "./i18n.ts";
import { instagramComposer } from "./instagram/composer.tsx";
import { instagramPack } from "./instagram/index.ts";
import { snapchatComposer } from "./snapchat/composer.tsx";
import { snapchatPack } from "./snapchat/index.ts";
import { tiktokComposer } from "./tiktok/composer.tsx";
import { tiktokPack } from "./tiktok/index.ts";
import type { MediaFact, PostMedia } from "./types.ts";
import { xComposer } from "./x/composer.tsx";
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

/** The packs' composer sections, in the order the composer shows them. */
export const COMPOSER_PARTS: readonly ComposerPart[] = [
  googleComposer,
  instagramComposer,
  tiktokComposer,
  xComposer,
  snapchatComposer,
  facebookComposer,
];

/** What the packs' hooks say, put together for the composer. */
export interface NetworksComposer {
  /** each network's facts, for its section */
  facts: Readonly<Record<PlatformName, ComposerFacts>>;
  /** previewPost's facts the networks decide */
  preview: NetworkPreviewFacts & Pick<PreviewInput, "assisted">;
  /** the draft's network options as the shared rule reads them */
  networkOptions: ReturnType<typeof networkOptionsOf>;
  /** problems previewPost cannot know, by network */
  stops: Partial<Record<PlatformName, readonly string[]>>;
  /** nothing may be scheduled or published yet */
  blocked: boolean;
}

/**
 * Every pack's composer hook for this render (a hook: COMPOSER_PARTS never changes, so the hooks run in
 * the same order every time), and the draft's network options.
 */
export function useNetworksComposer(input: {
  platforms: readonly PlatformName[];
  connections: ReadonlyMap<PlatformName, ComposerConnection>;
  draft: SectionDraft;
  media: readonly PostMedia[];
  mediaFacts: readonly MediaFact[];
}): NetworksComposer {
  const { platforms, connections, draft, media, mediaFacts } = input;
  const facts = {} as Record<PlatformName, ComposerFacts>;
  for (const part of COMPOSER_PARTS)
    facts[part.name] =
      part.useFacts?.({
        chosen: platforms.includes(part.name),
        connection: connections.get(part.name),
        draft,
        media,
      }) ?? {};
  const locks = Object.values(facts).find((f) => f.locks)?.locks ?? null;
  const networkOptions = useMemo(
    () => networkOptionsOf(draft.network, platforms, mediaFacts, locks),
    [draft.network, platforms, mediaFacts, locks],
  );
  const all = Object.values(facts);
  // previewPost's facts: the networks posted by hand, and each pack's own (one value while they stay the
  // same: the composer's preview is memoised on it)
  const previewKey = JSON.stringify({
    ...Object.assign({}, ...all.map((f) => f.preview ?? {})),
    assisted: COMPOSER_PARTS.filter((p) => facts[p.name].preview?.assisted).map((p) => p.name),
  });
  const preview = useMemo(() => JSON.parse(previewKey) as NetworksComposer["preview"], [previewKey]);
  return {
    facts,
    preview,
    networkOptions,
    stops: Object.fromEntries(
      COMPOSER_PARTS.filter((p) => facts[p.name].stops).map((p) => [p.name, facts[p.name].stops]),
    ),
    blocked: all.some((f) => f.blocked),
  };
}

export * from "./facebook/index.ts";
export * from "./google/index.ts";
export * from "./instagram/index.ts";
export * from "./snapchat/index.ts";
export * from "./tiktok/index.ts";
export * from "./x/index.ts";
export { problemsUnder } from "./pack.ts";
export type { ComposerConnection, SectionAction, SectionDraft, SectionProps } from "./pack.ts";
export { ALT_TEXT_PLATFORMS, networkDraftOf, networkInputOf } from "./draft.ts";
export type { NetworkDraft } from "./draft.ts";
export { NETWORKS_NS } from "./i18n.ts";
export { NETWORK_META } from "./meta.ts";
export type { NetworkPack } from "./pack.ts";
export type { PostMedia } from "./types.ts";
