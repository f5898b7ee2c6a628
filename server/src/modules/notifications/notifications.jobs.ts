// Notifications' job, collected by app.ts: once a day, a trial about to end is told to its people.
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import type { NotificationsService } from "./notifications.service.ts";

export const TRIAL_ENDING_JOB = "notifications.trial-ending";
const DAY = 86_400_000;

export function notificationsJobs(notifications: Pick<NotificationsService, "notifyTrialsEnding">): ModuleJobs {
  return { recurring: [{ name: TRIAL_ENDING_JOB, everyMs: DAY, run: () => notifications.notifyTrialsEnding() }] };
}
