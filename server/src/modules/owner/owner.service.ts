// The owner dashboard's figures (docs/product.md#data-shapes, owner stats), for the people of one business, all read from
// the database. The business is always the caller's own (from the session, never from the request).
import { activityExcerpt, OWNER_RECENT_ACTIVITY, ownerActivityText, type Locale, type OwnerActivityType } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Plan, Platform, SubscriptionStatus } from "../../generated/prisma/client.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";

const DAY = 86_400_000;
export const BUSINESS_TIME_ZONE = "Asia/Kuwait";

export interface OwnerActivity {
  id: string;
  type: OwnerActivityType;
  /** what the activity is about: a post's opening words, a member's name; null when there is nothing to quote */
  subject: string | null;
  /** the network a platform_connected activity is about (named by the reader's language), else null */
  platform: Platform | null;
  timestamp: Date;
}

export interface OwnerStats {
  businessName: string;
  subscriptionPlan: Plan;
  subscriptionStatus: SubscriptionStatus;
  /** whole days until the subscription renews (or the trial ends); null before approval */
  daysUntilRenewal: number | null;
  totalPosts: number;
  scheduledPosts: number;
  publishedToday: number;
  /** a percentage (0-100): likes, comments and shares per reach over published targets; null before any reach */
  engagementRate: number | null;
  teamMembers: number;
  /** ids of connected platforms (instagram, twitter, snapchat); screens name them with platformLabel */
  platformsConnected: string[];
  recentActivity: OwnerActivity[];
}

/** The instant the day containing `now` began in `timeZone` (Kuwait keeps no daylight saving, but say what we mean). */
export function startOfDay(now: Date, timeZone = BUSINESS_TIME_ZONE): Date {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offset = wall - (now.getTime() - now.getMilliseconds());
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) - offset);
}

/** The activity's line in a language (REST's description; the web client writes the same from type and subject). */
export const activityDescription = (a: OwnerActivity, locale: Locale) => ownerActivityText(a.type, a.subject, locale, a.platform);

export function createOwnerService(deps: Deps) {
  const { db } = deps;

  return {
    /** The caller's business at a glance: owners and clients of a business; admins have none (403). */
    async stats(viewer: Viewer | null, now = new Date()): Promise<OwnerStats> {
      const v = requireScope(viewer, "business");
      if (v.role !== "owner" && v.role !== "client") throw new AppError("FORBIDDEN");
      const businessId = v.businessId!;
      const business = await db.business.findUnique({ where: { id: businessId }, include: { subscription: true, users: { orderBy: [{ createdAt: "asc" }, { id: "asc" }], take: 1, select: { id: true } } } });
      if (!business) throw new AppError("NOT_FOUND");
      const dayStart = startOfDay(now);
      const posts = { businessId };
      // the person who signed the business up did not "join" it; those who came afterwards did
      const joined = { businessId, createdAt: { gt: business.createdAt }, ...(business.users[0] ? { id: { not: business.users[0].id } } : {}) };

      const [accounts, figures] = await Promise.all([
        db.platformAccount.findMany({ where: { businessId, status: { not: "disconnected" } }, select: { platform: true, handle: true, connectedAt: true, id: true }, orderBy: { platform: "asc" } }),
        db.postTarget.aggregate({ where: { post: { businessId }, status: "published" }, _sum: { likes: true, comments: true, shares: true, reach: true } }),
      ]);
      const [totalPosts, scheduledPosts, publishedToday, teamMembers, published, scheduled, members] = await Promise.all([
        db.post.count({ where: posts }),
        db.post.count({ where: { ...posts, status: "scheduled" } }),
        db.post.count({ where: { ...posts, status: { in: ["published", "partially_published"] }, publishedAt: { gte: dayStart, lt: new Date(dayStart.getTime() + DAY) } } }),
        db.user.count({ where: { businessId } }),
        db.post.findMany({ where: { ...posts, status: "published", publishedAt: { not: null } }, orderBy: [{ publishedAt: "desc" }, { id: "desc" }], take: OWNER_RECENT_ACTIVITY, select: { id: true, content: true, publishedAt: true } }),
        // a scheduled post's activity is the moment it was scheduled: its last change while it waits
        db.post.findMany({ where: { ...posts, status: "scheduled" }, orderBy: [{ updatedAt: "desc" }, { id: "desc" }], take: OWNER_RECENT_ACTIVITY, select: { id: true, content: true, updatedAt: true } }),
        db.user.findMany({ where: joined, orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: OWNER_RECENT_ACTIVITY, select: { id: true, name: true, createdAt: true } }),
      ]);

      const recentActivity: OwnerActivity[] = [
        ...published.map((p) => ({ id: `post_published:${p.id}`, type: "post_published" as const, subject: activityExcerpt(p.content), platform: null, timestamp: p.publishedAt! })),
        ...scheduled.map((p) => ({ id: `post_scheduled:${p.id}`, type: "post_scheduled" as const, subject: activityExcerpt(p.content), platform: null, timestamp: p.updatedAt })),
        ...members.map((u) => ({ id: `team_joined:${u.id}`, type: "team_joined" as const, subject: u.name, platform: null, timestamp: u.createdAt })),
        ...accounts.map((a) => ({ id: `platform_connected:${a.id}`, type: "platform_connected" as const, subject: `@${a.handle}`, platform: a.platform, timestamp: a.connectedAt })),
      ]
        .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, OWNER_RECENT_ACTIVITY);

      const sub = business.subscription;
      const renewal = sub?.renewsAt ?? sub?.trialEndsAt ?? null;
      return {
        businessName: business.companyName,
        subscriptionPlan: sub?.plan ?? business.requestedPlan,
        subscriptionStatus: sub?.status ?? "trial",
        daysUntilRenewal: renewal ? Math.max(0, Math.ceil((renewal.getTime() - now.getTime()) / DAY)) : null,
        totalPosts,
        scheduledPosts,
        publishedToday,
        engagementRate: figures._sum.reach ? Math.round((((figures._sum.likes ?? 0) + (figures._sum.comments ?? 0) + (figures._sum.shares ?? 0)) / figures._sum.reach) * 1000) / 10 : null,
        teamMembers,
        platformsConnected: accounts.map((a) => a.platform),
        recentActivity,
      };
    },
  };
}
export type OwnerService = ReturnType<typeof createOwnerService>;
