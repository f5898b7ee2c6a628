// axe-core on the screens people meet first: no serious or critical violation, in both languages.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  ADMIN,
  approveByEmail,
  audit,
  browser,
  DEMO,
  logIn,
  networkQuiet,
  openInApp,
  server,
  signInAs,
  signUp,
  uniqueEmail,
  useHarness,
} from "./support.mjs";

useHarness();

for (const lng of ["en", "ar"]) {
  test(`landing, login, sign-up and dashboard have no serious or critical violations (${lng})`, async () => {
    const page = await browser.page(server.base);
    const quiet = networkQuiet(page);
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
    // the next screens opened inside the app, as its menu does (one load of the app, one axe)
    for (const [name, path, ready] of [
      ["settings (practice accounts)", "/settings", "connected-accounts"],
      ["composer (practice)", "/posts/new", "practice-instagram"],
    ]) {
      await openInApp(page, path);
      await page.getByTestId(ready).first().waitFor();
      await quiet();
      found[name] = await audit(page);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await openInApp(page, "/dashboard");
    await page.getByTestId("getting-started").waitFor();
    await quiet();
    found["dashboard (phone)"] = await audit(page);
    assert.deepEqual(found, {
      landing: [],
      login: [],
      "sign-up": [],
      "sign-up next steps": [],
      dashboard: [],
      "settings (practice accounts)": [],
      "composer (practice)": [],
      "dashboard (phone)": [],
    });
    await page.close();
  });
}

for (const lng of ["en", "ar"]) {
  test(`posts, composer, AI studio, calendar, inbox, analytics, campaigns, competitors, client dashboard and settings have no serious or critical violations (${lng})`, async () => {
    const page = await browser.page(server.base);
    const quiet = networkQuiet(page);
    // signed in through the API (the sign-in is the previous tests' subject), then every screen
    // opened inside the app, as its menu does: one load of the app and of axe for the whole walk
    await signInAs(page, DEMO.client, DEMO.password, { lng });
    const found = {};
    for (const [name, path, ready] of [
      ["dashboard", "/dashboard", "stat-totalPosts"],
      ["posts", "/posts", "posts-table"],
      ["composer", "/posts/new", "caption"],
      ["calendar", "/schedule", "calendar"],
      ["planner", "/planner", "planner-cost"],
      ["settings", "/settings", "connected-accounts"],
      ["inbox", "/inbox", "review-row"],
      ["analytics", "/analytics", "metric-posts"],
      ["campaigns", "/campaigns", "campaigns-table"],
      ["competitors", "/competitors", "competitor-count"],
    ]) {
      if (name !== "dashboard") await openInApp(page, path);
      await page.getByTestId(ready).first().waitFor();
      await quiet();
      found[name] = await audit(page);
    }
    // the demo café's running campaign, from the list
    await openInApp(page, "/campaigns");
    const campaign = await page
      .getByTestId("campaigns-table")
      .locator('a[href^="/campaigns/"]')
      .first()
      .getAttribute("href");
    await openInApp(page, campaign);
    await page.getByTestId("campaign-figures").waitFor();
    await quiet();
    found.campaign = await audit(page);
    // the studio's drawer, open over the composer
    await openInApp(page, "/posts/new");
    await page.getByTestId("open-studio").click();
    await page.getByTestId("studio-prompt").waitFor();
    await quiet();
    found.studio = await audit(page);
    assert.deepEqual(found, {
      dashboard: [],
      posts: [],
      composer: [],
      calendar: [],
      planner: [],
      settings: [],
      inbox: [],
      analytics: [],
      campaigns: [],
      competitors: [],
      campaign: [],
      studio: [],
    });
    await page.close();
  });
}

for (const lng of ["en", "ar"]) {
  test(`the admin's overview, payments, clients, a client's drawer, holidays and translations, on a laptop and a phone, have no serious or critical violations (${lng})`, async () => {
    const page = await browser.page(server.base);
    const quiet = networkQuiet(page);
    // signed in through the API; the app loaded once, its screens then opened inside it
    await signInAs(page, ADMIN.email, ADMIN.password, { lng, path: "/admin/clients" });
    const found = {};
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      for (const [name, path, ready] of [
        ["overview", "/admin", "stat-totalClients"],
        ["payments", "/admin?tab=billing", "payments-total"],
        ["clients", "/admin/clients"],
        ["holidays", "/admin?tab=holidays"],
        ["translations", "/admin?tab=translations"],
      ]) {
        await openInApp(page, path);
        if (ready) await page.getByTestId(ready).first().waitFor();
        await quiet();
        found[`${name} ${width}`] = await audit(page);
      }
      // a café's drawer: its people, history and invoices
      await openInApp(page, "/admin/clients");
      await page.locator(".sufra-company-link").first().click();
      await page.getByTestId("client-details").waitFor();
      await quiet();
      found[`client drawer ${width}`] = await audit(page);
    }
    assert.deepEqual(found, Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    await page.close();
  });
}

for (const lng of ["en", "ar"]) {
  test(`the owner's billing (with Change plan open), webhooks and the developers' page, on a laptop and a phone, have no serious or critical violations (${lng})`, async () => {
    const page = await browser.page(server.base);
    const quiet = networkQuiet(page);
    await signInAs(page, DEMO.owner, DEMO.password, { lng, path: "/billing" });
    const found = {};
    for (const [width, height] of [
      [1366, 900],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      for (const [name, path, ready] of [
        ["billing", "/billing", "billing-plans"],
        ["webhooks", "/webhooks", "webhooks-docs-link"],
        ["developers", "/developers", "api-keys-link"],
      ]) {
        await openInApp(page, path);
        await page.getByTestId(ready).first().waitFor();
        await quiet();
        found[`${name} ${width}`] = await audit(page);
      }
      // the Change plan dialog: what a change costs and how it is paid
      await openInApp(page, "/billing");
      const choose = page.locator("[data-testid^=choose-]").first();
      await choose.click();
      await page.getByTestId("plan-consequence").waitFor();
      await quiet();
      found[`change plan ${width}`] = await audit(page);
      await page.keyboard.press("Escape");
      await page.getByTestId("plan-consequence").waitFor({ state: "detached" });
    }
    assert.deepEqual(found, Object.fromEntries(Object.keys(found).map((k) => [k, []])));
    await page.close();
  });
}
