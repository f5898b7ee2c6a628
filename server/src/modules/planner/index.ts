// The planner module's face (docs/product.md#planning-a-month): "Plan my month" and "Plan Ramadan". No other
// module uses it; services.ts builds it from the calendar, insights, studio, media, platform-accounts and posts faces.
export type { PlannerService } from "./planner.service.ts";
