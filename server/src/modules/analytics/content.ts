// Content performance (GET /api/analytics/content): the range's published posts grouped by
// kind (text, image, video, carousel, from their media), occasion, caption language, hashtag and
// Kuwait posting hour, and a weekday × hour grid for the heat map. Grouping is done here over the
// posts published-posts.ts reads (one business's range, index-bounded).
import {
  ANALYTICS_CONTENT_TYPES,
  CALENDAR_CONTENT_OCCASIONS,
  CAPTION_LANGUAGES,
  captionLanguageOf,
  contentTypeOf,
  EVERYDAY_OCCASION,
  HOURS_PER_DAY,
  hashtagsOf,
  isContentOccasionKey,
  KUWAIT_WEEK_DAYS,
  addDays,
  daysBetween,
  kuwaitClock,
  kuwaitDate,
  kuwaitHolidays,
  TOP_HASHTAGS,
  weekdayOf,
  type ContentOccasionKey,
  type HolidayOverrideInput,
  type Weekday,
} from "@sufra/schema";
import type { Db } from "../../db/prisma.ts";
import { holidayOverrideInputs } from "../calendar/index.ts";
import { arabicShare } from "../../ai/openai/openai-writer.ts";
import { rateOver, type FigureCounts } from "./figures.ts";
import type { PublishedPost } from "./published-posts.ts";

/** A group's figures: posts in it, their sums, engagement rate and average engagement per post. */
export interface ContentFigures extends FigureCounts {
  posts: number;
  /** likes + comments + shares */
  engagement: number;
  /** percent over each network's audience; null without one */
  engagementRate: number | null;
  /** engagement per post, two decimals; null without posts */
  averageEngagement: number | null;
}

export interface ContentGroup extends ContentFigures {
  key: string;
}

export interface HeatCell extends ContentFigures {
  /** 0 = Sunday ... 6 = Saturday (Kuwait) */
  weekday: Weekday;
  /** 0..23, Kuwait */
  hour: number;
}

export interface ContentBreakdown {
  /** text, image, video, carousel: always all four */
  byType: ContentGroup[];
  /** CONTENT_OCCASIONS keys or "everyday": those with posts, most posts first */
  byOccasion: ContentGroup[];
  /** ar, en, mixed: always all three */
  byLanguage: ContentGroup[];
  /** the TOP_HASHTAGS hashtags with the most engagement (without "#") */
  byHashtag: ContentGroup[];
  /** 24 entries, hours 0..23: the Kuwait hour posts went out */
  byHour: (ContentFigures & { hour: number })[];
  /** 7 × 24 cells, Kuwait week order (Saturday first), hours in order */
  heatmap: HeatCell[];
}

// ---------------------------------------------------------------- occasions

/**
 * The caption occasion the Kuwait calendar puts on each day of a range (admins' corrections
 * applied): a holiday that maps to a CONTENT_OCCASIONS key (CALENDAR_CONTENT_OCCASIONS), and
 * otherwise every day of Ramadan (from its first day to the eve of Eid al-Fitr) as Ramadan.
 */
export async function calendarOccasions(db: Db, from: string, to: string): Promise<Map<string, ContentOccasionKey>> {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  const overrides: HolidayOverrideInput[] = (await holidayOverrideInputs(db)).filter(
    (r) => r.year >= first - 2 && r.year <= last + 1,
  );
  // a Ramadan that began in the year before the range can still be running in it
  const holidays = Array.from({ length: last - first + 2 }, (_, i) => kuwaitHolidays(first - 1 + i, overrides)).flat();
  const out = new Map<string, ContentOccasionKey>();
  for (const h of holidays) {
    const key = CALENDAR_CONTENT_OCCASIONS[h.occasionKey];
    if (key && h.date >= from && h.date <= to && !out.has(h.date)) out.set(h.date, key);
  }
  const eids = holidays.filter((h) => h.occasionKey === "eid_al_fitr" && h.day === 1).map((h) => h.date);
  for (const start of holidays.filter((h) => h.occasionKey === "ramadan_start").map((h) => h.date)) {
    const end = eids.find((e) => e > start && daysBetween(start, e) <= 31) ?? addDays(start, 30);
    for (let d = start; d < end; d = addDays(d, 1))
      if (d >= from && d <= to && !out.has(d)) out.set(d, "ramadan_iftar");
  }
  return out;
}

/** A post's occasion: its own, else its campaign's, else the calendar's that Kuwait day, else everyday. */
export function occasionOf(
  post: Pick<PublishedPost, "occasion" | "campaignOccasion" | "publishedAt">,
  calendar: ReadonlyMap<string, ContentOccasionKey>,
): string {
  if (isContentOccasionKey(post.occasion)) return post.occasion;
  if (isContentOccasionKey(post.campaignOccasion)) return post.campaignOccasion;
  return calendar.get(kuwaitDate(post.publishedAt)) ?? EVERYDAY_OCCASION;
}

/** A caption's language; a caption without letters is read from its hashtags. */
function languageOf(post: Pick<PublishedPost, "content" | "hashtags">) {
  const text = /\p{L}/u.test(post.content) ? post.content : post.hashtags.join(" ");
  return captionLanguageOf(arabicShare(text));
}

// ---------------------------------------------------------------- grouping
interface Acc extends FigureCounts {
  posts: number;
  engagement: number;
  audience: number;
}
const empty = (): Acc => ({
  posts: 0,
  reach: 0,
  views: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  engagement: 0,
  audience: 0,
});
function put(a: Acc, p: PublishedPost) {
  a.posts += 1;
  a.reach += p.reach;
  a.views += p.views;
  a.likes += p.likes;
  a.comments += p.comments;
  a.shares += p.shares;
  a.engagement += p.engagement;
  a.audience += p.audience;
}
const figures = ({ audience, ...a }: Acc): ContentFigures => ({
  ...a,
  engagementRate: rateOver(a.engagement, audience),
  averageEngagement: a.posts ? Math.round((a.engagement / a.posts) * 100) / 100 : null,
});

class Groups {
  private readonly m = new Map<string, Acc>();
  constructor(keys: readonly string[] = []) {
    for (const k of keys) this.m.set(k, empty());
  }
  add(key: string, p: PublishedPost) {
    const a = this.m.get(key) ?? empty();
    put(a, p);
    this.m.set(key, a);
  }
  list(): ContentGroup[] {
    return [...this.m].map(([key, a]) => ({ key, ...figures(a) }));
  }
}

/** Most of `by` first, then more posts, then the key (a stable order for equal groups). */
const ranked = (groups: ContentGroup[], by: "posts" | "engagement") =>
  groups.sort(
    (a, b) => b[by] - a[by] || b.posts - a.posts || b.engagement - a.engagement || a.key.localeCompare(b.key),
  );

export function contentBreakdown(
  posts: readonly PublishedPost[],
  calendar: ReadonlyMap<string, ContentOccasionKey>,
): ContentBreakdown {
  const byType = new Groups(ANALYTICS_CONTENT_TYPES);
  const byOccasion = new Groups();
  const byLanguage = new Groups(CAPTION_LANGUAGES);
  const byHashtag = new Groups();
  const hours = Array.from({ length: HOURS_PER_DAY }, empty);
  const grid = new Map<string, Acc>();
  for (const p of posts) {
    byType.add(contentTypeOf(p.media), p);
    byOccasion.add(occasionOf(p, calendar), p);
    byLanguage.add(languageOf(p), p);
    for (const tag of hashtagsOf(p.content, p.hashtags)) byHashtag.add(tag, p);
    const hour = Number(kuwaitClock(p.publishedAt).slice(0, 2));
    const weekday = weekdayOf(kuwaitDate(p.publishedAt));
    put(hours[hour]!, p);
    const cell = `${weekday}:${hour}`;
    put(grid.get(cell) ?? grid.set(cell, empty()).get(cell)!, p);
  }
  return {
    byType: byType.list(),
    byOccasion: ranked(byOccasion.list(), "posts"),
    byLanguage: byLanguage.list(),
    byHashtag: ranked(byHashtag.list(), "engagement").slice(0, TOP_HASHTAGS),
    byHour: hours.map((a, hour) => ({ hour, ...figures(a) })),
    heatmap: KUWAIT_WEEK_DAYS.flatMap((weekday) =>
      Array.from({ length: HOURS_PER_DAY }, (_, hour) => ({
        weekday,
        hour,
        ...figures(grid.get(`${weekday}:${hour}`) ?? empty()),
      })),
    ),
  };
}
