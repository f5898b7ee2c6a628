// Billing's jobs, collected by app.ts (docs/product.md#subscriptions-and-billing):
// - billing.lifecycle, every hour and once when a process starts running jobs (a catch-up of what fell
//   due while none ran): subscriptions whose time came move, and the day's reminders go out. Idempotent
//   across processes (lifecycle.ts: each move is a conditional update, each notice once per day).
// - billing.settle-payments, every 10 minutes: gateway payments still pending after 30 minutes are read
//   back by id and settled (Tap posts no webhook for a payment the person abandoned).
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import type { BillingService } from "./billing.service.ts";
import { LIFECYCLE_JOB, type Lifecycle } from "./lifecycle.ts";

const SETTLE_PAYMENTS_JOB = "billing.settle-payments";
const HOUR = 3_600_000;

export function billingJobs(
  lifecycle: Pick<Lifecycle, "run">,
  billing: Pick<BillingService, "settlePendingPayments">,
): ModuleJobs {
  return {
    recurring: [
      { name: LIFECYCLE_JOB, everyMs: HOUR, run: () => lifecycle.run(), atStart: () => lifecycle.run() },
      { name: SETTLE_PAYMENTS_JOB, everyMs: 10 * 60_000, run: () => billing.settlePendingPayments() },
    ],
  };
}
