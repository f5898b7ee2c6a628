// The conversations' jobs, collected by app.ts: every 10 minutes the Instagram accounts and Pages that granted
// messaging are read for what a webhook delivery missed (conversations.service.ts' sweepDue; what the webhook
// brought is not stored twice); every day, threads quiet for longer than their café's retention are forgotten
// (guests-data.ts; docs/product.md#guests-data).
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import { SWEEP_EVERY_MS } from "./conversations.service.ts";

const SWEEP_JOB = "conversations.sweep";
const RETENTION_JOB = "conversations.retention";
const DAY_MS = 86_400_000;

export function conversationsJobs(
  conversations: { sweepDue(): Promise<unknown> },
  guests: { purgeExpired(): Promise<number> },
): ModuleJobs {
  return {
    recurring: [
      { name: SWEEP_JOB, everyMs: SWEEP_EVERY_MS, run: () => conversations.sweepDue() },
      { name: RETENTION_JOB, everyMs: DAY_MS, run: () => guests.purgeExpired() },
    ],
  };
}
