// Customer reviews at the GraphQL door: thin, every field calls the reviews service (the list as a
// Relay connection with its total and unanswered counts).
import {
  REPLY_GAPS,
  REVIEW_FILTERS,
  REVIEW_INTENT_KEYS,
  REVIEW_LANGUAGES,
  REVIEW_SENTIMENT_KEYS,
  REVIEW_SOURCE_KEYS,
  REVIEW_STATUS_KEYS,
  REVIEW_TOPIC_KEYS,
  type ReplyGap,
} from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { connectionComplexity, DEFAULT_PAGE_SIZE, offsetAfter, offsetConnection } from "../../kernel/pagination.ts";
import type { Review as ReviewRow } from "../../generated/prisma/client.ts";
import type {
  InboxSummary as InboxSummaryShape,
  ReviewImportResult,
  ReviewStats as ReviewStatsShape,
} from "./inbox.service.ts";
import { threadOf, type BulkItemResult, type InboxRow } from "./replies.ts";

const ReviewSourceEnum = builder.enumType("ReviewSource", {
  description: "Where the review was posted.",
  values: upper(REVIEW_SOURCE_KEYS, {
    google: "Google, the search and maps reviews.",
    instagram: "Instagram, the network.",
    talabat: "Talabat, the delivery app.",
    deliveroo: "Deliveroo, the delivery app.",
    carriage: "Carriage, the delivery app.",
    facebook: "Facebook, the network.",
    tripadvisor: "Tripadvisor, the travel site.",
    manual: "Entered by hand, without a source.",
    other: "Another place than those listed.",
  }),
});
const ReviewStatusEnum = builder.enumType("ReviewStatus", {
  description: "new: no approved reply yet; approved: the reply is ready; replied: answered on the network.",
  values: upper(REVIEW_STATUS_KEYS, {
    new: "No approved reply yet.",
    approved: "The reply is approved and ready to post.",
    replied: "Answered on the network (marked by a person).",
  }),
});
const ReviewFilterEnum = builder.enumType("ReviewFilter", {
  description: "A status, or UNANSWERED: every review not yet replied to.",
  values: upper(REVIEW_FILTERS, {
    unanswered: "Every review not yet replied to (new or approved).",
    new: "Reviews with no approved reply yet.",
    approved: "Reviews whose reply is approved, not yet posted.",
    replied: "Reviews answered on the network.",
  }),
});
const ReviewSentimentEnum = builder.enumType("ReviewSentiment", {
  description: "How the review feels, read from its text and rating.",
  values: upper(REVIEW_SENTIMENT_KEYS, {
    positive: "Pleased: praise, thanks.",
    neutral: "Neither pleased nor displeased, or mixed.",
    negative: "Displeased: a complaint.",
  }),
});
const ReviewIntentEnum = builder.enumType("ReviewIntent", {
  description: "What a guest's message asks of the business, read from its words (docs/product.md#inbox).",
  values: upper(REVIEW_INTENT_KEYS, {
    question: "A question to answer (where, when, is there delivery...); never a complaint for being a question.",
    complaint: "Displeased: something to put right.",
    praise: "Pleased: thanks, compliments.",
    order: "An order or a booking.",
    other: "Nothing asked or felt: a tag, an emoji, a remark.",
  }),
});
const ReviewTopicEnum = builder.enumType("ReviewTopic", {
  description: "What a review talks about.",
  values: upper(REVIEW_TOPIC_KEYS, {
    food: "The food: taste, portions, quality.",
    service: "The service and the staff.",
    delivery: "Delivery time and how the order arrived.",
    price: "Prices and value.",
    cleanliness: "Cleanliness of the place.",
  }),
});
const ReviewLanguageEnum = builder.enumType("ReviewLanguage", {
  description: "The review's language, read from its text; the suggested reply is written in it.",
  values: upper(REVIEW_LANGUAGES, { en: "Written in English.", ar: "Written in Arabic." }),
});

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;

/** The reviews doors list kind review only, whose rating is never null (a comment's id there is NOT_FOUND). */
const starsOf = (r: ReviewRow): number => {
  if (r.rating == null) throw new Error(`review ${r.id} has no rating`);
  return r.rating;
};

const asEnum = <T extends string>(allowed: readonly T[], v: string, fallback: T): T =>
  (allowed as readonly string[]).includes(v) ? (v as T) : fallback;

const ReplyGapEnum = builder.enumType("ReplyGap", {
  description: "A fact a guest asked for that the business profile does not hold.",
  values: upper(REPLY_GAPS, {
    address: "The street address.",
    map_link: "A Google Maps or Apple Maps link.",
    hours: "The everyday opening hours.",
    ramadan_hours: "Opening hours during Ramadan.",
    eid_hours: "Opening hours on Eid.",
    delivery_apps: "The delivery apps the café is on.",
    reservations: "How guests book a table.",
    menu: "The menu item asked about.",
    prices: "The price asked about.",
  }),
});
const gapsOf = (r: ReviewRow) =>
  r.replyGaps.filter((g): g is ReplyGap => (REPLY_GAPS as readonly string[]).includes(g));

const Review = builder.objectRef<ReviewRow>("Review").implement({
  description: "A customer's review and the business's reply to it.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The review's id (a UUID)." }),
    source: t.field({
      description: "Where it was posted.",
      type: ReviewSourceEnum,
      resolve: (r) => asEnum(REVIEW_SOURCE_KEYS, r.source, "other"),
    }),
    author: t.exposeString("author", {
      description: "The customer's name as shown where it was posted (up to 80 characters).",
    }),
    rating: t.int({ description: "The customer's rating, 1 to 5 stars.", resolve: starsOf }),
    text: t.exposeString("text", { description: "What the customer wrote (up to 2,000 characters)." }),
    language: t.field({
      description: "Its language, read from its text.",
      type: ReviewLanguageEnum,
      resolve: (r) => asEnum(REVIEW_LANGUAGES, r.language, "en"),
    }),
    reviewedAt: t.string({
      description: "The day it was written, YYYY-MM-DD (a calendar day as the source gave it, no time zone).",
      resolve: (r) => r.reviewedAt.toISOString().slice(0, 10),
    }),
    sentiment: t.field({
      description: "How it feels, read from its text and rating.",
      type: ReviewSentimentEnum,
      resolve: (r) => asEnum(REVIEW_SENTIMENT_KEYS, r.sentiment, "neutral"),
    }),
    intent: t.field({
      description: "What it asks of the business, read from its text.",
      type: ReviewIntentEnum,
      resolve: (r) => asEnum(REVIEW_INTENT_KEYS, r.intent, "other"),
    }),
    topics: t.field({
      description: "What it talks about; empty when nothing was recognised.",
      type: [ReviewTopicEnum],
      complexity: 1,
      resolve: (r) =>
        r.topics.filter((x): x is (typeof REVIEW_TOPIC_KEYS)[number] =>
          (REVIEW_TOPIC_KEYS as readonly string[]).includes(x),
        ),
    }),
    reply: t.exposeString("reply", {
      nullable: true,
      description: "The suggested or edited reply; null before one is written.",
    }),
    replyGaps: t.field({
      description:
        "Facts the guest asked that the business profile lacked when the reply was suggested: the draft promises them; fill them in the profile.",
      type: [ReplyGapEnum],
      complexity: 1,
      resolve: (r) => gapsOf(r),
    }),
    replyRejected: t.stringList({
      description:
        "What the configured model's draft stated that the profile does not hold; its draft was not used (the built-in one was). Empty: nothing rejected.",
      complexity: 1,
      resolve: (r) => r.replyRejected,
    }),
    status: t.field({ description: "Where its reply stands.", type: ReviewStatusEnum, resolve: (r) => r.status }),
    approvedAt: t.expose("approvedAt", {
      description: "When the reply was approved (UTC); null before.",
      type: "DateTime",
      nullable: true,
    }),
    repliedAt: t.expose("repliedAt", {
      description: "When it was marked replied (UTC); null before.",
      type: "DateTime",
      nullable: true,
    }),
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
    averageRating: t.exposeFloat("averageRating", {
      description: "The average rating in stars (1 to 5, two decimals); null without reviews.",
      nullable: true,
    }),
  }),
});

const ReviewImportError = builder.objectRef<ReviewImportResult["errors"][number]>("ReviewImportError").implement({
  description: "A row of a CSV import that was refused.",
  fields: (t) => ({
    line: t.exposeInt("line", { description: "The line of the file the row starts on (the header is line 1)" }),
    messages: t.exposeStringList("messages", { description: "What is wrong, in the caller's language" }),
  }),
});

const ReviewImportResultRef = builder.objectRef<ReviewImportResult>("ReviewImportResult").implement({
  description: "What a CSV import stored: the good rows are kept, the wrong ones listed.",
  fields: (t) => ({
    imported: t.exposeInt("imported", { description: "Reviews stored by this import." }),
    duplicates: t.exposeInt("duplicates", { description: "Rows already in Sufra or repeated in the file" }),
    errors: t.field({
      description: "The refused rows; empty when every row was good.",
      type: [ReviewImportError],
      complexity: { field: 1, multiplier: 20 },
      resolve: (r) => r.errors,
    }),
  }),
});

const ReviewInput = builder.inputType("ReviewInput", {
  description: "A review entered by hand.",
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
        const r = await ctx.services.reviews.list(
          ctx.viewer,
          {
            status: args.status ?? undefined,
            rating: args.rating ?? undefined,
            sentiment: args.sentiment ?? undefined,
            limit: args.first ?? DEFAULT_PAGE_SIZE,
          },
          { skip },
        );
        return {
          ...offsetConnection(r.items, skip, r.total),
          totalCount: r.total,
          unansweredCount: r.unanswered,
        };
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: "How many reviews match the filters, on every page.",
          resolve: (conn) => (conn as unknown as Counts).totalCount,
        }),
        unansweredCount: c.int({
          description: "The business's reviews not yet replied to, whatever the filters",
          resolve: (conn) => (conn as unknown as Counts).unansweredCount,
        }),
      }),
    },
  ),
  review: t.field({
    type: Review,
    ...ofBusiness,
    description: "One review of the caller's business; NOT_FOUND for another business's.",
    args: { id: t.arg.id({ required: true, description: "The review's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.reviews.get(ctx.viewer, String(id)),
  }),
  reviewStats: t.field({
    type: ReviewStats,
    ...ofBusiness,
    description: "The business's review counts and average rating. People of the business or its API key.",
    resolve: (_r, _a, ctx) => ctx.services.reviews.stats(ctx.viewer),
  }),
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
    description:
      "Reviews from a CSV text (header source,author,rating,text,date, or المصدر,الكاتب,التقييم,النص,التاريخ).",
    args: {
      csv: t.arg.string({ required: true, description: "The file's text (UTF-8); comma, semicolon or tab separated." }),
    },
    resolve: (_r, { csv }, ctx) => ctx.services.reviews.importCsv(ctx.viewer, csv, ctx.meta.locale),
  }),
  suggestReviewReply: t.field({
    type: Review,
    ...ofBusiness,
    description: "Writes a suggested reply (in the review's language) into the review; it is not approved.",
    args: {
      id: t.arg.id({ required: true, description: "The review's id." }),
      seed: t.arg.int({ description: "The same seed gives the same reply; a new one when left out." }),
    },
    resolve: (_r, { id, seed }, ctx) =>
      ctx.services.reviews.suggestReply(ctx.viewer, String(id), { seed: seed ?? undefined }),
  }),
  updateReviewReply: t.field({
    description:
      "Replaces the review's reply with the person's text; an approved reply that changes goes back to NEW, to be approved again.",
    type: Review,
    ...ofBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The review's id." }),
      reply: t.arg.string({ required: true, description: "The reply's text." }),
    },
    resolve: (_r, { id, reply }, ctx) => ctx.services.reviews.updateReply(ctx.viewer, String(id), { reply }),
  }),
  approveReviewReply: t.field({
    type: Review,
    ...ofBusiness,
    description: "Approves the review's reply: it is ready to post (status APPROVED).",
    args: { id: t.arg.id({ required: true, description: "The review's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.reviews.approve(ctx.viewer, String(id)),
  }),
  markReviewReplied: t.field({
    type: Review,
    ...ofBusiness,
    description: "Marks the review answered on the network (status REPLIED).",
    args: { id: t.arg.id({ required: true, description: "The review's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.reviews.markReplied(ctx.viewer, String(id)),
  }),
  deleteReview: t.id({
    ...ofBusiness,
    description: "Deletes a review; answers its id.",
    args: { id: t.arg.id({ required: true, description: "The review's id." }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.reviews.remove(ctx.viewer, String(id))).id,
  }),
}));

// ---------------------------------------------------------------- the inbox: every guest item, answered from Sufra
const INBOX_KINDS = ["review", "comment"] as const;
const REPLIED_VIA = ["sent", "network", "marked"] as const;
const InboxKindEnum = builder.enumType("InboxKind", {
  description: "What the guest wrote.",
  values: upper(INBOX_KINDS, {
    review: "A review, with stars (Google, typed or imported).",
    comment: "A comment under the business's own Instagram post, without stars.",
  }),
});
const InboxRepliedViaEnum = builder.enumType("InboxRepliedVia", {
  description: "How the answer got out.",
  values: upper(REPLIED_VIA, {
    sent: "Sent by Sufra through the network.",
    network: "Found already answered on the network by a sync.",
    marked: "A person marked it replied or handled.",
  }),
});
const InboxReplyLanguagesEnum = builder.enumType("InboxReplyLanguages", {
  description: "The languages of a suggested reply.",
  values: upper(["guest", "both"] as const, { guest: "The guest's own language.", both: "Arabic, then English." }),
});

const InboxLocation = builder.objectRef<{ id: string; title: string; verified: boolean }>("InboxLocation").implement({
  description: "The Google location (branch) a review is about.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The location's id in Sufra (a UUID)." }),
    title: t.exposeString("title", { description: "The branch's name on Google." }),
    verified: t.exposeBoolean("verified", { description: "Google lets the business manage it: replies need it." }),
  }),
});

const InboxThreadEntry = builder
  .objectRef<{ author: string; text: string; at: string; fromBusiness: boolean }>("InboxThreadEntry")
  .implement({
    description: "A reply under a comment, as the network lists it.",
    fields: (t) => ({
      author: t.exposeString("author", { description: "Who wrote it (a username)." }),
      text: t.exposeString("text", { description: "What they wrote." }),
      at: t.exposeString("at", { description: "When (an ISO 8601 instant, UTC)." }),
      fromBusiness: t.exposeBoolean("fromBusiness", { description: "Written by the business's own account." }),
    }),
  });

const languageOf = (r: ReviewRow) => asEnum(REVIEW_LANGUAGES, r.language, "en");

const InboxItem = builder.objectRef<InboxRow>("InboxItem").implement({
  description: "Something a guest wrote to the business (a review or a comment) and the business's answer.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The item's id (a UUID)." }),
    kind: t.field({
      description: "A review or a comment.",
      type: InboxKindEnum,
      resolve: (r) => asEnum(INBOX_KINDS, r.kind, "review"),
    }),
    source: t.field({
      description: "Where it was written.",
      type: ReviewSourceEnum,
      resolve: (r) => asEnum(REVIEW_SOURCE_KEYS, r.source, "other"),
    }),
    author: t.exposeString("author", {
      description: "The guest's display name or username; nothing else about the guest is kept.",
    }),
    rating: t.int({ nullable: true, description: "The stars, 1 to 5; null for a comment.", resolve: (r) => r.rating }),
    text: t.exposeString("text", {
      description: "What the guest wrote; may be empty (a Google review with stars only).",
    }),
    language: t.field({
      description: "Its language, read from its text.",
      type: ReviewLanguageEnum,
      resolve: languageOf,
    }),
    writtenAt: t.expose("writtenAt", {
      description: "When the guest wrote it (UTC; typed and imported reviews: noon in Kuwait of their day).",
      type: "DateTime",
    }),
    sentiment: t.field({
      description: "How it feels, read from its text (and stars).",
      type: ReviewSentimentEnum,
      resolve: (r) => asEnum(REVIEW_SENTIMENT_KEYS, r.sentiment, "neutral"),
    }),
    intent: t.field({
      description: "What it asks of the business, read from its text.",
      type: ReviewIntentEnum,
      resolve: (r) => asEnum(REVIEW_INTENT_KEYS, r.intent, "other"),
    }),
    topics: t.field({
      description: "What it talks about; empty when nothing was recognised.",
      type: [ReviewTopicEnum],
      complexity: 1,
      resolve: (r) =>
        r.topics.filter((x): x is (typeof REVIEW_TOPIC_KEYS)[number] =>
          (REVIEW_TOPIC_KEYS as readonly string[]).includes(x),
        ),
    }),
    reply: t.exposeString("reply", {
      nullable: true,
      description:
        "The public reply: a draft (suggested or edited) or, once replied, the text that went out; null before one is written.",
    }),
    replyGaps: t.field({
      description:
        "Facts the guest asked that the business profile lacked when the reply was suggested: the draft promises them; fill them in the profile.",
      type: [ReplyGapEnum],
      complexity: 1,
      resolve: (r) => gapsOf(r),
    }),
    replyRejected: t.stringList({
      description:
        "What the configured model's draft stated that the profile does not hold; its draft was not used (the built-in one was). Empty: nothing rejected.",
      complexity: 1,
      resolve: (r) => r.replyRejected,
    }),
    status: t.field({ description: "Where its answer stands.", type: ReviewStatusEnum, resolve: (r) => r.status }),
    approvedAt: t.expose("approvedAt", {
      description: "When the reply was approved (UTC); null before.",
      type: "DateTime",
      nullable: true,
    }),
    repliedAt: t.expose("repliedAt", {
      description: "When it was answered (UTC); null before.",
      type: "DateTime",
      nullable: true,
    }),
    repliedVia: t.field({
      nullable: true,
      description: "How the answer got out; null before.",
      type: InboxRepliedViaEnum,
      resolve: (r) => (r.repliedVia ? asEnum(REPLIED_VIA, r.repliedVia, "marked") : null),
    }),
    sendError: t.exposeString("sendError", {
      nullable: true,
      description: "The network's reason for refusing the last send (the draft is kept); null when none.",
    }),
    location: t.field({
      nullable: true,
      description: "The Google branch a review is about; null otherwise.",
      type: InboxLocation,
      resolve: (r) => r.location ?? null,
    }),
    permalink: t.exposeString("permalink", {
      nullable: true,
      description: "Where to see it on the network; null when unknown.",
    }),
    postId: t.exposeID("postId", {
      nullable: true,
      description: "Sufra's post the comment is under, when it was published from Sufra; null otherwise.",
    }),
    hidden: t.exposeBoolean("hidden", { description: "Instagram: hidden from the public under the post." }),
    thread: t.field({
      description: "Instagram: the replies under the comment, oldest first; empty otherwise.",
      type: [InboxThreadEntry],
      complexity: 1,
      resolve: (r) => threadOf(r.thread),
    }),
    privateReply: t.exposeString("privateReply", {
      nullable: true,
      description: "Instagram: the private reply (direct message) sent for this comment; null when none.",
    }),
    privateRepliedAt: t.expose("privateRepliedAt", {
      description: "When the private reply was sent (UTC); null when none.",
      type: "DateTime",
      nullable: true,
    }),
    demo: t.exposeBoolean("demo", {
      description: "A demo item: its answers go to the simulated network, nothing leaves Sufra.",
    }),
    canSendReply: t.boolean({
      description: "The network has a reply API, the item is not answered, and the viewer may answer in public.",
      resolve: async (r, _a, ctx) => (await ctx.services.reviews.capabilities(ctx.viewer, r)).canSendReply,
    }),
    canDeleteReply: t.boolean({
      description: "A Google review answered on the network whose reply the viewer may delete.",
      resolve: async (r, _a, ctx) => (await ctx.services.reviews.capabilities(ctx.viewer, r)).canDeleteReply,
    }),
    canHide: t.boolean({
      description: "An Instagram comment the viewer may hide or show again.",
      resolve: async (r, _a, ctx) => (await ctx.services.reviews.capabilities(ctx.viewer, r)).canHide,
    }),
    canPrivateReply: t.boolean({
      description: "An Instagram comment under 7 days old with no private reply yet, and the viewer may answer.",
      resolve: async (r, _a, ctx) => (await ctx.services.reviews.capabilities(ctx.viewer, r)).canPrivateReply,
    }),
    needsVerification: t.boolean({
      description: "A Google review of a branch Google has not verified: no reply until it is.",
      resolve: async (r, _a, ctx) => (await ctx.services.reviews.capabilities(ctx.viewer, r)).needsVerification,
    }),
    createdAt: t.expose("createdAt", { description: "When it came into Sufra (UTC).", type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { description: "When it or its answer last changed (UTC).", type: "DateTime" }),
  }),
});

const InboxFilter = builder.inputType("InboxFilter", {
  description: "The inbox's filters: each list keeps items matching one of its values; left out, no filter.",
  fields: (t) => ({
    sources: t.field({ type: [ReviewSourceEnum], description: "Only these sources." }),
    locationIds: t.idList({ description: "Only reviews of these Google branches." }),
    unanswered: t.boolean({ description: "true: only items not answered yet; false: only answered ones." }),
    ratings: t.intList({ description: "Only reviews with these stars (1 to 5)." }),
    sentiments: t.field({ type: [ReviewSentimentEnum], description: "Only these sentiments." }),
    topics: t.field({ type: [ReviewTopicEnum], description: "Only items talking about one of these." }),
    languages: t.field({ type: [ReviewLanguageEnum], description: "Only items in these languages." }),
    kinds: t.field({ type: [InboxKindEnum], description: "Only reviews, or only comments." }),
    from: t.string({ description: "From this Kuwait day, YYYY-MM-DD (included)." }),
    to: t.string({ description: "Until this Kuwait day, YYYY-MM-DD (included)." }),
  }),
});
type InboxFilterArg = typeof InboxFilter.$inferInput | null | undefined;
const filterOf = (f: InboxFilterArg) =>
  f
    ? Object.fromEntries(
        Object.entries(f)
          .filter(([, v]) => v != null)
          .map(([k, v]) => [k, k === "locationIds" ? (v as unknown[]).map(String) : v]),
      )
    : {};

const InboxSourceCount = builder.objectRef<{ source: string; count: number }>("InboxSourceCount").implement({
  description: "Unanswered items of one source.",
  fields: (t) => ({
    source: t.field({
      description: "Where these items were written.",
      type: ReviewSourceEnum,
      resolve: (r) => asEnum(REVIEW_SOURCE_KEYS, r.source, "other"),
    }),
    count: t.exposeInt("count", { description: "Its items not answered yet." }),
  }),
});
const InboxLocationSummary = builder
  .objectRef<InboxSummaryShape["locations"][number]>("InboxLocationSummary")
  .implement({
    description: "One Google branch's unanswered items.",
    fields: (t) => ({
      location: t.field({
        description: "The Google branch these counts are about.",
        type: InboxLocation,
        resolve: (r) => r.location,
      }),
      unanswered: t.exposeInt("unanswered", { description: "Its reviews not answered yet." }),
      negativeNew: t.exposeInt("negativeNew", { description: "Its negative reviews not answered yet." }),
    }),
  });
const InboxSummary = builder.objectRef<InboxSummaryShape>("InboxSummary").implement({
  description: "The inbox at a glance: what waits for an answer.",
  fields: (t) => ({
    unanswered: t.exposeInt("unanswered", { description: "Every item not answered yet." }),
    unansweredBySource: t.field({
      description: "Unanswered items by source, most first.",
      type: [InboxSourceCount],
      complexity: 1,
      resolve: (r) => r.unansweredBySource,
    }),
    negativeNew: t.exposeInt("negativeNew", { description: "Negative items not answered yet." }),
    locations: t.field({
      description: "Each picked Google branch (or one with reviews), by name.",
      type: [InboxLocationSummary],
      complexity: 1,
      resolve: (r) => r.locations,
    }),
  }),
});
const InboxSettings = builder
  .objectRef<{ clientsMayReply: boolean; canChange: boolean; canReply: boolean }>("InboxSettings")
  .implement({
    description: "Who answers guests in public for the business.",
    fields: (t) => ({
      clientsMayReply: t.exposeBoolean("clientsMayReply", {
        description: "The whole team may send public replies (otherwise the owners and the account holder only).",
      }),
      canChange: t.exposeBoolean("canChange", {
        description: "The viewer (an owner or the account holder) may change this.",
      }),
      canReply: t.exposeBoolean("canReply", {
        description: "The viewer may send public replies, hide comments and send private replies.",
      }),
    }),
  });
const InboxActionResult = builder.objectRef<BulkItemResult>("InboxActionResult").implement({
  description: "What a bulk action did to one item.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The item's id as given." }),
    item: t.field({
      nullable: true,
      description: "The item after the action; null when it was refused.",
      type: InboxItem,
      resolve: (r) => r.item,
    }),
    code: t.exposeString("code", {
      nullable: true,
      description: "The refusal's error code (as in errors' extensions.code catalogue); null on success.",
    }),
    message: t.exposeString("message", {
      nullable: true,
      description: "The refusal in the caller's language; null on success.",
    }),
  }),
});

const InboxSyncResult = builder
  .objectRef<{ added: number; updated: number; read: number; failed: number; syncedAt: Date }>("InboxSyncResult")
  .implement({
    description: "What a sync on request read from the networks.",
    fields: (t) => ({
      added: t.exposeInt("added", { description: "New items stored." }),
      updated: t.exposeInt("updated", {
        description: "Items the network changed (an edited review, a reply made elsewhere).",
      }),
      read: t.exposeInt("read", { description: "Google branches and Instagram accounts read." }),
      failed: t.exposeInt("failed", {
        description: "Of those, how many could not be read (see the branch's or account's sync error).",
      }),
      syncedAt: t.field({ type: "DateTime", description: "When the sync ran (UTC).", resolve: (r) => r.syncedAt }),
    }),
  });

type InboxCounts = { totalCount: number };

builder.queryFields((t) => ({
  inbox: t.connection(
    {
      type: InboxItem,
      ...ofBusiness,
      description: "What guests wrote to the business (reviews and comments), newest first.",
      args: { filter: t.arg({ type: InboxFilter, description: "Which items; all when left out." }) },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const skip = offsetAfter(args.after);
        const r = await ctx.services.reviews.inbox(ctx.viewer, filterOf(args.filter), {
          skip,
          take: args.first ?? DEFAULT_PAGE_SIZE,
        });
        return { ...offsetConnection(r.items, skip, r.total), totalCount: r.total };
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: "How many items match the filter, on every page.",
          resolve: (conn) => (conn as unknown as InboxCounts).totalCount,
        }),
      }),
    },
  ),
  inboxItem: t.field({
    type: InboxItem,
    ...ofBusiness,
    description: "One item of the caller's business; NOT_FOUND for another business's.",
    args: { id: t.arg.id({ required: true, description: "The item's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.reviews.inboxItem(ctx.viewer, String(id)),
  }),
  inboxSummary: t.field({
    type: InboxSummary,
    ...ofBusiness,
    description: "What waits for an answer: by source, negative, by branch.",
    resolve: (_r, _a, ctx) => ctx.services.reviews.inboxSummary(ctx.viewer),
  }),
  inboxSettings: t.field({
    type: InboxSettings,
    ...ofBusiness,
    description: "Who answers guests in public, and what the viewer may do.",
    resolve: (_r, _a, ctx) => ctx.services.reviews.inboxSettings(ctx.viewer),
  }),
}));

builder.mutationFields((t) => {
  const id = () => t.arg.id({ required: true, description: "The item's id." });
  const ids = () => t.arg.idList({ required: true, description: "The items' ids (at most 100)." });
  return {
    suggestInboxReply: t.field({
      type: InboxItem,
      ...ofBusiness,
      description:
        "Writes a suggested public reply into the item (not approved): in the guest's language, or Arabic then English.",
      args: {
        id: id(),
        languages: t.arg({ type: InboxReplyLanguagesEnum, description: "GUEST (the default) or BOTH." }),
        seed: t.arg.int({ description: "The same seed gives the same reply; a new one when left out." }),
      },
      resolve: (_r, a, ctx) =>
        ctx.services.reviews.suggestInboxReply(ctx.viewer, String(a.id), {
          languages: a.languages ?? undefined,
          seed: a.seed ?? undefined,
        }),
    }),
    updateInboxReply: t.field({
      type: InboxItem,
      ...ofBusiness,
      description: "Replaces the draft reply with the person's text; an approved reply that changes goes back to NEW.",
      args: {
        id: id(),
        reply: t.arg.string({ required: true, description: "The reply's text (up to 1,000 characters)." }),
      },
      resolve: (_r, a, ctx) => ctx.services.reviews.updateInboxReply(ctx.viewer, String(a.id), { reply: a.reply }),
    }),
    approveInboxReply: t.field({
      type: InboxItem,
      ...ofBusiness,
      description: "Approves the draft reply (status APPROVED).",
      args: { id: id() },
      resolve: (_r, a, ctx) => ctx.services.reviews.approveInboxReply(ctx.viewer, String(a.id)),
    }),
    sendInboxReply: t.field({
      type: InboxItem,
      ...ofBusiness,
      description:
        "Sends the reply in public through the network (demo items: the simulated network). A person allowed to answer; once, however many clicks.",
      args: { id: id() },
      resolve: (_r, a, ctx) => ctx.services.reviews.sendInboxReply(ctx.viewer, String(a.id)),
    }),
    deleteInboxReply: t.field({
      type: InboxItem,
      ...ofBusiness,
      description: "Google: deletes the business's reply on the network; the text stays as a draft.",
      args: { id: id() },
      resolve: (_r, a, ctx) => ctx.services.reviews.deleteInboxReply(ctx.viewer, String(a.id)),
    }),
    markInboxHandled: t.field({
      type: InboxItem,
      ...ofBusiness,
      description:
        "Marks the item answered outside Sufra (a source without a reply API, or answered in the network's app).",
      args: { id: id() },
      resolve: (_r, a, ctx) => ctx.services.reviews.markInboxHandled(ctx.viewer, String(a.id)),
    }),
    hideInboxComment: t.field({
      type: InboxItem,
      ...ofBusiness,
      description: "Instagram: hides the comment from the public, or shows it again.",
      args: { id: id(), hidden: t.arg.boolean({ required: true, description: "true hides, false shows." }) },
      resolve: (_r, a, ctx) => ctx.services.reviews.hideInboxComment(ctx.viewer, String(a.id), a.hidden),
    }),
    sendPrivateReply: t.field({
      type: InboxItem,
      ...ofBusiness,
      description: "Instagram: one direct message to the comment's author, within 7 days of the comment.",
      args: { id: id(), text: t.arg.string({ required: true, description: "The message (up to 1,000 characters)." }) },
      resolve: (_r, a, ctx) => ctx.services.reviews.sendPrivateReply(ctx.viewer, String(a.id), { reply: a.text }),
    }),
    suggestInboxReplies: t.field({
      type: [InboxActionResult],
      ...ofBusiness,
      complexity: { field: 1, multiplier: 50 },
      description: "Suggests replies for up to 50 unanswered positive items without a draft (within the filter).",
      args: {
        filter: t.arg({
          type: InboxFilter,
          description: "Narrows the items; always unanswered, positive and without a draft.",
        }),
        languages: t.arg({ type: InboxReplyLanguagesEnum, description: "GUEST (the default) or BOTH." }),
      },
      resolve: (_r, a, ctx) =>
        ctx.services.reviews.suggestInboxReplies(
          ctx.viewer,
          filterOf(a.filter),
          { languages: a.languages ?? undefined },
          ctx.meta.locale,
        ),
    }),
    approveInboxReplies: t.field({
      type: [InboxActionResult],
      ...ofBusiness,
      complexity: { field: 1, multiplier: 100 },
      description: "Approves several drafts; each item's result.",
      args: { ids: ids() },
      resolve: (_r, a, ctx) => ctx.services.reviews.approveInboxReplies(ctx.viewer, a.ids.map(String), ctx.meta.locale),
    }),
    sendInboxReplies: t.field({
      type: [InboxActionResult],
      ...ofBusiness,
      complexity: { field: 1, multiplier: 100 },
      description: "Sends several replies in public, one after another; each item's result.",
      args: { ids: ids() },
      resolve: (_r, a, ctx) => ctx.services.reviews.sendInboxReplies(ctx.viewer, a.ids.map(String), ctx.meta.locale),
    }),
    syncInbox: t.field({
      type: InboxSyncResult,
      ...ofBusiness,
      description:
        "Reads the business's Google branches and Instagram comments now instead of at the next minute; once per 30 s per business (RATE_LIMITED otherwise).",
      resolve: (_r, _a, ctx) => ctx.services.inboxSync.syncNow(ctx.viewer),
    }),
    setInboxSettings: t.field({
      type: InboxSettings,
      ...ofBusiness,
      description: "Owners and the account holder: whether the whole team may answer guests in public.",
      args: {
        clientsMayReply: t.arg.boolean({
          required: true,
          description: "true: the whole team; false: owners and the account holder only.",
        }),
      },
      resolve: (_r, a, ctx) =>
        ctx.services.reviews.setInboxSettings(ctx.viewer, { clientsMayReply: a.clientsMayReply }),
    }),
  };
});

builder.subscriptionFields((t) => ({
  inboxChanged: t.field({
    type: builder.objectRef<{ reason: string }>("InboxChange").implement({
      description: "The business's inbox changed: refetch what is shown.",
      fields: (f) => ({
        reason: f.exposeString("reason", {
          description:
            "What changed it: google.sync, instagram.sync, instagram.webhook, reply.sent, conversation, conversation.sent...; subscribed, first: the subscription listens, reload what is shown.",
        }),
      }),
    }),
    ...ofBusiness,
    description:
      "Changes of the caller's business's inbox (new or updated guest items, replies sent), from any server process.",
    subscribe: (_root, _args, ctx) => ctx.services.reviews.subscribe(ctx.viewer),
    extensions: { fanOut: "business" }, // graphql/fanout.ts
    resolve: (e) => e,
  }),
}));
