// Campaigns at the GraphQL door: thin, every field calls the campaigns service. A campaign's roll-up and
// posts are read with it by `campaign(id)`; on the list they are fetched per campaign when asked for.
import { CAMPAIGN_GOAL_KEYS, filsToKwd } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { countFields, type FieldsOf } from "../../graphql/figures.ts";
import { ContentOccasionEnum, PlatformEnum, upper } from "../../graphql/enums.ts";
import { Post } from "../posts/index.ts";
import type { CampaignDetail, CampaignView } from "./campaigns.service.ts";
import type { CampaignFigures, CampaignRollup as RollupShape } from "./rollup.ts";


export const CampaignGoalEnum = builder.enumType("CampaignGoal", { description: "awareness (reach), footfall (visits), orders, launch (views)", values: upper(CAMPAIGN_GOAL_KEYS) });
export const CampaignMetricEnum = builder.enumType("CampaignMetric", { description: "The figure a goal is measured by", values: upper(["reach", "views", "visits", "orders"] as const) });
export const CampaignPhaseEnum = builder.enumType("CampaignPhase", { values: upper(["upcoming", "running", "ended"] as const) });

/** People of a business, or an API key acting for one. */
const ofBusiness = { authScopes: { business: true } } as const;
const kwd = (fils: number | null) => (fils === null ? null : filsToKwd(fils));

const CampaignProgress = builder.objectRef<CampaignView["progress"]>("CampaignProgress").implement({
  description: "How far the campaign is toward its goal: reach (awareness) and views (launch) from the networks, visits and orders as entered by hand.",
  fields: (t) => ({
    metric: t.field({ type: CampaignMetricEnum, resolve: (p) => p.metric }),
    target: t.exposeInt("target", { nullable: true }),
    actual: t.exposeInt("actual", { nullable: true, description: "null: visits or orders not entered yet" }),
    percent: t.exposeFloat("percent", { nullable: true, description: "Two decimals; over 100 when beaten; null without a target or a result" }),
  }),
});

const figureFields = <T extends CampaignFigures>(t: FieldsOf<T>) => ({
  posts: t.int({ description: "Network copies published (a post on Instagram and X is two); posts counted once: CampaignRollup.publishedPosts", resolve: (f) => f.posts }),
  ...countFields(t),
  engagementRate: t.float({ nullable: true, description: "Likes, comments and shares over reach (over views where a network gives none), in percent", resolve: (f) => f.engagementRate }),
});

const CampaignFiguresRef = builder.objectRef<CampaignFigures>("CampaignFigures").implement({ fields: (t) => figureFields(t) });
const CampaignPlatformFigures = builder.objectRef<RollupShape["byPlatform"][number]>("CampaignPlatformFigures").implement({
  fields: (t) => ({ platform: t.field({ type: PlatformEnum, resolve: (p) => p.platform }), ...figureFields(t) }),
});

const CampaignPostCounts = builder.objectRef<RollupShape["postsByStatus"]>("CampaignPostCounts").implement({
  description: "The campaign's posts by status.",
  fields: (t) => ({
    draft: t.exposeInt("draft"),
    scheduled: t.exposeInt("scheduled"),
    publishing: t.exposeInt("publishing"),
    published: t.exposeInt("published"),
    partiallyPublished: t.exposeInt("partially_published"),
    failed: t.exposeInt("failed"),
    unconfirmed: t.exposeInt("unconfirmed"),
  }),
});

const CampaignSpend = builder.objectRef<RollupShape["spend"]>("CampaignSpend").implement({
  description: "Money in fils (1 KWD = 1000 fils) and as KWD text with three decimals.",
  fields: (t) => ({
    budgetFils: t.exposeInt("budgetFils", { nullable: true }),
    budgetKwd: t.string({ nullable: true, resolve: (s) => kwd(s.budgetFils) }),
    costPer1000ReachFils: t.exposeInt("costPer1000ReachFils", { nullable: true }),
    costPer1000ReachKwd: t.string({ nullable: true, resolve: (s) => kwd(s.costPer1000ReachFils) }),
    costPerResultFils: t.exposeInt("costPerResultFils", { nullable: true, description: "Per visit or order; per 1,000 reached or viewed for awareness and launch (see resultPer)" }),
    costPerResultKwd: t.string({ nullable: true, resolve: (s) => kwd(s.costPerResultFils) }),
    resultPer: t.exposeInt("resultPer", { description: "1 (a visit, an order) or 1000 (reached people, views)" }),
  }),
});

const CampaignDays = builder.objectRef<RollupShape["days"]>("CampaignDays").implement({
  fields: (t) => ({
    total: t.exposeInt("total"),
    elapsed: t.exposeInt("elapsed", { description: "Days gone, today included while it runs" }),
    left: t.exposeInt("left", { description: "Days still to come after today" }),
    phase: t.field({ type: CampaignPhaseEnum, resolve: (d) => d.phase }),
  }),
});

const CampaignBestPost = builder.objectRef<NonNullable<RollupShape["bestPost"]>>("CampaignBestPost").implement({
  description: "The published post with the most likes, comments and shares.",
  fields: (t) => ({
    post: t.field({ type: Post, resolve: (b) => b.post }),
    engagements: t.exposeInt("engagements"),
    reach: t.exposeInt("reach"),
    views: t.exposeInt("views"),
    engagementRate: t.exposeFloat("engagementRate", { nullable: true }),
  }),
});

const CampaignRollup = builder.objectRef<RollupShape>("CampaignRollup").implement({
  description: "The campaign's posts rolled up: their latest figures (demo accounts' simulated ones included and flagged), progress, spend, days and the best post.",
  fields: (t) => ({
    postsByStatus: t.field({ type: CampaignPostCounts, resolve: (r) => r.postsByStatus }),
    publishedPosts: t.exposeInt("publishedPosts", { description: "Its posts with at least one published copy, each counted once (totals.posts counts network copies)." }),
    totals: t.field({ type: CampaignFiguresRef, resolve: (r) => r.totals }),
    byPlatform: t.field({ type: [CampaignPlatformFigures], resolve: (r) => r.byPlatform }),
    progress: t.field({ type: CampaignProgress, resolve: (r) => r.progress }),
    spend: t.field({ type: CampaignSpend, resolve: (r) => r.spend }),
    days: t.field({ type: CampaignDays, resolve: (r) => r.days }),
    bestPost: t.field({ type: CampaignBestPost, nullable: true, resolve: (r) => r.bestPost }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded", { description: "Some figures are a demo account's, simulated" }),
  }),
});

type CampaignShape = CampaignView & Partial<Pick<CampaignDetail, "rollup" | "posts">>;

export const Campaign = builder.objectRef<CampaignShape>("Campaign").implement({
  description: "A business's campaign: a goal over a range of Kuwait days, a budget, an occasion, and its posts.",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    goal: t.field({ type: CampaignGoalEnum, resolve: (c) => c.goal }),
    startDate: t.exposeString("startDate", { description: "YYYY-MM-DD, Kuwait" }),
    endDate: t.exposeString("endDate", { description: "YYYY-MM-DD, Kuwait, included" }),
    budgetFils: t.exposeInt("budgetFils", { nullable: true, description: "KWD x 1000" }),
    budgetKwd: t.string({ nullable: true, description: "The budget in KWD, three decimals", resolve: (c) => kwd(c.budgetFils) }),
    occasion: t.field({ type: ContentOccasionEnum, nullable: true, resolve: (c) => c.occasion }),
    goalTarget: t.exposeInt("goalTarget", { nullable: true, description: "Reach (awareness), views (launch), visits (footfall) or orders" }),
    goalResult: t.exposeInt("goalResult", { nullable: true, description: "Visits or orders counted in the shop, entered by hand" }),
    notes: t.exposeString("notes", { nullable: true }),
    postCount: t.exposeInt("postCount"),
    progress: t.field({ type: CampaignProgress, resolve: (c) => c.progress }),
    simulatedIncluded: t.exposeBoolean("simulatedIncluded"),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    rollup: t.field({
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
  fields: (t) => ({
    name: t.string({ required: true }),
    goal: t.field({ type: CampaignGoalEnum, required: true }),
    startDate: t.string({ required: true, description: "YYYY-MM-DD, Kuwait" }),
    endDate: t.string({ required: true, description: "YYYY-MM-DD, Kuwait, on or after the start, at most 366 days" }),
    budgetKwd: t.string({ description: "KWD, at most three decimals, e.g. \"250.500\"" }),
    occasion: t.field({ type: ContentOccasionEnum }),
    goalTarget: t.int(),
    goalResult: t.int({ description: "footfall and orders only" }),
    notes: t.string(),
  }),
});

const CampaignUpdateInput = builder.inputType("CampaignUpdateInput", {
  description: "Only the fields given change; null clears an optional one.",
  fields: (t) => ({
    name: t.string(),
    goal: t.field({ type: CampaignGoalEnum }),
    startDate: t.string(),
    endDate: t.string(),
    budgetKwd: t.string(),
    occasion: t.field({ type: ContentOccasionEnum }),
    goalTarget: t.int(),
    goalResult: t.int(),
    notes: t.string(),
  }),
});

const AttachResult = builder.objectRef<{ campaign: CampaignView; attached: string[]; outsideDates: string[] }>("CampaignAttachResult").implement({
  fields: (t) => ({
    campaign: t.field({ type: Campaign, resolve: (r) => r.campaign }),
    attachedIds: t.idList({ resolve: (r) => r.attached }),
    outsideDatesIds: t.idList({ description: "Posts due or published outside the campaign's days (attached all the same)", resolve: (r) => r.outsideDates }),
  }),
});

const DetachResult = builder.objectRef<{ campaign: CampaignView; detached: string[] }>("CampaignDetachResult").implement({
  fields: (t) => ({
    campaign: t.field({ type: Campaign, resolve: (r) => r.campaign }),
    detachedIds: t.idList({ resolve: (r) => r.detached }),
  }),
});

const DeleteResult = builder.objectRef<{ id: string; postsKept: number }>("CampaignDeleteResult").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    postsKept: t.exposeInt("postsKept", { description: "Its posts, kept without a campaign" }),
  }),
});

/** Updates keep null (it clears a field); only fields left out stay as they are. */
const given = (input: Record<string, unknown>) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));

builder.queryFields((t) => ({
  campaigns: t.field({
    type: [Campaign],
    ...ofBusiness,
    description: "The business's campaigns, current first (running, then coming, then ended).",
    complexity: { field: 1, multiplier: 20 },
    resolve: (_r, _a, ctx) => ctx.services.campaigns.list(ctx.viewer),
  }),
  campaign: t.field({ type: Campaign, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.campaigns.get(ctx.viewer, String(id)) }),
}));

builder.mutationFields((t) => ({
  createCampaign: t.field({ type: Campaign, ...ofBusiness, args: { input: t.arg({ type: CampaignInput, required: true }) }, resolve: (_r, { input }, ctx) => ctx.services.campaigns.create(ctx.viewer, input, ctx.meta) }),
  updateCampaign: t.field({
    type: Campaign,
    ...ofBusiness,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: CampaignUpdateInput, required: true }) },
    resolve: (_r, { id, input }, ctx) => ctx.services.campaigns.update(ctx.viewer, String(id), given(input), ctx.meta),
  }),
  deleteCampaign: t.field({
    type: DeleteResult,
    ...ofBusiness,
    description: "Deletes the campaign; its posts stay, without a campaign.",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.campaigns.remove(ctx.viewer, String(id), ctx.meta),
  }),
  attachPostsToCampaign: t.field({
    type: AttachResult,
    ...ofBusiness,
    description: "Attaches the business's posts (a post in another campaign moves); one post that is not the business's refuses them all.",
    args: { id: t.arg.id({ required: true }), postIds: t.arg.idList({ required: true }) },
    resolve: (_r, { id, postIds }, ctx) => ctx.services.campaigns.attachPosts(ctx.viewer, String(id), { postIds: postIds.map(String) }),
  }),
  detachPostsFromCampaign: t.field({
    type: DetachResult,
    ...ofBusiness,
    args: { id: t.arg.id({ required: true }), postIds: t.arg.idList({ required: true }) },
    resolve: (_r, { id, postIds }, ctx) => ctx.services.campaigns.detachPosts(ctx.viewer, String(id), { postIds: postIds.map(String) }),
  }),
  setPostCampaign: t.field({
    type: Post,
    ...ofBusiness,
    description: "The calendar's \"Add to campaign\": sets one post's campaign, or clears it with a null campaignId.",
    args: { postId: t.arg.id({ required: true }), campaignId: t.arg.id() },
    resolve: (_r, { postId, campaignId }, ctx) => ctx.services.campaigns.setPostCampaign(ctx.viewer, String(postId), campaignId ?? null),
  }),
}));
