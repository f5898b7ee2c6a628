// Platform accounts' job, collected by app.ts: every hour, tokens close to expiry are refreshed.
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import type { PlatformAccountsService } from "./platform-accounts.service.ts";

const TOKEN_REFRESH_JOB = "accounts.refresh-tokens";

export function platformAccountsJobs(accounts: Pick<PlatformAccountsService, "refreshExpiring">): ModuleJobs {
  return { recurring: [{ name: TOKEN_REFRESH_JOB, everyMs: 3_600_000, run: () => accounts.refreshExpiring() }] };
}
