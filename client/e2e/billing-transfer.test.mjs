// An upgrade paid by bank transfer, in Arabic on a phone (390×844), with no payment gateway
// (docs/product.md#subscriptions-and-billing, "Paying" and "Plan changes"): a café in the middle of a paid
// month of Professional opens الفوترة, reads that payments are by bank transfer, chooses Premium and sees the
// prorated difference of the day (the server's upgrade_now_fils, to the fils) with the transfer's details and
// nothing to pay online; the admin records that transfer as a plan upgrade; the café is then on Premium, with
// the invoice listed. This file's server has no PAYMENT_GATEWAY and its own PAYMENT_BANK_* and data folder:
// the paid month is set to have begun ten days ago straight in its database (as the server's tests do).
import { after, test } from "node:test";
import assert from "node:assert/strict";
import { chmodSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ADMIN, approveByEmail, browser, screenshot, server, signInAs, uniqueEmail, useHarness } from "./support.mjs";

const PHONE = { width: 390, height: 844 };
const IBAN = "KW81CBKU0000000000001234560101";
const dataDir = mkdtempSync(path.join(os.tmpdir(), "sufra-e2e-transfer-"));
chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as user postgres
useHarness({
  env: async () => ({
    DATA_DIR: dataDir,
    PAYMENT_BANK_NAME: "بيت التمويل الكويتي",
    PAYMENT_BANK_IBAN: IBAN,
    PAYMENT_BANK_BENEFICIARY: "شركة سفرة",
  }),
});
after(() => rmSync(dataDir, { recursive: true, force: true }));

const json = { "content-type": "application/json" };
const DAY = 86_400_000;
/** "٢١٫٩٣٥ د.ك." -> 21935 fils */
const filsOf = (text) =>
  Math.round(
    Number(
      text
        .replace(/[٠-٩]/g, (d) => String("٠١٢٣٤٥٦٧٨٩".indexOf(d)))
        .replace(/٫/g, ".")
        .match(/\d+(?:\.\d+)?/)?.[0],
    ) * 1000,
  );
/** 21935 fils -> "٢١٫٩٣٥", as an admin types it on an Arabic keyboard */
const arabicKwd = (fils) =>
  (fils / 1000)
    .toFixed(3)
    .replace(/\d/g, (d) => "٠١٢٣٤٥٦٧٨٩"[Number(d)])
    .replace(".", "٫");

/** The server's own database (embedded under this file's DATA_DIR): the port its postmaster wrote. */
async function database() {
  const port = Number(readFileSync(path.join(dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[3]);
  const c = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "postgres", database: "sufra" });
  await c.connect();
  return c;
}

test("Arabic on a phone: a café upgrades by bank transfer, sees the prorated amount and the transfer's details; the admin records it; the café is on Premium with its invoice", async () => {
  const email = uniqueEmail("upgrade");
  const company = `Qahwat Al Bahar ${Date.now().toString(36)}`;
  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: "Saffron#2026",
      company_name: company,
      contact_name: "Noura",
      phone: "+96555551234",
      requested_plan: "professional",
      address: "السالمية",
    }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  const businessId = (await reg.json()).business.id;
  await approveByEmail(server.base, email);
  // a paid month of Professional that began ten days ago (its trial long over)
  const db = await database();
  try {
    const start = new Date(Date.now() - 10 * DAY);
    const end = new Date(start);
    end.setUTCMonth(end.getUTCMonth() + 1);
    await db.query(
      "update subscriptions set status = 'active', plan = 'professional', period_starts_at = $2, renews_at = $3, trial_ends_at = $4 where business_id = $1",
      [businessId, start, end, new Date(start.getTime() - 1)],
    );
  } finally {
    await db.end();
  }

  const page = await browser.page(server.base);
  await page.setViewportSize(PHONE);
  try {
    const token = await signInAs(page, email, "Saffron#2026", { lng: "ar", path: "/billing" });
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    await page.getByRole("heading", { level: 1, name: "الفوترة" }).waitFor();
    // no gateway: the header says how payments are made, and names no Tap
    const intro = await page.getByTestId("billing-intro").innerText();
    assert.match(intro, /تدفع بتحويل بنكي/);
    assert.doesNotMatch(intro, /Tap/);
    // the month is paid: no transfer asked for now
    await page.getByTestId("billing-paid-ahead").waitFor();

    // the day's prorated difference, as the server computes it
    const billing = await (
      await fetch(`${server.base}/api/billing`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    const due = billing.plans.find((p) => p.plan === "premium").upgrade_now_fils;
    assert.ok(due > 0 && due < 34_000, `prorated: ${due}`);
    const offer = await page.getByTestId("upgrade-now-PREMIUM").innerText();
    assert.equal(filsOf(offer.split("الآن")[0]), due);
    assert.match(offer, /الآن لبقية هذا الشهر/);

    await page.getByTestId("choose-PREMIUM").click();
    const dialog = page.locator(".ant-modal");
    const consequence = await dialog.getByTestId("plan-consequence").innerText();
    assert.match(consequence, /^حوّل .+ عن الأيام المتبقية من هذا الشهر إلى الحساب أدناه/);
    assert.equal(filsOf(consequence.split("عن الأيام")[0]), due);
    await dialog.getByText(IBAN).waitFor();
    await dialog.getByText("بيت التمويل الكويتي").waitFor();
    // nothing to pay online: no "Pay with" followed by nothing, no disabled Pay button
    assert.equal(await dialog.getByText("طريقة الدفع").count(), 0);
    assert.equal(await dialog.getByRole("button", { name: /^ادفع/ }).count(), 0);
    // the dialog fits the phone's width
    const box = await dialog.locator(".ant-modal-container, .ant-modal-content").first().boundingBox();
    assert.ok(box && box.x >= 0 && box.x + box.width <= PHONE.width + 1, JSON.stringify(box));
    await screenshot(page, "billing-upgrade-transfer-ar-phone.png");
    await dialog.getByTestId("close-plan").click();
    await dialog.waitFor({ state: "hidden" });

    // the admin records the transfer as a plan upgrade, on a phone too
    const admin = await browser.page(server.base);
    await admin.setViewportSize(PHONE);
    await signInAs(admin, ADMIN.email, ADMIN.password, { lng: "ar", path: "/admin?tab=billing" });
    await admin.getByTestId("record-payment").click();
    const modal = admin.locator(".ant-modal");
    await modal.getByText("ترقية باقة").click();
    await modal.getByTestId("record-upgrade-hint").waitFor();
    await modal.getByTestId("record-business").click();
    await admin.keyboard.type(company.slice(0, 15));
    await admin
      .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")
      .filter({ hasText: company })
      .click();
    await modal.getByTestId("record-amount").fill(arabicKwd(due));
    await modal.getByTestId("record-plan").click();
    await admin
      .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")
      .filter({ hasText: "المميزة" })
      .click();
    await modal.getByTestId("record-receipt").fill("KFH-UP-77");
    await screenshot(admin, "admin-record-upgrade-ar-phone.png");
    await modal.getByTestId("record-submit").click();
    const done = admin.getByText(/^سُجّل مبلغ .+ لـ .+؛ الفاتورة \u2068?INV-\d{4}-\d{6}\u2069?$/);
    await done.waitFor();
    const invoice = (await done.innerText()).match(/INV-\d{4}-\d{6}/)[0];
    await admin.close();

    // the café: on Premium now, the invoice listed
    await signInAs(page, email, "Saffron#2026", { lng: "ar", path: "/billing" });
    await page.getByTestId("plan-PREMIUM").getByText("باقتك الحالية").waitFor();
    assert.match(await page.getByTestId("billing-status-card").innerText(), /المميزة/);
    await page.getByTestId("billing-invoices").getByText(invoice).first().waitFor();
    const paid = await page.getByTestId("billing-payments").innerText();
    assert.match(paid, /تحويل بنكي/);
    await screenshot(page, "billing-upgraded-ar-phone.png");
  } finally {
    await page.close().catch(() => {});
  }
});
