// A client's details for the admin: business, contact, subscription and trial end, its people, and
// what happened to it (the audit history), with the actions its status allows.
import { useQuery } from "@apollo/client/react";
import { Alert, Descriptions, Drawer, Grid, Skeleton, Table, Timeline, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { ClientDetailsDocument } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate, formatDateTime, formatHijri } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { auditActionLabel } from "../auditActions.ts";
import { ClientActionButtons, type ClientActions } from "../hooks/useClientActions.tsx";
import { ClientStatusTag, PlanName } from "./tags.tsx";

export function ClientDetails({ id, onClose, actions }: { id: string | null; onClose: () => void; actions: ClientActions }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const { data, error, loading } = useQuery(ClientDetailsDocument, { variables: { id: id ?? "" }, skip: !id, fetchPolicy: "cache-and-network" });
  const c = data?.client;
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
    </Drawer>
  );
}
