// Media: what Sufra accepts, and what each network accepts (issue: media library and posts).
// The upload checks a file against the chosen networks; the posts preview reuses mediaProblems.
import { z } from "zod";
import { singleLine } from "./text.ts";
import type { Locale, MessageKey } from "./messages.ts";
import { messageText } from "./messages.ts";
import type { PlanId } from "./plans.ts";
import type { NetworkOptions } from "./network-options.ts";
import { MB, MEDIA_1080P, type ImageRules, type PlatformMediaRules } from "./networks/common.ts";
import {
  byNetwork,
  NETWORK_PACKS,
  NETWORKS,
  PLATFORMS,
  type InstagramFormat,
  type PlatformName,
} from "./networks/index.ts";

export { MEDIA_1080P, type ImageRules, type PlatformMediaRules };

/** The networks media is checked for: every network in the registry (networks/index.ts). */
export const MEDIA_PLATFORMS = PLATFORMS;
export type MediaPlatform = PlatformName;
export const isMediaPlatform = (v: unknown): v is MediaPlatform =>
  typeof v === "string" && (MEDIA_PLATFORMS as readonly string[]).includes(v);

/** Brand names stay as the networks write them, in both languages but Arabic script where usual. */
export const MEDIA_PLATFORM_LABELS: Record<MediaPlatform, { en: string; ar: string }> = byNetwork((n) => n.label);

/** Decided by the file's content, never by its name or declared type. `accept` is for <input type=file>. */
export const ACCEPTED_MEDIA_TYPES = {
  image: ["image/jpeg", "image/png", "image/webp", "image/gif"],
  video: ["video/mp4"],
  accept: "image/jpeg,image/png,image/webp,image/gif,video/mp4,.jpg,.jpeg,.png,.webp,.gif,.mp4",
} as const;

/** Crops made of every image (JPEG, Instagram publishes JPEG only), and offered at upload instead of a refusal. */
export const MEDIA_CROPS = {
  square: { width: 1080, height: 1080, ratioLabel: "1:1" },
  portrait: { width: 1080, height: 1350, ratioLabel: "4:5" },
  landscape: { width: 1080, height: 566, ratioLabel: "1.91:1" },
} as const;
export type MediaCrop = keyof typeof MEDIA_CROPS;
export const MEDIA_CROP_NAMES = Object.keys(MEDIA_CROPS) as MediaCrop[];

/**
 * Every picture Sufra makes of an image: the crops (at upload), and the full-screen 9:16 picture of stories
 * and reels' covers (not offered as an upload crop: it is for those formats only).
 */
export const MEDIA_RENDITIONS = {
  ...MEDIA_CROPS,
  vertical: { width: 1080, height: 1920, ratioLabel: "9:16" },
} as const;
export type MediaRendition = keyof typeof MEDIA_RENDITIONS;
export const MEDIA_RENDITION_NAMES = Object.keys(MEDIA_RENDITIONS) as MediaRendition[];

/** The networks' published limits (ratio is width / height). */
export const MEDIA_RULES: Record<MediaPlatform, PlatformMediaRules> = byNetwork((n) => n.media);

/** What a post is on a network whose media rules depend on it: Instagram's feed post, story or reel. */
export type MediaFormat = InstagramFormat;

/** A format's own image rules, over its network's (MEDIA_RULES): its pack's formatImages (Instagram's story and reel). */
export const MEDIA_FORMAT_RULES: Partial<Record<MediaPlatform, Partial<Record<MediaFormat, ImageRules>>>> =
  Object.fromEntries(NETWORKS.filter((n) => n.formatImages).map((n) => [n.id, n.formatImages]));

/** The image rules of a network, for one of its formats when it has its own. */
export const imageRulesFor = (platform: MediaPlatform, format?: MediaFormat | null): ImageRules =>
  (format && MEDIA_FORMAT_RULES[platform]?.[format]) || MEDIA_RULES[platform].image;

/** The format a post's options choose on a network whose media rules depend on it (its pack's mediaFormat). */
export const mediaFormatOf = (
  platform: MediaPlatform,
  options: NetworkOptions | null | undefined,
): MediaFormat | undefined =>
  NETWORK_PACKS[platform].mediaFormat?.(
    (options as Partial<Record<MediaPlatform, unknown>> | null | undefined)?.[platform],
  );

/**
 * Sufra's own ceilings, whatever the networks: checked from the file's header before any pixel is decoded,
 * because a file of a few hundred KB can hold a picture of gigabytes (a "decompression bomb").
 * - 50 megapixels: the largest photos phones take (48 and 50 MP modes); 16000 × 16000 is 256 MP.
 * - 8192 pixels a side: the most X takes (8192 × 8192); Instagram scales anything wider than 1440 down.
 * - videos: 4096 a side (a phone's 4K; the networks publish at most 1920 wide and shrink the rest), and
 *   15 minutes, Instagram's longest (X takes 140 s, Snapchat 60 s: their own rules say so per network).
 */
export const MEDIA_LIMITS = {
  imageMaxPixels: 50_000_000,
  imageMaxSide: 8192,
  videoMaxSide: 4096,
  videoMaxSeconds: 15 * 60,
} as const;

/** What Sufra itself refuses in a file, from its header's facts; the error code goes with the problems. */
export function mediaLimitProblems(
  m: Pick<MediaFacts, "kind" | "width" | "height" | "durationMs">,
): { code: "MEDIA_DIMENSIONS_TOO_LARGE" | "MEDIA_VIDEO_TOO_LONG"; problems: MediaProblem[] } | null {
  const w = m.width ?? 0;
  const h = m.height ?? 0;
  const size = { width: String(w), height: String(h) };
  const out: MediaProblem[] = [];
  if (m.kind === "image") {
    const megapixels = (w * h) / 1e6;
    if (w * h > MEDIA_LIMITS.imageMaxPixels)
      out.push({
        key: "mediaImageTooManyPixels",
        params: { max: String(MEDIA_LIMITS.imageMaxPixels / 1e6), actual: String(Math.round(megapixels * 10) / 10) },
      });
    if (Math.max(w, h) > MEDIA_LIMITS.imageMaxSide)
      out.push({ key: "mediaImageSideTooLong", params: { max: String(MEDIA_LIMITS.imageMaxSide), ...size } });
    return out.length ? { code: "MEDIA_DIMENSIONS_TOO_LARGE", problems: out } : null;
  }
  if (Math.max(w, h) > MEDIA_LIMITS.videoMaxSide)
    return {
      code: "MEDIA_DIMENSIONS_TOO_LARGE",
      problems: [{ key: "mediaVideoSideTooLong", params: { max: String(MEDIA_LIMITS.videoMaxSide), ...size } }],
    };
  const seconds = (m.durationMs ?? 0) / 1000;
  if (seconds > MEDIA_LIMITS.videoMaxSeconds) {
    return {
      code: "MEDIA_VIDEO_TOO_LONG",
      problems: [
        {
          key: "mediaVideoLongerThanAll",
          params: {
            max: String(MEDIA_LIMITS.videoMaxSeconds / 60),
            actual: String(Math.round((seconds / 60) * 10) / 10),
          },
        },
      ],
    };
  }
  return null;
}

/** Image enhancement: Professional and Premium (trial or active). */
export const ENHANCEMENT_PLANS: readonly PlanId[] = ["professional", "premium"];
export function canEnhanceImages(sub: { plan: string; status: string } | null | undefined): boolean {
  return (
    !!sub &&
    (ENHANCEMENT_PLANS as readonly string[]).includes(sub.plan.toLowerCase()) &&
    ["trial", "active"].includes(sub.status.toLowerCase())
  );
}

export interface MediaFacts {
  kind: "image" | "video";
  /** the stored file's type: image/gif is an animated GIF, which only some networks take */
  mime?: string | null;
  bytes: number;
  width?: number | null;
  height?: number | null;
  durationMs?: number | null;
}

/** A problem as a message key and its parameters (numbers as plain text; mediaProblemText formats them). */
export interface MediaProblem {
  key: MessageKey;
  params: Record<string, string>;
}

const mb = (bytes: number) => String(Math.round((bytes / MB) * 100) / 100);
const ratioText = (r: number) => `${Math.round(r * 100) / 100}:1`;

/**
 * What the platform (in a format, when its rules depend on one) would refuse in this file; empty when it
 * accepts it. Pure, shared by upload, preview and the choice of the file sent. A type the network does not
 * take (rules' mimes) is no problem here: Sufra sends its JPEG variant instead.
 */
export function mediaProblems(platform: MediaPlatform, m: MediaFacts, format?: MediaFormat | null): MediaProblem[] {
  const rules = MEDIA_RULES[platform];
  const image = imageRulesFor(platform, format);
  const out: MediaProblem[] = [];
  const p = (key: MessageKey, params: Record<string, string> = {}) =>
    out.push({ key, params: { platform, ...params } });
  if (m.kind === "image" && m.mime === "image/gif") {
    // a GIF is posted as it is (no JPEG of it is made): a network that takes none refuses it
    if (!image.gif) p("mediaGifNotTakenBy");
    else if (m.bytes > image.gif.maxBytes) p("mediaImageTooLargeFor", { max: mb(image.gif.maxBytes) });
    return out;
  }
  if (m.kind === "image") {
    const r = image;
    if (r.maxBytes && m.bytes > r.maxBytes) p("mediaImageTooLargeFor", { max: mb(r.maxBytes) });
    if (r.minSide && m.width && m.height && Math.min(m.width, m.height) < r.minSide)
      p("mediaImageTooSmallFor", { min: String(r.minSide), width: String(m.width), height: String(m.height) });
    if (m.width && m.height && r.minRatio && r.maxRatio) {
      const ratio = m.width / m.height;
      // a hair of tolerance: 1080x1350 and 1080x566 are the networks' own sizes
      if (ratio < r.minRatio - 0.005 || ratio > r.maxRatio + 0.005)
        p("mediaRatioOutOfRange", {
          min: r.ratioLabels?.[0] ?? ratioText(r.minRatio),
          max: r.ratioLabels?.[1] ?? ratioText(r.maxRatio),
          actual: ratioText(ratio),
        });
    }
  } else {
    const r = rules.video;
    if (r.none) {
      p("mediaVideoNotTakenBy");
      return out;
    }
    const seconds = (m.durationMs ?? 0) / 1000;
    if (r.maxBytes && m.bytes > r.maxBytes) p("mediaVideoTooLargeFor", { max: mb(r.maxBytes) });
    if (r.minSeconds && seconds < r.minSeconds)
      p("mediaVideoTooShort", { min: String(r.minSeconds), actual: String(Math.round(seconds * 10) / 10) });
    if (r.maxSeconds && seconds > r.maxSeconds)
      p("mediaVideoTooLong", { max: String(r.maxSeconds), actual: String(Math.round(seconds * 10) / 10) });
  }
  return out;
}

/** The network's API (in this format) takes a picture of this type as it is (else a JPEG Sufra made of it goes). */
export const publishesImageType = (platform: MediaPlatform, mime: string, format?: MediaFormat | null): boolean =>
  imageRulesFor(platform, format).mimes?.includes(mime) ?? true;

/** The picture is within the largest the rules take (their fit, either way up). */
export const withinFit = (rules: ImageRules, f: { width: number; height: number }): boolean =>
  !rules.fit ||
  (Math.min(f.width, f.height) <= rules.fit.shortSide && Math.max(f.width, f.height) <= rules.fit.longSide);

/** Too many files for the platform in one post (for the posts preview). */
export function mediaCountProblem(platform: MediaPlatform, count: number): MediaProblem | null {
  const max = MEDIA_RULES[platform].maxItems;
  return count > max ? { key: "mediaTooManyItems", params: { platform, max: String(max) } } : null;
}

/** A problem's text in a language: the platform by its name, numbers in the language's digits. */
export function mediaProblemText(problem: MediaProblem, locale: Locale): string {
  const nf = new Intl.NumberFormat(locale === "ar" ? "ar-EG" : "en", { maximumFractionDigits: 2 });
  const params = Object.fromEntries(
    Object.entries(problem.params).map(([k, v]) => [
      k,
      k === "platform" && isMediaPlatform(v)
        ? MEDIA_PLATFORM_LABELS[v][locale]
        : /^\d+(\.\d+)?$/.test(v)
          ? nf.format(Number(v))
          : v,
    ]),
  );
  return messageText(problem.key, locale, params);
}

// ---------------------------------------------------------------- rules for the doors
const key = (k: MessageKey) => ({ error: k });

/** Upload options: platforms as a list or comma-separated text (a form field may repeat). */
export const mediaUploadOptionsSchema = z.object({
  platforms: z
    .preprocess(
      (v) =>
        v === undefined || v === null
          ? []
          : (Array.isArray(v) ? v : [v])
              .flatMap((s) => String(s).split(","))
              .map((s) => s.trim().toLowerCase())
              .filter(Boolean),
      // one message for the field, not one per position
      z.array(singleLine()).refine((l) => l.every(isMediaPlatform), key("mediaPlatformInvalid")),
    )
    .transform((l) => [...new Set(l)] as MediaPlatform[]),
  crop: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(MEDIA_CROP_NAMES as [MediaCrop, ...MediaCrop[]], key("mediaCropInvalid")).optional(),
  ),
});
export type MediaUploadOptions = z.output<typeof mediaUploadOptionsSchema>;

export const enhanceMediaSchema = z.object({
  warmth: z.preprocess(
    (v) => (v === null || v === "" ? undefined : v),
    z.number(key("mediaWarmthRange")).min(0, key("mediaWarmthRange")).max(1, key("mediaWarmthRange")).default(0.5),
  ),
});

/** Which menu item a photo shows (the library remembers it per photo); null clears it. Both doors. */
export const mediaMenuItemSchema = z.object({
  menuItemId: z.preprocess((v) => (v === "" ? null : v), z.uuid(key("menuItemInvalid")).nullable()),
});
export type MediaMenuItemInput = z.output<typeof mediaMenuItemSchema>;

export const mediaListSchema = z.object({
  first: z
    .number(key("invalidPageSize"))
    .int(key("invalidPageSize"))
    .min(1, key("invalidPageSize"))
    .max(100, key("invalidPageSize"))
    .default(20),
  after: singleLine(key("invalidValue")).optional(),
});
