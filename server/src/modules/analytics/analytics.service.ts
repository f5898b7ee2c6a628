// Analytics (issue 7): what a business's published posts achieved over a range of Kuwait days. Read
// only from metric_daily (see daily-metrics.ts), never by scanning targets. Every question names the
// business (client_id, the business id GET /api/auth/me returns): its own people (and its API keys)
// may only name their own, an admin any; anything else, a missing id included, is FORBIDDEN.
import { analyticsRangeSchema, engagementRate, percentChange, previousPeriod, type AnalyticsRange } from "@sufra/schema";
import { z } from "zod";
import type { Deps } from "../../deps.ts";
import { AppError, validate } from "../../errors.ts";
import type { Platform } from "../../generated/prisma/client.ts";
import { requireScope, type Viewer } from "../auth/policy.ts";
import { backfillDailyMetrics } from "./daily-metrics.ts";

export interface AnalyticsFigures {
  posts: number;
  reach: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
  /** percent, two decimals; null without reach or views */
  engagementRate: number | null;
}

export interface AnalyticsTotals extends AnalyticsFigures {
  /** null: no network's account record holds a follower count yet (PlatformAccount stores none) */
  followers: number | null;
}

export interface AnalyticsOverview {
  clientId: string;
  from: string;
  to: string;
  previous: { from: string; to: string };
  totals: AnalyticsTotals;
  /** each total's change against the previous period, in percent; null when the previous one was 0 or unknown */
  change: Record<keyof AnalyticsTotals, number | null>;
  byPlatform: (AnalyticsFigures & { platform: Platform })[];
  simulatedIncluded: boolean;
}

export interface AnalyticsQuery {
  clientId?: unknown;
  from?: unknown;
  to?: unknown;
  includeSimulated?: unknown;
}

const SUMS = ["posts", "reach", "views", "likes", "comments", "shares"] as const;
type Sums = Record<(typeof SUMS)[number], number>;
const PLATFORM_ORDER: readonly Platform[] = ["instagram", "twitter", "snapchat"];
const TOTAL_KEYS = [...SUMS, "engagementRate", "followers"] as const satisfies readonly (keyof AnalyticsTotals)[];

const zero = (): Sums => ({ posts: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0 });
const add = (a: Sums, b: Sums) => {
  for (const k of SUMS) a[k] += b[k];
  return a;
};
const withRate = (s: Sums): AnalyticsFigures => ({ ...s, engagementRate: engagementRate(s) });

/**
 * A period's totals over its networks. Each network brings its own audience (reach, or views where it
 * gives none), so X's views never divide Instagram's likes. Followers: PlatformAccount records no
 * follower count yet, so there is none to give.
 */
function periodTotals(byPlatform: Map<Platform, Sums>): { totals: AnalyticsTotals; exactRate: number | null } {
  const nets = [...byPlatform.values()];
  const sums = nets.reduce((a, b) => add(a, b), zero());
  const audience = nets.reduce((a, b) => a + (b.reach > 0 ? b.reach : b.views), 0);
  const engaged = sums.likes + sums.comments + sums.shares;
  return {
    totals: { ...sums, engagementRate: engagementRate({ ...sums, reach: audience, views: 0 }), followers: null },
    exactRate: audience > 0 ? (engaged / audience) * 100 : null,
  };
}

const flagsSchema = z.object({ includeSimulated: z.preprocess((v) => (v === null || v === "" ? undefined : v), z.boolean({ error: "invalidValue" }).optional()) });

export function createAnalyticsService(deps: Deps) {
  const { db, logger } = deps;

  /** The range asked for, and the business the caller may read (the tenancy rule). */
  async function scope(viewer: Viewer | null, input: AnalyticsQuery): Promise<AnalyticsRange & { clientId: string; includeSimulated: boolean }> {
    const v = requireScope(viewer, "authenticated");
    const range = validate(analyticsRangeSchema, { clientId: input.clientId, from: input.from, to: input.to });
    const { includeSimulated } = validate(flagsSchema, { includeSimulated: input.includeSimulated });
    const clientId = range.clientId;
    if (!clientId) throw new AppError("FORBIDDEN");
    if (v.role === "admin") {
      if (!(await db.business.findUnique({ where: { id: clientId }, select: { id: true } }))) throw new AppError("NOT_FOUND");
    } else if (v.businessId !== clientId) {
      throw new AppError("FORBIDDEN");
    }
    return { ...range, clientId, includeSimulated: includeSimulated ?? false };
  }

  return {
    /** Totals of the range and their change against the period of the same length before it, and the split by network. */
    async overview(viewer: Viewer | null, input: AnalyticsQuery): Promise<AnalyticsOverview> {
      const q = await scope(viewer, input);
      const previous = previousPeriod(q.from, q.to);
      // both periods in one pass over the (business, day) index
      const rows = await db.$queryRaw<({ platform: Platform; current: boolean } & Sums)[]>`
        select platform, day >= ${q.from}::date as current,
               sum(posts)::float8 as posts, sum(reach)::float8 as reach, sum(views)::float8 as views,
               sum(likes)::float8 as likes, sum(comments)::float8 as comments, sum(shares)::float8 as shares
          from metric_daily
         where business_id = ${q.clientId}::uuid
           and day between ${previous.from}::date and ${q.to}::date
           and (${q.includeSimulated} or not simulated)
         group by 1, 2`;
      const periods = { now: new Map<Platform, Sums>(), before: new Map<Platform, Sums>() };
      for (const r of rows) {
        const s: Sums = { posts: r.posts, reach: r.reach, views: r.views, likes: r.likes, comments: r.comments, shares: r.shares };
        const m = periods[r.current ? "now" : "before"];
        m.set(r.platform, add(m.get(r.platform) ?? zero(), s));
      }
      const now = periodTotals(periods.now);
      const before = periodTotals(periods.before);
      const change = Object.fromEntries(
        // the rate's change from the unrounded rates, so rounding does not show as change
        TOTAL_KEYS.map((k) => [k, k === "engagementRate" ? percentChange(now.exactRate, before.exactRate) : percentChange(now.totals[k], before.totals[k])]),
      ) as AnalyticsOverview["change"];
      return {
        clientId: q.clientId,
        from: q.from,
        to: q.to,
        previous,
        totals: now.totals,
        change,
        byPlatform: PLATFORM_ORDER.filter((p) => periods.now.has(p)).map((platform) => ({ platform, ...withRate(periods.now.get(platform)!) })),
        simulatedIncluded: q.includeSimulated,
      };
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
        logger.info("daily metrics backfill failed; rows refresh as figures arrive", { error: (e as Error).message });
      }
    },
  };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
