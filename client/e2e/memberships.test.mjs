// One person, two cafés, in Arabic on a phone (390×844) (docs/architecture.md#memberships): the account
// holder of one café is invited to another as its owner; the invitation page asks only for the password of
// the account the address already has; after signing in they start in the café that invited them, and the top
// bar's switcher moves every screen to their own café without a reload. axe-core finds no serious or critical violation on the invitation page or with
// the switcher open. The mailed link is read from the server's outbox, in its own database.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  approveByEmail,
  audit,
  browser,
  logIn,
  screenshot,
  server,
  uniqueEmail,
  useHarness,
  serverDatabase,
} from "./support.mjs";

const PHONE = { width: 390, height: 844 };
const PASSWORD = "Saffron#2026";
const json = { "content-type": "application/json" };
useHarness();

/** A café signed up and approved; its account holder's address. */
async function cafe(company) {
  const email = uniqueEmail("member");
  const r = await fetch(`${server.base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password: PASSWORD,
      company_name: company,
      contact_name: "Noura",
      phone: "+96555551234",
      requested_plan: "premium",
      address: "السالمية",
    }),
  });
  assert.equal(r.status, 201, await r.clone().text());
  await approveByEmail(server.base, email);
  return email;
}

const noSidewaysScroll = (page) => page.evaluate(() => document.scrollingElement.scrollWidth <= window.innerWidth + 1);

test("Arabic on a phone: invited to a second café, the owner joins with their own password, starts there and switches to their café without a reload", async () => {
  const stamp = Date.now().toString(36);
  const own = `قهوة البحر ${stamp}`;
  const other = `بيت الكرك ${stamp}`;
  const person = await cafe(own);
  const inviter = await cafe(other);

  // the other café's account holder invites the person, as an owner
  const login = await (
    await fetch(`${server.base}/api/auth/login`, {
      method: "POST",
      headers: json,
      body: JSON.stringify({ email: inviter, password: PASSWORD }),
    })
  ).json();
  const sent = await fetch(`${server.base}/api/team/invitations`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${login.access_token}` },
    body: JSON.stringify({ email: person, role: "owner" }),
  });
  assert.equal(sent.status, 201, await sent.clone().text());
  const db = await serverDatabase();
  let link;
  try {
    const { rows } = await db.query(
      "select text from outbound_mail where \"to\" = $1 and template = 'invitation' order by created_at desc limit 1",
      [person],
    );
    link = /\/invite\?token=[^\s)]+/.exec(rows[0]?.text ?? "")?.[0];
  } finally {
    await db.end();
  }
  assert.ok(link, "the invitation mail holds its link");

  const page = await browser.page(server.base);
  await page.setViewportSize(PHONE);
  try {
    await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"));
    await page.goto(`${server.base}${link}`);
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    // the page knows the address has an account: its password only, no name, no new password twice
    const subtitle = page.getByTestId("auth-subtitle");
    await subtitle.waitFor();
    assert.match(await subtitle.innerText(), /حساب في سفرة بالفعل/);
    assert.equal(await page.getByTestId("invite-name").count(), 0);
    assert.equal(await page.getByTestId("invite-confirm").count(), 0);
    assert.deepEqual(await audit(page), [], "the invitation page");
    await page.getByTestId("invite-password").fill(PASSWORD);
    await page.getByTestId("invite-submit").click();
    await page.getByTestId("login-notice").waitFor();
    assert.match(await page.getByTestId("login-notice").innerText(), new RegExp(`أُضيف.*${other}`, "s"));

    // signed in, they start in the café that invited them, as its owner
    await logIn(page, person, PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    const switcher = page.getByTestId("business-switcher");
    await switcher.waitFor();
    assert.match(await switcher.innerText(), new RegExp(other));
    assert.ok(await noSidewaysScroll(page), "no sideways scroll with the switcher in the top bar");
    await screenshot(page, "memberships-switcher-ar.png");

    // their own café: the screens follow without a reload
    const marker = await page.evaluate(() => (window.__stillTheSameApp = Math.random()));
    await switcher.click();
    const option = page.getByRole("option", { name: own });
    await option.waitFor();
    // the list slides in: measured mid-animation, its text is half transparent
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    assert.deepEqual(await audit(page), [], "the switcher, open");
    await option.click();
    await page.getByText(`أنت الآن تعمل في`).waitFor();
    assert.match(await page.getByTestId("business-switcher").innerText(), new RegExp(own));
    assert.equal(await page.evaluate(() => window.__stillTheSameApp), marker, "switched without a reload");
    // the app names its business on each request now: the server answers for their café, as its account holder
    const me = await page.evaluate(async () => {
      const user = JSON.parse(localStorage.getItem("sufra.user"));
      const r = await fetch("/api/auth/businesses", {
        headers: {
          authorization: `Bearer ${localStorage.getItem("sufra.access_token")}`,
          "x-sufra-business": user.business_id,
        },
      });
      return (await r.json()).businesses.filter((b) => b.current).map((b) => [b.company_name, b.role]);
    });
    assert.deepEqual(me, [[own, "client"]]);
    assert.ok(await noSidewaysScroll(page), "no sideways scroll after switching");
  } finally {
    await page.close();
  }
});
