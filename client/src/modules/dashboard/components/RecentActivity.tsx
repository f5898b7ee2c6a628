// The owner's recent activity (newest first): posts published and scheduled, people who joined, with how
// long ago. Empty, it says what will appear here and how to start.
import { CalendarOutlined, CheckCircleOutlined, LinkOutlined, TeamOutlined } from "@ant-design/icons";
import { ownerActivityText } from "@sufra/schema";
import { Card, Empty, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { OwnerActivityType } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatDateTime, formatRelative } from "../../../lib/format.ts";
import type { OwnerActivityItem } from "../hooks/useOwnerStats.ts";

const ICONS: Record<OwnerActivityType, ReactNode> = {
  POST_PUBLISHED: <CheckCircleOutlined />,
  POST_SCHEDULED: <CalendarOutlined />,
  TEAM_JOINED: <TeamOutlined />,
  PLATFORM_CONNECTED: <LinkOutlined />,
};

export function RecentActivity({ items }: { items: OwnerActivityItem[] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  return (
    <Card title={t("activity.title")} className="sufra-card" data-testid="recent-activity">
      {items.length ? (
        <ul className="sufra-activity">
          {items.map((a) => (
            <li key={a.id} className="sufra-activity-item">
              <span className="sufra-activity-icon" aria-hidden="true">
                {ICONS[a.type]}
              </span>
              <span className="sufra-activity-text">{ownerActivityText(a.type.toLowerCase(), a.subject, locale)}</span>
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
              <Typography.Text type="secondary">{t("activity.emptyHint")}</Typography.Text>
            </>
          }
        >
          <Link to="/team">{t("activity.inviteTeam")}</Link>
        </Empty>
      )}
    </Card>
  );
}
