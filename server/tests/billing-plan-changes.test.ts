// Plan changes from the café's side over real HTTP against the Tap stand-in (docs/product.md#subscriptions-and-billing,
// "Plan changes"): a trial changes at once and free; an upgrade of a paid month charges its prorated difference to
// the fils and changes the plan only when paid (and the AI allowance follows the plan of the day); a downgrade waits
// for the month's end and choosing the plan again drops it; a past-due subscription changes at once and its due
// payment follows; a stopped one chooses what the next payment buys; cancelling at the period's end and keeping.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { addMonths, prorateUpgrade } from "@sufra/schema";
import { call, gql, signedInBusiness } from "./support/app.ts";
import { tapAppForFile } from "./support/per-file.ts";

const DAY = 86_400_000;
const { fake, app, pool } = tapAppForFile();
let base = "";
beforeAll(() => {
  base = app.base;
});

const sub = async (businessId: string) =>
  (await pool.query("select * from subscriptions where business_id = $1", [businessId])).rows[0];
const invoices = async (businessId: string) =>
  (await pool.query("select * from invoices where business_id = $1 and kind = 'invoice'", [businessId])).rows;
const chargeIdOf = (redirectUrl: string) => decodeURIComponent(new URL(redirectUrl).pathname.split("/").pop()!);

/** A paid month that started `daysAgo` days (and some hours) ago, as the lifecycle leaves it. */
async function paidMonth(businessId: string, plan: string, daysAgo: number) {
  const start = new Date(Date.now() - daysAgo * DAY - 5 * 3_600_000);
  const end = addMonths(start);
  await pool.query(
    "update subscriptions set status = 'active', plan = $2, period_starts_at = $3, renews_at = $4, next_plan = null, cancel_at_period_end = false where business_id = $1",
    [businessId, plan, start, end],
  );
  return { start, end };
}

async function returnFrom(chargeId: string, status: "CAPTURED" | "DECLINED" = "CAPTURED") {
  const back = fake.complete(chargeId, status, { webhook: "none" });
  const res = await fetch(back.redirectUrl, { redirect: "manual" });
  await res.arrayBuffer();
  return res.headers.get("location");
}

describe("plan changes", () => {
  test("a trial changes at once and free; the same plan again is PLAN_UNCHANGED", async () => {
    const cafe = await signedInBusiness(base, { over: { requested_plan: "professional" } });
    const r = await call(base, "POST", "/api/billing/plan", { token: cafe.token, body: { plan: "premium" } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      outcome: "changed",
      redirect_url: null,
      payment: null,
      billing: { plan: "premium", status: "trial" },
    });
    expect((await sub(cafe.businessId)).plan).toBe("premium");
    const again = await call(base, "POST", "/api/billing/plan", { token: cafe.token, body: { plan: "premium" } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("PLAN_UNCHANGED");
    expect(fake.state.requests.filter((q) => q.body?.metadata?.businessId === cafe.businessId)).toHaveLength(0);
  });

  test("an upgrade mid-month charges the prorated difference to the fils and changes the plan only when paid; the AI allowance follows", async () => {
    const cafe = await signedInBusiness(base, { over: { requested_plan: "professional" } });
    const { start, end } = await paidMonth(cafe.businessId, "professional", 10);
    expect((await call(base, "GET", "/api/ai/usage", { token: cafe.token })).body.limit).toBe(100);

    const page = await call(base, "GET", "/api/billing", { token: cafe.token });
    const expected = prorateUpgrade({
      from: "professional",
      to: "premium",
      periodStart: start,
      periodEnd: end,
      at: new Date(),
    }).amountFils;
    expect(page.body.plans.find((p: { plan: string }) => p.plan === "premium").upgrade_now_fils).toBe(expected);
    expect(page.body.plans.find((p: { plan: string }) => p.plan === "basic").upgrade_now_fils).toBeNull();

    const r = await call(base, "POST", "/api/billing/plan", {
      token: cafe.token,
      body: { plan: "premium", source: "knet" },
    });
    expect(r.status).toBe(200);
    expect(r.body.outcome).toBe("payment_required");
    expect(r.body.payment).toMatchObject({
      purpose: "upgrade",
      plan: "premium",
      amount_fils: expected,
      status: "pending",
    });
    expect(new Date(r.body.payment.period_end).getTime()).toBe(end.getTime());
    // e.g. 34.000 KWD x 21 days left / 31 days: Tap is asked for exactly those fils
    const chargeId = chargeIdOf(r.body.redirect_url);
    expect(Math.round(fake.charges.get(chargeId)!.amount * 1000)).toBe(expected);
    const waiting = await sub(cafe.businessId);
    expect(waiting.plan).toBe("professional");
    expect((await call(base, "GET", "/api/ai/usage", { token: cafe.token })).body.limit).toBe(100);

    // declined: still professional
    expect(await returnFrom(chargeId, "DECLINED")).toBe(`/billing?payment=${r.body.payment.id}`);
    expect((await sub(cafe.businessId)).plan).toBe("professional");

    const again = await call(base, "POST", "/api/billing/plan", {
      token: cafe.token,
      body: { plan: "premium", source: "knet" },
    });
    expect(again.body.outcome).toBe("payment_required");
    expect(await returnFrom(chargeIdOf(again.body.redirect_url))).toBe(`/billing?payment=${again.body.payment.id}`);
    const after = await sub(cafe.businessId);
    expect(after).toMatchObject({ plan: "premium", status: "active", next_plan: null });
    expect(after.period_starts_at.getTime()).toBe(start.getTime());
    expect(after.renews_at.getTime()).toBe(end.getTime());
    expect(await invoices(cafe.businessId)).toHaveLength(1);
    expect((await call(base, "GET", "/api/ai/usage", { token: cafe.token })).body).toMatchObject({
      limit: 500,
      plan: "premium",
    });
  });

  test("a downgrade waits for the month's end; choosing the plan again drops it", async () => {
    const cafe = await signedInBusiness(base, { over: { requested_plan: "premium" } });
    await paidMonth(cafe.businessId, "premium", 3);
    const r = await call(base, "POST", "/api/billing/plan", { token: cafe.token, body: { plan: "basic" } });
    expect(r.body).toMatchObject({
      outcome: "scheduled",
      billing: { plan: "premium", next_plan: "basic", next_charge_fils: 10000 },
    });
    expect(await sub(cafe.businessId)).toMatchObject({ plan: "premium", next_plan: "basic" });
    const g = await gql(
      base,
      `mutation { changePlan(plan: PREMIUM) { outcome billing { plan nextPlan nextChargeFils } } }`,
      {},
      cafe.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.changePlan).toEqual({
      outcome: "CLEARED",
      billing: { plan: "PREMIUM", nextPlan: null, nextChargeFils: 49000 },
    });
    const same = await call(base, "POST", "/api/billing/plan", { token: cafe.token, body: { plan: "premium" } });
    expect(same.body.code).toBe("PLAN_UNCHANGED");
    // far from the month's end there is nothing to pay yet
    const early = await call(base, "POST", "/api/billing/pay", { token: cafe.token, body: { source: "knet" } });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe("NOTHING_TO_PAY");
  });

  test("past due: the plan changes at once and the due payment follows it; the new month starts where the old one ended", async () => {
    const cafe = await signedInBusiness(base, { over: { requested_plan: "premium" } });
    const ended = new Date(Date.now() - 2 * DAY);
    await pool.query(
      "update subscriptions set status = 'past_due', period_starts_at = $2, renews_at = $3, past_due_since = $3 where business_id = $1",
      [cafe.businessId, addMonths(ended, -1), ended],
    );
    const r = await call(base, "POST", "/api/billing/plan", { token: cafe.token, body: { plan: "basic" } });
    expect(r.body).toMatchObject({
      outcome: "changed",
      billing: { plan: "basic", status: "past_due", next_charge_fils: 10000 },
    });
    const pay = await call(base, "POST", "/api/billing/pay", { token: cafe.token, body: { source: "knet" } });
    expect(pay.body.payment).toMatchObject({ plan: "basic", amount_fils: 10000 });
    await returnFrom(chargeIdOf(pay.body.redirect_url));
    const after = await sub(cafe.businessId);
    expect(after).toMatchObject({ status: "active", plan: "basic", past_due_since: null });
    expect(after.period_starts_at.getTime()).toBe(ended.getTime());
    expect(after.renews_at.getTime()).toBe(addMonths(ended).getTime());
  });

  test("expired: the plan chosen is what the next payment buys; paying starts the month now", async () => {
    const cafe = await signedInBusiness(base, { over: { requested_plan: "premium" } });
    await pool.query(
      "update subscriptions set status = 'expired', trial_ends_at = now() - interval '3 days', renews_at = now() - interval '3 days', ended_at = now() - interval '3 days' where business_id = $1",
      [cafe.businessId],
    );
    const page = await call(base, "GET", "/api/billing", { token: cafe.token });
    expect(page.body).toMatchObject({
      running: false,
      rights_lost: ["publish", "schedule", "ai", "team", "api"],
      payable_now: true,
    });
    const r = await call(base, "POST", "/api/billing/plan", { token: cafe.token, body: { plan: "basic" } });
    expect(r.body).toMatchObject({
      outcome: "changed",
      billing: { plan: "basic", status: "expired", next_charge_fils: 10000 },
    });
    const before = Date.now();
    const pay = await call(base, "POST", "/api/billing/pay", { token: cafe.token, body: { source: "apple_pay" } });
    expect(pay.body.payment).toMatchObject({ plan: "basic", amount_fils: 10000 });
    await returnFrom(chargeIdOf(pay.body.redirect_url));
    const after = await sub(cafe.businessId);
    expect(after).toMatchObject({ status: "active", plan: "basic", ended_at: null });
    expect(after.period_starts_at.getTime()).toBeGreaterThanOrEqual(before);
    expect(after.renews_at.getTime()).toBe(addMonths(after.period_starts_at).getTime());
  });

  test("cancel at the period's end, then keep; a trial cannot be cancelled that way", async () => {
    const trial = await signedInBusiness(base);
    const no = await call(base, "POST", "/api/billing/cancel", { token: trial.token });
    expect(no.status).toBe(409);
    expect(no.body.code).toBe("INVALID_STATE");

    const cafe = await signedInBusiness(base);
    await paidMonth(cafe.businessId, "professional", 5);
    const c = await call(base, "POST", "/api/billing/cancel", { token: cafe.token });
    expect(c.body).toMatchObject({
      cancel_at_period_end: true,
      next_charge_fils: null,
      next_charge_at: null,
      status: "active",
    });
    const g = await gql(base, `mutation { keepSubscription { cancelAtPeriodEnd nextChargeFils } }`, {}, cafe.token);
    expect(g.data.keepSubscription).toEqual({ cancelAtPeriodEnd: false, nextChargeFils: 15000 });
    expect(
      Number(
        (
          await pool.query(
            "select count(*) from audit_log where entity_id = $1 and action in ('billing.cancel_at_period_end', 'billing.kept')",
            [cafe.businessId],
          )
        ).rows[0].count,
      ),
    ).toBe(2);
  });
});
