// The composer's per-network options as the person edits them (docs/product.md#posts), and the two ways
// they leave the form: as @sufra/schema's NetworkOptions for previewPost (the rule the server applies to
// the same fields) and as GraphQL's NetworkOptionsInput for createPost / updatePost. Only the chosen
// networks' parts leave; a part equal to that network's defaults is left out, since the server reads a
// missing part as its defaults (docs/architecture.md#how-a-request-flows: one rule, both doors).
import {
  DEFAULT_INSTAGRAM_OPTIONS,
  DEFAULT_SNAPCHAT_OPTIONS,
  DEFAULT_TIKTOK_OPTIONS,
  DEFAULT_X_OPTIONS,
  type InstagramFormat,
  type NetworkOptions,
  type PlatformName,
  type SnapchatPostKind,
  type TikTokPrivacyLevel,
} from "@sufra/schema";
import type {
  InstagramFormat as GqlFormat,
  NetworkOptionsInput,
  SnapchatPostKind as GqlKind,
  TikTokPrivacyLevel as GqlPrivacy,
} from "../../../../graphql/graphql.ts";

export interface InstagramDraft {
  format: InstagramFormat;
  /** reel: one of the post's photos as the cover, or null for a frame of the video */
  coverMediaId: string | null;
  /** reel: the frame used as the cover when no photo is chosen, in seconds as typed */
  thumbOffsetSeconds: number | null;
  shareToFeed: boolean;
  audioName: string;
  collaborators: string[];
  locationId: string;
  /** usernames tagged on the first photo, each at its centre (x = y = 0.5) */
  userTags: string[];
}

export interface TikTokDraft {
  /** null until the person chooses: TikTok forbids a default */
  privacyLevel: TikTokPrivacyLevel | null;
  allowComment: boolean;
  allowDuet: boolean;
  allowStitch: boolean;
  /** the commercial content disclosure switch; on, it needs "Your brand" or "Branded content" */
  disclose: boolean;
  brandOrganic: boolean;
  brandContent: boolean;
  title: string;
  autoAddMusic: boolean;
}

export interface NetworkDraft {
  instagram: InstagramDraft;
  tiktok: TikTokDraft;
  twitter: { thread: boolean; linkInReply: boolean };
  snapchat: { kind: SnapchatPostKind };
  facebook: { link: string };
  /** alt text by media id, as typed */
  altText: Record<string, string>;
}

/** What a stored post's networkOptions look like when read back (GraphQL's upper-case enums). */
export type StoredNetworkOptions =
  | {
      instagram?: {
        format: string;
        reel?: {
          coverMediaId?: string | null;
          thumbOffsetMs?: number | null;
          shareToFeed?: boolean | null;
          audioName?: string | null;
        } | null;
        collaborators?: readonly string[] | null;
        locationId?: string | null;
        userTags?: readonly { username: string }[] | null;
      } | null;
      tiktok?: {
        privacyLevel?: string | null;
        disableComment: boolean;
        disableDuet: boolean;
        disableStitch: boolean;
        brandOrganic: boolean;
        brandContent: boolean;
        title?: string | null;
        autoAddMusic?: boolean | null;
      } | null;
      twitter?: { thread: boolean; linkInReply: boolean } | null;
      snapchat?: { kind: string } | null;
      facebook?: { link?: string | null } | null;
      altText?: readonly { mediaId: string; text: string }[] | null;
    }
  | null
  | undefined;

/** A stored post's options as the form's draft; a network with none gets the form's starting values. */
export function networkDraftOf(o: StoredNetworkOptions): NetworkDraft {
  const ig = o?.instagram;
  const tt = o?.tiktok;
  return {
    instagram: {
      format: (ig?.format.toLowerCase() as InstagramFormat | undefined) ?? DEFAULT_INSTAGRAM_OPTIONS.format,
      coverMediaId: ig?.reel?.coverMediaId ?? null,
      thumbOffsetSeconds: ig?.reel?.thumbOffsetMs != null ? ig.reel.thumbOffsetMs / 1000 : null,
      shareToFeed: ig?.reel?.shareToFeed ?? true,
      audioName: ig?.reel?.audioName ?? "",
      collaborators: [...(ig?.collaborators ?? [])],
      locationId: ig?.locationId ?? "",
      userTags: (ig?.userTags ?? []).map((u) => u.username),
    },
    // TikTok's guidelines: no interaction is on until the person turns it on (a stored post keeps its choice)
    tiktok: {
      privacyLevel: (tt?.privacyLevel as TikTokPrivacyLevel | null | undefined) ?? null,
      allowComment: tt ? !tt.disableComment : false,
      allowDuet: tt ? !tt.disableDuet : false,
      allowStitch: tt ? !tt.disableStitch : false,
      disclose: !!(tt?.brandOrganic || tt?.brandContent),
      brandOrganic: tt?.brandOrganic ?? false,
      brandContent: tt?.brandContent ?? false,
      title: tt?.title ?? "",
      autoAddMusic: tt?.autoAddMusic ?? DEFAULT_TIKTOK_OPTIONS.autoAddMusic,
    },
    twitter: {
      thread: o?.twitter?.thread ?? DEFAULT_X_OPTIONS.thread,
      linkInReply: o?.twitter?.linkInReply ?? DEFAULT_X_OPTIONS.linkInReply,
    },
    snapchat: {
      kind: (o?.snapchat?.kind.toLowerCase() as SnapchatPostKind | undefined) ?? DEFAULT_SNAPCHAT_OPTIONS.kind,
    },
    facebook: { link: o?.facebook?.link ?? "" },
    altText: Object.fromEntries((o?.altText ?? []).map((a) => [a.mediaId, a.text])),
  };
}

/** The networks whose photos carry alt text when published. */
export const ALT_TEXT_PLATFORMS: readonly PlatformName[] = ["instagram", "twitter", "facebook"];

/** The disclosure switch is on but neither kind is chosen: TikTok requires one before posting. */
export const tiktokDisclosureIncomplete = (d: TikTokDraft) => d.disclose && !d.brandOrganic && !d.brandContent;

/** The interactions the TikTok creator turned off in TikTok: a post must leave them off too. */
export interface TikTokLocks {
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
}

/**
 * The draft as the shared rule reads it, for the chosen networks and the post's media (ids in order):
 * null when nothing differs from every network's defaults.
 */
export function networkOptionsOf(
  d: NetworkDraft,
  platforms: readonly PlatformName[],
  media: readonly { id: string; kind: string }[],
  tiktokLocks?: TikTokLocks | null,
): NetworkOptions | null {
  const on = (p: PlatformName) => platforms.includes(p);
  const out: NetworkOptions = {};
  if (on("instagram")) {
    const ig = d.instagram;
    const reel = ig.format === "reel" && {
      coverMediaId: ig.coverMediaId && media.some((m) => m.id === ig.coverMediaId) ? ig.coverMediaId : null,
      thumbOffsetMs: ig.coverMediaId || ig.thumbOffsetSeconds == null ? null : Math.round(ig.thumbOffsetSeconds * 1000),
      shareToFeed: ig.shareToFeed,
      audioName: ig.audioName.trim() || null,
    };
    const hasReel = reel && (reel.coverMediaId || reel.thumbOffsetMs != null || !reel.shareToFeed || reel.audioName);
    // a story takes no collaborators, location or tags (Instagram's content publishing)
    const extras = ig.format !== "story";
    const collaborators = extras ? ig.collaborators : [];
    const userTags = extras ? ig.userTags : [];
    const locationId = extras ? ig.locationId.trim() : "";
    if (
      ig.format !== DEFAULT_INSTAGRAM_OPTIONS.format ||
      hasReel ||
      collaborators.length ||
      userTags.length ||
      locationId
    )
      out.instagram = {
        format: ig.format,
        ...(hasReel && reel ? { reel } : {}),
        ...(collaborators.length ? { collaborators } : {}),
        ...(locationId ? { locationId } : {}),
        ...(userTags.length ? { userTags: userTags.map((username) => ({ username, x: 0.5, y: 0.5 })) } : {}),
      };
  }
  if (on("tiktok")) {
    const tt = d.tiktok;
    const photo = media.length > 0 && media.every((m) => m.kind === "IMAGE");
    out.tiktok = {
      privacyLevel: tt.privacyLevel,
      // what the creator turned off in TikTok stays off (TikTok refuses the post otherwise)
      disableComment: !tt.allowComment || !!tiktokLocks?.commentDisabled,
      // Duet and Stitch are not for photo posts: nothing to turn on there
      disableDuet: photo || !tt.allowDuet || !!tiktokLocks?.duetDisabled,
      disableStitch: photo || !tt.allowStitch || !!tiktokLocks?.stitchDisabled,
      brandOrganic: tt.disclose && tt.brandOrganic,
      brandContent: tt.disclose && tt.brandContent,
      ...(photo ? { title: tt.title.trim() || null, autoAddMusic: tt.autoAddMusic } : {}),
    };
  }
  if (on("twitter") && (d.twitter.thread || d.twitter.linkInReply)) out.twitter = { ...d.twitter };
  if (on("snapchat") && d.snapchat.kind !== DEFAULT_SNAPCHAT_OPTIONS.kind) out.snapchat = { ...d.snapchat };
  if (on("facebook") && d.facebook.link.trim()) out.facebook = { link: d.facebook.link.trim() };
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
  const ig = o.instagram;
  return {
    ...(ig
      ? {
          instagram: {
            format: ig.format.toUpperCase() as GqlFormat,
            ...(ig.reel
              ? {
                  reel: {
                    coverMediaId: ig.reel.coverMediaId ?? null,
                    thumbOffsetMs: ig.reel.thumbOffsetMs ?? null,
                    shareToFeed: ig.reel.shareToFeed ?? true,
                    audioName: ig.reel.audioName ?? null,
                  },
                }
              : {}),
            ...(ig.collaborators ? { collaborators: ig.collaborators } : {}),
            ...(ig.locationId ? { locationId: ig.locationId } : {}),
            ...(ig.userTags ? { userTags: ig.userTags } : {}),
          },
        }
      : {}),
    ...(o.tiktok
      ? { tiktok: { ...o.tiktok, privacyLevel: (o.tiktok.privacyLevel as GqlPrivacy | null) ?? null } }
      : {}),
    ...(o.twitter ? { twitter: o.twitter } : {}),
    ...(o.snapchat ? { snapchat: { kind: o.snapchat.kind.toUpperCase() as GqlKind } } : {}),
    ...(o.facebook ? { facebook: { link: o.facebook.link ?? null } } : {}),
    ...(o.altText ? { altText: o.altText } : {}),
  };
}
