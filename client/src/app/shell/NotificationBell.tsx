// The bell. Sufra sends no notifications yet, so there is no count (SPEC §2's fixed "3" was sample
// data): the panel says plainly that there is nothing new.
import { BellOutlined } from "@ant-design/icons";
import { Button, Empty, Popover } from "antd";
import { useTranslation } from "react-i18next";

export function NotificationBell() {
  const { t, i18n } = useTranslation("shell");
  const rtl = i18n.resolvedLanguage === "ar";
  return (
    <Popover trigger="click" placement={rtl ? "bottomLeft" : "bottomRight"} title={t("notifications")} content={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("noNotifications")} />}>
      <Button type="text" shape="circle" icon={<BellOutlined />} aria-label={t("notifications")} aria-haspopup="dialog" data-testid="notification-bell" />
    </Popover>
  );
}
