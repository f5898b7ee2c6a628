// The admin's Billing tab in Arabic, right to left (docs/product.md#subscriptions-and-billing, "Admin"): a café on
// its trial pays by bank transfer; the admin finds it by name, records 15٫500 KWD typed with Arabic-Indic digits,
// and the figures (MRR, paid subscriptions) change live; the payment is listed with its invoice; then a part of it
// is refunded after the confirmation.
import assert from "node:assert/strict";
import { test } from "node:test";
import { ADMIN, approveByEmail, browser, screenshot, server, signInAs, uniqueEmail, useHarness } from "./support.mjs";

useHarness();

const money = async (page, key) =>
  (await page.getByTestId(`stat-${key}`).locator(".ant-statistic-content-value").innerText()).trim();
const count = async (page, key) =>
  Number(
    (await page.getByTestId(`stat-billing-${key}`).locator(".ant-statistic-content-value").innerText())
      .replace(/[٠-٩]/g, (d) => String("٠١٢٣٤٥٦٧٨٩".indexOf(d)))
      .replace(/[^\d]/g, ""),
  );

test("in Arabic: a transfer recorded from the Billing tab changes the figures live; a part refunded after asking", async () => {
  const email = uniqueEmail("transfer");
  const company = `Qahwat Al Dira ${Date.now().toString(36)}`;
  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email,
      password: "Saffron#2026",
      company_name: company,
      contact_name: "Reem",
      phone: "+96555551234",
      requested_plan: "professional",
      address: "",
    }),
  });
  assert.equal(reg.status, 201);
  await approveByEmail(server.base, email);

  const page = await browser.page(server.base);
  await signInAs(page, ADMIN.email, ADMIN.password, { lng: "ar", path: "/admin?tab=billing" });
  assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
  await page.getByTestId("billing-live-state").filter({ hasText: "مباشر" }).waitFor();
  const activeBefore = await count(page, "active");
  const mrrBefore = await money(page, "mrrFils");

  await page.getByTestId("record-payment").click();
  const dialog = page.locator(".ant-modal");
  await dialog.getByTestId("record-business").click();
  await page.keyboard.type(company.slice(0, 14));
  await page
    .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")
    .filter({ hasText: company })
    .click();
  await dialog.getByTestId("record-amount").fill("١٥٫٥");
  await dialog.getByTestId("record-receipt").fill("NBK-2231");
  await dialog.getByTestId("record-submit").click();
  await page.getByText(/^سُجّل مبلغ ١٥٫٥٠٠ د\.ك\. لـ /).waitFor();

  // live: the figures move without reloading (the subscription's push)
  await page.waitForFunction(
    (before) =>
      document.querySelector('[data-testid="stat-mrrFils"] .ant-statistic-content-value')?.textContent?.trim() !==
      before,
    mrrBefore,
    { timeout: 5_000 },
  );
  assert.equal(await count(page, "active"), activeBefore + 1);
  const row = page.getByTestId("payments-table").locator("tr").filter({ hasText: company });
  await row.getByText("NBK-2231").waitFor();
  assert.match(await row.innerText(), /١٥٫٥٠٠ د\.ك\./);
  assert.match(await row.innerText(), /INV-\d{4}-\d{6}/);
  // the invoice's number downloads its PDF
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    row.locator('[data-testid^="invoice-link-INV-"]').click(),
  ]);
  assert.match(download.suggestedFilename(), /^INV-\d{4}-\d{6}\.pdf$/);
  await screenshot(page, "admin-billing-ar.png");

  // a part back, asked once more
  await row.getByRole("button", { name: "استرداد" }).click();
  await dialog.getByTestId("refund-amount").fill("5.5");
  await dialog.getByTestId("refund-reason").fill("يومان دون خدمة");
  await dialog.getByTestId("refund-submit").click();
  await page
    .locator(".ant-popconfirm")
    .filter({ hasText: "إعادة ٥٫٥٠٠ د.ك." })
    .getByRole("button", { name: "استرداد" })
    .click();
  await page.getByText(/^استُرد ٥٫٥٠٠ د\.ك\. إلى /).waitFor();
  await row.getByText("مستردة جزئيًا").waitFor();
  await screenshot(page, "admin-billing-refund-ar.png");

  // live: a payment recorded elsewhere (another admin, over REST) is listed without a reload
  const login = await (
    await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: ADMIN.email, password: ADMIN.password }),
    })
  ).json();
  const businessId = (await reg.json()).business.id;
  const other = await fetch(`${server.base}/api/admin/clients/${businessId}/payments`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${login.access_token}` },
    body: JSON.stringify({ amount_fils: 15_000, method: "bank_transfer", receipt: "NBK-LIVE-9" }),
  });
  assert.equal(other.status, 201);
  const t0 = Date.now();
  await page.getByTestId("payments-table").getByText("NBK-LIVE-9").waitFor({ timeout: 5_000 });
  console.log(`[measured] payment recorded over REST -> listed live in the open Billing tab: ${Date.now() - t0} ms`);
  await page.close();
});
