// The inbox in Arabic (docs/product.md#routes). First a business connected to the Google stand-in
// (server/tests/fakes/google-server.ts, loaded through tsx; this file's server gets its GOOGLE_* addresses):
// a new one-star Arabic review arrives at its verified location, the inbox's sync reads it, the account
// holder is notified, opens it from the bell, gets a suggested Arabic reply, edits and sends it, and the
// stand-in holds the reply. Then the demo café's owner opens صندوق الوارد from the menu,
// filters it to the unhappy guests waiting (the filter lands in the address), opens the one-star Arabic
// Google review of the demo branch, asks Sufra for a reply in the guest's language, edits it, and sends
// it through the (simulated) Google of the demo account; the item then reads as sent from Sufra and the
// server keeps the text that went out. Demo items answer through the demo network, so nothing leaves.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import {
  approveByEmail,
  browser,
  DEMO,
  screenshot,
  server,
  signInAs,
  uniqueEmail,
  until,
  useHarness,
} from "./support.mjs";

let google;
useHarness({
  env: async () => {
    const { register } = await import("tsx/esm/api");
    register();
    const { startGoogleFake } = await import("../../server/tests/fakes/google-server.ts");
    google = await startGoogleFake();
    return google.state.env;
  },
});
after(() => google?.close());

const json = { "content-type": "application/json" };
async function gql(token, query, variables = {}) {
  const res = await fetch(`${server.base}/graphql`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const body = await res.json();
  assert.equal(body.errors, undefined, JSON.stringify(body.errors));
  return body.data;
}

const ARABIC = /[\u0600-\u06FF]/g;
const arabicShare = (s) => (s.match(ARABIC) ?? []).length / Math.max(1, s.replace(/\s/g, "").length);

test("a new one-star Arabic review at the business's Google location: notified, suggested, edited, sent; Google has the reply", async () => {
  const g = google.state;
  const email = uniqueEmail("inbox");
  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: "Saffron#2026",
      company_name: "Qahwat Fahad",
      contact_name: "Noura",
      phone: "+96555551234",
      requested_plan: "professional",
      address: "",
    }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  await approveByEmail(server.base, email);
  const page = await browser.page(server.base);
  try {
    // signed in through the API: the app is first opened on the inbox, once Google is connected
    const token = await signInAs(page, email, "Saffron#2026", { lng: "ar", path: null });

    // Google: a person with a verified location; Sufra connected through the stand-in's consent
    const { person, account } = g.addPerson({ name: "Noura" });
    const location = g.addLocation(account.name, { title: "Salmiya", verified: true });
    const start = await gql(
      token,
      `mutation { connectPlatform(platform: GOOGLE, returnTo: "/settings") { authorizeUrl } }`,
    );
    g.consentAs(person.id);
    const consent = await fetch(start.connectPlatform.authorizeUrl, { redirect: "manual" });
    assert.equal(consent.status, 302);
    const back = await fetch(consent.headers.get("location"), { redirect: "manual" });
    assert.equal(back.status, 302);
    assert.doesNotMatch(back.headers.get("location") ?? "", /connect_error/);
    const { googleLocations } = await gql(token, `{ googleLocations { id title verified picked } }`);
    await gql(token, `mutation($ids: [ID!]!) { pickGoogleLocations(locationIds: $ids, picked: true) { id } }`, {
      ids: googleLocations.map((l) => l.id),
    });

    // a guest writes; the person syncs now (the minute job does the same: server/tests/inbox-sync.test.ts) and is told
    const review = g.addReview(location.name, {
      author: "فهد",
      stars: 1,
      comment: "القهوة وصلت باردة والموظف ما اعتذر",
    });
    await page.goto(`${server.base}/inbox`);
    await page.getByTestId("sync-now").click();
    await page.getByText(/تمت المزامنة: ١ جديدة|تمت المزامنة: 1 جديدة/).waitFor();
    const negative = async () =>
      (await gql(token, `{ notifications(first: 10) { edges { node { type } } } }`)).notifications.edges.some(
        (e) => e.node.type === "REVIEW_NEGATIVE",
      );
    await until(negative, 30_000, 500);
    // the bell tells them wherever they are: back on the dashboard, it opens the review in the inbox
    await page.goto(`${server.base}/dashboard`);
    await page.getByTestId("notification-bell").click();
    await page
      .getByTestId("notification-list")
      .getByTestId("notification")
      .filter({ hasText: /القهوة وصلت باردة/ })
      .first()
      .click();
    await page.waitForURL(/\/inbox\?item=/);
    const drawer = page.getByTestId("review-drawer");
    await drawer.getByTestId("review-text").filter({ hasText: "القهوة وصلت باردة" }).waitFor();
    assert.match(await drawer.getByTestId("review-branch").textContent(), /Salmiya/);

    // the new synced review may already hold the writer's first draft: wait for this suggestion's answer, not any text
    const suggestedNow = page.waitForResponse(
      (r) => r.url().endsWith("/graphql") && (r.request().postData() ?? "").includes("InboxSuggest"),
    );
    await drawer.getByTestId("suggest-reply").click();
    await suggestedNow;
    await drawer.getByTestId("suggest-reply").and(page.locator(":not(.ant-btn-loading)")).waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="reply-text"]')?.value?.length ?? 0) > 20);
    const suggested = await drawer.getByTestId("reply-text").inputValue();
    assert.ok(arabicShare(suggested) > 0.6, `Arabic: ${suggested}`);
    const edited = `${suggested.trim()}\nكلمنا على ٩٩٩٩٩٩٩٩ ونعوضك.`;
    await drawer.getByTestId("reply-text").fill(edited);
    await drawer.getByTestId("send-reply").click();
    await page.getByText("تم إرسال الرد على جوجل").waitFor();
    await screenshot(page, "inbox-google-reply-ar.png");
    assert.equal(g.review(review.name)?.reply?.comment, edited);
  } finally {
    await page.close();
  }
});

test("an owner answers a one-star Arabic Google review in Arabic: suggested, edited, sent", async () => {
  const page = await browser.page(server.base);
  try {
    await signInAs(page, DEMO.owner, DEMO.password, { lng: "ar" });

    await page.getByRole("menuitem", { name: "صندوق الوارد" }).click();
    await page.getByRole("heading", { level: 1, name: "صندوق الوارد" }).waitFor();
    await page.getByTestId("review-row").first().waitFor();

    // the unhappy guests waiting: the filter is in the address, so the link can be shared
    await page.getByTestId("filter-unanswered").click();
    await page.waitForURL(/[?&]unanswered=1/);
    const row = page.getByTestId("review-row").filter({ hasText: "فهد العتيبي" });
    await row.waitFor();
    await row.getByRole("button", { name: /فتح/ }).click();

    const drawer = page.getByTestId("review-drawer");
    await drawer.getByTestId("review-text").waitFor();
    assert.match(await drawer.getByTestId("review-source").textContent(), /جوجل/);
    assert.equal(await drawer.getByRole("img", { name: "١ من ٥ نجوم" }).count(), 1);
    await page.waitForURL(/[?&]item=/);

    // in the guest's language (Arabic), then the owner's own words added
    await drawer.getByText("العربية (لغة الضيف)").click();
    // the new synced review may already hold the writer's first draft: wait for this suggestion's answer, not any text
    const suggestedNow = page.waitForResponse(
      (r) => r.url().endsWith("/graphql") && (r.request().postData() ?? "").includes("InboxSuggest"),
    );
    await drawer.getByTestId("suggest-reply").click();
    await suggestedNow;
    await drawer.getByTestId("suggest-reply").and(page.locator(":not(.ant-btn-loading)")).waitFor();
    await page.waitForFunction(() => (document.querySelector('[data-testid="reply-text"]')?.value?.length ?? 0) > 20);
    const suggested = await drawer.getByTestId("reply-text").inputValue();
    assert.ok(arabicShare(suggested) > 0.6, `Arabic: ${suggested}`);
    assert.match(suggested, /فهد/);
    const edited = `${suggested.trim()}\nننتظرك مرة ثانية، والقهوة علينا.`;
    await drawer.getByTestId("reply-text").fill(edited);
    await screenshot(page, "inbox-reply-ar.png");

    await drawer.getByTestId("send-reply").click();
    await page.getByText("تم إرسال الرد على جوجل").waitFor();
    await drawer.getByTestId("review-status").filter({ hasText: "أُرسل من سفرة" }).waitFor();
    assert.equal(await drawer.getByTestId("reply-text").inputValue(), edited);
    assert.ok(await drawer.getByTestId("send-reply").isDisabled(), "sent once: the button is off");

    // the server keeps what went out
    const id = new URL(page.url()).searchParams.get("item");
    const token = await page.evaluate(() => localStorage.getItem("sufra.access_token"));
    const res = await fetch(`${server.base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({
        query: "query($id: ID!) { inboxItem(id: $id) { status repliedVia reply } }",
        variables: { id },
      }),
    });
    const body = await res.json();
    assert.deepEqual(
      body.data?.inboxItem,
      { status: "REPLIED", repliedVia: "SENT", reply: edited },
      JSON.stringify(body),
    );
  } finally {
    await page.close();
  }
});
