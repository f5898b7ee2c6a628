// WhatsApp's message templates: what may be sent once a guest's 24 hours have passed, after Meta approves it.
// The list shows each one's review state (and Meta's reason for a rejection); a draft is written here (name,
// language, category, text with {{1}}, {{2}} and an example for each), then submitted for review; "Refresh"
// reads the states from Meta now.
import { whatsappTemplateSchema, type Locale } from "@sufra/schema";
import { App, Button, Card, Empty, Form, Input, Radio, Select, Space, Typography, type FormRule } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber, showCountIn } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormModal, useFormSave } from "./FormModal.tsx";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { failureText, useWhatsappTemplates } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { paramCount, paramsOf, ruleProblem, type TemplateStatus, type WhatsappTemplate } from "../model.ts";
import type { TagTone } from "../../../shared/tagColors.ts";

const TEMPLATE_STATUS_TONES: Record<TemplateStatus, TagTone | null> = {
  draft: null,
  pending: "warning",
  approved: "success",
  rejected: "danger",
  paused: "warning",
  disabled: "danger",
};

interface Values {
  name: string;
  language: "en" | "ar";
  category: "UTILITY" | "MARKETING";
  body: string;
  examples?: string[];
}
type Field = "name" | "language" | "category" | "body";
const FIELDS: readonly string[] = ["name", "language", "category", "body", "examples"];

const ruleFor = (field: Field, locale: Locale): FormRule => ({
  validator: async (_r, value: unknown) => {
    const problem = ruleProblem(whatsappTemplateSchema.shape[field], value ?? "", locale);
    if (problem) throw new Error(problem);
  },
});
const exampleRule = (locale: Locale): FormRule => ({
  validator: async (_r, value: unknown) => {
    const problem = ruleProblem(whatsappTemplateSchema.shape.examples.unwrap().element, value ?? "", locale);
    if (problem) throw new Error(problem);
  },
});

function TemplateForm({ initial, onClose }: { initial: Values; onClose: () => void }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { save, saving } = useWhatsappTemplates();
  const [form] = Form.useForm<Values>();
  const body = Form.useWatch("body", form) ?? initial.body;
  const count = paramCount(body ?? "");

  const { failure, run } = useFormSave(form, FIELDS, () => {
    void message.success(t("templates.saved"));
    onClose();
  });

  const submit = (v: Values) =>
    run(() =>
      save({
        name: v.name.trim(),
        language: v.language,
        category: v.category,
        body: v.body.trim(),
        examples: paramsOf(v.examples ?? [], count).map((x) => x.trim()),
      }),
    );

  return (
    <FormModal
      title={t("templates.draftTitle")}
      okText={t("templates.saveDraft")}
      saving={saving}
      failure={failure}
      testId="template-form"
      onSubmit={() => form.submit()}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initial}
        onFinish={(v) => void submit(v)}
        name="whatsapp-template"
      >
        <Form.Item
          name="name"
          label={t("templates.name")}
          extra={t("templates.nameHelp")}
          rules={[ruleFor("name", locale)]}
        >
          <Input dir="ltr" autoComplete="off" maxLength={512} />
        </Form.Item>
        <Form.Item name="language" label={t("templates.language")} rules={[ruleFor("language", locale)]}>
          <Radio.Group
            options={[
              { value: "en", label: t("languages.en") },
              { value: "ar", label: t("languages.ar") },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="category"
          label={t("templates.category")}
          extra={t("templates.categoryHelp")}
          rules={[ruleFor("category", locale)]}
        >
          <Select
            options={[
              { value: "UTILITY", label: t("templates.categories.UTILITY") },
              { value: "MARKETING", label: t("templates.categories.MARKETING") },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="body"
          label={t("templates.body")}
          extra={t("templates.bodyHelp", { first: "{{1}}", second: "{{2}}" })}
          rules={[ruleFor("body", locale)]}
        >
          <Input.TextArea dir="auto" rows={4} maxLength={1024} showCount={showCountIn(locale)} />
        </Form.Item>
        {Array.from({ length: count }, (_, i) => (
          <Form.Item
            key={i}
            name={["examples", i]}
            label={t("templates.example", { n: formatNumber(i + 1, locale) })}
            rules={[exampleRule(locale)]}
          >
            <Input dir="auto" maxLength={200} />
          </Form.Item>
        ))}
      </Form>
    </FormModal>
  );
}

export function TemplatesCard({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { templates, submit, refresh, refreshing } = useWhatsappTemplates();
  const [editing, setEditing] = useState<Values | null>(null);
  const [submitting, setSubmitting] = useState<string | null>(null);

  const onSubmit = async (x: WhatsappTemplate) => {
    setSubmitting(x.id);
    try {
      await submit(x.id);
      void message.success(t("templates.submitted"));
    } catch (e) {
      void message.error(failureText(e, locale));
    } finally {
      setSubmitting(null);
    }
  };
  const onRefresh = async () => {
    try {
      await refresh();
      void message.success(t("templates.refreshed"));
    } catch (e) {
      void message.error(failureText(e, locale));
    }
  };

  return (
    <Card
      size="small"
      title={t("templates.heading")}
      extra={
        <Space wrap>
          <Button size="small" onClick={() => void onRefresh()} loading={refreshing} data-testid="templates-refresh">
            {t("templates.refresh")}
          </Button>
          {canManage && (
            <Button
              size="small"
              onClick={() => setEditing({ name: "", language: locale, category: "UTILITY", body: "", examples: [] })}
              data-testid="template-add"
            >
              {t("templates.add")}
            </Button>
          )}
        </Space>
      }
      data-testid="templates-card"
    >
      <Typography.Paragraph type="secondary">{t("templates.help")}</Typography.Paragraph>
      {templates && !templates.length && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("templates.none")} />
      )}
      <ul className="sufra-chat-settings-list">
        {(templates ?? []).map((x) => (
          <li key={x.id} data-testid="whatsapp-template">
            <Space wrap>
              <strong>
                <bdi dir="ltr">{x.name}</bdi>
              </strong>
              <span>{t(`languages.${x.language}`)}</span>
              <span>{t(`templates.categories.${x.category}`)}</span>
              <ToneTag tone={TEMPLATE_STATUS_TONES[x.status]} testId="template-status">
                {t(`templates.statuses.${x.status}`)}
              </ToneTag>
            </Space>
            <p dir="auto" className="sufra-chat-settings-text">
              {x.body}
            </p>
            {x.status === "rejected" && x.reason && (
              <Typography.Text type="danger" data-testid="template-reason">
                {t("templates.reason", { reason: x.reason })}
              </Typography.Text>
            )}
            {canManage && (x.status === "draft" || x.status === "rejected") && (
              <Space>
                <Button
                  size="small"
                  onClick={() =>
                    setEditing({
                      name: x.name,
                      language: x.language,
                      category: x.category,
                      body: x.body,
                      examples: x.examples,
                    })
                  }
                >
                  {t("templates.edit")}
                </Button>
                <Button
                  size="small"
                  type="primary"
                  loading={submitting === x.id}
                  onClick={() => void onSubmit(x)}
                  data-testid="template-submit"
                >
                  {t("templates.submit")}
                </Button>
              </Space>
            )}
          </li>
        ))}
      </ul>
      {!canManage && <Typography.Paragraph type="secondary">{t("settings.managersOnly")}</Typography.Paragraph>}
      {editing && <TemplateForm initial={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
