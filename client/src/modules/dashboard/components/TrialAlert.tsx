// The trial warning (docs/product.md#owner-dashboard): shown while the subscription is a trial, with the whole days left
// and the way to pay (/billing, docs/product.md#subscriptions-and-billing).
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import { trialOf, type SubscriptionLike } from "../../../shared/subscription.ts";

export function TrialAlert({ subscription }: { subscription: SubscriptionLike | null | undefined }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const trial = trialOf(subscription);
  if (!trial) return null;
  const pay = (
    <Link to="/billing" data-testid="trial-pay">
      {t("trial.pay")}
    </Link>
  );
  if (trial.ended)
    return (
      <Alert
        type="error"
        showIcon
        title={t("trial.ended")}
        description={t("trial.endedHint")}
        action={pay}
        data-testid="trial-alert"
      />
    );
  return (
    <Alert
      type="warning"
      showIcon
      title={t("trial.endsIn", { count: trial.days, days: formatNumber(trial.days, locale) })}
      description={t("trial.hint", { date: formatDate(trial.endsAt, locale, "long") })}
      action={pay}
      data-testid="trial-alert"
    />
  );
}
