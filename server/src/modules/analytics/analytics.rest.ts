// REST compatibility for /api/analytics (docs/product.md#rest-compatibility: every path takes client_id as a query parameter, and
// from, to, include_simulated and campaign_id): thin, calls the analytics service; snake_case on the wire.
import { Router, type Request } from "express";
import { queryBoolean, queryNumber, toSnake, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type {
  AnalyticsContent,
  AnalyticsEngagement,
  AnalyticsFigures,
  AnalyticsOverview,
  AnalyticsPlatformDetail,
  AnalyticsTopPosts,
  ContentFigures,
  SeriesPoint,
  TopPost,
} from "./analytics.service.ts";
import { restAudience } from "./audience.ts";
import { restRealtime } from "./realtime.ts";
import { exportAnalytics } from "./export/export.ts";
import { restInboxFigures } from "../inbox/index.ts";

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);
const snake = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).map(([k, v]) => [toSnake(k), v]));

const restFigures = (f: AnalyticsFigures) => ({
  posts: f.posts,
  reach: f.reach,
  views: f.views,
  likes: f.likes,
  comments: f.comments,
  shares: f.shares,
  engagement_rate: f.engagementRate,
});

const restOverview = (o: AnalyticsOverview) => ({
  client_id: o.clientId,
  from: o.from,
  to: o.to,
  previous: o.previous,
  published_posts: o.publishedPosts,
  totals: { ...restFigures(o.totals), followers: o.totals.followers },
  change: snake(o.change),
  by_platform: o.byPlatform.map((p) => ({ platform: p.platform, ...restFigures(p) })),
  simulated_included: o.simulatedIncluded,
  clicks: o.clicks,
  clicks_change: o.clicksChange,
});

/** The parameters every analytics path takes, from the query string. */
const commonQuery = (q: Request["query"]) => ({
  clientId: one(q.client_id),
  from: one(q.from),
  to: one(q.to),
  includeSimulated: queryBoolean(one(q.include_simulated)),
  campaignId: one(q.campaign_id),
});

const restPoint = (p: SeriesPoint) => ({ date: p.date, days: p.days, ...restFigures(p) });
const restPostFigures = (
  f: Omit<
    TopPost,
    | "postId"
    | "excerpt"
    | "platforms"
    | "publishedAt"
    | "occasion"
    | "campaignId"
    | "campaignName"
    | "byPlatform"
    | "clicks"
  >,
) => ({
  reach: f.reach,
  views: f.views,
  likes: f.likes,
  comments: f.comments,
  shares: f.shares,
  engagement: f.engagement,
  engagement_rate: f.engagementRate,
});
const restTopPost = (p: TopPost) => ({
  post_id: p.postId,
  excerpt: p.excerpt,
  platforms: p.platforms,
  published_at: p.publishedAt.toISOString(),
  occasion: p.occasion,
  campaign_id: p.campaignId,
  campaign_name: p.campaignName,
  ...restPostFigures(p),
  by_platform: p.byPlatform.map((t) => ({ platform: t.platform, permalink: t.permalink, ...restPostFigures(t) })),
  clicks: p.clicks,
});
const restContentFigures = (f: ContentFigures) => ({
  ...restPostFigures(f),
  posts: f.posts,
  average_engagement: f.averageEngagement,
});

const restEngagement = (e: AnalyticsEngagement) => ({
  client_id: e.clientId,
  from: e.from,
  to: e.to,
  interval: e.interval,
  points: e.points.map(restPoint),
  by_platform: e.byPlatform.map((p) => ({ platform: p.platform, points: p.points.map(restPoint) })),
  simulated_included: e.simulatedIncluded,
});

const restPlatform = (d: AnalyticsPlatformDetail) => ({
  client_id: d.clientId,
  platform: d.platform,
  from: d.from,
  to: d.to,
  previous: d.previous,
  totals: { ...restFigures(d.totals), followers: d.totals.followers },
  change: snake(d.change),
  series: d.series.map(restPoint),
  top_posts: d.topPosts.map(restTopPost),
  simulated_included: d.simulatedIncluded,
});

const restTopPosts = (t: AnalyticsTopPosts) => ({
  client_id: t.clientId,
  from: t.from,
  to: t.to,
  sort: t.sort,
  limit: t.limit,
  posts: t.posts.map(restTopPost),
  simulated_included: t.simulatedIncluded,
});

const restContent = (c: AnalyticsContent) => ({
  client_id: c.clientId,
  from: c.from,
  to: c.to,
  by_type: c.byType.map((g) => ({ key: g.key, ...restContentFigures(g) })),
  by_occasion: c.byOccasion.map((g) => ({ key: g.key, ...restContentFigures(g) })),
  by_language: c.byLanguage.map((g) => ({ key: g.key, ...restContentFigures(g) })),
  by_hashtag: c.byHashtag.map((g) => ({ key: g.key, ...restContentFigures(g) })),
  by_hour: c.byHour.map((h) => ({ hour: h.hour, ...restContentFigures(h) })),
  heatmap: c.heatmap.map((h) => ({ weekday: h.weekday, hour: h.hour, ...restContentFigures(h) })),
  simulated_included: c.simulatedIncluded,
});

export function analyticsRouter(services: Services) {
  const r = Router();

  /** GET /api/analytics/overview?client_id=&from=YYYY-MM-DD&to=YYYY-MM-DD&include_simulated=true */
  r.get("/overview", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const q = req.query;
    res.json(restOverview(await services.analytics.overview(viewer, commonQuery(q))));
  });

  /** GET /api/analytics/engagement?interval=day|week (+ the common parameters): weeks are Kuwait weeks starting Saturday */
  r.get("/engagement", async (req, res) => {
    const viewer = await viewerOf(services, req);
    res.json(
      restEngagement(
        await services.analytics.engagement(viewer, { ...commonQuery(req.query), interval: one(req.query.interval) }),
      ),
    );
  });

  /** GET /api/analytics/platforms/{instagram|twitter|snapchat|google|tiktok|facebook}: the network's totals, change, daily series and top 5 posts */
  r.get("/platforms/:platform", async (req, res) => {
    const viewer = await viewerOf(services, req);
    res.json(
      restPlatform(
        await services.analytics.platform(viewer, { ...commonQuery(req.query), platform: req.params.platform }),
      ),
    );
  });

  /** GET /api/analytics/top-posts?limit=1..100 (default 10)&sort=engagement|reach|likes|comments|shares|views */
  r.get("/top-posts", async (req, res) => {
    const viewer = await viewerOf(services, req);
    res.json(
      restTopPosts(
        await services.analytics.topPosts(viewer, {
          ...commonQuery(req.query),
          limit: queryNumber(one(req.query.limit)),
          sort: one(req.query.sort),
        }),
      ),
    );
  });

  /** GET /api/analytics/content: performance by content type, occasion, language, hashtag and Kuwait posting hour */
  r.get("/content", async (req, res) => {
    const viewer = await viewerOf(services, req);
    res.json(restContent(await services.analytics.content(viewer, commonQuery(req.query))));
  });

  /** GET /api/analytics/audience?client_id=&from=&to=&include_simulated= (shape: restAudience in audience.ts) */
  r.get("/audience", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const q = req.query;
    res.json(
      restAudience(
        await services.audience.audience(viewer, {
          clientId: one(q.client_id),
          from: one(q.from),
          to: one(q.to),
          includeSimulated: queryBoolean(one(q.include_simulated)),
        }),
      ),
    );
  });

  /** GET /api/analytics/realtime?client_id=&include_simulated= : the last 24 hours, ending now (shape: restRealtime in realtime.ts) */
  r.get("/realtime", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const q = req.query;
    res.json(
      restRealtime(
        await services.realtime.realtime(viewer, {
          clientId: one(q.client_id),
          includeSimulated: queryBoolean(one(q.include_simulated)),
        }),
      ),
    );
  });

  /** GET /api/analytics/guests?client_id=&from=&to=&include_simulated= : the inbox in figures (shape: restInboxFigures in inbox/figures.ts) */
  r.get("/guests", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const q = req.query;
    res.json(
      restInboxFigures(
        await services.inboxFigures.figures(viewer, {
          clientId: one(q.client_id),
          from: one(q.from),
          to: one(q.to),
          includeSimulated: queryBoolean(one(q.include_simulated)),
        }),
      ),
    );
  });

  /**
   * GET /api/analytics/export?format=csv|xlsx|pdf&client_id=&from=&to=&include_simulated=&campaign_id=&lang=en|ar
   * The report as a file download (export/export.ts), in `lang` or else the Accept-Language.
   */
  r.get("/export", async (req, res) => {
    const viewer = await viewerOf(services, req);
    const q = req.query;
    const file = await exportAnalytics(
      services,
      viewer,
      { ...commonQuery(q), format: one(q.format), lang: one(q.lang) },
      req.get("accept-language"),
    );
    res.set({
      "Content-Type": file.contentType,
      "Content-Disposition": file.contentDisposition,
      "Content-Length": String(file.body.length),
      "Cache-Control": "no-store",
    });
    res.end(file.body);
  });

  return r;
}
