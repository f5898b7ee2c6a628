// The OpenAPI entries of /api/posts (docs/architecture.md#how-a-request-flows): the rules the posts service validates with, and
// the post as restPost writes it.
import { z } from "zod";
import {
  GOOGLE_CTA_ACTIONS,
  GOOGLE_POST_TYPES,
  INSTAGRAM_FORMATS,
  PLATFORMS,
  SNAPCHAT_POST_KINDS,
  TIKTOK_PRIVACY_LEVELS,
  POST_STATUSES,
  postCampaignFieldsSchema,
  postInputSchema,
  postsQuerySchema,
  postUpdateSchema,
  scheduleSchema,
  TARGET_STATUSES,
} from "@sufra/schema";
import { isoDateTime, named, type RestOperation } from "../../http/openapi/operation.ts";
import { duplicateSchema, idsSchema } from "./posts.service.ts";

const platform = z.enum(PLATFORMS);
export const restTargetSchema = named(
  "PostTarget",
  z.object({
    id: z.string(),
    platform,
    status: z.enum(TARGET_STATUSES),
    account: z.object({ id: z.string(), handle: z.string().nullable(), demo: z.boolean() }),
    due_at: isoDateTime.nullable(),
    external_id: z.string().nullable(),
    permalink: z.string().nullable(),
    error: z.object({ code: z.string(), message: z.string().nullable() }).nullable(),
    published_at: isoDateTime.nullable(),
    metrics: z.object({
      views: z.number().nullable(),
      likes: z.number().nullable(),
      comments: z.number().nullable(),
      shares: z.number().nullable(),
      reach: z.number().nullable(),
      simulated: z.boolean(),
      collected_at: isoDateTime.nullable(),
    }),
  }),
);

/**
 * A post's Google options at the REST door, in snake_case both ways (posts.rest.ts turns the body's into the
 * service's GooglePostOptions; the service checks them with schema/src/networks/google.ts's rule).
 */
const googleOptionsShape = (nullable: boolean) => {
  const opt = <T extends z.ZodType>(t: T) => (nullable ? t.nullable() : t.nullish());
  return z.object({
    type: z.enum(GOOGLE_POST_TYPES).describe("standard (What's new), offer or event"),
    cta: opt(
      z.object({ action: z.enum(GOOGLE_CTA_ACTIONS), url: opt(z.string().describe("https; none for call")) }),
    ).describe("the button; an offer has none"),
    offer: opt(
      z.object({
        coupon_code: opt(z.string().describe("at most 58 characters")),
        redeem_url: opt(z.string().describe("https")),
        terms: opt(z.string().describe("at most 1,500 characters")),
      }),
    ).describe("offer posts only"),
    event: opt(
      z.object({
        title: z.string().describe("at most 58 characters"),
        starts_at: isoDateTime,
        ends_at: isoDateTime.describe("after starts_at, in the future"),
      }),
    ).describe("offer and event posts: required"),
  });
};
export const restGoogleOptionsSchema = named("GooglePostOptions", googleOptionsShape(true));
/**
 * A post's own options per network at the REST door (schema/src/network-options.ts in snake_case; posts.rest.ts
 * renames the keys both ways and the service checks them with the shared rule).
 */
const networkOptionsShape = () => {
  const opt = <T extends z.ZodType>(t: T) => t.nullish();
  return z.object({
    instagram: opt(
      z.object({
        format: z.enum(INSTAGRAM_FORMATS).describe("feed, story or reel"),
        reel: opt(
          z.object({
            cover_media_id: opt(z.string()),
            thumb_offset_ms: opt(z.number().int()),
            share_to_feed: opt(z.boolean()),
            audio_name: opt(z.string().describe("at most 90 characters")),
          }),
        ),
        collaborators: opt(z.array(z.string()).describe("at most 3 Instagram usernames")),
        location_id: opt(z.string().describe("a Facebook Page id with a location")),
        user_tags: opt(
          z
            .array(z.object({ username: z.string(), x: z.number(), y: z.number() }))
            .describe("at most 20, on the first photo"),
        ),
      }),
    ),
    tiktok: opt(
      z.object({
        privacy_level: opt(
          z
            .enum(TIKTOK_PRIVACY_LEVELS)
            .describe("required before scheduling: one of the creator's privacy_level_options"),
        ),
        disable_comment: opt(z.boolean()),
        disable_duet: opt(z.boolean()),
        disable_stitch: opt(z.boolean()),
        brand_organic: opt(z.boolean()),
        brand_content: opt(z.boolean().describe("not with SELF_ONLY")),
        title: opt(z.string().describe("photo posts: at most 90 characters")),
        auto_add_music: opt(z.boolean()),
      }),
    ),
    twitter: opt(z.object({ thread: opt(z.boolean()), link_in_reply: opt(z.boolean()) })),
    snapchat: opt(z.object({ kind: z.enum(SNAPCHAT_POST_KINDS) })),
    facebook: opt(z.object({ link: opt(z.string().describe("https")) })),
    alt_text: opt(z.array(z.object({ media_id: z.string(), text: z.string().describe("at most 1,000 characters") }))),
  });
};
export const restNetworkOptionsSchema = named("NetworkOptions", networkOptionsShape());
/** The body's google_options (used only when the post goes to Google; left out or null: a What's new post) and network_options. */
const googleBody = z.object({
  googleOptions: googleOptionsShape(false).nullish(),
  networkOptions: restNetworkOptionsSchema.nullish(),
});

/** A post as posts.rest.ts restPost answers it. */
export const restPostSchema = named(
  "Post",
  z.object({
    id: z.string(),
    status: z.enum(POST_STATUSES),
    content: z.string(),
    hashtags: z.array(z.string()),
    first_comment: z.string().nullable(),
    platforms: z.array(platform),
    media_ids: z.array(z.string()),
    scheduled_for: isoDateTime.nullable(),
    published_at: isoDateTime.nullable(),
    author: z.object({ id: z.string(), name: z.string() }).nullable(),
    occasion: z.string().nullable(),
    campaign_id: z.string().nullable(),
    campaign_name: z.string().nullable(),
    google_options: restGoogleOptionsSchema.nullable(),
    network_options: restNetworkOptionsSchema.nullable(),
    targets: z.array(restTargetSchema),
    created_at: isoDateTime,
    updated_at: isoDateTime,
  }),
);

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
