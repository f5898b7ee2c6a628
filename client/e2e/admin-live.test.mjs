// Two admin windows: approving a sign-up from the recent-clients table in one updates the figures in
// the other, live over the GraphQL subscription. Prints the measured delay.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ADMIN, browser, screenshot, server, uniqueEmail, useHarness } from "./support.mjs";

useHarness();

const figure = async (page, key) =>
  Number(
    (await page.getByTestId(`stat-${key}`).locator(".ant-statistic-content-value").innerText()).replace(/[^\d]/g, ""),
  );

test("approving in one admin window updates the other within a second", async () => {
  const windowA = await browser.page(server.base);
  await windowA.goto(`${server.base}/admin/login?lng=en`);
  await windowA.getByTestId("login-email").fill(ADMIN.email);
  await windowA.getByTestId("login-password").fill(ADMIN.password);
  await windowA.getByTestId("login-submit").click();
  await windowA.waitForURL(/\/admin$/);
  // the second window shares the signed-in session (same browser profile)
  const windowB = await browser.context.newPage();
  await windowB.goto(`${server.base}/admin`);
  for (const w of [windowA, windowB]) await w.getByTestId("live-state").filter({ hasText: "Live" }).waitFor();

  // a café signs up (through the API, as the sign-up form would): both windows count it, live
  const email = uniqueEmail("live");
  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: "Saffron#2026",
      company_name: "Live Cafe",
      contact_name: "Reem",
      phone: "+96555551234",
      requested_plan: "basic",
      address: "",
    }),
  });
  const businessId = (await reg.json()).business.id;
  await windowB.getByTestId("recent-clients").getByText("Live Cafe").waitFor();
  const activeBefore = await figure(windowB, "activeClients");
  const pendingBefore = await figure(windowB, "pendingApprovals");

  // approve from the table in window A; measure until window B shows the new figures
  await windowA.getByTestId(`approve-${businessId}`).click();
  await windowA.locator(".ant-popconfirm").getByRole("button", { name: "Yes" }).click();
  const t0 = Date.now();
  await windowB.waitForFunction(
    ([want]) =>
      document
        .querySelector('[data-testid="stat-activeClients"] .ant-statistic-content-value')
        ?.textContent?.replace(/[^\d]/g, "") === String(want),
    [activeBefore + 1],
    { timeout: 5_000, polling: 20 },
  );
  const ms = Date.now() - t0;
  assert.equal(await figure(windowB, "pendingApprovals"), pendingBefore - 1);
  console.log(`[measured] approval clicked in window A -> figures updated in window B: ${ms} ms`);
  assert.ok(ms < 1000, `took ${ms} ms`);
  await screenshot(windowB, "admin-overview-en.png");
  await windowA.close();
  await windowB.close();
});
