// npm run bench:screens: what opening the client dashboard and the analytics screen costs at the GraphQL door,
// the demo café's data, as the web client sent it before batching (its queries in waves, a request each: a
// card mounted after the answer it waited for) beside what it sends now (all in one batched request,
// docs/architecture.md#how-a-request-flows). Per screen: HTTP requests, SQL statements (the viewer's
// included) and the time until the last answer, p50 of BENCH_ROUNDS rounds taken in turn, as a ratio to the
// waves measured in the same run. Loopback, embedded PostgreSQL; figures on a busy machine are noisy.
import os from "node:os";
import { randomUUID } from "node:crypto";
import { addDays, kuwaitDate } from "@sufra/schema";
import { json, startBenchSufra } from "./support.ts";
import { DEMO_CLIENT_EMAIL } from "../src/seed/seed.ts";
import { clientOperation } from "../tests/support/client-documents.ts";
import { countStatements, statementsOf } from "../tests/support/sql-count.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 30);
const PASSWORD = "Bench#Demo2026";

const bench = await startBenchSufra({ DEMO_DATA: "true", DEMO_PASSWORD: PASSWORD });
const { sufra, base } = bench;
const login = await fetch(`${base}/api/auth/login`, {
  method: "POST",
  headers: json,
  body: JSON.stringify({ email: DEMO_CLIENT_EMAIL, password: PASSWORD }),
});
const token = ((await login.json()) as { access_token: string }).access_token;
const businessId = sufra.demo!.businessId;
countStatements(sufra.server!.httpServer);

type Op = [name: string, variables: Record<string, unknown>];
const today = kuwaitDate();
const range = { clientId: businessId, from: addDays(today, -29), to: today };
// each screen's queries in the waves the client sent them before (a wave: the cards mounted by the answer before)
const SCREENS: { screen: string; waves: Op[][] }[] = [
  {
    screen: "client dashboard",
    waves: [
      [["DashboardMe", {}]],
      [
        ["GettingStarted", {}],
        ["ClientDashboard", {}],
        ["DashboardReviewStats", {}],
        ["DashboardPrayerTimes", {}],
        ["DashboardUpcomingOccasions", { days: 60 }],
        ["InsightsPostingTimes", {}],
      ],
      [
        ["SimulatedAccounts", {}],
        ["DashboardContentPerformance", { clientId: businessId }],
      ],
    ],
  },
  {
    screen: "analytics",
    waves: [
      [
        ["SimulatedAccounts", {}],
        ["AnalyticsFilters", {}],
        ["AnalyticsOverviewCards", range],
      ],
      [
        ["AnalyticsRealtimeNow", { clientId: businessId }],
        ["AnalyticsEngagementSeries", { ...range, interval: "DAY" }],
        ["AnalyticsTopPostsList", { ...range, sort: "ENGAGEMENT", limit: 10 }],
        ["AnalyticsContentBreakdown", range],
        ["AnalyticsAudienceView", range],
        ["AnalyticsGuestsView", range],
      ],
    ],
  },
];

const piece = ([operationName, variables]: Op) => ({ operationName, query: clientOperation(operationName), variables });

/** One POST /graphql; its statements. */
async function post(body: unknown) {
  const id = randomUUID();
  const res = await fetch(`${base}/graphql`, {
    method: "POST",
    headers: { ...json, authorization: `Bearer ${token}`, "x-count-sql": id },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { errors?: unknown } | { errors?: unknown }[];
  if (res.status !== 200 || [answer].flat().some((a) => a.errors))
    throw new Error(`${res.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return statementsOf(id).length;
}

interface Load {
  requests: number;
  statements: number;
  ms: number;
}
async function inWaves(waves: Op[][]): Promise<Load> {
  const t0 = performance.now();
  let statements = 0;
  for (const wave of waves) for (const n of await Promise.all(wave.map((op) => post(piece(op))))) statements += n;
  return { requests: waves.flat().length, statements, ms: performance.now() - t0 };
}
async function batched(waves: Op[][]): Promise<Load> {
  const t0 = performance.now();
  const statements = await post(waves.flat().map(piece));
  return { requests: 1, statements, ms: performance.now() - t0 };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const lines: string[] = [];
for (const { screen, waves } of SCREENS) {
  for (let i = 0; i < 5; i++) await Promise.all([inWaves(waves), batched(waves)]); // warm plans, caches, the JIT
  const before: Load[] = [];
  const after: Load[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    before.push(await inWaves(waves));
    after.push(await batched(waves));
  }
  const b = { ms: median(before.map((l) => l.ms)), statements: median(before.map((l) => l.statements)) };
  const a = { ms: median(after.map((l) => l.ms)), statements: median(after.map((l) => l.statements)) };
  lines.push(
    `${screen.padEnd(18)}${"waves".padEnd(9)}${String(before[0]!.requests).padStart(9)}${String(b.statements).padStart(7)}${b.ms.toFixed(1).padStart(9)}${"1.00".padStart(8)}`,
    `${"".padEnd(18)}${"batched".padEnd(9)}${String(after[0]!.requests).padStart(9)}${String(a.statements).padStart(7)}${a.ms.toFixed(1).padStart(9)}${(a.ms / b.ms).toFixed(2).padStart(8)}`,
  );
}

console.log(
  `\nSufra screens benchmark: the demo café's client dashboard and analytics, their queries in the client's former waves and in one batch, ${ROUNDS} rounds taken in turn, loopback, embedded PostgreSQL, ${os.cpus().length} cores`,
);
console.log(
  `${"screen".padEnd(18)}${"sent".padEnd(9)}${"requests".padStart(9)}${"stmts".padStart(7)}${"p50 ms".padStart(9)}${"ratio".padStart(8)}`,
);
for (const l of lines) console.log(l);
console.log("goal: one request and <= 5 statements per screen; ratio: the batch's time to the waves'");

await bench.stop();
process.exit(0);
