// One PostgreSQL for the whole run: TEST_DATABASE_URL's server, or an embedded throwaway cluster.
// A template database is migrated (and seeded with what every start adds) once; each test file clones
// it (CREATE DATABASE ... TEMPLATE).
import { execFileSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres } from "../../src/db/embedded.ts";

export const TEMPLATE = "sufra_test_template";

export default async function globalSetup() {
  const t0 = performance.now();
  let base: string;
  let stop = async () => {};
  if (process.env.TEST_DATABASE_URL) {
    const u = new URL(process.env.TEST_DATABASE_URL);
    u.pathname = "";
    base = u.toString().replace(/\/$/, "");
  } else {
    const dir = mkdtempSync(path.join(os.tmpdir(), "sufra-pgtest-"));
    chmodSync(dir, 0o755); // mkdtemp makes it 700, and Postgres runs as user postgres
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, "data"), throwaway: true });
    base = embedded.base;
    stop = async () => {
      await embedded.stop();
      rmSync(dir, { recursive: true, force: true });
    };
  }
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE} with (force)`);
  await admin.query(`create database ${TEMPLATE}`);
  await admin.end();
  // out of process: the WASM migration engine leaves a timer behind that would hold jest open
  const run = {
    cwd: path.resolve(import.meta.dirname, "../.."),
    env: { ...process.env, DATABASE_URL: `${base}/${TEMPLATE}` },
    stdio: "pipe",
  } as const;
  execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts", "deploy"], run);
  execFileSync(process.execPath, ["--import", "tsx", "tests/support/seed-template.ts"], run);
  process.env.TEST_PG_BASE = base;
  (globalThis as { __SUFRA_PG_STOP__?: () => Promise<void> }).__SUFRA_PG_STOP__ = stop;
  console.log(`\n[test db] ready and migrated in ${Math.round(performance.now() - t0)} ms`);
}
