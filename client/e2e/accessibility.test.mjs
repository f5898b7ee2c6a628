// axe-core on the screens people meet first: no serious or critical violation, in both languages.
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { test } from "node:test";
import { approveByEmail, browser, logIn, server, signUp, uniqueEmail, useHarness } from "./support.mjs";

const axePath = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
useHarness();

async function audit(page) {
  await page.addScriptTag({ path: axePath });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")})`);
}

for (const lng of ["en", "ar"]) {
  test(`landing, login, sign-up and dashboard have no serious or critical violations (${lng})`, async () => {
    const page = await browser.page(server.base);
    const found = {};
    for (const [name, path, ready] of [
      ["landing", `/?lng=${lng}`, "choose-premium"],
      ["login", "/login", "login-submit"],
      ["sign-up", "/signup", "signup-submit"],
    ]) {
      await page.goto(server.base + path);
      await page.getByTestId(ready).waitFor();
      found[name] = await audit(page);
    }
    const email = uniqueEmail(`a11y-${lng}`);
    await signUp(page, { company: "Axe Cafe", contact: "Huda", email });
    await page.waitForURL(/\/signup\/next\?plan=\w+$/);
    await page.getByTestId("signup-next-login").waitFor();
    found["sign-up next steps"] = await audit(page);
    await page.getByTestId("signup-next-login").click();
    await page.waitForURL(/\/login$/);
    await approveByEmail(server.base, email);
    await logIn(page, email);
    await page.waitForURL(/\/dashboard$/);
    await page.getByText("Axe Cafe").first().waitFor();
    // a new business's first screens: the getting-started checklist, its practice accounts in
    // settings, the composer offering them, and the dashboard on a phone
    await page.getByTestId("getting-started").waitFor();
    found.dashboard = await audit(page);
    for (const [name, path, ready] of [
      ["settings (practice accounts)", "/settings", "connected-accounts"],
      ["composer (practice)", "/posts/new", "practice-instagram"],
    ]) {
      await page.goto(server.base + path);
      await page.getByTestId(ready).first().waitFor();
      await page.waitForLoadState("networkidle");
      found[name] = await audit(page);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.base}/dashboard`);
    await page.getByTestId("getting-started").waitFor();
    found["dashboard (phone)"] = await audit(page);
    assert.deepEqual(found, { landing: [], login: [], "sign-up": [], "sign-up next steps": [], dashboard: [], "settings (practice accounts)": [], "composer (practice)": [], "dashboard (phone)": [] });
    await page.close();
  });
}

for (const lng of ["en", "ar"]) {
  test(`posts, composer, AI studio, calendar, inbox, analytics, campaigns, competitors, client dashboard and settings have no serious or critical violations (${lng})`, async () => {
    const { DEMO } = await import("./support.mjs");
    const page = await browser.page(server.base);
    await page.goto(`${server.base}/login?lng=${lng}`);
    await logIn(page, DEMO.client, DEMO.password);
    await page.waitForURL(/\/dashboard$/);
    const found = {};
    for (const [name, path, ready] of [
      ["dashboard", "/dashboard", "stat-totalPosts"],
      ["posts", "/posts", null],
      ["composer", "/posts/new", "caption"],
      ["calendar", "/schedule", "calendar"],
      ["settings", "/settings", null],
      ["inbox", "/inbox", null],
      ["analytics", "/analytics", "metric-posts"],
      ["campaigns", "/campaigns", "campaigns-table"],
      ["competitors", "/competitors", "competitor-count"],
    ]) {
      await page.goto(server.base + path);
      if (ready) await page.getByTestId(ready).first().waitFor();
      await page.waitForLoadState("networkidle");
      found[name] = await audit(page);
    }
    // the demo café's running campaign, from the list
    await page.goto(`${server.base}/campaigns`);
    const campaign = await page.getByTestId("campaigns-table").locator('a[href^="/campaigns/"]').first().getAttribute("href");
    await page.goto(server.base + campaign);
    await page.getByTestId("campaign-figures").waitFor();
    await page.waitForLoadState("networkidle");
    found.campaign = await audit(page);
    // the studio's drawer, open over the composer
    await page.goto(`${server.base}/posts/new`);
    await page.getByTestId("open-studio").click();
    await page.getByTestId("studio-prompt").waitFor();
    await page.waitForLoadState("networkidle");
    found.studio = await audit(page);
    assert.deepEqual(found, { dashboard: [], posts: [], composer: [], calendar: [], settings: [], inbox: [], analytics: [], campaigns: [], competitors: [], campaign: [], studio: [] });
    await page.close();
  });
}

for (const lng of ["en", "ar"]) {
  test(`the admin's clients, holidays and translations, on a laptop and a phone, have no serious or critical violations (${lng})`, async () => {
    const { ADMIN } = await import("./support.mjs");
    const page = await browser.page(server.base);
    await page.goto(`${server.base}/admin/login?lng=${lng}`);
    await logIn(page, ADMIN.email, ADMIN.password);
    await page.waitForURL(/\/admin/);
    const found = {};
    for (const [width, height] of [[1366, 900], [390, 844]]) {
      await page.setViewportSize({ width, height });
      for (const [name, path] of [
        ["clients", "/admin/clients"],
        ["holidays", "/admin?tab=holidays"],
        ["translations", "/admin?tab=translations"],
      ]) {
        await page.goto(server.base + path);
        await page.waitForLoadState("networkidle");
        found[`${name} ${width}`] = await audit(page);
      }
    }
    assert.deepEqual(found, Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    await page.close();
  });
}
