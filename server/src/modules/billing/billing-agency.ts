// An agency paying for its cafés (docs/product.md#agency-payments): the agency's managers (its owners
// and account holder, from their own session, in the agency) pay one month of several cafés it serves now (an active
// link, agencies' servedCafes) in one payment: one gateway charge (KNET, card) or one bank transfer an admin records.
// Each café's month is a payment of its own (payments.agency_payment_id) applied to its subscription by the same
// function a café's own payment is (subscription.ts applyPaidPayment: the period, the plan, held posts released), all
// in the transaction that marks the agency's payment paid, once (agency_payments.applied_at, under its row lock; a
// webhook's (charge, status) once, GatewayEvent). One invoice to the agency lists each café (invoices.ts
// issueAgencyInvoice); the cafés get none of their own. From then on each café's subscription follows its own
// lifecycle. A café whose month is paid ahead, or whose payment is under way, is not charged twice.
import {
  addMonths,
  mayMovePayment,
  moneyTaken,
  paidPeriodStart,
  payableNow,
  PLAN_PRICE_FILS,
  type PaymentSourceName,
  type PlanId,
} from "@sufra/schema";
import type { RequestMeta } from "../../deps.ts";
import type { Db, Tx } from "../../db/prisma.ts";
import type {
  AgencyPayment,
  Payment,
  PaymentMethod,
  PaymentStatus,
  Subscription,
  SubscriptionStatus,
} from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { GatewayError, type Charge } from "../../payments/types.ts";
import { servedCafes } from "../agencies/index.ts";
import { accessOf } from "../team/index.ts";
import { agencyPaySchema, agencyTransferSchema } from "./agency-payment.shape.ts";
import { planToBuy, type Access, type AgencyCharges, type BillingContext } from "./billing-context.ts";
import { chargeOfPending, dueForSweep, PENDING_GIVE_UP_MS, requestCharge } from "./billing-pay.ts";
import { publishBillingChange } from "./changes.ts";
import { issueAgencyInvoice } from "./invoices.ts";
import { movePayment, movePaymentIfStill } from "./payment-moves.ts";
import { applyPaidPayment, lockSubscription } from "./subscription.ts";

/** Why a café the agency serves cannot be paid for now. */
type AgencyCafeBlock = "paid_ahead" | "payment_running";

/** A café the agency serves, as its billing page offers it: one month of the plan its next payment buys. */
export interface AgencyCafeOffer {
  cafeId: string;
  companyName: string;
  status: SubscriptionStatus;
  plan: PlanId;
  amountFils: number;
  /** where its month would start if paid now (applying computes it again, as for a café's own payment) */
  periodStart: Date;
  periodEnd: Date;
  /** null: it may be paid for now */
  blockedBy: AgencyCafeBlock | null;
}

interface AgencyPaymentLine {
  cafeId: string;
  companyName: string;
  plan: PlanId;
  amountFils: number;
  status: PaymentStatus;
  periodStart: Date;
  periodEnd: Date;
}

export type AgencyPaymentView = AgencyPayment & { lines: AgencyPaymentLine[] };

export interface AgencyBilling {
  cafes: AgencyCafeOffer[];
  gatewayConfigured: boolean;
  /** the agency's latest payments for its cafés, newest first */
  payments: AgencyPaymentView[];
}

export interface AgencyChargeStart {
  payment: AgencyPaymentView;
  /** the gateway's page; null without a gateway (the agency transfers the total, an admin records it) */
  redirectUrl: string | null;
}

const lineInclude = { lines: { include: { business: { select: { companyName: true } } } } } as const;

type PaymentWithLines = AgencyPayment & {
  lines: (Payment & { business: { companyName: string } })[];
};

const view = (p: PaymentWithLines): AgencyPaymentView => {
  const { lines, ...rest } = p;
  return {
    ...rest,
    lines: [...lines]
      .sort((a, b) => a.business.companyName.localeCompare(b.business.companyName))
      .map((l) => ({
        cafeId: l.businessId,
        companyName: l.business.companyName,
        plan: l.plan as PlanId,
        amountFils: l.amountFils,
        status: l.status,
        periodStart: l.periodStart,
        periodEnd: l.periodEnd,
      })),
  };
};

/** Whether a café's month is already being paid: a pending month of its own or of an agency's, younger than a day. */
async function paymentRunning(db: Db | Tx, cafeIds: string[], now: Date): Promise<Set<string>> {
  const rows = await db.payment.findMany({
    where: {
      businessId: { in: cafeIds },
      purpose: "period",
      status: "pending",
      // a payment still pending after a day is abandoned by the sweep (billing-pay.ts)
      createdAt: { gt: new Date(now.getTime() - PENDING_GIVE_UP_MS) },
    },
    select: { businessId: true },
  });
  return new Set(rows.map((r) => r.businessId));
}

function offerOf(
  cafe: { id: string; companyName: string },
  sub: Subscription,
  running: boolean,
  now: Date,
): AgencyCafeOffer {
  const plan = planToBuy(sub);
  const periodStart = paidPeriodStart(sub, now);
  return {
    cafeId: cafe.id,
    companyName: cafe.companyName,
    status: sub.status,
    plan,
    amountFils: PLAN_PRICE_FILS[plan],
    periodStart,
    periodEnd: addMonths(periodStart),
    // the rule of the café's own "Pay now" (payableNow): a paid month is paid again from 7 days before its end
    blockedBy: !payableNow(sub, now) ? "paid_ahead" : running ? "payment_running" : null,
  };
}

/** The cafés an agency may be billed for: those it serves now, but a demo café (never charged). */
async function billableCafes(db: Db | Tx, agencyId: string) {
  const served = await servedCafes(db, agencyId);
  if (!served.length) return [];
  const demo = new Set(
    (
      await db.business.findMany({ where: { id: { in: served.map((c) => c.id) }, demo: true }, select: { id: true } })
    ).map((b) => b.id),
  );
  return served.filter((c) => !demo.has(c.id));
}

export function createAgencyPayments(ctx: BillingContext) {
  const { db, logger, mailer, config } = ctx.deps;
  const { gateway } = ctx;
  const applyCtx = (actorId: string | null, ip: string | null = null) => ({
    mailer,
    webhooks: ctx.webhooks,
    publicUrl: config.publicUrl,
    actorId,
    ip,
  });

  /** A manager (owner or account holder) of an agency, in the agency, from their own session; anyone else is refused. */
  async function agencyManager(viewer: Viewer | null): Promise<Access> {
    const v = requireScope(viewer, "business");
    // a key, or a person acting in a café through their agency (even with the café's billing granted), pays nothing here
    if (v.apiKeyId || v.agency) throw new AppError("AGENCY_BILLING_ONLY");
    const access = await accessOf(db, v, "billing");
    if (!access.business.isAgency || !access.canManage) throw new AppError("AGENCY_BILLING_ONLY");
    return access;
  }

  async function paymentView(db_: Db | Tx, id: string): Promise<AgencyPaymentView> {
    return view(await db_.agencyPayment.findUniqueOrThrow({ where: { id }, include: lineInclude }));
  }

  /**
   * A paid agency payment, locked in `tx`: marked paid (if it was not), then each café's month marked paid and
   * applied by applyPaidPayment, in the order of the cafés' ids (the subscriptions' lock order), then the agency's
   * invoice; once (appliedAt).
   */
  async function applyPaid(
    tx: Tx,
    ap: AgencyPayment,
    paid: { method: PaymentMethod | null; receipt: string | null; chargeId: string | null },
    now: Date,
    actor: { id: string | null; ip?: string | null },
  ) {
    const out = { mailIds: [] as string[], deliveries: [] as string[], applied: false };
    if (!moneyTaken(ap.status)) {
      if (!mayMovePayment(ap.status, "paid")) throw new AppError("INVALID_STATE");
      await tx.agencyPayment.update({
        where: { id: ap.id },
        data: {
          status: "paid",
          paidAt: now,
          method: paid.method ?? ap.method,
          receipt: paid.receipt,
          gatewayChargeId: paid.chargeId ?? ap.gatewayChargeId,
          failureCode: null,
          failureMessage: null,
        },
      });
      await audit(tx, {
        actorId: actor.id,
        action: "billing.payment_paid",
        entityType: "business",
        entityId: ap.agencyId,
        data: { agencyPaymentId: ap.id, amountFils: ap.totalFils, method: paid.method, chargeId: paid.chargeId },
        ip: actor.ip ?? null,
      });
    }
    if (ap.appliedAt) return out;
    const lines = await tx.payment.findMany({ where: { agencyPaymentId: ap.id }, orderBy: { businessId: "asc" } });
    for (const line of lines) {
      // the lock order of applyPaidPayment: the subscription, then the payment
      await lockSubscription(tx, line.businessId);
      await tx.$queryRaw`select id from payments where id = ${line.id}::uuid for update`;
      const l = await tx.payment.findUniqueOrThrow({ where: { id: line.id } });
      if (!moneyTaken(l.status))
        await movePayment(tx, l, "paid", {
          paidAt: now,
          method: paid.method ?? l.method,
          receipt: paid.receipt,
          failureCode: null,
          failureMessage: null,
        });
      const applied = await applyPaidPayment(tx, applyCtx(actor.id, actor.ip ?? null), l.id, now);
      out.mailIds.push(...applied.mailIds);
      out.deliveries.push(...applied.deliveries);
    }
    const issued = await issueAgencyInvoice(tx, mailer, ap.id, { now });
    out.mailIds.push(...issued.mailIds);
    await tx.agencyPayment.update({ where: { id: ap.id }, data: { appliedAt: now } });
    await publishBillingChange(tx, ap.agencyId, "payment_received", false);
    out.applied = true;
    return out;
  }

  /** A charge that failed or was abandoned, for an agency payment locked in `tx`: it and its cafés' months are marked so. */
  async function markUnpaid(tx: Tx, ap: AgencyPayment, status: "failed" | "abandoned", code: string, message: string) {
    if (!mayMovePayment(ap.status, status)) return;
    await tx.agencyPayment.update({
      where: { id: ap.id },
      data: { status, failureCode: code, failureMessage: message.slice(0, 500) },
    });
    const lines = await tx.payment.findMany({
      where: { agencyPaymentId: ap.id },
      select: { id: true, businessId: true },
    });
    for (const l of lines) {
      await movePaymentIfStill(tx, l.id, status, { failureCode: code, failureMessage: message.slice(0, 500) });
      await publishBillingChange(tx, l.businessId, `payment_${status}`, false);
    }
    await audit(tx, {
      actorId: null,
      action: `billing.payment_${status}`,
      entityType: "business",
      entityId: ap.agencyId,
      data: { agencyPaymentId: ap.id, chargeId: ap.gatewayChargeId, code },
    });
    await publishBillingChange(tx, ap.agencyId, `payment_${status}`, false);
  }

  const lockAgencyPayment = async (tx: Tx, id: string) => {
    await tx.$queryRaw`select id from agency_payments where id = ${id}::uuid for update`;
    return tx.agencyPayment.findUniqueOrThrow({ where: { id } });
  };

  /** Settles an agency payment from a charge read by id from the gateway, as pay and settle does a café's (null: not ours). */
  async function settle(charge: Charge, eventKey?: string): Promise<{ id: string; duplicate: boolean } | null> {
    if (!gateway || !isUuid(charge.reference)) return null;
    const found = await db.agencyPayment.findUnique({ where: { id: charge.reference } });
    if (!found || found.gateway !== gateway.name || (found.gatewayChargeId && found.gatewayChargeId !== charge.id))
      return null;
    if (charge.amountFils !== found.totalFils || charge.currency !== found.currency) {
      logger.error("a charge whose amount does not match its agency payment", {
        chargeId: charge.id,
        agencyPaymentId: found.id,
        chargeFils: charge.amountFils,
        paymentFils: found.totalFils,
      });
      await db.$transaction((tx) =>
        audit(tx, {
          actorId: null,
          action: "billing.charge_mismatch",
          entityType: "business",
          entityId: found.agencyId,
          data: { agencyPaymentId: found.id, chargeId: charge.id, chargeFils: charge.amountFils },
        }),
      );
      return { id: found.id, duplicate: false };
    }
    if (charge.state === "pending") return { id: found.id, duplicate: false };
    const now = new Date();
    const out = await db.$transaction(async (tx) => {
      const ap = await lockAgencyPayment(tx, found.id);
      if (eventKey) {
        const first = await tx.gatewayEvent.createMany({ data: [{ key: eventKey }], skipDuplicates: true });
        if (!first.count) return null;
      }
      if (charge.state === "paid")
        return applyPaid(tx, ap, { method: charge.method, receipt: charge.receipt, chargeId: charge.id }, now, {
          id: null,
        });
      await markUnpaid(
        tx,
        ap,
        charge.state === "failed" ? "failed" : "abandoned",
        charge.failure?.code || charge.gatewayStatus,
        charge.failure?.message ?? charge.gatewayStatus,
      );
      return { mailIds: [], deliveries: [], applied: false };
    });
    if (!out) return { id: found.id, duplicate: true };
    await ctx.afterCommit(out.mailIds, out.deliveries);
    return { id: found.id, duplicate: false };
  }

  const charges: AgencyCharges = {
    settle,
    async returned(chargeId) {
      if (!gateway) return null;
      const ours = await db.agencyPayment.findUnique({
        where: { gatewayChargeId: chargeId },
        select: { id: true, status: true, gateway: true },
      });
      if (!ours || ours.gateway !== gateway.name) return null;
      if (ours.status !== "pending") return ours.id;
      try {
        await settle(await gateway.retrieveCharge(chargeId));
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
      }
      return ours.id;
    },
    async settlePending(now) {
      if (!gateway) return 0;
      const due = await db.agencyPayment.findMany(dueForSweep(gateway.name, now));
      let settled = 0;
      for (const p of due) {
        try {
          const charge = await chargeOfPending(gateway, p);
          if (charge) await settle(charge);
          if ((!charge || charge.state === "pending") && now.getTime() - p.createdAt.getTime() > PENDING_GIVE_UP_MS)
            await db.$transaction(async (tx) =>
              markUnpaid(
                tx,
                await lockAgencyPayment(tx, p.id),
                "abandoned",
                charge ? charge.gatewayStatus : "no_charge",
                "never finished on the payment page",
              ),
            );
          const after = await db.agencyPayment.findUniqueOrThrow({ where: { id: p.id }, select: { status: true } });
          if (after.status !== "pending") settled++;
        } catch (e) {
          logger.warn("could not settle a pending agency payment", {
            agencyPaymentId: p.id,
            error: (e as Error).message,
          });
        }
      }
      return settled;
    },
  };

  /** The gateway's charge of an agency payment just written; a refusal or no answer leaves it (and its cafés' months) failed. */
  async function startAgencyCharge(
    p: AgencyPaymentView,
    access: Access,
    source: PaymentSourceName | undefined,
  ): Promise<AgencyChargeStart> {
    const g = gateway!;
    const { charge, failure } = await requestCharge(g, {
      amountFils: p.totalFils,
      reference: p.id,
      description: `Sufra, one month for ${p.lines.length} ${p.lines.length === 1 ? "café" : "cafés"}`,
      source: source ?? "all",
      customer: { name: access.viewer.name, email: access.viewer.email, phone: access.business.phone },
      returnUrl: ctx.returnUrl,
      webhookUrl: ctx.webhookUrl,
      metadata: { businessId: p.agencyId, purpose: "agency", cafes: String(p.lines.length) },
    });
    const fail = async (code: string, message: string) => {
      await db.$transaction(async (tx) => markUnpaid(tx, await lockAgencyPayment(tx, p.id), "failed", code, message));
    };
    if (!charge) {
      const refused = failure?.kind === "refused";
      logger.warn("payment gateway refused or unreachable", { agencyPaymentId: p.id, error: failure?.message });
      await fail(refused ? (failure?.code ?? "refused") : "gateway_unreachable", failure?.message ?? "no answer");
      throw new AppError(refused ? "PAYMENT_REFUSED_BY_GATEWAY" : "PAYMENT_GATEWAY_UNAVAILABLE");
    }
    if (charge.reference !== p.id || charge.amountFils !== p.totalFils) {
      logger.error("gateway answered another charge", { agencyPaymentId: p.id, chargeId: charge.id });
      await fail("unexpected_answer", "the gateway answered another charge");
      throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
    }
    await db.agencyPayment.update({ where: { id: p.id }, data: { gatewayChargeId: charge.id } });
    if (charge.state !== "pending" || !charge.redirectUrl) {
      // decided at once (a refusal by the bank before any page): settle it as the return would
      await settle(charge);
      const settled = await paymentView(db, p.id);
      if (settled.status === "failed") throw new AppError("PAYMENT_REFUSED_BY_GATEWAY");
      return { payment: settled, redirectUrl: `${config.payments.publicUrl}/billing?agency_payment=${p.id}` };
    }
    return { payment: await paymentView(db, p.id), redirectUrl: charge.redirectUrl };
  }

  return {
    agencyCharges: charges,

    /** The agency's billing card: each café it serves with what its month costs, and its latest payments for them. */
    async agencyBilling(viewer: Viewer | null): Promise<AgencyBilling> {
      const access = await agencyManager(viewer);
      const now = new Date();
      const cafes = await billableCafes(db, access.viewer.businessId);
      const ids = cafes.map((c) => c.id);
      const [subs, running, payments] = await Promise.all([
        db.subscription.findMany({ where: { businessId: { in: ids } } }),
        paymentRunning(db, ids, now),
        db.agencyPayment.findMany({
          where: { agencyId: access.viewer.businessId },
          orderBy: { createdAt: "desc" },
          take: 20,
          include: lineInclude,
        }),
      ]);
      const subOf = new Map(subs.map((s) => [s.businessId, s]));
      return {
        // a café not approved yet has no subscription: nothing to pay
        cafes: cafes.flatMap((c) => {
          const sub = subOf.get(c.id);
          return sub ? [offerOf(c, sub, running.has(c.id), now)] : [];
        }),
        gatewayConfigured: !!gateway,
        payments: payments.map(view),
      };
    },

    /** One of the agency's payments for its cafés (the return from the gateway's page shows it). */
    async agencyPayment(viewer: Viewer | null, id: string): Promise<AgencyPaymentView> {
      const access = await agencyManager(viewer);
      const p = isUuid(id)
        ? await db.agencyPayment.findFirst({ where: { id, agencyId: access.viewer.businessId }, include: lineInclude })
        : null;
      if (!p) throw new AppError("NOT_FOUND");
      return view(p);
    },

    /**
     * One payment for a month of each chosen café: each must be served by the agency now (AGENCY_CAFE_NOT_SERVED)
     * and have its month to pay, not paid ahead nor under way (AGENCY_CAFE_PAYMENT_RUNNING). Through the gateway's
     * page; without a gateway, pending until an admin records the agency's bank transfer (recordAgencyTransfer).
     */
    async payForCafes(viewer: Viewer | null, input: unknown, meta: RequestMeta): Promise<AgencyChargeStart> {
      const access = await agencyManager(viewer);
      const { cafeIds, source } = validate(agencyPaySchema, input);
      const agencyId = access.viewer.businessId;
      // the subscriptions' lock order: by id
      const chosen = [...new Set(cafeIds)].sort();
      const now = new Date();
      const created = await db.$transaction(async (tx) => {
        const served = new Map((await billableCafes(tx, agencyId)).map((c) => [c.id, c]));
        if (chosen.some((id) => !served.has(id))) throw new AppError("AGENCY_CAFE_NOT_SERVED");
        const offers: AgencyCafeOffer[] = [];
        for (const id of chosen) {
          // under the café's row lock: its own "Pay now" or another agency payment waits, then sees this one pending
          const sub = await lockSubscription(tx, id);
          const running = await paymentRunning(tx, [id], now);
          const offer = offerOf(served.get(id)!, sub, running.has(id), now);
          if (offer.blockedBy) throw new AppError("AGENCY_CAFE_PAYMENT_RUNNING");
          offers.push(offer);
        }
        const via = gateway ? gateway.name : "manual";
        const ap = await tx.agencyPayment.create({
          data: {
            agencyId,
            totalFils: offers.reduce((sum, o) => sum + o.amountFils, 0),
            currency: "KWD",
            status: "pending",
            gateway: via,
            method: gateway ? null : "bank_transfer",
            createdById: access.viewer.userId,
          },
        });
        for (const o of offers) {
          await tx.payment.create({
            data: {
              businessId: o.cafeId,
              purpose: "period",
              plan: o.plan,
              amountFils: o.amountFils,
              periodStart: o.periodStart,
              periodEnd: o.periodEnd,
              currency: "KWD",
              status: "pending",
              gateway: via,
              method: gateway ? null : "bank_transfer",
              createdById: access.viewer.userId,
              agencyPaymentId: ap.id,
              note: `Paid by agency ${access.business.companyName}`.slice(0, 500),
            },
          });
          await publishBillingChange(tx, o.cafeId, "payment_started", false);
        }
        await audit(tx, {
          actorId: access.viewer.userId,
          action: "billing.payment_started",
          entityType: "business",
          entityId: agencyId,
          data: {
            agencyPaymentId: ap.id,
            totalFils: ap.totalFils,
            cafes: offers.map((o) => ({ cafeId: o.cafeId, plan: o.plan, amountFils: o.amountFils })),
          },
          ip: meta.ip,
        });
        await publishBillingChange(tx, agencyId, "payment_started", false);
        return paymentView(tx, ap.id);
      });
      if (!gateway) return { payment: created, redirectUrl: null };
      return startAgencyCharge(created, access, source);
    },

    /**
     * An admin records the bank transfer of an agency payment made without a gateway: paid, and each café's month
     * applied with the agency's invoice, as the gateway's confirmation would. Once: recorded again, nothing changes.
     */
    async recordAgencyTransfer(viewer: Viewer | null, id: string, input: unknown, meta?: RequestMeta) {
      const v = requireScope(viewer, "admin");
      const m = validate(agencyTransferSchema, input ?? {});
      if (!isUuid(id) || !(await db.agencyPayment.findUnique({ where: { id }, select: { id: true } })))
        throw new AppError("NOT_FOUND");
      const now = new Date();
      const out = await db.$transaction(async (tx) => {
        const ap = await lockAgencyPayment(tx, id);
        if (ap.gateway !== "manual") throw new AppError("INVALID_STATE");
        if (!moneyTaken(ap.status))
          await audit(tx, {
            actorId: v.userId,
            action: "billing.manual_payment",
            entityType: "business",
            entityId: ap.agencyId,
            ip: meta?.ip,
            data: {
              agencyPaymentId: ap.id,
              amountFils: ap.totalFils,
              receipt: m.receipt || null,
              note: m.note || null,
            },
          });
        return applyPaid(tx, ap, { method: "bank_transfer", receipt: m.receipt || null, chargeId: null }, now, {
          id: v.userId,
          ip: meta?.ip ?? null,
        });
      });
      await ctx.afterCommit(out.mailIds, out.deliveries);
      return paymentView(db, id);
    },
  };
}
