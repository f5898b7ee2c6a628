// A notification's sentence, pure (docs/architecture.md#client-rooms: model.ts).
// A notification's line, written from its type and data in the person's language, and where opening
// it leads (a post's news to the posts, an account to reconnect to Settings, a sign-up to the clients,
// the Facebook sign-in for competitor figures to the competitors, a webhook turned off to the webhooks,
// a negative review or comment to the inbox).
import { isMessageKey, isPlatformName, messageText, PLANS, PLATFORM_LABELS, type Locale } from "@sufra/schema";
import type { TFunction } from "i18next";
import type { NotificationItemFragment, NotificationType } from "../../graphql/graphql.ts";
import { formatDate, formatFilsMoney, formatNumber } from "../../lib/format.ts";
import { planKeyOf, platformKeyOf } from "../../graphql/enumKeys.ts";

/** A network named in a notification's data, as GraphQL's value or as its key; else undefined. */
const networkOf = (p: string | null | undefined) => platformKeyOf(p) ?? (p && isPlatformName(p) ? p : undefined);

const platformOf = (p: string | null | undefined, locale: Locale) => {
  const name = networkOf(p);
  return name ? PLATFORM_LABELS[name][locale] : (p ?? "");
};

/** Where a guest wrote: a network's name in the person's language, or the source as stored. */
const sourceOf = (s: string | null | undefined, locale: Locale) => {
  const name = networkOf(s);
  return name ? PLATFORM_LABELS[name][locale] : (s ?? "");
};

/** A plan's name from its GraphQL value (PREMIUM). */
const planName = (p: string | null | undefined, locale: Locale) => {
  const id = planKeyOf(p);
  return (id && PLANS[id]?.name[locale]) ?? p ?? "";
};

/** Why a post failed: the catalogue's sentence for its code (with the network's own words), else theirs. */
function failureReason(data: NotificationItemFragment["data"], platform: string, locale: Locale): string {
  const code = data.errorCode ?? "";
  if (code === "targetRejected" && !data.errorMessage) return messageText("targetFailed", locale, { platform });
  if (isMessageKey(code)) return messageText(code, locale, { platform, message: data.errorMessage ?? "" });
  return data.errorMessage ?? "";
}

export function notificationText(
  t: TFunction,
  n: Pick<NotificationItemFragment, "type" | "data">,
  locale: Locale,
): string {
  const company = n.data.companyName ?? "";
  const platform = platformOf(n.data.platform, locale);
  const excerpt = n.data.excerpt ?? "";
  switch (n.type) {
    case "CLIENT_SIGNED_UP":
      return t("types.client_signed_up", { ns: "notifications", company });
    case "ACCOUNT_APPROVED":
      return t("types.account_approved", { ns: "notifications", company });
    case "ACCOUNT_REJECTED":
      return n.data.reason
        ? t("types.account_rejected", { ns: "notifications", company, reason: n.data.reason })
        : t("types.account_rejected_noReason", { ns: "notifications", company });
    case "TRIAL_ENDING":
      return n.data.trialEndsAt
        ? t("types.trial_ending", {
            ns: "notifications",
            company,
            date: formatDate(n.data.trialEndsAt, locale, "long"),
          })
        : t("types.unknown", { ns: "notifications" });
    case "POST_FAILED": {
      const reason = failureReason(n.data, platform, locale);
      return reason
        ? t("types.post_failed", { ns: "notifications", platform, excerpt, reason })
        : t("types.post_failed_noReason", { ns: "notifications", platform, excerpt });
    }
    case "POST_UNCONFIRMED":
      return t("types.post_unconfirmed", { ns: "notifications", platform, excerpt });
    case "SNAPCHAT_READY":
      return t("types.snapchat_ready", { ns: "notifications", platform, excerpt });
    case "TIKTOK_READY":
      return t("types.tiktok_ready", { ns: "notifications", platform, excerpt });
    case "ACCOUNT_RECONNECT_NEEDED":
      return n.data.handle
        ? t("types.account_reconnect_needed", { ns: "notifications", platform, handle: n.data.handle })
        : t("types.account_reconnect_needed_noHandle", { ns: "notifications", platform });
    case "COMPETITOR_DISCOVERY_EXPIRING":
      return n.data.expiresAt
        ? t("types.competitor_discovery_expiring", {
            ns: "notifications",
            handle: n.data.handle ?? "",
            date: formatDate(n.data.expiresAt, locale, "long"),
          })
        : t("types.unknown", { ns: "notifications" });
    case "WEBHOOK_DISABLED":
      return t("types.webhook_disabled", { ns: "notifications" });
    case "REVIEW_NEGATIVE": {
      const author = n.data.author ?? "";
      const where = sourceOf(n.data.source, locale);
      const branch = n.data.locationTitle ?? "";
      if (n.data.rating != null)
        return t(branch ? "types.review_negative_rated_branch" : "types.review_negative_rated", {
          ns: "notifications",
          author,
          count: n.data.rating,
          where,
          branch,
          excerpt,
        });
      return t("types.review_negative", { ns: "notifications", author, where, excerpt });
    }
    case "TRIAL_ENDED":
      return t("types.trial_ended", { ns: "notifications", company });
    case "PAYMENT_DUE":
      return t("types.payment_due", {
        ns: "notifications",
        company,
        amount: formatFilsMoney(n.data.amountFils ?? 0, locale),
        plan: planName(n.data.plan, locale),
        date: n.data.periodEndsAt ? formatDate(n.data.periodEndsAt, locale, "long") : "",
      });
    case "PAYMENT_OVERDUE":
      return t("types.payment_overdue", {
        ns: "notifications",
        company,
        amount: formatFilsMoney(n.data.amountFils ?? 0, locale),
        date: n.data.graceEndsAt ? formatDate(n.data.graceEndsAt, locale, "long") : "",
      });
    case "SUBSCRIPTION_EXPIRED":
      return t(
        n.data.subscriptionStatus === "CANCELLED" ? "types.subscription_cancelled" : "types.subscription_expired",
        { ns: "notifications", company },
      );
    case "PAYMENT_RECEIVED":
      return t("types.payment_received", {
        ns: "notifications",
        amount: formatFilsMoney(n.data.amountFils ?? 0, locale),
        plan: planName(n.data.plan, locale),
      });
    case "PAYMENT_FAILED":
      return n.data.reason
        ? t("types.payment_failed_reason", {
            ns: "notifications",
            amount: formatFilsMoney(n.data.amountFils ?? 0, locale),
            reason: n.data.reason,
          })
        : t("types.payment_failed", { ns: "notifications", amount: formatFilsMoney(n.data.amountFils ?? 0, locale) });
    case "PLAN_CHANGED":
      return t("types.plan_changed", {
        ns: "notifications",
        company,
        plan: planName(n.data.plan, locale),
        previous: planName(n.data.previousPlan, locale),
      });
    case "TEAM_READ_ONLY":
      return t("types.team_read_only", { ns: "notifications", company, plan: planName(n.data.plan, locale) });
    // approvals (docs/product.md#agencies-and-approvals)
    case "POST_APPROVED":
      return n.data.approver
        ? t("types.post_approved_by", { ns: "notifications", company, excerpt, approver: n.data.approver })
        : t("types.post_approved", { ns: "notifications", company, excerpt });
    case "POST_CHANGES_REQUESTED":
      return t("types.post_changes_requested", {
        ns: "notifications",
        company,
        excerpt,
        comment: n.data.comment ?? "",
      });
    case "POSTS_AWAITING_APPROVAL":
      return t("types.posts_awaiting_approval", {
        ns: "notifications",
        company,
        n: formatNumber(n.data.count ?? 0, locale),
      });
    case "AGENCY_REQUEST":
      return n.data.fromName && (n.data.requestedBy === "cafe" || n.data.requestedBy === "agency")
        ? t(`types.agency_request_${n.data.requestedBy}`, { ns: "notifications", from: n.data.fromName })
        : t("types.agency_request", { ns: "notifications" });
    default:
      return t("types.unknown", { ns: "notifications" });
  }
}

const LINKS: Partial<Record<NotificationType, string>> = {
  CLIENT_SIGNED_UP: "/admin/clients",
  POST_FAILED: "/posts",
  POST_UNCONFIRMED: "/posts",
  SNAPCHAT_READY: "/posts",
  ACCOUNT_RECONNECT_NEEDED: "/settings",
  COMPETITOR_DISCOVERY_EXPIRING: "/competitors",
  WEBHOOK_DISABLED: "/webhooks",
  REVIEW_NEGATIVE: "/inbox",
  TRIAL_ENDING: "/billing",
  TRIAL_ENDED: "/billing",
  PAYMENT_DUE: "/billing",
  PAYMENT_OVERDUE: "/billing",
  SUBSCRIPTION_EXPIRED: "/billing",
  PAYMENT_RECEIVED: "/billing",
  PAYMENT_FAILED: "/billing",
  PLAN_CHANGED: "/billing",
  POSTS_AWAITING_APPROVAL: "/posts?approval=in_review",
  AGENCY_REQUEST: "/team",
};

/** A decision on one post opens that post in the composer (its approval and history are there). */
const POST_DECISIONS: readonly NotificationType[] = ["POST_APPROVED", "POST_CHANGES_REQUESTED"];

/**
 * Where opening a notification leads, when somewhere else helps; a negative review opens itself in the inbox,
 * a decision on a post the post.
 */
export function notificationLink(
  type: NotificationType,
  data?: { reviewId?: string | null; postId?: string | null } | null,
): string | undefined {
  if (type === "REVIEW_NEGATIVE" && data?.reviewId) return `/inbox?item=${encodeURIComponent(data.reviewId)}`;
  if (POST_DECISIONS.includes(type)) return data?.postId ? `/posts/${encodeURIComponent(data.postId)}/edit` : "/posts";
  return LINKS[type];
}
