// A new business's first steps, checked off by what it has actually done (never by a flag someone
// ticks): the profile the writer and guests need, a real network connected, a practice post
// published, a post scheduled, and on Premium a second person on the team. The client dashboard
// shows the open ones with a link to where each gets done.
import { isPremium, PLAN_PLATFORMS } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import type { PlanId } from "@sufra/schema";
import type { SubscriptionStatus } from "../../generated/prisma/client.ts";
import { AppError } from "../../kernel/errors.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";

export const GETTING_STARTED_STEPS = ["profile", "connect", "practice", "schedule", "team"] as const;
export type GettingStartedStepKey = (typeof GETTING_STARTED_STEPS)[number];

/** What a guest asks first: what is served (cuisine and the menu), where (area) and when (hours). */
export const PROFILE_NEEDS = ["cuisine", "area", "hours", "menu"] as const;
type ProfileNeed = (typeof PROFILE_NEEDS)[number];

export interface GettingStartedStep {
  key: GettingStartedStepKey;
  done: boolean;
  /** false: not in the business's plan (team outside Premium); shown as an upgrade, not as a step left */
  available: boolean;
  /**
   * connect only: no network of the plan can be connected on this server (no app credentials set),
   * so the server's operator has to set one up; there is nothing for the business to click
   */
  operatorNeeded: boolean;
  /** the screen where the step gets done; null when there is nothing to open */
  route: string | null;
  /** profile only: what is still missing */
  missing: ProfileNeed[];
}

export interface GettingStarted {
  steps: GettingStartedStep[];
  /** steps that apply (available) and are done */
  done: number;
  /** steps that apply */
  total: number;
}

export function createGettingStartedService(deps: Deps, platformAccounts: Pick<PlatformAccountsService, "adapterFor">) {
  const { db } = deps;

  return {
    async get(viewer: Viewer | null): Promise<GettingStarted> {
      const businessId = requireScope(viewer, "business").businessId!;
      const now = new Date();
      // every fact in one statement (each part bounded by the business's indexes)
      const [row] = await db.$queryRaw<
        {
          requestedPlan: PlanId;
          subPlan: PlanId | null;
          subStatus: SubscriptionStatus | null;
          cuisine: string | null;
          area: string | null;
          hours: string | null;
          hoursAr: string | null;
          menuItems: number;
          realAccounts: number;
          practicePublished: number;
          scheduled: boolean;
          people: number;
          invitations: number;
        }[]
      >`
        select b.requested_plan::text as "requestedPlan", s.plan::text as "subPlan", s.status::text as "subStatus",
               b.cuisine, b.area, b.hours, b.hours_ar as "hoursAr",
               (select count(*)::int from menu_items m where m.business_id = b.id) as "menuItems",
               -- reconnect_needed still counts: the business did connect it
               (select count(*)::int from platform_accounts a where a.business_id = b.id and not a.demo and a.status <> 'disconnected') as "realAccounts",
               -- a practice publication stays one after a real account took the network's place (it is then
               -- marked simulated: the account no longer says so)
               (select count(*)::int from post_targets t join posts p on p.id = t.post_id join platform_accounts a on a.id = t.account_id
                 where p.business_id = b.id and t.status = 'published' and (a.demo or t.metrics_simulated)) as "practicePublished",
               -- "scheduled" is what the person did, not where the post is now: a post (to a real or practice
               -- account) waiting now, or scheduled once (the audit log keeps it) counts; one published at once does not
               exists (
                 select 1 from posts p
                 where p.business_id = b.id
                   and exists (select 1 from post_targets t where t.post_id = p.id)
                   and (p.status = 'scheduled'
                        or exists (select 1 from audit_log a where a.entity_type = 'post' and a.entity_id = p.id::text and a.action = 'post.scheduled'))
               ) as "scheduled",
               (select count(*)::int from memberships m where m.business_id = b.id) as "people",
               (select count(*)::int from invitations i where i.business_id = b.id and i.accepted_at is null and i.revoked_at is null and i.expires_at > ${now}) as "invitations"
          from businesses b left join subscriptions s on s.business_id = b.id
         where b.id = ${businessId}::uuid`;
      if (!row) throw new AppError("NOT_FOUND");
      const plan = row.subPlan ?? row.requestedPlan;
      const business = {
        ...row,
        subscription: row.subPlan && row.subStatus ? { plan: row.subPlan, status: row.subStatus } : null,
        _count: { menuItems: row.menuItems },
      };
      const { realAccounts, practicePublished, people, invitations } = row;
      const scheduled = [{ found: row.scheduled }];

      const missing: ProfileNeed[] = [];
      if (!business.cuisine?.trim()) missing.push("cuisine");
      if (!business.area?.trim()) missing.push("area");
      if (!business.hours?.trim() && !business.hoursAr?.trim()) missing.push("hours");
      if (business._count.menuItems === 0) missing.push("menu");

      // the same rule as the connect buttons: a network of the plan this server has app credentials for
      // (Snapchat is posted by hand, so it needs none)
      const connectable = PLAN_PLATFORMS[plan].some((p) =>
        platformAccounts.adapterFor({ platform: p, demo: false }).configured(),
      );
      const connected = realAccounts > 0;
      const premium = isPremium(business.subscription);

      const step = (
        key: GettingStartedStepKey,
        done: boolean,
        route: string | null,
        extra: Partial<GettingStartedStep> = {},
      ): GettingStartedStep => ({
        key,
        done,
        route,
        available: true,
        operatorNeeded: false,
        missing: [],
        ...extra,
      });
      const steps = [
        step("profile", missing.length === 0, "/settings#business-profile", { missing }),
        step("connect", connected, connected || connectable ? "/settings#connected-accounts" : null, {
          operatorNeeded: !connected && !connectable,
        }),
        step("practice", practicePublished > 0, "/posts/new"),
        step("schedule", scheduled[0]?.found === true, "/posts/new"),
        step("team", premium && (people > 1 || invitations > 0), "/team", { available: premium }),
      ];
      const applying = steps.filter((s) => s.available);
      return { steps, done: applying.filter((s) => s.done).length, total: applying.length };
    },
  };
}
