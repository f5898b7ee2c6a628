// /webhooks (Premium): the business's endpoints (address, events, on or off, last delivery), adding and
// changing one (owners and the account holder), its signing secret shown once at creation and at
// rotation, a test event, removal, and each endpoint's delivery log with "send again"
// (docs/product.md#webhooks). Not on Premium: the upgrade card. Admins have no webhooks. Live: each
// delivery attempt that ends (webhookDeliveryUpdated, any server process) reads the endpoints again, so
// the last delivery shows its outcome without a reload; an open log reads its deliveries again too.
import { useMutation } from "@apollo/client/react";
import { WEBHOOK_ENDPOINTS_MAX } from "@sufra/schema";
import { Alert, App, Button, Card, Empty, Space, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import {
  RotateWebhookSecretDocument,
  SendTestWebhookDocument,
  UpdateWebhookEndpointDocument,
  DeleteWebhookEndpointDocument,
  type WebhookEndpointRowFragment,
  type WebhookEventType,
} from "../../graphql/graphql.ts";
import { errorMessage } from "../../lib/errorMessage.ts";
import { formatDate, formatDateTime, formatNumber, partSeparator } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { DangerConfirm, useReportedChange } from "../../shared/DangerConfirm.tsx";
import { Note } from "../../shared/Note.tsx";
import { PremiumPage, UpgradeCard } from "../team/index.ts";
import { DeliveriesDrawer, DeliveryStatusTag } from "./components/DeliveriesDrawer.tsx";
import { EndpointFormModal } from "./components/EndpointFormModal.tsx";
import { SecretOnceModal, type ShownSecret } from "./components/SecretOnceModal.tsx";
import { useWebhooksPage } from "./data.ts";
import { WEBHOOKS_NS } from "./i18n.ts";
import "./webhooks.css";
import { ToneTag } from "../../shared/ToneTag.tsx";

export default function WebhooksPage() {
  const { t } = useTranslation(WEBHOOKS_NS);
  const locale = useLocale();
  const { data, error, reload } = useWebhooksPage();
  // the form: closed, a new endpoint, or the endpoint being changed
  const [editing, setEditing] = useState<WebhookEndpointRowFragment | "new" | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);
  const [log, setLog] = useState<WebhookEndpointRowFragment | null>(null);

  return (
    <PremiumPage
      ns={WEBHOOKS_NS}
      data={data}
      error={error}
      onRetry={reload}
      body={({ webhooks, me }) => {
        if (!webhooks.premium && webhooks.endpoints.length === 0)
          return <UpgradeCard feature="api" plan={me.business?.subscription?.plan} />;
        const full = webhooks.endpoints.length >= WEBHOOK_ENDPOINTS_MAX;
        return (
          <>
            {!webhooks.premium && <UpgradeCard feature="api" plan={me.business?.subscription?.plan} />}
            {webhooks.premium && !webhooks.canManage && <Note title={t("readOnly")} data-testid="webhooks-read-only" />}
            <Typography.Paragraph>
              <Link to="/developers#webhooks" data-testid="webhooks-docs-link">
                {t("docs")}
              </Link>
            </Typography.Paragraph>
            {webhooks.premium && webhooks.canManage && (
              <Space className="sufra-webhooks-add" wrap>
                <Button type="primary" onClick={() => setEditing("new")} disabled={full} data-testid="add-endpoint">
                  {t("add")}
                </Button>
                <Typography.Text type="secondary">
                  {t("limit", { max: formatNumber(WEBHOOK_ENDPOINTS_MAX, locale) })}
                </Typography.Text>
              </Space>
            )}
            {webhooks.endpoints.length === 0 ? (
              <Card className="sufra-team-card">
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("empty")} />
              </Card>
            ) : (
              <ul className="sufra-webhooks-list" data-testid="webhook-endpoints">
                {webhooks.endpoints.map((e) => (
                  <li key={e.id}>
                    <EndpointCard
                      endpoint={e}
                      canManage={webhooks.canManage && webhooks.premium}
                      onEdit={() => setEditing(e)}
                      onLog={() => setLog(e)}
                      onSecret={setSecret}
                      onChange={reload}
                    />
                  </li>
                ))}
              </ul>
            )}
            <EndpointFormModal
              open={editing !== null}
              endpoint={editing === "new" ? null : editing}
              eventTypes={webhooks.eventTypes}
              onClose={() => setEditing(null)}
              onCreated={(s) => {
                setEditing(null);
                setSecret(s);
                void reload();
              }}
              onSaved={() => {
                setEditing(null);
                void reload();
              }}
            />
          </>
        );
      }}
    >
      <SecretOnceModal shown={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer
        endpoint={log}
        canManage={!!data?.webhooks.canManage && !!data.webhooks.premium}
        onClose={() => setLog(null)}
      />
    </PremiumPage>
  );
}

function EndpointCard({
  endpoint: e,
  canManage,
  onEdit,
  onLog,
  onSecret,
  onChange,
}: {
  endpoint: WebhookEndpointRowFragment;
  canManage: boolean;
  onEdit: () => void;
  onLog: () => void;
  onSecret: (s: ShownSecret) => void;
  onChange: () => unknown;
}) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const report = useReportedChange();
  const [update] = useMutation(UpdateWebhookEndpointDocument);
  const [remove] = useMutation(DeleteWebhookEndpointDocument);
  const [sendTest, { loading: testing }] = useMutation(SendTestWebhookDocument);
  // no-cache: the secret must not stay in Apollo's cache once its modal is closed
  const [rotate] = useMutation(RotateWebhookSecretDocument, { fetchPolicy: "no-cache" });

  const toggle = () =>
    report(
      () => update({ variables: { id: e.id, input: { enabled: !e.enabled } } }),
      () => t(e.enabled ? "endpoint.turnedOff" : "endpoint.turnedOn"),
      onChange,
    );
  const test = () =>
    report(
      () => sendTest({ variables: { id: e.id } }),
      () => t("endpoint.testSent"),
      onChange,
    );
  const doRotate = async () => {
    try {
      const res = await rotate({ variables: { id: e.id } });
      const r = res.data?.rotateWebhookSecret;
      if (r) onSecret({ secret: r.secret, url: r.endpoint.url, rotated: true });
    } catch (err) {
      void message.error(errorMessage(err));
      return;
    }
    await onChange();
  };

  const state = e.enabled ? (
    <ToneTag tone="success">{t("endpoint.on")}</ToneTag>
  ) : (
    <ToneTag tone={e.disabledBecauseFailing ? "danger" : null}>
      {t(e.disabledBecauseFailing ? "endpoint.offFailing" : "endpoint.off")}
    </ToneTag>
  );
  const rotatingUntil =
    e.secretRotatedUntil && new Date(e.secretRotatedUntil).getTime() > Date.now() ? e.secretRotatedUntil : null;

  return (
    <Card
      className="sufra-team-card sufra-webhook"
      title={
        <bdi dir="ltr" className="sufra-webhook-url">
          {e.url}
        </bdi>
      }
      extra={state}
      data-testid={`endpoint-${e.id}`}
    >
      {e.description && (
        <Typography.Paragraph>
          <bdi>{e.description}</bdi>
        </Typography.Paragraph>
      )}
      <div className="sufra-webhook-events" aria-label={t("form.events")}>
        {e.events.map((ev) => (
          <Tag key={ev}>{t(`events.${ev as WebhookEventType}`)}</Tag>
        ))}
      </div>
      <Typography.Paragraph type="secondary" className="sufra-webhook-meta">
        {t("endpoint.created", { date: formatDate(e.createdAt, locale) })}
        {rotatingUntil && (
          <>
            {partSeparator(locale)}
            {t("endpoint.rotating", { time: formatDateTime(rotatingUntil, locale) })}
          </>
        )}
      </Typography.Paragraph>
      <div className="sufra-webhook-last" data-testid="last-delivery">
        <Typography.Text strong>{t("endpoint.lastDelivery")}: </Typography.Text>
        {e.lastDelivery ? (
          <>
            <DeliveryStatusTag status={e.lastDelivery.status} /> <bdi dir="ltr">{e.lastDelivery.eventType}</bdi>
            {partSeparator(locale)}
            {formatDateTime(e.lastDelivery.lastAttemptAt ?? e.lastDelivery.eventCreatedAt, locale)}
          </>
        ) : (
          <Typography.Text type="secondary">{t("endpoint.noDelivery")}</Typography.Text>
        )}
      </div>
      {e.disabledBecauseFailing && !e.enabled && (
        <Alert type="error" showIcon title={t("endpoint.offFailing")} className="sufra-webhook-alert" />
      )}
      <Space wrap className="sufra-card-actions">
        <Button size="small" onClick={onLog} data-testid={`log-${e.id}`}>
          {t("endpoint.log")}
        </Button>
        {canManage && (
          <>
            <Button size="small" onClick={onEdit} data-testid={`edit-${e.id}`}>
              {t("endpoint.edit")}
            </Button>
            <Button size="small" onClick={() => void toggle()} data-testid={`toggle-${e.id}`}>
              {t(e.enabled ? "endpoint.turnOff" : "endpoint.turnOn")}
            </Button>
            <Button size="small" onClick={() => void test()} loading={testing} data-testid={`test-${e.id}`}>
              {t("endpoint.test")}
            </Button>
            <DangerConfirm
              title={t("endpoint.rotateTitle")}
              description={t("endpoint.rotateText")}
              okText={t("endpoint.rotateConfirm")}
              onConfirm={() => doRotate()}
              testId={`rotate-${e.id}`}
              danger={false}
            >
              {t("endpoint.rotate")}
            </DangerConfirm>
            <DangerConfirm
              title={t("endpoint.removeTitle")}
              description={t("endpoint.removeText")}
              okText={t("endpoint.removeConfirm")}
              onConfirm={() =>
                report(
                  () => remove({ variables: { id: e.id } }),
                  () => t("endpoint.removed"),
                  onChange,
                )
              }
              testId={`remove-${e.id}`}
            >
              {t("endpoint.remove")}
            </DangerConfirm>
          </>
        )}
      </Space>
    </Card>
  );
}
