// A client's details for the admin: business, contact, subscription and trial end, its people, its
// invoices and credit notes (each number downloads its PDF), and what happened to it (the audit
// history: what, who and what changed), with the actions the server allows it now (allowedActions):
// the account's, and billing's money actions (record a payment, extend the period:
// docs/product.md#subscriptions-and-billing).
import { useApolloClient, useQuery } from "@apollo/client/react";
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Empty,
  Grid,
  Skeleton,
  Space,
  Table,
  Tag,
  Timeline,
  Typography,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ClientDetailsDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatDateTime, formatFilsMoney, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { auditActionLabel, auditActorText, auditDetails } from "../model.ts";
import { InvoiceLink } from "./InvoiceLink.tsx";
import { ClientActionButtons, type ClientActions } from "./ClientActions.tsx";
import { ExtendPeriodModal, RecordPaymentModal, type BusinessRef } from "./BillingModals.tsx";
import { ClientStatusTag, PlanName } from "./tags.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";

export function ClientDetails({
  id,
  onClose,
  actions,
}: {
  id: string | null;
  onClose: () => void;
  actions: ClientActions;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const { data, error, loading } = useQuery(ClientDetailsDocument, {
    variables: { id: id ?? "" },
    skip: !id,
    fetchPolicy: "cache-and-network",
  });
  const c = data?.client;
  const invoices = data?.invoices ?? [];
  const apollo = useApolloClient();
  const [recording, setRecording] = useState<BusinessRef | null>(null);
  const [extending, setExtending] = useState<BusinessRef | null>(null);
  // the history gained a row, the subscription moved: the details and the open lists read again
  const changed = () => apollo.refetchQueries({ include: "active" });
  return (
    <Drawer
      open={!!id}
      onClose={onClose}
      size={small ? "100%" : 640}
      title={c ? <bdi>{c.companyName}</bdi> : t("details.title")}
      placement={locale === "ar" ? "left" : "right"}
      data-testid="client-details"
    >
      {error && <Alert type="error" showIcon title={t("details.loadFailed")} description={errorMessage(error)} />}
      {!c && loading && <Skeleton active />}
      {c && (
        <>
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: "status", label: t("columns.status"), children: <ClientStatusTag status={c.status} /> },
              { key: "contact", label: t("columns.contact"), children: <bdi>{c.contactName}</bdi> },
              { key: "email", label: t("columns.email"), children: <bdi dir="ltr">{c.email ?? "—"}</bdi> },
              { key: "phone", label: t("columns.phone"), children: <bdi dir="ltr">{c.phone}</bdi> },
              { key: "address", label: t("details.address"), children: c.address || "—" },
              {
                key: "plan",
                label: t("columns.plan"),
                children: <PlanName plan={c.subscription?.plan ?? c.requestedPlan} />,
              },
              {
                key: "trial",
                label: t("details.trialEnds"),
                children: c.subscription?.trialEndsAt
                  ? `${formatDate(c.subscription.trialEndsAt, locale)} (${formatHijri(c.subscription.trialEndsAt, locale)})`
                  : "—",
              },
              { key: "signedUp", label: t("columns.signedUp"), children: formatDateTime(c.createdAt, locale) },
              ...(c.rejectionReason
                ? [{ key: "reason", label: t("rejectModal.reason"), children: c.rejectionReason }]
                : []),
            ]}
          />
          <div className="sufra-details-actions">
            <ClientActionButtons client={c} actions={actions} />
          </div>
          {(c.allowedActions.includes("RECORD_PAYMENT") || c.allowedActions.includes("EXTEND_PERIOD")) && (
            <Space wrap className="sufra-details-actions">
              {c.allowedActions.includes("RECORD_PAYMENT") && (
                <Button
                  size="small"
                  onClick={() => setRecording({ id: c.id, companyName: c.companyName })}
                  data-testid="details-record-payment"
                >
                  {t("billing.record")}
                </Button>
              )}
              {c.allowedActions.includes("EXTEND_PERIOD") && (
                <Button
                  size="small"
                  onClick={() => setExtending({ id: c.id, companyName: c.companyName })}
                  data-testid="details-extend"
                >
                  {t("billing.extend")}
                </Button>
              )}
            </Space>
          )}
          <Typography.Title level={5}>{t("details.people")}</Typography.Title>
          {small ? (
            // on a phone a person is a line of their own (a table of three columns would scroll sideways)
            <ul className="sufra-client-lines" data-testid="client-people">
              {c.users.map((u) => (
                <li key={u.id}>
                  <bdi>{u.name}</bdi>
                  <Typography.Text type="secondary">
                    <bdi dir="ltr">{u.email}</bdi>
                  </Typography.Text>
                  <Tag>{t(`details.roles.${u.role}`)}</Tag>
                </li>
              ))}
            </ul>
          ) : (
            <Table
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={c.users}
              columns={[
                {
                  key: "name",
                  title: t("details.name"),
                  render: (_: unknown, u: (typeof c.users)[number]) => <bdi>{u.name}</bdi>,
                },
                {
                  key: "email",
                  title: t("columns.email"),
                  render: (_: unknown, u: (typeof c.users)[number]) => <bdi dir="ltr">{u.email}</bdi>,
                },
                {
                  key: "role",
                  title: t("details.role"),
                  render: (_: unknown, u: (typeof c.users)[number]) => t(`details.roles.${u.role}`),
                },
              ]}
            />
          )}
          <Typography.Title level={5}>{t("invoices.title")}</Typography.Title>
          {invoices.length ? (
            <ul className="sufra-client-lines" data-testid="client-invoices">
              {invoices.map((i) => (
                <li key={i.id}>
                  <InvoiceLink number={i.number} pdfUrl={i.pdfUrl} />
                  <ToneTag tone={i.kind === "CREDIT_NOTE" ? "warning" : "neutral"}>{t(`invoices.${i.kind}`)}</ToneTag>
                  {i.relatesTo && (
                    <Typography.Text type="secondary">
                      <bdi dir="ltr">{t("invoices.relatesTo", { number: i.relatesTo })}</bdi>
                    </Typography.Text>
                  )}
                  <Typography.Text type="secondary">{formatDate(i.issuedAt, locale)}</Typography.Text>
                  <bdi>{formatFilsMoney(i.kind === "CREDIT_NOTE" ? -i.totalFils : i.totalFils, locale)}</bdi>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("invoices.none")} />
          )}
          <Typography.Title level={5}>{t("details.history")}</Typography.Title>
          <Timeline
            items={c.auditHistory.map((a) => {
              const details = auditDetails(t, locale, a.data);
              return {
                key: a.id,
                content: (
                  <>
                    <Typography.Text strong>{auditActionLabel(t, a.action)}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{formatDateTime(a.createdAt, locale)}</Typography.Text>
                    <br />
                    <Typography.Text type="secondary" data-testid={`audit-${a.id}-actor`}>
                      <bdi>{auditActorText(t, a.actor)}</bdi>
                    </Typography.Text>
                    {details.length > 0 && (
                      <dl className="sufra-audit-details" data-testid={`audit-${a.id}-details`}>
                        {details.map((d) => (
                          <div key={d.key}>
                            <dt>{d.label}:</dt>{" "}
                            <dd>
                              <bdi>{d.value}</bdi>
                            </dd>
                          </div>
                        ))}
                      </dl>
                    )}
                  </>
                ),
              };
            })}
          />
        </>
      )}
      <RecordPaymentModal open={!!recording} business={recording} onClose={() => setRecording(null)} onDone={changed} />
      <ExtendPeriodModal
        key={extending?.id ?? "none"}
        business={extending}
        onClose={() => setExtending(null)}
        onDone={changed}
      />
    </Drawer>
  );
}
