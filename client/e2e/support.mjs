// Browser tests' harness: a real Sufra server (embedded PostgreSQL in a temp folder, the built
// client) and Debian's chromium driven by playwright-core. `npm run test:e2e` (e2e/run.mjs) starts
// one server and one chromium for the whole run and hands them to every file through SHARED_BASE
// and SHARED_BROWSER; a file run alone (`node --test e2e/x.test.mjs`) starts its own. Each file
// gets its own browser context (empty storage) and creates its own businesses, so files sharing a
// server do not see each other's data except the seeded demo café, which they only read or add to.
import { createRequire } from "node:module";
import { after, before } from "node:test";
import { spawn, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import pg from "pg";

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, "../..");
const AXE = createRequire(import.meta.url).resolve("axe-core/axe.min.js");
const ARTIFACTS = process.env.TEST_ARTIFACTS ?? path.join(ROOT, "test-artifacts");
export const ADMIN = { email: "admin@e2e.sufra.test", password: "E2e#Admin2026" };
/** the demo business the embedded quick start seeds (demo accounts on the simulated network) */
export const DEMO = { client: "demo-client@sufra.local", owner: "demo-owner@sufra.local", password: "Demo#Pass2026" };

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/**
 * Starts the server as `npm start` would (after a client build), on a fresh database. With
 * `clockStart` (an ISO instant) the server's clock starts there and runs on (CLOCK_START): a test
 * that depends on the day (the calendar's layout, lead times) then runs the same on every day.
 */
/** The browser tests' webhook receiver listens on plain http on this loopback address; the server is told to allow it, and only it. */
export const WEBHOOK_RECEIVER_HOST = "127.0.0.7";
const WEBHOOK_RECEIVER_ENV = { WEBHOOKS_ALLOW_HTTP: "true", WEBHOOKS_ALLOW_ADDRESSES: WEBHOOK_RECEIVER_HOST };

export async function startServer({ clockStart, env } = {}) {
  // the run's shared server keeps the real clock and environment: a file that needs a clock or an
  // environment of its own (a stand-in's addresses) gets its own server
  if (process.env[SHARED_BASE] && !clockStart && !env)
    return {
      base: process.env[SHARED_BASE],
      dataDir: process.env[SHARED_DATA],
      now: () => Date.now(),
      async stop() {},
    };
  if (!existsSync(path.join(ROOT, "client/dist/index.html")))
    execFileSync("npm", ["run", "build", "-w", "client"], { cwd: ROOT, stdio: "inherit" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sufra-e2e-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as user postgres
  const port = await freePort();
  const spawnedAt = Date.now();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.join(ROOT, "server"),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "error",
      DEMO_PASSWORD: DEMO.password,
      RATE_LIMIT_PER_IP: "100000",
      RATE_LIMIT_PER_EMAIL: "100000",
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...WEBHOOK_RECEIVER_ENV,
      ...(clockStart ? { CLOCK_START: clockStart } : {}),
      ...(env ?? {}),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  // generous: on a busy machine (another server running beside it) a start has taken over a minute
  const deadline = Date.now() + 120_000;
  const stop = async () => {
    if (child.exitCode === null) {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`server exited: ${output}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop(); // left running, it would keep the test file's process alive for ever
      throw new Error(`server did not start in 120 s: ${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    /** its data folder: a file may read the server's own database there (its postmaster's port) */
    dataDir: env?.DATA_DIR ?? dataDir,
    /** The server's "now" in ms (its own clock starts a moment after the spawn: at most that much later). */
    now: () => (clockStart ? Date.parse(clockStart) + (Date.now() - spawnedAt) : Date.now()),
    stop,
  };
}

/** Chromium as the tests drive it (Debian's build, no sandbox in a container, nothing phoning home). */
export const CHROMIUM = {
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  headless: true,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
};

/** A browser context of its own (fresh storage, its own clock) in the run's shared chromium, or in a chromium of its own. */
async function startBrowser() {
  const shared = process.env[SHARED_BROWSER];
  const chrome = shared ? await chromium.connect(shared) : await chromium.launch(CHROMIUM);
  const context = await chrome.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "en-US",
    // the server's Content-Security-Policy forbids inline scripts; axe-core is injected as one
    bypassCSP: true,
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    /** A new page with empty storage for `base`: each journey starts signed out, in the language it asks for. */
    async page(base) {
      const p = await context.newPage();
      await p.goto(`${base}/privacy`);
      await p.evaluate(() => {
        localStorage.clear();
        sessionStorage.clear();
      });
      await context.clearCookies();
      return p;
    },
    async close() {
      await context.close();
      await chrome.close(); // a shared chromium is only disconnected from
    },
  };
}

/** Where e2e/run.mjs hands its shared server's address and chromium's endpoint to the files. */
export const SHARED_BASE = "SUFRA_E2E_BASE";
export const SHARED_BROWSER = "SUFRA_E2E_BROWSER";
export const SHARED_DATA = "SUFRA_E2E_DATA_DIR";

/** The file's server and browser, set by useHarness()'s before hook (live bindings: import them as they are). */
export let server;
export let browser;

/**
 * A file's set-up in one line: the server (the run's shared one, or its own with `clockStart`) and a
 * browser context before the file's tests, both closed after them. With `clockStart` the browser's
 * clock follows the server's (syncClock). `env` (an async function) gives the file's server more
 * environment, such as a stand-in's GOOGLE_* addresses.
 */
export function useHarness({ clockStart, env } = {}) {
  before(async () => {
    server = await startServer({ clockStart, env: env ? await env() : undefined });
    browser = await startBrowser();
    if (clockStart) await syncClock(browser, server);
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
  });
}

/**
 * Pins the browser's clock to the server's (Playwright's clock: Date, timers and performance are
 * faked, time keeps flowing, so polling and live updates still run). Call before opening pages.
 */
async function syncClock(browser, server) {
  await browser.context.clock.install({ time: server.now() });
}

/**
 * Drags `source` onto the middle of `target` with the mouse, in steps (FullCalendar follows pointer
 * moves). The mouse works in viewport coordinates and never scrolls: a point below the fold gets no
 * events, so the drag would silently end where it started. Both ends are brought into view first,
 * as a person scrolls before dragging, and the drag refuses to start if either is out of view or
 * the source is covered by something else.
 */
export async function drag(page, source, target, steps = 12) {
  const { width, height } = page.viewportSize();
  await source.scrollIntoViewIfNeeded();
  let [a, b] = [await source.boundingBox(), await target.boundingBox()];
  const top = Math.min(a.y, b.y);
  const bottom = Math.max(a.y + a.height, b.y + b.height);
  if (top < 0 || bottom > height) {
    await page.evaluate((dy) => window.scrollBy(0, dy), (top + bottom) / 2 - height / 2);
    [a, b] = [await source.boundingBox(), await target.boundingBox()];
  }
  const from = { x: a.x + a.width / 2, y: a.y + a.height / 2 };
  const to = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  for (const [name, p] of [
    ["source", from],
    ["target", to],
  ]) {
    if (p.x < 0 || p.y < 0 || p.x >= width || p.y >= height)
      throw new Error(
        `drag: the ${name}'s middle (${Math.round(p.x)}, ${Math.round(p.y)}) is outside the ${width}×${height} viewport`,
      );
  }
  const hit = await source.evaluate((el, p) => {
    const at = document.elementFromPoint(p.x, p.y);
    return el.contains(at) ? null : `${at?.tagName.toLowerCase()}.${at?.className}`;
  }, from);
  if (hit) throw new Error(`drag: the source is covered by ${hit}`);
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  for (let i = 1; i <= steps; i++)
    await page.mouse.move(from.x + ((to.x - from.x) * i) / steps, from.y + ((to.y - from.y) * i) / steps);
  await page.mouse.up();
}

/** A download's content as text (download.path() is not available in the run's shared chromium, a stream is). */
export async function downloadedText(download) {
  const chunks = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * axe-core's serious and critical findings on the page as it stands (injected once a document: screens opened
 * inside the app keep it), each as "impact rule: help (where)".
 */
export async function audit(page) {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} (${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(" "))
          .join(", ")})`,
    );
}

/** The admin approves a sign-up through the REST API (the admin console is another issue's screen). */
export async function approveByEmail(base, email) {
  const json = { "content-type": "application/json" };
  const login = await (
    await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) })
  ).json();
  const auth = { ...json, authorization: `Bearer ${login.access_token}` };
  const list = await (
    await fetch(`${base}/api/admin/clients?search=${encodeURIComponent(email)}`, { headers: auth })
  ).json();
  if (list.clients?.length !== 1) throw new Error(`expected one client for ${email}: ${JSON.stringify(list)}`);
  const r = await fetch(`${base}/api/admin/clients/${list.clients[0].id}/approve`, { method: "POST", headers: auth });
  if (r.status !== 200) throw new Error(`approve failed: ${await r.text()}`);
}

/** Fills and sends the sign-up form as a person would. */
export async function signUp(page, { company, contact, email, phone = "+965 5555 1234", password = "Saffron#2026" }) {
  await page.getByTestId("signup-company").fill(company);
  await page.getByTestId("signup-contact").fill(contact);
  await page.getByTestId("signup-email").fill(email);
  await page.getByTestId("signup-phone").fill(phone);
  await page.getByTestId("signup-password").fill(password);
  await page.getByTestId("signup-confirm").fill(password);
  await page.getByTestId("signup-submit").click();
}

export async function logIn(page, email, password = "Saffron#2026") {
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

/**
 * Signs `page` (on the server's origin, as browser.page leaves it) in as `email` through the REST
 * login, keeping the tokens, the user and the language where the login page and the language
 * detector keep them, and opens `path` (unless null). For tests whose subject is not the sign-in
 * itself: the login form's own journeys (journeys, first-day, accessibility) still go through it.
 * Returns the access token.
 */
export async function signInAs(page, email, password, { lng = "en", path = "/dashboard" } = {}) {
  const base = new URL(page.url()).origin;
  const r = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const body = await r.json();
  if (!body.access_token) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(body)}`);
  await page.evaluate(
    ([s, lng]) => {
      localStorage.setItem("sufra.access_token", s.access_token);
      localStorage.setItem("sufra.refresh_token", s.refresh_token);
      localStorage.setItem("sufra.user", JSON.stringify(s.user));
      localStorage.setItem("i18nextLng", lng);
    },
    [body, lng],
  );
  if (path !== null) await page.goto(`${base}${path}`);
  return body.access_token;
}

/**
 * Opens `path` inside the running app, as its own links do (history and the router's popstate),
 * instead of loading the whole app again: for tests that visit many screens of one session.
 */
export async function openInApp(page, path) {
  await page.evaluate((p) => {
    window.history.pushState(null, "", p);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

/**
 * Playwright's "networkidle" for screens opened inside the app (waitForLoadState answers at once
 * once the document has loaded): resolves when no request of `page` has been in flight for `quiet`
 * ms. Call it right after the page is made, so it counts every request.
 */
export function networkQuiet(page, { quiet = 500, timeout = 15_000 } = {}) {
  let inFlight = 0;
  let changed = Date.now();
  page.on("request", () => {
    inFlight++;
    changed = Date.now();
  });
  const done = () => {
    inFlight = Math.max(0, inFlight - 1);
    changed = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  return async () => {
    // as networkidle does after a load, watch for at least `quiet` ms: a screen just opened may not have asked for anything yet
    const start = Date.now();
    const end = start + timeout;
    while (inFlight > 0 || Date.now() - Math.max(changed, start) < quiet) {
      if (Date.now() > end)
        throw new Error(`the network did not go quiet in ${timeout} ms (${inFlight} requests in flight)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
}

/** Polls `fn` until it gives something truthy, and returns that; fails after `ms`. */
export async function until(fn, ms = 15_000, every = 200) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, every));
  }
}

export const uniqueEmail = (tag) =>
  `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.kw`;

/** The server's own database (embedded under its data folder), through the port its postmaster wrote; end() it after. */
export async function serverDatabase() {
  const pid = path.join(server.dataDir, "postgres", "postmaster.pid");
  const port = Number(readFileSync(pid, "utf8").split("\n")[3]);
  const c = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password: "postgres", database: "sufra" });
  await c.connect();
  return c;
}
