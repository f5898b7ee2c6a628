// /inbox: two views, chosen at the top and kept in the address bar (?view=messages): "Reviews & comments" and
// "Messages" (guests' private messages, the conversations module's view, with the unread count as a badge, and
// the orders module's "Build order" in each thread).
// Reviews & comments: everything guests wrote in public in one list: Google reviews, Instagram comments,
// reviews typed in or imported, each with its source's icon and branch, newest first, under filters kept in
// the address bar.
// A table on wide screens, cards below 768 px; an item opens in a drawer (its id in the address too, so a
// notification can open it) with its thread and Sufra's draft reply. Several items can be selected to
// suggest, approve or send their replies at once, each one's result said. Owners and the account holder
// also see whether the team may answer in public (docs/product.md#routes).
import { EmptyStart } from "../../shared/EmptyStart.tsx";
import { PageHead } from "../../shared/PageHead.tsx";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Grid,
  Segmented,
  Skeleton,
  Space,
  Switch,
  Table,
  Typography,
} from "antd";
import { useMemo, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { AddReviewModal } from "./components/AddReviewModal.tsx";
import {
  BranchTag,
  DemoTag,
  excerpt,
  IntentTag,
  ReviewDate,
  ReviewStatusTag,
  SentimentTag,
  SourceTag,
  Stars,
} from "./components/bits.tsx";
import { FiltersBar } from "./components/FiltersBar.tsx";
import { ImportCsvModal } from "./components/ImportCsvModal.tsx";
import { ThreadDrawer } from "./components/ThreadDrawer.tsx";
import { measureRowSafeTitle } from "../../shared/MeasureRowSafe.tsx";
import { MessagesTabLabel, MessagesView } from "../conversations/index.ts";
import { OrderButton } from "../orders/index.ts";
import { ReviewRequestsButton } from "../review-requests/index.ts";
import {
  failureText,
  useInboxActions,
  useInboxItem,
  useInboxList,
  useInboxSettings,
  useInboxSummary,
  useInboxSyncNow,
  type BulkAction,
  type BulkResult,
} from "./data.ts";
import { INBOX_NS } from "./i18n.ts";
import { filtersFrom, filterCount, replyLanguages, withFilters, type InboxFilters, type InboxItem } from "./model.ts";
import "./inbox.css";

/** Who may answer in public: shown to the owners and the account holder, who change it. */
function InboxSettingsCard() {
  const { t } = useTranslation(INBOX_NS);
  const { message } = App.useApp();
  const locale = useLocale();
  const { rights, save, saving } = useInboxSettings();
  if (!rights?.mayChangeSettings) return null;
  const change = async (on: boolean) => {
    try {
      await save(on);
      void message.success(on ? t("settings.allowed") : t("settings.ownersOnly"));
    } catch (e) {
      void message.error(failureText(e, locale));
    }
  };
  return (
    <Card size="small" className="sufra-inbox-settings" data-testid="inbox-settings">
      <label className="sufra-inbox-settings-row">
        <Switch
          checked={rights.clientsMayReply}
          loading={saving}
          onChange={(on) => void change(on)}
          data-testid="clients-may-reply"
        />
        <span>
          <strong>{t("settings.label")}</strong>
          <br />
          <Typography.Text type="secondary">{t("settings.help")}</Typography.Text>
        </span>
      </label>
    </Card>
  );
}

/** Reads Google and Instagram now rather than at the next minute; says what came in. */
function SyncNowButton() {
  const { t } = useTranslation(INBOX_NS);
  const { message } = App.useApp();
  const locale = useLocale();
  const { sync, syncing } = useInboxSyncNow();
  const run = async () => {
    try {
      const r = await sync();
      void message.success(
        t("syncNow.done", { added: formatNumber(r.added, locale), updated: formatNumber(r.updated, locale) }),
      );
    } catch (e) {
      void message.error(failureText(e, locale));
    }
  };
  return (
    <Button loading={syncing} onClick={() => void run()} data-testid="sync-now">
      {t("syncNow.button")}
    </Button>
  );
}

type InboxView = "reviews" | "messages";

/** Reviews & comments, or Messages: a change starts the other view afresh (their filters differ). */
function ViewSwitch({ view, onChange }: { view: InboxView; onChange: (v: InboxView) => void }) {
  const { t } = useTranslation(INBOX_NS);
  return (
    <Segmented<InboxView>
      value={view}
      onChange={onChange}
      aria-label={t("views.label")}
      className="sufra-inbox-views"
      data-testid="inbox-views"
      options={[
        { value: "reviews", label: t("views.reviews") },
        { value: "messages", label: <MessagesTabLabel /> },
      ]}
    />
  );
}

export default function InboxPage() {
  const { t } = useTranslation(INBOX_NS);
  const [params, setParams] = useSearchParams();
  const view: InboxView = params.get("view") === "messages" ? "messages" : "reviews";
  const switcher = (
    <ViewSwitch
      view={view}
      onChange={(v) => setParams(v === "messages" ? new URLSearchParams({ view: "messages" }) : new URLSearchParams())}
    />
  );
  if (view === "reviews") return <ReviewsView switcher={switcher} />;
  return (
    <div className="sufra-reviews">
      <PageHead className="sufra-reviews-head" title={t("title")} />
      {switcher}
      <MessagesView orderAction={(c, start) => <OrderButton conversation={c} start={start} />} />
    </div>
  );
}

function ReviewsView({ switcher }: { switcher: ReactNode }) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const key = withFilters(new URLSearchParams(), filters).toString();
  // the cursors of the pages before this one; other filters start again from the first page
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key, cursors: [] });
  const cursors = pages.key === key ? pages.cursors : [];
  const [selected, setSelected] = useState<string[]>([]);
  const [bulk, setBulk] = useState<{ action: BulkAction; results: BulkResult[] } | null>(null);
  const [bulkRunning, setBulkRunning] = useState<BulkAction | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const act = useInboxActions();
  const { message } = App.useApp();

  const list = useInboxList(filters, cursors[cursors.length - 1]);
  const { summary, refetch: refetchSummary } = useInboxSummary();
  const openId = params.get("item");
  const fromList = list.page?.items.find((i) => i.id === openId);
  const linked = useInboxItem(openId && !fromList ? openId : null);
  // the item as the last step on it answered, while it stays open (the list catches up on its refetch)
  const [latest, setLatest] = useState<InboxItem | null>(null);
  const open: InboxItem | null = (openId && (latest?.id === openId ? latest : (fromList ?? linked.item))) || null;

  const reload = () => {
    void list.refetch().catch(() => {});
    void refetchSummary().catch(() => {});
  };
  const setFilters = (f: InboxFilters) => {
    setSelected([]);
    setParams(withFilters(params, f), { replace: true });
  };
  const openItem = (id: string | null) => {
    setLatest(null);
    const next = new URLSearchParams(params);
    if (id) next.set("item", id);
    else next.delete("item");
    setParams(next);
  };

  const rows = list.page?.items ?? [];
  const hasNext = !!list.page?.hasNext;
  const endCursor = list.page?.endCursor;
  const none = summary?.total === 0 && !filterCount(filters);
  const branches = summary?.branches ?? [];

  const runBulk = async (action: BulkAction, ids: string[]) => {
    setBulkRunning(action);
    try {
      const results = await act.bulk(action, ids, filters, replyLanguages(), locale);
      setBulk({ action, results });
      if (action !== "suggest") setSelected(results.filter((r) => !r.ok).map((r) => r.id));
    } catch (e) {
      void message.error(failureText(e, locale));
    } finally {
      setBulkRunning(null);
      reload();
    }
  };

  const author = (r: InboxItem) => <bdi dir="auto">{r.author}</bdi>;
  const text = (r: InboxItem) => (
    <span className="sufra-review-excerpt" dir="auto">
      {excerpt(r.text)}
    </span>
  );
  const where = (r: InboxItem) => (
    <span className="sufra-review-tags">
      <SourceTag source={r.source} comment={r.kind === "comment"} />
      <BranchTag branch={r.branch} />
      <DemoTag demo={r.demo} />
    </span>
  );
  const openButton = (r: InboxItem) => (
    <Button
      size="small"
      onClick={() => openItem(r.id)}
      data-testid={`open-${r.id}`}
      aria-label={`${t("open")}: ${r.author}`}
    >
      {t("open")}
    </Button>
  );

  const columns = [
    {
      key: "rating",
      title: t("columns.rating"),
      render: (_: unknown, r: InboxItem) =>
        r.rating === null ? <span className="sufra-muted">{t("kind.comment")}</span> : <Stars rating={r.rating} />,
    },
    { key: "source", title: t("columns.source"), render: (_: unknown, r: InboxItem) => where(r) },
    { key: "author", title: t("columns.author"), render: (_: unknown, r: InboxItem) => author(r) },
    { key: "date", title: t("columns.date"), render: (_: unknown, r: InboxItem) => <ReviewDate value={r.writtenAt} /> },
    { key: "review", title: t("columns.review"), render: (_: unknown, r: InboxItem) => text(r) },
    {
      key: "status",
      title: t("columns.status"),
      render: (_: unknown, r: InboxItem) => (
        <span className="sufra-review-tags">
          <ReviewStatusTag status={r.status} via={r.repliedVia} />
          <SentimentTag sentiment={r.sentiment} />
          <IntentTag intent={r.intent} />
        </span>
      ),
    },
    { key: "actions", title: t("columns.actions"), render: (_: unknown, r: InboxItem) => openButton(r) },
  ];

  let body;
  if (!list.page && list.error)
    body = (
      <Alert
        type="error"
        showIcon
        title={t("loadFailed")}
        description={errorMessage(list.error)}
        action={
          <Button size="small" onClick={reload}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  else if (!list.page) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (none)
    body = (
      <EmptyStart
        className="sufra-reviews-empty"
        testId="reviews-empty"
        title={t("empty.title")}
        text={t("empty.text")}
      >
        <div className="sufra-reviews-empty-actions">
          <Button type="primary" onClick={() => setAdding(true)}>
            {t("addReview")}
          </Button>
          <Button onClick={() => setImporting(true)}>{t("importCsv")}</Button>
        </div>
      </EmptyStart>
    );
  else if (!rows.length)
    body = (
      <Empty
        description={filters.unanswered && filterCount(filters) === 1 ? t("empty.unanswered") : t("empty.filtered")}
        data-testid="reviews-tab-empty"
      />
    );
  else if (small)
    body = (
      <ul className="sufra-review-cards" aria-busy={list.loading}>
        {rows.map((r) => (
          <li key={r.id}>
            <Card
              size="small"
              data-testid="review-card"
              title={
                <span className="sufra-review-card-title">
                  <Checkbox
                    checked={selected.includes(r.id)}
                    onChange={(e) =>
                      setSelected((s) => (e.target.checked ? [...s, r.id] : s.filter((x) => x !== r.id)))
                    }
                    aria-label={t("bulk.select", { author: r.author })}
                  />
                  <Stars rating={r.rating} /> {author(r)}
                </span>
              }
              extra={<ReviewStatusTag status={r.status} via={r.repliedVia} />}
            >
              <p className="sufra-review-card-meta">
                {where(r)} <ReviewDate value={r.writtenAt} /> <SentimentTag sentiment={r.sentiment} />{" "}
                <IntentTag intent={r.intent} />
              </p>
              <p>{text(r)}</p>
              {openButton(r)}
            </Card>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<InboxItem>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.loading && !list.page}
        pagination={false}
        scroll={{ x: 980 }}
        tableLayout="auto"
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys as string[]),
          columnTitle: measureRowSafeTitle,
          getCheckboxProps: (r) => ({ "aria-label": t("bulk.select", { author: r.author }) }) as never,
        }}
        data-testid="reviews-table"
        onRow={() => ({ "data-testid": "review-row" }) as React.HTMLAttributes<HTMLElement>}
      />
    );

  const n = (v: number) => formatNumber(v, locale);
  const okCount = bulk?.results.filter((r) => r.ok).length ?? 0;
  const nameOf = (r: BulkResult) => r.author ?? rows.find((x) => x.id === r.id)?.author ?? r.id;

  return (
    <div className="sufra-reviews">
      <PageHead className="sufra-reviews-head" title={t("title")}>
        <div className="sufra-reviews-head-actions">
          <SyncNowButton />
          <ReviewRequestsButton />
          <Button onClick={() => setImporting(true)} data-testid="import-csv">
            {t("importCsv")}
          </Button>
          <Button type="primary" onClick={() => setAdding(true)} data-testid="add-review-button">
            {t("addReview")}
          </Button>
        </div>
      </PageHead>
      {switcher}
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {summary && summary.total > 0 && (
        <p className="sufra-inbox-counts" data-testid="inbox-counts">
          <span>{t("counts.unanswered", { n: n(summary.unanswered) })}</span>
          {summary.negativeNew > 0 && (
            <Button
              type="link"
              size="small"
              onClick={() => setFilters({ unanswered: true, sentiment: "negative" })}
              data-testid="negative-link"
            >
              {t("counts.negative", { n: n(summary.negativeNew) })}
            </Button>
          )}
        </p>
      )}
      {/* on a phone the team's setting waits under the list, so the list starts on the first screen */}
      {!small && <InboxSettingsCard />}
      <FiltersBar filters={filters} branches={branches} onChange={setFilters} />

      <div className="sufra-inbox-bulk" role="group" aria-label={t("bulk.label")} data-testid="bulk-bar">
        <Typography.Text>
          {selected.length ? t("bulk.selected", { n: n(selected.length) }) : t("bulk.none")}
        </Typography.Text>
        <Space wrap>
          <Button
            size="small"
            disabled={!!bulkRunning}
            loading={bulkRunning === "suggest"}
            onClick={() => void runBulk("suggest", [])}
            data-testid="bulk-suggest"
          >
            {t("bulk.suggest")}
          </Button>
          <Button
            size="small"
            disabled={!selected.length || !!bulkRunning}
            loading={bulkRunning === "approve"}
            onClick={() => void runBulk("approve", selected)}
            data-testid="bulk-approve"
          >
            {t("bulk.approve")}
          </Button>
          <Button
            size="small"
            type="primary"
            disabled={!selected.length || !!bulkRunning}
            loading={bulkRunning === "send"}
            onClick={() => void runBulk("send", selected)}
            data-testid="bulk-send"
          >
            {t("bulk.send")}
          </Button>
        </Space>
      </div>
      {bulk && (
        <Alert
          className="sufra-form-alert"
          type={okCount === bulk.results.length ? "success" : okCount ? "warning" : "error"}
          showIcon
          closable={{ onClose: () => setBulk(null) }}
          title={t(`bulk.done.${bulk.action}`, { ok: n(okCount), total: n(bulk.results.length) })}
          description={
            bulk.results.some((r) => !r.ok) ? (
              <ul className="sufra-inbox-bulk-results" data-testid="bulk-failures">
                {bulk.results
                  .filter((r) => !r.ok)
                  .map((r) => (
                    <li key={r.id}>
                      <bdi>{nameOf(r)}</bdi>: {r.message}
                    </li>
                  ))}
              </ul>
            ) : undefined
          }
          data-testid="bulk-result"
        />
      )}

      {list.page && list.error && (
        <Alert className="sufra-form-alert" type="error" showIcon title={errorMessage(list.error)} />
      )}
      {body}
      {(cursors.length > 0 || hasNext) && (
        <nav className="sufra-pager" aria-label={t("title")}>
          <Button disabled={!cursors.length} onClick={() => setPages({ key, cursors: cursors.slice(0, -1) })}>
            {t("previous")}
          </Button>
          <Button
            disabled={!hasNext || !endCursor}
            onClick={() => endCursor && setPages({ key, cursors: [...cursors, endCursor] })}
            data-testid="next-page"
          >
            {t("next")}
          </Button>
        </nav>
      )}
      {small && <InboxSettingsCard />}
      <ThreadDrawer
        item={open}
        onClose={() => openItem(null)}
        onChanged={(r) => {
          setLatest(r);
          reload();
        }}
        onFailed={() => setLatest(null)}
        onDeleted={() => {
          openItem(null);
          reload();
        }}
      />
      <AddReviewModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(r) => {
          setAdding(false);
          reload();
          openItem(r.id);
        }}
      />
      <ImportCsvModal open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </div>
  );
}
