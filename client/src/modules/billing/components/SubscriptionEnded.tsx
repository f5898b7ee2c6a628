// Why an action a stopped subscription may not take is unavailable (docs/product.md#subscriptions-and-billing):
// the catalogue's SUBSCRIPTION_ENDED text, the one the server answers with its 402, and "Pay now" to /billing.
// The composer (publish, schedule), the AI studio and the team's invitations show it instead of failing late.
import { subscriptionRuns } from "@sufra/schema";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import "../../../i18n/catalogue/i18n.ts";
import { BILLING_NS } from "../i18n.ts";
import { subscriptionStatusKeyOf } from "../../../graphql/enumKeys.ts";

/** Whether a subscription as GraphQL gives it (ACTIVE, PAST_DUE, ...) has stopped: expired or cancelled. */
export const subscriptionStopped = (status: string | null | undefined) =>
  !!status && !subscriptionRuns(subscriptionStatusKeyOf(status));

export function SubscriptionEnded({ testId = "subscription-ended" }: { testId?: string }) {
  const { t } = useTranslation(BILLING_NS);
  return (
    <Alert
      type="warning"
      showIcon
      title={t("errors.SUBSCRIPTION_ENDED", { ns: "common" })}
      action={<Link to="/billing">{t("banner.payNow")}</Link>}
      data-testid={testId}
    />
  );
}
