// The health module's face: the server's own reading of its API, database and scheduler. The admin
// console shows the same reading, in the same GraphQL types.
export type { HealthReason, HealthService } from "./health.service.ts";
