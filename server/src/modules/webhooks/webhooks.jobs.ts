// Webhooks' jobs, collected by app.ts: one one-off job per delivery (dispatch queues it; a failed attempt
// answers its next time), the sweep that queues again what a crash lost, turning off endpoints that have
// failed for 3 days, and the 30-day clean-up of the log (docs/product.md#webhooks).
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import { CLEANUP_JOB, DELIVER_JOB, DISABLE_JOB, SWEEP_JOB, type WebhooksService } from "./webhooks.service.ts";

export function webhooksJobs(
  webhooks: Pick<WebhooksService, "runDelivery" | "sweep" | "disableFailing" | "cleanup">,
): ModuleJobs {
  return {
    // Agenda's default lock: a second run of the same job finds the delivery claimed (its lease) and sends nothing
    oneOff: [
      { name: DELIVER_JOB, run: (d: { deliveryId: string }) => webhooks.runDelivery(d.deliveryId), concurrency: 20 },
    ],
    recurring: [
      { name: SWEEP_JOB, everyMs: 60_000, run: () => webhooks.sweep(), atStart: () => webhooks.sweep() },
      { name: DISABLE_JOB, everyMs: 3_600_000, run: () => webhooks.disableFailing() },
      { name: CLEANUP_JOB, everyMs: 86_400_000, run: () => webhooks.cleanup() },
    ],
  };
}
