// The bell's panel: the latest notifications, newest first, each with its line in the person's language
// and how long ago it came; an unread one is marked, and opening it marks it read.
import { Button, Empty, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatDateTime, formatRelative } from "../../../lib/format.ts";
import type { NotificationItem } from "../data.ts";
import { notificationText } from "../model.ts";
import "../i18n.ts";
import "../notifications.css";

interface Props {
  items: NotificationItem[];
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpen: (n: NotificationItem) => void;
}

export function NotificationList({ items, loading, failed, onRetry, onOpen }: Props) {
  const { t } = useTranslation("notifications");
  const locale = useLocale();
  if (loading) return <Skeleton active title={false} paragraph={{ rows: 3 }} className="sufra-notifications-state" />;
  if (failed)
    return (
      <div className="sufra-notifications-state" role="alert">
        <Typography.Paragraph>{t("loadFailed")}</Typography.Paragraph>
        <Button size="small" onClick={onRetry}>
          {t("actions.retry", { ns: "common" })}
        </Button>
      </div>
    );
  if (!items.length)
    return (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("empty")} className="sufra-notifications-state" />
    );
  return (
    <ul className="sufra-notifications" data-testid="notification-list">
      {items.map((n) => (
        <li key={n.id}>
          <button
            type="button"
            className={`sufra-notification${n.read ? "" : " is-unread"}`}
            onClick={() => onOpen(n)}
            data-testid="notification"
          >
            {!n.read && (
              <span className="sufra-notification-dot">
                <span className="sufra-visually-hidden">{t("unread")}</span>
              </span>
            )}
            <span className="sufra-notification-text">{notificationText(t, n, locale)}</span>
            <time
              className="sufra-notification-time"
              dateTime={n.createdAt}
              title={formatDateTime(n.createdAt, locale)}
            >
              {formatRelative(n.createdAt, locale)}
            </time>
          </button>
        </li>
      ))}
    </ul>
  );
}
