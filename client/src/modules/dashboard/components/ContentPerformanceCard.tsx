// The dashboard's content performance: the last 30 Kuwait days' engagement per post by kind of post
// (the shared chart) and the best post of those days, with a link to the full analytics. Before
// anything is published it says what will show here.
import { useQuery } from "@apollo/client/react";
import { Card, Skeleton, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LoadError } from "../../../shared/LoadError.tsx";
import { TAG_COLORS } from "../../../shared/tagColors.ts";
import { SufraChart } from "../../../shared/charts/index.ts";
import { DashboardContentPerformanceDocument } from "../../../graphql/graphql.ts";
import { formatNumber, formatPercent } from "../../../lib/format.ts";
import { useSession } from "../../../lib/session.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { ANALYTICS_NS } from "../../analytics/index.ts";
import { useSimulatedKind } from "../../../shared/simulated.ts";

export function ContentPerformanceCard() {
  const { t } = useTranslation("dashboard");
  const simKind = useSimulatedKind();
  const locale = useLocale();
  const clientId = useSession().user?.business_id;
  const { data, error, refetch } = useQuery(DashboardContentPerformanceDocument, {
    variables: { clientId: clientId ?? "" },
    skip: !clientId,
    fetchPolicy: "cache-and-network",
  });
  const content = data?.analyticsContent;
  const best = data?.analyticsTopPosts.posts[0];

  let body;
  if (error && !data)
    body = <LoadError title={t("performance.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!content) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (!content.byType.some((g) => g.posts > 0))
    body = (
      <Typography.Paragraph type="secondary" data-testid="performance-empty">
        {t("performance.empty")}{" "}
        <Link to="/posts/new" className="sufra-inline-link">
          {t("recent.create")}
        </Link>
      </Typography.Paragraph>
    );
  else
    body = (
      <div className="sufra-performance">
        <SufraChart
          kind="column"
          title={t("performance.chart")}
          xLabel={t("performance.kind")}
          yLabel={t("performance.perPost")}
          data={content.byType.map((g) => ({
            x: t(`content.types.${g.key}`, { ns: ANALYTICS_NS, defaultValue: g.key }),
            y: g.averageEngagement ?? null,
          }))}
          height={200}
          data-testid="performance-chart"
        />
        {best && (
          <div className="sufra-performance-best" data-testid="performance-best">
            <Typography.Text strong>{t("performance.best")}</Typography.Text>
            <Typography.Paragraph ellipsis={{ rows: 2 }} dir="auto" className="sufra-activity-text">
              {best.excerpt || t("performance.noText")}
            </Typography.Paragraph>
            <Typography.Text type="secondary">
              {best.platforms.map((p) => (
                <PlatformIcon key={p} platform={p} label={platformLabel(p, locale)} />
              ))}{" "}
              {t("performance.bestFigures", {
                engagement: formatNumber(best.engagement, locale),
                rate: best.engagementRate == null ? "—" : formatPercent(best.engagementRate, locale),
              })}
            </Typography.Text>
          </div>
        )}
      </div>
    );

  return (
    <Card
      title={t("performance.title")}
      className="sufra-card"
      extra={
        content?.simulatedIncluded ? (
          <Tag color={TAG_COLORS.warning} variant="solid">
            {t(`simulated.tag.${simKind}`, { ns: ANALYTICS_NS })}
          </Tag>
        ) : null
      }
      actions={[
        <Link key="analytics" to="/analytics" data-testid="performance-link">
          {t("performance.more")}
        </Link>,
      ]}
      data-testid="content-performance"
    >
      {body}
    </Card>
  );
}
