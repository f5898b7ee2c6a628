// Adding or changing an endpoint: its address, the events it receives, a note, on or off. The shared
// rule (@sufra/schema's webhooks.ts) is checked by the server, which knows whether plain http is allowed
// here (never in production); its field errors are shown under the fields.
import { useMutation } from "@apollo/client/react";
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from "@sufra/schema";
import { Checkbox, Form, Input, Modal, Switch, type ButtonProps } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CreateWebhookEndpointDocument,
  UpdateWebhookEndpointDocument,
  type WebhookEndpointRowFragment,
  type WebhookEventType,
} from "../../../graphql/graphql.ts";
import { FormFailure, showServerErrors } from "../../../shared/FormFailure.tsx";
import { WEBHOOKS_NS } from "../i18n.ts";
import type { ShownSecret } from "./SecretOnceModal.tsx";

interface Values {
  url: string;
  events: WebhookEventType[];
  description: string;
  enabled: boolean;
}

const FIELDS = ["url", "events", "description", "enabled"] as const;

export function EndpointFormModal({
  open,
  endpoint,
  eventTypes,
  onClose,
  onCreated,
  onSaved,
}: {
  open: boolean;
  endpoint: WebhookEndpointRowFragment | null;
  eventTypes: readonly WebhookEventType[];
  onClose: () => void;
  onCreated: (s: ShownSecret) => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(WEBHOOKS_NS);
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  // no-cache: the secret in the answer must not stay in Apollo's cache
  const [create, { loading: creating }] = useMutation(CreateWebhookEndpointDocument, { fetchPolicy: "no-cache" });
  const [update, { loading: saving }] = useMutation(UpdateWebhookEndpointDocument);

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    form.resetFields();
    form.setFieldsValue(
      endpoint
        ? {
            url: endpoint.url,
            events: [...endpoint.events],
            description: endpoint.description,
            enabled: endpoint.enabled,
          }
        : { url: "", events: [...eventTypes], description: "", enabled: true },
    );
  }, [open, endpoint, eventTypes, form]);

  const submit = async (v: Values) => {
    setFailure(null);
    const input = { url: v.url.trim(), events: v.events, description: v.description, enabled: v.enabled };
    try {
      if (endpoint) {
        await update({ variables: { id: endpoint.id, input } });
        onSaved();
      } else {
        const res = await create({ variables: { input } });
        const c = res.data?.createWebhookEndpoint;
        if (c) onCreated({ secret: c.secret, url: c.endpoint.url, rotated: false });
      }
    } catch (e) {
      showServerErrors(form, e, FIELDS, setFailure);
    }
  };

  return (
    <Modal
      open={open}
      title={t(endpoint ? "form.editTitle" : "form.createTitle")}
      onCancel={onClose}
      okText={t(endpoint ? "form.save" : "form.create")}
      cancelText={t("form.cancel")}
      onOk={() => form.submit()}
      okButtonProps={{ loading: creating || saving, "data-testid": "endpoint-submit" } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={submit} data-testid="endpoint-form">
        <Form.Item name="url" label={t("form.url")} extra={t("form.urlHint")}>
          <Input
            dir="ltr"
            maxLength={WEBHOOK_URL_MAX}
            placeholder="https://example.com/sufra/webhooks"
            autoComplete="off"
            inputMode="url"
          />
        </Form.Item>
        <Form.Item name="events" label={t("form.events")}>
          <Checkbox.Group
            className="sufra-webhook-event-choices"
            options={eventTypes.map((ev) => ({ value: ev, label: t(`events.${ev}`) }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t("form.description")} extra={t("form.descriptionHint")}>
          <Input.TextArea maxLength={WEBHOOK_DESCRIPTION_MAX} autoSize={{ minRows: 1, maxRows: 3 }} />
        </Form.Item>
        <Form.Item name="enabled" label={t("form.enabled")} valuePropName="checked">
          <Switch />
        </Form.Item>
        <FormFailure failure={failure} testId="endpoint-error" />
      </Form>
    </Modal>
  );
}
