// /api-keys: the business's keys (name, first characters, created, last used, revoked), creating one
// (owners and the account holder) with the key shown once in a modal with a copy button, revoking with
// a confirmation, and how to call /graphql with a key. Not on Premium: the upgrade card (and the old
// keys, so they can still be revoked). Admins have no keys. Under the list, each key's requests and
// errors per day over the last 30 days, and a link to the developer documentation (/developers).
import { FormFailure } from "../../shared/FormFailure.tsx";
import {
  API_KEY_NAME_MAX,
  API_KEY_PREFIX,
  API_KEY_RATE_LIMIT,
  apiKeyNameSchema,
  messageText,
  type MessageKey,
} from "@sufra/schema";
import { Alert, App, Button, Card, Descriptions, Empty, Form, Grid, Input, Modal, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiKeyRowFragment } from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { formatDate, formatDateTime, formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { PremiumPage, UpgradeCard } from "../team/index.ts";
import { API_KEYS_NS } from "./i18n.ts";
import { DangerConfirm, useReportedChange } from "../../shared/DangerConfirm.tsx";
import { Note } from "../../shared/Note.tsx";
import { Link } from "react-router-dom";
import { KeyUsageCard } from "./components/KeyUsageCard.tsx";
import { useApiKeysPage, useCreateApiKey, useRevokeApiKey, type CreatedKey } from "./data.ts";
import { ToneTag } from "../../shared/ToneTag.tsx";

export default function ApiKeysPage() {
  const { t } = useTranslation(API_KEYS_NS);
  const { data, error, loading, reload } = useApiKeysPage();
  const [created, setCreated] = useState<CreatedKey | null>(null);

  return (
    <PremiumPage
      ns={API_KEYS_NS}
      data={data}
      error={error}
      onRetry={reload}
      body={({ apiKeys, me }) => (
        <>
          {!apiKeys.premium ? (
            <UpgradeCard feature="api" plan={me.business?.subscription?.plan} />
          ) : apiKeys.canManage ? (
            <CreateKeyCard
              onCreated={(c) => {
                setCreated(c);
                void reload();
              }}
            />
          ) : (
            <Note title={t("readOnly")} data-testid="api-keys-read-only" />
          )}
          {(apiKeys.premium || apiKeys.keys.length > 0) && (
            <KeysCard keys={apiKeys.keys} canManage={apiKeys.canManage} onChange={reload} busy={loading} />
          )}
          {apiKeys.keys.length > 0 && <KeyUsageCard keys={apiKeys.keys} />}
          {apiKeys.premium && <UsageCard />}
        </>
      )}
    >
      <KeyOnceModal created={created} onClose={() => setCreated(null)} />
    </PremiumPage>
  );
}

function CreateKeyCard({ onCreated }: { onCreated: (c: CreatedKey) => void }) {
  const { t } = useTranslation(API_KEYS_NS);
  const locale = useLocale();
  const [form] = Form.useForm<{ name: string }>();
  const { create, creating } = useCreateApiKey();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ name }: { name: string }) => {
    setFailure(null);
    try {
      const c = await create(name);
      if (!c) return;
      form.resetFields();
      onCreated(c);
    } catch (e) {
      const field = errorDetails(e).name;
      if (field?.length) form.setFields([{ name: "name", errors: field }]);
      else setFailure(errorMessage(e));
    }
  };

  return (
    <Card title={t("create.title")} className="sufra-team-card">
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{ name: "" }}
        data-testid="create-key-form"
      >
        <Form.Item
          name="name"
          label={t("create.name")}
          extra={t("create.nameHint")}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const r = apiKeyNameSchema.safeParse({ name: value ?? "" });
                if (!r.success)
                  throw new Error(messageText((r.error.issues[0]?.message ?? "invalidValue") as MessageKey, locale));
              },
            },
          ]}
        >
          <Input maxLength={API_KEY_NAME_MAX} placeholder={t("create.namePlaceholder")} autoComplete="off" />
        </Form.Item>
        <FormFailure failure={failure} testId="create-key-error" />
        <Button type="primary" htmlType="submit" loading={creating}>
          {t("create.submit")}
        </Button>
      </Form>
    </Card>
  );
}

/** The new key, this once: a warning, the key, a copy button. Closing it forgets the key. */
function KeyOnceModal({ created, onClose }: { created: CreatedKey | null; onClose: () => void }) {
  const { t } = useTranslation(API_KEYS_NS);
  const { message } = App.useApp();

  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      void message.success(t("once.copied"));
    } catch {
      void message.warning(t("once.copyFailed"));
    }
  };

  return (
    <Modal
      open={!!created}
      title={t("once.title")}
      onCancel={onClose}
      mask={{ closable: false }}
      keyboard={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="key-done">
          {t("once.done")}
        </Button>
      }
    >
      {created && (
        <>
          <Alert type="warning" showIcon title={t("once.warning")} data-testid="key-warning" />
          <Typography.Paragraph className="sufra-key-name" strong>
            <bdi>{created.name}</bdi>
          </Typography.Paragraph>
          <div className="sufra-key-once">
            <code className="sufra-key-value" aria-label={t("once.label")} data-testid="new-key">
              {created.key}
            </code>
            <Button onClick={() => void copy()} data-testid="copy-key">
              {t("once.copy")}
            </Button>
          </div>
        </>
      )}
    </Modal>
  );
}

function KeysCard({
  keys,
  canManage,
  onChange,
  busy,
}: {
  keys: ApiKeyRowFragment[];
  canManage: boolean;
  onChange: () => unknown;
  busy: boolean;
}) {
  const { t } = useTranslation(API_KEYS_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const report = useReportedChange();
  const revoke = useRevokeApiKey();

  const revokeKey = (k: ApiKeyRowFragment) =>
    report(
      () => revoke(k.id),
      () => t("list.revokedDone", { name: k.name }),
      onChange,
    );

  const prefix = (k: ApiKeyRowFragment) => <bdi className="sufra-key-prefix" dir="ltr">{`${k.prefix}…`}</bdi>;
  const lastUsed = (k: ApiKeyRowFragment) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt, locale) : t("list.never"));
  const status = (k: ApiKeyRowFragment) =>
    k.revokedAt ? (
      <ToneTag tone="danger">{t("list.revoked")}</ToneTag>
    ) : (
      <ToneTag tone="success">{t("list.active")}</ToneTag>
    );
  const action = (k: ApiKeyRowFragment) =>
    canManage && !k.revokedAt ? (
      <DangerConfirm
        title={t("list.revokeTitle", { name: k.name })}
        description={t("list.revokeText")}
        okText={t("list.revokeConfirm")}
        onConfirm={() => revokeKey(k)}
        testId={`revoke-key-${k.id}`}
      >
        {t("list.revoke")}
      </DangerConfirm>
    ) : null;

  const columns = [
    { key: "name", title: t("list.name"), render: (_: unknown, k: ApiKeyRowFragment) => <bdi>{k.name}</bdi> },
    { key: "key", title: t("list.key"), render: (_: unknown, k: ApiKeyRowFragment) => prefix(k) },
    {
      key: "created",
      title: t("list.created"),
      render: (_: unknown, k: ApiKeyRowFragment) => formatDate(k.createdAt, locale),
    },
    { key: "lastUsed", title: t("list.lastUsed"), render: (_: unknown, k: ApiKeyRowFragment) => lastUsed(k) },
    { key: "status", title: t("list.status"), render: (_: unknown, k: ApiKeyRowFragment) => status(k) },
    ...(canManage
      ? [{ key: "actions", title: t("list.actions"), render: (_: unknown, k: ApiKeyRowFragment) => action(k) }]
      : []),
  ];

  let list;
  if (!keys.length) list = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("list.empty")} />;
  else if (small)
    list = (
      <ul className="sufra-team-list" aria-busy={busy}>
        {keys.map((k) => (
          <li key={k.id}>
            <Card size="small" title={<bdi>{k.name}</bdi>} extra={status(k)} data-testid="key-card">
              <Descriptions
                column={1}
                size="small"
                items={[
                  { key: "key", label: t("list.key"), children: prefix(k) },
                  { key: "created", label: t("list.created"), children: formatDate(k.createdAt, locale) },
                  { key: "lastUsed", label: t("list.lastUsed"), children: lastUsed(k) },
                ]}
              />
              {action(k) && <div className="sufra-card-actions">{action(k)}</div>}
            </Card>
          </li>
        ))}
      </ul>
    );
  else
    list = (
      <Table<ApiKeyRowFragment>
        rowKey="id"
        columns={columns}
        dataSource={keys}
        pagination={false}
        loading={busy}
        scroll={{ x: "max-content" }}
        data-testid="keys-table"
      />
    );

  return (
    <Card title={t("list.title")} className="sufra-team-card" data-testid="api-keys-list">
      {list}
    </Card>
  );
}

function UsageCard() {
  const { t } = useTranslation(API_KEYS_NS);
  const locale = useLocale();
  const origin = typeof window !== "undefined" ? window.location.origin : "";
  const example = [
    `curl -H "Authorization: Bearer ${API_KEY_PREFIX}…" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"query":"{ me { email } }"}' \\`,
    `  ${origin}/graphql`,
  ].join("\n");
  return (
    <Card title={t("usage.title")} className="sufra-team-card">
      <Typography.Paragraph>{t("usage.text")}</Typography.Paragraph>
      <pre className="sufra-usage" dir="ltr" data-testid="usage-example">
        {example}
      </pre>
      <Typography.Paragraph type="secondary">
        {t("usage.limits", { limit: formatNumber(API_KEY_RATE_LIMIT.points, locale) })}
      </Typography.Paragraph>
      <Typography.Paragraph>
        <Link to="/developers" data-testid="developers-link">
          {t("usage.docs")}
        </Link>
      </Typography.Paragraph>
    </Card>
  );
}
