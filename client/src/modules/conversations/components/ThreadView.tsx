// One conversation opened: the guest and the channel on top, the messages as a chat (the newest at the
// bottom, in view), what the channel lets the café send now, the composer, the order slot (what the orders
// module offers, given the thread and what a suggestion read of the guest's order) and the side panel
// (assignment, handled, what started it, notes, the guest's data). Opening it marks it read.
import { CloseOutlined } from "@ant-design/icons";
import { Alert, Button, Skeleton, Typography } from "antd";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useConversation, useConversationsTeam, useReplyRight, useThreadSteps, type Suggestion } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { windowSign, type OrderStart, type ThreadFull } from "../model.ts";
import { ChannelTag, DemoTag, HandledTag } from "./bits.tsx";
import { Composer } from "./Composer.tsx";
import { MessageBubble } from "./MessageBubble.tsx";
import { SidePanel } from "./SidePanel.tsx";
import { useNow, WindowSign } from "./WindowSign.tsx";

/**
 * The order slot: what the thread offers to start an order (the orders module's button and drawer), given the
 * conversation and, once "Suggest answer" has read the guest's order, its items, total and area (else null).
 */
export type OrderAction = (conversation: ThreadFull, start: OrderStart | null) => ReactNode;

/** Marks the thread read once it is shown with unread messages (again when new ones arrive while it is open). */
function useMarkRead(thread: ThreadFull | undefined) {
  const steps = useThreadSteps();
  const marked = useRef<string | null>(null);
  const id = thread?.id;
  const unread = thread?.unread ?? 0;
  useEffect(() => {
    if (!id || unread === 0) return;
    const mark = `${id}:${unread}`;
    if (marked.current === mark) return;
    marked.current = mark;
    // a refusal leaves it unread; the next message (a new count) asks again
    steps.markRead(id).catch(() => {});
  }, [id, unread, steps]);
}

export function ThreadView({
  id,
  orderAction,
  onClose,
  onDeleted,
  onOpenSettings,
}: {
  id: string;
  orderAction?: OrderAction;
  onClose: () => void;
  onDeleted: () => void;
  onOpenSettings: () => void;
}) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const { thread, error, reload } = useConversation(id);
  const team = useConversationsTeam();
  const mayReply = useReplyRight();
  const now = useNow();
  const [start, setStart] = useState<{ id: string; s: Suggestion } | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useMarkRead(thread);
  const count = thread?.messages.length ?? 0;
  // the newest message in view, inside the messages' own scroll (the page stays where it is)
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [count, id]);

  if (!thread)
    return error ? (
      <Alert
        type="error"
        showIcon
        title={t("thread.loadFailed")}
        description={errorMessage(error)}
        action={
          <Button size="small" onClick={reload}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
        data-testid="thread-error"
      />
    ) : (
      <Skeleton active paragraph={{ rows: 6 }} />
    );

  const sign = windowSign(thread.window, thread.channel, now);
  const order: OrderStart | null =
    start?.id === thread.id ? { items: start.s.items, totalFils: start.s.totalFils, area: start.s.area } : null;

  return (
    <div className="sufra-chat-thread" data-testid="conversation-thread">
      <div className="sufra-chat-main">
        <header className="sufra-chat-head">
          <div>
            <Typography.Title level={2} className="sufra-chat-guest">
              <bdi>{thread.guest}</bdi>
            </Typography.Title>
            <span className="sufra-chat-tags">
              <ChannelTag channel={thread.channel} />
              <HandledTag status={thread.status} />
              <DemoTag demo={thread.demo} />
            </span>
          </div>
          <Button
            type="text"
            icon={<CloseOutlined />}
            onClick={onClose}
            aria-label={t("thread.close")}
            data-testid="thread-close"
          />
        </header>
        <ol ref={list} className="sufra-chat-messages" aria-label={t("thread.messages")} data-testid="thread-messages">
          {thread.messages.map((m) => (
            <MessageBubble key={m.id} message={m} now={now} />
          ))}
        </ol>
        <WindowSign sign={sign} />
        <Composer
          key={thread.id}
          thread={thread}
          sign={sign}
          mayReply={mayReply}
          onSuggestion={(s) => setStart({ id: thread.id, s })}
          onOpenSettings={onOpenSettings}
        />
        {orderAction && (
          <div className="sufra-chat-order-slot" data-testid="order-slot">
            {orderAction(thread, order)}
          </div>
        )}
      </div>
      <SidePanel thread={thread} members={team.members} canManage={team.canManage} onDeleted={onDeleted} />
    </div>
  );
}
