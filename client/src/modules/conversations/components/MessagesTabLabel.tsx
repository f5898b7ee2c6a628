// The inbox's "Messages" choice with the unread guest messages as a badge (kept up to date over the live
// connection), in the person's digits.
import { Badge } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useConversationsUnread } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import "../conversations.css";

export function MessagesTabLabel() {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const unread = useConversationsUnread();
  return (
    <span className="sufra-chat-tab">
      {t("tab.messages")}
      {unread > 0 && (
        <Badge
          count={formatNumber(unread, locale)}
          className="sufra-chat-tab-badge"
          title={t("tab.unread", { n: formatNumber(unread, locale) })}
          data-testid="messages-unread"
        />
      )}
    </span>
  );
}
