// npm run bench:scheduler: the publisher under a burst. 2,000 X targets due in the same minute, two
// worker processes (PROCESS_ROLE=worker) on an embedded database, the local X server of the tests.
// Prints the time from the due minute until all are published, throughput, lateness (published_at −
// due_at) and duplicates (must be 0), and, as the baseline measured in the same run, the raw rate of
// the same X server without Sufra (2,000 direct POST /2/tweets, 20 at a time); also where the
// lateness goes (waiting for a job slot vs. the run) and database transactions per target, to point
// at a cause when the figures move. Ends with a table of the figures beside their goals
// (docs/architecture.md#how-a-request-flows). Loopback only; the wait is capped at 5 minutes. BENCH_TARGETS,
// BENCH_WORKERS and BENCH_LEAD_SECONDS change the shape. Exits non-zero if a target is not
// published or a tweet was made twice.
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { freePort, startEmbeddedPostgres } from "../src/db/embedded.ts";
import { startSufra } from "../src/app.ts";
import { startXFake } from "../tests/fakes/x-server.ts";
import { ADMIN, call, registeredClient, startSecondProcess } from "../tests/support/app.ts";

const TARGETS = Number(process.env.BENCH_TARGETS ?? 2_000);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const LEAD_MS = Number(process.env.BENCH_LEAD_SECONDS ?? 20) * 1000; // the due minute is at least this far away
const CAP_MS = 5 * 60_000;
const RAW_PARALLEL = 20;
const TOKEN_KEY = "bench-token-key-bench-token-key-0123456789";
const JWT_SECRET = "bench-secret-bench-secret-bench-secret-0123456789";

const dir = mkdtempSync(path.join(os.tmpdir(), "sufra-bench-scheduler-"));
chmodSync(dir, 0o755);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const secs = (ms: number) => (ms / 1000).toFixed(2);

// Baseline: the X fake's own rate, no Sufra in between (a fake of its own, so its tweet list, which
// it scans for duplicates on every post, starts as empty as the measured run's).
async function rawRate(n: number) {
  const x = await startXFake();
  try {
    const { accessToken } = x.state.issueTokens({ userId: "9100000001", username: "raw_baseline" });
    let next = 0;
    const t = performance.now();
    await Promise.all(
      Array.from({ length: RAW_PARALLEL }, async () => {
        for (let i = next++; i < n; i = next++) {
          const r = await fetch(`${x.url}/2/tweets`, {
            method: "POST",
            headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
            body: JSON.stringify({ text: `Raw post #${i} — machboos` }),
          });
          if (r.status !== 201) throw new Error(`raw POST /2/tweets: ${r.status} ${await r.text()}`);
          await r.arrayBuffer();
        }
      }),
    );
    const ms = performance.now() - t;
    if (x.state.posts("9100000001").length !== n) throw new Error("raw baseline: tweet count mismatch");
    return { ms, rate: n / (ms / 1000) };
  } finally {
    await x.close();
  }
}

const t0 = performance.now();
const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, "pg"), throwaway: true });
await pg.createDatabase("bench");
const databaseUrl = pg.url("bench");
const x = await startXFake();
const port = await freePort();
const env: Record<string, string> = {
  HOST: "127.0.0.1",
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: "silent",
  JWT_SECRET,
  TOKEN_ENCRYPTION_KEY: TOKEN_KEY,
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  DEMO_DATA: "false",
  RATE_LIMIT_PER_IP: "100000000",
  RATE_LIMIT_PER_EMAIL: "100000000",
  PUBLISH_LEASE_SECONDS: "30",
  X_CLIENT_ID: x.state.config.clientId,
  X_CLIENT_SECRET: x.state.config.clientSecret!,
  X_AUTHORIZE_URL: x.state.config.authorizeUrl,
  X_API_URL: x.url,
};
// this process serves HTTP and enqueues; it runs no jobs
const sufra = await startSufra(loadConfig({ ...env, PORT: String(port), DATA_DIR: dir, PROCESS_ROLE: "api" }), {
  databaseUrl,
  migrate: true,
});
const base = `http://127.0.0.1:${sufra.port}`;
const startMs = performance.now() - t0;

let workers: Awaited<ReturnType<typeof startSecondProcess>>[] = [];
let code = 0;
try {
  // an approved business with X connected through OAuth 2.0 with PKCE
  const biz = await registeredClient(base, { practice: true });
  // no practice accounts: the real X account is the business's only one
  await sufra.deps.pool.query("delete from platform_accounts where business_id = $1 and demo", [biz.businessId]);
  const login = await call(base, "POST", "/api/auth/login", { body: { email: biz.email, password: biz.password } });
  const xUserId = "7100000001";
  const start = await call(base, "POST", "/api/platforms/twitter/connect", {
    token: login.body.access_token,
    body: { return_to: "/settings" },
  });
  const au = new URL(start.body.authorize_url);
  x.state.issueCode("bench-code", {
    userId: xUserId,
    username: "bench_machboos",
    codeChallenge: au.searchParams.get("code_challenge")!,
    redirectUri: au.searchParams.get("redirect_uri")!,
  });
  const back = await fetch(
    `${base}/api/platforms/twitter/callback?code=bench-code&state=${au.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  if (back.headers.get("location") !== "/settings?connected=1&platform=twitter")
    throw new Error(`X connect failed: ${back.status} ${back.headers.get("location")}`);
  const pool = sufra.deps.pool;
  const { rows: acc } = await pool.query<{ id: string }>(
    "select id from platform_accounts where business_id = $1 and platform = 'twitter'",
    [biz.businessId],
  );

  const raw = await rawRate(TARGETS);

  // workers run long before the burst, as they would in production
  const wStart = performance.now();
  workers = await Promise.all(
    Array.from({ length: WORKERS }, (_, i) => {
      const dataDir = path.join(dir, `worker-${i + 1}`);
      mkdirSync(dataDir);
      return startSecondProcess(databaseUrl, { ...env, PORT: "0", PROCESS_ROLE: "worker", DATA_DIR: dataDir });
    }),
  );
  const workersMs = performance.now() - wStart;

  // the due minute, and the posts, in one statement
  const due = new Date(Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000);
  const tIns = performance.now();
  const { rows: targets } = await pool.query<{ id: string }>(
    `with p as (
       insert into posts (id, business_id, author_id, status, content, hashtags, scheduled_for, created_at, updated_at)
       select gen_random_uuid(), $1, $2, 'scheduled', 'Bench post #' || i || ' — machboos', '{}', $3, now(), now()
       from generate_series(1, $4::int) i
       returning id
     )
     insert into post_targets (id, post_id, account_id, platform, status, due_at, updated_at)
     select gen_random_uuid(), p.id, $5, 'twitter', 'pending', $3, now() from p
     returning id`,
    [biz.businessId, biz.userId, due, TARGETS, acc[0].id],
  );
  const insertMs = performance.now() - tIns;

  const tEnq = performance.now();
  await sufra.services.publishing.enqueue(targets.map((t) => ({ id: t.id, dueAt: due })));
  const enqueueMs = performance.now() - tEnq;
  const headroomMs = due.getTime() - Date.now();
  if (headroomMs < 0)
    console.warn(`warning: enqueueing ended ${secs(-headroomMs)} s after the due time; raise BENCH_LEAD_SECONDS`);

  // database work per target: committed transactions and statements' row writes, all processes
  const dbStats = () =>
    pool
      .query<{ xact: string; tup: string }>(
        "select xact_commit::text as xact, (tup_inserted + tup_updated + tup_deleted)::text as tup from pg_stat_database where datname = current_database()",
      )
      .then((r) => ({ xact: Number(r.rows[0].xact), tup: Number(r.rows[0].tup) }));
  await sleep(Math.max(0, due.getTime() - Date.now() - 1_000));
  const before = await dbStats();

  // wait for the burst to drain
  const counts = async () => {
    const { rows } = await pool.query<{ status: string; n: number }>(
      "select status::text, count(*)::int as n from post_targets group by status",
    );
    return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
  };
  let c: Record<string, number> = {};
  for (;;) {
    c = await counts();
    if ((c.published ?? 0) >= TARGETS || Date.now() > due.getTime() + CAP_MS) break;
    if ((c.published ?? 0) + (c.failed ?? 0) + (c.unconfirmed ?? 0) >= TARGETS) break; // settled, some not published
    await sleep(200);
  }
  const seenMs = Date.now() - due.getTime();
  await sleep(1_000); // statistics reach pg_stat_database when a backend goes idle, at most about a second later
  const after = await dbStats();

  const { rows: lat } = await pool.query<{
    n: number;
    p50: number;
    p95: number;
    max: number;
    first: number;
    last: number;
  }>(
    `select count(*)::int as n,
            percentile_cont(0.5) within group (order by ms) as p50,
            percentile_cont(0.95) within group (order by ms) as p95,
            max(ms) as max, min(ms) as first, max(ms) as last
       from (select extract(epoch from published_at - due_at) * 1000 as ms from post_targets where status = 'published') l`,
  );
  // where the lateness goes: waiting for a worker to start the job (Agenda's last_run_at), then the run itself
  const { rows: split } = await pool.query<{
    wait50: number;
    wait95: number;
    run50: number;
    run95: number;
    by: string;
  }>(
    `with j as (
       select extract(epoch from j.last_run_at - t.due_at) * 1000 as wait, extract(epoch from t.published_at - j.last_run_at) * 1000 as run, j.last_modified_by as by
         from agenda_jobs j join post_targets t on t.id = (j.data->>'targetId')::uuid
        where j.name = 'publish.target' and t.status = 'published'
     )
     select percentile_cont(0.5) within group (order by wait) as wait50, percentile_cont(0.95) within group (order by wait) as wait95,
            percentile_cont(0.5) within group (order by run) as run50, percentile_cont(0.95) within group (order by run) as run95,
            (select string_agg(n::text, ' / ' order by n desc) from (select count(*) as n from j group by by) g) as by
       from j`,
  );
  const { rows: posts } = await pool.query<{ n: number }>(
    "select count(*)::int as n from posts where status = 'published'",
  );
  const L = lat[0];
  const tweets = x.state.posts(xUserId);
  const distinct = new Set(tweets.map((t) => t.text)).size;
  const dupes = tweets.length - distinct;
  const extra = tweets.length - TARGETS;
  const allMs = Number(L.last);
  const rate = L.n / (allMs / 1000);

  console.log(
    `\nSufra scheduler benchmark: ${TARGETS} X targets due at ${due.toISOString()}, ${WORKERS} worker processes, embedded PostgreSQL, ${os.cpus().length} cores`,
  );
  console.log(
    `cold start (initdb + migrations + api process): ${Math.round(startMs)} ms; ${WORKERS} workers started in ${Math.round(workersMs)} ms`,
  );
  console.log(`insert ${TARGETS} posts + targets (one statement):  ${Math.round(insertMs)} ms`);
  console.log(
    `enqueue ${TARGETS} jobs (publishing.enqueue):      ${Math.round(enqueueMs)} ms (${(enqueueMs / TARGETS).toFixed(2)} ms/job; ${secs(headroomMs)} s to spare before due)`,
  );
  console.log(
    `published:                                    ${c.published ?? 0}/${TARGETS} targets, ${posts[0].n} posts`,
  );
  console.log(
    `failed / unconfirmed / still pending|publishing: ${c.failed ?? 0} / ${c.unconfirmed ?? 0} / ${(c.pending ?? 0) + (c.publishing ?? 0)}`,
  );
  console.log(
    `time from due until ${L.n === TARGETS ? "all" : `the last of ${L.n}`} published:${L.n === TARGETS ? "            " : " "}${secs(allMs)} s (first at +${Math.round(L.first)} ms; poller saw it at +${secs(seenMs)} s)`,
  );
  console.log(
    `throughput:                                   ${rate.toFixed(1)} targets/s (${(allMs / L.n).toFixed(2)} ms per target)`,
  );
  console.log(
    `lateness (published_at − due_at):             p50 ${Math.round(L.p50)} ms, p95 ${Math.round(L.p95)} ms, max ${Math.round(L.max)} ms`,
  );
  console.log(
    `  of which waiting to start (due → job start):  p50 ${Math.round(split[0].wait50)} ms, p95 ${Math.round(split[0].wait95)} ms; the run (start → published): p50 ${Math.round(split[0].run50)} ms, p95 ${Math.round(split[0].run95)} ms`,
  );
  console.log(`jobs run per worker:                          ${split[0].by}`);
  console.log(
    `database work per target (all processes): ${((after.xact - before.xact) / TARGETS).toFixed(1)} transactions, ${((after.tup - before.tup) / TARGETS).toFixed(1)} rows written`,
  );
  console.log(
    `duplicates: tweets − distinct texts = ${dupes}; tweets − ${TARGETS} = ${extra}  (${tweets.length} tweets on X)`,
  );
  console.log(
    `baseline, X fake raw rate (${TARGETS} direct POST /2/tweets, ${RAW_PARALLEL} in parallel, no Sufra): ${raw.rate.toFixed(0)} tweets/s in ${secs(raw.ms)} s`,
  );
  console.log(
    `ratio Sufra / raw:                            ${(rate / raw.rate).toFixed(3)}  (Sufra takes ${(raw.rate / rate).toFixed(1)}× the raw time per target)`,
  );

  // the goals, beside the figures (absolute times hold on an idle machine; the ratio to the raw rate travels)
  const perTarget = (after.xact - before.xact) / TARGETS;
  const rawAllMs = (TARGETS / raw.rate) * 1000;
  const rows: [string, string, string, string, boolean][] = [
    [
      "all published after the due minute",
      `${secs(allMs)} s`,
      `${secs(rawAllMs)} s (raw)`,
      "<= 20 s",
      L.n === TARGETS && allMs <= 20_000,
    ],
    [
      "throughput",
      `${rate.toFixed(1)}/s`,
      `${raw.rate.toFixed(0)}/s (raw)`,
      `>= ${(TARGETS / 20).toFixed(0)}/s`,
      rate >= TARGETS / 20,
    ],
    ["lateness p50", `${secs(Number(L.p50))} s`, "", "", true],
    ["lateness p95", `${secs(Number(L.p95))} s`, "", "<= 5 s", Number(L.p95) <= 5_000],
    ["duplicates", String(dupes + Math.max(0, extra)), "0", "0", dupes === 0 && extra <= 0],
    ["transactions per target", perTarget.toFixed(1), "", "<= 8", perTarget <= 8],
  ];
  console.log("\nfigure                               value       baseline            goal        met");
  for (const [name, value, baseline, goal, met] of rows)
    console.log(
      `${name.padEnd(37)}${value.padEnd(12)}${baseline.padEnd(20)}${goal.padEnd(12)}${goal ? (met ? "yes" : "no") : ""}`,
    );
  console.log(
    `ratio of Sufra's rate to the raw rate: ${(rate / raw.rate).toFixed(3)} (the goal of 20 s for ${TARGETS} is ${(TARGETS / 20 / raw.rate).toFixed(3)} of this run's raw rate)`,
  );

  if (dupes !== 0 || extra !== 0) {
    console.error("FAIL: a tweet was made more than once (or a target's tweet is missing)");
    code = 1;
  }
  if ((c.published ?? 0) !== TARGETS) {
    console.error(`FAIL: ${TARGETS - (c.published ?? 0)} targets not published`);
    code = 1;
  }
} catch (e) {
  console.error(e);
  code = 1;
} finally {
  await Promise.all(workers.map((w) => w.stop()));
  await sufra.stop();
  await x.close();
  await pg.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
