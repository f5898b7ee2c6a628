// npm run bench:api: the posts page beside its hand-written twin (bench/twin.ts: node:http and pg on
// the same database, two statements, the same JSON), at 10 connections: Sufra's GraphQL door with the
// web client's own PostsList operation, its REST door GET /api/posts?limit=20, then `me` at both doors
// and the dashboard and analytics overview (measured only). Prints p50/p99, req/s, the ratio to the
// twin and the goal, then SQL statements per request at page sizes 5, 20 and 50 (BENCH_HISTORY=100,10000,100000:
// the posts page and the analytics overview as the café's history grows, below). A café of 64 posts
// with targets and media, written in SQL; traffic stays on loopback; each row runs BENCH_SECONDS in all,
// in BENCH_ROUNDS slices taken in turn with the others. Run under NODE_ENV=production (the npm script sets it),
// as the image runs: graphql-js otherwise checks every type test twice (its development-mode instanceOf).
import os from "node:os";
import { isDeepStrictEqual } from "node:util";
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { json, startBenchSufra } from "./support.ts";
import { startTwin, WINDOW_SQL } from "./twin.ts";
import { clientOperation, POSTS_LIST, seedPosts } from "../tests/support/posts-page.ts";
import { countStatements, statementsOf } from "../tests/support/sql-count.ts";
import { captureStatements, type Statement } from "../tests/support/sql-capture.ts";
import type { Viewer } from "../src/kernel/policy.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POSTS = 64;

const HISTORY = (process.env.BENCH_HISTORY ?? "")
  .split(",")
  .filter(Boolean)
  .map(Number)
  .sort((a, b) => a - b);
// a café of 100,000 posts is seeded in long statements on a busy machine: its requests may wait for a connection,
// and no job runs beside the history's figures (nor reads the tables the deletion below locks)
const bench = await startBenchSufra(HISTORY.length ? { DATABASE_POOL_WAIT_SECONDS: "60", PROCESS_ROLE: "api" } : {});
const { sufra, base } = bench;
const db = sufra.deps.db;
const cafe = await bench.approvedCafe();
const owner = await db.user.findFirstOrThrow({
  where: { memberships: { some: { businessId: cafe.businessId } } },
  select: { id: true },
});
await seedPosts(db, cafe.businessId, owner.id, POSTS);
await db.$executeRawUnsafe("analyze");
const twin = await startTwin({
  connectionString: (sufra.deps.pool as unknown as { options: { connectionString: string } }).options.connectionString,
  jwtSecret: sufra.deps.config.jwtSecret,
  publicUrl: sufra.deps.config.publicUrl,
});

const auth = { ...json, authorization: `Bearer ${cafe.token}` };
const gqlBody = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
const postsBody = (first: number) => gqlBody(POSTS_LIST, { first });
const DASHBOARD = clientOperation("ClientDashboard", [
  "modules/dashboard/dashboard.graphql",
  "shared/fragments.graphql",
]);
const OVERVIEW = clientOperation("AnalyticsOverviewCards", [
  "modules/analytics/analytics.graphql",
  "shared/fragments.graphql",
]);

interface Target {
  title: string;
  base: string;
  path: string;
  method?: "GET" | "POST";
  body?: string;
  goal: string;
  /** the twin row this one is compared with */
  twin?: string;
}
const targets: Target[] = [
  {
    title: "twin: posts page, GraphQL's JSON",
    base: twin.base,
    path: "/graphql",
    method: "POST",
    body: postsBody(20),
    goal: "(baseline)",
  },
  { title: "twin: posts page, REST's JSON", base: twin.base, path: "/api/posts?limit=20", goal: "(baseline)" },
  {
    title: "GraphQL PostsList first: 20",
    base,
    path: "/graphql",
    method: "POST",
    body: postsBody(20),
    goal: ">= 0.7x twin",
    twin: "twin: posts page, GraphQL's JSON",
  },
  {
    title: "REST GET /api/posts?limit=20",
    base,
    path: "/api/posts?limit=20",
    goal: ">= 0.8x twin",
    twin: "twin: posts page, REST's JSON",
  },
  {
    title: "GraphQL { me }",
    base,
    path: "/graphql",
    method: "POST",
    body: gqlBody("{ me { id email role } }"),
    goal: "0-1 statements",
  },
  { title: "REST GET /api/auth/me", base, path: "/api/auth/me", goal: "0-1 statements" },
  {
    title: "GraphQL ClientDashboard",
    base,
    path: "/graphql",
    method: "POST",
    body: gqlBody(DASHBOARD),
    goal: "<= 5 statements",
  },
  {
    title: "GraphQL AnalyticsOverviewCards",
    base,
    path: "/graphql",
    method: "POST",
    body: gqlBody(OVERVIEW, { clientId: cafe.businessId }),
    goal: "<= 5 statements",
  },
  {
    title: "REST GET /api/analytics/overview",
    base,
    path: `/api/analytics/overview?client_id=${cafe.businessId}`,
    goal: "<= 5 statements",
  },
];

const send = async (t: Target, headers: Record<string, string> = {}) => {
  const res = await fetch(t.base + t.path, {
    method: t.method ?? "GET",
    headers: { ...auth, ...headers },
    body: t.body,
  });
  const body = await res.json();
  if (!res.ok || body.errors) throw new Error(`${t.title}: ${res.status} ${JSON.stringify(body).slice(0, 400)}`);
  return body;
};

// ---------------------------------------------------------------- the twin answers what Sufra answers
function firstDifference(a: unknown, b: unknown, at = "$"): string | null {
  if (isDeepStrictEqual(a, b)) return null;
  if (a && b && typeof a === "object" && typeof b === "object") {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
      if (d) return d;
    }
  }
  return `${at}: ${JSON.stringify(a)?.slice(0, 120)} vs ${JSON.stringify(b)?.slice(0, 120)}`;
}
const sameJson: string[] = [];
for (const [mine, theirs] of [
  [targets[2]!, targets[0]!],
  [targets[3]!, targets[1]!],
] as const) {
  const d = firstDifference(await send(mine), await send(theirs));
  sameJson.push(`${mine.title} vs the twin: ${d ? `DIFFERENT at ${d}` : "the same JSON"}`);
}

// ---------------------------------------------------------------- timing
interface Row {
  t: Target;
  rps: number;
  p50: number;
  p99: number;
}
// the machine's other load comes and goes: every path runs in ROUNDS slices, taken in turn, so a path
// and its twin share the same moments; req/s over all slices, p50 and p99 the median of the slices'
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function slice(t: Target) {
  const r = await autocannon({
    url: t.base + t.path,
    connections: 10,
    duration: SECONDS / ROUNDS,
    method: t.method ?? "GET",
    headers: auth,
    body: t.body,
  });
  if (r.non2xx || r.errors) throw new Error(`${t.title}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return r;
}
// ---------------------------------------------------------------- BENCH_HISTORY: cafés of growing histories
// BENCH_HISTORY=100,10000,100000: a café of each size in the same database (posts written in SQL, an hour apart
// going back), measured in the same rounds, slices taken in turn: the posts page at both doors, the twin beside
// them at each size, and the analytics overview of the last 30 days; as p50, as the ratio to the smallest café's
// and to the twin. The "before": the twin with the page's former total, a window over the scan (count(*) over
// ()), timed on one connection. Then deleting 10,000 posts with and without the indexes on reviews.post_id and
// conversations.post_id (docs/scaling.md#history-flat-reads).
if (HISTORY.length) {
  const kuwaitDay = (ms: number) => new Date(ms + 3 * 3_600_000).toISOString().slice(0, 10);
  const range = `from=${kuwaitDay(Date.now() - 29 * 86_400_000)}&to=${kuwaitDay(Date.now())}`;
  // approvedCafe signs up one owner; these are more cafés, each its own owner, approved as it does
  const anotherCafe = async (n: number) => {
    const post = async (p: string, body: unknown, headers: Record<string, string> = json) =>
      (await fetch(base + p, { method: "POST", headers, body: JSON.stringify(body) })).json();
    const owner = { email: `history-${n}@bench.local`, password: "Saffron#2026" };
    const reg = await post("/api/auth/register", {
      ...owner,
      company_name: `History ${n}`,
      contact_name: "Bench",
      phone: "+96555551234",
      requested_plan: "premium",
      address: "",
    });
    const admin = await post("/api/auth/login", { email: "admin@bench.local", password: "Bench#Admin2026" });
    await post(
      `/api/admin/clients/${reg.business.id}/approve`,
      {},
      { ...json, authorization: `Bearer ${admin.access_token}` },
    );
    return {
      businessId: reg.business.id as string,
      token: (await post("/api/auth/login", owner)).access_token as string,
    };
  };
  const t0 = performance.now();
  const cafes: { size: number; businessId: string; ownerId: string; headers: Record<string, string> }[] = [];
  for (const size of HISTORY) {
    const c = await anotherCafe(size);
    const o = await db.user.findFirstOrThrow({
      where: { memberships: { some: { businessId: c.businessId } } },
      select: { id: true },
    });
    await seedPosts(db, c.businessId, o.id, size);
    cafes.push({
      size,
      businessId: c.businessId,
      ownerId: o.id,
      headers: { ...json, authorization: `Bearer ${c.token}` },
    });
    console.error(`history: a café of ${size} posts seeded`);
  }
  const { backfillDailyMetrics } = await import("../src/modules/analytics/daily-metrics.ts");
  await backfillDailyMetrics(db);
  await sufra.deps.pool.query("vacuum analyze posts, post_targets, post_media, post_counts, metric_daily");
  const seeded = (performance.now() - t0) / 1000;
  type At = { title: string; base: string; path: string; method?: "GET" | "POST"; body?: string; twin?: string };
  const paths: At[] = [
    { title: targets[0]!.title, base: twin.base, path: "/graphql", method: "POST", body: postsBody(20) },
    { title: targets[1]!.title, base: twin.base, path: "/api/posts?limit=20" },
    { ...targets[2]!, twin: targets[0]!.title },
    { ...targets[3]!, twin: targets[1]!.title },
  ];
  const overviewOf = (businessId: string): At => ({
    title: "REST analytics overview, 30 days",
    base,
    path: `/api/analytics/overview?client_id=${businessId}&${range}`,
  });
  const call = async (t: At, headers: Record<string, string>) => {
    const res = await fetch(t.base + t.path, { method: t.method ?? "GET", headers, body: t.body });
    if (!res.ok) throw new Error(`${t.title}: ${res.status} ${(await res.text()).slice(0, 300)}`);
    await res.arrayBuffer();
  };
  const results = new Map<string, autocannon.Result[]>();
  const key = (title: string, size: number) => `${title}@${size}`;
  const all = cafes.flatMap((c) => [...paths, overviewOf(c.businessId)].map((t) => ({ t, c })));
  for (const { t, c } of all) for (let i = 0; i < 10; i++) await call(t, c.headers);
  for (let round = 0; round < ROUNDS; round++)
    for (const { t, c } of all) {
      const r = await autocannon({
        url: t.base + t.path,
        connections: 10,
        duration: SECONDS / ROUNDS,
        method: t.method ?? "GET",
        headers: c.headers,
        body: t.body,
      });
      if (r.non2xx || r.errors) throw new Error(`${t.title} at ${c.size}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      results.set(key(t.title, c.size), [...(results.get(key(t.title, c.size)) ?? []), r]);
    }
  const stat = (title: string, size: number) => {
    const rs = results.get(key(title, size))!;
    return {
      rps: rs.reduce((n, r) => n + r.requests.average, 0) / rs.length,
      p50: median(rs.map((r) => r.latency.p50)),
      p99: median(rs.map((r) => r.latency.p99)),
    };
  };
  // the former shape, one connection, 5 requests a café (its p50 reaches seconds: 10 connections would only queue)
  const before: string[] = [];
  for (const c of cafes) {
    const ms: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s0 = performance.now();
      await call({ title: "window", base: twin.base, path: "/api/posts?limit=20&count=window" }, c.headers);
      ms.push(performance.now() - s0);
    }
    before.push(`${c.size}: ${median(ms).toFixed(0)} ms`);
  }
  // what a request reads whatever the machine's load: the pages (8 kB buffers) of the statements the services
  // sent for the café, by EXPLAIN (ANALYZE, BUFFERS) with their own parameters (after the timing: this patches pg)
  const pagesOf = async (statements: Statement[]) => {
    let n = 0;
    for (const st of statements.filter((x) => /^\s*(select|with)\b/i.test(x.text))) {
      const { rows } = await sufra.deps.pool.query(`explain (analyze, buffers, format json) ${st.text}`, st.values);
      const plan = rows[0]["QUERY PLAN"][0].Plan;
      n += (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0);
    }
    return n;
  };
  const [from, to] = range.split("&").map((x) => x.split("=")[1]!);
  const pages = new Map<number, { page: number; overview: number; window: number }>();
  for (const c of cafes) {
    const v: Viewer = {
      userId: c.ownerId,
      role: "client",
      email: "",
      name: "",
      businessId: c.businessId,
      sessionId: "bench",
    };
    pages.set(c.size, {
      page: await pagesOf(await captureStatements(() => sufra.services.posts.list(v, { limit: 20 }))),
      overview: await pagesOf(
        await captureStatements(() => sufra.services.analytics.overview(v, { clientId: c.businessId, from, to })),
      ),
      window: await pagesOf([{ text: WINDOW_SQL, values: [c.businessId, 20, 0] }]),
    });
  }
  console.log(
    `\nSufra API benchmark, history: cafés of ${HISTORY.join(", ")} posts in one database (targets on 2-3 networks, 1-3 photos each), 10 connections, ${SECONDS} s a path and café in ${ROUNDS} slices taken in turn, embedded PostgreSQL, ${os.cpus().length} cores; seeded in ${seeded.toFixed(0)} s`,
  );
  console.log(
    "\n" +
      "path".padEnd(36) +
      "posts".padStart(8) +
      "p50 ms".padStart(8) +
      "p99 ms".padStart(8) +
      "req/s".padStart(8) +
      "  p50 / smallest".padEnd(18) +
      "req/s / twin".padStart(12),
  );
  for (const title of [...paths.map((t) => t.title), "REST analytics overview, 30 days"]) {
    const first = stat(title, cafes[0]!.size);
    const twinTitle = paths.find((t) => t.title === title)?.twin;
    for (const c of cafes) {
      const r = stat(title, c.size);
      const tw = twinTitle ? stat(twinTitle, c.size) : null;
      console.log(
        title.padEnd(36) +
          String(c.size).padStart(8) +
          String(r.p50).padStart(8) +
          String(r.p99).padStart(8) +
          r.rps.toFixed(0).padStart(8) +
          `  ${(r.p50 / Math.max(first.p50, 1)).toFixed(2)}x`.padEnd(18) +
          (tw ? `${(r.rps / tw.rps).toFixed(2)}x` : "").padStart(12),
      );
    }
  }
  console.log(`before (the twin's REST page with count(*) over (), p50 of 5 on one connection): ${before.join(", ")}`);
  const p0 = pages.get(cafes[0]!.size)!;
  console.log("\npages read a request (8 kB buffers, EXPLAIN ANALYZE BUFFERS; ratio to the smallest café):");
  for (const c of cafes) {
    const p = pages.get(c.size)!;
    const r = (a: number, b: number) => `${a} (${(a / Math.max(b, 1)).toFixed(1)}x)`;
    console.log(
      `  ${String(c.size).padStart(7)} posts: posts page ${r(p.page, p0.page)}, overview ${r(p.overview, p0.overview)}; before, the page with count(*) over () ${r(p.window, p0.window)}`,
    );
  }
  console.log("goal: posts page and overview p50 at the largest café within 2x of the smallest's");

  // deleting posts: each deleted post's guest items and conversations are found (ON DELETE SET NULL) by
  // their post_id index, or else by reading all of them; both runs rolled back
  const big = cafes[cafes.length - 1]!;
  const deleting = Math.min(10_000, big.size);
  const ITEMS = Math.min(10_000, big.size);
  await sufra.deps.pool.query(
    `insert into reviews (id, business_id, kind, source, author, text, language, reviewed_at, written_at, sentiment, status, import_key, post_id, created_at, updated_at)
     select gen_random_uuid(), $1::uuid, 'comment', 'instagram', 'guest', 'lovely', 'en', p.created_at::date, p.created_at, 'positive', 'replied',
            'instagram:bench-' || p.id, p.id, p.created_at, p.created_at
       from posts p where p.business_id = $1::uuid limit $2`,
    [big.businessId, ITEMS],
  );
  await sufra.deps.pool.query("analyze reviews");
  const timeDelete = async (withoutIndexes: boolean) => {
    const c = await sufra.deps.pool.connect();
    try {
      await c.query("begin");
      if (withoutIndexes) await c.query("drop index reviews_post_id_idx; drop index conversations_post_id_idx");
      const s0 = performance.now();
      await c.query(
        "delete from posts where id in (select id from posts where business_id = $1 order by created_at limit $2)",
        [big.businessId, deleting],
      );
      return (performance.now() - s0) / 1000;
    } finally {
      await c.query("rollback");
      c.release();
    }
  };
  const withIdx = await timeDelete(false);
  const withoutIdx = await timeDelete(true);
  const withIdxAgain = await timeDelete(false);
  console.log(
    `\ndeleting ${deleting} posts of the largest café (one statement, ${ITEMS} guest items in the database, rolled back): with the post_id indexes ${withIdx.toFixed(2)} s and ${withIdxAgain.toFixed(2)} s, without ${withoutIdx.toFixed(2)} s (${(withoutIdx / Math.max(Math.min(withIdx, withIdxAgain), 0.001)).toFixed(1)}x)`,
  );
  await twin.stop();
  await bench.stop();
  process.exit(0);
}

for (const t of targets) for (let i = 0; i < 20; i++) await send(t); // warm the plans, the caches and the JIT
const t0 = performance.now();
const slices = new Map<Target, autocannon.Result[]>(targets.map((t) => [t, []]));
for (let round = 0; round < ROUNDS; round++) for (const t of targets) slices.get(t)!.push(await slice(t));
const rows: Row[] = targets.map((t) => {
  const rs = slices.get(t)!;
  return {
    t,
    rps: rs.reduce((n, r) => n + r.requests.average, 0) / rs.length,
    p50: median(rs.map((r) => r.latency.p50)),
    p99: median(rs.map((r) => r.latency.p99)),
  };
});
const timedSeconds = (performance.now() - t0) / 1000;

// ---------------------------------------------------------------- statements, after the timing (the counter patches pg)
countStatements(sufra.server!.httpServer);
async function statements(t: Target) {
  if (t.base !== base) return 2; // the twin: by construction
  const id = randomUUID();
  await send(t, { "x-count-sql": id });
  return statementsOf(id).length;
}
const perRow = new Map<string, number>();
for (const t of targets) perRow.set(t.title, await statements(t));
const bySize: string[] = [];
for (const n of [5, 20, 50]) {
  const g = await statements({ title: "g", base, path: "/graphql", method: "POST", body: postsBody(n), goal: "" });
  const r = await statements({ title: "r", base, path: `/api/posts?limit=${n}`, goal: "" });
  bySize.push(`${String(n).padStart(4)}${String(g).padStart(10)}${String(r).padStart(8)}${String(2).padStart(8)}`);
}

// ---------------------------------------------------------------- the table
const twinOf = (title: string) => rows.find((r) => r.t.title === title)!;
console.log(
  `\nSufra API benchmark: the posts page of a café with ${POSTS} posts (targets on 2-3 networks, 1-3 photos each), 10 connections, ${SECONDS} s a row in ${ROUNDS} slices taken in turn, on loopback, embedded PostgreSQL, ${os.cpus().length} cores (${timedSeconds.toFixed(0)} s timed)`,
);
for (const s of sameJson) console.log(`  ${s}`);
console.log(
  "\n" +
    "path".padEnd(40) +
    "p50 ms".padStart(8) +
    "p99 ms".padStart(8) +
    "req/s".padStart(8) +
    "  ratio to twin".padEnd(16) +
    "stmts".padStart(6) +
    "  goal",
);
for (const r of rows) {
  const twinRow = r.t.twin ? twinOf(r.t.twin) : rows[0]!;
  const ratio = r.t.base === twin.base ? "1.00" : `${(r.rps / twinRow.rps).toFixed(2)}${r.t.twin ? "" : " *"}`;
  console.log(
    r.t.title.padEnd(40) +
      String(r.p50).padStart(8) +
      String(r.p99).padStart(8) +
      r.rps.toFixed(0).padStart(8) +
      `  ${ratio}`.padEnd(16) +
      String(perRow.get(r.t.title)).padStart(6) +
      `  ${r.t.goal}`,
  );
}
console.log("  * beside the twin's GraphQL-shaped posts page, for scale only (another answer)");
console.log("\nSQL statements per request, the viewer's included:\npage  GraphQL    REST    twin");
for (const l of bySize) console.log(l);
console.log(
  `goal: <= 3 statements whatever the page size, at both doors (the viewer's part: GraphQL { me } sends ${perRow.get("GraphQL { me }")})`,
);

await twin.stop();
await bench.stop();
process.exit(0);
