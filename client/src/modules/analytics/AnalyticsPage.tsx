// /analytics: how the business's posts do over a range of Kuwait days, against the period
// before. The period, campaign and demo-figures choice live in the URL; each section asks for its own
// figures and loads or fails on its own. Demo accounts' simulated figures are labelled as such; an
// empty page says what it will show once posts are published.
import { useQuery } from "@apollo/client/react";
import { Alert, Result, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { LoadError, Loading } from "../../shared/LoadError.tsx";
import { TAG_COLORS } from "../../shared/tagColors.ts";
import { AnalyticsFiltersDocument, AnalyticsOverviewCardsDocument } from "../../graphql/graphql.ts";
import { useSession } from "../../lib/session.ts";
import { useSimulatedKind } from "../../shared/simulated.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { AudienceCard } from "./components/AudienceCard.tsx";
import { ContentCard } from "./components/ContentCard.tsx";
import { EmptyAnalytics } from "./components/EmptyAnalytics.tsx";
import { EngagementCard } from "./components/EngagementCard.tsx";
import { ExportButtons } from "./components/ExportButtons.tsx";
import { FiltersBar } from "./components/FiltersBar.tsx";
import { GuestsCard } from "./components/GuestsCard.tsx";
import { OverviewCards } from "./components/OverviewCards.tsx";
import { PlatformsCard } from "./components/PlatformsCard.tsx";
import { RealtimeStrip } from "./components/RealtimeStrip.tsx";
import { TopPostsCard } from "./components/TopPostsCard.tsx";
import { ANALYTICS_NS } from "./i18n.ts";
import { formatDay } from "./model.ts";
import { rangeVariables } from "./model.ts";
import { useFilters } from "./useFilters.ts";
import "./analytics.css";

function AnalyticsScreen({ clientId }: { clientId: string }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const [filters, change, today] = useFilters();
  const variables = rangeVariables(clientId, filters);
  const options = useQuery(AnalyticsFiltersDocument, { fetchPolicy: "cache-and-network" });
  const overviewQ = useQuery(AnalyticsOverviewCardsDocument, { variables, fetchPolicy: "cache-and-network" });
  const overview = (overviewQ.data ?? overviewQ.previousData)?.analyticsOverview;

  const accounts = (options.data?.platformConnections ?? []).flatMap((c) =>
    c.account && c.account.status === "CONNECTED" ? [c.account] : [],
  );
  const mixedAccounts = accounts.some((a) => a.demo) && accounts.some((a) => !a.demo);
  const simulated = !!overview?.simulatedIncluded;
  const kind = useSimulatedKind();
  const everPublished = options.data ? options.data.publishedPosts.totalCount > 0 : true;

  let body;
  if (overviewQ.error && !overview)
    body = (
      <LoadError
        title={t("overview.failed")}
        error={overviewQ.error}
        onRetry={() => overviewQ.refetch().catch(() => {})}
      />
    );
  else if (!overview) body = <Loading label={t("loading")} rows={8} />;
  else if (overview.totals.posts === 0)
    body = (
      <EmptyAnalytics narrowed={everPublished} onLonger={() => change({ period: "last90", campaignId: undefined })} />
    );
  else
    body = (
      <OverviewCards
        totals={overview.totals}
        change={overview.change}
        previous={overview.previous}
        publishedPosts={overview.publishedPosts}
        clicks={{ total: overview.clicks, change: overview.clicksChange ?? null }}
      />
    );
  // the sections are mounted, hidden, while the overview loads, so that their queries go in the same HTTP
  // request as the overview's (docs/architecture.md#how-a-request-flows); a period without posts drops them
  const sections = (overview ? overview.totals.posts > 0 : !overviewQ.error) && (
    <div className="sufra-analytics-sections" hidden={!overview}>
      <RealtimeStrip clientId={clientId} includeSimulated={filters.includeSimulated} />
      <EngagementCard variables={variables} />
      {overview && <PlatformsCard networks={overview.byPlatform} variables={variables} />}
      <TopPostsCard variables={variables} />
      <ContentCard variables={variables} />
      <AudienceCard variables={variables} />
    </div>
  );

  return (
    <div className="sufra-analytics" data-testid="analytics">
      <header className="sufra-analytics-head">
        <div>
          <Typography.Title level={1}>
            {t("title")}{" "}
            {simulated && (
              <Tag color={TAG_COLORS.warning} variant="solid" data-testid="demo-tag">
                {t(`simulated.tag.${kind}`)}
              </Tag>
            )}
          </Typography.Title>
          <Typography.Text className="sufra-analytics-range" data-testid="analytics-range">
            {t("range", { from: formatDay(filters.from, locale), to: formatDay(filters.to, locale) })}
          </Typography.Text>
          {overview && (
            <Typography.Text type="secondary" className="sufra-analytics-range">
              {t("rangeHint", {
                from: formatDay(overview.previous.from, locale),
                to: formatDay(overview.previous.to, locale),
              })}
            </Typography.Text>
          )}
        </div>
        <ExportButtons variables={variables} />
      </header>
      <FiltersBar
        filters={filters}
        today={today}
        onChange={change}
        campaigns={options.data?.campaigns ?? []}
        mixedAccounts={mixedAccounts}
        simulatedIncluded={simulated}
      />
      {simulated && (
        <Alert
          type="warning"
          showIcon
          title={t(`simulated.title.${kind}`)}
          description={
            mixedAccounts ? (
              t(`simulated.mixedText.${kind}`)
            ) : (
              <>
                {t(`simulated.text.${kind}`)}{" "}
                <Link to="/settings" className="sufra-inline-link">
                  {t("simulated.connect")}
                </Link>
              </>
            )
          }
          data-testid="demo-alert"
        />
      )}
      {body}
      {sections}
      {/* what guests write comes without posts too: shown whenever the figures have loaded */}
      {(overview || !overviewQ.error) && (
        <div className="sufra-analytics-sections" hidden={!overview}>
          <GuestsCard variables={variables} />
        </div>
      )}
    </div>
  );
}

export default function AnalyticsPage() {
  const { t } = useTranslation(ANALYTICS_NS);
  const { user } = useSession();
  if (!user?.business_id) return <Result status="info" title={t("title")} subTitle={t("noBusiness")} />;
  return <AnalyticsScreen clientId={user.business_id} />;
}
