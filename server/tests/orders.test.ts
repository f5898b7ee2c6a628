// Guests' orders paid through the café's own Tap account (docs/product.md#orders), over real HTTP against two Tap
// stand-ins behind one address, as Tap is one API whose key picks the account: Sufra's own (PAYMENT_SECRET_KEY) and
// the café's. The key is checked with Tap and sealed; an order is priced from the menu in whole fils; two clicks
// make one charge; the café's signed webhook pays it once (a forged one, or one signed with another account's key,
// changes nothing); the return page reads the charge by id and says so in Arabic; a lost answer is found by its
// reference; declines, cancels and refunds (in part, then in full, never more than paid); the figures per post and
// campaign; who may do what (an API key sends no link, another café sees nothing).
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import pg from "pg";
import { BUSINESS_HEADER } from "@sufra/schema";
import { call, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { startTapFake, type TapFake } from "./fakes/tap-server.ts";
import { countStatements, statementsOf } from "./support/sql-count.ts";
import { createOrdersService } from "../src/modules/orders/orders.service.ts";

const CAFE_KEY = `sk_test_${randomBytes(12).toString("hex")}`;
const CAFE_MERCHANT = "77001122";

/** Tap's one address: a request goes to the stand-in whose account its Bearer key opens (else the café's, which refuses it). */
async function tapByKey(fakes: TapFake[]) {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const key = /^Bearer (\S+)$/.exec(String(req.headers.authorization ?? ""))?.[1];
    const to = fakes.find((f) => f.state.secretKey === key) ?? fakes[fakes.length - 1];
    try {
      const r = await fetch(to.url + req.url, {
        method: req.method,
        headers: Object.fromEntries(
          ["authorization", "content-type", "accept"].flatMap((h) =>
            req.headers[h] ? [[h, String(req.headers[h])]] : [],
          ),
        ),
        body: req.method === "GET" ? undefined : Buffer.concat(chunks),
      });
      res.writeHead(r.status, { "content-type": r.headers.get("content-type") ?? "application/json" });
      res.end(Buffer.from(await r.arrayBuffer()));
    } catch {
      // the stand-in dropped the connection (a "lost" answer): so does Tap's address
      req.socket.destroy();
    }
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as AddressInfo).port;
  await new Promise((r) => s.close(r));
  return port;
}

let platform: TapFake;
let cafeTap: TapFake;
let front: Awaited<ReturnType<typeof tapByKey>>;
let app: TestApp;
let pool: pg.Pool;
let base = "";

beforeAll(async () => {
  platform = await startTapFake();
  cafeTap = await startTapFake({ secretKey: CAFE_KEY, merchantId: CAFE_MERCHANT });
  front = await tapByKey([platform, cafeTap]);
  const port = await freePort();
  app = await startTestApp({
    ...platform.state.env,
    PAYMENT_API_URL: front.url,
    PORT: String(port),
    PAYMENT_PUBLIC_URL: `http://127.0.0.1:${port}`,
  });
  base = app.base;
  countStatements(app.sufra.server!.httpServer);
  pool = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
}, 60_000);

afterAll(async () => {
  await pool.end();
  await app.stop();
  await front.close();
  await cafeTap.close();
  await platform.close();
}, 60_000);

/** A GraphQL operation with extra headers (the business a person of two acts in). */
async function gq(
  query: string,
  variables: Record<string, unknown>,
  token: string,
  headers: Record<string, string> = {},
) {
  const r = await call(base, "POST", "/graphql", { body: { query, variables }, token, headers });
  return r.body as {
    data?: any;
    errors?: { extensions: { code: string; reason?: string; details?: Record<string, string[]> } }[];
  };
}
const reason = (r: Awaited<ReturnType<typeof gq>>) => r.errors?.[0]?.extensions.reason;

const ORDER = `id number status totalFils itemsFils deliveryFeeFils fulfilment address guestName paymentSource paymentUrl
  chargeStatus refundedFils refundStatus postId campaignId startedKind conversationId paidAt cancelledAt
  items { menuItemId name nameAr quantity unitFils lineFils }`;
const CREATE = `mutation($c: ID, $input: OrderDraftInput!) { createOrder(conversationId: $c, input: $input) { ${ORDER} } }`;
const SEND = `mutation($id: ID!) { sendOrderPaymentLink(id: $id) { ${ORDER} } }`;
const REFUND = `mutation($id: ID!, $input: OrderRefundInput) { refundOrder(id: $id, input: $input) { ${ORDER} } }`;
const SET_TAP = `mutation($input: TapAccountInput!) { setTapAccount(input: $input) { connected mode merchantId } }`;

const orderRow = async (id: string) => (await pool.query("select * from orders where id = $1", [id])).rows[0];
const audits = async (businessId: string, action: string) =>
  Number(
    (await pool.query("select count(*) from audit_log where entity_id = $1 and action = $2", [businessId, action]))
      .rows[0].count,
  );
const chargeIdOf = (paymentUrl: string) => decodeURIComponent(new URL(paymentUrl).pathname.split("/").pop()!);

// the café: its owner (the account holder), its menu, a post, a campaign and a guest's conversation started from them
let cafe: Awaited<ReturnType<typeof signedInBusiness>>;
const menu = { kunafa: "", karak: "", unpriced: "" };
let postId = "";
let campaignId = "";
let conversationId = "";

async function menuItem(businessId: string, name: string, nameAr: string | null, price: string | null) {
  return (
    await pool.query(
      "insert into menu_items (id, business_id, name, name_ar, price_kwd, updated_at) values (gen_random_uuid(), $1, $2, $3, $4, now()) returning id",
      [businessId, name, nameAr, price],
    )
  ).rows[0].id as string;
}

const draft = (over: Record<string, unknown> = {}) => ({
  items: [
    { menuItemId: menu.kunafa, quantity: 2 },
    { menuItemId: menu.karak, quantity: 3 },
  ],
  fulfilment: "DELIVERY",
  address: "Salmiya, block 10, street 5, house 12",
  deliveryFeeFils: 500,
  ...over,
});

async function newOrder(token = cafe.token, over: Record<string, unknown> = {}, c: string | null = conversationId) {
  const r = await gq(CREATE, { c, input: draft(over) }, token);
  expect(r.errors).toBeUndefined();
  return r.data.createOrder as { id: string; number: number; totalFils: number };
}

async function sendLink(id: string, token = cafe.token) {
  const r = await gq(SEND, { id }, token);
  expect(r.errors).toBeUndefined();
  return r.data.sendOrderPaymentLink as { id: string; status: string; paymentUrl: string };
}

describe("guests' orders through the café's own Tap account", () => {
  beforeAll(async () => {
    cafe = await signedInBusiness(base, { over: { company_name: "Dar Al Qahwa" } });
    await pool.query("update businesses set name_ar = 'دار القهوة' where id = $1", [cafe.businessId]);
    await app.sufra.services.platformAccounts.ensureDemoAccounts(cafe.businessId);
    menu.kunafa = await menuItem(cafe.businessId, "Kunafa", "كنافة", "1.750");
    menu.karak = await menuItem(cafe.businessId, "Karak", "كرك", "0.25");
    menu.unpriced = await menuItem(cafe.businessId, "Special", null, null);
    const post = await call(base, "POST", "/api/posts", {
      token: cafe.token,
      body: { content: "Kunafa nights", platforms: ["instagram"] },
    });
    expect(post.status).toBe(201);
    postId = post.body.id;
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    const campaign = await call(base, "POST", "/api/campaigns", {
      token: cafe.token,
      body: { name: "Kunafa week", goal: "orders", start_date: today, end_date: today },
    });
    campaignId = campaign.body.id;
    conversationId = (
      await pool.query(
        `insert into conversations (id, business_id, channel, account_external_id, guest_external_id, guest_name, last_message_at,
           language, started_kind, post_id, campaign_id, updated_at)
         values (gen_random_uuid(), $1, 'instagram', 'ig-cafe', 'igsid-1', 'Fatma Al-Ali', now(), 'ar', 'ad', $2, $3, now()) returning id`,
        [cafe.businessId, postId, campaignId],
      )
    ).rows[0].id;
  }, 30_000);

  test("the café's Tap key: a publishable key and a key Tap refuses are not kept; the good one is sealed and never shown", async () => {
    const pk = await gq(SET_TAP, { input: { secretKey: "pk_test_abcdef123456" } }, cafe.token);
    expect(reason(pk)).toBe("VALIDATION_ERROR");
    expect(pk.errors![0].extensions.details?.secretKey).toBeTruthy();
    expect(JSON.stringify(pk)).toContain("publishable");

    const before = platform.state.requests.length;
    const wrong = await gq(SET_TAP, { input: { secretKey: "sk_test_notthecafeskey0000" } }, cafe.token);
    expect(reason(wrong)).toBe("TAP_KEY_REFUSED");
    const none = await gq(`{ tapAccount { connected mode merchantId } }`, {}, cafe.token);
    expect(none.data.tapAccount).toEqual({ connected: false, mode: null, merchantId: null });

    const ok = await gq(SET_TAP, { input: { secretKey: CAFE_KEY, merchantId: CAFE_MERCHANT } }, cafe.token);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.setTapAccount).toEqual({ connected: true, mode: "TEST", merchantId: CAFE_MERCHANT });
    const row = (
      await pool.query("select tap_secret_sealed, tap_merchant_id from businesses where id = $1", [cafe.businessId])
    ).rows[0];
    expect(row.tap_secret_sealed).toMatch(/^v1\./);
    expect(row.tap_secret_sealed).not.toContain(CAFE_KEY);
    expect(row.tap_secret_sealed).not.toContain(CAFE_KEY.slice(8));
    expect(row.tap_merchant_id).toBe(CAFE_MERCHANT);
    // the check was one harmless list at the café's account; Sufra's own account heard nothing
    expect(cafeTap.state.requests.filter((r) => r.path === "/v2/charges/list").length).toBeGreaterThan(0);
    expect(platform.state.requests.length).toBe(before);
    expect(await audits(cafe.businessId, "tap_account.set")).toBe(1);
  });

  test("an order is priced from the menu in whole fils, numbered per café, and carries its conversation's guest and origin", async () => {
    const r = await gq(CREATE, { c: conversationId, input: draft() }, cafe.token);
    expect(r.errors).toBeUndefined();
    const o = r.data.createOrder;
    expect(o).toMatchObject({
      number: 1,
      status: "DRAFT",
      itemsFils: 2 * 1750 + 3 * 250,
      deliveryFeeFils: 500,
      totalFils: 4750,
      fulfilment: "DELIVERY",
      paymentSource: "KNET",
      guestName: "Fatma Al-Ali",
      postId,
      campaignId,
      startedKind: "ad",
      conversationId,
      paymentUrl: null,
    });
    expect(o.items).toEqual([
      { menuItemId: menu.kunafa, name: "Kunafa", nameAr: "كنافة", quantity: 2, unitFils: 1750, lineFils: 3500 },
      { menuItemId: menu.karak, name: "Karak", nameAr: "كرك", quantity: 3, unitFils: 250, lineFils: 750 },
    ]);
    // a pickup drops the address and the fee; the next number follows
    const pickup = await gq(
      CREATE,
      { c: null, input: draft({ fulfilment: "PICKUP", items: [{ menuItemId: menu.kunafa, quantity: 2 }] }) },
      cafe.token,
    );
    expect(pickup.data.createOrder).toMatchObject({ number: 2, totalFils: 3500, address: null, deliveryFeeFils: 0 });
    // a draft changes and is priced again; the menu's price moved meanwhile
    await pool.query("update menu_items set price_kwd = 1.800 where id = $1", [menu.kunafa]);
    const changed = await gq(
      `mutation($id: ID!, $input: OrderDraftInput!) { updateOrder(id: $id, input: $input) { totalFils items { unitFils } } }`,
      {
        id: pickup.data.createOrder.id,
        input: draft({ fulfilment: "PICKUP", items: [{ menuItemId: menu.kunafa, quantity: 1 }] }),
      },
      cafe.token,
    );
    expect(changed.data.updateOrder).toEqual({ totalFils: 1800, items: [{ unitFils: 1800 }] });
    await pool.query("update menu_items set price_kwd = 1.750 where id = $1", [menu.kunafa]);

    const unpriced = await gq(
      CREATE,
      { c: null, input: draft({ items: [{ menuItemId: menu.unpriced, quantity: 1 }] }) },
      cafe.token,
    );
    expect(reason(unpriced)).toBe("MENU_ITEM_NOT_PRICED");
    const other = await signedInBusiness(base);
    const theirs = await menuItem(other.businessId, "Theirs", null, "1.000");
    const notOurs = await gq(
      CREATE,
      { c: null, input: draft({ items: [{ menuItemId: theirs, quantity: 1 }] }) },
      cafe.token,
    );
    expect(reason(notOurs)).toBe("MENU_ITEM_NOT_FOUND");
    const noAddress = await gq(CREATE, { c: null, input: draft({ address: null }) }, cafe.token);
    expect(reason(noAddress)).toBe("VALIDATION_ERROR");
    expect(noAddress.errors![0].extensions.details?.address).toBeTruthy();
    const tooMany = await gq(
      CREATE,
      { c: null, input: draft({ items: [{ menuItemId: menu.karak, quantity: 100 }] }) },
      cafe.token,
    );
    expect(reason(tooMany)).toBe("VALIDATION_ERROR");
  });

  test("two clicks make one charge on the café's account; Tap's signed webhook pays it once; forged ones change nothing", async () => {
    const o = await newOrder();
    const created = cafeTap.createCount();
    const platformCreated = platform.createCount();
    const [a, b] = await Promise.all([sendLink(o.id), sendLink(o.id)]);
    expect(cafeTap.createCount()).toBe(created + 1);
    expect(platform.createCount()).toBe(platformCreated);
    expect(a.status).toBe("AWAITING_PAYMENT");
    expect(a.paymentUrl).toBeTruthy();
    expect(b.paymentUrl).toBe(a.paymentUrl);
    // a third click later answers the same open link, asking Tap nothing
    expect((await sendLink(o.id)).paymentUrl).toBe(a.paymentUrl);
    expect(cafeTap.createCount()).toBe(created + 1);

    const chargeId = chargeIdOf(a.paymentUrl);
    const charge = cafeTap.charges.get(chargeId)!;
    const row = await orderRow(o.id);
    expect(charge).toMatchObject({ amount: 4.75, currency: "KWD", description: `Order #${o.number} — Dar Al Qahwa` });
    expect(charge.source.id).toBe("src_kw.knet");
    expect(charge.reference.transaction).toBe(row.charge_reference);
    expect(charge.reference.idempotent).toBe(row.charge_reference);
    expect(charge.redirect.url).toBe(`${base}/o/${o.id}`);
    expect(charge.post?.url).toBe(`${base}/api/orders/webhooks/tap/${cafe.businessId}`);
    expect(charge.metadata).toEqual({ orderId: o.id, businessId: cafe.businessId });
    expect(charge.merchant.id).toBe(CAFE_MERCHANT);
    expect(charge.customer).toMatchObject({ first_name: "Fatma", last_name: "Al-Ali", email: "no-reply@sufra.kw" });
    expect(await audits(cafe.businessId, "order.link_sent")).toBeGreaterThanOrEqual(1);

    // a webhook signed with another account's key (Sufra's own) or with no key Tap holds: 403, nothing moves
    const hook = `${base}/api/orders/webhooks/tap/${cafe.businessId}`;
    const captured = { ...charge, status: "CAPTURED" as const };
    for (const hashstring of [platform.hashstring(captured), cafeTap.hashstring(captured, "sk_test_forged0000")]) {
      const r = await fetch(hook, { method: "POST", headers: { hashstring }, body: JSON.stringify(captured) });
      expect(r.status).toBe(403);
    }
    expect((await orderRow(o.id)).status).toBe("awaiting_payment");

    cafeTap.complete(chargeId, "CAPTURED", { webhook: "forged" });
    await cafeTap.settled();
    expect(cafeTap.webhooksSent.filter((w) => w.id === chargeId).every((w) => w.answer === 403)).toBe(true);
    expect((await orderRow(o.id)).status).toBe("awaiting_payment");

    // the genuine webhook, then twice more: one paid move, one audit row
    const first = await cafeTap.sendWebhook(chargeId);
    expect(first.answer).toBe(200);
    const [again, third] = await Promise.all([cafeTap.sendWebhook(chargeId), cafeTap.sendWebhook(chargeId)]);
    expect([again.answer, third.answer]).toEqual([200, 200]);
    const paid = await orderRow(o.id);
    expect(paid).toMatchObject({ status: "paid", charge_id: chargeId, payment_url: null, charge_status: "CAPTURED" });
    expect(paid.paid_at).toBeTruthy();
    expect(await audits(cafe.businessId, "order.paid")).toBe(1);
    // another café's address names none of its charges
    const elsewhere = await signedInBusiness(base);
    const r = await fetch(`${base}/api/orders/webhooks/tap/${elsewhere.businessId}`, {
      method: "POST",
      headers: { hashstring: cafeTap.hashstring(cafeTap.charges.get(chargeId)!) },
      body: JSON.stringify(cafeTap.charges.get(chargeId)),
    });
    expect(r.status).toBe(403);

    // the guest's return page: in the conversation's Arabic, right to left, the café, the number and the total
    const page = await fetch(`${base}/o/${o.id}?tap_id=${chargeId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="ar" dir="rtl"');
    expect(html).toContain("تم الدفع");
    expect(html).toContain("دار القهوة");
    expect(html).toContain(`#${o.number}`);
    expect(html).toContain("4.750");
    expect(html).not.toContain("<script");
    expect(html).not.toContain("Salmiya");
    const english = await (await fetch(`${base}/o/${o.id}?lang=en`)).text();
    expect(english).toContain("Paid. Thank you!");
    expect(english).toContain("Dar Al Qahwa");
    expect((await fetch(`${base}/o/not-an-order`)).status).toBe(404);
  });

  test("the return page alone reads the charge by id and pays the order; made-up parameters change nothing", async () => {
    const o = await newOrder();
    const link = await sendLink(o.id);
    const chargeId = chargeIdOf(link.paymentUrl);
    // still on Tap's page: a made-up tap_id and status say nothing, the order's own charge is read
    const waiting = await (await fetch(`${base}/o/${o.id}?tap_id=chg_madeup&status=CAPTURED`)).text();
    expect(waiting).toContain("لم يُدفع بعد");
    expect((await orderRow(o.id)).status).toBe("awaiting_payment");
    const back = cafeTap.complete(chargeId, "CAPTURED", { webhook: "none" });
    expect(back.redirectUrl.startsWith(`${base}/o/${o.id}?tap_id=`)).toBe(true);
    const html = await (await fetch(back.redirectUrl)).text();
    expect(html).toContain("تم الدفع");
    expect((await orderRow(o.id)).status).toBe("paid");
    expect(await audits(cafe.businessId, "order.paid")).toBe(2);
  });

  test("a declined payment brings the order back to draft and says so; the next link is a new charge", async () => {
    const o = await newOrder();
    const first = await sendLink(o.id);
    const firstCharge = chargeIdOf(first.paymentUrl);
    const firstRef = (await orderRow(o.id)).charge_reference;
    cafeTap.complete(firstCharge, "DECLINED", { webhook: "once" });
    await cafeTap.settled();
    expect(await orderRow(o.id)).toMatchObject({ status: "draft", charge_status: "DECLINED", payment_url: null });
    expect(await (await fetch(`${base}/o/${o.id}`)).text()).toContain("لم تتم عملية الدفع");
    const second = await sendLink(o.id);
    expect(chargeIdOf(second.paymentUrl)).not.toBe(firstCharge);
    expect((await orderRow(o.id)).charge_reference).not.toBe(firstRef);
    // the first charge's late news is an older link's: it changes nothing
    expect((await cafeTap.sendWebhook(firstCharge)).answer).toBe(200);
    expect((await orderRow(o.id)).status).toBe("awaiting_payment");
  });

  test("Tap's answer lost: asked again with the same reference, then found by it; Tap away: nothing charged, the next click one charge", async () => {
    const o = await newOrder();
    const created = cafeTap.createCount();
    cafeTap.failNext("create_charge", "lost", 2);
    const link = await sendLink(o.id);
    expect(cafeTap.createCount()).toBe(created + 1);
    const ref = (await orderRow(o.id)).charge_reference;
    expect(cafeTap.charges.get(chargeIdOf(link.paymentUrl))!.reference.transaction).toBe(ref);
    expect(
      cafeTap.state.requests.some((r) => r.path === "/v2/charges/list" && r.body?.reference?.transaction === ref),
    ).toBe(true);

    const away = await newOrder();
    cafeTap.failNext("create_charge", 503, 2);
    cafeTap.failNext("list_charges", 503, 1);
    const failed = await gq(SEND, { id: away.id }, cafe.token);
    expect(reason(failed)).toBe("PAYMENT_GATEWAY_UNAVAILABLE");
    expect(cafeTap.createCount()).toBe(created + 1);
    const pending = await orderRow(away.id);
    expect(pending.status).toBe("awaiting_payment");
    const again = await sendLink(away.id);
    expect(cafeTap.createCount()).toBe(created + 2);
    expect(cafeTap.charges.get(chargeIdOf(again.paymentUrl))!.reference.transaction).toBe(pending.charge_reference);
  });

  test("refunds: in part, then the rest, never more than paid, twice clicked once; cancelling a paid order refunds it", async () => {
    const o = await newOrder();
    const link = await sendLink(o.id);
    const chargeId = chargeIdOf(link.paymentUrl);
    cafeTap.complete(chargeId, "CAPTURED", { webhook: "once" });
    await cafeTap.settled();
    expect((await orderRow(o.id)).status).toBe("paid");

    const refundsBefore = cafeTap.refunds.size;
    const [p1, p2] = await Promise.all([
      gq(REFUND, { id: o.id, input: { amountFils: 1000, reason: "One kunafa was missing" } }, cafe.token),
      gq(REFUND, { id: o.id, input: { amountFils: 1000, reason: "One kunafa was missing" } }, cafe.token),
    ]);
    expect(p1.errors).toBeUndefined();
    expect(p2.errors).toBeUndefined();
    expect(cafeTap.refunds.size).toBe(refundsBefore + 1);
    expect(await orderRow(o.id)).toMatchObject({ status: "paid", refunded_fils: 1000, refund_status: "succeeded" });

    const tooMuch = await gq(REFUND, { id: o.id, input: { amountFils: 3751 } }, cafe.token);
    expect(reason(tooMuch)).toBe("REFUND_TOO_LARGE");
    const rest = await gq(REFUND, { id: o.id }, cafe.token);
    expect(rest.errors).toBeUndefined();
    expect(rest.data.refundOrder).toMatchObject({ status: "REFUNDED", refundedFils: 4750, refundStatus: "succeeded" });
    expect(reason(await gq(REFUND, { id: o.id, input: { amountFils: 1 } }, cafe.token))).toBe("REFUND_TOO_LARGE");
    const atTap = [...cafeTap.refunds.values()].filter((r) => r.charge_id === chargeId);
    expect(atTap.map((r) => Math.round(r.amount * 1000)).reduce((a, b) => a + b, 0)).toBe(4750);
    expect(
      (
        await pool.query("select status, amount_fils from order_refunds where order_id = $1 order by created_at", [
          o.id,
        ])
      ).rows,
    ).toEqual([
      { status: "succeeded", amount_fils: 1000 },
      { status: "succeeded", amount_fils: 3750 },
    ]);
    expect(await audits(cafe.businessId, "order.refund_succeeded")).toBe(2);
    // a refund's webhook delivered again changes nothing
    expect((await cafeTap.sendWebhook(atTap[0].id)).answer).toBe(200);
    expect((await orderRow(o.id)).refunded_fils).toBe(4750);

    // cancelling: a draft is cancelled; a paid order is refunded in full and ends refunded
    const d = await newOrder();
    const cancelled = await gq(
      `mutation($id: ID!) { cancelOrder(id: $id) { status cancelledAt } }`,
      { id: d.id },
      cafe.token,
    );
    expect(cancelled.data.cancelOrder.status).toBe("CANCELLED");
    expect(reason(await gq(SEND, { id: d.id }, cafe.token))).toBe("ORDER_INVALID_STATE");
    const p = await newOrder();
    const pl = await sendLink(p.id);
    cafeTap.complete(chargeIdOf(pl.paymentUrl), "CAPTURED", { webhook: "once" });
    await cafeTap.settled();
    const undone = await gq(
      `mutation($id: ID!) { cancelOrder(id: $id) { status refundedFils cancelledAt } }`,
      { id: p.id },
      cafe.token,
    );
    expect(undone.errors).toBeUndefined();
    expect(undone.data.cancelOrder).toMatchObject({ status: "REFUNDED", refundedFils: 4750 });
    expect(undone.data.cancelOrder.cancelledAt).toBeTruthy();
  });

  test("the conversations' hook hears each change once: the link, paid (a webhook delivered twice tells once), a refund, a cancel", async () => {
    const told: string[] = [];
    const orders = createOrdersService(app.sufra.deps, {
      tapApiUrl: front.url,
      tell: (o, news) => void told.push(`${o.number}:${news}`),
    });
    const viewer = {
      userId: cafe.userId,
      role: "client" as const,
      email: cafe.email,
      name: "Noura",
      businessId: cafe.businessId,
      sessionId: "test",
    };
    const meta = { ip: "127.0.0.1", locale: "en" as const };
    const input = { items: [{ menuItemId: menu.kunafa, quantity: 1 }], fulfilment: "pickup" };
    const o = await orders.createOrder(viewer, conversationId, input, meta);
    const [a] = await Promise.all([
      orders.sendPaymentLink(viewer, o.id, meta),
      orders.sendPaymentLink(viewer, o.id, meta),
    ]);
    const charge = cafeTap.complete(chargeIdOf(a.paymentUrl!), "CAPTURED", { webhook: "none" }).charge;
    const body = Buffer.from(JSON.stringify(charge));
    const headers = { hashstring: cafeTap.hashstring(charge) };
    await orders.receiveWebhook(cafe.businessId, headers, body);
    await orders.receiveWebhook(cafe.businessId, headers, body);
    await orders.refundOrder(viewer, o.id, { amountFils: 500 }, meta);
    const d = await orders.createOrder(viewer, null, input, meta);
    await orders.cancelOrder(viewer, d.id, meta);
    // a hook that throws is logged: the change stands
    const failing = createOrdersService(app.sufra.deps, {
      tapApiUrl: front.url,
      tell: () => {
        throw new Error("the thread is gone");
      },
    });
    const e = await failing.createOrder(viewer, null, input, meta);
    expect((await failing.cancelOrder(viewer, e.id, meta)).status).toBe("cancelled");
    expect(told).toEqual([`${o.number}:link`, `${o.number}:paid`, `${o.number}:refunded`, `${d.number}:cancelled`]);
  });

  test("figures per post and campaign: paid orders and what they kept, in fils", async () => {
    // so far, of the orders started from the post and campaign: three paid (4,750 each), one refunded in full, one
    // cancelled and refunded; plus the orders not paid
    const paid = (
      await pool.query(
        "select count(*)::int as n, sum(total_fils - refunded_fils)::int as fils from orders where business_id = $1 and campaign_id = $2 and status = 'paid'",
        [cafe.businessId, campaignId],
      )
    ).rows[0];
    expect(paid.n).toBeGreaterThan(0);
    const g = await gq(
      `query($post: ID!) { campaigns { id orders ordersFils } post(id: $post) { orders ordersFils } }`,
      { post: postId },
      cafe.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.campaigns.find((c: { id: string }) => c.id === campaignId)).toEqual({
      id: campaignId,
      orders: paid.n,
      ordersFils: paid.fils,
    });
    expect(g.data.post).toEqual({ orders: paid.n, ordersFils: paid.fils });
    // however many campaigns and posts a page lists, their orders are one statement per kind
    const today = new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10);
    for (const name of ["Eid sweets", "Karak mornings"])
      await call(base, "POST", "/api/campaigns", {
        token: cafe.token,
        body: { name, goal: "orders", start_date: today, end_date: today },
      });
    const counted = await call(base, "POST", "/graphql", {
      token: cafe.token,
      headers: { "x-count-sql": "order-figures" },
      body: {
        query: `{ campaigns { id orders ordersFils } posts(first: 20) { edges { node { id orders ordersFils } } } }`,
      },
    });
    expect(counted.body.errors).toBeUndefined();
    expect(counted.body.data.campaigns.length).toBeGreaterThanOrEqual(3);
    expect(statementsOf("order-figures").filter((q) => /from orders/.test(q))).toHaveLength(2);
    const figures = await app.sufra.services.orders.orderFigures(cafe.businessId, {
      postIds: [postId],
      campaignIds: [campaignId],
    });
    expect(figures.posts.get(postId)).toEqual({ orders: paid.n, ordersFils: paid.fils });
  });

  test("who may: an API key reads orders but sends no link; a member without the right to answer builds nothing; another café sees nothing", async () => {
    const o = await newOrder();
    const key = (await call(base, "POST", "/api/api-keys", { token: cafe.token, body: { name: "Till" } })).body
      .key as string;
    const read = await gq(
      `query($id: ID!) { order(id: $id) { id status } orders(first: 5) { edges { node { id } } } }`,
      { id: o.id },
      key,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.order).toEqual({ id: o.id, status: "DRAFT" });
    expect(reason(await gq(SEND, { id: o.id }, key))).toBe("PERSONAL_SESSION_REQUIRED");
    expect(reason(await gq(REFUND, { id: o.id }, key))).toBe("PERSONAL_SESSION_REQUIRED");
    expect(reason(await gq(SET_TAP, { input: { secretKey: CAFE_KEY } }, key))).toBe("PERSONAL_SESSION_REQUIRED");

    // a person of the café who is neither an owner nor its account holder, while the café keeps answering to its managers
    const member = await signedInBusiness(base);
    await pool.query("insert into memberships (user_id, business_id, role) values ($1, $2, 'client')", [
      member.userId,
      cafe.businessId,
    ]);
    const asMember = { [BUSINESS_HEADER]: cafe.businessId };
    expect(reason(await gq(CREATE, { c: null, input: draft() }, member.token, asMember))).toBe("REPLY_NOT_ALLOWED");
    expect(reason(await gq(SET_TAP, { input: { secretKey: CAFE_KEY } }, member.token, asMember))).toBe("FORBIDDEN");
    const readable = await gq(`query($id: ID!) { order(id: $id) { id } }`, { id: o.id }, member.token, asMember);
    expect(readable.data.order).toEqual({ id: o.id });

    const stranger = await signedInBusiness(base);
    expect(reason(await gq(`query($id: ID!) { order(id: $id) { id } }`, { id: o.id }, stranger.token))).toBe(
      "NOT_FOUND",
    );
    expect(reason(await gq(SEND, { id: o.id }, stranger.token))).toBe("NOT_FOUND");
    expect(reason(await gq(REFUND, { id: o.id }, stranger.token))).toBe("NOT_FOUND");
    expect(reason(await gq(`mutation($id: ID!) { cancelOrder(id: $id) { id } }`, { id: o.id }, stranger.token))).toBe(
      "NOT_FOUND",
    );
    expect(reason(await gq(CREATE, { c: conversationId, input: draft() }, stranger.token))).toBe("NOT_FOUND");
    const theirs = await gq(`{ orders(first: 5) { edges { node { id } } } }`, {}, stranger.token);
    expect(theirs.data.orders.edges).toEqual([]);
    // a café without a Tap account sends no link
    const own = await menuItem(stranger.businessId, "Tea", null, "0.500");
    const mine = await gq(
      CREATE,
      { c: null, input: { items: [{ menuItemId: own, quantity: 1 }], fulfilment: "PICKUP" } },
      stranger.token,
    );
    expect(reason(await gq(SEND, { id: mine.data.createOrder.id }, stranger.token))).toBe("TAP_NOT_CONNECTED");

    // the owner removes the Tap account: the key is gone, no link can be sent
    const cleared = await gq(`mutation { clearTapAccount { connected } }`, {}, cafe.token);
    expect(cleared.data.clearTapAccount).toEqual({ connected: false });
    expect(
      (await pool.query("select tap_secret_sealed from businesses where id = $1", [cafe.businessId])).rows[0]
        .tap_secret_sealed,
    ).toBeNull();
    expect(reason(await gq(SEND, { id: o.id }, cafe.token))).toBe("TAP_NOT_CONNECTED");
  });
});
