// GraphQL enums are UPPER_CASE; the database and REST speak the REST contract's lower-case values.
// Every value says what it means (tests/schema-descriptions.test.ts): a Record over the list, so a value
// added to the list without its description fails the type check.
import {
  APPROVAL_STATES,
  BUSINESS_STATUSES,
  byNetwork,
  CLIENT_ACTIONS,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  CONTENT_LANGUAGE_KEYS,
  CONTENT_OCCASION_KEYS,
  CONTENT_TONE_KEYS,
  PLAN_IDS,
  PLATFORMS,
  POST_STATUSES,
  ROLES,
  SUBSCRIPTION_STATUSES,
  TARGET_STATUSES,
  TIKTOK_PRIVACY_LEVELS,
} from "@sufra/schema";
import { builder } from "./builder.ts";

export const upper = <T extends string>(values: readonly T[], descriptions?: Readonly<Record<T, string>>) =>
  Object.fromEntries(values.map((v) => [v.toUpperCase(), { value: v, description: descriptions?.[v] }])) as Record<
    Uppercase<T>,
    { value: T; description?: string }
  >;

export const RoleEnum = builder.enumType("Role", {
  description: "What a person may do in Sufra.",
  values: upper(ROLES, {
    admin: "Sufra's staff: the admin console (sign-ups, businesses, health, translations, holidays, AI settings).",
    owner: "A business's owner: the owner dashboard, the settings, the team and API keys.",
    client: "A business's staff member: posts, schedule, reviews, analytics, competitors and campaigns.",
  }),
});
export const ClientStatusEnum = builder.enumType("ClientStatus", {
  description: "Where a business's account stands: pending -> active | rejected, active <-> suspended.",
  values: upper(BUSINESS_STATUSES, {
    pending: "Signed up, waiting for an admin's approval; its people cannot sign in yet.",
    active: "Approved: its people sign in and use Sufra.",
    rejected: "Refused by an admin, with a reason; its people cannot sign in.",
    suspended: "Stopped by an admin; its people cannot sign in until it is reactivated.",
  }),
});
export const PlanEnum = builder.enumType("Plan", {
  description: "A subscription plan (prices per month in KWD, docs/product.md#plans-and-prices).",
  values: upper(PLAN_IDS, {
    basic: "Basic (10 KWD a month): Instagram and Google Business Profile, 50 AI posts a month.",
    professional:
      "Professional (15 KWD a month, the default): Instagram, X, Snapchat, TikTok, Facebook and Google, image enhancement, analytics, 100 AI posts a month.",
    premium: "Premium (49 KWD a month): Professional plus custom templates, the team, API keys, 500 AI posts a month.",
  }),
});
export const SubscriptionStatusEnum = builder.enumType("SubscriptionStatus", {
  description:
    "Whether a business's subscription runs. One that stopped (expired, cancelled) keeps its data and may sign in, read, export and pay, but not publish, schedule, write with AI, or use the team and API features.",
  values: upper(SUBSCRIPTION_STATUSES, {
    trial: "A free trial of the plan (14 days from approval, plus any days an admin gifted).",
    active: "Paid and running: the plan's features are open.",
    past_due: "The paid period ended unpaid: every feature stays open for 7 days of grace while the payment is due.",
    expired:
      "Its trial ended, or its grace ended unpaid: read, export and pay only; scheduled posts are held until it pays.",
    cancelled: "Cancelled by the owner and its last paid period over: read, export and pay only.",
  }),
});
/** A payment's state (billing: the café's page and the admin's payments list). */
export const PaymentStatusEnum = builder.enumType("PaymentStatus", {
  description:
    "Where a payment stands: pending on the gateway's page, then paid, failed or abandoned; refunded or partially refunded once money went back.",
  values: upper(PAYMENT_STATUSES, {
    pending: "Created: the person has not finished on the payment gateway's page.",
    paid: "The money was taken (or an admin recorded it); its period is applied and an invoice issued.",
    failed: "The bank or the gateway said no (declined, failed, restricted, void).",
    abandoned: "The person left the gateway's page, or it timed out.",
    refunded: "All of it was given back (credit notes record it).",
    partially_refunded: "Part of it was given back (credit notes record it).",
  }),
});
/** How a payment was made (billing: the café's page and the admin's payments list). */
export const PaymentMethodEnum = builder.enumType("PaymentMethod", {
  description:
    "How a payment was made: through the gateway (KNET, card, Apple Pay) or recorded by an admin (bank transfer, other).",
  values: upper(PAYMENT_METHODS, {
    knet: "KNET, Kuwait's debit network, through the gateway.",
    card: "A credit or debit card, through the gateway.",
    apple_pay: "Apple Pay, through the gateway.",
    bank_transfer: "A bank transfer, recorded by an admin.",
    other: "Another way outside the gateway (cash, cheque), recorded by an admin.",
  }),
});
export const LocaleEnum = builder.enumType("Locale", {
  description: "A language Sufra speaks to people in.",
  values: {
    EN: { value: "en", description: "English (the default and fallback)." },
    AR: { value: "ar", description: "Arabic, laid out right to left." },
  } as const,
});

// The AI content studio's vocabularies (@sufra/schema content.ts), shared by the studio, the
// templates and the reviews.
export const ContentLanguageEnum = builder.enumType("ContentLanguage", {
  description: "The language a caption is written in: en, ar or both (a caption in each).",
  values: upper(CONTENT_LANGUAGE_KEYS, {
    en: "English only, one caption.",
    ar: "Arabic only, one caption.",
    both: "Arabic and English in one caption, Arabic first.",
  }),
});
export const ContentToneEnum = builder.enumType("ContentTone", {
  description: "The voice a caption is written in (FRIENDLY by default).",
  values: upper(CONTENT_TONE_KEYS, {
    friendly: "Warm and welcoming (the default).",
    premium: "Refined and upmarket.",
    playful: "Light-hearted and fun.",
    family: "For families and gatherings.",
  }),
});
export const ContentOccasionEnum = builder.enumType("ContentOccasion", {
  description: "What a caption is for: a menu moment or a Kuwait occasion.",
  values: upper(CONTENT_OCCASION_KEYS, {
    new_dish: "A new dish on the menu.",
    menu_promotion: "A promotion or offer on the menu.",
    food_photo: "A caption for a photo of food.",
    weekend: "The weekend (Friday and Saturday in Kuwait).",
    ramadan_iftar: "Iftar, the meal at sunset in Ramadan.",
    ramadan_suhoor: "Suhoor, the meal before dawn in Ramadan.",
    eid_al_fitr: "Eid al-Fitr, at the end of Ramadan.",
    eid_al_adha: "Eid al-Adha, the feast of the sacrifice.",
    national_day: "Kuwait's National Day, 25 February.",
    liberation_day: "Kuwait's Liberation Day, 26 February.",
    islamic_new_year: "The Islamic (Hijri) New Year.",
    prophets_birthday: "The Prophet's Birthday (Mawlid).",
    back_to_school: "The start of the school year.",
    school_holidays: "The school holidays (the mid-year and summer breaks): family outings.",
    summer_nights: "Summer evenings out.",
  }),
});

// The networks and the post and target statuses: posts, platform accounts, campaigns, the studio,
// competitors, analytics and the owner's activity all speak them.
export const PlatformEnum = builder.enumType("Platform", {
  description:
    "A network Sufra publishes to: instagram, twitter (X), snapchat, google (Google Business Profile), tiktok or facebook (a Facebook Page).",
  values: upper(
    PLATFORMS,
    byNetwork((n) => n.reference.platform),
  ),
});
export const PostStatusEnum = builder.enumType("PostStatus", {
  description:
    "Where a post stands, derived from its targets: draft -> scheduled -> publishing -> published | partially published | failed | unconfirmed.",
  values: upper(POST_STATUSES, {
    draft: "Not scheduled; may have no network yet.",
    scheduled: "Due at its scheduledFor time on each of its networks.",
    publishing: "Being sent to its networks now.",
    published: "Out on every one of its networks.",
    partially_published: "Out on some of its networks and failed on the others.",
    failed: "Out on none of its networks: every attempt was refused or gave up.",
    unconfirmed:
      "A network did not answer in time: a person checks it is there (confirmPostTarget) or retries (retryPostTarget).",
  }),
});
export const TargetStatusEnum = builder.enumType("TargetStatus", {
  description: "Where one network's part of a post stands.",
  values: upper(TARGET_STATUSES, {
    pending: "Waiting for its time (or for a reconnected account).",
    publishing: "Being sent to the network now.",
    published: "Out on the network.",
    failed: "Refused by the network or given up; errorCode and error say why.",
    unconfirmed: "The network did not answer in time; a person confirms it is there or retries.",
    awaiting_manual:
      "Waiting for a person to post it and mark it done: Snapchat (posted by hand), or TikTok without Direct Post (errorCode TIKTOK_INBOX: the media is in the creator's TikTok inbox).",
    cancelled: "Left behind when its network was removed; never sent, and not counted in the post's status.",
  }),
});

export const ClientActionEnum = builder.enumType("ClientAction", {
  description:
    "An action an admin may take on a business now (its account's and its subscription's transitions allow it).",
  values: upper(CLIENT_ACTIONS, {
    approve: "Approve the pending sign-up (approveClient).",
    reject: "Reject the pending sign-up with a reason (rejectClient).",
    suspend: "Suspend the active business (suspendClient).",
    reactivate: "Reactivate the suspended business (reactivateClient).",
    gift_trial_days:
      "Gift trial days: a running trial, or an expired or cancelled subscription, and an active account (giftTrialDays).",
    record_payment: "Record money paid outside the gateway (recordManualPayment).",
    extend_period: "Move the end of its trial or paid period (extendPeriod).",
  }),
});

/** How a part of Sufra is doing (health.graphql.ts); the admin console shows the same reading. */
export const HealthStateEnum = builder.enumType("HealthState", {
  description: "How a part of Sufra is doing.",
  values: {
    HEALTHY: { value: "healthy", description: "Working within its limits." },
    DEGRADED: { value: "degraded", description: "Working, but slower than its limit (see the reasons)." },
    DOWN: { value: "down", description: "Not answering at all." },
  } as const,
});

/** A post's TikTok options (network-options.graphql.ts) and the creator's allowed levels (platform-accounts.graphql.ts). */
export const TikTokPrivacyLevelEnum = builder.enumType("TikTokPrivacyLevel", {
  description: "Who can watch a TikTok post; the creator's allowed values come from tiktokCreatorInfo.",
  values: {
    PUBLIC_TO_EVERYONE: { value: TIKTOK_PRIVACY_LEVELS[0], description: "Everyone on TikTok." },
    MUTUAL_FOLLOW_FRIENDS: {
      value: TIKTOK_PRIVACY_LEVELS[1],
      description: "Friends: followers the creator follows back.",
    },
    FOLLOWER_OF_CREATOR: { value: TIKTOK_PRIVACY_LEVELS[2], description: "The creator's followers." },
    SELF_ONLY: {
      value: TIKTOK_PRIVACY_LEVELS[3],
      description: "Only the creator (the one level an app TikTok has not audited may use).",
    },
  },
});

export const ApprovalStateEnum = builder.enumType("ApprovalState", {
  description: "A post's approval: none -> in_review -> approved | changes_requested; a change voids an approval.",
  values: upper(APPROVAL_STATES, {
    none: "Not sent for approval, or its approval voided by a change.",
    lead_review: "Sent by an agency's person; waiting for the agency lead's check before the owners see it.",
    in_review: "Sent; waiting for the café's owners.",
    approved: "Approved as it is (this revision).",
    changes_requested: "The owners asked for changes.",
  }),
});
