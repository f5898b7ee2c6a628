// Analytics' job, collected by app.ts: metrics collection (post figures, then audience readings and
// the daily rows of the days that moved; metrics.ts).
import type { Config } from "../../config.ts";
import type { ModuleJobs } from "../../jobs/scheduler.ts";
import type { AnalyticsService } from "./analytics.service.ts";

export const METRICS_JOB = "metrics.collect";

export function analyticsJobs(analytics: Pick<AnalyticsService, "collectMetrics">, platforms: Pick<Config["platforms"], "metricsIntervalMs">): ModuleJobs {
  return { recurring: [{ name: METRICS_JOB, everyMs: platforms.metricsIntervalMs, run: () => analytics.collectMetrics() }] };
}
