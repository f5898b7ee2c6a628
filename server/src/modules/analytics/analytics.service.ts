// Analytics: what a business's published posts achieved over a range of Kuwait days. Daily
// figures come from one source (source.ts: metric_daily, or a campaign's own posts); per-post answers
// (top posts, content) from published-posts.ts, bounded by the posts (business, published_at) index;
// never a scan over all targets. Every question names the business (client_id, the business id GET
// /api/auth/me returns): its own people (and its API keys) may only name their own, an admin any;
// anything else, a missing id included, is FORBIDDEN.
import {
  analyticsEngagementQuerySchema,
  analyticsPlatformQuerySchema,
  analyticsQuerySchema,
  analyticsTopPostsQuerySchema,
  percentChange,
  PLATFORM_TOP_POSTS,
  previousPeriod,
  type AnalyticsInterval,
  type AnalyticsQueryParams,
  type TopPostsSort,
} from "@sufra/schema";
import type { z } from "zod";
import type { Deps } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Platform } from "../../generated/prisma/client.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { clientDashboard } from "./dashboard.ts";
import { calendarOccasions, contentBreakdown, occasionOf, type ContentBreakdown } from "./content.ts";
import { backfillDailyMetrics } from "./daily-metrics.ts";
import { withFollowers } from "./audience.ts";
import { createMetricsCollection } from "./metrics.ts";
import type { AnalyticsQuery, Scope, Scoped } from "./query.ts";
import type { AnalyticsFigures, AnalyticsTotals } from "./figures.ts";
import { publishedPosts, toTopPost, type TopPost } from "./published-posts.ts";
import {
  compare,
  platformSeries,
  seriesOf,
  type PlatformSeries,
  type SeriesPoint,
  type TotalsChange,
} from "./series.ts";
import { dailyFigures, publishedPostCount, simulatedByDefault, type FigureScope } from "./source.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";
import { clickFigures } from "../short-links/index.ts";

export type { AnalyticsFigures, AnalyticsTotals } from "./figures.ts";
export type { ContentFigures, ContentGroup, HeatCell } from "./content.ts";
export type { PostFigures, TopPost } from "./published-posts.ts";
export type { PlatformSeries, SeriesPoint } from "./series.ts";
export type { AnalyticsQuery, Scoped } from "./query.ts";

/** What every answer repeats: whose figures, which days, and whether simulated ones are in them. */
interface AnalyticsAnswer {
  clientId: string;
  from: string;
  to: string;
  /** demo accounts' simulated figures are counted: the screen labels them "demo figures" */
  simulatedIncluded: boolean;
}

export interface AnalyticsOverview extends AnalyticsAnswer {
  previous: { from: string; to: string };
  /** posts published in the range, each once (totals.posts counts network copies: source.ts) */
  publishedPosts: number;
  totals: AnalyticsTotals;
  /** each total's change against the previous period, in percent; null when the previous one was 0 or unknown */
  change: TotalsChange;
  byPlatform: (AnalyticsFigures & { platform: Platform })[];
  /** taps on Sufra's short links in the range: captions, the link page, review requests (docs/architecture.md#short-links) */
  clicks: number;
  /** their change against the previous period, in percent; null when there were none then */
  clicksChange: number | null;
}

export interface AnalyticsEngagement extends AnalyticsAnswer {
  interval: AnalyticsInterval;
  /** every day (or Kuwait week, Saturday first) of the range, zero-filled */
  points: SeriesPoint[];
  /** the same series for each network with figures in the range */
  byPlatform: PlatformSeries[];
}

export interface AnalyticsPlatformDetail extends AnalyticsAnswer {
  platform: Platform;
  previous: { from: string; to: string };
  totals: AnalyticsTotals;
  change: TotalsChange;
  /** every day of the range, zero-filled */
  series: SeriesPoint[];
  /** its PLATFORM_TOP_POSTS best posts by engagement, with this network's figures only */
  topPosts: TopPost[];
}

export interface AnalyticsTopPosts extends AnalyticsAnswer {
  sort: TopPostsSort;
  limit: number;
  posts: TopPost[];
}

export interface AnalyticsContent extends AnalyticsAnswer, ContentBreakdown {}

/** Where a question's daily figures come from. */
const sourceOf = (q: Scoped): FigureScope => ({
  businessId: q.clientId,
  from: q.from,
  to: q.to,
  includeSimulated: q.includeSimulated,
  campaignId: q.campaign?.id ?? null,
});
/** The clicks on a question's links: the campaign's only when it names one (short-links/clicks.ts). */
const clickScope = (q: Scoped) => (q.campaign ? { campaignIds: [q.campaign.id] } : {});

/**
 * Whether to read the clicks on short links (one more statement): always for REST and the export; for GraphQL
 * only when the request asks for them (analytics.graphql.ts).
 */
interface ClicksAsked {
  clicks?: boolean;
}

/** Each post with its clicks in the range (one grouped read for all of them, on the network in scope). */
async function withClicks(
  db: Deps["db"],
  q: Scoped & { platform?: Platform },
  posts: TopPost[],
  asked: ClicksAsked,
): Promise<TopPost[]> {
  if (!posts.length || asked.clicks === false) return posts;
  const f = await clickFigures(db, q.clientId, {
    from: q.from,
    to: q.to,
    postIds: posts.map((p) => p.postId),
    platform: q.platform,
  });
  return posts.map((p) => ({ ...p, clicks: f.byPost.get(p.postId) ?? 0 }));
}

const answer = (q: Scoped): AnalyticsAnswer => ({
  clientId: q.clientId,
  from: q.from,
  to: q.to,
  simulatedIncluded: q.includeSimulated,
});

export function createAnalyticsService(deps: Deps, accounts: Pick<PlatformAccountsService, "access" | "adapterFor">) {
  const { db, logger } = deps;
  const metrics = createMetricsCollection(deps, accounts);

  /**
   * The question asked (range, campaign, simulated figures, and the path's own parameters checked by
   * `rule`), and the business the caller may read (the tenancy rule). A campaign must be that
   * business's (else NOT_FOUND). Simulated figures left unsaid count for a business with demo
   * accounts only (simulatedByDefault).
   */
  const scope: Scope = async <T extends AnalyticsQueryParams = AnalyticsQueryParams>(
    viewer: Viewer | null,
    input: AnalyticsQuery,
    rule: z.ZodType<T> = analyticsQuerySchema as unknown as z.ZodType<T>,
  ): Promise<Scoped<T>> => {
    const v = requireScope(viewer, "authenticated");
    const q = validate(rule, input);
    const clientId = q.clientId;
    // Naming no business is a mistake in the request, not a refusal: say which field is missing.
    if (!clientId) throw new AppError("VALIDATION_ERROR", { clientId: ["analyticsClientRequired"] });
    if (v.role === "admin") {
      if (!(await db.business.findUnique({ where: { id: clientId }, select: { id: true } })))
        throw new AppError("NOT_FOUND");
    } else if (v.businessId !== clientId) {
      throw new AppError("FORBIDDEN");
    }
    const campaign = q.campaignId
      ? await db.campaign.findFirst({
          where: { id: q.campaignId, businessId: clientId },
          select: { id: true, name: true },
        })
      : null;
    if (q.campaignId && !campaign) throw new AppError("NOT_FOUND");
    const includeSimulated = q.includeSimulated ?? (await simulatedByDefault(db, clientId));
    return { ...q, clientId, includeSimulated, campaign };
  };

  return {
    // metrics collection (the hourly job, analytics.jobs.ts) and the daily rows' refreshes
    ...metrics,
    /** The tenancy and range rule, for the analytics questions answered in other files (audience, realtime). */
    scope,
    /** Totals of the range and their change against the period of the same length before it, and the split by network. */
    async overview(viewer: Viewer | null, input: AnalyticsQuery, asked: ClicksAsked = {}): Promise<AnalyticsOverview> {
      const q = await scope(viewer, input);
      const previous = previousPeriod(q.from, q.to);
      // both periods in one read
      const [rows, publishedPosts, clicks] = await Promise.all([
        dailyFigures(db, { ...sourceOf(q), from: previous.from }),
        publishedPostCount(db, sourceOf(q)),
        asked.clicks === false
          ? null
          : clickFigures(db, q.clientId, { from: previous.from, to: q.to, ...clickScope(q) }),
      ]);
      const { totals, change, byPlatform } = compare(rows, q.from);
      await withFollowers(db, q, previous, { totals, change }); // each account's latest reading by each period's last day
      const inRange = clicks?.byDay.filter((d) => d.day >= q.from).reduce((a, d) => a + d.clicks, 0) ?? 0;
      const before = clicks ? clicks.total - inRange : null;
      return {
        ...answer(q),
        previous,
        publishedPosts,
        totals,
        change,
        byPlatform,
        clicks: inRange,
        clicksChange: percentChange(inRange, before),
      };
    },

    /** The range's figures per Kuwait day, or per Kuwait week (Saturday to Friday), zero-filled; in total and per network. */
    async engagement(
      viewer: Viewer | null,
      input: AnalyticsQuery & { interval?: unknown },
    ): Promise<AnalyticsEngagement> {
      const q = await scope(viewer, input, analyticsEngagementQuerySchema);
      const rows = await dailyFigures(db, sourceOf(q));
      return {
        ...answer(q),
        interval: q.interval,
        points: seriesOf(rows, q.from, q.to, q.interval),
        byPlatform: platformSeries(rows, q.from, q.to, q.interval),
      };
    },

    /** One network: its totals and change against the previous period, its daily series and its best posts there. */
    async platform(
      viewer: Viewer | null,
      input: AnalyticsQuery & { platform?: unknown },
      asked: ClicksAsked = {},
    ): Promise<AnalyticsPlatformDetail> {
      const q = await scope(viewer, input, analyticsPlatformQuerySchema);
      const previous = previousPeriod(q.from, q.to);
      const source = { ...sourceOf(q), platform: q.platform };
      const [rows, top, calendar] = await Promise.all([
        dailyFigures(db, { ...source, from: previous.from }),
        publishedPosts(db, source, { sort: "engagement", limit: PLATFORM_TOP_POSTS }),
        calendarOccasions(db, q.from, q.to),
      ]);
      const { totals, change } = compare(rows, q.from);
      await withFollowers(db, q, previous, { totals, change }, q.platform);
      return {
        ...answer(q),
        platform: q.platform,
        previous,
        totals,
        change,
        series: seriesOf(
          rows.filter((r) => r.day >= q.from),
          q.from,
          q.to,
          "day",
        ),
        topPosts: await withClicks(
          db,
          q,
          top.map((p) => toTopPost(p, occasionOf(p, calendar))),
          asked,
        ),
      };
    },

    /** The range's best posts by `sort` (engagement: likes, comments and shares together), each with its networks' figures. */
    async topPosts(
      viewer: Viewer | null,
      input: AnalyticsQuery & { limit?: unknown; sort?: unknown },
      asked: ClicksAsked = {},
    ): Promise<AnalyticsTopPosts> {
      const q = await scope(viewer, input, analyticsTopPostsQuerySchema);
      const [posts, calendar] = await Promise.all([
        publishedPosts(db, sourceOf(q), { sort: q.sort, limit: q.limit }),
        calendarOccasions(db, q.from, q.to),
      ]);
      return {
        ...answer(q),
        sort: q.sort,
        limit: q.limit,
        posts: await withClicks(
          db,
          q,
          posts.map((p) => toTopPost(p, occasionOf(p, calendar))),
          asked,
        ),
      };
    },

    /** Performance by content type, occasion, caption language, hashtag and Kuwait posting hour, and the weekday × hour grid. */
    async content(viewer: Viewer | null, input: AnalyticsQuery): Promise<AnalyticsContent> {
      const q = await scope(viewer, input);
      const [posts, calendar] = await Promise.all([
        publishedPosts(db, sourceOf(q)),
        calendarOccasions(db, q.from, q.to),
      ]);
      return { ...answer(q), ...contentBreakdown(posts, calendar) };
    },

    /** The client dashboard's figures, activity and recent posts, for the caller's business. */
    async dashboard(viewer: Viewer | null) {
      const v = requireScope(viewer, "business");
      return clientDashboard(db, v.businessId!);
    },

    /** The business an export is about: its names, for the file's heading and name, and the campaign asked for (tenancy as every question). */
    async reportBusiness(
      viewer: Viewer | null,
      input: AnalyticsQuery,
    ): Promise<{ id: string; name: string; nameAr: string | null; campaign: { id: string; name: string } | null }> {
      const q = await scope(viewer, input);
      const b = await db.business.findUnique({
        where: { id: q.clientId },
        select: { id: true, companyName: true, nameAr: true },
      });
      if (!b) throw new AppError("NOT_FOUND");
      return { id: b.id, name: b.companyName, nameAr: b.nameAr, campaign: q.campaign };
    },

    /**
     * Start-up, once: fills the rows for figures written before metric_daily existed. After that every
     * write refreshes its days and the hourly metrics job refreshes the last 30 days' again, so a full
     * recompute at each start would only grow with the data.
     */
    async start() {
      try {
        if (await db.metricDaily.findFirst({ select: { id: true } })) return;
        await backfillDailyMetrics(db);
      } catch (e) {
        logger.warn("daily metrics backfill failed; rows refresh as figures arrive", { error: (e as Error).message });
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
