// Opening hours on a phone in Arabic (docs/product.md#one-menu-and-one-link): the demo café's owner proposes next
// year's special hours from the Kuwait calendar, gives the Ramadan proposals of two Google branches their night
// hours, confirms both at once, and both read confirmed; the page does not scroll sideways.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEMO, browser, screenshot, server, serverDatabase, signInAs, useHarness, until } from "./support.mjs";

const PHONE = { width: 390, height: 844 };
useHarness();

test("the owner confirms proposed Ramadan hours for two branches (Arabic, phone)", async () => {
  const db = await serverDatabase();
  const branches = ["السالمية", "مدينة الكويت"];
  try {
    const { rows } = await db.query(
      "select m.business_id from memberships m join users u on u.id = m.user_id where u.email = $1 limit 1",
      [DEMO.owner],
    );
    const businessId = rows[0].business_id;
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
  await page.setViewportSize(PHONE);
  await signInAs(page, DEMO.owner, DEMO.password, { lng: "ar", path: "/settings" });
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
});
