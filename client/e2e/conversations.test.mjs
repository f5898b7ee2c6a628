// From a chat to a paid order, in Arabic (docs/product.md#conversations, #orders): a café whose WhatsApp number
// (the Cloud API's stand-in, server/tests/fakes/whatsapp-server.ts) and own Tap account (the Tap stand-in with
// the café's key, server/tests/fakes/tap-server.ts) are connected has its inbox open on Messages when a guest,
// answering one of its posts, asks on WhatsApp for two items and delivery to Salmiya: the thread appears
// within 2 s. The suggested answer gives the menu's prices and the total; the person sends it, builds the
// order from it and sends the KNET link (both reach the guest through WhatsApp); the guest pays on Tap's page
// and lands on Sufra's receipt page; the thread and the orders list show the order paid and started from
// the post. axe-core finds nothing serious on the Messages view and the orders list.
import { randomBytes } from "node:crypto";
import { after, test } from "node:test";
import assert from "node:assert/strict";
import {
  approveByEmail,
  audit,
  browser,
  screenshot,
  server,
  serverDatabase,
  signInAs,
  uniqueEmail,
  until,
  useHarness,
} from "./support.mjs";

const VERIFY = "sufra-e2e-whatsapp-verify";
let wa;
let tap;
useHarness({
  env: async () => {
    const { register } = await import("tsx/esm/api");
    register();
    const { startWhatsappFake } = await import("../../server/tests/fakes/whatsapp-server.ts");
    const { startTapFake } = await import("../../server/tests/fakes/tap-server.ts");
    wa = await startWhatsappFake();
    // the café's own Tap account: its key is the stand-in's; Sufra itself has no gateway here
    // Tap's keys are letters and digits after sk_test_
    tap = await startTapFake({ secretKey: `sk_test_${randomBytes(12).toString("hex")}` });
    return {
      FACEBOOK_APP_ID: wa.state.appId,
      FACEBOOK_APP_SECRET: wa.state.appSecret,
      WHATSAPP_CONFIG_ID: wa.state.configId,
      WHATSAPP_GRAPH_URL: wa.state.graphUrl,
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: VERIFY,
      PAYMENT_API_URL: tap.url,
    };
  },
});
after(async () => {
  await wa?.close();
  await tap?.close();
});

const json = { "content-type": "application/json" };
async function gql(token, query, variables = {}) {
  const r = await fetch(`${server.base}/graphql`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await r.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

test("Arabic: a WhatsApp order asked under a post, answered from the menu, paid by KNET, shown paid", async () => {
  const email = uniqueEmail("chat");
  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: "Saffron#2026",
      company_name: "مقهى الدلة",
      contact_name: "Noura",
      phone: "+96555551234",
      requested_plan: "premium",
      address: "السالمية",
    }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  const businessId = (await reg.json()).business.id;
  await approveByEmail(server.base, email);
  const login = await (
    await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: "Saffron#2026" }),
    })
  ).json();
  const token = login.access_token;

  // the menu, the café's WhatsApp number (Embedded Signup's code) and its own Tap key
  for (const [name, nameAr, priceKwd] of [
    ["Spanish latte", "سبانش لاتيه", 1.75],
    ["Pistachio kunafa", "كنافة بالفستق", 2.5],
  ])
    await gql(token, "mutation($i: MenuItemInput!) { addMenuItem(input: $i) { id } }", {
      i: { name, nameAr, priceKwd },
    });
  const waba = wa.state.addAccount({ name: "مقهى الدلة" });
  const number = wa.state.addNumber(waba.id, { displayPhone: "+965 2222 3333" });
  const code = wa.state.issueCode({ wabaId: waba.id, phoneNumberId: number.id });
  await gql(token, "mutation($i: WhatsappConnectInput!) { connectWhatsapp(input: $i) { id } }", {
    i: { code, phoneNumberId: number.id, wabaId: waba.id, pin: "246810" },
  });
  await gql(token, "mutation($i: TapAccountInput!) { setTapAccount(input: $i) { connected } }", {
    i: { secretKey: tap.state.secretKey },
  });

  // the café's Instagram post the guest answers (published earlier; its network id is what WhatsApp names)
  const db = await serverDatabase();
  let postId;
  try {
    // approval gave the café its practice Instagram account: the post went out there
    const account = await db.query(
      "select id from platform_accounts where business_id = $1 and platform = 'instagram'",
      [businessId],
    );
    postId = (
      await db.query(
        "insert into posts (id, business_id, status, content, published_at, updated_at) values (gen_random_uuid(), $1, 'published', 'كنافة بالفستق الطازجة اليوم', now() - interval '1 day', now()) returning id",
        [businessId],
      )
    ).rows[0].id;
    await db.query(
      "insert into post_targets (id, post_id, account_id, platform, status, external_id, published_at, updated_at) values (gen_random_uuid(), $1, $2, 'instagram', 'published', '18031234567', now() - interval '1 day', now())",
      [postId, account.rows[0].id],
    );
  } finally {
    await db.end();
  }

  const page = await browser.page(server.base);
  const guest = await browser.page(server.base);
  try {
    await signInAs(page, email, "Saffron#2026", { lng: "ar", path: "/inbox?view=messages" });
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    await page.getByTestId("messages-view").waitFor();

    // the guest writes, answering the post: the open inbox shows the thread within 2 s
    const { body } = wa.state.guestWrites({
      phoneNumberId: number.id,
      from: "96550001234",
      name: "نورة",
      text: "السلام عليكم، ابي ٢ سبانش لاتيه وكنافة بالفستق توصيل للسالمية",
      referral: {
        sourceType: "post",
        sourceId: "18031234567",
        sourceUrl: "https://www.instagram.com/p/C1a2b3c4d5/",
      },
    });
    const sentAt = Date.now();
    const delivered = await wa.state.deliver(`${server.base}/api/webhooks/whatsapp`, body);
    assert.equal(delivered.status, 200, delivered.text);
    const row = page.getByTestId("conversation-row").filter({ hasText: "نورة" });
    await row.waitFor({ timeout: 10_000 });
    const appearedMs = Date.now() - sentAt;
    assert.ok(appearedMs < 2000, `the thread appeared after ${appearedMs} ms`);
    await row.click();
    await page.getByTestId("conversation-thread").waitFor();
    await page.getByTestId("message-in").filter({ hasText: "سبانش لاتيه" }).waitFor();
    await page.getByTestId("window-sign").waitFor();

    // the suggested answer: Kuwaiti Arabic, the menu's prices, the total
    await page.getByTestId("suggest-answer").click();
    const composer = page.getByTestId("composer-text");
    await until(async () => (await composer.inputValue()).includes("6.000"));
    const answer = await composer.inputValue();
    assert.match(answer, /1\.750/);
    assert.match(answer, /2\.500/);
    assert.match(answer, /كي نت/);
    await screenshot(page, "conversation-suggested-ar.png");
    assert.deepEqual(await audit(page), []);
    await page.getByTestId("send-message").click();
    await page.getByTestId("message-out").filter({ hasText: "6.000" }).waitFor();
    await until(() => wa.state.sent.some((s) => s.type === "text" && s.message.text?.body?.includes("6.000")));

    // the order, from the suggestion: two items, delivery to Salmiya, the KNET link
    await page.getByTestId("order-open").click();
    const builder = page.getByTestId("order-builder");
    await builder.waitFor();
    await until(async () => (await builder.getByTestId("order-draft-line").count()) === 2);
    assert.match(await builder.getByTestId("order-address").inputValue(), /السالمية/);
    assert.match(await builder.getByTestId("order-total").innerText(), /٦٫٠٠٠/);
    await builder.getByTestId("order-send").click();
    const drawer = page.getByTestId("order-drawer");
    await drawer.getByTestId("order-result").waitFor();
    const payUrl = (await drawer.getByTestId("order-payment-url").first().innerText()).trim();
    assert.ok(payUrl.startsWith(`${tap.url}/pay/`), payUrl);
    assert.equal(tap.createCount(), 1);
    const charge = [...tap.charges.values()][0];
    assert.equal(charge.source.id, "src_kw.knet");
    assert.equal(charge.amount, 6);
    // the link reached the guest on WhatsApp
    await until(() => wa.state.sent.some((s) => s.message.text?.body?.includes(payUrl)));
    await page.keyboard.press("Escape");

    // the guest pays on Tap's page and comes back to Sufra's receipt, in Arabic
    await guest.goto(payUrl);
    await guest.getByRole("heading", { name: "KNET payment" }).waitFor();
    await guest.getByRole("button", { name: "Pay" }).click();
    await guest.waitForURL((u) => u.href.startsWith(`${server.base}/o/`), { timeout: 30_000 });
    await guest.getByText("تم الدفع. شكرًا لك!").waitFor();

    // the thread says it is paid, live
    await page.getByTestId("message-event").filter({ hasText: "تم دفع الطلب رقم ١" }).waitFor({ timeout: 15_000 });

    // the orders list: paid, started from the post
    await page.goto(`${server.base}/orders`);
    const table = page.getByTestId("orders-table");
    await table.waitFor();
    const status = table.getByTestId("order-status").first();
    await until(async () => /مدفوع/.test(await status.innerText()));
    await table.getByTestId("order-post").first().waitFor();
    await screenshot(page, "orders-paid-ar.png");
    assert.deepEqual(await audit(page), []);
  } finally {
    await page.close();
    await guest.close();
  }
  assert.ok(postId);
});
