// One-off jobs (publish this target at that time) for services, which are built before the scheduler.
// The scheduler binds itself here once it is ready; until then nothing can be enqueued.
import type { Agenda } from "agenda";

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
  const need = () => {
    if (!agenda) throw new Error("the scheduler is not ready");
    return agenda;
  };
  return {
    bind(a: Agenda) {
      agenda = a;
    },
    /** Runs `name` with `data` at `when` (now if past); the same key moves the one job. */
    async enqueue<D extends Record<string, unknown>>(name: string, data: D, when: Date, key: Record<string, unknown>) {
      await need().create(name, data).unique(key).schedule(when).save();
    },
    async cancel(name: string, data: Record<string, unknown>) {
      return need().cancel({ name, data });
    },
  };
}
export type JobQueue = ReturnType<typeof createJobQueue>;
