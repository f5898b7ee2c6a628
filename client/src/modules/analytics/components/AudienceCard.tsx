// Who follows the business, as its networks report it: followers, cities (Kuwait areas by name), age
// bands, gender and the hours they are online; each network that reports less says why.
import { useQuery } from "@apollo/client/react";
import { Card, Skeleton, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../../shared/LoadError.tsx";
import { SufraChart } from "../../../shared/charts/index.ts";
import { AnalyticsAudienceViewDocument, type AnalyticsAudienceViewQuery } from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { ANALYTICS_NS } from "../i18n.ts";
import { ageLabel, cityLabel, formatDay } from "../model.ts";
import type { RangeVariables } from "../model.ts";
import { useSimulatedKind } from "../../../shared/simulated.ts";
import { platformKey } from "../../../graphql/enumKeys.ts";

type Network = AnalyticsAudienceViewQuery["analyticsAudience"]["networks"][number];

function NetworkLine({ n }: { n: Network }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const simKind = useSimulatedKind();
  const locale = useLocale();
  const network = platformLabel(n.platform, locale);
  const read =
    n.reported && n.followers != null && n.day
      ? t("audience.readOn", { network, followers: formatNumber(n.followers, locale), date: formatDay(n.day, locale) })
      : null;
  return (
    <li data-testid={`audience-${platformKey[n.platform]}`}>
      <PlatformIcon platform={n.platform} />
      <span>
        {read}
        {read && n.gap ? " " : null}
        {n.gap ? (
          <Typography.Text type="secondary">
            {t(n.gap === "SIMULATED_HIDDEN" ? `audience.gaps.SIMULATED_HIDDEN.${simKind}` : `audience.gaps.${n.gap}`, {
              network,
            })}
          </Typography.Text>
        ) : null}
      </span>
    </li>
  );
}

export function AudienceCard({ variables }: { variables: RangeVariables }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  // the audience is the business's, whatever the campaign
  const { campaignId: _campaign, ...rest } = variables;
  const { data, previousData, error, refetch } = useQuery(AnalyticsAudienceViewDocument, {
    variables: rest,
    fetchPolicy: "cache-and-network",
  });
  const a = (data ?? previousData)?.analyticsAudience;

  let body;
  if (error && !a)
    body = <LoadError title={t("audience.failed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!a) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else {
    const c = a.combined;
    const reported = c.platforms.length > 0;
    const share = { yLabel: t("audience.share"), yFormat: "percent" as const, height: 220 };
    body = (
      <div className="sufra-analytics">
        {reported ? (
          <>
            {c.followers != null && (
              <Statistic title={t("audience.followers")} value={formatNumber(c.followers, locale)} />
            )}
            <div className="sufra-analytics-grid">
              {c.cities.length > 0 && (
                <SufraChart
                  kind="bar"
                  title={t("audience.cities")}
                  xLabel={t("audience.city")}
                  data={c.cities.map((x) => ({ x: cityLabel(x, locale), y: x.share }))}
                  {...share}
                  data-testid="audience-cities"
                />
              )}
              {c.ages.length > 0 && (
                <SufraChart
                  kind="column"
                  title={t("audience.ages")}
                  xLabel={t("audience.age")}
                  data={c.ages.map((x) => ({ x: ageLabel(x.key, locale), y: x.share }))}
                  {...share}
                  data-testid="audience-ages"
                />
              )}
              {c.genders.length > 0 && (
                <SufraChart
                  kind="bar"
                  title={t("audience.genders")}
                  xLabel={t("audience.gender")}
                  data={c.genders.map((x) => ({
                    x: t(`audience.genderNames.${x.key}`, { defaultValue: x.key }),
                    y: x.share,
                  }))}
                  {...share}
                  data-testid="audience-genders"
                />
              )}
              {c.activeHours.length > 0 && (
                <SufraChart
                  kind="column"
                  title={t("audience.hours")}
                  xLabel={t("audience.hour")}
                  xType="hour"
                  yLabel={t("audience.online")}
                  data={c.activeHours.map((n, hour) => ({ x: hour, y: n }))}
                  height={220}
                  data-testid="audience-hours"
                />
              )}
            </div>
          </>
        ) : (
          <Typography.Text type="secondary">{t("audience.none")}</Typography.Text>
        )}
        <ul className="sufra-audience-networks">
          {a.networks.map((n) => (
            <NetworkLine key={n.platform} n={n} />
          ))}
        </ul>
      </div>
    );
  }

  return (
    <Card className="sufra-analytics-section" title={t("audience.title")} data-testid="audience">
      {body}
    </Card>
  );
}
