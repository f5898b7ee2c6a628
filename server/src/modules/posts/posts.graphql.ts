// Posts at the GraphQL door: thin, every field calls the posts service (lists as Relay connections).
import {
  GOOGLE_CTA_ACTIONS,
  GOOGLE_POST_TYPES,
  PLATFORM_LABELS,
  TARGET_ERROR_MESSAGES,
  isContentOccasionKey,
  isOutsideCampaign,
  messageText,
  postIssueText,
  type GooglePostOptions,
  type MessageKey,
  type NetworkOptions,
  type PostStatus,
} from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { NetworkOptionsInput, NetworkOptionsRef } from "./network-options.graphql.ts";
import {
  ApprovalStateEnum,
  ContentOccasionEnum,
  PlatformEnum,
  PostStatusEnum,
  TargetStatusEnum,
  upper,
} from "../../graphql/enums.ts";
import { connectionComplexity, DEFAULT_PAGE_SIZE, offsetAfter, offsetConnection } from "../../kernel/pagination.ts";
import { MediaRef, PostRef } from "../../graphql/refs.ts";
import { selects } from "../../graphql/selection.ts";
import type { PostRecord } from "./posts.read.ts";

/** People of a business, or an API key acting for one (Premium integrations). */
const ofBusiness = { authScopes: { business: true } } as const;

type TargetRecord = PostRecord["targets"][number];

const PostTarget = builder.objectRef<TargetRecord>("PostTarget").implement({
  description: "One network's part of a post, with its own status, external id, permalink, error and figures.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The target's id (a UUID): confirmPostTarget and retryPostTarget take it." }),
    platform: t.field({
      description: "The network this part goes to.",
      type: PlatformEnum,
      resolve: (x) => x.platform,
    }),
    status: t.field({
      description: "Where this network's part stands.",
      type: TargetStatusEnum,
      resolve: (x) => x.status,
    }),
    handle: t.string({
      description: "The handle of the business's account on that network (without @).",
      resolve: (x) => x.account.handle,
    }),
    demo: t.boolean({ description: "published to the simulated demo network", resolve: (x) => x.account.demo }),
    dueAt: t.expose("dueAt", {
      description:
        "When it is due to be sent (UTC); later than the post's time while it waits for a retry or a reconnected account; null when not due.",
      type: "DateTime",
      nullable: true,
    }),
    externalId: t.exposeString("externalId", {
      description: "The post's id on the network, once it is there; null before.",
      nullable: true,
    }),
    permalink: t.exposeString("permalink", {
      description: "The post's address on the network, once published; null before, or when the network gave none.",
      nullable: true,
    }),
    errorCode: t.exposeString("errorCode", {
      description:
        "Why it waits or failed, as a catalogue code (ACCOUNT_RECONNECT_NEEDED, RATE_LIMITED, PUBLISH_REJECTED, PUBLISH_TIMEOUT, PUBLISH_UNAVAILABLE, PUBLISH_AUTH, PUBLISH_PLAN_UNAVAILABLE, GOOGLE_NO_LOCATION, TIKTOK_INBOX; PUBLISHED_WITH_WARNING on a published target whose follow-up step failed); null when all is well.",
      nullable: true,
    }),
    error: t.string({
      nullable: true,
      description: "Why it waits or failed, in the caller's language, with the network's own words where it gave some.",
      resolve: (x, _a, ctx) => {
        if (!x.errorCode) return null;
        const key =
          x.errorCode === "PUBLISH_UNAVAILABLE" && x.status === "failed"
            ? "targetUnavailableFailed"
            : (TARGET_ERROR_MESSAGES[x.errorCode] ?? "targetFailed");
        return messageText(key, ctx.meta.locale, {
          platform: PLATFORM_LABELS[x.platform][ctx.meta.locale],
          message: x.errorMessage ?? "",
        });
      },
    }),
    publishedAt: t.expose("publishedAt", {
      description: "When it went out on the network (UTC); null until then.",
      type: "DateTime",
      nullable: true,
    }),
    views: t.exposeInt("views", {
      description: "Views (impressions) of this network's post, as last collected; 0 before any collection.",
    }),
    likes: t.exposeInt("likes", { description: "Likes of this network's post, as last collected." }),
    comments: t.exposeInt("comments", {
      description: "Comments (replies on X) on this network's post, as last collected.",
    }),
    shares: t.exposeInt("shares", { description: "Shares (reposts on X) of this network's post, as last collected." }),
    reach: t.exposeInt("reach", {
      description: "Accounts reached by this network's post, as last collected; 0 where the network gives no reach.",
    }),
    metricsSimulated: t.exposeBoolean("metricsSimulated", {
      description: "figures of a demo account: simulated, not real",
    }),
    metricsAt: t.expose("metricsAt", {
      description: "When the figures were last collected (UTC); null before the first collection.",
      type: "DateTime",
      nullable: true,
    }),
  }),
});

// ---- a post's Google options (docs/product.md#posts)
const GooglePostTypeEnum = builder.enumType("GooglePostType", {
  description: "What kind of post it is on Google Business Profile.",
  values: upper(GOOGLE_POST_TYPES, {
    standard: "What's new: the text, a photo and an optional button.",
    offer:
      "An offer: a title, when it runs, and an optional coupon code, redeem link and terms; Google shows no button.",
    event: "An event: a title, when it runs, and an optional button.",
  }),
});
const GoogleCtaActionEnum = builder.enumType("GoogleCtaAction", {
  description: "The button under a Google post.",
  values: upper(GOOGLE_CTA_ACTIONS, {
    order: "Order online: opens the link.",
    call: "Call: dials the location's phone on Google; it takes no link.",
    learn_more: "Learn more: opens the link.",
    book: "Book: opens the link.",
  }),
});
type GoogleCta = NonNullable<GooglePostOptions["cta"]>;
type GoogleOffer = NonNullable<GooglePostOptions["offer"]>;
type GoogleEvent = NonNullable<GooglePostOptions["event"]>;
const GoogleCtaRef = builder.objectRef<GoogleCta>("GoogleCallToAction").implement({
  description: "The button under a Google post.",
  fields: (t) => ({
    action: t.field({ type: GoogleCtaActionEnum, description: "What the button does.", resolve: (c) => c.action }),
    url: t.string({
      nullable: true,
      description: "Where it leads (https); null for Call.",
      resolve: (c) => c.url ?? null,
    }),
  }),
});
const GoogleOfferRef = builder.objectRef<GoogleOffer>("GoogleOffer").implement({
  description: "What an offer post adds on Google.",
  fields: (t) => ({
    couponCode: t.string({
      nullable: true,
      description: "The coupon code guests show or type (at most 58 characters); null when none.",
      resolve: (o) => o.couponCode ?? null,
    }),
    redeemUrl: t.string({
      nullable: true,
      description: "Where the offer is redeemed online (https); null when none.",
      resolve: (o) => o.redeemUrl ?? null,
    }),
    terms: t.string({
      nullable: true,
      description: "The offer's terms and conditions (at most 1,500 characters); null when none.",
      resolve: (o) => o.terms ?? null,
    }),
  }),
});
const GoogleEventRef = builder.objectRef<GoogleEvent>("GoogleEvent").implement({
  description: "The title and time span of an event or offer post on Google.",
  fields: (t) => ({
    title: t.exposeString("title", { description: "The title Google shows (at most 58 characters)." }),
    startsAt: t.field({
      type: "DateTime",
      description: "When it starts (UTC; shown in Kuwait time).",
      resolve: (e) => new Date(e.startsAt),
    }),
    endsAt: t.field({
      type: "DateTime",
      description: "When it ends (UTC; shown in Kuwait time); after the start.",
      resolve: (e) => new Date(e.endsAt),
    }),
  }),
});
const GooglePostOptionsRef = builder.objectRef<GooglePostOptions>("GooglePostOptions").implement({
  description:
    "What a post says on Google Business Profile beyond its text and photo: its kind, its button, its offer and its event.",
  fields: (t) => ({
    type: t.field({ type: GooglePostTypeEnum, description: "What's new, offer or event.", resolve: (o) => o.type }),
    cta: t.field({
      type: GoogleCtaRef,
      nullable: true,
      description: "The button; null when none (always for an offer).",
      resolve: (o) => o.cta ?? null,
    }),
    offer: t.field({
      type: GoogleOfferRef,
      nullable: true,
      description: "The offer's coupon, link and terms; null unless the type is OFFER.",
      resolve: (o) => o.offer ?? null,
    }),
    event: t.field({
      type: GoogleEventRef,
      nullable: true,
      description: "The title and time span; set for OFFER and EVENT, null for STANDARD.",
      resolve: (o) => o.event ?? null,
    }),
  }),
});
const GoogleCtaInput = builder.inputType("GoogleCallToActionInput", {
  description: "The button under a Google post.",
  fields: (t) => ({
    action: t.field({ type: GoogleCtaActionEnum, required: true, description: "What the button does." }),
    url: t.string({
      description:
        "Where it leads: an https link, required for every action but CALL (a link given with CALL is dropped).",
    }),
  }),
});
const GoogleOfferInput = builder.inputType("GoogleOfferInput", {
  description: "What an offer post adds; each field optional.",
  fields: (t) => ({
    couponCode: t.string({ description: "A coupon code, at most 58 characters." }),
    redeemUrl: t.string({ description: "Where to redeem the offer online: an https link." }),
    terms: t.string({ description: "Terms and conditions, at most 1,500 characters." }),
  }),
});
const GoogleEventInput = builder.inputType("GoogleEventInput", {
  description: "The title and time span of an event or offer post.",
  fields: (t) => ({
    title: t.string({ required: true, description: "The title, at most 58 characters." }),
    startsAt: t.field({ type: "DateTime", required: true, description: "When it starts (UTC)." }),
    endsAt: t.field({
      type: "DateTime",
      required: true,
      description: "When it ends (UTC): after the start, and in the future.",
    }),
  }),
});
const GooglePostOptionsInput = builder.inputType("GooglePostOptionsInput", {
  description:
    "What a post says on Google; used only when the post goes to Google (else ignored). OFFER and EVENT need event; an offer's button is dropped.",
  fields: (t) => ({
    type: t.field({ type: GooglePostTypeEnum, required: true, description: "What's new, offer or event." }),
    cta: t.field({ type: GoogleCtaInput, description: "The button; left out: none." }),
    offer: t.field({ type: GoogleOfferInput, description: "OFFER only: coupon, redeem link and terms." }),
    event: t.field({
      type: GoogleEventInput,
      description: "OFFER and EVENT: the title and time span (required for them).",
    }),
  }),
});

const Post = PostRef.implement({
  description: "A post of a business: its caption, hashtags, media and time, with one target per network.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The post's id (a UUID)." }),
    status: t.field({
      description: "Where the post stands, derived from its targets.",
      type: PostStatusEnum,
      resolve: (p) => p.status,
    }),
    approval: t.field({
      description: "Its approval: not sent, waiting, approved or changes requested (docs: agencies and approvals).",
      type: ApprovalStateEnum,
      resolve: (p) => p.approval,
    }),
    revision: t.exposeInt("revision", {
      description: "Counts changes to what an approval covers; a decision names the revision it was made on.",
    }),
    content: t.exposeString("content", {
      description:
        "The caption, without the hashtags (up to 4,000 characters; each network's limit is in postPreview).",
    }),
    hashtags: t.exposeStringList("hashtags", {
      description: 'The hashtags, without "#", in order; published after the caption, each with "#".',
      complexity: 1,
    }),
    firstComment: t.exposeString("firstComment", {
      description: "A comment posted right after the post (Instagram only); null when none.",
      nullable: true,
    }),
    scheduledFor: t.expose("scheduledFor", {
      description: "When it is due (UTC); null for a draft or a post published at once.",
      type: "DateTime",
      nullable: true,
    }),
    publishedAt: t.expose("publishedAt", {
      description: "When it first went out on a network (UTC); null until then.",
      type: "DateTime",
      nullable: true,
    }),
    createdAt: t.expose("createdAt", { description: "When it was written (UTC).", type: "DateTime" }),
    updatedAt: t.expose("updatedAt", {
      description: "When it last changed (UTC), status changes included.",
      type: "DateTime",
    }),
    authorName: t.string({
      description:
        "The name of the person who wrote it (for an API key, the person who created the key); null when that person is gone.",
      nullable: true,
      resolve: (p) => p.author?.name ?? null,
    }),
    occasion: t.field({
      type: ContentOccasionEnum,
      nullable: true,
      description: "What the post is for (a content occasion)",
      resolve: (p) => (isContentOccasionKey(p.occasion) ? p.occasion : null),
    }),
    campaignId: t.exposeID("campaignId", { nullable: true, description: "The campaign the post belongs to" }),
    googleOptions: t.field({
      type: GooglePostOptionsRef,
      nullable: true,
      description: "What it says on Google (kind, button, offer, event); null when it does not go to Google.",
      resolve: (p) => (p.googleOptions as GooglePostOptions | null) ?? null,
    }),
    networkOptions: t.field({
      type: NetworkOptionsRef,
      nullable: true,
      description:
        "Its own options on each network (Instagram story or reel, TikTok privacy, X thread, alt texts); null: every network's defaults.",
      resolve: (p) => (p.networkOptions as NetworkOptions | null) ?? null,
    }),
    campaignName: t.string({
      description: "The name of its campaign; null outside any campaign.",
      nullable: true,
      resolve: (p) => p.campaign?.name ?? null,
    }),
    outsideCampaignDates: t.boolean({
      description: "Due or published on a Kuwait day outside its campaign's days (allowed; worth a look)",
      resolve: (p) =>
        isOutsideCampaign(
          p.scheduledFor ?? p.publishedAt,
          p.campaign && {
            startDate: p.campaign.startDate.toISOString().slice(0, 10),
            endDate: p.campaign.endDate.toISOString().slice(0, 10),
          },
        ),
    }),
    // complexity: a post has at most 3 targets and usually up to 4 media (X's most), not the default 10 and 10
    platforms: t.field({
      description: "The networks it goes to, one per target; empty for a draft without networks.",
      type: [PlatformEnum],
      complexity: 1,
      resolve: (p) => p.targets.map((x) => x.platform),
    }),
    targets: t.field({
      description: "Each network's part, with its own status and figures.",
      type: [PostTarget],
      complexity: { field: 1, multiplier: 3 },
      resolve: (p) => p.targets,
    }),
    media: t.field({
      description: "Its images and videos, in the order they are published.",
      type: [MediaRef],
      complexity: { field: 1, multiplier: 4 },
      resolve: (p) => p.media.map((m) => m.media),
    }),
  }),
});

const PostInput = builder.inputType("PostInput", {
  description: "A new post: a draft, or scheduled at once when scheduledFor is given.",
  fields: (t) => ({
    content: t.string({
      description:
        "The caption, without the hashtags: up to 4,000 characters (each network's own limit applies when scheduled).",
      required: true,
    }),
    platforms: t.field({
      type: [PlatformEnum],
      required: true,
      description: "empty for a draft; a scheduled post needs at least one",
    }),
    mediaIds: t.idList({ description: "Media library ids (see mediaLibrary), in publishing order; at most 10." }),
    hashtags: t.stringList({ description: 'Hashtags, with or without "#"; at most 30, each stored once without "#".' }),
    firstComment: t.string({
      description: "A comment to post right after the post (Instagram only), up to 2,200 characters.",
    }),
    scheduledFor: t.field({ type: "DateTime", description: "set: the post is scheduled at once; left out: a draft" }),
    campaignId: t.id({ description: "One of the business's campaigns" }),
    occasion: t.field({ description: "What the post is for; left out: none.", type: ContentOccasionEnum }),
    googleOptions: t.field({
      type: GooglePostOptionsInput,
      description:
        "What it says on Google, when platforms include GOOGLE; left out: a What's new post without a button. Ignored otherwise.",
    }),
    networkOptions: t.field({
      type: NetworkOptionsInput,
      description:
        "Its own options on each network; left out: every network's defaults (TikTok needs a privacyLevel before scheduling).",
    }),
  }),
});

const PostUpdateInput = builder.inputType("PostUpdateInput", {
  description:
    "Changes to a post (also what postPreview checks): a field left out or null stays as it is, except campaignId, occasion, googleOptions and networkOptions, where null clears them.",
  fields: (t) => ({
    content: t.string({
      description:
        "The new caption, without the hashtags (up to 4,000 characters; each network's own limit applies when scheduled).",
    }),
    platforms: t.field({ description: "The networks it goes to; replaces the list.", type: [PlatformEnum] }),
    mediaIds: t.idList({ description: "Media library ids in publishing order (at most 10); replaces the list." }),
    hashtags: t.stringList({ description: 'Hashtags, with or without "#" (at most 30); replaces the list.' }),
    firstComment: t.string({ description: "A comment to post right after the post (Instagram only)." }),
    campaignId: t.id({ description: "One of the business's campaigns; null takes the post out of its campaign" }),
    occasion: t.field({ type: ContentOccasionEnum, description: "null clears it" }),
    googleOptions: t.field({
      type: GooglePostOptionsInput,
      description:
        "What it says on Google, when it goes to Google (replaces the options; null: a What's new post without a button); ignored for a post that does not go to Google.",
    }),
    networkOptions: t.field({
      type: NetworkOptionsInput,
      description: "Its own options on each network (replaces them all; null clears them).",
    }),
  }),
});

const PreviewMessage = builder
  .objectRef<{ key: string; params?: Record<string, unknown> }>("PreviewMessage")
  .implement({
    description: "A warning or error of a preview: a message key and its text.",
    fields: (t) => ({
      key: t.exposeString("key", { description: "The message key (such as captionTooLongFor), stable for programs." }),
      text: t.string({
        description: "in the caller's language",
        // postIssueText names the network ("X", not its id "twitter") and writes numbers the language's way
        resolve: (m, _a, ctx) =>
          postIssueText(
            {
              key: m.key as MessageKey,
              params: Object.fromEntries(Object.entries(m.params ?? {}).map(([k, v]) => [k, String(v)])),
            },
            ctx.meta.locale,
          ),
      }),
    }),
  });

type Preview = Awaited<ReturnType<import("./posts.service.ts").PostsService["preview"]>>[number];
const PlatformPreview = builder.objectRef<Preview>("PlatformPreview").implement({
  description:
    "How a network will show the post: its length counted as that network counts, what would be cut, and what to fix.",
  fields: (t) => ({
    platform: t.field({
      description: "The network this preview is for.",
      type: PlatformEnum,
      resolve: (p) => p.platform,
    }),
    text: t.exposeString("text", {
      description: 'The caption as it will be published: the content, a blank line, then the hashtags with "#".',
    }),
    length: t.exposeInt("length", {
      description:
        "The text's length as the network counts it (X: its weighted count; Instagram and Snapchat: Unicode code points).",
    }),
    limit: t.exposeInt("limit", {
      description: "The network's longest caption in its own count (Instagram 2,200, X 280, Snapchat 250).",
    }),
    remaining: t.exposeInt("remaining", { description: "limit minus length: negative when over." }),
    overLimit: t.exposeBoolean("overLimit", { description: "True when the text is longer than the network allows." }),
    truncated: t.exposeString("truncated", { description: "The text cut to fit the limit, as it would show if cut." }),
    hashtagCount: t.exposeInt("hashtagCount", { description: "Hashtags in the text." }),
    hashtagLimit: t.exposeInt("hashtagLimit", {
      description: "The most hashtags the network accepts (Instagram 30); null where it sets no hard limit.",
      nullable: true,
    }),
    mediaCount: t.exposeInt("mediaCount", { description: "Media attached to the post." }),
    mediaLimit: t.exposeInt("mediaLimit", { description: "The most media the network takes in one post." }),
    warnings: t.field({
      description: "What is worth a look but does not stop scheduling.",
      type: [PreviewMessage],
      resolve: (p) => p.warnings,
    }),
    errors: t.field({
      description: "What stops scheduling for this network until fixed.",
      type: [PreviewMessage],
      resolve: (p) => p.errors,
    }),
    thread: t.stringList({
      description:
        "X only: the posts the caption goes out as when it is more than one, in order (a numbered thread when networkOptions.twitter.thread is on and the caption is over the limit, then the links as one reply when linkInReply is on); null when it is one post.",
      nullable: true,
      resolve: (p) => p.thread ?? null,
    }),
  }),
});

const BulkResult = builder
  .objectRef<{ done: string[]; refused: { id: string; code: string }[] }>("BulkPostsResult")
  .implement({
    description: "What a bulk action did: the posts it changed and those it refused.",
    fields: (t) => ({
      done: t.exposeIDList("done", { description: "The ids of the posts it changed." }),
      refusedIds: t.idList({
        description: "The ids of the posts it refused (not the business's, gone, or in a status that cannot change).",
        resolve: (r) => r.refused.map((x) => x.id),
      }),
    }),
  });

const PostChange = builder.objectRef<{ businessId: string; postId: string; status: string }>("PostChange").implement({
  description: "A post's status changed (or it was deleted).",
  fields: (t) => ({
    postId: t.exposeID("postId", { description: "The post's id." }),
    status: t.exposeString("status", {
      description:
        "The post's status after the change, in the lower-case REST spelling (draft, scheduled, publishing, published, partially_published, failed, unconfirmed); a deletion reports draft, with post null.",
      deprecationReason:
        "Lower case, unlike Post.status: read postStatus (the PostStatus enum, DRAFT ... UNCONFIRMED). Kept unchanged for existing callers.",
    }),
    postStatus: t.field({
      type: PostStatusEnum,
      description:
        "The post's status after the change, in the PostStatus enum Post.status uses (DRAFT, SCHEDULED, PUBLISHING, PUBLISHED, PARTIALLY_PUBLISHED, FAILED, UNCONFIRMED); a deletion reports DRAFT, with post null.",
      resolve: (e) => e.status as PostStatus,
    }),
    post: t.field({
      type: Post,
      nullable: true,
      description: "null once the post is deleted",
      // read once per event for all its subscribers; each is checked to be of the post's business
      resolve: (e, _a, ctx) => ctx.services.posts.forEvent(ctx.viewer, e),
    }),
  }),
});

/** A page of posts as a connection; the total is counted only when the caller selects totalCount. */
function pageOf(r: { items: PostRecord[]; skip: number; total: number | null; hasNextPage: boolean }) {
  // without a total, one past the page (or the page's end) says whether a next page exists
  const total = r.total ?? r.skip + r.items.length + (r.hasNextPage ? 1 : 0);
  return { ...offsetConnection(r.items, r.skip, total), totalCount: r.total };
}

builder.queryFields((t) => ({
  posts: t.connection(
    {
      type: Post,
      ...ofBusiness,
      description: "The business's posts, latest due first.",
      args: {
        status: t.arg({ description: "Only posts in these statuses; all when left out.", type: [PostStatusEnum] }),
        approval: t.arg({
          description: "Only posts in these approval states; all when left out.",
          type: [ApprovalStateEnum],
        }),
        platform: t.arg({ description: "Only posts with a target on this network.", type: PlatformEnum }),
        from: t.arg({
          description: "Only posts due at or after this instant (UTC), or written then when not scheduled.",
          type: "DateTime",
        }),
        to: t.arg({
          description: "Only posts due at or before this instant (UTC), or written then when not scheduled.",
          type: "DateTime",
        }),
        search: t.arg.string({
          description:
            'Words in the caption (case-insensitive), or one hashtag with or without "#"; up to 200 characters.',
        }),
      },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx, info) => {
        const skip = offsetAfter(args.after);
        const r = await ctx.services.posts.list(
          ctx.viewer,
          {
            status: args.status ?? undefined,
            approval: args.approval ?? undefined,
            platform: args.platform ?? undefined,
            from: args.from ?? undefined,
            to: args.to ?? undefined,
            search: args.search ?? undefined,
            limit: args.first ?? DEFAULT_PAGE_SIZE,
          },
          { skip, count: selects(info, "totalCount") },
        );
        return pageOf(r);
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: "How many posts match the filters, on every page.",
          resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
  ),
  drafts: t.connection(
    {
      description: "The business's drafts, newest first. People of the business or its API key.",
      type: Post,
      ...ofBusiness,
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx, info) => {
        const skip = offsetAfter(args.after);
        return pageOf(
          await ctx.services.posts.list(
            ctx.viewer,
            { limit: args.first ?? DEFAULT_PAGE_SIZE },
            { skip, drafts: true, count: selects(info, "totalCount") },
          ),
        );
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: "How many drafts the business has, on every page.",
          resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
  ),
  post: t.field({
    type: Post,
    ...ofBusiness,
    description: "One post of the caller's business; NOT_FOUND for another business's.",
    args: { id: t.arg.id({ required: true, description: "The post's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.posts.get(ctx.viewer, String(id)),
  }),
  calendarPosts: t.field({
    type: [Post],
    ...ofBusiness,
    description:
      "Every post due or published in [from, to] (at most 62 days): the calendar's month, week or day; only one campaign's posts when `campaignId` is given.",
    args: {
      from: t.arg({
        type: "DateTime",
        required: true,
        description:
          "The range's start, an instant (UTC); for a Kuwait day, its midnight in Asia/Kuwait (21:00Z the day before).",
      }),
      to: t.arg({
        type: "DateTime",
        required: true,
        description: "The range's end, an instant (UTC), included; at most 62 days after from.",
      }),
      campaignId: t.arg.id({ description: "Only this campaign's posts (a campaign of the business)." }),
    },
    complexity: 50,
    resolve: (_r, args, ctx) => ctx.services.posts.calendar(ctx.viewer, args),
  }),
  postPreview: t.field({
    description:
      "How each network would show a post with these fields, before saving: length, limits, warnings and errors. Nothing is saved.",
    type: [PlatformPreview],
    ...ofBusiness,
    args: {
      input: t.arg({
        type: PostUpdateInput,
        required: true,
        description: "The post as written so far; platforms chooses the networks previewed.",
      }),
    },
    resolve: (_r, { input }, ctx) => ctx.services.posts.preview(ctx.viewer, input),
  }),
}));

builder.mutationFields((t) => ({
  createPost: t.field({
    type: Post,
    ...ofBusiness,
    description:
      "Writes a post: a draft, or scheduled when input.scheduledFor is given (checked against each network's limits). People of the business or its API key.",
    args: { input: t.arg({ type: PostInput, required: true, description: "The new post." }) },
    resolve: (_r, { input }, ctx) => ctx.services.posts.create(ctx.viewer, input, ctx.meta),
  }),
  updatePost: t.field({
    description:
      "Changes a draft, scheduled or failed post (a scheduled one is checked again against each network); a post publishing or published cannot change (INVALID_STATE).",
    type: Post,
    ...ofBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The post's id." }),
      input: t.arg({ type: PostUpdateInput, required: true, description: "The fields to change." }),
    },
    // null leaves a field as it is, except the campaign and occasion, where null clears them
    resolve: (_r, { id, input }, ctx) =>
      ctx.services.posts.update(
        ctx.viewer,
        String(id),
        Object.fromEntries(
          Object.entries(input).filter(
            ([k, v]) =>
              v !== undefined &&
              (v !== null || k === "campaignId" || k === "occasion" || k === "googleOptions" || k === "networkOptions"),
          ),
        ),
        ctx.meta,
      ),
  }),
  deletePost: t.id({
    ...ofBusiness,
    description: "Deletes a post that is not publishing or published; answers its id.",
    args: { id: t.arg.id({ required: true, description: "The post's id." }) },
    resolve: async (_r, { id }, ctx) => (await ctx.services.posts.remove(ctx.viewer, String(id), ctx.meta)).id,
  }),
  deletePosts: t.field({
    type: BulkResult,
    ...ofBusiness,
    description: "Deletes several posts at once; those that cannot be deleted are listed as refused.",
    args: { ids: t.arg.idList({ required: true, description: "The posts' ids." }) },
    resolve: (_r, { ids }, ctx) => ctx.services.posts.removeMany(ctx.viewer, { ids: ids.map(String) }, ctx.meta),
  }),
  schedulePost: t.field({
    description:
      "Schedules a draft or failed post, or moves a scheduled one, to a time in the future within a year; it needs at least one connected network.",
    type: Post,
    ...ofBusiness,
    args: {
      id: t.arg.id({ required: true, description: "The post's id." }),
      scheduledFor: t.arg({
        type: "DateTime",
        required: true,
        description: "When to publish (UTC): in the future, within a year.",
      }),
    },
    resolve: (_r, { id, scheduledFor }, ctx) =>
      ctx.services.posts.schedule(ctx.viewer, String(id), { scheduledFor }, ctx.meta),
  }),
  reschedulePosts: t.field({
    description: "Schedules several posts at one time; those that cannot be are listed as refused.",
    type: BulkResult,
    ...ofBusiness,
    args: {
      ids: t.arg.idList({ required: true, description: "The posts' ids." }),
      scheduledFor: t.arg({
        type: "DateTime",
        required: true,
        description: "When to publish them (UTC): in the future, within a year.",
      }),
    },
    resolve: (_r, { ids, scheduledFor }, ctx) =>
      ctx.services.posts.scheduleMany(ctx.viewer, { ids: ids.map(String), scheduledFor }, ctx.meta),
  }),
  unschedulePost: t.field({
    type: Post,
    ...ofBusiness,
    description: "Takes a scheduled post back to a draft; its targets' jobs are cancelled.",
    args: { id: t.arg.id({ required: true, description: "The post's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.posts.unschedule(ctx.viewer, String(id), ctx.meta),
  }),
  publishPost: t.field({
    type: Post,
    ...ofBusiness,
    description: "Publishes now: every target not yet published is due at once.",
    args: { id: t.arg.id({ required: true, description: "The post's id." }) },
    resolve: (_r, { id }, ctx) => ctx.services.posts.publishNow(ctx.viewer, String(id), ctx.meta),
  }),
  duplicatePost: t.field({
    type: Post,
    ...ofBusiness,
    description:
      "A new draft with the same caption, hashtags, networks and media (the files are shared, not copied); mediaOnly: only the media.",
    args: {
      id: t.arg.id({
        required: true,
        description: "The post to copy (any post of the business, a published one included).",
      }),
      mediaOnly: t.arg.boolean({
        description: "True: copy only the media, with an empty caption; false or left out: copy everything.",
      }),
    },
    resolve: (_r, { id, mediaOnly }, ctx) =>
      ctx.services.posts.duplicate(ctx.viewer, String(id), { mediaOnly: mediaOnly ?? false }, ctx.meta),
  }),
  confirmPostTarget: t.field({
    type: Post,
    ...ofBusiness,
    description: "A person checked the network: the post is there (unconfirmed), or they posted it by hand (Snapchat).",
    args: {
      id: t.arg.id({ required: true, description: "The target's id (PostTarget.id), not the post's." }),
      permalink: t.arg.string({ description: "The post's address on the network, when the person has it." }),
    },
    resolve: (_r, { id, permalink }, ctx) =>
      ctx.services.posts.confirmTarget(ctx.viewer, String(id), { permalink }, ctx.meta),
  }),
  retryPostTarget: t.field({
    type: Post,
    ...ofBusiness,
    description:
      "A person's decision to send this network's part again (failed, or unconfirmed and checked not to be there).",
    args: { id: t.arg.id({ required: true, description: "The target's id (PostTarget.id), not the post's." }) },
    resolve: (_r, { id }, ctx) => ctx.services.posts.retryTarget(ctx.viewer, String(id), ctx.meta),
  }),
}));

builder.subscriptionFields((t) => ({
  postChanged: t.field({
    type: PostChange,
    ...ofBusiness,
    description:
      "Status changes of the caller's business's posts (scheduled, publishing, published, failed, ...), from any server process.",
    subscribe: (_root, _args, ctx) => ctx.services.posts.subscribe(ctx.viewer),
    resolve: (e) => e,
    // one execution per event for the business's subscribers of the same document (graphql/fanout.ts)
    extensions: { fanOut: "business" },
  }),
}));
