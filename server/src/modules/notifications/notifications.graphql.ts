// The notifications module's GraphQL types and fields: thin, each calls the notifications service,
// which only ever reads and marks the caller's own notifications.
import { NOTIFICATION_TYPES } from "@sufra/schema";
import { builder } from "../../graphql/builder.ts";
import { connectionComplexity, idConnection } from "../../kernel/pagination.ts";
import { PlanEnum, SubscriptionStatusEnum, upper } from "../../graphql/enums.ts";
import { AppError } from "../../kernel/errors.ts";

// keyed loosely: a type added to the list without its line here is caught by tests/schema-descriptions.test.ts
const TYPE_DESCRIPTIONS: Record<string, string> = {
  client_signed_up: "To admins: a business signed up and waits for approval (businessId, companyName).",
  account_approved: "To the business: its account was approved and the trial started (plan, trialEndsAt).",
  account_rejected: "To the business: its sign-up was rejected (reason).",
  trial_ending:
    "To the business's owners and account holder: its free trial ends in 3 days, then in 1 day (trialEndsAt).",
  post_failed: "To the author: a post failed on a network (postId, platform, excerpt, errorCode, errorMessage).",
  post_unconfirmed:
    "To the author: a network did not confirm a post in time; check it is there or retry (postId, platform, excerpt).",
  snapchat_ready: "To the author: a Snapchat post is due, to post by hand (postId, excerpt).",
  tiktok_ready:
    "To the author: a TikTok post is in the creator's TikTok inbox, to finish and post in TikTok (postId, excerpt).",
  account_reconnect_needed: "To the business's people: a network account must be reconnected (platform, handle).",
  competitor_discovery_expiring:
    "To the business's people: the Facebook sign-in for competitor figures expires soon (handle, expiresAt).",
  webhook_disabled:
    "To the business's webhook managers: an endpoint was turned off after its deliveries failed for 3 days.",
  trial_ended:
    "To the business's owners and account holder: the free trial ended unpaid and the subscription expired (trialEndsAt).",
  payment_due:
    "To the business's owners and account holder: the paid month ends in 3 days, then in 1 day, and the next payment is due then (plan, amountFils, periodEndsAt).",
  payment_overdue:
    "To the business's owners and account holder: the month ended unpaid; pay before the grace ends or the subscription expires. Sent on the day it fell due, then 3 days and 1 day before the grace ends (plan, amountFils, graceEndsAt).",
  subscription_expired:
    "To the business's owners and account holder: the subscription stopped (subscriptionStatus EXPIRED: the grace or trial ended unpaid; CANCELLED: a cancelled subscription's period ended). Posts are kept; publishing, scheduling and AI stop until it is paid.",
  payment_received:
    "To the business's owners and account holder: a payment was received (paymentId, plan, amountFils, periodEndsAt).",
  payment_failed:
    "To the business's owners and account holder: a payment failed at the gateway (paymentId, amountFils, reason).",
  plan_changed:
    "To the business's owners and account holder: a downgrade took effect at the period's end, or an admin changed the plan (plan, previousPlan).",
  team_read_only:
    "To each team member other than the owners and the account holder: the business left Premium, so they may read but no longer change anything (plan).",
  post_approved:
    "To the post's sender and author: a café's owner (or the approval link's holder) approved it (postId, excerpt, approver).",
  post_changes_requested:
    "To the post's sender and author: a café's owner, or the agency's lead, asked for changes (postId, excerpt, comment).",
  posts_awaiting_approval:
    "To the café's owners and account holder: posts were sent for their approval, or passed on by the agency's lead (count, linkId).",
  agency_request:
    "To a business's managers: a café invites their agency, or an agency asks for access to their café (linkId, fromName, requestedBy).",
  review_negative:
    "To the business's people: a new Google review of 1 or 2 stars, or a guest's review or comment read as negative, arrived in the inbox (reviewId, source, rating, author, excerpt, locationTitle).",
};
const NotificationTypeEnum = builder.enumType("NotificationType", {
  description: "What happened; the client writes the text from the type and its data, in the person's language.",
  values: upper(NOTIFICATION_TYPES, TYPE_DESCRIPTIONS as Record<(typeof NOTIFICATION_TYPES)[number], string>),
});

type DataShape = {
  businessId?: string;
  companyName?: string;
  reason?: string | null;
  plan?: "basic" | "professional" | "premium" | null;
  trialEndsAt?: string | null;
  postId?: string;
  platform?: string;
  excerpt?: string;
  errorCode?: string;
  errorMessage?: string | null;
  handle?: string;
  expiresAt?: string;
  endpointId?: string;
  url?: string;
  reviewId?: string;
  source?: string;
  rating?: number | null;
  author?: string;
  locationTitle?: string | null;
  amountFils?: number;
  periodEndsAt?: string | null;
  graceEndsAt?: string;
  status?: string;
  paymentId?: string;
  previousPlan?: string;
  approver?: string | null;
  comment?: string;
  count?: number;
  linkId?: string;
  fromName?: string;
  requestedBy?: "cafe" | "agency";
};
const NotificationData = builder.objectRef<DataShape>("NotificationData").implement({
  description: "The facts a notification's text needs; which are set depends on the type.",
  fields: (t) => ({
    businessId: t.id({
      description: "client_signed_up: the business that signed up; null for other types.",
      nullable: true,
      resolve: (d) => d.businessId ?? null,
    }),
    companyName: t.string({
      description: "client_signed_up: the business's name; null for other types.",
      nullable: true,
      resolve: (d) => d.companyName ?? null,
    }),
    reason: t.string({
      nullable: true,
      description:
        "account_rejected: the reason the admin gave; payment_failed: the gateway's words, when it gave some",
      resolve: (d) => d.reason ?? null,
    }),
    plan: t.field({
      type: PlanEnum,
      nullable: true,
      description:
        "account_approved: the plan whose trial started; payment_due, payment_overdue: the plan the payment buys; payment_received: the plan paid for; plan_changed, team_read_only: the plan now",
      resolve: (d) => d.plan ?? null,
    }),
    trialEndsAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "account_approved, trial_ending, trial_ended: when the free trial ends (UTC)",
      resolve: (d) => (d.trialEndsAt ? new Date(d.trialEndsAt) : null),
    }),
    postId: t.id({ nullable: true, description: "post_*, snapchat_ready: the post", resolve: (d) => d.postId ?? null }),
    platform: t.string({
      nullable: true,
      description: "post_*, snapchat_ready, account_reconnect_needed: instagram, twitter or snapchat",
      resolve: (d) => d.platform ?? null,
    }),
    excerpt: t.string({
      nullable: true,
      description: "post_*, snapchat_ready: the caption's first words; review_negative: the guest's first words",
      resolve: (d) => d.excerpt ?? null,
    }),
    errorCode: t.string({
      nullable: true,
      description: "post_failed: why, as a message key",
      resolve: (d) => d.errorCode ?? null,
    }),
    errorMessage: t.string({
      nullable: true,
      description: "post_failed: the platform's own words",
      resolve: (d) => d.errorMessage ?? null,
    }),
    handle: t.string({
      nullable: true,
      description: "account_reconnect_needed, competitor_discovery_expiring: the account's handle",
      resolve: (d) => d.handle ?? null,
    }),
    expiresAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "competitor_discovery_expiring: when the Facebook sign-in for competitor figures expires",
      resolve: (d) => (d.expiresAt ? new Date(d.expiresAt) : null),
    }),
    endpointId: t.id({
      nullable: true,
      description: "webhook_disabled: the webhook endpoint that was turned off",
      resolve: (d) => d.endpointId ?? null,
    }),
    url: t.string({
      nullable: true,
      description: "webhook_disabled: the endpoint's address",
      resolve: (d) => d.url ?? null,
    }),
    reviewId: t.id({
      nullable: true,
      description: "review_negative: the guest's item in the inbox",
      resolve: (d) => d.reviewId ?? null,
    }),
    source: t.string({
      nullable: true,
      description: "review_negative: where the guest wrote it (google, instagram, ...)",
      resolve: (d) => d.source ?? null,
    }),
    rating: t.int({
      nullable: true,
      description: "review_negative: the stars (1-5); null for a comment",
      resolve: (d) => d.rating ?? null,
    }),
    author: t.string({
      nullable: true,
      description: "review_negative: the guest's display name or username",
      resolve: (d) => d.author ?? null,
    }),
    locationTitle: t.string({
      nullable: true,
      description: "review_negative: the Google location (branch) the review is about; null otherwise",
      resolve: (d) => d.locationTitle ?? null,
    }),
    amountFils: t.int({
      nullable: true,
      description:
        "payment_due, payment_overdue: the payment due; payment_received, payment_failed: the payment's amount. In fils (1 KWD = 1000 fils)",
      resolve: (d) => d.amountFils ?? null,
    }),
    periodEndsAt: t.field({
      type: "DateTime",
      nullable: true,
      description:
        "payment_due: when the paid month ends and the next payment falls due; payment_received: the end of the month it paid for (UTC)",
      resolve: (d) => (d.periodEndsAt ? new Date(d.periodEndsAt) : null),
    }),
    graceEndsAt: t.field({
      type: "DateTime",
      nullable: true,
      description: "payment_overdue: when the grace ends and the subscription expires unless paid (UTC)",
      resolve: (d) => (d.graceEndsAt ? new Date(d.graceEndsAt) : null),
    }),
    subscriptionStatus: t.field({
      type: SubscriptionStatusEnum,
      nullable: true,
      description: "subscription_expired: EXPIRED or CANCELLED",
      resolve: (d) => (d.status as "expired" | "cancelled" | undefined) ?? null,
    }),
    paymentId: t.id({
      nullable: true,
      description: "payment_received, payment_failed: the payment",
      resolve: (d) => d.paymentId ?? null,
    }),
    previousPlan: t.field({
      type: PlanEnum,
      nullable: true,
      description: "plan_changed: the plan before the change",
      resolve: (d) => (d.previousPlan as DataShape["plan"]) ?? null,
    }),
    approver: t.string({
      nullable: true,
      description: "post_approved: who approved it; null when approved from an approval link",
      resolve: (d) => d.approver ?? null,
    }),
    comment: t.string({
      nullable: true,
      description: "post_changes_requested: what the owner asked to change",
      resolve: (d) => d.comment ?? null,
    }),
    count: t.int({
      nullable: true,
      description: "posts_awaiting_approval: how many posts wait",
      resolve: (d) => d.count ?? null,
    }),
    linkId: t.id({
      nullable: true,
      description: "posts_awaiting_approval: the approval link; agency_request: the agency link asked",
      resolve: (d) => d.linkId ?? null,
    }),
    fromName: t.string({
      nullable: true,
      description: "agency_request: the business that asked",
      resolve: (d) => d.fromName ?? null,
    }),
    requestedBy: t.string({
      nullable: true,
      description: "agency_request: cafe (a café invites your agency) or agency (an agency asks for access)",
      resolve: (d) => d.requestedBy ?? null,
    }),
  }),
});

const Notification = builder.prismaObject("Notification", {
  description: "Something a person should know, addressed to them.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The notification's id (a UUID)." }),
    type: t.field({
      description: "What happened: the kind of notification.",
      type: NotificationTypeEnum,
      resolve: (n) => n.type as (typeof NOTIFICATION_TYPES)[number],
    }),
    data: t.field({
      description: "The facts its text needs.",
      type: NotificationData,
      resolve: (n) => (n.data ?? {}) as DataShape,
    }),
    read: t.boolean({ description: "True once it was marked read.", resolve: (n) => !!n.readAt }),
    readAt: t.expose("readAt", {
      description: "When it was marked read (UTC); null while unread.",
      type: "DateTime",
      nullable: true,
    }),
    createdAt: t.expose("createdAt", { description: "When it was written (UTC).", type: "DateTime" }),
  }),
});

const MarkNotificationsReadResult = builder
  .objectRef<{ marked: number; unreadCount: number }>("MarkNotificationsReadResult")
  .implement({
    description: "What marking notifications read did.",
    fields: (t) => ({
      marked: t.exposeInt("marked", { description: "How many notifications this call marked read." }),
      unreadCount: t.exposeInt("unreadCount", { description: "The caller's unread notifications afterwards." }),
    }),
  });

builder.queryFields((t) => ({
  notifications: t.connection(
    {
      type: Notification,
      description: "The caller's notifications, newest first.",
      authScopes: { person: true },
      args: {
        unreadOnly: t.arg.boolean({ description: "True: only those not read yet; all when false or left out." }),
      },
      complexity: connectionComplexity,
      resolve: async (_root, args, ctx) => {
        const r = await ctx.services.notifications.list(ctx.viewer, {
          first: args.first ?? undefined,
          after: args.after ?? undefined,
          unreadOnly: args.unreadOnly ?? undefined,
        });
        return {
          ...idConnection(r, args.after),
          totalCount: r.totalCount,
        };
      },
    },
    {
      fields: (c) => ({
        totalCount: c.int({
          description: "How many notifications match (all, or the unread ones), on every page.",
          resolve: (conn) => (conn as unknown as { totalCount: number }).totalCount,
        }),
      }),
    },
  ),
  unreadNotificationsCount: t.int({
    description: "How many of the caller's notifications are not read yet.",
    authScopes: { person: true },
    resolve: (_r, _a, ctx) => ctx.services.notifications.unreadCount(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  markNotificationsRead: t.field({
    type: MarkNotificationsReadResult,
    description: "Marks the caller's notifications among ids read; ids of other people's notifications change nothing.",
    authScopes: { person: true },
    args: { ids: t.arg.idList({ required: true, description: "The notifications' ids." }) },
    resolve: (_r, { ids }, ctx) => ctx.services.notifications.markRead(ctx.viewer, { ids: ids.map(String) }),
  }),
  markAllNotificationsRead: t.field({
    description: "Marks every notification of the caller read.",
    type: MarkNotificationsReadResult,
    authScopes: { person: true },
    resolve: (_r, _a, ctx) => ctx.services.notifications.markAllRead(ctx.viewer),
  }),
}));

builder.subscriptionFields((t) => ({
  notificationAdded: t.field({
    description:
      "The caller's own new notifications as they are written, by any server process. Signed-in people only (not API keys).",
    type: Notification,
    authScopes: { person: true },
    subscribe: (_root, _args, ctx) => ctx.services.notifications.subscribe(ctx.viewer),
    // a person's open tabs share one execution of each of their notifications (graphql/fanout.ts)
    extensions: { fanOut: "person" },
    resolve: async (event, _args, ctx) => {
      const n = await ctx.services.notifications.get(ctx.viewer, event.notificationId);
      if (!n) throw new AppError("NOT_FOUND");
      return n;
    },
  }),
}));
