// Each network's own options for a post, beyond its caption and media (docs/product.md#posts): what a
// post is on Instagram (feed, story or reel, and a reel's cover, audio and sharing), TikTok's privacy and
// switches (which TikTok requires the person to choose, never defaulted), X's thread and where a link
// goes, Snapchat's kind of post, a Facebook link, and the alt text of each photo. One zod rule here:
// the composer, the preview and both doors check the same thing.
import { z } from "zod";
import { isMessageKey, type MessageKey } from "./messages.ts";
import { multiLine, singleLine } from "./text.ts";

export const INSTAGRAM_FORMATS = ["feed", "story", "reel"] as const;
export type InstagramFormat = (typeof INSTAGRAM_FORMATS)[number];

/** TikTok's privacy_level values; which of them a creator may use comes from creator_info (privacy_level_options). */
export const TIKTOK_PRIVACY_LEVELS = [
  "PUBLIC_TO_EVERYONE",
  "MUTUAL_FOLLOW_FRIENDS",
  "FOLLOWER_OF_CREATOR",
  "SELF_ONLY",
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** Where a Snapchat public profile post goes: the 24-hour Story, a Saved Story, or Spotlight. */
export const SNAPCHAT_POST_KINDS = ["story", "saved_story", "spotlight"] as const;
export type SnapchatPostKind = (typeof SNAPCHAT_POST_KINDS)[number];

// ---------------------------------------------------------------- limits (the networks' own)
/** Alt text of a photo: X takes 1,000 characters (media metadata); Sufra holds every network to it. */
export const ALT_TEXT_MAX_LENGTH = 1000;
/** Instagram's collaborators: at most 3 invited accounts per post. */
export const INSTAGRAM_MAX_COLLABORATORS = 3;
/** Instagram's user tags on a photo: at most 20. */
export const INSTAGRAM_MAX_USER_TAGS = 20;
/** A reel's audio_name: Instagram renames the original audio; kept as short as a title. */
export const INSTAGRAM_AUDIO_NAME_MAX_LENGTH = 90;
/** A TikTok photo post's title: 90 characters (its caption becomes the description). */
export const TIKTOK_PHOTO_TITLE_MAX_LENGTH = 90;

export interface InstagramOptions {
  /** feed (a post or carousel; a single video goes as a reel shared to the feed), story or reel */
  format: InstagramFormat;
  reel?: {
    /** one of the post's photos, shown as the reel's cover (cover_url) */
    coverMediaId?: string | null;
    /** or the frame at this many milliseconds (thumb_offset), when no cover photo is chosen */
    thumbOffsetMs?: number | null;
    /** share_to_feed: also shown in the profile's feed grid (Instagram's default: true) */
    shareToFeed?: boolean;
    /** audio_name: the name the reel's original audio gets */
    audioName?: string | null;
  } | null;
  /** Instagram usernames invited as collaborators (feed posts and reels, not stories) */
  collaborators?: string[];
  /** a location: the id of a Facebook Page with a location (location_id) */
  locationId?: string | null;
  /** people tagged on the first photo (user_tags), at x,y between 0 and 1 */
  userTags?: { username: string; x: number; y: number }[];
}

export interface TikTokOptions {
  /** chosen by the person from creator_info's privacy_level_options; TikTok forbids a default, so null until chosen */
  privacyLevel: TikTokPrivacyLevel | null;
  disableComment: boolean;
  disableDuet: boolean;
  disableStitch: boolean;
  /** commercial content disclosure: promoting the café's own business (brand_organic_toggle) */
  brandOrganic: boolean;
  /** commercial content disclosure: paid partnership with another brand (brand_content_toggle; never SELF_ONLY) */
  brandContent: boolean;
  /** photo posts: their title (the caption becomes the description); videos use the caption as the title */
  title?: string | null;
  /** photo posts: let TikTok add recommended music */
  autoAddMusic?: boolean;
}

export interface XOptions {
  /** a caption longer than the account's limit goes out as a numbered thread of replies */
  thread: boolean;
  /** links go in a reply under the post (X charges more for a post with a link) */
  linkInReply: boolean;
}

export interface SnapchatOptions {
  kind: SnapchatPostKind;
}

export interface FacebookOptions {
  /** a link shared with the post (a link post when it has no photo or video) */
  link?: string | null;
}

export interface NetworkOptions {
  instagram?: InstagramOptions | null;
  tiktok?: TikTokOptions | null;
  twitter?: XOptions | null;
  snapchat?: SnapchatOptions | null;
  facebook?: FacebookOptions | null;
  /** alt text of the post's photos, each by media id (Instagram, X and Facebook publish it) */
  altText?: { mediaId: string; text: string }[] | null;
}

export const DEFAULT_INSTAGRAM_OPTIONS: InstagramOptions = { format: "feed" };
/**
 * TikTok's content sharing guidelines: no privacy chosen for the person, comments, Duet and Stitch off until
 * they turn them on, and no music added to a photo post unless they ask for it. The adapter, both doors and
 * the composer read these, so a post that leaves an option out gets the same value everywhere.
 */
export const DEFAULT_TIKTOK_OPTIONS: TikTokOptions & { autoAddMusic: boolean } = {
  privacyLevel: null,
  disableComment: true,
  disableDuet: true,
  disableStitch: true,
  brandOrganic: false,
  brandContent: false,
  autoAddMusic: false,
};
export const DEFAULT_X_OPTIONS: XOptions = { thread: false, linkInReply: false };
export const DEFAULT_SNAPCHAT_OPTIONS: SnapchatOptions = { kind: "story" };

// ---------------------------------------------------------------- rules
const key = (k: MessageKey) => ({ error: k });
const nullish = <T extends z.ZodTypeAny>(s: T) => z.preprocess((v) => v ?? undefined, s.optional());
/** Instagram's usernames: letters, digits, dots and underscores, at most 30; given with or without the @. */
const igUsername = singleLine(key("instagramUsernameInvalid"))
  .transform((s) => s.replace(/^@/, ""))
  .refine((s) => /^[A-Za-z0-9._]{1,30}$/.test(s), key("instagramUsernameInvalid"));
const httpsUrl = singleLine(key("linkInvalid")).refine((s) => {
  try {
    const u = new URL(s);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}, key("linkInvalid"));

export const instagramOptionsSchema = z.object({
  format: z.enum(INSTAGRAM_FORMATS, key("invalidValue")),
  reel: nullish(
    z.object({
      coverMediaId: nullish(z.uuid(key("postMediaInvalid"))),
      thumbOffsetMs: nullish(
        z
          .number(key("invalidValue"))
          .int(key("invalidValue"))
          .min(0, key("invalidValue"))
          .max(15 * 60_000, key("invalidValue")),
      ),
      shareToFeed: nullish(z.boolean(key("invalidValue"))),
      audioName: nullish(
        singleLine(key("invalidValue")).refine((s) => [...s].length <= INSTAGRAM_AUDIO_NAME_MAX_LENGTH, key("tooLong")),
      ),
    }),
  ),
  collaborators: nullish(
    z.array(igUsername, key("invalidValue")).max(INSTAGRAM_MAX_COLLABORATORS, key("instagramTooManyCollaborators")),
  ),
  locationId: nullish(singleLine(key("invalidValue")).refine((s) => /^\d{1,30}$/.test(s), key("invalidValue"))),
  userTags: nullish(
    z
      .array(
        z.object({
          username: igUsername,
          x: z.number(key("invalidValue")).min(0, key("invalidValue")).max(1, key("invalidValue")),
          y: z.number(key("invalidValue")).min(0, key("invalidValue")).max(1, key("invalidValue")),
        }),
        key("invalidValue"),
      )
      .max(INSTAGRAM_MAX_USER_TAGS, key("instagramTooManyUserTags")),
  ),
});

export const tiktokOptionsSchema = z.object({
  privacyLevel: z.preprocess((v) => v ?? null, z.enum(TIKTOK_PRIVACY_LEVELS, key("invalidValue")).nullable()),
  // left out: DEFAULT_TIKTOK_OPTIONS, stored with the post so the adapter and both doors read one value
  disableComment: z.boolean(key("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.disableComment),
  disableDuet: z.boolean(key("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.disableDuet),
  disableStitch: z.boolean(key("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.disableStitch),
  brandOrganic: z.boolean(key("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.brandOrganic),
  brandContent: z.boolean(key("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.brandContent),
  title: nullish(
    singleLine(key("invalidValue")).refine((s) => [...s].length <= TIKTOK_PHOTO_TITLE_MAX_LENGTH, key("tooLong")),
  ),
  autoAddMusic: z.preprocess(
    (v) => v ?? undefined,
    z.boolean(key("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.autoAddMusic),
  ),
});

export const xOptionsSchema = z.object({
  thread: z.boolean(key("invalidValue")).default(false),
  linkInReply: z.boolean(key("invalidValue")).default(false),
});

export const snapchatOptionsSchema = z.object({ kind: z.enum(SNAPCHAT_POST_KINDS, key("invalidValue")) });

export const facebookOptionsSchema = z.object({ link: nullish(httpsUrl) });

export const networkOptionsSchema = z.object({
  instagram: nullish(instagramOptionsSchema),
  tiktok: nullish(tiktokOptionsSchema),
  twitter: nullish(xOptionsSchema),
  snapchat: nullish(snapchatOptionsSchema),
  facebook: nullish(facebookOptionsSchema),
  altText: nullish(
    z
      .array(
        z.object({
          mediaId: z.uuid(key("postMediaInvalid")),
          text: multiLine(key("invalidValue"))
            .trim()
            .refine((s) => [...s].length <= ALT_TEXT_MAX_LENGTH, key("altTextTooLong")),
        }),
        key("invalidValue"),
      )
      .max(35, key("invalidValue"))
      // one text per photo; an empty text is no alt text
      .transform((list) => [...new Map(list.filter((a) => a.text).map((a) => [a.mediaId.toLowerCase(), a])).values()]),
  ),
});

/**
 * The networkOptions field of a post's input, as both doors hand it to the posts service (a problem is
 * reported under networkOptions.<network>.<field>). Null or left out: every network's defaults.
 */
export const postNetworkFieldsSchema = z.object({
  networkOptions: z.preprocess((v) => v ?? undefined, networkOptionsSchema.optional()),
});

/** The problems of a post's network options (each a message key and where), by the rule the server applies. */
export function networkOptionsProblems(options: unknown): { key: MessageKey; path: string }[] {
  if (options === null || options === undefined) return [];
  const r = networkOptionsSchema.safeParse(options);
  if (r.success) return [];
  return r.error.issues.map((i) => ({
    key: (isMessageKey(i.message) ? i.message : "invalidValue") as MessageKey,
    path: i.path.join("."),
  }));
}

/**
 * Whether a TikTok post goes to the creator's TikTok inbox, where who can watch is chosen: when this server's
 * app may not post directly (TIKTOK_DIRECT_POST), except for demo and practice accounts, which publish on the
 * simulated network as a direct post would. The server's check and the composer's preview ask the same.
 */
export const tiktokGoesToInbox = (o: { directPost: boolean; demo: boolean }): boolean => !o.directPost && !o.demo;

/** The alt text the post gives a photo; null when none. */
export const altTextOf = (options: NetworkOptions | null | undefined, mediaId: string): string | null =>
  options?.altText?.find((a) => a.mediaId.toLowerCase() === mediaId.toLowerCase())?.text || null;

/** The options one network's target publishes with: what the post chose, or that network's defaults. */
export function optionsFor<P extends keyof Omit<NetworkOptions, "altText">>(
  options: NetworkOptions | null | undefined,
  platform: P,
): NonNullable<NetworkOptions[P]> | null {
  return (options?.[platform] ?? null) as NonNullable<NetworkOptions[P]> | null;
}

/** Instagram's longest story video (content publishing: stories take videos of at most 60 seconds). */
export const INSTAGRAM_STORY_MAX_VIDEO_MS = 60_000;

/**
 * What Instagram refuses in a post's format, given its photos and videos (ids as the post lists them):
 * a story is one photo or video, without collaborators, location or tagged people, its video at most
 * 60 s; a reel is one video, plus its cover when the cover is one of the post's photos. One rule for
 * the composer's preview and the adapter, which refuses before any call. Options that do not parse
 * are networkOptionsProblems' to report.
 */
export function instagramFormatProblems(
  options: unknown,
  media: readonly { id?: string; kind: "image" | "video"; durationMs?: number | null }[],
): MessageKey[] {
  const parsed = instagramOptionsSchema.safeParse(options ?? DEFAULT_INSTAGRAM_OPTIONS);
  if (!parsed.success) return [];
  const o = parsed.data;
  const out: MessageKey[] = [];
  if (o.format === "story") {
    if (media.length !== 1) out.push("instagramStoryOneMedia");
    if (o.collaborators?.length || o.locationId || o.userTags?.length) out.push("instagramStoryNoExtras");
    if (media.length === 1 && media[0].kind === "video" && (media[0].durationMs ?? 0) > INSTAGRAM_STORY_MAX_VIDEO_MS)
      out.push("instagramStoryVideoTooLong");
  }
  if (o.format === "reel") {
    const cover = o.reel?.coverMediaId?.toLowerCase();
    const isCover = (m: { id?: string; kind: string }) =>
      !!cover && m.kind === "image" && m.id?.toLowerCase() === cover;
    if (cover && !media.some(isCover)) out.push("instagramCoverNotInPost");
    const rest = media.filter((m) => !isCover(m));
    if (rest.length !== 1 || rest[0].kind !== "video") out.push("instagramReelOneVideo");
  }
  return out;
}
