// A payment's effect on the subscription (docs/product.md#subscriptions-and-billing): a paid month moves
// the subscription to active from where the month starts (a running trial's end, the end of the period
// paid ahead or past due, or now when it had stopped); an upgrade's prorated difference changes the plan
// at once. Applied once: Payment.appliedAt is set in the same transaction, under the subscription's row
// lock, so the return, the webhook, the sweep and an admin's record may all arrive, in any order, any
// number of times, and the month is added once, with one invoice.
import { addMonths, paidPeriodStart, subscriptionRuns, type PlanId } from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";
import type { Subscription } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { issueInvoice } from "./invoices.ts";
import { releaseHeldPosts } from "./lifecycle.ts";
import { billingNotice } from "./notices.ts";
import { publishBillingChange } from "./changes.ts";

/** Locks the business's subscription row for this transaction (SELECT ... FOR UPDATE) and reads it. */
export async function lockSubscription(tx: Tx, businessId: string): Promise<Subscription> {
  if (!isUuid(businessId)) throw new AppError("NOT_FOUND");
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`select id from subscriptions where business_id = ${businessId}::uuid for update`;
  if (!rows.length) throw new AppError("NOT_FOUND");
  return tx.subscription.findUniqueOrThrow({ where: { businessId } });
}

/** What applying needs beyond the transaction: the outbox, the webhooks' recorder, who acted. */
export interface ApplyContext {
  mailer: Mailer;
  /** Sufra's public address: the notices' mails link to its Billing page */
  publicUrl?: string;
  webhooks?: Pick<WebhookEmitter, "record">;
  /** the person who acted (an admin recording a transfer); null for the gateway's return, webhook or the sweep */
  actorId?: string | null;
  ip?: string | null;
}

/** What an apply did; after the commit, `afterCommit` delivers its mails and webhooks. */
export interface ApplyResult {
  applied: boolean;
  paymentId: string;
  businessId: string;
  mailIds: string[];
  deliveries: string[];
}

/** How many whole months a payment's recorded period spans (an admin may record several at once), at least 1. */
function monthsOf(start: Date, end: Date): number {
  for (let m = 1; m <= 12; m++) if (addMonths(start, m).getTime() >= end.getTime()) return m;
  return 1;
}

/** The parts of a subscription a subscription.changed webhook and the caller caches care about. */
export const subscriptionShape = (s: Pick<Subscription, "plan" | "status" | "trialEndsAt" | "renewsAt">) =>
  [s.plan, s.status, s.trialEndsAt?.getTime(), s.renewsAt?.getTime()].join();

/**
 * Applies a paid payment to its subscription, once. The payment must be `paid` (the caller marked it so
 * in this transaction: the gateway's charge read by id, or an admin's record). A second call, in this
 * process or another, finds appliedAt set under the same row locks and changes nothing.
 *
 * purpose "period": the month starts at paidPeriodStart (computed now, not when the person clicked:
 * a webhook may come hours later) and the payment's periodStart/periodEnd are rewritten to match; the
 * subscription becomes active with that period; grace and end are cleared; the plan is the payment's.
 * Paid ahead (the month starts later) for another plan than the running one, the running plan stays
 * until then and the paid one waits as nextPlan.
 * purpose "upgrade": the plan changes at once; a waiting downgrade is dropped.
 */
export async function applyPaidPayment(tx: Tx, ctx: ApplyContext, paymentId: string, now: Date): Promise<ApplyResult> {
  const first = await tx.payment.findUnique({ where: { id: paymentId }, select: { businessId: true } });
  if (!first) throw new AppError("NOT_FOUND");
  const { businessId } = first;
  const none: ApplyResult = { applied: false, paymentId, businessId, mailIds: [], deliveries: [] };
  // lock order everywhere: the subscription, then the payment (no deadlock between two appliers)
  const sub = await lockSubscription(tx, businessId);
  await tx.$queryRaw`select id from payments where id = ${paymentId}::uuid for update`;
  const p = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
  if (p.appliedAt) return none;
  if (p.status !== "paid") throw new AppError("INVALID_STATE");

  const wasRunning = subscriptionRuns(sub.status);
  let data: Parameters<Tx["subscription"]["update"]>[0]["data"];
  let periodStart = p.periodStart;
  let periodEnd = p.periodEnd;
  if (p.purpose === "period") {
    periodStart = paidPeriodStart(sub, now);
    periodEnd = addMonths(periodStart, monthsOf(p.periodStart, p.periodEnd));
    const paidAhead = sub.status === "active" && periodStart.getTime() > now.getTime();
    const plan = p.plan as PlanId;
    data = {
      status: "active",
      periodStartsAt: periodStart,
      renewsAt: periodEnd,
      pastDueSince: null,
      endedAt: null,
      // paying the next month is keeping the subscription
      cancelAtPeriodEnd: false,
      // a month paid ahead for another plan starts that plan with the month (docs/product.md: a downgrade waits for the month's end)
      ...(paidAhead && plan !== sub.plan ? { nextPlan: plan } : { plan, nextPlan: null }),
    };
  } else {
    data = { plan: p.plan, nextPlan: null };
  }
  await tx.payment.update({ where: { id: p.id }, data: { appliedAt: now, periodStart, periodEnd } });
  const after = await tx.subscription.update({ where: { id: sub.id }, data });
  await audit(tx, {
    actorId: ctx.actorId ?? null,
    action: "billing.payment_applied",
    entityType: "business",
    entityId: businessId,
    data: {
      paymentId: p.id,
      purpose: p.purpose,
      plan: p.plan,
      amountFils: p.amountFils,
      gateway: p.gateway,
      method: p.method,
      from: { status: sub.status, plan: sub.plan, renewsAt: sub.renewsAt?.toISOString() ?? null },
      to: {
        status: after.status,
        plan: after.plan,
        periodStartsAt: after.periodStartsAt?.toISOString() ?? null,
        renewsAt: after.renewsAt?.toISOString() ?? null,
      },
    },
    ip: ctx.ip ?? null,
  });

  // a café's month its agency paid is a line of the agency's one invoice (billing-agency.ts), never an invoice of its own
  const { mailIds } = p.agencyPaymentId ? { mailIds: [] as string[] } : await issueInvoice(tx, ctx.mailer, p.id);
  // a business that had stopped runs again: its held posts go out (docs/product.md: scheduled posts are held, not lost)
  if (!wasRunning) await releaseHeldPosts(tx, businessId);
  // in the app only: the invoice's mail above is the receipt
  await billingNotice(tx, ctx, businessId, "payment_received", {
    paymentId: p.id,
    amountFils: p.amountFils,
    plan: p.plan,
    periodEnd: periodEnd.toISOString(),
  });

  const deliveries: string[] = [];
  const changed = subscriptionShape(sub) !== subscriptionShape(after);
  if (changed && ctx.webhooks)
    deliveries.push(
      ...(await ctx.webhooks.record(tx, businessId, { type: "subscription.changed", change: "payment_received" })),
    );
  await publishBillingChange(tx, businessId, "payment_received", changed);
  return { applied: true, paymentId: p.id, businessId, mailIds, deliveries };
}
