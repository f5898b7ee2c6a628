// The subscription's lifecycle (docs/product.md#subscriptions-and-billing): the hourly job that moves
// subscriptions whose time has come and sends the reminders, and the release of the posts a stopped
// business held when it runs again.
//
// Idempotent across processes (docs/architecture.md#rules-of-the-house: each transition checks the current
// state in its transaction): every move is one conditional update of the row in the state it was read
// in (status, the period's end, the waiting plan), so two processes running the job at once change each
// subscription once; the one whose update changed the row writes the audit row, the webhook event, the
// events and the notice. Reminders change no row: the notice's dedupe key (per subscription, type and
// Kuwait day) makes them once. `now` is a parameter: tests drive the job with chosen instants.
import {
  GRACE_DAYS,
  GRACE_REMINDER_DAYS,
  isPremium,
  kuwaitDate,
  PLAN_PRICE_FILS,
  RENEWAL_REMINDER_DAYS,
  subscriptionRuns,
  TRIAL_REMINDER_DAYS,
  type PlanId,
} from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import type { Subscription } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { publishIn, type Events } from "../../kernel/pubsub.ts";
import { managersOf, peopleOf } from "../team/index.ts";
import { publishBillingChange } from "./changes.ts";
import type { PublishingService } from "../publishing/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { billingNotice, type BillingNoticeData, type BillingNoticeType } from "./notices.ts";
import { isReadOnlyMember } from "./rights.ts";
import type { Viewer } from "../../kernel/policy.ts";

const DAY = 86_400_000;
export const LIFECYCLE_JOB = "billing.lifecycle";

/** Kuwait calendar days from `now`'s day to `at`'s day (a reminder "in 3 days" is sent on one Kuwait day, once). */
function kuwaitDaysUntil(now: Date, at: Date): number {
  return Math.round((Date.parse(kuwaitDate(at)) - Date.parse(kuwaitDate(now))) / DAY);
}

const graceEndsAt = (pastDueSince: Date) => new Date(pastDueSince.getTime() + GRACE_DAYS * DAY);

/**
 * A business that stopped runs again (a payment, gifted trial days): the targets it held go out,
 * those whose time passed at once, the others at their time (their jobs are still queued). Called in
 * the transaction that makes the subscription run; the release itself happens after the commit, in
 * whichever processes hear the billing.changed event this publishes (the lifecycle's listener, start()
 * below), and the publishing recovery pass queues any due target whose job is lost. Answers how many
 * targets were held.
 */
export async function releaseHeldPosts(tx: Tx, businessId: string): Promise<{ released: number }> {
  const held = await tx.postTarget.count({
    where: {
      status: "pending",
      dueAt: { not: null },
      post: { businessId, status: { in: ["scheduled", "publishing"] } },
    },
  });
  await publishIn(tx, "billing.changed", { businessId, reason: "posts_released" });
  return { released: held };
}

type Change = { businessId: string; mailIds: string[]; deliveries: string[] };

export interface LifecycleOptions {
  publishing: Pick<PublishingService, "resumeBusiness">;
  webhooks?: Pick<WebhookEmitter, "record" | "dispatch">;
}

export function createLifecycle(deps: Deps, opts: LifecycleOptions) {
  const { db, mailer, pubsub, logger, config } = deps;
  // how the reminders say to pay: through the gateway, or (none configured) by bank transfer
  const notice = { mailer, publicUrl: config.publicUrl, byTransfer: !config.payments.gateway };

  /** The events, audit row and webhook event of a status or plan change made by the job (system actor). */
  async function recordChange(
    tx: Tx,
    before: Subscription,
    after: Subscription,
    change: "trial_ended" | "cancelled" | "past_due" | "expired" | "plan_changed",
    extra: Record<string, unknown> = {},
  ) {
    await audit(tx, {
      actorId: null,
      action: `billing.${change}`,
      entityType: "business",
      entityId: before.businessId,
      data: {
        by: LIFECYCLE_JOB,
        from: { status: before.status, plan: before.plan, renewsAt: before.renewsAt?.toISOString() ?? null },
        to: { status: after.status, plan: after.plan, renewsAt: after.renewsAt?.toISOString() ?? null },
        ...extra,
      },
    });
    const deliveries = opts.webhooks
      ? await opts.webhooks.record(tx, before.businessId, { type: "subscription.changed", change })
      : [];
    // the billing page, the admin's figures, and every cached caller of the business (its plan or status changed)
    await publishBillingChange(tx, before.businessId, change, true);
    return deliveries;
  }

  async function tell(tx: Tx, businessId: string, type: BillingNoticeType, data: BillingNoticeData, now: Date) {
    return (await billingNotice(tx, notice, businessId, type, data, now)).mailIds;
  }

  /** Leaving Premium: each member other than the owners and the account holder becomes read-only, and is told. */
  async function tellReadOnly(tx: Tx, businessId: string, plan: string, now: Date) {
    const users = await peopleOf(tx, businessId);
    const managers = new Set(managersOf(users).map((u) => u.id));
    const members = users.filter((u) => !managers.has(u.id)).map((u) => u.id);
    if (!members.length) return [];
    return tell(tx, businessId, "team_read_only", { plan, userIds: members }, now);
  }

  /** A plan change the job applied: the owners hear of it, and leaving Premium makes members read-only. */
  async function planChanged(tx: Tx, before: Subscription, plan: PlanId, now: Date) {
    const mailIds = await tell(tx, before.businessId, "plan_changed", { plan, previousPlan: before.plan }, now);
    if (isPremium({ plan: before.plan, status: "active" }) && plan !== "premium")
      mailIds.push(...(await tellReadOnly(tx, before.businessId, plan, now)));
    return mailIds;
  }

  /** One subscription's move, in its own transaction; null when another process (or a payment) moved it first. */
  async function move(
    sub: Subscription,
    fn: (tx: Tx) => Promise<Omit<Change, "businessId"> | null>,
  ): Promise<Change | null> {
    try {
      const r = await db.$transaction(fn);
      return r ? { businessId: sub.businessId, ...r } : null;
    } catch (e) {
      logger.error("the billing lifecycle could not move a subscription", {
        businessId: sub.businessId,
        error: (e as Error).message,
      });
      return null;
    }
  }

  /** trial -> expired at the trial's end. */
  const expireTrial = (s: Subscription, now: Date) =>
    move(s, async (tx) => {
      const { count } = await tx.subscription.updateMany({
        where: { id: s.id, status: "trial", trialEndsAt: { lte: now } },
        data: { status: "expired", endedAt: s.trialEndsAt ?? now },
      });
      if (count !== 1) return null;
      const after = await tx.subscription.findUniqueOrThrow({ where: { id: s.id } });
      const deliveries = await recordChange(tx, s, after, "trial_ended");
      const mailIds = await tell(tx, s.businessId, "trial_ended", { trialEndsAt: s.trialEndsAt }, now);
      return { mailIds, deliveries };
    });

  /**
   * active -> the period's end: a waiting downgrade takes effect first; then cancelled (the owner
   * cancelled) or past_due (the next payment is due; the grace runs GRACE_DAYS from the period's end).
   */
  const endPeriod = (s: Subscription, now: Date) =>
    move(s, async (tx) => {
      const plan = (s.nextPlan ?? s.plan) as PlanId;
      const status = s.cancelAtPeriodEnd ? "cancelled" : "past_due";
      const { count } = await tx.subscription.updateMany({
        where: {
          id: s.id,
          status: "active",
          renewsAt: s.renewsAt,
          nextPlan: s.nextPlan,
          cancelAtPeriodEnd: s.cancelAtPeriodEnd,
        },
        data:
          status === "cancelled"
            ? { status, plan, nextPlan: null, endedAt: s.renewsAt }
            : { status, plan, nextPlan: null, pastDueSince: s.renewsAt },
      });
      if (count !== 1) return null;
      const after = await tx.subscription.findUniqueOrThrow({ where: { id: s.id } });
      const mailIds: string[] = [];
      const deliveries: string[] = [];
      if (plan !== s.plan) {
        await audit(tx, {
          actorId: null,
          action: "billing.plan_changed",
          entityType: "business",
          entityId: s.businessId,
          data: { by: LIFECYCLE_JOB, from: s.plan, to: plan, at: "period_end" },
        });
        mailIds.push(...(await planChanged(tx, s, plan, now)));
      }
      deliveries.push(
        ...(await recordChange(
          tx,
          s,
          after,
          status === "cancelled" ? "cancelled" : "past_due",
          plan !== s.plan ? { planChanged: { from: s.plan, to: plan } } : {},
        )),
      );
      if (status === "cancelled")
        mailIds.push(...(await tell(tx, s.businessId, "subscription_expired", { status: "cancelled" }, now)));
      else
        mailIds.push(
          ...(await tell(
            tx,
            s.businessId,
            "payment_overdue",
            { plan, amountFils: PLAN_PRICE_FILS[plan], graceEndsAt: graceEndsAt(s.renewsAt!) },
            now,
          )),
        );
      return { mailIds, deliveries };
    });

  /** past_due -> expired when the grace ends unpaid. */
  const expireGrace = (s: Subscription, now: Date) =>
    move(s, async (tx) => {
      const ends = graceEndsAt(s.pastDueSince!);
      const { count } = await tx.subscription.updateMany({
        where: { id: s.id, status: "past_due", pastDueSince: s.pastDueSince, renewsAt: s.renewsAt },
        data: { status: "expired", endedAt: ends },
      });
      if (count !== 1) return null;
      const after = await tx.subscription.findUniqueOrThrow({ where: { id: s.id } });
      const deliveries = await recordChange(tx, s, after, "expired");
      const mailIds = await tell(tx, s.businessId, "subscription_expired", { status: "expired" }, now);
      return { mailIds, deliveries };
    });

  /**
   * A month paid ahead for another plan (subscription.ts keeps it as nextPlan while the running month
   * lasts): when that month has begun, its plan is the plan.
   */
  const startPaidPlan = (s: Subscription, now: Date) =>
    move(s, async (tx) => {
      const paid = await tx.payment.findFirst({
        where: {
          businessId: s.businessId,
          purpose: "period",
          appliedAt: { not: null },
          periodStart: s.periodStartsAt!,
          plan: s.nextPlan!,
        },
        select: { id: true },
      });
      if (!paid) return null;
      const plan = s.nextPlan as PlanId;
      const { count } = await tx.subscription.updateMany({
        where: { id: s.id, status: "active", nextPlan: s.nextPlan, periodStartsAt: s.periodStartsAt },
        data: { plan, nextPlan: null },
      });
      if (count !== 1) return null;
      const after = await tx.subscription.findUniqueOrThrow({ where: { id: s.id } });
      const deliveries = await recordChange(tx, s, after, "plan_changed", { paymentId: paid.id });
      const mailIds = await planChanged(tx, s, plan, now);
      return { mailIds, deliveries };
    });

  /** A reminder changes no row: its notice is once per subscription, type and Kuwait day. */
  const remind = (s: Subscription, type: BillingNoticeType, data: BillingNoticeData, now: Date) =>
    move(s, async (tx) => ({ mailIds: await tell(tx, s.businessId, type, data, now), deliveries: [] }));

  /**
   * One pass at `now`: every transition whose time has come, then the reminders of the day. Answers
   * what this pass changed and sent (another process's pass at the same time sends the rest, never twice).
   */
  async function run(now = new Date()) {
    const live = { business: { demo: false } };
    const changes: Change[] = [];
    const keep = (c: Change | null) => c && changes.push(c);

    // the transitions (a business's subscription moves at most one step per pass, in this order)
    for (const s of await db.subscription.findMany({
      where: {
        ...live,
        status: "active",
        nextPlan: { not: null },
        periodStartsAt: { lte: now },
        renewsAt: { gt: now },
      },
    }))
      keep(await startPaidPlan(s, now));
    for (const s of await db.subscription.findMany({ where: { ...live, status: "trial", trialEndsAt: { lte: now } } }))
      keep(await expireTrial(s, now));
    for (const s of await db.subscription.findMany({ where: { ...live, status: "active", renewsAt: { lte: now } } }))
      keep(await endPeriod(s, now));
    for (const s of await db.subscription.findMany({
      where: { ...live, status: "past_due", pastDueSince: { lte: new Date(now.getTime() - GRACE_DAYS * DAY) } },
    }))
      keep(await expireGrace(s, now));

    // the reminders, to businesses whose people may sign in
    const horizon = new Date(now.getTime() + 5 * DAY);
    const open = { business: { demo: false, status: "active" as const } };
    for (const s of await db.subscription.findMany({
      where: { ...open, status: "trial", trialEndsAt: { gt: now, lte: horizon } },
    })) {
      if ((TRIAL_REMINDER_DAYS as readonly number[]).includes(kuwaitDaysUntil(now, s.trialEndsAt!)))
        keep(await remind(s, "trial_ending", { trialEndsAt: s.trialEndsAt }, now));
    }
    for (const s of await db.subscription.findMany({
      where: { ...open, status: "active", cancelAtPeriodEnd: false, renewsAt: { gt: now, lte: horizon } },
    })) {
      const plan = (s.nextPlan ?? s.plan) as PlanId;
      if ((RENEWAL_REMINDER_DAYS as readonly number[]).includes(kuwaitDaysUntil(now, s.renewsAt!)))
        keep(
          await remind(s, "payment_due", { plan, amountFils: PLAN_PRICE_FILS[plan], periodEndsAt: s.renewsAt }, now),
        );
    }
    for (const s of await db.subscription.findMany({
      where: { ...open, status: "past_due", pastDueSince: { not: null } },
    })) {
      const ends = graceEndsAt(s.pastDueSince!);
      if (ends <= now) continue;
      const plan = s.plan as PlanId;
      // on the day it fell due (the transition sent it) and GRACE_REMINDER_DAYS before the grace ends
      const due =
        kuwaitDaysUntil(s.pastDueSince!, now) === 0 ||
        (GRACE_REMINDER_DAYS as readonly number[]).includes(kuwaitDaysUntil(now, ends));
      if (due)
        keep(await remind(s, "payment_overdue", { plan, amountFils: PLAN_PRICE_FILS[plan], graceEndsAt: ends }, now));
    }

    const mailIds = changes.flatMap((c) => c.mailIds);
    await mailer.deliver(mailIds);
    if (opts.webhooks) await opts.webhooks.dispatch(changes.flatMap((c) => c.deliveries));
    return { changed: changes.filter((c) => c.deliveries.length || c.mailIds.length).length, mailIds };
  }

  /** A business that runs again gets its held targets sent (releaseHeldPosts publishes the event). */
  async function release(businessId: string) {
    const sub = await db.subscription.findUnique({ where: { businessId }, select: { status: true } });
    if (!sub || !subscriptionRuns(sub.status)) return 0;
    return opts.publishing.resumeBusiness(businessId);
  }

  let events: AsyncIterableIterator<Events["billing.changed"] | Events["client.changed"]>[] = [];
  let loops: Promise<void>[] = [];
  async function listen<T extends { businessId: string }>(it: AsyncIterableIterator<T>, when: (e: T) => boolean) {
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      if (!when(r.value)) continue;
      await release(r.value.businessId).catch((err: Error) =>
        logger.error("could not release a business's held posts", {
          businessId: r.value.businessId,
          error: err.message,
        }),
      );
    }
  }

  return {
    /** The hourly job (billing.jobs.ts): the transitions and reminders due at `now`. */
    run,
    /**
     * Whether the caller may only read (rights.ts: a member below Premium): both doors refuse its writes
     * with READ_ONLY_MEMBER (graphql/read-only.ts, http/read-only.ts). One statement, for members only.
     */
    readOnly: (viewer: Viewer) => isReadOnlyMember(db, viewer),
    /** Sends a business's held targets if it runs (tests; the listener below). */
    release,
    /** Listens for businesses that run again: a payment (billing.changed) or gifted trial days (client.changed). */
    async start() {
      if (events.length) return;
      const billing = pubsub.subscribe("billing.changed");
      const clients = pubsub.subscribe("client.changed");
      events = [billing, clients];
      loops = [
        listen(billing, (e) => e.reason === "posts_released"),
        listen(clients, (e) => e.change === "trial_gifted"),
      ];
    },
    async stop() {
      for (const e of events) await e.return?.();
      await Promise.all(loops);
      events = [];
      loops = [];
    },
  };
}
export type Lifecycle = ReturnType<typeof createLifecycle>;
