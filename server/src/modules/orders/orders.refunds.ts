// Refunds of paid orders through the café's own Tap account (docs/product.md#orders). A refund is claimed first,
// in the order's transaction (a row `requesting`, its amount counted against what is left at once), then asked of
// Tap outside any transaction, then recorded with Tap's answer. Never more than was paid: the claim checks what is
// left under the order's lock, and Tap refuses more than its charge holds. Once per attempt: the reference (Tap's
// idempotency key) is derived from the order, the refunds Tap already has and the amount, so two clicks, or a retry
// after an answer lost, ask Tap with the same reference and it answers the first refund. A refusal, or no answer,
// gives the amount back (nothing refunded is shown); a refund Tap later reports failed does the same.
import { createHash } from "node:crypto";
import { orderRefundLeftFils, orderRefundRefusal, orderRefundSchema, type OrderStatus } from "@sufra/schema";
import type { RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Order, OrderRefund } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { GatewayError, type Refund } from "../../payments/types.ts";
import { lockOrder, lockOrderById, type CafeViewer, type OrderNews, type OrdersContext } from "./orders.deps.ts";

/** The order's status once `refundedFils` of it are given back (claims included, as Tap counts them). */
const statusAfter = (o: Pick<Order, "totalFils">, refundedFils: number): OrderStatus =>
  refundedFils >= o.totalFils ? "refunded" : "paid";

export function createOrderRefunds(ctx: OrdersContext) {
  const { db, logger } = ctx.deps;

  /** A refund that did not happen (refused, no answer, or reported failed): its amount counts no more. */
  async function giveBack(tx: Tx, row: OrderRefund, why: string): Promise<Order | null> {
    const o = await lockOrderById(tx, row.orderId);
    if (!o) return null;
    const moved = await tx.orderRefund.updateMany({
      where: { id: row.id, status: { not: "failed" } },
      data: { status: "failed" },
    });
    if (!moved.count) return o;
    const refundedFils = Math.max(0, o.refundedFils - row.amountFils);
    const order = await tx.order.update({
      where: { id: o.id },
      data: {
        refundedFils,
        status: o.status === "refunded" ? statusAfter(o, refundedFils) : o.status,
        ...(o.refundId === row.id ? { refundStatus: "failed" } : {}),
      },
    });
    await audit(tx, {
      actorId: null,
      action: "order.refund_failed",
      entityType: "business",
      entityId: o.businessId,
      data: { orderId: o.id, number: o.number, refundId: row.id, amountFils: row.amountFils, refundedFils, code: why },
    });
    return order;
  }

  /**
   * Refunds `amountFils` of a paid order (all that is left when null) through Tap; `cancel` marks the order
   * cancelled too once it is wholly given back (cancelling a paid order). Answers the order as it now is.
   */
  async function refund(
    v: CafeViewer,
    id: unknown,
    input: unknown,
    meta: RequestMeta,
    opts: { cancel?: boolean } = {},
  ): Promise<Order> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const before = await db.order.findFirst({ where: { id, businessId: v.businessId } });
    if (!before) throw new AppError("NOT_FOUND");
    const r = validate(orderRefundSchema, input);
    const amountFils = r.amountFils ?? orderRefundLeftFils({ ...before, status: before.status as OrderStatus });
    const refused =
      orderRefundRefusal({ ...before, status: before.status as OrderStatus }, amountFils) ??
      (amountFils < 1 ? "REFUND_TOO_LARGE" : null);
    if (refused) throw new AppError(refused);
    if (!before.chargeId) throw new AppError("ORDER_INVALID_STATE");
    const gateway = await ctx.gatewayOf(v.businessId);
    if (!gateway) throw new AppError("TAP_NOT_CONNECTED");
    const given = await db.orderRefund.aggregate({
      where: { orderId: id, status: { in: ["pending", "succeeded"] } },
      _sum: { amountFils: true },
    });
    // the same order, the same refunds already at Tap and the same amount: the same attempt, the same reference
    const reference = `rf_${createHash("sha256")
      .update(`${id}:${given._sum.amountFils ?? 0}:${amountFils}`)
      .digest("hex")
      .slice(0, 32)}`;
    const reason = r.reason || `Refund of order #${before.number}`;

    const claim = await db.$transaction(async (tx) => {
      const o = await lockOrder(tx, v.businessId, id);
      const existing = await tx.orderRefund.findUnique({ where: { reference } });
      if (existing && existing.status !== "failed" && existing.status !== "requesting")
        return { row: existing, order: o, ask: false };
      if (existing?.status === "requesting") return { row: existing, order: o, ask: true };
      const refusedNow = orderRefundRefusal({ ...o, status: o.status as OrderStatus }, amountFils);
      if (refusedNow) throw new AppError(refusedNow);
      const row = existing
        ? await tx.orderRefund.update({ where: { id: existing.id }, data: { status: "requesting", reason } })
        : await tx.orderRefund.create({
            data: { orderId: o.id, businessId: o.businessId, amountFils, reason, reference, createdById: v.userId },
          });
      const refundedFils = o.refundedFils + amountFils;
      const order = await tx.order.update({
        where: { id: o.id },
        data: { refundedFils, status: statusAfter(o, refundedFils), refundId: row.id, refundStatus: "requesting" },
      });
      await audit(tx, {
        actorId: v.userId,
        action: "order.refund",
        entityType: "business",
        entityId: o.businessId,
        data: { orderId: o.id, number: o.number, refundId: row.id, amountFils, reason, refundedFils },
        ip: meta.ip,
      });
      return { row, order, ask: true };
    });
    if (!claim.ask) return claim.order;

    let answer: Refund;
    try {
      answer = await gateway.refund({
        chargeId: before.chargeId,
        amountFils,
        reason,
        reference,
        webhookUrl: ctx.webhookUrl(v.businessId),
      });
    } catch (e) {
      if (!(e instanceof GatewayError)) throw e;
      await db.$transaction((tx) => giveBack(tx, claim.row, e.code ?? e.kind));
      logger.warn("Tap did not refund an order", { orderId: id, kind: e.kind, error: e.message });
      throw new AppError(e.kind === "refused" ? "REFUND_REFUSED_BY_GATEWAY" : "PAYMENT_GATEWAY_UNAVAILABLE");
    }
    if (answer.state === "failed") {
      await db.$transaction((tx) => giveBack(tx, claim.row, answer.gatewayStatus));
      throw new AppError("REFUND_REFUSED_BY_GATEWAY");
    }
    const out = await db.$transaction(async (tx) => {
      const o = await lockOrderById(tx, id);
      if (!o) throw new AppError("NOT_FOUND");
      const moved = await tx.orderRefund.updateMany({
        where: { id: claim.row.id, status: "requesting" },
        data: { gatewayRefundId: answer.id, status: answer.state },
      });
      let order = o;
      if (moved.count && o.refundId === claim.row.id)
        order = await tx.order.update({ where: { id: o.id }, data: { refundStatus: answer.state } });
      if (opts.cancel && order.status === "refunded" && !order.cancelledAt)
        order = await tx.order.update({ where: { id: o.id }, data: { cancelledAt: new Date() } });
      let news: OrderNews | null = null;
      if (moved.count && answer.state === "succeeded") {
        await audit(tx, {
          actorId: v.userId,
          action: "order.refund_succeeded",
          entityType: "business",
          entityId: o.businessId,
          data: { orderId: o.id, number: o.number, refundId: claim.row.id, gatewayRefundId: answer.id, amountFils },
          ip: meta.ip,
        });
        news = "refunded";
      }
      return { order, news };
    });
    if (out.news) await ctx.tell(out.order, out.news);
    return out.order;
  }

  /**
   * A refund Tap reports on its signed webhook, found by the refund's id (signed): succeeded is recorded once and
   * told; failed gives its amount back. Answers whether anything changed.
   */
  async function settleRefund(businessId: string, reported: Refund): Promise<boolean> {
    const row = await db.orderRefund.findUnique({ where: { gatewayRefundId: reported.id } });
    if (!row || row.businessId !== businessId) return false;
    if (reported.amountFils !== row.amountFils) {
      logger.error("a Tap refund whose amount is not its row's", { refundId: row.id, gatewayRefundId: reported.id });
      return false;
    }
    if (reported.state === "failed") {
      const order = await db.$transaction(async (tx) => {
        const fresh = await tx.orderRefund.findUniqueOrThrow({ where: { id: row.id } });
        return fresh.status === "failed" ? null : giveBack(tx, fresh, reported.gatewayStatus);
      });
      return !!order;
    }
    if (reported.state !== "succeeded") return false;
    const out = await db.$transaction(async (tx) => {
      const o = await lockOrderById(tx, row.orderId);
      if (!o) return null;
      const moved = await tx.orderRefund.updateMany({
        where: { id: row.id, status: { in: ["pending", "requesting"] } },
        data: { status: "succeeded" },
      });
      if (!moved.count) return null;
      const order =
        o.refundId === row.id ? await tx.order.update({ where: { id: o.id }, data: { refundStatus: "succeeded" } }) : o;
      await audit(tx, {
        actorId: null,
        action: "order.refund_succeeded",
        entityType: "business",
        entityId: o.businessId,
        data: {
          orderId: o.id,
          number: o.number,
          refundId: row.id,
          gatewayRefundId: reported.id,
          amountFils: row.amountFils,
        },
      });
      return order;
    });
    if (out) await ctx.tell(out, "refunded");
    return !!out;
  }

  return { refund, settleRefund };
}
