// One-off jobs (publish this target at that time) for services, which are built before the scheduler.
// The scheduler binds itself here once it is ready; until then nothing can be enqueued.
import type { Agenda } from "agenda";
import type pg from "pg";

export interface OneOffJob<D> {
  name: string;
  /** resolves to a date to run this same job again then (Agenda clears a one-off job's next run when it ends) */
  run: (data: D, touch: () => Promise<void>) => Promise<Date | void>;
  /** how long a run may hold the job before Agenda thinks its worker died */
  lockLifetimeMs?: number;
  concurrency?: number;
}

export function createJobQueue() {
  let agenda: Agenda | null = null;
  let pool: pg.Pool | null = null;
  const need = () => {
    if (!agenda) throw new Error("the scheduler is not ready");
    return agenda;
  };
  return {
    bind(a: Agenda, p?: pg.Pool) {
      agenda = a;
      pool = p ?? null;
    },
    /** Runs `name` with `data` at `when` (now if past); the same key moves the one job. */
    async enqueue<D extends Record<string, unknown>>(name: string, data: D, when: Date, key: Record<string, unknown>) {
      await need().create(name, data).unique(key).schedule(when).save();
    },
    async cancel(name: string, data: Record<string, unknown>) {
      return need().cancel({ name, data });
    },
    /**
     * Of these values of `data.<field>`, the ones whose `name` job is still to run (queued, or running
     * now): one read for all. A sweep that queues again what was lost asks this first, so a backlog
     * of jobs merely waiting for their turn is not queued again, one write each.
     */
    async waiting(name: string, field: string, values: string[]): Promise<Set<string>> {
      need();
      if (!pool || !values.length) return new Set();
      const { rows } = await pool.query<{ v: string }>(
        "select data->>$2 as v from agenda_jobs where name = $1 and next_run_at is not null and data->>$2 = any($3::text[])",
        [name, field, values],
      );
      return new Set(rows.map((r) => r.v));
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
