// The client dashboard at the GraphQL door: thin, its one field calls the analytics service.
import { ACTIVITY_PLATFORMS, CLIENT_ACTIVITY_TYPES } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { upper } from "../../graphql/enums.ts";
import { Post } from "../posts/index.ts";
import type { AnalyticsService } from "./analytics.service.ts";
import { activityTexts, type ActivityMetadata, type ClientActivity } from "./dashboard.ts";

/** People of a business, or an API key acting for one (Premium integrations). */
const ofBusiness = { authScopes: { business: true } } as const;

type Dashboard = Awaited<ReturnType<AnalyticsService["dashboard"]>>;
const ClientActivityTypeEnum = builder.enumType("ClientActivityType", { values: upper(CLIENT_ACTIVITY_TYPES) });
const ActivityPlatformEnum = builder.enumType("ActivityPlatform", { description: "a network, MULTIPLE networks, or ANALYSIS (Sufra's own: competitor figures)", values: upper(ACTIVITY_PLATFORMS) });
const ActivityMetadataRef = builder.objectRef<ActivityMetadata>("ClientActivityMetadata").implement({
  fields: (t) => ({
    likes: t.exposeInt("likes", { nullable: true }),
    engagementRate: t.exposeFloat("engagementRate", { nullable: true, description: "percent" }),
    rating: t.exposeInt("rating", { nullable: true, description: "a review's stars, 1-5" }),
  }),
});
const ClientActivityRef = builder.objectRef<ClientActivity>("ClientActivity").implement({
  description: "Something that happened in the business: a post published (with its figures) or scheduled, competitor figures recorded, a review received.",
  fields: (t) => ({
    id: t.exposeID("id"),
    type: t.field({ type: ClientActivityTypeEnum, resolve: (a) => a.type }),
    title: t.string({ description: "in the request's language (Accept-Language); the web client can write it from type and subject (clientActivityText)", resolve: (a, _args, ctx) => activityTexts(a, ctx.meta.locale).title }),
    description: t.string({ description: "in the request's language: the excerpt, or a line saying there is none", resolve: (a, _args, ctx) => activityTexts(a, ctx.meta.locale).description }),
    subject: t.exposeString("subject", { nullable: true, description: "whom the title names: a competitor, a reviewer" }),
    excerpt: t.exposeString("excerpt", { nullable: true, description: "a caption's or a review's opening words, a competitor's handle" }),
    timestamp: t.expose("timestamp", { type: "DateTime" }),
    platform: t.field({ type: ActivityPlatformEnum, nullable: true, description: "null when it belongs to no network (a review from Google or Talabat)", resolve: (a) => a.platform }),
    metadata: t.field({ type: ActivityMetadataRef, nullable: true, resolve: (a) => a.metadata }),
    entityId: t.exposeID("entityId", { description: "the post, competitor or review it is about" }),
    scheduledFor: t.expose("scheduledFor", { type: "DateTime", nullable: true, description: "a scheduled post's time" }),
  }),
});
const DashboardPeriodRef = builder.objectRef<{ from: string; to: string }>("DashboardPeriod").implement({
  fields: (t) => ({ from: t.exposeString("from", { description: "YYYY-MM-DD, Kuwait" }), to: t.exposeString("to", { description: "YYYY-MM-DD, Kuwait" }) }),
});
const ClientDashboard = builder.objectRef<Dashboard>("ClientDashboard").implement({
  description: "The client dashboard's six figures, recent activity and recent posts, from the database. Views, likes and engagement cover the last 30 Kuwait days (analytics' daily rows).",
  fields: (t) => ({
    totalPosts: t.exposeInt("totalPosts", { description: "all posts: every post the business wrote, drafts included, each counted once" }),
    publishedPosts: t.exposeInt("publishedPosts", { description: "posts published in the last 30 Kuwait days, each counted once however many networks it went to (analytics' publishedPosts for the same days)" }),
    views: t.exposeInt("views", { description: "views of the posts published in the last 30 Kuwait days" }),
    likes: t.exposeInt("likes", { description: "likes of the posts published in the last 30 Kuwait days" }),
    engagementRate: t.exposeFloat("engagementRate", { nullable: true, description: "likes, comments and shares per 100 reached (per 100 views where a network gives no reach), last 30 Kuwait days; null before any audience" }),
    viewsChange: t.exposeFloat("viewsChange", { nullable: true, description: "change against the 30 days before, in percent; null when those had none" }),
    likesChange: t.exposeFloat("likesChange", { nullable: true, description: "change against the 30 days before, in percent; null when those had none" }),
    engagementRateChange: t.exposeFloat("engagementRateChange", { nullable: true, description: "change against the 30 days before, in percent; null when those had none" }),
    period: t.field({ type: DashboardPeriodRef, description: "the 30 Kuwait days the figures cover", resolve: (d) => d.period }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", { description: "demo accounts' simulated figures are counted (a business with demo accounts only): label them as demo figures" }),
    scheduledPosts: t.exposeInt("scheduledPosts"),
    pendingPosts: t.exposeInt("pendingPosts", { description: "drafts, and posts publishing or waiting for a person's check" }),
    recentActivity: t.field({ type: [ClientActivityRef], description: "the latest ten things that happened, newest first", resolve: (d) => d.recentActivity }),
    recentPosts: t.field({ type: [Post], resolve: (d) => d.recent }),
  }),
});

builder.queryFields((t) => ({
  clientDashboard: t.field({ type: ClientDashboard, ...ofBusiness, resolve: (_r, _a, ctx) => ctx.services.analytics.dashboard(ctx.viewer) }),
}));
