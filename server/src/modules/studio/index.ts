// The studio module's face: the AI writer and the month's AI posts. The planner has a month's captions
// written through it, counted against the same allowance under the same lock.
export type { AiUsage, StudioService } from "./studio.service.ts";
// ... and the planner's REST door shows the same usage (a wire shape, docs/architecture.md#borders)
export { restUsage, restUsageSchema } from "./usage.shape.ts";
