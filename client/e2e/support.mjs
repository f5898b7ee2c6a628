// Browser tests' harness: a real Sufra server (embedded PostgreSQL in a temp folder, the built
// client) and Debian's chromium driven by playwright-core.
import { spawn, execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(here, "../..");
export const ARTIFACTS = process.env.TEST_ARTIFACTS ?? path.join(ROOT, "test-artifacts");
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

/** Starts the server as `npm start` would (after a client build), on a fresh database. */
export async function startServer() {
  if (!existsSync(path.join(ROOT, "client/dist/index.html"))) execFileSync("npm", ["run", "build", "-w", "client"], { cwd: ROOT, stdio: "inherit" });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "sufra-e2e-"));
  chmodSync(dataDir, 0o755); // embedded PostgreSQL runs as user postgres
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.join(ROOT, "server"),
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "error", DEMO_PASSWORD: DEMO.password, RATE_LIMIT_PER_IP: "100000", RATE_LIMIT_PER_EMAIL: "100000", PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in 60 s: ${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    base,
    async stop() {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function startBrowser() {
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), "sufra-chromium-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
    headless: true,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-dev-shm-usage"],
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
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page, name) {
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** The admin approves a sign-up through the REST API (the admin console is another issue's screen). */
export async function approveByEmail(base, email) {
  const json = { "content-type": "application/json" };
  const login = await (await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify(ADMIN) })).json();
  const auth = { ...json, authorization: `Bearer ${login.access_token}` };
  const list = await (await fetch(`${base}/api/admin/clients?search=${encodeURIComponent(email)}`, { headers: auth })).json();
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

export const uniqueEmail = (tag) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.kw`;
