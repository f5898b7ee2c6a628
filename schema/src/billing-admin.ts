// The admin's side of billing (docs/product.md#subscriptions-and-billing, "Admin"): the payments list's
// filters, and the figures of the overview. Pure; money in whole fils.
import { z } from "zod";
import { isIsoDate } from "./calendar.ts";
import { BILLING_STATUSES, PAYMENT_METHODS, PAYMENT_STATUSES, PLAN_PRICE_FILS, type BillingStatus } from "./billing.ts";
import type { PlanId } from "./plans.ts";
import { singleLine } from "./text.ts";
import type { MessageKey } from "./messages.ts";

const key = (k: MessageKey) => ({ error: k });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const day = singleLine(key("calendarDateInvalid")).refine(isIsoDate, key("calendarDateInvalid"));

/**
 * The admin's payments list: by status, method, business (its id, or words of its name), and the Kuwait
 * days it was made (YYYY-MM-DD, both ends included); newest first, paged by id cursor.
 */
export const adminPaymentsQuerySchema = z
  .object({
    status: z.enum(PAYMENT_STATUSES, key("invalidStatus")).optional(),
    method: z.enum(PAYMENT_METHODS, key("paymentMethodInvalid")).optional(),
    businessId: singleLine(key("invalidValue")).regex(UUID, key("invalidValue")).optional(),
    search: singleLine(key("invalidValue")).trim().max(100, key("tooLong")).optional(),
    from: day.optional(),
    to: day.optional(),
    first: z
      .number(key("invalidPageSize"))
      .int(key("invalidPageSize"))
      .min(1, key("invalidPageSize"))
      .max(100, key("invalidPageSize"))
      .default(20),
    after: singleLine(key("invalidValue")).max(200).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ["to"], error: "dateRangeInvalid" });
export type AdminPaymentsQuery = z.infer<typeof adminPaymentsQuerySchema>;

/** The subscriptions whose monthly price counts in MRR: those paid for (active) or due with every right (past due). */
export const MRR_STATUSES = ["active", "past_due"] as const satisfies readonly BillingStatus[];

export interface BillingFigures {
  /** the monthly price of every active and past-due subscription, in fils */
  mrrFils: number;
  /** subscriptions by status */
  counts: Record<BillingStatus, number>;
  /** this Kuwait month's revenue: paid minus refunded, in fils */
  monthRevenueFils: number;
}

/** The figures from subscriptions counted by status and plan, and the month's money in and out (fils). */
export function billingFigures(
  subs: { status: string; plan: string; count: number }[],
  paidFils: number,
  refundedFils: number,
): BillingFigures {
  const counts = Object.fromEntries(BILLING_STATUSES.map((s) => [s, 0])) as Record<BillingStatus, number>;
  let mrrFils = 0;
  for (const s of subs) {
    if (s.status in counts) counts[s.status as BillingStatus] += s.count;
    if ((MRR_STATUSES as readonly string[]).includes(s.status))
      mrrFils += (PLAN_PRICE_FILS[s.plan as PlanId] ?? 0) * s.count;
  }
  return { mrrFils, counts, monthRevenueFils: paidFils - refundedFils };
}

/** The first instant of the Kuwait month an instant falls in, and of the next (Kuwait is UTC+3 all year). */
export function kuwaitMonth(at: Date): { start: Date; end: Date } {
  const OFFSET = 3 * 3_600_000;
  const k = new Date(at.getTime() + OFFSET);
  return {
    start: new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth(), 1) - OFFSET),
    end: new Date(Date.UTC(k.getUTCFullYear(), k.getUTCMonth() + 1, 1) - OFFSET),
  };
}

/** The instants a range of Kuwait days (YYYY-MM-DD, both included) covers: [from's midnight, the day after to's midnight). */
export function kuwaitDaysRange(from?: string, to?: string): { gte?: Date; lt?: Date } {
  const midnight = (iso: string) => new Date(Date.parse(`${iso}T00:00:00+03:00`));
  return {
    ...(from ? { gte: midnight(from) } : {}),
    ...(to ? { lt: new Date(midnight(to).getTime() + 86_400_000) } : {}),
  };
}

/**
 * "12.5" or "12.500" KWD typed by an admin -> whole fils (12500), without float arithmetic; null when it
 * is not a positive amount with at most three decimals.
 */
export function kwdToFilsText(text: string): number | null {
  // Arabic-Indic and Persian digits as typed on an Arabic keyboard; ٫ is the Arabic decimal separator
  const latin = text
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .replace(/\u066b/g, ".");
  const m = /^\s*(\d{1,7})(?:\.(\d{0,3}))?\s*$/.exec(latin);
  if (!m) return null;
  const fils = Number(m[1]) * 1000 + Number((m[2] ?? "").padEnd(3, "0"));
  return Number.isSafeInteger(fils) ? fils : null;
}
