// Shared rules and constants of the notifications module. A notification is stored per
// person as a type and its data; each side renders the text from them in the person's language.
import { z } from "zod";
import { singleLine } from "./text.ts";

export const NOTIFICATION_TYPES = [
  "client_signed_up",
  "account_approved",
  "account_rejected",
  "trial_ending",
  // publishing: the author hears of a failure, a post to check, a Snapchat post to make by hand;
  // the business's people hear when an account needs reconnecting
  "post_failed",
  "post_unconfirmed",
  "snapchat_ready",
  // TikTok without Direct Post: the media waits in the creator's TikTok inbox for the author to finish
  "tiktok_ready",
  "account_reconnect_needed",
  // competitors: the Facebook sign-in for competitors' Instagram figures expires (60 days, no refresh)
  "competitor_discovery_expiring",
  // webhooks: an endpoint whose deliveries all failed for 3 days was turned off (its managers hear)
  "webhook_disabled",
  // inbox: a new Google review of 1-2 stars or a guest's item read as negative (every person of the business hears at once)
  "review_negative",
  // billing (docs/product.md#subscriptions-and-billing): to the business's owners and account holder, by
  // notification and e-mail, once per subscription, type and Kuwait day; team_read_only to the members it concerns
  "trial_ended",
  "payment_due",
  "payment_overdue",
  "subscription_expired",
  "payment_received",
  "payment_failed",
  "plan_changed",
  "team_read_only",
  // approvals (docs/product.md#agencies-and-approvals): the sender hears each decision, the café's managers
  // hear when posts wait; the other side hears of an agency request
  "post_approved",
  "post_changes_requested",
  "posts_awaiting_approval",
  "agency_request",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export const isNotificationType = (v: unknown): v is NotificationType =>
  typeof v === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(v);

/** What each type carries (ids and the few facts its text needs; never a rendered text). */
export interface NotificationData {
  client_signed_up: { businessId: string; companyName: string };
  account_approved: { businessId: string; companyName: string; plan: string | null; trialEndsAt: string | null };
  account_rejected: { businessId: string; companyName: string; reason: string | null };
  trial_ending: { businessId: string; companyName: string; trialEndsAt: string };
  post_failed: {
    businessId: string;
    postId: string;
    platform: string;
    excerpt: string;
    errorCode: string;
    errorMessage: string | null;
  };
  post_unconfirmed: { businessId: string; postId: string; platform: string; excerpt: string };
  snapchat_ready: { businessId: string; postId: string; platform: string; excerpt: string };
  tiktok_ready: { businessId: string; postId: string; platform: string; excerpt: string };
  account_reconnect_needed: { businessId: string; platform: string; handle: string };
  competitor_discovery_expiring: { businessId: string; handle: string; expiresAt: string };
  webhook_disabled: { businessId: string; endpointId: string; url: string };
  /** source: google or instagram; rating null for a comment; locationTitle: the Google branch, or null */
  review_negative: {
    businessId: string;
    reviewId: string;
    source: string;
    rating: number | null;
    author: string;
    excerpt: string;
    locationTitle: string | null;
  };
  /** the trial ended without a payment: the subscription expired */
  trial_ended: { businessId: string; companyName: string; trialEndsAt: string };
  /** a paid month ends on periodEndsAt: the next payment (amountFils, for `plan`) is due then */
  payment_due: { businessId: string; companyName: string; plan: string; amountFils: number; periodEndsAt: string };
  /** the month ended unpaid: pay before graceEndsAt or the subscription expires */
  payment_overdue: { businessId: string; companyName: string; plan: string; amountFils: number; graceEndsAt: string };
  /** the grace ended unpaid, or a cancelled subscription's period ended (status: expired or cancelled) */
  subscription_expired: { businessId: string; companyName: string; status: string };
  payment_received: {
    businessId: string;
    companyName: string;
    paymentId: string;
    plan: string;
    amountFils: number;
    periodEndsAt: string | null;
  };
  /** reason: the gateway's words, when it gave some */
  payment_failed: {
    businessId: string;
    companyName: string;
    paymentId: string;
    amountFils: number;
    reason: string | null;
  };
  /** a downgrade took effect (or an admin changed the plan): the plan now, and the one before */
  plan_changed: { businessId: string; companyName: string; plan: string; previousPlan: string };
  /** the business left Premium: this person may read but no longer change anything */
  team_read_only: { businessId: string; companyName: string; plan: string };
  /** approver: the person's name, or null when approved from the link */
  post_approved: { businessId: string; companyName: string; postId: string; excerpt: string; approver: string | null };
  post_changes_requested: { businessId: string; companyName: string; postId: string; excerpt: string; comment: string };
  posts_awaiting_approval: { businessId: string; companyName: string; count: number; linkId: string };
  /** fromName: the business that asked; requestedBy: "cafe" (a café invites your agency) or "agency" */
  agency_request: { businessId: string; fromName: string; linkId: string; requestedBy: "cafe" | "agency" };
}

/** The people of a business hear this many days before their Facebook sign-in for competitor figures expires. */
export const COMPETITOR_DISCOVERY_NOTICE_DAYS = 7;
/** The bell shows this many of the latest notifications. */
export const NOTIFICATIONS_IN_BELL = 10;
export const MAX_NOTIFICATIONS_PAGE = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const notificationsQuerySchema = z.object({
  first: z
    .number({ error: "invalidPageSize" })
    .int({ error: "invalidPageSize" })
    .min(1, { error: "invalidPageSize" })
    .max(MAX_NOTIFICATIONS_PAGE, { error: "invalidPageSize" })
    .default(20),
  after: singleLine({ error: "invalidValue" }).regex(UUID, { error: "invalidValue" }).optional(),
  unreadOnly: z.boolean({ error: "invalidValue" }).default(false),
});
export type NotificationsQuery = z.output<typeof notificationsQuerySchema>;

/** ids: the notifications to mark read; left out (or null), every unread one of the caller's. */
export const markNotificationsReadSchema = z.object({
  ids: z
    .array(singleLine({ error: "invalidValue" }).regex(UUID, { error: "invalidValue" }), { error: "invalidValue" })
    .max(100, { error: "invalidValue" })
    .nullish(),
});
