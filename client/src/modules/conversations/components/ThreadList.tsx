// The threads, newest message first: the channel's icon and name, the guest, the start of the last message,
// its time, the unread count, who has it, and the handled and demo tags. Choosing one opens it.
import { Badge, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import type { TeamMember } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import type { Thread } from "../model.ts";
import { CHANNEL_ICONS, channelLabel, DemoTag, HandledTag, MessageTime } from "./bits.tsx";

export function ThreadList({
  threads,
  openId,
  members,
  onOpen,
  busy,
}: {
  threads: Thread[];
  openId: string | null;
  members: TeamMember[];
  onOpen: (id: string) => void;
  busy: boolean;
}) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const nameOf = (id: string) => members.find((m) => m.id === id)?.name ?? t("side.formerMember");
  return (
    <ul className="sufra-chat-list" aria-busy={busy} aria-label={t("list.label")} data-testid="conversation-list">
      {threads.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            className={`sufra-chat-item${c.id === openId ? " is-open" : ""}${c.unread ? " is-unread" : ""}`}
            aria-current={c.id === openId ? "true" : undefined}
            onClick={() => onOpen(c.id)}
            data-testid="conversation-row"
          >
            <span className="sufra-chat-item-top">
              <span className={`sufra-chat-item-channel is-${c.channel}`} data-testid="conversation-channel">
                {CHANNEL_ICONS[c.channel]} <bdi>{channelLabel(c.channel, locale)}</bdi>
              </span>
              <MessageTime at={c.lastMessageAt} />
            </span>
            <span className="sufra-chat-item-guest">
              <bdi>{c.guest}</bdi>
              {c.unread > 0 && (
                <Badge
                  count={formatNumber(c.unread, locale)}
                  className="sufra-chat-unread"
                  title={t("list.unread", { n: formatNumber(c.unread, locale) })}
                  data-testid="conversation-unread"
                />
              )}
            </span>
            <Typography.Text type="secondary" className="sufra-chat-item-preview" ellipsis>
              <span dir="auto">{c.lastPreview}</span>
            </Typography.Text>
            <span className="sufra-chat-item-tags">
              {c.assignedToId && (
                <span className="sufra-chat-item-assigned" data-testid="conversation-assigned">
                  {t("list.assigned", { name: nameOf(c.assignedToId) })}
                </span>
              )}
              <HandledTag status={c.status} />
              <DemoTag demo={c.demo} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
