// The month's AI posts on the REST wire (docs/architecture.md#borders "Wire shapes"): the answer's schema and the
// function that writes it, used by the studio's and the planner's REST doors and the OpenAPI document.
import { z } from "zod";
import { named } from "../../http/openapi/operation.ts";
import type { AiUsage } from "./studio.service.ts";

export const restUsageSchema = named(
  "AiUsage",
  z.object({
    month: z.string(),
    used: z.number().int(),
    limit: z.number().int().nullable(),
    remaining: z.number().int().nullable(),
    plan: z.string(),
    resets_on: z.string(),
  }),
);

export const restUsage = (u: AiUsage): z.output<typeof restUsageSchema> => ({
  month: u.month,
  used: u.used,
  limit: u.limit,
  remaining: u.remaining,
  plan: u.plan,
  resets_on: u.resetsOn,
});
