// The AI content studio in a real browser on the demo café, with no key and no network: write with
// AI in Arabic in the composer, pick a caption, insert it and save the draft; then answer a customer
// review in English with a suggested reply, approve it, and see the dashboard's unanswered count.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEMO, browser, screenshot, server, signInAs, useHarness } from "./support.mjs";

useHarness();

async function api(path, init = {}) {
  const json = { "content-type": "application/json" };
  const login = await (
    await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: DEMO.client, password: DEMO.password }),
    })
  ).json();
  const r = await fetch(`${server.base}${path}`, {
    ...init,
    headers: { ...json, authorization: `Bearer ${login.access_token}`, ...(init.headers ?? {}) },
  });
  return r.json();
}

const arabicShare = (s) => {
  const letters = [...s].filter((c) => /\p{L}/u.test(c));
  return letters.filter((c) => /\p{Script=Arabic}/u.test(c)).length / letters.length;
};

test("write with AI in Arabic: three captions from the café's profile, one inserted and saved as a draft", async () => {
  const before = await api("/api/ai/usage");
  const page = await browser.page(server.base);
  await signInAs(page, DEMO.client, DEMO.password, { lng: "ar", path: "/posts/new" });
  await page.getByTestId("platform-instagram").locator("input[type=checkbox]").check();
  await page.getByTestId("open-studio").click();
  const drawer = page.getByTestId("studio-drawer");
  await drawer.getByTestId("studio-prompt").fill("كنافة بالفستق الحلبي");
  await drawer.getByTestId("studio-generate").click();
  await drawer.getByTestId("variant-3").waitFor();
  const texts = await drawer.getByTestId("variant-text").allInnerTexts();
  assert.equal(texts.length, 3);
  assert.equal(new Set(texts).size, 3, "three different captions");
  for (const text of texts) {
    assert.ok(arabicShare(text) > 0.6, `Arabic: ${text}`);
    assert.doesNotMatch(text, /[{}]|undefined|null/);
  }
  // the café's own details (the demo profile: Salmiya, KWD prices) are in at least one of them
  assert.ok(
    texts.some((t) => /السالمية|د\.ك|كنافة/.test(t)),
    texts.join("\n---\n"),
  );
  const left = await drawer.getByTestId("ai-usage").innerText();
  assert.match(left, /٤٩٩|499/);
  await screenshot(page, "studio-ar.png");

  await drawer.getByTestId("variant-2").getByTestId("variant-use").click();
  await drawer.waitFor({ state: "hidden" });
  const caption = await page.getByTestId("caption").inputValue();
  assert.equal(caption, texts[1]);
  await page.getByTestId("save-draft").click();
  await page.waitForURL(/\/posts$/);
  const drafts = await api("/api/posts?status=draft");
  assert.ok(
    drafts.posts.some((p) => p.content === caption),
    "the draft holds the chosen caption",
  );
  const after = await api("/api/ai/usage");
  assert.equal(after.used, before.used + 1);
});

test("answer a review: a suggested reply in the review's language, approved, and the dashboard's count", async () => {
  const review = await api("/api/reviews", {
    method: "POST",
    body: JSON.stringify({
      source: "google",
      author: "Sarah",
      rating: 2,
      text: "The coffee was great but the service was slow and the table was dirty.",
      reviewed_at: "2026-11-20",
    }),
  });
  assert.ok(review.id, JSON.stringify(review));
  const stats = await api("/api/reviews/stats");
  assert.ok(stats.unanswered >= 1);

  const page = await browser.page(server.base);
  await signInAs(page, DEMO.client, DEMO.password, { lng: "en" });
  const card = page.getByTestId("unanswered-reviews");
  await card.getByText(String(stats.unanswered), { exact: true }).waitFor();

  // the inbox opens one item from its link (a notification's, the dashboard's)
  await page.goto(`${server.base}/inbox?item=${review.id}`);
  const drawer = page.getByTestId("review-drawer");
  await drawer.getByTestId("suggest-reply").click();
  const reply = drawer.getByTestId("reply-text");
  await page.waitForFunction(() => document.querySelector('[data-testid="reply-text"]')?.value?.length > 20);
  const text = await reply.inputValue();
  assert.match(text, /Sarah/);
  assert.ok(arabicShare(text) < 0.05, `English: ${text}`);
  // the complaint's topics, as the server read them, are each answered (phrasings vary by seed)
  const read = await api(`/api/reviews/${review.id}`);
  assert.ok(read.topics.includes("service") && read.topics.includes("cleanliness"), JSON.stringify(read.topics));
  assert.match(text, /service|wait|team|guest|staff/i);
  assert.match(text, /clean/i);
  assert.doesNotMatch(text, /discount|free|voucher|refund/i, "no invented offers");
  await screenshot(page, "review-reply-en.png");
  await drawer.getByTestId("approve-reply").click();
  await page.waitForFunction(async () => {
    const el = document.querySelector(`[data-testid="review-drawer"]`);
    return el && /Approved/.test(el.textContent ?? "");
  });
  const stored = await api(`/api/reviews/${review.id}`);
  assert.equal(stored.status, "approved");
  assert.equal(stored.reply, text);
});
