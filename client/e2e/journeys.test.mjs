// The journeys people take, in a real browser against a real server.
import assert from "node:assert/strict";
import { test } from "node:test";
import { approveByEmail, browser, logIn, screenshot, server, signUp, uniqueEmail, useHarness } from "./support.mjs";

useHarness();

test("landing -> Premium -> sign up -> success -> approval -> login -> dashboard", async () => {
  const page = await browser.page(server.base);
  await page.goto(`${server.base}/?lng=en`);
  assert.equal(await page.locator("html").getAttribute("dir"), "ltr");
  await page.getByTestId("choose-premium").click();
  await page.waitForURL(/\/signup\?plan=premium$/);

  const email = uniqueEmail("e2e-en");
  await signUp(page, { company: "Dar Al Qahwa", contact: "Noura Al-Sabah", email });
  // one next-steps page: the success text once, what happens next, then sign in
  await page.waitForURL(/\/signup\/next\?plan=premium$/);
  await page
    .getByText(
      "Registration successful! Your account is pending approval. You selected the Premium plan. We will contact you soon.",
    )
    .waitFor();
  await page.getByTestId("signup-next-login").click();
  await page.waitForURL(/\/login$/);

  await approveByEmail(server.base, email);
  await logIn(page, email);
  await page.waitForURL(/\/dashboard$/);
  await page.getByText("Dar Al Qahwa").first().waitFor();
  await screenshot(page, "dashboard-en.png");
  await page.close();
});

test("the same journey in Arabic, right to left", async () => {
  const page = await browser.page(server.base);
  await page.goto(`${server.base}/?lng=ar`);
  assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
  assert.equal(await page.locator("html").getAttribute("lang"), "ar");
  await screenshot(page, "landing-ar.png");
  await page.getByTestId("choose-premium").click();
  await page.waitForURL(/\/signup\?plan=premium$/);
  await page.getByTestId("signup-submit").waitFor();
  assert.ok(
    (await page.locator(".ant-form-rtl, .ant-row-rtl, [class*='-rtl']").count()) > 0,
    "antd renders right to left",
  );

  const email = uniqueEmail("e2e-ar");
  await signUp(page, { company: "مقهى الدار", contact: "نورة الصباح", email });
  // one next-steps page: the success text once, what happens next, then sign in
  await page.waitForURL(/\/signup\/next\?plan=premium$/);
  await page
    .getByText("تم التسجيل بنجاح! حسابك بانتظار الموافقة. لقد اخترت باقة المميزة. سنتواصل معك قريبًا.")
    .waitFor();
  await page.getByTestId("signup-next-login").click();
  await page.waitForURL(/\/login$/);

  await approveByEmail(server.base, email);
  await logIn(page, email);
  await page.waitForURL(/\/dashboard$/);
  await page.getByText("مقهى الدار").first().waitFor();
  assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
  assert.ok((await page.locator(".ant-layout-rtl, .ant-menu-rtl").count()) > 0, "the app shell renders right to left");
  await screenshot(page, "dashboard-ar.png");
  await page.close();
});

test("an unknown path lands on /", async () => {
  const page = await browser.page(server.base);
  await page.goto(`${server.base}/no/such/page?x=1`);
  await page.waitForURL((u) => u.pathname === "/");
  await page.getByTestId("choose-premium").waitFor();
  await page.close();
});

test("a client opening /admin is redirected to their dashboard", async () => {
  const email = uniqueEmail("e2e-guard");
  const page = await browser.page(server.base);
  await page.goto(`${server.base}/signup?lng=en`);
  await signUp(page, { company: "Guarded Cafe", contact: "Fahad", email });
  await page.waitForURL(/\/signup\/next\?plan=\w+$/);
  await page.getByTestId("signup-next-login").click();
  await page.waitForURL(/\/login$/);
  await approveByEmail(server.base, email);
  await logIn(page, email);
  await page.waitForURL(/\/dashboard$/);
  await page.goto(`${server.base}/admin`);
  await page.waitForURL(/\/dashboard$/);
  await page.getByText("Guarded Cafe").first().waitFor();
  await page.close();
});

test("signed out, a protected page asks for login and returns there afterwards", async () => {
  const email = uniqueEmail("e2e-return");
  const page = await browser.page(server.base);
  await page.goto(`${server.base}/signup?lng=en`);
  await signUp(page, { company: "Return Cafe", contact: "Mariam", email });
  await page.waitForURL(/\/signup\/next\?plan=\w+$/);
  await approveByEmail(server.base, email);
  await page.goto(`${server.base}/settings`);
  await page.waitForURL(/\/login$/);
  await logIn(page, email);
  await page.waitForURL(/\/settings$/);
  await page.close();
});
