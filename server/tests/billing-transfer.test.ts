// Paying by bank transfer, without a payment gateway, over real HTTP (docs/product.md#subscriptions-and-billing,
// "Paying" and "Plan changes"): an upgrade of a paid month answers payment_required with no gateway page (the café
// pays the prorated difference by transfer), and an admin records that transfer as an upgrade at both doors, which
// changes the plan at once and issues the invoice; an upgrade needs a running paid month and a higher plan. And a
// payment made during a trial: its month starts at the trial's end, the page keeps the trial's end until then, and
// an upgrade before that month begins pays the whole month's difference.
import { describe, expect, test } from "@jest/globals";
import { addMonths, PLAN_PRICE_FILS, prorateUpgrade } from "@sufra/schema";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const DAY = 86_400_000;
const app = appForFile({
  PAYMENT_BANK_NAME: "National Bank of Kuwait",
  PAYMENT_BANK_IBAN: "KW81CBKU0000000000001234560101",
  PAYMENT_BANK_BENEFICIARY: "Sufra Technologies W.L.L.",
});
const db = () => app.sufra.deps.db;
const sub = (businessId: string) => db().subscription.findUniqueOrThrow({ where: { businessId } });

/** A paid month that started `daysAgo` days (and some hours) ago. */
async function paidMonth(businessId: string, plan: "basic" | "professional" | "premium", daysAgo: number) {
  const start = new Date(Date.now() - daysAgo * DAY - 5 * 3_600_000);
  const end = addMonths(start);
  await db().subscription.update({
    where: { businessId },
    data: {
      status: "active",
      plan,
      periodStartsAt: start,
      renewsAt: end,
      nextPlan: null,
      cancelAtPeriodEnd: false,
      trialEndsAt: new Date(start.getTime() - 1),
    },
  });
  return { start, end };
}

const RECORD = `mutation($businessId: ID!, $amountFils: Int!, $method: PaymentMethod!, $purpose: PaymentPurpose, $plan: Plan, $months: Int, $receipt: String) {
  recordManualPayment(businessId: $businessId, amountFils: $amountFils, method: $method, purpose: $purpose, plan: $plan, months: $months, receipt: $receipt) {
    id plan amountFils status method gateway invoiceNumber periodStart periodEnd } }`;

describe("an upgrade paid by bank transfer", () => {
  test("the café's upgrade answers payment_required with no gateway page; the admin records it as an upgrade: plan changed at once, invoice issued", async () => {
    const cafe = await signedInBusiness(app.base, { over: { requested_plan: "professional" } });
    const { start, end } = await paidMonth(cafe.businessId, "professional", 10);
    const page = await call(app.base, "GET", "/api/billing", { token: cafe.token });
    const expected = prorateUpgrade({
      from: "professional",
      to: "premium",
      periodStart: start,
      periodEnd: end,
      at: new Date(),
    }).amountFils;
    expect(page.body.plans.find((p: { plan: string }) => p.plan === "premium").upgrade_now_fils).toBe(expected);
    expect(page.body.bank_transfer).toMatchObject({ iban: "KW81CBKU0000000000001234560101" });

    // without a gateway: no error, nothing changed yet, nothing to redirect to
    const r = await call(app.base, "POST", "/api/billing/plan", { token: cafe.token, body: { plan: "premium" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      outcome: "payment_required",
      redirect_url: null,
      payment: null,
      billing: { plan: "professional", status: "active" },
    });
    const g = await gql(
      app.base,
      "mutation { changePlan(plan: PREMIUM) { outcome redirectUrl billing { plan } } }",
      {},
      cafe.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.changePlan).toEqual({
      outcome: "PAYMENT_REQUIRED",
      redirectUrl: null,
      billing: { plan: "PROFESSIONAL" },
    });
    expect((await sub(cafe.businessId)).plan).toBe("professional");

    // the admin records the transfer as the upgrade
    const admin = await adminToken(app.base);
    const rec = await gql(
      app.base,
      RECORD,
      {
        businessId: cafe.businessId,
        amountFils: expected,
        method: "BANK_TRANSFER",
        purpose: "UPGRADE",
        plan: "PREMIUM",
        receipt: "NBK-UP-1",
      },
      admin,
    );
    expect(rec.errors).toBeUndefined();
    const p = rec.data.recordManualPayment;
    expect(p).toMatchObject({
      plan: "PREMIUM",
      amountFils: expected,
      status: "PAID",
      method: "BANK_TRANSFER",
      gateway: "manual",
    });
    expect(p.invoiceNumber).toMatch(/^INV-\d{4}-\d{6}$/);
    expect(new Date(p.periodEnd).getTime()).toBe(end.getTime());
    const after = await sub(cafe.businessId);
    // the plan changed at once; the paid month is the same month
    expect(after).toMatchObject({ plan: "premium", status: "active", nextPlan: null });
    expect(after.periodStartsAt!.getTime()).toBe(start.getTime());
    expect(after.renewsAt!.getTime()).toBe(end.getTime());
    const payment = await db().payment.findUniqueOrThrow({ where: { id: p.id } });
    expect(payment.purpose).toBe("upgrade");
    const invoice = await db().invoice.findUniqueOrThrow({ where: { paymentId: p.id } });
    expect(invoice).toMatchObject({ kind: "invoice", totalFils: expected });
    const [row] = await db().auditLog.findMany({
      where: { entityId: cafe.businessId, action: "billing.manual_payment" },
    });
    expect(row!.data).toMatchObject({ purpose: "upgrade", plan: "premium", amountFils: expected });
    // the café sees it
    const now = await call(app.base, "GET", "/api/billing", { token: cafe.token });
    expect(now.body.plan).toBe("premium");
    expect(now.body.payments[0]).toMatchObject({ purpose: "upgrade", status: "paid", method: "bank_transfer" });
  });

  test("over REST; an upgrade needs a running paid month and a higher plan", async () => {
    const admin = await adminToken(app.base);
    const cafe = await signedInBusiness(app.base, { over: { requested_plan: "basic" } });
    const path = `/api/admin/clients/${cafe.businessId}/payments`;
    // on a trial: no paid month to upgrade
    const trial = await call(app.base, "POST", path, {
      token: admin,
      body: { amount_fils: 5_000, method: "bank_transfer", purpose: "upgrade", plan: "premium" },
    });
    expect(trial.status).toBe(409);
    expect(trial.body.code).toBe("INVALID_STATE");
    await paidMonth(cafe.businessId, "professional", 3);
    // the plan is required
    const noPlan = await call(app.base, "POST", path, {
      token: admin,
      body: { amount_fils: 5_000, method: "bank_transfer", purpose: "upgrade" },
    });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.details).toHaveProperty("plan");
    // an upgrade pays no month
    const months = await call(app.base, "POST", path, {
      token: admin,
      body: { amount_fils: 5_000, method: "bank_transfer", purpose: "upgrade", plan: "premium", months: 2 },
    });
    expect(months.status).toBe(400);
    expect(months.body.details).toHaveProperty("months");
    const same = await call(app.base, "POST", path, {
      token: admin,
      body: { amount_fils: 5_000, method: "bank_transfer", purpose: "upgrade", plan: "professional" },
    });
    expect(same.body.code).toBe("PLAN_UNCHANGED");
    const lower = await call(app.base, "POST", path, {
      token: admin,
      body: { amount_fils: 5_000, method: "bank_transfer", purpose: "upgrade", plan: "basic" },
    });
    expect(lower.body.code).toBe("INVALID_STATE");
    expect(await db().payment.count({ where: { businessId: cafe.businessId } })).toBe(0);
    const ok = await call(app.base, "POST", path, {
      token: admin,
      body: { amount_fils: 30_000, method: "bank_transfer", purpose: "upgrade", plan: "premium", receipt: "KFH-9" },
    });
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({ plan: "premium", amount_fils: 30_000, status: "paid" });
    expect(ok.body.invoice_number).toMatch(/^INV-/);
    expect((await sub(cafe.businessId)).plan).toBe("premium");
    // a month recorded without a purpose is a month, as before
    const month = await call(app.base, "POST", path, {
      token: admin,
      body: { amount_fils: 49_000, method: "bank_transfer" },
    });
    expect(month.status).toBe(201);
    expect((await db().payment.findUniqueOrThrow({ where: { id: month.body.id } })).purpose).toBe("period");
  });
});

describe("a payment during the trial", () => {
  test("its month starts at the trial's end; the page keeps the trial's end until then, and an upgrade before the month pays the whole month's difference", async () => {
    const admin = await adminToken(app.base);
    const cafe = await signedInBusiness(app.base, { over: { requested_plan: "professional" } });
    const trialEnd = (await sub(cafe.businessId)).trialEndsAt!;
    expect(trialEnd.getTime()).toBeGreaterThan(Date.now() + 10 * DAY);
    const rec = await call(app.base, "POST", `/api/admin/clients/${cafe.businessId}/payments`, {
      token: admin,
      body: { amount_fils: 15_000, method: "bank_transfer" },
    });
    expect(rec.status).toBe(201);
    const s = await sub(cafe.businessId);
    expect(s.status).toBe("active");
    expect(s.periodStartsAt!.getTime()).toBe(trialEnd.getTime());

    const page = await call(app.base, "GET", "/api/billing", { token: cafe.token });
    expect(page.body).toMatchObject({
      status: "active",
      trial_ends_at: trialEnd.toISOString(),
      period_starts_at: trialEnd.toISOString(),
      period_ends_at: addMonths(trialEnd).toISOString(),
      payable_now: false,
    });
    // the month has not begun: the upgrade is the whole month's difference
    expect(page.body.plans.find((p: { plan: string }) => p.plan === "premium").upgrade_now_fils).toBe(
      PLAN_PRICE_FILS.premium - PLAN_PRICE_FILS.professional,
    );

    // once the trial's end has passed, no trial day is left: the page says so
    const begun = new Date(Date.now() - DAY);
    await db().subscription.update({
      where: { businessId: cafe.businessId },
      data: { trialEndsAt: begun, periodStartsAt: begun, renewsAt: addMonths(begun) },
    });
    const later = await call(app.base, "GET", "/api/billing", { token: cafe.token });
    expect(later.body.trial_ends_at).toBeNull();
  });
});
