// The networks side by side (engagement rate as columns, every figure in a table), and a tab per
// network with its own totals and change, its days and its best posts (analyticsPlatform).
import { useQuery } from "@apollo/client/react";
import { Card, Descriptions, Empty, Skeleton, Table, Tabs } from "antd";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import { SufraChart } from "../../../shared/charts/index.ts";
import {
  AnalyticsPlatformDetailDocument,
  type AnalyticsOverviewCardsQuery,
  type Platform,
} from "../../../graphql/graphql.ts";
import { formatNumber, formatPercent } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { ANALYTICS_NS } from "../i18n.ts";
import type { RangeVariables } from "../model.ts";
import { Change } from "./Change.tsx";
import { TopPostsList } from "./TopPostsList.tsx";
import { platformKey } from "../../../graphql/enumKeys.ts";

type PlatformFigures = AnalyticsOverviewCardsQuery["analyticsOverview"]["byPlatform"][number];
const COUNTS = ["posts", "reach", "views", "likes", "comments", "shares"] as const;
const SERIES = ["likes", "comments", "shares"] as const;

function Comparison({ networks }: { networks: readonly PlatformFigures[] }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  return (
    <div className="sufra-analytics-stack">
      <SufraChart
        kind="column"
        title={t("platforms.chart")}
        xLabel={t("platforms.network")}
        yLabel={t("metrics.engagementRate")}
        yFormat="percent"
        data={networks.map((n) => ({ x: platformLabel(n.platform, locale), y: n.engagementRate ?? null }))}
        height={240}
        data-testid="platforms-chart"
      />
      <Table<PlatformFigures>
        aria-label={t("platforms.figures")}
        rowKey="platform"
        size="small"
        pagination={false}
        scroll={{ x: 520 }}
        dataSource={[...networks]}
        columns={[
          {
            key: "network",
            title: t("platforms.network"),
            render: (_, n) => (
              <span className="sufra-nowrap">
                <PlatformIcon platform={n.platform} /> <bdi>{platformLabel(n.platform, locale)}</bdi>
              </span>
            ),
          },
          ...COUNTS.map((c) => ({
            key: c,
            title: t(`metrics.${c}`),
            align: "end" as const,
            render: (_: unknown, n: PlatformFigures) => formatNumber(n[c], locale),
          })),
          {
            key: "rate",
            title: t("metrics.engagementRate"),
            align: "end" as const,
            render: (_, n) => (n.engagementRate == null ? "—" : formatPercent(n.engagementRate, locale)),
          },
        ]}
      />
    </div>
  );
}

function NetworkDetail({ platform, variables }: { platform: Platform; variables: RangeVariables }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const network = platformLabel(platform, locale);
  const { data, previousData, error, refetch } = useQuery(AnalyticsPlatformDetailDocument, {
    variables: { ...variables, platform },
    fetchPolicy: "cache-and-network",
  });
  const d = (data ?? previousData)?.analyticsPlatform;
  if (error && !d)
    return <LoadError title={t("platforms.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  if (!d || d.platform !== platform) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!d.totals.posts)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("platforms.none", { network })} />;
  const rate = d.totals.engagementRate;
  return (
    <div className="sufra-analytics" data-testid={`network-${platformKey[platform]}`}>
      <Descriptions
        size="small"
        column={{ xs: 2, sm: 3, lg: 4 }}
        items={[...COUNTS, "engagementRate" as const].map((m) => ({
          key: m,
          label: t(`metrics.${m}`),
          children: (
            <span>
              {m === "engagementRate"
                ? rate == null
                  ? "—"
                  : formatPercent(rate, locale)
                : formatNumber(d.totals[m], locale)}{" "}
              <Change value={d.change[m]} previous={d.previous} />
            </span>
          ),
        }))}
      />
      <SufraChart
        kind="line"
        title={t("platforms.daily", { network })}
        xLabel={t("engagement.date")}
        xType="date"
        yLabel={t("metrics.engagement")}
        data={d.series.flatMap((p) => SERIES.map((s) => ({ x: p.date, y: p[s], series: t(`metrics.${s}`) })))}
        height={240}
      />
      <h3 className="sufra-chart-title">{t("platforms.best", { network })}</h3>
      <TopPostsList posts={d.topPosts} />
    </div>
  );
}

export function PlatformsCard({
  networks,
  variables,
}: {
  networks: readonly PlatformFigures[];
  variables: RangeVariables;
}) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  return (
    <Card className="sufra-analytics-section" title={t("platforms.title")} data-testid="platforms">
      <Tabs
        items={[
          { key: "all", label: t("platforms.all"), children: <Comparison networks={networks} /> },
          ...networks.map((n) => ({
            key: n.platform,
            label: (
              <span>
                <PlatformIcon platform={n.platform} /> <bdi>{platformLabel(n.platform, locale)}</bdi>
              </span>
            ),
            children: <NetworkDetail platform={n.platform} variables={variables} />,
          })),
        ]}
      />
    </Card>
  );
}
