// The OpenAPI entry of /api/health (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";

const state = z.enum(["healthy", "degraded", "down"]);
/** health.service.ts check(): each part's state, why one is not healthy, and the measurements. */
const healthSchema = z.object({
  status: state,
  api: state,
  database: state,
  scheduler: state,
  reasons: z.array(
    z.object({
      part: z.enum(["api", "database", "scheduler"]),
      code: z.string(),
      value: z.number().nullable(),
      limit: z.number().nullable(),
    }),
  ),
  checked_at: isoDateTime,
  measurements: z.object({
    event_loop_p99_ms: z.number(),
    database_round_trip_ms: z.number().nullable(),
    last_heartbeat_at: isoDateTime.nullable(),
  }),
});

export const healthOperations: RestOperation[] = [
  {
    method: "get",
    path: "/health",
    tag: "Health",
    access: "public",
    summary: "Is the server up",
    responses: {
      200: { description: "Up (a part may be degraded).", schema: healthSchema },
      503: { description: "The database does not answer.", schema: healthSchema },
    },
  },
];
