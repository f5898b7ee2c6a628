// Publishing across processes, as in production: an API process that only queues, worker processes that
// claim, one database. The networks' exactly-once and kill-mid-publish tests share this ground.
import { freshDatabase, startSecondProcess, startTestApp, type TestApp } from "./app.ts";
import { waitFor } from "./networks.ts";

export type Worker = Awaited<ReturnType<typeof startSecondProcess>>;

/** A fresh database with an API process and `count` workers, all with `env`; each stopped after `fn`. */
export async function withWorkers<T>(
  env: Record<string, string>,
  count: number,
  fn: (ctx: { app: TestApp; workers: Worker[]; db: string; startWorker(): Promise<Worker> }) => Promise<T>,
): Promise<T> {
  const db = await freshDatabase();
  const app = await startTestApp({ ...env, PROCESS_ROLE: "api" }, db);
  const all: Worker[] = [];
  const startWorker = async () => {
    const w = await startSecondProcess(db, { ...env, PORT: "0", PROCESS_ROLE: "worker" });
    all.push(w);
    return w;
  };
  try {
    const workers = await Promise.all(Array.from({ length: count }, startWorker));
    return await fn({ app, workers, db, startWorker });
  } finally {
    // a worker a test killed is already gone: stopping it again is harmless
    await Promise.all(all.map((w) => w.stop().catch(() => {})));
    await app.stop();
  }
}

/** Makes the posts due now, queues their targets, and waits until every post is published. */
export async function dueNowAndPublished(app: TestApp, postIds: string[], ms = 90_000): Promise<void> {
  const pool = app.sufra.deps.pool;
  await pool.query("update posts set status = 'scheduled', scheduled_for = now() where id = any($1::uuid[])", [
    postIds,
  ]);
  const { rows } = await pool.query<{ id: string }>(
    "update post_targets set due_at = now() where post_id = any($1::uuid[]) returning id",
    [postIds],
  );
  await app.sufra.services.publishing.enqueue(rows.map((r) => ({ id: r.id, dueAt: new Date() })));
  await waitFor(
    () =>
      pool
        .query("select count(*)::int as n from posts where id = any($1::uuid[]) and status = 'published'", [postIds])
        .then((r) => r.rows[0].n as number),
    (n) => n === postIds.length,
    ms,
  );
}

/** The post's (one) target once no worker is publishing it any more: its status and the network's id. */
export const targetSettled = (app: TestApp, postId: string, ms = 60_000) =>
  waitFor(
    () =>
      app.sufra.deps.pool
        .query<{ status: string; external_id: string | null }>(
          "select status::text, external_id from post_targets where post_id = $1",
          [postId],
        )
        .then((r) => r.rows[0]!),
    (t) => t.status !== "publishing",
    ms,
  );
