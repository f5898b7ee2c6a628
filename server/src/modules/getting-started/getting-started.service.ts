// A new business's first steps, checked off by what it has actually done (never by a flag someone
// ticks): the profile the writer and guests need, a real network connected, a practice post
// published, a post scheduled, and on Premium a second person on the team. The client dashboard
// shows the open ones with a link to where each gets done.
import { isPremium, PLAN_PLATFORMS } from "@sufra/schema";
import type { Deps } from "../../deps.ts";
import { planOfBusiness } from "../business-profile/index.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import type { PlatformAccountsService } from "../platform-accounts/index.ts";

export const GETTING_STARTED_STEPS = ["profile", "connect", "practice", "schedule", "team"] as const;
export type GettingStartedStepKey = (typeof GETTING_STARTED_STEPS)[number];

/** What a guest asks first: what is served (cuisine and the menu), where (area) and when (hours). */
export const PROFILE_NEEDS = ["cuisine", "area", "hours", "menu"] as const;
export type ProfileNeed = (typeof PROFILE_NEEDS)[number];

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
      const [plan, business, realAccounts, practicePublished, scheduled, people, invitations] = await Promise.all([
        planOfBusiness(db, businessId),
        db.business.findUniqueOrThrow({
          where: { id: businessId },
          select: { cuisine: true, area: true, hours: true, hoursAr: true, subscription: { select: { plan: true, status: true } }, _count: { select: { menuItems: true } } },
        }),
        // reconnect_needed still counts: the business did connect it
        db.platformAccount.count({ where: { businessId, demo: false, status: { not: "disconnected" } } }),
        // a practice publication stays one after a real account took the network's place (it is then
        // marked simulated: the account no longer says so)
        db.postTarget.count({ where: { status: "published", post: { businessId }, OR: [{ account: { demo: true } }, { metricsSimulated: true }] } }),
        // "scheduled" is what the person did, not where the post is now: a post (to a real or practice
        // account) waiting now, or scheduled once (the audit log keeps it) counts; one published at once does not
        db.$queryRaw<{ found: boolean }[]>`
          select exists (
            select 1 from posts p
            where p.business_id = ${businessId}::uuid
              and exists (select 1 from post_targets t where t.post_id = p.id)
              and (p.status = 'scheduled'
                   or exists (select 1 from audit_log a where a.entity_type = 'post' and a.entity_id = p.id::text and a.action = 'post.scheduled'))
          ) as found`,
        db.user.count({ where: { businessId } }),
        db.invitation.count({ where: { businessId, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } }),
      ]);

      const missing: ProfileNeed[] = [];
      if (!business.cuisine?.trim()) missing.push("cuisine");
      if (!business.area?.trim()) missing.push("area");
      if (!business.hours?.trim() && !business.hoursAr?.trim()) missing.push("hours");
      if (business._count.menuItems === 0) missing.push("menu");

      // the same rule as the connect buttons: a network of the plan this server has app credentials for
      // (Snapchat is posted by hand, so it needs none)
      const connectable = PLAN_PLATFORMS[plan].some((p) => platformAccounts.adapterFor({ platform: p, demo: false }).configured());
      const connected = realAccounts > 0;
      const premium = isPremium(business.subscription);

      const step = (key: GettingStartedStepKey, done: boolean, route: string | null, extra: Partial<GettingStartedStep> = {}): GettingStartedStep => ({
        key, done, route, available: true, operatorNeeded: false, missing: [], ...extra,
      });
      const steps = [
        step("profile", missing.length === 0, "/settings#business-profile", { missing }),
        step("connect", connected, connected || connectable ? "/settings#connected-accounts" : null, { operatorNeeded: !connected && !connectable }),
        step("practice", practicePublished > 0, "/posts/new"),
        step("schedule", scheduled[0]?.found === true, "/posts/new"),
        step("team", premium && (people > 1 || invitations > 0), "/team", { available: premium }),
      ];
      const applying = steps.filter((s) => s.available);
      return { steps, done: applying.filter((s) => s.done).length, total: applying.length };
    },
  };
}

export type GettingStartedService = ReturnType<typeof createGettingStartedService>;
