// The GraphQL playground at /graphql, as an integrator uses it: a Premium business's API key pasted in
// the header editor opens the schema explorer, "list posts" shows the business's posts, the postChanged
// subscription receives a change over graphql-ws. The page runs under the server's own
// Content-Security-Policy (this file's context does not bypass it) and nothing leaves the origin.
import { test } from "node:test";
import assert from "node:assert/strict";
import { approveByEmail, browser, screenshot, server, uniqueEmail, useHarness } from "./support.mjs";

useHarness();

const json = { "content-type": "application/json" };

/** A Premium business, approved, with an API key and one draft post (made with the key). */
async function premiumBusinessWithKey(base, content) {
  const email = uniqueEmail("playground");
  const password = "Saffron#2026";
  const reg = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({
      email,
      password,
      company_name: "Playground Cafe",
      contact_name: "Huda",
      phone: "+96555551234",
      requested_plan: "premium",
      address: "",
    }),
  });
  assert.equal(reg.status, 201, await reg.clone().text());
  await approveByEmail(base, email);
  const login = await (
    await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify({ email, password }) })
  ).json();
  const created = await fetch(`${base}/api/api-keys`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${login.access_token}` },
    body: JSON.stringify({ name: "Playground" }),
  });
  assert.equal(created.status, 201, await created.clone().text());
  const { key } = await created.json();
  await createDraft(base, key, content);
  return key;
}

async function createDraft(base, key, content) {
  const r = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${key}` },
    body: JSON.stringify({
      query: "mutation ($input: PostInput!) { createPost(input: $input) { id } }",
      variables: { input: { content, platforms: [] } },
    }),
  });
  const body = await r.json();
  assert.ok(body.data?.createPost?.id, JSON.stringify(body));
  return body.data.createPost.id;
}

/** The text Monaco shows in the response pane (its spaces are no-break spaces). */
const responseText = (page) => page.locator(".result-window").evaluate((e) => e.textContent.replace(/\u00a0/g, " "));
/** Waits until the response pane shows `text` (white space aside: Monaco wraps long lines, an id too). */
const responseShows = (page, text, timeout) =>
  page.waitForFunction(
    (t) => document.querySelector(".result-window")?.textContent?.replace(/\s/g, "").includes(t.replace(/\s/g, "")),
    text,
    timeout ? { timeout } : {},
  );

test("an API key pasted in the playground lists the business's posts, opens the schema and subscribes, all from this origin", async () => {
  const content = `Playground-karak-${Date.now().toString(36)}`;
  const key = await premiumBusinessWithKey(server.base, content);

  // a context of its own that keeps the server's Content-Security-Policy (the harness's bypasses it)
  const context = await browser.context
    .browser()
    .newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  context.setDefaultTimeout(15_000);
  try {
    const origin = new URL(server.base).origin;
    const requests = [];
    context.on("request", (r) => requests.push(r.url()));
    const page = await context.newPage();
    page.on("websocket", (ws) => requests.push(ws.url()));
    const problems = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
    page.on("console", (m) => /Content Security Policy|Refused to/i.test(m.text()) && problems.push(m.text()));
    await page.addInitScript(() => {
      window.__cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });

    await page.goto(`${server.base}/graphql`);
    await page.getByText("Sufra API", { exact: true }).first().waitFor();
    await page
      .getByTestId("playground-hint")
      .getByText(/replace sk_live_/)
      .waitFor();
    assert.equal(await page.getByTestId("playground-api-keys").getAttribute("href"), "/api-keys");
    // the saved examples are the tabs, the first one open, its header editor holding the placeholder
    for (const tab of ["ListPosts", "CreateScheduledPost", "AnalyticsOverview", "PostChanged"])
      await page.locator(".graphiql-tab").getByText(tab, { exact: true }).waitFor();
    const headers = page.locator('[data-uri$="request-headers.json"]');
    await headers.getByText(/sk_live_/).waitFor();
    // without a key the server keeps the schema to itself, and the page says what to do
    await responseShows(page, "paste a valid API key");

    // the integrator pastes the headers with the key over the placeholder (pasted: typed, the editor would close brackets and quotes itself)
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin });
    await page.evaluate((text) => navigator.clipboard.writeText(text), `{"Authorization": "Bearer ${key}"}`);
    await headers.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("ControlOrMeta+v");
    await headers.getByText(key).waitFor();
    await page.getByRole("button", { name: /^Execute query/ }).click();
    await responseShows(page, content);
    const listed = await responseText(page);
    assert.match(listed, /"totalCount": 1/);
    assert.match(listed, /"status": "DRAFT"/);

    // the schema was fetched again with the key: the documentation explorer shows the root types
    await page.getByRole("button", { name: /Show Documentation Explorer/ }).click();
    await page.locator(".graphiql-doc-explorer").getByText("Query", { exact: true }).first().waitFor();
    await page.locator(".graphiql-doc-explorer").getByText("Subscription", { exact: true }).first().waitFor();
    await screenshot(page, "playground-list-posts-en.png");

    // another example tab still shows the placeholder but uses the key pasted once; its subscription goes over graphql-ws
    await page.locator(".graphiql-tab").getByText("PostChanged", { exact: true }).click();
    // GraphiQL names the operation from the editor 100 ms after a change (debounced): run just after the tab
    // opened, it may send the previous tab's name, which the server refuses ("Unknown operation named").
    // Then it is stopped and run again, once the name has caught up
    // The refusal may come back before the Stop button is ever seen, so wait for whichever comes first.
    for (let i = 0; i < 5; i++) {
      await page.getByRole("button", { name: /^Execute query/ }).click();
      const running = page
        .getByRole("button", { name: /^Stop query/ })
        .waitFor()
        .then(() => "running");
      const refused = responseShows(page, "Unknown operation named").then(() => "refused");
      // neither, on a loaded machine: the click came before the editor took it; run it again (the live
      // change below still has to arrive over the socket)
      const first = await Promise.race([running, refused]).catch(() => "neither");
      running.catch(() => {});
      refused.catch(() => {});
      // running: it may still be refused a moment later (the answer comes after the button shows)
      if (
        first === "running" &&
        !(await responseShows(page, "Unknown operation named", 1_000).then(
          () => true,
          () => false,
        ))
      )
        break;
      const stop = page.getByRole("button", { name: /^Stop query/ });
      if (await stop.isVisible()) await stop.click();
    }
    let postId;
    // the socket may still be connecting: a change made before it subscribed would not be seen, so make them until one arrives
    for (let i = 0; i < 10 && !postId; i++) {
      const id = await createDraft(server.base, key, `${content}-live-${i}`);
      try {
        await responseShows(page, id, 1_500);
        postId = id;
      } catch {
        // not subscribed yet: the next draft
      }
    }
    assert.ok(postId, `no change arrived: ${await responseText(page)}`);
    assert.match(await responseText(page), /"postStatus": "DRAFT"/);
    await page.getByRole("button", { name: /^Stop query/ }).click();

    // offline: every request, the WebSocket included, went to the page's own origin
    assert.ok(
      requests.some((u) => u.startsWith("ws://") && u.endsWith("/graphql")),
      "the subscription used a WebSocket",
    );
    const away = requests.filter(
      (u) => new URL(u.replace(/^ws/, "http")).origin !== origin && !u.startsWith("data:") && !u.startsWith("blob:"),
    );
    assert.deepEqual(away, []);
    assert.deepEqual(problems, []);
    // the one refusal allowed: zod (through @sufra/schema's texts, as in the web client) probes whether
    // it may compile with Function("") and, refused, validates without; the playground needs no eval
    const refused = await page.evaluate(() => window.__cspViolations);
    assert.deepEqual(
      refused.filter((v) => !v.startsWith("script-src eval ")),
      [],
    );
  } finally {
    await context.close();
  }
});

test("the playground's texts follow the saved language, and a session token is never put in its headers", async () => {
  const context = await browser.context
    .browser()
    .newContext({ viewport: { width: 1280, height: 800 }, locale: "en-US" });
  context.setDefaultTimeout(15_000);
  try {
    const page = await context.newPage();
    await page.goto(`${server.base}/privacy`);
    // a signed-in person's tokens sit in localStorage beside the saved language
    await page.evaluate(() => {
      localStorage.setItem("i18nextLng", "ar");
      localStorage.setItem("sufra.accessToken", "session-token-that-must-stay-put");
    });
    await page.goto(`${server.base}/graphql`);
    await page.getByText("واجهة سفرة البرمجية").waitFor();
    await page.getByText("مفاتيح API", { exact: true }).waitFor();
    const headers = page.locator('[data-uri$="request-headers.json"]');
    await headers.getByText(/sk_live_/).waitFor();
    assert.doesNotMatch(await headers.evaluate((e) => e.textContent), /session-token/);
    // the language switch in the bar goes back to English and is remembered
    await page.getByRole("button", { name: "English" }).click();
    await page.getByText("GraphQL playground", { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem("i18nextLng")), "en");
    await screenshot(page, "playground-ar-switch.png");
  } finally {
    await context.close();
  }
});

/** How far the page can be scrolled sideways (either way: in Arabic the overflow lies to the left). */
const sidewaysScroll = (page) =>
  page.evaluate(() => {
    const el = document.scrollingElement;
    el.scrollLeft = -100_000;
    const left = Math.abs(el.scrollLeft);
    el.scrollLeft = 100_000;
    const right = Math.abs(el.scrollLeft);
    el.scrollLeft = 0;
    return { overflow: el.scrollWidth - el.clientWidth, left, right };
  });

test("in Arabic, at 1366 and 390 px, neither the developers page nor the playground scrolls sideways, and Copy never covers code", async () => {
  for (const width of [1366, 390]) {
    const context = await browser.context
      .browser()
      .newContext({ viewport: { width, height: width > 800 ? 800 : 844 }, locale: "ar-KW" });
    context.setDefaultTimeout(15_000);
    try {
      const page = await context.newPage();
      await page.goto(`${server.base}/privacy`);
      await page.evaluate(() => localStorage.setItem("i18nextLng", "ar"));

      // the developers page: right to left, its code left to right, each Copy button clear of its code
      await page.goto(`${server.base}/developers`);
      await page.getByTestId("section-keys").waitFor();
      assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
      assert.equal(await page.getByTestId("api-keys-link").getAttribute("href"), "/api-keys");
      assert.deepEqual(await sidewaysScroll(page), { overflow: 0, left: 0, right: 0 }, `developers page at ${width}px`);
      const blocks = await page.locator(".dev-code").evaluateAll((codes) =>
        codes.map((c) => {
          const pre = c.querySelector("pre");
          const code = pre.querySelector("code");
          const button = c.querySelector("button.dev-copy");
          const box = (e) => e.getBoundingClientRect();
          const [b, p] = [box(button), box(pre)];
          // the code's lines as laid out (its text, not its scrolling box)
          const range = document.createRange();
          range.selectNodeContents(code);
          const lines = [...range.getClientRects()].filter((r) => r.width > 0);
          const hit = lines.some((r) => r.left < b.right && r.right > b.left && r.top < b.bottom && r.bottom > b.top);
          return {
            dir: getComputedStyle(pre).direction,
            hit,
            inside: b.top >= p.top && b.bottom <= p.bottom && b.left < p.right && b.right > p.left,
          };
        }),
      );
      assert.ok(blocks.length >= 10, `only ${blocks.length} code blocks`);
      assert.deepEqual(
        blocks.filter((b) => b.dir !== "ltr"),
        [],
        "code stays left to right",
      );
      assert.deepEqual(
        blocks.filter((b) => b.hit || b.inside),
        [],
        `a Copy button over code at ${width}px`,
      );
      await screenshot(page, `developers-ar-${width}.png`);

      // the playground: its bar in Arabic, GraphiQL left to right, nothing to scroll to on either side
      await page.goto(`${server.base}/graphql`);
      await page.getByText("واجهة سفرة البرمجية").waitFor();
      await page
        .locator('[data-uri$="request-headers.json"]')
        .getByText(/sk_live_/)
        .waitFor();
      assert.deepEqual(await sidewaysScroll(page), { overflow: 0, left: 0, right: 0 }, `playground at ${width}px`);
      await screenshot(page, `playground-ar-${width}.png`);
    } finally {
      await context.close();
    }
  }
});
