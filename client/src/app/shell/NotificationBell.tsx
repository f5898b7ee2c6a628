// The bell: the person's unread count (no badge at 0), and a panel with the latest notifications in
// their language. Opening one marks it read (a new sign-up also leads an admin to the clients list);
// "Mark all as read" clears the count. New notifications arrive live (notificationAdded).
import { BellOutlined } from "@ant-design/icons";
import { Badge, Button, Popover, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import {
  type NotificationItem,
  notificationLink,
  NotificationList,
  useNotifications,
} from "../../modules/notifications/index.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { formatNumber } from "../../lib/format.ts";

/** Where opening a notification leads, when somewhere else helps. */

export function NotificationBell() {
  const { t, i18n } = useTranslation("notifications");
  const locale = useLocale();
  const rtl = i18n.resolvedLanguage === "ar";
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const n = useNotifications({ open });

  const openOne = (item: NotificationItem) => {
    void n.markRead(item);
    const to = notificationLink(item.type, item.data);
    if (to) {
      setOpen(false);
      void navigate(to);
    }
  };

  const shown = n.unreadCount > 99 ? `${formatNumber(99, locale)}+` : formatNumber(n.unreadCount, locale);
  const label = n.unreadCount > 0 ? t("bellUnread", { count: n.unreadCount, number: shown }) : t("title");
  const button = (
    <Button
      type="text"
      shape="circle"
      icon={<BellOutlined />}
      aria-label={label}
      aria-haspopup="dialog"
      data-testid="notification-bell"
    />
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement={rtl ? "bottomLeft" : "bottomRight"}
      title={
        <div className="sufra-notifications-head">
          <Typography.Text strong>{t("title")}</Typography.Text>
          {n.unreadCount > 0 && (
            <Button type="link" size="small" onClick={() => void n.markAllRead()} loading={n.markingAll}>
              {t("markAll")}
            </Button>
          )}
        </div>
      }
      content={
        <div className="sufra-notifications-panel">
          <NotificationList items={n.items} loading={n.loading} failed={!!n.error} onRetry={n.retry} onOpen={openOne} />
        </div>
      }
    >
      {n.unreadCount > 0 ? (
        <Badge count={shown} size="small" data-testid="notification-count">
          {button}
        </Badge>
      ) : (
        button
      )}
    </Popover>
  );
}
