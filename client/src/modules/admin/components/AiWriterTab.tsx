// The admin console's AI writer tab: the studio writes with Sufra's built-in offline writer, or with
// any OpenAI-compatible chat-completions endpoint (base URL, model, key). The key is write-only:
// the server seals it and only says whether one is stored. "Test" asks the writer the form describes
// (its values as edited, not saved; an empty key tries the stored one) for one
// short caption and shows whether the model answered or the built-in writer stood in.
import { useMutation, useQuery } from "@apollo/client/react";
import { AI_PROVIDER_LABELS, aiSettingsSchema, messageText, type MessageKey } from "@sufra/schema";
import { Alert, App, Button, Card, Checkbox, Form, Input, Radio, Skeleton, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminAiSettingsDocument,
  AdminTestAiSettingsDocument,
  AdminUpdateAiSettingsDocument,
  type AdminTestAiSettingsMutation,
} from "../../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { LoadError } from "../../../shared/LoadError.tsx";

interface Values {
  provider: "local" | "openai";
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  clearApiKey?: boolean;
}

export default function AiWriterTab() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const { data, error, refetch } = useQuery(AdminAiSettingsDocument);
  // AiSettings is a single row with no id: the answer replaces the query's copy by hand
  const [update, updateState] = useMutation(AdminUpdateAiSettingsDocument, {
    update: (cache, r) =>
      r.data && cache.writeQuery({ query: AdminAiSettingsDocument, data: { aiSettings: r.data.updateAiSettings } }),
  });
  const [test, testState] = useMutation(AdminTestAiSettingsDocument);
  const [check, setCheck] = useState<AdminTestAiSettingsMutation["testAiSettings"] | null>(null);
  const provider = Form.useWatch("provider", form);
  const s = data?.aiSettings;

  useEffect(() => {
    if (s)
      form.setFieldsValue({
        provider: s.provider === "OPENAI" ? "openai" : "local",
        baseUrl: s.baseUrl ?? "",
        model: s.model ?? "",
        apiKey: "",
        clearApiKey: false,
      });
  }, [s, form]);

  // the same rule as the server's, field by field, in the person's language
  const rule = (field: keyof Values) => ({
    validator: async () => {
      const r = aiSettingsSchema.safeParse({
        ...form.getFieldsValue(),
        clearApiKey: !!form.getFieldValue("clearApiKey"),
      });
      const issue = r.success ? undefined : r.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(messageText(issue.message as MessageKey, locale));
    },
  });

  // the form's values as the server takes them (saving them, or trying them without saving)
  const inputOf = (values: Values) => ({
    provider: values.provider === "openai" ? ("OPENAI" as const) : ("LOCAL" as const),
    baseUrl: values.baseUrl || null,
    model: values.model || null,
    apiKey: values.apiKey || null,
    clearApiKey: !!values.clearApiKey,
  });

  async function save(values: Values) {
    try {
      await update({ variables: { input: inputOf(values) } });
      form.setFieldValue("apiKey", "");
      form.setFieldValue("clearApiKey", false);
      setCheck(null);
      void message.success(t("ai.saved"));
    } catch (e) {
      const details = errorDetails(e);
      const fields = Object.keys(details).filter((f) => ["provider", "baseUrl", "model", "apiKey"].includes(f));
      if (fields.length) form.setFields(fields.map((f) => ({ name: f as keyof Values, errors: details[f] })));
      else void message.error(errorMessage(e));
    }
  }

  /** Tries the writer the form describes now, edited or not, without saving it (checked by the same rule first). */
  async function runTest() {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields say what is wrong
    }
    try {
      const r = await test({ variables: { input: inputOf({ ...form.getFieldsValue(true), ...values }) } });
      setCheck(r.data?.testAiSettings ?? null);
    } catch (e) {
      void message.error(errorMessage(e));
    }
  }

  if (error && !data) {
    return <LoadError title={t("ai.loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  }
  if (!s) return <Skeleton active />;

  return (
    <div className="sufra-admin-ai" data-testid="ai-writer-tab">
      <Typography.Paragraph type="secondary">{t("ai.intro")}</Typography.Paragraph>
      <Card>
        <Typography.Paragraph>
          {s.source === "settings"
            ? t("ai.sourceSettings", { date: s.updatedAt ? formatDate(s.updatedAt, locale, "long") : "" })
            : t("ai.sourceConfiguration")}
        </Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={save}>
          <Form.Item name="provider" label={t("ai.provider")}>
            <Radio.Group
              options={(["local", "openai"] as const).map((p) => ({ value: p, label: AI_PROVIDER_LABELS[p][locale] }))}
              optionType="button"
            />
          </Form.Item>
          {provider === "openai" && (
            <>
              <Form.Item name="baseUrl" label={t("ai.baseUrl")} extra={t("ai.baseUrlHint")} rules={[rule("baseUrl")]}>
                <Input dir="ltr" placeholder="https://api.openai.com/v1" autoComplete="off" />
              </Form.Item>
              <Form.Item name="model" label={t("ai.model")} rules={[rule("model")]}>
                <Input dir="ltr" placeholder="gpt-4o-mini" autoComplete="off" />
              </Form.Item>
              <Form.Item
                name="apiKey"
                label={t("ai.apiKey")}
                extra={s.hasApiKey ? t("ai.apiKeyStored") : t("ai.apiKeyNone")}
                rules={[rule("apiKey")]}
              >
                <Input.Password
                  dir="ltr"
                  autoComplete="new-password"
                  placeholder={s.hasApiKey ? "••••••••" : "sk-..."}
                />
              </Form.Item>
              {s.hasApiKey && (
                <Form.Item name="clearApiKey" valuePropName="checked">
                  <Checkbox>{t("ai.clearApiKey")}</Checkbox>
                </Form.Item>
              )}
              <Typography.Paragraph type="secondary">
                {t("ai.timeout", { seconds: s.timeoutSeconds })}
              </Typography.Paragraph>
            </>
          )}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={updateState.loading}>
              {t("ai.save")}
            </Button>
            <Button onClick={() => void runTest()} loading={testState.loading}>
              {t("ai.test")}
            </Button>
          </Space>
        </Form>
        {check && (
          <Alert
            className="sufra-block-gap"
            role="status"
            type={check.ok || check.provider === "LOCAL" ? "success" : "warning"}
            showIcon
            title={
              check.provider === "LOCAL"
                ? t("ai.testLocal", { ms: check.latencyMs })
                : check.ok
                  ? t("ai.testOk", { ms: check.latencyMs })
                  : t("ai.testFellBack")
            }
            description={
              <>
                {check.note && <Typography.Paragraph>{check.note}</Typography.Paragraph>}
                <Typography.Paragraph>
                  {t("ai.sample")} <span dir="auto">{check.sample}</span>
                </Typography.Paragraph>
              </>
            }
          />
        )}
      </Card>
    </div>
  );
}
