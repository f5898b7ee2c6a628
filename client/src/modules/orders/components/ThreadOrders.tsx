// The orders already built in one conversation, newest first, each with its number, status, total and lines;
// an order waiting for its payment shows its link and sends it again (the same link while Tap's page is still
// open), and a draft (a payment that failed brings it back) sends one.
import { Alert, App, Button, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime, formatFilsMoney } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useOrders, useOrderSteps } from "../data.ts";
import { ORDERS_NS } from "../i18n.ts";
import type { OrderView } from "../model.ts";
import { OrderLines, OrderStatusTag, PaymentLink } from "./bits.tsx";

function ThreadOrder({ order }: { order: OrderView }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const steps = useOrderSteps();
  const [sending, setSending] = useState(false);
  const mayResend = order.status === "awaiting_payment" || order.status === "draft";

  const send = async () => {
    setSending(true);
    try {
      const sent = await steps.sendLink(order.id);
      void message.success(t("thread.resent", { number: sent.number }));
    } catch (e) {
      void message.error(failureText(e, locale));
    } finally {
      setSending(false);
    }
  };

  return (
    <li className="sufra-order-thread-item" data-testid="thread-order">
      <p className="sufra-order-thread-head">
        <strong>{t("number", { number: order.number })}</strong> <OrderStatusTag order={order} />{" "}
        <bdi>{formatFilsMoney(order.totalFils, locale)}</bdi>
      </p>
      <Typography.Text type="secondary">
        <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, locale)}</time>
      </Typography.Text>
      <OrderLines order={order} />
      {order.status === "awaiting_payment" && order.paymentUrl && <PaymentLink url={order.paymentUrl} />}
      {mayResend && (
        <Button size="small" loading={sending} onClick={() => void send()} data-testid="thread-order-send">
          {order.status === "awaiting_payment" ? t("thread.resend") : t("thread.send")}
        </Button>
      )}
    </li>
  );
}

export function ThreadOrders({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const { page, error } = useOrders({ conversationId });
  let body;
  if (!page && error)
    body = <Alert type="error" showIcon title={t("thread.loadFailed")} description={failureText(error, locale)} />;
  else if (!page) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if (!page.orders.length) body = <Typography.Paragraph type="secondary">{t("thread.none")}</Typography.Paragraph>;
  else
    body = (
      <ul className="sufra-order-thread-list">
        {page.orders.map((o) => (
          <ThreadOrder key={o.id} order={o} />
        ))}
      </ul>
    );
  return (
    <section className="sufra-order-thread" aria-labelledby="order-thread-title" data-testid="thread-orders">
      <Typography.Title level={3} className="sufra-section-title" id="order-thread-title">
        {t("thread.title")}
      </Typography.Title>
      {body}
    </section>
  );
}
