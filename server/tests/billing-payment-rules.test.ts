// The payment's rules in one place (docs/architecture.md#payment-rules), over real HTTP and the database:
// the admin's refund answers exactly what @sufra/schema's mayRefund / refundRefusal say for every status and
// amount left (the rule the console's Refund button reads), and a payment's status moves only along
// PAYMENT_TRANSITIONS (payment-moves.ts): a move the table does not allow is refused with INVALID_STATE and
// writes nothing.
import { describe, expect, test } from "@jest/globals";
import {
  addMonths,
  mayMovePayment,
  mayRefund,
  PAYMENT_STATUSES,
  refundRefusal,
  type PaymentStatusName,
} from "@sufra/schema";
import { movePayment, movePaymentIfStill } from "../src/modules/billing/payment-moves.ts";
import { adminToken, call, registeredClient } from "./support/app.ts";
import { tapAppForFile } from "./support/per-file.ts";

const { app } = tapAppForFile();
const db = () => app.sufra.deps.db;

/** A payment written as it stands (status and amount refunded), recorded by hand so no gateway is asked. */
async function paymentAs(businessId: string, status: PaymentStatusName, refundedFils = 0, gateway = "manual") {
  const now = new Date();
  return db().payment.create({
    data: {
      businessId,
      purpose: "period",
      plan: "professional",
      periodStart: now,
      periodEnd: addMonths(now),
      amountFils: 15_000,
      refundedFils,
      status,
      gateway,
      method: gateway === "manual" ? "bank_transfer" : null,
      paidAt: status === "pending" || status === "failed" || status === "abandoned" ? null : now,
    },
  });
}

describe("which payments the server refunds", () => {
  test("every status and amount left: the refund succeeds exactly where mayRefund says, else refundRefusal's error", async () => {
    const admin = await adminToken(app.base);
    const c = await registeredClient(app.base, { over: { company_name: "Refund Rule" } });
    const cases: [PaymentStatusName, number][] = [
      ...PAYMENT_STATUSES.map((s): [PaymentStatusName, number] => [s, 0]),
      ["partially_refunded", 5_000],
      ["partially_refunded", 15_000],
      ["refunded", 15_000],
      ["paid", 15_000],
    ];
    const answers: string[] = [];
    for (const [status, refundedFils] of cases) {
      const p = await paymentAs(c.businessId, status, refundedFils);
      const r = await call(app.base, "POST", `/api/admin/payments/${p.id}/refund`, {
        token: admin,
        body: { amount_fils: 1_000, reason: "Goodwill" },
      });
      const expected = mayRefund(p) ? null : refundRefusal(p, 1);
      answers.push(`${status}/${refundedFils}: ${r.status === 201 ? "refunded" : r.body.code}`);
      if (expected === null) {
        expect(r.status).toBe(201);
        expect(r.body.payment.refunded_fils).toBe(refundedFils + 1_000);
      } else {
        expect(r.status).toBe(409);
        expect(r.body.code).toBe(expected);
        expect(await db().payment.findUniqueOrThrow({ where: { id: p.id } })).toMatchObject({ status, refundedFils });
      }
    }
    expect(answers).toEqual([
      "pending/0: INVALID_STATE",
      "paid/0: refunded",
      "failed/0: INVALID_STATE",
      "abandoned/0: INVALID_STATE",
      "refunded/0: refunded",
      "partially_refunded/0: refunded",
      "partially_refunded/5000: refunded",
      "partially_refunded/15000: REFUND_TOO_LARGE",
      "refunded/15000: REFUND_TOO_LARGE",
      "paid/15000: REFUND_TOO_LARGE",
    ]);
  });
});

describe("a payment moves only along the table", () => {
  test("every move from every status: allowed ones write, the others are refused with INVALID_STATE and write nothing", async () => {
    const c = await registeredClient(app.base, { over: { company_name: "Payment Moves" } });
    for (const from of PAYMENT_STATUSES)
      for (const to of PAYMENT_STATUSES) {
        const p = await paymentAs(c.businessId, from, from === "paid" || from === "pending" ? 0 : 5_000, "tap");
        const moved = db().$transaction((tx) => movePayment(tx, p, to, { note: "moved" }));
        const after = () => db().payment.findUniqueOrThrow({ where: { id: p.id } });
        if (mayMovePayment(from, to)) {
          await expect(moved).resolves.toMatchObject({ status: to, note: "moved" });
        } else {
          await expect(moved).rejects.toMatchObject({ name: "AppError", code: "INVALID_STATE" });
          expect(await after()).toMatchObject({ status: from, note: null });
        }
      }
  });

  test("a guarded move (the gateway's failure, the sweep's abandon) leaves a payment settled meanwhile as it is", async () => {
    const c = await registeredClient(app.base, { over: { company_name: "Guarded Moves" } });
    const paid = await paymentAs(c.businessId, "paid", 0, "tap");
    expect(await movePaymentIfStill(db(), paid.id, "failed", { failureCode: "late" })).toBe(false);
    expect(await movePaymentIfStill(db(), paid.id, "abandoned")).toBe(false);
    expect(await db().payment.findUniqueOrThrow({ where: { id: paid.id } })).toMatchObject({
      status: "paid",
      failureCode: null,
    });
    const pending = await paymentAs(c.businessId, "pending", 0, "tap");
    expect(await movePaymentIfStill(db(), pending.id, "abandoned", { failureCode: "no_charge" })).toBe(true);
    expect(await db().payment.findUniqueOrThrow({ where: { id: pending.id } })).toMatchObject({
      status: "abandoned",
      failureCode: "no_charge",
    });
  });
});
