// A brand-new business's first day, in Arabic on a phone-sized screen, against a real server with no
// real network configured (as on a fresh install): sign up on Basic -> the next-steps page ->
// approved -> sign in -> the getting-started checklist -> a draft with no network -> a practice
// post published to the simulated network -> published, with practice figures kept apart from real
// ones, and the checklist checks the practice step off.
import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import {
  ROOT,
  approveByEmail,
  browser,
  logIn,
  screenshot,
  server,
  signUp,
  uniqueEmail,
  until,
  useHarness,
} from "./support.mjs";

const sharp = createRequire(path.join(ROOT, "server/package.json"))("sharp");
const PHONE = { width: 390, height: 844 };
const PASSWORD = "Saffron#2026";

useHarness();
let scratch;
before(() => {
  scratch = mkdtempSync(path.join(os.tmpdir(), "sufra-first-day-"));
});
after(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** The business's own REST door, as an integrator would see its data. */
async function apiAs(email) {
  const json = { "content-type": "application/json" };
  const { access_token, user } = await (
    await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email, password: PASSWORD }),
    })
  ).json();
  assert.ok(access_token, "the approved business signs in");
  const call = async (p, init = {}) =>
    (
      await fetch(`${server.base}${p}`, { ...init, headers: { ...json, authorization: `Bearer ${access_token}` } })
    ).json();
  return Object.assign(call, { businessId: user.business_id });
}

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function fitsThePhone(page, where) {
  const { scroll, inner } = await page.evaluate(() => ({
    scroll: document.scrollingElement.scrollWidth,
    inner: window.innerWidth,
  }));
  assert.ok(scroll <= inner, `${where}: the page is ${scroll} px wide on a ${inner} px screen`);
}

const LATIN_DIGIT = /[0-9]/;

test("first day in Arabic on a phone: sign up -> next steps -> approved -> checklist -> draft without a network -> practice publish -> published with practice figures -> billing on the trial", async () => {
  const page = await browser.page(server.base);
  await page.setViewportSize(PHONE);
  await page.goto(`${server.base}/?lng=ar`);
  assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
  await page.getByTestId("choose-basic").click();
  await page.waitForURL(/\/signup\?plan=basic$/);

  // sign up: one page says what happens next, the success text once and no toast beside it
  const email = uniqueEmail("first-day");
  await signUp(page, { company: "قهوة اليوم الأول", contact: "سارة العلي", email, password: PASSWORD });
  await page.waitForURL(/\/signup\/next\?plan=basic$/);
  await page.getByTestId("signup-next-steps").waitFor();
  const success = "تم التسجيل بنجاح! حسابك بانتظار الموافقة. لقد اخترت باقة الأساسية. سنتواصل معك قريبًا.";
  assert.equal(await page.getByText(success).count(), 1, "the success text shows once");
  assert.equal(await page.locator(".ant-message-notice").count(), 0, "no toast repeats it");
  assert.ok((await page.getByTestId("signup-next-steps").locator("li").count()) >= 3, "the steps ahead are listed");
  await fitsThePhone(page, "next steps");
  await screenshot(page, "first-day-next-steps-ar.png");

  // staff approve; the newcomer signs in from the next-steps page
  await approveByEmail(server.base, email);
  await page.getByTestId("signup-next-login").click();
  await page.waitForURL(/\/login$/);
  await logIn(page, email, PASSWORD);
  await page.waitForURL(/\/dashboard$/);

  // the checklist: nothing done yet, progress in the person's (Arabic-Indic) digits; with no real
  // network configured the connect step says the operator must set one up and offers no link
  const checklist = page.getByTestId("getting-started");
  await checklist.waitFor();
  const progress = await page.getByTestId("getting-started-progress").textContent();
  assert.match(progress, /[٠-٩]/);
  assert.doesNotMatch(progress, LATIN_DIGIT);
  for (const step of ["profile", "connect", "practice", "schedule"])
    assert.equal(
      await page.getByTestId(`getting-started-${step}`).getAttribute("data-done"),
      "false",
      `${step} is open`,
    );
  assert.equal(
    await page.getByTestId("getting-started-connect").locator("a").count(),
    0,
    "connect: nothing to click when the operator must set a network up",
  );
  await fitsThePhone(page, "dashboard");
  await screenshot(page, "first-day-dashboard-ar.png");

  const api = await apiAs(email);
  const start = await api("/api/getting-started");
  assert.deepEqual(
    start.steps.filter((s) => s.done).map((s) => s.key),
    [],
    "the REST twin agrees: nothing done yet",
  );
  assert.equal(start.steps.find((s) => s.key === "connect")?.operator_needed, true);

  // a draft needs no network
  const draftText = "مسودة أولى: قهوة مختصة مع كعكة التمر";
  await page.goto(`${server.base}/posts/new`);
  await page.getByTestId("caption").fill(draftText);
  await page.getByTestId("save-draft").click();
  await page.waitForURL(/\/posts$/);
  await page.getByText(draftText).first().waitFor();
  const draft = await until(
    async () => (await api("/api/posts?status=draft")).posts?.find((p) => p.content === draftText),
    20_000,
  );
  assert.equal(draft.status, "draft");
  assert.deepEqual(draft.targets ?? [], [], "the draft has no network");
  await page.getByTestId(`no-network-${draft.id}`).waitFor();
  await fitsThePhone(page, "posts");

  // a practice post: the plan's network (Instagram on Basic) has a labelled practice account; the
  // post obeys the real rules (Instagram needs a photo) and goes to the simulated network
  const photo = path.join(scratch, "karak.jpg");
  await sharp({ create: { width: 1080, height: 1350, channels: 3, background: { r: 180, g: 120, b: 60 } } })
    .jpeg({ quality: 80 })
    .toFile(photo);
  const practiceText = "تجربة: كرك بالزعفران كل مساء";
  await page.goto(`${server.base}/posts/new`);
  await page.getByTestId("caption").fill(practiceText);
  await page.getByTestId("practice-instagram").waitFor();
  await page.getByTestId("platform-instagram").locator("input[type=checkbox]").check();
  await page.getByTestId("media-input").setInputFiles(photo);
  await page.getByTestId("media-item").first().waitFor({ timeout: 30_000 });
  await fitsThePhone(page, "composer");
  await screenshot(page, "first-day-composer-ar.png");
  await page.getByTestId("publish-now").click();
  await page.waitForURL(/\/posts$/);

  const published = await until(async () => {
    const p = (await api("/api/posts")).posts?.find((x) => x.content === practiceText);
    return p?.status === "published" ? p : null;
  }, 30_000);
  assert.equal(published.targets.length, 1);
  assert.equal(published.targets[0].platform, "instagram");
  assert.match(published.targets[0].permalink, /^https:\/\/demo\.sufra\.local\//, "published on the simulated network");

  // the checklist checks the practice step off, from what the business did
  await page.goto(`${server.base}/dashboard`);
  await until(
    async () => (await page.getByTestId("getting-started-practice").getAttribute("data-done")) === "true",
    20_000,
  );
  assert.equal(
    await page.getByTestId("getting-started-connect").getAttribute("data-done"),
    "false",
    "a practice account is not a connected network",
  );

  // practice figures: the practice post counts among simulated figures (shown by default while the
  // business has only practice accounts, and labelled so), never among real ones
  const overview = (simulated) =>
    api(`/api/analytics/overview?client_id=${api.businessId}&include_simulated=${simulated}`);
  const practised = await overview(true);
  const real = await overview(false);
  assert.equal(practised.simulated_included, true);
  assert.equal(
    practised.totals.posts,
    1,
    `the practice post is in the simulated figures: ${JSON.stringify(practised.totals)}`,
  );
  assert.equal(real.totals.posts, 0, `and not in the real ones: ${JSON.stringify(real.totals)}`);
  assert.equal(real.totals.reach, 0);
  await page.getByTestId("stat-demo").first().waitFor();
  // a new café's own practice figures are called practice figures, never demo ones
  assert.equal((await page.getByTestId("stat-demo").first().innerText()).trim(), "أرقام التدريب");
  await screenshot(page, "first-day-practised-ar.png");

  // billing on the trial, on the phone: how to pay, said plainly (no gateway here: a bank transfer), and a
  // price written once, in Arabic digits, with no middle dot that reads as an Arabic zero
  await page.goto(`${server.base}/billing`);
  await page.getByTestId("billing-plans").waitFor();
  await fitsThePhone(page, "billing");
  assert.doesNotMatch(
    await page.getByTestId("billing-intro").innerText(),
    /Tap/,
    "no gateway is configured: the page does not name one",
  );
  const billingText = await page.locator("main").innerText();
  assert.doesNotMatch(billingText, /·/, "no middle dot beside Arabic digits");
  assert.doesNotMatch(billingText, LATIN_DIGIT, "every figure in Arabic digits");
  await screenshot(page, "first-day-billing-ar.png");
  await page.close();
});
