// The admin's billing over real HTTP (docs/product.md#subscriptions-and-billing, "Admin"): the overview's
// figures exact in fils for a known set of subscriptions and payments (the demo café left out); a manual
// payment that brings an expired café back with its invoice; periods extended; refunds through the Tap
// stand-in with credit notes, above what is left refused, refused by Tap changing nothing; the payments
// list's filters; the live overview after a payment; an audit row for each money action; admins only.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { addMonths, kuwaitDate, kuwaitMonth } from "@sufra/schema";
import { createTapGateway } from "../src/payments/tap.ts";
import { applyPaidPayment } from "../src/modules/billing/subscription.ts";
import {
  adminToken,
  call,
  gql,
  registeredClient,
  signedInBusiness,
  startTestApp,
  type TestApp,
} from "./support/app.ts";
import { startTapFake, type TapFake } from "./fakes/tap-server.ts";

const DAY = 86_400_000;
let fake: TapFake;
let app: TestApp;
let admin: string;
const sockets: Client[] = [];

beforeAll(async () => {
  fake = await startTapFake();
  app = await startTestApp({ ...fake.state.env });
  admin = await adminToken(app.base);
}, 60_000);
afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await app?.stop();
  await fake?.close();
});

const db = () => app.sufra.deps.db;
const sub = (businessId: string) => db().subscription.findUniqueOrThrow({ where: { businessId } });
const setSub = (businessId: string, data: Parameters<ReturnType<typeof db>["subscription"]["update"]>[0]["data"]) =>
  db().subscription.update({ where: { businessId }, data });
const audits = (businessId: string, action: string) =>
  db().auditLog.findMany({
    where: { entityType: "business", entityId: businessId, action },
    orderBy: { createdAt: "asc" },
  });

async function cafe(name: string, plan = "professional") {
  return registeredClient(app.base, { over: { company_name: name, requested_plan: plan } });
}

/** A café whose trial ended unpaid. */
async function expiredCafe(name: string) {
  const c = await cafe(name);
  const past = new Date(Date.now() - 3 * DAY);
  await setSub(c.businessId, { status: "expired", trialEndsAt: past, renewsAt: past, endedAt: past });
  return c;
}

/** A payment of `amountFils` taken by Tap (a captured charge on the stand-in), applied as the billing module applies it: its invoice issued. */
async function paidAtTap(businessId: string, amountFils = 15_000) {
  const tap = createTapGateway({ secretKey: fake.state.secretKey, baseUrl: fake.url });
  const now = new Date();
  const payment = await db().payment.create({
    data: {
      businessId,
      purpose: "period",
      plan: "professional",
      periodStart: now,
      periodEnd: addMonths(now),
      amountFils,
      status: "pending",
      gateway: "tap",
    },
  });
  const charge = await tap.createCharge({
    amountFils,
    reference: payment.id,
    description: "Sufra Professional, 1 month",
    source: "knet",
    customer: { name: "Noura Al-Sabah", email: "noura@cafe.example" },
    returnUrl: "http://sufra.test/api/billing/return",
    webhookUrl: "http://sufra.test/api/billing/webhooks/tap",
  });
  fake.capture(charge.id);
  await db().$transaction(async (tx) => {
    await tx.payment.update({
      where: { id: payment.id },
      data: { status: "paid", gatewayChargeId: charge.id, method: "knet", paidAt: now },
    });
    await applyPaidPayment(tx, { mailer: app.sufra.deps.mailer }, payment.id, now);
  });
  return { paymentId: payment.id, chargeId: charge.id };
}

const FIGURES = "{ adminStats { billing { mrrFils monthRevenueFils trial active pastDue expired cancelled } } }";
const RECORD = `mutation($businessId: ID!, $amountFils: Int!, $method: PaymentMethod!, $plan: Plan, $months: Int, $receipt: String, $note: String) {
  recordManualPayment(businessId: $businessId, amountFils: $amountFils, method: $method, plan: $plan, months: $months, receipt: $receipt, note: $note) {
    id businessId businessName plan amountFils refundedFils status method gateway receipt note invoiceNumber periodStart periodEnd paidAt } }`;
const REFUND = `mutation($paymentId: ID!, $amountFils: Int!, $reason: String!) {
  refundPayment(paymentId: $paymentId, amountFils: $amountFils, reason: $reason) {
    refund { id amountFils reason status gatewayRefundId creditNoteNumber } payment { id status amountFils refundedFils } } }`;
const EXTEND =
  "mutation($businessId: ID!, $days: Int!) { extendPeriod(businessId: $businessId, days: $days) { status trialEndsAt renewsAt } }";

describe("the overview's billing figures", () => {
  // first in the file, on a fresh database: the set of subscriptions and payments is known
  test("MRR, counts by status and the Kuwait month's revenue, exactly in fils; the demo café and unapproved sign-ups left out", async () => {
    const [basic, premium, pastDue, , expired, cancelled, demo] = await Promise.all(
      ["Fig Basic", "Fig Premium", "Fig Past Due", "Fig Trial", "Fig Expired", "Fig Cancelled", "Fig Demo"].map((n) =>
        cafe(n, "premium"),
      ),
    );
    await setSub(basic!.businessId, { status: "active", plan: "basic" });
    await setSub(premium!.businessId, { status: "active", plan: "premium" });
    await setSub(pastDue!.businessId, { status: "past_due", plan: "professional" });
    await setSub(expired!.businessId, { status: "expired", plan: "basic" });
    await setSub(cancelled!.businessId, { status: "cancelled", plan: "professional" });
    await setSub(demo!.businessId, { status: "active", plan: "premium" });
    await db().business.update({ where: { id: demo!.businessId }, data: { demo: true } });
    // sign-ups not approved (waiting, rejected) hold a trial subscription row but are on no trial: not counted
    const waiting = await registeredClient(app.base, { approve: false, over: { company_name: "Fig Waiting" } });
    const turnedDown = await registeredClient(app.base, { approve: false, over: { company_name: "Fig Rejected" } });
    expect(
      (
        await call(app.base, "POST", `/api/admin/clients/${turnedDown.businessId}/reject`, {
          token: admin,
          body: { reason: "Not a café" },
        })
      ).status,
    ).toBe(200);
    expect((await sub(waiting.businessId)).status).toBe("trial");

    const now = new Date();
    const lastMonth = new Date(kuwaitMonth(now).start.getTime() - DAY);
    const pay = (
      businessId: string,
      amountFils: number,
      status: "paid" | "failed" | "partially_refunded",
      paidAt: Date | null,
    ) =>
      db().payment.create({
        data: {
          businessId,
          purpose: "period",
          plan: "basic",
          periodStart: now,
          periodEnd: addMonths(now),
          amountFils,
          status,
          gateway: "manual",
          method: "bank_transfer",
          paidAt,
        },
      });
    await pay(basic!.businessId, 10_000, "paid", now); // +10.000
    const old = await pay(premium!.businessId, 49_000, "paid", lastMonth); // last month's: not this month's revenue
    const part = await pay(pastDue!.businessId, 15_000, "partially_refunded", now); // +15.000
    await pay(demo!.businessId, 49_000, "paid", now); // the demo café: left out
    await pay(expired!.businessId, 10_000, "failed", null); // never paid
    await db().refund.create({
      data: { paymentId: part.id, amountFils: 5_000, reason: "goodwill", status: "succeeded" },
    }); // -5.000
    await db().refund.create({
      data: { paymentId: old.id, amountFils: 2_000, reason: "double charge", status: "succeeded" },
    }); // -2.000, given back this month
    await db().refund.create({
      data: { paymentId: part.id, amountFils: 1_000, reason: "bank said no", status: "failed" },
    }); // never left

    const expected = {
      mrrFils: 10_000 + 49_000 + 15_000,
      monthRevenueFils: 10_000 + 15_000 - 5_000 - 2_000,
      trial: 1,
      active: 2,
      pastDue: 1,
      expired: 1,
      cancelled: 1,
    };
    const g = await gql(app.base, FIGURES, {}, admin);
    expect(g.errors).toBeUndefined();
    expect(g.data.adminStats.billing).toEqual(expected);
    const r = await call(app.base, "GET", "/api/admin/stats", { token: admin });
    expect(r.body.billing).toEqual({
      mrrFils: 74_000,
      monthRevenueFils: 18_000,
      counts: { trial: 1, active: 2, past_due: 1, expired: 1, cancelled: 1 },
    });
  });
});

describe("a manual payment", () => {
  test("brings an expired café back to active from now, with its invoice and audit rows", async () => {
    const c = await expiredCafe("Manual Expired");
    const g = await gql(
      app.base,
      RECORD,
      {
        businessId: c.businessId,
        amountFils: 15_000,
        method: "BANK_TRANSFER",
        plan: "PROFESSIONAL",
        receipt: "NBK-7781",
        note: "Transfer of 15 KWD",
      },
      admin,
    );
    expect(g.errors).toBeUndefined();
    const p = g.data.recordManualPayment;
    expect(p).toMatchObject({
      businessId: c.businessId,
      businessName: "Manual Expired",
      plan: "PROFESSIONAL",
      amountFils: 15_000,
      refundedFils: 0,
      status: "PAID",
      method: "BANK_TRANSFER",
      gateway: "manual",
      receipt: "NBK-7781",
      note: "Transfer of 15 KWD",
    });
    expect(p.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    const s = await sub(c.businessId);
    expect(s.status).toBe("active");
    expect(s.plan).toBe("professional");
    expect(s.endedAt).toBeNull();
    expect(Math.abs(s.periodStartsAt!.getTime() - Date.now())).toBeLessThan(60_000);
    expect(s.renewsAt!.getTime()).toBe(addMonths(s.periodStartsAt!).getTime());
    expect(new Date(p.periodEnd).getTime()).toBe(s.renewsAt!.getTime());
    const invoice = await db().invoice.findUniqueOrThrow({ where: { paymentId: p.id } });
    expect(invoice).toMatchObject({
      kind: "invoice",
      number: p.invoiceNumber,
      totalFils: 15_000,
      businessId: c.businessId,
    });
    const [row] = await audits(c.businessId, "billing.manual_payment");
    expect(row).toMatchObject({
      data: {
        paymentId: p.id,
        amountFils: 15_000,
        method: "bank_transfer",
        plan: "professional",
        months: 1,
        receipt: "NBK-7781",
        note: "Transfer of 15 KWD",
      },
    });
    expect((await db().user.findUniqueOrThrow({ where: { id: row!.actorId! } })).role).toBe("admin");
    expect(await audits(c.businessId, "billing.payment_applied")).toHaveLength(1);
  });

  test("over REST: months paid ahead start where the running month ends", async () => {
    const c = await cafe("Manual Ahead");
    const renewsAt = new Date(Date.now() + 5 * DAY);
    await setSub(c.businessId, {
      status: "active",
      plan: "professional",
      periodStartsAt: new Date(Date.now() - 25 * DAY),
      renewsAt,
      trialEndsAt: null,
    });
    const r = await call(app.base, "POST", `/api/admin/clients/${c.businessId}/payments`, {
      token: admin,
      body: { amount_fils: 30_000, method: "other", months: 2, receipt: "cash" },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      business_id: c.businessId,
      amount_fils: 30_000,
      method: "other",
      status: "paid",
      gateway: "manual",
      plan: "professional",
      invoice_number: expect.stringMatching(/^INV-/),
    });
    expect(r.body.period_start).toBe(renewsAt.toISOString());
    expect(r.body.period_end).toBe(addMonths(renewsAt, 2).toISOString());
    expect((await sub(c.businessId)).renewsAt!.toISOString()).toBe(addMonths(renewsAt, 2).toISOString());
  });

  test("its rules: a method of the gateway, no amount, an unknown business", async () => {
    const c = await expiredCafe("Manual Rules");
    const knet = await call(app.base, "POST", `/api/admin/clients/${c.businessId}/payments`, {
      token: admin,
      body: { amount_fils: 15_000, method: "knet" },
    });
    expect(knet.status).toBe(400);
    expect(Object.keys(knet.body.details)).toEqual(["method"]);
    expect(
      (
        await call(app.base, "POST", `/api/admin/clients/${c.businessId}/payments`, {
          token: admin,
          body: { amount_fils: 0, method: "bank_transfer" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await call(app.base, "POST", "/api/admin/clients/00000000-0000-4000-8000-000000000000/payments", {
          token: admin,
          body: { amount_fils: 1000, method: "bank_transfer" },
        })
      ).status,
    ).toBe(404);
    expect((await sub(c.businessId)).status).toBe("expired");
    expect(await db().payment.count({ where: { businessId: c.businessId } })).toBe(0);
  });
});

describe("extending a period", () => {
  test("a trial's end, a paid month's end, a past-due month back to active; expired refused", async () => {
    const trial = await cafe("Extend Trial");
    const before = (await sub(trial.businessId)).trialEndsAt!;
    const g = await gql(app.base, EXTEND, { businessId: trial.businessId, days: 10 }, admin);
    expect(g.data.extendPeriod).toEqual({
      status: "TRIAL",
      trialEndsAt: new Date(before.getTime() + 10 * DAY).toISOString(),
      renewsAt: new Date(before.getTime() + 10 * DAY).toISOString(),
    });

    const active = await cafe("Extend Active");
    const end = new Date(Date.now() + 3 * DAY);
    await setSub(active.businessId, {
      status: "active",
      renewsAt: end,
      periodStartsAt: new Date(Date.now() - 27 * DAY),
      trialEndsAt: null,
    });
    const r = await call(app.base, "POST", `/api/admin/clients/${active.businessId}/extend-period`, {
      token: admin,
      body: { days: 5 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      business_id: active.businessId,
      status: "active",
      renews_at: new Date(end.getTime() + 5 * DAY).toISOString(),
    });

    const late = await cafe("Extend Past Due");
    const ended = new Date(Date.now() - 2 * DAY);
    await setSub(late.businessId, { status: "past_due", renewsAt: ended, pastDueSince: ended, trialEndsAt: null });
    expect(
      (await gql(app.base, EXTEND, { businessId: late.businessId, days: 5 }, admin)).data.extendPeriod.status,
    ).toBe("ACTIVE");
    expect(await sub(late.businessId)).toMatchObject({
      status: "active",
      pastDueSince: null,
      renewsAt: new Date(ended.getTime() + 5 * DAY),
    });

    const stillLate = await cafe("Extend Still Past Due");
    const longAgo = new Date(Date.now() - 5 * DAY);
    await setSub(stillLate.businessId, {
      status: "past_due",
      renewsAt: longAgo,
      pastDueSince: longAgo,
      trialEndsAt: null,
    });
    await gql(app.base, EXTEND, { businessId: stillLate.businessId, days: 2 }, admin);
    const newEnd = new Date(longAgo.getTime() + 2 * DAY);
    expect(await sub(stillLate.businessId)).toMatchObject({
      status: "past_due",
      renewsAt: newEnd,
      pastDueSince: newEnd,
    });

    const expired = await expiredCafe("Extend Expired");
    const refused = await call(app.base, "POST", `/api/admin/clients/${expired.businessId}/extend-period`, {
      token: admin,
      body: { days: 5 },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("INVALID_STATE");
    expect(
      (
        await call(app.base, "POST", `/api/admin/clients/${active.businessId}/extend-period`, {
          token: admin,
          body: { days: 91 },
        })
      ).status,
    ).toBe(400);

    const [row] = await audits(active.businessId, "billing.period_extended");
    expect(row!.data).toMatchObject({
      days: 5,
      from: { status: "active", renewsAt: end.toISOString() },
      to: { status: "active", renewsAt: new Date(end.getTime() + 5 * DAY).toISOString() },
    });
    expect(await audits(expired.businessId, "billing.period_extended")).toHaveLength(0);
  });
});

describe("refunds", () => {
  test("through Tap: a credit note each, partially then fully refunded; more than is left refused before Tap is asked", async () => {
    const c = await cafe("Refund Tap");
    const { paymentId, chargeId } = await paidAtTap(c.businessId, 15_000);
    const first = await gql(
      app.base,
      REFUND,
      { paymentId, amountFils: 5_000, reason: "Two days without service" },
      admin,
    );
    expect(first.errors).toBeUndefined();
    expect(first.data.refundPayment.payment).toEqual({
      id: paymentId,
      status: "PARTIALLY_REFUNDED",
      amountFils: 15_000,
      refundedFils: 5_000,
    });
    expect(first.data.refundPayment.refund).toMatchObject({
      amountFils: 5_000,
      status: "SUCCEEDED",
      reason: "Two days without service",
      gatewayRefundId: expect.stringMatching(/^re_/),
      creditNoteNumber: expect.stringMatching(/^CN-\d{4}-\d{6}$/),
    });
    const atTap = [...fake.state.refunds.values()].filter((r) => r.charge_id === chargeId);
    expect(atTap.map((r) => r.amount)).toEqual([5]);

    const asked = fake.state.requests.length;
    const tooMuch = await gql(app.base, REFUND, { paymentId, amountFils: 10_001, reason: "Too much" }, admin);
    expect(tooMuch.errors?.[0]?.extensions.reason).toBe("REFUND_TOO_LARGE");
    expect(fake.state.requests.length).toBe(asked);

    const rest = await call(app.base, "POST", `/api/admin/payments/${paymentId}/refund`, {
      token: admin,
      body: { amount_fils: 10_000, reason: "Closed the café" },
    });
    expect(rest.status).toBe(201);
    expect(rest.body.payment).toMatchObject({ status: "refunded", refunded_fils: 15_000 });
    expect(rest.body.refund).toMatchObject({
      amount_fils: 10_000,
      status: "succeeded",
      credit_note_number: expect.stringMatching(/^CN-/),
    });
    expect(
      (
        await call(app.base, "POST", `/api/admin/payments/${paymentId}/refund`, {
          token: admin,
          body: { amount_fils: 1, reason: "Again" },
        })
      ).body.code,
    ).toBe("REFUND_TOO_LARGE");

    const notes = await db().invoice.findMany({
      where: { businessId: c.businessId, kind: "credit_note" },
      orderBy: { sequence: "asc" },
    });
    expect(notes.map((n) => n.totalFils)).toEqual([5_000, 10_000]);
    const invoice = await db().invoice.findUniqueOrThrow({ where: { paymentId } });
    expect(notes.every((n) => n.relatesToId === invoice.id)).toBe(true);
    // a refund does not move the period (admin.ts: it corrects money, the period is the service given)
    expect((await sub(c.businessId)).status).toBe("active");
    const rows = await audits(c.businessId, "billing.refund");
    expect(rows.map((r) => (r.data as { amountFils: number }).amountFils)).toEqual([5_000, 10_000]);
    expect(rows[1]!.data).toMatchObject({
      paymentId,
      reason: "Closed the café",
      gateway: "tap",
      refundedFils: 15_000,
      paymentStatus: "refunded",
    });
  });

  test("a refund Tap refuses changes nothing and says why", async () => {
    const c = await cafe("Refund Refused");
    const { paymentId } = await paidAtTap(c.businessId, 15_000);
    fake.failNext("create_refund", 400);
    const r = await call(app.base, "POST", `/api/admin/payments/${paymentId}/refund`, {
      token: admin,
      body: { amount_fils: 5_000, reason: "Goodwill" },
    });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("REFUND_REFUSED_BY_GATEWAY");
    expect(r.body.details.amount_fils[0]).toMatch(/^The payment service answered: /);
    expect(await db().payment.findUniqueOrThrow({ where: { id: paymentId } })).toMatchObject({
      status: "paid",
      refundedFils: 0,
    });
    expect(await db().refund.count({ where: { paymentId } })).toBe(0);
    expect(await audits(c.businessId, "billing.refund")).toHaveLength(0);
    expect(await db().invoice.count({ where: { businessId: c.businessId, kind: "credit_note" } })).toBe(0);
    // Tap unreachable: the same, as 503
    fake.failNext("create_refund", "reset");
    expect(
      (
        await call(app.base, "POST", `/api/admin/payments/${paymentId}/refund`, {
          token: admin,
          body: { amount_fils: 5_000, reason: "Goodwill" },
        })
      ).body.code,
    ).toBe("PAYMENT_GATEWAY_UNAVAILABLE");
    expect(await db().refund.count({ where: { paymentId } })).toBe(0);
  });

  test("a refund whose answer was lost, asked again, is one refund at Tap and one here", async () => {
    const c = await cafe("Refund Lost");
    const { paymentId, chargeId } = await paidAtTap(c.businessId, 15_000);
    fake.failNext("create_refund", "lost"); // Tap refunds, the answer never arrives
    const lost = await call(app.base, "POST", `/api/admin/payments/${paymentId}/refund`, {
      token: admin,
      body: { amount_fils: 3_000, reason: "Goodwill" },
    });
    expect(lost.body.code).toBe("PAYMENT_GATEWAY_UNAVAILABLE");
    expect(await db().refund.count({ where: { paymentId } })).toBe(0);
    const again = await call(app.base, "POST", `/api/admin/payments/${paymentId}/refund`, {
      token: admin,
      body: { amount_fils: 3_000, reason: "Goodwill" },
    });
    expect(again.status).toBe(201);
    expect([...fake.state.refunds.values()].filter((r) => r.charge_id === chargeId)).toHaveLength(1);
    expect(await db().refund.count({ where: { paymentId } })).toBe(1);
    expect(again.body.payment).toMatchObject({ status: "partially_refunded", refunded_fils: 3_000 });
  });

  test("a refund Tap answers pending gets its credit note when Tap says it succeeded", async () => {
    const c = await cafe("Refund Pending");
    const { paymentId } = await paidAtTap(c.businessId, 15_000);
    fake.state.refundOutcome = "PENDING";
    try {
      const g = await gql(
        app.base,
        REFUND,
        { paymentId, amountFils: 15_000, reason: "Cancelled in the first week" },
        admin,
      );
      expect(g.data.refundPayment.refund).toMatchObject({ status: "PENDING", creditNoteNumber: null });
      expect(g.data.refundPayment.payment).toMatchObject({ status: "REFUNDED", refundedFils: 15_000 });
      const gatewayId = g.data.refundPayment.refund.gatewayRefundId as string;
      fake.completeRefund(gatewayId, "REFUNDED", { webhook: "none" });
      expect(
        await app.sufra.services.billingAdmin.settleRefund({
          id: gatewayId,
          chargeId: "",
          amountFils: 15_000,
          state: "succeeded",
          gatewayStatus: "REFUNDED",
        }),
      ).toBe(true);
      expect(
        await app.sufra.services.billingAdmin.settleRefund({
          id: gatewayId,
          chargeId: "",
          amountFils: 15_000,
          state: "succeeded",
          gatewayStatus: "REFUNDED",
        }),
      ).toBe(false);
      expect(await db().invoice.count({ where: { businessId: c.businessId, kind: "credit_note" } })).toBe(1);
    } finally {
      fake.state.refundOutcome = "REFUNDED";
    }
  });

  test("a manual payment's refund is recorded only (the money went back outside Sufra)", async () => {
    const c = await expiredCafe("Refund Manual");
    const p = (
      await gql(app.base, RECORD, { businessId: c.businessId, amountFils: 10_000, method: "BANK_TRANSFER" }, admin)
    ).data.recordManualPayment;
    const asked = fake.state.requests.length;
    const g = await gql(app.base, REFUND, { paymentId: p.id, amountFils: 4_000, reason: "Paid too much" }, admin);
    expect(g.data.refundPayment.refund).toMatchObject({
      status: "SUCCEEDED",
      gatewayRefundId: null,
      creditNoteNumber: expect.stringMatching(/^CN-/),
    });
    expect(g.data.refundPayment.payment).toMatchObject({ status: "PARTIALLY_REFUNDED", refundedFils: 4_000 });
    expect(fake.state.requests.length).toBe(asked);
  });
});

describe("the payments list", () => {
  test("filters by status, method, business (id or name) and Kuwait days; newest first, paged", async () => {
    const c = await expiredCafe("Listed Qahwa");
    const one = (
      await gql(
        app.base,
        RECORD,
        { businessId: c.businessId, amountFils: 15_000, method: "BANK_TRANSFER", receipt: "KFH-1" },
        admin,
      )
    ).data.recordManualPayment;
    const two = (await gql(app.base, RECORD, { businessId: c.businessId, amountFils: 15_000, method: "OTHER" }, admin))
      .data.recordManualPayment;
    const today = kuwaitDate();
    const q = `query($status: PaymentStatus, $method: PaymentMethod, $businessId: ID, $search: String, $from: String, $to: String, $first: Int, $after: String) {
      adminPayments(status: $status, method: $method, businessId: $businessId, search: $search, from: $from, to: $to, first: $first, after: $after) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { id businessName amountFils method status receipt invoiceNumber plan refundedFils } } } }`;
    const byName = (await gql(app.base, q, { search: "listed qah", from: today, to: today }, admin)).data.adminPayments;
    expect(byName.totalCount).toBe(2);
    expect(byName.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([two.id, one.id]);
    expect(byName.edges[1].node).toMatchObject({
      businessName: "Listed Qahwa",
      amountFils: 15_000,
      method: "BANK_TRANSFER",
      status: "PAID",
      receipt: "KFH-1",
      invoiceNumber: one.invoiceNumber,
      refundedFils: 0,
    });
    const transfers = (
      await gql(app.base, q, { businessId: c.businessId, method: "BANK_TRANSFER", status: "PAID" }, admin)
    ).data.adminPayments;
    expect(transfers.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([one.id]);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + DAY).toISOString().slice(0, 10);
    expect(
      (await gql(app.base, q, { businessId: c.businessId, from: tomorrow }, admin)).data.adminPayments.totalCount,
    ).toBe(0);
    const page1 = (await gql(app.base, q, { businessId: c.businessId, first: 1 }, admin)).data.adminPayments;
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (
      await gql(app.base, q, { businessId: c.businessId, first: 1, after: page1.pageInfo.endCursor }, admin)
    ).data.adminPayments;
    expect(page2.edges[0].node.id).toBe(one.id);
    expect(page2.pageInfo.hasNextPage).toBe(false);

    const rest = await call(app.base, "GET", `/api/admin/payments?business_id=${c.businessId}&method=other`, {
      token: admin,
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toMatchObject({
      total: 1,
      payments: [{ id: two.id, business_name: "Listed Qahwa", method: "other", status: "paid" }],
      page_info: { has_next_page: false },
    });
    const bad = await call(app.base, "GET", `/api/admin/payments?from=${tomorrow}&to=${today}`, { token: admin });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.details)).toEqual(["to"]);
  });
});

describe("the live overview", () => {
  test("a subscribed admin gets new figures after a manual payment", async () => {
    const c = await expiredCafe("Live Figures");
    const before = (await gql(app.base, FIGURES, {}, admin)).data.adminStats.billing;
    const socket = createClient({
      url: app.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${admin}` },
      lazy: false,
      retryAttempts: 0,
    });
    sockets.push(socket);
    const arrived = new Promise<Record<string, number>>((resolve, reject) => {
      socket.subscribe(
        { query: "subscription { adminStatsUpdated { billing { mrrFils monthRevenueFils active expired } } }" },
        {
          next: (v: any) =>
            v.data.adminStatsUpdated.billing.monthRevenueFils !== before.monthRevenueFils &&
            resolve(v.data.adminStatsUpdated.billing),
          error: reject,
          complete: () => {},
        },
      );
    });
    await new Promise((r) => setTimeout(r, 500)); // let the subscription register
    await gql(
      app.base,
      RECORD,
      { businessId: c.businessId, amountFils: 49_000, method: "BANK_TRANSFER", plan: "PREMIUM" },
      admin,
    );
    expect(await arrived).toEqual({
      mrrFils: before.mrrFils + 49_000,
      monthRevenueFils: before.monthRevenueFils + 49_000,
      active: before.active + 1,
      expired: before.expired - 1,
    });
  });
});

describe("the live payments list", () => {
  test("a subscribed admin hears of every business's billing change (adminBillingChanged)", async () => {
    const c = await expiredCafe("Live Payments");
    const socket = createClient({
      url: app.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${admin}` },
      lazy: false,
      retryAttempts: 0,
    });
    sockets.push(socket);
    const arrived = new Promise<{ businessId: string; reason: string }>((resolve, reject) => {
      socket.subscribe(
        { query: "subscription { adminBillingChanged { businessId reason } }" },
        {
          next: (v: any) =>
            v.data?.adminBillingChanged?.reason === "payment_received" && resolve(v.data.adminBillingChanged),
          error: reject,
          complete: () => {},
        },
      );
    });
    await new Promise((r) => setTimeout(r, 500)); // let the subscription register
    await gql(app.base, RECORD, { businessId: c.businessId, amountFils: 15_000, method: "BANK_TRANSFER" }, admin);
    expect(await arrived).toEqual({ businessId: c.businessId, reason: "payment_received" });
  });
});

describe("the actions a client allows (one rule: offered where it would succeed)", () => {
  const ACTIONS =
    "query($id: ID!) { client(id: $id) { allowedActions } adminStats { recentClients { id allowedActions } } }";
  const GIFT = "mutation($id: ID!) { giftTrialDays(id: $id, days: 7) { id } }";
  test("a paid, active café is offered no gift of trial days, and the gift is refused; a trial café is offered it", async () => {
    const paid = await cafe("Allowed Paid");
    await setSub(paid.businessId, { status: "active", renewsAt: new Date(Date.now() + 20 * DAY) });
    const trial = await cafe("Allowed Trial");
    const g = await gql(app.base, ACTIONS, { id: paid.businessId }, admin);
    expect(g.errors).toBeUndefined();
    expect(g.data.client.allowedActions).toEqual(["SUSPEND", "RECORD_PAYMENT", "EXTEND_PERIOD"]);
    expect(
      g.data.adminStats.recentClients.find((c: { id: string }) => c.id === paid.businessId).allowedActions,
    ).toEqual(["SUSPEND", "RECORD_PAYMENT", "EXTEND_PERIOD"]);
    const refused = await gql(app.base, GIFT, { id: paid.businessId }, admin);
    expect(refused.errors?.[0]?.extensions?.reason).toBe("INVALID_STATE");
    const t = await gql(app.base, ACTIONS, { id: trial.businessId }, admin);
    expect(t.data.client.allowedActions).toEqual(["SUSPEND", "GIFT_TRIAL_DAYS", "RECORD_PAYMENT", "EXTEND_PERIOD"]);
    expect((await gql(app.base, GIFT, { id: trial.businessId }, admin)).errors).toBeUndefined();
    // REST says the same, in its lower-case words
    const r = await call(app.base, "GET", `/api/admin/clients/${paid.businessId}`, { token: admin });
    expect(r.body.allowed_actions).toEqual(["suspend", "record_payment", "extend_period"]);
    const stats = await call(app.base, "GET", "/api/admin/stats", { token: admin });
    expect(stats.body.recentClients.find((c: { id: string }) => c.id === trial.businessId).allowedActions).toEqual([
      "suspend",
      "gift_trial_days",
      "record_payment",
      "extend_period",
    ]);
  });

  test("a pending sign-up is offered approve and reject only; money actions on it are refused", async () => {
    const waiting = await registeredClient(app.base, { approve: false, over: { company_name: "Allowed Waiting" } });
    const g = await gql(app.base, ACTIONS, { id: waiting.businessId }, admin);
    expect(g.data.client.allowedActions).toEqual(["APPROVE", "REJECT"]);
    const ext = await gql(app.base, EXTEND, { businessId: waiting.businessId, days: 5 }, admin);
    expect(ext.errors?.[0]?.extensions?.reason).toBe("INVALID_STATE");
    const rec = await gql(
      app.base,
      RECORD,
      { businessId: waiting.businessId, amountFils: 15_000, method: "BANK_TRANSFER" },
      admin,
    );
    expect(rec.errors?.[0]?.extensions?.reason).toBe("INVALID_STATE");
    expect(await db().payment.count({ where: { businessId: waiting.businessId } })).toBe(0);
  });
});

describe("invoices for the admin", () => {
  test("a payment row links its invoice's PDF, which the admin downloads; the café's invoices are listed for the admin", async () => {
    const c = await cafe("Invoice Link Cafe");
    const g = await gql(
      app.base,
      RECORD,
      { businessId: c.businessId, amountFils: 15_000, method: "BANK_TRANSFER" },
      admin,
    );
    expect(g.errors).toBeUndefined();
    const list = await gql(
      app.base,
      "query($id: ID!) { adminPayments(businessId: $id) { edges { node { invoiceNumber invoicePdfUrl businessAllowedActions } } } }",
      { id: c.businessId },
      admin,
    );
    const row = list.data.adminPayments.edges[0].node;
    const invoice = await db().invoice.findFirstOrThrow({ where: { businessId: c.businessId, kind: "invoice" } });
    expect(row).toEqual({
      invoiceNumber: invoice.number,
      invoicePdfUrl: `/api/billing/invoices/${invoice.id}/pdf`,
      businessAllowedActions: ["SUSPEND", "RECORD_PAYMENT", "EXTEND_PERIOD"],
    });
    const pdf = await fetch(`${app.base}${row.invoicePdfUrl}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    const rest = await call(app.base, "GET", `/api/admin/payments?business_id=${c.businessId}`, { token: admin });
    expect(rest.body.payments[0]).toMatchObject({
      invoice_number: invoice.number,
      invoice_pdf_url: row.invoicePdfUrl,
      business_allowed_actions: ["suspend", "record_payment", "extend_period"],
    });
    const theirs = await gql(
      app.base,
      "query($id: ID!) { invoices(clientId: $id) { number pdfUrl } }",
      { id: c.businessId },
      admin,
    );
    expect(theirs.data.invoices).toEqual([{ number: invoice.number, pdfUrl: row.invoicePdfUrl }]);
  });
});

describe("a client's history", () => {
  test("names who did each thing (the admin, the applicant, Sufra itself) with the row's details, at both doors", async () => {
    const c = await cafe("History Cafe");
    await gql(app.base, EXTEND, { businessId: c.businessId, days: 3 }, admin);
    await db().auditLog.create({
      data: {
        actorId: null,
        action: "billing.payment_failed",
        entityType: "business",
        entityId: c.businessId,
        data: { paymentId: "p1", gatewayStatus: "DECLINED" },
      },
    });
    const g = await gql(
      app.base,
      "query($id: ID!) { client(id: $id) { auditHistory { action actorId actor { name email role } data } } }",
      { id: c.businessId },
      admin,
    );
    expect(g.errors).toBeUndefined();
    const byAction = (a: string) => g.data.client.auditHistory.find((h: { action: string }) => h.action === a);
    expect(byAction("billing.period_extended").actor).toMatchObject({
      role: "ADMIN",
      email: expect.stringContaining("@"),
    });
    expect(JSON.parse(byAction("billing.period_extended").data)).toMatchObject({ days: 3 });
    expect(byAction("client.signed_up").actor).toMatchObject({ email: c.email, role: "CLIENT" });
    expect(byAction("billing.payment_failed")).toMatchObject({ actorId: null, actor: null });
    const r = await call(app.base, "GET", `/api/admin/clients/${c.businessId}`, { token: admin });
    expect(r.body.audit.find((a: { action: string }) => a.action === "client.signed_up").actor).toMatchObject({
      email: c.email,
      role: "client",
    });
  });
});

describe("admins only", () => {
  test("an owner is refused at both doors, and nothing changes", async () => {
    const owner = await signedInBusiness(app.base);
    await setSub(owner.businessId, { status: "expired" });
    const { paymentId } = await paidAtTap((await cafe("Not Yours")).businessId);
    for (const [method, path, body] of [
      ["GET", "/api/admin/payments", undefined],
      ["POST", `/api/admin/clients/${owner.businessId}/payments`, { amount_fils: 15_000, method: "bank_transfer" }],
      ["POST", `/api/admin/clients/${owner.businessId}/extend-period`, { days: 5 }],
      ["POST", `/api/admin/payments/${paymentId}/refund`, { amount_fils: 1_000, reason: "mine" }],
    ] as const) {
      expect((await call(app.base, method, path, { token: owner.token, body })).status).toBe(403);
      expect((await call(app.base, method, path, { body })).status).toBe(401);
    }
    for (const [q, v] of [
      ["{ adminPayments { totalCount } }", {}],
      [RECORD, { businessId: owner.businessId, amountFils: 15_000, method: "BANK_TRANSFER" }],
      [EXTEND, { businessId: owner.businessId, days: 5 }],
      [REFUND, { paymentId, amountFils: 1_000, reason: "mine" }],
      [FIGURES, {}],
    ] as const)
      expect((await gql(app.base, q, v, owner.token)).errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    expect((await sub(owner.businessId)).status).toBe("expired");
    expect(await db().payment.count({ where: { businessId: owner.businessId } })).toBe(0);
    expect(await db().refund.count({ where: { paymentId } })).toBe(0);
  });
});
