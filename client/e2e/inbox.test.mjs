// The inbox in Arabic (docs/product.md#routes): the demo café's owner opens صندوق الوارد from the menu,
// filters it to the unhappy guests waiting (the filter lands in the address), opens the one-star Arabic
// Google review of the demo branch, asks Sufra for a reply in the guest's language, edits it, and sends
// it through the (simulated) Google of the demo account; the item then reads as sent from Sufra and the
// server keeps the text that went out. Demo items answer through the demo network, so nothing leaves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browser, DEMO, logIn, screenshot, server, useHarness } from "./support.mjs";

useHarness();

const ARABIC = /[\u0600-\u06FF]/g;
const arabicShare = (s) => (s.match(ARABIC) ?? []).length / Math.max(1, s.replace(/\s/g, "").length);

test("an owner answers a one-star Arabic Google review in Arabic: suggested, edited, sent", async () => {
  const page = await browser.page(server.base);
  try {
    await page.goto(`${server.base}/login?lng=ar`);
    await logIn(page, DEMO.owner, DEMO.password);
    await page.waitForURL(/\/(owner|dashboard)$/);

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
    await drawer.getByTestId("suggest-reply").click();
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
      body: JSON.stringify({ query: "query($id: ID!) { inboxItem(id: $id) { status repliedVia reply } }", variables: { id } }),
    });
    const body = await res.json();
    assert.deepEqual(body.data?.inboxItem, { status: "REPLIED", repliedVia: "SENT", reply: edited }, JSON.stringify(body));
  } finally {
    await page.close();
  }
});
