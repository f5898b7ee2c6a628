// Customer reviews: entered by hand or imported from a CSV file, read on save for their
// language, sentiment and topics, answered with a suggested reply that a person edits, approves and
// marks as replied once it is posted on the network. Every function takes the caller's business from
// the viewer, never from the input; another business's review is NOT_FOUND.
//
// States: new -> approved (a reply is ready) -> replied (answered on the network); new -> replied
// too (answered without Sufra's text). Changing an approved reply's text withdraws the approval.
import { createHash } from "node:crypto";
import {
  hoursSeasonOn,
  isIsoDate,
  kuwaitDate,
  messageText,
  REVIEW_LANGUAGES,
  REVIEW_SENTIMENT_KEYS,
  REVIEW_SOURCE_KEYS,
  REVIEW_TOPIC_KEYS,
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
import { suggestReviewReply } from "../../ai/local/review-reply.ts";
import { builtInGuestReader, type GuestMessage, type GuestMessageReading } from "../../ai/openai/openai-reader.ts";
import type { AiWriter } from "../../ai/provider.ts";
import type { Db, Tx } from "../../db/prisma.ts";
import type { Deps } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { Prisma, Review } from "../../generated/prisma/client.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { loadBusinessProfile } from "../business-profile/index.ts";
import { holidayOverrideInputs } from "../calendar/index.ts";
import { requireRunning } from "../billing/index.ts";
import { isUuid } from "../../kernel/ids.ts";
import type { WebhookEmitter } from "../webhooks/index.ts";
import { createDemoGuests } from "../../networks/demo-guests.ts";
import { only, startingWith } from "../../kernel/pubsub.ts";
import {
  createInboxReplies,
  replyNetworkOf,
  PRIVATE_REPLY_WINDOW_MS,
  type InboxAccounts,
  type InboxNetworks,
  type InboxRow,
  type ReplyRights,
} from "./replies.ts";

export const seedSchema = z.object({
  seed: z
    .number({ error: "invalidValue" })
    .int({ error: "invalidValue" })
    .min(0, { error: "invalidValue" })
    .max(2 ** 31 - 1, { error: "invalidValue" })
    .optional(),
});

const many = <T extends string>(values: readonly T[]) =>
  z
    .array(z.enum(values as [T, ...T[]], { error: "invalidValue" }), { error: "invalidValue" })
    .max(50, { error: "invalidValue" })
    .optional();
const day = z.string({ error: "calendarDateInvalid" }).refine(isIsoDate, { error: "calendarDateInvalid" }).optional();

/** The inbox's filters: each list keeps items matching one of its values; the days are Kuwait days, both included. */
const inboxFilterSchema = z.object({
  sources: many(REVIEW_SOURCE_KEYS),
  locationIds: z
    .array(z.uuid({ error: "invalidValue" }), { error: "invalidValue" })
    .max(100, { error: "invalidValue" })
    .optional(),
  unanswered: z.boolean({ error: "invalidValue" }).optional(),
  ratings: z
    .array(
      z
        .number({ error: "reviewRatingRange" })
        .int({ error: "reviewRatingRange" })
        .min(1, { error: "reviewRatingRange" })
        .max(5, { error: "reviewRatingRange" }),
    )
    .max(5, { error: "invalidValue" })
    .optional(),
  sentiments: many(REVIEW_SENTIMENT_KEYS),
  topics: many(REVIEW_TOPIC_KEYS),
  languages: many(REVIEW_LANGUAGES),
  kinds: many(["review", "comment"] as const),
  from: day,
  to: day,
});
export type InboxFilter = z.output<typeof inboxFilterSchema>;
const INBOX_REPLY_LANGUAGES = ["guest", "both"] as const;
export type InboxReplyLanguages = (typeof INBOX_REPLY_LANGUAGES)[number];
const suggestSchema = seedSchema.extend({
  languages: z.enum(INBOX_REPLY_LANGUAGES, { error: "invalidValue" }).default("guest"),
});

export interface InboxSummary {
  unanswered: number;
  unansweredBySource: { source: string; count: number }[];
  /** negative items not answered yet */
  negativeNew: number;
  locations: { location: { id: string; title: string; verified: boolean }; unanswered: number; negativeNew: number }[];
}

/** What the viewer may do with one item (the screen's buttons). */
export interface InboxCapabilities {
  canSendReply: boolean;
  canDeleteReply: boolean;
  canHide: boolean;
  canPrivateReply: boolean;
  needsVerification: boolean;
}

function capabilitiesOf(r: InboxRow, rights: Pick<ReplyRights, "mayReply">, at: Date): InboxCapabilities {
  const network = replyNetworkOf(r);
  const needsVerification = network === "google" && !r.demo && !r.location?.verified;
  return {
    canSendReply: rights.mayReply && !!network && r.status !== "replied" && !needsVerification,
    canDeleteReply:
      rights.mayReply &&
      network === "google" &&
      r.status === "replied" &&
      r.repliedVia !== "marked" &&
      !needsVerification,
    canHide: rights.mayReply && network === "instagram",
    canPrivateReply:
      rights.mayReply &&
      network === "instagram" &&
      !r.privateRepliedAt &&
      at.getTime() - r.writtenAt.getTime() <= PRIVATE_REPLY_WINDOW_MS,
    needsVerification,
  };
}

/** The stars the reply writer reads: a review's own, a comment's from how it reads. */
const starsFor = (r: Pick<Review, "rating" | "sentiment">) =>
  r.rating ?? (r.sentiment === "positive" ? 5 : r.sentiment === "negative" ? 2 : 3);

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
const reviewImportKey = (r: Pick<ReviewData, "source" | "author" | "reviewedAt" | "text">) =>
  createHash("sha256").update(reviewImportKeyText(r)).digest("hex");

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

const notWired = (): never => {
  throw new AppError("NETWORK_UNAVAILABLE");
};
const unwired: InboxNetworks = {
  google: { places: notWired, reviews: notWired, reply: notWired, deleteReply: notWired },
  instagram: {
    comments: notWired,
    reply: notWired,
    hide: notWired,
    privateReply: notWired,
    subscribeComments: notWired,
    readWebhook: () => null,
    verifySubscription: () => null,
  },
  demo: createDemoGuests(),
};

export function createReviewsService(
  deps: Deps,
  opts: {
    now?: () => Date;
    replyToReview?: AiWriter["replyToReview"];
    readGuests?: (messages: GuestMessage[]) => Promise<GuestMessageReading[]>;
    webhooks?: Pick<WebhookEmitter, "record" | "dispatch">;
    networks?: () => Partial<InboxNetworks>;
    accounts?: InboxAccounts;
  } = {},
) {
  const { db } = deps;
  // each new review is a review.received event (docs/product.md#webhooks), recorded with the insert
  const record = async (tx: Tx, businessId: string, ids: string[]) => {
    const deliveries: string[] = [];
    for (const reviewId of ids)
      deliveries.push(...((await opts.webhooks?.record(tx, businessId, { type: "review.received", reviewId })) ?? []));
    return deliveries;
  };
  const dispatch = (deliveries: string[]) => opts.webhooks?.dispatch(deliveries);
  const now = opts.now ?? (() => new Date());
  // without a writer (tests of this module alone) the built-in review writer answers
  const writeReply: AiWriter["replyToReview"] =
    opts.replyToReview ?? (async (req) => ({ ...suggestReviewReply(req), provider: "local" }));
  // the reader in force (the admins' model, or the built-in reader); alone, the built-in one
  const readGuests = opts.readGuests ?? ((m: GuestMessage[]) => builtInGuestReader().read(m));

  const replies = createInboxReplies(deps, {
    now,
    networks: () => ({ ...unwired, ...opts.networks?.() }),
    accounts: opts.accounts ?? {
      access: async () => {
        throw new AppError("NETWORK_NOT_CONNECTED");
      },
      markReconnectNeeded: async () => undefined,
    },
  });
  const withLocation = { location: { select: { id: true, title: true, verified: true } } } as const;

  function business(viewer: Viewer | null) {
    const v = requireScope(viewer, "business");
    return { v, businessId: v.businessId! };
  }

  /**
   * Another business's item, or none: NOT_FOUND (no hint that it exists). The reviews doors see
   * reviews only (a comment's id there is NOT_FOUND); the inbox's see every kind.
   */
  async function own(businessId: string, id: unknown, client: Db | Tx = db, anyKind = false): Promise<Review> {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    const r = await client.review.findFirst({ where: { id, businessId, ...(anyKind ? {} : { kind: "review" }) } });
    if (!r) throw new AppError("NOT_FOUND");
    return r;
  }

  /** Locks the review for a state change in this transaction, and reads it. */
  async function lock(tx: Tx, businessId: string, id: unknown, anyKind = false) {
    if (!isUuid(id)) throw new AppError("NOT_FOUND");
    await tx.$queryRaw`select id from reviews where id = ${id}::uuid and business_id = ${businessId}::uuid for update`;
    return own(businessId, id, tx, anyKind);
  }

  function inboxWhere(businessId: string, f: InboxFilter): Prisma.ReviewWhereInput {
    return {
      businessId,
      ...(f.sources?.length ? { source: { in: f.sources } } : {}),
      ...(f.locationIds?.length ? { locationId: { in: f.locationIds } } : {}),
      ...(f.unanswered === true ? { status: { not: "replied" } } : f.unanswered === false ? { status: "replied" } : {}),
      ...(f.ratings?.length ? { rating: { in: f.ratings } } : {}),
      ...(f.sentiments?.length ? { sentiment: { in: f.sentiments } } : {}),
      ...(f.topics?.length ? { topics: { hasSome: f.topics } } : {}),
      ...(f.languages?.length ? { language: { in: f.languages } } : {}),
      ...(f.kinds?.length ? { kind: { in: f.kinds } } : {}),
      ...(f.from || f.to
        ? { reviewedAt: { ...(f.from ? { gte: dayOf(f.from) } : {}), ...(f.to ? { lte: dayOf(f.to) } : {}) } }
        : {}),
    };
  }

  /**
   * A suggested reply: in the guest's language, or Arabic then English. The writer gets the display
   * name, the text and the stars, the profile, and whether today is in Ramadan or Eid in Kuwait (an
   * hours question gets those hours). With it: the facts asked that the profile lacks (gaps), and
   * what a model's draft stated that the profile does not hold (rejected: the built-in draft is used).
   */
  async function writeSuggestion(
    r: Review,
    profile: Awaited<ReturnType<typeof loadBusinessProfile>>,
    languages: InboxReplyLanguages,
    seed?: number,
  ) {
    const guest = r.language === "ar" ? "ar" : "en";
    const order: ("ar" | "en")[] = languages === "both" ? ["ar", "en"] : [guest];
    const overrides = await holidayOverrideInputs(db);
    const season = hoursSeasonOn(kuwaitDate(now()), overrides);
    const parts: string[] = [];
    const gaps = new Set<string>();
    const rejected = new Set<string>();
    for (const language of order) {
      const w = await writeReply({
        review: { author: r.author, rating: starsFor(r), text: r.text, language, source: r.source },
        business: profile,
        seed,
        season,
      });
      parts.push(w.reply);
      for (const g of w.gaps ?? []) gaps.add(g);
      for (const x of w.rejected ?? []) rejected.add(x);
    }
    return { reply: parts.join("\n\n"), replyGaps: [...gaps], replyRejected: [...rejected] };
  }

  async function suggestOne(
    businessId: string,
    id: unknown,
    languages: InboxReplyLanguages,
    seed: number | undefined,
    anyKind: boolean,
  ) {
    // a suggested reply is writing with AI, which a stopped subscription may not (docs/product.md#subscriptions-and-billing)
    await requireRunning(db, businessId, "ai");
    const profile = await loadBusinessProfile(db, businessId);
    // the writer may be a model taking seconds: it writes outside the transaction, which then
    // checks that nobody replied or edited the item meanwhile
    const before = await own(businessId, id, db, anyKind);
    if (before.status === "replied") throw new AppError("INVALID_STATE");
    const { reply, replyGaps, replyRejected } = await writeSuggestion(before, profile, languages, seed);
    return db.$transaction(async (tx) => {
      const r = await lock(tx, businessId, id, anyKind);
      if (r.status === "replied" || r.text !== before.text) throw new AppError("INVALID_STATE");
      const withdraw = r.status === "approved" && reply !== r.reply;
      return tx.review.update({
        where: { id: r.id },
        data: { reply, replyGaps, replyRejected, ...(withdraw ? { status: "new", approvedAt: null } : {}) },
        include: withLocation,
      });
    });
  }

  async function updateOne(businessId: string, id: unknown, input: unknown, anyKind: boolean) {
    const { reply } = validate(reviewReplySchema, input);
    return db.$transaction(async (tx) => {
      const r = await lock(tx, businessId, id, anyKind);
      if (anyKind && r.status === "replied" && r.repliedVia === "sent") throw new AppError("INVALID_STATE");
      const withdraw = r.status === "approved" && reply !== r.reply;
      return tx.review.update({
        where: { id: r.id },
        data: { reply, ...(withdraw ? { status: "new", approvedAt: null } : {}) },
        include: withLocation,
      });
    });
  }

  async function approveOne(businessId: string, id: unknown, anyKind: boolean) {
    return db.$transaction(async (tx) => {
      const r = await lock(tx, businessId, id, anyKind);
      if (r.status !== "new") throw new AppError("INVALID_STATE");
      if (!r.reply?.trim()) throw new AppError("VALIDATION_ERROR", { reply: ["reviewReplyRequired"] });
      return tx.review.update({
        where: { id: r.id },
        data: { status: "approved", approvedAt: now() },
        include: withLocation,
      });
    });
  }

  /** The row to store for a valid review: its reading (language, sentiment, intent, topics) and its import key. */
  function rowOf(businessId: string, r: ReviewData, a: GuestMessageReading): Prisma.ReviewCreateManyInput {
    return {
      businessId,
      source: r.source,
      author: r.author,
      rating: r.rating,
      text: r.text,
      reviewedAt: dayOf(r.reviewedAt),
      language: a.language,
      sentiment: a.sentiment,
      intent: a.intent,
      topics: a.topics,
      importKey: reviewImportKey(r),
    };
  }

  async function stats(businessId: string): Promise<ReviewStats> {
    // one statement: the counts by status and by sentiment and the average, over the business's reviews
    const [r] = await db.$queryRaw<
      {
        total: number;
        new: number;
        approved: number;
        replied: number;
        positive: number;
        neutral: number;
        negative: number;
        average: number | null;
      }[]
    >`
      select count(*)::int as total,
             count(*) filter (where status = 'new')::int as new, count(*) filter (where status = 'approved')::int as approved,
             count(*) filter (where status = 'replied')::int as replied,
             count(*) filter (where sentiment = 'positive')::int as positive, count(*) filter (where sentiment = 'neutral')::int as neutral,
             count(*) filter (where sentiment = 'negative')::int as negative, avg(rating)::float8 as average
        from reviews where business_id = ${businessId}::uuid and kind = 'review'`;
    const status = (s: "new" | "approved" | "replied") => r![s];
    const sentiment = (s: "positive" | "neutral" | "negative") => r![s];
    const average = r!.average;
    return {
      total: r!.total,
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
        kind: "review",
        ...(q.status === "unanswered" ? { status: { not: "replied" } } : q.status ? { status: q.status } : {}),
        ...(q.rating ? { rating: q.rating } : {}),
        ...(q.sentiment ? { sentiment: q.sentiment } : {}),
      };
      const skip = o.skip ?? (q.page - 1) * q.limit;
      const [items, total, unanswered] = await Promise.all([
        db.review.findMany({
          where,
          orderBy: [{ reviewedAt: "desc" }, { createdAt: "desc" }, { id: "asc" }],
          skip,
          take: q.limit,
        }),
        db.review.count({ where }),
        db.review.count({ where: { businessId, kind: "review", status: { not: "replied" } } }),
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
      const [reading] = await readGuests([{ text: data.text, rating: data.rating, source: data.source }]);
      const row = rowOf(businessId, data, reading!);
      const { deliveries, ...answer } = await db.$transaction(async (tx) => {
        const existing = await tx.review.findUnique({
          where: { businessId_importKey: { businessId, importKey: row.importKey } },
        });
        if (existing) return { review: existing, created: false, deliveries: [] };
        const [inserted] = await tx.review.createManyAndReturn({ data: [row], skipDuplicates: true });
        // a second request with the same review won the race: answer with its row
        if (!inserted)
          return {
            review: await tx.review.findUniqueOrThrow({
              where: { businessId_importKey: { businessId, importKey: row.importKey } },
            }),
            created: false,
            deliveries: [],
          };
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
      if (typeof csv !== "string" || !csv.trim())
        throw new AppError("VALIDATION_ERROR", { file: ["reviewImportFileRequired"] });
      const read = readReviewCsv(csv);
      if (!read.ok) throw new AppError("VALIDATION_ERROR", { file: [read.problem] });
      const errors: ReviewImportResult["errors"] = [];
      const rows = new Map<string, Prisma.ReviewCreateManyInput>();
      let repeated = 0;
      const valid: ReviewData[] = [];
      for (const r of read.rows) {
        const parsed = reviewInputSchema.safeParse({
          source: r.source.trim() || "other",
          author: r.author,
          rating: r.rating,
          text: r.text,
          reviewedAt: r.date,
        });
        if (!parsed.success) errors.push({ line: r.line, messages: rowMessages(parsed.error, locale) });
        else valid.push(parsed.data);
      }
      // read in one go: a model reads them in a few batched requests, not one per row
      const readings = await readGuests(valid.map((d) => ({ text: d.text, rating: d.rating, source: d.source })));
      valid.forEach((d, i) => {
        const row = rowOf(businessId, d, readings[i]!);
        if (rows.has(row.importKey)) repeated++;
        else rows.set(row.importKey, row);
      });
      const { imported, deliveries } = rows.size
        ? await db.$transaction(async (tx) => {
            const inserted = await tx.review.createManyAndReturn({
              data: [...rows.values()],
              skipDuplicates: true,
              select: { id: true },
            });
            return {
              imported: inserted.length,
              deliveries: await record(
                tx,
                businessId,
                inserted.map((r) => r.id),
              ),
            };
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
      return suggestOne(businessId, id, "guest", seed, false);
    },

    /** The person's own words for the reply; an approved reply that changes goes back to new. */
    async updateReply(viewer: Viewer | null, id: unknown, input: unknown) {
      return updateOne(business(viewer).businessId, id, input, false);
    },

    /** new -> approved: the reply is ready to be posted. Needs a reply. */
    async approve(viewer: Viewer | null, id: unknown) {
      return approveOne(business(viewer).businessId, id, false);
    },

    /** new | approved -> replied: the answer is posted on the network (with Sufra's text or not). */
    async markReplied(viewer: Viewer | null, id: unknown) {
      const { businessId } = business(viewer);
      return db.$transaction(async (tx) => {
        const r = await lock(tx, businessId, id);
        if (r.status === "replied") throw new AppError("INVALID_STATE");
        if (r.sendingAt) throw new AppError("REPLY_IN_PROGRESS");
        return tx.review.update({
          where: { id: r.id },
          data: {
            status: "replied",
            repliedAt: now(),
            repliedVia: "marked",
            repliedById: viewer?.apiKeyId ? null : (viewer?.userId ?? null),
          },
        });
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

    // ---------------------------------------------------------------- the inbox (every kind)
    /** The inbox, newest first (by when the guest wrote), filtered; `skip` from the Relay cursor. */
    async inbox(viewer: Viewer | null, filter: unknown, page: { skip: number; take: number }) {
      const { businessId } = business(viewer);
      const f = validate(inboxFilterSchema, filter ?? {});
      const where = inboxWhere(businessId, f);
      const take = Math.min(Math.max(page.take, 1), 100);
      const [items, total] = await Promise.all([
        db.review.findMany({
          where,
          include: withLocation,
          orderBy: [{ writtenAt: "desc" }, { id: "asc" }],
          skip: page.skip,
          take,
        }),
        db.review.count({ where }),
      ]);
      return { items: items as InboxRow[], total };
    },

    inboxItem: async (viewer: Viewer | null, id: unknown): Promise<InboxRow> => {
      const { businessId } = business(viewer);
      const r = await own(businessId, id, db, true);
      return {
        ...r,
        location: r.locationId
          ? await db.googleLocation.findUnique({
              where: { id: r.locationId },
              select: { id: true, title: true, verified: true },
            })
          : null,
      };
    },

    /** Unanswered by source, negative ones not answered, and both per branch. */
    async inboxSummary(viewer: Viewer | null): Promise<InboxSummary> {
      const { businessId } = business(viewer);
      // one statement: what waits, by source, negative, by branch, and the branches to list
      const [r] = await db.$queryRaw<
        { bySource: unknown; negative: number; byLocation: unknown; locations: unknown }[]
      >`
        select
          (select coalesce(json_agg(x), '[]'::json) from (
             select source, count(*)::int as n from reviews where business_id = ${businessId}::uuid and status <> 'replied' group by source) x) as "bySource",
          (select count(*)::int from reviews where business_id = ${businessId}::uuid and status <> 'replied' and sentiment = 'negative') as "negative",
          (select coalesce(json_agg(x), '[]'::json) from (
             select location_id as "locationId", sentiment, count(*)::int as n from reviews
              where business_id = ${businessId}::uuid and status <> 'replied' and location_id is not null group by 1, 2) x) as "byLocation",
          (select coalesce(json_agg(x order by x.title, x.id), '[]'::json) from (
             select l.id, l.title, l.verified from google_locations l
              where l.business_id = ${businessId}::uuid and (l.picked or exists (select 1 from reviews rv where rv.location_id = l.id))) x) as "locations"`;
      const json = <T>(v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as T;
      const count = (n: number) => ({ _count: { _all: n } });
      const bySource = json<{ source: string; n: number }[]>(r!.bySource).map((x) => ({
        source: x.source,
        ...count(x.n),
      }));
      const negative = r!.negative;
      const byLocation = json<{ locationId: string; sentiment: string; n: number }[]>(r!.byLocation).map((x) => ({
        locationId: x.locationId,
        sentiment: x.sentiment,
        ...count(x.n),
      }));
      const locations = json<{ id: string; title: string; verified: boolean }[]>(r!.locations);
      return {
        unanswered: bySource.reduce((n, x) => n + x._count._all, 0),
        unansweredBySource: bySource
          .map((x) => ({ source: x.source, count: x._count._all }))
          .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)),
        negativeNew: negative,
        locations: locations.map((location) => {
          const rows = byLocation.filter((x) => x.locationId === location.id);
          return {
            location,
            unanswered: rows.reduce((n, x) => n + x._count._all, 0),
            negativeNew: rows.filter((x) => x.sentiment === "negative").reduce((n, x) => n + x._count._all, 0),
          };
        }),
      };
    },

    /** What the viewer may do with the item (a per-request look at the rule, then the item's own state). */
    async capabilities(viewer: Viewer | null, r: InboxRow): Promise<InboxCapabilities> {
      return capabilitiesOf(r, await replies.rights(viewer), now());
    },

    /**
     * The reply writer's first draft for items that just arrived from a network (the sync calls this
     * after storing them): in the guest's language, not approved, only where nobody has written one yet.
     * An item someone answered or changed meanwhile is left as it is; one failing does not stop the others.
     */
    async draftReplies(businessId: string, ids: string[]) {
      let drafted = 0;
      for (const id of ids) {
        try {
          const r = await db.review.findFirst({
            where: { id, businessId, status: "new", reply: null },
            select: { id: true },
          });
          if (!r) continue;
          await suggestOne(businessId, id, "guest", undefined, true);
          drafted++;
        } catch (e) {
          if (!(e instanceof AppError))
            deps.logger.warn("could not draft a reply", { businessId, reviewId: id, error: (e as Error).message });
        }
      }
      return drafted;
    },

    /** A suggested reply in the guest's language, or in Arabic then English; not approved. */
    async suggestInboxReply(viewer: Viewer | null, id: unknown, input: unknown = {}) {
      const { businessId } = business(viewer);
      const { seed, languages } = validate(suggestSchema, input ?? {});
      return suggestOne(businessId, id, languages, seed, true);
    },
    updateInboxReply: (viewer: Viewer | null, id: unknown, input: unknown) =>
      updateOne(business(viewer).businessId, id, input, true),
    approveInboxReply: (viewer: Viewer | null, id: unknown) => approveOne(business(viewer).businessId, id, true),

    /** Suggests replies for the unanswered positive items without one (within the filter), at most 50 at a time. */
    async suggestInboxReplies(viewer: Viewer | null, filter: unknown, input: unknown, locale: Locale) {
      const { businessId } = business(viewer);
      const f = validate(inboxFilterSchema, filter ?? {});
      const { languages } = validate(suggestSchema, input ?? {});
      await requireRunning(db, businessId, "ai");
      const rows = await db.review.findMany({
        where: { AND: [inboxWhere(businessId, f), { status: "new", sentiment: "positive", reply: null }] },
        orderBy: [{ writtenAt: "desc" }, { id: "asc" }],
        take: 50,
        select: { id: true },
      });
      if (!rows.length) return [];
      return replies.each(
        rows.map((r) => r.id),
        locale,
        (id) => suggestOne(businessId, id, languages, undefined, true),
      );
    },
    approveInboxReplies: (viewer: Viewer | null, ids: unknown, locale: Locale) => {
      const { businessId } = business(viewer);
      return replies.each(ids, locale, (id) => approveOne(businessId, id, true));
    },
    async sendInboxReplies(viewer: Viewer | null, ids: unknown, locale: Locale) {
      // refused as a whole (a key, someone not allowed to answer) before any item
      await replies.requireReplier(viewer);
      return replies.each(ids, locale, (id) => replies.send(viewer, id));
    },

    /** The business's inbox changed (a sync, the webhook, a reply sent): open inboxes refetch. */
    subscribe(viewer: Viewer | null) {
      const { businessId } = business(viewer);
      // "subscribed" first: an inbox opened just before a change reloads once it listens, so it misses nothing
      return startingWith(
        { businessId, reason: "subscribed" },
        only(deps.pubsub.subscribe("inbox.changed"), (e) => e.businessId === businessId),
      );
    },

    sendInboxReply: replies.send,
    deleteInboxReply: replies.deleteReply,
    markInboxHandled: replies.markHandled,
    hideInboxComment: replies.hide,
    sendPrivateReply: replies.privateReply,
    inboxSettings: replies.settings,
    setInboxSettings: replies.setSettings,
  };
}
