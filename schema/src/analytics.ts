// Analytics: the date range every analytics question takes, and the small arithmetic both
// sides agree on (the previous period, engagement rate, change in percent). Ranges are Kuwait days
// written YYYY-MM-DD, both ends included. Pure: the only clock is the `today` a caller passes, or
// Kuwait's today when the range rule is parsed without one.
import { z } from "zod";
import { singleLine } from "./text.ts";
import { addDays, daysBetween, isIsoDate, kuwaitDate } from "./calendar.ts";
import { weekdayOf, type Weekday } from "./insights.ts";
import type { Locale, MessageKey } from "./messages.ts";
import { PLATFORMS } from "./networks/index.ts";

/** A range left out is the last 30 days, today in Kuwait included. */
export const ANALYTICS_DEFAULT_DAYS = 30;
/** The longest range one question may cover (two years of days; a leap day fits). */
export const ANALYTICS_MAX_DAYS = 731;

const key = (k: MessageKey) => ({ error: k });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const day = z.preprocess(
  (v) => blankToUndefined(typeof v === "string" ? v.trim() : v),
  singleLine(key("analyticsDateInvalid")).refine(isIsoDate, key("analyticsDateInvalid")).optional(),
);

export interface AnalyticsRange {
  /** undefined when the caller named none: the service answers VALIDATION_ERROR naming the field */
  clientId: string | undefined;
  from: string;
  to: string;
}

const clientIdRule = z.preprocess(
  blankToUndefined,
  singleLine(key("analyticsClientInvalid")).trim().regex(UUID, key("analyticsClientInvalid")).toLowerCase().optional(),
);
const RANGE_FIELDS = { clientId: clientIdRule, from: day, to: day };

type Ranged<S extends z.ZodRawShape> = Omit<z.output<z.ZodObject<typeof RANGE_FIELDS & S>>, "from" | "to"> & {
  from: string;
  to: string;
};

/**
 * The range rule with a clock and a path's own parameters: `today` gives Kuwait's date (tests pass a
 * fixed one). A missing `to` is today; a missing `from` is 30 days ending at `to`. `to` may not come
 * before `from`, and the range covers at most ANALYTICS_MAX_DAYS days. `clientId` is checked only for
 * its form here; whether the caller may name it is the server's question. One rule per path, so a
 * request with several mistakes hears of all of them at once.
 */
export function analyticsRuleAt<S extends z.ZodRawShape>(today: () => string, extra: S) {
  return z.object({ ...RANGE_FIELDS, ...extra }).transform((v, ctx): Ranged<S> => {
    const given = v as { from?: string; to?: string };
    const to = given.to ?? today();
    const from = given.from ?? addDays(to, -(ANALYTICS_DEFAULT_DAYS - 1));
    if (to < from) ctx.addIssue({ code: "custom", path: ["to"], message: "analyticsRangeOrder" satisfies MessageKey });
    else if (daysBetween(from, to) + 1 > ANALYTICS_MAX_DAYS)
      ctx.addIssue({ code: "custom", path: ["from"], message: "analyticsRangeTooLong" satisfies MessageKey });
    return { ...v, from, to } as Ranged<S>;
  });
}

/** The bare range (client, from, to) with a clock. */
export const analyticsRangeSchemaAt = (today: () => string = () => kuwaitDate()) => analyticsRuleAt(today, {});

/** ?client_id=&from=&to= with Kuwait's today as the clock. */
export const analyticsRangeSchema = analyticsRangeSchemaAt();
export type AnalyticsRangeInput = z.input<typeof analyticsRangeSchema>;

// ---------------------------------------------------------------- what every path takes
const campaignIdRule = z.preprocess(
  blankToUndefined,
  singleLine(key("analyticsCampaignInvalid"))
    .trim()
    .regex(UUID, key("analyticsCampaignInvalid"))
    .toLowerCase()
    .optional(),
);
const simulatedRule = z.preprocess(blankToUndefined, z.boolean(key("analyticsSimulatedInvalid")).optional());

/**
 * Every path's parameters: the range, a campaign (only its posts' figures) and whether demo accounts'
 * simulated figures count. `includeSimulated` left out stays undefined: the server decides from the
 * business's accounts (simulated figures for a business with demo accounts only).
 */
export const ANALYTICS_COMMON_FIELDS = { campaignId: campaignIdRule, includeSimulated: simulatedRule };
export const analyticsQuerySchemaAt = (today: () => string = () => kuwaitDate()) =>
  analyticsRuleAt(today, ANALYTICS_COMMON_FIELDS);
export const analyticsQuerySchema = analyticsQuerySchemaAt();
export type AnalyticsQueryParams = z.output<typeof analyticsQuerySchema>;

/** Buckets of the engagement series: Kuwait days, or Kuwait weeks that start on Saturday. */
export const ANALYTICS_INTERVALS = ["day", "week"] as const;
export type AnalyticsInterval = (typeof ANALYTICS_INTERVALS)[number];
export const analyticsEngagementQuerySchema = analyticsRuleAt(() => kuwaitDate(), {
  ...ANALYTICS_COMMON_FIELDS,
  interval: z.preprocess(blankToUndefined, z.enum(ANALYTICS_INTERVALS, key("analyticsIntervalInvalid")).default("day")),
});

/** GET /platforms/{platform}: the network as the rest of the API names it (X is "twitter"). */
export const analyticsPlatformQuerySchema = analyticsRuleAt(() => kuwaitDate(), {
  ...ANALYTICS_COMMON_FIELDS,
  platform: z.enum(PLATFORMS, key("platformInvalid")),
});
/** A network's page lists its best posts, this many. */
export const PLATFORM_TOP_POSTS = 5;

/** What top posts are ranked by: engagement is likes, comments and shares together (a count, not a rate, so a post seen by three people does not lead). */
export const TOP_POSTS_SORTS = ["engagement", "reach", "likes", "comments", "shares", "views"] as const;
export type TopPostsSort = (typeof TOP_POSTS_SORTS)[number];
export const TOP_POSTS_DEFAULT_LIMIT = 10;
export const TOP_POSTS_MAX_LIMIT = 100;
const limitRule = z.preprocess(
  (v) => {
    const b = blankToUndefined(v);
    return typeof b === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(b) ? Number(b) : b;
  },
  z
    .number(key("analyticsLimitInvalid"))
    .int(key("analyticsLimitInvalid"))
    .min(1, key("analyticsLimitInvalid"))
    .max(TOP_POSTS_MAX_LIMIT, key("analyticsLimitInvalid"))
    .default(TOP_POSTS_DEFAULT_LIMIT),
);
export const analyticsTopPostsQuerySchema = analyticsRuleAt(() => kuwaitDate(), {
  ...ANALYTICS_COMMON_FIELDS,
  limit: limitRule,
  sort: z.preprocess(blankToUndefined, z.enum(TOP_POSTS_SORTS, key("analyticsSortInvalid")).default("engagement")),
});

// ---------------------------------------------------------------- buckets of a series
/** JavaScript's day numbers (0 = Sunday, as insights.ts's WEEKDAYS) in the order of a Kuwait week, Saturday first. */
export const KUWAIT_WEEK_DAYS = [6, 0, 1, 2, 3, 4, 5] as const satisfies readonly Weekday[];

/** The Saturday that starts the Kuwait week holding a date. */
export const kuwaitWeekStart = (iso: string) => addDays(iso, -((weekdayOf(iso) + 1) % 7));

export interface AnalyticsBucket {
  /** the bucket's first day (for weeks: the Saturday that starts it, which may come before the range) */
  date: string;
  /** the range's days the bucket holds (1 for days; 1 to 7 for weeks, fewer at the range's ends) */
  days: number;
}

/** Every bucket of a range, in order, empty ones included (a chart's x axis). */
export function analyticsBuckets(from: string, to: string, interval: AnalyticsInterval): AnalyticsBucket[] {
  const out: AnalyticsBucket[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    const date = interval === "week" ? kuwaitWeekStart(d) : d;
    const last = out[out.length - 1];
    if (last?.date === date) last.days += 1;
    else out.push({ date, days: 1 });
  }
  return out;
}

/** The bucket a day belongs to. */
export const bucketOf = (iso: string, interval: AnalyticsInterval) =>
  interval === "week" ? kuwaitWeekStart(iso) : iso;

// ---------------------------------------------------------------- content breakdown
/** A post's kind, from its media: none, one image, one video, or several (a carousel). */
export const ANALYTICS_CONTENT_TYPES = ["text", "image", "video", "carousel"] as const;
export type AnalyticsContentType = (typeof ANALYTICS_CONTENT_TYPES)[number];
export function contentTypeOf(media: readonly string[]): AnalyticsContentType {
  if (media.length === 0) return "text";
  if (media.length > 1) return "carousel";
  return media[0] === "video" ? "video" : "image";
}

/** A caption's language: Arabic, English, or mixed when each script holds at least 30% of its letters. */
export const CAPTION_LANGUAGES = ["ar", "en", "mixed"] as const;
export type CaptionLanguage = (typeof CAPTION_LANGUAGES)[number];
export const MIXED_LANGUAGE_SHARE = 0.3;
/** From the share of a caption's letters in Arabic script (0..1); a caption without letters reads as English. */
export function captionLanguageOf(arabicShare: number): CaptionLanguage {
  if (arabicShare >= 1 - MIXED_LANGUAGE_SHARE) return "ar";
  if (arabicShare <= MIXED_LANGUAGE_SHARE) return "en";
  return "mixed";
}

/** A post with no occasion of its own, its campaign's or the calendar's. */
export const EVERYDAY_OCCASION = "everyday";
export const EVERYDAY_OCCASION_LABELS: Readonly<Record<Locale, string>> = { en: "Everyday", ar: "أيام عادية" };

/** The content breakdown lists this many hashtags. */
export const TOP_HASHTAGS = 20;
const INLINE_HASHTAG = /#([\p{L}\p{N}_]+)/gu;
/** A post's hashtags: its own list and those written in the caption, lower case, each once, without "#". */
export function hashtagsOf(content: string, hashtags: readonly string[]): string[] {
  const inline = [...content.normalize("NFC").matchAll(INLINE_HASHTAG)].map((m) => m[1]!);
  return [
    ...new Set(
      [...hashtags, ...inline].map((h) => h.normalize("NFC").replace(/^#/, "").trim().toLowerCase()).filter(Boolean),
    ),
  ];
}

// ---------------------------------------------------------------- the client dashboard
/** The dashboard's figures cover the last 30 Kuwait days, against the 30 before. */
export const DASHBOARD_DAYS = 30;
/** How many items the client dashboard's recent activity fetches: what "See all" opens. */
export const CLIENT_RECENT_ACTIVITY = 20;
/** How many activity items a dashboard lists before "See all" (docs/product.md#constants). */
export const ACTIVITY_SHOWN = 5;

/** The activity kinds of docs/product.md#data-shapes; engagement and mention have no source yet (no network reports them to Sufra). */
export const CLIENT_ACTIVITY_TYPES = [
  "post_published",
  "engagement",
  "schedule",
  "competitor",
  "comment",
  "mention",
] as const;
export type ClientActivityType = (typeof CLIENT_ACTIVITY_TYPES)[number];
/** Where an activity happened: a network, several, or Sufra's own analysis (competitor figures). */
export const ACTIVITY_PLATFORMS = [...PLATFORMS, "multiple", "analysis"] as const;
export type ActivityPlatform = (typeof ACTIVITY_PLATFORMS)[number];

interface ActivityTexts {
  title: string;
  /** with {subject}: a competitor's name, a reviewer's name (kinds that name someone) */
  titleOf?: string;
  /** when there is no excerpt */
  empty: string;
}
const ACTIVITY_TEXTS: Record<ClientActivityType, Record<Locale, ActivityTexts>> = {
  post_published: {
    en: { title: "Post published", empty: "A post without a caption" },
    ar: { title: "تم نشر منشور", empty: "منشور بلا نص" },
  },
  engagement: {
    en: { title: "New engagement", empty: "People reacted to a post" },
    ar: { title: "تفاعل جديد", empty: "تفاعل الناس مع منشور" },
  },
  schedule: {
    en: { title: "Post scheduled", empty: "A post without a caption" },
    ar: { title: "تمت جدولة منشور", empty: "منشور بلا نص" },
  },
  competitor: {
    en: {
      titleOf: "New figures for {subject}",
      title: "New competitor figures",
      empty: "A competitor's figures were recorded",
    },
    ar: { titleOf: "أرقام جديدة للمنافس {subject}", title: "أرقام جديدة لمنافس", empty: "سُجّلت أرقام أحد المنافسين" },
  },
  comment: {
    en: { titleOf: "New review from {subject}", title: "New review", empty: "A review without text" },
    ar: { titleOf: "مراجعة جديدة من {subject}", title: "مراجعة جديدة", empty: "مراجعة بلا نص" },
  },
  mention: {
    en: { titleOf: "Mentioned by {subject}", title: "New mention", empty: "Someone mentioned the business" },
    ar: { titleOf: "أشار إليك {subject}", title: "إشارة جديدة", empty: "أشار أحدهم إلى النشاط التجاري" },
  },
};

/**
 * An activity's title and description in a language. `subject` is whom the title names (a competitor,
 * a reviewer); `excerpt` the text quoted below it (a caption's opening words, a review's, a
 * competitor's handle). The server writes both in the request's language; the web client
 * writes the same from the activity's type, subject and excerpt.
 */
export function clientActivityText(
  type: string,
  parts: { subject?: string | null; excerpt?: string | null },
  locale: Locale,
): { title: string; description: string } {
  const t = (ACTIVITY_TEXTS as Record<string, Record<Locale, ActivityTexts>>)[type]?.[locale];
  if (!t) return { title: "", description: "" };
  return {
    title: parts.subject && t.titleOf ? t.titleOf.replace("{subject}", parts.subject) : t.title,
    description: parts.excerpt || t.empty,
  };
}

/** The period of the same length that ends the day before `from`. */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const length = daysBetween(from, to) + 1;
  return { from: addDays(from, -length), to: addDays(from, -1) };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Engagement in percent: likes, comments and shares over reach, or over views when the network gives
 * no reach (X reports impressions only); null when there is neither. Two decimals.
 */
export function engagementRate(f: {
  likes: number;
  comments: number;
  shares: number;
  reach: number;
  views: number;
}): number | null {
  const audience = f.reach > 0 ? f.reach : f.views;
  if (!(audience > 0)) return null;
  return round2(((f.likes + f.comments + f.shares) / audience) * 100);
}

/** Change from `before` to `now` in percent (two decimals); null when there was nothing before to compare with. */
export function percentChange(now: number | null, before: number | null): number | null {
  if (now === null || before === null || before === 0) return null;
  return round2(((now - before) / Math.abs(before)) * 100);
}

// ---------------------------------------------------------------- guests: the inbox in figures
/** A rating series over at most this many days has a point per Kuwait day; longer ones per Kuwait week. */
export const GUEST_RATING_DAILY_MAX_DAYS = 31;
/** Days for a month or less, Kuwait weeks (from Saturday) beyond. */
export const guestRatingInterval = (from: string, to: string): AnalyticsInterval =>
  daysBetween(from, to) + 1 <= GUEST_RATING_DAILY_MAX_DAYS ? "day" : "week";

/** Answered over items, 0-1 with four decimals (0.6667); null without items. */
export function responseRate(answered: number, items: number): number | null {
  if (!(items > 0)) return null;
  return Math.round((answered / items) * 10_000) / 10_000;
}

/** Which way a topic's count went against the previous period of the same length. */
export const GUEST_TRENDS = ["up", "down", "flat"] as const;
export type GuestTrend = (typeof GUEST_TRENDS)[number];
export const topicTrend = (now: number, before: number): GuestTrend =>
  now > before ? "up" : now < before ? "down" : "flat";

/** What a guest item with no Google location (typed, imported, Instagram) is listed under. */
export const NO_BRANCH_LABELS: Readonly<Record<Locale, string>> = { en: "No branch", ar: "بلا فرع" };

/**
 * A response time for people: whole minutes under an hour, hours with one decimal under two days,
 * days with one decimal beyond (5400 s: 1.5 hours). The client writes the number in the person's digits.
 */
export function responseTimeParts(seconds: number): { value: number; unit: "minutes" | "hours" | "days" } {
  if (seconds < 3600) return { value: Math.max(0, Math.round(seconds / 60)), unit: "minutes" };
  if (seconds < 48 * 3600) return { value: Math.round(seconds / 360) / 10, unit: "hours" };
  return { value: Math.round(seconds / 8640) / 10, unit: "days" };
}
export const RESPONSE_TIME_UNITS: Readonly<Record<"minutes" | "hours" | "days", Record<Locale, string>>> = {
  minutes: { en: "{n} min", ar: "{n} دقيقة" },
  hours: { en: "{n} h", ar: "{n} ساعة" },
  days: { en: "{n} d", ar: "{n} يوم" },
};

// ---------------------------------------------------------------- when figures are read
/**
 * When a published post's figures are read from its network, in minutes after it went out
 * (docs/architecture.md#how-a-request-flows, Jobs): soon, then less and less often while they settle.
 * After the last step the recurring sweep (every METRICS_INTERVAL_MINUTES, an hour by default) keeps
 * reading them with every other post of the last 30 days. The analytics screen's texts name these steps.
 */
export const FIGURES_SCHEDULE_MINUTES = [5, 30, 120, 360, 1440] as const;

const stepAt = (publishedAt: Date, i: number) =>
  new Date(publishedAt.getTime() + FIGURES_SCHEDULE_MINUTES[i]! * 60_000);

/** The first step after `now`; null once the last has passed (the sweep's alone then). */
export function nextFiguresCollection(publishedAt: Date, now: Date): Date | null {
  for (let i = 0; i < FIGURES_SCHEDULE_MINUTES.length; i++)
    if (stepAt(publishedAt, i) > now) return stepAt(publishedAt, i);
  return null;
}

/**
 * Whether the step due at `now` (the last one whose time has come) has its reading: figures read at or
 * after that step's time. True before the first step. A collection retried, or run again for a post
 * published twice, finds its step done and asks the network nothing.
 */
export function figuresStepDone(publishedAt: Date, collectedAt: Date | null, now: Date): boolean {
  let due: Date | null = null;
  for (let i = 0; i < FIGURES_SCHEDULE_MINUTES.length && stepAt(publishedAt, i) <= now; i++)
    due = stepAt(publishedAt, i);
  if (!due) return true;
  return !!collectedAt && collectedAt >= due;
}
