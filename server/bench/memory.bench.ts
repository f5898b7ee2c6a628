// npm run bench:memory: a server process's memory, idle and under load (docs/scaling.md#memory).
// The compiled build (`node dist/main.js`) on one embedded PostgreSQL, started as `npm start` starts it
// (the Node flags of server/package.json's start script) and, in the same run, without those flags, beside
// the baseline: a bare node:http server with pg (and jose for the token), answering the posts page with
// one SQL statement. For each: resident set (/proc) and V8 heap (bench/memory-probe.mjs, inside the
// process) idle after start + BENCH_IDLE_MS; the highest resident set sampled during the load (the posts
// page over GraphQL and REST, and the dashboard, BENCH_SECONDS each at 10 connections) and the req/s;
// the resident set at the end. Runs alternate (BENCH_RUNS) so a busy machine weighs on all alike; medians
// are printed, as ratios to the baseline and against the goals (idle <= 150 MB, under load <= 300 MB).
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { freePort } from "../src/db/embedded.ts";
import { clientOperation, POSTS_LIST } from "../tests/support/posts-page.ts";
import { cafeWithPostsAt, throwawayDatabase } from "./support.ts";

const serverDir = path.resolve(import.meta.dirname, "..");
const RUNS = Number(process.env.BENCH_RUNS ?? 2);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 10_000);
const POSTS = 64;
const ADMIN = { email: "admin@bench.local", password: "Bench#Admin2026" };
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";
const GOAL_IDLE_MB = 150;
const GOAL_LOAD_MB = 300;

if (!existsSync(path.join(serverDir, "dist/main.js"))) {
  console.error("no server/dist/main.js: `npm run bench:memory` builds @sufra/schema and the server first");
  process.exit(1);
}
// the flags `npm start` gives Node (server/package.json: "node <flags> dist/main.js")
const startScript = (
  JSON.parse(readFileSync(path.join(serverDir, "package.json"), "utf8")) as {
    scripts: Record<string, string>;
  }
).scripts.start;
// BENCH_FLAGS="--a --b" tries other flags in their place
const shippedFlags = (process.env.BENCH_FLAGS ?? startScript).split(/\s+/).filter((w) => w.startsWith("--"));

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => bytes / 1048576;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const rssOf = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

// The baseline: what any Node server holds that answers a signed request from PostgreSQL.
const BARE = `
import http from "node:http";
import pg from "pg";
import { jwtVerify } from "jose";
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const key = new TextEncoder().encode(process.env.JWT_SECRET);
const SQL = "select * from posts where business_id = $1 order by scheduled_for desc nulls first, created_at desc, id limit $2";
http.createServer(async (req, res) => {
  try {
    if (req.url === "/api/health") return res.end("ok");
    await jwtVerify(String(req.headers.authorization).slice(7), key);
    const { rows } = await pool.query(SQL, [process.env.BUSINESS_ID, 20]);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ posts: rows }));
  } catch (e) {
    res.statusCode = 401;
    res.end(String(e));
  }
}).listen(Number(process.env.PORT), "127.0.0.1");
`;

const { dir, dataDir, databaseUrl, done } = await throwawayDatabase("memory");

interface Proc {
  child: ChildProcess;
  base: string;
  probe: string;
  output: () => string;
}

async function start(kind: "shipped" | "plain" | "bare", businessId = ""): Promise<Proc> {
  const port = await freePort();
  const probe = path.join(dir, `${kind}-${port}.memory.jsonl`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PROCESS_ROLE: "api",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "error",
    JWT_SECRET,
    TOKEN_ENCRYPTION_KEY: "bench-token-key-bench-token-key-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: "false",
    RATE_LIMIT_PER_IP: "100000000",
    RATE_LIMIT_PER_EMAIL: "100000000",
    SUFRA_MEMORY_PROBE: probe,
    BUSINESS_ID: businessId,
  };
  delete env.NODE_OPTIONS; // plain Node, as `npm start` and the image run it
  const withProbe = ["--import", path.join(import.meta.dirname, "memory-probe.mjs")];
  const args =
    kind === "bare"
      ? [...withProbe, "--input-type=module", "-e", BARE]
      : [...(kind === "shipped" ? shippedFlags : []), ...withProbe, "dist/main.js"];
  const child = spawn(process.execPath, args, { cwd: serverDir, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout!.on("data", (d) => (out = (out + d).slice(-4000)));
  child.stderr!.on("data", (d) => (out = (out + d).slice(-4000)));
  const p = { child, base: `http://127.0.0.1:${port}`, probe, output: () => out };
  const end = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind} exited (${child.exitCode}): ${out}`);
    const ok = await fetch(`${p.base}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return p;
    if (Date.now() > end) throw new Error(`${kind}: no answer in 180 s: ${out}`);
    await sleep(50);
  }
}

async function stop(p: Proc) {
  const gone = new Promise((r) => p.child.once("exit", r));
  p.child.kill("SIGTERM");
  await Promise.race([gone, sleep(15_000)]);
}

/** Resident set (/proc) and V8 heap (the probe) of a process now. */
async function memory(p: Proc) {
  const rss = rssOf(p.child.pid!);
  const before = existsSync(p.probe) ? readFileSync(p.probe, "utf8").length : 0;
  p.child.kill("SIGUSR2");
  for (let i = 0; i < 100 && (!existsSync(p.probe) || readFileSync(p.probe, "utf8").length === before); i++)
    await sleep(20);
  const last = JSON.parse(readFileSync(p.probe, "utf8").slice(before).trim().split("\n").pop()!) as {
    heapUsed: number;
    heapTotal: number;
  };
  return { rss, heapUsed: last.heapUsed, heapTotal: last.heapTotal };
}

// a first start migrates the database and creates the admin; then the café and its posts
const first = await start("plain");
const { cafe, auth, sql } = await cafeWithPostsAt(first.base, ADMIN, databaseUrl, POSTS);
await stop(first);
await sql.end();

const DASHBOARD = clientOperation("ClientDashboard", [
  "modules/dashboard/dashboard.graphql",
  "shared/fragments.graphql",
]);
const sufraRows = [
  { path: "/graphql", method: "POST" as const, body: JSON.stringify({ query: POSTS_LIST, variables: { first: 20 } }) },
  { path: "/api/posts?limit=20", method: "GET" as const, body: undefined },
  { path: "/graphql", method: "POST" as const, body: JSON.stringify({ query: DASHBOARD, variables: {} }) },
];
const bareRows = [{ path: "/api/posts?limit=20", method: "GET" as const, body: undefined }];

interface Figures {
  idleRss: number;
  idleHeap: number;
  peakRss: number;
  afterRss: number;
  afterHeap: number;
  /** req/s of each load row, in order */
  reqPerSec: number[];
}
const ALL_KINDS = ["bare", "plain", "shipped"] as const;
// BENCH_KINDS=shipped measures only some of them
const KINDS = ALL_KINDS.filter((k) => (process.env.BENCH_KINDS ?? k).split(",").includes(k));
const results: Record<(typeof ALL_KINDS)[number], Figures[]> = { bare: [], plain: [], shipped: [] };

for (let run = 1; run <= RUNS; run++) {
  for (const kind of KINDS) {
    const p = await start(kind, cafe.businessId);
    try {
      await sleep(IDLE_MS);
      const idle = await memory(p);
      let peak = rssOf(p.child.pid!);
      const sampler = setInterval(() => {
        if (p.child.exitCode === null) peak = Math.max(peak, rssOf(p.child.pid!));
      }, 100);
      const reqPerSec: number[] = [];
      try {
        // the same seconds of load for every kind: the bare server's one row takes all of them
        const rows = kind === "bare" ? bareRows : sufraRows;
        for (const r of rows) {
          const res = await autocannon({
            url: p.base + r.path,
            connections: 10,
            duration: (SECONDS * sufraRows.length) / rows.length,
            method: r.method,
            headers: auth,
            body: r.body,
          });
          if (res.non2xx || res.errors)
            throw new Error(`${kind} ${r.path}: ${res.non2xx} non-2xx answers, ${res.errors} errors: ${p.output()}`);
          reqPerSec.push(res.requests.average);
        }
      } finally {
        clearInterval(sampler);
      }
      const after = await memory(p);
      const f: Figures = {
        idleRss: mb(idle.rss),
        idleHeap: mb(idle.heapUsed),
        peakRss: mb(Math.max(peak, after.rss)),
        afterRss: mb(after.rss),
        afterHeap: mb(after.heapUsed),
        reqPerSec,
      };
      results[kind].push(f);
      console.log(
        `run ${run} ${kind.padEnd(8)} idle RSS ${f.idleRss.toFixed(0)} MB (heap ${f.idleHeap.toFixed(0)}), under load peak ${f.peakRss.toFixed(0)} MB, after ${f.afterRss.toFixed(0)} MB (heap ${f.afterHeap.toFixed(0)}), req/s ${f.reqPerSec.map((x) => x.toFixed(0)).join(" / ")}`,
      );
    } finally {
      await stop(p);
    }
  }
}

type Figure = Exclude<keyof Figures, "reqPerSec">;
const m = (kind: (typeof ALL_KINDS)[number], k: Figure) => median(results[kind].map((f) => f[k]));
const rate = (kind: (typeof ALL_KINDS)[number]) =>
  results[kind][0].reqPerSec.map((_, i) => median(results[kind].map((f) => f.reqPerSec[i])).toFixed(0)).join(" / ");
const bare = { idle: m("bare", "idleRss"), peak: m("bare", "peakRss") };
console.log(
  `\nmedians of ${RUNS} runs; idle after ${IDLE_MS / 1000} s, load ${SECONDS * sufraRows.length} s at 10 connections` +
    ` (Sufra: posts page GraphQL + REST + dashboard; bare: its posts page). Start flags: ${shippedFlags.join(" ") || "none"}`,
);
console.log(
  "                       idle RSS    heap  peak RSS  after RSS  idle/bare  peak/bare  req/s (posts GraphQL / REST / dashboard)",
);
for (const kind of KINDS) {
  const name = { bare: "bare node:http + pg", plain: "Sufra, no flags", shipped: "Sufra as `npm start`" }[kind];
  console.log(
    `${name.padEnd(22)} ${m(kind, "idleRss").toFixed(0).padStart(5)} MB ${m(kind, "idleHeap").toFixed(0).padStart(4)} MB` +
      ` ${m(kind, "peakRss").toFixed(0).padStart(5)} MB ${m(kind, "afterRss").toFixed(0).padStart(6)} MB` +
      ` ${(m(kind, "idleRss") / bare.idle).toFixed(2).padStart(9)}x ${(m(kind, "peakRss") / bare.peak).toFixed(2).padStart(9)}x  ${rate(kind)}`,
  );
}
const idle = m("shipped", "idleRss");
const peak = m("shipped", "peakRss");
console.log(
  `goals (as \`npm start\`): idle ${idle.toFixed(0)} MB / ${GOAL_IDLE_MB} MB ${idle <= GOAL_IDLE_MB ? "met" : "NOT met"}; ` +
    `under load ${peak.toFixed(0)} MB / ${GOAL_LOAD_MB} MB ${peak <= GOAL_LOAD_MB ? "met" : "NOT met"}`,
);
await done();
