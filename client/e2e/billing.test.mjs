// Paying in Arabic with KNET (docs/product.md#subscriptions-and-billing): a café on its trial opens
// الفوترة, sees its trial and the next charge in Arabic-Indic digits, pays with KNET on the Tap stand-in's
// page (server/tests/fakes/tap-server.ts, loaded through tsx; this file's server gets its PAYMENT_*
// settings), comes back to Sufra's /billing?payment=<id>, sees the payment received and its
// subscription active, in Arabic. The server's clock is pinned, so the trial's and the month's days
// are the same on every run; Tap's stand-in posts its signed webhook as Tap would. axe-core finds
// nothing serious on the page before and after; the month's invoice downloads as its PDF.
import { after, test } from "node:test";
import assert from "node:assert/strict";
import {
  approveByEmail,
  audit,
  browser,
  screenshot,
  server,
  signInAs,
  uniqueEmail,
  until,
  useHarness,
} from "./support.mjs";

const CLOCK_START = "2026-11-26T09:00:00+03:00";
let tap;
useHarness({
  clockStart: CLOCK_START,
  env: async () => {
    const { register } = await import("tsx/esm/api");
    register();
    const { startTapFake } = await import("../../server/tests/fakes/tap-server.ts");
    tap = await startTapFake();
    return tap.state.env;
  },
});
after(() => tap?.close());

const json = { "content-type": "application/json" };

test("Arabic: a café on its trial pays a month with KNET on Tap's page and comes back active", async () => {
  const email = uniqueEmail("billing");
  const reg = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: "Saffron#2026",
      company_name: "قهوة الفنار",
      contact_name: "Noura",
      phone: "+96555551234",
      requested_plan: "professional",
      address: "السالمية",
    }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  await approveByEmail(server.base, email);

  const page = await browser.page(server.base);
  try {
    await signInAs(page, email, "Saffron#2026", { lng: "ar", path: "/billing" });
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    await page.getByRole("heading", { level: 1, name: "الفوترة" }).waitFor();
    // the menu leads here too
    await page.getByRole("menuitem", { name: "الفوترة" }).waitFor();

    // the trial, and what a month of Professional costs, in Arabic-Indic digits
    await page.getByTestId("billing-status").filter({ hasText: "تجربة مجانية" }).waitFor();
    assert.equal((await page.getByTestId("pay-amount").innerText()).trim(), "١٥٫٠٠٠ د.ك.");
    assert.equal(await page.getByRole("radio", { name: "كي نت" }).isChecked(), true);
    await screenshot(page, "billing-trial-ar.png");
    assert.deepEqual(await audit(page), []);

    // Pay now: the browser goes to Tap's page for this charge
    await page.getByTestId("pay-now").click();
    await page.waitForURL((u) => u.href.startsWith(`${tap.url}/pay/`), { timeout: 30_000 });
    await page.getByRole("heading", { name: "KNET payment" }).waitFor();
    assert.equal((await page.getByTestId("amount").innerText()).trim(), "15.000 KWD");
    assert.equal(tap.createCount(), 1);
    const charge = [...tap.charges.values()][0];
    assert.equal(charge.source.id, "src_kw.knet");
    assert.equal(charge.currency, "KWD");
    assert.equal(charge.amount, 15);

    // the person pays; Tap sends the browser back to Sufra, which reads the charge by id
    await page.getByRole("button", { name: "Pay", exact: true }).click();
    await page.waitForURL(
      (u) => u.origin === server.base && u.pathname === "/billing" && u.searchParams.has("payment"),
      { timeout: 30_000 },
    );
    const result = page.getByTestId("payment-result");
    await result.filter({ hasText: "تم استلام الدفعة" }).waitFor({ timeout: 30_000 });
    const text = await result.innerText();
    assert.match(text, /١٥٫٠٠٠ د\.ك\./);
    // the paid month starts where the trial ends: no trial day is lost
    assert.match(text, /الاحترافية/);

    // paid, and the trial runs to its end first (a month paid during the trial starts at the trial's end), in
    // Arabic; nothing more to pay now
    await page
      .getByTestId("billing-status")
      .filter({ hasText: "تجربة مجانية، والشهر الأول مدفوع" })
      .waitFor({ timeout: 15_000 });
    await page.getByTestId("billing-after-trial").waitFor();
    await until(async () => (await page.getByTestId("billing-payments").count()) > 0);
    await page.getByTestId("billing-payments").getByText("مدفوعة").first().waitFor();
    assert.equal(await page.getByTestId("subscription-banner").count(), 0);
    await screenshot(page, "billing-paid-ar.png");
    assert.deepEqual(await audit(page), []);

    // the month's invoice, downloaded as its PDF under its number
    const invoices = page.getByTestId("billing-invoices");
    const number = (
      await invoices
        .getByText(/^INV-2026-\d{6}$/)
        .first()
        .innerText()
    ).trim();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      invoices.getByRole("button", { name: `تنزيل \u2068${number}\u2069 (PDF)` }).click(),
    ]);
    assert.equal(download.suggestedFilename(), `${number}.pdf`);
    const chunks = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk);
    assert.equal(Buffer.concat(chunks).subarray(0, 5).toString("latin1"), "%PDF-");

    // on a phone (360 px) the page does not scroll sideways: the invoices and payments become cards
    await page.setViewportSize({ width: 360, height: 800 });
    await page.getByTestId("billing-invoices").locator("li").first().waitFor();
    const width = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      inner: window.innerWidth,
    }));
    assert.ok(
      width.scroll <= width.inner,
      `the billing page scrolls sideways at 360 px: ${width.scroll} > ${width.inner}`,
    );
    await screenshot(page, "billing-phone-ar.png");

    // the signed webhook came too; still one payment applied
    await tap.settled();
    assert.equal(tap.webhooksSent.filter((w) => w.kind === "charge" && w.status === "CAPTURED").length >= 1, true);
    assert.equal(tap.createCount(), 1);
  } finally {
    await page.close();
  }
});
