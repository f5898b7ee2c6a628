// Publishing's jobs, collected by app.ts: one job per target at its time (the service enqueues it),
// which workers start in batches, as many at once as each network takes (docs/architecture.md#how-a-request-flows),
// and the recovery pass that queues again what a dead worker or a lost job left.
import type { Config } from "../../config.ts";
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import { PUBLISH_JOB, RECOVER_JOB } from "./publishing.deps.ts";
import type { PublishingService } from "./publishing.service.ts";

export function publishingJobs(
  publishing: Pick<PublishingService, "runBatch" | "recover">,
  platforms: Pick<Config["platforms"], "leaseMs">,
): ModuleJobs {
  const { leaseMs } = platforms;
  return {
    batched: [
      {
        name: PUBLISH_JOB,
        run: (jobs: { targetId: string }[], answered) =>
          publishing.runBatch(
            jobs.map((j) => j.targetId),
            answered,
          ),
        lockLifetimeMs: Math.max(leaseMs * 2, 2_000),
      },
    ],
    recurring: [
      // also once when a process starts running jobs: what fell due while none ran goes out at once
      {
        name: RECOVER_JOB,
        everyMs: Math.max(500, Math.round(leaseMs / 2)),
        run: () => publishing.recover(),
        atStart: () => publishing.recover(new Date(), 0),
      },
    ],
  };
}
