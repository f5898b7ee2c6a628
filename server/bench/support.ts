// What the benchmarks start from: a Sufra on a throwaway embedded PostgreSQL (its rate limits out of
// the way of the load), and the Premium café each benchmark measures, signed up and approved through
// the API like any café.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { startSufra } from "../src/app.ts";
import pg from "pg";
import { seedPosts } from "../tests/support/posts-page.ts";

export const json = { "content-type": "application/json" };

/** `env`: settings a benchmark changes (e.g. PROCESS_ROLE=api, so that no job runs beside what it measures). */
/**
 * The café measured, signed up at `base` and approved by `admin` (which gives it its practice accounts);
 * its id and its owner's access token. Any Sufra process on the database will do (bench/cluster.bench.ts
 * signs up through the first of two).
 */
async function approvedCafeAt(base: string, admin: { email: string; password: string }) {
  const post = async (p: string, body: unknown, headers: Record<string, string> = json) =>
    (await fetch(base + p, { method: "POST", headers, body: JSON.stringify(body) })).json();
  const owner = { email: "bench-cafe@bench.local", password: "Saffron#2026" };
  const reg = await post("/api/auth/register", {
    ...owner,
    company_name: "Bench Café",
    contact_name: "Bench",
    phone: "+96555551234",
    requested_plan: "premium",
    address: "",
  });
  const adminLogin = await post("/api/auth/login", admin);
  await post(
    `/api/admin/clients/${reg.business.id}/approve`,
    {},
    { ...json, authorization: `Bearer ${adminLogin.access_token}` },
  );
  return {
    businessId: reg.business.id as string,
    token: (await post("/api/auth/login", owner)).access_token as string,
  };
}

/**
 * The café's token and `count` posts for its owner, written over a plain pg client (benchmarks whose Sufra
 * runs in other processes); the client stays open for the caller.
 */
export async function cafeWithPostsAt(
  base: string,
  admin: { email: string; password: string },
  databaseUrl: string,
  count: number,
) {
  const cafe = await approvedCafeAt(base, admin);
  const sql = new pg.Client({ connectionString: databaseUrl });
  await sql.connect();
  await seedPostsOver(sql, cafe.businessId, count);
  return { cafe, sql, auth: { ...json, authorization: `Bearer ${cafe.token}` } };
}

async function seedPostsOver(sql: pg.Client, businessId: string, count: number) {
  const owner = (
    await sql.query<{ id: string }>("select user_id as id from memberships where business_id = $1 limit 1", [
      businessId,
    ])
  ).rows[0]!.id;
  await seedPosts(
    { $executeRawUnsafe: (q: string, ...v: unknown[]) => sql.query(q, v).then((r) => r.rowCount ?? 0) },
    businessId,
    owner,
    count,
  );
  await sql.query("analyze");
}

/**
 * A throwaway folder and embedded PostgreSQL for benchmarks that start Sufra as separate processes:
 * `dataDir` is the processes' shared DATA_DIR; `done()` stops the database and removes the folder.
 */
export async function throwawayDatabase(name: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), `sufra-bench-${name}-`));
  chmodSync(dir, 0o755); // embedded PostgreSQL runs as user postgres
  const dataDir = path.join(dir, "data");
  mkdirSync(dataDir);
  const db = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), throwaway: true });
  await db.createDatabase(name);
  const done = async () => {
    await db.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { dir, dataDir, databaseUrl: db.url(name), done };
}

export async function startBenchSufra(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sufra-bench-"));
  chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), throwaway: true });
  await pg.createDatabase("bench");
  const admin = { email: "admin@bench.local", password: "Bench#Admin2026" };
  const sufra = await startSufra(
    loadConfig({
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dir,
      LOG_LEVEL: "silent",
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      RATE_LIMIT_PER_IP: "100000000",
      RATE_LIMIT_PER_EMAIL: "100000000",
      DEMO_DATA: "false",
      ...env,
    }),
    { databaseUrl: pg.url("bench"), migrate: true },
  );
  const base = `http://127.0.0.1:${sufra.port}`;

  return {
    sufra,
    base,
    approvedCafe: () => approvedCafeAt(base, admin),
    async stop() {
      await sufra.stop();
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
