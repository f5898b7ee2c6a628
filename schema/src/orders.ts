// Guests' orders (docs/product.md#orders): an order built from the café's menu in a conversation and paid through
// a link made on the café's own Tap account. The rules both doors and the client's forms use: a draft, the Tap
// settings, a refund, the list's filters; the order's states and moves (one table, as billing-payments.ts is for
// Sufra's own payments, docs/architecture.md#orders). Pure; money is whole fils (1 KWD = 1000 fils), never floats.
import { z } from "zod";
import type { ErrorCode } from "./errors.ts";
import { mediaListSchema } from "./media.ts";
import type { MessageKey } from "./messages.ts";
import { singleLine } from "./text.ts";

const key = (k: MessageKey) => ({ error: k });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ---------------------------------------------------------------- states
/**
 * draft: being built, may change; awaiting_payment: a payment link is out with the guest; paid: Tap took the
 * money (refunds in part keep it paid, with refundedFils); cancelled: given up before any money was taken;
 * refunded: every fils given back.
 */
export const ORDER_STATUSES = ["draft", "awaiting_payment", "paid", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * The moves an order makes. A link sent moves a draft to awaiting_payment; Tap's answer moves it on: paid, or
 * back to draft when the charge failed or was abandoned (a new link may then be sent, and the order changed).
 * Money taken wins: a charge Tap captured pays the order whatever it became meanwhile (a draft after a failed
 * attempt, a cancelled order whose link the guest still paid), so the café can see and refund it. A paid order
 * is refunded (in full: refunded; a refund Tap reports failed gives its amount back, to paid).
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  draft: ["awaiting_payment", "cancelled", "paid"],
  awaiting_payment: ["paid", "draft", "cancelled"],
  paid: ["refunded"],
  cancelled: ["paid"],
  refunded: ["paid"],
};

/** Whether an order may move from one status to another (the service refuses any other move). */
export const mayMoveOrder = (from: OrderStatus, to: OrderStatus): boolean => ORDER_TRANSITIONS[from].includes(to);

/** A refund's states: claimed before Tap is asked (requesting), then Tap's answer. */
export const ORDER_REFUND_STATUSES = ["requesting", "pending", "succeeded", "failed"] as const;
export type OrderRefundStatus = (typeof ORDER_REFUND_STATUSES)[number];

// ---------------------------------------------------------------- limits
export const ORDER_LIMITS = {
  /** lines of one order */
  lines: 30,
  /** of one menu item on a line */
  quantity: 99,
  /** a delivery address, one line */
  address: 300,
  /** the delivery fee, in fils (100 KWD) */
  deliveryFeeFils: 100_000,
  guestName: 100,
  refundReason: 200,
  /** the least Tap charges, in fils (its minimum amount, 0.100) */
  minChargeFils: 100,
} as const;

export const FULFILMENTS = ["pickup", "delivery"] as const;
export type Fulfilment = (typeof FULFILMENTS)[number];

/** How the guest pays on Tap's page: KNET, a card, Apple Pay, or Tap's page offering every method the account has. */
export const ORDER_PAYMENT_SOURCES = ["knet", "card", "apple_pay", "all"] as const;
export type OrderPaymentSource = (typeof ORDER_PAYMENT_SOURCES)[number];

// ---------------------------------------------------------------- the draft
const orderLine = z.object({
  menuItemId: singleLine(key("orderMenuItemInvalid")).regex(UUID, key("orderMenuItemInvalid")),
  quantity: z
    .number(key("orderQuantityInvalid"))
    .int(key("orderQuantityInvalid"))
    .min(1, key("orderQuantityInvalid"))
    .max(ORDER_LIMITS.quantity, key("orderQuantityInvalid")),
});

/**
 * An order as a person builds it (createOrder, updateOrder: the whole draft each time). Prices are never taken
 * from here: the server reads each line's price from the café's menu. A delivery needs an address (one line: a
 * block, a street, a house, or a Kuwait area's name, kept as written).
 */
export const orderDraftSchema = z
  .object({
    items: z
      .array(orderLine, key("orderItemsRequired"))
      .min(1, key("orderItemsRequired"))
      .max(ORDER_LIMITS.lines, key("orderTooManyLines")),
    fulfilment: z.enum(FULFILMENTS, key("orderFulfilmentInvalid")),
    address: singleLine(key("orderAddressRequired"))
      .trim()
      .max(ORDER_LIMITS.address, key("orderAddressTooLong"))
      .nullish(),
    deliveryFeeFils: z
      .number(key("orderDeliveryFeeInvalid"))
      .int(key("orderDeliveryFeeInvalid"))
      .min(0, key("orderDeliveryFeeInvalid"))
      .max(ORDER_LIMITS.deliveryFeeFils, key("orderDeliveryFeeInvalid"))
      .default(0),
    paymentSource: z.enum(ORDER_PAYMENT_SOURCES, key("paymentSourceInvalid")).default("knet"),
    guestName: singleLine(key("orderGuestNameTooLong"))
      .trim()
      .max(ORDER_LIMITS.guestName, key("orderGuestNameTooLong"))
      .nullish(),
  })
  .superRefine((d, ctx) => {
    if (d.fulfilment === "delivery" && !d.address)
      ctx.addIssue({ code: "custom", path: ["address"], message: "orderAddressRequired" });
  })
  .transform((d) => ({
    ...d,
    // a pickup has no address and no delivery fee, whatever the form held
    address: d.fulfilment === "delivery" ? d.address || null : null,
    deliveryFeeFils: d.fulfilment === "delivery" ? d.deliveryFeeFils : 0,
    guestName: d.guestName || null,
  }));
export type OrderDraftInput = z.input<typeof orderDraftSchema>;
export type OrderDraft = z.output<typeof orderDraftSchema>;

// ---------------------------------------------------------------- the café's Tap account
/**
 * The café's own Tap account: its secret key (sk_test_... or sk_live_...; a publishable pk_ key is refused with
 * its own message: it cannot make charges) and, when the account has several, Tap's merchant id (digits).
 */
export const tapAccountSchema = z.object({
  secretKey: singleLine(key("tapKeyRequired"))
    .trim()
    .min(1, key("tapKeyRequired"))
    .max(200, key("tapKeyInvalid"))
    .refine((k) => !/^pk_/i.test(k), { error: "tapKeyPublishable", abort: true })
    .refine((k) => /^sk_(test|live)_[A-Za-z0-9]+$/.test(k), key("tapKeyInvalid")),
  /** blank or null: none */
  merchantId: singleLine(key("tapMerchantIdInvalid"))
    .trim()
    .refine((v) => v === "" || /^\d{1,30}$/.test(v), key("tapMerchantIdInvalid"))
    .transform((v) => v || null)
    .nullish(),
});
export type TapAccountInput = z.input<typeof tapAccountSchema>;

/** Whether a Tap secret key is a test key (no money moves) or a live one. */
export const tapKeyMode = (secretKey: string): "test" | "live" => (secretKey.startsWith("sk_live_") ? "live" : "test");

// ---------------------------------------------------------------- refunds and the list
/** A refund of a paid order: part of it, or (amountFils left out) all that is left. */
export const orderRefundSchema = z.object({
  amountFils: z
    .number(key("amountInvalid"))
    .int(key("amountInvalid"))
    .min(1, key("amountInvalid"))
    .max(100_000_000, key("amountInvalid"))
    .nullish(),
  reason: singleLine(key("refundReasonTooLong"))
    .trim()
    .max(ORDER_LIMITS.refundReason, key("refundReasonTooLong"))
    .nullish(),
});
export type OrderRefundInput = z.input<typeof orderRefundSchema>;

export const orderListSchema = z.object({
  status: z.enum(ORDER_STATUSES, key("invalidValue")).nullish(),
  conversationId: singleLine(key("invalidValue")).regex(UUID, key("invalidValue")).nullish(),
  // the page size of every id-cursor list: 1 to 100, 20 by default
  first: mediaListSchema.shape.first,
  after: singleLine(key("invalidValue")).nullish(),
});
export type OrderListInput = z.input<typeof orderListSchema>;

// ---------------------------------------------------------------- money
/** One line of an order as stored: the menu item's names and price copied when the order was written. */
export interface OrderLine {
  menuItemId: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  unitFils: number;
}

/** An order's total in fils: every line's quantity times its unit price, plus the delivery fee. Integers only. */
export const orderTotalFils = (lines: readonly Pick<OrderLine, "quantity" | "unitFils">[], deliveryFeeFils: number) =>
  lines.reduce((sum, l) => sum + l.quantity * l.unitFils, 0) + deliveryFeeFils;

/**
 * A KWD price as PostgreSQL's numeric(10,3) writes it ("1.750", "2", "0.5") in whole fils, read as text, never
 * through a float; null when it is not a plain non-negative decimal with at most three places.
 */
export function kwdTextToFils(text: string): number | null {
  const m = /^(\d+)(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (!m) return null;
  const fils = Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
  return Number.isSafeInteger(fils) ? fils : null;
}

/** What is left to give back of an order, in fils (0 before its money was taken). */
export const orderRefundLeftFils = (o: { status: OrderStatus; totalFils: number; refundedFils: number }) =>
  o.status === "paid" || o.status === "refunded" ? Math.max(0, o.totalFils - o.refundedFils) : 0;

/** Why a refund of `amountFils` is refused, or null: an order not paid has nothing to give back, never more than is left. */
export function orderRefundRefusal(
  o: { status: OrderStatus; totalFils: number; refundedFils: number },
  amountFils: number,
): ErrorCode | null {
  if (o.status !== "paid" && o.status !== "refunded") return "ORDER_INVALID_STATE";
  if (amountFils > orderRefundLeftFils(o)) return "REFUND_TOO_LARGE";
  return null;
}
