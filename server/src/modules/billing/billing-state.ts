// The café's billing page and its payments (docs/product.md#subscriptions-and-billing): the subscription's
// state as the page shows it (the plan, the period, what falls due and when, the plans with an upgrade's
// price now, how to pay), the payments made, one payment for the return page, and the page's live changes.
// Reads only: what changes the subscription is billing-plans.ts; paying is billing-pay.ts.
import {
  GRACE_DAYS,
  isUpgrade,
  payableNow,
  PLAN_IDS,
  PLAN_PRICE_FILS,
  prorateUpgrade,
  RUNNING_RIGHTS,
  subscriptionRuns,
  trialRunsUntil,
  type PlanId,
  type RunningRight,
} from "@sufra/schema";
import type { Payment, Subscription } from "../../generated/prisma/client.ts";
import { AppError } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { only } from "../../kernel/pubsub.ts";
import type { PaymentSource } from "../../payments/types.ts";
import { accessOf, requirePersonOfBusiness } from "../team/index.ts";
import { planToBuy, type Access, type BillingContext } from "./billing-context.ts";

const DAY = 86_400_000;
/** How many payments the billing page lists. */
const BILLING_PAYMENTS_SHOWN = 50;

export interface PlanOffer {
  plan: PlanId;
  monthlyFils: number;
  current: boolean;
  /** what upgrading to it now costs (the prorated difference for the rest of the paid period); null when not an upgrade of a paid period */
  upgradeNowFils: number | null;
}

export interface BillingState {
  businessId: string;
  plan: PlanId;
  status: Subscription["status"];
  canManage: boolean;
  /** the business is an agency: its managers may pay for the cafés it serves (billing-agency.ts) */
  isAgency: boolean;
  running: boolean;
  rightsLost: RunningRight[];
  trialEndsAt: Date | null;
  periodStartsAt: Date | null;
  periodEndsAt: Date | null;
  pastDueSince: Date | null;
  graceEndsAt: Date | null;
  nextChargeFils: number | null;
  nextChargeAt: Date | null;
  payableNow: boolean;
  cancelAtPeriodEnd: boolean;
  nextPlan: PlanId | null;
  plans: PlanOffer[];
  gatewayConfigured: boolean;
  sources: Exclude<PaymentSource, "all">[];
  bankTransfer: { bankName: string | null; iban: string | null; beneficiary: string | null } | null;
  pendingPayment: Payment | null;
  payments: Payment[];
  legalName: string;
  billingAddress: string;
  /** the commercial registration number invoices carry; null when the business gave none */
  crNumber: string | null;
}

function stateOf(
  ctx: Pick<BillingContext, "gateway" | "deps">,
  access: Pick<Access, "business" | "canManage">,
  sub: Subscription,
  payments: Payment[],
  now: Date,
): BillingState {
  const { gateway } = ctx;
  const { config } = ctx.deps;
  const running = subscriptionRuns(sub.status);
  const periodOn = sub.status === "active" && sub.periodStartsAt && sub.renewsAt;
  const plans = PLAN_IDS.map((plan): PlanOffer => ({
    plan,
    monthlyFils: PLAN_PRICE_FILS[plan],
    current: plan === sub.plan,
    upgradeNowFils:
      periodOn && isUpgrade(sub.plan as PlanId, plan)
        ? prorateUpgrade({
            from: sub.plan as PlanId,
            to: plan,
            periodStart: sub.periodStartsAt!,
            periodEnd: sub.renewsAt!,
            at: now,
          }).amountFils
        : null,
  }));
  const buys = planToBuy(sub);
  // when the next charge falls due: the trial's end, the period's end (not when cancelled), the day it fell due; a stopped one: any time
  const nextChargeAt =
    sub.status === "trial"
      ? sub.trialEndsAt
      : sub.status === "active"
        ? sub.cancelAtPeriodEnd
          ? null
          : sub.renewsAt
        : sub.status === "past_due"
          ? sub.renewsAt
          : null;
  const { business } = access;
  return {
    businessId: business.id,
    plan: sub.plan as PlanId,
    status: sub.status,
    canManage: access.canManage,
    isAgency: business.isAgency,
    running,
    rightsLost: running ? [] : [...RUNNING_RIGHTS],
    // the trial's free days while they run, also after a payment made during the trial (its month starts at the trial's end)
    trialEndsAt: trialRunsUntil(sub, now),
    periodStartsAt: sub.status === "trial" ? null : sub.periodStartsAt,
    periodEndsAt: sub.status === "trial" ? sub.trialEndsAt : sub.renewsAt,
    pastDueSince: sub.status === "past_due" ? sub.pastDueSince : null,
    graceEndsAt:
      sub.status === "past_due" && sub.pastDueSince ? new Date(sub.pastDueSince.getTime() + GRACE_DAYS * DAY) : null,
    nextChargeFils: sub.status === "active" && sub.cancelAtPeriodEnd ? null : PLAN_PRICE_FILS[buys],
    nextChargeAt,
    payableNow: payableNow(sub, now),
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    nextPlan: (sub.nextPlan as PlanId | null) ?? null,
    plans,
    gatewayConfigured: !!gateway,
    sources: gateway ? (gateway.sources.filter((s) => s !== "all") as Exclude<PaymentSource, "all">[]) : [],
    bankTransfer: gateway
      ? null
      : {
          bankName: config.payments.bank.name,
          iban: config.payments.bank.iban,
          beneficiary: config.payments.bank.beneficiary,
        },
    pendingPayment: payments.find((p) => p.status === "pending" && p.gateway !== "manual") ?? null,
    payments,
    legalName: business.legalName ?? business.companyName,
    billingAddress: business.billingAddress ?? business.address,
    crNumber: business.crNumber ?? null,
  };
}

/** The page from an access read after any change (accessOf loads the business with its subscription). */
export async function readBilling(ctx: BillingContext, access: Access): Promise<BillingState> {
  const sub = access.business.subscription;
  if (!sub) throw new AppError("NOT_FOUND");
  const payments = await ctx.deps.db.payment.findMany({
    where: { businessId: access.viewer.businessId },
    orderBy: [{ createdAt: "desc" }, { id: "asc" }],
    take: BILLING_PAYMENTS_SHOWN,
  });
  return stateOf(ctx, access, sub, payments, new Date());
}

/** The reads: the page, one payment, the page's live changes. */
export function createBillingReads(ctx: BillingContext) {
  const { db } = ctx.deps;
  return {
    /** The billing page: any person of the business reads it; `canManage` says whether they may act. */
    async billing(viewer: Viewer | null): Promise<BillingState> {
      return readBilling(ctx, await accessOf(db, viewer, "billing"));
    },

    /** One payment of the viewer's business (the return page shows its outcome). */
    async payment(viewer: Viewer | null, id: string): Promise<Payment> {
      const access = await accessOf(db, viewer, "billing");
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const p = await db.payment.findFirst({ where: { id, businessId: access.viewer.businessId } });
      if (!p) throw new AppError("NOT_FOUND");
      return p;
    },

    /** Billing changes of the viewer's business (the page refetches), from any server process. */
    subscribe(viewer: Viewer | null) {
      const { businessId } = requirePersonOfBusiness(viewer);
      return only(ctx.deps.pubsub.subscribe("billing.changed"), (e) => e.businessId === businessId);
    },
  };
}
