// The source of daily figures every analytics answer reads: per Kuwait day and network, the published
// targets and the sums of their figures. Without a campaign, from metric_daily (pre-aggregated, read
// by its (business, day) index). With one, from that campaign's own posts (found by the
// posts.campaign_id index; a campaign holds few), their published targets counted on their Kuwait
// publish day exactly as daily-metrics.ts counts them, so both roads give the same days.
import { Prisma, type Platform } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/prisma.ts";
import { oncePerRequest } from "../../kernel/request-memo.ts";
import { KUWAIT_DAY, PUBLISHED_AT } from "./daily-metrics.ts";
import type { Sums } from "./figures.ts";

export interface FigureScope {
  businessId: string;
  /** Kuwait days YYYY-MM-DD, both included */
  from: string;
  to: string;
  includeSimulated: boolean;
  /** only this campaign's posts (a campaign of this business: the caller checked) */
  campaignId: string | null;
  /** only this network */
  platform?: Platform;
}

export interface DailyFigures extends Sums {
  /** YYYY-MM-DD, Kuwait */
  day: string;
  platform: Platform;
}

type Sql = Pick<Db, "$queryRaw">;

/** Per day and network, the figures in scope; days without a published target have no row. */
export function dailyFigures(db: Sql, s: FigureScope): Promise<DailyFigures[]> {
  return db.$queryRaw<DailyFigures[]>(dailyFiguresQuery(s));
}

/** dailyFigures' statement, for a screen that reads it beside its own in one (the client dashboard). */
export function dailyFiguresQuery(s: FigureScope): Prisma.Sql {
  if (s.campaignId) {
    const platform = s.platform ? Prisma.sql`and pt.platform::text = ${s.platform}` : Prisma.empty;
    // the campaign index bounds the scan; the business id keeps it to the caller's own rows
    return Prisma.sql`
      select to_char(${KUWAIT_DAY}, 'YYYY-MM-DD') as day, pt.platform::text as platform,
             count(*)::float8 as posts, sum(pt.reach)::float8 as reach, sum(pt.views)::float8 as views,
             sum(pt.likes)::float8 as likes, sum(pt.comments)::float8 as comments, sum(pt.shares)::float8 as shares
        from posts p
        join post_targets pt on pt.post_id = p.id
        join platform_accounts a on a.id = pt.account_id
       where p.campaign_id = ${s.campaignId}::uuid and p.business_id = ${s.businessId}::uuid
         and pt.status = 'published' and ${PUBLISHED_AT} is not null
         and ${KUWAIT_DAY} between ${s.from}::date and ${s.to}::date
         and (${s.includeSimulated} or not (pt.metrics_simulated or a.demo))
         ${platform}
       group by 1, 2`;
  }
  const platform = s.platform ? Prisma.sql`and platform::text = ${s.platform}` : Prisma.empty;
  return Prisma.sql`
    select to_char(day, 'YYYY-MM-DD') as day, platform::text as platform,
           sum(posts)::float8 as posts, sum(reach)::float8 as reach, sum(views)::float8 as views,
           sum(likes)::float8 as likes, sum(comments)::float8 as comments, sum(shares)::float8 as shares
      from metric_daily
     where business_id = ${s.businessId}::uuid
       and day between ${s.from}::date and ${s.to}::date
       and (${s.includeSimulated} or not simulated)
       ${platform}
     group by 1, 2`;
}

// ---------------------------------------------------------------- one definition per count
// Every screen and export uses these words for these counts, and nothing else:
//  - posts published ("Posts published"): composed posts, each counted ONCE however many networks it
//    went to: a post with at least one published copy on a Kuwait day of the range (publishedPostCount).
//  - network copies ("Network copies"): a post's copy on one network, a published target. A post sent
//    to Instagram and X is one post and two copies; dailyFigures' `posts` and every per-network
//    figure (reach, likes...) count copies.
//  - all posts ("All posts", the dashboard): every post the business wrote, drafts included, once each.

/**
 * Posts published in the scope, each once (see above); the same scope as dailyFigures. A copy counts on
 * its own day (PUBLISHED_AT), which may be after its post first went out: the posts first out in the range
 * (the posts (business_id, published_at) index) and the copies out in the range (post_targets
 * (status, published_at)), never the business's whole history (docs/scaling.md#history-flat-reads).
 */
export async function publishedPostCount(db: Sql, s: FigureScope): Promise<number> {
  const [r] = await db.$queryRaw<{ n: number }[]>(publishedPostCountQuery(s));
  return r?.n ?? 0;
}

/** publishedPostCount's statement (one row, `n`), for a screen that reads it beside its own in one. */
export function publishedPostCountQuery(s: FigureScope): Prisma.Sql {
  const campaign = s.campaignId ? Prisma.sql`and p.campaign_id = ${s.campaignId}::uuid` : Prisma.empty;
  const platform = s.platform ? Prisma.sql`and pt.platform::text = ${s.platform}` : Prisma.empty;
  // the range's instants as values (Kuwait is UTC+3 all year), so the planner sees how few rows they hold
  const start = Prisma.sql`${new Date(`${s.from}T00:00:00+03:00`)}::timestamptz`;
  const end = Prisma.sql`${new Date(new Date(`${s.to}T00:00:00+03:00`).getTime() + 86_400_000)}::timestamptz`;
  const copy = Prisma.sql`pt.status = 'published' and (${s.includeSimulated} or not (pt.metrics_simulated or a.demo)) ${platform}`;
  // lateral reads with a limit: each post's copies by their post_id index and each copy's post by its key, row
  // by row, where a hash join would read every published copy (or post) of the history to meet a month's
  return Prisma.sql`
    select count(*)::int as n from (
      select p.id from posts p
       cross join lateral (
         select 1 from post_targets pt join platform_accounts a on a.id = pt.account_id
          where pt.post_id = p.id and ${copy} and ${PUBLISHED_AT} >= ${start} and ${PUBLISHED_AT} < ${end} limit 1) c
       where p.business_id = ${s.businessId}::uuid and p.published_at >= ${start} and p.published_at < ${end} ${campaign}
      union
      select p.id from post_targets pt
        join platform_accounts a on a.id = pt.account_id
       cross join lateral (
         select p.id from posts p where p.id = pt.post_id and p.business_id = ${s.businessId}::uuid ${campaign} limit 1) p
       where pt.published_at >= ${start} and pt.published_at < ${end} and ${copy}) x`;
}

/**
 * Whether simulated figures count when the caller does not say: yes for a business whose accounts
 * are all demo accounts (the quick start's demo business shows its labelled, simulated figures),
 * no as soon as it has one real account (its real figures are not mixed with simulated ones).
 */
export function simulatedByDefault(db: Sql, businessId: string): Promise<boolean> {
  // every analytics field of a screen asks this: once per request (kernel/request-memo.ts)
  return oncePerRequest(`simulatedByDefault:${businessId}`, async () => {
    const [r] = await db.$queryRaw<{ demo: boolean | null; real: boolean | null }[]>`
      select bool_or(demo) as demo, bool_or(not demo) as real from platform_accounts where business_id = ${businessId}::uuid`;
    return !!r?.demo && !r.real;
  });
}
