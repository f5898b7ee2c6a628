// Instagram's pack (docs/architecture.md#network-packs): its options (feed, story or reel, a reel's cover,
// audio and sharing, collaborators, location, tagged people) and their rule, its media rules and limits,
// and the permissions Sufra asks Instagram for when a café connects its professional account
// ("Instagram API with Instagram Login" scopes), and what each is for, in both languages, so the
// platforms card can tell the person what they grant and what stops working without it.
import { z } from "zod";
import type { MessageKey } from "../messages.ts";
import { singleLine } from "../text.ts";
import { type Bilingual, MB, type NetworkPack, nullish, optionKey } from "./common.ts";

export const INSTAGRAM_PERMISSIONS = [
  {
    scope: "instagram_business_basic",
    purpose: { en: "See the account's profile and its posts", ar: "الاطلاع على الملف التعريفي للحساب ومنشوراته" },
  },
  {
    scope: "instagram_business_content_publish",
    purpose: { en: "Publish posts, carousels and reels", ar: "نشر المنشورات والألبومات ومقاطع الريلز" },
  },
  {
    scope: "instagram_business_manage_insights",
    purpose: { en: "Read the figures of posts and of the audience", ar: "قراءة أرقام المنشورات والجمهور" },
  },
  {
    scope: "instagram_business_manage_comments",
    purpose: {
      en: "Read, answer and hide comments under the café's posts",
      ar: "قراءة التعليقات على منشورات المقهى والرد عليها وإخفاؤها",
    },
  },
  {
    scope: "instagram_business_manage_messages",
    purpose: { en: "Send a private reply to a guest who commented", ar: "إرسال رد خاص إلى ضيف علّق على منشور" },
  },
] as const satisfies readonly { scope: string; purpose: Bilingual }[];

export type InstagramPermission = (typeof INSTAGRAM_PERMISSIONS)[number]["scope"];

/** The scopes requested at connect time, in the order above. */
export const INSTAGRAM_SCOPES: readonly InstagramPermission[] = INSTAGRAM_PERMISSIONS.map((p) => p.scope);

export const INSTAGRAM_FORMATS = ["feed", "story", "reel"] as const;
export type InstagramFormat = (typeof INSTAGRAM_FORMATS)[number];

// ---------------------------------------------------------------- limits (the network's own)
/** Instagram's collaborators: at most 3 invited accounts per post. */
export const INSTAGRAM_MAX_COLLABORATORS = 3;
/** Instagram's user tags on a photo: at most 20. */
export const INSTAGRAM_MAX_USER_TAGS = 20;
/** A reel's audio_name: Instagram renames the original audio; kept as short as a title. */
export const INSTAGRAM_AUDIO_NAME_MAX_LENGTH = 90;

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

export const DEFAULT_INSTAGRAM_OPTIONS: InstagramOptions = { format: "feed" };

// ---------------------------------------------------------------- rules
/** Instagram's usernames: letters, digits, dots and underscores, at most 30; given with or without the @. */
const igUsername = singleLine(optionKey("instagramUsernameInvalid"))
  .transform((s) => s.replace(/^@/, ""))
  .refine((s) => /^[A-Za-z0-9._]{1,30}$/.test(s), optionKey("instagramUsernameInvalid"));

export const instagramOptionsSchema = z.object({
  format: z.enum(INSTAGRAM_FORMATS, optionKey("invalidValue")),
  reel: nullish(
    z.object({
      coverMediaId: nullish(z.uuid(optionKey("postMediaInvalid"))),
      thumbOffsetMs: nullish(
        z
          .number(optionKey("invalidValue"))
          .int(optionKey("invalidValue"))
          .min(0, optionKey("invalidValue"))
          .max(15 * 60_000, optionKey("invalidValue")),
      ),
      shareToFeed: nullish(z.boolean(optionKey("invalidValue"))),
      audioName: nullish(
        singleLine(optionKey("invalidValue")).refine(
          (s) => [...s].length <= INSTAGRAM_AUDIO_NAME_MAX_LENGTH,
          optionKey("tooLong"),
        ),
      ),
    }),
  ),
  collaborators: nullish(
    z
      .array(igUsername, optionKey("invalidValue"))
      .max(INSTAGRAM_MAX_COLLABORATORS, optionKey("instagramTooManyCollaborators")),
  ),
  locationId: nullish(
    singleLine(optionKey("invalidValue")).refine((s) => /^\d{1,30}$/.test(s), optionKey("invalidValue")),
  ),
  userTags: nullish(
    z
      .array(
        z.object({
          username: igUsername,
          x: z.number(optionKey("invalidValue")).min(0, optionKey("invalidValue")).max(1, optionKey("invalidValue")),
          y: z.number(optionKey("invalidValue")).min(0, optionKey("invalidValue")).max(1, optionKey("invalidValue")),
        }),
        optionKey("invalidValue"),
      )
      .max(INSTAGRAM_MAX_USER_TAGS, optionKey("instagramTooManyUserTags")),
  ),
});

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

/** Instagram in the registry (networks/index.ts). */
export const instagramNetwork: NetworkPack<"instagram"> = {
  id: "instagram",
  label: { en: "Instagram", ar: "إنستغرام" },
  // content publishing's image specifications: JPEG only, 8 MB, a feed photo 4:5 to 1.91:1
  media: {
    image: { minRatio: 0.8, maxRatio: 1.91, ratioLabels: ["4:5", "1.91:1"], maxBytes: 8 * MB, mimes: ["image/jpeg"] },
    video: { minSeconds: 3, maxSeconds: 15 * 60, maxBytes: 300 * MB },
    maxItems: 10,
  },
  // a story photo and a reel's cover (IG User Media: "Story Image Specifications", "Reels cover photo") are
  // JPEG, 8 MB, 9:16 recommended; any other shape Instagram crops to its middle 9:16 or pads
  formatImages: {
    story: { ratio: 9 / 16, maxBytes: 8 * MB, mimes: ["image/jpeg"] },
    reel: { ratio: 9 / 16, maxBytes: 8 * MB, mimes: ["image/jpeg"] },
  },
  limits: {
    maxLength: 2200,
    maxHashtags: 30,
    hashtagWarnAbove: null,
    requiresMedia: true,
    firstComment: true,
    manual: false,
  },
  suggestedHashtags: 15,
  audience: true,
  everyPlan: true,
  // letters, digits, dots and underscores; up to 30; no dot at either end, no two dots together
  handle: { pattern: /^(?!\.)(?!.*\.\.)(?!.*\.$)[a-z0-9._]{1,30}$/, message: "competitorHandleInstagram" },
  writing: {
    layout: "story",
    bilingualHashtags: true,
    guide: "Instagram: at most 2,200 characters with hashtags; up to 15 hashtags; line breaks welcome.",
  },
  reference: {
    platform: "Instagram (professional accounts).",
    where: "Instagram",
  },
  proposalOptions: (format) => ({ instagram: { format } }),
  // a Suhoor post goes out late at night as a story (what people see then); other posts are feed photos (a
  // reel needs a video, which a plan does not make)
  planFormat: (content) => (content === "ramadan_suhoor" ? "story" : "feed"),
  // feed unless told
  mediaFormat: (o) => (o as Partial<InstagramOptions> | null | undefined)?.format ?? DEFAULT_INSTAGRAM_OPTIONS.format,
};
