// The trial warning (docs/product.md#owner-dashboard): shown while the subscription is a trial, with the whole days left.
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import { trialOf, type SubscriptionLike } from "../../../shared/subscription.ts";

export function TrialAlert({ subscription }: { subscription: SubscriptionLike | null | undefined }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const trial = trialOf(subscription);
  if (!trial) return null;
  if (trial.ended) return <Alert type="error" showIcon title={t("trial.ended")} description={t("trial.endedHint")} data-testid="trial-alert" />;
  return (
    <Alert
      type="warning"
      showIcon
      title={t("trial.endsIn", { count: trial.days, days: formatNumber(trial.days, locale) })}
      description={t("trial.hint", { date: formatDate(trial.endsAt, locale, "long") })}
      data-testid="trial-alert"
    />
  );
}
