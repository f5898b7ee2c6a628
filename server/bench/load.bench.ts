// npm run bench:load: BENCH_CLIENTS signed-in clients (default 100; six people of three Premium cafés,
// taken in turn) for BENCH_SECONDS (default 60), each in a loop with a pause of BENCH_PAUSE_MS on average
// between its requests (default 1000, drawn from 0 to twice that, so 100 clients offer about 100 requests a
// second, the rate the outside probe ran; 0: no pause, the server saturated, where every answer waits
// clients / throughput by Little's law whatever the code does): the posts list with its
// total at both doors, a draft through REST POST /api/posts, a scheduled post through GraphQL createPost,
// the inbox with its total and the analytics overview (one write in five, as the studio's people do).
// Prints requests, req/s, 5xx answers (a GraphQL error whose reason is INTERNAL_SERVER_ERROR or
// SERVICE_UNAVAILABLE counts as one), p50/p95 per operation and the server's RSS; and, as the baseline
// of the same run, the bare GET /api/health under the same clients. The server runs in a process of its
// own (bench/load-server.ts); BENCH_BUSY CPU-bound neighbours (default 2) starve the machine as a busy
// host would, and BENCH_POOL sets DATABASE_POOL_SIZE. Goal on 2 cores: 0 5xx at 100 clients, write p95 <= 1 s.
import { fork, spawn, type ChildProcess } from "node:child_process";
import os from "node:os";
import { clientOperation, POSTS_LIST } from "../tests/support/posts-page.ts";

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 100);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const BASELINE_SECONDS = Number(process.env.BENCH_BASELINE_SECONDS ?? 10);
const BUSY = Number(process.env.BENCH_BUSY ?? 2);
const PAUSE_MS = Number(process.env.BENCH_PAUSE_MS ?? 1000);
const pause = () => (PAUSE_MS > 0 ? new Promise((r) => setTimeout(r, Math.random() * 2 * PAUSE_MS)) : undefined);
const serverEnv: Record<string, string> = process.env.BENCH_POOL ? { DATABASE_POOL_SIZE: process.env.BENCH_POOL } : {};

const server = fork(new URL("./load-server.ts", import.meta.url), {
  execArgv: ["--import", "tsx"],
  env: { ...process.env, LOAD_SERVER_ENV: JSON.stringify(serverEnv) },
});
const ready = await new Promise<{ base: string; people: { token: string; businessId: string }[] }>(
  (resolve, reject) => {
    server.on("message", (m: { type: string }) => m.type === "ready" && resolve(m as never));
    server.once("exit", (code) => reject(new Error(`the server exited (${code}) before it was ready`)));
  },
);
const { base, people } = ready;
const rss = () =>
  new Promise<number>((resolve) => {
    const on = (m: { type: string; rss?: number }) => m.type === "rss" && (server.off("message", on), resolve(m.rss!));
    server.on("message", on);
    server.send({ type: "rss" });
  });

const INBOX = clientOperation("InboxList", ["modules/inbox/inbox.graphql", "shared/fragments.graphql"]);
const CREATE = clientOperation("PostsCreate", ["modules/posts/posts.graphql", "shared/fragments.graphql"]);

interface Op {
  name: string;
  write: boolean;
  weight: number;
  request(person: { token: string; businessId: string }, n: number): { path: string; method?: string; body?: unknown };
}
const gql = (query: string, variables: Record<string, unknown>) => ({
  path: "/graphql",
  method: "POST",
  body: { query, variables },
});
const later = () => new Date(Date.now() + 3 * 86_400_000).toISOString();
const OPS: Op[] = [
  { name: "REST GET /api/posts (total)", write: false, weight: 2, request: () => ({ path: "/api/posts?limit=20" }) },
  { name: "GraphQL PostsList (totalCount)", write: false, weight: 2, request: () => gql(POSTS_LIST, { first: 20 }) },
  { name: "GraphQL InboxList (totalCount)", write: false, weight: 2, request: () => gql(INBOX, { first: 20 }) },
  {
    name: "REST GET /api/analytics/overview",
    write: false,
    weight: 2,
    request: (p) => ({ path: `/api/analytics/overview?client_id=${p.businessId}` }),
  },
  {
    name: "REST POST /api/posts (draft)",
    write: true,
    weight: 1,
    request: (_p, n) => ({
      path: "/api/posts",
      method: "POST",
      body: { content: `Draft ${n}: kunafa tonight`, hashtags: ["kuwait"], platforms: ["instagram"] },
    }),
  },
  {
    name: "GraphQL createPost (scheduled)",
    write: true,
    weight: 1,
    request: (_p, n) =>
      gql(CREATE, {
        input: {
          content: `Scheduled ${n}: karak at dawn`,
          hashtags: ["karak"],
          platforms: ["FACEBOOK"],
          scheduledFor: later(),
        },
      }),
  },
];
const deck = OPS.flatMap((op) => Array.from({ length: op.weight }, () => op));

interface Tally {
  ms: number[];
  fiveXx: number;
  other: number;
  sample?: string;
  sample4xx?: string;
}
const tallies = new Map<string, Tally>();
const tally = (name: string) =>
  tallies.get(name) ?? (tallies.set(name, { ms: [], fiveXx: 0, other: 0 }), tallies.get(name)!);

async function send(name: string, person: { token: string }, r: { path: string; method?: string; body?: unknown }) {
  const t = tally(name);
  const t0 = performance.now();
  try {
    const res = await fetch(base + r.path, {
      method: r.method ?? "GET",
      headers: { "content-type": "application/json", authorization: `Bearer ${person.token}` },
      body: r.body === undefined ? undefined : JSON.stringify(r.body),
    });
    const text = await res.text();
    t.ms.push(performance.now() - t0);
    const reason =
      r.path === "/graphql"
        ? (JSON.parse(text).errors?.[0]?.extensions?.reason ?? JSON.parse(text).errors?.[0]?.extensions?.code)
        : undefined;
    if (res.status >= 500 || reason === "INTERNAL_SERVER_ERROR" || reason === "SERVICE_UNAVAILABLE") {
      t.fiveXx++;
      t.sample ??= `${res.status} ${res.headers.get("retry-after") ? `Retry-After ${res.headers.get("retry-after")} ` : ""}${text.slice(0, 160)}`;
    } else if (res.status >= 400 || reason) {
      t.other++;
      t.sample4xx ??= `${res.status} ${text.slice(0, 240)}`;
    }
  } catch (e) {
    t.ms.push(performance.now() - t0);
    t.fiveXx++;
    t.sample ??= `no answer: ${(e as Error).message}`;
  }
}

/** CLIENTS loops for `seconds`, each sending what `next` picks. */
async function run(
  seconds: number,
  next: (client: number, n: number) => [string, { token: string }, { path: string; method?: string; body?: unknown }],
) {
  const end = performance.now() + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      while (performance.now() < end) {
        await send(...next(c, n++));
        await pause();
      }
    }),
  );
}
const pct = (xs: number[], p: number) =>
  xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]! : NaN;

// warm the plans, the caches and the JIT
for (const op of OPS)
  for (let i = 0; i < 5; i++)
    await send("warm-up", people[i % people.length]!, op.request(people[i % people.length]!, i));
tallies.clear();

const neighbours: ChildProcess[] = Array.from({ length: BUSY }, () =>
  spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" }),
);
try {
  await run(BASELINE_SECONDS, (c) => [
    "baseline: GET /api/health",
    people[c % people.length]!,
    { path: "/api/health" },
  ]);
  const rssSamples: number[] = [];
  const sampler = setInterval(async () => rssSamples.push(await rss()), 1000);
  const t0 = performance.now();
  await run(SECONDS, (c, n) => {
    const op = deck[(n * 7 + c) % deck.length]!;
    const person = people[c % people.length]!;
    return [op.name, person, op.request(person, n)];
  });
  const elapsed = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(" ");

  console.log(
    `\nSufra load benchmark: ${CLIENTS} signed-in clients (6 people, 3 cafés), ${PAUSE_MS > 0 ? `${PAUSE_MS} ms between a client's requests on average` : "no pause between requests"}, ${SECONDS} s, ${BUSY} CPU-bound neighbours, DATABASE_POOL_SIZE ${serverEnv.DATABASE_POOL_SIZE ?? "(default)"}, ${os.cpus().length} cores, load average ${load}`,
  );
  console.log(
    "\n" +
      "operation".padEnd(36) +
      "requests".padStart(9) +
      "req/s".padStart(7) +
      "5xx".padStart(6) +
      "4xx".padStart(6) +
      "p50 ms".padStart(8) +
      "p95 ms".padStart(8),
  );
  const line = (name: string, t: Tally, secs: number) =>
    console.log(
      name.padEnd(36) +
        String(t.ms.length).padStart(9) +
        (t.ms.length / secs).toFixed(0).padStart(7) +
        String(t.fiveXx).padStart(6) +
        String(t.other).padStart(6) +
        pct(t.ms, 50).toFixed(0).padStart(8) +
        pct(t.ms, 95).toFixed(0).padStart(8),
    );
  const baseline = tallies.get("baseline: GET /api/health")!;
  line("baseline: GET /api/health", baseline, BASELINE_SECONDS);
  const all: Tally = { ms: [], fiveXx: 0, other: 0 };
  const writes: Tally = { ms: [], fiveXx: 0, other: 0 };
  for (const op of OPS) {
    const t = tally(op.name);
    line(op.name, t, elapsed);
    for (const into of op.write ? [all, writes] : [all]) {
      into.ms.push(...t.ms);
      into.fiveXx += t.fiveXx;
      into.other += t.other;
    }
  }
  line("all writes", writes, elapsed);
  line("all (the mix)", all, elapsed);
  for (const op of OPS) if (tally(op.name).sample) console.log(`  ${op.name}, first 5xx: ${tally(op.name).sample}`);
  for (const op of OPS)
    if (tally(op.name).sample4xx) console.log(`  ${op.name}, first 4xx: ${tally(op.name).sample4xx}`);
  console.log(
    `\nserver RSS: ${(Math.max(...rssSamples) / 2 ** 20).toFixed(0)} MB at most, ${(rssSamples.at(-1)! / 2 ** 20).toFixed(0)} MB at the end`,
  );
  console.log(`goal: 0 5xx (${all.fiveXx}), write p95 <= 1000 ms (${pct(writes.ms, 95).toFixed(0)} ms)`);
} finally {
  for (const p of neighbours) p.kill();
  server.send({ type: "stop" });
}
