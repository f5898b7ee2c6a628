// Campaigns' job, collected by app.ts: a campaign ends when the Kuwait day after its last day begins.
// Marking it is idempotent (endedAt is set once), so a late or repeated run fires campaign.ended once.
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import { END_JOB, type CampaignsService } from "./campaigns.service.ts";

export function campaignsJobs(campaigns: Pick<CampaignsService, "endDue">): ModuleJobs {
  return {
    recurring: [
      { name: END_JOB, everyMs: 15 * 60_000, run: () => campaigns.endDue(), atStart: () => campaigns.endDue() },
    ],
  };
}
