// Analytics' jobs, collected by app.ts: the recurring metrics sweep (post figures, then audience readings
// and the daily rows of the days that moved), and each new post's scheduled steps (metrics.ts).
import type { Config } from "../../config.ts";
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import type { AnalyticsService } from "./analytics.service.ts";
import { METRICS_STEP_JOB } from "./metrics.ts";

const METRICS_JOB = "metrics.collect";

export function analyticsJobs(
  analytics: Pick<AnalyticsService, "collectMetrics" | "collectStep">,
  platforms: Pick<Config["platforms"], "metricsIntervalMs">,
): ModuleJobs {
  return {
    recurring: [{ name: METRICS_JOB, everyMs: platforms.metricsIntervalMs, run: () => analytics.collectMetrics() }],
    // one per published target, run again at each step's time (or a rate limit's reset) until the last
    oneOff: [
      { name: METRICS_STEP_JOB, run: (d: { targetId: string }) => analytics.collectStep(d.targetId), concurrency: 5 },
    ],
  };
}
