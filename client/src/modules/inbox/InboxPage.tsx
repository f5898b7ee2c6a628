// /reviews: what guests wrote, by tab (Unanswered, Approved, Replied, All) with their counts; a table
// on wide screens, cards below 768 px; each review opens a drawer where Sufra suggests a reply in the
// guest's language that the person edits, approves, copies and marks replied. Reviews are added by
// hand or imported from a CSV file; an empty screen says what the page will do once there are some.
import { EmptyStart } from "../../shared/EmptyStart.tsx";
import { PageHead } from "../../shared/PageHead.tsx";
import { useQuery } from "@apollo/client/react";
import { Alert, Button, Card, Empty, Grid, Skeleton, Table, Tabs, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReviewsListDocument, ReviewsStatsDocument, type ReviewFilter, type ReviewsListQueryVariables } from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { AddReviewModal } from "./components/AddReviewModal.tsx";
import { excerpt, ReviewDate, ReviewStatusTag, SentimentTag, SourceTag, Stars } from "./components/bits.tsx";
import { ImportCsvModal } from "./components/ImportCsvModal.tsx";
import { ReviewDrawer, type Review } from "./components/ReviewDrawer.tsx";
import { INBOX_NS } from "./i18n.ts";
import "./inbox.css";

export const PAGE_SIZE = 20;

type Tab = "unanswered" | "approved" | "replied" | "all";
const TABS: Tab[] = ["unanswered", "approved", "replied", "all"];
const FILTERS: Record<Tab, ReviewFilter | undefined> = { unanswered: "UNANSWERED", approved: "APPROVED", replied: "REPLIED", all: undefined };

export default function InboxPage() {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const [tab, setTab] = useState<Tab>("unanswered");
  // the cursors of the pages before this one; another tab starts again from the first page
  const [pages, setPages] = useState<{ tab: Tab; cursors: string[] }>({ tab: "unanswered", cursors: [] });
  const cursors = pages.tab === tab ? pages.cursors : [];
  const [open, setOpen] = useState<Review | null>(null);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);

  const variables: ReviewsListQueryVariables = { first: PAGE_SIZE };
  if (FILTERS[tab]) variables.status = FILTERS[tab];
  if (cursors.length) variables.after = cursors[cursors.length - 1];
  const list = useQuery(ReviewsListDocument, { variables, fetchPolicy: "cache-and-network" });
  const stats = useQuery(ReviewsStatsDocument, { fetchPolicy: "cache-and-network" });
  const reload = () => {
    void list.refetch().catch(() => {});
    void stats.refetch().catch(() => {});
  };

  const shown = list.data ?? list.previousData;
  const rows = shown?.reviews.edges.map((e) => e.node) ?? [];
  const hasNext = !!shown?.reviews.pageInfo.hasNextPage;
  const endCursor = shown?.reviews.pageInfo.endCursor;
  const counts = stats.data?.reviewStats;
  const countOf: Record<Tab, number | undefined> = { unanswered: counts?.unanswered ?? shown?.reviews.unansweredCount, approved: counts?.approved, replied: counts?.replied, all: counts?.total };
  const none = counts?.total === 0 || (tab === "all" && shown?.reviews.totalCount === 0 && !cursors.length);

  const changed = (r: Review) => {
    setOpen(r);
    reload();
  };

  const author = (r: Review) => <bdi dir="auto">{r.author}</bdi>;
  const text = (r: Review) => (
    <span className="sufra-review-excerpt" dir="auto">
      {excerpt(r.text)}
    </span>
  );
  const openButton = (r: Review) => (
    <Button size="small" onClick={() => setOpen(r)} data-testid={`open-${r.id}`} aria-label={`${t("open")}: ${r.author}`}>
      {t("open")}
    </Button>
  );

  const columns = [
    { key: "rating", title: t("columns.rating"), render: (_: unknown, r: Review) => <Stars rating={r.rating} /> },
    { key: "source", title: t("columns.source"), render: (_: unknown, r: Review) => <SourceTag source={r.source} /> },
    { key: "author", title: t("columns.author"), render: (_: unknown, r: Review) => author(r) },
    { key: "date", title: t("columns.date"), render: (_: unknown, r: Review) => <ReviewDate value={r.reviewedAt} /> },
    { key: "review", title: t("columns.review"), render: (_: unknown, r: Review) => text(r) },
    {
      key: "status",
      title: t("columns.status"),
      render: (_: unknown, r: Review) => (
        <span className="sufra-review-tags">
          <ReviewStatusTag status={r.status} />
          <SentimentTag sentiment={r.sentiment} />
        </span>
      ),
    },
    { key: "actions", title: t("columns.actions"), render: (_: unknown, r: Review) => openButton(r) },
  ];

  let body;
  if (!shown && list.error)
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
  else if (!shown) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (none)
    body = (
      <EmptyStart className="sufra-reviews-empty" testId="reviews-empty" title={t("empty.title")} text={t("empty.text")}>
        <div className="sufra-reviews-empty-actions">
          <Button type="primary" onClick={() => setAdding(true)}>
            {t("addReview")}
          </Button>
          <Button onClick={() => setImporting(true)}>{t("importCsv")}</Button>
        </div>
      </EmptyStart>
    );
  else if (!rows.length) body = <Empty description={t(`empty.${tab === "all" ? "title" : tab}`)} data-testid="reviews-tab-empty" />;
  else if (small)
    body = (
      <ul className="sufra-review-cards" aria-busy={list.loading}>
        {rows.map((r) => (
          <li key={r.id}>
            <Card size="small" data-testid="review-card" title={<span className="sufra-review-card-title"><Stars rating={r.rating} /> {author(r)}</span>} extra={<ReviewStatusTag status={r.status} />}>
              <p className="sufra-review-card-meta">
                <SourceTag source={r.source} /> <ReviewDate value={r.reviewedAt} /> <SentimentTag sentiment={r.sentiment} />
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
      <Table<Review>
        rowKey="id"
        columns={columns}
        dataSource={rows}
        loading={list.loading && !list.data}
        pagination={false}
        scroll={{ x: 900 }}
        tableLayout="auto"
        data-testid="reviews-table"
        onRow={() => ({ "data-testid": "review-row" }) as React.HTMLAttributes<HTMLElement>}
      />
    );

  return (
    <div className="sufra-reviews">
      <PageHead className="sufra-reviews-head" title={t("title")}>
        <div className="sufra-reviews-head-actions">
          <Button onClick={() => setImporting(true)} data-testid="import-csv">
            {t("importCsv")}
          </Button>
          <Button type="primary" onClick={() => setAdding(true)} data-testid="add-review-button">
            {t("addReview")}
          </Button>
        </div>
      </PageHead>
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as Tab)}
        aria-label={t("tabs.label")}
        items={TABS.map((k) => ({
          key: k,
          label: (
            <span data-testid={`tab-${k}`}>
              {t(`tabs.${k}`)}
              {countOf[k] !== undefined && <span className="sufra-tab-count"> {formatNumber(countOf[k]!, locale)}</span>}
            </span>
          ),
        }))}
      />
      {shown && list.error && <Alert className="sufra-form-alert" type="error" showIcon title={errorMessage(list.error)} />}
      {body}
      {(cursors.length > 0 || hasNext) && (
        <nav className="sufra-pager" aria-label={t("title")}>
          <Button disabled={!cursors.length} onClick={() => setPages({ tab, cursors: cursors.slice(0, -1) })}>
            {t("previous")}
          </Button>
          <Button disabled={!hasNext || !endCursor} onClick={() => endCursor && setPages({ tab, cursors: [...cursors, endCursor] })} data-testid="next-page">
            {t("next")}
          </Button>
        </nav>
      )}
      <ReviewDrawer
        review={open}
        onClose={() => setOpen(null)}
        onChanged={changed}
        onDeleted={() => {
          setOpen(null);
          reload();
        }}
      />
      <AddReviewModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(r) => {
          setAdding(false);
          reload();
          setOpen(r);
        }}
      />
      <ImportCsvModal open={importing} onClose={() => setImporting(false)} onImported={reload} />
    </div>
  );
}
