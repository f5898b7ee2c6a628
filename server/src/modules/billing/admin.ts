// The admin's side of billing (docs/product.md#subscriptions-and-billing, "Admin"): record a payment that
// came outside the gateway, extend a period, refund a payment (through the gateway when it was paid
// there), the payments list, and the figures of the overview (MRR, subscriptions by status, the Kuwait
// month's revenue). Every money action writes its audit row in its own transaction, and tells the live
// figures (billing.changed, stats.changed) when it commits (docs/architecture.md#how-a-request-flows).
import { createHash } from "node:crypto";
import {
  addMonths,
  adminPaymentsQuerySchema,
  billingFigures,
  extendPeriodSchema,
  isUpgrade,
  kuwaitDaysRange,
  kuwaitMonth,
  manualPaymentSchema,
  mayActOnClient,
  paidPeriodStart,
  refundRefusal,
  refundSchema,
  statusAfterRefunds,
  type BillingFigures,
  type ClientAction,
  type PlanId,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Prisma, Subscription } from "../../generated/prisma/client.ts";
import type { Tx } from "../../db/prisma.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { checkIdCursor, idPage, idWindow } from "../../kernel/pagination.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { GatewayError, type PaymentGateway, type Refund as GatewayRefund } from "../../payments/types.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { issueCreditNote } from "./invoices.ts";
import { publishBillingChange } from "./changes.ts";
import { movePayment } from "./payment-moves.ts";
import { applyPaidPayment, lockSubscription, subscriptionShape } from "./subscription.ts";

const DAY = 86_400_000;

/** What a row of the admin's payments list carries: the payment, its business's name and its invoice's number. */
const adminPaymentInclude = {
  // its business's status and subscription: what an admin may do to it from the row (clientActions)
  business: { select: { companyName: true, status: true, subscription: { select: { status: true, renewsAt: true } } } },
  invoice: { select: { id: true, number: true } },
} satisfies Prisma.PaymentInclude;
export type AdminPaymentRow = Prisma.PaymentGetPayload<{ include: typeof adminPaymentInclude }>;

export interface BillingAdminOptions {
  /** the configured gateway (null: none; refunds of its payments are refused as PAYMENTS_NOT_CONFIGURED) */
  gateway: PaymentGateway | null;
  webhooks?: Pick<WebhookEmitter, "record" | "dispatch">;
}

/**
 * The subscription, locked, when the admin's `action` is allowed for its business now (mayActOnClient,
 * the rule the console's allowedActions answers); INVALID_STATE otherwise.
 */
async function lockForAction(tx: Tx, businessId: string, action: ClientAction): Promise<Subscription> {
  const sub = await lockSubscription(tx, businessId);
  const business = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { status: true } });
  if (!mayActOnClient({ status: business.status, subscription: sub }, action)) throw new AppError("INVALID_STATE");
  return sub;
}

export function createBillingAdmin(deps: Deps, opts: BillingAdminOptions) {
  const { db, mailer, config } = deps;

  async function afterCommit(mailIds: string[], deliveries: string[]) {
    await mailer.deliver(mailIds);
    await opts.webhooks?.dispatch(deliveries);
  }

  const paymentRow = (id: string) => db.payment.findUniqueOrThrow({ where: { id }, include: adminPaymentInclude });

  /**
   * Money that came outside the gateway (a bank transfer): a paid payment of `months` months of the plan
   * (the one given, else the one the next payment buys), or (purpose upgrade) a higher plan's difference for
   * the rest of the running paid month, the café's "Change plan" paid by transfer. Applied like a gateway's
   * (applyPaidPayment: the period or the plan, the invoice, held posts released), in one transaction with its
   * audit row. An upgrade needs a paid month that runs (active, its end ahead) and a plan above the current
   * one: PLAN_UNCHANGED for the same plan, INVALID_STATE otherwise.
   */
  async function recordManualPayment(viewer: Viewer, businessId: string, input: unknown, meta?: RequestMeta) {
    requireScope(viewer, "admin");
    const m = validate(manualPaymentSchema, input);
    const now = new Date();
    const { paymentId, applied } = await db.$transaction(async (tx) => {
      const sub = await lockForAction(tx, businessId, "record_payment");
      const plan = (m.plan ?? sub.nextPlan ?? sub.plan) as PlanId;
      let periodStart: Date;
      let periodEnd: Date;
      if (m.purpose === "upgrade") {
        if (sub.status !== "active" || !sub.renewsAt || sub.renewsAt <= now) throw new AppError("INVALID_STATE");
        if (plan === sub.plan) throw new AppError("PLAN_UNCHANGED");
        if (!isUpgrade(sub.plan as PlanId, plan)) throw new AppError("INVALID_STATE");
        // the days it pays: from now (or from the paid month's start, when a month paid during a trial has not begun) to the month's end
        periodStart = sub.periodStartsAt && sub.periodStartsAt > now ? sub.periodStartsAt : now;
        periodEnd = sub.renewsAt;
      } else {
        // applyPaidPayment moves the period to where it starts when applied; written here as it stands now
        periodStart = paidPeriodStart(sub, now);
        periodEnd = addMonths(periodStart, m.months);
      }
      const payment = await tx.payment.create({
        data: {
          businessId,
          purpose: m.purpose,
          plan,
          periodStart,
          periodEnd,
          amountFils: m.amountFils,
          status: "paid",
          method: m.method,
          gateway: "manual",
          receipt: m.receipt || null,
          note: m.note || null,
          createdById: viewer.userId,
          paidAt: now,
        },
      });
      await audit(tx, {
        actorId: viewer.userId,
        action: "billing.manual_payment",
        entityType: "business",
        entityId: businessId,
        ip: meta?.ip,
        data: {
          paymentId: payment.id,
          amountFils: m.amountFils,
          method: m.method,
          purpose: m.purpose,
          plan,
          months: m.months,
          receipt: m.receipt || null,
          note: m.note || null,
        },
      });
      const applied = await applyPaidPayment(
        tx,
        { mailer, webhooks: opts.webhooks, publicUrl: config.publicUrl, actorId: viewer.userId, ip: meta?.ip ?? null },
        payment.id,
        now,
      );
      return { paymentId: payment.id, applied };
    });
    await afterCommit(applied.mailIds, applied.deliveries);
    return paymentRow(paymentId);
  }

  /**
   * Moves the end of the running period by `days`: a trial's end, or a paid period's (active or past
   * due). A past-due subscription whose new end is still ahead is active again until then; one whose new
   * end has passed stays past due, its grace counted from the new end. Expired and cancelled
   * subscriptions have no period to extend: they come back by a payment or a gift of trial days
   * (SUBSCRIPTION_TRANSITIONS: expired/cancelled -> active only by paying), so they are refused.
   */
  async function extendPeriod(viewer: Viewer, businessId: string, input: unknown, meta?: RequestMeta) {
    requireScope(viewer, "admin");
    const { days } = validate(extendPeriodSchema, input);
    const now = new Date();
    const deliveries: string[] = [];
    const after = await db.$transaction(async (tx) => {
      const sub = await lockForAction(tx, businessId, "extend_period");
      const by = days * DAY;
      let data: Prisma.SubscriptionUpdateInput;
      if (sub.status === "trial") {
        const end = new Date((sub.trialEndsAt ?? sub.renewsAt ?? now).getTime() + by);
        data = { trialEndsAt: end, renewsAt: end };
      } else if (sub.status === "active" && sub.renewsAt) {
        data = { renewsAt: new Date(sub.renewsAt.getTime() + by) };
      } else if (sub.status === "past_due" && sub.renewsAt) {
        const end = new Date(sub.renewsAt.getTime() + by);
        data =
          end > now ? { renewsAt: end, status: "active", pastDueSince: null } : { renewsAt: end, pastDueSince: end };
      } else throw new AppError("INVALID_STATE");
      const updated = await tx.subscription.update({ where: { id: sub.id }, data });
      const at = (d: Date | null) => d?.toISOString() ?? null;
      await audit(tx, {
        actorId: viewer.userId,
        action: "billing.period_extended",
        entityType: "business",
        entityId: businessId,
        ip: meta?.ip,
        data: {
          days,
          from: { status: sub.status, renewsAt: at(sub.renewsAt), trialEndsAt: at(sub.trialEndsAt) },
          to: { status: updated.status, renewsAt: at(updated.renewsAt), trialEndsAt: at(updated.trialEndsAt) },
        },
      });
      if (opts.webhooks)
        deliveries.push(
          ...(await opts.webhooks.record(tx, businessId, { type: "subscription.changed", change: "period_extended" })),
        );
      await publishBillingChange(
        tx,
        businessId,
        "period_extended",
        subscriptionShape(sub) !== subscriptionShape(updated),
      );
      return updated;
    });
    await afterCommit([], deliveries);
    return after;
  }

  /**
   * Gives back part or all of a paid payment, never more than is left of it (REFUND_TOO_LARGE). A payment
   * taken by the gateway is refunded there first: a refusal changes nothing here and says the gateway's
   * reason; its pending or succeeded answer is recorded. A manual payment's refund is recorded only (the
   * money went back outside Sufra). Either way: a Refund row, the payment's refundedFils and status
   * (refunded / partially_refunded), an audit row, and a credit note once it succeeded (at once, or when the
   * gateway's webhook says so: settleRefund). A pending refund counts against what is left, as the gateway counts it. A refund does not move the period:
   * it corrects money (a double payment, goodwill after an outage), the period is the service given, and
   * a month paid ahead may sit behind another, so which days it would take back is not the refund's to say;
   * ending a subscription stays the lifecycle's (a period that is not paid again ends).
   */
  async function refund(viewer: Viewer, paymentId: string, input: unknown, meta?: RequestMeta) {
    requireScope(viewer, "admin");
    const r = validate(refundSchema, input);
    if (!isUuid(paymentId)) throw new AppError("NOT_FOUND");
    const before = await db.payment.findUnique({ where: { id: paymentId } });
    if (!before) throw new AppError("NOT_FOUND");
    // a café's month its agency paid has no charge of its own and no invoice of its own (billing-agency.ts): not refunded here
    if (before.agencyPaymentId) throw new AppError("INVALID_STATE");
    // the console's rule (mayRefund): one never paid has nothing to refund, a refunded one nothing left
    const refused = refundRefusal(before, r.amountFils);
    if (refused) throw new AppError(refused);

    let answer: Awaited<ReturnType<PaymentGateway["refund"]>> | null = null;
    if (before.gateway !== "manual") {
      const gateway = opts.gateway;
      if (!gateway || gateway.name !== before.gateway || !before.gatewayChargeId)
        throw new AppError("PAYMENTS_NOT_CONFIGURED");
      // the same refund asked again with nothing recorded in between (its answer was lost) carries the same
      // reference, which the gateway answers with the first refund instead of a second (its idempotency);
      // short and plain (letters, digits, an underscore), as gateways' references are limited
      const reference = `rf_${createHash("sha256").update(`${before.id}:${before.refundedFils}:${r.amountFils}`).digest("hex").slice(0, 32)}`;
      try {
        answer = await gateway.refund({
          chargeId: before.gatewayChargeId,
          amountFils: r.amountFils,
          reason: r.reason,
          reference,
          webhookUrl: `${config.payments.publicUrl}/api/billing/webhooks/${gateway.name}`,
        });
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
        if (e.kind !== "refused") throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
        throw refusedBy(`${e.code ?? e.status ?? ""} ${e.message}`.trim());
      }
      if (answer.state === "failed") throw refusedBy(answer.gatewayStatus);
    }

    const mailIds: string[] = [];
    const done = await db.$transaction(async (tx) => {
      // lock order everywhere: the subscription, then the payment (subscription.ts)
      await lockSubscription(tx, before.businessId);
      await tx.$queryRaw`select id from payments where id = ${paymentId}::uuid for update`;
      if (answer) {
        const known = await tx.refund.findUnique({ where: { gatewayRefundId: answer.id } });
        if (known) return { refundId: known.id }; // the same refund answered twice: recorded once
      }
      const p = await tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
      const refusedNow = refundRefusal(p, r.amountFils);
      if (refusedNow) throw new AppError(refusedNow);
      const status = !answer || answer.state === "succeeded" ? "succeeded" : "pending";
      const row = await tx.refund.create({
        data: {
          paymentId,
          amountFils: r.amountFils,
          reason: r.reason,
          status,
          gatewayRefundId: answer?.id ?? null,
          createdById: viewer.userId,
        },
      });
      const refundedFils = p.refundedFils + r.amountFils;
      const paymentStatus = statusAfterRefunds(p.amountFils, refundedFils);
      await movePayment(tx, p, paymentStatus, { refundedFils });
      await audit(tx, {
        actorId: viewer.userId,
        action: "billing.refund",
        entityType: "business",
        entityId: p.businessId,
        ip: meta?.ip,
        data: {
          paymentId,
          refundId: row.id,
          amountFils: r.amountFils,
          reason: r.reason,
          gateway: p.gateway,
          gatewayRefundId: answer?.id ?? null,
          refundStatus: status,
          refundedFils,
          paymentStatus,
          paymentAmountFils: p.amountFils,
        },
      });
      // a refund the gateway has not finished gets its credit note when it succeeds (settleRefund)
      if (status === "succeeded") mailIds.push(...(await issueCreditNote(tx, mailer, row.id)).mailIds);
      await publishBillingChange(tx, p.businessId, "refund", false);
      return { refundId: row.id };
    });
    await afterCommit(mailIds, []);
    const [row, payment] = await Promise.all([
      db.refund.findUniqueOrThrow({
        where: { id: done.refundId },
        include: { creditNote: { select: { number: true } } },
      }),
      paymentRow(paymentId),
    ]);
    return { refund: row, payment };
  }

  /** Every business's billing changes (payments, refunds, periods), for the admin's payments list: admins only. */
  function changes(viewer: Viewer) {
    requireScope(viewer, "admin");
    return deps.pubsub.subscribe("billing.changed");
  }

  /** Every payment, newest first, filtered (status, method, business by id or words of its name, Kuwait days of its making). */
  async function payments(viewer: Viewer, input: unknown) {
    requireScope(viewer, "admin");
    const q = validate(adminPaymentsQuerySchema, input);
    checkIdCursor(q.after);
    const created = kuwaitDaysRange(q.from, q.to);
    const where: Prisma.PaymentWhereInput = {
      ...(q.status ? { status: q.status } : {}),
      ...(q.method ? { method: q.method } : {}),
      ...(q.businessId ? { businessId: q.businessId } : {}),
      ...(q.search
        ? {
            business: {
              OR: [
                { companyName: { contains: q.search, mode: "insensitive" } },
                { legalName: { contains: q.search, mode: "insensitive" } },
              ],
            },
          }
        : {}),
      ...(created.gte || created.lt ? { createdAt: created } : {}),
    };
    const [rows, totalCount] = await Promise.all([
      db.payment.findMany({
        where,
        include: adminPaymentInclude,
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...idWindow(q),
      }),
      db.payment.count({ where }),
    ]);
    return { ...idPage(rows, q.first), totalCount };
  }

  /**
   * MRR, subscriptions by status and this Kuwait month's revenue (money taken minus money given back in
   * the month, in fils), in one statement. The demo café never pays and is left out of every figure; so
   * are sign-ups never approved (pending, rejected): their subscription row waits in "trial" from the
   * sign-up, yet no trial runs until an admin approves (clients.service.ts approve).
   * A refund counts when the gateway took it (pending or succeeded), as the payment's refundedFils does.
   */
  async function figures(now = new Date()): Promise<BillingFigures> {
    const month = kuwaitMonth(now);
    const [row] = await db.$queryRaw<
      { subs: { status: string; plan: string; count: number }[] | null; paid: bigint; refunded: bigint }[]
    >`
      select
        (select json_agg(s) from (
           select sub.status::text as status, sub.plan::text as plan, count(*)::int as count
           from subscriptions sub join businesses b on b.id = sub.business_id
           where not b.demo and b.status in ('active', 'suspended') group by 1, 2) s) as subs,
        (select coalesce(sum(p.amount_fils), 0) from payments p join businesses b on b.id = p.business_id
           where not b.demo and p.paid_at >= ${month.start} and p.paid_at < ${month.end}
             and p.status in ('paid', 'refunded', 'partially_refunded')) as paid,
        (select coalesce(sum(r.amount_fils), 0) from refunds r join payments p on p.id = r.payment_id join businesses b on b.id = p.business_id
           where not b.demo and r.created_at >= ${month.start} and r.created_at < ${month.end} and r.status <> 'failed') as refunded`;
    return billingFigures(row?.subs ?? [], Number(row?.paid ?? 0), Number(row?.refunded ?? 0));
  }

  /**
   * The gateway's word on a refund it had answered pending (its signed webhook, or a read by id): succeeded
   * issues the credit note; failed gives the amount back to the payment (its refundedFils and status) and
   * issues none. A refund already settled, or not known here, changes nothing. Idempotent.
   */
  async function settleRefund(event: GatewayRefund): Promise<boolean> {
    if (event.state === "pending") return false;
    const mailIds: string[] = [];
    const changed = await db.$transaction(async (tx) => {
      const known = await tx.refund.findUnique({
        where: { gatewayRefundId: event.id },
        include: { payment: { select: { businessId: true } } },
      });
      if (!known || known.status !== "pending") return false;
      await lockSubscription(tx, known.payment.businessId);
      await tx.$queryRaw`select id from payments where id = ${known.paymentId}::uuid for update`;
      const claimed = await tx.refund.updateMany({
        where: { id: known.id, status: "pending" },
        data: { status: event.state },
      });
      if (!claimed.count) return false;
      const p = await tx.payment.findUniqueOrThrow({ where: { id: known.paymentId } });
      if (event.state === "succeeded") mailIds.push(...(await issueCreditNote(tx, mailer, known.id)).mailIds);
      else {
        const refundedFils = Math.max(0, p.refundedFils - known.amountFils);
        await movePayment(tx, p, statusAfterRefunds(p.amountFils, refundedFils), { refundedFils });
      }
      await audit(tx, {
        actorId: null,
        action: event.state === "succeeded" ? "billing.refund_succeeded" : "billing.refund_failed",
        entityType: "business",
        entityId: p.businessId,
        data: {
          paymentId: p.id,
          refundId: known.id,
          amountFils: known.amountFils,
          gatewayRefundId: event.id,
          gatewayStatus: event.gatewayStatus,
        },
      });
      await publishBillingChange(tx, p.businessId, "refund", false);
      return true;
    });
    await afterCommit(mailIds, []);
    return changed;
  }

  return {
    recordManualPayment,
    settleRefund,
    extendPeriod,
    refund,
    payments,
    changes,
    /** The overview's billing figures, admins only. */
    async figuresFor(viewer: Viewer) {
      requireScope(viewer, "admin");
      return figures();
    },
    /** For the admin service's live figures (its caller checked the admin). */
    figures,
  };
}
export type BillingAdmin = ReturnType<typeof createBillingAdmin>;

const refusedBy = (reason: string) =>
  new AppError("REFUND_REFUSED_BY_GATEWAY", { amountFils: [{ key: "gatewayAnswered", params: { reason } }] });
