// The subscription box: plan, status, monthly price, and the trial's end (with the Hijri date and the
// days left) or the renewal date. Before approval there is no subscription yet: it says so.
import { Card, Descriptions, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { TAG_COLORS, type TagTone } from "../../../shared/tagColors.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatMoney, formatNumber } from "../../../lib/format.ts";
import type { DashboardBusiness } from "../data.ts";
import { planOf, trialOf } from "../../../shared/subscription.ts";
import { DatePair } from "./DatePair.tsx";

const SUB_TONES: Record<string, TagTone> = {
  TRIAL: "warning",
  ACTIVE: "success",
  PAST_DUE: "warning",
  EXPIRED: "danger",
  CANCELLED: "danger",
};

export function SubscriptionCard({ business }: { business: DashboardBusiness }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const sub = business.subscription;
  const plan = planOf(sub?.plan ?? business.requestedPlan);
  const trial = trialOf(sub);

  const items = sub
    ? [
        {
          key: "plan",
          label: t("subscription.plan"),
          children: <Typography.Text strong>{plan?.name[locale] ?? sub.plan}</Typography.Text>,
        },
        {
          key: "status",
          label: t("subscription.status"),
          children: (
            <Tag variant="solid" color={TAG_COLORS[SUB_TONES[sub.status] ?? "neutral"]}>
              {t(`subStatus.${sub.status}`, { defaultValue: sub.status })}
            </Tag>
          ),
        },
        ...(plan
          ? [
              {
                key: "price",
                label: t("subscription.price"),
                children: <bdi>{t("subscription.perMonth", { price: formatMoney(plan.priceKwd, locale) })}</bdi>,
              },
            ]
          : []),
        ...(trial
          ? [
              {
                key: "trialEnds",
                label: t("subscription.trialEnds"),
                children: (
                  <span>
                    <DatePair date={trial.endsAt} />
                    {!trial.ended && (
                      <>
                        <br />
                        <Typography.Text strong data-testid="days-left">
                          {t("subscription.daysLeft", { count: trial.days, days: formatNumber(trial.days, locale) })}
                        </Typography.Text>
                      </>
                    )}
                  </span>
                ),
              },
            ]
          : sub.renewsAt
            ? [{ key: "renews", label: t("subscription.renews"), children: <DatePair date={sub.renewsAt} /> }]
            : []),
      ]
    : [
        {
          key: "requested",
          label: t("subscription.requested"),
          children: <Typography.Text strong>{plan?.name[locale] ?? business.requestedPlan}</Typography.Text>,
        },
        ...(plan
          ? [
              {
                key: "price",
                label: t("subscription.price"),
                children: <bdi>{t("subscription.perMonth", { price: formatMoney(plan.priceKwd, locale) })}</bdi>,
              },
            ]
          : []),
      ];

  return (
    <Card title={t("subscription.title")} className="sufra-card" data-testid="subscription-card">
      <Descriptions column={1} size="small" items={items} />
      {!sub && <Typography.Paragraph type="secondary">{t("subscription.none")}</Typography.Paragraph>}
    </Card>
  );
}
