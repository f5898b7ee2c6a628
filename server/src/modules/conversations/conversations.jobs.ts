// The conversations' jobs, collected by app.ts: every day, threads quiet for longer than their café's
// retention are forgotten (guests-data.ts; docs/product.md#guests-data).
import type { ModuleJobs } from "../../jobs/scheduler.ts";

const RETENTION_JOB = "conversations.retention";
const DAY_MS = 86_400_000;

export function conversationsJobs(guests: { purgeExpired(): Promise<number> }): ModuleJobs {
  return { recurring: [{ name: RETENTION_JOB, everyMs: DAY_MS, run: () => guests.purgeExpired() }] };
}
