// The admin's Billing tab (docs/product.md#subscriptions-and-billing, "Admin"): the billing figures, live
// like the overview's; every business's payments with filters (status, method, business, Kuwait days);
// and the money actions: record a payment that came outside the gateway, extend a period (offered only
// where the business's period may be extended: its allowedActions), refund. An invoice's number
// downloads its PDF. Live: any business's billing change (adminBillingChanged) reads the list again.
// On a phone the payments are cards (no sideways scrolling to reach Refund or Extend).
import { useQuery, useSubscription } from "@apollo/client/react";
import { Alert, Button, Card, Descriptions, Empty, Flex, Grid, Input, Row, Select, Table, Tag, Typography } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { mayRefund, PAYMENT_METHODS, PAYMENT_STATUSES } from "@sufra/schema";
import {
  AdminBillingChangedDocument,
  AdminPaymentsDocument,
  type AdminPaymentRowFragment,
  type PaymentMethod,
  type PaymentStatus,
} from "../../../graphql/graphql.ts";
import { paymentMethodFromKey, paymentStatusFromKey, paymentStatusKey } from "../../../graphql/enumKeys.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatDateTime, formatFilsMoney, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import { TAG_COLORS, type TagTone } from "../../../shared/tagColors.ts";
import { useAdminStats } from "../data.ts";
import { BillingCards } from "./BillingCards.tsx";
import { ExtendPeriodModal, RecordPaymentModal, RefundModal, type BusinessRef } from "./BillingModals.tsx";
import { InvoiceLink } from "./InvoiceLink.tsx";
import { PlanName } from "./tags.tsx";
import { useSerialRefetch } from "../../../shared/useSerialRefetch.ts";

const PAGE = 20;
const STATUS_TONES: Record<string, TagTone> = {
  PENDING: "warning",
  PAID: "success",
  FAILED: "danger",
  ABANDONED: "neutral",
  REFUNDED: "neutral",
  PARTIALLY_REFUNDED: "warning",
};
// Refund where the server would make one (its money taken, something left): the rule refund() checks
const refundable = (p: AdminPaymentRowFragment) => mayRefund({ ...p, status: paymentStatusKey[p.status] });
const STATUSES = PAYMENT_STATUSES.map((s) => paymentStatusFromKey[s]);
const METHODS = PAYMENT_METHODS.map((m) => paymentMethodFromKey[m]);

function PaymentStatusTag({ status }: { status: string }) {
  const { t } = useTranslation("admin");
  return (
    <Tag variant="solid" color={TAG_COLORS[STATUS_TONES[status] ?? "neutral"]}>
      {t(`billing.paymentStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
}

export default function BillingTab() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const stats = useAdminStats();
  const [status, setStatus] = useState<PaymentStatus | undefined>();
  const [method, setMethod] = useState<PaymentMethod | undefined>();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState<string | undefined>();
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [recording, setRecording] = useState(false);
  const [refunding, setRefunding] = useState<AdminPaymentRowFragment | null>(null);
  const [extending, setExtending] = useState<BusinessRef | null>(null);

  const variables = {
    first: PAGE,
    ...(status ? { status } : {}),
    ...(method ? { method } : {}),
    ...(search ? { search } : {}),
    // Kuwait days as the pickers show them (dayjs writes Latin digits: a machine date)
    ...(range?.[0] ? { from: range[0].format("YYYY-MM-DD") } : {}),
    ...(range?.[1] ? { to: range[1].format("YYYY-MM-DD") } : {}),
  };
  const { data, error, loading, refetch, fetchMore } = useQuery(AdminPaymentsDocument, {
    variables,
    fetchPolicy: "cache-and-network",
    notifyOnNetworkStatusChange: true,
  });
  const page = data?.adminPayments;
  const rows = page?.edges.map((e) => e.node) ?? [];
  const more = () =>
    fetchMore({
      variables: { after: page?.pageInfo.endCursor },
      updateQuery: (prev, { fetchMoreResult }) =>
        fetchMoreResult
          ? {
              adminPayments: {
                ...fetchMoreResult.adminPayments,
                edges: [...prev.adminPayments.edges, ...fetchMoreResult.adminPayments.edges],
              },
            }
          : prev,
    });
  // the admin's own change and the live events all refetch in a row (useSerialRefetch): an event heard while
  // an earlier refetch runs is not answered with that earlier reading
  const changed = useSerialRefetch(refetch);
  const small = !Grid.useBreakpoint().md;
  // a payment made, failed or refunded anywhere (any business, any server process): the list reads again
  useSubscription(AdminBillingChangedDocument, { onData: changed });

  const invoice = (p: AdminPaymentRowFragment) =>
    p.invoiceNumber && p.invoicePdfUrl ? (
      <InvoiceLink number={p.invoiceNumber} pdfUrl={p.invoicePdfUrl} />
    ) : p.invoiceNumber ? (
      <bdi dir="ltr">{p.invoiceNumber}</bdi>
    ) : (
      "—"
    );
  const statusOf = (p: AdminPaymentRowFragment) => (
    <Flex vertical align="start">
      <PaymentStatusTag status={p.status} />
      {p.refundedFils > 0 && (
        <Typography.Text type="secondary" data-testid={`refunded-${p.id}`}>
          {t("billing.columns.refunded")}: <bdi>{formatFilsMoney(p.refundedFils, locale)}</bdi>
        </Typography.Text>
      )}
    </Flex>
  );
  const rowActions = (p: AdminPaymentRowFragment, vertical: boolean) => (
    <Flex vertical={vertical} wrap gap={4} align="start">
      {refundable(p) && (
        <Button size="small" danger onClick={() => setRefunding(p)} data-testid={`refund-${p.id}`}>
          {t("billing.refund")}
        </Button>
      )}
      {/* the business's period may be extended now (the server's rule, as extendPeriod checks it) */}
      {p.businessAllowedActions.includes("EXTEND_PERIOD") && (
        <Button
          size="small"
          onClick={() => setExtending({ id: p.businessId, companyName: p.businessName })}
          data-testid={`extend-${p.id}`}
        >
          {t("billing.extend")}
        </Button>
      )}
    </Flex>
  );

  const columns = [
    {
      key: "date",
      title: t("billing.columns.date"),
      render: (_: unknown, p: AdminPaymentRowFragment) => (
        <span title={formatDateTime(p.paidAt ?? p.createdAt, locale)}>
          {formatDate(p.paidAt ?? p.createdAt, locale)}
        </span>
      ),
    },
    {
      key: "business",
      title: t("billing.columns.business"),
      render: (_: unknown, p: AdminPaymentRowFragment) => <bdi>{p.businessName}</bdi>,
    },
    {
      key: "plan",
      title: t("billing.columns.plan"),
      render: (_: unknown, p: AdminPaymentRowFragment) => <PlanName plan={p.plan} />,
    },
    {
      key: "amount",
      title: t("billing.columns.amount"),
      align: "end" as const,
      render: (_: unknown, p: AdminPaymentRowFragment) => (
        <bdi data-testid={`amount-${p.id}`}>{formatFilsMoney(p.amountFils, locale)}</bdi>
      ),
    },
    {
      key: "method",
      title: t("billing.columns.method"),
      render: (_: unknown, p: AdminPaymentRowFragment) => (p.method ? t(`billing.method.${p.method}`) : "—"),
    },
    {
      key: "receipt",
      title: t("billing.columns.receipt"),
      render: (_: unknown, p: AdminPaymentRowFragment) => (p.receipt ? <bdi dir="ltr">{p.receipt}</bdi> : "—"),
    },
    {
      key: "status",
      title: t("billing.columns.status"),
      render: (_: unknown, p: AdminPaymentRowFragment) => statusOf(p),
    },
    {
      key: "invoice",
      title: t("billing.columns.invoice"),
      render: (_: unknown, p: AdminPaymentRowFragment) => invoice(p),
    },
    {
      key: "actions",
      title: t("billing.columns.actions"),
      render: (_: unknown, p: AdminPaymentRowFragment) => rowActions(p, true),
    },
  ];

  return (
    <div className="sufra-admin-billing">
      <Flex justify="end" className="sufra-live">
        <Tag color={TAG_COLORS[stats.live ? "success" : "neutral"]} variant="solid" data-testid="billing-live-state">
          {stats.live ? t("overview.live") : t("overview.polling")}
        </Tag>
      </Flex>
      <Row gutter={[16, 16]}>
        <BillingCards figures={stats.data?.adminStats.billing} />
      </Row>
      <Card
        className="sufra-card sufra-admin-payments"
        title={t("billing.payments")}
        extra={
          <Button type="primary" onClick={() => setRecording(true)} data-testid="record-payment">
            {t("billing.record")}
          </Button>
        }
      >
        <div className="sufra-payment-filters" role="search">
          <Select<PaymentStatus>
            allowClear
            aria-label={t("billing.filters.status")}
            placeholder={t("billing.filters.allStatuses")}
            value={status}
            onChange={(v) => setStatus(v ?? undefined)}
            options={STATUSES.map((s) => ({ value: s, label: t(`billing.paymentStatus.${s}`) }))}
            style={{ minWidth: 170 }}
            data-testid="payment-status-filter"
          />
          <Select<PaymentMethod>
            allowClear
            aria-label={t("billing.filters.method")}
            placeholder={t("billing.filters.allMethods")}
            value={method}
            onChange={(v) => setMethod(v ?? undefined)}
            options={METHODS.map((m) => ({ value: m, label: t(`billing.method.${m}`) }))}
            style={{ minWidth: 160 }}
            data-testid="payment-method-filter"
          />
          <Input.Search
            allowClear
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value);
              if (!e.target.value) setSearch(undefined);
            }}
            onSearch={(v) => setSearch(v.trim() || undefined)}
            placeholder={t("billing.filters.search")}
            aria-label={t("billing.filters.search")}
            className="sufra-payment-search"
            data-testid="payment-search"
          />
          <DatePicker.RangePicker
            aria-label={t("billing.filters.dates")}
            placeholder={[t("billing.filters.from"), t("billing.filters.to")]}
            value={range}
            onChange={(v) => setRange(v as [Dayjs | null, Dayjs | null] | null)}
            allowEmpty={[true, true]}
            data-testid="payment-dates"
          />
        </div>
        {error && (
          <Alert
            className="sufra-form-alert"
            type="error"
            showIcon
            title={t("billing.loadFailed")}
            description={errorMessage(error)}
          />
        )}
        {page && (
          <Typography.Paragraph type="secondary" data-testid="payments-total">
            {t("billing.total", { count: page.totalCount, n: formatNumber(page.totalCount, locale) })}
          </Typography.Paragraph>
        )}
        {small ? (
          rows.length ? (
            <ul className="sufra-client-cards" data-testid="payments-table">
              {rows.map((p) => (
                <li key={p.id}>
                  <Card
                    size="small"
                    title={<bdi>{p.businessName}</bdi>}
                    extra={<PaymentStatusTag status={p.status} />}
                    data-testid="payment-card"
                  >
                    <Descriptions
                      column={1}
                      size="small"
                      items={[
                        {
                          key: "amount",
                          label: t("billing.columns.amount"),
                          children: <bdi data-testid={`amount-${p.id}`}>{formatFilsMoney(p.amountFils, locale)}</bdi>,
                        },
                        {
                          key: "date",
                          label: t("billing.columns.date"),
                          children: formatDate(p.paidAt ?? p.createdAt, locale),
                        },
                        { key: "plan", label: t("billing.columns.plan"), children: <PlanName plan={p.plan} /> },
                        {
                          key: "method",
                          label: t("billing.columns.method"),
                          children: p.method ? t(`billing.method.${p.method}`) : "—",
                        },
                        ...(p.receipt
                          ? [
                              {
                                key: "receipt",
                                label: t("billing.columns.receipt"),
                                children: <bdi dir="ltr">{p.receipt}</bdi>,
                              },
                            ]
                          : []),
                        ...(p.refundedFils > 0
                          ? [
                              {
                                key: "refunded",
                                label: t("billing.columns.refunded"),
                                children: (
                                  <bdi data-testid={`refunded-${p.id}`}>{formatFilsMoney(p.refundedFils, locale)}</bdi>
                                ),
                              },
                            ]
                          : []),
                        { key: "invoice", label: t("billing.columns.invoice"), children: invoice(p) },
                      ]}
                    />
                    <div className="sufra-card-actions">{rowActions(p, false)}</div>
                  </Card>
                </li>
              ))}
            </ul>
          ) : loading ? null : (
            <Empty description={t("billing.none")} />
          )
        ) : (
          <Table<AdminPaymentRowFragment>
            rowKey="id"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={loading && !rows.length}
            pagination={false}
            scroll={{ x: "max-content" }}
            locale={{ emptyText: <Typography.Text type="secondary">{t("billing.none")}</Typography.Text> }}
            data-testid="payments-table"
          />
        )}
        {page?.pageInfo.hasNextPage && (
          <Flex justify="center" className="sufra-more">
            <Button onClick={() => void more()} loading={loading} data-testid="payments-more">
              {t("billing.more")}
            </Button>
          </Flex>
        )}
      </Card>
      <RecordPaymentModal open={recording} onClose={() => setRecording(false)} onDone={changed} />
      <RefundModal
        key={refunding?.id ?? "none"}
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={changed}
      />
      <ExtendPeriodModal
        key={extending ? `extend-${extending.id}` : "extend-none"}
        business={extending}
        onClose={() => setExtending(null)}
        onDone={changed}
      />
    </div>
  );
}
