// The owner module's GraphQL types and fields: thin, they call the owner service.
import { OWNER_ACTIVITY_TYPES } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { PlanEnum, PlatformEnum, SubscriptionStatusEnum, upper } from "../../graphql/enums.ts";
import { activityDescription, type OwnerActivity, type OwnerStats } from "./owner.service.ts";

const OwnerActivityTypeEnum = builder.enumType("OwnerActivityType", {
  description: "What kind of thing happened in the business.",
  values: upper(OWNER_ACTIVITY_TYPES, {
    post_published: "A post went out.",
    post_scheduled: "A post was scheduled.",
    team_joined: "A person joined the team.",
    platform_connected: "A network account was connected.",
  }),
});

const OwnerActivityRef = builder.objectRef<OwnerActivity>("OwnerActivity").implement({
  description: "Something that happened in the business: a post published or scheduled, a member who joined.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The activity's id, stable across requests." }),
    type: t.expose("type", { description: "What kind of thing happened.", type: OwnerActivityTypeEnum }),
    subject: t.exposeString("subject", {
      nullable: true,
      description:
        "A post's opening words, a member's name or an account's @handle; the client writes the line from type, subject and platform.",
    }),
    platform: t.expose("platform", {
      type: PlatformEnum,
      nullable: true,
      description: "The network a PLATFORM_CONNECTED activity is about; null otherwise.",
    }),
    description: t.string({
      description: "The line in the request's language (Accept-Language).",
      resolve: (a, _args, ctx) => activityDescription(a, ctx.meta.locale),
    }),
    timestamp: t.expose("timestamp", { description: "When it happened (UTC).", type: "DateTime" }),
  }),
});

const OwnerStatsRef = builder.objectRef<OwnerStats>("OwnerStats").implement({
  description: "The caller's business at a glance, read from the database.",
  fields: (t) => ({
    businessName: t.exposeString("businessName", { description: "The business's name." }),
    subscriptionPlan: t.expose("subscriptionPlan", {
      description: "The plan of its subscription (the one asked for before approval).",
      type: PlanEnum,
    }),
    subscriptionStatus: t.expose("subscriptionStatus", {
      description: "Whether its subscription runs.",
      type: SubscriptionStatusEnum,
    }),
    daysUntilRenewal: t.exposeInt("daysUntilRenewal", {
      nullable: true,
      description: "Whole days until the subscription renews or the trial ends; null before approval.",
    }),
    totalPosts: t.exposeInt("totalPosts", { description: "Every post the business wrote, drafts included." }),
    scheduledPosts: t.exposeInt("scheduledPosts", { description: "Posts scheduled and not yet due." }),
    publishedToday: t.exposeInt("publishedToday", { description: "Posts published since midnight in Asia/Kuwait." }),
    engagementRate: t.exposeFloat("engagementRate", {
      nullable: true,
      description:
        "A percentage (0-100) once analytics exist; always null for now, because Sufra does not read engagement from the platforms yet.",
    }),
    teamMembers: t.exposeInt("teamMembers", { description: "People who belong to the business." }),
    platformsConnected: t.exposeStringList("platformsConnected", {
      description:
        "Ids of connected platforms (instagram, twitter, snapchat): ids, not display names; name them in the reader's language (X for twitter).",
    }),
    recentActivity: t.field({
      type: [OwnerActivityRef],
      description: "The latest five activities, newest first.",
      resolve: (s) => s.recentActivity,
    }),
  }),
});

builder.queryFields((t) => ({
  ownerStats: t.field({
    type: OwnerStatsRef,
    description: "For the people of a business (owner or client role); an admin has no business and is refused.",
    authScopes: { business: true },
    resolve: (_r, _a, ctx) => ctx.services.owner.stats(ctx.viewer),
  }),
}));
