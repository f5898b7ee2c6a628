// Agenda 6 on its Postgres backend: recurring jobs run exactly once across processes.
// A process with PROCESS_ROLE=api only enqueues; "all" and "worker" run the jobs.
import { randomBytes } from "node:crypto";
import os from "node:os";
import { PostgresBackend } from "@agendajs/postgres-backend";
import { Agenda } from "agenda";
import pg from "pg";
import type { Logger } from "../kernel/logger.ts";
import { startBatchRunner, type BatchedJob, type BatchRunner } from "./batched.ts";
import type { JobQueue, OneOffJob } from "./queue.ts";

export const HEARTBEAT_JOB = "scheduler.heartbeat";
const SCHEMA_LOCK = 7_365_001; // pg advisory lock id: two processes must not create Agenda's table at once

export interface RecurringJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /** run once by every process that starts running jobs, before it takes any (a catch-up) */
  atStart?: () => Promise<unknown>;
}

/** A module's jobs (modules/<name>/<name>.jobs.ts builds them from its service; app.ts collects them). */
export interface ModuleJobs {
  recurring?: RecurringJob[];
  oneOff?: OneOffJob<any>[];
  /** one-off jobs started in batches, as many at once as their lanes take (batched.ts) */
  batched?: BatchedJob<any>[];
}

/** How often a process running jobs looks for job locks left by processes that are gone. */
const ORPHAN_SWEEP_MS = 5_000;

export async function createScheduler(opts: {
  url: string;
  logger: Logger;
  run: boolean;
  heartbeatMs: number;
  jobs: RecurringJob[];
  /** jobs enqueued for a time through the queue (publishing a target) */
  oneOff?: OneOffJob<any>[];
  batched?: BatchedJob<any>[];
  queue?: JobQueue;
  processEveryMs?: number;
  lockLifetimeMs?: number;
}) {
  // our own pool, so a dropped connection (database restart, shutdown) is logged instead of crashing
  const pool = new pg.Pool({ connectionString: opts.url, max: 4 });
  pool.on("error", (e) => opts.logger.debug("scheduler pool error", { error: e.message }));
  const backend = new PostgresBackend({ pool });
  // unique per process (pids repeat across containers), and short enough for a Postgres application_name
  const name = `${os.hostname().slice(0, 40)}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const presence = createPresence(opts.url, name, opts.logger);
  const self = { name, steady: presence.steady };
  const agenda = new Agenda({
    backend,
    name,
    processEvery: opts.processEveryMs ?? 5_000,
    // publishing waits on networks, not on this CPU: many at once per process
    maxConcurrency: 50,
    ...(opts.lockLifetimeMs ? { defaultLockLifetime: opts.lockLifetimeMs } : {}),
  });
  agenda.on("error", (e: Error) => opts.logger.error("scheduler error", { error: e.message }));
  (backend.notificationChannel as unknown as NodeJS.EventEmitter | undefined)?.on?.("error", (e: Error) =>
    opts.logger.debug("scheduler notification channel error", { error: e.message }),
  );

  // Heartbeat: does nothing; its last_finished_at is what /api/health reads.
  const all: RecurringJob[] = [{ name: HEARTBEAT_JOB, everyMs: opts.heartbeatMs, run: async () => {} }, ...opts.jobs];
  // recurring runs in progress: Agenda's stop() does not wait for them, and one still reading the
  // database after the process closed its pools would open new connections during shutdown
  const running = new Set<Promise<unknown>>();
  for (const job of all)
    agenda.define(job.name, async () => {
      const run = job.run();
      running.add(run);
      try {
        await run;
      } catch (e) {
        opts.logger.error(`job ${job.name} failed`, { error: (e as Error).message });
        throw e;
      } finally {
        running.delete(run);
      }
    });

  for (const job of opts.oneOff ?? [])
    agenda.define(
      job.name,
      async (j: { attrs: { data: unknown; nextRunAt?: Date | null }; touch(): Promise<void> }) => {
        try {
          const again = await job.run(j.attrs.data, () => j.touch());
          // Agenda saves the job's state after the run: a date set here is its next run
          if (again instanceof Date) j.attrs.nextRunAt = again;
        } catch (e) {
          opts.logger.error(`job ${job.name} failed`, { error: (e as Error).message });
          throw e;
        }
      },
      {
        ...(job.lockLifetimeMs ? { lockLifetime: job.lockLifetimeMs } : {}),
        ...(job.concurrency ? { concurrency: job.concurrency } : {}),
      },
    );

  const lockClient = new pg.Client({ connectionString: opts.url });
  await lockClient.connect();
  try {
    await lockClient.query("select pg_advisory_lock($1)", [SCHEMA_LOCK]);
    await agenda.ready;
  } finally {
    await lockClient.query("select pg_advisory_unlock($1)", [SCHEMA_LOCK]).catch(() => {});
    await lockClient.end();
  }

  opts.queue?.bind(agenda, pool);
  await presence.connect();
  let sweep: NodeJS.Timeout | null = null;
  const runners: BatchRunner[] = [];
  if (opts.run) {
    await releaseOrphanedLocks(pool, opts.logger, self);
    for (const job of all)
      await job
        .atStart?.()
        .catch((e: Error) => opts.logger.error(`job ${job.name} failed at start`, { error: e.message }));
    await agenda.start();
    for (const job of all) await agenda.every(job.everyMs, job.name);
    const channel = backend.notificationChannel;
    for (const job of opts.batched ?? [])
      runners.push(
        startBatchRunner(job, {
          pool,
          holder: name,
          processEveryMs: opts.processEveryMs ?? 5_000,
          logger: opts.logger,
          ...(channel ? { subscribe: (handler) => channel.subscribe(handler as never) } : {}),
        }),
      );
    sweep = setInterval(() => void releaseOrphanedLocks(pool, opts.logger, self), ORPHAN_SWEEP_MS);
    sweep.unref();
  } else {
    // a process that never starts Agenda must connect the notification channel itself to wake the workers
    await backend.notificationChannel?.connect();
  }

  return {
    agenda,
    async close() {
      if (sweep) clearInterval(sweep);
      await Promise.all(runners.map((r) => r.stop()));
      await agenda.stop().catch(() => {});
      // a recurring run (metrics, audience readings) finishes first; one stuck on a network is not waited for past 1 s
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 1_000).unref())]);
      await backend.notificationChannel?.disconnect().catch(() => {});
      await backend.disconnect().catch(() => {});
      await presence.close();
      await pool.end().catch(() => {});
    },
  };
}

/** How often a dropped presence connection is tried again, until it is back. */
const PRESENCE_RETRY_MS = 1_000;
/**
 * After its own presence came back from a drop (a database restart dropped everyone's), a process waits this
 * long before releasing anyone's locks: the others, retrying every PRESENCE_RETRY_MS, are back by then.
 */
const PRESENCE_GRACE_MS = 5_000;

/**
 * A connection held for the process's life, named after its Agenda name (Postgres' application_name).
 * A process that dies (SIGKILL, a crash) drops it at once (a lost machine, once TCP gives up), which
 * is how the others know that the job locks it holds will never be released by it. A live process whose
 * connection dropped (a database restart) tries again until it is back, however long the database is away.
 */
function createPresence(url: string, name: string, logger: Logger) {
  let client: pg.Client | null = null;
  let closing = false;
  let retry: NodeJS.Timeout | null = null;
  let dropped = false;
  /** when the presence last came back from a drop (0: never dropped) */
  let backAt = 0;
  function again() {
    if (closing) return;
    retry = setTimeout(() => {
      connect().catch((e: Error) => {
        logger.debug("presence connection failed, trying again", { error: e.message });
        again();
      });
    }, PRESENCE_RETRY_MS);
    retry.unref();
  }
  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: url, application_name: name });
    c.on("error", (e) => logger.debug("presence connection error", { error: e.message }));
    c.on("end", () => {
      if (client !== c || closing) return;
      client = null;
      dropped = true;
      // a database restart: come back, or the others would take this process for gone
      again();
    });
    await c.connect();
    if (closing) return void (await c.end().catch(() => {}));
    client = c;
    if (dropped) backAt = Date.now();
  }
  return {
    connect,
    /** present, and (after a drop) for long enough that the other live processes are present again too */
    steady: () => client !== null && Date.now() - backAt >= PRESENCE_GRACE_MS,
    async close() {
      closing = true;
      if (retry) clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

/**
 * Job locks whose holder is gone (no session named after it) are released, so their jobs run now instead
 * of after the lock's lifetime (two minutes for a publish with the default lease, ten for a recurring job).
 * Never this process's own locks: it is alive, whatever its presence connection says. Nothing is released
 * while this process's own presence is away or just back: after a database restart every process's
 * presence is gone for a moment, and a live one must not be taken for dead. A lock released from a process
 * that is in fact alive (its presence dropped longer than the grace) costs one duplicate run: the
 * publisher's conditional claim and leases make that harmless, never a second post.
 */
async function releaseOrphanedLocks(pool: pg.Pool, logger: Logger, self: { name: string; steady: () => boolean }) {
  if (!self.steady()) return;
  try {
    const { rows } = await pool.query<{ name: string; holder: string }>(
      `update agenda_jobs j set locked_at = null
        where j.locked_at is not null and j.last_modified_by is not null and j.last_modified_by <> $1
          and not exists (select 1 from pg_stat_activity a where a.application_name = j.last_modified_by)
        returning j.name, j.last_modified_by as holder`,
      [self.name],
    );
    if (rows.length)
      logger.warn("released job locks of processes that are gone", {
        jobs: rows.length,
        holders: [...new Set(rows.map((r) => r.holder))],
      });
  } catch (e) {
    logger.debug("orphaned lock release failed", { error: (e as Error).message });
  }
}
export type Scheduler = Awaited<ReturnType<typeof createScheduler>>;
