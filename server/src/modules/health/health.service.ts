// System health, measured: the database by a round trip, the scheduler by when its heartbeat job
// last finished, the API by event-loop delay since the last check (the first from when the server serves).
import { monitorEventLoopDelay } from "node:perf_hooks";
import type pg from "pg";
import { HEARTBEAT_JOB } from "../../jobs/scheduler.ts";

export type HealthState = "healthy" | "degraded" | "down";
type HealthPart = "api" | "database" | "scheduler";
/** e.g. {part: "database", code: "slow_round_trip", value: 320, limit: 250} (milliseconds or seconds, per code) */
export interface HealthReason {
  part: HealthPart;
  code: "event_loop_lag" | "no_answer" | "slow_round_trip" | "stale_heartbeat" | "never_ran";
  value: number | null;
  limit: number | null;
}
const worst = (...s: HealthState[]): HealthState =>
  s.includes("down") ? "down" : s.includes("degraded") ? "degraded" : "healthy";

export function createHealthService(opts: { pool: pg.Pool; heartbeatMs: number; slowDbMs?: number }) {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const slowDbMs = opts.slowDbMs ?? 250;

  async function timed<T>(q: () => Promise<T>, timeoutMs: number): Promise<{ ms: number; value: T }> {
    const t0 = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new Error("timeout")), timeoutMs)),
    );
    try {
      const value = await Promise.race([q(), timeout]);
      return { ms: Math.round(performance.now() - t0), value };
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    async check() {
      const lagMs = Math.round(loop.percentile(99) / 1e6);
      loop.reset();
      const api: HealthState = lagMs > 500 ? "degraded" : "healthy";

      let database: HealthState = "down";
      let databaseMs: number | null = null;
      let scheduler: HealthState = "down";
      let lastHeartbeat: Date | null = null;
      try {
        const r = await timed(() => opts.pool.query("select 1"), 2_000);
        databaseMs = r.ms;
        database = r.ms > slowDbMs ? "degraded" : "healthy";
        const hb = await opts.pool
          .query<{ last_finished_at: Date | null }>(
            "select max(last_finished_at) as last_finished_at from agenda_jobs where name = $1",
            [HEARTBEAT_JOB],
          )
          .catch(() => ({ rows: [{ last_finished_at: null }] }));
        lastHeartbeat = hb.rows[0]?.last_finished_at ?? null;
        const age = lastHeartbeat ? Date.now() - lastHeartbeat.getTime() : Infinity;
        scheduler = age <= 2 * opts.heartbeatMs + 5_000 ? "healthy" : age <= 5 * opts.heartbeatMs ? "degraded" : "down";
      } catch {
        // the database is down, and so the scheduler cannot be seen either
      }
      // why a part is not healthy, as codes the admin console words in the person's language
      const reasons: HealthReason[] = [];
      if (api !== "healthy") reasons.push({ part: "api", code: "event_loop_lag", value: lagMs, limit: 500 });
      if (database === "down") reasons.push({ part: "database", code: "no_answer", value: null, limit: null });
      else if (database === "degraded")
        reasons.push({ part: "database", code: "slow_round_trip", value: databaseMs, limit: slowDbMs });
      if (scheduler !== "healthy")
        reasons.push(
          lastHeartbeat
            ? {
                part: "scheduler",
                code: "stale_heartbeat",
                value: Math.round((Date.now() - lastHeartbeat.getTime()) / 1000),
                limit: Math.round(opts.heartbeatMs / 1000),
              }
            : { part: "scheduler", code: "never_ran", value: null, limit: null },
        );
      return {
        status: worst(api, database, scheduler),
        api,
        database,
        scheduler,
        reasons,
        checked_at: new Date().toISOString(),
        measurements: {
          event_loop_p99_ms: lagMs,
          database_round_trip_ms: databaseMs,
          last_heartbeat_at: lastHeartbeat?.toISOString() ?? null,
        },
      };
    },
    /**
     * The server has begun to serve: the API's lag is what a caller waits on, so what start-up did before
     * (migrations, seeding the texts and the demo café, in one stretch) is not counted in the first answer.
     */
    serving: () => loop.reset(),
    close: () => loop.disable(),
  };
}
export type HealthService = ReturnType<typeof createHealthService>;
