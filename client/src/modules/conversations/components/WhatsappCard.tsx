// The café's WhatsApp number: the numbers connected (and one that needs reconnecting), "Connect WhatsApp"
// and disconnecting. Connecting is Meta's Embedded Signup: a popup where the owner picks the WhatsApp Business
// Account and number, answering a code and the two ids, then the number's six-digit PIN here. The popup opens
// when the page has Meta's SDK and Sufra's signup configuration; otherwise (and behind "Advanced" always) the
// popup's answer can be typed in.
import { WhatsAppOutlined } from "@ant-design/icons";
import { whatsappConnectSchema, type Locale } from "@sufra/schema";
import {
  App,
  Button,
  Card,
  Collapse,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Typography,
  type FormRule,
} from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { failureText, showFormFailure, useWhatsappNumbers, useWhatsappSignup } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { ruleProblem } from "../model.ts";

interface Values {
  code: string;
  phoneNumberId: string;
  wabaId: string;
  pin: string;
}
type Field = keyof Values;
const FIELDS: readonly Field[] = ["code", "phoneNumberId", "wabaId", "pin"];

const ruleFor = (field: Field, locale: Locale): FormRule => ({
  validator: async (_r, value: unknown) => {
    const problem = ruleProblem(
      whatsappConnectSchema.shape[field],
      (value as string | undefined)?.trim() ?? "",
      locale,
    );
    if (problem) throw new Error(problem);
  },
});

interface FacebookSdk {
  login: (cb: (r: { authResponse?: { code?: string } | null }) => void, opts: Record<string, unknown>) => void;
}

/**
 * Meta's Embedded Signup popup (WhatsApp Cloud API): the code comes back through FB.login, the number's and
 * the account's ids through a message from facebook.com. Null when the person closes it.
 */
function embeddedSignup(fb: FacebookSdk, configId: string): Promise<Omit<Values, "pin"> | null> {
  return new Promise((resolve) => {
    let ids: { phoneNumberId: string; wabaId: string } | null = null;
    let code: string | null = null;
    const done = () => {
      if (ids && code) {
        window.removeEventListener("message", listen);
        resolve({ code, ...ids });
      }
    };
    const listen = (event: MessageEvent) => {
      if (!/(^|\.)facebook\.com$/.test(new URL(event.origin).hostname)) return;
      try {
        const data = JSON.parse(String(event.data)) as {
          type?: string;
          event?: string;
          data?: { phone_number_id?: string; waba_id?: string };
        };
        if (data.type !== "WA_EMBEDDED_SIGNUP") return;
        if (data.event === "FINISH" && data.data?.phone_number_id && data.data.waba_id) {
          ids = { phoneNumberId: data.data.phone_number_id, wabaId: data.data.waba_id };
          done();
        } else if (data.event === "CANCEL" || data.event === "ERROR") {
          window.removeEventListener("message", listen);
          resolve(null);
        }
      } catch {
        // another message of the page
      }
    };
    window.addEventListener("message", listen);
    fb.login(
      (r) => {
        code = r.authResponse?.code ?? null;
        if (!code) {
          window.removeEventListener("message", listen);
          resolve(null);
        } else done();
      },
      {
        config_id: configId,
        response_type: "code",
        override_default_response_type: true,
        extras: { setup: {}, featureType: "", sessionInfoVersion: "3" },
      },
    );
  });
}

function ConnectModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { connect, connecting } = useWhatsappNumbers();
  const [form] = Form.useForm<Values>();
  const [failure, setFailure] = useState<string | null>(null);
  const signup = useWhatsappSignup();
  const popup = signup.sdk && signup.configId ? { fb: signup.sdk as FacebookSdk, configId: signup.configId } : null;
  const [answered, setAnswered] = useState(false);

  const openPopup = async () => {
    if (!popup) return;
    const got = await embeddedSignup(popup.fb, popup.configId);
    if (!got) return;
    form.setFieldsValue(got);
    setAnswered(true);
  };

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      const n = await connect({
        code: v.code.trim(),
        phoneNumberId: v.phoneNumberId.trim(),
        wabaId: v.wabaId.trim(),
        pin: v.pin.trim(),
      });
      void message.success(t("whatsapp.connected", { phone: n.displayPhone }));
      onClose();
    } catch (e) {
      showFormFailure(e, { fields: FIELDS, setFields: (f) => form.setFields(f as never), setFailure, locale });
    }
  };

  const field = (name: Field, extra: { inputMode?: "numeric"; maxLength?: number } = {}) => (
    <Form.Item name={name} label={t(`whatsapp.fields.${name}`)} rules={[ruleFor(name, locale)]}>
      <Input dir="ltr" autoComplete="off" {...extra} data-testid={`whatsapp-${name}`} />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={t("whatsapp.connectTitle")}
      okText={t("whatsapp.connect")}
      cancelText={t("actions.cancel", { ns: "common" })}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={connecting}
      destroyOnHidden
      data-testid="whatsapp-connect-form"
    >
      <Typography.Paragraph>{t("whatsapp.connectHelp")}</Typography.Paragraph>
      {popup ? (
        <Button icon={<WhatsAppOutlined />} onClick={() => void openPopup()} data-testid="whatsapp-signup">
          {t("whatsapp.openSignup")}
        </Button>
      ) : (
        <Typography.Paragraph type="secondary" data-testid="whatsapp-no-signup">
          {t("whatsapp.noSignup")}
        </Typography.Paragraph>
      )}
      <FormFailure failure={failure} />
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)} name="whatsapp">
        {field("pin", { inputMode: "numeric", maxLength: 6 })}
        <Collapse
          size="small"
          defaultActiveKey={popup && !answered ? [] : ["advanced"]}
          items={[
            {
              key: "advanced",
              label: t("whatsapp.advanced"),
              forceRender: true,
              children: (
                <>
                  <Typography.Paragraph type="secondary">{t("whatsapp.advancedHelp")}</Typography.Paragraph>
                  {field("code")}
                  {field("phoneNumberId", { inputMode: "numeric" })}
                  {field("wabaId", { inputMode: "numeric" })}
                </>
              ),
            },
          ]}
        />
      </Form>
    </Modal>
  );
}

export function WhatsappCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { numbers, disconnect } = useWhatsappNumbers();
  const [connecting, setConnecting] = useState(false);

  const onDisconnect = async (id: string) => {
    try {
      await disconnect(id);
      void message.success(t("whatsapp.disconnected"));
    } catch (e) {
      void message.error(failureText(e, locale));
    }
  };

  return (
    <Card
      size="small"
      title={t("whatsapp.heading")}
      extra={
        canManage && (
          <Button
            size="small"
            icon={<WhatsAppOutlined />}
            onClick={() => setConnecting(true)}
            data-testid="whatsapp-connect"
          >
            {t("whatsapp.connect")}
          </Button>
        )
      }
      data-testid="whatsapp-card"
    >
      {numbers && !numbers.length && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("whatsapp.none")} />}
      <ul className="sufra-chat-settings-list">
        {(numbers ?? []).map((n) => (
          <li key={n.id} data-testid="whatsapp-number">
            <Space wrap>
              <strong>
                <bdi dir="ltr">{n.displayPhone}</bdi>
              </strong>
              {n.verifiedName && <bdi>{n.verifiedName}</bdi>}
              <ToneTag tone={n.status === "connected" ? "success" : "warning"}>
                {n.status === "connected" ? t("whatsapp.statusConnected") : t("whatsapp.statusReconnect")}
              </ToneTag>
            </Space>
            {canManage && (
              <Popconfirm
                title={t("whatsapp.disconnectTitle")}
                description={t("whatsapp.disconnectText")}
                okText={t("whatsapp.disconnect")}
                cancelText={t("actions.cancel", { ns: "common" })}
                okButtonProps={{ danger: true }}
                onConfirm={() => onDisconnect(n.id)}
              >
                <Button size="small" danger>
                  {t("whatsapp.disconnect")}
                </Button>
              </Popconfirm>
            )}
          </li>
        ))}
      </ul>
      {!canManage && <Typography.Paragraph type="secondary">{t("settings.managersOnly")}</Typography.Paragraph>}
      {connecting && <ConnectModal onClose={() => setConnecting(false)} />}
    </Card>
  );
}
