// Posts at the GraphQL door: thin, every field calls the posts service (lists as Relay connections).
import { PLATFORM_LABELS, TARGET_ERROR_MESSAGES, isContentOccasionKey, isOutsideCampaign, messageText } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { ContentOccasionEnum, PlatformEnum, PostStatusEnum, TargetStatusEnum } from "../../graphql/enums.ts";
import { AppError } from "../../kernel/errors.ts";
import { connectionComplexity, DEFAULT_PAGE_SIZE, offsetAfter, offsetConnection } from "../../kernel/pagination.ts";
import { MediaRef } from "../media/index.ts";
import type { PostRecord } from "./posts.service.ts";



/** People of a business, or an API key acting for one (Premium integrations). */
const ofBusiness = { authScopes: { business: true } } as const;

type TargetRecord = PostRecord["targets"][number];

export const PostTarget = builder.objectRef<TargetRecord>("PostTarget").implement({
  description: "One network's part of a post, with its own status, external id, permalink, error and figures.",
  fields: (t) => ({
    id: t.exposeID("id"),
    platform: t.field({ type: PlatformEnum, resolve: (x) => x.platform }),
    status: t.field({ type: TargetStatusEnum, resolve: (x) => x.status }),
    handle: t.string({ resolve: (x) => x.account.handle }),
    demo: t.boolean({ description: "published to the simulated demo network", resolve: (x) => x.account.demo }),
    dueAt: t.expose("dueAt", { type: "DateTime", nullable: true }),
    externalId: t.exposeString("externalId", { nullable: true }),
    permalink: t.exposeString("permalink", { nullable: true }),
    errorCode: t.exposeString("errorCode", { nullable: true }),
    error: t.string({
      nullable: true,
      description: "Why it waits or failed, in the caller's language, with the network's own words where it gave some.",
      resolve: (x, _a, ctx) => {
        if (!x.errorCode) return null;
        const key = x.errorCode === "PUBLISH_UNAVAILABLE" && x.status === "failed" ? "targetUnavailableFailed" : (TARGET_ERROR_MESSAGES[x.errorCode] ?? "targetFailed");
        return messageText(key, ctx.meta.locale, { platform: PLATFORM_LABELS[x.platform][ctx.meta.locale], message: x.errorMessage ?? "" });
      },
    }),
    publishedAt: t.expose("publishedAt", { type: "DateTime", nullable: true }),
    views: t.exposeInt("views"),
    likes: t.exposeInt("likes"),
    comments: t.exposeInt("comments"),
    shares: t.exposeInt("shares"),
    reach: t.exposeInt("reach"),
    metricsSimulated: t.exposeBoolean("metricsSimulated", { description: "figures of a demo account: simulated, not real" }),
    metricsAt: t.expose("metricsAt", { type: "DateTime", nullable: true }),
  }),
});

export const Post = builder.objectRef<PostRecord>("Post").implement({
  fields: (t) => ({
    id: t.exposeID("id"),
    status: t.field({ type: PostStatusEnum, resolve: (p) => p.status }),
    content: t.exposeString("content"),
    hashtags: t.exposeStringList("hashtags", { complexity: 1 }),
    firstComment: t.exposeString("firstComment", { nullable: true }),
    scheduledFor: t.expose("scheduledFor", { type: "DateTime", nullable: true }),
    publishedAt: t.expose("publishedAt", { type: "DateTime", nullable: true }),
    createdAt: t.expose("createdAt", { type: "DateTime" }),
    updatedAt: t.expose("updatedAt", { type: "DateTime" }),
    authorName: t.string({ nullable: true, resolve: (p) => p.author?.name ?? null }),
    occasion: t.field({ type: ContentOccasionEnum, nullable: true, description: "What the post is for (a content occasion)", resolve: (p) => (isContentOccasionKey(p.occasion) ? p.occasion : null) }),
    campaignId: t.exposeID("campaignId", { nullable: true, description: "The campaign the post belongs to" }),
    campaignName: t.string({ nullable: true, resolve: (p) => p.campaign?.name ?? null }),
    outsideCampaignDates: t.boolean({
      description: "Due or published on a Kuwait day outside its campaign's days (allowed; worth a look)",
      resolve: (p) => isOutsideCampaign(p.scheduledFor ?? p.publishedAt, p.campaign && { startDate: p.campaign.startDate.toISOString().slice(0, 10), endDate: p.campaign.endDate.toISOString().slice(0, 10) }),
    }),
    // complexity: a post has at most 3 targets and usually up to 4 media (X's most), not the default 10 and 10
    platforms: t.field({ type: [PlatformEnum], complexity: 1, resolve: (p) => p.targets.map((x) => x.platform) }),
    targets: t.field({ type: [PostTarget], complexity: { field: 1, multiplier: 3 }, resolve: (p) => p.targets }),
    media: t.field({ type: [MediaRef], complexity: { field: 1, multiplier: 4 }, resolve: (p) => p.media.map((m) => m.media) }),
  }),
});

const PostInput = builder.inputType("PostInput", {
  fields: (t) => ({
    content: t.string({ required: true }),
    platforms: t.field({ type: [PlatformEnum], required: true, description: "empty for a draft; a scheduled post needs at least one" }),
    mediaIds: t.idList(),
    hashtags: t.stringList(),
    firstComment: t.string(),
    scheduledFor: t.field({ type: "DateTime", description: "set: the post is scheduled at once; left out: a draft" }),
    campaignId: t.id({ description: "One of the business's campaigns" }),
    occasion: t.field({ type: ContentOccasionEnum }),
  }),
});

const PostUpdateInput = builder.inputType("PostUpdateInput", {
  fields: (t) => ({
    content: t.string(),
    platforms: t.field({ type: [PlatformEnum] }),
    mediaIds: t.idList(),
    hashtags: t.stringList(),
    firstComment: t.string(),
    campaignId: t.id({ description: "One of the business's campaigns; null takes the post out of its campaign" }),
    occasion: t.field({ type: ContentOccasionEnum, description: "null clears it" }),
  }),
});

const PreviewMessage = builder.objectRef<{ key: string; params?: Record<string, unknown> }>("PreviewMessage").implement({
  fields: (t) => ({
    key: t.exposeString("key"),
    text: t.string({
      description: "in the caller's language",
      resolve: (m, _a, ctx) => messageText(m.key, ctx.meta.locale, Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, String(v)]))),
    }),
  }),
});

type Preview = Awaited<ReturnType<import("./posts.service.ts").PostsService["preview"]>>[number];
const PlatformPreview = builder.objectRef<Preview>("PlatformPreview").implement({
  description: "How a network will show the post: its length counted as that network counts, what would be cut, and what to fix.",
  fields: (t) => ({
    platform: t.field({ type: PlatformEnum, resolve: (p) => p.platform }),
    text: t.exposeString("text"),
    length: t.exposeInt("length"),
    limit: t.exposeInt("limit"),
    remaining: t.exposeInt("remaining"),
    overLimit: t.exposeBoolean("overLimit"),
    truncated: t.exposeString("truncated"),
    hashtagCount: t.exposeInt("hashtagCount"),
    hashtagLimit: t.exposeInt("hashtagLimit", { nullable: true }),
    mediaCount: t.exposeInt("mediaCount"),
    mediaLimit: t.exposeInt("mediaLimit"),
    warnings: t.field({ type: [PreviewMessage], resolve: (p) => p.warnings }),
    errors: t.field({ type: [PreviewMessage], resolve: (p) => p.errors }),
  }),
});

const BulkResult = builder.objectRef<{ done: string[]; refused: { id: string; code: string }[] }>("BulkPostsResult").implement({
  fields: (t) => ({
    done: t.exposeIDList("done"),
    refusedIds: t.idList({ resolve: (r) => r.refused.map((x) => x.id) }),
  }),
});

const PostChange = builder.objectRef<{ postId: string; status: string }>("PostChange").implement({
  fields: (t) => ({
    postId: t.exposeID("postId"),
    status: t.exposeString("status"),
    post: t.field({
      type: Post,
      nullable: true,
      description: "null once the post is deleted",
      resolve: (e, _a, ctx) => ctx.services.posts.get(ctx.viewer, e.postId).catch((err) => (err instanceof AppError && err.code === "NOT_FOUND" ? null : Promise.reject(err))),
    }),
  }),
});

builder.queryFields((t) => ({
  posts: t.connection(
    {
      type: Post,
      ...ofBusiness,
      description: "The business's posts, latest due first.",
      args: {
        status: t.arg({ type: [PostStatusEnum] }),
        platform: t.arg({ type: PlatformEnum }),
        from: t.arg({ type: "DateTime" }),
        to: t.arg({ type: "DateTime" }),
        search: t.arg.string(),
      },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const skip = offsetAfter(args.after);
        const r = await ctx.services.posts.list(
          ctx.viewer,
          { status: args.status ?? undefined, platform: args.platform ?? undefined, from: args.from ?? undefined, to: args.to ?? undefined, search: args.search ?? undefined, limit: args.first ?? DEFAULT_PAGE_SIZE },
          { skip },
        );
        return {
          ...offsetConnection(r.items, skip, r.total),
          totalCount: r.total,
        };
      },
    },
    { fields: (c) => ({ totalCount: c.int({ resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount }) }) },
  ),
  drafts: t.connection(
    {
      type: Post,
      ...ofBusiness,
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const skip = offsetAfter(args.after);
        const r = await ctx.services.posts.list(ctx.viewer, { limit: args.first ?? DEFAULT_PAGE_SIZE }, { skip, drafts: true });
        return {
          ...offsetConnection(r.items, skip, r.total),
          totalCount: r.total,
        };
      },
    },
    { fields: (c) => ({ totalCount: c.int({ resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount }) }) },
  ),
  post: t.field({ type: Post, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.posts.get(ctx.viewer, String(id)) }),
  calendarPosts: t.field({
    type: [Post],
    ...ofBusiness,
    description: "Every post due or published in [from, to] (at most 62 days): the calendar's month, week or day; only one campaign's posts when `campaignId` is given.",
    args: { from: t.arg({ type: "DateTime", required: true }), to: t.arg({ type: "DateTime", required: true }), campaignId: t.arg.id() },
    complexity: 50,
    resolve: (_r, args, ctx) => ctx.services.posts.calendar(ctx.viewer, args),
  }),
  postPreview: t.field({
    type: [PlatformPreview],
    ...ofBusiness,
    args: { input: t.arg({ type: PostUpdateInput, required: true }) },
    resolve: (_r, { input }, ctx) => ctx.services.posts.preview(ctx.viewer, input),
  }),
}));

builder.mutationFields((t) => ({
  createPost: t.field({ type: Post, ...ofBusiness, args: { input: t.arg({ type: PostInput, required: true }) }, resolve: (_r, { input }, ctx) => ctx.services.posts.create(ctx.viewer, input, ctx.meta) }),
  updatePost: t.field({
    type: Post,
    ...ofBusiness,
    args: { id: t.arg.id({ required: true }), input: t.arg({ type: PostUpdateInput, required: true }) },
    // null leaves a field as it is, except the campaign and occasion, where null clears them
    resolve: (_r, { id, input }, ctx) => ctx.services.posts.update(ctx.viewer, String(id), Object.fromEntries(Object.entries(input).filter(([k, v]) => v !== undefined && (v !== null || k === "campaignId" || k === "occasion"))), ctx.meta),
  }),
  deletePost: t.id({ ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: async (_r, { id }, ctx) => (await ctx.services.posts.remove(ctx.viewer, String(id), ctx.meta)).id }),
  deletePosts: t.field({ type: BulkResult, ...ofBusiness, args: { ids: t.arg.idList({ required: true }) }, resolve: (_r, { ids }, ctx) => ctx.services.posts.removeMany(ctx.viewer, { ids: ids.map(String) }, ctx.meta) }),
  schedulePost: t.field({
    type: Post,
    ...ofBusiness,
    args: { id: t.arg.id({ required: true }), scheduledFor: t.arg({ type: "DateTime", required: true }) },
    resolve: (_r, { id, scheduledFor }, ctx) => ctx.services.posts.schedule(ctx.viewer, String(id), { scheduledFor }, ctx.meta),
  }),
  reschedulePosts: t.field({
    type: BulkResult,
    ...ofBusiness,
    args: { ids: t.arg.idList({ required: true }), scheduledFor: t.arg({ type: "DateTime", required: true }) },
    resolve: (_r, { ids, scheduledFor }, ctx) => ctx.services.posts.scheduleMany(ctx.viewer, { ids: ids.map(String), scheduledFor }, ctx.meta),
  }),
  unschedulePost: t.field({ type: Post, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.posts.unschedule(ctx.viewer, String(id), ctx.meta) }),
  publishPost: t.field({ type: Post, ...ofBusiness, args: { id: t.arg.id({ required: true }) }, resolve: (_r, { id }, ctx) => ctx.services.posts.publishNow(ctx.viewer, String(id), ctx.meta) }),
  duplicatePost: t.field({
    type: Post,
    ...ofBusiness,
    description: "A new draft with the same caption, hashtags, networks and media (the files are shared, not copied); mediaOnly: only the media.",
    args: { id: t.arg.id({ required: true }), mediaOnly: t.arg.boolean() },
    resolve: (_r, { id, mediaOnly }, ctx) => ctx.services.posts.duplicate(ctx.viewer, String(id), { mediaOnly: mediaOnly ?? false }, ctx.meta),
  }),
  confirmPostTarget: t.field({
    type: Post,
    ...ofBusiness,
    description: "A person checked the network: the post is there (unconfirmed), or they posted it by hand (Snapchat).",
    args: { id: t.arg.id({ required: true }), permalink: t.arg.string() },
    resolve: (_r, { id, permalink }, ctx) => ctx.services.posts.confirmTarget(ctx.viewer, String(id), { permalink }, ctx.meta),
  }),
  retryPostTarget: t.field({
    type: Post,
    ...ofBusiness,
    description: "A person's decision to send this network's part again (failed, or unconfirmed and checked not to be there).",
    args: { id: t.arg.id({ required: true }) },
    resolve: (_r, { id }, ctx) => ctx.services.posts.retryTarget(ctx.viewer, String(id), ctx.meta),
  }),
}));

builder.subscriptionFields((t) => ({
  postChanged: t.field({
    type: PostChange,
    ...ofBusiness,
    description: "Status changes of the caller's business's posts (scheduled, publishing, published, failed, ...), from any server process.",
    subscribe: (_root, _args, ctx) => ctx.services.posts.subscribe(ctx.viewer),
    resolve: (e) => e,
  }),
}));
