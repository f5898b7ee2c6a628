// Customer reviews at the GraphQL door: thin, every field calls the reviews service (the list as a
// Relay connection with its total and unanswered counts).
import { REVIEW_FILTERS, REVIEW_LANGUAGES, REVIEW_SENTIMENT_KEYS, REVIEW_SOURCE_KEYS, REVIEW_STATUS_KEYS, REVIEW_TOPIC_KEYS } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { connectionComplexity, DEFAULT_PAGE_SIZE, offsetAfter, offsetConnection } from "../../kernel/pagination.ts";
import type { Review as ReviewRow } from "../../generated/prisma/client.ts";
import type { ReviewImportResult, ReviewStats as ReviewStatsShape } from "./inbox.service.ts";


export const ReviewSourceEnum = builder.enumType("ReviewSource", { description: "Where the review was posted.", values: upper(REVIEW_SOURCE_KEYS, {
    google: "Google, the search and maps reviews.",
    instagram: "Instagram, the network.",
    talabat: "Talabat, the delivery app.",
    deliveroo: "Deliveroo, the delivery app.",
    carriage: "Carriage, the delivery app.",
    facebook: "Facebook, the network.",
    tripadvisor: "Tripadvisor, the travel site.",
    manual: "Entered by hand, without a source.",
    other: "Another place than those listed.",
  }) });
export const ReviewStatusEnum = builder.enumType("ReviewStatus", { description: "new: no approved reply yet; approved: the reply is ready; replied: answered on the network.", values: upper(REVIEW_STATUS_KEYS, { new: "No approved reply yet.", approved: "The reply is approved and ready to post.", replied: "Answered on the network (marked by a person)." }) });
export const ReviewFilterEnum = builder.enumType("ReviewFilter", { description: "A status, or UNANSWERED: every review not yet replied to.", values: upper(REVIEW_FILTERS, { unanswered: "Every review not yet replied to (new or approved).", new: "Reviews with no approved reply yet.", approved: "Reviews whose reply is approved, not yet posted.", replied: "Reviews answered on the network." }) });
export const ReviewSentimentEnum = builder.enumType("ReviewSentiment", { description: "How the review feels, read from its text and rating.", values: upper(REVIEW_SENTIMENT_KEYS, { positive: "Pleased: praise, thanks.", neutral: "Neither pleased nor displeased, or mixed.", negative: "Displeased: a complaint." }) });
export const ReviewTopicEnum = builder.enumType("ReviewTopic", { description: "What a review talks about.", values: upper(REVIEW_TOPIC_KEYS, { food: "The food: taste, portions, quality.", service: "The service and the staff.", delivery: "Delivery time and how the order arrived.", price: "Prices and value.", cleanliness: "Cleanliness of the place." }) });
export const ReviewLanguageEnum = builder.enumType("ReviewLanguage", { description: "The review's language, read from its text; the suggested reply is written in it.", values: upper(REVIEW_LANGUAGES, { en: "Written in English.", ar: "Written in Arabic." }) });

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;

const asEnum = <T extends string>(allowed: readonly T[], v: string, fallback: T): T => ((allowed as readonly string[]).includes(v) ? (v as T) : fallback);

export const Review = builder.objectRef<ReviewRow>("Review").implement({
  description: "A customer's review and the business's reply to it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The review's id (a UUID)." }),
    source: t.field({ description: "Where it was posted.", type: ReviewSourceEnum, resolve: (r) => asEnum(REVIEW_SOURCE_KEYS, r.source, "other") }),
    author: t.exposeString("author", { description: "The customer's name as shown where it was posted (up to 80 characters)." }),
    rating: t.int({ description: "The customer's rating, 1 to 5 stars.", resolve: (r) => r.rating ?? 0 }),
    text: t.exposeString("text", { description: "What the customer wrote (up to 2,000 characters)." }),
    language: t.field({ description: "Its language, read from its text.", type: ReviewLanguageEnum, resolve: (r) => asEnum(REVIEW_LANGUAGES, r.language, "en") }),
    reviewedAt: t.string({ description: "The day it was written, YYYY-MM-DD (a calendar day as the source gave it, no time zone).", resolve: (r) => r.reviewedAt.toISOString().slice(0, 10) }),
    sentiment: t.field({ description: "How it feels, read from its text and rating.", type: ReviewSentimentEnum, resolve: (r) => asEnum(REVIEW_SENTIMENT_KEYS, r.sentiment, "neutral") }),
    topics: t.field({ description: "What it talks about; empty when nothing was recognised.", type: [ReviewTopicEnum], complexity: 1, resolve: (r) => r.topics.filter((x): x is (typeof REVIEW_TOPIC_KEYS)[number] => (REVIEW_TOPIC_KEYS as readonly string[]).includes(x)) }),
    reply: t.exposeString("reply", { nullable: true, description: "The suggested or edited reply; null before one is written." }),
    status: t.field({ description: "Where its reply stands.", type: ReviewStatusEnum, resolve: (r) => r.status }),
    approvedAt: t.expose("approvedAt", { description: "When the reply was approved (UTC); null before.", type: "DateTime", nullable: true }),
    repliedAt: t.expose("repliedAt", { description: "When it was marked replied (UTC); null before.", type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { description: "When it came into Sufra (UTC).", type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { description: "When it or its reply last changed (UTC).", type: "DateTime" }),
  }),
});

const ReviewStats = builder.objectRef<ReviewStatsShape>("ReviewStats").implement({
  description: "The business's review counts: for the dashboard and the review tabs.",
  fields: (t) => ({
    total: t.exposeInt("total", { description: "All the business's reviews." }),
    unanswered: t.exposeInt("unanswered", { description: "Reviews not yet replied to (new or approved)." }),
    new: t.exposeInt("new", { description: "Reviews with no approved reply yet." }),
    approved: t.exposeInt("approved", { description: "Reviews whose reply is approved, not yet posted." }),
    replied: t.exposeInt("replied", { description: "Reviews answered on the network." }),
    positive: t.exposeInt("positive", { description: "Reviews read as positive." }),
    neutral: t.exposeInt("neutral", { description: "Reviews read as neutral." }),
    negative: t.exposeInt("negative", { description: "Reviews read as negative." }),
    averageRating: t.exposeFloat("averageRating", { description: "The average rating in stars (1 to 5, two decimals); null without reviews.", nullable: true }),
  }),
});

const ReviewImportError = builder.objectRef<ReviewImportResult["errors"][number]>("ReviewImportError").implement({ description: "A row of a CSV import that was refused.",
  fields: (t) => ({
    line: t.exposeInt("line", { description: "The line of the file the row starts on (the header is line 1)" }),
    messages: t.exposeStringList("messages", { description: "What is wrong, in the caller's language" }),
  }),
});

const ReviewImportResultRef = builder.objectRef<ReviewImportResult>("ReviewImportResult").implement({ description: "What a CSV import stored: the good rows are kept, the wrong ones listed.",
  fields: (t) => ({
    imported: t.exposeInt("imported", { description: "Reviews stored by this import." }),
    duplicates: t.exposeInt("duplicates", { description: "Rows already in Sufra or repeated in the file" }),
    errors: t.field({ description: "The refused rows; empty when every row was good.", type: [ReviewImportError], complexity: { field: 1, multiplier: 20 }, resolve: (r) => r.errors }),
  }),
});

const ReviewInput = builder.inputType("ReviewInput", { description: "A review entered by hand.",
  fields: (t) => ({
    source: t.field({ type: ReviewSourceEnum, required: true, description: "Where it was posted." }),
    author: t.string({ required: true, description: "The customer's name, 1 to 80 characters." }),
    rating: t.int({ required: true, description: "The rating, 1 to 5 stars." }),
    text: t.string({ required: true, description: "What the customer wrote, 1 to 2,000 characters." }),
    reviewedAt: t.string({ required: true, description: "The day it was written, YYYY-MM-DD, not in the future." }),
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
        status: t.arg({ description: "Only reviews in this state; all when left out.", type: ReviewFilterEnum }),
        rating: t.arg.int({ description: "Only reviews with this many stars (1 to 5)." }),
        sentiment: t.arg({ description: "Only reviews with this sentiment.", type: ReviewSentimentEnum }),
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
        totalCount: c.int({ description: "How many reviews match the filters, on every page.", resolve: (conn) => (conn as unknown as Counts).totalCount }),
        unansweredCount: c.int({ description: "The business's reviews not yet replied to, whatever the filters", resolve: (conn) => (conn as unknown as Counts).unansweredCount }),
      }),
    },
  ),
  review: t.field({ type: Review, ...ofBusiness, description: "One review of the caller's business; NOT_FOUND for another business's.", args: { id: t.arg.id({ required: true, description: "The review's id." }) }, resolve: (_r, { id }, ctx) => ctx.services.reviews.get(ctx.viewer, String(id)) }),
  reviewStats: t.field({ type: ReviewStats, ...ofBusiness, description: "The business's review counts and average rating. People of the business or its API key.", resolve: (_r, _a, ctx) => ctx.services.reviews.stats(ctx.viewer) }),
}));

builder.mutationFields((t) => ({
  createReview: t.field({
    type: Review,
    ...ofBusiness,
    description: "A review entered by hand; the same review again answers the one already stored.",
    args: { input: t.arg({ type: ReviewInput, required: true, description: "The review to store." }) },
    resolve: async (_r, { input }, ctx) => (await ctx.services.reviews.create(ctx.viewer, input)).review,
  }),
  importReviews: t.field({
    type: ReviewImportResultRef,
    ...ofBusiness,
    description: "Reviews from a CSV text (header source,author,rating,text,date, or المصدر,الكاتب,التقييم,النص,التاريخ).",
    args: { csv: t.arg.string({ required: true, description: "The file's text (UTF-8); comma, semicolon or tab separated." }) },
    resolve: (_r, { csv }, ctx) => ctx.services.reviews.importCsv(ctx.viewer, csv, ctx.meta.locale),
  }),
  suggestReviewReply: t.field({
    type: Review,
    ...ofBusiness,
    description: "Writes a suggested reply (in the review's language) into the review; it is not approved.",
    args: { id: t.arg.id({ required: true, description: "The review's id." }), seed: t.arg.int({ description: "The same seed gives the same reply; a new one when left out." }) },
    resolve: (_r, { id, seed }, ctx) => ctx.services.reviews.suggestReply(ctx.viewer, String(id), { seed: seed ?? undefined }),
  }),
  updateReviewReply: t.field({ description: "Replaces the review's reply with the person's text; an approved reply that changes goes back to NEW, to be approved again.",
    type: Review,
    ...ofBusiness,
    args: { id: t.arg.id({ required: true, description: "The review's id." }), reply: t.arg.string({ required: true, description: "The reply's text." }) },
    resolve: (_r, { id, reply }, ctx) => ctx.services.reviews.updateReply(ctx.viewer, String(id), { reply }),
  }),
  approveReviewReply: t.field({ type: Review, ...ofBusiness, description: "Approves the review's reply: it is ready to post (status APPROVED).", args: { id: t.arg.id({ required: true, description: "The review's id." }) }, resolve: (_r, { id }, ctx) => ctx.services.reviews.approve(ctx.viewer, String(id)) }),
  markReviewReplied: t.field({ type: Review, ...ofBusiness, description: "Marks the review answered on the network (status REPLIED).", args: { id: t.arg.id({ required: true, description: "The review's id." }) }, resolve: (_r, { id }, ctx) => ctx.services.reviews.markReplied(ctx.viewer, String(id)) }),
  deleteReview: t.id({ ...ofBusiness, description: "Deletes a review; answers its id.", args: { id: t.arg.id({ required: true, description: "The review's id." }) }, resolve: async (_r, { id }, ctx) => (await ctx.services.reviews.remove(ctx.viewer, String(id))).id }),
}));
