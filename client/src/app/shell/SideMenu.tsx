// The side menu: the brand, then the role's entries (docs/product.md#app-shell), in the current language,
// the entry of the current page selected; a person acting through an agency without the café's grant does
// not see its billing, team, API keys or webhooks. Used in the large screens' Sider and the small screens' Drawer.
import {
  AimOutlined,
  ApiOutlined,
  CalendarOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  FileTextOutlined,
  InboxOutlined,
  KeyOutlined,
  LineChartOutlined,
  NotificationOutlined,
  ShoppingOutlined,
  SettingOutlined,
  TeamOutlined,
  UsergroupAddOutlined,
} from "@ant-design/icons";
import { homeFor, type MENU, type Role } from "@sufra/schema";
import { Menu } from "antd";
import { useMemo, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router-dom";
import { agencyMayOpen, useAgencyAccess } from "../../modules/agencies/index.ts";
import { selectedKeyFor, shellMenuFor } from "./menu.ts";

// keyed by every menu key, so a new entry without an icon fails the typecheck
const ICONS: Record<(typeof MENU)[number]["key"], ReactNode> = {
  dashboard: <DashboardOutlined aria-hidden="true" />,
  posts: <FileTextOutlined aria-hidden="true" />,
  inbox: <InboxOutlined aria-hidden="true" />,
  orders: <ShoppingOutlined aria-hidden="true" />,
  analytics: <LineChartOutlined aria-hidden="true" />,
  competitors: <AimOutlined aria-hidden="true" />,
  campaigns: <NotificationOutlined aria-hidden="true" />,
  schedule: <CalendarOutlined aria-hidden="true" />,
  clients: <TeamOutlined aria-hidden="true" />,
  team: <UsergroupAddOutlined aria-hidden="true" />,
  apiKeys: <KeyOutlined aria-hidden="true" />,
  webhooks: <ApiOutlined aria-hidden="true" />,
  billing: <CreditCardOutlined aria-hidden="true" />,
  settings: <SettingOutlined aria-hidden="true" />,
};

export function Brand({ role, compact, onNavigate }: { role: Role; compact?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation("shell");
  const name = t("brand", { ns: "common" });
  return (
    <Link to={homeFor(role)} className="sufra-brand" title={t("home")} onClick={onNavigate}>
      <span className="sufra-brand-mark" aria-hidden="true">
        {name.charAt(0)}
      </span>
      <span className={compact ? "sufra-visually-hidden" : "sufra-brand-name"}>{name}</span>
    </Link>
  );
}

export function SideMenu({ role, onNavigate }: { role: Role; onNavigate?: () => void }) {
  const { t, i18n } = useTranslation("shell");
  const lang = i18n.resolvedLanguage === "ar" ? "ar" : "en";
  const { pathname } = useLocation();
  // a person acting through an agency sees only the pages the café opened to it (me.agencyAccess's grants)
  const access = useAgencyAccess();
  const entries = useMemo(() => shellMenuFor(role).filter((e) => agencyMayOpen(access, e.path)), [role, access]);
  const selected = selectedKeyFor(entries, pathname);
  const items = entries.map((e) => ({
    key: e.key,
    icon: ICONS[e.key],
    label: (
      <Link to={e.path} onClick={onNavigate} aria-current={e.key === selected ? "page" : undefined}>
        {e.label[lang]}
      </Link>
    ),
  }));
  return (
    <nav aria-label={t("nav")} className="sufra-nav">
      <Menu mode="inline" selectedKeys={selected ? [selected] : []} items={items} />
    </nav>
  );
}
