// REST for /api/reviews: thin, calls the reviews service. Reviews are answered in snake_case; the
// CSV import takes a text/csv body, a multipart file in the field `file`, or JSON {csv}.
import { Router, type Request } from "express";
import { REVIEW_IMPORT_MAX_BYTES, REVIEW_INTENT_KEYS, type ReviewIntent } from "@sufra/schema";
import type { Review } from "../../generated/prisma/client.ts";
import { csvUpload } from "../../http/csv-upload.ts";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";
import type { z } from "zod";
import type { restReviewSchema } from "./inbox.openapi.ts";

/** A review as /api/reviews answers it: those paths list kind review only, whose stars are never null. */
export const restReview = (r: Review): z.output<typeof restReviewSchema> => ({
  ...restGuestFields(r),
  kind: "review",
  rating: starsOf(r),
});

/**
 * Any guest item in the review's shape (webhook events): a comment is kind "comment" with rating null
 * and its Instagram link.
 */
export const restGuestItem = (r: Review) =>
  r.kind === "review"
    ? restReview(r)
    : { ...restGuestFields(r), kind: "comment" as const, rating: null, permalink: r.permalink, hidden: r.hidden };

function starsOf(r: Review): number {
  if (r.rating == null) throw new Error(`review ${r.id} has no rating`);
  return r.rating;
}

const restGuestFields = (r: Review) => ({
  id: r.id,
  source: r.source,
  author: r.author,
  text: r.text,
  language: r.language,
  reviewed_at: r.reviewedAt.toISOString().slice(0, 10),
  written_at: r.writtenAt.toISOString(),
  sentiment: r.sentiment,
  intent: (REVIEW_INTENT_KEYS as readonly string[]).includes(r.intent) ? (r.intent as ReviewIntent) : "other",
  topics: r.topics,
  reply: r.reply,
  reply_gaps: r.replyGaps,
  reply_rejected: r.replyRejected,
  status: r.status,
  approved_at: r.approvedAt?.toISOString() ?? null,
  replied_at: r.repliedAt?.toISOString() ?? null,
  replied_via: r.repliedVia,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

export function reviewsRouter(services: Services) {
  const r = Router();
  const { reviews } = services;
  const viewer = (req: Request) => viewerOf(services, req, "business");
  const readCsv = csvUpload(REVIEW_IMPORT_MAX_BYTES);

  r.get("/", async (req, res) => {
    const q = {
      status: one(req.query.status),
      rating: queryNumber(one(req.query.rating)),
      sentiment: one(req.query.sentiment),
      page: queryNumber(one(req.query.page)),
      limit: queryNumber(one(req.query.limit)),
    };
    const p = await reviews.list(await viewer(req), q);
    res.json({
      reviews: p.items.map(restReview),
      total: p.total,
      unanswered: p.unanswered,
      page: p.page,
      limit: p.limit,
      pages: Math.ceil(p.total / p.limit),
    });
  });

  /** {total, unanswered, new, approved, replied, positive, neutral, negative, average_rating}. */
  r.get("/stats", async (req, res) => {
    const s = await reviews.stats(await viewer(req));
    res.json({
      total: s.total,
      unanswered: s.unanswered,
      new: s.new,
      approved: s.approved,
      replied: s.replied,
      positive: s.positive,
      neutral: s.neutral,
      negative: s.negative,
      average_rating: s.averageRating,
    });
  });

  /** {source, author, rating, text, reviewed_at}: 201 with the review, or 200 with the same review already stored. */
  r.post("/", async (req, res) => {
    const { review, created } = await reviews.create(await viewer(req), camelBody(req));
    res.status(created ? 201 : 200).json({ ...restReview(review), duplicate: !created });
  });

  /** A CSV file: {imported, duplicates, errors: [{line, messages}]}. */
  r.post("/import", async (req, res, next) => {
    // authenticate before reading a large body
    const v = await viewer(req);
    readCsv(req, res, next, async (csv) => res.json(await reviews.importCsv(v, csv, metaOf(req).locale)));
  });

  r.get("/:id", async (req, res) => {
    res.json(restReview(await reviews.get(await viewer(req), req.params.id)));
  });

  /** {seed?}: writes a suggested reply into the review; the status does not change to approved. */
  r.post("/:id/suggest-reply", async (req, res) => {
    const body = camelBody(req);
    res.json(restReview(await reviews.suggestReply(await viewer(req), req.params.id, { seed: body.seed })));
  });

  /** {reply}: the person's edit. */
  r.put("/:id/reply", async (req, res) => {
    res.json(restReview(await reviews.updateReply(await viewer(req), req.params.id, camelBody(req))));
  });

  r.post("/:id/approve", async (req, res) => {
    res.json(restReview(await reviews.approve(await viewer(req), req.params.id)));
  });

  r.post("/:id/replied", async (req, res) => {
    res.json(restReview(await reviews.markReplied(await viewer(req), req.params.id)));
  });

  r.delete("/:id", async (req, res) => {
    const removed = await reviews.remove(await viewer(req), req.params.id);
    res.json({ id: removed.id, deleted: true });
  });

  return r;
}
