// The analytics module's face: what other code may use. Publishing and posts reach analytics only
// through the functions services.ts hands them (refreshDays, recountDays); the demo seed recounts
// the daily rows of the history it writes.
export { refreshDailyMetrics } from "./daily-metrics.ts";
export type { AnalyticsService } from "./analytics.service.ts";
// campaigns count their figures in the same five as analytics
export type { FigureCounts } from "./figures.ts";
