// The banner every screen of the shell shows while the subscription is past due ("pay by <date> to keep
// publishing") or has stopped ("your posts and data are safe; pay to publish again"), with "Pay now"
// to /billing (docs/product.md#subscriptions-and-billing). Live: a payment applied anywhere takes it away.
import { subscriptionRuns } from "@sufra/schema";
import { useQuery, useSubscription } from "@apollo/client/react";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { BillingBannerDocument, BillingChangedDocument } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { BILLING_NS } from "../i18n.ts";
import { day } from "../model.ts";
import "../billing.css";
import { subscriptionStatusKey } from "../../../graphql/enumKeys.ts";

/** For a person of a business (`enabled`); admins have no subscription. */
export function SubscriptionBanner({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const { pathname } = useLocation();
  const { data, refetch } = useQuery(BillingBannerDocument, { skip: !enabled, fetchPolicy: "cache-and-network" });
  useSubscription(BillingChangedDocument, {
    skip: !enabled,
    onData: () => void refetch().catch(() => {}),
    onError: () => {},
  });
  const b = data?.billing;
  // the billing page says it at length itself
  if (!enabled || !b || pathname === "/billing") return null;

  const pay = (
    <Link to="/billing" className="sufra-banner-pay" data-testid="banner-pay">
      {t("banner.payNow")}
    </Link>
  );
  if (b.status === "PAST_DUE")
    return (
      <Alert
        banner
        className="sufra-banner"
        type="warning"
        showIcon
        title={t("banner.pastDue", { date: b.graceEndsAt ? day(b.graceEndsAt, locale) : "" })}
        action={pay}
        data-testid="subscription-banner"
      />
    );
  if (!subscriptionRuns(subscriptionStatusKey[b.status]))
    return (
      <Alert
        banner
        className="sufra-banner"
        type="error"
        showIcon
        title={t("banner.ended")}
        action={pay}
        data-testid="subscription-banner"
      />
    );
  return null;
}
