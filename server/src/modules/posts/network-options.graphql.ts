// A post's own options per network (schema/src/network-options.ts), as GraphQL reads and takes them.
// The service checks them with the shared rule; this file only names and describes the fields.
import {
  DEFAULT_TIKTOK_OPTIONS,
  INSTAGRAM_FORMATS,
  SNAPCHAT_POST_KINDS,
  type FacebookOptions,
  type InstagramOptions,
  type NetworkOptions,
  type SnapchatOptions,
  type TikTokOptions,
  type XOptions,
} from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { TikTokPrivacyLevelEnum, upper } from "../../graphql/enums.ts";

const InstagramFormatEnum = builder.enumType("InstagramFormat", {
  description: "What a post is on Instagram.",
  values: upper(INSTAGRAM_FORMATS, {
    feed: "A feed post or carousel (a single video goes as a reel shared to the feed).",
    story: "A story: one photo or video, shown for 24 hours; no caption is shown.",
    reel: "A reel: one vertical video, with its cover, audio name and whether it also shows in the feed.",
  }),
});
const SnapchatPostKindEnum = builder.enumType("SnapchatPostKind", {
  description: "Where a Snapchat public profile post goes.",
  values: upper(SNAPCHAT_POST_KINDS, {
    story: "The profile's Story, for 24 hours.",
    saved_story: "A Saved Story, kept on the profile.",
    spotlight: "Spotlight, Snapchat's feed of videos.",
  }),
});

type Reel = NonNullable<InstagramOptions["reel"]>;
type UserTag = NonNullable<InstagramOptions["userTags"]>[number];
type AltText = NonNullable<NetworkOptions["altText"]>[number];

const ReelRef = builder.objectRef<Reel>("InstagramReelOptions").implement({
  description: "A reel's cover, audio name and sharing.",
  fields: (t) => ({
    coverMediaId: t.id({
      complexity: 0,
      nullable: true,
      description: "One of the post's photos shown as the cover; null: a frame of the video.",
      resolve: (r) => r.coverMediaId ?? null,
    }),
    thumbOffsetMs: t.int({
      complexity: 0,
      nullable: true,
      description: "The frame used as the cover, in milliseconds from the start, when no cover photo is chosen.",
      resolve: (r) => r.thumbOffsetMs ?? null,
    }),
    shareToFeed: t.boolean({
      complexity: 0,
      description: "Also shown in the profile's feed (Instagram's default: true).",
      resolve: (r) => r.shareToFeed ?? true,
    }),
    audioName: t.string({
      complexity: 0,
      nullable: true,
      description: "The name the reel's original audio gets; null: Instagram's.",
      resolve: (r) => r.audioName ?? null,
    }),
  }),
});
const UserTagRef = builder.objectRef<UserTag>("InstagramUserTag").implement({
  description: "A person tagged on the first photo.",
  fields: (t) => ({
    username: t.exposeString("username", { complexity: 0, description: "Their Instagram username, without @." }),
    x: t.exposeFloat("x", { complexity: 0, description: "From the left edge, 0 to 1." }),
    y: t.exposeFloat("y", { complexity: 0, description: "From the top edge, 0 to 1." }),
  }),
});
const InstagramOptionsRef = builder.objectRef<InstagramOptions>("InstagramOptions").implement({
  description: "What the post is on Instagram and its options there.",
  fields: (t) => ({
    format: t.field({
      complexity: 0,
      type: InstagramFormatEnum,
      description: "Feed post, story or reel.",
      resolve: (o) => o.format,
    }),
    reel: t.field({
      complexity: 0,
      type: ReelRef,
      nullable: true,
      description: "A reel's options; null: Instagram's defaults.",
      resolve: (o) => o.reel ?? null,
    }),
    collaborators: t.stringList({
      complexity: 0,
      description: "Usernames invited as collaborators (at most 3; not for stories).",
      resolve: (o) => o.collaborators ?? [],
    }),
    locationId: t.string({
      complexity: 0,
      nullable: true,
      description: "The location: the id of a Facebook Page with a location; null: none.",
      resolve: (o) => o.locationId ?? null,
    }),
    userTags: t.field({
      complexity: 0,
      type: [UserTagRef],
      description: "People tagged on the first photo (at most 20).",
      resolve: (o) => o.userTags ?? [],
    }),
  }),
});
const TikTokOptionsRef = builder.objectRef<TikTokOptions>("TikTokOptions").implement({
  description: "What TikTok asks of each post: who can watch, what others may do with it, and its disclosure.",
  fields: (t) => ({
    privacyLevel: t.field({
      complexity: 0,
      type: TikTokPrivacyLevelEnum,
      nullable: true,
      description: "Who can watch; null until chosen (TikTok allows no default).",
      resolve: (o) => o.privacyLevel ?? null,
    }),
    disableComment: t.boolean({ complexity: 0, description: "Comments are off.", resolve: (o) => o.disableComment }),
    disableDuet: t.boolean({
      complexity: 0,
      description: "Duets are off (videos only).",
      resolve: (o) => o.disableDuet,
    }),
    disableStitch: t.boolean({
      complexity: 0,
      description: "Stitches are off (videos only).",
      resolve: (o) => o.disableStitch,
    }),
    brandOrganic: t.boolean({
      complexity: 0,
      description: "Disclosed as promoting the business's own brand.",
      resolve: (o) => o.brandOrganic,
    }),
    brandContent: t.boolean({
      complexity: 0,
      description: "Disclosed as a paid partnership (never with SELF_ONLY).",
      resolve: (o) => o.brandContent,
    }),
    title: t.string({
      complexity: 0,
      nullable: true,
      description: "A photo post's title (at most 90 characters; its caption is the description).",
      resolve: (o) => o.title ?? null,
    }),
    autoAddMusic: t.boolean({
      complexity: 0,
      description: "Photo posts: TikTok adds recommended music (false unless the post asks for it).",
      resolve: (o) => o.autoAddMusic ?? DEFAULT_TIKTOK_OPTIONS.autoAddMusic,
    }),
  }),
});
const XOptionsRef = builder.objectRef<XOptions>("XOptions").implement({
  description: "How the post goes out on X.",
  fields: (t) => ({
    thread: t.boolean({
      complexity: 0,
      description: "A caption longer than the account's limit goes out as a numbered thread.",
      resolve: (o) => o.thread,
    }),
    linkInReply: t.boolean({
      complexity: 0,
      description: "Links go in a reply under the post (X charges more for a post with a link).",
      resolve: (o) => o.linkInReply,
    }),
  }),
});
const SnapchatOptionsRef = builder.objectRef<SnapchatOptions>("SnapchatOptions").implement({
  description: "Where the post goes on Snapchat.",
  fields: (t) => ({
    kind: t.field({
      complexity: 0,
      type: SnapchatPostKindEnum,
      description: "Story, Saved Story or Spotlight.",
      resolve: (o) => o.kind,
    }),
  }),
});
const FacebookOptionsRef = builder.objectRef<FacebookOptions>("FacebookOptions").implement({
  description: "What the post adds on the Facebook Page.",
  fields: (t) => ({
    link: t.string({
      complexity: 0,
      nullable: true,
      description: "A link shared with the post; null: none.",
      resolve: (o) => o.link ?? null,
    }),
  }),
});
const AltTextRef = builder.objectRef<AltText>("MediaAltText").implement({
  description: "The alt text of one of the post's photos, read aloud to people who cannot see it.",
  fields: (t) => ({
    mediaId: t.exposeID("mediaId", { complexity: 0, description: "The photo (a media library id)." }),
    text: t.exposeString("text", { complexity: 0, description: "Its alt text (at most 1,000 characters)." }),
  }),
});
// The options are the post's own JSON, read with the post: no field below costs a query, so none adds to a
// request's complexity (a page of 50 posts with their options stays within the limit).
export const NetworkOptionsRef = builder.objectRef<NetworkOptions>("NetworkOptions").implement({
  description: "The post's own options on each network; a network left null uses its defaults.",
  fields: (t) => ({
    instagram: t.field({
      complexity: 0,
      type: InstagramOptionsRef,
      nullable: true,
      description: "Instagram: format (feed, story, reel) and its options.",
      resolve: (o) => o.instagram ?? null,
    }),
    tiktok: t.field({
      complexity: 0,
      type: TikTokOptionsRef,
      nullable: true,
      description: "TikTok: privacy, switches and disclosure.",
      resolve: (o) => o.tiktok ?? null,
    }),
    twitter: t.field({
      complexity: 0,
      type: XOptionsRef,
      nullable: true,
      description: "X: thread and where links go.",
      resolve: (o) => o.twitter ?? null,
    }),
    snapchat: t.field({
      complexity: 0,
      type: SnapchatOptionsRef,
      nullable: true,
      description: "Snapchat: Story, Saved Story or Spotlight.",
      resolve: (o) => o.snapchat ?? null,
    }),
    facebook: t.field({
      complexity: 0,
      type: FacebookOptionsRef,
      nullable: true,
      description: "Facebook: a link.",
      resolve: (o) => o.facebook ?? null,
    }),
    altText: t.field({
      complexity: 0,
      type: [AltTextRef],
      description: "Alt texts of the post's photos.",
      resolve: (o) => o.altText ?? [],
    }),
  }),
});

const ReelInput = builder.inputType("InstagramReelOptionsInput", {
  description: "A reel's cover, audio name and sharing.",
  fields: (t) => ({
    coverMediaId: t.id({ description: "One of the post's photos as the cover." }),
    thumbOffsetMs: t.int({ description: "Or the frame at this many milliseconds." }),
    shareToFeed: t.boolean({ description: "Also show it in the feed (default true)." }),
    audioName: t.string({ description: "A name for the reel's original audio (at most 90 characters)." }),
  }),
});
const UserTagInput = builder.inputType("InstagramUserTagInput", {
  description: "A person tagged on the first photo.",
  fields: (t) => ({
    username: t.string({ required: true, description: "Their Instagram username." }),
    x: t.float({ required: true, description: "From the left edge, 0 to 1." }),
    y: t.float({ required: true, description: "From the top edge, 0 to 1." }),
  }),
});
const InstagramOptionsInput = builder.inputType("InstagramOptionsInput", {
  description: "What the post is on Instagram.",
  fields: (t) => ({
    format: t.field({ type: InstagramFormatEnum, required: true, description: "Feed post, story or reel." }),
    reel: t.field({ type: ReelInput, description: "A reel's options." }),
    collaborators: t.stringList({ description: "Usernames to invite as collaborators (at most 3)." }),
    locationId: t.string({ description: "The id of a Facebook Page with a location." }),
    userTags: t.field({ type: [UserTagInput], description: "People to tag on the first photo (at most 20)." }),
  }),
});
const TikTokOptionsInput = builder.inputType("TikTokOptionsInput", {
  description: "What TikTok asks of each post. privacyLevel must be chosen before the post is scheduled.",
  fields: (t) => ({
    privacyLevel: t.field({
      type: TikTokPrivacyLevelEnum,
      description: "Who can watch: one of tiktokCreatorInfo's privacyLevelOptions.",
    }),
    disableComment: t.boolean({ description: "Turn comments off." }),
    disableDuet: t.boolean({ description: "Turn duets off." }),
    disableStitch: t.boolean({ description: "Turn stitches off." }),
    brandOrganic: t.boolean({ description: "Promotes the business's own brand." }),
    brandContent: t.boolean({ description: "A paid partnership (not with SELF_ONLY)." }),
    title: t.string({ description: "A photo post's title (at most 90 characters)." }),
    autoAddMusic: t.boolean({ description: "Photo posts: let TikTok add music." }),
  }),
});
const XOptionsInput = builder.inputType("XOptionsInput", {
  description: "How the post goes out on X.",
  fields: (t) => ({
    thread: t.boolean({ description: "Split a long caption into a numbered thread." }),
    linkInReply: t.boolean({ description: "Move links to a reply under the post." }),
  }),
});
const SnapchatOptionsInput = builder.inputType("SnapchatOptionsInput", {
  description: "Where the post goes on Snapchat.",
  fields: (t) => ({
    kind: t.field({ type: SnapchatPostKindEnum, required: true, description: "Story, Saved Story or Spotlight." }),
  }),
});
const FacebookOptionsInput = builder.inputType("FacebookOptionsInput", {
  description: "What the post adds on the Facebook Page.",
  fields: (t) => ({ link: t.string({ description: "A link to share with the post (https)." }) }),
});
const AltTextInput = builder.inputType("MediaAltTextInput", {
  description: "The alt text of one of the post's photos.",
  fields: (t) => ({
    mediaId: t.id({ required: true, description: "The photo (a media library id)." }),
    text: t.string({ required: true, description: "Its alt text (at most 1,000 characters; empty: none)." }),
  }),
});
export const NetworkOptionsInput = builder.inputType("NetworkOptionsInput", {
  description:
    "The post's own options on each network; replaces them as a whole. A network left out uses its defaults.",
  fields: (t) => ({
    instagram: t.field({ type: InstagramOptionsInput, description: "Instagram's format and options." }),
    tiktok: t.field({ type: TikTokOptionsInput, description: "TikTok's privacy, switches and disclosure." }),
    twitter: t.field({ type: XOptionsInput, description: "X's thread and links." }),
    snapchat: t.field({ type: SnapchatOptionsInput, description: "Snapchat's kind of post." }),
    facebook: t.field({ type: FacebookOptionsInput, description: "The link shared on the Facebook Page." }),
    altText: t.field({ type: [AltTextInput], description: "Alt texts of the post's photos." }),
  }),
});
