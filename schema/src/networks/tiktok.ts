// TikTok's pack (docs/architecture.md#network-packs): its options (privacy, interactions, disclosure, a photo
// post's title and music) with their one set of defaults, its media rules and limits, and the permissions (Login Kit scopes) Sufra asks TikTok for, what each is for in both languages, and which
// of them a server asks: only what its way of posting uses, because TikTok refuses the whole sign-in when
// a scope is asked that the app's products do not grant (Login Kit: user.info.basic and user.info.profile;
// Content Posting API: video.upload, and video.publish once Direct Post is turned on; Display API: video.list).
import { z } from "zod";
import { singleLine } from "../text.ts";
import { type Bilingual, MB, MEDIA_1080P, type NetworkPack, nullish, optionKey } from "./common.ts";

export const TIKTOK_PERMISSIONS = [
  { scope: "user.info.basic", purpose: { en: "Read the account's name and picture", ar: "قراءة اسم الحساب وصورته" } },
  { scope: "user.info.profile", purpose: { en: "Read the account's username", ar: "قراءة اسم المستخدم للحساب" } },
  { scope: "video.publish", purpose: { en: "Post to the profile directly", ar: "النشر على الملف الشخصي مباشرة" } },
  {
    scope: "video.upload",
    purpose: {
      en: "Send posts to the TikTok inbox for you to finish",
      ar: "إرسال المنشورات إلى صندوق تيك توك لتكملها بنفسك",
    },
  },
  {
    scope: "video.list",
    purpose: { en: "Read the posts' views, likes and comments", ar: "قراءة مشاهدات المنشورات وإعجاباتها وتعليقاتها" },
  },
] as const satisfies readonly { scope: string; purpose: Bilingual }[];

export type TikTokScope = (typeof TIKTOK_PERMISSIONS)[number]["scope"];

/**
 * The scopes a server asks, by how it posts: Direct Post (creator_info, video/init, content/init
 * DIRECT_POST) needs video.publish; the inbox (inbox/video/init, content/init MEDIA_UPLOAD) needs
 * video.upload; figures (video/query) need video.list, which only an app with the Display API has.
 * The username comes from user/info with user.info.profile in both ways of posting.
 */
export function tiktokScopes(o: { directPost: boolean; displayApi: boolean }): TikTokScope[] {
  return [
    "user.info.basic",
    "user.info.profile",
    o.directPost ? "video.publish" : "video.upload",
    ...(o.displayApi ? (["video.list"] as const) : []),
  ];
}

/** The scope without which a way of posting cannot post at all. */
export const tiktokPostingScope = (directPost: boolean): TikTokScope => (directPost ? "video.publish" : "video.upload");

/** TikTok's privacy_level values; which of them a creator may use comes from creator_info (privacy_level_options). */
export const TIKTOK_PRIVACY_LEVELS = [
  "PUBLIC_TO_EVERYONE",
  "MUTUAL_FOLLOW_FRIENDS",
  "FOLLOWER_OF_CREATOR",
  "SELF_ONLY",
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** A TikTok photo post's title: 90 characters (its caption becomes the description). */
export const TIKTOK_PHOTO_TITLE_MAX_LENGTH = 90;

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

export const tiktokOptionsSchema = z.object({
  privacyLevel: z.preprocess((v) => v ?? null, z.enum(TIKTOK_PRIVACY_LEVELS, optionKey("invalidValue")).nullable()),
  // left out: DEFAULT_TIKTOK_OPTIONS, stored with the post so the adapter and both doors read one value
  disableComment: z.boolean(optionKey("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.disableComment),
  disableDuet: z.boolean(optionKey("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.disableDuet),
  disableStitch: z.boolean(optionKey("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.disableStitch),
  brandOrganic: z.boolean(optionKey("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.brandOrganic),
  brandContent: z.boolean(optionKey("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.brandContent),
  title: nullish(
    singleLine(optionKey("invalidValue")).refine(
      (s) => [...s].length <= TIKTOK_PHOTO_TITLE_MAX_LENGTH,
      optionKey("tooLong"),
    ),
  ),
  autoAddMusic: z.preprocess(
    (v) => v ?? undefined,
    z.boolean(optionKey("invalidValue")).default(DEFAULT_TIKTOK_OPTIONS.autoAddMusic),
  ),
});

/**
 * Whether a TikTok post goes to the creator's TikTok inbox, where who can watch is chosen: when this server's
 * app may not post directly (TIKTOK_DIRECT_POST), except for demo and practice accounts, which publish on the
 * simulated network as a direct post would. The server's check and the composer's preview ask the same.
 */
export const tiktokGoesToInbox = (o: { directPost: boolean; demo: boolean }): boolean => !o.directPost && !o.demo;

/** TikTok in the registry (networks/index.ts). */
export const tiktokNetwork: NetworkPack<"tiktok"> = {
  id: "tiktok",
  label: { en: "TikTok", ar: "تيك توك" },
  // the Content Posting API: a video of 3 s up to the creator's max_video_post_duration_sec (at most
  // 10 minutes), up to 4 GB; or a photo post of up to 35 JPEG or WebP photos, each at most 20 MB and
  // 1080p (its media transfer guide's image restrictions)
  media: {
    image: { maxBytes: 20 * MB, mimes: ["image/jpeg", "image/webp"], fit: MEDIA_1080P },
    video: { minSeconds: 3, maxSeconds: 10 * 60, maxBytes: 4096 * MB },
    maxItems: 35,
  },
  // a video's title holds 2,200 UTF-16 code units (photo posts: a 90-character title and a 4,000-character description)
  limits: {
    maxLength: 2200,
    maxHashtags: null,
    hashtagWarnAbove: null,
    requiresMedia: true,
    firstComment: false,
    manual: false,
  },
  suggestedHashtags: 5,
  audience: true,
  everyPlan: false,
  // a TikTok caption is short, like a Snap's
  writing: {
    layout: "short",
    guide:
      "TikTok: a short, lively caption for a vertical video, at most 150 characters before the hashtags; up to 5 hashtags.",
  },
  reference: {
    platform:
      "TikTok (Content Posting API): videos and photo posts, posted directly or sent to the creator's TikTok inbox to finish there.",
    where: "TikTok",
  },
};
