// Analytics' guests section at the GraphQL door: the inbox in figures (answers, response times,
// ratings, topics). Thin: calls the inbox's figures service, which asks analytics' scope (tenancy and range).
import { GUEST_TRENDS } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import type { FieldsOf } from "../../graphql/figures.ts";
import type {
  GuestBranchFigures,
  GuestRatingPoint,
  GuestResponseFigures,
  GuestSourceFigures,
  GuestTopicTrend,
  InboxFigures,
  ReviewRequestBranchFigures,
  ReviewRequestFigures,
} from "../inbox/index.ts";

const GuestTrendEnum = builder.enumType("AnalyticsGuestTrend", {
  description: "Which way a topic's mentions went against the previous period of the same length.",
  values: upper(GUEST_TRENDS, {
    up: "Mentioned more often than in the previous period.",
    down: "Mentioned less often.",
    flat: "Mentioned as often.",
  }),
});

const GuestRatingIntervalEnum = builder.enumType("AnalyticsGuestRatingInterval", {
  description: "DAY: Kuwait days (ranges of 31 days or less); WEEK: Kuwait weeks, Saturday to Friday (longer ranges).",
  values: upper(["day", "week"] as const, {
    day: "One point per Kuwait day.",
    week: "One point per Kuwait week, Saturday to Friday.",
  }),
});

const responseFields = <T extends GuestResponseFigures>(t: FieldsOf<T>) => ({
  items: t.int({
    description: "Items (reviews and comments) written in the range, by their Kuwait day.",
    resolve: (f) => f.items,
  }),
  answered: t.int({
    description: "Answered items: replied through Sufra, found answered on the network, or marked replied by a person.",
    resolve: (f) => f.answered,
  }),
  responseRate: t.float({
    nullable: true,
    description: "answered / items, 0-1 (0.75 is 75%); null without items.",
    resolve: (f) => f.responseRate,
  }),
  timed: t.int({
    description:
      "Answered items whose answer time is known: replied through Sufra or on the network. Items marked replied by a person count as answered but have no trustworthy time, so they are left out of the median.",
    resolve: (f) => f.timed,
  }),
  medianResponseSeconds: t.int({
    nullable: true,
    description:
      "The median time from the guest writing to the answer (repliedAt - writtenAt), in seconds, over the timed items only (marked ones have no trustworthy time); null without any.",
    resolve: (f) => f.medianResponseSeconds,
  }),
});

const GuestResponseRef = builder.objectRef<GuestResponseFigures>("AnalyticsGuestResponse").implement({
  description: "How often and how fast the business answered the items written in the range.",
  fields: (t) => responseFields(t),
});

const GuestSourceRef = builder.objectRef<GuestSourceFigures>("AnalyticsGuestSource").implement({
  description: "One source's items and answers (Google, Instagram, Talabat, typed...).",
  fields: (t) => ({
    source: t.exposeString("source", {
      description: "Where the items come from: a review source key (google, instagram, talabat, manual...).",
    }),
    ...responseFields(t),
  }),
});

const GuestBranchRef = builder.objectRef<GuestBranchFigures>("AnalyticsGuestBranch").implement({
  description: "One branch's items and answers: a Google location, or none (typed, imported and Instagram items).",
  fields: (t) => ({
    locationId: t.field({
      type: "ID",
      nullable: true,
      description: "The Google location's id; null for the items without a branch.",
      resolve: (b) => b.locationId,
    }),
    branch: t.exposeString("branch", {
      nullable: true,
      description: 'The Google location\'s title; null for the items without a branch (show "No branch").',
    }),
    ...responseFields(t),
  }),
});

const GuestRatingPointRef = builder.objectRef<GuestRatingPoint>("AnalyticsGuestRatingPoint").implement({
  description: "The reviews with stars written in one Kuwait day or week.",
  fields: (t) => ({
    date: t.exposeString("date", {
      description: "The bucket's first day, YYYY-MM-DD Kuwait (a week's Saturday, which may come before the range).",
    }),
    days: t.exposeInt("days", { description: "The range's days in the bucket." }),
    count: t.exposeInt("count", { description: "Reviews with stars written in it (comments have none)." }),
    average: t.exposeFloat("average", {
      nullable: true,
      description: "Their average stars, 1-5, two decimals; null without any.",
    }),
  }),
});

const GuestRatingRef = builder.objectRef<InboxFigures["rating"]>("AnalyticsGuestRating").implement({
  description: "How guests rated the business over the range: reviews with stars only.",
  fields: (t) => ({
    interval: t.field({
      type: GuestRatingIntervalEnum,
      description: "DAY for a range of 31 days or less, else WEEK.",
      resolve: (r) => r.interval,
    }),
    count: t.exposeInt("count", { description: "Reviews with stars written in the range." }),
    average: t.exposeFloat("average", {
      nullable: true,
      description: "Their average stars, 1-5, two decimals; null without any.",
    }),
    points: t.field({
      type: [GuestRatingPointRef],
      description: "Every bucket of the range, oldest first, zero-filled.",
      resolve: (r) => r.points,
    }),
  }),
});

const GuestTopicRef = builder.objectRef<GuestTopicTrend>("AnalyticsGuestTopic").implement({
  description: "A topic guests wrote about: its mentions in the range against the previous period of the same length.",
  fields: (t) => ({
    topic: t.exposeString("topic", { description: "A review topic key: food, service, delivery, price, cleanliness." }),
    count: t.exposeInt("count", { description: "Items written in the range that talk about it." }),
    previous: t.exposeInt("previous", { description: "The same in the previous period." }),
    change: t.exposeInt("change", { description: "count - previous." }),
    changePercent: t.exposeFloat("changePercent", {
      nullable: true,
      description: "The change in percent of the previous period's count, two decimals; null when that was 0.",
    }),
    trend: t.field({ type: GuestTrendEnum, description: "UP, DOWN or FLAT.", resolve: (x) => x.trend }),
  }),
});

const GuestPeriodRef = builder.objectRef<{ from: string; to: string }>("AnalyticsGuestPeriod").implement({
  description: "The period of the same length just before the range, that topics compare with.",
  fields: (t) => ({
    from: t.exposeString("from", { description: "The first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included." }),
    to: t.exposeString("to", { description: "The last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included." }),
  }),
});

const ReviewRequestBranchRef = builder.objectRef<ReviewRequestBranchFigures>("AnalyticsReviewRequestBranch").implement({
  description: "One Google location's review requests (scans of its printed QR code) and the Google reviews it got.",
  fields: (t) => ({
    locationId: t.field({ type: "ID", description: "The Google location's id.", resolve: (b) => b.locationId }),
    branch: t.exposeString("branch", { description: "The Google location's title." }),
    requests: t.exposeInt("requests", {
      description: "Scans: counted clicks of its review short link on the range's Kuwait days.",
    }),
    received: t.exposeInt("received", { description: "Google reviews of the location written in the range." }),
  }),
});

const ReviewRequestsRef = builder
  .objectRef<ReviewRequestFigures & { byBranch: ReviewRequestBranchFigures[] }>("AnalyticsReviewRequests")
  .implement({
    description:
      "Review requests against reviews received (docs/architecture.md#review-requests): scans of the printed QR codes and new Google reviews, over the range.",
    fields: (t) => ({
      requests: t.exposeInt("requests", { description: "Scans of every location's review short link." }),
      received: t.exposeInt("received", { description: "Google reviews written in the range, on any location." }),
      byBranch: t.field({
        type: [ReviewRequestBranchRef],
        description: "Locations with scans or reviews in the range, most scans first.",
        resolve: (r) => r.byBranch,
      }),
    }),
  });

const GuestsRef = builder.objectRef<InboxFigures>("AnalyticsGuests").implement({
  description: "What guests wrote (reviews and comments) and how the business answered, over a range of Kuwait days.",
  fields: (t) => ({
    clientId: t.field({ description: "The business's id.", type: "ID", resolve: (f) => f.clientId }),
    from: t.exposeString("from", {
      description: "The range's first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    to: t.exposeString("to", {
      description: "The range's last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    previous: t.field({
      type: GuestPeriodRef,
      description: "The period of the same length just before the range.",
      resolve: (f) => f.previous,
    }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", {
      description: "Demo items are counted: label them as demo figures.",
    }),
    total: t.field({ type: GuestResponseRef, description: "Every item of the range.", resolve: (f) => f.total }),
    bySource: t.field({
      type: [GuestSourceRef],
      description: "Sources with items in the range, most items first.",
      resolve: (f) => f.bySource,
    }),
    byBranch: t.field({
      type: [GuestBranchRef],
      description:
        "Branches (Google locations) with items in the range, most items first; the items without a branch last.",
      resolve: (f) => f.byBranch,
    }),
    rating: t.field({
      type: GuestRatingRef,
      description: "Average stars over time, reviews only.",
      resolve: (f) => f.rating,
    }),
    topics: t.field({
      type: [GuestTopicRef],
      description: "Every topic, most mentioned first, with its trend.",
      resolve: (f) => f.topics,
    }),
    reviewRequests: t.field({
      type: ReviewRequestsRef,
      description: "Review requests (QR scans) against Google reviews received, in total and per location.",
      resolve: (f) => f.reviewRequests,
    }),
  }),
});

builder.queryFields((t) => ({
  analyticsGuests: t.field({
    type: GuestsRef,
    description:
      "The inbox in figures: response rate and median response time per source and per branch, average stars per Kuwait day (ranges of 31 days or less) or week, and topics against the previous period. An item counts on the Kuwait day it was written. `clientId` is the business id (me.businessId): a business's people may name only their own, admins any. `from`..`to` are YYYY-MM-DD Kuwait days (the last 30 days when left out). `includeSimulated` left out: demo items count only for a business whose accounts are all demo accounts.",
    authScopes: { authenticated: true },
    args: {
      clientId: t.arg.id({
        required: true,
        description:
          "The business's id (me.businessId): a business's people and API key may name only their own, admins any.",
      }),
      from: t.arg.string({
        description:
          "The range's first day, YYYY-MM-DD (a Kuwait day); 30 days ending at `to` when left out. The range is at most 731 days.",
      }),
      to: t.arg.string({
        description: "The range's last day, YYYY-MM-DD (a Kuwait day), included; today in Kuwait when left out.",
      }),
      includeSimulated: t.arg.boolean({
        description: "Count demo items; left out: counted only for a business whose accounts are all demo accounts.",
      }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.inboxFigures.figures(ctx.viewer, {
        clientId: String(a.clientId),
        from: a.from ?? undefined,
        to: a.to ?? undefined,
        includeSimulated: a.includeSimulated ?? undefined,
      }),
  }),
}));
