// A new post's figures come soon after it goes out, then on a decaying schedule (schema/src/analytics.ts,
// FIGURES_SCHEDULE_MINUTES): a practice post's first figures are read by its first scheduled
// collection, not the next hourly sweep; a collection retried or asked twice reads once; a network
// that answers 429 defers the collection to its reset (nothing fails, and the sweep leaves that
// account alone until then).
import { afterAll, afterEach, beforeAll, describe, expect, test } from "@jest/globals";
import { FIGURES_SCHEDULE_MINUTES, kuwaitDate } from "@sufra/schema";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { call, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import * as net from "./support/networks.ts";
import { freePort, getPost, post, settled, waitFor } from "./support/networks.ts";
import { startClockAt } from "../src/kernel/clock.ts";

const STEP_JOB = "metrics.step";
let ig: net.Ig;
let x: net.X;
let app: TestApp;

beforeAll(async () => {
  [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
  app = await startTestApp(net.platformEnv(ig, x, await freePort()));
});
afterAll(async () => {
  await app?.stop();
  await Promise.all([ig?.close(), x?.close()]);
});

/** The server's clock (this process's: the app runs in it) set to an instant; put back after each test. */
let undoClock = () => {};
const clockAt = (at: number) => {
  undoClock();
  undoClock = startClockAt(new Date(at));
};
afterEach(() => {
  undoClock();
  undoClock = () => {};
});
const MIN = 60_000;

const pool = () => app.sufra.deps.pool;
const stepJobs = (targetId: string) =>
  pool()
    .query<{
      next_run_at: Date | null;
      last_finished_at: Date | null;
      failed_at: Date | null;
      fail_count: number | null;
    }>(
      "select next_run_at, last_finished_at, failed_at, fail_count from agenda_jobs where name = $1 and data->>'targetId' = $2",
      [STEP_JOB, targetId],
    )
    .then((r) => r.rows);
/** The target's step job, once publishing has queued it (it queues right after the target is marked published). */
const queuedStep = (targetId: string) =>
  waitFor(
    () => stepJobs(targetId),
    (rows) => rows.length > 0,
  );
const readings = (targetId: string) =>
  pool()
    .query<{ n: number }>("select count(*)::int as n from target_metrics where target_id = $1", [targetId])
    .then((r) => r.rows[0]!.n);
/** Drives the queue: the target's step job is due now (as billing's lifecycle test moves its job's next run). */
async function runStepNow(targetId: string) {
  const before = (await stepJobs(targetId))[0]?.last_finished_at?.getTime() ?? 0;
  const { rowCount } = await pool().query(
    "update agenda_jobs set next_run_at = now() where name = $1 and data->>'targetId' = $2",
    [STEP_JOB, targetId],
  );
  expect(rowCount).toBe(1);
  return waitFor(
    () => stepJobs(targetId),
    (rows) => (rows[0]?.last_finished_at?.getTime() ?? 0) > before,
  );
}

describe("a practice post's first figures", () => {
  test("are read by the first scheduled collection, 5 minutes after it goes out; the next step follows", async () => {
    const c = await registeredClient(app.base, { over: { requested_plan: "professional" }, practice: true });
    const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
      .body.access_token as string;
    const p = await post(app, token, { content: "First practice post", platforms: ["twitter"] });
    expect((await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token })).status).toBe(202);
    const done = await waitFor(() => getPost(app, token, p.id), settled);
    expect(done.status).toBe("published");
    const target = done.targets[0];
    const publishedAt = new Date(target.published_at).getTime();

    // queued for the first step, once
    const [queued] = await queuedStep(target.id);
    expect(queued!.next_run_at!.getTime()).toBe(publishedAt + FIGURES_SCHEDULE_MINUTES[0] * 60_000);
    expect((await getPost(app, token, p.id)).targets[0].metrics).toMatchObject({ views: 0, likes: 0 });

    // the step's time comes: figures are read (no hourly sweep ran), and the 30-minute step is next
    clockAt(publishedAt + FIGURES_SCHEDULE_MINUTES[0] * MIN + 1_000);
    const [ran] = await runStepNow(target.id);
    expect(ran!.failed_at).toBeNull();
    expect(ran!.next_run_at!.getTime()).toBe(publishedAt + FIGURES_SCHEDULE_MINUTES[1] * 60_000);
    const after = await getPost(app, token, p.id);
    expect(after.targets[0].metrics.views).toBeGreaterThan(0);
    expect(after.targets[0].metrics.simulated).toBe(true);
    expect(await readings(target.id)).toBe(1);
    const day = kuwaitDate(new Date());
    const overview = await call(
      app.base,
      "GET",
      `/api/analytics/overview?client_id=${c.businessId}&from=${day}&to=${day}&include_simulated=true`,
      { token },
    );
    expect(overview.body.totals.views).toBe(after.targets[0].metrics.views);

    // the job retried, or the target announced again (published twice): no second reading, one job
    await app.sufra.services.analytics.figuresDue([{ id: target.id, publishedAt: new Date(publishedAt) }]);
    await app.sufra.services.analytics.figuresDue([{ id: target.id, publishedAt: new Date(publishedAt) }]);
    expect(await stepJobs(target.id)).toHaveLength(1);
    await runStepNow(target.id);
    expect(await readings(target.id)).toBe(1);
    const again = await getPost(app, token, p.id);
    expect(again.targets[0].metrics.views).toBe(after.targets[0].metrics.views);
    const daily = await pool().query<{ posts: number; views: string }>(
      "select posts, views::text from metric_daily where business_id = $1",
      [c.businessId],
    );
    expect(daily.rows).toEqual([{ posts: 1, views: String(after.targets[0].metrics.views) }]);
  });
});

describe("a network's rate limit", () => {
  test("a 429 defers the collection to the network's reset; nothing fails, and the sweep waits too", async () => {
    const b = await net.connectedBusiness(app, ig, x);
    const p = await post(app, b.token, { content: "Karak at sunset", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const done = await waitFor(() => getPost(app, b.token, p.id), settled);
    expect(done.status).toBe("published");
    const target = done.targets[0];
    x.state.setMetrics(target.external_id, {
      impression_count: 640,
      like_count: 31,
      reply_count: 2,
      retweet_count: 1,
      quote_count: 0,
    });
    await queuedStep(target.id);

    // at the first step X's lookup window is spent for 10 minutes
    const publishedAt = new Date(target.published_at).getTime();
    clockAt(publishedAt + FIGURES_SCHEDULE_MINUTES[0] * MIN + 1_000);
    x.state.failNext("lookup", 429, 1, { resetInSecs: 600 });
    const lookups = x.state.calls.lookup ?? 0;
    const [deferred] = await runStepNow(target.id);
    expect(x.state.calls.lookup).toBe(lookups + 1);
    expect(deferred!.failed_at).toBeNull();
    const reset = deferred!.next_run_at!.getTime();
    expect(reset).toBeGreaterThan(Date.now() + 9 * MIN);
    expect(reset).toBeLessThanOrEqual(Date.now() + 10 * MIN + 1_000);
    expect(await readings(target.id)).toBe(0);

    // the hourly sweep asks nothing of that account before the reset
    await app.sufra.services.analytics.collectMetrics();
    expect(x.state.calls.lookup).toBe(lookups + 1);
    expect(await readings(target.id)).toBe(0);

    // at the reset (before the 30-minute step) the step owed is read
    clockAt(reset + 1_000);
    const [read] = await runStepNow(target.id);
    expect(read!.failed_at).toBeNull();
    // (read from the row: the person's access token has expired by this clock)
    const row = await pool().query(
      "select views, likes, metrics_at is not null as read from post_targets where id = $1",
      [target.id],
    );
    expect(row.rows).toEqual([{ views: 640, likes: 31, read: true }]);
    expect(await readings(target.id)).toBe(1);
  });
});
