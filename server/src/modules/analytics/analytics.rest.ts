// REST compatibility for /api/analytics (SPEC: every path takes client_id as a query parameter):
// thin, calls the analytics service; snake_case on the wire.
import { Router } from "express";
import { queryBoolean, toSnake, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { AnalyticsFigures, AnalyticsOverview } from "./analytics.service.ts";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const snake = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [toSnake(k), v]));

const restFigures = (f: AnalyticsFigures) => ({ posts: f.posts, reach: f.reach, views: f.views, likes: f.likes, comments: f.comments, shares: f.shares, engagement_rate: f.engagementRate });

export const restOverview = (o: AnalyticsOverview) => ({
  client_id: o.clientId,
  from: o.from,
  to: o.to,
  previous: o.previous,
  totals: { ...restFigures(o.totals), followers: o.totals.followers },
  change: snake(o.change),
  by_platform: o.byPlatform.map((p) => ({ platform: p.platform, ...restFigures(p) })),
  simulated_included: o.simulatedIncluded,
});

export function analyticsRouter(services: Services) {
  const r = Router();

  /** GET /api/analytics/overview?client_id=&from=YYYY-MM-DD&to=YYYY-MM-DD&include_simulated=true */
  r.get("/overview", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const q = req.query;
    res.json(restOverview(await services.analytics.overview(viewer, { clientId: one(q.client_id), from: one(q.from), to: one(q.to), includeSimulated: queryBoolean(one(q.include_simulated)) })));
  });

  return r;
}
