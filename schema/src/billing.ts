// Subscriptions and billing (docs/product.md#subscriptions-and-billing): the lifecycle's states and
// transitions, what a subscription that stopped running may still do, the period arithmetic, the
// proration of an upgrade in fils, invoice numbers, and the rules of the billing forms. Pure: the only
// clock is the instant a caller passes. Money is whole fils (1 KWD = 1000 fils), never floats.
import { z } from "zod";
import { PLANS, PLAN_IDS, type PlanId } from "./plans.ts";
import { singleLine, multiLine } from "./text.ts";
import type { MessageKey } from "./messages.ts";
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from "./roles.ts";

const key = (k: MessageKey) => ({ error: k });
const DAY = 86_400_000;
/** Kuwait is UTC+3 all year (no daylight saving): periods turn at Kuwait midnight-aligned instants. */
const KUWAIT_OFFSET_MS = 3 * 3_600_000;

// ---------------------------------------------------------------- states
/** The subscription's statuses (roles.ts) under the name billing's rules speak. */
export const BILLING_STATUSES = SUBSCRIPTION_STATUSES;
export type BillingStatus = SubscriptionStatus;

/**
 * The lifecycle: a trial ends into expired (or active when paid); a paid period ends into past_due
 * (the next payment is due; GRACE_DAYS of grace keep every right), or into cancelled when the owner
 * cancelled; past_due ends into expired; expired and cancelled come back to active by paying, or to
 * trial when an admin gifts days. Each transition is one service function that checks the current
 * state in the same transaction (docs/architecture.md#rules-of-the-house).
 */
export const SUBSCRIPTION_TRANSITIONS: Record<BillingStatus, readonly BillingStatus[]> = {
  trial: ["active", "expired", "trial"],
  active: ["active", "past_due", "cancelled"],
  past_due: ["active", "expired"],
  expired: ["active", "trial"],
  cancelled: ["active", "trial"],
};
export const canMoveSubscription = (from: BillingStatus, to: BillingStatus) =>
  SUBSCRIPTION_TRANSITIONS[from].includes(to);

/** Days a subscription whose period ended unpaid keeps every right before it expires. */
export const GRACE_DAYS = 7;
/** Days before a trial ends when the owner is reminded (and once more when it has ended). */
export const TRIAL_REMINDER_DAYS = [3, 1] as const;
/** Days before a paid period ends when the owner is reminded that the next payment is due. */
export const RENEWAL_REMINDER_DAYS = [3, 1] as const;
/** Days before the grace ends when a past-due owner is reminded (also on the day it falls due). */
export const GRACE_REMINDER_DAYS = [3, 1] as const;

/** A subscription that runs gives every right of its plan; past_due still runs (the grace). */
export const subscriptionRuns = (status: string | null | undefined) =>
  status === "trial" || status === "active" || status === "past_due";
/** The statuses of a subscription that stopped (a database filter's list). */
export const STOPPED_STATUSES = BILLING_STATUSES.filter((s) => !subscriptionRuns(s));

/**
 * What a business whose subscription stopped running (expired or cancelled) may no longer do. It keeps
 * its data and may still sign in, read, export and pay; scheduled posts are held, not lost.
 */
export const RUNNING_RIGHTS = ["publish", "schedule", "ai", "team", "api"] as const;
export type RunningRight = (typeof RUNNING_RIGHTS)[number];
export const mayUse = (sub: { status: string } | null | undefined, _right: RunningRight) =>
  !sub || subscriptionRuns(sub.status);

// ---------------------------------------------------------------- prices and periods
/** Monthly price of each plan, in fils. */
export const PLAN_PRICE_FILS: Record<PlanId, number> = Object.fromEntries(
  PLAN_IDS.map((id) => [id, PLANS[id].priceKwd * 1000]),
) as Record<PlanId, number>;
/** Plans in order of price: an upgrade goes right, a downgrade left. */
export const planRank = (p: PlanId) => PLAN_IDS.indexOf(p);
export const isUpgrade = (from: PlanId, to: PlanId) => planRank(to) > planRank(from);

/**
 * One month after `start`, on Kuwait's calendar: the same day of the next month at the same time,
 * or that month's last day when it is shorter (31 January -> 28 or 29 February).
 */
export function addMonths(start: Date, months = 1): Date {
  const k = new Date(start.getTime() + KUWAIT_OFFSET_MS);
  const y = k.getUTCFullYear();
  const m = k.getUTCMonth() + months;
  const last = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(k.getUTCDate(), last);
  const shifted = Date.UTC(y, m, day, k.getUTCHours(), k.getUTCMinutes(), k.getUTCSeconds(), k.getUTCMilliseconds());
  return new Date(shifted - KUWAIT_OFFSET_MS);
}

/** Whole days from `from` to `to`, counting a started day as a day (0 when `to` is not later). */
export const daysLeft = (from: Date, to: Date) => Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY));

export interface Proration {
  /** the difference charged now, in fils */
  amountFils: number;
  /** days of the period left, counted from `at` (a started day counts) */
  daysLeft: number;
  /** days in the whole period */
  daysInPeriod: number;
  /** the monthly prices compared, in fils */
  fromFils: number;
  toFils: number;
}

/**
 * The charge for an upgrade in the middle of a paid period: the monthly difference times the days
 * left over the days of the period, rounded half up to the fils. A downgrade or the same plan costs
 * nothing now (a downgrade waits for the period's end).
 */
export function prorateUpgrade(input: {
  from: PlanId;
  to: PlanId;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
}): Proration {
  const fromFils = PLAN_PRICE_FILS[input.from];
  const toFils = PLAN_PRICE_FILS[input.to];
  const daysInPeriod = Math.max(1, Math.round((input.periodEnd.getTime() - input.periodStart.getTime()) / DAY));
  const left = Math.min(daysInPeriod, daysLeft(input.at, input.periodEnd));
  const diff = Math.max(0, toFils - fromFils);
  // integer arithmetic: diff * left fits far below 2^53; half up by adding half the divisor
  const amountFils = Math.floor((diff * left * 2 + daysInPeriod) / (2 * daysInPeriod));
  return { amountFils, daysLeft: left, daysInPeriod, fromFils, toFils };
}

// ---------------------------------------------------------------- invoices
export const INVOICE_PREFIX = { invoice: "INV", credit_note: "CN" } as const;
export type InvoiceKindName = keyof typeof INVOICE_PREFIX;
/** INV-2026-000042: the kind's prefix, the Kuwait year, the sequence in that year (no gaps, no repeats). */
export const invoiceNumber = (kind: InvoiceKindName, year: number, sequence: number) =>
  `${INVOICE_PREFIX[kind]}-${year}-${String(sequence).padStart(6, "0")}`;
/** The Kuwait year an instant falls in (invoices are numbered per Kuwait year). */
export const kuwaitYear = (at: Date) => new Date(at.getTime() + KUWAIT_OFFSET_MS).getUTCFullYear();

// ---------------------------------------------------------------- payments
export const PAYMENT_SOURCES = ["knet", "card", "apple_pay"] as const;
export type PaymentSourceName = (typeof PAYMENT_SOURCES)[number];
export const PAYMENT_METHODS = ["knet", "card", "apple_pay", "bank_transfer", "other"] as const;
export type PaymentMethodName = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_STATUSES = ["pending", "paid", "failed", "abandoned", "refunded", "partially_refunded"] as const;
export type PaymentStatusName = (typeof PAYMENT_STATUSES)[number];
/** Methods an admin records by hand (money that did not pass through the gateway). */
export const MANUAL_PAYMENT_METHODS = ["bank_transfer", "other"] as const;

/** The most an admin records or refunds at once: a year of Premium, in fils. */
export const PAYMENT_MAX_FILS = 12 * 49_000;
/** An admin may extend a period by this many days at once. */
export const EXTEND_DAYS = { min: 1, max: 90 } as const;
export const BILLING_NAME_MAX = 200;
export const BILLING_ADDRESS_MAX = 500;
export const PAYMENT_NOTE_MAX = 500;
export const PAYMENT_RECEIPT_MAX = 100;

const planRule = z.enum(PLAN_IDS, key("planInvalid"));
const filsRule = z
  .number(key("amountInvalid"))
  .int(key("amountInvalid"))
  .min(1, key("amountInvalid"))
  .max(PAYMENT_MAX_FILS, key("amountInvalid"));

/** "Pay now": how the person pays; the plan is the subscription's (or the one chosen on a lapsed subscription). */
export const payNowSchema = z.object({
  source: z.enum(PAYMENT_SOURCES, key("paymentSourceInvalid")),
  plan: planRule.optional(),
});
export type PayNowInput = z.infer<typeof payNowSchema>;

export const changePlanSchema = z.object({
  plan: planRule,
  source: z.enum(PAYMENT_SOURCES, key("paymentSourceInvalid")).optional(),
});
export type ChangePlanInput = z.infer<typeof changePlanSchema>;

export const CR_NUMBER_MAX = 30;
/**
 * A commercial registration number (السجل التجاري) as invoices print it: letters, digits, "-" and "/",
 * typed in either digits and kept in Latin ones; blank or null clears it, left out keeps it.
 */
const crNumberRule = z
  .union([singleLine(key("crNumberInvalid")), z.null()])
  .transform((v) => (v === null ? "" : v.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).trim()))
  .refine((v) => v.length <= CR_NUMBER_MAX && /^[0-9A-Za-z/-]*$/.test(v), key("crNumberInvalid"))
  .transform((v) => v || null);

/** The name, address and commercial registration number invoices carry. */
export const billingDetailsSchema = z.object({
  legalName: singleLine(key("legalNameRequired"))
    .trim()
    .min(1, key("legalNameRequired"))
    .max(BILLING_NAME_MAX, key("legalNameTooLong")),
  billingAddress: multiLine(key("billingAddressRequired"))
    .trim()
    .min(1, key("billingAddressRequired"))
    .max(BILLING_ADDRESS_MAX, key("billingAddressTooLong")),
  crNumber: crNumberRule.optional(),
});
export type BillingDetailsInput = z.infer<typeof billingDetailsSchema>;

/** What a payment buys: `period`, months of a plan; `upgrade`, a higher plan for the rest of the paid month (its prorated difference). */
export const PAYMENT_PURPOSES = ["period", "upgrade"] as const;
export type PaymentPurposeName = (typeof PAYMENT_PURPOSES)[number];

/**
 * An admin records money that came outside the gateway (a bank transfer): `period` pays `months` periods of
 * the plan; `upgrade` pays a higher plan's difference for the rest of the running paid month (the plan is
 * required, and it pays no month: `months` stays 1).
 */
export const manualPaymentSchema = z
  .object({
    amountFils: filsRule,
    method: z.enum(MANUAL_PAYMENT_METHODS, key("paymentMethodInvalid")),
    purpose: z.enum(PAYMENT_PURPOSES, key("invalidValue")).default("period"),
    plan: planRule.optional(),
    months: z
      .number(key("monthsInvalid"))
      .int(key("monthsInvalid"))
      .min(1, key("monthsInvalid"))
      .max(12, key("monthsInvalid"))
      .default(1),
    receipt: singleLine(key("paymentReceiptTooLong"))
      .trim()
      .max(PAYMENT_RECEIPT_MAX, key("paymentReceiptTooLong"))
      .optional(),
    note: multiLine(key("paymentNoteTooLong")).trim().max(PAYMENT_NOTE_MAX, key("paymentNoteTooLong")).optional(),
  })
  .refine((m) => m.purpose !== "upgrade" || !!m.plan, { path: ["plan"], error: "planInvalid" })
  .refine((m) => m.purpose !== "upgrade" || m.months === 1, { path: ["months"], error: "monthsInvalid" });
export type ManualPaymentInput = z.infer<typeof manualPaymentSchema>;

export const refundSchema = z.object({
  amountFils: filsRule,
  reason: singleLine(key("refundReasonRequired"))
    .trim()
    .min(1, key("refundReasonRequired"))
    .max(PAYMENT_NOTE_MAX, key("paymentNoteTooLong")),
});
export type RefundInput = z.infer<typeof refundSchema>;

export const extendPeriodSchema = z.object({
  days: z
    .number(key("extendDaysInvalid"))
    .int(key("extendDaysInvalid"))
    .min(EXTEND_DAYS.min, key("extendDaysInvalid"))
    .max(EXTEND_DAYS.max, key("extendDaysInvalid")),
});
export type ExtendPeriodInput = z.infer<typeof extendPeriodSchema>;

// ---------------------------------------------------------------- when a payment is taken and what it buys
/** Days before a paid period ends when the next one may be paid ahead. */
export const PAY_AHEAD_DAYS = 7;

type SubState = { status: string; trialEndsAt: Date | null; renewsAt: Date | null };

/** Whether "Pay now" has something to pay: always, except a paid period further than PAY_AHEAD_DAYS from its end. */
export function payableNow(sub: SubState, now: Date): boolean {
  if (sub.status !== "active") return true;
  return !sub.renewsAt || sub.renewsAt.getTime() - now.getTime() <= PAY_AHEAD_DAYS * DAY;
}

/**
 * Until when the trial's free days run: a trial's end; and after a payment made during the trial, whose
 * month starts at the trial's end (paidPeriodStart), the trial's end while it is still ahead. Null once no
 * trial day is left. The billing page says "free trial until ..., then your paid month" from this one rule.
 */
export function trialRunsUntil(sub: SubState, now: Date): Date | null {
  if (sub.status === "trial") return sub.trialEndsAt;
  if (sub.status === "active" && sub.trialEndsAt && sub.trialEndsAt.getTime() > now.getTime()) return sub.trialEndsAt;
  return null;
}

/**
 * Where the month a payment buys starts: a running trial's end (no trial day is lost); the end of the
 * current period when it is paid ahead or past due (the grace days belong to the new period); now when
 * the subscription had stopped.
 */
export function paidPeriodStart(sub: SubState, now: Date): Date {
  if (sub.status === "trial") return sub.trialEndsAt && sub.trialEndsAt > now ? sub.trialEndsAt : now;
  if ((sub.status === "active" || sub.status === "past_due") && sub.renewsAt) return sub.renewsAt;
  return now;
}
