// Analytics at the GraphQL door: thin, each field calls the analytics service (tenancy is decided there).
import type { ArgBuilder } from "@pothos/core";
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from "graphql";
import { ANALYTICS_INTERVALS, TOP_POSTS_SORTS } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { countFields, type FieldsOf } from "../../graphql/figures.ts";
import { PlatformEnum, upper } from "../../graphql/enums.ts";
import type {
  AnalyticsContent as ContentShape,
  AnalyticsEngagement as EngagementShape,
  AnalyticsFigures,
  AnalyticsOverview as OverviewShape,
  AnalyticsPlatformDetail as PlatformDetailShape,
  AnalyticsTopPosts as TopPostsShape,
  AnalyticsTotals,
  ContentFigures,
  ContentGroup,
  HeatCell,
  PlatformSeries,
  PostFigures,
  SeriesPoint,
  TopPost,
} from "./analytics.service.ts";
import "./export/export.graphql.ts"; // analyticsExport
import "./guests.graphql.ts"; // analyticsGuests: the inbox in figures

const AnalyticsPeriod = builder.objectRef<{ from: string; to: string }>("AnalyticsPeriod").implement({
  description: "A range of Kuwait days, both ends included.",
  fields: (t) => ({
    from: t.exposeString("from", { description: "The first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included." }),
    to: t.exposeString("to", { description: "The last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included." }),
  }),
});

/** The figures the totals and each network share. */
const figureFields = <T extends AnalyticsFigures>(t: FieldsOf<T>) => ({
  posts: t.int({
    description:
      "Network copies published in the range (a post on Instagram and X is two); posts counted once: AnalyticsOverview.publishedPosts.",
    resolve: (f) => f.posts,
  }),
  ...countFields(t),
  engagementRate: t.float({
    nullable: true,
    description:
      "Likes, comments and shares over reach (over views where a network gives no reach), in percent; null with neither.",
    resolve: (f) => f.engagementRate,
  }),
});

const AnalyticsTotalsRef = builder.objectRef<AnalyticsTotals>("AnalyticsTotals").implement({
  description: "A business's figures over a range: the latest figures of the posts published in it.",
  fields: (t) => ({
    ...figureFields(t),
    followers: t.exposeInt("followers", {
      nullable: true,
      description: "Followers where a network gives them; null until an account's follower count is recorded.",
    }),
  }),
});

const AnalyticsPlatformFigures = builder
  .objectRef<AnalyticsFigures & { platform: OverviewShape["byPlatform"][number]["platform"] }>(
    "AnalyticsPlatformFigures",
  )
  .implement({
    description: "One network's share of the range's figures.",
    fields: (t) => ({
      platform: t.field({
        description: "The network these figures are for.",
        type: PlatformEnum,
        resolve: (p) => p.platform,
      }),
      ...figureFields(t),
    }),
  });

const AnalyticsChange = builder.objectRef<OverviewShape["change"]>("AnalyticsChange").implement({
  description:
    "Each total's change against the previous period, in percent (two decimals); null when the previous period's was 0 or unknown.",
  fields: (t) => ({
    posts: t.exposeFloat("posts", {
      description: "Change of the network copies published, in percent.",
      nullable: true,
    }),
    reach: t.exposeFloat("reach", { description: "Change of reach, in percent.", nullable: true }),
    views: t.exposeFloat("views", { description: "Change of views, in percent.", nullable: true }),
    likes: t.exposeFloat("likes", { description: "Change of likes, in percent.", nullable: true }),
    comments: t.exposeFloat("comments", { description: "Change of comments, in percent.", nullable: true }),
    shares: t.exposeFloat("shares", { description: "Change of shares, in percent.", nullable: true }),
    engagementRate: t.exposeFloat("engagementRate", {
      description: "Relative change of the engagement rate, in percent (not percentage points).",
      nullable: true,
    }),
    followers: t.exposeFloat("followers", { description: "Change of followers, in percent.", nullable: true }),
  }),
});

const AnalyticsOverview = builder.objectRef<OverviewShape>("AnalyticsOverview").implement({
  description:
    "A business's totals over a range of Kuwait days, their change against the period of the same length before it, and the split by network.",
  fields: (t) => ({
    clientId: t.field({ description: "The business's id.", type: "ID", resolve: (o) => o.clientId }),
    from: t.exposeString("from", {
      description: "The range's first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    to: t.exposeString("to", {
      description: "The range's last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    previous: t.field({
      description: "The period of the same length just before the range, that change compares with.",
      type: AnalyticsPeriod,
      resolve: (o) => o.previous,
    }),
    publishedPosts: t.exposeInt("publishedPosts", {
      description:
        "Posts published in the range, each counted once however many networks it went to (totals.posts counts network copies).",
    }),
    totals: t.field({
      description: "The range's totals over every network.",
      type: AnalyticsTotalsRef,
      resolve: (o) => o.totals,
    }),
    change: t.field({
      description: "Each total's change against the previous period.",
      type: AnalyticsChange,
      resolve: (o) => o.change,
    }),
    byPlatform: t.field({
      type: [AnalyticsPlatformFigures],
      description: "Networks with posts in the range: Instagram, X, Snapchat.",
      resolve: (o) => o.byPlatform,
    }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", { description: SIMULATED }),
    clicks: t.exposeInt("clicks", {
      description:
        "Taps on Sufra's short links in the range (caption links, the link page's buttons, review requests); bots and a visitor's repeats within 30 minutes not counted.",
    }),
    clicksChange: t.exposeFloat("clicksChange", {
      nullable: true,
      description: "The clicks' change against the previous period, in percent; null when there were none then.",
    }),
  }),
});

const SIMULATED = "Demo accounts' simulated figures are counted: label them as demo figures.";
const COMMON =
  "`clientId` is the business id (me.businessId): a business's people may name only their own, admins any. `from`..`to` are YYYY-MM-DD Kuwait days (the last 30 days when left out). `campaignId`: only that campaign's posts. `includeSimulated` left out: simulated figures count only for a business whose accounts are all demo accounts.";

/** The arguments every analytics question takes. */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
const commonArgs = (arg: ArgBuilder<Types>) => ({
  clientId: arg.id({
    required: true,
    description:
      "The business's id (me.businessId): a business's people and API key may name only their own, admins any.",
  }),
  from: arg.string({
    description:
      "The range's first day, YYYY-MM-DD (a Kuwait day); 30 days ending at `to` when left out. The range is at most 731 days.",
  }),
  to: arg.string({
    description: "The range's last day, YYYY-MM-DD (a Kuwait day), included; today in Kuwait when left out.",
  }),
  includeSimulated: arg.boolean({
    description:
      "Count demo accounts' simulated figures; left out: counted only for a business whose accounts are all demo accounts.",
  }),
  campaignId: arg.id({ description: "Only this campaign's posts (a campaign of the business)." }),
});
const commonInput = (a: {
  clientId: string | number;
  from?: string | null;
  to?: string | null;
  includeSimulated?: boolean | null;
  campaignId?: string | number | null;
}) => ({
  clientId: String(a.clientId),
  from: a.from ?? undefined,
  to: a.to ?? undefined,
  includeSimulated: a.includeSimulated ?? undefined,
  campaignId: a.campaignId == null ? undefined : String(a.campaignId),
});

/**
 * Whether the request asks for a field of this name anywhere under the root field (fragments followed): the
 * clicks on short links are one more statement, read only for a screen that shows them (docs/architecture.md#short-links).
 */
function asks(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const within = (set: SelectionSetNode | undefined): boolean =>
    !!set &&
    set.selections.some((s) => {
      if (s.kind === Kind.FIELD) return s.name.value === name || within(s.selectionSet);
      if (s.kind === Kind.INLINE_FRAGMENT) return within(s.selectionSet);
      if (seen.has(s.name.value)) return false;
      seen.add(s.name.value);
      return within(info.fragments[s.name.value]?.selectionSet);
    });
  return info.fieldNodes.some((f) => within(f.selectionSet));
}

builder.queryFields((t) => ({
  analyticsOverview: t.field({
    type: AnalyticsOverview,
    description: `Totals and change for a business over a range, against the period of the same length before it. ${COMMON}`,
    authScopes: { authenticated: true },
    args: commonArgs(t.arg),
    resolve: (_r, a, ctx, info) =>
      ctx.services.analytics.overview(ctx.viewer, commonInput(a), { clicks: asks(info, "clicks") }),
  }),
}));

// ---------------------------------------------------------------- engagement, a network, top posts, content
const AnalyticsIntervalEnum = builder.enumType("AnalyticsInterval", {
  description: "DAY: Kuwait days; WEEK: Kuwait weeks, Saturday to Friday.",
  values: upper(ANALYTICS_INTERVALS, {
    day: "One point per Kuwait day.",
    week: "One point per Kuwait week, Saturday to Friday.",
  }),
});
const TopPostsSortEnum = builder.enumType("AnalyticsTopPostsSort", {
  description: "ENGAGEMENT: likes, comments and shares together.",
  values: upper(TOP_POSTS_SORTS, {
    engagement: "Likes, comments and shares together, most first.",
    reach: "Accounts reached, highest first.",
    likes: "Likes, most first.",
    comments: "Comments (replies on X), most first.",
    shares: "Shares (reposts on X), most first.",
    views: "Views (impressions), most first.",
  }),
});

const answerFields = <T extends { clientId: string; from: string; to: string; simulatedIncluded: boolean }>(
  t: FieldsOf<T>,
) => ({
  clientId: t.field({ description: "The business's id.", type: "ID", resolve: (o) => o.clientId }),
  from: t.string({
    description: "The range's first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    resolve: (o) => o.from,
  }),
  to: t.string({
    description: "The range's last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    resolve: (o) => o.to,
  }),
  simulatedIncluded: t.boolean({ description: SIMULATED, resolve: (o) => o.simulatedIncluded }),
});

const AnalyticsSeriesPoint = builder.objectRef<SeriesPoint>("AnalyticsSeriesPoint").implement({
  description: "One day's or week's figures (zeros when nothing was published).",
  fields: (t) => ({
    date: t.exposeString("date", {
      description: "The bucket's first day, YYYY-MM-DD Kuwait (a week's Saturday, which may come before the range).",
    }),
    days: t.exposeInt("days", {
      description: "The range's days in the bucket (a week at either end of the range may hold fewer than 7).",
    }),
    ...figureFields(t),
  }),
});

const AnalyticsPlatformSeries = builder.objectRef<PlatformSeries>("AnalyticsPlatformSeries").implement({
  description: "One network's figures per day or week.",
  fields: (t) => ({
    platform: t.field({
      description: "The network these figures are for.",
      type: PlatformEnum,
      resolve: (p) => p.platform,
    }),
    points: t.field({
      description: "Its figures per bucket, oldest first, zero-filled.",
      type: [AnalyticsSeriesPoint],
      resolve: (p) => p.points,
    }),
  }),
});

const AnalyticsEngagement = builder.objectRef<EngagementShape>("AnalyticsEngagement").implement({
  description: "A business's figures per Kuwait day or week over a range, zero-filled, in total and per network.",
  fields: (t) => ({
    ...answerFields(t),
    interval: t.field({
      description: "Whether the points are days or weeks.",
      type: AnalyticsIntervalEnum,
      resolve: (e) => e.interval,
    }),
    points: t.field({
      description: "The figures of every network per bucket, oldest first, zero-filled.",
      type: [AnalyticsSeriesPoint],
      resolve: (e) => e.points,
    }),
    byPlatform: t.field({
      type: [AnalyticsPlatformSeries],
      description: "Networks with posts in the range: Instagram, X, Snapchat.",
      resolve: (e) => e.byPlatform,
    }),
  }),
});

/** A post's figures, on all its networks or on one. */
const postFigureFields = <T extends PostFigures>(t: FieldsOf<T>) => ({
  reach: t.int({
    description: "Accounts reached (0 where a network gives no reach), as last collected.",
    resolve: (f) => f.reach,
  }),
  views: t.int({ description: "Views (impressions), as last collected.", resolve: (f) => f.views }),
  likes: t.int({ description: "Likes, as last collected.", resolve: (f) => f.likes }),
  comments: t.int({ description: "Comments (replies on X), as last collected.", resolve: (f) => f.comments }),
  shares: t.int({ description: "Shares (reposts on X), as last collected.", resolve: (f) => f.shares }),
  engagement: t.int({ description: "Likes, comments and shares together.", resolve: (f) => f.engagement }),
  engagementRate: t.float({
    nullable: true,
    description: "Engagement over reach (over views where a network gives no reach), in percent.",
    resolve: (f) => f.engagementRate,
  }),
});

const AnalyticsPostPlatform = builder.objectRef<TopPost["byPlatform"][number]>("AnalyticsPostPlatform").implement({
  description: "A post's figures on one network, with its link there.",
  fields: (t) => ({
    platform: t.field({
      description: "The network these figures are for.",
      type: PlatformEnum,
      resolve: (p) => p.platform,
    }),
    permalink: t.exposeString("permalink", {
      description: "The post's address on this network; null when the network gave none.",
      nullable: true,
    }),
    ...postFigureFields(t),
  }),
});

const AnalyticsTopPost = builder.objectRef<TopPost>("AnalyticsTopPost").implement({
  description: "A post published in the range, its networks' figures summed.",
  fields: (t) => ({
    postId: t.exposeID("postId", { description: "The post's id." }),
    excerpt: t.exposeString("excerpt", { nullable: true, description: "The caption's opening words." }),
    platforms: t.field({
      description: "The networks it went out on.",
      type: [PlatformEnum],
      resolve: (p) => p.platforms,
    }),
    publishedAt: t.expose("publishedAt", { type: "DateTime", description: "When it first went out." }),
    occasion: t.exposeString("occasion", {
      description:
        "A ContentOccasion key in lower case, or everyday: the post's own, else its campaign's, else the Kuwait calendar's that day.",
    }),
    campaignId: t.exposeID("campaignId", {
      description: "Its campaign's id; null outside any campaign.",
      nullable: true,
    }),
    campaignName: t.exposeString("campaignName", {
      description: "Its campaign's name; null outside any campaign.",
      nullable: true,
    }),
    ...postFigureFields(t),
    byPlatform: t.field({
      description: "Its figures on each of its networks.",
      type: [AnalyticsPostPlatform],
      resolve: (p) => p.byPlatform,
    }),
    clicks: t.exposeInt("clicks", {
      description:
        "Taps on the post's caption links (Sufra's short links) in the range, on its networks in scope; bots and repeats not counted.",
    }),
  }),
});

const AnalyticsTopPosts = builder.objectRef<TopPostsShape>("AnalyticsTopPosts").implement({
  description: "A range's best posts by a figure.",
  fields: (t) => ({
    ...answerFields(t),
    sort: t.field({
      description: "The figure the posts are ranked by, highest first.",
      type: TopPostsSortEnum,
      resolve: (r) => r.sort,
    }),
    limit: t.exposeInt("limit", { description: "The most posts listed (1 to 100)." }),
    posts: t.field({
      description: "The posts, best first; fewer than limit when fewer were published.",
      type: [AnalyticsTopPost],
      resolve: (r) => r.posts,
    }),
  }),
});

const AnalyticsPlatformDetail = builder.objectRef<PlatformDetailShape>("AnalyticsPlatformDetail").implement({
  description: "One network's figures over a range: totals and change, the daily series, its best posts.",
  fields: (t) => ({
    ...answerFields(t),
    platform: t.field({
      description: "The network these figures are for.",
      type: PlatformEnum,
      resolve: (d) => d.platform,
    }),
    previous: t.field({
      description: "The period of the same length just before the range.",
      type: AnalyticsPeriod,
      resolve: (d) => d.previous,
    }),
    totals: t.field({
      description: "The network's totals over the range.",
      type: AnalyticsTotalsRef,
      resolve: (d) => d.totals,
    }),
    change: t.field({
      description: "Each total's change against the previous period.",
      type: AnalyticsChange,
      resolve: (d) => d.change,
    }),
    series: t.field({
      type: [AnalyticsSeriesPoint],
      description: "Every Kuwait day of the range.",
      resolve: (d) => d.series,
    }),
    topPosts: t.field({
      type: [AnalyticsTopPost],
      description: "Its five best posts by engagement, with this network's figures.",
      resolve: (d) => d.topPosts,
    }),
  }),
});

const contentFigureFields = <T extends ContentFigures>(t: FieldsOf<T>) => ({
  posts: t.int({ description: "Posts (not targets) in the group.", resolve: (f) => f.posts }),
  ...postFigureFields(t),
  averageEngagement: t.float({
    nullable: true,
    description: "Engagement per post; null without posts.",
    resolve: (f) => f.averageEngagement,
  }),
});

const AnalyticsContentGroup = builder.objectRef<ContentGroup>("AnalyticsContentGroup").implement({
  description: "The figures of the range's posts that share a content type, occasion, language or hashtag.",
  fields: (t) => ({
    key: t.exposeString("key", {
      description: "The content type, occasion, language (ar, en, mixed) or hashtag (without #).",
    }),
    ...contentFigureFields(t),
  }),
});

const AnalyticsHourFigures = builder.objectRef<ContentFigures & { hour: number }>("AnalyticsHourFigures").implement({
  description: "The figures of the range's posts that went out in one Kuwait hour of the day.",
  fields: (t) => ({
    hour: t.exposeInt("hour", {
      description: "The hour of the day in Kuwait (Asia/Kuwait), 0-23, when the posts went out.",
    }),
    ...contentFigureFields(t),
  }),
});

const AnalyticsHeatCell = builder.objectRef<HeatCell>("AnalyticsHeatCell").implement({
  description: "The figures of the range's posts that went out in one Kuwait weekday and hour.",
  fields: (t) => ({
    weekday: t.exposeInt("weekday", { description: "0 = Sunday ... 6 = Saturday (Kuwait)." }),
    hour: t.exposeInt("hour", { description: "The hour of the day in Kuwait (Asia/Kuwait), 0-23." }),
    ...contentFigureFields(t),
  }),
});

const AnalyticsContent = builder.objectRef<ContentShape>("AnalyticsContent").implement({
  description:
    "Performance of the range's posts by content type, occasion, caption language, hashtag and Kuwait posting hour.",
  fields: (t) => ({
    ...answerFields(t),
    byType: t.field({
      type: [AnalyticsContentGroup],
      description: "text, image, video, carousel (from the post's media): always all four.",
      resolve: (c) => c.byType,
    }),
    byOccasion: t.field({
      type: [AnalyticsContentGroup],
      description: "ContentOccasion keys in lower case, or everyday; those with posts, most first.",
      resolve: (c) => c.byOccasion,
    }),
    byLanguage: t.field({
      type: [AnalyticsContentGroup],
      description: "ar, en, mixed (each script at least 30% of the caption's letters): always all three.",
      resolve: (c) => c.byLanguage,
    }),
    byHashtag: t.field({
      type: [AnalyticsContentGroup],
      description: "The 20 hashtags with the most engagement.",
      resolve: (c) => c.byHashtag,
    }),
    byHour: t.field({ type: [AnalyticsHourFigures], description: "24 hours, 0-23 Kuwait.", resolve: (c) => c.byHour }),
    heatmap: t.field({
      type: [AnalyticsHeatCell],
      description: "7 × 24 cells, Saturday first, hours in order.",
      resolve: (c) => c.heatmap,
    }),
  }),
});

builder.queryFields((t) => ({
  analyticsEngagement: t.field({
    type: AnalyticsEngagement,
    description: `Figures per Kuwait day (interval DAY, the default) or per Kuwait week starting Saturday (WEEK), every bucket of the range zero-filled, in total and per network. ${COMMON}`,
    authScopes: { authenticated: true },
    args: {
      ...commonArgs(t.arg),
      interval: t.arg({ description: "DAY (the default) or WEEK.", type: AnalyticsIntervalEnum }),
    },
    resolve: (_r, a, ctx) =>
      ctx.services.analytics.engagement(ctx.viewer, { ...commonInput(a), interval: a.interval ?? undefined }),
  }),
  analyticsPlatform: t.field({
    type: AnalyticsPlatformDetail,
    description: `One network's totals and change, daily series and five best posts. ${COMMON}`,
    authScopes: { authenticated: true },
    args: {
      ...commonArgs(t.arg),
      platform: t.arg({ type: PlatformEnum, required: true, description: "The network to describe." }),
    },
    resolve: (_r, a, ctx, info) =>
      ctx.services.analytics.platform(
        ctx.viewer,
        { ...commonInput(a), platform: a.platform },
        { clicks: asks(info, "clicks") },
      ),
  }),
  analyticsTopPosts: t.field({
    type: AnalyticsTopPosts,
    description: `The range's best posts by \`sort\` (ENGAGEMENT by default), \`limit\` of them (10 by default, 1 to 100). ${COMMON}`,
    authScopes: { authenticated: true },
    args: {
      ...commonArgs(t.arg),
      limit: t.arg.int({ description: "How many posts: 1 to 100, 10 when left out." }),
      sort: t.arg({ description: "The figure to rank by; ENGAGEMENT when left out.", type: TopPostsSortEnum }),
    },
    resolve: (_r, a, ctx, info) =>
      ctx.services.analytics.topPosts(
        ctx.viewer,
        { ...commonInput(a), limit: a.limit ?? undefined, sort: a.sort ?? undefined },
        { clicks: asks(info, "clicks") },
      ),
  }),
  analyticsContent: t.field({
    type: AnalyticsContent,
    description: `Performance by content type, occasion, caption language, hashtag and Kuwait posting hour, and the weekday × hour grid. ${COMMON}`,
    authScopes: { authenticated: true },
    args: commonArgs(t.arg),
    resolve: (_r, a, ctx) => ctx.services.analytics.content(ctx.viewer, commonInput(a)),
  }),
}));
