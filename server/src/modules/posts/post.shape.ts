// A post on the REST wire (docs/architecture.md#borders "Wire shapes"): the answer's schemas and the functions that
// write it, used by the posts and campaigns REST doors, the OpenAPI document and the post.* webhook events.
import { z } from "zod";
import {
  GOOGLE_CTA_ACTIONS,
  GOOGLE_POST_TYPES,
  INSTAGRAM_FORMATS,
  PLATFORMS,
  SNAPCHAT_POST_KINDS,
  TIKTOK_PRIVACY_LEVELS,
  POST_STATUSES,
  TARGET_STATUSES,
  type GooglePostOptions,
} from "@sufra/schema";
import { isoDateTime, named } from "../../http/openapi/operation.ts";
import type { PostRecord } from "./posts.read.ts";

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
 * service's GooglePostOptions; the service checks them with schema/src/google.ts's rule).
 */
export const googleOptionsShape = (nullable: boolean) => {
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
/** A post as restPost (below) writes it. */
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

const restTarget = (t: PostRecord["targets"][number]): z.output<typeof restTargetSchema> => ({
  id: t.id,
  platform: t.platform,
  status: t.status,
  account: { id: t.account.id, handle: t.account.handle, demo: t.account.demo },
  due_at: t.dueAt?.toISOString() ?? null,
  external_id: t.externalId,
  permalink: t.permalink,
  error: t.errorCode ? { code: t.errorCode, message: t.errorMessage } : null,
  published_at: t.publishedAt?.toISOString() ?? null,
  metrics: {
    views: t.views,
    likes: t.likes,
    comments: t.comments,
    shares: t.shares,
    reach: t.reach,
    simulated: t.metricsSimulated,
    collected_at: t.metricsAt?.toISOString() ?? null,
  },
});

/** A post's Google options as REST answers them (snake_case). */
const restGoogleOptions = (json: unknown): z.output<typeof restGoogleOptionsSchema> | null => {
  const o = json as GooglePostOptions | null;
  if (!o) return null;
  return {
    type: o.type,
    cta: o.cta ? { action: o.cta.action, url: o.cta.url ?? null } : null,
    offer: o.offer
      ? { coupon_code: o.offer.couponCode ?? null, redeem_url: o.offer.redeemUrl ?? null, terms: o.offer.terms ?? null }
      : null,
    event: o.event ? { title: o.event.title, starts_at: o.event.startsAt, ends_at: o.event.endsAt } : null,
  };
};

const camelToSnake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Every key of a JSON value renamed, at any depth (values are kept: enum values stay as they are). */
export const renameKeys = (v: unknown, f: (k: string) => string): unknown =>
  Array.isArray(v)
    ? v.map((x) => renameKeys(x, f))
    : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [f(k), renameKeys(x, f)]))
      : v;
/** A post's network options in the REST contract's snake_case. */
const restNetworkOptions = (json: unknown) =>
  json ? (renameKeys(json, camelToSnake) as Record<string, unknown>) : null;

export const restPost = (p: PostRecord): z.output<typeof restPostSchema> => ({
  id: p.id,
  status: p.status,
  content: p.content,
  hashtags: p.hashtags,
  first_comment: p.firstComment,
  platforms: p.targets.map((t) => t.platform),
  media_ids: p.media.map((m) => m.mediaId),
  scheduled_for: p.scheduledFor?.toISOString() ?? null,
  published_at: p.publishedAt?.toISOString() ?? null,
  author: p.author ? { id: p.author.id, name: p.author.name } : null,
  occasion: p.occasion,
  campaign_id: p.campaignId,
  campaign_name: p.campaign?.name ?? null,
  google_options: restGoogleOptions(p.googleOptions),
  network_options: restNetworkOptions(p.networkOptions) as z.output<typeof restPostSchema>["network_options"],
  targets: p.targets.map(restTarget),
  created_at: p.createdAt.toISOString(),
  updated_at: p.updatedAt.toISOString(),
});
