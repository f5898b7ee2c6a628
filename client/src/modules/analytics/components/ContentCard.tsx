// What works: engagement per post by kind of post, occasion (the studio's names), caption language,
// and the hashtags with the most engagement; and the posting-hour heat map from the same answer.
import { useQuery } from "@apollo/client/react";
import { Card, Empty, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import { SufraChart } from "../../../shared/charts/index.ts";
import { AnalyticsContentBreakdownDocument, type AnalyticsGroupFieldsFragment } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import { occasionLabel } from "../model.ts";
import type { RangeVariables } from "../model.ts";
import { EngagementHeatmap } from "./EngagementHeatmap.tsx";

/** Hashtags drawn (the answer holds up to 20). */
const HASHTAGS_SHOWN = 10;

export function ContentCard({ variables }: { variables: RangeVariables }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const { data, previousData, error, refetch } = useQuery(AnalyticsContentBreakdownDocument, {
    variables,
    fetchPolicy: "cache-and-network",
  });
  const c = (data ?? previousData)?.analyticsContent;

  const points = (groups: readonly AnalyticsGroupFieldsFragment[], label: (key: string) => string) =>
    groups.map((g) => ({ x: label(g.key), y: g.averageEngagement ?? null }));
  const common = { yLabel: t("metrics.averageEngagement"), height: 220 } as const;

  let content;
  let heat;
  if (error && !c)
    content = heat = <LoadError title={t("content.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!c) content = heat = <Skeleton active paragraph={{ rows: 6 }} />;
  else {
    const hashtags = c.byHashtag.slice(0, HASHTAGS_SHOWN);
    content = (
      <div className="sufra-analytics-grid">
        <SufraChart
          kind="column"
          title={t("content.byType")}
          xLabel={t("content.kind")}
          data={points(c.byType, (k) => t(`content.types.${k}`, { defaultValue: k }))}
          {...common}
          data-testid="content-type-chart"
        />
        <SufraChart
          kind="bar"
          title={t("content.byOccasion")}
          xLabel={t("content.occasion")}
          data={points(c.byOccasion, (k) => occasionLabel(k, locale))}
          {...common}
          data-testid="content-occasion-chart"
        />
        <SufraChart
          kind="column"
          title={t("content.byLanguage")}
          xLabel={t("content.language")}
          data={points(c.byLanguage, (k) => t(`content.languages.${k}`, { defaultValue: k }))}
          {...common}
          data-testid="content-language-chart"
        />
        {hashtags.length ? (
          <SufraChart
            kind="bar"
            title={t("content.hashtags")}
            xLabel={t("content.hashtag")}
            data={points(hashtags, (k) => `#${k}`)}
            {...common}
            data-testid="content-hashtag-chart"
          />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("content.noHashtags")} />
        )}
      </div>
    );
    heat = <EngagementHeatmap cells={c.heatmap} />;
  }

  return (
    <>
      <Card className="sufra-analytics-section" title={t("content.title")} data-testid="content">
        {content}
      </Card>
      <Card className="sufra-analytics-section" title={t("heatmap.title")} data-testid="heatmap">
        {heat}
      </Card>
    </>
  );
}
