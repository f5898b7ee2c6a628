// The owner dashboard's figures (docs/product.md#data-shapes, owner stats), for the people of one business, all read from
// the database. The business is always the caller's own (from the session, never from the request).
import {
  activityExcerpt,
  OWNER_RECENT_ACTIVITY,
  ownerActivityText,
  type Locale,
  type OwnerActivityType,
} from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Plan, Platform, SubscriptionStatus } from "../../generated/prisma/client.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";

const DAY = 86_400_000;
const BUSINESS_TIME_ZONE = "Asia/Kuwait";

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
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    })
      .formatToParts(now)
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  const wall = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  const offset = wall - (now.getTime() - now.getMilliseconds());
  return new Date(Date.UTC(parts.year, parts.month - 1, parts.day) - offset);
}

/** The activity's line in a language (REST's description; the web client writes the same from type and subject). */
export const activityDescription = (a: OwnerActivity, locale: Locale) =>
  ownerActivityText(a.type, a.subject, locale, a.platform);

export function createOwnerService(deps: Deps) {
  const { db } = deps;

  return {
    /** The caller's business at a glance: owners and clients of a business; admins have none (403). */
    async stats(viewer: Viewer | null, now = new Date()): Promise<OwnerStats> {
      const v = requireScope(viewer, "business");
      if (v.role !== "owner" && v.role !== "client") throw new AppError("FORBIDDEN");
      const businessId = v.businessId!;
      const dayStart = startOfDay(now);
      const dayEnd = new Date(dayStart.getTime() + DAY);
      const take = OWNER_RECENT_ACTIVITY;
      // one statement: the business, its subscription, the counts and the latest rows of each kind of
      // activity (each bounded by its index); the person who signed the business up did not "join"
      // it, those who came afterwards did
      const [row] = await db.$queryRaw<Record<string, unknown>[]>`
        with b as (select id, company_name, requested_plan::text as requested_plan, created_at from businesses where id = ${businessId}::uuid),
             founder as (select user_id as id from memberships where business_id = ${businessId}::uuid order by created_at asc, user_id asc limit 1)
        select b.company_name as "companyName", b.requested_plan as "requestedPlan",
          (select json_build_object('plan', s.plan, 'status', s.status, 'trialEndsAt', s.trial_ends_at, 'renewsAt', s.renews_at)
             from subscriptions s where s.business_id = b.id) as "subscription",
          (select count(*)::int from posts where business_id = b.id) as "totalPosts",
          (select count(*)::int from posts where business_id = b.id and status = 'scheduled') as "scheduledPosts",
          (select count(*)::int from posts where business_id = b.id and status in ('published', 'partially_published')
              and published_at >= ${dayStart} and published_at < ${dayEnd}) as "publishedToday",
          (select count(*)::int from memberships where business_id = b.id) as "teamMembers",
          (select json_build_object('likes', sum(t.likes)::float8, 'comments', sum(t.comments)::float8, 'shares', sum(t.shares)::float8, 'reach', sum(t.reach)::float8)
             from post_targets t join posts p on p.id = t.post_id where p.business_id = b.id and t.status = 'published') as "figures",
          (select coalesce(json_agg(json_build_object('id', a.id, 'platform', a.platform, 'handle', a.handle, 'connectedAt', a.connected_at) order by a.platform), '[]'::json)
             from platform_accounts a where a.business_id = b.id and a.status <> 'disconnected') as "accounts",
          (select coalesce(json_agg(x), '[]'::json) from (select id, content, published_at as "at" from posts
              where business_id = b.id and status = 'published' and published_at is not null
              order by published_at desc, id desc limit ${take}) x) as "published",
          (select coalesce(json_agg(x), '[]'::json) from (select id, content, updated_at as "at" from posts
              where business_id = b.id and status = 'scheduled' order by updated_at desc, id desc limit ${take}) x) as "scheduled",
          (select coalesce(json_agg(x), '[]'::json) from (select u.id, u.name, m.created_at as "at"
              from memberships m join users u on u.id = m.user_id
              where m.business_id = b.id and m.created_at > b.created_at and u.id is distinct from (select id from founder)
              order by m.created_at desc, u.id desc limit ${take}) x) as "members"
        from b`;
      if (!row) throw new AppError("NOT_FOUND");
      const json = <T>(v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as T;
      type Dated = { id: string; at: string };
      const sub = json<{
        plan: Plan;
        status: SubscriptionStatus;
        trialEndsAt: string | null;
        renewsAt: string | null;
      } | null>(row.subscription);
      const figures = json<{
        likes: number | null;
        comments: number | null;
        shares: number | null;
        reach: number | null;
      }>(row.figures);
      const accounts = json<{ id: string; platform: Platform; handle: string; connectedAt: string }[]>(
        row.accounts,
      ).map((a) => ({ ...a, connectedAt: new Date(a.connectedAt) }));
      const published = json<(Dated & { content: string })[]>(row.published);
      const scheduled = json<(Dated & { content: string })[]>(row.scheduled);
      const members = json<(Dated & { name: string })[]>(row.members);

      const recentActivity: OwnerActivity[] = [
        ...published.map((p) => ({
          id: `post_published:${p.id}`,
          type: "post_published" as const,
          subject: activityExcerpt(p.content),
          platform: null,
          timestamp: new Date(p.at),
        })),
        ...scheduled.map((p) => ({
          id: `post_scheduled:${p.id}`,
          type: "post_scheduled" as const,
          subject: activityExcerpt(p.content),
          platform: null,
          timestamp: new Date(p.at),
        })),
        ...members.map((u) => ({
          id: `team_joined:${u.id}`,
          type: "team_joined" as const,
          subject: u.name,
          platform: null,
          timestamp: new Date(u.at),
        })),
        ...accounts.map((a) => ({
          id: `platform_connected:${a.id}`,
          type: "platform_connected" as const,
          subject: `@${a.handle}`,
          platform: a.platform,
          timestamp: a.connectedAt,
        })),
      ]
        .sort((a, b) => b.timestamp.getTime() - a.timestamp.getTime() || (a.id < b.id ? 1 : -1))
        .slice(0, OWNER_RECENT_ACTIVITY);

      const renewalAt = sub?.renewsAt ?? sub?.trialEndsAt ?? null;
      const renewal = renewalAt === null ? null : new Date(renewalAt);
      return {
        businessName: row.companyName as string,
        subscriptionPlan: sub?.plan ?? (row.requestedPlan as Plan),
        subscriptionStatus: sub?.status ?? "trial",
        daysUntilRenewal: renewal ? Math.max(0, Math.ceil((renewal.getTime() - now.getTime()) / DAY)) : null,
        totalPosts: row.totalPosts as number,
        scheduledPosts: row.scheduledPosts as number,
        publishedToday: row.publishedToday as number,
        engagementRate: figures.reach
          ? Math.round(
              (((figures.likes ?? 0) + (figures.comments ?? 0) + (figures.shares ?? 0)) / figures.reach) * 1000,
            ) / 10
          : null,
        teamMembers: row.teamMembers as number,
        platformsConnected: accounts.map((a) => a.platform),
        recentActivity,
      };
    },
  };
}
