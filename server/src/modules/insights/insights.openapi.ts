// The OpenAPI entry of /api/insights/posting-times (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { postingInsightsQuerySchema } from "@sufra/schema";
import { isoDate, isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";

/** insights.rest.ts restInsights (cells, best and suggestions pass through as schema/src/insights.ts computes them). */
const insights = z.object({
  source: z.string(),
  ramadan: z.boolean(),
  posts_analysed: z.number().int(),
  simulated_posts: z.number().int(),
  min_posts: z.number().int(),
  from: isoDate,
  cells: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), score: z.number() })),
  best: z.array(z.object({ weekday: z.number().int(), hours: z.array(z.number().int()) })),
  suggestions: z.array(z.object({ at: isoDateTime, reason: z.string(), score: z.number() })),
});

export const insightsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/insights/posting-times",
    tag: "Insights",
    access: "business",
    summary: "The best hours to post: heat map, best hours a weekday, suggested times",
    query: postingInsightsQuerySchema,
    responses: { 200: { description: "The insights.", schema: insights } },
  },
];
