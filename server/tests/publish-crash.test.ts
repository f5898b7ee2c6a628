// A worker killed (SIGKILL) in the middle of publishing, with production scheduler timings, and a
// fresh worker started after it: no post is ever left in a status its targets contradict, targets
// that were merely due (whose jobs the dead worker had locked, that became due while no worker ran,
// or whose job was never queued) go out within seconds of the restart, the send the dead worker had
// in flight is found instead of made again, and nothing is posted twice.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import type pg from "pg";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { postStatusFrom, type TargetState } from "../src/modules/publishing/post-status.ts";
import { call, freshDatabase, startSecondProcess, startTestApp } from "./support/app.ts";
import { connectedBusiness, freePort, photo, platformEnv, post, waitFor, type Ig, type X } from "./support/networks.ts";

let ig: Ig;
let x: X;
beforeAll(async () => {
  [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
});
afterAll(async () => {
  await Promise.all([ig?.close(), x?.close()]);
});

/** Posts whose status is not the one their targets give, read in one snapshot. */
async function contradicted(pool: pg.Pool) {
  const { rows } = await pool.query<{ id: string; status: string; targets: TargetState[] }>(
    `select p.id, p.status::text as status, json_agg(json_build_object('status', t.status, 'attempts', t.attempts, 'errorCode', t.error_code)) as targets
       from posts p join post_targets t on t.post_id = p.id group by p.id`,
  );
  return rows
    .filter((r) => postStatusFrom(r.targets, r.status as never) !== r.status)
    .map((r) => ({ id: r.id, status: r.status, targets: r.targets.map((t) => t.status) }));
}

const statuses = (pool: pg.Pool, ids: string[]) =>
  pool
    .query<{ id: string; status: string }>("select id, status::text as status from posts where id = any($1::uuid[])", [
      ids,
    ])
    .then((r) => r.rows);

test("a worker killed mid-publish: the next one picks up due targets within seconds, resolves the send in flight, and no post is contradicted by its targets or sent twice", async () => {
  const db = await freshDatabase();
  const env = {
    ...platformEnv(ig, x, await freePort()),
    // production-like: the lease outlives a restart, and Agenda scans every 5 s
    PUBLISH_LEASE_SECONDS: "20",
    PUBLISH_TIMEOUT_SECONDS: "30",
    // one media store for every process, as in production (the worker uploads the photo to X)
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-crash-")),
  };
  const worker = { ...env, PORT: "0", PROCESS_ROLE: "worker", TEST_SCHEDULER: "production" };
  // this process serves requests and queues jobs; only the workers run them
  const app = await startTestApp({ ...env, PROCESS_ROLE: "api" }, db);
  const pool = app.sufra.deps.pool;
  const first = await startSecondProcess(db, worker);
  let second: Awaited<ReturnType<typeof startSecondProcess>> | null = null;
  const seen: unknown[] = [];
  const consistent = async () => {
    const bad = await contradicted(pool);
    if (bad.length) seen.push(...bad);
  };
  try {
    const b = await connectedBusiness(app, ig, x);
    const due = async (content: string, when: Date, opts: { enqueue: boolean }) => {
      const p = await post(app, b.token, { content, platforms: ["twitter"] });
      await pool.query("update posts set status = 'scheduled', scheduled_for = $2 where id = $1", [p.id, when]);
      const { rows } = await pool.query<{ id: string }>(
        "update post_targets set due_at = $2 where post_id = $1 returning id",
        [p.id, when],
      );
      if (opts.enqueue) await app.sufra.services.publishing.enqueue(rows.map((r) => ({ id: r.id, dueAt: when })));
      return { postId: p.id, targetId: rows[0]!.id, content };
    };

    // P goes to both networks: Instagram answers, X keeps the send (it has the post) until after the kill
    const held = x.state.hold("tweet", { createOn: "receipt" });
    const p = await post(app, b.token, {
      content: "Killed mid-publish: saffron milk cake",
      platforms: ["instagram", "twitter"],
      media_ids: [await photo(app, b.token)],
    });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    await held.received;
    await waitFor(
      () =>
        pool
          .query("select status::text from post_targets where post_id = $1 and platform = 'instagram'", [p.id])
          .then((r) => r.rows[0].status),
      (s) => s === "published",
      30_000,
    );

    // posts due a few seconds from now: the worker locks their jobs ahead of time (Agenda's scan looks
    // one interval ahead) and dies before running them
    const locked: Awaited<ReturnType<typeof due>>[] = [];
    const early: Awaited<ReturnType<typeof due>>[] = [];
    for (let round = 0; round < 4 && !locked.length; round++) {
      const when = new Date(Date.now() + 8_000);
      const batch = await Promise.all(
        [1, 2, 3].map((i) => due(`Due soon ${round}.${i}: cardamom coffee`, when, { enqueue: true })),
      );
      const ready = await waitFor(
        () =>
          pool
            .query<{ n: number }>(
              "select count(*)::int as n from agenda_jobs where name = 'publish.target' and locked_at is not null and data->>'targetId' = any($1::text[])",
              [batch.map((q) => q.targetId)],
            )
            .then((r) => r.rows[0]!.n),
        (n) => n === batch.length,
        9_000,
      ).catch(() => 0);
      // locked well before they are due: the worker holds them but has not run them
      if (ready === batch.length && when.getTime() - Date.now() > 500) locked.push(...batch);
      else early.push(...batch);
    }
    expect(locked.length).toBe(3);
    await consistent();
    await first.kill("SIGKILL");
    held.release();

    // while no worker runs: a post published now, and one whose job was never queued (a process
    // killed between saving the post and queueing its job)
    const now = await post(app, b.token, {
      content: "Published while the worker was down: date maamoul",
      platforms: ["twitter"],
    });
    await call(app.base, "POST", `/api/posts/${now.id}/publish`, { token: b.token });
    const orphan = await due("Never queued: lugaimat", new Date(), { enqueue: false });
    await new Promise((r) => setTimeout(r, 1_000));
    await consistent();

    // from the moment the new worker says it is ready (its start-up, a few seconds on a loaded machine, is not the publisher's)
    second = await startSecondProcess(db, worker);
    const restarted = Date.now();
    const waiting = [...locked.map((q) => q.postId), ...early.map((q) => q.postId), now.id, orphan.postId];
    await waitFor(
      async () => {
        await consistent();
        return statuses(pool, waiting);
      },
      (rows) => rows.every((r) => r.status === "published"),
      60_000,
    );
    const pickUpMs = Date.now() - restarted;
    // measured: under half a second here (over a minute before recovery released the dead worker's locks);
    // the bound leaves room for a loaded machine
    expect(pickUpMs).toBeLessThan(10_000);

    // the send in flight at the kill: its lease lapses, the next worker asks X, finds the post, and P is published
    const done = await waitFor(
      async () => {
        await consistent();
        return (await statuses(pool, [p.id]))[0]!.status;
      },
      (s) => s !== "publishing",
      60_000,
    );
    expect(done).toBe("published");
    await consistent();
    expect(seen).toEqual([]);

    // nothing was posted twice
    const texts = x.state.posts(b.xUserId).map((t) => t.text);
    expect(texts.filter((t) => t.startsWith("Killed mid-publish"))).toHaveLength(1);
    expect(new Set(texts).size).toBe(texts.length);
    expect(texts).toHaveLength(1 + locked.length + early.length + 2);
    expect(ig.state.posts(b.igUserId)).toHaveLength(1);
    const { rows: ext } = await pool.query<{ external_id: string }>(
      "select external_id from post_targets where post_id = $1 and platform = 'twitter'",
      [p.id],
    );
    expect(ext[0]!.external_id).toBe(x.state.posts(b.xUserId).find((t) => t.text.startsWith("Killed mid-publish"))!.id);
  } finally {
    await first.stop();
    await second?.stop();
    await app.stop();
  }
}, 180_000);
