// The post rules both sides share: platforms and their limits, the post and target statuses and the
// post state machine, how each network counts a caption, how hashtags are written, the zod rules of
// the post forms and queries (message keys, see messages.ts), and the per-platform preview the
// composer shows and the server checks before it schedules or publishes.
import { z } from "zod";
import { APPROVAL_STATES } from "./approvals.ts";
import { singleLine, multiLine } from "./text.ts";
import type { Locale, MessageKey } from "./messages.ts";
import { messageText } from "./messages.ts";
import { MEDIA_PLATFORM_LABELS, mediaCountProblem, mediaFormatOf, mediaProblems, type MediaFacts } from "./media.ts";
import { networkOptionsProblems, type NetworkOptions } from "./network-options.ts";
import type { PlatformLimits } from "./networks/common.ts";
import {
  byNetwork,
  googleOptionsProblems,
  instagramFormatProblems,
  NETWORKS,
  PLATFORMS,
  splitThread,
  type PlatformName,
} from "./networks/index.ts";

export type { PlatformLimits };

// ---------------------------------------------------------------- platforms
export const isPlatformName = (p: unknown): p is PlatformName =>
  typeof p === "string" && (PLATFORMS as readonly string[]).includes(p);

/** The networks' names: Instagram / إنستغرام, X / إكس, Snapchat / سناب شات, Google / جوجل (media.ts holds the one copy). */
export const PLATFORM_LABELS: Readonly<Record<PlatformName, Readonly<Record<Locale, string>>>> = MEDIA_PLATFORM_LABELS;

/**
 * Networks people name by another name (a pack's aliases) or that Sufra does not post to (review sources,
 * networks to come), by their brand names.
 */
const OTHER_NETWORK_LABELS: Readonly<Record<string, Readonly<Record<Locale, string>>>> = {
  ...Object.fromEntries(NETWORKS.flatMap((n) => (n.aliases ?? []).map((a) => [a, n.label]))),
  youtube: { en: "YouTube", ar: "يوتيوب" },
  whatsapp: { en: "WhatsApp", ar: "واتساب" },
  threads: { en: "Threads", ar: "ثريدز" },
  linkedin: { en: "LinkedIn", ar: "لينكدإن" },
  talabat: { en: "Talabat", ar: "طلبات" },
};

/**
 * A network's name as a person reads it, from any spelling of its id (instagram, TWITTER, tiktok):
 * the one helper every screen and message uses, so "twitter" is never shown for X. An id nobody
 * listed yet reads capitalised, not as a raw lower-case key.
 */
export function platformLabel(platform: string, locale: Locale): string {
  const id = platform.trim().toLowerCase();
  const known = isPlatformName(id) ? PLATFORM_LABELS[id] : OTHER_NETWORK_LABELS[id];
  if (known) return known[locale];
  const words = platform.trim().replace(/[_-]+/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Each network's limits, from its pack (networks/<network>.ts); maxMedia is its media rules' maxItems. */
export const PLATFORM_LIMITS: Readonly<Record<PlatformName, Readonly<PlatformLimits>>> = byNetwork((n) => ({
  ...n.limits,
  maxMedia: n.media.maxItems,
}));

/** The longest caption, the most hashtags and the most media any post may have (Instagram's). */
/** A caption's longest: X's for accounts it reports verified (and a thread's whole); each network's own limit applies when scheduled. */
export const MAX_CAPTION_LENGTH = 4000;
export const MAX_FIRST_COMMENT_LENGTH = 2200;
export const MAX_POST_HASHTAGS = 30;
export const MAX_POST_MEDIA = 10;

// ---------------------------------------------------------------- statuses and the state machine
export const POST_STATUSES = [
  "draft",
  "scheduled",
  "publishing",
  "published",
  "partially_published",
  "failed",
  "unconfirmed",
] as const;
export type PostStatus = (typeof POST_STATUSES)[number];
export const isPostStatus = (s: unknown): s is PostStatus =>
  typeof s === "string" && (POST_STATUSES as readonly string[]).includes(s);

/** One platform's part of a post. awaiting_manual: Snapchat, posted by hand and marked done. */
export const TARGET_STATUSES = [
  "pending",
  "publishing",
  "published",
  "failed",
  "unconfirmed",
  "awaiting_manual",
  "cancelled",
] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];
export const isTargetStatus = (s: unknown): s is TargetStatus =>
  typeof s === "string" && (TARGET_STATUSES as readonly string[]).includes(s);

const POST_STATUS_KEYS = {
  draft: "postStatusDraft",
  scheduled: "postStatusScheduled",
  publishing: "postStatusPublishing",
  published: "postStatusPublished",
  partially_published: "postStatusPartiallyPublished",
  failed: "postStatusFailed",
  unconfirmed: "postStatusUnconfirmed",
} as const satisfies Record<PostStatus, MessageKey>;

const TARGET_STATUS_KEYS = {
  pending: "targetStatusPending",
  publishing: "targetStatusPublishing",
  published: "targetStatusPublished",
  failed: "targetStatusFailed",
  unconfirmed: "targetStatusUnconfirmed",
  awaiting_manual: "targetStatusAwaitingManual",
  cancelled: "targetStatusCancelled",
} as const satisfies Record<TargetStatus, MessageKey>;

/** The message key of a post status's label, e.g. "postStatusPartiallyPublished". */
export const postStatusKey = (status: PostStatus): MessageKey => POST_STATUS_KEYS[status];
/** The message key of a target status's label, e.g. "targetStatusAwaitingManual". */
export const targetStatusKey = (status: TargetStatus): MessageKey => TARGET_STATUS_KEYS[status];

/**
 * The post state machine: from -> the statuses it may move to. scheduled -> scheduled is a
 * reschedule; unconfirmed -> anything but draft/scheduled is a person confirming what happened or
 * retrying; partially_published -> publishing retries the failed targets.
 */
export const POST_TRANSITIONS: Readonly<Record<PostStatus, readonly PostStatus[]>> = {
  draft: ["scheduled", "publishing"],
  scheduled: ["draft", "scheduled", "publishing"],
  publishing: ["published", "partially_published", "failed", "unconfirmed"],
  unconfirmed: ["published", "partially_published", "failed", "publishing"],
  failed: ["publishing", "draft", "scheduled"],
  partially_published: ["publishing", "published"],
  published: [],
};

export const canPostTransition = (from: PostStatus, to: PostStatus): boolean =>
  POST_TRANSITIONS[from]?.includes(to) ?? false;

/**
 * One network's part of a post: from -> the statuses it may move to. pending -> pending is a wait
 * (a reconnect, a new time); publishing -> pending is a later try (rate limit, the network away, the
 * account to reconnect); unconfirmed and awaiting_manual -> published is a person's word; unconfirmed
 * and failed -> pending is a person's retry (or a failed one scheduled again). Nothing moves a target
 * to cancelled today: the status is kept for targets a network's removal leaves behind.
 */
export const TARGET_TRANSITIONS: Readonly<Record<TargetStatus, readonly TargetStatus[]>> = {
  pending: ["pending", "publishing", "awaiting_manual"],
  publishing: ["published", "unconfirmed", "failed", "pending", "awaiting_manual"],
  unconfirmed: ["published", "pending"],
  awaiting_manual: ["published"],
  failed: ["pending"],
  published: [],
  cancelled: [],
};

export const canTargetTransition = (from: TargetStatus, to: TargetStatus): boolean =>
  TARGET_TRANSITIONS[from]?.includes(to) ?? false;

/** A status change the state machine does not have: a fault in the code, never a person's doing. */
export class StateTransitionError extends Error {
  constructor(
    readonly machine: "post" | "target",
    readonly from: string,
    readonly to: string,
  ) {
    super(
      `${machine} status ${from} -> ${to} is not in ${machine === "post" ? "POST_TRANSITIONS" : "TARGET_TRANSITIONS"}`,
    );
    this.name = "StateTransitionError";
  }
}

/** Throws StateTransitionError unless the post may move from `from` to `to`. */
export function assertPostTransition(from: PostStatus, to: PostStatus): void {
  if (!canPostTransition(from, to)) throw new StateTransitionError("post", from, to);
}

/** Throws StateTransitionError unless a target in any of the `from` statuses may move to `to`. */
export function assertTargetTransition(from: TargetStatus | readonly TargetStatus[], to: TargetStatus): void {
  for (const f of typeof from === "string" ? [from] : from)
    if (!canTargetTransition(f, to)) throw new StateTransitionError("target", f, to);
}

/** Statuses in which the content (caption, hashtags, media, platforms) may change. */
export const EDITABLE_POST_STATUSES = ["draft", "scheduled", "failed"] as const satisfies readonly PostStatus[];
/** Statuses in which a post may be deleted: any but publishing (a call to a network may be under way). */
export const DELETABLE_POST_STATUSES = [
  "draft",
  "scheduled",
  "published",
  "partially_published",
  "failed",
  "unconfirmed",
] as const satisfies readonly PostStatus[];
export const isPostEditable = (status: PostStatus): boolean =>
  (EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(status);
export const isPostDeletable = (status: PostStatus): boolean =>
  (DELETABLE_POST_STATUSES as readonly PostStatus[]).includes(status);
/** A post is scheduled (or given a new time) from the statuses in which it may be edited. */
export const mayScheduleFrom = isPostEditable;
/**
 * Statuses from which "publish now" sends a post: those it may be scheduled from, and a partly published
 * post, whose networks not yet published go now (the published ones are kept).
 */
export const PUBLISH_NOW_POST_STATUSES = [
  ...EDITABLE_POST_STATUSES,
  "partially_published",
] as const satisfies readonly PostStatus[];
export const mayPublishNowFrom = (status: PostStatus): boolean =>
  (PUBLISH_NOW_POST_STATUSES as readonly PostStatus[]).includes(status);

// ---------------------------------------------------------------- how a caption is counted
// URLs. X links an http(s) address, and a bare domain with a known top-level domain. We count every
// bare domain X would link, and also one-label country domains without a path such as "sufra.kw",
// which X's own text library leaves as plain text: for those we count 23 where X counts the
// letters, so the preview can only err on the long side, never let an over-long post through.
const URL_PATH = String.raw`[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]`;
const GTLDS = [
  // two letters (country domains: kw, io, co...) match without a list
  "com",
  "net",
  "org",
  "info",
  "biz",
  "edu",
  "gov",
  "int",
  "mil",
  "app",
  "dev",
  "shop",
  "store",
  "online",
  "site",
  "website",
  "web",
  "menu",
  "restaurant",
  "restaurants",
  "cafe",
  "food",
  "kitchen",
  "pizza",
  "delivery",
  "coffee",
  "bar",
  "blog",
  "page",
  "link",
  "news",
  "xyz",
  "club",
  "live",
  "world",
  "network",
  "tech",
  "cloud",
  "digital",
  "media",
  "social",
  "studio",
  "design",
  "agency",
  "company",
  "business",
  "services",
  "events",
  "today",
  "space",
  "top",
  "art",
  "bio",
];
const URL_WITH_SCHEME = String.raw`https?:\/\/[\p{L}\p{M}\p{N}.\-]+(?::\d{1,5})?(?:[\/?#]${URL_PATH}*)?`;
const URL_BARE = String.raw`(?<![\p{L}\p{M}\p{N}@＠#＃$_.\/\-])(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)+(?:${GTLDS.join("|")}|[A-Za-z]{2})(?![A-Za-z0-9\-])(?::\d{1,5})?(?:[\/?#]${URL_PATH}*)?`;
const URL_RE = new RegExp(`${URL_WITH_SCHEME}|${URL_BARE}`, "giu");

/** Drops the punctuation that ends a sentence, not the address ("see sufra.kw." -> "sufra.kw"). */
function trimUrl(url: string): string {
  let u = url.replace(/[.,;:!?'"*]+$/u, "");
  while (u.endsWith(")") && (u.match(/\(/g)?.length ?? 0) < (u.match(/\)/g)?.length ?? 0))
    u = u.slice(0, -1).replace(/[.,;:!?'"*]+$/u, "");
  return u;
}

// Emoji, as X's parser finds them: a flag (two regional indicators), a keycap, or pictographs with
// their variation selector, skin tone and tag characters, joined by zero-width joiners. © and ® are
// text unless followed by the emoji variation selector.
const PICTO = String.raw`(?:[\u00A9\u00AE]\uFE0F|(?![\u00A9\u00AE])\p{Extended_Pictographic})(?:\uFE0F|\p{Emoji_Modifier})?[\u{E0020}-\u{E007F}]*`;
const EMOJI_RE = new RegExp(
  String.raw`\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3|${PICTO}(?:\u200D${PICTO})*`,
  "gu",
);

type SegmentKind = "url" | "emoji" | "char";
interface Segment {
  text: string;
  kind: SegmentKind;
}

/** The NFC-normalised text cut into URLs, emoji sequences and single code points, in order. */
function segments(text: string): Segment[] {
  const out: Segment[] = [];
  const plain = (s: string) => {
    let at = 0;
    for (const m of s.matchAll(EMOJI_RE)) {
      for (const ch of s.slice(at, m.index)) out.push({ text: ch, kind: "char" });
      out.push({ text: m[0], kind: "emoji" });
      at = m.index + m[0].length;
    }
    for (const ch of s.slice(at)) out.push({ text: ch, kind: "char" });
  };
  const normalized = text.normalize("NFC");
  let at = 0;
  for (const m of normalized.matchAll(URL_RE)) {
    const url = trimUrl(m[0]);
    if (!url.includes(".")) continue;
    plain(normalized.slice(at, m.index));
    out.push({ text: url, kind: "url" });
    at = m.index + url.length;
  }
  plain(normalized.slice(at));
  return out;
}

// X's counting configuration, version 3: these code points weigh 1, every other weighs 2.
const X_LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];
export const X_URL_LENGTH = 23;
const X_EMOJI_WEIGHT = 2;
const xCharWeight = (ch: string) => {
  const cp = ch.codePointAt(0) ?? 0;
  return X_LIGHT_RANGES.some(([lo, hi]) => cp >= lo && cp <= hi) ? 1 : 2;
};
const codePoints = (s: string) => [...s].length;

function segmentWeight(platform: PlatformName, s: Segment): number {
  if (platform !== "twitter") return codePoints(s.text);
  if (s.kind === "url") return X_URL_LENGTH;
  if (s.kind === "emoji") return X_EMOJI_WEIGHT;
  return xCharWeight(s.text);
}

/**
 * A text's length as X counts it (its published rules, configuration v3): NFC first; every URL
 * counts 23 whatever its length; every emoji sequence (a flag, a family, a skin tone...) counts 2;
 * any other code point counts 1 in the Latin, Arabic and other ranges up to U+10FF and in some
 * punctuation ranges, 2 elsewhere (CJK, most symbols). The limit is 280.
 */
export function xWeightedLength(text: string): number {
  return segments(text).reduce((n, s) => n + segmentWeight("twitter", s), 0);
}

/**
 * A caption's length as a network's limit counts it. X: xWeightedLength. Instagram and Snapchat:
 * Unicode code points after NFC (an Arabic or accented letter counts 1, an emoji counts each of its
 * code points, so a family emoji counts several). Their apps do not publish a rule; code points
 * never count less than what people see and never more than UTF-16 units, so a caption within
 * this count is not cut by the network.
 */
export function platformLength(platform: PlatformName, text: string): number {
  if (platform === "twitter") return xWeightedLength(text);
  return codePoints(text.normalize("NFC"));
}

/** True when the text holds a web address (as counted above). */
export const containsUrl = (text: string): boolean => segments(text).some((s) => s.kind === "url");

/**
 * The web addresses of a text as counted above, each with where it starts in the NFC text: what caption links
 * replace with short links (docs/architecture.md#short-links), so a replaced address is the one X counts as 23.
 */
export function urlsIn(text: string): { url: string; index: number }[] {
  const out: { url: string; index: number }[] = [];
  let at = 0;
  for (const s of segments(text)) {
    if (s.kind === "url") out.push({ url: s.text, index: at });
    at += s.text.length;
  }
  return out;
}

/**
 * X's limit for an account X reports as verified or subscribed (X Premium allows far more; Sufra
 * stops at 4,000 so a post stays readable in the feed). Unverified accounts: PLATFORM_LIMITS.twitter.
 */
export const X_LONG_POST_LENGTH = 4000;
/**
 * Whether an account may post captions up to X_LONG_POST_LENGTH: an X account that X reports as verified
 * (platform_accounts.long_posts); never an account of another network. Both doors and the composer read it.
 */
export const accountPostsLong = (account: { platform: string; longPosts?: boolean | null }): boolean =>
  account.platform === "twitter" && account.longPosts === true;

/**
 * The posts an X caption goes out as, in order: the post, then its replies. With `thread`, a caption
 * over `limit` becomes numbered parts (networks/x.ts); with `linkInReply`, the caption's links leave it
 * and follow as one reply (X charges far more for a post that carries a link), unless the caption is
 * nothing but links. The one plan previewPost shows and the X adapter posts.
 */
export function xPostParts(
  text: string,
  o: { limit: number; thread?: boolean | null; linkInReply?: boolean | null },
): string[] {
  let body = text.normalize("NFC").trim();
  let links: string[] = [];
  if (o.linkInReply) {
    const parts = segments(body);
    const urls = [...new Set(parts.filter((s) => s.kind === "url").map((s) => s.text))];
    const rest = parts
      .filter((s) => s.kind !== "url")
      .map((s) => s.text)
      .join("")
      .replace(/[ \t]+/g, " ")
      .replace(/ *\n */g, "\n")
      .replace(/\n{3,}/g, "\n\n")
      .trim();
    if (urls.length && rest) [body, links] = [rest, [urls.join("\n")]];
  }
  const posts = o.thread ? splitThread(body, o.limit, xWeightedLength) : [body];
  return [...posts, ...links];
}

/**
 * The text cut to fit the platform's limit (or the given one), ending with "…"; the text itself
 * (NFC) when it fits. Never cuts inside a URL or an emoji sequence; counts the way the platform does.
 */
export function truncateForPlatform(
  platform: PlatformName,
  text: string,
  limit: number = PLATFORM_LIMITS[platform].maxLength,
): string {
  const normalized = text.normalize("NFC");
  if (platformLength(platform, normalized) <= limit) return normalized;
  const ELLIPSIS = "…";
  const parts = segments(normalized);
  const room = limit - platformLength(platform, ELLIPSIS);
  let used = 0;
  let n = 0;
  while (n < parts.length && used + segmentWeight(platform, parts[n]!) <= room)
    used += segmentWeight(platform, parts[n++]!);
  // cutting can turn a word into an address ("sufra.kwt" -> "sufra.kw"), so check and step back
  for (; n >= 0; n--) {
    const cut =
      parts
        .slice(0, n)
        .map((s) => s.text)
        .join("")
        .trimEnd() + ELLIPSIS;
    if (platformLength(platform, cut) <= limit) return cut;
  }
  return "";
}

// ---------------------------------------------------------------- hashtags and the caption
const HASHTAG_CHAR = String.raw`[\p{L}\p{M}\p{N}_]`;
const HASHTAG_RE = new RegExp(String.raw`(?<![\p{L}\p{M}\p{N}_&#＃])[#＃](${HASHTAG_CHAR}+)`, "gu");

/**
 * A hashtag as stored (without "#"): leading #'s stripped, trimmed, spaces turned into underscores
 * ("مطعم كويتي" -> "مطعم_كويتي"), anything that is not a letter of any script, a mark, a digit or
 * an underscore dropped. Null when nothing usable remains or it has no letter (only digits).
 */
export function normalizeHashtag(raw: string): string | null {
  const tag = raw
    .normalize("NFC")
    .replace(/^[\s#＃]+/u, "")
    .trim()
    .replace(/\s+/gu, "_")
    .replace(/[^\p{L}\p{M}\p{N}_]/gu, "");
  return tag && /[\p{L}\p{M}]/u.test(tag) ? tag : null;
}

/** The hashtags written in a text, without "#", each once (case-insensitive), in order. */
export function extractHashtags(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const m of text.normalize("NFC").matchAll(HASHTAG_RE)) {
    const tag = m[1]!;
    if (!/[\p{L}\p{M}]/u.test(tag) || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

/**
 * The caption as published: the content, then a blank line and the hashtags, each with "#",
 * skipping those already written in the content and repeats (case-insensitive). Trimmed.
 */
export function composeText(content: string, hashtags: readonly string[] = []): string {
  const body = content.normalize("NFC").trim();
  const seen = new Set(extractHashtags(body).map((t) => t.toLowerCase()));
  const tags: string[] = [];
  for (const raw of hashtags) {
    const tag = normalizeHashtag(raw);
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(`#${tag}`);
  }
  if (!tags.length) return body;
  return body ? `${body}\n\n${tags.join(" ")}` : tags.join(" ");
}

// ---------------------------------------------------------------- dates
// Sufra's businesses are in Kuwait: UTC+3 all year (no daylight saving). A date or time written
// without a zone means Kuwait time there.
const KUWAIT_OFFSET_MINUTES = 180;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/**
 * An instant from a Date, epoch milliseconds or an ISO 8601 text; null when it is none. A day alone
 * ("2026-03-01") is that day's start in Kuwait, or its last millisecond with endOfDay.
 */
export function parseInstant(value: unknown, endOfDay = false): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : new Date(value.getTime());
  if (typeof value === "number") return Number.isFinite(value) ? new Date(value) : null;
  if (typeof value !== "string") return null;
  const m = DATE_TIME.exec(value.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = m;
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)] as const;
  const ms = frac ? Math.floor(Number(`0.${frac}`) * 1000) : 0;
  const utc = new Date(Date.UTC(...fields, ms));
  // Date.UTC rolls 30 February over to March: a real date keeps its fields
  const back = [
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  ];
  if (back.some((v, i) => v !== fields[i])) return null;
  let offset = KUWAIT_OFFSET_MINUTES;
  if (zone && zone.toUpperCase() !== "Z") {
    const [, sign, oh, om] = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone)!;
    if (Number(oh) > 14 || Number(om ?? 0) > 59) return null;
    offset = (sign === "-" ? -1 : 1) * (Number(oh) * 60 + Number(om ?? 0));
  } else if (zone) offset = 0;
  let time = utc.getTime() - offset * 60_000;
  if (endOfDay && h === undefined) time += 86_400_000 - 1;
  return new Date(time);
}

// ---------------------------------------------------------------- rules (zod, message keys)
const key = (k: MessageKey) => ({ error: k });
const first = (k: MessageKey) => ({ error: k, abort: true });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);

/** A post has something to show: a caption, or at least one photo or video. */
export const hasCaptionOrMedia = (p: { content?: string | null; mediaIds?: readonly string[] | null }): boolean =>
  !!p.content?.trim() || (p.mediaIds?.length ?? 0) > 0;

const content = multiLine(key("invalidValue"))
  .trim()
  .refine((s) => codePoints(s) <= MAX_CAPTION_LENGTH, key("captionTooLong"));

// A draft may have no network yet: networks are needed to schedule or publish (canSendTo).
const platforms = z
  .array(z.enum(PLATFORMS, key("platformInvalid")), key("platformsRequired"))
  .refine((list) => new Set(list).size === list.length, key("platformsDuplicate"));

/**
 * Scheduling and publishing need at least one network; a draft does not. The one rule the schema,
 * the server (schedule, publish now, a new post with a time) and the composer apply.
 */
export const canSendTo = (platforms: readonly unknown[]): boolean => platforms.length > 0;

const mediaIds = z
  .array(z.uuid(key("postMediaInvalid")), key("postMediaInvalid"))
  .max(MAX_POST_MEDIA, key("postTooManyMedia"))
  .refine((list) => new Set(list.map((id) => id.toLowerCase())).size === list.length, key("postMediaDuplicate"));

/** Hashtags normalised with normalizeHashtag, each once; one error on the field for any unusable tag, one for more than `max`. */
export const hashtagListSchema = (max: number) =>
  z.array(singleLine(key("hashtagInvalid")), key("hashtagInvalid")).transform((list, ctx) => {
    const out: string[] = [];
    const seen = new Set<string>();
    let invalid = false;
    for (const raw of list) {
      const tag = raw.length <= 200 ? normalizeHashtag(raw) : null;
      if (tag === null) invalid = true;
      else if (!seen.has(tag.toLowerCase())) {
        seen.add(tag.toLowerCase());
        out.push(tag);
      }
    }
    if (invalid) ctx.addIssue({ code: "custom", message: "hashtagInvalid", input: list });
    if (out.length > max) ctx.addIssue({ code: "custom", message: "tooManyHashtags", input: list });
    return out;
  });
const hashtags = hashtagListSchema(MAX_POST_HASHTAGS);

/** Instagram's first comment; empty means none (null). */
const firstComment = multiLine(key("invalidValue"))
  .trim()
  .refine((s) => codePoints(s) <= MAX_FIRST_COMMENT_LENGTH, key("firstCommentTooLong"))
  .transform((s) => s || null)
  .nullable();

const captionOrMedia = {
  error: "captionOrMediaRequired" as MessageKey,
  path: ["content"],
  // also when another field failed, as long as the two it reads are usable (an abort: true check
  // anywhere in the object would skip it, so the post rules use none)
  when: (payload: z.core.ParsePayload) => {
    const v = payload.value as { content?: unknown; mediaIds?: unknown };
    return typeof v?.content === "string" && (v.mediaIds === undefined || Array.isArray(v.mediaIds));
  },
};

/**
 * A new post. Defaults: no networks (a draft), no content, media or hashtags, no first comment. With
 * a time (scheduledFor, checked by scheduleSchema) it is scheduled, so it needs a network.
 */
export const postInputSchema = z
  .object({
    content: content.default(""),
    platforms: platforms.default([]),
    mediaIds: mediaIds.default([]),
    hashtags: hashtags.default([]),
    firstComment: firstComment.default(null),
    scheduledFor: z.unknown().optional(),
  })
  .refine((p) => hasCaptionOrMedia(p), captionOrMedia)
  .refine((p) => p.scheduledFor === undefined || p.scheduledFor === null || canSendTo(p.platforms), {
    error: "platformsRequired" as MessageKey,
    path: ["platforms"],
    when: (payload: z.core.ParsePayload) => Array.isArray((payload.value as { platforms?: unknown })?.platforms),
  })
  .transform(({ scheduledFor: _time, ...post }) => post);
export type PostInput = z.output<typeof postInputSchema>;

/**
 * A change to a post: only the fields given change, by the same rules. The caption-or-media rule is
 * checked here only when both fields are given; the server checks it again on the merged post
 * (hasCaptionOrMedia).
 */
export const postUpdateSchema = z
  .object({
    content: content.optional(),
    platforms: platforms.optional(),
    mediaIds: mediaIds.optional(),
    hashtags: hashtags.optional(),
    firstComment: firstComment.optional(),
  })
  .refine((p) => p.content === undefined || p.mediaIds === undefined || hasCaptionOrMedia(p), {
    ...captionOrMedia,
    when: (payload: z.core.ParsePayload) => {
      const v = payload.value as { content?: unknown; mediaIds?: unknown };
      return typeof v?.content === "string" && Array.isArray(v.mediaIds);
    },
  });
export type PostUpdate = z.output<typeof postUpdateSchema>;

/** A scheduled time is at least this far ahead... */
export const SCHEDULE_MIN_LEAD_MS = 60_000;
/** ...and at most this many days ahead. */
export const SCHEDULE_MAX_DAYS_AHEAD = 365;

/**
 * Scheduling (POST /posts/{id}/schedule sends scheduled_for; the REST door turns it into
 * scheduledFor and the issue path back into snake case). Takes a Date, epoch milliseconds or ISO
 * 8601 (without a zone: Kuwait time). At least a minute ahead of `now`, at most a year.
 */
export function scheduleSchema(now: Date = new Date()) {
  const earliest = now.getTime() + SCHEDULE_MIN_LEAD_MS;
  const latest = now.getTime() + SCHEDULE_MAX_DAYS_AHEAD * 86_400_000;
  return z.object({
    scheduledFor: z
      .unknown()
      .transform((v, ctx): Date => {
        const d = parseInstant(v);
        if (d) return d;
        ctx.addIssue({ code: "custom", message: "scheduleInvalid", input: v });
        return z.NEVER;
      })
      .refine((d) => d.getTime() >= earliest, first("scheduleInPast"))
      .refine((d) => d.getTime() <= latest, key("scheduleTooFar")),
  });
}
export type ScheduleInput = z.output<ReturnType<typeof scheduleSchema>>;

const listOf = <T extends string>(allowed: readonly T[], k: MessageKey) =>
  z.union([singleLine(), z.array(singleLine())], key(k)).transform((v, ctx): T[] | undefined => {
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    if (!parts.every((p) => (allowed as readonly string[]).includes(p))) {
      ctx.addIssue({ code: "custom", message: k, input: v });
      return z.NEVER;
    }
    return parts.length ? ([...new Set(parts)] as T[]) : undefined;
  });

const instant = (endOfDay: boolean) =>
  z.unknown().transform((v, ctx): Date => {
    const d = parseInstant(v, endOfDay);
    if (d) return d;
    ctx.addIssue({ code: "custom", message: "dateInvalid", input: v });
    return z.NEVER;
  });

const whole = (k: MessageKey, min: number, max: number, fallback: number) =>
  z.preprocess(
    blankToUndefined,
    z.coerce.number(key(k)).int(key(k)).min(min, key(k)).max(max, key(k)).default(fallback),
  );

/**
 * The post list's filters (GraphQL arguments or a REST query string). status: one or more, as a
 * list or comma-separated ("scheduled,failed"), case-insensitive; out: a list. from/to: an instant,
 * or a day in Kuwait (to: the end of that day).
 */
export const postsQuerySchema = z
  .object({
    status: z.preprocess(blankToUndefined, listOf(POST_STATUSES, "invalidStatus").optional()),
    /** approval states (schema/src/approvals.ts) */
    approval: z.preprocess(blankToUndefined, listOf(APPROVAL_STATES, "invalidValue").optional()),
    platform: z.preprocess(
      (v) => (typeof v === "string" ? blankToUndefined(v.trim().toLowerCase()) : blankToUndefined(v)),
      z.enum(PLATFORMS, key("platformInvalid")).optional(),
    ),
    from: z.preprocess(blankToUndefined, instant(false).optional()),
    to: z.preprocess(blankToUndefined, instant(true).optional()),
    search: z.preprocess(blankToUndefined, singleLine(key("invalidValue")).trim().max(200, key("tooLong")).optional()),
    page: whole("invalidPage", 1, Number.MAX_SAFE_INTEGER, 1),
    limit: whole("invalidPageSize", 1, 100, 20),
  })
  .refine((q) => !q.from || !q.to || q.from.getTime() <= q.to.getTime(), {
    error: "dateRangeInvalid" as MessageKey,
    path: ["to"],
    when: (payload) => {
      const v = payload.value as { from?: unknown; to?: unknown };
      return v?.from instanceof Date && v?.to instanceof Date;
    },
  });
export type PostsQuery = z.output<typeof postsQuerySchema>;

// ---------------------------------------------------------------- the per-platform preview
/**
 * A problem or a remark about a post, as a message key and its parameters. As in media.ts, numbers
 * are plain text ("280"); postIssueText writes them in the language's digits and names the platform.
 */
export interface PostIssue {
  key: MessageKey;
  params?: Record<string, string>;
}

/**
 * One photo or video, as the preview needs it (the media row's fields; media.ts's MediaFacts), with its
 * id, so options that name a photo (a reel's cover) can be checked against the post's own.
 */
export type PreviewMedia = MediaFacts & { id?: string };

export interface PreviewInput {
  content: string;
  hashtags?: readonly string[];
  firstComment?: string | null;
  platforms: readonly PlatformName[];
  media?: readonly PreviewMedia[];
  /** Google: the post's options (GooglePostOptions, as sent); their problems are Google's errors. Left out: a "What's new" post. */
  google?: unknown;
  /** Each network's own options (NetworkOptions, network-options.ts, as sent); their problems are the network's errors. */
  network?: unknown;
  /** The business's X account is verified: X's limit is X_LONG_POST_LENGTH instead of 280. */
  xLongPosts?: boolean;
  /** The networks this server posts to by hand (Snapchat without Snap's API credentials); left out: every network PLATFORM_LIMITS marks manual. */
  assisted?: readonly PlatformName[];
  /** TikTok posts go to the creator's TikTok inbox (the app may not post directly): who can watch is chosen there. */
  tiktokInbox?: boolean;
}

export interface PlatformPreview {
  platform: PlatformName;
  /** The caption as published (composeText). */
  text: string;
  /** Its length as the platform counts it (platformLength). */
  length: number;
  limit: number;
  /** limit - length; negative when over. */
  remaining: number;
  overLimit: boolean;
  /** The text cut to the limit, ending with "…"; the text itself when it fits. */
  truncated: string;
  hashtagCount: number;
  /** null: no hard limit. */
  hashtagLimit: number | null;
  mediaCount: number;
  mediaLimit: number;
  /** Problems that stop the post going to this platform. */
  errors: PostIssue[];
  /** Remarks; the post can still go. */
  warnings: PostIssue[];
  /**
   * X: the posts it goes out as when more than one (xPostParts: a numbered thread, then the links'
   * reply). Then text and length are the whole caption's, and overLimit says whether a post is still too long.
   */
  thread?: string[];
}

/** A caption past this share of the limit draws a warning. */
export const NEAR_LIMIT_RATIO = 0.9;

/** What the post looks like and what stops it on each platform, in the order the platforms were given. */
export function previewPost(input: PreviewInput): PlatformPreview[] {
  const text = composeText(input.content, input.hashtags ?? []);
  const tags = extractHashtags(text).length;
  const items = input.media ?? [];
  const firstComment = input.firstComment?.trim() ?? "";
  const hasUrl = containsUrl(text);
  return [...new Set(input.platforms)].map((platform) => {
    const limits = PLATFORM_LIMITS[platform];
    const length = platformLength(platform, text);
    const limit = platform === "twitter" && input.xLongPosts ? X_LONG_POST_LENGTH : limits.maxLength;
    const errors: PostIssue[] = [];
    const warnings: PostIssue[] = [];
    // X: a thread or a link moved to a reply makes several posts, each measured against the limit
    const x = platform === "twitter" ? (input.network as NetworkOptions | null | undefined)?.twitter : null;
    const posts =
      platform === "twitter" ? xPostParts(text, { limit, thread: x?.thread, linkInReply: x?.linkInReply }) : [text];
    const longest = posts.length > 1 ? Math.max(...posts.map((p) => platformLength(platform, p))) : length;

    if (!text && !items.length) errors.push({ key: "captionOrMediaRequired" });
    if (longest > limit)
      errors.push({ key: "captionTooLongFor", params: { platform, limit: String(limit), length: String(longest) } });
    else if (posts.length === 1 && length > limit * NEAR_LIMIT_RATIO)
      warnings.push({
        key: "captionNearLimit",
        params: { platform, limit: String(limit), remaining: String(limit - length) },
      });

    if (limits.maxHashtags !== null && tags > limits.maxHashtags)
      errors.push({
        key: "tooManyHashtagsFor",
        params: { platform, limit: String(limits.maxHashtags), count: String(tags) },
      });
    if (limits.hashtagWarnAbove !== null && tags > limits.hashtagWarnAbove)
      warnings.push({ key: "hashtagsReduceReach", params: { platform, count: String(tags) } });

    if (limits.requiresMedia && !items.length) errors.push({ key: "mediaRequiredFor", params: { platform } });
    const tooMany = mediaCountProblem(platform, items.length);
    if (tooMany) errors.push(tooMany);
    // X takes up to 4 photos, or one video alone
    if (platform === "twitter" && items.length > 1 && items.some((m) => m.kind === "video"))
      errors.push({ key: "videoAloneFor", params: { platform } });
    // a Page post is photos (attached to one post) or one video (the videos edge), never both
    if (platform === "facebook" && items.length > 1 && items.some((m) => m.kind === "video"))
      errors.push({ key: "facebookVideoAlone" });
    // Facebook shows a link's card only on a post without photos or a video: with them the link is not sent
    if (platform === "facebook" && items.length && (input.network as NetworkOptions | null | undefined)?.facebook?.link)
      warnings.push({ key: "facebookLinkWithMedia" });
    // ...and an animated GIF counts as the post's only media
    if (platform === "twitter" && items.length > 1 && items.some((m) => m.mime === "image/gif"))
      errors.push({ key: "gifAloneFor", params: { platform } });
    // Instagram's stories and reels are tall (9:16): the feed's ratio rule is not theirs
    const format = mediaFormatOf(platform, input.network as NetworkOptions | null | undefined);
    for (const item of items) errors.push(...mediaProblems(platform, item, format));

    if (firstComment) {
      if (!limits.firstComment) warnings.push({ key: "firstCommentNotSupported", params: { platform } });
      else if (codePoints(firstComment.normalize("NFC")) > MAX_FIRST_COMMENT_LENGTH)
        errors.push({ key: "firstCommentTooLong" });
    }
    if (platform === "instagram" && hasUrl) warnings.push({ key: "instagramLinksNotClickable" });
    // X charges an app many times more for a post carrying a link; a reply can carry it instead
    if (platform === "twitter" && hasUrl && !x?.linkInReply) warnings.push({ key: "xLinkCosts", params: { platform } });
    if (limits.manual && (input.assisted ?? [platform]).includes(platform)) warnings.push({ key: "snapchatManual" });
    // the same rule the server applies to the stored options (networks/google.ts), each problem once
    if (platform === "google")
      for (const k of new Set(googleOptionsProblems(input.google).map((p) => p.key))) errors.push({ key: k });
    // each network's own options: their problems stop that network only
    for (const k of new Set(
      networkOptionsProblems(input.network)
        .filter((p) => p.path.split(".")[0] === platform || p.path.startsWith("altText"))
        .map((p) => p.key),
    ))
      errors.push({ key: k });
    // TikTok forbids a default privacy: chosen here for a direct post, in TikTok for one sent to the inbox
    if (
      platform === "tiktok" &&
      !input.tiktokInbox &&
      !(input.network as NetworkOptions | null | undefined)?.tiktok?.privacyLevel
    )
      errors.push({ key: "tiktokPrivacyRequired" });
    // a story's or a reel's own shape (network-options.ts): the rule the Instagram adapter refuses by
    if (platform === "instagram")
      for (const k of instagramFormatProblems((input.network as NetworkOptions | null | undefined)?.instagram, items))
        errors.push({ key: k });
    // Snapchat's Spotlight is a video feed: the API refuses a photo there (server/src/networks/snapchat/adapter.ts)
    if (
      platform === "snapchat" &&
      (input.network as NetworkOptions | null | undefined)?.snapchat?.kind === "spotlight" &&
      items.some((m) => m.kind !== "video")
    )
      errors.push({ key: "snapchatSpotlightVideo" });

    return {
      platform,
      text,
      length,
      limit,
      remaining: limit - length,
      overLimit: longest > limit,
      truncated: truncateForPlatform(platform, text, limit),
      hashtagCount: tags,
      hashtagLimit: limits.maxHashtags,
      mediaCount: items.length,
      mediaLimit: limits.maxMedia,
      errors,
      warnings,
      ...(posts.length > 1 ? { thread: posts } : {}),
    };
  });
}

/**
 * A post issue's text in a language (media problems too): the platform parameter becomes the
 * platform's name there, numbers are written the language's way, or by formatNumber (e.g. the
 * client's digit preference).
 */
export function postIssueText(issue: PostIssue, locale: Locale = "en", formatNumber?: (n: number) => string): string {
  const nf = new Intl.NumberFormat(locale === "ar" ? "ar-KW" : "en-KW", { maximumFractionDigits: 2 });
  const fmt = formatNumber ?? ((n: number) => nf.format(n));
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(issue.params ?? {})) {
    params[name] =
      name === "platform" && isPlatformName(value)
        ? PLATFORM_LABELS[value][locale]
        : /^-?\d+(\.\d+)?$/.test(value)
          ? fmt(Number(value))
          : value;
  }
  return messageText(issue.key, locale, params);
}

/** The message key that explains a target's error code (PostTarget.errorCode) to a person. */
export const TARGET_ERROR_MESSAGES: Record<string, string> = {
  ACCOUNT_RECONNECT_NEEDED: "targetReconnectNeeded",
  RATE_LIMITED: "targetRateLimited",
  PUBLISH_REJECTED: "targetRejected",
  PUBLISH_TIMEOUT: "targetTimeout",
  PUBLISH_UNAVAILABLE: "targetUnavailable",
  PUBLISH_AUTH: "targetAuth",
  PUBLISH_PLAN_UNAVAILABLE: "targetPlanUnavailable",
  GOOGLE_NO_LOCATION: "targetGoogleNoLocation",
  TIKTOK_INBOX: "targetTikTokInbox",
  PUBLISHED_WITH_WARNING: "targetPublishedWithWarning",
};
