// Customer reviews: entered by hand or imported from a CSV file, read on save for their
// language, sentiment and topics, answered with a suggested reply that a person edits, approves and
// marks as replied once it is posted on the network. Every function takes the caller's business from
// the viewer, never from the input; another business's review is NOT_FOUND.
//
// States: new -> approved (a reply is ready) -> replied (answered on the network); new -> replied
// too (answered without Sufra's text). Changing an approved reply's text withdraws the approval.
import { createHash } from "node:crypto";
import {
  messageText,
  readReviewCsv,
  REVIEW_FIELD_LABELS,
  reviewImportKeyText,
  reviewInputSchema,
  reviewReplySchema,
  reviewsQuerySchema,
  fieldErrors,
  type Locale,
  type ReviewData,
} from "@sufra/schema";
import { z } from "zod";
import { analyseReview, suggestReviewReply } from "../../ai/local/review-reply.ts";
import type { AiWriter } from "../../ai/provider.ts";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Prisma, Review } from "../../generated/prisma/client.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { loadBusinessProfile } from "../business-profile/index.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";

export const seedSchema = z.object({ seed: z.number({ error: "invalidValue" }).int({ error: "invalidValue" }).min(0, { error: "invalidValue" }).max(2 ** 31 - 1, { error: "invalidValue" }).optional() });

export interface ReviewStats {
  total: number;
  /** Every review not yet marked replied (new or approved). */
  unanswered: number;
  new: number;
  approved: number;
  replied: number;
  positive: number;
  neutral: number;
  negative: number;
  /** Over every review; null when there is none. */
  averageRating: number | null;
}

export interface ReviewImportResult {
  imported: number;
  /** Rows already in Sufra, or repeated in the file. */
  duplicates: number;
  /** Rows refused, by the line of the file they start on, with what is wrong in the caller's language. */
  errors: { line: number; messages: string[] }[];
}

/** The review's name: the same review imported twice (or typed again) is one. */
export const reviewImportKey = (r: Pick<ReviewData, "source" | "author" | "reviewedAt" | "text">) => createHash("sha256").update(reviewImportKeyText(r)).digest("hex");

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

export function createReviewsService(deps: Deps, opts: { now?: () => Date; replyToReview?: AiWriter["replyToReview"]; webhooks?: Pick<WebhookEmitter, "record" | "dispatch"> } = {}) {
  const { db } = deps;
  // each new review is a review.received event (docs/product.md#webhooks), recorded with the insert
  const record = async (tx: Tx, businessId: string, ids: string[]) => {
    const deliveries: string[] = [];
    for (const reviewId of ids) deliveries.push(...((await opts.webhooks?.record(tx, businessId, { type: "review.received", reviewId })) ?? []));
    return deliveries;
  };
  const dispatch = (deliveries: string[]) => opts.webhooks?.dispatch(deliveries);
  const now = opts.now ?? (() => new Date());
  // without a writer (tests of this module alone) the built-in review writer answers
  const writeReply: AiWriter["replyToReview"] = opts.replyToReview ?? (async (req) => ({ ...suggestReviewReply(req), provider: "local" }));

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  /** Another business's review, or none: NOT_FOUND (no hint that it exists). */
  async function own(businessId: string, id: unknown, client: Db | Tx = db): Promise<Review> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const r = await client.review.findFirst({ where: { id, businessId } });
    if (!r) throw new AppError("NOT_FOUND");
    return r;
  }

  /** Locks the review for a state change in this transaction, and reads it. */
  async function lock(tx: Tx, businessId: string, id: unknown) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    await tx.$queryRaw`select id from reviews where id = ${id}::uuid and business_id = ${businessId}::uuid for update`;
    return own(businessId, id, tx);
  }

  /** The row to store for a valid review: its reading (language, sentiment, topics) and its import key. */
  function rowOf(businessId: string, r: ReviewData): Prisma.ReviewCreateManyInput {
    const a = analyseReview(r.text, r.rating, r.source);
    return { businessId, source: r.source, author: r.author, rating: r.rating, text: r.text, reviewedAt: dayOf(r.reviewedAt), language: a.language, sentiment: a.sentiment, topics: a.topics, importKey: reviewImportKey(r) };
  }

  async function stats(businessId: string): Promise<ReviewStats> {
    const [byStatus, bySentiment, avg] = await Promise.all([
      db.review.groupBy({ by: ["status"], where: { businessId }, _count: { _all: true } }),
      db.review.groupBy({ by: ["sentiment"], where: { businessId }, _count: { _all: true } }),
      db.review.aggregate({ where: { businessId }, _avg: { rating: true }, _count: { _all: true } }),
    ]);
    const status = (s: string) => byStatus.find((x) => x.status === s)?._count._all ?? 0;
    const sentiment = (s: string) => bySentiment.find((x) => x.sentiment === s)?._count._all ?? 0;
    const average = avg._avg.rating;
    return {
      total: avg._count._all,
      unanswered: status("new") + status("approved"),
      new: status("new"),
      approved: status("approved"),
      replied: status("replied"),
      positive: sentiment("positive"),
      neutral: sentiment("neutral"),
      negative: sentiment("negative"),
      averageRating: average == null ? null : Math.round(average * 100) / 100,
    };
  }

  /** Field problems of one CSV row, as "Rating: Rating must be a whole number from 1 to 5". */
  function rowMessages(error: z.ZodError, locale: Locale): string[] {
    return Object.entries(fieldErrors(error)).flatMap(([field, keys]) => {
      const label = REVIEW_FIELD_LABELS[field as keyof typeof REVIEW_FIELD_LABELS]?.[locale] ?? field;
      return keys.map((k) => `${label}: ${messageText(k, locale)}`);
    });
  }

  return {
    /**
     * The business's reviews, newest first, filtered; `skip` overrides the page (Relay cursors).
     * The answer carries the unanswered count (for the tab's badge) whatever the filter.
     */
    async list(viewer: Viewer | null, input: unknown = {}, o: { skip?: number } = {}) {
      const { businessId } = business(viewer);
      const q = validate(reviewsQuerySchema, input ?? {});
      const where: Prisma.ReviewWhereInput = {
        businessId,
        ...(q.status === "unanswered" ? { status: { not: "replied" } } : q.status ? { status: q.status } : {}),
        ...(q.rating ? { rating: q.rating } : {}),
        ...(q.sentiment ? { sentiment: q.sentiment } : {}),
      };
      const skip = o.skip ?? (q.page - 1) * q.limit;
      const [items, total, unanswered] = await Promise.all([
        db.review.findMany({ where, orderBy: [{ reviewedAt: "desc" }, { createdAt: "desc" }, { id: "asc" }], skip, take: q.limit }),
        db.review.count({ where }),
        db.review.count({ where: { businessId, status: { not: "replied" } } }),
      ]);
      return { items, total, unanswered, page: q.page, limit: q.limit, skip };
    },

    get: async (viewer: Viewer | null, id: unknown) => own(business(viewer).businessId, id),

    /**
     * A review entered by hand. The same review again (same source, author, date and text) is not
     * stored twice: the one already there is answered, with created: false.
     */
    async create(viewer: Viewer | null, input: unknown): Promise<{ review: Review; created: boolean }> {
      const { businessId } = business(viewer);
      const data = validate(reviewInputSchema, input);
      const row = rowOf(businessId, data);
      const { deliveries, ...answer } = await db.$transaction(async (tx) => {
        const existing = await tx.review.findUnique({ where: { businessId_importKey: { businessId, importKey: row.importKey } } });
        if (existing) return { review: existing, created: false, deliveries: [] };
        const [inserted] = await tx.review.createManyAndReturn({ data: [row], skipDuplicates: true });
        // a second request with the same review won the race: answer with its row
        if (!inserted) return { review: await tx.review.findUniqueOrThrow({ where: { businessId_importKey: { businessId, importKey: row.importKey } } }), created: false, deliveries: [] };
        return { review: inserted, created: true, deliveries: await record(tx, businessId, [inserted.id]) };
      });
      await dispatch(deliveries);
      return answer;
    },

    /**
     * Reviews from a CSV text (header source,author,rating,text,date or the Arabic names). A file that
     * cannot be read is refused as a whole (VALIDATION_ERROR on `file`); otherwise the valid rows are
     * stored in one transaction, the ones already there (or repeated in the file) counted as
     * duplicates, and each refused row reported by its line, in the caller's language.
     */
    async importCsv(viewer: Viewer | null, csv: unknown, locale: Locale): Promise<ReviewImportResult> {
      const { businessId } = business(viewer);
      if (typeof csv !== "string" || !csv.trim()) throw new AppError("VALIDATION_ERROR", { file: ["reviewImportFileRequired"] });
      const read = readReviewCsv(csv);
      if (!read.ok) throw new AppError("VALIDATION_ERROR", { file: [read.problem] });
      const errors: ReviewImportResult["errors"] = [];
      const rows = new Map<string, Prisma.ReviewCreateManyInput>();
      let repeated = 0;
      for (const r of read.rows) {
        const parsed = reviewInputSchema.safeParse({ source: r.source.trim() || "other", author: r.author, rating: r.rating, text: r.text, reviewedAt: r.date });
        if (!parsed.success) {
          errors.push({ line: r.line, messages: rowMessages(parsed.error, locale) });
          continue;
        }
        const row = rowOf(businessId, parsed.data);
        if (rows.has(row.importKey)) repeated++;
        else rows.set(row.importKey, row);
      }
      const { imported, deliveries } = rows.size
        ? await db.$transaction(async (tx) => {
            const inserted = await tx.review.createManyAndReturn({ data: [...rows.values()], skipDuplicates: true, select: { id: true } });
            return { imported: inserted.length, deliveries: await record(tx, businessId, inserted.map((r) => r.id)) };
          })
        : { imported: 0, deliveries: [] };
      await dispatch(deliveries);
      return { imported, duplicates: repeated + rows.size - imported, errors };
    },

    /**
     * Writes a suggested reply into the review (in the review's language, from the business's
     * profile) and answers the review. It does not approve it; an approved review whose reply
     * changes goes back to new. A review already replied to is not re-suggested (INVALID_STATE).
     */
    async suggestReply(viewer: Viewer | null, id: unknown, input: unknown = {}) {
      const { businessId } = business(viewer);
      const { seed } = validate(seedSchema, input ?? {});
      const profile = await loadBusinessProfile(db, businessId);
      // the writer may be a model taking seconds: it writes outside the transaction, which then
      // checks that nobody replied or edited the review meanwhile
      const before = await own(businessId, id);
      if (before.status === "replied") throw new AppError("INVALID_STATE");
      const language = before.language === "ar" ? "ar" : "en";
      const s = await writeReply({ review: { author: before.author, rating: before.rating ?? 0, text: before.text, language, source: before.source }, business: profile, seed });
      return db.$transaction(async (tx) => {
        const r = await lock(tx, businessId, id);
        if (r.status === "replied" || r.text !== before.text) throw new AppError("INVALID_STATE");
        const withdraw = r.status === "approved" && s.reply !== r.reply;
        return tx.review.update({ where: { id: r.id }, data: { reply: s.reply, ...(withdraw ? { status: "new", approvedAt: null } : {}) } });
      });
    },

    /** The person's own words for the reply; an approved reply that changes goes back to new. */
    async updateReply(viewer: Viewer | null, id: unknown, input: unknown) {
      const { businessId } = business(viewer);
      const { reply } = validate(reviewReplySchema, input);
      return db.$transaction(async (tx) => {
        const r = await lock(tx, businessId, id);
        const withdraw = r.status === "approved" && reply !== r.reply;
        return tx.review.update({ where: { id: r.id }, data: { reply, ...(withdraw ? { status: "new", approvedAt: null } : {}) } });
      });
    },

    /** new -> approved: the reply is ready to be posted. Needs a reply. */
    async approve(viewer: Viewer | null, id: unknown) {
      const { businessId } = business(viewer);
      return db.$transaction(async (tx) => {
        const r = await lock(tx, businessId, id);
        if (r.status !== "new") throw new AppError("INVALID_STATE");
        if (!r.reply?.trim()) throw new AppError("VALIDATION_ERROR", { reply: ["reviewReplyRequired"] });
        return tx.review.update({ where: { id: r.id }, data: { status: "approved", approvedAt: now() } });
      });
    },

    /** new | approved -> replied: the answer is posted on the network (with Sufra's text or not). */
    async markReplied(viewer: Viewer | null, id: unknown) {
      const { businessId } = business(viewer);
      return db.$transaction(async (tx) => {
        const r = await lock(tx, businessId, id);
        if (r.status === "replied") throw new AppError("INVALID_STATE");
        return tx.review.update({ where: { id: r.id }, data: { status: "replied", repliedAt: now() } });
      });
    },

    async remove(viewer: Viewer | null, id: unknown) {
      const { businessId } = business(viewer);
      return db.$transaction(async (tx) => {
        const r = await lock(tx, businessId, id);
        await tx.review.delete({ where: { id: r.id } });
        return r;
      });
    },

    /** Counts for the dashboard and the tabs: unanswered (not replied), by status and sentiment, and the average rating. */
    async stats(viewer: Viewer | null): Promise<ReviewStats> {
      return stats(business(viewer).businessId);
    },
  };
}
export type ReviewsService = ReturnType<typeof createReviewsService>;
