// The client dashboard at the GraphQL door: thin, its one field calls the analytics service.
import { ACTIVITY_PLATFORMS, byNetwork, CLIENT_ACTIVITY_TYPES } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { PostRef as Post } from "../../graphql/refs.ts";
import type { AnalyticsService } from "./analytics.service.ts";
import { activityTexts, type ActivityMetadata, type ClientActivity } from "./dashboard.ts";

/** People of a business, or an API key acting for one (Premium integrations). */
const ofBusiness = { authScopes: { business: true } } as const;

type Dashboard = Awaited<ReturnType<AnalyticsService["dashboard"]>>;
const ClientActivityTypeEnum = builder.enumType("ClientActivityType", {
  description: "What kind of thing happened.",
  values: upper(CLIENT_ACTIVITY_TYPES, {
    post_published: "A post went out (with its figures, when collected).",
    engagement: "A burst of engagement on a post (no network reports it to Sufra yet, so none appear).",
    schedule: "A post was scheduled.",
    competitor: "A competitor's figures were recorded.",
    comment: "A customer review was received.",
    mention: "The business was mentioned (no network reports it to Sufra yet, so none appear).",
  }),
});
const ActivityPlatformEnum = builder.enumType("ActivityPlatform", {
  description: "a network, MULTIPLE networks, or ANALYSIS (Sufra's own: competitor figures)",
  values: upper(ACTIVITY_PLATFORMS, {
    ...byNetwork((n) => `It happened on ${n.reference.where}.`),
    multiple: "More than one network (a post that went to several).",
    analysis: "Sufra's own analysis: competitor figures.",
  }),
});
const ActivityMetadataRef = builder.objectRef<ActivityMetadata>("ClientActivityMetadata").implement({
  description: "The figures of an activity, where it has some.",
  fields: (t) => ({
    likes: t.exposeInt("likes", {
      description: "A published post's likes over its networks; null for other kinds.",
      nullable: true,
    }),
    engagementRate: t.exposeFloat("engagementRate", {
      nullable: true,
      description:
        "A published post's engagement rate (likes, comments and shares per 100 reached), or a competitor's average engagement, in percent; null when unknown.",
    }),
    rating: t.exposeInt("rating", { nullable: true, description: "A review's stars, 1 to 5; null for other kinds." }),
  }),
});
const ClientActivityRef = builder.objectRef<ClientActivity>("ClientActivity").implement({
  description:
    "Something that happened in the business: a post published (with its figures) or scheduled, competitor figures recorded, a review received.",
  fields: (t) => ({
    id: t.exposeID("id", {
      description:
        "The activity's id: its kind and the row it is about (post_published:<post id>), stable across requests.",
    }),
    type: t.field({
      description: "What kind of thing happened.",
      type: ClientActivityTypeEnum,
      resolve: (a) => a.type,
    }),
    title: t.string({
      description:
        "in the request's language (Accept-Language); the web client can write it from type and subject (clientActivityText)",
      resolve: (a, _args, ctx) => activityTexts(a, ctx.meta.locale).title,
    }),
    description: t.string({
      description: "in the request's language: the excerpt, or a line saying there is none",
      resolve: (a, _args, ctx) => activityTexts(a, ctx.meta.locale).description,
    }),
    subject: t.exposeString("subject", {
      nullable: true,
      description: "whom the title names: a competitor, a reviewer",
    }),
    excerpt: t.exposeString("excerpt", {
      nullable: true,
      description: "a caption's or a review's opening words, a competitor's handle",
    }),
    timestamp: t.expose("timestamp", { description: "When it happened (UTC).", type: "DateTime" }),
    platform: t.field({
      type: ActivityPlatformEnum,
      nullable: true,
      description: "null when it belongs to no network (a review from Google or Talabat)",
      resolve: (a) => a.platform,
    }),
    metadata: t.field({
      description: "Its figures; null when it has none.",
      type: ActivityMetadataRef,
      nullable: true,
      resolve: (a) => a.metadata,
    }),
    entityId: t.exposeID("entityId", { description: "the post, competitor or review it is about" }),
    scheduledFor: t.expose("scheduledFor", {
      type: "DateTime",
      nullable: true,
      description: "a scheduled post's time",
    }),
  }),
});
const DashboardPeriodRef = builder.objectRef<{ from: string; to: string }>("DashboardPeriod").implement({
  description: "The Kuwait days a dashboard's figures cover, both ends included.",
  fields: (t) => ({
    from: t.exposeString("from", { description: "The first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included." }),
    to: t.exposeString("to", {
      description: "The last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait): today, included.",
    }),
  }),
});
const ClientDashboard = builder.objectRef<Dashboard>("ClientDashboard").implement({
  description:
    "The client dashboard's six figures, recent activity and recent posts, from the database. Views, likes and engagement cover the last 30 Kuwait days (analytics' daily rows).",
  fields: (t) => ({
    totalPosts: t.exposeInt("totalPosts", {
      description: "all posts: every post the business wrote, drafts included, each counted once",
    }),
    publishedPosts: t.exposeInt("publishedPosts", {
      description:
        "posts published in the last 30 Kuwait days, each counted once however many networks it went to (analytics' publishedPosts for the same days)",
    }),
    views: t.exposeInt("views", { description: "views of the posts published in the last 30 Kuwait days" }),
    likes: t.exposeInt("likes", { description: "likes of the posts published in the last 30 Kuwait days" }),
    engagementRate: t.exposeFloat("engagementRate", {
      nullable: true,
      description:
        "likes, comments and shares per 100 reached (per 100 views where a network gives no reach), last 30 Kuwait days; null before any audience",
    }),
    viewsChange: t.exposeFloat("viewsChange", {
      nullable: true,
      description: "change against the 30 days before, in percent; null when those had none",
    }),
    likesChange: t.exposeFloat("likesChange", {
      nullable: true,
      description: "change against the 30 days before, in percent; null when those had none",
    }),
    engagementRateChange: t.exposeFloat("engagementRateChange", {
      nullable: true,
      description: "change against the 30 days before, in percent; null when those had none",
    }),
    period: t.field({
      type: DashboardPeriodRef,
      description: "the 30 Kuwait days the figures cover",
      resolve: (d) => d.period,
    }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", {
      description:
        "demo accounts' simulated figures are counted (a business with demo accounts only): label them as demo figures",
    }),
    scheduledPosts: t.exposeInt("scheduledPosts", { description: "Posts scheduled and not yet due." }),
    pendingPosts: t.exposeInt("pendingPosts", {
      description: "drafts, and posts publishing or waiting for a person's check",
    }),
    recentActivity: t.field({
      type: [ClientActivityRef],
      description: "the latest 20 things that happened, newest first",
      resolve: (d) => d.recentActivity,
    }),
    recentPosts: t.field({
      description: "The five posts changed last, drafts left out, newest first.",
      type: [Post],
      resolve: (d) => d.recent,
    }),
  }),
});

builder.queryFields((t) => ({
  clientDashboard: t.field({
    description: "The caller's business's dashboard. People of the business or its API key.",
    type: ClientDashboard,
    ...ofBusiness,
    resolve: (_r, _a, ctx) => ctx.services.analytics.dashboard(ctx.viewer),
  }),
}));
