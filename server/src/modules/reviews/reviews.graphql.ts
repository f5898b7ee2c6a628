// Customer reviews at the GraphQL door: thin, every field calls the reviews service (the list as a
// Relay connection with its total and unanswered counts).
import { REVIEW_FILTERS, REVIEW_LANGUAGES, REVIEW_SENTIMENT_KEYS, REVIEW_SOURCE_KEYS, REVIEW_STATUS_KEYS, REVIEW_TOPIC_KEYS } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { connectionComplexity, DEFAULT_PAGE_SIZE, offsetAfter, offsetConnection } from "../../kernel/pagination.ts";
import type { Review as ReviewRow } from "../../generated/prisma/client.ts";
import type { ReviewImportResult, ReviewStats as ReviewStatsShape } from "./reviews.service.ts";


export const ReviewSourceEnum = builder.enumType("ReviewSource", { description: "Where the review was posted.", values: upper(REVIEW_SOURCE_KEYS) });
export const ReviewStatusEnum = builder.enumType("ReviewStatus", { description: "new: no approved reply yet; approved: the reply is ready; replied: answered on the network.", values: upper(REVIEW_STATUS_KEYS) });
export const ReviewFilterEnum = builder.enumType("ReviewFilter", { description: "A status, or UNANSWERED: every review not yet replied to.", values: upper(REVIEW_FILTERS) });
export const ReviewSentimentEnum = builder.enumType("ReviewSentiment", { values: upper(REVIEW_SENTIMENT_KEYS) });
export const ReviewTopicEnum = builder.enumType("ReviewTopic", { description: "What a review talks about.", values: upper(REVIEW_TOPIC_KEYS) });
export const ReviewLanguageEnum = builder.enumType("ReviewLanguage", { description: "The review's language, read from its text; the suggested reply is written in it.", values: upper(REVIEW_LANGUAGES) });

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;

const asEnum = <T extends string>(allowed: readonly T[], v: string, fallback: T): T => ((allowed as readonly string[]).includes(v) ? (v as T) : fallback);

export const Review = builder.objectRef<ReviewRow>("Review").implement({
  description: "A customer's review and the business's reply to it.",
  fields: (t) => ({
    id: t.exposeID("id"),
    source: t.field({ type: ReviewSourceEnum, resolve: (r) => asEnum(REVIEW_SOURCE_KEYS, r.source, "other") }),
    author: t.exposeString("author"),
    rating: t.exposeInt("rating", { description: "1 to 5 stars" }),
    text: t.exposeString("text"),
    language: t.field({ type: ReviewLanguageEnum, resolve: (r) => asEnum(REVIEW_LANGUAGES, r.language, "en") }),
    reviewedAt: t.string({ description: "The day it was written, YYYY-MM-DD", resolve: (r) => r.reviewedAt.toISOString().slice(0, 10) }),
    sentiment: t.field({ type: ReviewSentimentEnum, resolve: (r) => asEnum(REVIEW_SENTIMENT_KEYS, r.sentiment, "neutral") }),
    topics: t.field({ type: [ReviewTopicEnum], complexity: 1, resolve: (r) => r.topics.filter((x): x is (typeof REVIEW_TOPIC_KEYS)[number] => (REVIEW_TOPIC_KEYS as readonly string[]).includes(x)) }),
    reply: t.exposeString("reply", { nullable: true, description: "The suggested or edited reply" }),
    status: t.field({ type: ReviewStatusEnum, resolve: (r) => r.status }),
    approvedAt: t.expose("approvedAt", { type: "DateTime", nullable: true }),
    repliedAt: t.expose("repliedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
  }),
});

const ReviewStats = builder.objectRef<ReviewStatsShape>("ReviewStats").implement({
  description: "The business's review counts: for the dashboard and the review tabs.",
  fields: (t) => ({
    total: t.exposeInt("total"),
    unanswered: t.exposeInt("unanswered", { description: "Not yet replied to (new or approved)" }),
    new: t.exposeInt("new"),
    approved: t.exposeInt("approved"),
    replied: t.exposeInt("replied"),
    positive: t.exposeInt("positive"),
    neutral: t.exposeInt("neutral"),
    negative: t.exposeInt("negative"),
    averageRating: t.exposeFloat("averageRating", { nullable: true }),
  }),
});

const ReviewImportError = builder.objectRef<ReviewImportResult["errors"][number]>("ReviewImportError").implement({
  fields: (t) => ({
    line: t.exposeInt("line", { description: "The line of the file the row starts on (the header is line 1)" }),
    messages: t.exposeStringList("messages", { description: "What is wrong, in the caller's language" }),
  }),
});

const ReviewImportResultRef = builder.objectRef<ReviewImportResult>("ReviewImportResult").implement({
  fields: (t) => ({
    imported: t.exposeInt("imported"),
    duplicates: t.exposeInt("duplicates", { description: "Rows already in Sufra or repeated in the file" }),
    errors: t.field({ type: [ReviewImportError], complexity: { field: 1, multiplier: 20 }, resolve: (r) => r.errors }),
  }),
});

const ReviewInput = builder.inputType("ReviewInput", {
  fields: (t) => ({
    source: t.field({ type: ReviewSourceEnum, required: true }),
    author: t.string({ required: true }),
    rating: t.int({ required: true }),
    text: t.string({ required: true }),
    reviewedAt: t.string({ required: true, description: "YYYY-MM-DD, not in the future" }),
  }),
});

type Counts = { totalCount: number; unansweredCount: number };

builder.queryFields((t) => ({
  reviews: t.connection(
    {
      type: Review,
      ...ofBusiness,
      description: "The business's reviews, newest first.",
      args: {
        status: t.arg({ type: ReviewFilterEnum }),
        rating: t.arg.int(),
        sentiment: t.arg({ type: ReviewSentimentEnum }),
      },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const skip = offsetAfter(args.after);
        const r = await ctx.services.reviews.list(ctx.viewer, { status: args.status ?? undefined, rating: args.rating ?? undefined, sentiment: args.sentiment ?? undefined, limit: args.first ?? DEFAULT_PAGE_SIZE }, { skip });
        return {
          ...offsetConnection(r.items, skip, r.total),
          totalCount: r.total,
          unansweredCount: r.unanswered,
        };
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({ description: "Reviews matching the filters", resolve: (conn) => (conn as unknown as Counts).totalCount }),
        unansweredCount: c.int({ description: "The business's reviews not yet replied to, whatever the filters", resolve: (conn) => (conn as unknown as Counts).unansweredCount }),
      }),
    },
  ),
  review: t.field({ type: Review, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.reviews.get(ctx.viewer, String(id)) }),
  reviewStats: t.field({ type: ReviewStats, ...ofBusiness, resolve: (_r, _a, ctx) => ctx.services.reviews.stats(ctx.viewer) }),
}));

builder.mutationFields((t) => ({
  createReview: t.field({
    type: Review,
    ...ofBusiness,
    description: "A review entered by hand; the same review again answers the one already stored.",
    args: { input: t.arg({ type: ReviewInput, required: true }) },
    resolve: async (_r, { input }, ctx) => (await ctx.services.reviews.create(ctx.viewer, input)).review,
  }),
  importReviews: t.field({
    type: ReviewImportResultRef,
    ...ofBusiness,
    description: "Reviews from a CSV text (header source,author,rating,text,date, or المصدر,الكاتب,التقييم,النص,التاريخ).",
    args: { csv: t.arg.string({ required: true }) },
    resolve: (_r, { csv }, ctx) => ctx.services.reviews.importCsv(ctx.viewer, csv, ctx.meta.locale),
  }),
  suggestReviewReply: t.field({
    type: Review,
    ...ofBusiness,
    description: "Writes a suggested reply (in the review's language) into the review; it is not approved.",
    args: { id: t.arg.id({ required: true }), seed: t.arg.int({ description: "The same seed gives the same reply" }) },
    resolve: (_r, { id, seed }, ctx) => ctx.services.reviews.suggestReply(ctx.viewer, String(id), { seed: seed ?? undefined }),
  }),
  updateReviewReply: t.field({
    type: Review,
    ...ofBusiness,
    args: { id: t.arg.id({ required: true }), reply: t.arg.string({ required: true }) },
    resolve: (_r, { id, reply }, ctx) => ctx.services.reviews.updateReply(ctx.viewer, String(id), { reply }),
  }),
  approveReviewReply: t.field({ type: Review, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.reviews.approve(ctx.viewer, String(id)) }),
  markReviewReplied: t.field({ type: Review, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.reviews.markReplied(ctx.viewer, String(id)) }),
  deleteReview: t.id({ ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: async (_r, { id }, ctx) => (await ctx.services.reviews.remove(ctx.viewer, String(id))).id }),
}));
