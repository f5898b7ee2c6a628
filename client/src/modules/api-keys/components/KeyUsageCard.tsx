// Each key's use over the last 30 Kuwait days: requests and errors per day as a column chart (the house
// chart, readable as a table, in the person's digits), with the totals beside the key's name. Revoked
// keys that were never used in the period are left out.
import { Card, Typography } from "antd";
import { useTranslation } from "react-i18next";
import type { ApiKeysPageQuery } from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { SufraChart, type ChartPoint } from "../../../shared/charts/index.ts";
import { API_KEYS_NS } from "../i18n.ts";

/** the days the page asks for (api-keys.graphql: usage(days: 30)) */
const USAGE_DAYS = 30;

type KeyWithUsage = ApiKeysPageQuery["apiKeys"]["keys"][number];

export function KeyUsageCard({ keys }: { keys: readonly KeyWithUsage[] }) {
  const { t } = useTranslation(API_KEYS_NS);
  const locale = useLocale();
  const shown = keys.filter((k) => !k.revokedAt || k.usage.some((d) => d.requests > 0));
  if (!shown.length) return null;

  return (
    <Card
      title={t("chart.title", { days: formatNumber(USAGE_DAYS, locale) })}
      className="sufra-team-card"
      data-testid="key-usage"
    >
      <Typography.Paragraph type="secondary">{t("chart.intro")}</Typography.Paragraph>
      {shown.map((k) => {
        const requests = k.usage.reduce((n, d) => n + d.requests, 0);
        const errors = k.usage.reduce((n, d) => n + d.errors, 0);
        const data: ChartPoint[] = k.usage.flatMap((d) => [
          { x: d.day, y: d.requests, series: t("chart.requests") },
          { x: d.day, y: d.errors, series: t("chart.errors") },
        ]);
        return (
          <section key={k.id} style={{ marginBlockEnd: 16 }} data-testid={`key-usage-${k.id}`} aria-label={k.name}>
            <Typography.Paragraph>
              <Typography.Text strong>
                <bdi>{k.name}</bdi>
              </Typography.Text>{" "}
              <Typography.Text type="secondary">
                {t("chart.totals", { requests: formatNumber(requests, locale), errors: formatNumber(errors, locale) })}
              </Typography.Text>
            </Typography.Paragraph>
            <SufraChart
              kind="column"
              title={t("chart.chartTitle", { name: k.name })}
              xLabel={t("chart.day")}
              yLabel={t("chart.requests")}
              xType="date"
              data={data}
              height={180}
            />
          </section>
        );
      })}
    </Card>
  );
}
