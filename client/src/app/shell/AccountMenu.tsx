// The avatar menu: Profile, Settings, Logout. Logout tells the server, forgets the session and the
// Apollo cache, then goes to /login.
import { LogoutOutlined, SettingOutlined, UserOutlined } from "@ant-design/icons";
import { useApolloClient } from "@apollo/client/react";
import { Avatar, Button, Dropdown, type MenuProps } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { logout } from "../../lib/api.ts";
import { useSession } from "../../lib/session.ts";
import { PALETTE } from "../theme.ts";
import { endApolloSession } from "./apolloSession.ts";

/** Up to two initials: "Noura Al-Sabah" -> "NA", "نورة الصباح" -> "نا". */
const initials = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join("") || "?";

export function AccountMenu() {
  const { t, i18n } = useTranslation("shell");
  const rtl = i18n.resolvedLanguage === "ar";
  const { user } = useSession();
  const client = useApolloClient();
  const navigate = useNavigate();
  if (!user) return null;

  const items: MenuProps["items"] = [
    { key: "profile", icon: <UserOutlined />, label: t("profile") },
    { key: "settings", icon: <SettingOutlined />, label: t("settings") },
    { type: "divider" },
    { key: "logout", icon: <LogoutOutlined className="sufra-dir-icon" />, label: t("logout"), danger: true },
  ];
  const onClick: MenuProps["onClick"] = async ({ key }) => {
    if (key === "profile") navigate("/profile");
    else if (key === "settings") navigate("/settings");
    else if (key === "logout") {
      await logout();
      await endApolloSession(client);
      navigate("/login", { replace: true });
    }
  };

  return (
    <Dropdown trigger={["click"]} placement={rtl ? "bottomLeft" : "bottomRight"} menu={{ items, onClick }}>
      <Button
        type="text"
        className="sufra-account-button"
        aria-haspopup="menu"
        title={t("account", { name: user.name })}
        data-testid="account-menu"
      >
        <span aria-hidden="true">
          <Avatar size="small" style={{ background: PALETTE.cardamom }}>
            {initials(user.name)}
          </Avatar>
        </span>
        <span className="sufra-account-name">{user.name}</span>
      </Button>
    </Dropdown>
  );
}
