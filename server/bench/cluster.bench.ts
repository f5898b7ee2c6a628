// npm run bench:cluster: Sufra in production shape without Docker, as docker-compose.yml runs it: two API
// processes (PROCESS_ROLE=api) and one worker (PROCESS_ROLE=worker), each `node dist/main.js` (the
// compiled build), on one PostgreSQL (the embedded one, started once). Prints:
//   1. the posts page (GraphQL PostsList first: 20, the web client's own operation, and REST
//      GET /api/posts?limit=20) at 10 connections, on api-1 alone (the baseline, same run) and spread
//      over api-1 and api-2 (two autocannon runs of 5 connections at once): req/s and the ratio;
//   2. events across processes: a postChanged subscriber on api-2, the post changed through api-1,
//      delivery time (request sent -> event received) p50/p95/max;
//   3. jobs run once: BENCH_JOBS posts published now through api-1, the worker sends each once: rows
//      published, attempts, jobs run by each process (Agenda's lastModifiedBy), time to drain;
//   4. memory (resident set and V8 heap, read in each process by bench/memory-probe.mjs) idle after
//      start + BENCH_IDLE_MS, and at the end of the load.
// Loopback only; about two and a half minutes. BENCH_SECONDS (per load row), BENCH_JOBS, BENCH_EVENTS,
// BENCH_IDLE_MS change the shape. Exits non-zero when an event is lost or a job runs twice.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { freePort } from "../src/db/embedded.ts";
import { POSTS_LIST } from "../tests/support/posts-page.ts";
import { cafeWithPostsAt, throwawayDatabase } from "./support.ts";

const serverDir = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const JOBS = Number(process.env.BENCH_JOBS ?? 50);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 30);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 30_000);
const POSTS = 64;
const ADMIN = { email: "admin@bench.local", password: "Bench#Admin2026" };

if (!existsSync(path.join(serverDir, "dist/main.js"))) {
  console.error(
    "no server/dist/main.js: run `npm run build -w schema && npm run build -w server` first (npm run bench:cluster does)",
  );
  process.exit(1);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / 1048576).toFixed(0);
const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
};

const t0 = performance.now();
// dataDir: shared by every process, as the compose file's volume
const { dir, dataDir, databaseUrl, done } = await throwawayDatabase("cluster");

interface Proc {
  name: string;
  child: ChildProcess;
  base: string;
  probe: string;
  output: () => string;
}
const procs: Proc[] = [];

/** One `node dist/main.js` with its PROCESS_ROLE; the memory probe answers SIGUSR2. */
async function start(name: string, role: "api" | "worker"): Promise<Proc> {
  const port = role === "api" ? await freePort() : 0;
  const probe = path.join(dir, `${name}.memory.jsonl`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    DATABASE_URL: databaseUrl,
    PROCESS_ROLE: role,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: "http://127.0.0.1",
    LOG_LEVEL: "error",
    LOG_FORMAT: "json",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123456789",
    TOKEN_ENCRYPTION_KEY: "bench-token-key-bench-token-key-0123456789",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_DATA: "false",
    RATE_LIMIT_PER_IP: "100000000",
    RATE_LIMIT_PER_EMAIL: "100000000",
    SUFRA_MEMORY_PROBE: probe,
  };
  delete env.NODE_OPTIONS; // plain Node, as `npm start` and the image run it
  const child = spawn(
    process.execPath,
    ["--import", path.join(import.meta.dirname, "memory-probe.mjs"), "dist/main.js"],
    { cwd: serverDir, env, stdio: ["ignore", "pipe", "pipe"] },
  );
  let out = "";
  child.stdout!.on("data", (d) => (out = (out + d).slice(-4000)));
  child.stderr!.on("data", (d) => (out = (out + d).slice(-4000)));
  const p: Proc = { name, child, base: role === "api" ? `http://127.0.0.1:${port}` : "", probe, output: () => out };
  procs.push(p);
  return p;
}

/** Waits until `check` is true, or fails naming the process and what it printed. */
async function until(p: Proc, check: () => Promise<boolean>, what: string, ms = 180_000) {
  const end = Date.now() + ms;
  for (;;) {
    if (p.child.exitCode !== null) throw new Error(`${p.name} exited (${p.child.exitCode}): ${p.output()}`);
    if (await check().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`${p.name}: ${what} not seen in ${ms / 1000} s: ${p.output()}`);
    await sleep(100);
  }
}
const health = async (base: string) => {
  const r = await fetch(`${base}/api/health`);
  return r.status === 200 ? ((await r.json()) as { scheduler: string }) : null;
};

/** Resident set (/proc) and V8 heap (the probe) of a process now. */
async function memory(p: Proc) {
  const rss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p.child.pid}/status`, "utf8"))![1]) * 1024;
  const before = existsSync(p.probe) ? readFileSync(p.probe, "utf8").length : 0;
  p.child.kill("SIGUSR2");
  for (let i = 0; i < 50 && (!existsSync(p.probe) || readFileSync(p.probe, "utf8").length === before); i++)
    await sleep(20);
  const last = JSON.parse(readFileSync(p.probe, "utf8").slice(before).trim().split("\n").pop()!) as {
    heapUsed: number;
    heapTotal: number;
    external: number;
  };
  return { rss, heapUsed: last.heapUsed, heapTotal: last.heapTotal, external: last.external };
}

let failed = false;
try {
  // api-1 first: it migrates and creates the admin; then api-2 and the worker (compose's depends_on)
  const api1 = await start("api-1", "api");
  await until(api1, async () => !!(await health(api1.base)), "/api/health 200");
  const [api2, worker] = await Promise.all([start("api-2", "api"), start("worker", "worker")]);
  await until(api2, async () => !!(await health(api2.base)), "/api/health 200");
  // the worker has no port: its heartbeat job, seen by an API process, says it runs
  await until(worker, async () => (await health(api1.base))?.scheduler === "healthy", "the worker's heartbeat");
  const startedMs = performance.now() - t0;

  // ------------------------------------------------------------ idle memory (start + IDLE_MS)
  await sleep(IDLE_MS);
  const idle = await Promise.all(procs.map(memory));

  // ------------------------------------------------------------ the café and its posts page
  const { cafe, auth, sql } = await cafeWithPostsAt(api1.base, ADMIN, databaseUrl, POSTS);

  const rows = [
    {
      title: "GraphQL PostsList first: 20",
      path: "/graphql",
      method: "POST" as const,
      body: JSON.stringify({ query: POSTS_LIST, variables: { first: 20 } }),
    },
    { title: "REST GET /api/posts?limit=20", path: "/api/posts?limit=20", method: "GET" as const, body: undefined },
  ];
  const run = (base: string, r: (typeof rows)[number], connections: number, seconds: number) =>
    autocannon({
      url: base + r.path,
      connections,
      duration: seconds,
      method: r.method,
      headers: auth,
      body: r.body,
    }).then((res) => {
      if (res.non2xx || res.errors)
        throw new Error(`${r.title} on ${base}: ${res.non2xx} non-2xx answers, ${res.errors} errors`);
      return res;
    });
  for (const r of rows)
    for (const p of [api1, api2])
      for (let i = 0; i < 30; i++)
        await fetch(p.base + r.path, { method: r.method, headers: auth, body: r.body }).then((x) => x.arrayBuffer()); // warm plans, caches, JIT
  // each row: half its time on api-1 alone, half on both, in two slices taken in turn (the machine's
  // other load weighs on both alike)
  const load: { title: string; one: number; two: number; p99one: number; p99two: number }[] = [];
  let underLoad: Awaited<ReturnType<typeof memory>>[] = [];
  for (const r of rows) {
    const one: autocannon.Result[] = [];
    const two: autocannon.Result[][] = [];
    for (let slice = 0; slice < 2; slice++) {
      one.push(await run(api1.base, r, 10, SECONDS / 4));
      const both = Promise.all([run(api1.base, r, 5, SECONDS / 4), run(api2.base, r, 5, SECONDS / 4)]);
      if (slice === 1 && r === rows[0]) {
        await sleep((SECONDS / 8) * 1000);
        underLoad = await Promise.all(procs.map(memory));
      }
      two.push(await both);
    }
    const rps = (rs: autocannon.Result[]) => rs.reduce((n, x) => n + x.requests.average, 0) / rs.length;
    load.push({
      title: r.title,
      one: rps(one),
      two: two.reduce((n, pair) => n + pair[0]!.requests.average + pair[1]!.requests.average, 0) / two.length,
      p99one: Math.max(...one.map((x) => x.latency.p99)),
      p99two: Math.max(...two.flat().map((x) => x.latency.p99)),
    });
  }

  // ------------------------------------------------------------ events: written through api-1, heard on api-2
  const draft = await (
    await fetch(`${api1.base}/api/posts`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({ content: "Cardamom latte, across processes", platforms: ["twitter"] }),
    })
  ).json();
  if (!draft.id) throw new Error(`creating the post: ${JSON.stringify(draft)}`);
  const ws = createClient({
    url: api2.base.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${cafe.token}` },
    retryAttempts: 0,
  });
  const heard: { postId: string; status: string; at: number }[] = [];
  let wake = () => {};
  const stopSub = ws.subscribe(
    { query: "subscription { postChanged { postId status } }" },
    {
      next: (v) => {
        heard.push({
          ...(v.data as { postChanged: { postId: string; status: string } }).postChanged,
          at: performance.now(),
        });
        wake();
      },
      error: (e) => console.error("subscription error", e),
      complete: () => {},
    },
  );
  await sleep(1_000); // the subscription registers on api-2
  const delivery: number[] = [];
  let lost = 0;
  for (let i = 0; i < EVENTS; i++) {
    const scheduling = i % 2 === 0;
    const expected = scheduling ? "SCHEDULED" : "DRAFT";
    const seen = heard.length;
    const got = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), 5_000);
      wake = () => {
        if (heard.slice(seen).some((h) => h.postId === draft.id && h.status.toUpperCase() === expected)) {
          clearTimeout(timer);
          resolve(true);
        }
      };
    });
    const sent = performance.now();
    const body = scheduling
      ? JSON.stringify({ scheduled_for: new Date(Date.now() + 86_400_000 + i * 60_000).toISOString() })
      : "{}";
    const res = await fetch(`${api1.base}/api/posts/${draft.id}/${scheduling ? "schedule" : "unschedule"}`, {
      method: "POST",
      headers: auth,
      body,
    });
    if (!res.ok) throw new Error(`${scheduling ? "schedule" : "unschedule"}: ${res.status} ${await res.text()}`);
    if (await got) delivery.push(heard.find((h, k) => k >= seen && h.postId === draft.id)!.at - sent);
    else lost++;
  }
  stopSub();
  await ws.dispose();

  // ------------------------------------------------------------ jobs: published through api-1, run by the worker once
  const ids: string[] = [];
  for (let i = 0; i < JOBS; i++) {
    const p = await (
      await fetch(`${api1.base}/api/posts`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ content: `Once only #${i}: saffron karak`, platforms: ["twitter"] }),
      })
    ).json();
    ids.push(p.id);
  }
  const tJobs = performance.now();
  for (const id of ids) {
    const res = await fetch(`${api1.base}/api/posts/${id}/publish`, { method: "POST", headers: auth, body: "{}" });
    if (!res.ok) throw new Error(`publish: ${res.status} ${await res.text()}`);
  }
  const settled = () =>
    sql
      .query<{ n: number }>(
        "select count(*)::int as n from post_targets where post_id = any($1::uuid[]) and status in ('published', 'failed', 'unconfirmed')",
        [ids],
      )
      .then((r) => r.rows[0]!.n);
  while ((await settled()) < ids.length && performance.now() - tJobs < 120_000) await sleep(100);
  const drainMs = performance.now() - tJobs;
  const { rows: jobRows } = await sql.query<{
    targets: number;
    published: number;
    attempts: number;
    external: number;
    once: number;
  }>(
    `select count(*)::int as targets, count(*) filter (where status = 'published')::int as published, coalesce(sum(attempts), 0)::int as attempts,
            count(distinct external_id)::int as external, count(*) filter (where attempts = 1)::int as once
       from post_targets where post_id = any($1::uuid[])`,
    [ids],
  );
  // which process ran the jobs: Agenda names the process that last ran each (its hostname + pid)
  const { rows: runners } = await sql
    .query<{ by: string | null; n: number }>(
      "select last_modified_by as by, count(*)::int as n from agenda_jobs where name like 'publish.%' and last_run_at >= now() - interval '5 minutes' group by 1 order by 2 desc",
    )
    .catch(() => ({ rows: [] as { by: string | null; n: number }[] }));
  await sql.end();
  const J = jobRows[0]!;

  // ------------------------------------------------------------ the table
  console.log(
    `\nSufra in production shape: api-1 + api-2 (PROCESS_ROLE=api) and a worker (PROCESS_ROLE=worker), node dist/main.js, one embedded PostgreSQL, ${os.cpus().length} cores; started in ${(startedMs / 1000).toFixed(1)} s`,
  );
  console.log(
    `\nposts page (café of ${POSTS} posts), 10 connections, ${SECONDS} s a row (half on api-1 alone, half spread over both, in turns)`,
  );
  console.log(
    "path".padEnd(32) +
      "api-1 req/s".padStart(13) +
      "api-1+2 req/s".padStart(15) +
      "ratio".padStart(7) +
      "p99 ms 1/2".padStart(13) +
      "  goal",
  );
  for (const l of load)
    console.log(
      l.title.padEnd(32) +
        l.one.toFixed(0).padStart(13) +
        l.two.toFixed(0).padStart(15) +
        (l.two / l.one).toFixed(2).padStart(7) +
        `${l.p99one}/${l.p99two}`.padStart(13) +
        `  > 1 with cores to spare (${os.cpus().length} here, shared)`,
    );
  console.log(`\nevents across processes: ${EVENTS} postChanged through api-1, heard on api-2`);
  console.log(
    `delivered ${delivery.length}/${EVENTS} (lost ${lost}); request sent -> event received: p50 ${pct(delivery, 0.5).toFixed(0)} ms, p95 ${pct(delivery, 0.95).toFixed(0)} ms, max ${Math.max(...delivery).toFixed(0)} ms   goal: none lost, p95 <= 500 ms`,
  );
  console.log(`\njobs run once: ${JOBS} posts published now through api-1 (practice X accounts)`);
  console.log(
    `targets ${J.targets}, published ${J.published}, attempts ${J.attempts} (exactly one: ${J.once}), distinct network ids ${J.external}; all settled in ${(drainMs / 1000).toFixed(1)} s   goal: attempts = targets = ${JOBS}`,
  );
  console.log(
    `jobs run by: ${runners.map((r) => `${r.by ?? "?"} ${r.n}`).join(", ")}   (pids: ${procs.map((p) => `${p.name} ${p.child.pid}`).join(", ")})`,
  );
  console.log(`\nmemory (MB): resident set / V8 heap used / heap total / external`);
  console.log(
    "process".padEnd(10) +
      `idle (start + ${IDLE_MS / 1000} s)`.padStart(26) +
      "under the posts-page load".padStart(30) +
      "  goal",
  );
  procs.forEach((p, i) => {
    const f = (m: Awaited<ReturnType<typeof memory>> | undefined) =>
      m ? `${mb(m.rss)} / ${mb(m.heapUsed)} / ${mb(m.heapTotal)} / ${mb(m.external)}` : "-";
    console.log(p.name.padEnd(10) + f(idle[i]).padStart(26) + f(underLoad[i]).padStart(30) + "  idle resident <= 150");
  });
  if (lost || J.attempts !== JOBS || J.published !== JOBS) failed = true;
} catch (e) {
  console.error(e);
  failed = true;
} finally {
  await Promise.all(
    procs.map(async (p) => {
      if (p.child.exitCode !== null) return;
      const gone = new Promise((r) => p.child.once("exit", r));
      p.child.kill("SIGTERM");
      await Promise.race([gone, sleep(15_000)]);
    }),
  );
  await done();
}
process.exit(failed ? 1 : 0);
