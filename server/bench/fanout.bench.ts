// npm run bench:fanout: one post change seen by 1,000 and then 5,000 `postChanged` subscribers of one
// café, over real WebSockets (graphql-transport-ws), one socket per subscriber, opened by a child process
// so that the subscribers' own work does not run on the server's event loop. Every subscriber signs in
// with the café owner's token (signing up thousands of people would measure password hashing); the mix
// of what they ask is the web client's: the posts page's document (four in five) and the campaigns page's,
// in English and Arabic (one in three). Prints the SQL statements the server sent per event (all of them,
// counted by a hook on pg's Client, less those of the change's own request) and the delivery times from
// the change request to each subscriber, beside the bare round trip of one NOTIFY to a listener in this
// process (docs/architecture.md#how-a-request-flows, Events).
import { fork } from "node:child_process";
import { readFileSync } from "node:fs";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { AsyncLocalStorage } from "node:async_hooks";
import { Kind, parse, print, visit, type DefinitionNode } from "graphql";
import pg from "pg";
import sharp from "sharp";
import WebSocket from "ws";
import { json, startBenchSufra } from "./support.ts";

const SIZES = (process.env.BENCH_SUBSCRIBERS ?? "1000,5000").split(",").map(Number);
const EVENTS = Number(process.env.BENCH_EVENTS ?? 5);
const now = () => performance.timeOrigin + performance.now();

/** A subscription of client/src (by operation name) with the fragments it spreads, as the browser sends it. */
function clientDocument(file: string, operation: string) {
  const doc = parse(readFileSync(fileURLToPath(new URL(`../../client/src/${file}`, import.meta.url)), "utf8"));
  const byName = new Map(doc.definitions.flatMap((d) => ("name" in d && d.name ? [[d.name.value, d] as const] : [])));
  const picked = new Set<DefinitionNode>();
  const add = (d: DefinitionNode | undefined) => {
    if (!d || picked.has(d)) return;
    picked.add(d);
    visit(d, { FragmentSpread: (s) => void add(byName.get(s.name.value)) });
  };
  add(byName.get(operation));
  if (!picked.size) throw new Error(`${operation} is not in ${file}`);
  return print({ kind: Kind.DOCUMENT, definitions: [...picked] });
}

// ---------------------------------------------------------------- the subscribers (a child process)
if (process.argv[2] === "subscribers") {
  const { url, token, count, documents } = JSON.parse(process.argv[3]!) as {
    url: string;
    token: string;
    count: number;
    documents: string[];
  };
  const arrivals: { at: number; raw: string }[][] = [];
  let mark = 0; // arrivals of the event being measured land in arrivals[mark]
  const sockets: WebSocket[] = [];
  // a socket the busy server did not greet within graphql-ws's 3 s (4408) is opened again
  const open = (i: number, tries = 0): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      const ws = new WebSocket(url, "graphql-transport-ws", {
        headers: { "accept-language": i % 3 === 2 ? "ar" : "en" },
      });
      sockets.push(ws);
      ws.on("open", () =>
        ws.send(JSON.stringify({ type: "connection_init", payload: { authorization: `Bearer ${token}` } })),
      );
      ws.on("message", (data) => {
        const raw = data.toString();
        if (raw.startsWith('{"id"') || raw.includes('"type":"next"')) {
          (arrivals[mark] ??= []).push({ at: now(), raw }); // parsed after the measurement
          return;
        }
        const m = JSON.parse(raw) as { type: string; payload?: unknown };
        if (m.type === "connection_ack") {
          ws.send(JSON.stringify({ id: "s", type: "subscribe", payload: { query: documents[i % 5 === 4 ? 1 : 0] } }));
          resolve();
        } else if (m.type === "ping") ws.send(JSON.stringify({ type: "pong" }));
        else if (m.type === "error") reject(new Error(JSON.stringify(m.payload)));
      });
      ws.on("error", reject);
      ws.on("close", (code) =>
        code === 4408 && tries < 3
          ? open(i, tries + 1).then(resolve, reject)
          : code !== 1000 && reject(new Error(`socket closed: ${code}`)),
      );
    });
  for (let i = 0; i < count; i += 100)
    await Promise.all(Array.from({ length: Math.min(100, count - i) }, (_, k) => open(i + k)));
  process.send!({ type: "open" });
  process.on("message", (m: { type: string; mark?: number }) => {
    if (m.type === "mark") {
      mark = m.mark!;
      process.send!({ type: "marked" });
    } else if (m.type === "report") {
      // per subscriber message: when it came and what it said (the post's content names the event)
      const got = (arrivals[m.mark!] ?? []).map(({ at, raw }) => {
        const p = JSON.parse(raw) as {
          type: string;
          payload: { data?: { postChanged?: { post?: { id: string; content?: string } | null } }; errors?: unknown[] };
        };
        const post = p.payload.data?.postChanged?.post;
        return { at, id: post?.id ?? null, content: post?.content ?? null, errors: p.payload.errors?.length ?? 0 };
      });
      process.send!({ type: "report", got });
    } else if (m.type === "close") {
      for (const s of sockets) s.close(1000);
      setTimeout(() => process.exit(0), 200);
    }
  });
} else {
  // ---------------------------------------------------------------- the server and the measurement
  const documents = [
    clientDocument("modules/posts/posts.graphql", "PostsChanged"),
    clientDocument("modules/campaigns/campaigns.graphql", "CampaignsPostChanged"),
  ];

  // every statement any pg Client sends in this process; apart, those of requests marked x-count-sql, counted
  // as server/tests/support/sql-count.ts does (a pool's statement where it is called, a client's own there)
  const inRequest = new AsyncLocalStorage<string[]>();
  let all = 0;
  const shown: string[] = []; // BENCH_SHOW_SQL=1: each statement's first words
  const clientQuery = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    all++;
    if (process.env.BENCH_SHOW_SQL)
      shown.push(
        String(typeof args[0] === "string" ? args[0] : (args[0] as { text?: string })?.text)
          .replace(/\s+/g, " ")
          .slice(0, 100),
      );
    inRequest.getStore()?.push("client");
    return clientQuery.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const poolQuery = pg.Pool.prototype.query as (...a: unknown[]) => unknown;
  pg.Pool.prototype.query = function (this: pg.Pool, ...args: unknown[]) {
    inRequest.getStore()?.push("pool");
    return inRequest.exit(() => poolQuery.apply(this, args));
  } as typeof pg.Pool.prototype.query;

  const bench = await startBenchSufra({ PROCESS_ROLE: "api" }); // nothing but the events runs in the background
  const { sufra, base } = bench;
  const httpServer = sufra.server!.httpServer;
  const listeners = httpServer.listeners("request") as ((...a: unknown[]) => void)[];
  httpServer.removeAllListeners("request");
  const byRequest = new Map<string, string[]>();
  httpServer.on("request", (req, res) => {
    const id = req.headers["x-count-sql"];
    if (typeof id !== "string") return listeners.forEach((l) => l(req, res));
    const seen: string[] = [];
    byRequest.set(id, seen);
    inRequest.run(seen, () => listeners.forEach((l) => l(req, res)));
  });

  const { token } = await bench.approvedCafe();
  const auth = { authorization: `Bearer ${token}` };
  const png = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: "#b5835a" } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "latte.png");
  const media = (await (
    await fetch(base + "/api/posts/media", { method: "POST", headers: auth, body: form })
  ).json()) as { id: string };
  const created = (await (
    await fetch(base + "/api/posts", {
      method: "POST",
      headers: { ...json, ...auth },
      body: JSON.stringify({
        content: "Saffron latte",
        platforms: ["instagram", "twitter", "snapchat"],
        hashtags: ["kuwait", "coffee"],
        media_ids: [media.id],
      }),
    })
  ).json()) as { id: string; targets?: unknown[] };
  if (!created.targets?.length) throw new Error(`the bench post was not made: ${JSON.stringify(created)}`);

  // when this process hears each change (the server's own listener hands it to the subscriptions)
  const heard = new Map<string, number>();
  void (async () => {
    for await (const e of sufra.deps.pubsub.subscribe("post.changed")) heard.set(e.postId + e.status, now());
  })();

  /** One change of the post, as a person makes it: its statements are its request's, not the event's. */
  async function change(content: string) {
    heard.clear();
    const t0 = now();
    const r = await fetch(base + `/api/posts/${created.id}`, {
      method: "PUT",
      headers: { ...json, ...auth, "x-count-sql": content },
      body: JSON.stringify({ content }),
    });
    if (!r.ok) throw new Error(`change: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
    return { t0, statements: byRequest.get(content)?.length ?? 0 };
  }

  // ---------------------------------------------------------------- baseline: NOTIFY to a listener here
  const baseline: number[] = [];
  {
    const url = (sufra.deps.pool as unknown as { options: pg.PoolConfig }).options;
    const l = new pg.Client(url);
    await l.connect();
    await l.query("listen bench_round_trip");
    for (let i = 0; i < 40; i++) {
      const heard = new Promise<void>((r) => l.once("notification", () => r()));
      const t = now();
      await sufra.deps.pool.query("select pg_notify('bench_round_trip', $1)", [
        JSON.stringify({ topic: "post.changed", i }),
      ]);
      await heard;
      if (i >= 5) baseline.push(now() - t);
    }
    await l.end();
  }
  const quantile = (xs: number[], q: number) =>
    [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;
  const base50 = quantile(baseline, 0.5);

  // ---------------------------------------------------------------- each size
  const wsUrl = base.replace("http", "ws") + "/graphql";
  const rows: {
    size: number;
    statements: number[];
    p50: number;
    p95: number;
    max: number;
    heardP95: number;
    missing: number;
    wrong: number;
    openS: number;
  }[] = [];
  for (const size of SIZES) {
    const t = now();
    const child = fork(
      fileURLToPath(import.meta.url),
      ["subscribers", JSON.stringify({ url: wsUrl, token, count: size, documents })],
      { execArgv: ["--import", "tsx"], stdio: "inherit" },
    );
    const waiting = new Map<string, (m: any) => void>();
    let exited: Error | null = null;
    child.on("message", (m: { type: string }) => waiting.get(m.type)?.(m));
    child.once("exit", (code) => {
      exited = new Error(`the subscribers' process ended: ${code}`);
      for (const w of waiting.values()) w(null);
    });
    const ask = (m: object | null, type: string) =>
      new Promise<any>((resolve, reject) => {
        if (exited) return reject(exited);
        waiting.set(type, (r) => (waiting.delete(type), r ? resolve(r) : reject(exited)));
        if (m) child.send(m);
      });
    /** The deliveries of one change, once every subscriber has it or after `ms`. */
    const deliveries = async (mark: number, ms: number) => {
      let got: { at: number; id: string | null; content: string | null; errors: number }[] = [];
      for (const stop = now() + ms; now() < stop;) {
        await new Promise((r) => setTimeout(r, 100));
        got = (await ask({ type: "report", mark }, "report")).got;
        if (got.length >= size) break;
      }
      return got;
    };
    await ask(null, "open");
    const openS = (now() - t) / 1000;
    // subscriptions are live once a change reaches every one of them (subscribe messages carry no answer)
    let mark = 1;
    for (let tries = 0; ; tries++, mark++) {
      await ask({ type: "mark", mark }, "marked");
      await change(`warm-up ${size} ${tries}`);
      const got = await deliveries(mark, 60_000);
      if (got.length >= size) break;
      if (tries > 5) throw new Error(`only ${got.length} of ${size} subscribers heard the warm-up`);
    }
    mark++;
    const delays: number[] = [];
    const statements: number[] = [];
    const fromHeard: number[] = [];
    let missing = 0;
    let wrong = 0;
    for (let e = 0; e < EVENTS; e++, mark++) {
      await ask({ type: "mark", mark }, "marked");
      const content = `Saffron latte, change ${size}/${e}`;
      const before = all;
      shown.length = 0;
      const c = await change(content);
      // every subscriber has it (or 60 s went by), then the event's last statements finish
      const got = await deliveries(mark, 60_000);
      await new Promise((r) => setTimeout(r, 300));
      statements.push(all - before - c.statements);
      if (process.env.BENCH_SHOW_SQL)
        console.log(`event ${e}: ${c.statements} in the request\n  ${shown.join("\n  ")}`);
      missing += Math.max(0, size - got.length);
      // the campaigns page's document asks for the post's id, not its caption
      wrong += got.filter(
        (g) => g.errors || g.id !== created.id || (g.content !== null && g.content !== content),
      ).length;
      delays.push(...got.map((g) => g.at - c.t0));
      const h = [...heard.values()][0];
      if (h) fromHeard.push(...got.map((g) => g.at - h));
    }
    child.send({ type: "close" });
    await new Promise((r) => child.once("exit", r));
    rows.push({
      size,
      statements,
      p50: quantile(delays, 0.5),
      p95: quantile(delays, 0.95),
      max: Math.max(...delays),
      heardP95: quantile(fromHeard, 0.95),
      missing,
      wrong,
      openS,
    });
  }

  const idleBefore = all;
  await new Promise((r) => setTimeout(r, 1000));
  const idle = all - idleBefore;

  console.log(
    `\nSufra fan-out benchmark: one post change (3 networks, 1 photo) to N postChanged subscribers of one café, one WebSocket each, ${EVENTS} changes a size; ` +
      `documents: the posts page's (4/5) and the campaigns page's (1/5), en and ar; loopback, embedded PostgreSQL, ${os.cpus().length} cores`,
  );
  console.log(
    `baseline: NOTIFY to a listener in this process, p50 ${base50.toFixed(1)} ms (p95 ${quantile(baseline, 0.95).toFixed(1)} ms); statements while idle: ${idle} a second`,
  );
  console.log("figure".padEnd(44) + "value".padStart(12) + "baseline".padStart(12) + "ratio".padStart(10) + "   goal");
  const line = (name: string, v: number, b: number | null, goal: string, unit = "") =>
    console.log(
      name.padEnd(44) +
        (v.toFixed(unit ? 1 : 0) + unit).padStart(12) +
        (b === null ? "" : b.toFixed(1) + unit).padStart(12) +
        (b === null ? "" : (v / b).toFixed(1) + "×").padStart(10) +
        `   ${goal}`,
    );
  for (const r of rows) {
    console.log(
      `-- ${r.size.toLocaleString("en")} subscribers (sockets opened in ${r.openS.toFixed(1)} s; ${r.missing} deliveries missing, ${r.wrong} wrong)`,
    );
    line("SQL statements per event (max)", Math.max(...r.statements), null, "<= 10");
    line("delivery p50 (from the change request)", r.p50, base50, "", " ms");
    line("delivery p95", r.p95, base50, "<= 500 ms" + (r.size === 1000 ? "" : " (goal set at 1,000)"), " ms");
    line("delivery max (the last subscriber)", r.max, base50, "", " ms");
    line("delivery p95 from the event heard here", r.heardP95, base50, "(the fan-out alone)", " ms");
  }
  await bench.stop();
  process.exit(0);
}
