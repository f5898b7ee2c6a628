// /orders: the café's orders, newest first, under a status kept in the address bar (?status=paid): each with
// its number, day, guest, lines, total in KWD, pickup or delivery and where, its status, what its conversation
// came from (a post, a story, an ad or a link, with the post and the campaign), and what may be done: open its
// conversation, cancel it before any money was taken, or (the café's managers) refund part or all of what was
// paid. A table from 768 px, cards below. Live: the inbox's feed asks again when a payment changes a thread,
// and the list asks every 10 s while an order waits for its payment.
import { ORDER_STATUSES, orderRefundLeftFils, type OrderStatus } from "@sufra/schema";
import { Alert, App, Button, Card, Empty, Grid, Popconfirm, Select, Skeleton, Space, Table, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { formatDateTime, formatFilsMoney } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { EmptyStart } from "../../shared/EmptyStart.tsx";
import { LoadError } from "../../shared/LoadError.tsx";
import { PageHead } from "../../shared/PageHead.tsx";
import { Fulfilment, OrderLines, OrderStatusTag, Started } from "./components/bits.tsx";
import { RefundModal } from "./components/RefundModal.tsx";
import { failureText, useCampaignNames, useOrders, useOrderSteps, useOrdersManager, useTapAccount } from "./data.ts";
import { ORDERS_NS } from "./i18n.ts";
import { cancellable, conversationPath, statusFrom, tapSettingsPath, type OrderView } from "./model.ts";
import "./orders.css";

const ALL = "";

/** Open its conversation, cancel it (before any money was taken), refund it (the café's managers). */
function Actions({ order, manager, onRefund }: { order: OrderView; manager: boolean; onRefund: () => void }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const steps = useOrderSteps();
  const [cancelling, setCancelling] = useState(false);
  const cancel = async () => {
    setCancelling(true);
    try {
      const o = await steps.cancel(order.id);
      void message.success(t("cancel.done", { number: o.number }));
    } catch (e) {
      void message.error(failureText(e, locale));
    } finally {
      setCancelling(false);
    }
  };
  return (
    <Space wrap size="small">
      {order.conversationId && (
        <Link to={conversationPath(order.conversationId)} data-testid="order-open-conversation">
          {t("page.openConversation")}
        </Link>
      )}
      {cancellable(order) && (
        <Popconfirm
          title={t("cancel.title", { number: order.number })}
          description={t("cancel.text")}
          okText={t("cancel.ok")}
          cancelText={t("cancel.keep")}
          okButtonProps={{ danger: true }}
          onConfirm={() => cancel()}
        >
          <Button size="small" loading={cancelling} data-testid="order-cancel">
            {t("cancel.button")}
          </Button>
        </Popconfirm>
      )}
      {manager && order.status === "paid" && orderRefundLeftFils(order) > 0 && (
        <Button size="small" danger onClick={onRefund} data-testid="order-refund">
          {t("refund.button")}
        </Button>
      )}
    </Space>
  );
}

export default function OrdersPage() {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const [params, setParams] = useSearchParams();
  const status = statusFrom(params);
  // the cursors of the pages before this one; another status starts again from the first page
  const [pages, setPages] = useState<{ key: string; cursors: string[] }>({ key: status ?? ALL, cursors: [] });
  const cursors = pages.key === (status ?? ALL) ? pages.cursors : [];
  const list = useOrders(
    useMemo(() => ({ status }), [status]),
    cursors[cursors.length - 1],
  );
  const manager = useOrdersManager();
  const tap = useTapAccount();
  const campaigns = useCampaignNames();
  const [refunding, setRefunding] = useState<OrderView | null>(null);

  const setStatus = (s: OrderStatus | typeof ALL) => {
    const next = new URLSearchParams(params);
    if (s) next.set("status", s);
    else next.delete("status");
    setParams(next, { replace: true });
  };

  const orders = list.page?.orders ?? [];
  const guest = (o: OrderView) => <bdi dir="auto">{o.guestName || t("guestUnknown")}</bdi>;
  const total = (o: OrderView) => <bdi data-testid="order-total">{formatFilsMoney(o.totalFils, locale)}</bdi>;
  const date = (o: OrderView) => <time dateTime={o.createdAt}>{formatDateTime(o.createdAt, locale)}</time>;
  const started = (o: OrderView) => (
    <Started order={o} campaignName={o.started.campaignId ? campaigns.get(o.started.campaignId) : undefined} />
  );
  const actions = (o: OrderView) => <Actions order={o} manager={manager} onRefund={() => setRefunding(o)} />;

  const columns = [
    {
      key: "number",
      title: t("page.columns.number"),
      render: (_: unknown, o: OrderView) => <strong>{t("number", { number: o.number })}</strong>,
    },
    { key: "date", title: t("page.columns.date"), render: (_: unknown, o: OrderView) => date(o) },
    { key: "guest", title: t("page.columns.guest"), render: (_: unknown, o: OrderView) => guest(o) },
    { key: "items", title: t("page.columns.items"), render: (_: unknown, o: OrderView) => <OrderLines order={o} /> },
    { key: "total", title: t("page.columns.total"), render: (_: unknown, o: OrderView) => total(o) },
    {
      key: "fulfilment",
      title: t("page.columns.fulfilment"),
      render: (_: unknown, o: OrderView) => <Fulfilment order={o} />,
    },
    {
      key: "status",
      title: t("page.columns.status"),
      render: (_: unknown, o: OrderView) => <OrderStatusTag order={o} />,
    },
    { key: "attributed", title: t("page.columns.attributed"), render: (_: unknown, o: OrderView) => started(o) },
    { key: "actions", title: t("page.columns.actions"), render: (_: unknown, o: OrderView) => actions(o) },
  ];

  let body;
  if (!list.page && list.error)
    body = <LoadError title={t("page.loadFailed")} error={list.error} onRetry={list.reload} />;
  else if (!list.page) body = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (!orders.length && !status && !cursors.length)
    body = (
      <EmptyStart
        className="sufra-orders-empty"
        testId="orders-empty"
        title={t("page.emptyTitle")}
        text={t("page.emptyText")}
      >
        <Link to="/inbox?view=messages">{t("page.goToInbox")}</Link>
      </EmptyStart>
    );
  else if (!orders.length) body = <Empty description={t("page.filtered")} data-testid="orders-filtered-empty" />;
  else if (small)
    body = (
      <ul className="sufra-order-cards" aria-busy={list.loading}>
        {orders.map((o) => (
          <li key={o.id}>
            <Card
              size="small"
              data-testid="order-card"
              title={
                <span className="sufra-order-card-title">
                  <strong>{t("number", { number: o.number })}</strong> {guest(o)}
                </span>
              }
              extra={<OrderStatusTag order={o} />}
            >
              <p className="sufra-order-card-meta">
                {date(o)} {total(o)}
              </p>
              <OrderLines order={o} />
              <p>
                <Fulfilment order={o} />
              </p>
              <p>{started(o)}</p>
              {actions(o)}
            </Card>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<OrderView>
        rowKey="id"
        columns={columns}
        dataSource={orders}
        pagination={false}
        scroll={{ x: 1100 }}
        tableLayout="auto"
        data-testid="orders-table"
        onRow={() => ({ "data-testid": "order-row" }) as React.HTMLAttributes<HTMLElement>}
      />
    );

  const hasNext = !!list.page?.hasNext;
  const endCursor = list.page?.endCursor;
  const key = status ?? ALL;

  return (
    <div className="sufra-orders">
      <PageHead className="sufra-orders-head" title={t("page.title")} />
      <Typography.Paragraph type="secondary">{t("page.intro")}</Typography.Paragraph>
      {tap.account && !tap.account.connected && (
        <Alert
          className="sufra-form-alert"
          type="info"
          showIcon
          title={t("page.noTap")}
          description={manager ? <Link to={tapSettingsPath()}>{t("tap.setUp")}</Link> : t("tap.askOwner")}
          data-testid="orders-no-tap"
        />
      )}
      <div className="sufra-orders-filters">
        <label htmlFor="orders-status">{t("page.filter")}</label>
        <Select<OrderStatus | typeof ALL>
          id="orders-status"
          value={status ?? ALL}
          onChange={setStatus}
          options={[
            { value: ALL, label: t("page.all") },
            ...ORDER_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          className="sufra-orders-status"
          data-testid="orders-status"
        />
      </div>
      {list.page && list.error && (
        <Alert className="sufra-form-alert" type="error" showIcon title={failureText(list.error, locale)} />
      )}
      {body}
      {(cursors.length > 0 || hasNext) && (
        <nav className="sufra-pager" aria-label={t("page.title")}>
          <Button disabled={!cursors.length} onClick={() => setPages({ key, cursors: cursors.slice(0, -1) })}>
            {t("page.previous")}
          </Button>
          <Button
            disabled={!hasNext || !endCursor}
            onClick={() => endCursor && setPages({ key, cursors: [...cursors, endCursor] })}
          >
            {t("page.next")}
          </Button>
        </nav>
      )}
      {refunding && <RefundModal order={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}
