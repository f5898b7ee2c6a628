// npm run bench: request rates of the foundation's paths on the embedded database, each shown as a
// ratio to a baseline measured in the same run (GET /api/health, one database round trip).
// Traffic stays on loopback; every load is bounded in time.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { loadConfig } from "../src/config.ts";
import { startEmbeddedPostgres } from "../src/db/embedded.ts";
import { startSufra } from "../src/app.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const dir = mkdtempSync(path.join(os.tmpdir(), "sufra-bench-"));
chmodSync(dir, 0o755);
const t0 = performance.now();
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
  }),
  { databaseUrl: pg.url("bench"), migrate: true },
);
const startMs = Math.round(performance.now() - t0);
const base = `http://127.0.0.1:${sufra.port}`;
const json = { "content-type": "application/json" };
const login = await (
  await fetch(`${base}/api/auth/login`, { method: "POST", headers: json, body: JSON.stringify(admin) })
).json();
const auth = { ...json, authorization: `Bearer ${login.access_token}` };

async function rate(
  title: string,
  { path, expect404, ...opts }: Partial<autocannon.Options> & { path: string; expect404?: boolean },
) {
  // autocannon ignores `path` when given a url: the path goes in the url
  const r = await autocannon({ url: base + path, connections: 10, duration: SECONDS, ...opts });
  if ((r.non2xx && !expect404) || r.errors)
    throw new Error(`${title}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { title, rps: r.requests.average, p99: r.latency.p99 };
}

const rows = [
  await rate("GET /api/health (baseline)", { path: "/api/health" }),
  await rate("GET /api/unknown (404: Express, no database)", { path: "/api/unknown", expect404: true } as never),
  await rate("GET /api/auth/me (token check + user)", { path: "/api/auth/me", headers: auth }),
  await rate("POST /graphql { me } (same, through GraphQL)", {
    path: "/graphql",
    method: "POST",
    headers: auth,
    body: JSON.stringify({ query: "{ me { id email role } }" }),
  }),
  await rate("POST /graphql clients(first: 20) (admin list)", {
    path: "/graphql",
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      query: "{ clients(first: 20) { totalCount edges { node { id companyName email status } } } }",
    }),
  }),
  await rate("POST /api/auth/login (argon2id verify)", {
    path: "/api/auth/login",
    method: "POST",
    headers: json,
    body: JSON.stringify(admin),
    connections: 4,
  }),
];

const baseline = rows[0].rps;
console.log(
  `\nSufra foundation benchmark: ${SECONDS} s per row on loopback, embedded PostgreSQL, ${os.cpus().length} cores`,
);
console.log(`cold start (initdb + migrations + server): ${startMs} ms\n`);
console.log("path".padEnd(52) + "req/s".padStart(10) + "p99 ms".padStart(10) + "  ratio to baseline");
for (const r of rows)
  console.log(
    r.title.padEnd(52) +
      r.rps.toFixed(0).padStart(10) +
      String(r.p99).padStart(10) +
      `  ${(r.rps / baseline).toFixed(2)}`,
  );

await sufra.stop();
await pg.stop();
rmSync(dir, { recursive: true, force: true });
process.exit(0);
