// What an analytics export holds, gathered from the analytics service: what a café owner wants on
// paper. The renderers (CSV, XLSX, PDF) read only this plain shape, never the service's own types,
// so the service can change its answers without touching the files. Tenancy is the service's: each
// question it is asked checks the caller against client_id (FORBIDDEN / NOT_FOUND).
import type { Locale, PlatformName } from "@sufra/schema";
import type { Viewer } from "../../../kernel/policy.ts";
import type { Services } from "../../../services.ts";
import type { AnalyticsContent, AnalyticsQuery, AnalyticsTopPosts } from "../analytics.service.ts";
import type { FigureCounts } from "../figures.ts";
import { contentGroupLabel, type ContentDimension } from "./labels.ts";
import type { InboxFigures } from "../../inbox/index.ts";

// the five figures are the networks' own vocabulary (figures.ts), not an answer's shape
export interface ReportFigures extends FigureCounts {
  posts: number;
  /** percent (4.67 is 4.67%); null without reach or views */
  engagementRate: number | null;
}

interface ReportTotals extends ReportFigures {
  followers: number | null;
}

export type ReportTotalKey = keyof ReportTotals;

interface ReportTopPost {
  rank: number;
  /** the networks it went to, in the usual order */
  platforms: PlatformName[];
  /** when it went out; shown in Kuwait time */
  publishedAt: Date | null;
  /** the caption's opening words */
  text: string;
  /** a CONTENT_OCCASIONS key or "everyday" */
  occasion: string;
  campaignName: string | null;
  /** its posts on the networks, where they gave one */
  links: string[];
  figures: Omit<ReportFigures, "posts"> & { engagement: number };
  /** taps on its caption links in the range (docs/architecture.md#short-links) */
  clicks: number;
}

export type ReportContentDimension = ContentDimension;

interface ReportContentRow extends ReportFigures {
  dimension: ReportContentDimension;
  /** the group as the API names it (image, ramadan_iftar, ar, #karak, 20) */
  key: string;
  /** the group as a person reads it, in the report's language */
  label: string;
}

export interface AnalyticsReport {
  lang: Locale;
  business: {
    id: string;
    /** the name in the report's language: the Arabic name in Arabic when the business gave one */
    name: string;
    /** the business's main (usually Latin) name, for an ASCII file name */
    mainName: string;
  };
  /** Kuwait days YYYY-MM-DD, both included */
  from: string;
  to: string;
  previous: { from: string; to: string };
  generatedAt: Date;
  simulatedIncluded: boolean;
  /** only this campaign's posts were counted */
  campaign: { id: string; name: string } | null;
  totals: ReportTotals;
  /** taps on Sufra's short links in the range, and their change in percent (null: none in the previous period) */
  clicks: { total: number; change: number | null };
  /** each total's change against the previous period, in percent; null when there is nothing to compare */
  change: Record<ReportTotalKey, number | null>;
  byPlatform: (ReportFigures & { platform: PlatformName })[];
  /** every day of the range, zero-filled */
  daily: (ReportFigures & { date: string })[];
  /** the REPORT_TOP_POSTS best posts by engagement (likes, comments and shares) */
  topPosts: ReportTopPost[];
  content: ReportContentRow[];
  /** the inbox in figures (answers, response times, stars, topics); null for a campaign's report (guests write about the café, not a campaign) */
  guests: ReportGuests | null;
}

export interface ReportGuestResponse {
  items: number;
  answered: number;
  /** 0-1 */
  responseRate: number | null;
  timed: number;
  medianResponseSeconds: number | null;
}

interface ReportGuests {
  total: ReportGuestResponse;
  bySource: (ReportGuestResponse & { source: string })[];
  /** branch null: the items without a Google location */
  byBranch: (ReportGuestResponse & { branch: string | null })[];
  rating: { interval: "day" | "week"; points: { date: string; count: number; average: number | null }[] };
  topics: { topic: string; count: number; previous: number; change: number; trend: string }[];
}

const responseOf = (f: ReportGuestResponse): ReportGuestResponse => ({
  items: f.items,
  answered: f.answered,
  responseRate: f.responseRate,
  timed: f.timed,
  medianResponseSeconds: f.medianResponseSeconds,
});
const guestsOf = (g: InboxFigures): ReportGuests => ({
  total: responseOf(g.total),
  bySource: g.bySource.map((s) => ({ source: s.source, ...responseOf(s) })),
  byBranch: g.byBranch.map((b) => ({ branch: b.branch, ...responseOf(b) })),
  rating: {
    interval: g.rating.interval,
    points: g.rating.points.map((p) => ({ date: p.date, count: p.count, average: p.average })),
  },
  topics: g.topics.map((t) => ({
    topic: t.topic,
    count: t.count,
    previous: t.previous,
    change: t.change,
    trend: t.trend,
  })),
});

/** The query every analytics question takes (range, simulated figures, campaign). */
export type ReportQuery = AnalyticsQuery;

/** How many posts the report lists. */
const REPORT_TOP_POSTS = 10;

const figures = (f: ReportFigures): ReportFigures => ({
  posts: f.posts,
  reach: f.reach,
  views: f.views,
  likes: f.likes,
  comments: f.comments,
  shares: f.shares,
  engagementRate: f.engagementRate,
});

const contentRows = (c: AnalyticsContent, lang: Locale): ReportContentRow[] => {
  const rows = (dimension: ReportContentDimension, groups: readonly (ReportFigures & { key: string })[]) =>
    groups.map((g) => ({ dimension, key: g.key, label: contentGroupLabel(dimension, g.key, lang), ...figures(g) }));
  return [
    ...rows("type", c.byType),
    ...rows("occasion", c.byOccasion),
    ...rows("language", c.byLanguage),
    ...rows("hashtag", c.byHashtag),
    // 24 hours always come back; on paper only those with posts
    ...rows(
      "hour",
      c.byHour.filter((h) => h.posts > 0).map((h) => ({ ...h, key: String(h.hour) })),
    ),
  ];
};

const topPostRows = (t: AnalyticsTopPosts): ReportTopPost[] =>
  t.posts.map((p, i) => ({
    rank: i + 1,
    platforms: p.platforms,
    publishedAt: p.publishedAt,
    text: p.excerpt ?? "",
    occasion: p.occasion,
    campaignName: p.campaignName,
    links: p.byPlatform.map((b) => b.permalink).filter((l): l is string => !!l),
    figures: {
      reach: p.reach,
      views: p.views,
      likes: p.likes,
      comments: p.comments,
      shares: p.shares,
      engagement: p.engagement,
      engagementRate: p.engagementRate,
    },
    clicks: p.clicks,
  }));

export async function buildReport(
  services: Services,
  viewer: Viewer | null,
  query: ReportQuery,
  lang: Locale,
  now: Date = new Date(),
): Promise<AnalyticsReport> {
  const analytics = services.analytics;
  // the overview first: it checks the caller, the range and the campaign before anything else is read
  const overview = await analytics.overview(viewer, query);
  const [business, engagement, top, content, guests] = await Promise.all([
    analytics.reportBusiness(viewer, query),
    analytics.engagement(viewer, { ...query, interval: "day" }),
    analytics.topPosts(viewer, { ...query, limit: REPORT_TOP_POSTS, sort: "engagement" }),
    analytics.content(viewer, query),
    typeof query.campaignId === "string" && query.campaignId.trim()
      ? null
      : services.inboxFigures.figures(viewer, query),
  ]);
  return {
    lang,
    business: {
      id: business.id,
      name: (lang === "ar" && business.nameAr?.trim()) || business.name,
      mainName: business.name,
    },
    from: overview.from,
    to: overview.to,
    previous: overview.previous,
    generatedAt: now,
    simulatedIncluded: overview.simulatedIncluded,
    campaign: business.campaign,
    totals: { ...figures(overview.totals), followers: overview.totals.followers },
    clicks: { total: overview.clicks, change: overview.clicksChange },
    change: { ...overview.change },
    byPlatform: overview.byPlatform.map((p) => ({ platform: p.platform, ...figures(p) })),
    daily: engagement.points.map((p) => ({ date: p.date, ...figures(p) })),
    topPosts: topPostRows(top),
    content: contentRows(content, lang),
    guests: guests ? guestsOf(guests) : null,
  };
}
