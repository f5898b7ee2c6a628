// Paying an order (docs/product.md#orders, docs/architecture.md#orders): the payment link made on the café's own
// Tap account, and the one function that moves an order by a charge Tap answered, which Tap's signed webhook and
// the guest's return page both call.
// - One charge per attempt, never two: each attempt's reference (Tap's idempotency key) is written in the order's
//   transaction before Tap is asked. Two clicks: the second finds the attempt and asks Tap again with the same
//   reference, which answers the first charge; an answer lost on the way is asked once more, then looked for by
//   reference (findChargeByReference), and a later click does the same; a link still open is answered as it is.
// - Trust: only a charge read by id from Tap with the café's key, or a webhook whose hashstring (the café's key)
//   checks, moves an order; the order is found by the charge's id (Tap signs the id, amount and status, not the
//   reference), and the return URL's parameters only say which charge to read.
// - Applied once: the order's row is locked and the move is made only when the table allows it (mayMoveOrder), so
//   a webhook delivered twice, or the webhook and the return page together, move it and tell it once.
import { randomUUID } from "node:crypto";
import { mayMoveOrder, ORDER_LIMITS, type OrderStatus } from "@sufra/schema";
import type { RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Order, OrderCharge } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { requestCharge } from "../../payments/request-charge.ts";
import { GatewayError, type Charge, type CreateChargeInput, type PaymentGateway } from "../../payments/types.ts";
import { requireRunning } from "../billing/index.ts";
import { lockOrder, lockOrderById, orderTaker, type OrderNews, type OrdersContext } from "./orders.deps.ts";

/** Tap's page expires an unfinished charge after 30 minutes: a link older than that is read again before a new one. */
const LINK_VALID_MS = 30 * 60_000;

/**
 * Tap needs a customer with a first name and an e-mail or a phone (its customer rules; the stand-in refuses a
 * charge with neither, code 1139). Sufra keeps no guest's address or number for this, so every charge carries
 * this address of Sufra's own, which is no person's; receipts are off, so Tap mails nothing to it.
 */
const GUEST_EMAIL_PLACEHOLDER = "no-reply@sufra.kw";

/** What a charge read from Tap did to its order: null when it is none of this café's. */
export interface Settled {
  order: Order;
  /** what changed, told to the hook; null: nothing changed (a second delivery, a charge no longer the latest) */
  news: OrderNews | null;
}

type Step = { kind: "ready"; order: Order } | { kind: "ask"; order: Order; attempt: OrderCharge };

export function createOrderPayments(ctx: OrdersContext) {
  const { db, logger } = ctx.deps;

  /** The attempt a charge belongs to, of this café, found by the charge's id (never by its unsigned reference). */
  async function attemptOf(businessId: string, charge: Charge): Promise<OrderCharge | null> {
    const a = await db.orderCharge.findUnique({ where: { chargeId: charge.id } });
    return a && a.businessId === businessId ? a : null;
  }

  /**
   * Writes the charge Tap answered on its attempt (once: the first writer of its id) and, while the attempt is the
   * order's latest and waits for payment, on the order. Answers whether this call linked it.
   */
  async function linkCharge(tx: Tx, order: Order, attempt: OrderCharge, charge: Charge) {
    const linked = await tx.orderCharge.updateMany({
      where: { id: attempt.id, chargeId: null },
      data: { chargeId: charge.id, status: charge.gatewayStatus, paymentUrl: charge.redirectUrl },
    });
    let o = order;
    if (order.status === "awaiting_payment" && order.chargeReference === attempt.reference && !order.chargeId)
      o = await tx.order.update({
        where: { id: order.id },
        data: { chargeId: charge.id, paymentUrl: charge.redirectUrl, chargeStatus: charge.gatewayStatus },
      });
    return { order: o, linked: linked.count === 1 };
  }

  /**
   * The one move of an order by a charge read from Tap (the webhook's signed charge, or one read by id): paid once
   * (money taken wins over a draft or a cancelled order, docs/product.md#orders); failed or abandoned, the order
   * waiting on this attempt goes back to draft; pending changes nothing but the attempt's status.
   */
  async function settleCharge(businessId: string, charge: Charge): Promise<Settled | null> {
    const attempt = await attemptOf(businessId, charge);
    if (!attempt) {
      logger.warn("a Tap charge that is none of the café's orders", { businessId, chargeId: charge.id });
      return null;
    }
    if (charge.amountFils !== attempt.amountFils || charge.currency !== "KWD") {
      logger.error("a Tap charge whose amount is not its order's", {
        orderId: attempt.orderId,
        chargeId: charge.id,
        chargeFils: charge.amountFils,
        orderFils: attempt.amountFils,
      });
      return null;
    }
    const out = await db.$transaction(async (tx): Promise<Settled | null> => {
      const o = await lockOrderById(tx, attempt.orderId);
      if (!o) return null;
      await tx.orderCharge.update({ where: { id: attempt.id }, data: { status: charge.gatewayStatus } });
      const latest = o.chargeReference === attempt.reference;
      if (charge.state === "paid") {
        if (o.status === "paid" || o.status === "refunded") {
          // delivered again, or read again: nothing to do; a second charge captured for one order is a person's to refund
          if (o.chargeId !== charge.id)
            logger.error("an order paid by a second charge", {
              orderId: o.id,
              chargeId: charge.id,
              paidBy: o.chargeId,
            });
          return { order: o, news: null };
        }
        if (!mayMoveOrder(o.status as OrderStatus, "paid")) return { order: o, news: null };
        const paid = await tx.order.update({
          where: { id: o.id },
          data: {
            status: "paid",
            paidAt: new Date(),
            chargeId: charge.id,
            chargeReference: attempt.reference,
            chargeStatus: charge.gatewayStatus,
            paymentUrl: null,
          },
        });
        await audit(tx, {
          actorId: null,
          action: "order.paid",
          entityType: "business",
          entityId: o.businessId,
          data: {
            orderId: o.id,
            number: o.number,
            chargeId: charge.id,
            amountFils: charge.amountFils,
            method: charge.method,
            gatewayStatus: charge.gatewayStatus,
            status: o.status,
          },
        });
        return { order: paid, news: "paid" };
      }
      if (charge.state === "failed" || charge.state === "abandoned") {
        // only the attempt the order waits on sends it back; an older link's end changes nothing
        if (o.status !== "awaiting_payment" || !latest) return { order: o, news: null };
        const back = await tx.order.update({
          where: { id: o.id },
          data: { status: "draft", chargeStatus: charge.gatewayStatus, paymentUrl: null },
        });
        await audit(tx, {
          actorId: null,
          action: "order.payment_failed",
          entityType: "business",
          entityId: o.businessId,
          data: {
            orderId: o.id,
            number: o.number,
            chargeId: charge.id,
            gatewayStatus: charge.gatewayStatus,
            code: charge.failure?.code ?? null,
          },
        });
        return { order: back, news: "failed" };
      }
      if (latest && o.status === "awaiting_payment" && o.chargeStatus !== charge.gatewayStatus)
        return {
          order: await tx.order.update({ where: { id: o.id }, data: { chargeStatus: charge.gatewayStatus } }),
          news: null,
        };
      return { order: o, news: null };
    });
    if (out?.news) await ctx.tell(out.order, out.news);
    return out;
  }

  /**
   * Under the order's lock: the link to answer (one still open), or the attempt to ask Tap for (the latest one
   * whose answer never came, or a new one). `renew`: the attempt whose link expired unpaid, replaced by a new one.
   */
  async function claimAttempt(businessId: string, id: string, renew: string | null, now: Date) {
    return db.$transaction(async (tx): Promise<Step | { kind: "recheck"; attempt: OrderCharge }> => {
      const o = await lockOrder(tx, businessId, id);
      if (o.status === "awaiting_payment" && o.chargeReference) {
        const a = await tx.orderCharge.findUnique({ where: { reference: o.chargeReference } });
        if (a && !a.chargeId) return { kind: "ask", order: o, attempt: a };
        if (a && a.reference !== renew) {
          if (a.paymentUrl && now.getTime() - a.createdAt.getTime() < LINK_VALID_MS) return { kind: "ready", order: o };
          return { kind: "recheck", attempt: a };
        }
      } else if (o.status !== "draft") throw new AppError("ORDER_INVALID_STATE");
      const reference = `ord_${randomUUID().replace(/-/g, "")}`;
      const attempt = await tx.orderCharge.create({
        data: { orderId: o.id, businessId, reference, amountFils: o.totalFils },
      });
      const order = await tx.order.update({
        where: { id: o.id },
        data: {
          status: "awaiting_payment",
          chargeReference: reference,
          chargeId: null,
          paymentUrl: null,
          chargeStatus: null,
        },
      });
      return { kind: "ask", order, attempt };
    });
  }

  /** The attempt's charge from Tap, linked and told; a refusal sends the order back to draft. */
  async function ask(
    gateway: PaymentGateway,
    step: Extract<Step, { kind: "ask" }>,
    actorId: string,
    meta: RequestMeta,
  ) {
    const { order, attempt } = step;
    const cafe = await db.business.findUniqueOrThrow({
      where: { id: order.businessId },
      select: { companyName: true },
    });
    const { charge, failure } = await requestCharge(gateway, {
      amountFils: attempt.amountFils,
      reference: attempt.reference,
      description: `Order #${order.number} — ${cafe.companyName}`,
      source: order.paymentSource as CreateChargeInput["source"],
      customer: { name: order.guestName?.trim() || "Guest", email: GUEST_EMAIL_PLACEHOLDER },
      returnUrl: ctx.returnUrl(order.id),
      webhookUrl: ctx.webhookUrl(order.businessId),
      metadata: { orderId: order.id, businessId: order.businessId },
    });
    const wrong = charge && (charge.reference !== attempt.reference || charge.amountFils !== attempt.amountFils);
    if (!charge || wrong) {
      if (!charge && failure?.kind !== "refused") {
        // no answer at all: the attempt stays, and the next click asks Tap again with its reference (one charge)
        logger.warn("Tap could not be reached for an order's link", { orderId: order.id, error: failure?.message });
        throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
      }
      if (charge)
        logger.error("Tap answered another charge for an order's link", {
          orderId: order.id,
          chargeId: charge.id,
          reference: charge.reference,
        });
      await db.$transaction(async (tx) => {
        const o = await lockOrderById(tx, order.id);
        await tx.orderCharge.update({ where: { id: attempt.id }, data: { status: wrong ? "MISMATCH" : "REFUSED" } });
        if (o?.status === "awaiting_payment" && o.chargeReference === attempt.reference)
          await tx.order.update({ where: { id: o.id }, data: { status: "draft", chargeStatus: "REFUSED" } });
      });
      if (wrong) throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
      throw new AppError(failure?.status === 401 ? "TAP_KEY_REFUSED" : "PAYMENT_REFUSED_BY_GATEWAY");
    }
    const linked = await db.$transaction(async (tx) => {
      const o = await lockOrderById(tx, order.id);
      if (!o) throw new AppError("NOT_FOUND");
      const done = await linkCharge(tx, o, attempt, charge);
      if (done.linked)
        await audit(tx, {
          actorId,
          action: "order.link_sent",
          entityType: "business",
          entityId: o.businessId,
          data: {
            orderId: o.id,
            number: o.number,
            chargeId: charge.id,
            amountFils: attempt.amountFils,
            source: o.paymentSource,
          },
          ip: meta.ip,
        });
      return done;
    });
    if (charge.state !== "pending") {
      // decided at once (refused before any page): settled as the webhook would
      const settled = await settleCharge(order.businessId, charge);
      if (settled?.order.status === "paid") return settled.order;
      throw new AppError("PAYMENT_REFUSED_BY_GATEWAY");
    }
    if (linked.linked && linked.order.paymentUrl) await ctx.tell(linked.order, "link");
    return linked.order;
  }

  return {
    settleCharge,

    /**
     * Sends the guest a payment link for the order, made on the café's own Tap account: the order waits for payment
     * and carries the link (paymentUrl). A person who builds orders, of a café whose subscription runs, with a Tap
     * account set. Two clicks make one charge; a link still open is answered again; one that expired unpaid is read
     * from Tap first (paid meanwhile: the order is paid) and then replaced.
     */
    async sendPaymentLink(viewer: Viewer | null, id: unknown, meta: RequestMeta): Promise<Order> {
      const v = await orderTaker(ctx.deps, viewer);
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const found = await db.order.findFirst({ where: { id, businessId: v.businessId } });
      if (!found) throw new AppError("NOT_FOUND");
      await requireRunning(db, v.businessId, "publish");
      const gateway = await ctx.gatewayOf(v.businessId);
      if (!gateway) throw new AppError("TAP_NOT_CONNECTED");
      if (found.totalFils < ORDER_LIMITS.minChargeFils)
        throw new AppError("VALIDATION_ERROR", { items: ["orderTotalTooSmall"] });
      let renew: string | null = null;
      for (let round = 0; round < 2; round++) {
        const step = await claimAttempt(v.businessId, id, renew, new Date());
        if (step.kind === "ready") return step.order;
        if (step.kind === "ask") return ask(gateway, step, v.userId, meta);
        // a link older than Tap's page: what became of it decides
        let charge: Charge;
        try {
          charge = await gateway.retrieveCharge(step.attempt.chargeId!);
        } catch (e) {
          if (!(e instanceof GatewayError)) throw e;
          throw new AppError("PAYMENT_GATEWAY_UNAVAILABLE");
        }
        const settled = await settleCharge(v.businessId, charge);
        if (settled?.order.status === "paid") return settled.order;
        renew = step.attempt.reference;
      }
      throw new AppError("ORDER_INVALID_STATE");
    },

    /**
     * Tap's webhook for one café (POST /api/orders/webhooks/tap/:businessId): checked with that café's own key over
     * the raw body (FORBIDDEN otherwise: nothing read further). A charge moves its order (settleCharge); a refund,
     * its refund row (`onRefund`). `changed`: false for a delivery that changed nothing (a repeat).
     */
    async receiveWebhook(
      businessId: unknown,
      headers: Record<string, string | string[] | undefined>,
      rawBody: Buffer,
      onRefund: (businessId: string, refund: import("../../payments/types.ts").Refund) => Promise<boolean>,
    ): Promise<{ received: true; changed: boolean }> {
      if (!isUuid(businessId)) throw new AppError("FORBIDDEN");
      const gateway = await ctx.gatewayOf(businessId);
      if (!gateway) throw new AppError("FORBIDDEN");
      let event: ReturnType<PaymentGateway["verifyWebhook"]> = null;
      try {
        event = gateway.verifyWebhook(headers, rawBody);
      } catch {
        event = null;
      }
      if (!event) throw new AppError("FORBIDDEN");
      if (event.kind === "refund") return { received: true, changed: await onRefund(businessId, event.refund) };
      const out = await settleCharge(businessId, event.charge);
      return { received: true, changed: !!out?.news };
    },

    /**
     * The guest back from Tap's page (GET /o/:id): anyone may open it, so it is counted per client address. An
     * order waiting for payment has its latest charge read by id from Tap with the café's key (`tapId`, the return
     * URL's parameter, is used only when the order's own attempt never heard Tap's answer, and only a charge whose
     * reference is that attempt's counts) and moved as the webhook would. Answers the order as it now is, its café's
     * names and its conversation's language; null for an unknown order.
     */
    async returnedOrder(orderId: unknown, tapId: unknown, meta: Pick<RequestMeta, "ip">) {
      await ctx.deps.limits.consume("payment_return", meta.ip);
      if (!isUuid(orderId)) return null;
      const read = () =>
        db.order.findUnique({
          where: { id: orderId },
          include: {
            business: { select: { companyName: true, nameAr: true } },
            conversation: { select: { language: true } },
          },
        });
      const o = await read();
      if (!o) return null;
      if (o.status !== "awaiting_payment") return o;
      const hint = typeof tapId === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(tapId) ? tapId : null;
      const chargeId = o.chargeId ?? hint;
      if (!chargeId) return o;
      try {
        const gateway = await ctx.gatewayOf(o.businessId);
        if (!gateway) return o;
        const charge = await gateway.retrieveCharge(chargeId);
        if (!o.chargeId) {
          // the attempt's answer was lost: the charge Tap holds under the attempt's reference is its charge
          const attempt = o.chargeReference
            ? await db.orderCharge.findUnique({ where: { reference: o.chargeReference } })
            : null;
          if (!attempt || attempt.chargeId || charge.reference !== attempt.reference) return o;
          await db.$transaction(async (tx) => {
            const locked = await lockOrderById(tx, o.id);
            if (locked) await linkCharge(tx, locked, attempt, charge);
          });
        }
        await settleCharge(o.businessId, charge);
      } catch (e) {
        if (!(e instanceof GatewayError)) throw e;
        // Tap away or refusing: the order as Sufra has it (the webhook will follow)
        return o;
      }
      return (await read()) ?? o;
    },
  };
}
