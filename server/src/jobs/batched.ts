// One-off jobs run in batches (publishing a target at its time): the queue is Agenda's table, as for
// every job (queue.enqueue writes one row per job, cancel removes it), but a process running jobs
// claims the due ones many at a time, in one statement (UPDATE ... FOR UPDATE SKIP LOCKED ...
// RETURNING), instead of one job lock per round trip, and holds them under Agenda's own lock columns
// (locked_at, last_modified_by), so a lock a dead process left is released as any other
// (scheduler.ts). How many it claims and starts follows how many calls each lane (a network) takes
// now: an adaptive limit per lane (adaptive.ts). What a job does is the module's (publishing claims the targets themselves, its exactly-once guard); this only
// says when, how many and in which lane. See docs/architecture.md#how-a-request-flows.
import type pg from "pg";
import type { Logger } from "../kernel/logger.ts";
import {
  createAdaptiveLimit,
  DEFAULT_ADAPTIVE,
  type AdaptiveLimit,
  type AdaptiveLimitOptions,
  type Load,
} from "./adaptive.ts";
import { groupCommit } from "./group-commit.ts";

/** What one job's run tells the runner: when to run it again (if ever), and how its lane answered. */
export interface BatchOutcome {
  again?: Date | null;
  load: Load;
}

export interface BatchedJob<D = Record<string, unknown>> {
  name: string;
  /**
   * Starts these due jobs together (the module claims their work in one go); one promise per job, in
   * the same order, settled when that job's run ends. Each job's data names its lane in `lane`. A run
   * calls `answered` once its lane's call is over (before writing the outcome down), which frees its
   * place in the lane for the next job.
   */
  run(jobs: D[], answered: (index: number, load: Load) => void): Promise<BatchOutcome>[];
  /** how long a claim holds a job before another process may think its holder died (renewed while held) */
  lockLifetimeMs: number;
  limits?: AdaptiveLimitOptions;
  /** the most jobs claimed in one statement */
  claimMax?: number;
}

interface Held<D> {
  id: string;
  runAt: number;
  /** next_run_at as claimed, to tell at the end whether someone moved the job meanwhile */
  claimedAt: string;
  data: D;
  lane: string;
  startedAt?: Date;
}

export function startBatchRunner<D extends Record<string, unknown>>(
  job: BatchedJob<D>,
  opts: {
    pool: pg.Pool;
    /** this process's Agenda name: the lock's holder, as the orphaned-lock sweep knows it */
    holder: string;
    processEveryMs: number;
    logger: Logger;
    /** wakes the runner when a job is saved (Agenda's notification channel) */
    subscribe?: (handler: (n: { jobName?: string; nextRunAt?: Date | string | null }) => void) => () => void;
  },
) {
  const { pool, holder, logger } = opts;
  // jobs due within a scan (and a little more) are claimed ahead, so they start at their time, not at the next scan
  const lookaheadMs = opts.processEveryMs + 1_000;
  const claimMax = job.claimMax ?? 500;
  const lanes = new Map<string, AdaptiveLimit>();
  const lane = (k: string) => {
    let l = lanes.get(k);
    if (!l) lanes.set(k, (l = createAdaptiveLimit(job.limits ?? DEFAULT_ADAPTIVE)));
    return l;
  };
  const waiting: Held<D>[] = []; // claimed, not started (due later, or waiting for room in their lane)
  const running = new Map<string, Held<D>>();
  const runs = new Set<Promise<unknown>>();
  let stopped = false;
  let claiming: Promise<void> | null = null;
  let more = false; // the last claim was full: more may be due
  let timer: NodeJS.Timeout | null = null;
  let wakeAt = Infinity;

  const finish = groupCommit<{ id: string; claimedAt: string; startedAt: Date | null; again: Date | null }, void>(
    async (items) => {
      // a job moved while it ran (enqueued again) keeps the earlier of its new time and the run's own
      await pool.query(
        `update agenda_jobs j
          set locked_at = null, last_run_at = coalesce(x.started, j.last_run_at), last_finished_at = now(),
              next_run_at = case when j.next_run_at = x.claimed::timestamptz then x.again else least(j.next_run_at, x.again) end
         from unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[]) as x(id, claimed, started, again)
        where j.id = x.id`,
        [
          items.map((i) => i.id),
          items.map((i) => i.claimedAt),
          items.map((i) => i.startedAt),
          items.map((i) => i.again),
        ],
      );
      return items.map(() => undefined);
    },
  );

  /** Room to claim for: twice what the lanes take now (half running, half ready), less what is held. */
  function room() {
    let budget = 0;
    for (const l of lanes.values()) budget += 2 * l.limit();
    // a lane not seen yet still gets its first calls
    budget = Math.max(budget, 2 * (job.limits ?? DEFAULT_ADAPTIVE).initial);
    return { free: budget - waiting.length - running.size, budget };
  }

  async function claim(force: boolean) {
    if (stopped) return;
    const { free, budget } = room();
    // refill when half the buffer is spent, so claims come in batches rather than one job per freed slot
    if (free <= 0 || (!force && free < budget / 2)) return;
    const limit = Math.min(free, claimMax);
    const { rows } = await pool.query<{ id: string; next_run_at: Date; run_key: string; data: D }>(
      `update agenda_jobs j set locked_at = now(), last_modified_by = $1
        where j.id in (
          select id from agenda_jobs
           where name = $2 and disabled = false and next_run_at is not null
             and ((locked_at is null and next_run_at <= $3) or locked_at <= $4)
           order by next_run_at, priority desc
           limit $5
           for update skip locked)
        returning j.id::text, j.next_run_at, j.next_run_at::text as run_key, j.data`,
      [holder, job.name, new Date(Date.now() + lookaheadMs), new Date(Date.now() - job.lockLifetimeMs), limit],
    );
    more = rows.length === limit;
    if (stopped) {
      await release(rows.map((r) => r.id));
      return;
    }
    for (const r of rows)
      waiting.push({
        id: r.id,
        runAt: new Date(r.next_run_at).getTime(),
        claimedAt: r.run_key,
        data: r.data,
        lane: String(r.data.lane ?? ""),
      });
    waiting.sort((a, b) => a.runAt - b.runAt);
  }

  /** Claims (unless one is on its way), then starts what is due and has room. */
  function kick(force = false) {
    if (stopped) return;
    if (!claiming) {
      claiming = claim(force)
        .catch((e: Error) => logger.debug("batch claim failed", { job: job.name, error: e.message }))
        .finally(() => {
          claiming = null;
          pump();
          // a full claim with room left: claim again at once
          if (more && room().free >= room().budget / 2) kick();
        });
    }
    pump();
  }

  /** Starts the due jobs each lane has room for, together; sets the timer for the next one due. */
  function pump() {
    if (stopped) return;
    const now = Date.now();
    const start: Held<D>[] = [];
    const taken = new Map<string, number>();
    const due = new Map<string, number>();
    for (const h of waiting) if (h.runAt <= now) due.set(h.lane, (due.get(h.lane) ?? 0) + 1);
    for (let i = 0; i < waiting.length;) {
      const h = waiting[i]!;
      if (h.runAt > now) break;
      const l = lane(h.lane);
      const n = taken.get(h.lane) ?? 0;
      const free = l.free();
      // a lane with calls in flight starts the next ones a few at a time (one claim of the module's for
      // several), but never leaves its due jobs waiting for a slot that is already free
      const batch = Math.min(due.get(h.lane)!, Math.max(1, Math.floor(l.limit() / 4)));
      if (n < free && (n > 0 || free >= batch || l.inFlight() === 0)) {
        taken.set(h.lane, n + 1);
        waiting.splice(i, 1);
        start.push(h);
      } else i++;
    }
    if (start.length) launch(start);
    const next = waiting.find((h) => h.runAt > now)?.runAt ?? Infinity;
    arm(Math.min(next, now + opts.processEveryMs));
  }

  function arm(at: number) {
    if (timer && wakeAt <= at) return;
    if (timer) clearTimeout(timer);
    wakeAt = at;
    timer = setTimeout(
      () => {
        timer = null;
        wakeAt = Infinity;
        kick(true);
      },
      Math.max(0, at - Date.now()),
    );
    timer.unref();
  }

  function launch(batch: Held<D>[]) {
    const startedAt = new Date();
    const tickets = batch.map((h) => {
      h.startedAt = startedAt;
      running.set(h.id, h);
      return lane(h.lane).start();
    });
    const reported = batch.map(() => false);
    const answered = (i: number, load: Load) => {
      if (reported[i] || !batch[i]) return;
      reported[i] = true;
      lane(batch[i].lane).done(tickets[i]!, load);
      if (load !== "none") pump();
    };
    let outcomes: Promise<BatchOutcome>[];
    try {
      outcomes = job.run(
        batch.map((h) => h.data),
        answered,
      );
    } catch (e) {
      outcomes = batch.map(() => Promise.reject(e));
    }
    batch.forEach((h, i) => {
      const p = (outcomes[i] ?? Promise.resolve<BatchOutcome>({ load: "none" }))
        .catch((e: Error): BatchOutcome => {
          logger.error(`job ${job.name} failed`, { error: e.message });
          return { again: null, load: "none" };
        })
        .then(async (o) => {
          answered(i, o.load);
          running.delete(h.id);
          await finish({
            id: h.id,
            claimedAt: h.claimedAt,
            startedAt: h.startedAt ?? null,
            again: o.again ?? null,
          }).catch((e: Error) => logger.debug("batch finish failed", { job: job.name, error: e.message }));
        })
        .finally(() => {
          runs.delete(p);
          kick();
        });
      runs.add(p);
    });
  }

  async function release(ids: string[]) {
    if (ids.length)
      await pool.query("update agenda_jobs set locked_at = null where id = any($1::uuid[])", [ids]).catch(() => {});
  }

  // held jobs keep their locks: one statement for all of them
  const touch = setInterval(
    () => {
      const ids = [...waiting.map((h) => h.id), ...running.keys()];
      if (ids.length)
        void pool
          .query("update agenda_jobs set locked_at = now() where id = any($1::uuid[]) and locked_at is not null", [ids])
          .catch(() => {});
    },
    Math.max(200, Math.floor(job.lockLifetimeMs / 3)),
  );
  touch.unref();

  // a job saved due now (publish now, a retry) starts without waiting for the next scan
  const unsubscribe = opts.subscribe?.((n) => {
    if (n.jobName !== job.name || stopped) return;
    const at = n.nextRunAt ? new Date(n.nextRunAt).getTime() : Date.now();
    if (at <= Date.now() + lookaheadMs) arm(Date.now() + 10); // several saves in a row make one claim
  });

  kick(true);

  return {
    /** Stops claiming; jobs not started are released for others; runs in progress get up to 1 s. */
    async stop() {
      stopped = true;
      unsubscribe?.();
      clearInterval(touch);
      if (timer) clearTimeout(timer);
      await claiming;
      await release(waiting.splice(0).map((h) => h.id));
      await Promise.race([Promise.allSettled([...runs]), new Promise((r) => setTimeout(r, 1_000).unref())]);
    },
    /** Each lane's limit and calls in flight (the benchmark prints them). */
    lanes: () => Object.fromEntries([...lanes].map(([k, l]) => [k, { limit: l.limit(), inFlight: l.inFlight() }])),
  };
}
export type BatchRunner = ReturnType<typeof startBatchRunner>;
