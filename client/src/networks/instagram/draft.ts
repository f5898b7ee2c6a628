// Instagram's piece of the composer's draft (docs/product.md#posts): read from a stored post, its starting
// values, the part the shared rule reads (left out when it equals Instagram's defaults) and GraphQL's input.
import { DEFAULT_INSTAGRAM_OPTIONS, type InstagramFormat, type InstagramOptions } from "@sufra/schema";
import type { InstagramOptionsInput } from "../../graphql/graphql.ts";
import { instagramFormatFromKey, instagramFormatKeyOf } from "../../graphql/enumKeys.ts";
import type { MediaFact } from "../types.ts";

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

/** Instagram's part of a stored post's networkOptions (GraphQL's upper-case enums). */
export interface StoredInstagramOptions {
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
}

/** A stored post's Instagram part as the form's draft; none: the form's starting values. */
export function instagramDraftOf(ig: StoredInstagramOptions | null | undefined): InstagramDraft {
  return {
    format: instagramFormatKeyOf(ig?.format) ?? DEFAULT_INSTAGRAM_OPTIONS.format,
    coverMediaId: ig?.reel?.coverMediaId ?? null,
    thumbOffsetSeconds: ig?.reel?.thumbOffsetMs != null ? ig.reel.thumbOffsetMs / 1000 : null,
    shareToFeed: ig?.reel?.shareToFeed ?? true,
    audioName: ig?.reel?.audioName ?? "",
    collaborators: [...(ig?.collaborators ?? [])],
    locationId: ig?.locationId ?? "",
    userTags: (ig?.userTags ?? []).map((u) => u.username),
  };
}

/** The draft as the shared rule reads it, for the post's media; undefined when it equals the defaults. */
export function instagramOptionsOf(ig: InstagramDraft, media: readonly MediaFact[]): InstagramOptions | undefined {
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
    ig.format === DEFAULT_INSTAGRAM_OPTIONS.format &&
    !hasReel &&
    !collaborators.length &&
    !userTags.length &&
    !locationId
  )
    return undefined;
  return {
    format: ig.format,
    ...(hasReel && reel ? { reel } : {}),
    ...(collaborators.length ? { collaborators } : {}),
    ...(locationId ? { locationId } : {}),
    ...(userTags.length ? { userTags: userTags.map((username) => ({ username, x: 0.5, y: 0.5 })) } : {}),
  };
}

/** The shared rule's Instagram part as GraphQL's input. */
export function instagramInputOf(ig: InstagramOptions): InstagramOptionsInput {
  return {
    format: instagramFormatFromKey[ig.format],
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
  };
}
