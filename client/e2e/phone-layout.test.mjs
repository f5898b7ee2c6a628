// Phone layouts (390×844) in English and Arabic: no page scrolls sideways (a hidden chart table or a
// wide table once pushed /competitors, the admin's Holidays and Clients, its recent clients and payments
// past the screen's edge, Approve, Refund and Extend off-screen), and the page title is not covered by the
// top bar; the Settings menu's prices are on screen, the inbox's list starts on the first screen, and the
// week's day heads stay inside their columns. jsdom cannot measure layout; a real browser can.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ADMIN, DEMO, browser, screenshot, server, signInAs, useHarness } from "./support.mjs";

const PHONE = { width: 390, height: 844 };
useHarness();

/** How far the page reaches past the screen's side, and what sits on the page title's points. */
async function measure(page) {
  await page.waitForLoadState("networkidle");
  await page.evaluate(() => window.scrollTo(0, 0));
  const at = await titleSpots(page, "as opened");
  // a sideways swipe (either way: RTL scrolls to the left) must not move the title from under the finger
  await page.evaluate(() => window.scrollBy(-window.innerWidth, 0));
  const swipedLeft = await titleSpots(page, "swiped left");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.evaluate(() => window.scrollBy(window.innerWidth, 0));
  const swipedRight = await titleSpots(page, "swiped right");
  await page.evaluate(() => window.scrollTo(0, 0));
  const m = await page.evaluate(() => {
    const root = document.scrollingElement;
    const title = document.querySelector("#sufra-main h1");
    // the widest element past the edge, to name the cause when the page does scroll sideways
    let widest = null;
    if (root.scrollWidth > window.innerWidth)
      for (const el of document.querySelectorAll("body *")) {
        const r = el.getBoundingClientRect();
        const past = Math.max(r.right - window.innerWidth, -r.left);
        if (past > 1 && (!widest || past > widest.past))
          widest = { past: Math.round(past), el: `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 80)}` };
      }
    return { scrollWidth: root.scrollWidth, innerWidth: window.innerWidth, title: title?.textContent ?? null, widest };
  });
  return { ...m, covered: [...at, ...swipedLeft, ...swipedRight] };
}

/** Points of the page title's text (start, middle, end) where something else (the top bar) is on top, or that are off screen. */
function titleSpots(page, when) {
  return page.evaluate((when) => {
    const title = document.querySelector("#sufra-main h1");
    if (!title) return [`${when}: no title`];
    const range = document.createRange();
    range.selectNodeContents(title);
    const text = range.getBoundingClientRect();
    const y = text.top + text.height / 2;
    const covered = [];
    for (const x of [text.left + 2, text.left + text.width / 2, text.right - 2]) {
      const hit = document.elementFromPoint(x, y);
      if (!hit || !title.contains(hit))
        covered.push(
          `${when} ${Math.round(x)},${Math.round(y)}: ${hit ? `${hit.tagName.toLowerCase()}.${hit.className}` : "off screen"}`,
        );
    }
    return covered;
  }, when);
}

async function check(page, name, lng) {
  const m = await measure(page);
  await screenshot(page, `phone-${name}-${lng}.png`);
  assert.ok(m.title, `${name} (${lng}) has a page title`);
  assert.deepEqual(m.covered, [], `${name} (${lng}): the title "${m.title}" is covered`);
  assert.ok(
    m.scrollWidth <= m.innerWidth,
    `${name} (${lng}) scrolls sideways: ${m.scrollWidth} > ${m.innerWidth}, widest ${JSON.stringify(m.widest)}`,
  );
}

for (const lng of ["en", "ar"]) {
  test(`a client's /competitors on a phone: no sideways scroll, the title in view (${lng})`, async () => {
    const page = await browser.page(server.base);
    await page.setViewportSize(PHONE);
    await signInAs(page, DEMO.client, DEMO.password, { lng, path: "/competitors" });
    await page.getByTestId("competitor-count").waitFor();
    // the charts, with their screen-reader tables, are what once widened the page
    await page.getByTestId("competitor-charts").waitFor();
    await check(page, "competitors", lng);
    await page.close();
  });

  test(`the admin's Clients and Holidays on a phone: no sideways scroll, details and Save in reach (${lng})`, async () => {
    const page = await browser.page(server.base);
    await page.setViewportSize(PHONE);
    await signInAs(page, ADMIN.email, ADMIN.password, { lng, path: "/admin/clients" });
    const card = page.getByTestId("client-card").first();
    await card.waitFor();
    await check(page, "admin-clients", lng);
    // the card's name opens the client's details
    await card.locator(".sufra-company-link").click();
    await page.getByTestId("client-details").waitFor();

    await page.goto(`${server.base}/admin?tab=holidays`);
    const save = page
      .getByTestId("holiday-card")
      .first()
      .getByRole("button", { name: lng === "ar" ? "حفظ" : "Save" });
    await save.waitFor();
    await check(page, "admin-holidays", lng);
    const box = await save.boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width, `Save is on screen: ${JSON.stringify(box)}`);
    await page.close();
  });

  test(`the owner's Settings menu on a phone: a card per item, every price on screen (${lng})`, async () => {
    const page = await browser.page(server.base);
    await page.setViewportSize(PHONE);
    await signInAs(page, DEMO.owner, DEMO.password, { lng, path: "/settings" });
    await page.getByTestId("menu-card").first().waitFor();
    await check(page, "settings-menu", lng);
    const prices = await page.locator(".sufra-menu-list .sufra-menu-price").evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left, right: r.right };
      }),
    );
    assert.ok(prices.length > 0, "the demo café's menu has priced items");
    for (const p of prices) assert.ok(p.left >= 0 && p.right <= 390, `a price is off screen: ${JSON.stringify(p)}`);
    await page.close();
  });

  test(`the owner's inbox on a phone: the list starts on the first screen, the filters behind one button (${lng})`, async () => {
    const page = await browser.page(server.base);
    await page.setViewportSize(PHONE);
    await signInAs(page, DEMO.owner, DEMO.password, { lng, path: "/inbox" });
    const first = page.getByTestId("review-card").first();
    await first.waitFor();
    await check(page, "inbox", lng);
    await page.evaluate(() => window.scrollTo(0, 0));
    const box = await first.boundingBox();
    assert.ok(box && box.y < PHONE.height - 80, `the first item starts on the first screen: ${JSON.stringify(box)}`);
    assert.equal(await page.getByTestId("inbox-filters").count(), 0, "the filters are folded");
    await page.getByTestId("filters-toggle").click();
    await page.getByTestId("inbox-filters").waitFor();
    await page.close();
  });

  test(`the week on a phone: each day's head stays inside its column (${lng})`, async () => {
    const page = await browser.page(server.base);
    await page.setViewportSize(PHONE);
    await signInAs(page, DEMO.client, DEMO.password, { lng, path: "/schedule" });
    await page.getByTestId("calendar").waitFor();
    await page.getByRole("button", { name: lng === "ar" ? "أسبوع" : "Week", exact: true }).click();
    await page.locator(".fc-timeGridWeek-view .sufra-day-head").first().waitFor();
    await check(page, "week", lng);
    const outside = await page.evaluate(() => {
      const out = [];
      for (const cell of document.querySelectorAll(".fc-timeGridWeek-view .fc-col-header-cell")) {
        const c = cell.getBoundingClientRect();
        for (const part of cell.querySelectorAll(".sufra-day-head > *")) {
          const r = part.getBoundingClientRect();
          if (r.width && (r.left < c.left - 0.5 || r.right > c.right + 0.5))
            out.push(
              `${cell.dataset.date} ${part.className}: ${Math.round(r.left)}–${Math.round(r.right)} outside ${Math.round(c.left)}–${Math.round(c.right)}`,
            );
        }
      }
      return out;
    });
    assert.deepEqual(outside, [], "a day head spills into its neighbours");
    await page.close();
  });

  test(`the admin's recent clients and payments on a phone: cards, no sideways scroll, their buttons on screen (${lng})`, async () => {
    const page = await browser.page(server.base);
    await page.setViewportSize(PHONE);
    await signInAs(page, ADMIN.email, ADMIN.password, { lng, path: "/admin" });
    const recent = page.getByTestId("recent-client-card").first();
    await recent.waitFor();
    await check(page, "admin-overview", lng);
    assert.equal(
      await page.locator("[data-testid=recent-clients] .ant-table").count(),
      0,
      "recent clients are cards, not a table",
    );
    const onScreen = async (locator, what) => {
      for (const el of await locator.all()) {
        const box = await el.boundingBox();
        assert.ok(
          box && box.x >= 0 && box.x + box.width <= PHONE.width,
          `${what} is on screen: ${JSON.stringify(box)}`,
        );
      }
    };
    await onScreen(recent.getByRole("button"), "a recent client's button");

    await page.goto(`${server.base}/admin?tab=billing`);
    await page.getByTestId("payments-total").waitFor();
    await check(page, "admin-payments", lng);
    assert.equal(await page.locator(".sufra-admin-payments .ant-table").count(), 0, "payments are cards, not a table");
    const payment = page.getByTestId("payment-card").first();
    if (await payment.count()) await onScreen(payment.getByRole("button"), "a payment's button");
    await page.close();
  });
}
