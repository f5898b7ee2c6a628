// Paying from the café's side over real HTTP against the Tap stand-in (docs/product.md#subscriptions-and-billing,
// "Paying"): a trial paid with KNET starts its month at the trial's end; a payment applied by the webhook alone,
// by the return alone, or by both in any order and number, once (one period, one invoice); a forged return URL,
// a forged webhook, an amount that does not match and another business's charge change nothing; declined and
// abandoned charges; the gateway away (nothing charged) or its answer lost (one charge); hostile webhook bodies;
// no gateway at all (the bank transfer's details); the public return reaches Tap only for a pending payment of
// ours (made-up ids cost no call) and is limited per client address.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { addMonths, ERRORS } from "@sufra/schema";
import { call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { tapAppForFile } from "./support/per-file.ts";

const { fake, app, pool } = tapAppForFile();
let base = "";
beforeAll(() => {
  base = app.base;
});

const sub = async (businessId: string) =>
  (await pool.query("select * from subscriptions where business_id = $1", [businessId])).rows[0];
const payments = async (businessId: string) =>
  (await pool.query("select * from payments where business_id = $1 order by created_at", [businessId])).rows;
const invoices = async (businessId: string) =>
  (await pool.query("select * from invoices where business_id = $1 and kind = 'invoice'", [businessId])).rows;
const applied = async (businessId: string) =>
  Number(
    (
      await pool.query("select count(*) from audit_log where entity_id = $1 and action = 'billing.payment_applied'", [
        businessId,
      ])
    ).rows[0].count,
  );
const chargeIdOf = (redirectUrl: string) => decodeURIComponent(new URL(redirectUrl).pathname.split("/").pop()!);

/** The browser following a URL once, without following the redirect: the status and where it goes. */
async function visit(url: string) {
  const res = await fetch(url, { redirect: "manual" });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get("location") ?? "" };
}

async function payNow(token: string, body: Record<string, unknown> = { source: "knet" }) {
  const r = await call(base, "POST", "/api/billing/pay", { token, body });
  expect(r.status).toBe(201);
  return {
    paymentId: r.body.payment.id as string,
    chargeId: chargeIdOf(r.body.redirect_url),
    redirectUrl: r.body.redirect_url as string,
    body: r.body,
  };
}

describe("paying through Tap", () => {
  test("a trial café pays with KNET: active, its month starting at the trial's end, one invoice; the return shows the payment", async () => {
    const cafe = await signedInBusiness(base, { over: { requested_plan: "professional" } });
    const before = await sub(cafe.businessId);
    expect(before.status).toBe("trial");

    const page = await call(base, "GET", "/api/billing", { token: cafe.token });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      plan: "professional",
      status: "trial",
      can_manage: true,
      gateway_configured: true,
      bank_transfer: null,
      next_charge_fils: 15000,
      payable_now: true,
    });
    expect(page.body.sources).toEqual(expect.arrayContaining(["knet", "card", "apple_pay"]));

    const { paymentId, chargeId, redirectUrl } = await payNow(cafe.token);
    expect(redirectUrl.startsWith(fake.url)).toBe(true);
    const charge = fake.charges.get(chargeId)!;
    expect(charge.amount).toBe(15);
    expect(charge.currency).toBe("KWD");
    expect(charge.source.id).toBe("src_kw.knet");
    expect(charge.reference.transaction).toBe(paymentId);
    expect(charge.redirect.url).toBe(`${base}/api/billing/return`);
    expect(charge.post?.url).toBe(`${base}/api/billing/webhooks/tap`);
    // the page shows it pending meanwhile
    expect((await call(base, "GET", "/api/billing", { token: cafe.token })).body.pending_payment.id).toBe(paymentId);

    const back = fake.complete(chargeId, "CAPTURED", { method: "KNET", webhook: "none" });
    const seen = await visit(back.redirectUrl);
    expect(seen).toEqual({ status: 303, location: `/billing?payment=${paymentId}` });

    const after = await sub(cafe.businessId);
    expect(after.status).toBe("active");
    expect(after.period_starts_at.getTime()).toBe(before.trial_ends_at.getTime());
    expect(after.renews_at.getTime()).toBe(addMonths(before.trial_ends_at).getTime());
    const [p] = await payments(cafe.businessId);
    expect(p).toMatchObject({
      id: paymentId,
      status: "paid",
      method: "knet",
      amount_fils: 15000,
      purpose: "period",
      gateway: "tap",
      gateway_charge_id: chargeId,
    });
    expect(p.receipt).toBeTruthy();
    expect(p.applied_at).toBeTruthy();
    expect(p.period_start.getTime()).toBe(before.trial_ends_at.getTime());
    expect(await invoices(cafe.businessId)).toHaveLength(1);
    // one mail for the payment: the invoice, with its PDF (the "payment received" notice is in the app only)
    const mails = (
      await pool.query(
        "select template from outbound_mail where created_at >= $1 and template in ('invoiceIssued', 'billingNotice') and \"to\" = $2",
        [before.updated_at, cafe.email],
      )
    ).rows;
    expect(mails.map((m) => m.template)).toEqual(["invoiceIssued"]);
    expect(
      (
        await pool.query(
          "select count(*)::int as n from notifications where type = 'payment_received' and data->>'businessId' = $1",
          [cafe.businessId],
        )
      ).rows[0].n,
    ).toBeGreaterThan(0);

    const shown = await call(base, "GET", `/api/billing/payments/${paymentId}`, { token: cafe.token });
    expect(shown.body).toMatchObject({ id: paymentId, status: "paid", method: "knet", amount_fils: 15000 });
    const g = await gql(
      base,
      `query($id: ID!) { billingPayment(id: $id) { id status amountFils method } billing { status plan periodStartsAt periodEndsAt payableNow } }`,
      { id: paymentId },
      cafe.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.billingPayment).toEqual({ id: paymentId, status: "PAID", amountFils: 15000, method: "KNET" });
    expect(g.data.billing).toMatchObject({
      status: "ACTIVE",
      plan: "PROFESSIONAL",
      periodStartsAt: before.trial_ends_at.toISOString(),
      payableNow: false,
    });
  });

  test("paid after the tab was closed: the webhook alone applies it, and the business's subscription.changed webhook event is recorded", async () => {
    const cafe = await signedInBusiness(base);
    // an endpoint of the café's own software listening to subscription changes (delivery itself is the webhooks module's)
    await pool.query(
      "insert into webhook_endpoints (id, business_id, url, events, secret_sealed, updated_at) values (gen_random_uuid(), $1, 'https://hooks.example.kw/sufra', '{subscription.changed}', 'sealed', now())",
      [cafe.businessId],
    );
    const { paymentId, chargeId } = await payNow(cafe.token, { source: "card" });
    fake.complete(chargeId, "CAPTURED", { method: "VISA", webhook: "once" });
    await fake.settled();
    expect(fake.webhooksSent.filter((w) => w.id === chargeId).map((w) => w.answer)).toEqual([200]);
    expect((await sub(cafe.businessId)).status).toBe("active");
    expect((await payments(cafe.businessId))[0]).toMatchObject({ id: paymentId, status: "paid", method: "card" });
    expect(await invoices(cafe.businessId)).toHaveLength(1);
    const events = (
      await pool.query("select data from webhook_events where business_id = $1 and type = 'subscription.changed'", [
        cafe.businessId,
      ])
    ).rows;
    expect(events).toHaveLength(1);
    expect(events[0].data).toMatchObject({
      business_id: cafe.businessId,
      change: "payment_received",
      status: "active",
      plan: "premium",
    });
    await pool.query("update webhook_endpoints set enabled = false where business_id = $1", [cafe.businessId]);
  });

  test("a forged return (a pending charge, an unknown id, made-up status parameters) activates nothing", async () => {
    const cafe = await signedInBusiness(base);
    const { paymentId, chargeId } = await payNow(cafe.token);
    const forged = await visit(
      `${base}/api/billing/return?tap_id=${chargeId}&status=CAPTURED&amount=15.000&result=SUCCESS&reference=${paymentId}`,
    );
    expect(forged).toEqual({ status: 303, location: `/billing?payment=${paymentId}` });
    expect((await payments(cafe.businessId))[0].status).toBe("pending");
    expect((await sub(cafe.businessId)).status).toBe("trial");

    for (const q of [
      "tap_id=chg_TS0000000000000000000000",
      "tap_id=",
      "",
      "tap_id=../../v2/refunds",
      `tap_id=${paymentId}`,
      "tap_id[]=x&tap_id[]=y",
    ]) {
      expect(await visit(`${base}/api/billing/return?${q}`)).toEqual({
        status: 303,
        location: "/billing?payment=unknown",
      });
    }
    expect((await sub(cafe.businessId)).status).toBe("trial");
    expect(await applied(cafe.businessId)).toBe(0);
  });

  test("the return asks Tap only about a pending payment of ours: 300 anonymous returns with made-up ids cost no call to Tap", async () => {
    const cafe = await signedInBusiness(base);
    const { paymentId, chargeId } = await payNow(cafe.token);
    const reads = () =>
      fake.state.requests.filter((r) => r.method === "GET" && r.path.startsWith("/v2/charges/")).length;
    const before = reads();
    const made = Array.from(
      { length: 300 },
      (_, i) => `chg_TS${String(i).padStart(4, "0")}${Math.random().toString(36).slice(2, 14)}`,
    );
    const started = Date.now();
    const seen = await Promise.all(made.map((id) => visit(`${base}/api/billing/return?tap_id=${id}`)));
    const ms = Date.now() - started;
    expect(new Set(seen.map((s) => `${s.status} ${s.location}`))).toEqual(new Set(["303 /billing?payment=unknown"]));
    process.stdout.write(`300 returns with made-up ids: ${ms} ms, ${reads() - before} calls to Tap\n`);
    expect(reads() - before).toBe(0);

    // our pending payment's charge is read from Tap (once per return), and settled
    fake.complete(chargeId, "CAPTURED", { webhook: "none" });
    expect(await visit(`${base}/api/billing/return?tap_id=${chargeId}`)).toEqual({
      status: 303,
      location: `/billing?payment=${paymentId}`,
    });
    expect(reads() - before).toBe(1);
    expect((await payments(cafe.businessId))[0].status).toBe("paid");
    // settled: the return shows it from our own rows
    expect(await visit(`${base}/api/billing/return?tap_id=${chargeId}`)).toEqual({
      status: 303,
      location: `/billing?payment=${paymentId}`,
    });
    expect(reads() - before).toBe(1);
    expect(await applied(cafe.businessId)).toBe(1);
  });

  test("the return is limited per client address (RATE_LIMIT_PER_IP): past it 429 RATE_LIMITED in the person's language; another address is not held back", async () => {
    const limited = await startTestApp({ ...fake.state.env, TRUST_PROXY: "loopback", RATE_LIMIT_PER_IP: "20" });
    try {
      const back = async (from: string, lang = "en") => {
        const res = await fetch(
          `${limited.base}/api/billing/return?tap_id=chg_TS${Math.random().toString(36).slice(2, 14)}`,
          { redirect: "manual", headers: { "x-forwarded-for": from, "accept-language": lang } },
        );
        const text = await res.text();
        return { status: res.status, body: res.status === 429 ? JSON.parse(text) : null };
      };
      const answers = [];
      for (let i = 0; i < 20; i++) answers.push((await back("203.0.113.7")).status);
      expect(answers).toEqual(Array(20).fill(303));
      const over = await back("203.0.113.7");
      expect([over.status, over.body.code, over.body.message]).toEqual([429, "RATE_LIMITED", ERRORS.RATE_LIMITED.en]);
      const overAr = await back("203.0.113.7", "ar");
      expect([overAr.status, overAr.body.message]).toEqual([429, ERRORS.RATE_LIMITED.ar]);
      expect((await back("198.51.100.4")).status).toBe(303);
    } finally {
      await limited.stop();
    }
  });

  test("the webhook twice, the return, and the webhook once more: one period, one invoice", async () => {
    const cafe = await signedInBusiness(base);
    const before = await sub(cafe.businessId);
    const { paymentId, chargeId } = await payNow(cafe.token);
    const back = fake.complete(chargeId, "CAPTURED", { webhook: "twice" });
    await fake.settled();
    expect(await visit(back.redirectUrl)).toEqual({ status: 303, location: `/billing?payment=${paymentId}` });
    const again = await fake.sendWebhook(chargeId);
    expect(again.answer).toBe(200);
    // and the same moment from two sides at once
    await Promise.all([visit(back.redirectUrl), fake.sendWebhook(chargeId), visit(back.redirectUrl)]);

    const after = await sub(cafe.businessId);
    expect(after.renews_at.getTime()).toBe(addMonths(before.trial_ends_at).getTime());
    expect(await invoices(cafe.businessId)).toHaveLength(1);
    expect(await applied(cafe.businessId)).toBe(1);
    expect(fake.createCount()).toBeGreaterThan(0);
  });

  test("a webhook with a forged signature is refused (401) and changes nothing", async () => {
    const cafe = await signedInBusiness(base);
    const { chargeId } = await payNow(cafe.token);
    fake.complete(chargeId, "CAPTURED", { webhook: "forged" });
    await fake.settled();
    const sent = fake.webhooksSent.filter((w) => w.id === chargeId);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.every((w) => w.answer === 401)).toBe(true);
    expect((await payments(cafe.businessId))[0].status).toBe("pending");
    expect((await sub(cafe.businessId)).status).toBe("trial");
    expect(
      Number(
        (await pool.query("select count(*) from gateway_events where key like $1", [`%${chargeId}%`])).rows[0].count,
      ),
    ).toBe(0);

    // an altered body under a genuine signature is refused too
    const c = fake.charges.get(chargeId)!;
    const hashstring = fake.hashstring(c);
    const altered = JSON.stringify({ ...c, amount: 0.5 });
    const r = await fetch(`${base}/api/billing/webhooks/tap`, {
      method: "POST",
      headers: { "content-type": "application/json", hashstring },
      body: altered,
    });
    expect(r.status).toBe(401);
    expect((await sub(cafe.businessId)).status).toBe("trial");
  });

  test("hostile webhook bodies get a 4xx, never a 5xx", async () => {
    const url = `${base}/api/billing/webhooks/tap`;
    const bodies: { headers: Record<string, string>; body: string }[] = [
      { headers: { "content-type": "application/json", hashstring: "a".repeat(64) }, body: "{not json" },
      { headers: { "content-type": "application/json" }, body: "{}" },
      { headers: { "content-type": "text/plain", hashstring: "zz" }, body: "hello" },
      {
        headers: { "content-type": "application/x-www-form-urlencoded", hashstring: "a".repeat(64) },
        body: "id=chg_1&status=CAPTURED",
      },
      { headers: { "content-type": "application/json", hashstring: "a".repeat(64) }, body: "{".repeat(200 * 1024) },
      {
        headers: { "content-type": "application/json", hashstring: "a".repeat(64) },
        body: JSON.stringify({ id: 42, object: "charge" }),
      },
      { headers: { "content-type": "application/json", hashstring: "a".repeat(64) }, body: "[]" },
      { headers: {}, body: "" },
    ];
    for (const b of bodies) {
      const r = await fetch(url, { method: "POST", headers: b.headers, body: b.body });
      await r.arrayBuffer();
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
    }
  });

  test("declined KNET: failed with the gateway's reason; a page left: abandoned; a new attempt is a new charge", async () => {
    const cafe = await signedInBusiness(base);
    const first = await payNow(cafe.token);
    const back = fake.complete(first.chargeId, "DECLINED", { method: "KNET", webhook: "none" });
    expect(await visit(back.redirectUrl)).toEqual({ status: 303, location: `/billing?payment=${first.paymentId}` });
    const shown = await call(base, "GET", `/api/billing/payments/${first.paymentId}`, { token: cafe.token });
    expect(shown.body).toMatchObject({ status: "failed", failure_code: "501", failure_message: "Declined" });
    expect((await sub(cafe.businessId)).status).toBe("trial");

    const second = await payNow(cafe.token);
    expect(second.chargeId).not.toBe(first.chargeId);
    const left = fake.complete(second.chargeId, "ABANDONED");
    await visit(left.redirectUrl);
    expect(
      (await call(base, "GET", `/api/billing/payments/${second.paymentId}`, { token: cafe.token })).body.status,
    ).toBe("abandoned");
    expect(await applied(cafe.businessId)).toBe(0);
    expect(await invoices(cafe.businessId)).toHaveLength(0);
  });

  test("a charge whose amount does not match its payment is never applied", async () => {
    const cafe = await signedInBusiness(base);
    const { paymentId, chargeId } = await payNow(cafe.token);
    fake.charges.get(chargeId)!.amount = 0.5; // Tap's record says something else than what we asked
    const back = fake.complete(chargeId, "CAPTURED", { webhook: "once" });
    await fake.settled();
    await visit(back.redirectUrl);
    expect((await payments(cafe.businessId))[0]).toMatchObject({ id: paymentId, status: "pending" });
    expect((await sub(cafe.businessId)).status).toBe("trial");
    expect(
      Number(
        (
          await pool.query(
            "select count(*) from audit_log where entity_id = $1 and action = 'billing.charge_mismatch'",
            [cafe.businessId],
          )
        ).rows[0].count,
      ),
    ).toBeGreaterThan(0);
  });

  test("another business's charge changes nothing of ours, and its payment stays hidden from us", async () => {
    const a = await signedInBusiness(base);
    const b = await signedInBusiness(base);
    const theirs = await payNow(b.token);
    const back = fake.complete(theirs.chargeId, "CAPTURED", { webhook: "none" });
    // A opens B's return URL: the charge is B's payment, applied to B (it is paid), never to A
    await visit(back.redirectUrl);
    expect((await sub(a.businessId)).status).toBe("trial");
    expect(await payments(a.businessId)).toHaveLength(0);
    expect((await sub(b.businessId)).status).toBe("active");
    expect((await call(base, "GET", `/api/billing/payments/${theirs.paymentId}`, { token: a.token })).status).toBe(404);
  });

  test("Tap away: nothing charged, the payment failed, PAYMENT_GATEWAY_UNAVAILABLE; an answer lost: one charge, the same reference", async () => {
    const cafe = await signedInBusiness(base);
    fake.failNext("create_charge", 503, 2);
    const away = await call(base, "POST", "/api/billing/pay", {
      token: cafe.token,
      body: { source: "knet" },
      lang: "ar",
    });
    expect(away.status).toBe(503);
    expect(away.body.code).toBe("PAYMENT_GATEWAY_UNAVAILABLE");
    expect((await payments(cafe.businessId))[0]).toMatchObject({
      status: "failed",
      failure_code: "gateway_unreachable",
    });

    const made = fake.createCount();
    fake.failNext("create_charge", "lost", 1);
    const { paymentId, chargeId } = await payNow(cafe.token);
    expect(fake.createCount()).toBe(made + 1);
    const creates = fake.state.requests.filter(
      (r) => r.method === "POST" && r.path === "/v2/charges" && r.body?.reference?.idempotent === paymentId,
    );
    expect(creates).toHaveLength(2);
    expect(fake.charges.get(chargeId)!.reference.transaction).toBe(paymentId);
  });

  test("bad input is a 400 naming the field in the person's language", async () => {
    const cafe = await signedInBusiness(base);
    const r = await call(base, "POST", "/api/billing/pay", {
      token: cafe.token,
      body: { source: "bitcoin" },
      lang: "ar",
    });
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.details)).toEqual(["source"]);
    expect(r.body.details.source[0]).toMatch(/[\u0600-\u06FF]/);
    const d = await call(base, "PUT", "/api/billing/details", {
      token: cafe.token,
      body: { legal_name: "", billing_address: "Kuwait City" },
    });
    expect(d.status).toBe(400);
    expect(Object.keys(d.body.details)).toEqual(["legal_name"]);
    const ok = await call(base, "PUT", "/api/billing/details", {
      token: cafe.token,
      body: { legal_name: "Dar Al Qahwa W.L.L.", billing_address: "Block 3, Salmiya\nKuwait" },
    });
    expect(ok.body).toMatchObject({ legal_name: "Dar Al Qahwa W.L.L.", billing_address: "Block 3, Salmiya\nKuwait" });
  });

  test("the sweep settles a charge whose webhook never came and whose tab was closed (paid through the GraphQL door)", async () => {
    const cafe = await signedInBusiness(base);
    const g = await gql(
      base,
      `mutation { payNow(source: APPLE_PAY) { redirectUrl payment { id status amountFils purpose plan } } }`,
      {},
      cafe.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.payNow.payment).toMatchObject({
      status: "PENDING",
      amountFils: 49000,
      purpose: "PERIOD",
      plan: "PREMIUM",
    });
    const paymentId = g.data.payNow.payment.id as string;
    const chargeId = chargeIdOf(g.data.payNow.redirectUrl);
    expect(fake.charges.get(chargeId)!.source.id).toBe("src_apple_pay");
    fake.complete(chargeId, "CAPTURED", { webhook: "none" });
    await pool.query("update payments set created_at = now() - interval '31 minutes' where id = $1", [paymentId]);
    const out = await app.sufra.services.billing.settlePendingPayments();
    expect(out.settled).toBeGreaterThanOrEqual(1);
    expect((await sub(cafe.businessId)).status).toBe("active");
    expect(await invoices(cafe.businessId)).toHaveLength(1);
  });
});

describe("without a payment gateway", () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({
      PAYMENT_BANK_NAME: "National Bank of Kuwait",
      PAYMENT_BANK_IBAN: "KW81CBKU0000000000001234560101",
      PAYMENT_BANK_BENEFICIARY: "Sufra Technologies W.L.L.",
    });
  }, 60_000);
  afterAll(async () => {
    await bare?.stop();
  });

  test("Pay now is PAYMENTS_NOT_CONFIGURED and the page shows the bank transfer's details", async () => {
    const cafe = await signedInBusiness(bare.base);
    const r = await call(bare.base, "POST", "/api/billing/pay", { token: cafe.token, body: { source: "knet" } });
    expect(r.status).toBe(409);
    expect(r.body.code).toBe("PAYMENTS_NOT_CONFIGURED");
    const page = await call(bare.base, "GET", "/api/billing", { token: cafe.token });
    expect(page.body).toMatchObject({
      gateway_configured: false,
      sources: [],
      bank_transfer: {
        bank_name: "National Bank of Kuwait",
        iban: "KW81CBKU0000000000001234560101",
        beneficiary: "Sufra Technologies W.L.L.",
      },
    });
    const g = await gql(
      bare.base,
      `{ billing { gatewayConfigured bankTransfer { bankName iban beneficiary } } }`,
      {},
      cafe.token,
    );
    expect(g.data.billing).toEqual({
      gatewayConfigured: false,
      bankTransfer: {
        bankName: "National Bank of Kuwait",
        iban: "KW81CBKU0000000000001234560101",
        beneficiary: "Sufra Technologies W.L.L.",
      },
    });
    // and Tap's webhook address is not there at all
    expect((await call(bare.base, "POST", "/api/billing/webhooks/tap", { body: { id: "chg_x" } })).status).toBe(404);
  });

  test("PAYMENT_GATEWAY=tap without its key stops the start", async () => {
    const { loadConfig } = await import("../src/config.ts");
    expect(() => loadConfig({ PAYMENT_GATEWAY: "tap" })).toThrow(/PAYMENT_SECRET_KEY/);
    expect(() => loadConfig({ PAYMENT_GATEWAY: "tap", PAYMENT_SECRET_KEY: "pk_test_abc" })).toThrow(
      /PAYMENT_SECRET_KEY/,
    );
    expect(() => loadConfig({ PAYMENT_GATEWAY: "stripe" })).toThrow(/PAYMENT_GATEWAY/);
  });
});
