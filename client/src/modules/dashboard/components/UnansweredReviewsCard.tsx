// The client dashboard's inbox cards: how many guests' reviews wait for a reply, linking to /inbox (with
// none yet, it says what the inbox does); and the unhappy guests not answered yet (two stars or fewer, or
// read as negative), linking to the inbox filtered to them.
import { useQuery } from "@apollo/client/react";
import { Button, Card, Skeleton, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { DashboardReviewStatsDocument } from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS, NEGATIVE_UNANSWERED } from "../../inbox/index.ts";

export function UnansweredReviewsCard() {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const { data, error, refetch } = useQuery(DashboardReviewStatsDocument, { fetchPolicy: "cache-and-network" });
  const stats = data?.reviewStats;

  let body;
  if (stats && stats.total === 0)
    body = (
      <>
        <Typography.Paragraph type="secondary">{t("dashboard.empty")}</Typography.Paragraph>
        <Link to="/inbox">{t("dashboard.add")}</Link>
      </>
    );
  else if (stats)
    body = (
      <>
        <Statistic
          value={stats.unanswered}
          formatter={() => formatNumber(stats.unanswered, locale)}
          suffix={t("dashboard.waiting", { count: stats.unanswered })}
        />
        {stats.unanswered === 0 && (
          <Typography.Paragraph type="secondary">{t("dashboard.allAnswered")}</Typography.Paragraph>
        )}
        <Link to="/inbox">{t("dashboard.open")}</Link>
      </>
    );
  else if (error)
    body = (
      <Typography.Paragraph type="secondary">
        {t("dashboard.loadFailed")}{" "}
        <Button size="small" type="link" onClick={() => void refetch().catch(() => {})}>
          {t("actions.retry", { ns: "common" })}
        </Button>
      </Typography.Paragraph>
    );
  else body = <Skeleton active paragraph={{ rows: 1 }} />;

  return (
    <Card title={t("dashboard.title")} className="sufra-card" data-testid="unanswered-reviews">
      {body}
    </Card>
  );
}

export function NegativeItemsCard() {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const { data } = useQuery(DashboardReviewStatsDocument, { fetchPolicy: "cache-and-network" });
  const waiting = data?.inboxSummary.negativeNew;
  // nothing to say before the inbox has anything; the unanswered card teaches then
  if (waiting === undefined || !data?.reviewStats.total) return null;
  return (
    <Card title={t("dashboard.negativeTitle")} className="sufra-card sufra-negative-card" data-testid="negative-items">
      {waiting > 0 ? (
        <>
          <div className="sufra-reviews-card-count">
            <strong>{formatNumber(waiting, locale)}</strong> <span>{t("dashboard.negative", { count: waiting })}</span>
          </div>
          <Link to={NEGATIVE_UNANSWERED}>{t("dashboard.openNegative")}</Link>
        </>
      ) : (
        <Typography.Paragraph type="secondary">{t("dashboard.noNegative")}</Typography.Paragraph>
      )}
    </Card>
  );
}
