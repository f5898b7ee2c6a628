#!/usr/bin/env node
// Client benchmark (npm run bench:client):
//  1. builds the client with a Vite manifest (`vite build --manifest`, the same output as `npm run build`
//     plus dist/.vite/manifest.json);
//  2. from the manifest, the JavaScript each route fetches on a first visit: the entry chunk and its static
//     imports, plus the route's lazy modules and their static imports; raw and gzip sizes, and each
//     route's gzip size against the landing page's in the same run;
//  3. a Lighthouse 12 run (mobile, the default) on `/`, served by `vite preview` on a free loopback port:
//     performance and accessibility scores, FCP, LCP, TBT and CLS.
// Everything is bounded in time, stays on 127.0.0.1 and the script exits by itself (0 when all went well).
// Options: --skip-build (reuse dist/), --no-lighthouse. CHROME_PATH overrides /usr/bin/chromium;
// LHR_OUT=<file> keeps Lighthouse's full JSON result (which elements shifted, what blocked, ...).
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

const CLIENT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(CLIENT, "dist");
const MANIFEST = join(DIST, ".vite", "manifest.json");
const args = new Set(process.argv.slice(2));

const LIMITS = { build: 300_000, serverReady: 30_000, lighthouse: 240_000, total: 900_000 };

/** The lazy modules a first visit to each route loads (app/router.tsx). The first route is the baseline. */
const ROUTES = [
  { route: "/", modules: ["src/modules/landing/LandingPage.tsx"] },
  { route: "/login", modules: ["src/app/AntdRoot.tsx", "src/modules/auth/LoginPage.tsx"] },
  { route: "/signup", modules: ["src/app/AntdRoot.tsx", "src/modules/auth/SignupPage.tsx"] },
  { route: "/dashboard", modules: ["src/app/AntdRoot.tsx", "src/app/guards.tsx", "src/app/shell/ShellLayout.tsx", "src/modules/dashboard/DashboardPage.tsx"] },
  { route: "/admin", modules: ["src/app/AntdRoot.tsx", "src/app/guards.tsx", "src/app/shell/ShellLayout.tsx", "src/modules/admin/AdminPage.tsx"] },
];

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

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)))]).finally(() => clearTimeout(timer));
}

/** Runs a command in its own process group (so the whole group can be stopped); resolves with its output. */
function run(cmd, argv, { timeout, env } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, argv, { cwd: CLIENT, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"], detached: true });
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
  console.log("Build: npx vite build --manifest …");
  const started = Date.now();
  const out = await run("npx", ["--no-install", "vite", "build", "--manifest"], { timeout: LIMITS.build });
  const warnings = out.split("\n").filter((l) => /warn/i.test(l) && !/npm warn/i.test(l));
  console.log(`Build: done in ${((Date.now() - started) / 1000).toFixed(1)} s${warnings.length ? ` (${warnings.length} warning lines)` : ""}`);
}

// ------------------------------------------------------------------------------------- bundle sizes
function routeSizes() {
  if (!existsSync(MANIFEST)) throw new Error(`no manifest at ${MANIFEST}`);
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8"));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  if (!entryKey) throw new Error("the manifest has no entry chunk");

  const sizeCache = new Map();
  const sizeOf = (file) => {
    if (!sizeCache.has(file)) {
      const buf = readFileSync(join(DIST, file));
      sizeCache.set(file, { raw: buf.length, gzip: gzipSync(buf).length });
    }
    return sizeCache.get(file);
  };

  /** A chunk and, recursively, its static imports (dynamic imports load later, not on first paint). */
  const collect = (key, js, css) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`"${key}" is not in the manifest (is the module in the build?)`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const imp of chunk.imports ?? []) collect(imp, js, css);
  };

  return ROUTES.map(({ route, modules }) => {
    const js = new Set();
    const css = new Set();
    for (const key of [entryKey, ...modules]) collect(key, js, css);
    const files = [...js].filter((f) => f.endsWith(".js"));
    const sum = (list, k) => list.reduce((n, f) => n + sizeOf(f)[k], 0);
    return { route, chunks: files.length, raw: sum(files, "raw"), gzip: sum(files, "gzip"), cssGzip: sum([...css], "gzip") };
  });
}

function printSizes(rows) {
  const base = rows[0].gzip;
  const table = rows.map((r) => ({
    route: r.route,
    chunks: String(r.chunks),
    "raw KB": kb(r.raw),
    "gzip KB": kb(r.gzip),
    "× landing": (r.gzip / base).toFixed(2),
    "css gzip KB": kb(r.cssGzip),
  }));
  const cols = Object.keys(table[0]);
  const width = Object.fromEntries(cols.map((c) => [c, Math.max(c.length, ...table.map((r) => r[c].length))]));
  const line = (r) => cols.map((c, i) => (i === 0 ? r[c].padEnd(width[c]) : r[c].padStart(width[c]))).join("  ");
  console.log("\nJavaScript fetched on a first visit (entry + its static imports + the route's lazy modules):\n");
  console.log(line(Object.fromEntries(cols.map((c) => [c, c]))));
  console.log(cols.map((c) => "-".repeat(width[c])).join("  "));
  for (const r of table) console.log(line(r));
  console.log(`\nBaseline: "/" = ${kb(base)} KB gzip of JavaScript.`);
}

// ------------------------------------------------------------------------------------- lighthouse
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startPreview() {
  const port = await freePort();
  const child = spawn("npx", ["--no-install", "vite", "preview", "--host", "127.0.0.1", "--port", String(port), "--strictPort"], {
    cwd: CLIENT,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout.on("data", (d) => (out += d));
  child.stderr.on("data", (d) => (out += d));
  cleanups.push(async () => {
    killGroup(child);
    await withTimeout(new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once("exit", r))), 5000, "stopping vite preview").catch(() => killGroup(child, "SIGKILL"));
  });
  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + LIMITS.serverReady;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited early:\n${out}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`vite preview did not answer on ${url} within ${LIMITS.serverReady / 1000} s:\n${out}`);
}

async function lighthouseRun(url) {
  const [{ default: lighthouse }, { launch }] = await Promise.all([import("lighthouse"), import("chrome-launcher")]);
  const chrome = await launch({
    chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    logLevel: "silent",
  });
  cleanups.push(async () => {
    await withTimeout(Promise.resolve(chrome.kill()), 5000, "stopping Chrome").catch(() => {
      try {
        process.kill(chrome.pid, "SIGKILL");
      } catch {
        // already gone
      }
    });
  });
  const result = await withTimeout(
    lighthouse(url, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] }),
    LIMITS.lighthouse,
    "Lighthouse",
  );
  if (!result?.lhr) throw new Error("Lighthouse returned no result");
  if (process.env.LHR_OUT) writeFileSync(process.env.LHR_OUT, JSON.stringify(result.lhr, null, 1));
  return result.lhr;
}

function printLighthouse(lhr) {
  const score = (c) => (lhr.categories[c]?.score == null ? "n/a" : String(Math.round(lhr.categories[c].score * 100)));
  const audit = (id) => lhr.audits[id];
  const ms = (id) => (audit(id)?.numericValue == null ? "n/a" : `${Math.round(audit(id).numericValue)} ms`);
  console.log(`\nLighthouse ${lhr.lighthouseVersion} on ${lhr.finalDisplayedUrl} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling):\n`);
  console.log(`  performance    ${score("performance")}`);
  console.log(`  accessibility  ${score("accessibility")}`);
  console.log(`  FCP            ${ms("first-contentful-paint")}`);
  console.log(`  LCP            ${ms("largest-contentful-paint")}`);
  console.log(`  TBT            ${ms("total-blocking-time")}`);
  console.log(`  CLS            ${audit("cumulative-layout-shift")?.numericValue?.toFixed(3) ?? "n/a"}`);
  const failing = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((r) => audit(r.id))
    .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "informative");
  if (failing.length) console.log(`\n  accessibility audits not passed: ${failing.map((a) => a.id).join(", ")}`);
  if (lhr.runWarnings?.length) console.log(`\n  warnings:\n${lhr.runWarnings.map((w) => `   - ${w}`).join("\n")}`);
}

// ------------------------------------------------------------------------------------------- main
try {
  await build();
  printSizes(routeSizes());
  if (!args.has("--no-lighthouse")) {
    const url = await startPreview();
    console.log(`\nLighthouse: ${url} …`);
    printLighthouse(await lighthouseRun(url));
  }
  await cleanup();
  process.exit(0);
} catch (e) {
  await fail(e instanceof Error ? e.message : String(e));
}
