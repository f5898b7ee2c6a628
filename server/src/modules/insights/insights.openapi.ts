// The OpenAPI entry of /api/insights/posting-times (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import { postingInsightsQuerySchema } from "@sufra/schema";
import { isoDate, type RestOperation } from "../../http/openapi/operation.ts";

/** insights.rest.ts restInsights; cells, best and suggestions pass through as the shared rules compute them. */
const insights = z.object({
  source: z.string(),
  ramadan: z.boolean(),
  posts_analysed: z.number().int(),
  simulated_posts: z.number().int(),
  min_posts: z.number().int(),
  from: isoDate,
  cells: z.array(z.looseObject({ weekday: z.number().int(), hour: z.number().int() })),
  best: z.array(z.looseObject({ weekday: z.number().int() })),
  suggestions: z.array(z.looseObject({})),
});

export const insightsOperations: RestOperation[] = [
  { method: "get", path: "/insights/posting-times", tag: "Insights", access: "business", summary: "The best hours to post: heat map, best hours a weekday, suggested times", query: postingInsightsQuerySchema, responses: { 200: { description: "The insights.", schema: insights } } },
];
