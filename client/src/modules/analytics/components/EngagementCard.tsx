// Likes, comments and shares over the range, by Kuwait day or by Kuwait week (Saturday to Friday),
// drawn by the shared chart (time runs from the right in Arabic) and readable as a table.
import { useQuery } from "@apollo/client/react";
import { Card, Segmented, Skeleton } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import { SufraChart, type ChartPoint } from "../../../shared/charts/index.ts";
import { AnalyticsEngagementSeriesDocument, type AnalyticsInterval } from "../../../graphql/graphql.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import type { RangeVariables } from "../model.ts";

const SERIES = ["likes", "comments", "shares"] as const;

export function EngagementCard({ variables }: { variables: RangeVariables }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const [interval, setBucket] = useState<AnalyticsInterval>("DAY");
  const { data, previousData, error, refetch } = useQuery(AnalyticsEngagementSeriesDocument, {
    variables: { ...variables, interval },
    fetchPolicy: "cache-and-network",
  });
  const shown = (data ?? previousData)?.analyticsEngagement;

  let body;
  if (error && !shown)
    body = <LoadError title={t("engagement.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!shown) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else {
    const points: ChartPoint[] = shown.points.flatMap((p) =>
      SERIES.map((s) => ({ x: p.date, y: p[s], series: t(`metrics.${s}`) })),
    );
    body = (
      <SufraChart
        kind="line"
        title={shown.interval === "WEEK" ? t("engagement.chartWeek") : t("engagement.chart")}
        xLabel={shown.interval === "WEEK" ? t("engagement.weekOf") : t("engagement.date")}
        xType="date"
        yLabel={t("metrics.engagement")}
        data={points}
        height={300}
        data-testid="engagement-chart"
      />
    );
  }

  return (
    <Card
      className="sufra-analytics-section"
      title={t("engagement.title")}
      extra={
        <Segmented<AnalyticsInterval>
          aria-label={t("engagement.interval")}
          size="small"
          value={interval}
          onChange={setBucket}
          options={[
            { value: "DAY", label: t("engagement.day") },
            { value: "WEEK", label: t("engagement.week") },
          ]}
          data-testid="interval-choice"
        />
      }
      data-testid="engagement"
    >
      {body}
    </Card>
  );
}
