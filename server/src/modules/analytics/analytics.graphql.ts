// Analytics at the GraphQL door: thin, each field calls the analytics service (tenancy is decided there).
import { builder } from "../../graphql/builder.ts";
import { PlatformEnum } from "../posts/posts.graphql.ts";
import type { AnalyticsFigures, AnalyticsOverview as OverviewShape, AnalyticsTotals } from "./analytics.service.ts";

const AnalyticsPeriod = builder.objectRef<{ from: string; to: string }>("AnalyticsPeriod").implement({
  description: "A range of Kuwait days, both ends included.",
  fields: (t) => ({
    from: t.exposeString("from", { description: "YYYY-MM-DD, Kuwait" }),
    to: t.exposeString("to", { description: "YYYY-MM-DD, Kuwait" }),
  }),
});

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The figures the totals and each network share. */
const figureFields = <T extends AnalyticsFigures>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, T>) => ({
  posts: t.int({ description: "Targets (a post on one network) published in the range.", resolve: (f) => f.posts }),
  reach: t.int({ resolve: (f) => f.reach }),
  views: t.int({ resolve: (f) => f.views }),
  likes: t.int({ resolve: (f) => f.likes }),
  comments: t.int({ resolve: (f) => f.comments }),
  shares: t.int({ resolve: (f) => f.shares }),
  engagementRate: t.float({ nullable: true, description: "Likes, comments and shares over reach (over views where a network gives no reach), in percent; null with neither.", resolve: (f) => f.engagementRate }),
});

const AnalyticsTotalsRef = builder.objectRef<AnalyticsTotals>("AnalyticsTotals").implement({
  description: "A business's figures over a range: the latest figures of the posts published in it.",
  fields: (t) => ({
    ...figureFields(t),
    followers: t.exposeInt("followers", { nullable: true, description: "Followers where a network gives them; null until an account's follower count is recorded." }),
  }),
});

const AnalyticsPlatformFigures = builder.objectRef<AnalyticsFigures & { platform: OverviewShape["byPlatform"][number]["platform"] }>("AnalyticsPlatformFigures").implement({
  description: "One network's share of the range's figures.",
  fields: (t) => ({
    platform: t.field({ type: PlatformEnum, resolve: (p) => p.platform }),
    ...figureFields(t),
  }),
});

const AnalyticsChange = builder.objectRef<OverviewShape["change"]>("AnalyticsChange").implement({
  description: "Each total's change against the previous period, in percent (two decimals); null when the previous period's was 0 or unknown.",
  fields: (t) => ({
    posts: t.exposeFloat("posts", { nullable: true }),
    reach: t.exposeFloat("reach", { nullable: true }),
    views: t.exposeFloat("views", { nullable: true }),
    likes: t.exposeFloat("likes", { nullable: true }),
    comments: t.exposeFloat("comments", { nullable: true }),
    shares: t.exposeFloat("shares", { nullable: true }),
    engagementRate: t.exposeFloat("engagementRate", { nullable: true }),
    followers: t.exposeFloat("followers", { nullable: true }),
  }),
});

const AnalyticsOverview = builder.objectRef<OverviewShape>("AnalyticsOverview").implement({
  description: "A business's totals over a range of Kuwait days, their change against the period of the same length before it, and the split by network.",
  fields: (t) => ({
    clientId: t.field({ type: "ID", resolve: (o) => o.clientId }),
    from: t.exposeString("from", { description: "YYYY-MM-DD, Kuwait" }),
    to: t.exposeString("to", { description: "YYYY-MM-DD, Kuwait" }),
    previous: t.field({ type: AnalyticsPeriod, resolve: (o) => o.previous }),
    totals: t.field({ type: AnalyticsTotalsRef, resolve: (o) => o.totals }),
    change: t.field({ type: AnalyticsChange, resolve: (o) => o.change }),
    byPlatform: t.field({ type: [AnalyticsPlatformFigures], description: "Networks with posts in the range: Instagram, X, Snapchat.", resolve: (o) => o.byPlatform }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", { description: "Demo accounts' simulated figures are counted." }),
  }),
});

builder.queryFields((t) => ({
  analyticsOverview: t.field({
    type: AnalyticsOverview,
    description:
      "Totals and change for a business over `from`..`to` (YYYY-MM-DD Kuwait days; the last 30 days when left out). `clientId` is the business id (me.businessId): a business's people may name only their own, admins any. Demo accounts' simulated figures are left out unless `includeSimulated`.",
    authScopes: { authenticated: true },
    args: { clientId: t.arg.id({ required: true }), from: t.arg.string(), to: t.arg.string(), includeSimulated: t.arg.boolean() },
    resolve: (_r, a, ctx) => ctx.services.analytics.overview(ctx.viewer, { clientId: String(a.clientId), from: a.from ?? undefined, to: a.to ?? undefined, includeSimulated: a.includeSimulated ?? undefined }),
  }),
}));
