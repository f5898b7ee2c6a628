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
  previousPeriod,
  type ActivityPlatform,
  type ClientActivityType,
  type Locale,
} from "@sufra/schema";
import type { Db } from "../../db/prisma.ts";
import type { Platform } from "../../generated/prisma/client.ts";
import { postInclude } from "../posts/index.ts";
import { audienceOf, engagementOf, rateOver } from "./figures.ts";
import { compare } from "./series.ts";
import { dailyFigures, publishedPostCount, simulatedByDefault } from "./source.ts";

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

export interface DashboardAnalytics {
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
export const activityTexts = (a: ClientActivity, locale: Locale) => clientActivityText(a.type, { subject: a.subject, excerpt: a.excerpt }, locale);

const networkOf = (platforms: readonly Platform[]): ActivityPlatform | null => {
  const unique = [...new Set(platforms)];
  return unique.length === 0 ? null : unique.length === 1 ? unique[0]! : "multiple";
};

/** Review sources that are networks Sufra knows; anything else (Talabat, typed in) belongs to none. */
const REVIEW_NETWORKS: Readonly<Record<string, ActivityPlatform>> = { instagram: "instagram", twitter: "twitter", x: "twitter", snapchat: "snapchat", google: "google" };

/** The latest CLIENT_RECENT_ACTIVITY things that happened in the business, newest first. */
export async function recentActivity(db: Db, businessId: string, includeSimulated: boolean): Promise<ClientActivity[]> {
  const take = CLIENT_RECENT_ACTIVITY;
  const [published, scheduled, snapshots, reviews] = await Promise.all([
    // (business_id, published_at) index
    db.post.findMany({
      where: { businessId, status: { in: ["published", "partially_published"] }, publishedAt: { not: null } },
      orderBy: [{ publishedAt: "desc" }, { id: "desc" }],
      take,
      select: {
        id: true,
        content: true,
        publishedAt: true,
        targets: { where: { status: "published" }, select: { platform: true, reach: true, views: true, likes: true, comments: true, shares: true, metricsSimulated: true, account: { select: { demo: true } } } },
      },
    }),
    // (business_id, status) index; a scheduled post's activity is the moment it was scheduled: its last change while it waits
    db.post.findMany({
      where: { businessId, status: "scheduled" },
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take,
      select: { id: true, content: true, updatedAt: true, scheduledFor: true, targets: { select: { platform: true } } },
    }),
    // a business follows few competitors; a second reading of a day replaces the first, so its update is the activity
    db.competitorSnapshot.findMany({
      where: { competitor: { businessId } },
      orderBy: [{ updatedAt: "desc" }, { id: "desc" }],
      take,
      select: { id: true, updatedAt: true, avgEngagement: true, competitor: { select: { id: true, name: true, handle: true } } },
    }),
    db.review.findMany({ where: { businessId }, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take, select: { id: true, author: true, text: true, source: true, rating: true, createdAt: true } }),
  ]);

  const items: ClientActivity[] = [
    ...published.map((p): ClientActivity => {
      const counted = p.targets.filter((t) => includeSimulated || !(t.metricsSimulated || t.account.demo));
      const likes = counted.reduce((n, t) => n + t.likes, 0);
      const engaged = counted.reduce((n, t) => n + engagementOf(t), 0);
      const audience = counted.reduce((n, t) => n + audienceOf(t), 0);
      return {
        id: `post_published:${p.id}`,
        type: "post_published",
        subject: null,
        excerpt: activityExcerpt(p.content),
        timestamp: p.publishedAt!,
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
      timestamp: p.updatedAt,
      platform: networkOf(p.targets.map((t) => t.platform)),
      metadata: null,
      entityId: p.id,
      scheduledFor: p.scheduledFor,
    })),
    ...snapshots.map((s): ClientActivity => ({
      id: `competitor:${s.id}`,
      type: "competitor",
      subject: s.competitor.name,
      excerpt: `@${s.competitor.handle}`,
      timestamp: s.updatedAt,
      platform: "analysis",
      metadata: s.avgEngagement === null ? null : { likes: null, engagementRate: s.avgEngagement, rating: null },
      entityId: s.competitor.id,
      scheduledFor: null,
    })),
    ...reviews.map((r): ClientActivity => ({
      id: `comment:${r.id}`,
      type: "comment",
      subject: r.author.trim() || null,
      excerpt: activityExcerpt(r.text),
      timestamp: r.createdAt,
      platform: REVIEW_NETWORKS[r.source.toLowerCase()] ?? null,
      metadata: { likes: null, engagementRate: null, rating: r.rating },
      entityId: r.id,
      scheduledFor: null,
    })),
  ];
  return items.sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? 1 : -1)).slice(0, take);
}

/** The dashboard's figures and activity for a business (the caller's: the posts service decided). */
export async function dashboardAnalytics(db: Db, businessId: string, today: string = kuwaitDate()): Promise<DashboardAnalytics> {
  const from = addDays(today, -(DASHBOARD_DAYS - 1));
  const previous = previousPeriod(from, today);
  const includeSimulated = await simulatedByDefault(db, businessId);
  const [rows, publishedPosts, activity] = await Promise.all([
    dailyFigures(db, { businessId, from: previous.from, to: today, includeSimulated, campaignId: null }),
    publishedPostCount(db, { businessId, from, to: today, includeSimulated, campaignId: null }),
    recentActivity(db, businessId, includeSimulated),
  ]);
  const { totals, change } = compare(rows, from);
  return {
    period: { from, to: today },
    publishedPosts,
    views: totals.views,
    likes: totals.likes,
    engagementRate: totals.engagementRate,
    viewsChange: change.views,
    likesChange: change.likes,
    engagementRateChange: change.engagementRate,
    simulatedIncluded: includeSimulated,
    recentActivity: activity,
  };
}

/** The client dashboard (docs/product.md#data-shapes): the counts of posts, the figures and activity above, and the recent posts. */
export async function clientDashboard(db: Db, businessId: string) {
  const [total, scheduled, pending, analytics, recent] = await Promise.all([
    db.post.count({ where: { businessId } }),
    db.post.count({ where: { businessId, status: "scheduled" } }),
    db.post.count({ where: { businessId, status: { in: ["draft", "publishing", "unconfirmed"] } } }),
    dashboardAnalytics(db, businessId),
    db.post.findMany({ where: { businessId, status: { not: "draft" } }, include: postInclude, orderBy: [{ updatedAt: "desc" }], take: 5 }),
  ]);
  return {
    totalPosts: total,
    ...analytics,
    scheduledPosts: scheduled,
    pendingPosts: pending,
    recent,
  };
}
