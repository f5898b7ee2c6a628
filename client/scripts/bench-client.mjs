#!/usr/bin/env node
// Client benchmark (npm run bench:client), run with tsx (it serves dist/ with the server's own static-client.ts):
//  1. builds the client as `npm run build` does (the web client with a Vite manifest, then the playground);
//  2. from the manifest, what each route fetches on a first visit (index.html, the entry chunk and its static
//     imports, the route's lazy modules and theirs, their CSS; /analytics also the chart chunk it draws with):
//     bytes as built (identity) and bytes sent to a browser that accepts brotli (the .br twin the build
//     wrote, else the file), beside the goals;
//  3. in Chromium, / /login and /signup served by server/src/http/static-client.ts on a free loopback port:
//     requests and response bytes as the browser counted them (bodies as sent, and headers), fonts and all;
//  4. Lighthouse 12 (mobile, the default) on / and /login from the same server: performance and
//     accessibility scores, FCP, LCP, TBT and CLS, beside the goal (performance >= 90).
//  5. every signed-in route, in Chromium, on a real server (server/src/main.ts on an embedded PostgreSQL with the
//     demo café, as the browser tests start it: e2e/support.mjs) serving this dist/: a first visit after
//     sign-in (a fresh context holding the session, nothing cached): requests, JavaScript as a brotli browser
//     is sent it (the .br twins), CSS, fonts (and whether the other language's face came), beside the goals.
// Everything is bounded in time, stays on 127.0.0.1 and the script exits by itself (0 when all went well).
// Options: --skip-build (reuse dist/), --no-lighthouse, --no-browser, --no-signed-in. CHROME_PATH overrides /usr/bin/chromium;
// LHR_OUT=<file> keeps Lighthouse's full JSON results (which elements shifted, what blocked, ...).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { serveClient } from "../../server/src/http/static-client.ts";
import { lighthousePage } from "./lighthouse-page.mjs";
import { ADMIN, CHROMIUM, DEMO, networkQuiet, startServer as startAppServer } from "../e2e/support.mjs";

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), "..");
// BENCH_DIST=<folder> measures another build (with --skip-build), e.g. a baseline kept from before a change
const DIST = process.env.BENCH_DIST ?? join(CLIENT, "dist");
const MANIFEST = join(DIST, ".vite", "manifest.json");
const args = new Set(process.argv.slice(2));

const LIMITS = { build: 300_000, page: 60_000, lighthouse: 240_000, total: 900_000 };
/** The issue's goals: bytes on the wire (brotli) and Lighthouse mobile performance. */
const GOALS = { "/": 120 * 1024, "/login": 200 * 1024 };
const LIGHTHOUSE_GOAL = 90;
const CHARTS = "src/shared/charts/PlotView.tsx";

/** The lazy modules a first visit to each route loads (app/router.tsx). */
const SHELL = ["src/app/AntdRoot.tsx", "src/app/guards.tsx", "src/app/shell/ShellLayout.tsx"];
const ROUTES = [
  { route: "/", modules: ["src/modules/landing/LandingPage.tsx"] },
  { route: "/login", modules: ["src/app/AuthRoot.tsx", "src/modules/auth/LoginPage.tsx"] },
  {
    route: "/signup",
    modules: ["src/app/AuthRoot.tsx", "src/app/AuthAntdRoot.tsx", "src/modules/auth/SignupPage.tsx"],
  },
  { route: "/dashboard", modules: [...SHELL, "src/modules/dashboard/DashboardPage.tsx"] },
  // the analytics screen draws charts: the chart library's chunk is part of its first visit
  { route: "/analytics", modules: [...SHELL, "src/modules/analytics/AnalyticsPage.tsx", CHARTS] },
];
/** Signed-in routes measured in a browser on a real server, and who opens each (docs/architecture.md#a-light-first-visit). */
const SIGNED_IN = [
  ...[
    "/dashboard",
    "/posts",
    "/posts/new",
    "/inbox",
    "/orders",
    "/analytics",
    "/competitors",
    "/campaigns",
    "/schedule",
    "/planner",
    "/team",
    "/api-keys",
    "/webhooks",
    "/billing",
    "/settings",
    "/profile",
  ].map((route) => ({ route, who: "client" })),
  { route: "/owner", who: "owner" },
  { route: "/admin", who: "admin" },
  { route: "/admin/clients", who: "admin" },
];
/** The issue's goals for a first visit after sign-in: requests, and JavaScript on the wire (brotli). */
const SIGNED_IN_GOALS = {
  "/dashboard": { requests: 30, js: 300 * 1024 },
  "/inbox": { js: 250 * 1024 },
  "/billing": { js: 250 * 1024 },
};
/** Public pages measured in a browser too. */
const BROWSER_ROUTES = ["/", "/login", "/signup"];
const LIGHTHOUSE_ROUTES = ["/", "/login"];

const cleanups = [];
async function cleanup() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch {
      // best effort: the process is ending anyway
    }
  }
}
const fail = async (message, code = 1) => {
  console.error(`\nbench:client: ${message}`);
  await cleanup();
  process.exit(code);
};
// the whole run is bounded; unref'd so it never keeps the process alive by itself
setTimeout(() => void fail(`gave up after ${LIMITS.total / 1000} s`, 2), LIMITS.total).unref();
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => void fail(`stopped by ${signal}`, 130));

/** Runs a command in its own process group (so the whole group can be stopped); resolves with its output. */
function run(cmd, argv, { timeout, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, {
      cwd: CLIENT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const timer = setTimeout(() => {
      killGroup(child);
      reject(new Error(`${cmd} ${argv.join(" ")} took longer than ${timeout / 1000} s\n${out}`));
    }, timeout);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${argv.join(" ")} exited with ${code ?? signal}\n${out}`));
    });
  });
}

function killGroup(child, signal = "SIGTERM") {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal); // the group: npx and the vite process under it
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

const kb = (bytes) => (bytes / 1024).toFixed(1);

// ---------------------------------------------------------------------------------------------- build
async function build() {
  if (args.has("--skip-build") && existsSync(MANIFEST)) {
    console.log("Build: skipped (--skip-build), using the existing dist/");
    return;
  }
  console.log("Build: vite build --manifest, then the playground (as npm run build) …");
  const started = Date.now();
  let out = await run("npx", ["--no-install", "vite", "build", "--manifest"], { timeout: LIMITS.build });
  out += await run("npx", ["--no-install", "vite", "build", "--config", "vite.playground.config.ts"], {
    timeout: LIMITS.build,
  });
  const warnings = out.split("\n").filter((l) => /warn/i.test(l) && !/npm warn/i.test(l));
  console.log(
    `Build: done in ${((Date.now() - started) / 1000).toFixed(1)} s${warnings.length ? ` (${warnings.length} warning lines)` : ""}`,
  );
}

// ------------------------------------------------------------------------------------- bundle sizes
function routeSizes() {
  if (!existsSync(MANIFEST)) throw new Error(`no manifest at ${MANIFEST}`);
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error("the manifest has no entry chunk");

  /** Bytes as built, and bytes sent to a brotli browser (the .br twin when the build wrote one). */
  const sizeOf = (file) => {
    const raw = statSync(join(DIST, file)).size;
    const twin = join(DIST, `${file}.br`);
    return { raw, br: existsSync(twin) ? statSync(twin).size : raw };
  };

  /** A chunk and, recursively, its static imports and CSS (dynamic imports load later, not on first paint). */
  const collect = (key, files) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the manifest (is the module in the build?)`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const c of chunk.css ?? []) files.add(c);
    for (const imp of chunk.imports ?? []) collect(imp, files);
  };

  return ROUTES.map(({ route, modules }) => {
    const files = new Set(["index.html"]);
    for (const key of [entryKey, ...modules]) collect(key, files);
    const sizes = [...files].map(sizeOf);
    const sum = (k) => sizes.reduce((n, s) => n + s[k], 0);
    return { route, files: files.size, raw: sum("raw"), br: sum("br") };
  });
}

function printTable(title, rows) {
  const cols = Object.keys(rows[0]);
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...rows.map((r) => String(r[c]).length))]));
  const line = (r) =>
    cols.map((c, i) => (i === 0 ? String(r[c]).padEnd(width[c]) : String(r[c]).padStart(width[c]))).join("  ");
  console.log(`\n${title}\n`);
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  console.log(cols.map((c) => "-".repeat(width[c])).join("  "));
  for (const r of rows) console.log(line(r));
}

const goalCell = (route, bytes) =>
  GOALS[route] ? `<= ${kb(GOALS[route])} ${bytes <= GOALS[route] ? "met" : "MISSED"}` : "-";

function printSizes(rows) {
  printTable(
    "First visit from the build (HTML, JavaScript and CSS; fonts are in the browser table):",
    rows.map((r) => ({
      route: r.route,
      files: r.files,
      "as built KB": kb(r.raw),
      "brotli KB": kb(r.br),
      "brotli/as built": (r.br / r.raw).toFixed(2),
      goal: goalCell(r.route, r.br),
    })),
  );
}

// ----------------------------------------------------------------------------------------- server
/** dist/ served as `npm start` serves it (server/src/http/static-client.ts), on a free loopback port. */
async function startServer() {
  const app = express();
  serveClient(app, DIST);
  app.use((_req, res) => res.status(404).json({ code: "NOT_FOUND" })); // /api/... : no API in this bench
  const server = await new Promise((resolve, reject) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s)).on("error", reject);
  });
  cleanups.push(() => new Promise((r) => server.close(() => r())));
  server.closeIdleConnections?.();
  return `http://127.0.0.1:${server.address().port}`;
}

// ---------------------------------------------------------------------------------------- browser
async function browserSizes(base) {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  cleanups.push(() => browser.close());
  const rows = [];
  for (const route of BROWSER_ROUTES) {
    const context = await browser.newContext(); // a first visit: nothing cached
    const page = await context.newPage();
    const responses = [];
    page.on("response", (r) => responses.push(r));
    await page.goto(base + route, { waitUntil: "networkidle", timeout: LIMITS.page });
    let body = 0;
    let headers = 0;
    let compressed = 0;
    for (const r of responses) {
      const sizes = await r.request().sizes();
      body += sizes.responseBodySize;
      headers += sizes.responseHeadersSize;
      if (r.headers()["content-encoding"]) compressed++;
    }
    rows.push({ route, requests: responses.length, compressed, body, headers });
    await context.close();
  }
  printTable(
    "In Chromium, a first visit served by static-client.ts (bodies as sent; /api answers 404 here):",
    rows.map((r) => ({
      route: r.route,
      requests: r.requests,
      "br/gzip": r.compressed,
      "bodies KB": kb(r.body),
      "headers KB": kb(r.headers),
      goal: goalCell(r.route, r.body),
    })),
  );
}

// ------------------------------------------------------------------------------- signed-in routes
/** The bytes a brotli browser is sent for a file of the build (its .br twin, else the file); 0 if not ours. */
function sentBytes(pathname) {
  const file = join(DIST, decodeURIComponent(pathname));
  if (!file.startsWith(DIST) || !existsSync(file)) return 0;
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

async function signedInSizes() {
  console.log("\nSigned-in routes: starting the server (embedded PostgreSQL, the demo café) on this dist/ …");
  const app = await startAppServer({ env: { CLIENT_DIST: DIST } });
  cleanups.push(() => app.stop());
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch(CHROMIUM);
  cleanups.push(() => browser.close());
  const accounts = { client: DEMO.client, owner: DEMO.owner, admin: ADMIN.email };
  const sessions = {};
  for (const [who, email] of Object.entries(accounts)) {
    const r = await fetch(`${app.base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: who === "admin" ? ADMIN.password : DEMO.password }),
    });
    const s = await r.json();
    if (!s.access_token) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(s)}`);
    sessions[who] = s;
  }
  const rows = [];
  for (const lng of ["en", "ar"])
    for (const { route, who } of SIGNED_IN) {
      if (lng === "ar" && !SIGNED_IN_GOALS[route]) continue; // Arabic: the routes with goals (fonts differ)
      const s = sessions[who];
      const context = await browser.newContext({
        viewport: { width: 1280, height: 800 },
        storageState: {
          cookies: [],
          origins: [
            {
              origin: app.base,
              localStorage: [
                { name: "sufra.access_token", value: s.access_token },
                { name: "sufra.refresh_token", value: s.refresh_token },
                { name: "sufra.user", value: JSON.stringify(s.user) },
                { name: "i18nextLng", value: lng },
              ],
            },
          ],
        },
      });
      const page = await context.newPage();
      const requests = [];
      page.on("request", (r) => requests.push(r));
      // drawn: the shell's language switch shows, then nothing asked for 1.5 s (a busy machine parses the
      // first chunks for longer than networkidle's 0.5 s, which would end the count at the entry)
      const quiet = networkQuiet(page, { quiet: 1500, timeout: LIMITS.page });
      await page.goto(app.base + route, { timeout: LIMITS.page });
      await page.locator(".sufra-topbar [data-testid='lang-switch']").waitFor({ timeout: LIMITS.page });
      await quiet();
      const count = (type) => requests.filter((r) => r.resourceType() === type);
      const bytes = (type) => count(type).reduce((n, r) => n + sentBytes(new URL(r.url()).pathname), 0);
      const fonts = count("font").map((r) => new URL(r.url()).pathname);
      rows.push({
        route,
        lng,
        requests: requests.length,
        scripts: count("script").length,
        js: bytes("script"),
        css: bytes("stylesheet"),
        api: count("fetch").length + count("xhr").length,
        fonts: fonts.length,
        fontBytes: bytes("font"),
        otherFace: fonts.some((f) => (lng === "en" ? /ibm-plex-sans-arabic/ : /inter-latin/).test(f)),
      });
      await context.close();
    }
  const goal = (r) => {
    const g = SIGNED_IN_GOALS[r.route];
    if (!g) return "-";
    const parts = [];
    if (g.requests) parts.push(`<= ${g.requests} req ${r.requests <= g.requests ? "met" : "MISSED"}`);
    if (g.js) parts.push(`<= ${kb(g.js)} KB ${r.js <= g.js ? "met" : "MISSED"}`);
    return parts.join(", ");
  };
  printTable(
    "A first visit after sign-in (Chromium, a fresh context with the session; JavaScript and CSS as brotli twins):",
    rows.map((r) => ({
      route: r.route,
      lng: r.lng,
      requests: r.requests,
      scripts: r.scripts,
      "JS KB": kb(r.js),
      "CSS KB": kb(r.css),
      API: r.api,
      fonts: r.fonts,
      "fonts KB": kb(r.fontBytes),
      "other face": r.otherFace ? "yes" : "no",
      goal: goal(r),
    })),
  );
}

// ------------------------------------------------------------------------------------- lighthouse
async function lighthouseRun(url, route) {
  // one Chrome at a time, stopped whatever happens (lighthouse-page.mjs): the next run measures on a quiet machine
  const lhr = await lighthousePage(url, { timeoutMs: LIMITS.lighthouse });
  if (process.env.LHR_OUT)
    writeFileSync(
      process.env.LHR_OUT.replace(/(\.json)?$/, `${route === "/" ? "" : route.replace(/\//g, "-")}$1`),
      JSON.stringify(lhr, null, 1),
    );
  return lhr;
}

function printLighthouse(lhr) {
  const score = (c) => (lhr.categories[c]?.score == null ? "n/a" : String(Math.round(lhr.categories[c].score * 100)));
  const audit = (id) => lhr.audits[id];
  const ms = (id) => (audit(id)?.numericValue == null ? "n/a" : `${Math.round(audit(id).numericValue)} ms`);
  console.log(
    `\nLighthouse ${lhr.lighthouseVersion} on ${lhr.finalDisplayedUrl} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling):\n`,
  );
  console.log(`  performance    ${score("performance")}`);
  console.log(`  accessibility  ${score("accessibility")}`);
  console.log(`  FCP            ${ms("first-contentful-paint")}`);
  console.log(`  LCP            ${ms("largest-contentful-paint")}`);
  console.log(`  TBT            ${ms("total-blocking-time")}`);
  console.log(`  CLS            ${audit("cumulative-layout-shift")?.numericValue?.toFixed(3) ?? "n/a"}`);
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((r) => audit(r.id))
    .filter(
      (a) =>
        a &&
        a.score !== null &&
        a.score < 1 &&
        a.scoreDisplayMode !== "notApplicable" &&
        a.scoreDisplayMode !== "informative",
    );
  if (failing.length) console.log(`\n  accessibility audits not passed: ${failing.map((a) => a.id).join(", ")}`);
  if (lhr.runWarnings?.length) console.log(`\n  warnings:\n${lhr.runWarnings.map((w) => `   - ${w}`).join("\n")}`);
}

// ------------------------------------------------------------------------------------------- main
try {
  await build();
  printSizes(routeSizes());
  const needServer = !args.has("--no-browser") || !args.has("--no-lighthouse");
  const base = needServer ? await startServer() : "";
  if (!args.has("--no-browser")) await browserSizes(base);
  if (!args.has("--no-browser") && !args.has("--no-signed-in")) await signedInSizes();
  if (!args.has("--no-lighthouse")) {
    const results = [];
    for (const route of LIGHTHOUSE_ROUTES) {
      console.log(`\nLighthouse: ${base}${route} …`);
      const lhr = await lighthouseRun(base + route, route);
      printLighthouse(lhr);
      results.push({ route, score: Math.round((lhr.categories.performance?.score ?? 0) * 100) });
    }
    printTable(
      "Lighthouse mobile performance:",
      results.map((r) => ({
        route: r.route,
        performance: r.score,
        goal: `>= ${LIGHTHOUSE_GOAL} ${r.score >= LIGHTHOUSE_GOAL ? "met" : "MISSED"}`,
      })),
    );
  }
  await cleanup();
  process.exit(0);
} catch (e) {
  await fail(e instanceof Error ? e.message : String(e));
}
