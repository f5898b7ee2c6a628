// The client's recent activity (clientDashboard.recentActivity, newest first): posts published with
// their figures, posts scheduled, competitor figures recorded, reviews received; each with an icon of
// its kind, its network, and how long ago. Empty, it points to writing a post.
import {
  AimOutlined,
  CalendarOutlined,
  CheckCircleOutlined,
  CommentOutlined,
  HeartOutlined,
  NotificationOutlined,
} from "@ant-design/icons";
import { clientActivityText } from "@sufra/schema";
import { Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ClientActivityType } from "../../../graphql/graphql.ts";
import { formatNumber, formatPercent, joinParts, partSeparator } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel, platformName } from "../../../shared/platformMeta.tsx";
import type { ClientActivityItem } from "../data.ts";
import { ActivityCard } from "./ActivityCard.tsx";
import { clientActivityTypeKey } from "../../../graphql/enumKeys.ts";

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
    m.rating != null
      ? t("clientActivity.rating", { n: formatNumber(m.rating, locale), of: formatNumber(5, locale) })
      : null,
  ].filter(Boolean);
  return parts.length ? (
    <Typography.Text type="secondary">
      {partSeparator(locale)}
      {joinParts(parts, locale)}
    </Typography.Text>
  ) : null;
}

export function ClientActivity({ items }: { items: readonly ClientActivityItem[] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const rows = items.map((a) => {
    const text = clientActivityText(clientActivityTypeKey[a.type], { subject: a.subject, excerpt: a.excerpt }, locale);
    const network = a.platform && platformName(a.platform) ? a.platform : null;
    const body = (
      <>
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
      </>
    );
    return { id: a.id, type: a.type, icon: ICONS[a.type], body, timestamp: a.timestamp };
  });
  return (
    <ActivityCard
      data-testid="client-activity"
      rows={rows}
      emptyHint={t("clientActivity.emptyHint")}
      firstStep={{ to: "/posts/new", label: t("recent.create") }}
    />
  );
}
