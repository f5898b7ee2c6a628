// Billing from the café's side (docs/product.md#subscriptions-and-billing, "Paying" and "Plan changes"):
// what the plan costs and when, "Pay now" through the gateway, the return from its page and its signed
// webhook, plan changes, cancelling at the period's end, the name and address invoices carry. Owners and
// the account holder manage; the business's other people read.
// Trust: Sufra acts only on a charge it read by id from the gateway with its secret key (the return URL's
// parameters only say which charge to read; a webhook whose signature checks says which charge changed,
// and is read again by id, since Tap signs only some of its fields). The charge's reference must be one
// of our payments, of the same gateway, not linked to another charge, for the same amount and currency.
// A payment is applied once (subscription.ts, Payment.appliedAt), however many of those arrive.
import {
  addMonths,
  billingDetailsSchema,
  changePlanSchema,
  GRACE_DAYS,
  isUpgrade,
  PAY_AHEAD_DAYS,
  paidPeriodStart,
  payableNow,
  payNowSchema,
  PLAN_IDS,
  PLAN_PRICE_FILS,
  prorateUpgrade,
  RUNNING_RIGHTS,
  subscriptionRuns,
  trialRunsUntil,
  type PlanId,
  type RunningRight,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Payment, Subscription } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { only } from "../../kernel/pubsub.ts";
import type { Viewer } from "../../kernel/policy.ts";
import {
  GatewayError,
  type Charge,
  type PaymentGateway,
  type PaymentSource,
  type Refund as GatewayRefund,
} from "../../payments/types.ts";
import { accessOf, requireManager, requirePersonOfBusiness } from "../team/index.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { publishBillingChange } from "./changes.ts";
import { applyPaidPayment, lockSubscription, subscriptionShape, type ApplyResult } from "./subscription.ts";
import { billingNotice } from "./notices.ts";

const DAY = 86_400_000;
/** Who the viewer is in their business (the team's access: the business, its subscription, whether they manage). */
type Access = Awaited<ReturnType<typeof accessOf>>;
/** Tap's page expires an unfinished charge after 30 minutes; the sweep reads pending payments older than that. */
export const PENDING_SETTLE_AFTER_MS = 30 * 60_000;
/** A charge still pending this long after it was made is abandoned (the person never finished). */
const PENDING_GIVE_UP_MS = DAY;
/** How many payments the billing page lists. */
export const BILLING_PAYMENTS_SHOWN = 50;

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

export type PlanChangeOutcome = "changed" | "scheduled" | "payment_required" | "cleared";

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

/** The plan the next period payment buys: a waiting downgrade, or the plan. */
const planToBuy = (sub: Subscription): PlanId => (sub.nextPlan ?? sub.plan) as PlanId;

export function createBillingService(
  deps: Deps,
  opts: {
    gateway: PaymentGateway | null;
    webhooks?: Pick<WebhookEmitter, "record" | "dispatch">;
    /** a refund's signed webhook (the admin's refunds, admin.ts settleRefund): its id and status are what Tap signs */
    onRefund?: (refund: GatewayRefund) => Promise<unknown>;
  },
) {
  const { db, config, mailer, logger } = deps;
  const { gateway, webhooks } = opts;
  const publicUrl = config.payments.publicUrl;
  const returnUrl = `${publicUrl}/api/billing/return`;
  const webhookUrl = `${publicUrl}/api/billing/webhooks/tap`;

  /** After a commit: the mails written in it, the webhook deliveries recorded in it. */
  async function afterCommit(mailIds: string[], deliveries: string[]) {
    if (mailIds.length) await mailer.deliver(mailIds);
    if (deliveries.length && webhooks) await webhooks.dispatch(deliveries);
  }

  function stateOf(
    access: Pick<Access, "business" | "canManage">,
    sub: Subscription,
    payments: Payment[],
    now: Date,
  ): BillingState {
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
  async function read(access: Access): Promise<BillingState> {
    const sub = access.business.subscription;
    if (!sub) throw new AppError("NOT_FOUND");
    const payments = await db.payment.findMany({
      where: { businessId: access.viewer.businessId },
      orderBy: [{ createdAt: "desc" }, { id: "asc" }],
      take: BILLING_PAYMENTS_SHOWN,
    });
    return stateOf(access, sub, payments, new Date());
  }

  /**
   * Asks the gateway for a charge of a payment just written (pending), outside any transaction (no row
   * lock is held across a network call). The payment's id is the charge's reference and idempotency key:
   * an answer lost on the way is asked once more with the same reference (Tap answers the first charge,
   * never a second), then looked for by reference; a gateway that cannot be reached leaves the payment
   * failed, nothing charged.
   */
  async function startCharge(
    payment: Payment,
    access: Access,
    source: PaymentSource,
    description: string,
  ): Promise<ChargeStart> {
    const g = gateway!;
    const input = {
      amountFils: payment.amountFils,
      reference: payment.id,
      description,
      source,
      customer: { name: access.viewer.name, email: access.viewer.email, phone: access.business.phone },
      returnUrl,
      webhookUrl,
      metadata: { businessId: payment.businessId, purpose: payment.purpose, plan: payment.plan },
    };
    let charge: Charge | null = null;
    let failure: GatewayError | null = null;
    for (let attempt = 0; attempt < 2 && !charge; attempt++) {
      try {
        charge = await g.createCharge(input);
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
        failure = e;
        if (e.kind === "refused") break;
      }
    }
    if (!charge && failure?.kind !== "refused" && g.findChargeByReference) {
      // the create may have reached Tap while its answers were lost: find it rather than leave a charge nobody can pay
      charge = await g.findChargeByReference(payment.id).catch(() => null);
    }
    if (!charge) {
      const refused = failure?.kind === "refused";
      await db.payment.updateMany({
        where: { id: payment.id, status: "pending" },
        data: {
          status: "failed",
          failureCode: refused ? (failure?.code ?? "refused") : "gateway_unreachable",
          failureMessage: failure?.message.slice(0, 500) ?? "no answer",
        },
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
      await db.payment.updateMany({
        where: { id: payment.id, status: "pending" },
        data: {
          status: "failed",
          failureCode: "unexpected_answer",
          failureMessage: "the gateway answered another charge",
        },
      });
      throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
    }
    const linked = await db.payment.update({ where: { id: payment.id }, data: { gatewayChargeId: charge.id } });
    if (charge.state !== "pending" || !charge.redirectUrl) {
      // decided at once (a refusal by the bank before any page): settle it as the return would
      const settled = await settle(charge);
      const p = settled.payment ?? linked;
      if (p.status === "failed") throw new AppError("PAYMENT_REFUSED_BY_GATEWAY");
      return { payment: p, redirectUrl: `${publicUrl}/billing?payment=${p.id}` };
    }
    return { payment: linked, redirectUrl: charge.redirectUrl };
  }

  /**
   * Settles one of our payments from a charge read by id from the gateway: paid -> applied (once);
   * failed or abandoned -> marked (a pending payment only); pending -> nothing. A charge that is not
   * ours, of another gateway, linked to another payment, or for another amount or currency changes nothing.
   */
  async function settle(charge: Charge, eventKey?: string): Promise<Settled> {
    const g = gateway!;
    if (!isUuid(charge.reference)) return { payment: null, apply: null, mailIds: [] };
    const found = await db.payment.findUnique({ where: { id: charge.reference } });
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
      if (charge.state === "paid") {
        // money was taken: a payment marked failed or abandoned here (an answer lost) is still paid and applied
        if (p.status === "pending" || p.status === "failed" || p.status === "abandoned") {
          await tx.payment.update({
            where: { id: p.id },
            data: {
              status: "paid",
              paidAt: now,
              method: charge.method ?? p.method,
              receipt: charge.receipt,
              gatewayChargeId: charge.id,
              failureCode: null,
              failureMessage: null,
            },
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
            : await applyPaidPayment(tx, { mailer, webhooks, publicUrl: config.publicUrl }, p.id, now);
        return {
          payment: await tx.payment.findUniqueOrThrow({ where: { id: p.id } }),
          apply,
          mailIds: apply?.mailIds ?? [],
        };
      }
      if (p.status !== "pending") return { payment: p, apply: null, mailIds: [] };
      const status = charge.state === "failed" ? "failed" : "abandoned";
      const updated = await tx.payment.update({
        where: { id: p.id },
        data: {
          status,
          gatewayChargeId: charge.id,
          failureCode: charge.failure?.code || charge.gatewayStatus,
          failureMessage: (charge.failure?.message ?? charge.gatewayStatus).slice(0, 500),
        },
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
    });
    await afterCommit(out.mailIds, out.apply?.deliveries ?? []);
    return out;
  }

  /** A new pending payment of the gateway, written with its audit row. */
  async function newPayment(
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
        gateway: gateway!.name,
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

  const describe = (plan: PlanId, purpose: "period" | "upgrade") =>
    purpose === "period" ? `Sufra ${plan} plan, one month` : `Sufra upgrade to ${plan}, rest of the month`;

  /** One change of the subscription by its manager, in a transaction: the step answers the outcome; audit, webhook and events follow. */
  async function changeSubscription(
    access: Access,
    meta: RequestMeta,
    action: "billing.plan_changed" | "billing.cancel_at_period_end" | "billing.kept",
    step: (
      tx: Tx,
      sub: Subscription,
    ) => Promise<{
      data: Partial<Subscription> | null;
      outcome: PlanChangeOutcome | null;
      extra?: Record<string, unknown>;
    }>,
  ) {
    const businessId = access.viewer.businessId;
    const deliveries: string[] = [];
    const outcome = await db.$transaction(async (tx) => {
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
    await afterCommit([], deliveries);
    return outcome;
  }

  const service = {
    /** The billing page: any person of the business reads it; `canManage` says whether they may act. */
    async billing(viewer: Viewer | null): Promise<BillingState> {
      return read(await accessOf(db, viewer));
    },

    /** One payment of the viewer's business (the return page shows its outcome). */
    async payment(viewer: Viewer | null, id: string): Promise<Payment> {
      const access = await accessOf(db, viewer);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const p = await db.payment.findFirst({ where: { id, businessId: access.viewer.businessId } });
      if (!p) throw new AppError("NOT_FOUND");
      return p;
    },

    /**
     * "Pay now": a month of the plan the subscription buys next (or the one chosen on a trial or a
     * stopped subscription), through the gateway's page. Answers where to send the person.
     */
    async payNow(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<ChargeStart> {
      const access = await requireManager(db, viewer);
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
      return startCharge(payment, access, source, describe(payment.plan as PlanId, "period"));
    },

    /**
     * The return from the gateway's page: answers the payment's id, or null. Anyone may open this address,
     * so it is counted per client address, and only the charge of one of our own pending payments is read
     * from the gateway (by id; never the URL's other parameters): a made-up id never spends our key's quota.
     * A payment already settled is shown as we have it (the webhook and the sweep keep it up to date).
     */
    async returnFromGateway(chargeId: unknown, meta: Pick<RequestMeta, "ip">): Promise<string | null> {
      await deps.limits.consume("payment_return", meta.ip);
      if (!gateway || typeof chargeId !== "string" || !/^[A-Za-z0-9_-]{1,100}$/.test(chargeId)) return null;
      const ours = await db.payment.findUnique({
        where: { gatewayChargeId: chargeId },
        select: { id: true, status: true, gateway: true },
      });
      if (!ours || ours.gateway !== gateway.name) return null;
      if (ours.status !== "pending") return ours.id;
      let charge: Charge;
      try {
        charge = await gateway.retrieveCharge(chargeId);
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
        // the gateway is away (or refuses to say): show the payment as we have it; the sweep settles it
        return ours.id;
      }
      const settled = await settle(charge);
      return settled.payment?.id ?? ours.id;
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
        await opts.onRefund?.(event.refund);
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
      const settled = await settle(charge, key);
      return { received: true, duplicate: !!settled.duplicate };
    },

    /** The sweep: gateway payments pending longer than Tap's 30-minute page, read by id and settled (Tap posts nothing for an abandoned charge). */
    async settlePendingPayments(now = new Date()): Promise<{ settled: number }> {
      if (!gateway) return { settled: 0 };
      const due = await db.payment.findMany({
        where: {
          status: "pending",
          gateway: gateway.name,
          createdAt: { lt: new Date(now.getTime() - PENDING_SETTLE_AFTER_MS) },
        },
        orderBy: { createdAt: "asc" },
        take: 100,
      });
      let settled = 0;
      for (const p of due) {
        try {
          const charge = p.gatewayChargeId
            ? await gateway.retrieveCharge(p.gatewayChargeId)
            : ((await gateway.findChargeByReference?.(p.id)) ?? null);
          if (charge) {
            const s = await settle(charge);
            if (s.payment && s.payment.status !== "pending") settled++;
          }
          if ((!charge || charge.state === "pending") && now.getTime() - p.createdAt.getTime() > PENDING_GIVE_UP_MS) {
            const r = await db.payment.updateMany({
              where: { id: p.id, status: "pending" },
              data: {
                status: "abandoned",
                failureCode: charge ? charge.gatewayStatus : "no_charge",
                failureMessage: "never finished on the payment page",
              },
            });
            settled += r.count;
          }
        } catch (e) {
          logger.warn("could not settle a pending payment", { paymentId: p.id, error: (e as Error).message });
        }
      }
      return { settled };
    },

    /** Plan changes (docs/product.md#subscriptions-and-billing, "Plan changes"). */
    async changePlan(
      viewer: Viewer | null,
      input: unknown,
      meta: RequestMeta,
    ): Promise<{ outcome: PlanChangeOutcome; start: ChargeStart | null; billing: BillingState }> {
      const access = await requireManager(db, viewer);
      const { plan, source } = validate(changePlanSchema, input);
      const asked: { upgrade?: { amountFils: number; periodStart: Date; periodEnd: Date } } = {};
      const outcome = await changeSubscription(access, meta, "billing.plan_changed", async (_tx, sub) => {
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
        if (!gateway) return { data: null, outcome: "payment_required" };
        // a month paid during a trial has not begun yet: the upgrade pays the whole of it
        asked.upgrade = { amountFils, periodStart: periodStart > now ? periodStart : now, periodEnd };
        return { data: null, outcome: "payment_required" };
      });
      let start: ChargeStart | null = null;
      if (outcome === "payment_required" && asked.upgrade) {
        const u = asked.upgrade;
        const payment = await db.$transaction((tx) => newPayment(tx, access, { purpose: "upgrade", plan, ...u }, meta));
        start = await startCharge(payment, access, source ?? "all", describe(plan, "upgrade"));
      }
      return { outcome: outcome!, start, billing: await read(await accessOf(db, viewer)) };
    },

    /** Cancel at the period's end: the paid month runs out, then the subscription is cancelled (no charge falls due). */
    async cancelAtPeriodEnd(viewer: Viewer | null, meta: RequestMeta): Promise<BillingState> {
      const access = await requireManager(db, viewer);
      await changeSubscription(access, meta, "billing.cancel_at_period_end", async (_tx, sub) => {
        if (sub.status !== "active") throw new AppError("INVALID_STATE");
        return { data: sub.cancelAtPeriodEnd ? null : { cancelAtPeriodEnd: true }, outcome: null };
      });
      return read(await accessOf(db, viewer));
    },

    /** "Keep my subscription": takes back a cancellation at the period's end. */
    async keepSubscription(viewer: Viewer | null, meta: RequestMeta): Promise<BillingState> {
      const access = await requireManager(db, viewer);
      await changeSubscription(access, meta, "billing.kept", async (_tx, sub) => {
        if (!sub.cancelAtPeriodEnd) return { data: null, outcome: null };
        if (sub.status !== "active") throw new AppError("INVALID_STATE");
        return { data: { cancelAtPeriodEnd: false }, outcome: null };
      });
      return read(await accessOf(db, viewer));
    },

    /** The legal name, address and commercial registration number invoices carry from now on (issued invoices keep theirs); a number left out stays as it was. */
    async updateBillingDetails(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<BillingState> {
      const access = await requireManager(db, viewer);
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
      return read(await accessOf(db, viewer));
    },

    /** Billing changes of the viewer's business (the page refetches), from any server process. */
    subscribe(viewer: Viewer | null) {
      const { businessId } = requirePersonOfBusiness(viewer);
      return only(deps.pubsub.subscribe("billing.changed"), (e) => e.businessId === businessId);
    },
  };
  return service;
}

export type BillingService = ReturnType<typeof createBillingService>;
/** Days before the period's end from which "Pay now" pays the next month (shown on the page). */
export const BILLING_PAY_AHEAD_DAYS = PAY_AHEAD_DAYS;
