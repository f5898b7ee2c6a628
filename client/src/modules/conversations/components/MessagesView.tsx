// The inbox's Messages view: guests' private messages on Instagram, the Facebook Page and WhatsApp. The last
// 30 days' figures, the filters (kept in the address bar), the threads, and the open thread (its id in the
// address too, ?conversation=<id>, so a notification opens it): beside the list from 768 px, a full-width
// drawer below. The settings for messages open in a drawer (?settings=1).
import { SettingOutlined } from "@ant-design/icons";
import { Button, Drawer, Empty, Grid, Skeleton } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { EmptyStart } from "../../../shared/EmptyStart.tsx";
import { useConversationsList, useConversationsTeam } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { filterCount, filtersFrom, withFilters, type ConversationFilters } from "../model.ts";
import { Figures } from "./Figures.tsx";
import { ListFilters } from "./ListFilters.tsx";
import { SettingsDrawer } from "./SettingsDrawer.tsx";
import { ThreadList } from "./ThreadList.tsx";
import { ThreadView, type OrderAction } from "./ThreadView.tsx";
import { LoadError } from "../../../shared/LoadError.tsx";
import { useCursorPages } from "../../../shared/useCursorPages.ts";
import "../conversations.css";

export function MessagesView({ orderAction }: { orderAction?: OrderAction }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const small = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const key = withFilters(new URLSearchParams(), filters).toString();
  const pages = useCursorPages(key);
  const { cursors } = pages;
  const list = useConversationsList(filters, pages.after);
  const team = useConversationsTeam();
  const openId = params.get("conversation");
  const settingsOpen = params.get("settings") === "1";

  const change = (edit: (p: URLSearchParams) => void, replace = false) => {
    const next = new URLSearchParams(params);
    edit(next);
    setParams(next, { replace });
  };
  const setFilters = (f: ConversationFilters) => setParams(withFilters(params, f), { replace: true });
  const open = (id: string | null) => change((p) => (id ? p.set("conversation", id) : p.delete("conversation")));
  const settings = (on: boolean) => change((p) => (on ? p.set("settings", "1") : p.delete("settings")));

  const threads = list.page?.threads ?? [];
  const none = list.page?.totalCount === 0 && !filterCount(filters) && !cursors.length;

  let body;
  if (!list.page && list.error)
    body = <LoadError title={t("list.loadFailed")} error={list.error} onRetry={list.reload} />;
  else if (!list.page) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (none)
    body = (
      <EmptyStart
        className="sufra-chat-empty"
        testId="conversations-empty"
        title={t("empty.title")}
        text={t("empty.text")}
      >
        <Button onClick={() => settings(true)}>{t("settings.open")}</Button>
      </EmptyStart>
    );
  else if (!threads.length)
    body = <Empty description={t("empty.filtered")} data-testid="conversations-filtered-empty" />;
  else body = <ThreadList threads={threads} openId={openId} members={team.members} onOpen={open} busy={list.loading} />;

  const hasNext = !!list.page?.hasNext;
  const endCursor = list.page?.endCursor;
  const pager = (cursors.length > 0 || hasNext) && (
    <nav className="sufra-pager" aria-label={t("list.label")}>
      <Button disabled={!cursors.length} onClick={pages.previous}>
        {t("list.previous")}
      </Button>
      <Button disabled={!hasNext || !endCursor} onClick={() => endCursor && pages.next(endCursor)}>
        {t("list.next")}
      </Button>
    </nav>
  );

  const thread = openId && (
    <ThreadView
      key={openId}
      id={openId}
      orderAction={orderAction}
      onClose={() => open(null)}
      onDeleted={() => open(null)}
      onOpenSettings={() => settings(true)}
    />
  );

  return (
    <div className="sufra-chat" data-testid="messages-view">
      <div className="sufra-chat-toolbar">
        <Figures />
        <Button icon={<SettingOutlined />} onClick={() => settings(true)} data-testid="messages-settings-open">
          {t("settings.open")}
        </Button>
      </div>
      <ListFilters filters={filters} onChange={setFilters} />
      {small ? (
        <>
          {body}
          {pager}
          <Drawer
            open={!!openId}
            onClose={() => open(null)}
            size="100%"
            closable={false}
            destroyOnHidden
            className="sufra-chat-drawer"
            data-testid="conversation-drawer"
          >
            {thread}
          </Drawer>
        </>
      ) : (
        <div className={`sufra-chat-layout${openId ? " has-thread" : ""}`}>
          <div className="sufra-chat-list-column">
            {body}
            {pager}
          </div>
          <div className="sufra-chat-thread-column">
            {thread || (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t("thread.choose")}
                className="sufra-chat-choose"
              />
            )}
          </div>
        </div>
      )}
      <SettingsDrawer open={settingsOpen} onClose={() => settings(false)} />
    </div>
  );
}
