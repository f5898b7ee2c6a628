// Billing in figures on the admin's stat cards (docs/product.md#subscriptions-and-billing, "Admin"): MRR
// and this Kuwait month's revenue as money ("1,234.500 KWD" in the person's digits), and the
// subscriptions on trial, paid, past due and expired. Live with the other figures (useAdminStats).
import { Card, Col, Skeleton, Statistic } from "antd";
import { useTranslation } from "react-i18next";
import type { AdminStatsFieldsFragment } from "../../../graphql/graphql.ts";
import { formatFilsMoney, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";

type Figures = AdminStatsFieldsFragment["billing"];
const MONEY = ["mrrFils", "monthRevenueFils"] as const;
const COUNTS = ["trial", "active", "pastDue", "expired"] as const;
const LABEL = { mrrFils: "billing.mrr", monthRevenueFils: "billing.monthRevenue" } as const;
const HINT = { mrrFils: "billing.mrrHint", monthRevenueFils: "billing.monthRevenueHint" } as const;

/** Six cards (columns of a Row): the two amounts, then the four counts. */
export function BillingCards({ figures }: { figures: Figures | undefined }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  return (
    <>
      {MONEY.map((k) => (
        <Col key={k} xs={24} sm={12} xl={6}>
          <Card className="sufra-card" size="small">
            {figures ? (
              <Statistic
                title={<span title={t(HINT[k])}>{t(LABEL[k])}</span>}
                value={figures[k]}
                formatter={(v) => <bdi>{formatFilsMoney(Number(v), locale)}</bdi>}
                styles={{ content: { fontSize: 26 } }}
                data-testid={`stat-${k}`}
              />
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} />
            )}
          </Card>
        </Col>
      ))}
      {COUNTS.map((k) => (
        <Col key={k} xs={12} md={6} xl={3}>
          <Card className="sufra-card" size="small">
            {figures ? (
              <Statistic
                title={t(`billing.${k}`)}
                value={figures[k]}
                formatter={(v) => formatNumber(Number(v), locale)}
                styles={{ content: { fontSize: 26 } }}
                data-testid={`stat-billing-${k}`}
              />
            ) : (
              <Skeleton active paragraph={{ rows: 1 }} />
            )}
          </Card>
        </Col>
      ))}
    </>
  );
}
