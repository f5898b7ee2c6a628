// Competitors' job, collected by app.ts: once a day, a business whose Facebook sign-in for business
// discovery ends within a week hears of it (discovery-connection.service.ts).
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import type { DiscoveryConnectionService } from "./discovery-connection.service.ts";

const DISCOVERY_EXPIRING_JOB = "competitors.discovery-expiring";
const DAY_MS = 86_400_000;

export function competitorsJobs(discovery: Pick<DiscoveryConnectionService, "notifyExpiring">): ModuleJobs {
  return { recurring: [{ name: DISCOVERY_EXPIRING_JOB, everyMs: DAY_MS, run: () => discovery.notifyExpiring() }] };
}
