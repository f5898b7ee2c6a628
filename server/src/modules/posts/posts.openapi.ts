// The OpenAPI entries of /api/posts (docs/architecture.md#how-a-request-flows): the rules the posts service validates with, and
// the post as post.shape.ts restPost writes it.
import { z } from "zod";
import {
  PLATFORMS,
  postCampaignFieldsSchema,
  postInputSchema,
  postsQuerySchema,
  postUpdateSchema,
  scheduleSchema,
} from "@sufra/schema";
import type { RestOperation } from "../../http/openapi/operation.ts";
import { googleOptionsShape, restNetworkOptionsSchema, restPostSchema } from "./post.shape.ts";
import { duplicateSchema, idsSchema } from "./posts.commands.ts";

const platform = z.enum(PLATFORMS);
/** The body's google_options (used only when the post goes to Google; left out or null: a What's new post) and network_options. */
const googleBody = z.object({
  googleOptions: googleOptionsShape(false).nullish(),
  networkOptions: restNetworkOptionsSchema.nullish(),
});

const page = z.object({
  posts: z.array(restPostSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  pages: z.number().int(),
});
const issue = z.object({ key: z.string(), params: z.record(z.string(), z.string()).optional() });
const preview = z.object({
  platform,
  text: z.string(),
  length: z.number().int(),
  limit: z.number().int(),
  remaining: z.number().int(),
  over_limit: z.boolean(),
  truncated: z.string(),
  hashtag_count: z.number().int(),
  hashtag_limit: z.number().int().nullable(),
  media_count: z.number().int(),
  media_limit: z.number().int(),
  warnings: z.array(issue),
  errors: z.array(issue),
});
const bulk = z.object({ done: z.array(z.string()), refused: z.array(z.object({ id: z.string(), code: z.string() })) });
const newPost = z.intersection(
  z.intersection(z.intersection(postInputSchema, postCampaignFieldsSchema), scheduleSchema().partial()),
  googleBody,
);
const onePost = (description: string) => ({ description, schema: restPostSchema });
const tag = "Posts";

export const postsOperations: RestOperation[] = [
  {
    method: "get",
    path: "/posts",
    tag,
    access: "business",
    summary: "The business's posts",
    description: "`status` may be a comma-separated list.",
    query: postsQuerySchema,
    responses: { 200: { description: "A page of posts.", schema: page } },
  },
  {
    method: "post",
    path: "/posts",
    subscription: "schedule",
    tag,
    access: "business",
    summary: "Create a post (scheduled when scheduled_for is given)",
    body: newPost,
    responses: { 201: onePost("The new post.") },
  },
  {
    method: "get",
    path: "/posts/drafts",
    tag,
    access: "business",
    summary: "The drafts",
    query: z.object({ ...postsQuerySchema.shape, status: z.never().optional() }).omit({ status: true }),
    responses: { 200: { description: "A page of drafts.", schema: page } },
  },
  {
    method: "post",
    path: "/posts/drafts",
    tag,
    access: "business",
    summary: "Create a draft",
    description: "As POST /posts; scheduled_for is ignored.",
    body: z.intersection(z.intersection(postInputSchema, postCampaignFieldsSchema), googleBody),
    responses: { 201: onePost("The new draft.") },
  },
  {
    method: "post",
    path: "/posts/preview",
    tag,
    access: "business",
    summary: "What each network will show",
    body: z.intersection(postUpdateSchema, googleBody),
    responses: {
      200: {
        description: "One preview a network, with its counts, warnings and errors.",
        schema: z.object({ previews: z.array(preview) }),
      },
    },
  },
  {
    method: "get",
    path: "/posts/calendar",
    tag,
    access: "business",
    summary: "Posts due or published in a time range",
    query: z.object({
      from: postsQuerySchema.shape.from,
      to: postsQuerySchema.shape.to,
      campaignId: postCampaignFieldsSchema.shape.campaignId,
    }),
    responses: { 200: { description: "The posts.", schema: z.object({ posts: z.array(restPostSchema) }) } },
  },
  {
    method: "post",
    path: "/posts/bulk/delete",
    tag,
    access: "business",
    summary: "Delete several posts",
    body: idsSchema,
    responses: { 200: { description: "Each post done or refused with its code.", schema: bulk } },
  },
  {
    method: "post",
    path: "/posts/bulk/schedule",
    subscription: "schedule",
    tag,
    access: "business",
    summary: "Schedule several posts at one time",
    body: z.intersection(idsSchema, scheduleSchema()),
    responses: { 200: { description: "Each post done or refused with its code.", schema: bulk } },
  },
  {
    method: "post",
    path: "/posts/targets/{id}/confirm",
    tag,
    access: "business",
    summary: "Confirm an unconfirmed or manual target was published",
    body: z.object({ permalink: z.string().nullish() }),
    responses: { 200: onePost("The post.") },
  },
  {
    method: "post",
    path: "/posts/targets/{id}/retry",
    subscription: "publish",
    tag,
    access: "business",
    summary: "Retry a failed target",
    responses: { 200: onePost("The post.") },
  },
  {
    method: "get",
    path: "/posts/{id}",
    tag,
    access: "business",
    summary: "A post",
    responses: { 200: onePost("The post.") },
  },
  {
    method: "put",
    path: "/posts/{id}",
    tag,
    access: "business",
    summary: "Edit a post",
    body: z.intersection(z.intersection(postUpdateSchema, postCampaignFieldsSchema), googleBody),
    responses: { 200: onePost("The post, changed.") },
  },
  {
    method: "delete",
    path: "/posts/{id}",
    tag,
    access: "business",
    summary: "Delete a post",
    responses: { 200: { description: "Deleted.", schema: z.object({ id: z.string(), deleted: z.literal(true) }) } },
  },
  {
    method: "post",
    path: "/posts/{id}/schedule",
    subscription: "schedule",
    tag,
    access: "business",
    summary: "Schedule a post",
    body: scheduleSchema(),
    responses: { 200: onePost("The post, scheduled.") },
  },
  {
    method: "post",
    path: "/posts/{id}/unschedule",
    tag,
    access: "business",
    summary: "Back to draft",
    responses: { 200: onePost("The post, a draft again.") },
  },
  {
    method: "post",
    path: "/posts/{id}/duplicate",
    tag,
    access: "business",
    summary: "A new draft from this post",
    description: '`{"media_only": true}` keeps only its media.',
    body: duplicateSchema,
    responses: { 201: onePost("The new draft.") },
  },
  {
    method: "post",
    path: "/posts/{id}/publish",
    subscription: "publish",
    tag,
    access: "business",
    summary: "Publish now",
    responses: { 202: onePost("Publishing has started.") },
  },
];
