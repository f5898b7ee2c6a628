// A client's details for the admin: business, contact, subscription and trial end, its people, and
// what happened to it (the audit history), with the actions its status allows; billing's money actions
// for its subscription (record a payment, extend the period: docs/product.md#subscriptions-and-billing).
import { subscriptionRuns } from "@sufra/schema";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { Alert, Button, Descriptions, Drawer, Grid, Skeleton, Space, Table, Timeline, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ClientDetailsDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatDateTime, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { auditActionLabel } from "../auditActions.ts";
import { ClientActionButtons, type ClientActions } from "../hooks/useClientActions.tsx";
import { ExtendPeriodModal, RecordPaymentModal, type BusinessRef } from "./BillingModals.tsx";
import { ClientStatusTag, PlanName } from "./tags.tsx";

/** A running subscription has a period to extend (expired and cancelled come back by paying or a gift). */
const extendable = (status: string) => subscriptionRuns(status.toLowerCase());

export function ClientDetails({ id, onClose, actions }: { id: string | null; onClose: () => void; actions: ClientActions }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const { data, error, loading } = useQuery(ClientDetailsDocument, { variables: { id: id ?? "" }, skip: !id, fetchPolicy: "cache-and-network" });
  const c = data?.client;
  const apollo = useApolloClient();
  const [recording, setRecording] = useState<BusinessRef | null>(null);
  const [extending, setExtending] = useState<BusinessRef | null>(null);
  // the history gained a row, the subscription moved: the details and the open lists read again
  const changed = () => apollo.refetchQueries({ include: "active" });
  return (
    <Drawer open={!!id} onClose={onClose} size={small ? "100%" : 640} title={c ? <bdi>{c.companyName}</bdi> : t("details.title")} placement={locale === "ar" ? "left" : "right"} data-testid="client-details">
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
              { key: "plan", label: t("columns.plan"), children: <PlanName plan={c.subscription?.plan ?? c.requestedPlan} /> },
              {
                key: "trial",
                label: t("details.trialEnds"),
                children: c.subscription?.trialEndsAt ? `${formatDate(c.subscription.trialEndsAt, locale)} (${formatHijri(c.subscription.trialEndsAt, locale)})` : "—",
              },
              { key: "signedUp", label: t("columns.signedUp"), children: formatDateTime(c.createdAt, locale) },
              ...(c.rejectionReason ? [{ key: "reason", label: t("rejectModal.reason"), children: c.rejectionReason }] : []),
            ]}
          />
          <div className="sufra-details-actions">
            <ClientActionButtons client={c} actions={actions} />
          </div>
          {c.subscription && (
            <Space wrap className="sufra-details-actions">
              <Button size="small" onClick={() => setRecording({ id: c.id, companyName: c.companyName })} data-testid="details-record-payment">
                {t("billing.record")}
              </Button>
              {extendable(c.subscription.status) && (
                <Button size="small" onClick={() => setExtending({ id: c.id, companyName: c.companyName })} data-testid="details-extend">
                  {t("billing.extend")}
                </Button>
              )}
            </Space>
          )}
          <Typography.Title level={5}>{t("details.people")}</Typography.Title>
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={c.users}
            columns={[
              { key: "name", title: t("details.name"), render: (_: unknown, u: (typeof c.users)[number]) => <bdi>{u.name}</bdi> },
              { key: "email", title: t("columns.email"), render: (_: unknown, u: (typeof c.users)[number]) => <bdi dir="ltr">{u.email}</bdi> },
              { key: "role", title: t("details.role"), render: (_: unknown, u: (typeof c.users)[number]) => t(`details.roles.${u.role}`) },
            ]}
          />
          <Typography.Title level={5}>{t("details.history")}</Typography.Title>
          <Timeline
            items={c.auditHistory.map((a) => ({
              key: a.id,
              content: (
                <>
                  <Typography.Text strong>{auditActionLabel(t, a.action)}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{formatDateTime(a.createdAt, locale)}</Typography.Text>
                </>
              ),
            }))}
          />
        </>
      )}
      <RecordPaymentModal open={!!recording} business={recording} onClose={() => setRecording(null)} onDone={changed} />
      <ExtendPeriodModal key={extending?.id ?? "none"} business={extending} onClose={() => setExtending(null)} onDone={changed} />
    </Drawer>
  );
}
