// Guests' orders (docs/product.md#orders): a person of the café builds an order from its menu in a conversation,
// sends a payment link made on the café's own Tap account, and Tap's answer shows it paid. The factory composes
// its parts (docs/architecture.md#a-service-in-parts), which share one context (orders.deps.ts): the café's Tap
// account (orders.tap.ts), paying and Tap's answers (orders.payments.ts), refunds (orders.refunds.ts) and the
// figures per post and campaign (orders.figures.ts). Here: building, changing, cancelling and reading orders.
// Prices come from the menu, never from the caller: MenuItem.priceKwd read as text into whole fils.
import {
  kwdTextToFils,
  orderDraftSchema,
  orderListSchema,
  orderTotalFils,
  type OrderDraft,
  type OrderLine,
} from "@sufra/schema";
import type { Deps, RequestMeta } from "../../deps.ts";
import type { Tx } from "../../db/prisma.ts";
import type { Order } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import { isUuid } from "../../kernel/ids.ts";
import { checkIdCursor, idPage, idWindow, type IdPage } from "../../kernel/pagination.ts";
import type { Viewer } from "../../kernel/policy.ts";
import { figureOf, orderFigures, type OrderFigure } from "./orders.figures.ts";
import {
  cafeManager,
  lockOrder,
  orderReader,
  orderTaker,
  ordersContext,
  type CafeViewer,
  type OrdersOptions,
} from "./orders.deps.ts";
import { createOrderPayments } from "./orders.payments.ts";
import { createOrderRefunds } from "./orders.refunds.ts";
import { createTapAccounts } from "./orders.tap.ts";

/** An order's lines as stored (items, JSON). */
export const orderLines = (o: Pick<Order, "items">): OrderLine[] => (Array.isArray(o.items) ? o.items : []) as never;

export function createOrdersService(deps: Deps, opts: OrdersOptions = {}) {
  const { db } = deps;
  const ctx = ordersContext(deps, opts);
  const tap = createTapAccounts(ctx);
  const payments = createOrderPayments(ctx);
  const refunds = createOrderRefunds(ctx);

  /** The draft's lines priced from the café's menu (names copied in both languages), in the draft's order. */
  async function priced(tx: Tx, businessId: string, draft: OrderDraft): Promise<OrderLine[]> {
    const ids = [...new Set(draft.items.map((l) => l.menuItemId))];
    const menu = await tx.menuItem.findMany({ where: { businessId, id: { in: ids } } });
    const byId = new Map(menu.map((m) => [m.id, m]));
    return draft.items.map((l) => {
      const item = byId.get(l.menuItemId);
      if (!item) throw new AppError("MENU_ITEM_NOT_FOUND");
      // numeric(10,3) as its decimal text (toFixed(3) of Prisma's Decimal), never through a float
      const unitFils = item.priceKwd === null ? null : kwdTextToFils(item.priceKwd.toFixed(3));
      if (unitFils === null) throw new AppError("MENU_ITEM_NOT_PRICED");
      return { menuItemId: item.id, name: item.name, nameAr: item.nameAr, quantity: l.quantity, unitFils };
    });
  }

  /** What the draft writes on the order: its priced lines, money in fils and how it reaches the guest. */
  const written = (lines: OrderLine[], draft: OrderDraft) => ({
    items: lines as unknown as object,
    totalFils: orderTotalFils(lines, draft.deliveryFeeFils),
    deliveryFeeFils: draft.deliveryFeeFils,
    fulfilment: draft.fulfilment,
    address: draft.address,
    paymentSource: draft.paymentSource,
  });

  /** A conversation of the business (NOT_FOUND for another's). */
  async function conversationOf(businessId: string, id: unknown) {
    const c = isUuid(id) ? await db.conversation.findFirst({ where: { id, businessId } }) : null;
    if (!c) throw new AppError("NOT_FOUND");
    return c;
  }

  async function own(businessId: string, id: unknown): Promise<Order> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const o = await db.order.findFirst({ where: { id, businessId } });
    if (!o) throw new AppError("NOT_FOUND");
    return o;
  }

  return {
    ...tap,
    sendPaymentLink: payments.sendPaymentLink,

    /**
     * Builds an order (a draft) from the café's menu, in a conversation of the café or none: the next number of
     * the café (its row locked, so two orders never share one), the conversation's guest name unless the draft
     * names one, and what the conversation started from (post, campaign, kind) copied for the figures.
     */
    async createOrder(
      viewer: Viewer | null,
      conversationId: unknown,
      input: unknown,
      meta: RequestMeta,
    ): Promise<Order> {
      const v = await orderTaker(deps, viewer);
      const conversation = conversationId == null ? null : await conversationOf(v.businessId, conversationId);
      const draft = validate(orderDraftSchema, input);
      return db.$transaction(async (tx) => {
        await tx.$queryRaw`select id from businesses where id = ${v.businessId}::uuid for update`;
        const lines = await priced(tx, v.businessId, draft);
        const last = await tx.order.aggregate({ where: { businessId: v.businessId }, _max: { number: true } });
        const order = await tx.order.create({
          data: {
            businessId: v.businessId,
            number: (last._max.number ?? 0) + 1,
            conversationId: conversation?.id ?? null,
            ...written(lines, draft),
            guestName: draft.guestName ?? conversation?.guestName ?? null,
            postId: conversation?.postId ?? null,
            campaignId: conversation?.campaignId ?? null,
            startedKind: conversation?.startedKind ?? null,
            demo: conversation?.demo ?? false,
            createdById: v.userId,
          },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "order.created",
          entityType: "business",
          entityId: v.businessId,
          data: { orderId: order.id, number: order.number, amountFils: order.totalFils },
          ip: meta.ip,
        });
        return order;
      });
    },

    /** Changes a draft (the whole draft again, priced again from the menu); an order out for payment or past it is not changed. */
    async updateOrder(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta): Promise<Order> {
      const v = await orderTaker(deps, viewer);
      await own(v.businessId, id);
      const draft = validate(orderDraftSchema, input);
      return db.$transaction(async (tx) => {
        const o = await lockOrder(tx, v.businessId, id);
        if (o.status !== "draft") throw new AppError("ORDER_INVALID_STATE");
        const lines = await priced(tx, v.businessId, draft);
        const order = await tx.order.update({
          where: { id: o.id },
          data: { ...written(lines, draft), guestName: draft.guestName ?? o.guestName },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "order.updated",
          entityType: "business",
          entityId: v.businessId,
          data: { orderId: o.id, number: o.number, amountFils: order.totalFils },
          ip: meta.ip,
        });
        return order;
      });
    },

    /**
     * Cancels an order: a draft, or one whose link is out (a link the guest still pays pays it: money taken wins,
     * and the café refunds it), by whoever builds orders; a paid one is refunded in full through Tap first, by an
     * owner or the account holder, and ends refunded.
     */
    async cancelOrder(viewer: Viewer | null, id: unknown, meta: RequestMeta): Promise<Order> {
      const taker = await orderTaker(deps, viewer);
      const found = await own(taker.businessId, id);
      if (found.status === "paid") {
        const v = await cafeManager(deps, viewer);
        return refunds.refund(v, id, {}, meta, { cancel: true });
      }
      const out = await db.$transaction(async (tx) => {
        const o = await lockOrder(tx, taker.businessId, id);
        if (o.status !== "draft" && o.status !== "awaiting_payment") throw new AppError("ORDER_INVALID_STATE");
        const order = await tx.order.update({
          where: { id: o.id },
          data: { status: "cancelled", cancelledAt: new Date(), paymentUrl: null },
        });
        await audit(tx, {
          actorId: taker.userId,
          action: "order.cancelled",
          entityType: "business",
          entityId: taker.businessId,
          data: { orderId: o.id, number: o.number, status: o.status },
          ip: meta.ip,
        });
        return order;
      });
      await ctx.tell(out, "cancelled");
      return out;
    },

    /** Refunds part of a paid order (amountFils), or all that is left: owners and the account holder only. */
    async refundOrder(viewer: Viewer | null, id: unknown, input: unknown, meta: RequestMeta): Promise<Order> {
      const v: CafeViewer = await cafeManager(deps, viewer);
      return refunds.refund(v, id, input ?? {}, meta);
    },

    /** The café's orders, newest first, by status or conversation; its people and its API key read them. */
    async orders(viewer: Viewer | null, input: unknown = {}): Promise<IdPage<Order>> {
      const v = orderReader(viewer);
      const q = validate(orderListSchema, input);
      checkIdCursor(q.after);
      // another café's conversation is not found, as its orders are not
      if (q.conversationId) await conversationOf(v.businessId, q.conversationId);
      const rows = await db.order.findMany({
        where: {
          businessId: v.businessId,
          ...(q.status ? { status: q.status } : {}),
          ...(q.conversationId ? { conversationId: q.conversationId } : {}),
        },
        orderBy: [{ createdAt: "desc" }, { id: "desc" }],
        ...idWindow({ first: q.first, after: q.after }),
      });
      return idPage(rows, q.first);
    },

    /** One order of the café (NOT_FOUND for another café's). */
    async order(viewer: Viewer | null, id: unknown): Promise<Order> {
      return own(orderReader(viewer).businessId, id);
    },

    /** Paid orders and their money per post and per campaign of a business (the caller checked it may read them). */
    orderFigures: (businessId: string, q: { postIds?: readonly string[]; campaignIds?: readonly string[] }) =>
      orderFigures(db, businessId, q),

    /** One post's or campaign's order figures for the viewer's business, read with the rest of its request. */
    async figureOf(viewer: Viewer | null, kind: "post" | "campaign", id: string): Promise<OrderFigure> {
      return figureOf(db, orderReader(viewer).businessId, kind, id);
    },

    /** Tap's webhook for one café: charges move orders, refunds their refunds (orders.payments.ts). */
    receiveWebhook: (businessId: unknown, headers: Record<string, string | string[] | undefined>, raw: Buffer) =>
      payments.receiveWebhook(businessId, headers, raw, refunds.settleRefund),

    /** The guest's return page: the order as Tap's answer leaves it (orders.payments.ts). */
    returnedOrder: payments.returnedOrder,
  };
}
