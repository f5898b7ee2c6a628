// The production shape (docker-compose.yml): two API processes (PROCESS_ROLE=api) and one worker
// (PROCESS_ROLE=worker) on one database, sharing state only through Postgres. A change made through
// one API process reaches a subscriber on the other; a post published through an API process is sent
// by the worker, once, and never by an API process. bench/cluster.bench.ts measures the same shape.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import {
  call,
  freshDatabase,
  signedInBusiness,
  startSecondProcess,
  startTestApp,
  type TestApp,
} from "./support/app.ts";
import { waitFor } from "./support/networks.ts";

let api1: TestApp;
let api2: Awaited<ReturnType<typeof startSecondProcess>>;
let worker: Awaited<ReturnType<typeof startSecondProcess>>;
const sockets: Client[] = [];

beforeAll(async () => {
  const db = await freshDatabase();
  api1 = await startTestApp({ PROCESS_ROLE: "api" }, db);
  [api2, worker] = await Promise.all([
    startSecondProcess(db, { PROCESS_ROLE: "api" }),
    startSecondProcess(db, { PROCESS_ROLE: "worker" }),
  ]);
}, 120_000);

afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await worker?.stop();
  await api2?.stop();
  await api1?.stop();
});

describe("two API processes and a worker", () => {
  test("a post scheduled through api-1 is heard by a postChanged subscriber on api-2", async () => {
    const b = await signedInBusiness(api1.base, { practice: true });
    const draft = await call(api1.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Saffron karak, heard next door", platforms: ["twitter"] },
    });
    expect(draft.status).toBe(201);

    const ws = createClient({
      url: api2.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${b.token}` },
      retryAttempts: 0,
    });
    sockets.push(ws);
    const heard: { postId: string; status: string }[] = [];
    ws.subscribe<{ postChanged: { postId: string; status: string } }>(
      { query: "subscription { postChanged { postId status } }" },
      { next: (m) => m.data && heard.push(m.data.postChanged), error: () => {}, complete: () => {} },
    );
    await new Promise((r) => setTimeout(r, 1000)); // let the subscription register (the machine may be busy)

    const when = new Date(Date.now() + 86_400_000).toISOString();
    expect(
      (
        await call(api1.base, "POST", `/api/posts/${draft.body.id}/schedule`, {
          token: b.token,
          body: { scheduled_for: when },
        })
      ).status,
    ).toBe(200);
    await waitFor(
      async () => heard,
      (h) => h.some((e) => e.postId === draft.body.id && e.status.toLowerCase() === "scheduled"),
    );
  }, 60_000);

  test("posts written through api-1 and published through api-2 are sent by the worker, each exactly once", async () => {
    const b = await signedInBusiness(api1.base, { practice: true });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      const p = await call(api1.base, "POST", "/api/posts", {
        token: b.token,
        body: { content: `Once only #${i}: cardamom latte`, platforms: ["twitter"] },
      });
      ids.push(p.body.id);
      expect((await call(api2.base, "POST", `/api/posts/${p.body.id}/publish`, { token: b.token })).status).toBe(202);
    }
    const pool = api1.sufra.deps.pool;
    const targets = () =>
      pool
        .query<{ status: string; attempts: number; external_id: string | null }>(
          "select status::text, attempts, external_id from post_targets where post_id = any($1::uuid[])",
          [ids],
        )
        .then((r) => r.rows);
    const done = await waitFor(
      targets,
      (rows) => rows.length === 5 && rows.every((t) => t.status === "published"),
      60_000,
    );
    expect(done.map((t) => t.attempts)).toEqual([1, 1, 1, 1, 1]);
    expect(new Set(done.map((t) => t.external_id)).size).toBe(5);
    // the jobs ran in the worker: neither API process runs any (Agenda's lastModifiedBy names the runner, host:pid:random)
    const { rows } = await pool.query<{ by: string }>(
      "select distinct last_modified_by as by from agenda_jobs where name like 'publish.%' and last_run_at is not null",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.by.split(":")[1]))).toEqual(new Set([String(worker.pid)]));
  }, 90_000);
});
