// The benchmark: the plain-language summary of where the business leads and trails (written here from
// the server's points, with the person's digits), the business next to each competitor on followers,
// posts per week and engagement, and the history lines of the figure the person picks.
import type { CompetitorMetric, Locale } from "@sufra/schema";
import { Card, Segmented, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SufraChart, type ChartPoint } from "../../../shared/charts/index.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { COMPETITORS_NS } from "../i18n.ts";
import { platformLabel, summaryPoints, summarySentence, type Benchmark } from "../model.ts";
import { joinParts } from "../../../lib/format.ts";

const METRICS: CompetitorMetric[] = ["followers", "postsPerWeek", "avgEngagement"];
const FORMAT = { followers: "number", postsPerWeek: "number", avgEngagement: "percent" } as const;

export function SummaryCard({ benchmark }: { benchmark: Benchmark }) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const simulated = benchmark.own.some((o) => o.simulated) || benchmark.competitors.some((c) => c.latest?.simulated);
  return (
    <Card className="sufra-competitor-summary" data-testid="competitor-summary">
      <Typography.Title level={2} className="sufra-section-title">
        {t("summary.title")}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t("summary.window", { days: benchmark.days })}</Typography.Paragraph>
      <ul className="sufra-competitor-summary-list">
        {summaryPoints(benchmark).map((p, i) => (
          <li key={i}>{summarySentence(p, locale)}</li>
        ))}
      </ul>
      {simulated && (
        <Typography.Paragraph type="secondary" className="sufra-competitor-simulated" data-testid="simulated-note">
          {t("simulatedNote")}
        </Typography.Paragraph>
      )}
    </Card>
  );
}

/** Each metric: the business's own value on each network with competitors, then the competitors, highest first. */
function comparison(
  b: Benchmark,
  metric: CompetitorMetric,
  locale: Locale,
  you: (platform: string) => string,
  competitorsLabel: string,
  youLabel: string,
): ChartPoint[] {
  const platforms = [...new Set(b.competitors.map((c) => c.competitor.platform))];
  const mine: ChartPoint[] = b.own
    .filter((o) => platforms.includes(o.platform) && o[metric] != null)
    .map((o) => ({
      x: platforms.length > 1 ? you(platformLabel(o.platform, locale)) : youLabel,
      y: o[metric] ?? null,
      series: youLabel,
    }));
  // the same name on two networks is told apart by the network
  const named = (name: string) => b.competitors.filter((c) => c.competitor.name === name).length > 1;
  const theirs: ChartPoint[] = b.competitors
    .filter((c) => c.latest?.[metric] != null)
    .map((c) => ({
      x: named(c.competitor.name)
        ? joinParts([c.competitor.name, platformLabel(c.competitor.platform, locale)], locale)
        : c.competitor.name,
      y: c.latest![metric] ?? null,
      series: competitorsLabel,
    }))
    .sort((a, z) => (z.y ?? 0) - (a.y ?? 0));
  return [...mine, ...theirs];
}

function history(
  b: Benchmark,
  metric: CompetitorMetric,
  locale: Locale,
  you: (platform: string) => string,
  youLabel: string,
): ChartPoint[] {
  const points: (ChartPoint & { x: string })[] = [];
  if (metric === "followers") {
    const several = new Set(b.ownHistory.map((p) => p.platform)).size > 1;
    for (const p of b.ownHistory)
      points.push({ x: p.day, y: p.followers, series: several ? you(platformLabel(p.platform, locale)) : youLabel });
  }
  for (const c of b.competitors)
    for (const s of c.history)
      if (s[metric] != null) points.push({ x: s.day, y: s[metric] ?? null, series: c.competitor.name });
  // in date order, so the table's rows and the line's points run in time
  return points.sort((a, z) => a.x.localeCompare(z.x));
}

export function BenchmarkCharts({ benchmark }: { benchmark: Benchmark }) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const [metric, setMetric] = useState<CompetitorMetric>("followers");
  const you = (platform: string) => t("charts.youOn", { platform });
  const lines = history(benchmark, metric, locale, you, t("charts.you"));
  const dayCount = new Set(lines.map((p) => p.x)).size;

  return (
    <Card className="sufra-competitor-charts" data-testid="competitor-charts">
      <Typography.Title level={2} className="sufra-section-title">
        {t("charts.title")}
      </Typography.Title>
      <div className="sufra-competitor-chart-grid">
        {METRICS.map((m) => {
          const data = comparison(benchmark, m, locale, you, t("charts.competitors"), t("charts.you"));
          return (
            <SufraChart
              key={m}
              kind="bar"
              title={t(`metric.${m}`)}
              xLabel={t("charts.account")}
              yLabel={t(`metric.${m}`)}
              yFormat={FORMAT[m]}
              data={data}
              stack
              height={Math.max(140, 48 + new Set(data.map((d) => d.x)).size * 36)}
              data-testid={`chart-${m}`}
            />
          );
        })}
      </div>
      <div className="sufra-competitor-history">
        <div className="sufra-competitor-history-head">
          <Typography.Title level={3} className="sufra-subsection-title">
            {t("charts.history")}
          </Typography.Title>
          <Segmented<CompetitorMetric>
            value={metric}
            onChange={setMetric}
            options={METRICS.map((m) => ({ value: m, label: t(`metric.${m}`) }))}
          />
        </div>
        {dayCount >= 2 ? (
          <SufraChart
            kind="line"
            title={t("charts.historyOf", { metric: t(`metric.${metric}`) })}
            xLabel={t("charts.day")}
            xType="date"
            yLabel={t(`metric.${metric}`)}
            yFormat={FORMAT[metric]}
            data={lines}
            height={300}
            data-testid="chart-history"
          />
        ) : (
          <Typography.Paragraph type="secondary">{t("charts.noHistory")}</Typography.Paragraph>
        )}
      </div>
    </Card>
  );
}
