// The OpenAPI entries of /api/campaigns (docs/architecture.md#how-a-request-flows). The service checks the whole form with
// campaignInputSchema, which reads campaignFieldsSchema's fields and the rules between them: the fields are what the document shows.
import { z } from "zod";
import { campaignFieldsSchema, campaignPostIdsSchema } from "@sufra/schema";
import type { RestOperation } from "../../http/openapi/operation.ts";
import { restPostSchema } from "../posts/index.ts";
import { progressSchema as progress, restCampaignSchema } from "./campaign.shape.ts";

const n = z.number();
const kwd = z.string().nullable();
const figures = { posts: n, reach: n, views: n, likes: n, comments: n, shares: n, engagement_rate: n.nullable() };
const detail = restCampaignSchema.extend({
  rollup: z.object({
    posts_by_status: z.record(z.string(), n),
    published_posts: n,
    totals: z.object(figures),
    by_platform: z.array(z.object({ platform: z.string(), ...figures })),
    progress,
    spend: z.object({
      budget_fils: n.nullable(),
      budget_kwd: kwd,
      cost_per_1000_reach_fils: n.nullable(),
      cost_per_1000_reach_kwd: kwd,
      cost_per_result_fils: n.nullable(),
      cost_per_result_kwd: kwd,
      result_per: z.number().int(),
    }),
    days: z.object({ total: n, elapsed: n, left: n, phase: z.string() }),
    best_post: z
      .object({
        post_id: z.string(),
        content: z.string(),
        engagements: n,
        reach: n,
        views: n,
        engagement_rate: n.nullable(),
      })
      .nullable(),
    simulated_included: z.boolean(),
    // taps on its posts' caption links (docs/architecture.md#short-links), every day counted
    clicks: z.object({
      total: n,
      by_platform: z.array(z.object({ platform: z.string(), clicks: n })),
      by_post: z.array(z.object({ post_id: z.string(), clicks: n })),
    }),
  }),
  posts: z.array(restPostSchema.extend({ outside_campaign_dates: z.boolean() })),
});
const detached = z.object({ campaign: restCampaignSchema, detached: z.array(z.string()) });
const tag = "Campaigns";

export const campaignsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/campaigns",
    tag,
    access: "business",
    summary: "The campaigns",
    responses: { 200: { description: "The campaigns.", schema: z.object({ campaigns: z.array(restCampaignSchema) }) } },
  },
  {
    method: "post",
    path: "/campaigns",
    tag,
    access: "business",
    summary: "Create a campaign",
    body: campaignFieldsSchema,
    responses: { 201: { description: "The new campaign.", schema: restCampaignSchema } },
  },
  {
    method: "get",
    path: "/campaigns/{id}",
    tag,
    access: "business",
    summary: "A campaign with its roll-up and posts",
    responses: { 200: { description: "The campaign.", schema: detail } },
  },
  {
    method: "put",
    path: "/campaigns/{id}",
    tag,
    access: "business",
    summary: "Change a campaign",
    description: "Only the fields sent change; null clears an optional one.",
    body: campaignFieldsSchema.partial(),
    responses: { 200: { description: "The campaign.", schema: restCampaignSchema } },
  },
  {
    method: "delete",
    path: "/campaigns/{id}",
    tag,
    access: "business",
    summary: "Delete a campaign (its posts stay)",
    responses: {
      200: { description: "Deleted.", schema: z.object({ id: z.string(), deleted: z.literal(true), posts_kept: n }) },
    },
  },
  {
    method: "post",
    path: "/campaigns/{id}/posts",
    tag,
    access: "business",
    summary: "Attach posts (a post in another campaign moves)",
    body: campaignPostIdsSchema,
    responses: {
      200: {
        description: "The campaign, and the posts outside its days.",
        schema: z.object({
          campaign: restCampaignSchema,
          attached: z.array(z.string()),
          outside_dates: z.array(z.string()),
        }),
      },
    },
  },
  {
    method: "post",
    path: "/campaigns/{id}/posts/detach",
    tag,
    access: "business",
    summary: "Detach several posts",
    body: campaignPostIdsSchema,
    responses: { 200: { description: "The campaign.", schema: detached } },
  },
  {
    method: "delete",
    path: "/campaigns/{id}/posts/{postId}",
    tag,
    access: "business",
    summary: "Detach one post",
    responses: { 200: { description: "The campaign.", schema: detached } },
  },
];
