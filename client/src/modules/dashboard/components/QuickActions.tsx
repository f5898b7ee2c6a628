// Quick actions: links to where the work happens. Each role gets only the screens it may open (a
// link the role's guard would refuse is left out, whatever the caller asked for).
import {
  BarChartOutlined,
  CalendarOutlined,
  EditOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { mayOpen } from "@sufra/schema";
import { Card } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { useSession } from "../../../lib/session.ts";

export type QuickActionKey =
  "createPost" | "schedule" | "analytics" | "settings" | "businessDetails" | "profile" | "team";

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
  const { user } = useSession();
  const shown = actions.filter((key) => !user || mayOpen(user.role, ACTIONS[key].path));
  return (
    <Card title={t("actions.title")} className="sufra-card">
      <ul className="sufra-actions">
        {shown.map((key) => (
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
