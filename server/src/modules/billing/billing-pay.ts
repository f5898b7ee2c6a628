// Paying (docs/product.md#subscriptions-and-billing, "Paying"): "Pay now" through the gateway, the return from
// its page, its signed webhook and the sweep of pending payments, each settling a charge read by id, once.
// Trust: Sufra acts only on a charge it read by id from the gateway with its secret key (the return URL's
// parameters only say which charge to read; a webhook whose signature checks says which charge changed,
// and is read again by id, since Tap signs only some of its fields). The charge's reference must be one
// of our payments, of the same gateway, not linked to another charge, for the same amount and currency.
// A payment is applied once (subscription.ts, Payment.appliedAt), however many of those arrive; its status
// moves only along the payment table (payment-moves.ts, docs/architecture.md#payment-rules).
import {
  addMonths,
  mayMovePayment,
  moneyTaken,
  paidPeriodStart,
  payableNow,
  payNowSchema,
  PLAN_PRICE_FILS,
  type PlanId,
} from "@sufra/schema";
import type { RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Payment } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { GatewayError, type Charge, type PaymentGateway, type PaymentSource } from "../../payments/types.ts";
import { requireManager } from "../team/index.ts";
import { planToBuy, type Access, type BillingContext } from "./billing-context.ts";
import { publishBillingChange } from "./changes.ts";
import { billingNotice } from "./notices.ts";
import { movePayment, movePaymentIfStill } from "./payment-moves.ts";
import { applyPaidPayment, lockSubscription, type ApplyResult } from "./subscription.ts";
import { requestCharge } from "../../payments/request-charge.ts";

const DAY = 86_400_000;
/** Tap's page expires an unfinished charge after 30 minutes; the sweep reads pending payments older than that. */
const PENDING_SETTLE_AFTER_MS = 30 * 60_000;
/** A charge still pending this long after it was made is abandoned (the person never finished). */
export const PENDING_GIVE_UP_MS = DAY;

/** Which payment the gateway's return names: a café's own, or an agency's for its cafés. */
export interface ReturnedPayment {
  kind: "payment" | "agency_payment";
  id: string;
}

export interface ChargeStart {
  payment: Payment;
  redirectUrl: string;
}

/** What a settled charge did: the payment it belongs to (null: not ours, or it did not match). */
interface Settled {
  payment: Payment | null;
  apply: ApplyResult | null;
  mailIds: string[];
  /** the webhook's (charge, status) was handled before: nothing was done */
  duplicate?: boolean;
}

/** What a gateway payment is for, as its charge describes it. */
export const describePayment = (plan: PlanId, purpose: "period" | "upgrade") =>
  purpose === "period" ? `Sufra ${plan} plan, one month` : `Sufra upgrade to ${plan}, rest of the month`;

/** A new pending payment of the gateway, written with its audit row. */
export async function newPayment(
  ctx: BillingContext,
  tx: Tx,
  access: Access,
  data: { purpose: "period" | "upgrade"; plan: PlanId; amountFils: number; periodStart: Date; periodEnd: Date },
  meta: RequestMeta,
) {
  const payment = await tx.payment.create({
    data: {
      businessId: access.viewer.businessId,
      ...data,
      currency: "KWD",
      status: "pending",
      gateway: ctx.gateway!.name,
      createdById: access.viewer.userId,
    },
  });
  await audit(tx, {
    actorId: access.viewer.userId,
    action: "billing.payment_started",
    entityType: "business",
    entityId: payment.businessId,
    data: {
      paymentId: payment.id,
      ...data,
      periodStart: data.periodStart.toISOString(),
      periodEnd: data.periodEnd.toISOString(),
    },
    ip: meta.ip,
  });
  await publishBillingChange(tx, payment.businessId, "payment_started", false);
  return payment;
}

// asking for a charge once per reference (payments/request-charge.ts): billing-agency.ts asks through here too
export { requestCharge };

/**
 * Asks the gateway for a charge of a payment just written (pending), outside any transaction (no row
 * lock is held across a network call). The payment's id is the charge's reference and idempotency key:
 * an answer lost on the way is asked once more with the same reference (Tap answers the first charge,
 * never a second), then looked for by reference; a gateway that cannot be reached leaves the payment
 * failed, nothing charged.
 */
export async function startCharge(
  ctx: BillingContext,
  payment: Payment,
  access: Access,
  source: PaymentSource,
  description: string,
): Promise<ChargeStart> {
  const { db, logger, config } = ctx.deps;
  const { charge, failure } = await requestCharge(ctx.gateway!, {
    amountFils: payment.amountFils,
    reference: payment.id,
    description,
    source,
    customer: { name: access.viewer.name, email: access.viewer.email, phone: access.business.phone },
    returnUrl: ctx.returnUrl,
    webhookUrl: ctx.webhookUrl,
    metadata: { businessId: payment.businessId, purpose: payment.purpose, plan: payment.plan },
  });
  if (!charge) {
    const refused = failure?.kind === "refused";
    await movePaymentIfStill(db, payment.id, "failed", {
      failureCode: refused ? (failure?.code ?? "refused") : "gateway_unreachable",
      failureMessage: failure?.message.slice(0, 500) ?? "no answer",
    });
    logger.warn("payment gateway refused or unreachable", {
      paymentId: payment.id,
      kind: failure?.kind,
      error: failure?.message,
    });
    await db.$transaction((tx) => publishBillingChange(tx, payment.businessId, "payment_failed", false));
    throw new AppError(refused ? "PAYMENT_REFUSED_BY_GATEWAY" : "PAYMENT_GATEWAY_UNAVAILABLE");
  }
  if (charge.reference !== payment.id || charge.amountFils !== payment.amountFils) {
    // the gateway answered a charge that is not this payment's: never send the person to pay it
    logger.error("gateway answered another charge", {
      paymentId: payment.id,
      chargeId: charge.id,
      reference: charge.reference,
      amountFils: charge.amountFils,
    });
    await movePaymentIfStill(db, payment.id, "failed", {
      failureCode: "unexpected_answer",
      failureMessage: "the gateway answered another charge",
    });
    throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
  }
  const linked = await db.payment.update({ where: { id: payment.id }, data: { gatewayChargeId: charge.id } });
  if (charge.state !== "pending" || !charge.redirectUrl) {
    // decided at once (a refusal by the bank before any page): settle it as the return would
    const settled = await settle(ctx, charge);
    const p = settled.payment ?? linked;
    if (p.status === "failed") throw new AppError("PAYMENT_REFUSED_BY_GATEWAY");
    return { payment: p, redirectUrl: `${config.payments.publicUrl}/billing?payment=${p.id}` };
  }
  return { payment: linked, redirectUrl: charge.redirectUrl };
}

/**
 * Settles one of our payments from a charge read by id from the gateway: paid -> applied (once);
 * failed or abandoned -> marked (a pending payment only); pending -> nothing. A charge that is not
 * ours, of another gateway, linked to another payment, or for another amount or currency changes nothing.
 */
async function settle(ctx: BillingContext, charge: Charge, eventKey?: string): Promise<Settled> {
  const { db, logger } = ctx.deps;
  const g = ctx.gateway!;
  if (!isUuid(charge.reference)) return { payment: null, apply: null, mailIds: [] };
  const found = await db.payment.findUnique({ where: { id: charge.reference } });
  if (!found) {
    // none of the cafés' own payments: it may be an agency's payment for its cafés (billing-agency.ts)
    const agency = await ctx.agencyCharges?.settle(charge, eventKey);
    if (agency) return { payment: null, apply: null, mailIds: [], duplicate: agency.duplicate };
  }
  if (!found || found.gateway !== g.name || (found.gatewayChargeId && found.gatewayChargeId !== charge.id)) {
    logger.warn("a charge that is none of our payments", { chargeId: charge.id, reference: charge.reference });
    return { payment: null, apply: null, mailIds: [] };
  }
  if (charge.amountFils !== found.amountFils || charge.currency !== found.currency) {
    logger.error("a charge whose amount does not match its payment", {
      chargeId: charge.id,
      paymentId: found.id,
      chargeFils: charge.amountFils,
      paymentFils: found.amountFils,
    });
    await db.$transaction((tx) =>
      audit(tx, {
        actorId: null,
        action: "billing.charge_mismatch",
        entityType: "business",
        entityId: found.businessId,
        data: {
          paymentId: found.id,
          chargeId: charge.id,
          chargeFils: charge.amountFils,
          paymentFils: found.amountFils,
          currency: charge.currency,
        },
      }),
    );
    return { payment: found, apply: null, mailIds: [] };
  }
  if (charge.state === "pending") return { payment: found, apply: null, mailIds: [] };
  const now = new Date();
  const out = await db.$transaction(async (tx): Promise<Settled> => {
    await lockSubscription(tx, found.businessId); // the lock order of applyPaidPayment: subscription, then payment
    await tx.$queryRaw`select id from payments where id = ${found.id}::uuid for update`;
    const p = await tx.payment.findUniqueOrThrow({ where: { id: found.id } });
    if (eventKey) {
      // a webhook's (charge, status) is handled once, in the transaction that handles it: a second delivery, even a
      // concurrent one (it waits on the key's index entry), finds it and changes nothing
      const first = await tx.gatewayEvent.createMany({ data: [{ key: eventKey }], skipDuplicates: true });
      if (!first.count) return { payment: p, apply: null, mailIds: [], duplicate: true };
    }
    return charge.state === "paid" ? settlePaid(ctx, tx, p, charge, now) : settleUnpaid(ctx, tx, p, charge);
  });
  await ctx.afterCommit(out.mailIds, out.apply?.deliveries ?? []);
  return out;
}

/** A charge the gateway took, for a payment locked in `tx`: paid (if it was not) and applied once. */
async function settlePaid(ctx: BillingContext, tx: Tx, p: Payment, charge: Charge, now: Date): Promise<Settled> {
  const { mailer, config } = ctx.deps;
  // money was taken: a payment marked failed or abandoned here (an answer lost) is still paid and applied
  if (!moneyTaken(p.status)) {
    await movePayment(tx, p, "paid", {
      paidAt: now,
      method: charge.method ?? p.method,
      receipt: charge.receipt,
      gatewayChargeId: charge.id,
      failureCode: null,
      failureMessage: null,
    });
    await audit(tx, {
      actorId: null,
      action: "billing.payment_paid",
      entityType: "business",
      entityId: p.businessId,
      data: {
        paymentId: p.id,
        chargeId: charge.id,
        amountFils: p.amountFils,
        method: charge.method,
        gatewayStatus: charge.gatewayStatus,
      },
    });
  }
  const apply =
    p.status === "refunded" || p.status === "partially_refunded"
      ? null
      : await applyPaidPayment(tx, { mailer, webhooks: ctx.webhooks, publicUrl: config.publicUrl }, p.id, now);
  return {
    payment: await tx.payment.findUniqueOrThrow({ where: { id: p.id } }),
    apply,
    mailIds: apply?.mailIds ?? [],
  };
}

/** A charge that failed or was abandoned, for a payment locked in `tx`: a pending payment is marked so. */
async function settleUnpaid(ctx: BillingContext, tx: Tx, p: Payment, charge: Charge): Promise<Settled> {
  const { mailer, config } = ctx.deps;
  const status = charge.state === "failed" ? "failed" : "abandoned";
  if (!mayMovePayment(p.status, status)) return { payment: p, apply: null, mailIds: [] };
  const updated = await movePayment(tx, p, status, {
    gatewayChargeId: charge.id,
    failureCode: charge.failure?.code || charge.gatewayStatus,
    failureMessage: (charge.failure?.message ?? charge.gatewayStatus).slice(0, 500),
  });
  await audit(tx, {
    actorId: null,
    action: `billing.payment_${status}`,
    entityType: "business",
    entityId: p.businessId,
    data: {
      paymentId: p.id,
      chargeId: charge.id,
      gatewayStatus: charge.gatewayStatus,
      code: charge.failure?.code ?? null,
    },
  });
  const mailIds =
    status === "failed"
      ? (
          await billingNotice(tx, { mailer, publicUrl: config.publicUrl }, p.businessId, "payment_failed", {
            paymentId: p.id,
            amountFils: p.amountFils,
            reason: updated.failureMessage,
          })
        ).mailIds
      : [];
  await publishBillingChange(tx, p.businessId, `payment_${status}`, false);
  return { payment: updated, apply: null, mailIds };
}

/** What the sweep reads: a gateway's payments still pending past its page's 30 minutes, oldest first, 100 at a time. */
export const dueForSweep = (gatewayName: string, now: Date) => ({
  where: {
    status: "pending" as const,
    gateway: gatewayName,
    createdAt: { lt: new Date(now.getTime() - PENDING_SETTLE_AFTER_MS) },
  },
  orderBy: { createdAt: "asc" as const },
  take: 100,
});

/** The sweep's reading of a pending payment's charge: by its id, else (its create's answer lost) by its reference. */
export const chargeOfPending = (gateway: PaymentGateway, p: { id: string; gatewayChargeId: string | null }) =>
  p.gatewayChargeId
    ? gateway.retrieveCharge(p.gatewayChargeId)
    : gateway.findChargeByReference
      ? gateway.findChargeByReference(p.id)
      : Promise.resolve(null);

/** The sweep: gateway payments pending longer than Tap's 30-minute page, read by id and settled (Tap posts nothing for an abandoned charge). */
async function settlePending(ctx: BillingContext, now: Date): Promise<{ settled: number }> {
  const { db, logger } = ctx.deps;
  const { gateway } = ctx;
  if (!gateway) return { settled: 0 };
  const sweep = dueForSweep(gateway.name, now);
  // a café's month in an agency's payment has no charge of its own: the agency's is swept below
  const due = await db.payment.findMany({ ...sweep, where: { ...sweep.where, agencyPaymentId: null } });
  let settled = 0;
  for (const p of due) {
    try {
      const charge = await chargeOfPending(gateway, p);
      if (charge) {
        const s = await settle(ctx, charge);
        if (s.payment && s.payment.status !== "pending") settled++;
      }
      if ((!charge || charge.state === "pending") && now.getTime() - p.createdAt.getTime() > PENDING_GIVE_UP_MS) {
        const abandoned = await movePaymentIfStill(db, p.id, "abandoned", {
          failureCode: charge ? charge.gatewayStatus : "no_charge",
          failureMessage: "never finished on the payment page",
        });
        if (abandoned) settled++;
      }
    } catch (e) {
      logger.warn("could not settle a pending payment", { paymentId: p.id, error: (e as Error).message });
    }
  }
  if (ctx.agencyCharges) settled += await ctx.agencyCharges.settlePending(now);
  return { settled };
}

/** Pay now, the return from the gateway's page, its webhook and the sweep. */
export function createPayAndSettle(ctx: BillingContext) {
  const { db } = ctx.deps;
  const { gateway } = ctx;
  return {
    /**
     * "Pay now": a month of the plan the subscription buys next (or the one chosen on a trial or a
     * stopped subscription), through the gateway's page. Answers where to send the person.
     */
    async payNow(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<ChargeStart> {
      const access = await requireManager(db, viewer, "billing");
      const { source, plan: chosen } = validate(payNowSchema, input);
      if (!gateway) throw new AppError("PAYMENTS_NOT_CONFIGURED");
      const payment = await db.$transaction(async (tx) => {
        const sub = await lockSubscription(tx, access.viewer.businessId);
        const now = new Date();
        if (!payableNow(sub, now)) throw new AppError("NOTHING_TO_PAY");
        const plan = chosen ?? planToBuy(sub);
        // where the month starts is computed again when it is applied (the webhook may come later); this is what the person is shown
        const periodStart = paidPeriodStart(sub, now);
        return newPayment(
          ctx,
          tx,
          access,
          {
            purpose: "period",
            plan,
            amountFils: PLAN_PRICE_FILS[plan],
            periodStart,
            periodEnd: addMonths(periodStart),
          },
          meta,
        );
      });
      return startCharge(ctx, payment, access, source, describePayment(payment.plan as PlanId, "period"));
    },

    /**
     * The return from the gateway's page: answers the payment's id, or null. Anyone may open this address,
     * so it is counted per client address, and only the charge of one of our own pending payments is read
     * from the gateway (by id; never the URL's other parameters): a made-up id never spends our key's quota.
     * A payment already settled is shown as we have it (the webhook and the sweep keep it up to date).
     */
    async returnFromGateway(chargeId: unknown, meta: Pick<RequestMeta, "ip">): Promise<ReturnedPayment | null> {
      await ctx.deps.limits.consume("payment_return", meta.ip);
      if (!gateway || typeof chargeId !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(chargeId)) return null;
      const ours = await db.payment.findUnique({
        where: { gatewayChargeId: chargeId },
        select: { id: true, status: true, gateway: true },
      });
      if (!ours) {
        // an agency's payment for its cafés: the same reading, by id, of its own pending charge only
        const id = ctx.agencyCharges ? await ctx.agencyCharges.returned(chargeId) : null;
        return id ? { kind: "agency_payment", id } : null;
      }
      if (ours.gateway !== gateway.name) return null;
      if (ours.status !== "pending") return { kind: "payment", id: ours.id };
      let charge: Charge;
      try {
        charge = await gateway.retrieveCharge(chargeId);
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
        // the gateway is away (or refuses to say): show the payment as we have it; the sweep settles it
        return { kind: "payment", id: ours.id };
      }
      const settled = await settle(ctx, charge);
      return { kind: "payment", id: settled.payment?.id ?? ours.id };
    },

    /**
     * The gateway's webhook: the signature is checked over the raw body (null: refused, nothing read
     * further). The signed part names the charge and its status; the charge is then read by id, since
     * Tap's signature does not cover its reference. Each (charge, status) is handled once (GatewayEvent).
     */
    async receiveWebhook(
      headers: Record<string, string | string[] | undefined>,
      rawBody: Buffer,
    ): Promise<{ received: true; duplicate: boolean }> {
      if (!gateway) throw new AppError("NOT_FOUND");
      let event: ReturnType<PaymentGateway["verifyWebhook"]> = null;
      try {
        event = gateway.verifyWebhook(headers, rawBody);
      } catch {
        event = null;
      }
      if (!event) throw new AppError("UNAUTHENTICATED");
      // refunds are the admin's (their own object, admin.ts): signed id and status, settled once there
      if (event.kind === "refund") {
        await ctx.onRefund?.(event.refund);
        return { received: true, duplicate: false };
      }
      const key = `${gateway.name}:charge:${event.charge.id}:${event.charge.gatewayStatus}`;
      const seen = await db.gatewayEvent.findUnique({ where: { key } });
      if (seen) return { received: true, duplicate: true };
      let charge: Charge;
      try {
        charge = await gateway.retrieveCharge(event.charge.id);
      } catch (e) {
        if (e instanceof GatewayError && e.kind === "refused") return { received: true, duplicate: false };
        // the gateway is away: answer 503 so it posts again (Tap retries twice); the sweep settles it otherwise
        throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
      }
      const settled = await settle(ctx, charge, key);
      return { received: true, duplicate: !!settled.duplicate };
    },

    /** The sweep (settlePending). */
    settlePendingPayments: (now = new Date()) => settlePending(ctx, now),
  };
}
