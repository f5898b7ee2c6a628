// REST for /api/reviews: thin, calls the reviews service. Reviews are answered in snake_case; the
// CSV import takes a text/csv body, a multipart file in the field `file`, or JSON {csv}.
import express, { Router, type Request } from "express";
import multer from "multer";
import { REVIEW_IMPORT_MAX_BYTES } from "@sufra/schema";
import { AppError } from "../../errors.ts";
import type { Review } from "../../generated/prisma/client.ts";
import { camelBody, metaOf, queryNumber, viewerOf } from "../../http/rest.ts";
import type { Services } from "../../services.ts";

export const restReview = (r: Review) => ({
  id: r.id,
  source: r.source,
  author: r.author,
  rating: r.rating,
  text: r.text,
  language: r.language,
  reviewed_at: r.reviewedAt.toISOString().slice(0, 10),
  sentiment: r.sentiment,
  topics: r.topics,
  reply: r.reply,
  status: r.status,
  approved_at: r.approvedAt?.toISOString() ?? null,
  replied_at: r.repliedAt?.toISOString() ?? null,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

const one = (v: unknown) => (Array.isArray(v) ? v[0] : v);

/**
 * A file's text: UTF-8 (with or without its mark), or UTF-16 with its mark (spreadsheets' "Unicode
 * text"). Bytes that are neither are not a text file we can read (the message says to save as UTF-8).
 */
function decodeCsv(buf: Buffer): string {
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder("utf-16le").decode(buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder("utf-16be").decode(buf.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    throw new AppError("VALIDATION_ERROR", { file: ["reviewImportNotText"] });
  }
}

export function reviewsRouter(services: Services) {
  const r = Router();
  const { reviews } = services;
  const viewer = (req: Request) => viewerOf(services, req, "business");
  // a little over the limit, so a file just over it is told "at most 1 MB" by the rule, not "body too large"
  const csvBody = express.raw({ type: ["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"], limit: REVIEW_IMPORT_MAX_BYTES + 64 * 1024 });
  const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: REVIEW_IMPORT_MAX_BYTES + 1, files: 1, fields: 5 } }).single("file");

  r.get("/", async (req, res) => {
    const q = { status: one(req.query.status), rating: queryNumber(one(req.query.rating)), sentiment: one(req.query.sentiment), page: queryNumber(one(req.query.page)), limit: queryNumber(one(req.query.limit)) };
    const p = await reviews.list(await viewer(req), q);
    res.json({ reviews: p.items.map(restReview), total: p.total, unanswered: p.unanswered, page: p.page, limit: p.limit, pages: Math.ceil(p.total / p.limit) });
  });

  /** {total, unanswered, new, approved, replied, positive, neutral, negative, average_rating}. */
  r.get("/stats", async (req, res) => {
    const s = await reviews.stats(await viewer(req));
    res.json({ total: s.total, unanswered: s.unanswered, new: s.new, approved: s.approved, replied: s.replied, positive: s.positive, neutral: s.neutral, negative: s.negative, average_rating: s.averageRating });
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
    const done = (csv: unknown) =>
      reviews
        .importCsv(v, csv, metaOf(req).locale)
        .then((out) => res.json(out))
        .catch(next);
    if (req.is("multipart/form-data")) {
      upload(req, res, (err: unknown) => {
        if (err instanceof multer.MulterError) return next(new AppError("VALIDATION_ERROR", { file: [err.code === "LIMIT_FILE_SIZE" ? "reviewImportTooLarge" : "invalidValue"] }));
        if (err) return next(err);
        try {
          void done(req.file ? decodeCsv(req.file.buffer) : undefined);
        } catch (e) {
          next(e);
        }
      });
      return;
    }
    csvBody(req, res, (err: unknown) => {
      if (err) return next(err);
      try {
        void done(Buffer.isBuffer(req.body) ? decodeCsv(req.body) : camelBody(req).csv);
      } catch (e) {
        next(e);
      }
    });
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
