// Analytics' pre-aggregated daily rows (metric_daily): per business, network, Kuwait day of
// publishing and simulated-or-real, the published targets and the sums of their latest figures. A
// target's figures keep growing after its day, so a day's row is recomputed from post_targets (never
// incremented) whenever its targets change: when one is published (publishing.refreshPost), when the
// metrics job writes figures, when a published post is deleted; and once at start-up. Recomputing
// is one statement (upsert of the fresh sums, delete of rows whose day has no published target any
// more), so running it twice, or in two processes at once, leaves the same rows.
import { Prisma } from "../../generated/prisma/client.ts";
import type { Db, Tx } from "../../db/prisma.ts";

type Sql = Pick<Db | Tx, "$executeRaw">;

/** A target counts on the Kuwait day it went out (its own time; the post's for rows from before targets had one). Exported: analytics' campaign figures count days alike. */
export const PUBLISHED_AT = Prisma.sql`coalesce(pt.published_at, p.published_at)`;
export const KUWAIT_DAY = Prisma.sql`((${PUBLISHED_AT}) at time zone 'Asia/Kuwait')::date`;

/** Recomputes the rows in scope: one business's days, or (neither given) every business and day. */
async function recompute(db: Sql, scope: { businessId: string; days: readonly string[] } | null): Promise<number> {
  const targets = scope
    ? Prisma.sql`and p.business_id = ${scope.businessId}::uuid and ${KUWAIT_DAY} = any(${[...scope.days]}::date[])`
    : Prisma.empty;
  const rows = scope
    ? Prisma.sql`m.business_id = ${scope.businessId}::uuid and m.day = any(${[...scope.days]}::date[])`
    : Prisma.sql`true`;
  // a demo account's targets are simulated even before the metrics job first marks them so
  return db.$executeRaw`
    with fresh as (
      select p.business_id, pt.platform, ${KUWAIT_DAY} as day, (pt.metrics_simulated or a.demo) as simulated,
             count(*)::int as posts,
             sum(pt.reach)::bigint as reach, sum(pt.views)::bigint as views, sum(pt.likes)::bigint as likes,
             sum(pt.comments)::bigint as comments, sum(pt.shares)::bigint as shares
        from post_targets pt
        join posts p on p.id = pt.post_id
        join platform_accounts a on a.id = pt.account_id
       where pt.status = 'published' and ${PUBLISHED_AT} is not null ${targets}
       group by 1, 2, 3, 4
    ), upserted as (
      insert into metric_daily as m (id, business_id, platform, day, simulated, posts, reach, views, likes, comments, shares, updated_at)
      select gen_random_uuid(), business_id, platform, day, simulated, posts, reach, views, likes, comments, shares, now() from fresh
      on conflict (business_id, platform, day, simulated) do update
         set posts = excluded.posts, reach = excluded.reach, views = excluded.views, likes = excluded.likes,
             comments = excluded.comments, shares = excluded.shares, updated_at = excluded.updated_at
       -- an unchanged row is left alone (start-up recomputes everything)
       where (m.posts, m.reach, m.views, m.likes, m.comments, m.shares) is distinct from
             (excluded.posts, excluded.reach, excluded.views, excluded.likes, excluded.comments, excluded.shares)
      returning 1
    )
    delete from metric_daily m
     where ${rows}
       and not exists (select 1 from fresh f where f.business_id = m.business_id and f.platform = m.platform and f.day = m.day and f.simulated = m.simulated)`;
}

/** Recomputes one business's rows for the Kuwait days given (YYYY-MM-DD); days without published targets lose their rows. */
export async function refreshDailyMetrics(db: Sql, businessId: string, days: readonly string[]): Promise<void> {
  const unique = [...new Set(days)];
  if (!unique.length) return;
  await recompute(db, { businessId, days: unique });
}

/**
 * Brings every row in line with post_targets: run once at start-up so figures written before this
 * table existed (or while a process was down between a write and its refresh) are counted. One
 * aggregate over the published targets; with none, next to free. Returns the rows deleted.
 */
export function backfillDailyMetrics(db: Sql): Promise<number> {
  return recompute(db, null);
}

/**
 * Refreshes that collapse: while one business-day is being recomputed, further requests for it share
 * one more run that starts after the current one, instead of each running its own. A busy minute (a
 * campaign of posts due at once) then recomputes a day a few times, not once per target, and the
 * upserts no longer queue on the same row's lock. A request that starts the next run waits for it; one
 * that joins a run already queued returns at once (that run starts after its change, so counts it),
 * so a publishing job never waits behind other jobs' refreshes. `idle()` waits for all of them.
 */
export function createDailyMetricsRefresher(db: Sql, onError: (e: Error, businessId: string) => void) {
  const waiting = new Map<string, Promise<void>>();
  const last = new Map<string, Promise<void>>();
  const one = (businessId: string, day: string): Promise<void> | null => {
    const key = `${businessId}|${day}`;
    if (waiting.has(key)) return null; // queued, not started: it will count this change too
    const run = (last.get(key) ?? Promise.resolve()).then(async () => {
      waiting.delete(key);
      await refreshDailyMetrics(db, businessId, [day]).catch((e: Error) => onError(e, businessId));
    });
    waiting.set(key, run);
    last.set(key, run);
    void run.finally(() => {
      if (last.get(key) === run) last.delete(key);
    });
    return run;
  };
  return {
    refresh: async (businessId: string, days: readonly string[]) => {
      await Promise.all([...new Set(days)].map((d) => one(businessId, d)));
    },
    idle: async () => {
      await Promise.all([...last.values()]);
    },
  };
}
