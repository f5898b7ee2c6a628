// A payment's states and moves, and which payments may be refunded (docs/architecture.md#payment-rules): one
// table the billing service, the gateway's return, webhook and sweep, the admin's refunds and the console's
// Refund button all read, as client-actions.ts is for what an admin may do to a client. Pure; money in fils.
import { PAYMENT_STATUSES, type PaymentStatusName } from "./billing.ts";
import type { ErrorCode } from "./errors.ts";

/**
 * The moves a payment makes. A gateway payment is written pending (a manual one is written paid: a row
 * made, not a move). Pending ends paid, failed (the gateway or the bank refused) or abandoned (the person
 * never finished on the gateway's page). Failed and abandoned become paid when the gateway says the money
 * was taken after all (an answer lost on the way). A paid payment is refunded in part (again and again)
 * or whole; a refund the gateway reports failed gives its amount back (to partly refunded, or paid).
 */
export const PAYMENT_TRANSITIONS: Record<PaymentStatusName, readonly PaymentStatusName[]> = {
  pending: ["paid", "failed", "abandoned"],
  paid: ["partially_refunded", "refunded"],
  failed: ["paid"],
  abandoned: ["paid"],
  refunded: ["partially_refunded", "paid"],
  partially_refunded: ["partially_refunded", "refunded", "paid"],
};

/** Whether a payment may move from one status to another (the service refuses any other move: INVALID_STATE). */
export const mayMovePayment = (from: PaymentStatusName, to: PaymentStatusName): boolean =>
  PAYMENT_TRANSITIONS[from].includes(to);

/** The statuses from which a payment may move to `to`, in PAYMENT_STATUSES' order (a guarded update's `where`). */
export const paymentStatusesInto = (to: PaymentStatusName): PaymentStatusName[] =>
  PAYMENT_STATUSES.filter((from) => mayMovePayment(from, to));

/** The statuses of a payment whose money was taken: it has an invoice, counts in revenue, may be refunded. */
export const MONEY_TAKEN_STATUSES = ["paid", "refunded", "partially_refunded"] as const satisfies PaymentStatusName[];
export const moneyTaken = (status: PaymentStatusName): boolean =>
  (MONEY_TAKEN_STATUSES as readonly string[]).includes(status);

/** A payment's status from how much of it was given back (a pending refund counts, as the gateway counts it). */
export const statusAfterRefunds = (amountFils: number, refundedFils: number): PaymentStatusName =>
  refundedFils <= 0 ? "paid" : refundedFils >= amountFils ? "refunded" : "partially_refunded";

/** What a refund rule reads of a payment. */
export interface RefundablePayment {
  status: PaymentStatusName;
  amountFils: number;
  refundedFils: number;
}

/** What is left to give back of a payment, in fils (0 when its money was never taken). */
export const refundLeftFils = (p: RefundablePayment): number =>
  moneyTaken(p.status) ? Math.max(0, p.amountFils - p.refundedFils) : 0;

/**
 * Why a refund of `amountFils` is refused, or null when it may be made: a payment whose money was never
 * taken has nothing to refund (INVALID_STATE); more than is left, or anything of a refunded payment, is too
 * large (REFUND_TOO_LARGE). Whether the gateway that took it can be reached is the server's to say.
 */
export function refundRefusal(p: RefundablePayment, amountFils: number): ErrorCode | null {
  if (!moneyTaken(p.status)) return "INVALID_STATE";
  if (amountFils > refundLeftFils(p)) return "REFUND_TOO_LARGE";
  return null;
}

/** Whether a payment may be refunded now (the console offers Refund exactly then): its money taken, some left. */
export const mayRefund = (p: RefundablePayment): boolean => refundRefusal(p, 1) === null;
