// Auth's job, collected by app.ts: the account mails (password reset, address check) the service
// queues, sent apart from the request so an address's being known takes no longer to answer.
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import { ACCOUNT_MAIL_JOB, type AuthService } from "./auth.service.ts";

export function authJobs(auth: Pick<AuthService, "sendAccountMail">): ModuleJobs {
  return { oneOff: [{ name: ACCOUNT_MAIL_JOB, run: auth.sendAccountMail }] };
}
