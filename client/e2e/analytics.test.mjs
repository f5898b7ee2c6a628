// The analytics page in a real browser, in Arabic, on the quick start's demo café (six weeks of posts
// on demo accounts with simulated figures, a running campaign): right to left, Arabic labels and
// Arabic-Indic digits, the demo-figures label, a drawn engagement chart, the period and campaign
// filters changing the figures, the CSV export downloaded with Arabic headings; then Latin digits
// chosen in Settings.
import assert from "node:assert/strict";
import { test } from "node:test";
import { DEMO, browser, downloadedText, screenshot, server, signInAs, useHarness } from "./support.mjs";

useHarness();

const ARABIC_DIGITS = /[\u0660-\u0669]/;
const LATIN_DIGITS = /[0-9]/;
/** "١٬٢٣٤" or "1,234" -> 1234 (the first number in a text). */
const numberIn = (text) => {
  const latin = text.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u066c,]/g, "");
  const m = /\d+/.exec(latin);
  return m ? Number(m[0]) : NaN;
};

async function choose(page, testId, label) {
  await page.getByTestId(testId).click();
  await page
    .locator(".ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option")
    .filter({ hasText: label })
    .first()
    .click();
}

/** The value shown on an overview card (the statistic, without its change line). */
const cardValue = (page, metric) => page.getByTestId(`metric-${metric}`).locator(".ant-statistic-content").innerText();

test("the analytics page in Arabic on the demo café: RTL, Arabic digits, demo figures, chart, filters and the CSV export", async () => {
  const page = await browser.page(server.base);
  await signInAs(page, DEMO.client, DEMO.password, { lng: "ar", path: "/analytics" });
  await page.getByTestId("metric-posts").waitFor();

  assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
  assert.match(await page.getByTestId("metric-posts").innerText(), /النسخ على الشبكات/);
  assert.match(await page.getByTestId("metric-reach").innerText(), /الوصول/);
  assert.match(await page.getByTestId("metric-engagementRate").innerText(), /معدل التفاعل/);
  const posts30 = await cardValue(page, "posts");
  const reach30 = await cardValue(page, "reach");
  assert.match(reach30, ARABIC_DIGITS);
  assert.doesNotMatch(reach30, LATIN_DIGITS);
  assert.ok(numberIn(posts30) > 0, `posts in the last 30 days: ${posts30}`);
  // the demo accounts' figures are simulated, and the page says so
  assert.match(await page.getByTestId("demo-tag").innerText(), /أرقام تجريبية/);
  assert.match(await page.getByTestId("demo-alert").innerText(), /حسابات تجريبية/);

  // the engagement chart is drawn (a canvas with a size), or its figures are shown as a table
  const chart = page.getByTestId("engagement-chart");
  await chart.waitFor();
  await page.waitForFunction(() => {
    const fig = document.querySelector('[data-testid="engagement-chart"]');
    const canvas = fig?.querySelector("canvas");
    const table = fig?.querySelector(".sufra-chart-table:not(.sufra-chart-sr)");
    return (
      (canvas && canvas.getBoundingClientRect().width > 0 && canvas.getBoundingClientRect().height > 0) ||
      (table && table.querySelectorAll("tbody tr").length > 0)
    );
  });
  await screenshot(page, "analytics-ar.png");

  // the last 7 days: fewer posts than the last 30, and the URL keeps the choice
  await choose(page, "period-select", "آخر ٧ أيام");
  await page.waitForFunction(
    (before) => document.querySelector('[data-testid="metric-posts"] .ant-statistic-content')?.textContent !== before,
    posts30,
  );
  assert.match(page.url(), /period=last7/);
  const posts7 = numberIn(await cardValue(page, "posts"));
  assert.ok(posts7 > 0 && posts7 < numberIn(posts30), `7 days ${posts7} < 30 days ${numberIn(posts30)}`);

  // the campaign narrows them further
  await choose(page, "campaign-select", "Winter menu launch");
  await page.waitForURL(/campaign=/);
  await page.waitForFunction((before) => {
    const t = document.querySelector('[data-testid="metric-posts"] .ant-statistic-content')?.textContent ?? "";
    const n = Number(t.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^\d]/g, ""));
    return n > 0 && n < before;
  }, posts7);

  // the CSV export downloads a .csv file with Arabic headings
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-csv").click()]);
  const name = download.suggestedFilename();
  assert.match(name, /\.csv$/);
  const csv = await downloadedText(download);
  assert.match(csv, /المنشورات/);
  assert.match(csv, /الوصول/);
  assert.match(csv, /الحملة/);
  await page.getByText(`تم تنزيل \u2068${name}\u2069`).waitFor(); // the Latin file name isolated in the Arabic sentence

  // Latin digits, chosen in Settings, on the same cards
  await page.goto(`${server.base}/settings`);
  await page.getByTestId("digits-choice").locator('input[value="latn"]').check();
  await page.goto(`${server.base}/analytics`);
  await page.getByTestId("metric-reach").waitFor();
  const reachLatin = await cardValue(page, "reach");
  assert.match(reachLatin, LATIN_DIGITS);
  assert.doesNotMatch(reachLatin, ARABIC_DIGITS);
  assert.match(await page.getByTestId("metric-reach").innerText(), /الوصول/);
  await page.close();
});
