// Starts a real Sufra (HTTP, WebSocket, scheduler) on a fresh database cloned from the migrated template.
import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { loadConfig } from "../../src/config.ts";
import { startSufra, type StartOptions, type Sufra } from "../../src/app.ts";

export const ADMIN = { email: "admin@sufra.test", password: "Admin#Pass123" };
const TEMPLATE = "sufra_test_template";
/** every process of a test shares it: tokens one seals, another opens */
export const TEST_TOKEN_KEY = "test-token-key-test-token-key-0123456789";

export async function freshDatabase(): Promise<string> {
  const base = process.env.TEST_PG_BASE;
  if (!base) throw new Error("TEST_PG_BASE is not set: jest's global setup did not run");
  const name = `t_${randomUUID().replace(/-/g, "").slice(0, 16)}`;
  const c = new pg.Client({ connectionString: `${base}/postgres` });
  await c.connect();
  await c.query(`create database "${name}" template ${TEMPLATE}`);
  await c.end();
  return `${base}/${name}`;
}

/** Each running app's database by its base URL (registeredClient reaches the rows it set up there). */
const databases = new Map<string, string>();

export interface TestApp {
  sufra: Sufra;
  base: string;
  databaseUrl: string;
  stop(): Promise<void>;
}

export async function startTestApp(
  env: Record<string, string> = {},
  databaseUrl?: string,
  start: Pick<StartOptions, "logger"> = {},
): Promise<TestApp> {
  const url = databaseUrl ?? (await freshDatabase());
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-test-data-")),
    JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: "http://sufra.test",
    LOG_LEVEL: "silent",
    RATE_LIMIT_PER_IP: "10000",
    RATE_LIMIT_PER_EMAIL: "10000",
    DEMO_DATA: "false",
    TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY,
    ...env,
  });
  // a short lock lifetime: Agenda leaves a timer of half of it per job run, which would keep jest alive
  const sufra = await startSufra(config, {
    databaseUrl: url,
    heartbeatMs: 1_000,
    scheduler: { processEveryMs: 200, lockLifetimeMs: 1_000 },
    ...start,
  });
  const base = `http://127.0.0.1:${sufra.port}`;
  databases.set(base, url);
  return { sufra, base, databaseUrl: url, stop: () => sufra.stop() };
}

export interface Answer<T = any> {
  status: number;
  body: T;
}

/** A JSON request over real HTTP. */
export async function call<T = any>(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string; lang?: string; raw?: string; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { accept: "application/json", ...opts.headers };
  if (opts.body !== undefined || opts.raw !== undefined) headers["content-type"] = "application/json";
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.lang) headers["accept-language"] = opts.lang;
  const res = await fetch(base + path, {
    method,
    headers,
    body: opts.raw ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body)),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text && res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text,
  };
}

/** A GraphQL operation over real HTTP. */
export async function gql<T = any>(
  base: string,
  query: string,
  variables: Record<string, unknown> = {},
  token?: string,
  lang?: string,
) {
  const r = await call<{
    data?: T;
    errors?: { message: string; extensions: { code: string; reason?: string; details?: Record<string, string[]> } }[];
  }>(base, "POST", "/graphql", { body: { query, variables }, token, lang });
  return r.body;
}

export const signUp = (over: Record<string, unknown> = {}) => ({
  email: `cafe-${randomUUID().slice(0, 8)}@example.kw`,
  password: "Saffron#2026",
  company_name: "Dar Al Qahwa",
  contact_name: "Noura Al-Sabah",
  phone: "+965 5555 1234",
  requested_plan: "premium",
  address: "",
  ...over,
});

export async function adminToken(base: string) {
  const r = await call(base, "POST", "/api/auth/login", { body: ADMIN });
  if (r.status !== 200) throw new Error(`admin login failed: ${JSON.stringify(r.body)}`);
  return r.body.access_token as string;
}

/**
 * Registers a business and, unless `approve` is false, has the admin approve it. Approval gives the
 * business its practice accounts; most tests start from a business with no account at all, so they
 * are removed unless `practice` is true.
 */
export async function registeredClient(
  base: string,
  opts: { approve?: boolean; over?: Record<string, unknown>; practice?: boolean } = {},
) {
  const payload = signUp(opts.over);
  const reg = await call(base, "POST", "/api/auth/register", { body: payload });
  if (reg.status !== 201) throw new Error(`register failed: ${JSON.stringify(reg.body)}`);
  const businessId = reg.body.business.id as string;
  if (opts.approve !== false) {
    const ok = await call(base, "POST", `/api/admin/clients/${businessId}/approve`, { token: await adminToken(base) });
    if (ok.status !== 200) throw new Error(`approve failed: ${JSON.stringify(ok.body)}`);
    if (!opts.practice) await withoutPracticeAccounts(base, businessId);
  }
  return { ...payload, businessId, userId: reg.body.user.id as string };
}

async function withoutPracticeAccounts(base: string, businessId: string) {
  const url = databases.get(base);
  if (!url) throw new Error(`no test database known for ${base}: pass practice: true or start it with startTestApp`);
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query("delete from platform_accounts where business_id = $1 and demo", [businessId]);
  } finally {
    await c.end();
  }
}

/** A second Sufra process (a real child process) on the same database; for tests that cross processes. */
/** A new approved business and its owner, signed in (the owner's access token). */
export async function signedInBusiness(base: string, opts: Parameters<typeof registeredClient>[1] = {}) {
  const c = await registeredClient(base, opts);
  const login = await call(base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  return { ...c, token: login.body.access_token as string };
}

export async function startSecondProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ base: string; pid: number; kill(signal?: NodeJS.Signals): Promise<void>; stop(): Promise<void> }> {
  const { spawn } = await import("node:child_process");
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/second-process.ts"], {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: "0",
      HOST: "127.0.0.1",
      PROCESS_ROLE: "api",
      JWT_SECRET: "test-secret-test-secret-test-secret-0123456789",
      TOKEN_ENCRYPTION_KEY: TEST_TOKEN_KEY,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: "error",
      RATE_LIMIT_PER_IP: "10000",
      DEMO_DATA: "false",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-second-")),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const base = await new Promise<string>((resolve, reject) => {
    let err = "";
    child.stderr!.on("data", (d) => (err += d));
    child.stdout!.on("data", (d: Buffer) => {
      err += d; // log records (JSON lines) go to stdout: a failed start says why there
      const m = /READY (\d+|worker)/.exec(d.toString());
      if (m) resolve(m[1] === "worker" ? "" : `http://127.0.0.1:${m[1]}`);
    });
    child.on("exit", (code) => reject(new Error(`second process exited ${code}: ${err}`)));
  });
  if (base) databases.set(base, databaseUrl);
  const gone = new Promise((r) => child.once("exit", r));
  return {
    base,
    pid: child.pid!,
    async kill(signal: NodeJS.Signals = "SIGKILL") {
      if (child.exitCode !== null || child.signalCode) return;
      child.kill(signal);
      await gone;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode) return;
      child.kill("SIGTERM");
      await gone;
    },
  };
}
