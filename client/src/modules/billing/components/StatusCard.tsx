// The subscription as it stands (docs/product.md#subscriptions-and-billing): the plan and its price, the
// status, the dates that matter for it (trial's end, the paid month, the grace's end), the next payment,
// and what a past-due or stopped subscription means. Every person of the business reads it. A month paid
// during the trial starts at the trial's end: until then the card says the trial goes on and the month waits.
import { subscriptionRuns } from "@sufra/schema";
import { Alert, Card, Descriptions, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { BillingFieldsFragment } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { TAG_COLORS, type TagTone } from "../../../shared/tagColors.ts";
import { BILLING_NS } from "../i18n.ts";
import { day, lastDay, planName } from "../model.ts";
import { monthAfterTrial } from "./PayCard.tsx";
import { formatFilsMoney, partSeparator } from "../../../lib/format.ts";
import { subscriptionStatusKey } from "../../../graphql/enumKeys.ts";

const TONES: Record<string, TagTone> = {
  TRIAL: "warning",
  ACTIVE: "success",
  PAST_DUE: "warning",
  EXPIRED: "danger",
  CANCELLED: "danger",
};

export function StatusCard({ billing }: { billing: BillingFieldsFragment }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const b = billing;
  const current = b.plans.find((p) => p.plan === b.plan);
  const stopped = !subscriptionRuns(subscriptionStatusKey[b.status]);
  const afterTrial = monthAfterTrial(b);

  const items = [
    {
      key: "plan",
      label: t("plan.plan"),
      children: <Typography.Text strong>{planName(b.plan, locale)}</Typography.Text>,
    },
    {
      key: "status",
      label: t("plan.status"),
      children: (
        <Tag variant="solid" color={TAG_COLORS[TONES[b.status] ?? "neutral"]} data-testid="billing-status">
          {afterTrial ? t("trialPaid") : t(`status.${b.status}`)}
        </Tag>
      ),
    },
    ...(current
      ? [
          {
            key: "price",
            label: t("plan.price"),
            children: <bdi>{t("plan.perMonth", { price: formatFilsMoney(current.monthlyFils, locale) })}</bdi>,
          },
        ]
      : []),
    ...((b.status === "TRIAL" || afterTrial) && b.trialEndsAt
      ? [{ key: "trialEnds", label: t("plan.trialEnds"), children: day(b.trialEndsAt, locale) }]
      : []),
    ...(b.periodStartsAt && b.periodEndsAt && b.status !== "TRIAL"
      ? [
          {
            key: "period",
            label: stopped ? t("plan.ended") : t("plan.period"),
            children: (
              <span data-testid="billing-period">
                {t("plan.periodRange", { from: day(b.periodStartsAt, locale), to: lastDay(b.periodEndsAt, locale) })}
              </span>
            ),
          },
        ]
      : []),
    ...(b.pastDueSince
      ? [{ key: "pastDueSince", label: t("plan.pastDueSince"), children: day(b.pastDueSince, locale) }]
      : []),
    ...(b.graceEndsAt
      ? [
          {
            key: "graceEnds",
            label: t("plan.graceEnds"),
            children: <Typography.Text strong>{day(b.graceEndsAt, locale)}</Typography.Text>,
          },
        ]
      : []),
    ...(b.nextChargeFils !== null
      ? [
          {
            key: "nextCharge",
            label: t("next.title"),
            children: (
              <span data-testid="next-charge">
                <bdi>{formatFilsMoney(b.nextChargeFils, locale)}</bdi>
                {partSeparator(locale)}
                {b.nextChargeAt ? day(b.nextChargeAt, locale) : t("next.anyTime")}
              </span>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={t("plan.title")} className="sufra-card sufra-billing-card" data-testid="billing-status-card">
      <Descriptions column={1} size="small" items={items} />
      {b.status === "TRIAL" && b.canManage && (
        <Typography.Paragraph type="secondary">{t("plan.trialText")}</Typography.Paragraph>
      )}
      {afterTrial && b.trialEndsAt && (
        <Typography.Paragraph type="secondary" data-testid="billing-after-trial">
          {t("plan.paidAfterTrial", { date: day(b.trialEndsAt, locale) })}
        </Typography.Paragraph>
      )}
      {b.status === "PAST_DUE" && b.graceEndsAt && (
        <Alert
          type="warning"
          showIcon
          title={t("plan.pastDueText", { date: day(b.graceEndsAt, locale) })}
          data-testid="billing-past-due"
        />
      )}
      {stopped && (
        <Alert
          type="error"
          showIcon
          title={t("banner.ended")}
          description={t("plan.stoppedText")}
          data-testid="billing-stopped"
        />
      )}
      {b.cancelAtPeriodEnd && b.periodEndsAt && (
        <Alert
          type="warning"
          showIcon
          title={t("plan.cancelledAtEnd", { date: lastDay(b.periodEndsAt, locale) })}
          data-testid="billing-cancelled-at-end"
        />
      )}
      {b.nextPlan && (
        <Typography.Paragraph data-testid="billing-next-plan">
          {stopped || !b.periodEndsAt
            ? t("plan.nextPlanStopped", { plan: planName(b.nextPlan, locale) })
            : t("plan.nextPlan", { plan: planName(b.nextPlan, locale), date: day(b.periodEndsAt, locale) })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
