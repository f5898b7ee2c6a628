// Posting insights at the GraphQL door: thin, the one field calls the insights service.
import {
  INSIGHTS_SOURCES,
  SUGGESTION_REASONS,
  type InsightsSource,
  type PostingHeatCell as HeatCellShape,
  type PostingInsights as InsightsShape,
  type PostingSuggestion as SuggestionShape,
  type SuggestionReason,
  type WeekdayBest as WeekdayBestShape,
} from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";

const InsightsSourceEnum = builder.enumType("InsightsSource", {
  description:
    "OWN: from the business's own published posts and their engagement; DEFAULTS: Kuwait food-and-beverage habits around the prayer times, until there are enough posts.",
  values: upper<InsightsSource>(INSIGHTS_SOURCES, {
    own: "From the business's own published posts and their engagement.",
    defaults: "Kuwait food-and-beverage habits around the prayer times (too few posts of its own yet).",
  }),
});

const SuggestionReasonEnum = builder.enumType("PostingSuggestionReason", {
  description:
    "Why a time is suggested: a window of the Kuwait defaults (lunch, after Maghrib, after Isha, a weekend night; in Ramadan before Iftar, after Iftar and Taraweeh, before Suhoor) or OWN_PEAK, one of the business's own best hours.",
  values: upper<SuggestionReason>(SUGGESTION_REASONS, {
    lunch: "Lunch time, 12:00 to 14:00 Kuwait time.",
    after_maghrib: "After Maghrib, the sunset prayer.",
    after_isha: "After Isha, the night prayer.",
    weekend_night: "A weekend night (Thursday or Friday evening).",
    before_iftar: "In Ramadan, before Iftar at sunset.",
    after_iftar: "In Ramadan, after Iftar and Taraweeh.",
    before_suhoor: "In Ramadan, before Suhoor, the meal before dawn.",
    own_peak: "One of the business's own best hours.",
  }),
});

const PostingHeatCell = builder.objectRef<HeatCellShape>("PostingHeatCell").implement({
  description: "One hour of one weekday in Kuwait time.",
  fields: (t) => ({
    weekday: t.exposeInt("weekday", { description: "The day of the week in Kuwait: 0 = Sunday ... 6 = Saturday." }),
    hour: t.exposeInt("hour", { description: "The hour of the day, 0..23, Kuwait time." }),
    score: t.exposeInt("score", { description: "How good a time it is, 0..100; the week's best hour is 100." }),
  }),
});

const WeekdayBest = builder.objectRef<WeekdayBestShape>("WeekdayBest").implement({
  description: "A weekday's best hours, best first.",
  fields: (t) => ({
    weekday: t.exposeInt("weekday", { description: "The day of the week in Kuwait: 0 = Sunday ... 6 = Saturday." }),
    hours: t.exposeIntList("hours", { description: "Its best hours of the day, 0..23 Kuwait time, best first." }),
  }),
});

const PostingSuggestion = builder.objectRef<SuggestionShape>("PostingSuggestion").implement({
  description: "A suggested time to post in the next seven days.",
  fields: (t) => ({
    at: t.field({
      description: "When to post (UTC); shown in Kuwait time.",
      type: "DateTime",
      resolve: (s) => new Date(s.at),
    }),
    reason: t.field({
      description: "Why this time is suggested.",
      type: SuggestionReasonEnum,
      resolve: (s) => s.reason,
    }),
    score: t.exposeInt("score", { description: "Its hour's score, 0..100." }),
  }),
});

const PostingInsights = builder.objectRef<InsightsShape>("PostingInsights").implement({
  description:
    "When to post: a heat map of Kuwait weekdays × hours, each weekday's best hours and suggested times for the seven days from `from`.",
  fields: (t) => ({
    source: t.field({
      description: "Whether the hours come from the business's own posts or the Kuwait defaults.",
      type: InsightsSourceEnum,
      resolve: (i) => i.source,
    }),
    ramadan: t.exposeBoolean("ramadan", {
      description: "Some of the seven days fall in Ramadan (its hours are used for them).",
    }),
    postsAnalysed: t.exposeInt("postsAnalysed", { description: "Published posts with figures in the last 90 days." }),
    simulatedPosts: t.exposeInt("simulatedPosts", {
      description:
        "Posts of the last 90 days with simulated figures only (demo and practice accounts): they never count towards minPosts.",
    }),
    minPosts: t.exposeInt("minPosts", { description: "How many such posts the business's own figures need." }),
    from: t.exposeString("from", { description: "The first day covered, YYYY-MM-DD (Kuwait)." }),
    cells: t.field({
      type: [PostingHeatCell],
      description: "168 cells, by weekday then hour.",
      resolve: (i) => i.cells,
    }),
    best: t.field({ description: "Each weekday's best hours.", type: [WeekdayBest], resolve: (i) => i.best }),
    suggestions: t.field({
      type: [PostingSuggestion],
      description: "At most two a day, in time order, none sooner than 15 minutes from now.",
      resolve: (i) => i.suggestions,
    }),
  }),
});

builder.queryFields((t) => ({
  postingInsights: t.field({
    type: PostingInsights,
    description:
      "Best posting hours for the viewer's business for the seven days from `from` (YYYY-MM-DD; today in Kuwait when left out).",
    authScopes: { business: true },
    args: {
      from: t.arg.string({ description: "The first day, YYYY-MM-DD (a Kuwait day); today in Kuwait when left out." }),
    },
    resolve: (_r, { from }, ctx) => ctx.services.insights.postingTimes(ctx.viewer, { from: from ?? undefined }),
  }),
}));
