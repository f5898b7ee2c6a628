// The owner's recent activity (newest first): posts published and scheduled, people who joined,
// networks connected. Empty, it points to inviting the team.
import { CalendarOutlined, CheckCircleOutlined, LinkOutlined, TeamOutlined } from "@ant-design/icons";
import { ownerActivityText } from "@sufra/schema";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { OwnerActivityType } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import type { OwnerActivityItem } from "../data.ts";
import { ActivityCard } from "./ActivityCard.tsx";
import { ownerActivityTypeKey } from "../../../graphql/enumKeys.ts";

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
    <ActivityCard
      data-testid="recent-activity"
      rows={items.map((a) => ({
        id: a.id,
        type: a.type,
        icon: ICONS[a.type],
        body: ownerActivityText(ownerActivityTypeKey[a.type], a.subject, locale, a.platform),
        timestamp: a.timestamp,
      }))}
      emptyHint={t("activity.emptyHint")}
      firstStep={{ to: "/team", label: t("activity.inviteTeam") }}
    />
  );
}
