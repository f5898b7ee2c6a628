// Agenda 6 on its Postgres backend: recurring jobs run exactly once across processes.
// A process with PROCESS_ROLE=api only enqueues; "all" and "worker" run the jobs.
import os from "node:os";
import { PostgresBackend } from "@agendajs/postgres-backend";
import { Agenda } from "agenda";
import pg from "pg";
import type { Logger } from "../logger.ts";
import type { JobQueue, OneOffJob } from "./queue.ts";

export const HEARTBEAT_JOB = "scheduler.heartbeat";
const SCHEMA_LOCK = 7_365_001; // pg advisory lock id: two processes must not create Agenda's table at once

export interface RecurringJob {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
}

export async function createScheduler(opts: {
  url: string;
  logger: Logger;
  run: boolean;
  heartbeatMs: number;
  jobs: RecurringJob[];
  /** jobs enqueued for a time through the queue (publishing a target) */
  oneOff?: OneOffJob<any>[];
  queue?: JobQueue;
  processEveryMs?: number;
  lockLifetimeMs?: number;
}) {
  // our own pool, so a dropped connection (database restart, shutdown) is logged instead of crashing
  const pool = new pg.Pool({ connectionString: opts.url, max: 4 });
  pool.on("error", (e) => opts.logger.debug("scheduler pool error", { error: e.message }));
  const backend = new PostgresBackend({ pool });
  const agenda = new Agenda({
    backend,
    name: `${os.hostname()}:${process.pid}`,
    processEvery: opts.processEveryMs ?? 5_000,
    // publishing waits on networks, not on this CPU: many at once per process
    maxConcurrency: 50,
    ...(opts.lockLifetimeMs ? { defaultLockLifetime: opts.lockLifetimeMs } : {}),
  });
  agenda.on("error", (e: Error) => opts.logger.error("scheduler error", { error: e.message }));
  (backend.notificationChannel as unknown as NodeJS.EventEmitter | undefined)?.on?.("error", (e: Error) => opts.logger.debug("scheduler notification channel error", { error: e.message }));

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
      { ...(job.lockLifetimeMs ? { lockLifetime: job.lockLifetimeMs } : {}), ...(job.concurrency ? { concurrency: job.concurrency } : {}) },
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

  opts.queue?.bind(agenda);
  if (opts.run) {
    await agenda.start();
    for (const job of all) await agenda.every(job.everyMs, job.name);
  } else {
    // a process that never starts Agenda must connect the notification channel itself to wake the workers
    await backend.notificationChannel?.connect();
  }

  return {
    agenda,
    async close() {
      await agenda.stop().catch(() => {});
      // a recurring run (metrics, audience readings) finishes first; one stuck on a network is not waited for past 1 s
      await Promise.race([Promise.allSettled([...running]), new Promise((r) => setTimeout(r, 1_000).unref())]);
      await backend.notificationChannel?.disconnect().catch(() => {});
      await backend.disconnect().catch(() => {});
      await pool.end().catch(() => {});
    },
  };
}
export type Scheduler = Awaited<ReturnType<typeof createScheduler>>;
