// One menu and one link on a phone in Arabic (docs/product.md#one-menu-and-one-link): the demo café's owner proposes
// next year's special hours from the Kuwait calendar, gives the Ramadan proposals of two Google branches their night
// hours, confirms both at once, and both read confirmed; the page does not scroll sideways. Then the owner publishes
// the link page from Settings and a post linking to it; a guest opens the post's link on a phone in Arabic, lands on
// the page (right to left, no script), taps Talabat, and the tap is counted on the post that linked it.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEMO, audit, browser, screenshot, server, serverDatabase, signInAs, useHarness, until } from "./support.mjs";

const PHONE = { width: 390, height: 844 };
useHarness();

test("the owner confirms Ramadan hours for two branches, publishes the link page; a guest's Talabat tap counts on the post (Arabic, phone)", async () => {
  const db = await serverDatabase();
  const branches = ["السالمية", "مدينة الكويت"];
  let businessId;
  try {
    const { rows } = await db.query(
      "select m.business_id from memberships m join users u on u.id = m.user_id where u.email = $1 limit 1",
      [DEMO.owner],
    );
    businessId = rows[0].business_id;
    // the demo café's page starts unpublished here: the owner publishes it below
    await db.query("update link_pages set published = false, published_at = null where business_id = $1", [businessId]);
    const account = await db.query(
      `insert into platform_accounts (id, business_id, platform, external_id, handle, display_name, demo, status, updated_at)
       values (gen_random_uuid(), $1, 'google', 'demo-google', 'sufra_demo_google', 'Sufra demo (simulated)', true, 'connected', now())
       on conflict (business_id, platform) do update set status = 'connected' returning id`,
      [businessId],
    );
    for (const [i, title] of branches.entries())
      await db.query(
        `insert into google_locations (id, business_id, account_id, google_account, name, title, verified, picked, demo, updated_at)
         values (gen_random_uuid(), $1, $2, 'accounts/demo', $3, $4, true, true, true, now())
         on conflict (business_id, name) do update set picked = true`,
        [businessId, account.rows[0].id, `locations/e2e-hours-${i}`, title],
      );
  } finally {
    await db.end();
  }

  const page = await browser.page(server.base);
  await page.setExtraHTTPHeaders({ "accept-language": "ar" });
  await page.setViewportSize(PHONE);
  const token = await signInAs(page, DEMO.owner, DEMO.password, { lng: "ar", path: "/settings" });
  await page.getByTestId("hours-special").waitFor();
  // next year's Ramadan is always ahead, whatever day this runs
  await page.getByTestId("hours-special-year").fill(String(new Date().getUTCFullYear() + 1));
  await page.getByTestId("hours-special-propose").click();

  const ids = [];
  for (const title of branches) {
    const row = page.locator('[data-occasion="ramadan"]').filter({ hasText: title });
    await row.first().waitFor();
    const id = (await row.first().getAttribute("data-testid")).replace("hours-span-", "");
    ids.push(id);
    await page.getByTestId(`hours-span-${id}-add`).click();
    await page.getByTestId(`hours-span-${id}-open-0`).fill("19:30");
    await page.getByTestId(`hours-span-${id}-close-0`).fill("03:00");
    await page.getByTestId(`hours-span-save-${id}`).click();
    await until(async () => (await page.getByTestId(`hours-span-save-${id}`).isDisabled()) || null);
  }
  for (const id of ids) await page.getByTestId(`hours-span-select-${id}`).check();
  await page.getByTestId("hours-special-confirm").click();
  for (const id of ids)
    await until(async () => (await page.getByTestId(`hours-span-status-${id}`).textContent()) === "مؤكدة" || null);
  await page.getByTestId(`hours-span-${ids[0]}`).scrollIntoViewIfNeeded();
  await screenshot(page, "opening-hours-ramadan-ar.png");
  const wide = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `the settings page scrolls sideways by ${wide}px`);

  // the link page: published from Settings
  const card = page.getByTestId("link-page");
  await card.scrollIntoViewIfNeeded();
  const slug = await page.getByTestId("link-page-slug").inputValue();
  await page.getByTestId("link-page-publish").click();
  await page.getByTestId("link-page-unpublish").waitFor();
  const pageUrl = `${server.base}/l/${slug}`;

  // a post on the café's (demo) X account that links to the page, published now: its link becomes a short link
  const json = { "content-type": "application/json", authorization: `Bearer ${token}` };
  const made = await fetch(`${server.base}/api/posts`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ content: `ليالي رمضان عندنا 🌙 اطلبوا من صفحتنا ${pageUrl}`, platforms: ["twitter"] }),
  });
  assert.equal(made.status, 201, await made.clone().text());
  const post = await made.json();
  const sent = await fetch(`${server.base}/api/posts/${post.id}/publish`, { method: "POST", headers: json });
  assert.ok(sent.status < 300, await sent.text());
  const db2 = await serverDatabase();
  let code;
  try {
    code = await until(async () => {
      const r = await db2.query(
        "select code from short_links where post_id = $1 and kind = 'caption' and target = $2",
        [post.id, pageUrl],
      );
      return r.rows[0]?.code ?? null;
    }, 30_000);
  } finally {
    await db2.end();
  }

  // a guest on a phone, in Arabic, follows the post's link; Talabat's own site is played by the browser
  // (a browser of its own set to Arabic: its Accept-Language picks the page's language; CSP bypassed for axe only)
  const guestBrowser = await browser.context.browser().newContext({
    locale: "ar-KW",
    viewport: PHONE,
    bypassCSP: true,
    // a phone's browser (headless Chromium names itself HeadlessChrome, which is a robot's name and not counted)
    userAgent:
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36",
  });
  const guest = await guestBrowser.newPage();
  await guest.route("https://www.talabat.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<title>talabat</title>" }),
  );
  await guest.goto(`${server.base}/r/${code}`);
  assert.equal(new URL(guest.url()).pathname, `/l/${slug}`);
  assert.equal(await guest.locator("html").getAttribute("dir"), "rtl");
  assert.equal(await guest.locator("script").count(), 0, "the link page runs no script");
  assert.deepEqual(await audit(guest), []);
  await screenshot(guest, "link-page-ar-phone.png");
  const talabat = guest.locator("a.btn", { hasText: "طلبات" });
  await talabat.first().click();
  await guest.waitForURL(/talabat\.com/);
  const landed = new URL(guest.url());
  assert.equal(landed.searchParams.get("utm_source"), "twitter");
  assert.equal(landed.searchParams.get("utm_content"), "talabat");
  await guestBrowser.close();

  // counted on the post that linked it: the caption's link once, the page's Talabat button once, both for this
  // post on X (the short links' counts; nothing of the guest kept)
  const db3 = await serverDatabase();
  try {
    const r = await db3.query(
      `select l.kind, l.button, sum(d.clicks)::int as n from short_links l join short_link_days d on d.link_id = l.id
        where l.post_id = $1 and l.platform = 'twitter' group by l.kind, l.button order by l.kind`,
      [post.id],
    );
    assert.deepEqual(r.rows, [
      { kind: "caption", button: null, n: 1 },
      { kind: "link_page", button: "talabat", n: 1 },
    ]);
  } finally {
    await db3.end();
  }
  await page.close();
});
