// Analytics' realtime view: the last 24 hours of a business, ending now. The targets it
// published in them with their current figures (in total and by Kuwait hour), what is publishing at
// this moment and what is due in the next hour, and when figures were last collected. Every query
// is bounded by an index: posts (business, published_at) and post_targets (status, due_at). The
// subscription pushes a fresh view whenever one of the business's posts changes status or the
// metrics job writes its figures.
import { engagementRate } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import { Prisma, type Platform } from "../../generated/prisma/client.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { bursts, only } from "../../kernel/pubsub.ts";
import { sharedRuns } from "../../kernel/shared-runs.ts";
import type { AnalyticsFigures } from "./figures.ts";
import type { Scope } from "./query.ts";

const HOUR_MS = 3_600_000;
const HOURS = 24;
/** what "due soon" looks ahead */
const DUE_WITHIN_MS = 60 * 60_000;
/** the most rows either list shows */
const LIST_LIMIT = 50;
const EXCERPT_CHARS = 80;
/** events closer together than this send one fresh view */
const QUIET_MS = 150;

type Sums = Pick<AnalyticsFigures, "posts" | "reach" | "views" | "likes" | "comments" | "shares">;

export interface RealtimeHour extends Sums {
  /** the hour's first instant */
  start: Date;
  /** the hour of the day in Kuwait, 0-23 */
  hour: number;
}

export interface RealtimeTarget {
  targetId: string;
  postId: string;
  platform: Platform;
  /** publishing: being sent now; pending: due within the next hour */
  status: "publishing" | "pending";
  /** the post's text, cut to 80 characters */
  excerpt: string;
  dueAt: Date | null;
  /** a demo account's target (the simulated network) */
  simulated: boolean;
}

export interface AnalyticsRealtime {
  clientId: string;
  /** the window: the current hour and the 23 before it, ending now */
  from: Date;
  to: Date;
  generatedAt: Date;
  simulatedIncluded: boolean;
  /** targets published in the window, with their figures as last collected */
  totals: AnalyticsFigures;
  /** the same by the hour they were published in, oldest first: 24 hours */
  hours: RealtimeHour[];
  publishing: RealtimeTarget[];
  /** scheduled targets whose time comes within the next 60 minutes, soonest first */
  dueSoon: RealtimeTarget[];
  /** when the metrics job last wrote figures for one of the business's posts (last 31 days); null if never */
  metricsAt: Date | null;
}

const excerpt = (text: string) => {
  const chars = [...text.replace(/\s+/g, " ").trim()];
  return chars.length > EXCERPT_CHARS ? `${chars.slice(0, EXCERPT_CHARS - 1).join("")}…` : chars.join("");
};

/** Each network's engagement over its own audience (reach, or views where it gives none), as the overview counts it. */
function withRate(byPlatform: Sums[]): AnalyticsFigures {
  const s = byPlatform.reduce<Sums>(
    (a, b) => ({
      posts: a.posts + b.posts,
      reach: a.reach + b.reach,
      views: a.views + b.views,
      likes: a.likes + b.likes,
      comments: a.comments + b.comments,
      shares: a.shares + b.shares,
    }),
    { posts: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0 },
  );
  const audience = byPlatform.reduce((n, p) => n + (p.reach > 0 ? p.reach : p.views), 0);
  return { ...s, engagementRate: engagementRate({ ...s, reach: audience, views: 0 }) };
}

export interface RealtimeQuery {
  clientId?: unknown;
  includeSimulated?: unknown;
}

export function createRealtimeService(deps: Deps, analytics: { scope: Scope }) {
  const { db, pubsub } = deps;
  // the business's open realtime views ask together after each of its events: one read for all of them
  const live = sharedRuns<AnalyticsRealtime>({ keepMs: QUIET_MS });
  const heard: AsyncIterableIterator<{ businessId: string }>[] = [];

  /** The tenancy rule of every analytics question; the realtime view takes no range. */
  const scope = (viewer: Viewer | null, input: RealtimeQuery) =>
    analytics.scope(viewer, { clientId: input.clientId, includeSimulated: input.includeSimulated });

  async function view(clientId: string, includeSimulated: boolean, now = new Date()): Promise<AnalyticsRealtime> {
    // Kuwait is UTC+3 all year: its hours start when UTC's do
    const currentHour = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
    const from = new Date(currentHour - (HOURS - 1) * HOUR_MS);
    const shown = Prisma.sql`(${includeSimulated} or not (pt.metrics_simulated or a.demo))`;
    const targetRow = Prisma.sql`pt.id as "targetId", p.id as "postId", pt.platform::text as platform, pt.status::text as status, pt.due_at as "dueAt", p.content, a.demo as simulated`;
    type Listed = Omit<RealtimeTarget, "excerpt" | "dueAt"> & { content: string; dueAt: string | null };
    const [published, [lists]] = await Promise.all([
      // a target counts in the hour it went out; its post went out first, at most a day before (a
      // sibling delayed by a rate limit), which keeps the scan on the (business, published_at) index
      db.$queryRaw<(Sums & { platform: Platform; hourNo: number })[]>`
        select pt.platform::text as platform, floor(extract(epoch from coalesce(pt.published_at, p.published_at)) / 3600)::int as "hourNo",
               count(*)::int as posts, sum(pt.reach)::float8 as reach, sum(pt.views)::float8 as views, sum(pt.likes)::float8 as likes,
               sum(pt.comments)::float8 as comments, sum(pt.shares)::float8 as shares
          from posts p
          join post_targets pt on pt.post_id = p.id
          join platform_accounts a on a.id = pt.account_id
         where p.business_id = ${clientId}::uuid
           and p.published_at >= ${new Date(from.getTime() - 24 * HOUR_MS)} and p.published_at <= ${now}
           and pt.status = 'published' and coalesce(pt.published_at, p.published_at) between ${from} and ${now}
           and ${shown}
         group by 1, 2`,
      // what is going out and what is due soon, and the latest collection, in one statement
      db.$queryRaw<{ publishing: unknown; dueSoon: unknown; at: Date | null }[]>`
        select
          (select coalesce(json_agg(x order by x.n), '[]'::json) from (
             select ${targetRow}, row_number() over (order by pt.attempt_started_at nulls last, pt.id) as n
               from post_targets pt
               join posts p on p.id = pt.post_id
               join platform_accounts a on a.id = pt.account_id
              where pt.status = 'publishing' and p.business_id = ${clientId}::uuid
              order by pt.attempt_started_at nulls last, pt.id
              limit ${LIST_LIMIT}) x) as "publishing",
          (select coalesce(json_agg(x order by x.n), '[]'::json) from (
             select ${targetRow}, row_number() over (order by pt.due_at, pt.id) as n
               from post_targets pt
               join posts p on p.id = pt.post_id
               join platform_accounts a on a.id = pt.account_id
              where pt.status = 'pending' and pt.due_at between ${now} and ${new Date(now.getTime() + DUE_WITHIN_MS)}
                and p.business_id = ${clientId}::uuid and p.status in ('scheduled', 'publishing')
              order by pt.due_at, pt.id
              limit ${LIST_LIMIT}) x) as "dueSoon",
          -- the metrics job collects the last 30 days' posts: the latest collection is among them
          (select max(pt.metrics_at)
             from posts p
             join post_targets pt on pt.post_id = p.id
             join platform_accounts a on a.id = pt.account_id
            where p.business_id = ${clientId}::uuid and p.published_at >= ${new Date(now.getTime() - 31 * 24 * HOUR_MS)} and ${shown}) as "at"`,
    ]);
    const json = <T>(v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as T;
    const publishing = json<Listed[]>(lists!.publishing);
    const dueSoon = json<Listed[]>(lists!.dueSoon);
    const latest = [{ at: lists!.at }];

    const firstHour = from.getTime() / HOUR_MS;
    const hours: RealtimeHour[] = Array.from({ length: HOURS }, (_, i) => {
      const start = new Date(from.getTime() + i * HOUR_MS);
      return {
        start,
        hour: (start.getUTCHours() + 3) % 24,
        posts: 0,
        reach: 0,
        views: 0,
        likes: 0,
        comments: 0,
        shares: 0,
      };
    });
    const byPlatform = new Map<Platform, Sums>();
    for (const r of published) {
      const h = hours[r.hourNo - firstHour];
      const p = byPlatform.get(r.platform) ?? { posts: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0 };
      for (const k of ["posts", "reach", "views", "likes", "comments", "shares"] as const) {
        if (h) h[k] += r[k];
        p[k] += r[k];
      }
      byPlatform.set(r.platform, p);
    }
    const target = (t: Listed): RealtimeTarget => ({
      targetId: t.targetId,
      postId: t.postId,
      platform: t.platform,
      status: t.status,
      excerpt: excerpt(t.content),
      dueAt: t.dueAt === null ? null : new Date(t.dueAt),
      simulated: t.simulated,
    });
    return {
      clientId,
      from,
      to: now,
      generatedAt: now,
      simulatedIncluded: includeSimulated,
      totals: withRate([...byPlatform.values()]),
      hours,
      publishing: publishing.map(target),
      dueSoon: dueSoon.map(target),
      metricsAt: latest[0]?.at ?? null,
    };
  }

  return {
    /** The last 24 hours of `clientId` (the business id; its own people, or an admin), ending now. */
    async realtime(
      viewer: Viewer | null,
      input: RealtimeQuery,
      opts: { live?: boolean } = {},
    ): Promise<AnalyticsRealtime> {
      const q = await scope(viewer, input);
      // `live`: the subscription's read, shared by the business's subscribers (kernel/shared-runs.ts)
      if (opts.live)
        return live.run(`${q.clientId}/${q.includeSimulated}`, () => view(q.clientId, q.includeSimulated), q.clientId);
      return view(q.clientId, q.includeSimulated);
    },

    /** Hears the events a realtime view changes with, so that shared reads are never older than them. */
    async start() {
      for (const topic of ["post.changed", "metrics.changed"] as const) {
        const events = pubsub.subscribe(topic);
        heard.push(events);
        void (async () => {
          for await (const e of events) live.changed(e.businessId);
        })();
      }
      live.watch(true);
    },
    async stop() {
      live.watch(false);
      for (const events of heard.splice(0)) await events.return?.();
    },

    /**
     * The subscription's stream: the tenancy rule is checked once, on subscribing (refused: the
     * subscription ends with the error); then a value at once and one after each of the business's
     * post or metrics events.
     */
    async changes(viewer: Viewer | null, input: RealtimeQuery): Promise<AsyncIterableIterator<string>> {
      const q = await scope(viewer, input);
      const mine = (it: AsyncIterableIterator<{ businessId: string }>) =>
        ["changed", only(it, (e) => e.businessId === q.clientId)] as const;
      return bursts([mine(pubsub.subscribe("post.changed")), mine(pubsub.subscribe("metrics.changed"))], {
        quietMs: QUIET_MS,
        first: "changed",
      });
    },
  };
}

// ---------------------------------------------------------------- the REST door's shape
// (here rather than in analytics.rest.ts, whose route only calls it: the wire shape sits by its type)

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const restTarget = (t: RealtimeTarget) => ({
  target_id: t.targetId,
  post_id: t.postId,
  platform: t.platform,
  status: t.status,
  excerpt: t.excerpt,
  due_at: iso(t.dueAt),
  simulated: t.simulated,
});

export const restRealtime = (r: AnalyticsRealtime) => ({
  client_id: r.clientId,
  from: r.from.toISOString(),
  to: r.to.toISOString(),
  generated_at: r.generatedAt.toISOString(),
  simulated_included: r.simulatedIncluded,
  totals: {
    posts: r.totals.posts,
    reach: r.totals.reach,
    views: r.totals.views,
    likes: r.totals.likes,
    comments: r.totals.comments,
    shares: r.totals.shares,
    engagement_rate: r.totals.engagementRate,
  },
  hours: r.hours.map((h) => ({
    start: h.start.toISOString(),
    hour: h.hour,
    posts: h.posts,
    reach: h.reach,
    views: h.views,
    likes: h.likes,
    comments: h.comments,
    shares: h.shares,
  })),
  publishing: r.publishing.map(restTarget),
  due_soon: r.dueSoon.map(restTarget),
  metrics_at: iso(r.metricsAt),
});
