// The composer's per-network options as the person edits them (docs/product.md#posts), put together from
// each network pack's draft piece (networks/<network>/draft.ts), and the two ways they leave the form: as
// @sufra/schema's NetworkOptions for previewPost (the rule the server applies to the same fields) and as
// GraphQL's NetworkOptionsInput for createPost / updatePost. Only the chosen networks' parts leave; a part
// equal to that network's defaults is left out, since the server reads a missing part as its defaults
// (docs/architecture.md#in-the-client).
import type { NetworkOptions, PlatformName } from "@sufra/schema";
import type { NetworkOptionsInput } from "../graphql/graphql.ts";
import { facebookDraftOf, facebookInputOf, facebookOptionsOf, type FacebookDraft } from "./facebook/draft.ts";
import {
  instagramDraftOf,
  instagramInputOf,
  instagramOptionsOf,
  type InstagramDraft,
  type StoredInstagramOptions,
} from "./instagram/draft.ts";
import { NETWORK_META } from "./meta.ts";
import { snapchatDraftOf, snapchatInputOf, snapchatOptionsOf, type SnapchatDraft } from "./snapchat/draft.ts";
import {
  tiktokDraftOf,
  tiktokInputOf,
  tiktokOptionsOf,
  type StoredTikTokOptions,
  type TikTokDraft,
  type TikTokLocks,
} from "./tiktok/draft.ts";
import type { MediaFact } from "./types.ts";
import { xDraftOf, xInputOf, xOptionsOf, type XDraft } from "./x/draft.ts";

export interface NetworkDraft {
  instagram: InstagramDraft;
  tiktok: TikTokDraft;
  twitter: XDraft;
  snapchat: SnapchatDraft;
  facebook: FacebookDraft;
  /** alt text by media id, as typed */
  altText: Record<string, string>;
}

/** What a creator locked in a network's own settings, which the draft pieces follow (TikTok's comments, Duet, Stitch). */
export type DraftLocks = TikTokLocks;

/** What a stored post's networkOptions look like when read back (GraphQL's upper-case enums). */
export type StoredNetworkOptions =
  | {
      instagram?: StoredInstagramOptions | null;
      tiktok?: StoredTikTokOptions | null;
      twitter?: XDraft | null;
      snapchat?: { kind: string } | null;
      facebook?: { link?: string | null } | null;
      altText?: readonly { mediaId: string; text: string }[] | null;
    }
  | null
  | undefined;

/** A stored post's options as the form's draft; a network with none gets the form's starting values. */
export function networkDraftOf(o: StoredNetworkOptions): NetworkDraft {
  return {
    instagram: instagramDraftOf(o?.instagram),
    tiktok: tiktokDraftOf(o?.tiktok),
    twitter: xDraftOf(o?.twitter),
    snapchat: snapchatDraftOf(o?.snapchat),
    facebook: facebookDraftOf(o?.facebook),
    altText: Object.fromEntries((o?.altText ?? []).map((a) => [a.mediaId, a.text])),
  };
}

/** The networks whose photos carry alt text when published (each pack's meta says). */
export const ALT_TEXT_PLATFORMS: readonly PlatformName[] = Object.values(NETWORK_META)
  .filter((m) => m.altText)
  .map((m) => m.name);

/**
 * The draft as the shared rule reads it, for the chosen networks and the post's media (ids in order):
 * null when nothing differs from every network's defaults.
 */
export function networkOptionsOf(
  d: NetworkDraft,
  platforms: readonly PlatformName[],
  media: readonly MediaFact[],
  tiktokLocks?: TikTokLocks | null,
): NetworkOptions | null {
  const on = (p: PlatformName) => platforms.includes(p);
  const parts: NetworkOptions = {
    instagram: on("instagram") ? instagramOptionsOf(d.instagram, media) : undefined,
    tiktok: on("tiktok") ? tiktokOptionsOf(d.tiktok, media, tiktokLocks) : undefined,
    twitter: on("twitter") ? xOptionsOf(d.twitter) : undefined,
    snapchat: on("snapchat") ? snapchatOptionsOf(d.snapchat) : undefined,
    facebook: on("facebook") ? facebookOptionsOf(d.facebook) : undefined,
  };
  const out = Object.fromEntries(Object.entries(parts).filter(([, v]) => v !== undefined)) as NetworkOptions;
  if (platforms.some((p) => ALT_TEXT_PLATFORMS.includes(p))) {
    const altText = media
      .filter((m) => m.kind === "IMAGE" && d.altText[m.id]?.trim())
      .map((m) => ({ mediaId: m.id, text: d.altText[m.id]!.trim() }));
    if (altText.length) out.altText = altText;
  }
  return Object.keys(out).length ? out : null;
}

/** The shared rule's options as GraphQL's NetworkOptionsInput. */
export function networkInputOf(o: NetworkOptions): NetworkOptionsInput {
  return {
    ...(o.instagram ? { instagram: instagramInputOf(o.instagram) } : {}),
    ...(o.tiktok ? { tiktok: tiktokInputOf(o.tiktok) } : {}),
    ...(o.twitter ? { twitter: xInputOf(o.twitter) } : {}),
    ...(o.snapchat ? { snapchat: snapchatInputOf(o.snapchat) } : {}),
    ...(o.facebook ? { facebook: facebookInputOf(o.facebook) } : {}),
    ...(o.altText ? { altText: o.altText } : {}),
  };
}
