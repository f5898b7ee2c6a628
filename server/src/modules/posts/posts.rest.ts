// REST compatibility for /api/posts (docs/product.md#rest-compatibility): thin, calls the posts service. Posts are answered in
// snake_case with their targets; the media router (uploads) is mounted before this one.
import { Router, type Request } from "express";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { PostRecord } from "./posts.read.ts";
import type { z } from "zod";
import type { GooglePostOptions } from "@sufra/schema";
import { restGoogleOptionsSchema, restPostSchema, restTargetSchema } from "./posts.openapi.ts";

export const restTarget = (t: PostRecord["targets"][number]): z.output<typeof restTargetSchema> => ({
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
export const restGoogleOptions = (json: unknown): z.output<typeof restGoogleOptionsSchema> | null => {
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

const snakeToCamel = (k: string) => k.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const camelToSnake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
/** Every key of a JSON value renamed, at any depth (values are kept: enum values stay as they are). */
const renameKeys = (v: unknown, f: (k: string) => string): unknown =>
  Array.isArray(v)
    ? v.map((x) => renameKeys(x, f))
    : v && typeof v === "object"
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [f(k), renameKeys(x, f)]))
      : v;
/** A post's network options in the REST contract's snake_case. */
export const restNetworkOptions = (json: unknown) =>
  json ? (renameKeys(json, camelToSnake) as Record<string, unknown>) : null;

/** The body's google_options and network_options, their nested keys read back to the service's camelCase (camelBody does the top level only). */
function withGoogleOptions(body: Record<string, unknown>): Record<string, unknown> {
  const out =
    body.networkOptions && typeof body.networkOptions === "object"
      ? { ...body, networkOptions: renameKeys(body.networkOptions, snakeToCamel) }
      : body;
  const g = out.googleOptions;
  if (!g || typeof g !== "object" || Array.isArray(g)) return out;
  const camel = (v: unknown): unknown =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).map(([k, x]) => [snakeToCamel(k), x]))
      : v;
  return { ...out, googleOptions: Object.fromEntries(Object.entries(g).map(([k, v]) => [snakeToCamel(k), camel(v)])) };
}

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

/** Query values: lists may come comma-separated or repeated. */
const listOf = (v: unknown) =>
  Array.isArray(v)
    ? v.flatMap((x) => String(x).split(","))
    : typeof v === "string"
      ? v.split(",").filter(Boolean)
      : undefined;

const queryOf = (req: Request) => ({
  status: listOf(req.query.status),
  platform: req.query.platform,
  from: req.query.from,
  to: req.query.to,
  search: req.query.search,
  page: queryNumber(req.query.page),
  limit: queryNumber(req.query.limit),
});

export function postsRouter(services: Services) {
  const r = Router();
  const { posts } = services;
  const viewer = (req: Request) => viewerOf(services, req, "business");
  // the REST page always says its total (counted in the list's own statement)
  const page = (p: Awaited<ReturnType<typeof posts.list>>) => ({
    posts: p.items.map(restPost),
    total: p.total!,
    page: p.page,
    limit: p.limit,
    pages: Math.ceil(p.total! / p.limit),
  });

  r.get("/", async (req, res) => {
    res.json(page(await posts.list(await viewer(req), queryOf(req))));
  });
  r.post("/", async (req, res) => {
    res
      .status(201)
      .json(restPost(await posts.create(await viewer(req), withGoogleOptions(camelBody(req)), metaOf(req))));
  });

  r.get("/drafts", async (req, res) => {
    res.json(page(await posts.list(await viewer(req), { ...queryOf(req), status: undefined }, { drafts: true })));
  });
  // a draft is a post that is not scheduled: the same as POST /posts without scheduled_for
  r.post("/drafts", async (req, res) => {
    const { scheduledFor: _ignored, ...body } = withGoogleOptions(camelBody(req));
    res.status(201).json(restPost(await posts.create(await viewer(req), body, metaOf(req))));
  });

  r.post("/preview", async (req, res) => {
    const previews = await posts.preview(await viewer(req), withGoogleOptions(camelBody(req)));
    res.json({
      previews: previews.map((p) => ({
        platform: p.platform,
        text: p.text,
        length: p.length,
        limit: p.limit,
        remaining: p.remaining,
        over_limit: p.overLimit,
        truncated: p.truncated,
        hashtag_count: p.hashtagCount,
        hashtag_limit: p.hashtagLimit,
        media_count: p.mediaCount,
        media_limit: p.mediaLimit,
        warnings: p.warnings,
        errors: p.errors,
      })),
    });
  });

  r.get("/calendar", async (req, res) => {
    res.json({
      posts: (
        await posts.calendar(await viewer(req), {
          from: req.query.from,
          to: req.query.to,
          campaignId: req.query.campaign_id,
        })
      ).map(restPost),
    });
  });

  // bulk actions from the posts table
  r.post("/bulk/delete", async (req, res) => {
    res.json(await posts.removeMany(await viewer(req), camelBody(req), metaOf(req)));
  });
  r.post("/bulk/schedule", async (req, res) => {
    res.json(await posts.scheduleMany(await viewer(req), camelBody(req), metaOf(req)));
  });

  r.post("/targets/:id/confirm", async (req, res) => {
    res.json(restPost(await posts.confirmTarget(await viewer(req), req.params.id, camelBody(req), metaOf(req))));
  });
  r.post("/targets/:id/retry", async (req, res) => {
    res.json(restPost(await posts.retryTarget(await viewer(req), req.params.id, metaOf(req))));
  });

  r.get("/:id", async (req, res) => {
    res.json(restPost(await posts.get(await viewer(req), req.params.id)));
  });
  r.put("/:id", async (req, res) => {
    res.json(
      restPost(await posts.update(await viewer(req), req.params.id, withGoogleOptions(camelBody(req)), metaOf(req))),
    );
  });
  r.delete("/:id", async (req, res) => {
    const p = await posts.remove(await viewer(req), req.params.id, metaOf(req));
    res.json({ id: p.id, deleted: true });
  });
  r.post("/:id/schedule", async (req, res) => {
    res.json(restPost(await posts.schedule(await viewer(req), req.params.id, camelBody(req), metaOf(req))));
  });
  r.post("/:id/unschedule", async (req, res) => {
    res.json(restPost(await posts.unschedule(await viewer(req), req.params.id, metaOf(req))));
  });
  // a new draft from this post; {"media_only": true} keeps only its media
  r.post("/:id/duplicate", async (req, res) => {
    res
      .status(201)
      .json(restPost(await posts.duplicate(await viewer(req), req.params.id, camelBody(req), metaOf(req))));
  });
  r.post("/:id/publish", async (req, res) => {
    res.status(202).json(restPost(await posts.publishNow(await viewer(req), req.params.id, metaOf(req))));
  });
  return r;
}
