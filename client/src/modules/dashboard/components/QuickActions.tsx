// Quick actions: links to where the work happens. Each role gets only the screens it may open.
import { BarChartOutlined, CalendarOutlined, EditOutlined, SettingOutlined, ShopOutlined, TeamOutlined, UserOutlined } from "@ant-design/icons";
import { Card } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

export type QuickActionKey = "createPost" | "schedule" | "analytics" | "settings" | "businessDetails" | "profile" | "team";

const ACTIONS: Record<QuickActionKey, { path: string; icon: ReactNode }> = {
  createPost: { path: "/posts/new", icon: <EditOutlined /> },
  schedule: { path: "/schedule", icon: <CalendarOutlined /> },
  analytics: { path: "/analytics", icon: <BarChartOutlined /> },
  settings: { path: "/settings", icon: <SettingOutlined /> },
  businessDetails: { path: "/settings", icon: <ShopOutlined /> },
  profile: { path: "/profile", icon: <UserOutlined /> },
  team: { path: "/team", icon: <TeamOutlined /> },
};

export function QuickActions({ actions }: { actions: QuickActionKey[] }) {
  const { t } = useTranslation("dashboard");
  return (
    <Card title={t("actions.title")} className="sufra-card">
      <ul className="sufra-actions">
        {actions.map((key) => (
          <li key={key}>
            <Link to={ACTIONS[key].path} className="sufra-action">
              <span className="sufra-action-icon" aria-hidden="true">
                {ACTIONS[key].icon}
              </span>
              <span>{t(`actions.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
