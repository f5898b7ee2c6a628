// GraphQL enums are UPPER_CASE; the database and REST speak the REST contract's lower-case values.
import { BUSINESS_STATUSES, CONTENT_LANGUAGE_KEYS, CONTENT_OCCASION_KEYS, CONTENT_TONE_KEYS, PLAN_IDS, PLATFORMS, POST_STATUSES, ROLES, SUBSCRIPTION_STATUSES, TARGET_STATUSES } from "@sufra/schema";
import { builder } from "./builder.ts";

export const upper = <T extends string>(values: readonly T[]) => Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v }])) as Record<Uppercase<T>, { value: T }>;

export const RoleEnum = builder.enumType("Role", { values: upper(ROLES) });
export const ClientStatusEnum = builder.enumType("ClientStatus", { values: upper(BUSINESS_STATUSES) });
export const PlanEnum = builder.enumType("Plan", { values: upper(PLAN_IDS) });
export const SubscriptionStatusEnum = builder.enumType("SubscriptionStatus", { values: upper(SUBSCRIPTION_STATUSES) });
export const LocaleEnum = builder.enumType("Locale", { values: { EN: { value: "en" }, AR: { value: "ar" } } as const });

// The AI content studio's vocabularies (@sufra/schema content.ts), shared by the studio, the
// templates and the reviews.
export const ContentLanguageEnum = builder.enumType("ContentLanguage", { description: "en, ar or both (a caption in each)", values: upper(CONTENT_LANGUAGE_KEYS) });
export const ContentToneEnum = builder.enumType("ContentTone", { values: upper(CONTENT_TONE_KEYS) });
export const ContentOccasionEnum = builder.enumType("ContentOccasion", { values: upper(CONTENT_OCCASION_KEYS) });

// The networks and the post and target statuses: posts, platform accounts, campaigns, the studio,
// competitors, analytics and the owner's activity all speak them.
export const PlatformEnum = builder.enumType("Platform", { description: "instagram, twitter (X) or snapchat", values: upper(PLATFORMS) });
export const PostStatusEnum = builder.enumType("PostStatus", { values: upper(POST_STATUSES) });
export const TargetStatusEnum = builder.enumType("TargetStatus", { values: upper(TARGET_STATUSES) });
