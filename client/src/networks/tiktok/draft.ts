// TikTok's piece of the composer's draft (docs/product.md#posts): read from a stored post, its starting
// values (no interaction on and no privacy until the person chooses, as TikTok's content sharing
// guidelines require; the music default is @sufra/schema's, never a copy), the part the shared rule
// reads and GraphQL's input.
import { DEFAULT_TIKTOK_OPTIONS, type TikTokOptions, type TikTokPrivacyLevel } from "@sufra/schema";
import type { TikTokOptionsInput, TikTokPrivacyLevel as GqlPrivacy } from "../../graphql/graphql.ts";
import { isPhotoPost, type MediaFact } from "../types.ts";

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

/** TikTok's part of a stored post's networkOptions. */
export interface StoredTikTokOptions {
  privacyLevel?: string | null;
  disableComment: boolean;
  disableDuet: boolean;
  disableStitch: boolean;
  brandOrganic: boolean;
  brandContent: boolean;
  title?: string | null;
  autoAddMusic?: boolean | null;
}

/** The interactions the TikTok creator turned off in TikTok: a post must leave them off too. */
export interface TikTokLocks {
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
}

/** A stored post's TikTok part as the form's draft; a stored post keeps its choices. */
export function tiktokDraftOf(tt: StoredTikTokOptions | null | undefined): TikTokDraft {
  // TikTok's guidelines: no interaction is on until the person turns it on
  return {
    privacyLevel: (tt?.privacyLevel as TikTokPrivacyLevel | null | undefined) ?? null,
    allowComment: tt ? !tt.disableComment : false,
    allowDuet: tt ? !tt.disableDuet : false,
    allowStitch: tt ? !tt.disableStitch : false,
    disclose: !!(tt?.brandOrganic || tt?.brandContent),
    brandOrganic: tt?.brandOrganic ?? false,
    brandContent: tt?.brandContent ?? false,
    title: tt?.title ?? "",
    autoAddMusic: tt?.autoAddMusic ?? DEFAULT_TIKTOK_OPTIONS.autoAddMusic,
  };
}

/** The disclosure switch is on but neither kind is chosen: TikTok requires one before posting. */
export const tiktokDisclosureIncomplete = (d: TikTokDraft) => d.disclose && !d.brandOrganic && !d.brandContent;

/** The draft as the shared rule reads it: always sent, since TikTok has no defaults to leave out. */
export function tiktokOptionsOf(
  tt: TikTokDraft,
  media: readonly MediaFact[],
  locks?: TikTokLocks | null,
): TikTokOptions {
  const photo = isPhotoPost(media);
  return {
    privacyLevel: tt.privacyLevel,
    // what the creator turned off in TikTok stays off (TikTok refuses the post otherwise)
    disableComment: !tt.allowComment || !!locks?.commentDisabled,
    // Duet and Stitch are not for photo posts: nothing to turn on there
    disableDuet: photo || !tt.allowDuet || !!locks?.duetDisabled,
    disableStitch: photo || !tt.allowStitch || !!locks?.stitchDisabled,
    brandOrganic: tt.disclose && tt.brandOrganic,
    brandContent: tt.disclose && tt.brandContent,
    ...(photo ? { title: tt.title.trim() || null, autoAddMusic: tt.autoAddMusic } : {}),
  };
}

/** The shared rule's TikTok part as GraphQL's input. */
export const tiktokInputOf = (tt: TikTokOptions): TikTokOptionsInput => ({
  ...tt,
  privacyLevel: (tt.privacyLevel as GqlPrivacy | null) ?? null,
});
