// The client dashboard's reviews card: how many guests' reviews wait for a reply, linking to /reviews;
// with none yet, it says what the reviews screen does.
import { useQuery } from "@apollo/client/react";
import { Button, Card, Skeleton, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { DashboardReviewStatsDocument } from "../../../graphql/graphql.ts";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS } from "../../inbox/index.ts";

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
        <Link to="/reviews">{t("dashboard.add")}</Link>
      </>
    );
  else if (stats)
    body = (
      <>
        <Statistic value={stats.unanswered} formatter={() => formatNumber(stats.unanswered, locale)} suffix={t("dashboard.waiting", { count: stats.unanswered })} />
        {stats.unanswered === 0 && <Typography.Paragraph type="secondary">{t("dashboard.allAnswered")}</Typography.Paragraph>}
        <Link to="/reviews">{t("dashboard.open")}</Link>
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
