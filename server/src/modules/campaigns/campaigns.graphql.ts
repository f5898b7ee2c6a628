// Campaigns at the GraphQL door: thin, every field calls the campaigns service. A campaign's roll-up and
// posts are read with it by `campaign(id)`; on the list they are fetched per campaign when asked for.
import { CAMPAIGN_GOAL_KEYS, filsToKwd, type PlatformName } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { countFields, type FieldsOf } from "../../graphql/figures.ts";
import { ContentOccasionEnum, PlatformEnum, upper } from "../../graphql/enums.ts";
import { CampaignRef, PostRef as Post } from "../../graphql/refs.ts";
import type { CampaignView } from "./campaign-view.ts";
import type { CampaignFigures, CampaignRollup as RollupShape } from "./rollup.ts";

const CampaignGoalEnum = builder.enumType("CampaignGoal", {
  description: "awareness (reach), footfall (visits), orders, launch (views)",
  values: upper(CAMPAIGN_GOAL_KEYS, {
    awareness: "Reach more people: measured by reach, from the networks.",
    footfall: "Bring visitors to the shop: measured by visits, counted in the shop and entered by hand.",
    orders: "Bring orders: measured by orders, counted in the shop and entered by hand.",
    launch: "Launch something new: measured by views, from the networks.",
  }),
});
const CampaignMetricEnum = builder.enumType("CampaignMetric", {
  description: "The figure a campaign goal is measured by.",
  values: upper(["reach", "views", "visits", "orders"] as const, {
    reach: "Accounts reached by the campaign's posts (from the networks).",
    views: "Views of the campaign's posts (from the networks).",
    visits: "Visits to the shop, entered by hand.",
    orders: "Orders, entered by hand.",
  }),
});
const CampaignPhaseEnum = builder.enumType("CampaignPhase", {
  description: "Where today (in Kuwait) stands in a campaign's days.",
  values: upper(["upcoming", "running", "ended"] as const, {
    upcoming: "Today is before its first day.",
    running: "Today is one of its days.",
    ended: "Today is after its last day.",
  }),
});

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;
const kwd = (fils: number | null) => (fils === null ? null : filsToKwd(fils));

const CampaignProgress = builder.objectRef<CampaignView["progress"]>("CampaignProgress").implement({
  description:
    "How far the campaign is toward its goal: reach (awareness) and views (launch) from the networks, visits and orders as entered by hand.",
  fields: (t) => ({
    metric: t.field({
      description: "The figure the goal is measured by.",
      type: CampaignMetricEnum,
      resolve: (p) => p.metric,
    }),
    target: t.exposeInt("target", {
      description: "The goal's target (goalTarget); null when none was set.",
      nullable: true,
    }),
    actual: t.exposeInt("actual", { nullable: true, description: "null: visits or orders not entered yet" }),
    percent: t.exposeFloat("percent", {
      nullable: true,
      description: "Two decimals; over 100 when beaten; null without a target or a result",
    }),
  }),
});

const figureFields = <T extends CampaignFigures>(t: FieldsOf<T>) => ({
  posts: t.int({
    description:
      "Network copies published (a post on Instagram and X is two); posts counted once: CampaignRollup.publishedPosts",
    resolve: (f) => f.posts,
  }),
  ...countFields(t),
  engagementRate: t.float({
    nullable: true,
    description: "Likes, comments and shares over reach (over views where a network gives none), in percent",
    resolve: (f) => f.engagementRate,
  }),
});

const CampaignFiguresRef = builder
  .objectRef<CampaignFigures>("CampaignFigures")
  .implement({ description: "A campaign's posts' figures, summed.", fields: (t) => figureFields(t) });
const CampaignPlatformFigures = builder
  .objectRef<RollupShape["byPlatform"][number]>("CampaignPlatformFigures")
  .implement({
    description: "One network's share of a campaign's figures.",
    fields: (t) => ({
      platform: t.field({
        description: "The network these figures are for.",
        type: PlatformEnum,
        resolve: (p) => p.platform,
      }),
      ...figureFields(t),
    }),
  });

const CampaignPostCounts = builder.objectRef<RollupShape["postsByStatus"]>("CampaignPostCounts").implement({
  description: "The campaign's posts by status.",
  fields: (t) => ({
    draft: t.exposeInt("draft", { description: "Posts that are drafts." }),
    scheduled: t.exposeInt("scheduled", { description: "Posts scheduled and waiting for their time." }),
    publishing: t.exposeInt("publishing", { description: "Posts being sent now." }),
    published: t.exposeInt("published", { description: "Posts out on every network." }),
    partiallyPublished: t.exposeInt("partially_published", {
      description: "Posts out on some networks, failed on others.",
    }),
    failed: t.exposeInt("failed", { description: "Posts out on no network." }),
    unconfirmed: t.exposeInt("unconfirmed", { description: "Posts waiting for a person to confirm or retry." }),
  }),
});

const CampaignSpend = builder.objectRef<RollupShape["spend"]>("CampaignSpend").implement({
  description: "Money in fils (1 KWD = 1000 fils) and as KWD text with three decimals.",
  fields: (t) => ({
    budgetFils: t.exposeInt("budgetFils", {
      description: "The budget in fils; null when none was set.",
      nullable: true,
    }),
    budgetKwd: t.string({
      description: 'The budget in KWD, three decimals ("250.500"); null when none was set.',
      nullable: true,
      resolve: (s) => kwd(s.budgetFils),
    }),
    costPer1000ReachFils: t.exposeInt("costPer1000ReachFils", {
      description: "The budget per 1,000 accounts reached, in fils, rounded; null without a budget or reach.",
      nullable: true,
    }),
    costPer1000ReachKwd: t.string({
      description: "The same in KWD, three decimals; null without a budget or reach.",
      nullable: true,
      resolve: (s) => kwd(s.costPer1000ReachFils),
    }),
    costPerResultFils: t.exposeInt("costPerResultFils", {
      nullable: true,
      description: "Per visit or order; per 1,000 reached or viewed for awareness and launch (see resultPer)",
    }),
    costPerResultKwd: t.string({
      description: "The same in KWD, three decimals; null without a budget or a result.",
      nullable: true,
      resolve: (s) => kwd(s.costPerResultFils),
    }),
    resultPer: t.exposeInt("resultPer", { description: "1 (a visit, an order) or 1000 (reached people, views)" }),
  }),
});

const CampaignDays = builder.objectRef<RollupShape["days"]>("CampaignDays").implement({
  description: "A campaign's Kuwait days and where today stands in them.",
  fields: (t) => ({
    total: t.exposeInt("total", { description: "Days from start to end, both included." }),
    elapsed: t.exposeInt("elapsed", { description: "Days gone, today included while it runs" }),
    left: t.exposeInt("left", { description: "Days still to come after today" }),
    phase: t.field({
      description: "Upcoming, running or ended, by today's Kuwait date.",
      type: CampaignPhaseEnum,
      resolve: (d) => d.phase,
    }),
  }),
});

const CampaignBestPost = builder.objectRef<NonNullable<RollupShape["bestPost"]>>("CampaignBestPost").implement({
  description: "The published post with the most likes, comments and shares.",
  fields: (t) => ({
    post: t.field({ description: "The post itself.", type: Post, resolve: (b) => b.post }),
    engagements: t.exposeInt("engagements", {
      description: "Its likes, comments and shares together, over its networks.",
    }),
    reach: t.exposeInt("reach", { description: "Accounts it reached, over its networks." }),
    views: t.exposeInt("views", { description: "Its views, over its networks." }),
    engagementRate: t.exposeFloat("engagementRate", {
      description: "Engagements over reach (over views where a network gives none), in percent; null with neither.",
      nullable: true,
    }),
  }),
});

const CampaignClickCount = builder
  .objectRef<{ platform?: string; postId?: string; clicks: number }>("CampaignClickCount")
  .implement({
    description: "Clicks on a campaign's links for one network or one post.",
    fields: (t) => ({
      platform: t.field({
        description: "The network (in byPlatform); null in byPost.",
        type: PlatformEnum,
        nullable: true,
        resolve: (c) => (c.platform as PlatformName | undefined) ?? null,
      }),
      postId: t.id({
        description: "The post (in byPost); null in byPlatform.",
        nullable: true,
        resolve: (c) => c.postId ?? null,
      }),
      clicks: t.exposeInt("clicks", { description: "Clicks counted on its links." }),
    }),
  });

const CampaignClicks = builder.objectRef<RollupShape["clicks"]>("CampaignClicks").implement({
  description:
    "Taps on the campaign's posts' caption links (Sufra's short links), every day counted; bots and a visitor's repeats within 30 minutes not counted, nothing of the visitor stored.",
  fields: (t) => ({
    total: t.exposeInt("total", { description: "All clicks on its links." }),
    byPlatform: t.field({
      description: "Per network, most clicked first; networks without clicks left out.",
      type: [CampaignClickCount],
      resolve: (c) => c.byPlatform,
    }),
    byPost: t.field({
      description: "Per post; posts without clicks left out.",
      type: [CampaignClickCount],
      resolve: (c) => c.byPost,
    }),
  }),
});

const CampaignRollup = builder.objectRef<RollupShape>("CampaignRollup").implement({
  description:
    "The campaign's posts rolled up: their latest figures (demo accounts' simulated ones included and flagged), progress, spend, days and the best post.",
  fields: (t) => ({
    postsByStatus: t.field({
      description: "Its posts counted by status.",
      type: CampaignPostCounts,
      resolve: (r) => r.postsByStatus,
    }),
    publishedPosts: t.exposeInt("publishedPosts", {
      description:
        "Its posts with at least one published copy, each counted once (totals.posts counts network copies).",
    }),
    totals: t.field({
      description: "Its published posts' figures over every network.",
      type: CampaignFiguresRef,
      resolve: (r) => r.totals,
    }),
    byPlatform: t.field({
      description: "Its figures per network, for networks with published posts.",
      type: [CampaignPlatformFigures],
      resolve: (r) => r.byPlatform,
    }),
    progress: t.field({
      description: "How far it is toward its goal.",
      type: CampaignProgress,
      resolve: (r) => r.progress,
    }),
    spend: t.field({ description: "The budget and what a result cost.", type: CampaignSpend, resolve: (r) => r.spend }),
    days: t.field({ description: "Its days and where today stands.", type: CampaignDays, resolve: (r) => r.days }),
    bestPost: t.field({
      description: "Its best post; null before any is published.",
      type: CampaignBestPost,
      nullable: true,
      resolve: (r) => r.bestPost,
    }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", {
      description: "Some figures are a demo account's, simulated",
    }),
    clicks: t.field({
      description: "Taps on its posts' caption links, in all, per network and per post.",
      type: CampaignClicks,
      resolve: (r) => r.clicks,
    }),
  }),
});

const Campaign = CampaignRef.implement({
  description: "A business's campaign: a goal over a range of Kuwait days, a budget, an occasion, and its posts.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The campaign's id (a UUID)." }),
    name: t.exposeString("name", { description: "The campaign's name (up to 80 characters)." }),
    goal: t.field({ description: "What the campaign is for.", type: CampaignGoalEnum, resolve: (c) => c.goal }),
    startDate: t.exposeString("startDate", {
      description: "The first day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    endDate: t.exposeString("endDate", {
      description: "The last day, YYYY-MM-DD (a Kuwait day, Asia/Kuwait), included.",
    }),
    budgetFils: t.exposeInt("budgetFils", {
      nullable: true,
      description: "The budget in fils (1 KWD = 1000 fils), at most 100,000 KWD; null when none was set.",
    }),
    budgetKwd: t.string({
      nullable: true,
      description: "The budget in KWD, three decimals",
      resolve: (c) => kwd(c.budgetFils),
    }),
    occasion: t.field({
      description: "The occasion it is for; null when none.",
      type: ContentOccasionEnum,
      nullable: true,
      resolve: (c) => c.occasion,
    }),
    goalTarget: t.exposeInt("goalTarget", {
      nullable: true,
      description: "Reach (awareness), views (launch), visits (footfall) or orders",
    }),
    goalResult: t.exposeInt("goalResult", {
      nullable: true,
      description: "Visits or orders counted in the shop, entered by hand",
    }),
    notes: t.exposeString("notes", {
      description: "Free notes (up to 1,000 characters); null when none.",
      nullable: true,
    }),
    postCount: t.exposeInt("postCount", { description: "How many posts belong to it, drafts included." }),
    progress: t.field({
      description: "How far it is toward its goal.",
      type: CampaignProgress,
      resolve: (c) => c.progress,
    }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", {
      description: "Its progress counts a demo account's simulated figures.",
    }),
    createdAt: t.expose("createdAt", { description: "When it was created (UTC).", type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { description: "When it last changed (UTC).", type: "DateTime" }),
    rollup: t.field({
      description: "Its posts rolled up: figures, progress, spend, days and the best post.",
      type: CampaignRollup,
      complexity: 20,
      resolve: async (c, _a, ctx) => c.rollup ?? (await ctx.services.campaigns.get(ctx.viewer, c.id)).rollup,
    }),
    posts: t.field({
      type: [Post],
      description: "Its posts, latest due first",
      complexity: { field: 1, multiplier: 50 },
      resolve: async (c, _a, ctx) => c.posts ?? (await ctx.services.campaigns.get(ctx.viewer, c.id)).posts,
    }),
  }),
});

const CampaignInput = builder.inputType("CampaignInput", {
  description: "A new campaign.",
  fields: (t) => ({
    name: t.string({ required: true, description: "The name, 1 to 80 characters." }),
    goal: t.field({ type: CampaignGoalEnum, required: true, description: "What it is for." }),
    startDate: t.string({ required: true, description: "The first day, YYYY-MM-DD (a Kuwait day), included." }),
    endDate: t.string({ required: true, description: "YYYY-MM-DD, Kuwait, on or after the start, at most 366 days" }),
    budgetKwd: t.string({ description: 'KWD, at most three decimals, e.g. "250.500"' }),
    occasion: t.field({ description: "The occasion it is for; none when left out.", type: ContentOccasionEnum }),
    goalTarget: t.int({
      description: "The number to reach (reach, views, visits or orders by goal), 1 to 1,000,000,000.",
    }),
    goalResult: t.int({ description: "Visits or orders counted so far (0 or more): footfall and orders goals only." }),
    notes: t.string({ description: "Free notes, up to 1,000 characters." }),
  }),
});

const CampaignUpdateInput = builder.inputType("CampaignUpdateInput", {
  description: "Only the fields given change; null clears an optional one.",
  fields: (t) => ({
    name: t.string({ description: "The new name, 1 to 80 characters." }),
    goal: t.field({ description: "What it is for.", type: CampaignGoalEnum }),
    startDate: t.string({ description: "The first day, YYYY-MM-DD (a Kuwait day)." }),
    endDate: t.string({
      description: "The last day, YYYY-MM-DD (a Kuwait day), on or after the start, at most 366 days.",
    }),
    budgetKwd: t.string({ description: 'The budget in KWD, at most three decimals ("250.500"); null clears it.' }),
    occasion: t.field({ description: "The occasion; null clears it.", type: ContentOccasionEnum }),
    goalTarget: t.int({ description: "The number to reach, 1 to 1,000,000,000; null clears it." }),
    goalResult: t.int({ description: "Visits or orders counted so far (footfall and orders goals); null clears it." }),
    notes: t.string({ description: "Free notes, up to 1,000 characters; null clears them." }),
  }),
});

const AttachResult = builder
  .objectRef<{ campaign: CampaignView; attached: string[]; outsideDates: string[] }>("CampaignAttachResult")
  .implement({
    description: "What attaching did: the campaign as it now is and the posts attached.",
    fields: (t) => ({
      campaign: t.field({ description: "The campaign after the change.", type: Campaign, resolve: (r) => r.campaign }),
      attachedIds: t.idList({ description: "The posts attached.", resolve: (r) => r.attached }),
      outsideDatesIds: t.idList({
        description: "Posts due or published outside the campaign's days (attached all the same)",
        resolve: (r) => r.outsideDates,
      }),
    }),
  });

const DetachResult = builder
  .objectRef<{ campaign: CampaignView; detached: string[] }>("CampaignDetachResult")
  .implement({
    description: "What detaching did: the campaign as it now is and the posts taken out.",
    fields: (t) => ({
      campaign: t.field({ description: "The campaign after the change.", type: Campaign, resolve: (r) => r.campaign }),
      detachedIds: t.idList({ description: "The posts taken out of it.", resolve: (r) => r.detached }),
    }),
  });

const DeleteResult = builder.objectRef<{ id: string; postsKept: number }>("CampaignDeleteResult").implement({
  description: "What deleting a campaign did.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The deleted campaign's id." }),
    postsKept: t.exposeInt("postsKept", { description: "Its posts, kept without a campaign" }),
  }),
});

/** Updates keep null (it clears a field); only fields left out stay as they are. */
const given = (input: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

builder.queryFields((t) => ({
  campaigns: t.field({
    type: [Campaign],
    ...ofBusiness,
    description: "The business's campaigns, current first (running, then coming, then ended).",
    complexity: { field: 1, multiplier: 20 },
    resolve: (_r, _a, ctx) => ctx.services.campaigns.list(ctx.viewer),
  }),
  campaign: t.field({
    type: Campaign,
    ...ofBusiness,
    description: "One campaign of the caller's business, with its rollup and posts; NOT_FOUND for another business's.",
    args: { id: t.arg.id({ required: true, description: "The campaign's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.campaigns.get(ctx.viewer, String(id)),
  }),
}));

builder.mutationFields((t) => ({
  createCampaign: t.field({
    type: Campaign,
    ...ofBusiness,
    description: "Creates a campaign. People of the business or its API key.",
    args: { input: t.arg({ type: CampaignInput, required: true, description: "The new campaign." }) },
    resolve: (_r, { input }, ctx) => ctx.services.campaigns.create(ctx.viewer, input, ctx.meta),
  }),
  updateCampaign: t.field({
    description: "Changes a campaign: only the fields given change.",
    type: Campaign,
    ...ofBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The campaign's id." }),
      input: t.arg({ type: CampaignUpdateInput, required: true, description: "The fields to change." }),
    },
    resolve: (_r, { id, input }, ctx) => ctx.services.campaigns.update(ctx.viewer, String(id), given(input), ctx.meta),
  }),
  deleteCampaign: t.field({
    type: DeleteResult,
    ...ofBusiness,
    description: "Deletes the campaign; its posts stay, without a campaign.",
    args: { id: t.arg.id({ required: true, description: "The campaign's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.campaigns.remove(ctx.viewer, String(id), ctx.meta),
  }),
  attachPostsToCampaign: t.field({
    type: AttachResult,
    ...ofBusiness,
    description:
      "Attaches the business's posts (a post in another campaign moves); one post that is not the business's refuses them all.",
    args: {
      id: t.arg.id({ required: true, description: "The campaign's id." }),
      postIds: t.arg.idList({ required: true, description: "The posts to attach, 1 to 100." }),
    },
    resolve: (_r, { id, postIds }, ctx) =>
      ctx.services.campaigns.attachPosts(ctx.viewer, String(id), { postIds: postIds.map(String) }),
  }),
  detachPostsFromCampaign: t.field({
    description: "Takes posts out of the campaign; they stay, without a campaign.",
    type: DetachResult,
    ...ofBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The campaign's id." }),
      postIds: t.arg.idList({ required: true, description: "The posts to take out, 1 to 100." }),
    },
    resolve: (_r, { id, postIds }, ctx) =>
      ctx.services.campaigns.detachPosts(ctx.viewer, String(id), { postIds: postIds.map(String) }),
  }),
  setPostCampaign: t.field({
    type: Post,
    ...ofBusiness,
    description: "The calendar's \"Add to campaign\": sets one post's campaign, or clears it with a null campaignId.",
    args: {
      postId: t.arg.id({ required: true, description: "The post's id." }),
      campaignId: t.arg.id({
        description: "The campaign to put it in; null or left out takes it out of its campaign.",
      }),
    },
    resolve: (_r, { postId, campaignId }, ctx) =>
      ctx.services.campaigns.setPostCampaign(ctx.viewer, String(postId), campaignId ?? null),
  }),
}));
