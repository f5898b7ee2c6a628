// The range's totals, one card each (network copies, reach, views, likes, comments, shares, engagement
// rate, followers), each with its change against the period of the same length before it. The copies
// card says how many posts they came from (each post once), the count the dashboard shows too. Then the taps on
// Sufra's short links (caption links, the link page, review requests) and their change.
import { Card, Col, Row, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { AnalyticsChangeFieldsFragment, AnalyticsFiguresFieldsFragment } from "../../../graphql/graphql.ts";
import { formatNumber, formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import { Change } from "./Change.tsx";

const OVERVIEW_METRICS = [
  "posts",
  "reach",
  "views",
  "likes",
  "comments",
  "shares",
  "engagementRate",
  "followers",
] as const;
export type OverviewMetric = (typeof OVERVIEW_METRICS)[number];

export function OverviewCards({
  totals,
  change,
  previous,
  publishedPosts,
  clicks,
}: {
  totals: AnalyticsFiguresFieldsFragment;
  change: AnalyticsChangeFieldsFragment;
  previous: { from: string; to: string };
  publishedPosts: number;
  clicks: { total: number; change: number | null };
}) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const shown = (m: OverviewMetric) => {
    const v = totals[m];
    if (v == null) return "—";
    return m === "engagementRate" ? formatPercent(v, locale) : formatNumber(v, locale);
  };
  const hint = (m: OverviewMetric) => {
    if (m === "posts") return t("hints.posts", { count: publishedPosts, n: formatNumber(publishedPosts, locale) });
    if (m === "engagementRate") return t("hints.engagementRate", { n: formatNumber(100, locale) });
    if (m === "followers" && totals.followers == null) return t("hints.followers");
    return null;
  };
  return (
    <section aria-label={t("overview.title")} data-testid="overview">
      <Row gutter={[12, 12]}>
        {OVERVIEW_METRICS.map((m) => (
          <Col key={m} xs={12} md={8} xl={6} xxl={3}>
            <Card size="small" className="sufra-metric" data-testid={`metric-${m}`}>
              <Statistic title={t(`metrics.${m}`)} value={shown(m)} />
              <Change value={change[m]} previous={previous} testId={`change-${m}`} />
              {hint(m) && (
                <Typography.Text type="secondary" className="sufra-metric-hint">
                  {hint(m)}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
        <Col xs={12} md={8} xl={6} xxl={3}>
          <Card size="small" className="sufra-metric" data-testid="metric-clicks">
            <Statistic title={t("metrics.clicks")} value={formatNumber(clicks.total, locale)} />
            <Change value={clicks.change} previous={previous} testId="change-clicks" />
            <Typography.Text type="secondary" className="sufra-metric-hint">
              {t("hints.clicks")}
            </Typography.Text>
          </Card>
        </Col>
      </Row>
    </section>
  );
}
