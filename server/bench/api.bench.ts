// npm run bench:api: the posts page beside its hand-written twin (bench/twin.ts: node:http and pg on
// the same database, two statements, the same JSON), at 10 connections: Sufra's GraphQL door with the
// web client's own PostsList operation, its REST door GET /api/posts?limit=20, then `me` at both doors
// and the dashboard and analytics overview (measured only). Prints p50/p99, req/s, the ratio to the
// twin and the goal, then SQL statements per request at page sizes 5, 20 and 50. A café of 64 posts
// with targets and media, written in SQL; traffic stays on loopback; each row runs BENCH_SECONDS in all,
// in BENCH_ROUNDS slices taken in turn with the others. Run under NODE_ENV=production (the npm script sets it),
// as the image runs: graphql-js otherwise checks every type test twice (its development-mode instanceOf).
import os from "node:os";
import { isDeepStrictEqual } from "node:util";
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { json, startBenchSufra } from "./support.ts";
import { startTwin } from "./twin.ts";
import { clientOperation, POSTS_LIST, seedPosts } from "../tests/support/posts-page.ts";
import { countStatements, statementsOf } from "../tests/support/sql-count.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const POSTS = 64;

const bench = await startBenchSufra();
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
    goal: ">= 0.6x twin",
    twin: "twin: posts page, GraphQL's JSON",
  },
  {
    title: "REST GET /api/posts?limit=20",
    base,
    path: "/api/posts?limit=20",
    goal: ">= 0.6x twin",
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
