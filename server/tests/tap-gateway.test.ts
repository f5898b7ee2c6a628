// The Tap gateway against its strict local stand-in (docs/architecture.md#the-rooms, payments/):
// fils written as Tap's KWD amounts exactly, charges created, read back and refunded, KNET's declines and
// abandoned pages, webhooks whose hashstring is checked (forged or altered ones refused), a create sent
// twice making one charge, and Tap's refusals mapped to the kinds the billing module acts on. No app and
// no database: only the gateway, the stand-in and a receiver for the webhooks.
import { createHmac } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import { createTapGateway, decimalToMinor, filsToKwd, kwdToFils, tapHashstring } from "../src/payments/tap.ts";
import { GatewayError, type CreateChargeInput, type PaymentGateway } from "../src/payments/types.ts";
import { startTapFake, type TapFake } from "./fakes/tap-server.ts";

let fake: TapFake;
let tap: PaymentGateway;
/** what the gateway sent: method, path and the raw JSON text */
const sent: { method: string; url: string; body: string }[] = [];
let receiver: http.Server;
let hooksUrl = "";
/** webhooks the receiver got, raw */
const received: { headers: http.IncomingHttpHeaders; raw: Buffer }[] = [];
let seq = 0;

beforeAll(async () => {
  fake = await startTapFake();
  const recording: typeof fetch = async (input, init) => {
    sent.push({ method: String(init?.method ?? "GET"), url: String(input), body: String(init?.body ?? "") });
    return fetch(input, init);
  };
  tap = createTapGateway({ secretKey: fake.state.secretKey, baseUrl: fake.url, timeoutMs: 2_000, fetch: recording });
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      received.push({ headers: req.headers, raw: Buffer.concat(chunks) });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
  hooksUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/tap`;
});
afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((r) => receiver.close(r));
  await fake.close();
});
beforeEach(() => {
  fake.state.webhookDefaults = { mode: "once", delayMs: 0 };
  fake.state.refundOutcome = "REFUNDED";
});

function input(over: Partial<CreateChargeInput> = {}): CreateChargeInput {
  seq++;
  return {
    amountFils: 15_000,
    reference: `pay_${Date.now()}_${seq}`,
    description: "Sufra Pro, one month",
    source: "knet",
    customer: { name: "Fatma Al-Sabah", email: "fatma@cafe.example", phone: "+965 5000 1234" },
    returnUrl: "https://sufra.example/billing/return?payment=1",
    webhookUrl: hooksUrl,
    metadata: { business: "b1", plan: "pro" },
    ...over,
  };
}

async function rejection(p: Promise<unknown>): Promise<GatewayError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(GatewayError);
  return err as GatewayError;
}

/** the webhooks received for a charge or refund id */
const hooksFor = (id: string) => received.filter((h) => JSON.parse(h.raw.toString("utf8")).id === id);

describe("fils and Tap's KWD amounts", () => {
  test("fils are written with three decimals exactly, and read back exactly", () => {
    expect(filsToKwd(1)).toBe("0.001");
    expect(filsToKwd(15_000)).toBe("15.000");
    expect(filsToKwd(49_000)).toBe("49.000");
    expect(filsToKwd(10_999)).toBe("10.999");
    expect(filsToKwd(100)).toBe("0.100");
    expect(kwdToFils(0.001)).toBe(1);
    expect(kwdToFils(15)).toBe(15_000);
    expect(kwdToFils(10.999)).toBe(10_999);
    expect(kwdToFils("49.000")).toBe(49_000);
    // more than whole fils, or not an amount
    expect(kwdToFils(1.0005)).toBeNull();
    expect(kwdToFils(-1)).toBeNull();
    expect(kwdToFils(1e-7)).toBeNull();
    expect(decimalToMinor(10.5, 2)).toBe(1050);
    // every amount up to 60 KWD (each plan, each fils remainder), and some large ones, survive the trip through Tap's JSON number
    for (const fils of [...Array.from({ length: 60_000 }, (_, i) => i + 1), 999_999_999, 123_456_789_012]) {
      if (kwdToFils(JSON.parse(filsToKwd(fils))) !== fils) throw new Error(`${fils} fils did not survive`);
    }
    expect(() => filsToKwd(1.5)).toThrow(RangeError);
  });

  test.each([15_000, 49_000, 10_999, 100])(
    "a charge of %i fils is sent as Tap's decimal and read back in fils",
    async (fils) => {
      const charge = await tap.createCharge(input({ amountFils: fils, source: "all" }));
      const body = sent.filter((s) => s.url.endsWith("/v2/charges")).at(-1)!.body;
      expect(body.startsWith(`{"amount":${filsToKwd(fils)},`)).toBe(true);
      expect(charge.amountFils).toBe(fils);
      expect(fake.charges.get(charge.id)!.amount * 1000).toBeCloseTo(fils, 6);
    },
  );

  test("1 fils is refused by Tap's minimum of 0.100", async () => {
    const err = await rejection(tap.createCharge(input({ amountFils: 1 })));
    expect(err).toMatchObject({ kind: "refused", status: 400, code: "1117" });
  });
});

describe("charges", () => {
  test("a KNET charge: created pending with Tap's page, read back by id, paid once the person pays", async () => {
    const payment = input();
    const charge = await tap.createCharge(payment);
    expect(charge).toMatchObject({
      state: "pending",
      gatewayStatus: "INITIATED",
      amountFils: 15_000,
      currency: "KWD",
      reference: payment.reference,
      method: "knet",
      failure: null,
      receipt: null,
    });
    expect(charge.redirectUrl).toBe(`${fake.url}/pay/${charge.id}`);
    const stored = fake.charges.get(charge.id)!;
    expect(stored).toMatchObject({
      currency: "KWD",
      save_card: false,
      threeDSecure: true,
      source: { id: "src_kw.knet" },
      redirect: { url: payment.returnUrl },
      post: { url: hooksUrl },
      reference: { transaction: payment.reference, order: payment.reference, idempotent: payment.reference },
      customer: {
        first_name: "Fatma",
        last_name: "Al-Sabah",
        email: "fatma@cafe.example",
        phone: { country_code: "965", number: "50001234" },
      },
      metadata: { business: "b1", plan: "pro" },
    });

    const { redirectUrl } = fake.complete(charge.id, "CAPTURED", { webhook: "none" });
    const back = new URL(redirectUrl);
    expect(back.searchParams.get("tap_id")).toBe(charge.id);
    expect(back.searchParams.get("payment")).toBe("1");
    const paid = await tap.retrieveCharge(charge.id);
    expect(paid).toMatchObject({
      id: charge.id,
      state: "paid",
      gatewayStatus: "CAPTURED",
      method: "knet",
      redirectUrl: null,
      failure: null,
    });
    expect(paid.receipt).toMatch(/^\d+$/);
  });

  test("KNET declined: failed, with Tap's code and message", async () => {
    const charge = await tap.createCharge(input());
    fake.complete(charge.id, "DECLINED", { webhook: "none" });
    expect(await tap.retrieveCharge(charge.id)).toMatchObject({
      state: "failed",
      gatewayStatus: "DECLINED",
      failure: { code: "501", message: "Declined" },
      redirectUrl: null,
      receipt: null,
    });
  });

  test("left on Tap's page: abandoned, and Tap posts nothing; cancelled and timed out read as abandoned too", async () => {
    const left = await tap.createCharge(input());
    fake.complete(left.id, "ABANDONED");
    await fake.settled();
    expect(await tap.retrieveCharge(left.id)).toMatchObject({
      state: "abandoned",
      gatewayStatus: "ABANDONED",
      failure: { code: "301" },
    });
    expect(fake.webhooksSent.filter((w) => w.id === left.id)).toEqual([]);
    for (const status of ["CANCELLED", "TIMEDOUT"] as const) {
      const c = await tap.createCharge(input());
      fake.complete(c.id, status, { webhook: "none" });
      expect((await tap.retrieveCharge(c.id)).state).toBe("abandoned");
    }
    for (const status of ["FAILED", "RESTRICTED", "VOID", "UNKNOWN"] as const) {
      const c = await tap.createCharge(input());
      fake.complete(c.id, status, { webhook: "none" });
      expect((await tap.retrieveCharge(c.id)).state).toBe("failed");
    }
  });

  test("card and Apple Pay charges say how they were paid", async () => {
    const card = await tap.createCharge(input({ source: "card", amountFils: 49_000 }));
    expect(fake.charges.get(card.id)!.source.id).toBe("src_card");
    fake.complete(card.id, "CAPTURED", { webhook: "none", method: "MASTERCARD" });
    expect(await tap.retrieveCharge(card.id)).toMatchObject({ state: "paid", method: "card", amountFils: 49_000 });
    const apple = await tap.createCharge(input({ source: "apple_pay" }));
    fake.complete(apple.id, "CAPTURED", { webhook: "none" });
    expect(await tap.retrieveCharge(apple.id)).toMatchObject({ state: "paid", method: "apple_pay" });
    const any = await tap.createCharge(input({ source: "all" }));
    fake.complete(any.id, "CAPTURED", { webhook: "none", method: "KNET" });
    expect(await tap.retrieveCharge(any.id)).toMatchObject({ state: "paid", method: "knet" });
  });

  test("an unknown charge is Tap's 404", async () => {
    expect(await rejection(tap.retrieveCharge("chg_TS0000000000nothere"))).toMatchObject({
      kind: "refused",
      status: 404,
      code: "1144",
    });
  });

  test("the payment page: buttons a browser clicks, then back to redirect.url with tap_id and the webhook", async () => {
    const charge = await tap.createCharge(input({ amountFils: 10_999 }));
    const page = await fetch(charge.redirectUrl!);
    const html = await page.text();
    expect(html).toContain("10.999 KWD");
    for (const b of [">Pay<", ">Decline<", ">Cancel<"]) expect(html).toContain(b);
    const click = await fetch(charge.redirectUrl!, {
      method: "POST",
      body: new URLSearchParams({ status: "DECLINED" }),
      redirect: "manual",
    });
    expect(click.status).toBe(303);
    expect(new URL(click.headers.get("location")!).searchParams.get("tap_id")).toBe(charge.id);
    await fake.settled();
    const [hook] = hooksFor(charge.id);
    expect(tap.verifyWebhook(hook.headers, hook.raw)).toMatchObject({
      kind: "charge",
      charge: { id: charge.id, state: "failed", amountFils: 10_999 },
    });
    // the page is finished: no second click
    expect(
      (
        await fetch(charge.redirectUrl!, {
          method: "POST",
          body: new URLSearchParams({ status: "CAPTURED" }),
          redirect: "manual",
        })
      ).status,
    ).toBe(409);
  });
});

describe("webhooks", () => {
  test("a captured charge's webhook is verified and read as paid", async () => {
    const charge = await tap.createCharge(input({ amountFils: 49_000 }));
    fake.complete(charge.id, "CAPTURED");
    await fake.settled();
    const hooks = hooksFor(charge.id);
    expect(hooks).toHaveLength(1);
    expect(hooks[0].headers.hashstring).toMatch(/^[0-9a-f]{64}$/);
    const event = tap.verifyWebhook(hooks[0].headers, hooks[0].raw);
    expect(event).toMatchObject({
      kind: "charge",
      charge: { id: charge.id, state: "paid", amountFils: 49_000, method: "knet" },
    });
    expect(fake.charges.get(charge.id)!.post).toMatchObject({ status: "SUCCESS", attempt: 1 });
  });

  test("the hashstring is Tap's documented string, the amount with three decimals", () => {
    const obj = {
      id: "chg_1",
      object: "charge",
      amount: 1.5,
      currency: "KWD",
      status: "CAPTURED",
      reference: { gateway: "gw", payment: "py" },
      transaction: { created: "1700" },
    };
    const expected = createHmac("sha256", "sk_test_x")
      .update(
        "x_idchg_1x_amount1.500x_currencyKWDx_gateway_referencegwx_payment_referencepyx_statusCAPTUREDx_created1700",
      )
      .digest("hex");
    expect(tapHashstring(obj, "sk_test_x")).toBe(expected);
    expect(tapHashstring({ ...obj, currency: "SAR", amount: 10 }, "sk_test_x")).toBe(
      createHmac("sha256", "sk_test_x")
        .update(
          "x_idchg_1x_amount10.00x_currencySARx_gateway_referencegwx_payment_referencepyx_statusCAPTUREDx_created1700",
        )
        .digest("hex"),
    );
  });

  test("forged, altered or unsigned webhooks are refused", async () => {
    const charge = await tap.createCharge(input());
    fake.complete(charge.id, "CAPTURED", { webhook: "forged" });
    await fake.settled();
    const [forged] = hooksFor(charge.id);
    expect(forged).toBeDefined();
    expect(tap.verifyWebhook(forged.headers, forged.raw)).toBeNull();

    const good = await fake.sendWebhook(charge.id);
    const raw = Buffer.from(good.body);
    const headers = { hashstring: good.hashstring };
    expect(tap.verifyWebhook(headers, raw)?.kind).toBe("charge");
    // the body altered after signing: status, amount, id
    const body = JSON.parse(good.body);
    for (const change of [{ status: "DECLINED" }, { amount: 0.5 }, { id: "chg_other" }, { currency: "KWX" }]) {
      expect(tap.verifyWebhook(headers, Buffer.from(JSON.stringify({ ...body, ...change })))).toBeNull();
    }
    // no signature, or not one
    expect(tap.verifyWebhook({}, raw)).toBeNull();
    expect(tap.verifyWebhook({ hashstring: "" }, raw)).toBeNull();
    expect(tap.verifyWebhook({ hashstring: "zz".repeat(32) }, raw)).toBeNull();
    expect(tap.verifyWebhook({ hashstring: good.hashstring.slice(0, 63) }, raw)).toBeNull();
    expect(tap.verifyWebhook(headers, Buffer.from("not json"))).toBeNull();
    // signed with another key (another Tap account)
    const other = createTapGateway({ secretKey: "sk_test_another", baseUrl: fake.url });
    expect(other.verifyWebhook(headers, raw)).toBeNull();
  });

  test("a webhook sent twice reads the same both times; a late one still verifies", async () => {
    const charge = await tap.createCharge(input());
    fake.complete(charge.id, "CAPTURED", { webhook: "twice", delayMs: 50 });
    expect(hooksFor(charge.id)).toHaveLength(0);
    await fake.settled();
    const events = hooksFor(charge.id).map((h) => tap.verifyWebhook(h.headers, h.raw));
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual(events[1]);
    expect(events[0]).toMatchObject({ kind: "charge", charge: { id: charge.id, state: "paid" } });
  });

  test("a webhook that does not arrive: the charge is still read by id", async () => {
    const charge = await tap.createCharge(input());
    fake.complete(charge.id, "CAPTURED", { webhook: "none" });
    await fake.settled();
    expect(hooksFor(charge.id)).toHaveLength(0);
    expect((await tap.retrieveCharge(charge.id)).state).toBe("paid");
  });

  test("a receiver that is down: Tap tries three times, then marks the post ERROR", async () => {
    const charge = await tap.createCharge(input({ webhookUrl: "http://127.0.0.1:9/down" }));
    fake.complete(charge.id, "CAPTURED");
    await fake.settled();
    expect(fake.webhooksSent.filter((w) => w.id === charge.id).map((w) => w.attempt)).toEqual([1, 2, 3]);
    expect(fake.charges.get(charge.id)!.post!.status).toBe("ERROR");
  });
});

describe("a create never makes two charges", () => {
  test("the same reference within a day answers the first charge", async () => {
    const payment = input();
    const before = fake.createCount();
    const a = await tap.createCharge(payment);
    const b = await tap.createCharge({ ...payment, amountFils: 49_000 });
    expect(b.id).toBe(a.id);
    expect(b.amountFils).toBe(15_000);
    expect(fake.createCount()).toBe(before + 1);
  });

  test("a create whose answer was lost: unreachable, found by its reference, and sent again it answers the same charge", async () => {
    const payment = input();
    const before = fake.createCount();
    fake.failNext("create_charge", "lost");
    expect(await rejection(tap.createCharge(payment))).toMatchObject({ kind: "unreachable" });
    expect(fake.createCount()).toBe(before + 1);
    const found = await tap.findChargeByReference!(payment.reference);
    expect(found).toMatchObject({ state: "pending", reference: payment.reference });
    const again = await tap.createCharge(payment);
    expect(again.id).toBe(found!.id);
    expect(fake.createCount()).toBe(before + 1);
    expect(await tap.findChargeByReference!(`pay_never_${seq}`)).toBeNull();
  });

  test("the repeat answers Tap's first response: a charge paid since still reads pending there, and paid when read by id", async () => {
    const payment = input();
    const first = await tap.createCharge(payment);
    fake.capture(first.id);
    const repeat = await tap.createCharge(payment);
    expect(repeat).toMatchObject({ id: first.id, state: "pending" });
    expect((await tap.retrieveCharge(first.id)).state).toBe("paid");
  });

  test("a new attempt with a new reference is a new charge", async () => {
    const first = await tap.createCharge(input());
    fake.complete(first.id, "DECLINED", { webhook: "none" });
    const second = await tap.createCharge(input());
    expect(second.id).not.toBe(first.id);
    expect(second.state).toBe("pending");
  });
});

describe("refunds", () => {
  test("a captured charge refunded in parts, never above what was paid; the same reference refunds once", async () => {
    const charge = await tap.createCharge(input({ amountFils: 10_999 }));
    fake.capture(charge.id);
    const part = await tap.refund({
      chargeId: charge.id,
      amountFils: 4_000,
      reason: "requested_by_customer",
      reference: `rf_${seq}_1`,
    });
    expect(part).toMatchObject({
      chargeId: charge.id,
      amountFils: 4_000,
      state: "succeeded",
      gatewayStatus: "REFUNDED",
    });
    const body = JSON.parse(sent.filter((s) => s.url.endsWith("/v2/refunds")).at(-1)!.body);
    expect(body).toMatchObject({
      charge_id: charge.id,
      amount: 4,
      currency: "KWD",
      reason: "requested_by_customer",
      reference: { merchant: `rf_${seq}_1`, idempotent: `rf_${seq}_1` },
    });
    const again = await tap.refund({
      chargeId: charge.id,
      amountFils: 4_000,
      reason: "requested_by_customer",
      reference: `rf_${seq}_1`,
    });
    expect(again.id).toBe(part.id);
    expect(
      await rejection(
        tap.refund({
          chargeId: charge.id,
          amountFils: 7_000,
          reason: "requested_by_customer",
          reference: `rf_${seq}_2`,
        }),
      ),
    ).toMatchObject({
      kind: "refused",
      status: 400,
      code: "1161",
    });
    expect(
      (
        await tap.refund({
          chargeId: charge.id,
          amountFils: 6_999,
          reason: "requested_by_customer",
          reference: `rf_${seq}_3`,
        })
      ).amountFils,
    ).toBe(6_999);
    expect(
      await rejection(
        tap.refund({ chargeId: charge.id, amountFils: 1, reason: "requested_by_customer", reference: `rf_${seq}_4` }),
      ),
    ).toMatchObject({ code: "1161" });
  });

  test("a charge not captured cannot be refunded; an unknown one is 404", async () => {
    const charge = await tap.createCharge(input());
    expect(
      await rejection(
        tap.refund({ chargeId: charge.id, amountFils: 1_000, reason: "duplicate", reference: `rf_${seq}` }),
      ),
    ).toMatchObject({ kind: "refused", code: "1143" });
    expect(
      await rejection(
        tap.refund({ chargeId: "chg_TS0000nothere", amountFils: 1_000, reason: "duplicate", reference: `rf_${seq}x` }),
      ),
    ).toMatchObject({ status: 404, code: "1144" });
  });

  test("a pending refund ends later, and its webhook is verified as a refund", async () => {
    const charge = await tap.createCharge(input());
    fake.capture(charge.id);
    fake.state.refundOutcome = "PENDING";
    const refund = await tap.refund({
      chargeId: charge.id,
      amountFils: 15_000,
      reason: "requested_by_customer",
      reference: `rf_${seq}`,
      webhookUrl: hooksUrl,
    });
    expect(refund).toMatchObject({ state: "pending", gatewayStatus: "PENDING", amountFils: 15_000 });
    fake.completeRefund(refund.id, "REFUNDED");
    await fake.settled();
    const [hook] = hooksFor(refund.id);
    expect(tap.verifyWebhook(hook.headers, hook.raw)).toEqual({
      kind: "refund",
      refund: { id: refund.id, chargeId: charge.id, amountFils: 15_000, state: "succeeded", gatewayStatus: "REFUNDED" },
    });
    const tampered = { ...JSON.parse(hook.raw.toString("utf8")), status: "FAILED" };
    expect(tap.verifyWebhook(hook.headers, Buffer.from(JSON.stringify(tampered)))).toBeNull();
  });
});

describe("Tap's refusals", () => {
  test("a wrong secret key is refused; a publishable key is not even taken", async () => {
    const wrong = createTapGateway({ secretKey: "sk_test_wrong", baseUrl: fake.url });
    expect(await rejection(wrong.createCharge(input()))).toMatchObject({ kind: "refused", status: 401, code: "2104" });
    expect(await rejection(wrong.retrieveCharge("chg_x"))).toMatchObject({ kind: "refused", status: 401 });
    expect(() => createTapGateway({ secretKey: fake.state.publishableKey, baseUrl: fake.url })).toThrow(/publishable/);
  });

  test("too many requests is rate_limited; Tap's own failures, cut connections and silence are unreachable", async () => {
    const charge = await tap.createCharge(input());
    fake.failNext("retrieve_charge", 429);
    expect(await rejection(tap.retrieveCharge(charge.id))).toMatchObject({ kind: "rate_limited", status: 429 });
    fake.failNext("retrieve_charge", 503);
    expect(await rejection(tap.retrieveCharge(charge.id))).toMatchObject({
      kind: "unreachable",
      status: 503,
      code: "2101",
    });
    fake.failNext("retrieve_charge", 500);
    expect(await rejection(tap.retrieveCharge(charge.id))).toMatchObject({ kind: "unreachable", status: 500 });
    fake.failNext("retrieve_charge", "reset");
    expect(await rejection(tap.retrieveCharge(charge.id))).toMatchObject({ kind: "unreachable", status: null });
    const impatient = createTapGateway({ secretKey: fake.state.secretKey, baseUrl: fake.url, timeoutMs: 200 });
    fake.failNext("retrieve_charge", "hang");
    const err = await rejection(impatient.retrieveCharge(charge.id));
    expect(err).toMatchObject({ kind: "unreachable" });
    expect(err.message).toMatch(/200 ms/);
    fake.failNext("create_charge", 429);
    expect(await rejection(tap.createCharge(input()))).toMatchObject({ kind: "rate_limited" });
    // nothing left failing
    expect((await tap.retrieveCharge(charge.id)).id).toBe(charge.id);
  });

  test("nothing answers at all: unreachable", async () => {
    const nowhere = createTapGateway({ secretKey: "sk_test_x", baseUrl: "http://127.0.0.1:9", timeoutMs: 1_000 });
    expect(await rejection(nowhere.retrieveCharge("chg_x"))).toMatchObject({ kind: "unreachable", status: null });
  });

  test("the stand-in refuses what Tap refuses", async () => {
    const post = (body: unknown, key: string | null = fake.state.secretKey) =>
      fetch(`${fake.url}/v2/charges`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
        body: JSON.stringify(body),
      }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as any,
      }));
    const good = {
      amount: 15,
      currency: "KWD",
      threeDSecure: true,
      save_card: false,
      source: { id: "src_kw.knet" },
      redirect: { url: "https://sufra.example/return" },
      customer: { first_name: "Fatma", email: "fatma@cafe.example" },
    };
    const code = async (body: unknown, key?: string | null) => {
      const r = await post(body, key);
      return `${r.status} ${r.body.errors?.[0]?.code}`;
    };
    expect(await code(good, null)).toBe("401 2107");
    expect(await code(good, fake.state.publishableKey)).toBe("401 2106");
    expect(await code(good, "sk_test_nope")).toBe("401 2104");
    expect(await code({ ...good, currency: "USD" })).toBe("400 1119");
    expect(await code({ ...good, currency: "kwd" })).toBe("400 1118");
    expect(await code({ ...good, amount: 1.0005 })).toBe("400 1117");
    expect(await code({ ...good, amount: 0 })).toBe("400 1117");
    expect(await code({ ...good, amount: -5 })).toBe("400 1117");
    expect(await code({ ...good, amount: "15" })).toBe("400 1117");
    expect(await code({ ...good, redirect: undefined })).toBe("400 1110");
    expect(await code({ ...good, redirect: { url: "not a url" } })).toBe("400 1111");
    expect(await code({ ...good, source: {} })).toBe("400 1124");
    expect(await code({ ...good, source: { id: "src_nowhere" } })).toBe("400 1125");
    expect(await code({ ...good, save_card: true })).toBe("400 1108");
    expect(await code({ ...good, customer: { email: "fatma@cafe.example" } })).toBe("400 1130");
    expect(await code({ ...good, customer: { first_name: "Fatma" } })).toBe("400 1139");
    expect(await code({ ...good, customer: { first_name: "Fatma", email: "nope" } })).toBe("400 1138");
    // a card charge may be in another currency; KNET only in KWD
    const usd = await post({ ...good, currency: "USD", amount: 10.5, source: { id: "src_card" } });
    expect(usd.status).toBe(200);
    expect(usd.body).toMatchObject({ status: "INITIATED", amount: 10.5, currency: "USD" });
    expect(await code({ ...good, currency: "USD", amount: 10.505, source: { id: "src_card" } })).toBe("400 1117");
    const malformed = await fetch(`${fake.url}/v2/charges`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.state.secretKey}`, "content-type": "application/json" },
      body: "{",
    });
    expect(malformed.status).toBe(400);
  });
});
