// The inbox in figures (docs/product.md#analytics-figures): how often and how fast a café answers what guests
// write, per source and per branch (Google location), how guests rate it over time, and which topics
// come up more or less than in the period before. An item belongs to the Kuwait day it was written
// (writtenAt in Asia/Kuwait), the analytics range rule and tenancy are analytics' own (its scope), and
// demo items count exactly where analytics counts demo accounts' simulated figures. Three aggregate
// statements over the (business, written_at) index, whatever the number of items, and a fourth for review
// requests: the printed QR codes' scans against the Google reviews that came, per location.
import {
  analyticsBuckets,
  bucketOf,
  guestRatingInterval,
  percentChange,
  previousPeriod,
  REVIEW_TOPIC_KEYS,
  responseRate,
  topicTrend,
  type AnalyticsInterval,
  type GuestTrend,
} from "@sufra/schema";
import { Prisma } from "../../generated/prisma/client.ts";
import type { Deps } from "../../deps.ts";
import type { Viewer } from "../../kernel/policy.ts";
import type { AnalyticsService } from "../analytics/index.ts";

type Question = Parameters<AnalyticsService["scope"]>[1];

export interface GuestResponseFigures {
  /** items written in the range */
  items: number;
  /** answered ones: replied through Sufra (sent), found answered on the network (network), or marked replied by a person (marked) */
  answered: number;
  /** answered over items, 0-1; null without items */
  responseRate: number | null;
  /** answered ones with a trustworthy time (sent or network); marked ones have none */
  timed: number;
  /** the median of repliedAt - writtenAt over the timed ones, whole seconds; null without any */
  medianResponseSeconds: number | null;
}

export interface GuestSourceFigures extends GuestResponseFigures {
  /** a REVIEW_SOURCES key: google, instagram, talabat, manual... */
  source: string;
}

export interface GuestBranchFigures extends GuestResponseFigures {
  /** the Google location; null: items without one (typed, imported, Instagram) */
  locationId: string | null;
  /** the location's title; null with locationId */
  branch: string | null;
}

export interface GuestRatingPoint {
  /** the bucket's first day, YYYY-MM-DD Kuwait (a week's Saturday, which may come before the range) */
  date: string;
  /** the range's days in the bucket */
  days: number;
  /** reviews with stars written in it */
  count: number;
  /** their average stars, two decimals; null without any */
  average: number | null;
}

export interface GuestTopicTrend {
  /** a REVIEW_TOPICS key */
  topic: string;
  /** items in the range that talk about it */
  count: number;
  /** the same over the previous period of equal length */
  previous: number;
  /** count - previous */
  change: number;
  /** the change in percent of previous; null when previous was 0 */
  changePercent: number | null;
  trend: GuestTrend;
}

/** Review requests (docs/architecture.md#review-requests): scans of the printed QR codes against new Google reviews. */
export interface ReviewRequestFigures {
  /** scans: counted clicks of the location's review short links, on the range's Kuwait days */
  requests: number;
  /** Google reviews of the location written in the range */
  received: number;
}

export interface ReviewRequestBranchFigures extends ReviewRequestFigures {
  locationId: string;
  /** the location's title */
  branch: string;
}

export interface InboxFigures {
  clientId: string;
  from: string;
  to: string;
  previous: { from: string; to: string };
  /** demo items are counted (as analytics counts demo accounts' simulated figures) */
  simulatedIncluded: boolean;
  total: GuestResponseFigures;
  /** sources with items in the range, most items first */
  bySource: GuestSourceFigures[];
  /** branches with items in the range, most items first; "no branch" (locationId null) last */
  byBranch: GuestBranchFigures[];
  rating: {
    /** day for a range of 31 days or less, else Kuwait weeks from Saturday */
    interval: AnalyticsInterval;
    /** reviews with stars in the range and their average (two decimals; null without any) */
    count: number;
    average: number | null;
    /** every bucket of the range, zero-filled */
    points: GuestRatingPoint[];
  };
  /** every known topic, and any other found, most mentioned first */
  topics: GuestTopicTrend[];
  /** review requests against reviews received, in total and per Google location with either, most scans first */
  reviewRequests: ReviewRequestFigures & { byBranch: ReviewRequestBranchFigures[] };
}

interface ResponseRow {
  source: string | null;
  locationId: string | null;
  branch: string | null;
  bySource: number;
  byLocation: number;
  items: number;
  answered: number;
  timed: number;
  median: number | null;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const figuresOf = (r: ResponseRow | undefined): GuestResponseFigures => ({
  items: r?.items ?? 0,
  answered: r?.answered ?? 0,
  responseRate: responseRate(r?.answered ?? 0, r?.items ?? 0),
  timed: r?.timed ?? 0,
  medianResponseSeconds: r?.median == null ? null : Math.round(r.median),
});
/** Kuwait midnight at the start of a YYYY-MM-DD day, as an instant. */
const kuwaitMidnight = (day: string) => Prisma.sql`(${day}::date)::timestamp at time zone 'Asia/Kuwait'`;

export function createInboxFiguresService(deps: Pick<Deps, "db">, analytics: Pick<AnalyticsService, "scope">) {
  const { db } = deps;

  return {
    /**
     * The inbox's figures for a business over a range of Kuwait days. A campaign does not narrow them
     * (guests write about the café, not a campaign): the question is asked without one.
     */
    async figures(viewer: Viewer | null, input: Question): Promise<InboxFigures> {
      const q = await analytics.scope(viewer, { ...input, campaignId: undefined });
      const previous = previousPeriod(q.from, q.to);
      const start = kuwaitMidnight(q.from);
      const end = Prisma.sql`(${q.to}::date + 1)::timestamp at time zone 'Asia/Kuwait'`;
      const demo = Prisma.sql`(${q.includeSimulated} or not r.demo)`;
      const interval = guestRatingInterval(q.from, q.to);

      const [responses, ratings, topics, requests] = await Promise.all([
        // answered: status replied or a replied_via (older rows were marked replied: the migration wrote "marked");
        // timed: sent or network with a reply time, the only answers whose time is the guest's wait
        db.$queryRaw<ResponseRow[]>`
          select source, location_id::text as "locationId", max(branch) as branch,
                 grouping(source)::int as "bySource", grouping(location_id)::int as "byLocation",
                 count(*)::int as items, count(*) filter (where answered)::int as answered, count(*) filter (where timed)::int as timed,
                 percentile_cont(0.5) within group (order by wait) filter (where timed) as median
            from (select r.source, r.location_id, l.title as branch,
                         (r.status = 'replied' or r.replied_via is not null) as answered,
                         (r.replied_via in ('sent', 'network') and r.replied_at is not null and r.replied_at >= r.written_at) as timed,
                         extract(epoch from (r.replied_at - r.written_at))::float8 as wait
                    from reviews r left join google_locations l on l.id = r.location_id
                   where r.business_id = ${q.clientId}::uuid and r.written_at >= ${start} and r.written_at < ${end} and ${demo}) i
           group by grouping sets ((source), (location_id), ())`,
        db.$queryRaw<{ day: string; count: number; stars: number }[]>`
          select to_char((r.written_at at time zone 'Asia/Kuwait')::date, 'YYYY-MM-DD') as day, count(*)::int as count, sum(r.rating)::float8 as stars
            from reviews r
           where r.business_id = ${q.clientId}::uuid and r.written_at >= ${start} and r.written_at < ${end} and ${demo}
             and r.kind = 'review' and r.rating is not null
           group by 1`,
        db.$queryRaw<{ topic: string; count: number; previous: number }[]>`
          select t.topic, count(*) filter (where r.written_at >= ${start})::int as count, count(*) filter (where r.written_at < ${start})::int as previous
            from reviews r cross join lateral unnest(r.topics) as t(topic)
           where r.business_id = ${q.clientId}::uuid and r.written_at >= ${kuwaitMidnight(previous.from)} and r.written_at < ${end} and ${demo}
           group by 1`,
        // review requests: the review short links' counted scans by Kuwait day, and the Google reviews written, per
        // location and in total (docs/architecture.md#review-requests); scans are real clicks, demo or not
        db.$queryRaw<
          { locationId: string | null; branch: string | null; total: number; requests: number; received: number }[]
        >`
          select l.id::text as "locationId", max(l.title) as branch, grouping(l.id)::int as total,
                 coalesce(sum(x.requests), 0)::int as requests, coalesce(sum(x.received), 0)::int as received
            from (select s.location_id, d.clicks as requests, 0 as received
                    from short_links s join short_link_days d on d.link_id = s.id
                   where s.business_id = ${q.clientId}::uuid and s.kind = 'review' and s.location_id is not null
                     and d.day >= ${q.from}::date and d.day <= ${q.to}::date
                  union all
                  select r.location_id, 0, 1
                    from reviews r
                   where r.business_id = ${q.clientId}::uuid and r.source = 'google' and r.kind = 'review' and r.location_id is not null
                     and r.written_at >= ${start} and r.written_at < ${end} and ${demo}) x
            join google_locations l on l.id = x.location_id and l.business_id = ${q.clientId}::uuid
           group by grouping sets ((l.id), ())`,
      ]);
      const requestsTotal = requests.find((r) => r.total === 1);
      const requestsByBranch = requests
        .filter((r) => r.total === 0 && r.locationId)
        .map((r) => ({ locationId: r.locationId!, branch: r.branch ?? "", requests: r.requests, received: r.received }))
        .sort((a, b) => b.requests - a.requests || b.received - a.received || a.branch.localeCompare(b.branch));

      const total = responses.find((r) => r.bySource === 1 && r.byLocation === 1);
      const bySource = responses
        .filter((r) => r.bySource === 0)
        .map((r) => ({ source: r.source!, ...figuresOf(r) }))
        .sort((a, b) => b.items - a.items || a.source.localeCompare(b.source));
      const byBranch = responses
        .filter((r) => r.byLocation === 0 && r.bySource === 1)
        .map((r) => ({ locationId: r.locationId, branch: r.locationId ? r.branch : null, ...figuresOf(r) }))
        .sort(
          (a, b) =>
            Number(a.locationId === null) - Number(b.locationId === null) ||
            b.items - a.items ||
            (a.branch ?? "").localeCompare(b.branch ?? ""),
        );

      const buckets = new Map<string, { count: number; stars: number }>();
      for (const r of ratings) {
        const b = bucketOf(r.day, interval);
        const sum = buckets.get(b) ?? { count: 0, stars: 0 };
        buckets.set(b, { count: sum.count + r.count, stars: sum.stars + r.stars });
      }
      const count = ratings.reduce((n, r) => n + r.count, 0);
      const stars = ratings.reduce((n, r) => n + r.stars, 0);
      const points = analyticsBuckets(q.from, q.to, interval).map(({ date, days }) => {
        const b = buckets.get(date);
        return { date, days, count: b?.count ?? 0, average: b?.count ? round2(b.stars / b.count) : null };
      });

      const found = new Map(topics.map((t) => [t.topic, t]));
      const keys = [
        ...REVIEW_TOPIC_KEYS,
        ...topics
          .map((t) => t.topic)
          .filter((t) => !(REVIEW_TOPIC_KEYS as string[]).includes(t))
          .sort(),
      ];
      const trends = keys
        .map((topic) => {
          const now = found.get(topic)?.count ?? 0;
          const before = found.get(topic)?.previous ?? 0;
          return {
            topic,
            count: now,
            previous: before,
            change: now - before,
            changePercent: percentChange(now, before),
            trend: topicTrend(now, before),
          };
        })
        .sort((a, b) => b.count - a.count || keys.indexOf(a.topic) - keys.indexOf(b.topic));

      return {
        clientId: q.clientId,
        from: q.from,
        to: q.to,
        previous,
        simulatedIncluded: q.includeSimulated,
        total: figuresOf(total),
        bySource,
        byBranch,
        rating: { interval, count, average: count ? round2(stars / count) : null, points },
        topics: trends,
        reviewRequests: {
          requests: requestsTotal?.requests ?? 0,
          received: requestsTotal?.received ?? 0,
          byBranch: requestsByBranch,
        },
      };
    },
  };
}
