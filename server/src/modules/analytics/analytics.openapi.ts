// The OpenAPI entries of /api/analytics (docs/product.md#rest-compatibility: client_id, from, to, include_simulated and
// campaign_id on every path): the analytics service's own query rules.
import { z } from "zod";
import {
  ANALYTICS_COMMON_FIELDS,
  analyticsEngagementQuerySchema,
  analyticsQuerySchema,
  analyticsRangeSchema,
  analyticsTopPostsQuerySchema,
  GUEST_TRENDS,
  PLATFORMS,
} from "@sufra/schema";
import { isoDate, isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";
import { exportOptionsSchema } from "./export/export.ts";

const n = z.number();
const figures = { posts: n, reach: n, views: n, likes: n, comments: n, shares: n, engagement_rate: n.nullable() };
const totals = z.object({ ...figures, followers: n.nullable() });
const range = { client_id: z.string(), from: isoDate, to: isoDate };
const point = z.object({ date: isoDate, days: n, ...figures });
const postFigures = {
  reach: n,
  views: n,
  likes: n,
  comments: n,
  shares: n,
  engagement: n,
  engagement_rate: n.nullable(),
};
const topPost = z.object({
  post_id: z.string(),
  excerpt: z.string(),
  platforms: z.array(z.enum(PLATFORMS)),
  published_at: isoDateTime,
  occasion: z.string().nullable(),
  campaign_id: z.string().nullable(),
  campaign_name: z.string().nullable(),
  ...postFigures,
  by_platform: z.array(z.object({ platform: z.enum(PLATFORMS), permalink: z.string().nullable(), ...postFigures })),
  // taps on the post's caption links in the range (docs/architecture.md#short-links)
  clicks: n,
});
const content = z.object({ ...postFigures, posts: n, average_engagement: n.nullable() });
const keyed = z.array(content.extend({ key: z.string() }));
const previous = z.looseObject({ from: isoDate, to: isoDate });
const change = z.record(z.string(), n.nullable());

const overview = z.object({
  ...range,
  previous,
  published_posts: n,
  totals,
  change,
  by_platform: z.array(z.object({ platform: z.enum(PLATFORMS), ...figures })),
  simulated_included: z.boolean(),
  // taps on Sufra's short links in the range, and their change in percent (null: none in the previous period)
  clicks: n,
  clicks_change: n.nullable(),
});
const engagement = z.object({
  ...range,
  interval: z.enum(["day", "week"]),
  points: z.array(point),
  by_platform: z.array(z.object({ platform: z.enum(PLATFORMS), points: z.array(point) })),
  simulated_included: z.boolean(),
});
const platformDetail = z.object({
  ...range,
  platform: z.enum(PLATFORMS),
  previous,
  totals,
  change,
  series: z.array(point),
  top_posts: z.array(topPost),
  simulated_included: z.boolean(),
});
const topPosts = z.object({
  ...range,
  sort: z.string(),
  limit: n,
  posts: z.array(topPost),
  simulated_included: z.boolean(),
});
const contentAnswer = z.object({
  ...range,
  by_type: keyed,
  by_occasion: keyed,
  by_language: keyed,
  by_hashtag: keyed,
  by_hour: z.array(content.extend({ hour: n })),
  heatmap: z.array(content.extend({ weekday: n, hour: n })),
  simulated_included: z.boolean(),
});
/** audience.ts restAudience: each network's followers and breakdowns at the range's end, and all of them together. */
const share = z.object({ key: z.string(), count: n, share: n });
const audienceView = {
  followers: n.nullable(),
  cities: z.array(share.extend({ area: z.string().nullable() })),
  ages: z.array(share),
  genders: z.array(share),
  active_hours: z.array(n),
};
const audience = z.object({
  ...range,
  simulated_included: z.boolean(),
  networks: z
    .array(
      z.object({
        platform: z.enum(PLATFORMS),
        reported: z.boolean(),
        gap: z.string().nullable(),
        day: isoDate.nullable(),
        simulated: z.boolean(),
        ...audienceView,
      }),
    )
    .describe(
      "the networks of the business's plan, and any other it has an account or a reading of (from an earlier plan); a network outside the plan is left out",
    ),
  combined: z.object({ platforms: z.array(z.enum(PLATFORMS)), ...audienceView }),
});
/** realtime.ts restRealtime: the last 24 hours, hour by hour, and what is publishing or due soon. */
const liveTarget = z.object({
  target_id: z.string(),
  post_id: z.string(),
  platform: z.enum(PLATFORMS),
  status: z.string(),
  excerpt: z.string(),
  due_at: isoDateTime.nullable(),
  simulated: z.boolean(),
});
const realtime = z.object({
  client_id: z.string(),
  from: isoDateTime,
  to: isoDateTime,
  generated_at: isoDateTime,
  simulated_included: z.boolean(),
  totals: z.object(figures),
  hours: z.array(
    z.object({ start: isoDateTime, hour: n, posts: n, reach: n, views: n, likes: n, comments: n, shares: n }),
  ),
  publishing: z.array(liveTarget),
  due_soon: z.array(liveTarget),
  metrics_at: isoDateTime.nullable(),
});
/** inbox/figures.ts restInboxFigures: answers and response times per source and branch, stars over time, topics. */
const guestResponse = {
  items: n,
  answered: n,
  response_rate: n.nullable(),
  timed: n,
  median_response_seconds: n.nullable(),
};
const guests = z.object({
  ...range,
  previous,
  simulated_included: z.boolean(),
  total: z.object(guestResponse),
  by_source: z.array(z.object({ source: z.string(), ...guestResponse })),
  by_branch: z.array(z.object({ location_id: z.string().nullable(), branch: z.string().nullable(), ...guestResponse })),
  rating: z.object({
    interval: z.enum(["day", "week"]),
    count: n,
    average: n.nullable(),
    points: z.array(z.object({ date: isoDate, days: n, count: n, average: n.nullable() })),
  }),
  topics: z.array(
    z.object({
      topic: z.string(),
      count: n,
      previous: n,
      change: n,
      change_percent: n.nullable(),
      trend: z.enum(GUEST_TRENDS),
    }),
  ),
  // docs/architecture.md#review-requests: the printed QR codes' scans against the Google reviews written
  review_requests: z.object({
    requests: n,
    received: n,
    by_branch: z.array(z.object({ location_id: z.string(), branch: z.string(), requests: n, received: n })),
  }),
});
const simulated = z.object({ includeSimulated: ANALYTICS_COMMON_FIELDS.includeSimulated });
const tag = "Analytics";

export const analyticsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/analytics/overview",
    tag,
    access: "analytics",
    summary: "Totals, change against the previous period, by network",
    query: analyticsQuerySchema,
    responses: { 200: { description: "The overview.", schema: overview } },
  },
  {
    method: "get",
    path: "/analytics/engagement",
    tag,
    access: "analytics",
    summary: "Engagement by day or Kuwait week (from Saturday)",
    query: analyticsEngagementQuerySchema,
    responses: { 200: { description: "The series.", schema: engagement } },
  },
  {
    method: "get",
    path: "/analytics/platforms/{platform}",
    tag,
    access: "analytics",
    summary: "One network's totals, change, daily series and top 5 posts",
    pathParams: { platform: z.enum(PLATFORMS) },
    query: analyticsQuerySchema,
    responses: { 200: { description: "The network's figures.", schema: platformDetail } },
  },
  {
    method: "get",
    path: "/analytics/top-posts",
    tag,
    access: "analytics",
    summary: "The best posts by a figure",
    query: analyticsTopPostsQuerySchema,
    responses: { 200: { description: "The posts.", schema: topPosts } },
  },
  {
    method: "get",
    path: "/analytics/content",
    tag,
    access: "analytics",
    summary: "Performance by content type, occasion, language, hashtag and Kuwait hour",
    query: analyticsQuerySchema,
    responses: { 200: { description: "The groups.", schema: contentAnswer } },
  },
  {
    method: "get",
    path: "/analytics/audience",
    tag,
    access: "analytics",
    summary: "Followers by network over the range",
    query: z.intersection(analyticsRangeSchema, simulated),
    responses: { 200: { description: "The audience.", schema: audience } },
  },
  {
    method: "get",
    path: "/analytics/realtime",
    tag,
    access: "analytics",
    summary: "The last 24 hours, ending now",
    query: z.object({ clientId: z.uuid() }).extend(simulated.shape),
    responses: { 200: { description: "Hour by hour, and what is publishing or due soon.", schema: realtime } },
  },
  {
    method: "get",
    path: "/analytics/guests",
    tag,
    access: "analytics",
    summary:
      "What guests wrote and how the business answered: response rate and median response time by source and branch, stars over time, topics",
    query: z.intersection(analyticsRangeSchema, simulated),
    responses: { 200: { description: "The inbox in figures.", schema: guests } },
  },
  {
    method: "get",
    path: "/analytics/export",
    tag,
    access: "analytics",
    summary: "The report as a file (CSV, Excel or PDF) in English or Arabic",
    query: z.intersection(analyticsQuerySchema, exportOptionsSchema),
    responses: {
      200: { description: "The file (text/csv, an xlsx workbook or a PDF).", mediaType: "application/octet-stream" },
    },
  },
];
