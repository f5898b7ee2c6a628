// Plan changes and the subscription's other settings by its manager (docs/product.md#subscriptions-and-billing,
// "Plan changes"): upgrade (prorated, paid through the gateway or by transfer), downgrade at the period's end,
// a trial's or a stopped subscription's plan, cancelling at the period's end and taking it back, and the
// name, address and registration number invoices carry. Owners and the account holder.
import {
  addMonths,
  billingDetailsSchema,
  changePlanSchema,
  isUpgrade,
  prorateUpgrade,
  type PlanId,
} from "@sufra/schema";
import type { RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Subscription } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { accessOf, requireManager } from "../team/index.ts";
import { planToBuy, type Access, type BillingContext } from "./billing-context.ts";
import { describePayment, newPayment, startCharge, type ChargeStart } from "./billing-pay.ts";
import { readBilling, type BillingState } from "./billing-state.ts";
import { publishBillingChange } from "./changes.ts";
import { lockSubscription, subscriptionShape } from "./subscription.ts";

export type PlanChangeOutcome = "changed" | "scheduled" | "payment_required" | "cleared";

type SubscriptionStep = (
  tx: Tx,
  sub: Subscription,
) => Promise<{
  data: Partial<Subscription> | null;
  outcome: PlanChangeOutcome | null;
  extra?: Record<string, unknown>;
}>;

/** One change of the subscription by its manager, in a transaction: the step answers the outcome; audit, webhook and events follow. */
async function changeSubscription(
  ctx: BillingContext,
  access: Access,
  meta: RequestMeta,
  action: "billing.plan_changed" | "billing.cancel_at_period_end" | "billing.kept",
  step: SubscriptionStep,
) {
  const { webhooks } = ctx;
  const businessId = access.viewer.businessId;
  const deliveries: string[] = [];
  const outcome = await ctx.deps.db.$transaction(async (tx) => {
    const sub = await lockSubscription(tx, businessId);
    const r = await step(tx, sub);
    if (!r.data) return r.outcome;
    const after = await tx.subscription.update({ where: { id: sub.id }, data: r.data as object });
    await audit(tx, {
      actorId: access.viewer.userId,
      action,
      entityType: "business",
      entityId: businessId,
      ip: meta.ip,
      data: {
        from: {
          status: sub.status,
          plan: sub.plan,
          nextPlan: sub.nextPlan,
          cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
        },
        to: {
          status: after.status,
          plan: after.plan,
          nextPlan: after.nextPlan,
          cancelAtPeriodEnd: after.cancelAtPeriodEnd,
        },
        ...r.extra,
      },
    });
    const changed = subscriptionShape(sub) !== subscriptionShape(after);
    if (changed && webhooks)
      deliveries.push(
        ...(await webhooks.record(tx, businessId, {
          type: "subscription.changed",
          change: action.replace(/^billing\./, ""),
        })),
      );
    await publishBillingChange(tx, businessId, action.replace(/^billing\./, ""), changed);
    return r.outcome;
  });
  await ctx.afterCommit([], deliveries);
  return outcome;
}

/** An upgrade's prorated difference asked of the gateway (the days it pays). */
type UpgradeAsked = { amountFils: number; periodStart: Date; periodEnd: Date };

/**
 * The plan change a subscription makes now: a trial or past due changes at once (past due: the due payment
 * follows the plan); expired or cancelled, the plan the next payment buys; a paid period schedules a
 * downgrade for its end and asks the prorated difference of an upgrade (`asked`, through the gateway; by
 * transfer without one).
 */
function planChangeStep(plan: PlanId, hasGateway: boolean, asked: { upgrade?: UpgradeAsked }): SubscriptionStep {
  return async (_tx, sub) => {
    const now = new Date();
    const current = sub.plan as PlanId;
    if (sub.status === "trial" || sub.status === "past_due") {
      // a trial changes at once and free; past due, the due payment follows the plan
      if (plan === current) {
        if (!sub.nextPlan) throw new AppError("PLAN_UNCHANGED");
        return { data: { nextPlan: null }, outcome: "cleared" };
      }
      return { data: { plan, nextPlan: null }, outcome: "changed" };
    }
    if (sub.status === "expired" || sub.status === "cancelled") {
      // the plan the next payment buys
      if (plan === planToBuy(sub)) throw new AppError("PLAN_UNCHANGED");
      return { data: { plan, nextPlan: null }, outcome: "changed" };
    }
    // active: a paid period
    if (plan === current) {
      if (!sub.nextPlan) throw new AppError("PLAN_UNCHANGED");
      return { data: { nextPlan: null }, outcome: "cleared" };
    }
    if (!isUpgrade(current, plan)) {
      if (sub.nextPlan === plan) throw new AppError("PLAN_UNCHANGED");
      return { data: { nextPlan: plan }, outcome: "scheduled" };
    }
    const periodEnd = sub.renewsAt ?? now;
    const periodStart = sub.periodStartsAt ?? addMonths(periodEnd, -1);
    const { amountFils } = prorateUpgrade({ from: current, to: plan, periodStart, periodEnd, at: now });
    if (amountFils <= 0) return { data: { plan, nextPlan: null }, outcome: "changed" };
    // without a gateway the difference is paid by bank transfer (the page shows it with the transfer's
    // details) and the plan changes when an admin records it (admin.ts recordManualPayment, purpose upgrade)
    if (!hasGateway) return { data: null, outcome: "payment_required" };
    // a month paid during a trial has not begun yet: the upgrade pays the whole of it
    asked.upgrade = { amountFils, periodStart: periodStart > now ? periodStart : now, periodEnd };
    return { data: null, outcome: "payment_required" };
  };
}

/** Plan changes, cancelling at the period's end and taking it back, the invoices' details. */
export function createPlanChanges(ctx: BillingContext) {
  const { db } = ctx.deps;
  return {
    /** Plan changes (docs/product.md#subscriptions-and-billing, "Plan changes"). */
    async changePlan(
      viewer: Viewer | null,
      input: unknown,
      meta: RequestMeta,
    ): Promise<{ outcome: PlanChangeOutcome; start: ChargeStart | null; billing: BillingState }> {
      const access = await requireManager(db, viewer, "billing");
      const { plan, source } = validate(changePlanSchema, input);
      const asked: { upgrade?: UpgradeAsked } = {};
      const outcome = await changeSubscription(
        ctx,
        access,
        meta,
        "billing.plan_changed",
        planChangeStep(plan, !!ctx.gateway, asked),
      );
      let start: ChargeStart | null = null;
      if (outcome === "payment_required" && asked.upgrade) {
        const u = asked.upgrade;
        const payment = await db.$transaction((tx) =>
          newPayment(ctx, tx, access, { purpose: "upgrade", plan, ...u }, meta),
        );
        start = await startCharge(ctx, payment, access, source ?? "all", describePayment(plan, "upgrade"));
      }
      return { outcome: outcome!, start, billing: await readBilling(ctx, await accessOf(db, viewer, "billing")) };
    },

    /** Cancel at the period's end: the paid month runs out, then the subscription is cancelled (no charge falls due). */
    async cancelAtPeriodEnd(viewer: Viewer | null, meta: RequestMeta): Promise<BillingState> {
      const access = await requireManager(db, viewer, "billing");
      await changeSubscription(ctx, access, meta, "billing.cancel_at_period_end", async (_tx, sub) => {
        if (sub.status !== "active") throw new AppError("INVALID_STATE");
        return { data: sub.cancelAtPeriodEnd ? null : { cancelAtPeriodEnd: true }, outcome: null };
      });
      return readBilling(ctx, await accessOf(db, viewer, "billing"));
    },

    /** "Keep my subscription": takes back a cancellation at the period's end. */
    async keepSubscription(viewer: Viewer | null, meta: RequestMeta): Promise<BillingState> {
      const access = await requireManager(db, viewer, "billing");
      await changeSubscription(ctx, access, meta, "billing.kept", async (_tx, sub) => {
        if (!sub.cancelAtPeriodEnd) return { data: null, outcome: null };
        if (sub.status !== "active") throw new AppError("INVALID_STATE");
        return { data: { cancelAtPeriodEnd: false }, outcome: null };
      });
      return readBilling(ctx, await accessOf(db, viewer, "billing"));
    },

    /** The legal name, address and commercial registration number invoices carry from now on (issued invoices keep theirs); a number left out stays as it was. */
    async updateBillingDetails(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<BillingState> {
      const access = await requireManager(db, viewer, "billing");
      const details = validate(billingDetailsSchema, input);
      const businessId = access.viewer.businessId;
      await db.$transaction(async (tx) => {
        const before = await tx.business.findUniqueOrThrow({
          where: { id: businessId },
          select: { legalName: true, billingAddress: true, crNumber: true },
        });
        await tx.business.update({
          where: { id: businessId },
          data: {
            legalName: details.legalName,
            billingAddress: details.billingAddress,
            ...(details.crNumber !== undefined ? { crNumber: details.crNumber } : {}),
          },
        });
        await audit(tx, {
          actorId: access.viewer.userId,
          action: "billing.details_updated",
          entityType: "business",
          entityId: businessId,
          data: { from: before, to: details },
          ip: meta.ip,
        });
        await publishBillingChange(tx, businessId, "details_updated", false);
      });
      return readBilling(ctx, await accessOf(db, viewer, "billing"));
    },
  };
}
