// The top bar (64 px, docs/product.md#app-shell): the menu button (collapse on large screens, the drawer on small
// ones), the business switcher (for a person of several businesses), the language switch, the bell and the avatar menu.
import { MenuFoldOutlined, MenuOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Button, Layout } from "antd";
import { useTranslation } from "react-i18next";
import { BusinessSwitcher } from "../../modules/account/index.ts";
import { LanguageSwitch } from "../../shared/LanguageSwitch.tsx";
import { AccountMenu } from "./AccountMenu.tsx";
import { NotificationBell } from "./NotificationBell.tsx";

interface Props {
  large: boolean;
  collapsed: boolean;
  onToggleCollapsed: () => void;
  drawerOpen: boolean;
  onOpenDrawer: () => void;
}

export function TopBar({ large, collapsed, onToggleCollapsed, drawerOpen, onOpenDrawer }: Props) {
  const { t } = useTranslation("shell");
  return (
    <Layout.Header className="sufra-topbar">
      {large ? (
        <Button
          type="text"
          icon={
            collapsed ? (
              <MenuUnfoldOutlined className="sufra-dir-icon" />
            ) : (
              <MenuFoldOutlined className="sufra-dir-icon" />
            )
          }
          aria-label={collapsed ? t("expand") : t("collapse")}
          aria-expanded={!collapsed}
          aria-controls="sufra-sider"
          onClick={onToggleCollapsed}
          data-testid="menu-toggle"
        />
      ) : (
        <Button
          type="text"
          icon={<MenuOutlined />}
          aria-label={t("openMenu")}
          aria-expanded={drawerOpen}
          aria-haspopup="dialog"
          onClick={onOpenDrawer}
          data-testid="menu-toggle"
        />
      )}
      <div className="sufra-topbar-spacer" />
      <BusinessSwitcher />
      <LanguageSwitch />
      <NotificationBell />
      <AccountMenu />
    </Layout.Header>
  );
}
