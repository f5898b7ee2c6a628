// The OpenAPI entry of /api/getting-started (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import type { RestOperation } from "../../http/openapi/operation.ts";

const step = z.object({
  key: z.string(),
  done: z.boolean(),
  available: z.boolean(),
  operator_needed: z.boolean(),
  route: z.string().nullable(),
  missing: z.array(z.string()).nullable(),
});

export const gettingStartedOperations: RestOperation[] = [
  {
    method: "get",
    path: "/getting-started",
    tag: "Getting started",
    access: "business",
    summary: "A new business's first steps",
    responses: {
      200: {
        description: "The steps, done or not.",
        schema: z.object({ steps: z.array(step), done: z.number().int(), total: z.number().int() }),
      },
    },
  },
];
