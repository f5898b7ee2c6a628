// REST compatibility for /api/insights: thin, calls the insights service (snake_case on the wire).
import { Router } from "express";
import type { PostingInsights } from "@sufra/schema";
import { viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

const restInsights = (i: PostingInsights) => ({
  source: i.source,
  ramadan: i.ramadan,
  posts_analysed: i.postsAnalysed,
  simulated_posts: i.simulatedPosts,
  min_posts: i.minPosts,
  from: i.from,
  cells: i.cells,
  best: i.best,
  suggestions: i.suggestions,
});

export function insightsRouter(services: Services) {
  const r = Router();

  /** GET /api/insights/posting-times?from=YYYY-MM-DD: heat map, best hours and suggested times. */
  r.get("/posting-times", async (req, res) => {
    res.json(
      restInsights(
        await services.insights.postingTimes(await viewerOf(services, req, "business"), { from: one(req.query.from) }),
      ),
    );
  });

  return r;
}
