// The billing page's history (docs/product.md#subscriptions-and-billing): the invoices and credit notes
// with their PDF (owners and the account holder), and the payments, newest first. Tables become cards on
// a phone.
import { useQuery } from "@apollo/client/react";
import { App, Button, Card, Descriptions, Empty, Grid, Table } from "antd";
import { DownloadOutlined } from "@ant-design/icons";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BillingInvoicesDocument,
  type BillingInvoicesQuery,
  type BillingPaymentFieldsFragment,
} from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatFilsMoney } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { LoadError, Loading } from "../../../shared/LoadError.tsx";
import { BILLING_NS } from "../i18n.ts";
import { downloadInvoice } from "../invoicePdf.ts";
import { planName } from "../model.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import type { TagTone } from "../../../shared/tagColors.ts";

type InvoiceRow = BillingInvoicesQuery["invoices"][number];

export function InvoicesCard() {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const { message } = App.useApp();
  const { data, error, refetch } = useQuery(BillingInvoicesDocument, { fetchPolicy: "cache-and-network" });
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (i: InvoiceRow) => {
    setBusy(i.id);
    try {
      const name = await downloadInvoice(i.pdfUrl, i.number, locale);
      void message.success(t("invoices.downloaded", { name }));
    } catch (e) {
      void message.error(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const kind = (i: InvoiceRow) => (
    <>
      <ToneTag tone={i.kind === "CREDIT_NOTE" ? "warning" : "neutral"}>{t(`invoices.${i.kind}`)}</ToneTag>
      {i.relatesTo && <bdi dir="ltr">{t("invoices.relatesTo", { number: i.relatesTo })}</bdi>}
    </>
  );
  const total = (i: InvoiceRow) => (
    <bdi>{formatFilsMoney(i.kind === "CREDIT_NOTE" ? -i.totalFils : i.totalFils, locale)}</bdi>
  );
  const action = (i: InvoiceRow) => (
    <Button
      size="small"
      icon={<DownloadOutlined aria-hidden="true" />}
      loading={busy === i.id}
      onClick={() => void download(i)}
      aria-label={t("invoices.downloadLabel", { number: i.number })}
      data-testid={`download-${i.number}`}
    >
      {t("invoices.download")}
    </Button>
  );

  let body;
  if (error && !data)
    body = <LoadError title={t("loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else if (!data) body = <Loading rows={2} />;
  else if (!data.invoices.length)
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("invoices.empty")} />;
  else if (small)
    body = (
      <ul className="sufra-billing-list">
        {data.invoices.map((i) => (
          <li key={i.id}>
            <Card size="small" title={<bdi dir="ltr">{i.number}</bdi>} extra={action(i)}>
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: "kind", label: t("invoices.kind"), children: kind(i) },
                  { key: "issued", label: t("invoices.issued"), children: formatDate(i.issuedAt, locale) },
                  { key: "total", label: t("invoices.total"), children: total(i) },
                ]}
              />
            </Card>
          </li>
        ))}
      </ul>
    );
  else
    body = (
      <Table<InvoiceRow>
        rowKey="id"
        pagination={false}
        dataSource={data.invoices}
        scroll={{ x: "max-content" }}
        data-testid="invoices-table"
        columns={[
          { key: "number", title: t("invoices.number"), render: (_: unknown, i) => <bdi dir="ltr">{i.number}</bdi> },
          { key: "kind", title: t("invoices.kind"), render: (_: unknown, i) => kind(i) },
          { key: "issued", title: t("invoices.issued"), render: (_: unknown, i) => formatDate(i.issuedAt, locale) },
          { key: "total", title: t("invoices.total"), render: (_: unknown, i) => total(i) },
          { key: "download", title: t("invoices.download"), render: (_: unknown, i) => action(i) },
        ]}
      />
    );

  return (
    <Card title={t("invoices.title")} className="sufra-card sufra-billing-card" data-testid="billing-invoices">
      {body}
    </Card>
  );
}

const STATUS_TONES: Record<string, TagTone | null> = {
  PENDING: "warning",
  PAID: "success",
  FAILED: "danger",
  ABANDONED: null,
  REFUNDED: "neutral",
  PARTIALLY_REFUNDED: "neutral",
};

export function PaymentsCard({ payments }: { payments: BillingPaymentFieldsFragment[] }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  if (!payments.length) return null;

  const status = (p: BillingPaymentFieldsFragment) => (
    <ToneTag tone={STATUS_TONES[p.status] ?? null}>{t(`payments.statuses.${p.status}`)}</ToneTag>
  );
  const method = (p: BillingPaymentFieldsFragment) => (p.method ? t(`payments.methods.${p.method}`) : "—");
  const when = (p: BillingPaymentFieldsFragment) => formatDate(p.paidAt ?? p.createdAt, locale);

  const body = small ? (
    <ul className="sufra-billing-list">
      {payments.map((p) => (
        <li key={p.id}>
          <Card size="small" title={when(p)} extra={status(p)}>
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: "plan", label: t("payments.plan"), children: planName(p.plan, locale) },
                {
                  key: "amount",
                  label: t("payments.amount"),
                  children: <bdi>{formatFilsMoney(p.amountFils, locale)}</bdi>,
                },
                { key: "method", label: t("payments.method"), children: method(p) },
              ]}
            />
          </Card>
        </li>
      ))}
    </ul>
  ) : (
    <Table<BillingPaymentFieldsFragment>
      rowKey="id"
      pagination={false}
      dataSource={payments}
      scroll={{ x: "max-content" }}
      data-testid="payments-table"
      columns={[
        { key: "date", title: t("payments.date"), render: (_: unknown, p) => when(p) },
        { key: "plan", title: t("payments.plan"), render: (_: unknown, p) => planName(p.plan, locale) },
        {
          key: "amount",
          title: t("payments.amount"),
          render: (_: unknown, p) => <bdi>{formatFilsMoney(p.amountFils, locale)}</bdi>,
        },
        { key: "method", title: t("payments.method"), render: (_: unknown, p) => method(p) },
        { key: "status", title: t("payments.status"), render: (_: unknown, p) => status(p) },
      ]}
    />
  );

  return (
    <Card title={t("payments.title")} className="sufra-card sufra-billing-card" data-testid="billing-payments">
      {body}
    </Card>
  );
}
