// /posts: every post of the business, latest due first. A table on wide screens, cards below 768 px;
// filters by status, network, Kuwait days and caption (debounced), cursor pages of 20. Each post shows
// its networks with their own status, its time in Kuwait with the Hijri date, and the actions its
// status allows; a network part that waits for a person says why and offers the next step. Selected
// posts can be deleted or moved together, or sent for the café's approval. Each post shows its approval
// (once it has one, or always in a café that approves posts), filtered by ?approval= (docs/product.md#agencies-and-approvals);
// the approval links sent open in a drawer. A person acting through an agency the café does not let publish
// sees no Publish now (nor Reschedule, unless the café approves posts: a time is then only the plan). Status
// and approval changes arrive live (postChanged); while the socket is down the list polls.
import { EmptyStart } from "../../shared/EmptyStart.tsx";
import { PageHead } from "../../shared/PageHead.tsx";
import {
  isPostDeletable,
  isPostEditable,
  PLATFORMS,
  POST_STATUSES,
  messageText,
  postStatusKey,
  type PlatformName,
} from "@sufra/schema";
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Grid,
  Input,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Table,
  Typography,
} from "antd";
import { DatePicker } from "../../shared/DatePicker.tsx";
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router-dom";
import {
  type ApprovalState,
  type PostsListQueryVariables,
  type PostsPostFieldsFragment,
  type PostStatus,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import {
  gqlPlatform,
  KuwaitDate,
  PlatformLabel,
  PostStatusTag,
  postStatusName,
  TargetStatusTag,
} from "../../shared/postBits.tsx";
import { RouteButton } from "../../shared/RouteButton.tsx";
import { KuwaitDateTimePicker } from "./components/KuwaitDateTimePicker.tsx";
import { needsAttention, TargetAttention } from "./components/TargetAttention.tsx";
import { NetworkLink, PostThumb, useDuplicatePost } from "./components/PostExtras.tsx";
import { kuwaitDayBounds } from "./kuwaitTime.ts";
import { usePostSteps, usePostsList } from "./data.ts";
import { POSTS_NS } from "./i18n.ts";
import { measureRowSafeTitle } from "../../shared/MeasureRowSafe.tsx";
import "./posts.css";
import { postStatusFromKey } from "../../graphql/enumKeys.ts";
import { mayPublishNow, maySchedule, useAgencyAccess, useApprovalRule } from "../agencies/index.ts";
import {
  ApprovalFilter,
  ApprovalLinksButton,
  ApprovalTag,
  APPROVALS_NS,
  approvalFilterOf,
  approvalParamOf,
  SendForApprovalModal,
  type ApprovalRequest,
} from "../approvals/index.ts";

export const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

type Post = PostsPostFieldsFragment;

const excerpt = (text: string, max = 120) => {
  const chars = [...text.trim()];
  return chars.length > max ? `${chars.slice(0, max).join("").trimEnd()}…` : chars.join("");
};

/** The text typed, once the person stops typing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setV(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return v;
}

export default function PostsPage() {
  const { t } = useTranslation(POSTS_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const { message } = App.useApp();

  const [statuses, setStatuses] = useState<PostStatus[]>([]);
  const [platform, setPlatform] = useState<PlatformName | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [typed, setTyped] = useState("");
  const search = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<string[]>([]);
  const [rescheduleOpen, setRescheduleOpen] = useState(false);
  const [rescheduleAt, setRescheduleAt] = useState<string | null>(null);
  const [sending, setSending] = useState<ApprovalRequest | null>(null);
  // ?approval=in_review,changes_requested (a notification's link lands here)
  const [params, setParams] = useSearchParams();
  const approval = approvalFilterOf(params.get("approval"));
  const setApproval = (states: ApprovalState[]) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        const value = approvalParamOf(states);
        if (value) next.set("approval", value);
        else next.delete("approval");
        return next;
      },
      { replace: true },
    );
  const access = useAgencyAccess();
  const { approvalRequired } = useApprovalRule();

  const from = range?.[0] ? kuwaitDayBounds(range[0], false) : undefined;
  const to = range?.[1] ? kuwaitDayBounds(range[1], true) : undefined;
  const filterKey = JSON.stringify([statuses, approval, platform, from, to, search]);
  // the cursors of the pages before this one; new filters start again from the first page
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key: "", cursors: [] });
  const cursors = pages.key === filterKey ? pages.cursors : [];

  const variables: PostsListQueryVariables = { first: PAGE_SIZE };
  if (statuses.length) variables.status = statuses;
  if (approval.length) variables.approval = approval;
  if (platform) variables.platform = gqlPlatform(platform);
  if (from) variables.from = from;
  if (to) variables.to = to;
  if (search) variables.search = search;
  if (cursors.length) variables.after = cursors[cursors.length - 1];
  const filtered = statuses.length > 0 || approval.length > 0 || !!platform || !!from || !!to || !!search;

  // a change that may move a post out of a list filtered by status or approval makes the page ask again
  const { data, previousData, loading, error, reload } = usePostsList(
    variables,
    statuses.length > 0 || approval.length > 0,
  );
  const { deleteOne, deleteMany, deletingMany, reschedule, rescheduling, publish, unschedule } = usePostSteps();
  const [duplicate, duplicating] = useDuplicatePost();

  const shown = data ?? previousData;
  const rows = shown?.posts.edges.map((e) => e.node) ?? [];
  const total = shown?.posts.totalCount ?? 0;
  const hasNext = !!shown?.posts.pageInfo.hasNextPage;
  const endCursor = shown?.posts.pageInfo.endCursor;

  async function run(action: () => Promise<unknown>, done: string) {
    try {
      await action();
    } catch (e) {
      void message.error(errorMessage(e));
      return;
    }
    void message.success(done);
    reload();
  }

  /**
   * One bulk action: runs it, says how many were done and how many refused (`<key>` when some were
   * refused, `<key>All` when none), keeps the refused posts selected, then reloads. False when it failed.
   */
  async function bulk(
    run: () => Promise<{ done: readonly unknown[]; refusedIds: string[] } | undefined>,
    key: "bulk.deleted" | "bulk.rescheduled",
  ) {
    let result;
    try {
      result = await run();
    } catch (e) {
      void message.error(errorMessage(e));
      return false;
    }
    const done = result?.done.length ?? 0;
    const refused = result?.refusedIds.length ?? 0;
    const n = (v: number) => formatNumber(v, locale);
    const text = refused
      ? t(key, { done: n(done), refused: n(refused) })
      : t(`${key}All`, { count: done, done: n(done) });
    if (refused) void message.warning(text);
    else void message.success(text);
    setSelected(result?.refusedIds ?? []);
    reload();
    return true;
  }

  async function bulkDelete() {
    const ids = selected;
    await bulk(async () => (await deleteMany({ variables: { ids } })).data?.deletePosts, "bulk.deleted");
  }

  async function bulkReschedule() {
    if (!rescheduleAt) return;
    const ok = await bulk(
      async () =>
        (await reschedule({ variables: { ids: selected, scheduledFor: rescheduleAt } })).data?.reschedulePosts,
      "bulk.rescheduled",
    );
    if (!ok) return;
    setRescheduleOpen(false);
    setRescheduleAt(null);
  }

  // publishing now: the café's people or an agency it lets publish; in a café that approves, an approved post only
  const mayPublish = (p: Post) => mayPublishNow(access) && (!approvalRequired || p.approval === "APPROVED");
  const stateTags = (p: Post) => (
    <span className="sufra-state-tags">
      <PostStatusTag status={p.status} />
      <ApprovalTag state={p.approval} required={approvalRequired} testId={`approval-${p.id}`} />
    </span>
  );

  const actions = (p: Post) => {
    const s = postStatusName(p.status);
    return (
      <div className="sufra-row-actions">
        {isPostEditable(s) && (
          <RouteButton to={`/posts/${p.id}/edit`} size="small" testId={`edit-${p.id}`}>
            {t("actions.edit")}
          </RouteButton>
        )}
        {(s === "draft" || s === "scheduled" || s === "failed") && mayPublish(p) && (
          <Popconfirm
            title={t("actions.publishTitle")}
            description={t("actions.publishText")}
            okText={t("actions.publish")}
            cancelText={t("actions.cancel", { ns: "common" })}
            onConfirm={() => run(() => publish({ variables: { id: p.id } }), t("actions.published"))}
          >
            <Button size="small" data-testid={`publish-${p.id}`}>
              {t("actions.publish")}
            </Button>
          </Popconfirm>
        )}
        {s === "scheduled" && (
          <Button
            size="small"
            onClick={() => void run(() => unschedule({ variables: { id: p.id } }), t("actions.unscheduled"))}
            data-testid={`unschedule-${p.id}`}
          >
            {t("actions.unschedule")}
          </Button>
        )}
        {/* a post that went out is not edited again: a new draft from it is */}
        {(s === "published" || s === "partially_published") && (
          <Button
            size="small"
            disabled={duplicating}
            onClick={() => void duplicate(p.id)}
            data-testid={`duplicate-${p.id}`}
          >
            {t("duplicate.action")}
          </Button>
        )}
        {(s === "published" || s === "partially_published") && p.media.length > 0 && (
          <Button
            size="small"
            disabled={duplicating}
            onClick={() => void duplicate(p.id, true)}
            data-testid={`reuse-media-${p.id}`}
          >
            {t("duplicate.reuse")}
          </Button>
        )}
        {isPostDeletable(s) && (
          <Popconfirm
            title={t("actions.deleteTitle")}
            description={t("actions.deleteText")}
            okText={t("actions.delete")}
            cancelText={t("actions.cancel", { ns: "common" })}
            okButtonProps={{ danger: true }}
            onConfirm={() => run(() => deleteOne({ variables: { id: p.id } }), t("actions.deleted"))}
          >
            <Button size="small" danger data-testid={`delete-${p.id}`}>
              {t("actions.delete")}
            </Button>
          </Popconfirm>
        )}
      </div>
    );
  };

  const caption = (p: Post) => (
    <span className="sufra-caption-cell">
      <PostThumb media={p.media} caption={p.content} />
      <span className="sufra-caption" dir="auto">
        {p.content.trim() ? excerpt(p.content) : <Typography.Text type="secondary">{t("noCaption")}</Typography.Text>}
      </span>
    </span>
  );

  const networks = (p: Post) => (
    <ul className="sufra-targets">
      {(p.targets.length ? p.targets : null)?.map((target) => (
        <li key={target.id}>
          <TargetStatusTag platform={target.platform} status={target.status} />
          {target.handle && (
            <bdi dir="ltr" className="sufra-handle">
              @{target.handle}
            </bdi>
          )}
          <NetworkLink target={target} />
          {needsAttention(target) && <TargetAttention post={p} target={target} />}
          {/* out, but a step after it was not (a first comment, a thread's later part): said, nothing to do */}
          {target.status === "PUBLISHED" && target.error && (
            <Typography.Text type="warning" className="sufra-attention-text" data-testid="target-warning">
              {target.error}
            </Typography.Text>
          )}
        </li>
      )) ??
        p.platforms.map((pl) => (
          <li key={pl}>
            <PlatformLabel platform={pl} />
          </li>
        ))}
      {/* a draft may wait for its networks until it is scheduled */}
      {!p.targets.length && !p.platforms.length && (
        <li>
          <Typography.Text type="secondary" data-testid={`no-network-${p.id}`}>
            {t("noNetwork")}
          </Typography.Text>
        </li>
      )}
    </ul>
  );

  const when = (p: Post) =>
    p.scheduledFor ? (
      <KuwaitDate value={p.scheduledFor} />
    ) : p.publishedAt ? (
      <KuwaitDate value={p.publishedAt} />
    ) : (
      <Typography.Text type="secondary">{t("notScheduled")}</Typography.Text>
    );

  const columns = [
    // the caption takes what is left; the table scrolls sideways only below ~1000 px
    { key: "caption", title: t("columns.caption"), render: (_: unknown, p: Post) => caption(p) },
    { key: "networks", title: t("columns.networks"), render: (_: unknown, p: Post) => networks(p) },
    { key: "when", title: t("columns.when"), render: (_: unknown, p: Post) => when(p) },
    { key: "status", title: t("columns.status"), render: (_: unknown, p: Post) => stateTags(p) },
    { key: "actions", title: t("columns.actions"), render: (_: unknown, p: Post) => actions(p) },
  ];

  const toggle = (id: string, on: boolean) =>
    setSelected((list) => (on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id)));
  const clearFilters = () => {
    setStatuses([]);
    setPlatform(undefined);
    setRange(null);
    setTyped("");
    setApproval([]);
  };

  let list;
  if (!shown && error)
    list = (
      <Alert
        type="error"
        showIcon
        title={t("loadFailed")}
        description={errorMessage(error)}
        action={
          <Button size="small" onClick={reload}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  else if (!shown) list = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!rows.length && !filtered && !cursors.length)
    list = (
      <EmptyStart className="sufra-posts-empty" testId="posts-empty" title={t("empty.title")} text={t("empty.text")}>
        <RouteButton to="/posts/new" type="primary">
          {t("empty.create")}
        </RouteButton>
      </EmptyStart>
    );
  else if (!rows.length)
    list = (
      <Empty description={t("empty.filtered")}>
        <Button onClick={clearFilters}>{t("empty.clear")}</Button>
      </Empty>
    );
  else if (small)
    list = (
      <ul className="sufra-post-cards" aria-busy={loading}>
        {rows.map((p) => (
          <li key={p.id}>
            <Card
              size="small"
              data-testid="post-card"
              title={
                <Checkbox
                  checked={selected.includes(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                  aria-label={excerpt(p.content, 40) || t("noCaption")}
                  data-testid={`select-${p.id}`}
                >
                  {when(p)}
                </Checkbox>
              }
              extra={stateTags(p)}
            >
              <p className="sufra-card-caption">{caption(p)}</p>
              {networks(p)}
              <div className="sufra-card-actions">{actions(p)}</div>
            </Card>
          </li>
        ))}
      </ul>
    );
  else
    list = (
      <Table<Post>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={loading && !data}
        pagination={false}
        scroll={{ x: 960 }}
        tableLayout="auto"
        rowSelection={{
          selectedRowKeys: selected,
          onChange: (keys) => setSelected(keys.map(String)),
          columnTitle: measureRowSafeTitle,
        }}
        data-testid="posts-table"
        onRow={() => ({ "data-testid": "post-row" }) as React.HTMLAttributes<HTMLElement>}
      />
    );

  return (
    <div className="sufra-posts">
      <PageHead className="sufra-posts-head" title={t("title")}>
        <ApprovalLinksButton />
        <RouteButton to="/posts/new" type="primary" testId="new-post">
          {t("newPost")}
        </RouteButton>
      </PageHead>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      <div className="sufra-post-filters" role="search" aria-label={t("filters.label")}>
        <Select<PostStatus[]>
          mode="multiple"
          allowClear
          aria-label={t("filters.status")}
          placeholder={t("filters.allStatuses")}
          value={statuses}
          onChange={setStatuses}
          options={POST_STATUSES.map((s) => ({
            value: postStatusFromKey[s],
            label: messageText(postStatusKey(s), locale),
          }))}
          className="sufra-filter-status"
          data-testid="status-filter"
        />
        <ApprovalFilter value={approval} onChange={setApproval} className="sufra-filter-status" />
        <Select<PlatformName>
          allowClear
          aria-label={t("filters.platform")}
          placeholder={t("filters.allPlatforms")}
          value={platform}
          onChange={(v) => setPlatform(v ?? undefined)}
          options={PLATFORMS.map((p) => ({ value: p, label: <PlatformLabel platform={p} /> }))}
          className="sufra-filter-platform"
          data-testid="platform-filter"
        />
        <DatePicker.RangePicker
          aria-label={t("filters.dates")}
          placeholder={[t("filters.from"), t("filters.to")]}
          value={range}
          onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
          allowEmpty={[true, true]}
          className="sufra-filter-dates"
          data-testid="date-filter"
        />
        <Input.Search
          allowClear
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          placeholder={t("filters.search")}
          aria-label={t("filters.search")}
          className="sufra-filter-search"
          data-testid="post-search"
        />
      </div>
      {shown && error && <Alert className="sufra-form-alert" type="error" showIcon title={errorMessage(error)} />}
      {selected.length > 0 && (
        <div
          className="sufra-bulk-bar"
          role="region"
          aria-label={t("bulk.selected", { count: selected.length, n: formatNumber(selected.length, locale) })}
          data-testid="bulk-bar"
        >
          <Typography.Text strong>
            {t("bulk.selected", { count: selected.length, n: formatNumber(selected.length, locale) })}
          </Typography.Text>
          <Popconfirm
            title={t("bulk.deleteTitle", { count: selected.length, n: formatNumber(selected.length, locale) })}
            description={t("bulk.deleteText")}
            okText={t("actions.delete")}
            cancelText={t("actions.cancel", { ns: "common" })}
            okButtonProps={{ danger: true, loading: deletingMany.loading }}
            onConfirm={bulkDelete}
          >
            <Button danger data-testid="bulk-delete">
              {t("bulk.delete")}
            </Button>
          </Popconfirm>
          {maySchedule(access, approvalRequired) && (
            <Button onClick={() => setRescheduleOpen(true)} data-testid="bulk-reschedule">
              {t("bulk.reschedule")}
            </Button>
          )}
          <Button onClick={() => setSending({ postIds: selected })} data-testid="bulk-send-approval">
            {t("send.selected", { ns: APPROVALS_NS })}
          </Button>
          <Button type="link" onClick={() => setSelected([])}>
            {t("bulk.clear")}
          </Button>
        </div>
      )}
      {shown && total > 0 && (
        <Typography.Paragraph type="secondary" aria-live="polite" data-testid="posts-total">
          {t("total", { count: total, total: formatNumber(total, locale) })}
        </Typography.Paragraph>
      )}
      {list}
      {(cursors.length > 0 || hasNext) && (
        <nav className="sufra-pager" aria-label={t("title")}>
          <Button
            disabled={!cursors.length}
            onClick={() => setPages({ key: filterKey, cursors: cursors.slice(0, -1) })}
          >
            {t("previous")}
          </Button>
          <Button
            disabled={!hasNext || !endCursor}
            onClick={() => endCursor && setPages({ key: filterKey, cursors: [...cursors, endCursor] })}
            data-testid="next-page"
          >
            {t("next")}
          </Button>
        </nav>
      )}
      <SendForApprovalModal
        request={sending}
        onClose={() => setSending(null)}
        onSent={() => {
          setSelected([]);
          reload();
        }}
      />
      <Modal
        open={rescheduleOpen}
        title={t("bulk.rescheduleTitle")}
        okText={t("bulk.rescheduleOk")}
        cancelText={t("actions.cancel", { ns: "common" })}
        okButtonProps={{ disabled: !rescheduleAt }}
        confirmLoading={rescheduling.loading}
        onOk={() => void bulkReschedule()}
        onCancel={() => setRescheduleOpen(false)}
        destroyOnHidden
      >
        <KuwaitDateTimePicker
          value={rescheduleAt}
          onChange={setRescheduleAt}
          aria-label={t("bulk.rescheduleTitle")}
          testId="reschedule-picker"
        />
      </Modal>
    </div>
  );
}
