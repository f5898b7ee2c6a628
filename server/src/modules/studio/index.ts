// The studio module's face: the AI writer and the month's AI posts. The planner has a month's captions
// written through it, counted against the same allowance under the same lock.
export type { AiUsage, StudioService } from "./studio.service.ts";
// ... and the planner's doors show the same usage
export { AiUsage as AiUsageRef } from "./studio.graphql.ts";
export { restUsage } from "./studio.rest.ts";
export { restUsageSchema } from "./studio.openapi.ts";
