// Guests' orders as the screens read them (no React, no Apollo): an order in the screen's own shape, the
// builder's draft (started from what a suggested answer read of the guest's message), its total in whole fils,
// the amounts typed in KWD read as fils without a float, the problems the shared rules (@sufra/schema's
// orders.ts) find in a draft, a refund or a Tap key, and the list's status filter in the address bar.
import {
  errorText,
  findKuwaitArea,
  KUWAIT_AREAS,
  kwdToFilsText,
  messageText,
  ORDER_LIMITS,
  ORDER_STATUSES,
  orderDraftSchema,
  orderRefundRefusal,
  orderTotalFils,
  tapAccountSchema,
  type Fulfilment,
  type Locale,
  type OrderDraft,
  type OrderPaymentSource,
  type OrderStatus,
} from "@sufra/schema";
import { latinText } from "../../lib/format.ts";
import type { OrderStart } from "../conversations/index.ts";

export type StartedKind = "post" | "story" | "ad" | "link";
export const STARTED_KINDS: readonly StartedKind[] = ["post", "story", "ad", "link"];

interface OrderLineView {
  menuItemId: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  unitFils: number;
  lineFils: number;
}

/** One order as the screens show it (money in whole fils). */
export interface OrderView {
  id: string;
  number: number;
  status: OrderStatus;
  conversationId: string | null;
  items: OrderLineView[];
  deliveryFeeFils: number;
  totalFils: number;
  fulfilment: Fulfilment;
  address: string | null;
  guestName: string | null;
  paymentSource: OrderPaymentSource;
  paymentUrl: string | null;
  refundedFils: number;
  refundStatus: string | null;
  started: { kind: StartedKind | null; postId: string | null; campaignId: string | null };
  createdAt: string;
}

/** A menu item to order from: its price in fils (null: the menu has none). */
export interface MenuChoice {
  id: string;
  name: string;
  nameAr: string | null;
  unitFils: number | null;
}

/** The café's Tap account as the screens show it (never its key). */
export interface TapAccountView {
  connected: boolean;
  mode: "test" | "live" | null;
  merchantId: string | null;
}

/** A menu item's or a line's name in the person's language (the English one when it has no Arabic name). */
export const nameIn = (item: { name: string; nameAr: string | null }, locale: Locale) =>
  locale === "ar" && item.nameAr ? item.nameAr : item.name;

/**
 * A menu price as the business profile gives it (dinars, at most three decimals: 1.75) in whole fils, read
 * from its decimal text (String(1.75) is "1.75"), never multiplied as a float; null when there is none.
 */
export const priceFils = (priceKwd: number | null | undefined): number | null =>
  priceKwd === null || priceKwd === undefined ? null : kwdToFilsText(String(priceKwd));

/**
 * An amount typed in KWD ("2.5", "٢٫٥٠٠", "1,250.000") in whole fils; null when it is not an amount of at most
 * three decimals. An empty text is null too: the caller decides what nothing means.
 */
export function filsOfText(text: string): number | null {
  const plain = latinText(text).replace(/[,٬\s]/g, "");
  return plain ? kwdToFilsText(plain) : null;
}

// ------------------------------------------------------------------ the builder's draft

export interface DraftLine {
  menuItemId: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  /** the menu's price of one, in fils; null when it has none */
  unitFils: number | null;
}

export interface Draft {
  lines: DraftLine[];
  fulfilment: Fulfilment;
  address: string;
  /** the delivery fee as typed, in KWD */
  fee: string;
  paymentSource: OrderPaymentSource;
}

const clampQuantity = (n: number) => Math.min(ORDER_LIMITS.quantity, Math.max(1, Math.round(n) || 1));

/** A Kuwait area's name in the person's language, from its key (or a name of it); empty when unknown. */
function areaName(area: string | null | undefined, locale: Locale): string {
  const key = findKuwaitArea(area);
  return key ? KUWAIT_AREAS[key][locale] : "";
}

/**
 * The draft an order starts from: the suggestion's items and quantities (one line per item), a delivery to the
 * area's name when the guest named one, else a pickup; no fee; KNET.
 */
export function draftFrom(start: OrderStart | null, locale: Locale): Draft {
  const lines: DraftLine[] = [];
  for (const i of start?.items ?? []) {
    const held = lines.find((l) => l.menuItemId === i.menuItemId);
    if (held) held.quantity = clampQuantity(held.quantity + i.quantity);
    else
      lines.push({
        menuItemId: i.menuItemId,
        name: i.name,
        nameAr: i.nameAr,
        quantity: clampQuantity(i.quantity),
        unitFils: i.unitFils,
      });
  }
  const address = areaName(start?.area, locale);
  return { lines, fulfilment: address ? "delivery" : "pickup", address, fee: "", paymentSource: "knet" };
}

/** The draft with one more of a menu item (a new line, or one more on its line). */
export function addItem(draft: Draft, item: MenuChoice): Draft {
  const held = draft.lines.some((l) => l.menuItemId === item.id);
  return {
    ...draft,
    lines: held
      ? draft.lines.map((l) => (l.menuItemId === item.id ? { ...l, quantity: clampQuantity(l.quantity + 1) } : l))
      : [
          ...draft.lines,
          { menuItemId: item.id, name: item.name, nameAr: item.nameAr, quantity: 1, unitFils: item.unitFils },
        ],
  };
}

export const setQuantity = (draft: Draft, menuItemId: string, quantity: number): Draft => ({
  ...draft,
  lines: draft.lines.map((l) => (l.menuItemId === menuItemId ? { ...l, quantity: clampQuantity(quantity) } : l)),
});

export const removeLine = (draft: Draft, menuItemId: string): Draft => ({
  ...draft,
  lines: draft.lines.filter((l) => l.menuItemId !== menuItemId),
});

/** Each line priced as the menu prices it now (the server reads the menu too); a line the menu lacks keeps its own. */
export const pricedLines = (lines: readonly DraftLine[], menu: readonly MenuChoice[] | undefined): DraftLine[] =>
  lines.map((l) => {
    const item = menu?.find((m) => m.id === l.menuItemId);
    return item ? { ...l, unitFils: item.unitFils } : l;
  });

/** The delivery fee in fils: 0 for a pickup or when left empty; null when what was typed is not an amount. */
export function draftFeeFils(draft: Draft): number | null {
  if (draft.fulfilment === "pickup" || !draft.fee.trim()) return 0;
  return filsOfText(draft.fee);
}

/** The order's total in fils (the lines and the fee); null while a line has no price or the fee is not an amount. */
export function draftTotalFils(lines: readonly DraftLine[], feeFils: number | null): number | null {
  if (feeFils === null || lines.some((l) => l.unitFils === null)) return null;
  return orderTotalFils(
    lines.map((l) => ({ quantity: l.quantity, unitFils: l.unitFils ?? 0 })),
    feeFils,
  );
}

export interface DraftProblems {
  items?: string;
  address?: string;
  fee?: string;
}

/**
 * The draft checked with the server's own rule: what it would send (pickups carry no address and no fee), or
 * the problems, each in the person's language. A fee typed that is not an amount is the fee's problem.
 */
export function checkDraft(
  draft: Draft,
  locale: Locale,
): { ok: true; value: OrderDraft } | { ok: false; problems: DraftProblems } {
  const feeFils = draftFeeFils(draft);
  const r = orderDraftSchema.safeParse({
    items: draft.lines.map((l) => ({ menuItemId: l.menuItemId, quantity: l.quantity })),
    fulfilment: draft.fulfilment,
    address: draft.fulfilment === "delivery" ? draft.address : null,
    deliveryFeeFils: feeFils ?? -1,
    paymentSource: draft.paymentSource,
  });
  if (r.success) return { ok: true, value: r.data };
  const problems: DraftProblems = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0] === "deliveryFeeFils" ? "fee" : issue.path[0] === "address" ? "address" : "items";
    problems[field] ??= textOf(issue.message, locale);
  }
  return { ok: false, problems };
}

const textOf = (key: string | undefined, locale: Locale) => messageText(key ?? "invalidValue", locale);

// ------------------------------------------------------------------ refunds

/** A refund typed in KWD: its fils, or why it cannot be (not an amount, more than is left), in the person's language. */
export function checkRefund(
  o: Pick<OrderView, "status" | "totalFils" | "refundedFils">,
  text: string,
  locale: Locale,
): { ok: true; fils: number } | { ok: false; problem: string } {
  const fils = filsOfText(text);
  if (fils === null || fils < 1) return { ok: false, problem: messageText("amountInvalid", locale) };
  const refusal = orderRefundRefusal(o, fils);
  return refusal ? { ok: false, problem: errorText(refusal, locale) } : { ok: true, fils };
}

// ------------------------------------------------------------------ the café's Tap account

export interface TapProblems {
  secretKey?: string;
  merchantId?: string;
}

/** The key and merchant id checked with the server's rule (a publishable pk_ key has its own message). */
export function checkTapAccount(
  input: { secretKey: string; merchantId: string },
  locale: Locale,
): { ok: true; value: { secretKey: string; merchantId: string | null } } | { ok: false; problems: TapProblems } {
  const r = tapAccountSchema.safeParse(input);
  if (r.success) return { ok: true, value: { secretKey: r.data.secretKey, merchantId: r.data.merchantId ?? null } };
  const problems: TapProblems = {};
  for (const issue of r.error.issues) {
    const field = issue.path[0] === "merchantId" ? "merchantId" : "secretKey";
    problems[field] ??= textOf(issue.message, locale);
  }
  return { ok: false, problems };
}

// ------------------------------------------------------------------ the list's filter in the address bar

/** The status the address bar names (?status=paid); undefined for all, or a value it does not know. */
export function statusFrom(params: URLSearchParams): OrderStatus | undefined {
  const v = params.get("status");
  return v && (ORDER_STATUSES as readonly string[]).includes(v) ? (v as OrderStatus) : undefined;
}

/** Whether an order may still be cancelled by whoever builds orders (before any money was taken). */
export const cancellable = (o: Pick<OrderView, "status">) => o.status === "draft" || o.status === "awaiting_payment";

/** Where an order's conversation opens in the inbox. */
export const conversationPath = (conversationId: string) =>
  `/inbox?view=messages&conversation=${encodeURIComponent(conversationId)}`;

/** Where the café's Tap account is set: the settings for messages (over the thread, when one is open). */
export const tapSettingsPath = (conversationId?: string | null) =>
  conversationId ? `${conversationPath(conversationId)}&settings=1` : "/inbox?view=messages&settings=1";
