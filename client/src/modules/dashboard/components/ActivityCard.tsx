// The card both dashboards list recent activity in (newest first): an icon of each row's kind, what
// happened, and how long ago (the full date and time on hover). Empty, it says what will appear here
// and links to the first step. It lists ACTIVITY_SHOWN rows; "See all" opens the rest in place.
import { ACTIVITY_SHOWN } from "@sufra/schema";
import { Button, Card, Empty, Typography } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { formatDateTime, formatNumber, formatRelative } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";

export interface ActivityRow {
  id: string;
  type: string;
  icon: ReactNode;
  body: ReactNode;
  timestamp: string;
}

export function ActivityCard({
  rows,
  emptyHint,
  firstStep,
  "data-testid": testId,
}: {
  rows: readonly ActivityRow[];
  emptyHint: string;
  firstStep: { to: string; label: string };
  "data-testid": string;
}) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const [all, setAll] = useState(false);
  const more = rows.length > ACTIVITY_SHOWN;
  const listed = all ? rows : rows.slice(0, ACTIVITY_SHOWN);
  const listId = `${testId}-list`;
  const toggle = more ? (
    <Button
      type="link"
      size="small"
      aria-expanded={all}
      aria-controls={listId}
      onClick={() => setAll((v) => !v)}
      data-testid={`${testId}-see-all`}
    >
      {all ? t("activity.showFewer") : t("activity.seeAll", { n: formatNumber(rows.length, locale) })}
    </Button>
  ) : null;
  return (
    <Card title={t("activity.title")} extra={toggle} className="sufra-card" data-testid={testId}>
      {rows.length ? (
        <ul className="sufra-activity" id={listId}>
          {listed.map((a) => (
            <li key={a.id} className="sufra-activity-item" data-type={a.type}>
              <span className="sufra-activity-icon" aria-hidden="true">
                {a.icon}
              </span>
              <span className="sufra-activity-text">{a.body}</span>
              <time className="sufra-activity-time" dateTime={a.timestamp} title={formatDateTime(a.timestamp, locale)}>
                {formatRelative(a.timestamp, locale)}
              </time>
            </li>
          ))}
        </ul>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text>{t("activity.empty")}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{emptyHint}</Typography.Text>
            </>
          }
        >
          <Link to={firstStep.to}>{firstStep.label}</Link>
        </Empty>
      )}
    </Card>
  );
}
