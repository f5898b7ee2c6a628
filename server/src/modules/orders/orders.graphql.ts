// Guests' orders at the GraphQL door (docs/product.md#orders): thin, every field calls the orders service, which
// decides who may (its people and its API key read; a person who answers guests builds orders and sends links;
// owners and the account holder refund and set the café's Tap account). Money in fils (1 KWD = 1000 fils).
import { FULFILMENTS, ORDER_PAYMENT_SOURCES, ORDER_STATUSES, type OrderLine as Line } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { CampaignRef, OrderRef, PostRef } from "../../graphql/refs.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";
import { orderLines } from "./orders.service.ts";
import type { TapAccountView } from "./orders.tap.ts";

const OrderStatusEnum = builder.enumType("OrderStatus", {
  description: "Where a guest's order stands.",
  values: upper(ORDER_STATUSES, {
    draft: "Being built; it may still change. A payment that failed brings it back here.",
    awaiting_payment: "A payment link is out with the guest (paymentUrl).",
    paid: "Tap took the money (a refund in part leaves it paid: see refundedFils).",
    cancelled: "Given up before any money was taken.",
    refunded: "Every fils was given back.",
  }),
});
const FulfilmentEnum = builder.enumType("OrderFulfilment", {
  description: "How the order reaches the guest.",
  values: upper(FULFILMENTS, {
    pickup: "The guest collects it at the café.",
    delivery: "The café delivers it to the order's address.",
  }),
});
const PaymentSourceEnum = builder.enumType("OrderPaymentSource", {
  description: "How the guest pays on Tap's page.",
  values: upper(ORDER_PAYMENT_SOURCES, {
    knet: "KNET, Kuwait's debit network (the default).",
    card: "A credit or debit card.",
    apple_pay: "Apple Pay, on an Apple device.",
    all: "Tap's page offers every method the café's Tap account has.",
  }),
});
const TapModeEnum = builder.enumType("TapAccountMode", {
  description: "Whether the café's Tap key is a test key or a live one.",
  values: upper(["test", "live"] as const, {
    test: "A test key (sk_test_): no money moves.",
    live: "A live key (sk_live_): guests pay for real.",
  }),
});

const OrderLineRef = builder.objectRef<Line>("OrderLine").implement({
  description: "One line of an order: a menu item, how many, and its price copied from the menu when written.",
  fields: (t) => ({
    menuItemId: t.exposeID("menuItemId", { description: "The menu item's id (it may since have left the menu)." }),
    name: t.exposeString("name", { description: "The item's name as the menu had it." }),
    nameAr: t.exposeString("nameAr", { nullable: true, description: "The item's Arabic name; null when none." }),
    quantity: t.exposeInt("quantity", { description: "How many, 1 to 99." }),
    unitFils: t.exposeInt("unitFils", { description: "The price of one, in fils, as the menu had it." }),
    lineFils: t.int({ description: "quantity × unitFils, in fils.", resolve: (l) => l.quantity * l.unitFils }),
  }),
});

OrderRef.implement({
  description:
    "A guest's order, built from the café's menu in a conversation and paid through a link made on the café's own Tap account.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The order's id (a UUID)." }),
    number: t.exposeInt("number", { description: "The café's own running number of the order, from 1." }),
    status: t.field({ type: OrderStatusEnum, description: "Where it stands.", resolve: (o) => o.status as never }),
    conversationId: t.exposeID("conversationId", {
      nullable: true,
      description: "The conversation it was built in; null when none (or the conversation was deleted).",
    }),
    items: t.field({ type: [OrderLineRef], description: "Its lines, in order.", resolve: (o) => orderLines(o) }),
    itemsFils: t.int({
      description: "The lines' total, in fils (totalFils less the delivery fee).",
      resolve: (o) => o.totalFils - o.deliveryFeeFils,
    }),
    deliveryFeeFils: t.exposeInt("deliveryFeeFils", { description: "The delivery fee, in fils (0 for a pickup)." }),
    totalFils: t.exposeInt("totalFils", { description: "What the guest pays, in fils: the lines and the fee." }),
    fulfilment: t.field({
      type: FulfilmentEnum,
      description: "Pickup or delivery.",
      resolve: (o) => o.fulfilment as never,
    }),
    address: t.exposeString("address", { nullable: true, description: "Where to deliver; null for a pickup." }),
    guestName: t.exposeString("guestName", {
      nullable: true,
      description: "The guest's name as the order or its conversation gave it; null when unknown.",
    }),
    paymentSource: t.field({
      type: PaymentSourceEnum,
      description: "How the guest pays on Tap's page.",
      resolve: (o) => o.paymentSource as never,
    }),
    paymentUrl: t.exposeString("paymentUrl", {
      nullable: true,
      description: "Tap's page where the guest pays, while the order waits for payment; null otherwise.",
    }),
    chargeStatus: t.exposeString("chargeStatus", {
      nullable: true,
      description:
        "Tap's status word of its latest charge (INITIATED, CAPTURED, DECLINED, ABANDONED, ...); null before a link.",
    }),
    paidAt: t.expose("paidAt", { type: "DateTime", nullable: true, description: "When Tap took the money (UTC)." }),
    cancelledAt: t.expose("cancelledAt", {
      type: "DateTime",
      nullable: true,
      description: "When it was cancelled (UTC); null when it was not.",
    }),
    refundedFils: t.exposeInt("refundedFils", {
      description: "Given back so far, in fils (refunds Tap is still working on included); never more than totalFils.",
    }),
    refundStatus: t.exposeString("refundStatus", {
      nullable: true,
      description: "Its latest refund: requesting, pending, succeeded or failed; null when none.",
    }),
    postId: t.exposeID("postId", {
      nullable: true,
      description: "The post its conversation started from, when known; the post's figures count this order.",
    }),
    campaignId: t.exposeID("campaignId", {
      nullable: true,
      description: "The campaign its conversation started from, when known; the campaign's figures count this order.",
    }),
    startedKind: t.exposeString("startedKind", {
      nullable: true,
      description: "What started its conversation: post, story, ad or link; null when unknown.",
    }),
    createdAt: t.expose("createdAt", { type: "DateTime", description: "When it was built (UTC)." }),
    updatedAt: t.expose("updatedAt", { type: "DateTime", description: "When it last changed (UTC)." }),
  }),
});

const TapAccount = builder.objectRef<TapAccountView>("TapAccount").implement({
  description: "The café's own Tap account, which guests' payment links are made on. Its key is never shown.",
  fields: (t) => ({
    connected: t.exposeBoolean("connected", { description: "True when a key is set: links can be sent." }),
    mode: t.field({
      type: TapModeEnum,
      nullable: true,
      description: "Test or live, from the key; null when none is set.",
      resolve: (a) => a.mode,
    }),
    merchantId: t.exposeString("merchantId", {
      nullable: true,
      description: "Tap's merchant id given with the key (accounts with several); null when none.",
    }),
  }),
});

const OrderLineInput = builder.inputType("OrderLineInput", {
  description: "One line of an order: a menu item of the café and how many.",
  fields: (t) => ({
    menuItemId: t.id({ required: true, description: "A menu item of the café; its price is read from the menu." }),
    quantity: t.int({ required: true, description: "How many, 1 to 99." }),
  }),
});

const OrderDraftInput = builder.inputType("OrderDraftInput", {
  description: "An order as a person builds it; prices always come from the café's menu.",
  fields: (t) => ({
    items: t.field({ type: [OrderLineInput], required: true, description: "1 to 30 lines." }),
    fulfilment: t.field({ type: FulfilmentEnum, required: true, description: "Pickup or delivery." }),
    address: t.string({
      description:
        "Where to deliver (one line, up to 300 characters; a Kuwait area's name is fine): required for a delivery.",
    }),
    deliveryFeeFils: t.int({ description: "The delivery fee in fils, 0 to 100,000; 0 when left out or for a pickup." }),
    paymentSource: t.field({ type: PaymentSourceEnum, description: "How the guest pays; KNET when left out." }),
    guestName: t.string({
      description: "The guest's name (up to 100 characters); the conversation's when left out.",
    }),
  }),
});

const TapAccountInput = builder.inputType("TapAccountInput", {
  description: "The café's own Tap account.",
  fields: (t) => ({
    secretKey: t.string({
      required: true,
      description: "Its secret key, sk_live_... or sk_test_... (a publishable pk_ key is refused). Never shown again.",
    }),
    merchantId: t.string({
      description: "Tap's merchant id, digits, when the account has several; none when left out.",
    }),
  }),
});

const RefundInput = builder.inputType("OrderRefundInput", {
  description: "A refund of a paid order.",
  fields: (t) => ({
    amountFils: t.int({ description: "How much to give back, in fils; all that is left when left out." }),
    reason: t.string({ description: "Why, up to 200 characters (Tap keeps it); a plain one when left out." }),
  }),
});

/** The input as the service's rule reads it: a value left out is undefined, never null. */
const given = <T extends object>(input: T) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null && v !== undefined));
const draftOf = (d: { items: readonly { menuItemId: string | number; quantity: number }[] } & object) => ({
  ...given(d),
  items: d.items.map((l) => ({ menuItemId: String(l.menuItemId), quantity: l.quantity })),
});

const ofBusiness = { authScopes: { business: true } } as const;

builder.objectFields(CampaignRef, (t) => ({
  orders: t.int({
    description:
      "Paid orders counted to this campaign: guests' orders built in conversations it started (wholly refunded ones not counted).",
    resolve: async (c, _a, ctx) => (await ctx.services.orders.figureOf(ctx.viewer, "campaign", c.id)).orders,
  }),
  ordersFils: t.int({
    description: "What those orders paid, less what was given back, in fils.",
    resolve: async (c, _a, ctx) => (await ctx.services.orders.figureOf(ctx.viewer, "campaign", c.id)).ordersFils,
  }),
}));

builder.objectFields(PostRef, (t) => ({
  orders: t.int({
    description:
      "Paid orders counted to this post: guests' orders built in conversations it started (wholly refunded ones not counted).",
    resolve: async (p, _a, ctx) => (await ctx.services.orders.figureOf(ctx.viewer, "post", p.id)).orders,
  }),
  ordersFils: t.int({
    description: "What those orders paid, less what was given back, in fils.",
    resolve: async (p, _a, ctx) => (await ctx.services.orders.figureOf(ctx.viewer, "post", p.id)).ordersFils,
  }),
}));

builder.queryFields((t) => ({
  orders: t.connection(
    {
      type: OrderRef,
      ...ofBusiness,
      description: "The café's orders, newest first. People of the business or its API key.",
      args: {
        status: t.arg({ type: OrderStatusEnum, description: "Only orders in this status; all when left out." }),
        conversationId: t.arg.id({ description: "Only the orders of this conversation; all when left out." }),
      },
      complexity: connectionComplexity,
      resolve: async (_r, args, ctx) => {
        const page = await ctx.services.orders.orders(ctx.viewer, {
          first: args.first ?? undefined,
          after: args.after ?? undefined,
          status: args.status ?? undefined,
          conversationId: args.conversationId == null ? undefined : String(args.conversationId),
        });
        return idConnection(page, args.after);
      },
    },
    { name: "OrderConnection" },
  ),
  order: t.field({
    type: OrderRef,
    ...ofBusiness,
    description: "One order of the caller's café; NOT_FOUND for another café's. People of the business or its API key.",
    args: { id: t.arg.id({ required: true, description: "The order's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.orders.order(ctx.viewer, String(id)),
  }),
  tapAccount: t.field({
    type: TapAccount,
    ...ofBusiness,
    description: "Whether the café has its own Tap account set for guests' payment links (never its key).",
    resolve: (_r, _a, ctx) => ctx.services.orders.tapAccount(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  createOrder: t.field({
    type: OrderRef,
    ...ofBusiness,
    description:
      "Builds an order (a draft) from the café's menu, in a conversation of the café or none. A person who answers guests (never an API key).",
    args: {
      conversationId: t.arg.id({ description: "The conversation it is for; none when left out." }),
      input: t.arg({
        type: OrderDraftInput,
        required: true,
        description: "The order's lines, fulfilment and payment.",
      }),
    },
    resolve: (_r, { conversationId, input }, ctx) =>
      ctx.services.orders.createOrder(
        ctx.viewer,
        conversationId == null ? null : String(conversationId),
        draftOf(input),
        ctx.meta,
      ),
  }),
  updateOrder: t.field({
    type: OrderRef,
    ...ofBusiness,
    description: "Changes a draft order: the whole order again, priced again from the menu. Drafts only.",
    args: {
      id: t.arg.id({ required: true, description: "The order's id." }),
      input: t.arg({ type: OrderDraftInput, required: true, description: "The order as it should be." }),
    },
    resolve: (_r, { id, input }, ctx) =>
      ctx.services.orders.updateOrder(ctx.viewer, String(id), draftOf(input), ctx.meta),
  }),
  sendOrderPaymentLink: t.field({
    type: OrderRef,
    ...ofBusiness,
    description:
      "Makes the order's payment link on the café's own Tap account (paymentUrl) and tells the conversation. Two calls make one charge. A person who answers guests; the café's subscription must run.",
    args: { id: t.arg.id({ required: true, description: "The order's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.orders.sendPaymentLink(ctx.viewer, String(id), ctx.meta),
  }),
  cancelOrder: t.field({
    type: OrderRef,
    ...ofBusiness,
    description:
      "Cancels an order not paid yet; a paid one is refunded in full through Tap (owners and the account holder) and ends refunded.",
    args: { id: t.arg.id({ required: true, description: "The order's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.orders.cancelOrder(ctx.viewer, String(id), ctx.meta),
  }),
  refundOrder: t.field({
    type: OrderRef,
    ...ofBusiness,
    description:
      "Gives back part or all of a paid order through the café's Tap account, never more than is left. Owners and the account holder.",
    args: {
      id: t.arg.id({ required: true, description: "The order's id." }),
      input: t.arg({ type: RefundInput, description: "How much and why; all that is left when left out." }),
    },
    resolve: (_r, { id, input }, ctx) =>
      ctx.services.orders.refundOrder(ctx.viewer, String(id), input ? given(input) : {}, ctx.meta),
  }),
  setTapAccount: t.field({
    type: TapAccount,
    ...ofBusiness,
    description:
      "Sets the café's own Tap account: the key is tried with Tap (TAP_KEY_REFUSED when Tap refuses it), then kept sealed. Owners and the account holder.",
    args: { input: t.arg({ type: TapAccountInput, required: true, description: "The key and merchant id." }) },
    resolve: (_r, { input }, ctx) => ctx.services.orders.setTapAccount(ctx.viewer, given(input), ctx.meta),
  }),
  clearTapAccount: t.field({
    type: TapAccount,
    ...ofBusiness,
    description:
      "Removes the café's Tap account: no payment link can be sent until one is set again. Owners and the account holder.",
    resolve: (_r, _a, ctx) => ctx.services.orders.clearTapAccount(ctx.viewer, ctx.meta),
  }),
}));
