// A notification's line, written from its type and data in the person's language.
import type { Locale } from "@sufra/schema";
import type { TFunction } from "i18next";
import type { NotificationItemFragment } from "../../graphql/graphql.ts";
import { formatDate } from "../../lib/format.ts";

export function notificationText(t: TFunction, n: Pick<NotificationItemFragment, "type" | "data">, locale: Locale): string {
  const company = n.data.companyName ?? "";
  switch (n.type) {
    case "CLIENT_SIGNED_UP":
      return t("types.client_signed_up", { ns: "notifications", company });
    case "ACCOUNT_APPROVED":
      return t("types.account_approved", { ns: "notifications", company });
    case "ACCOUNT_REJECTED":
      return n.data.reason ? t("types.account_rejected", { ns: "notifications", company, reason: n.data.reason }) : t("types.account_rejected_noReason", { ns: "notifications", company });
    case "TRIAL_ENDING":
      return n.data.trialEndsAt ? t("types.trial_ending", { ns: "notifications", company, date: formatDate(n.data.trialEndsAt, locale, "long") }) : t("types.unknown", { ns: "notifications" });
    default:
      return t("types.unknown", { ns: "notifications" });
  }
}
