// The client dashboard's analytics: views, likes and engagement rate over the last 30
// Kuwait days from the daily rows, with their change against the 30 days before, and the business's
// recent activity from its own rows (posts published with their figures, posts scheduled, competitor
// figures recorded, reviews received); beside them the counts of posts and the recent posts
// (clientDashboard). The business is the caller's, decided by the analytics service's dashboard().
import {
  activityExcerpt,
  addDays,
  CLIENT_RECENT_ACTIVITY,
  clientActivityText,
  DASHBOARD_DAYS,
  kuwaitDate,
  NETWORKS,
  previousPeriod,
  type ActivityPlatform,
  type ClientActivityType,
  type Locale,
} from "@sufra/schema";
import type { Db } from "../../db/prisma.ts";
import { Prisma, type Platform } from "../../generated/prisma/client.ts";
import { inTransaction, readPosts } from "../posts/index.ts";
import { audienceOf, engagementOf, rateOver } from "./figures.ts";
import { compare } from "./series.ts";
import {
  dailyFiguresQuery,
  publishedPostCountQuery,
  simulatedByDefault,
  type DailyFigures,
  type FigureScope,
} from "./source.ts";

export interface ActivityMetadata {
  likes: number | null;
  /** percent */
  engagementRate: number | null;
  /** a review's stars, 1..5 */
  rating: number | null;
}

export interface ClientActivity {
  /** "<type>:<row id>", stable across calls */
  id: string;
  type: ClientActivityType;
  /** whom the title names: a competitor, a reviewer; null for posts */
  subject: string | null;
  /** the text quoted under the title: a caption's or a review's opening words, a competitor's handle */
  excerpt: string | null;
  timestamp: Date;
  /** null when the activity belongs to no network (a review from Google or Talabat) */
  platform: ActivityPlatform | null;
  metadata: ActivityMetadata | null;
  /** the post, competitor or review it is about */
  entityId: string;
  /** when a scheduled post is due */
  scheduledFor: Date | null;
}

interface DashboardAnalytics {
  /** the 30 Kuwait days the figures cover, today included */
  period: { from: string; to: string };
  /** posts published in the period, each once: the same count as analytics' publishedPosts for these days */
  publishedPosts: number;
  views: number;
  likes: number;
  /** percent; null before anything published in the period had an audience */
  engagementRate: number | null;
  /** change against the 30 days before, in percent; null when those had none */
  viewsChange: number | null;
  likesChange: number | null;
  engagementRateChange: number | null;
  /** demo accounts' simulated figures are counted (a business with demo accounts only) */
  simulatedIncluded: boolean;
  recentActivity: ClientActivity[];
}

/** The activity's title and description in a language (the web client writes the same from its parts). */
export const activityTexts = (a: ClientActivity, locale: Locale) =>
  clientActivityText(a.type, { subject: a.subject, excerpt: a.excerpt }, locale);

const networkOf = (platforms: readonly Platform[]): ActivityPlatform | null => {
  const unique = [...new Set(platforms)];
  return unique.length === 0 ? null : unique.length === 1 ? unique[0]! : "multiple";
};

/** Review sources that are networks Sufra knows; anything else (Talabat, typed in) belongs to none. */
const REVIEW_NETWORKS: Readonly<Record<string, ActivityPlatform>> = Object.fromEntries(
  NETWORKS.flatMap((n) => [n.id, ...(n.aliases ?? [])].map((name) => [name, n.id])),
);

interface ActivityRows {
  published: {
    id: string;
    content: string;
    publishedAt: string;
    targets: {
      platform: Platform;
      reach: number;
      views: number;
      likes: number;
      comments: number;
      shares: number;
      metricsSimulated: boolean;
      demo: boolean;
    }[];
  }[];
  scheduled: { id: string; content: string; updatedAt: string; scheduledFor: string | null; platforms: Platform[] }[];
  snapshots: {
    id: string;
    updatedAt: string;
    avgEngagement: number | null;
    competitorId: string;
    name: string;
    handle: string;
  }[];
  reviews: { id: string; author: string; text: string; source: string; rating: number | null; createdAt: string }[];
}

/**
 * The four kinds of activity, each its latest `take`, in one statement (each part bounded by its index:
 * posts (business_id, published_at) and (business_id, status), a business's few competitors, reviews
 * by business), with the dashboard's three post counts beside them, and the figures' days (`daily`, the
 * 60 days compared) and posts published (`publishedCount`, the 30 days) as analytics reads them (source.ts):
 * the screen's reads in one statement (docs/architecture.md#how-a-request-flows).
 */
async function activityAndCounts(
  db: Db,
  businessId: string,
  take: number,
  figures: { daily: FigureScope; published: FigureScope },
) {
  const [r] = await db.$queryRaw<
    ({ total: number; scheduledCount: number; pending: number; publishedCount: number } & Record<
      keyof ActivityRows | "daily",
      unknown
    >)[]
  >`
    select
      (select coalesce(json_agg(d), '[]'::json) from (${dailyFiguresQuery(figures.daily)}) d) as "daily",
      (${publishedPostCountQuery(figures.published)}) as "publishedCount",
      -- every post the business wrote: its counter (post_counts), not a count of its history
      (select coalesce((select posts from post_counts where business_id = ${businessId}::uuid), 0)) as "total",
      (select count(*)::int from posts where business_id = ${businessId}::uuid and status = 'scheduled') as "scheduledCount",
      (select count(*)::int from posts where business_id = ${businessId}::uuid and status in ('draft', 'publishing', 'unconfirmed')) as "pending",
      (select coalesce(json_agg(x), '[]'::json) from (
         select p.id, p.content, p.published_at as "publishedAt",
                (select coalesce(json_agg(json_build_object('platform', t.platform, 'reach', t.reach, 'views', t.views, 'likes', t.likes,
                          'comments', t.comments, 'shares', t.shares, 'metricsSimulated', t.metrics_simulated, 'demo', a.demo) order by t.id), '[]'::json)
                   from post_targets t join platform_accounts a on a.id = t.account_id where t.post_id = p.id and t.status = 'published') as targets
           from posts p
          where p.business_id = ${businessId}::uuid and p.status in ('published', 'partially_published') and p.published_at is not null
          order by p.published_at desc, p.id desc limit ${take}) x) as "published",
      (select coalesce(json_agg(x), '[]'::json) from (
         select p.id, p.content, p.updated_at as "updatedAt", p.scheduled_for as "scheduledFor",
                (select coalesce(json_agg(t.platform order by t.id), '[]'::json) from post_targets t where t.post_id = p.id) as platforms
           from posts p
          where p.business_id = ${businessId}::uuid and p.status = 'scheduled'
          order by p.updated_at desc, p.id desc limit ${take}) x) as "scheduled",
      (select coalesce(json_agg(x), '[]'::json) from (
         select s.id, s.updated_at as "updatedAt", s.avg_engagement as "avgEngagement", c.id as "competitorId", c.name, c.handle
           from competitor_snapshots s join competitors c on c.id = s.competitor_id
          where c.business_id = ${businessId}::uuid
          order by s.updated_at desc, s.id desc limit ${take}) x) as "snapshots",
      (select coalesce(json_agg(x), '[]'::json) from (
         select r.id, r.author, r.text, r.source, r.rating, r.created_at as "createdAt"
           from reviews r where r.business_id = ${businessId}::uuid
          order by r.created_at desc, r.id desc limit ${take}) x) as "reviews"`;
  const json = <T>(v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as T;
  const rows: ActivityRows = {
    published: json(r!.published),
    scheduled: json(r!.scheduled),
    snapshots: json(r!.snapshots),
    reviews: json(r!.reviews),
  };
  return {
    total: r!.total,
    scheduled: r!.scheduledCount,
    pending: r!.pending,
    rows,
    daily: json<DailyFigures[]>(r!.daily),
    publishedPosts: r!.publishedCount,
  };
}

/** The latest CLIENT_RECENT_ACTIVITY things that happened in the business, newest first. */
function recentActivity(
  { published, scheduled, snapshots, reviews }: ActivityRows,
  includeSimulated: boolean,
): ClientActivity[] {
  const take = CLIENT_RECENT_ACTIVITY;
  const items: ClientActivity[] = [
    ...published.map((p): ClientActivity => {
      const counted = p.targets.filter((t) => includeSimulated || !(t.metricsSimulated || t.demo));
      const likes = counted.reduce((n, t) => n + t.likes, 0);
      const engaged = counted.reduce((n, t) => n + engagementOf(t), 0);
      const audience = counted.reduce((n, t) => n + audienceOf(t), 0);
      return {
        id: `post_published:${p.id}`,
        type: "post_published",
        subject: null,
        excerpt: activityExcerpt(p.content),
        timestamp: new Date(p.publishedAt),
        platform: networkOf(p.targets.map((t) => t.platform)),
        // figures not counted (a demo account's, when simulated figures are left out) are not shown either
        metadata: counted.length ? { likes, engagementRate: rateOver(engaged, audience), rating: null } : null,
        entityId: p.id,
        scheduledFor: null,
      };
    }),
    ...scheduled.map((p): ClientActivity => ({
      id: `schedule:${p.id}`,
      type: "schedule",
      subject: null,
      excerpt: activityExcerpt(p.content),
      timestamp: new Date(p.updatedAt),
      platform: networkOf(p.platforms),
      metadata: null,
      entityId: p.id,
      scheduledFor: p.scheduledFor === null ? null : new Date(p.scheduledFor),
    })),
    ...snapshots.map((s): ClientActivity => ({
      id: `competitor:${s.id}`,
      type: "competitor",
      subject: s.name,
      excerpt: `@${s.handle}`,
      timestamp: new Date(s.updatedAt),
      platform: "analysis",
      metadata: s.avgEngagement === null ? null : { likes: null, engagementRate: s.avgEngagement, rating: null },
      entityId: s.competitorId,
      scheduledFor: null,
    })),
    ...reviews.map((r): ClientActivity => ({
      id: `comment:${r.id}`,
      type: "comment",
      subject: r.author.trim() || null,
      excerpt: activityExcerpt(r.text),
      timestamp: new Date(r.createdAt),
      platform: REVIEW_NETWORKS[r.source.toLowerCase()] ?? null,
      metadata: { likes: null, engagementRate: null, rating: r.rating },
      entityId: r.id,
      scheduledFor: null,
    })),
  ];
  return items.sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? 1 : -1)).slice(0, take);
}

/** The dashboard's figures and activity for a business (the caller's: the posts service decided), and its post counts. */
async function dashboardAnalytics(db: Db, businessId: string, today: string = kuwaitDate()) {
  const from = addDays(today, -(DASHBOARD_DAYS - 1));
  const previous = previousPeriod(from, today);
  // asked by every analytics field of the screen, once per request (and per batch)
  const includeSimulated = await simulatedByDefault(db, businessId);
  const own = await activityAndCounts(db, businessId, CLIENT_RECENT_ACTIVITY, {
    daily: { businessId, from: previous.from, to: today, includeSimulated, campaignId: null },
    published: { businessId, from, to: today, includeSimulated, campaignId: null },
  });
  const publishedPosts = own.publishedPosts;
  const { totals, change } = compare(own.daily, from);
  const analytics: DashboardAnalytics = {
    period: { from, to: today },
    publishedPosts,
    views: totals.views,
    likes: totals.likes,
    engagementRate: totals.engagementRate,
    viewsChange: change.views,
    likesChange: change.likes,
    engagementRateChange: change.engagementRate,
    simulatedIncluded: includeSimulated,
    recentActivity: recentActivity(own.rows, includeSimulated),
  };
  return { analytics, counts: own };
}

/** The client dashboard (docs/product.md#data-shapes): the counts of posts, the figures and activity above, and the recent posts. */
export async function clientDashboard(db: Db, businessId: string) {
  const [{ analytics, counts }, recent] = await Promise.all([
    dashboardAnalytics(db, businessId),
    // one statement with their targets, media, author and campaign (the posts page's reader)
    readPosts(inTransaction(db), {
      where: Prisma.sql`p.business_id = ${businessId}::uuid and p.status <> 'draft'`,
      orderBy: Prisma.sql`p.updated_at desc`,
      take: 5,
    }),
  ]);
  return {
    totalPosts: counts.total,
    ...analytics,
    scheduledPosts: counts.scheduled,
    pendingPosts: counts.pending,
    recent: recent.items,
  };
}
