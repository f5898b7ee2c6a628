// Job locks after a database outage (docs/architecture.md#how-a-request-flows): a process running jobs
// releases the locks of processes that are gone (no session named after them in pg_stat_activity), and
// only those. Here the database refuses every connection for a few seconds and drops the ones it had, as
// a restart does; when it is back, this process's own locks are still held (it is alive: its presence
// comes back), while a lock whose holder never returns is released.
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import os from "node:os";
import pg from "pg";
import { createScheduler, type Scheduler } from "../src/jobs/scheduler.ts";
import type { Logger } from "../src/kernel/logger.ts";
import { outageOf, type Outage } from "./support/outage.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const warnings: { msg: string; data: unknown }[] = [];
const logger: Logger = {
  error: () => {},
  info: () => {},
  debug: () => {},
  warn: (msg, data) => warnings.push({ msg, data }),
};

let outage: Outage;
let pool: pg.Pool;
let scheduler: Scheduler | null = null;
beforeAll(async () => {
  outage = await outageOf();
  pool = new pg.Pool({ connectionString: outage.url, max: 2 });
  pool.on("error", () => {});
  // a short lock lifetime, as in the test app: Agenda leaves a timer of half of it per job run (the heartbeat's)
  scheduler = await createScheduler({
    url: outage.url,
    logger,
    run: true,
    heartbeatMs: 60_000,
    jobs: [],
    processEveryMs: 500,
    lockLifetimeMs: 1_000,
  });
}, 60_000);
afterAll(async () => {
  await outage?.end().catch(() => {});
  await scheduler?.close();
  await pool?.end();
  await outage?.close();
});

/** This process's presence name (its Agenda name), as Postgres shows it. */
async function ownName() {
  const { rows } = await pool.query<{ name: string }>(
    "select application_name as name from pg_stat_activity where datname = current_database() and application_name like $1",
    [`${os.hostname().slice(0, 40)}:${process.pid}:%`],
  );
  expect(rows).toHaveLength(1);
  return rows[0]!.name;
}

/** A job (of a name no process runs, so only the sweep may touch it) locked by `holder`. */
async function locked(name: string, holder: string) {
  const { rows } = await pool.query<{ id: string }>(
    `insert into agenda_jobs (name, data, type, priority, next_run_at, locked_at, last_modified_by)
     values ($1, '{}'::jsonb, 'normal', 0, now() + interval '1 hour', now(), $2) returning id`,
    [name, holder],
  );
  return rows[0]!.id;
}
const lockedAt = async (ids: string[]) =>
  (
    await pool.query<{ id: string; locked: boolean }>(
      "select id, locked_at is not null as locked from agenda_jobs where id = any($1::uuid[]) order by name",
      [ids],
    )
  ).rows.map((r) => r.locked);

test("after the database drops every connection and refuses new ones for a while, the process keeps its own job locks; a gone holder's lock is still released", async () => {
  const self = await ownName();
  const own = [
    await locked("own.publish-1", self),
    await locked("own.publish-2", self),
    await locked("own.publish-3", self),
  ];

  // the outage: no new connection for 3 s (longer than the presence's first retry), every open one dropped
  await outage.begin();
  await sleep(3_000);
  await outage.end();

  // a process that died during the outage left a lock; its session never comes back
  const gone = await locked("gone.publish", "other-host:4242:abcdef");
  const deadline = Date.now() + 25_000;
  while (Date.now() < deadline && (await lockedAt([gone]))[0]) await sleep(250);
  // the sweep ran after the outage: it released the gone holder's lock ...
  expect(await lockedAt([gone])).toEqual([false]);
  // ... and none of this process's own
  expect(await lockedAt(own)).toEqual([true, true, true]);
  const released = warnings
    .filter((w) => w.msg.startsWith("released job locks"))
    .flatMap((w) => (w.data as { holders: string[] }).holders);
  expect(released).not.toContain(self);
  // its presence is back under the same name
  expect(await ownName()).toBe(self);
}, 60_000);
