import { describe, expect, test } from "@jest/globals";
import { PAYMENT_STATUSES, type PaymentStatusName } from "./billing.ts";
import {
  PAYMENT_TRANSITIONS,
  mayMovePayment,
  mayRefund,
  moneyTaken,
  paymentStatusesInto,
  refundLeftFils,
  refundRefusal,
  statusAfterRefunds,
} from "./billing-payments.ts";

const p = (status: PaymentStatusName, amountFils = 15_000, refundedFils = 0) => ({ status, amountFils, refundedFils });

describe("the payment's state machine", () => {
  test("every status has its row; every move goes to a status", () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const to of Object.values(PAYMENT_TRANSITIONS).flat()) expect(PAYMENT_STATUSES).toContain(to);
  });

  test("pending: the gateway's answer (paid, failed) or the person gave up (abandoned); nothing is refunded before it is paid", () => {
    expect(PAYMENT_TRANSITIONS.pending).toEqual(["paid", "failed", "abandoned"]);
    expect(mayMovePayment("pending", "refunded")).toBe(false);
    expect(mayMovePayment("pending", "partially_refunded")).toBe(false);
  });

  test("failed or abandoned: only paid (money taken after all, its answer lost), never back to pending or to each other", () => {
    for (const from of ["failed", "abandoned"] as const) {
      expect(PAYMENT_TRANSITIONS[from]).toEqual(["paid"]);
      expect(mayMovePayment(from, "pending")).toBe(false);
    }
    expect(mayMovePayment("failed", "abandoned")).toBe(false);
  });

  test("paid: refunded in part or whole; never failed, abandoned or pending again", () => {
    expect(PAYMENT_TRANSITIONS.paid).toEqual(["partially_refunded", "refunded"]);
    for (const to of ["pending", "failed", "abandoned"] as const) expect(mayMovePayment("paid", to)).toBe(false);
  });

  test("refunds: another part, the rest, or back when the gateway's refund failed", () => {
    expect(mayMovePayment("partially_refunded", "partially_refunded")).toBe(true);
    expect(mayMovePayment("partially_refunded", "refunded")).toBe(true);
    expect(mayMovePayment("partially_refunded", "paid")).toBe(true);
    expect(mayMovePayment("refunded", "partially_refunded")).toBe(true);
    expect(mayMovePayment("refunded", "paid")).toBe(true);
    expect(mayMovePayment("refunded", "refunded")).toBe(false);
    expect(mayMovePayment("refunded", "failed")).toBe(false);
  });

  test("a status moves to itself only where the table says (another partial refund)", () => {
    for (const s of PAYMENT_STATUSES) expect(mayMovePayment(s, s)).toBe(s === "partially_refunded");
  });

  test("the statuses a move comes from", () => {
    expect(paymentStatusesInto("failed")).toEqual(["pending"]);
    expect(paymentStatusesInto("abandoned")).toEqual(["pending"]);
    expect(paymentStatusesInto("paid")).toEqual(["pending", "failed", "abandoned", "refunded", "partially_refunded"]);
  });

  test("money was taken: paid and (partly) refunded, never pending, failed or abandoned", () => {
    expect(PAYMENT_STATUSES.filter(moneyTaken)).toEqual(["paid", "refunded", "partially_refunded"]);
  });

  test("the status after refunds: none left paid, some partly refunded, all refunded", () => {
    expect(statusAfterRefunds(15_000, 0)).toBe("paid");
    expect(statusAfterRefunds(15_000, 1)).toBe("partially_refunded");
    expect(statusAfterRefunds(15_000, 14_999)).toBe("partially_refunded");
    expect(statusAfterRefunds(15_000, 15_000)).toBe("refunded");
  });
});

describe("which payments may be refunded", () => {
  test("a paid payment, or one refunded in part with something left", () => {
    expect(mayRefund(p("paid"))).toBe(true);
    expect(mayRefund(p("partially_refunded", 15_000, 5_000))).toBe(true);
    expect(refundLeftFils(p("partially_refunded", 15_000, 5_000))).toBe(10_000);
  });

  test("never a payment whose money was not taken", () => {
    for (const s of ["pending", "failed", "abandoned"] as const) {
      expect(mayRefund(p(s))).toBe(false);
      expect(refundLeftFils(p(s))).toBe(0);
      expect(refundRefusal(p(s), 1)).toBe("INVALID_STATE");
    }
  });

  test("nothing left: no refund, and asking says it is too large (the server's answer for a refunded payment)", () => {
    expect(mayRefund(p("refunded", 15_000, 15_000))).toBe(false);
    expect(refundRefusal(p("refunded", 15_000, 15_000), 1)).toBe("REFUND_TOO_LARGE");
    // the statuses the client offered a Refund for and the amounts left disagreed: a status alone does not say
    expect(mayRefund(p("paid", 15_000, 15_000))).toBe(false);
  });

  test("never more than is left", () => {
    expect(refundRefusal(p("partially_refunded", 15_000, 5_000), 10_000)).toBeNull();
    expect(refundRefusal(p("partially_refunded", 15_000, 5_000), 10_001)).toBe("REFUND_TOO_LARGE");
    expect(refundRefusal(p("paid"), 15_000)).toBeNull();
  });

  test("the rule is the one refundRefusal gives for the smallest refund", () => {
    for (const s of PAYMENT_STATUSES)
      for (const refunded of [0, 5_000, 15_000])
        expect(mayRefund(p(s, 15_000, refunded))).toBe(refundRefusal(p(s, 15_000, refunded), 1) === null);
  });
});
