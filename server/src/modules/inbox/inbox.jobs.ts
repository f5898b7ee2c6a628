// The inbox's job, collected by app.ts: every minute, the Google locations and Instagram accounts not read
// for a minute are read (a bounded batch per run; sync.ts), so guests' items arrive by themselves.
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import { INBOX_SYNC_EVERY_MS, type InboxSync } from "./sync.ts";

const INBOX_SYNC_JOB = "inbox.sync";

export function inboxJobs(sync: Pick<InboxSync, "runDue">): ModuleJobs {
  return { recurring: [{ name: INBOX_SYNC_JOB, everyMs: INBOX_SYNC_EVERY_MS, run: () => sync.runDue() }] };
}
