// The insights module's face: when the business should post (around the prayer times, in Ramadan its
// evenings and nights). The planner asks it the best times of the days it plans.
export type { InsightsService } from "./insights.service.ts";
