// The client's recent activity (clientDashboard.recentActivity, newest first): posts published with
// their figures, posts scheduled, competitor figures recorded, reviews received; each with an icon of
// its kind, its network, and how long ago. Empty, it says what will appear here and how to start.
import { AimOutlined, CalendarOutlined, CheckCircleOutlined, CommentOutlined, HeartOutlined, NotificationOutlined } from "@ant-design/icons";
import { clientActivityText } from "@sufra/schema";
import { Card, Empty, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import type { ClientActivityType } from "../../../graphql/graphql.ts";
import { formatDateTime, formatNumber, formatPercent, formatRelative } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel, platformName } from "../../platforms/platformMeta.tsx";
import type { ClientActivityItem } from "../hooks/useClientDashboard.ts";

const ICONS: Record<ClientActivityType, ReactNode> = {
  POST_PUBLISHED: <CheckCircleOutlined />,
  ENGAGEMENT: <HeartOutlined />,
  SCHEDULE: <CalendarOutlined />,
  COMPETITOR: <AimOutlined />,
  COMMENT: <CommentOutlined />,
  MENTION: <NotificationOutlined />,
};

function Figures({ a }: { a: ClientActivityItem }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const m = a.metadata;
  if (!m) return null;
  const parts = [
    m.likes != null ? t("clientActivity.likes", { n: formatNumber(m.likes, locale) }) : null,
    m.engagementRate != null ? t("clientActivity.rate", { rate: formatPercent(m.engagementRate, locale) }) : null,
    m.rating != null ? t("clientActivity.rating", { n: formatNumber(m.rating, locale), of: formatNumber(5, locale) }) : null,
  ].filter(Boolean);
  return parts.length ? <Typography.Text type="secondary"> · {parts.join(" · ")}</Typography.Text> : null;
}

export function ClientActivity({ items }: { items: readonly ClientActivityItem[] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  return (
    <Card title={t("activity.title")} className="sufra-card" data-testid="client-activity">
      {items.length ? (
        <ul className="sufra-activity">
          {items.map((a) => {
            const text = clientActivityText(a.type.toLowerCase(), { subject: a.subject, excerpt: a.excerpt }, locale);
            const network = a.platform && platformName(a.platform) ? a.platform : null;
            return (
              <li key={a.id} className="sufra-activity-item" data-type={a.type}>
                <span className="sufra-activity-icon" aria-hidden="true">
                  {ICONS[a.type]}
                </span>
                <span className="sufra-activity-text">
                  <Typography.Text strong>{text.title}</Typography.Text>
                  {network && (
                    <>
                      {" "}
                      <PlatformIcon platform={network} label={platformLabel(network, locale)} />
                    </>
                  )}
                  <br />
                  <Typography.Text dir="auto">{text.description}</Typography.Text>
                  <Figures a={a} />
                </span>
                <time className="sufra-activity-time" dateTime={a.timestamp} title={formatDateTime(a.timestamp, locale)}>
                  {formatRelative(a.timestamp, locale)}
                </time>
              </li>
            );
          })}
        </ul>
      ) : (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={
            <>
              <Typography.Text>{t("activity.empty")}</Typography.Text>
              <br />
              <Typography.Text type="secondary">{t("clientActivity.emptyHint")}</Typography.Text>
            </>
          }
        >
          <Link to="/posts/new">{t("recent.create")}</Link>
        </Empty>
      )}
    </Card>
  );
}
