// The business's own template, new or changed (Premium): name, occasion, language, the text with its
// placeholders (buttons insert them where the cursor is) and hashtags, checked with the same rule
// the server applies (customTemplateSchema), with a preview filled with the business's details.
import { useMutation } from "@apollo/client/react";
import {
  CONTENT_OCCASION_KEYS,
  CONTENT_OCCASIONS,
  customTemplateSchema,
  fieldErrors,
  fillTemplate,
  messageText,
  PLACEHOLDERS,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  type ContentOccasionKey,
  type TemplateLanguage,
} from "@sufra/schema";
import { App, Button, Form, Input, Modal, Radio, Select, Typography } from "antd";
import type { TextAreaRef } from "antd/es/input/TextArea";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { TemplatesSaveDocument, type TemplatesTemplateFieldsFragment } from "../../../../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../../../../lib/errorMessage.ts";
import { useLocale } from "../../../../../lib/useLocale.ts";
import { TEMPLATES_NS } from "./i18n.ts";
import { previewValues, type TemplatesProfile } from "./preview.ts";
import { showCountIn } from "../../../../../lib/format.ts";
import { contentLanguageFromKey, contentOccasionFromKey, contentOccasionKey } from "../../../../../graphql/enumKeys.ts";

interface EditorValues {
  name: string;
  occasion: ContentOccasionKey;
  language: TemplateLanguage;
  body: string;
  hashtags: string[];
}

export interface TemplateEditorProps {
  /** The template to change; null: a new one. */
  template: TemplatesTemplateFieldsFragment | null;
  /** A new template starts with this occasion and language (the tab's filters). */
  defaults: { occasion?: ContentOccasionKey; language: TemplateLanguage };
  profile: TemplatesProfile;
  onClose: () => void;
  onSaved: (t: TemplatesTemplateFieldsFragment) => void;
}

export function TemplateEditor({ template, defaults, profile, onClose, onSaved }: TemplateEditorProps) {
  const { t } = useTranslation(TEMPLATES_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<EditorValues>();
  const bodyRef = useRef<TextAreaRef>(null);
  const [save, saveState] = useMutation(TemplatesSaveDocument);
  const body = Form.useWatch("body", form) ?? "";
  const language: TemplateLanguage = Form.useWatch("language", form) ?? defaults.language;
  const occasion: ContentOccasionKey = Form.useWatch("occasion", form) ?? defaults.occasion ?? "menu_promotion";
  const preview = body.trim() ? fillTemplate(body, previewValues(profile, language, occasion), language) : "";

  const initialValues: EditorValues = template
    ? {
        name: template.name,
        occasion: contentOccasionKey[template.occasion],
        language: template.language === "AR" ? "ar" : "en",
        body: template.body,
        hashtags: template.hashtags,
      }
    : {
        name: "",
        occasion: defaults.occasion ?? "menu_promotion",
        language: defaults.language,
        body: "",
        hashtags: [],
      };

  /** Puts a placeholder where the cursor is (at the end when the text box was never focused). */
  function insertToken(token: string) {
    const el = bodyRef.current?.resizableTextArea?.textArea;
    const current: string = form.getFieldValue("body") ?? "";
    const at = el && document.activeElement === el ? el.selectionStart : current.length;
    const end = el && document.activeElement === el ? el.selectionEnd : current.length;
    form.setFieldValue("body", current.slice(0, at) + token + current.slice(end));
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(at + token.length, at + token.length);
    });
  }

  async function submit() {
    const v = form.getFieldsValue(true) as EditorValues;
    const parsed = customTemplateSchema.safeParse(v);
    if (!parsed.success) {
      form.setFields(
        Object.entries(fieldErrors(parsed.error)).map(([name, keys]) => ({
          name: name as keyof EditorValues,
          errors: keys.map((k) => messageText(k, locale)),
        })),
      );
      return;
    }
    const d = parsed.data;
    try {
      const r = await save({
        variables: {
          input: {
            id: template?.id ?? null,
            name: d.name,
            occasion: contentOccasionFromKey[d.occasion],
            language: contentLanguageFromKey[d.language],
            body: d.body,
            hashtags: d.hashtags,
          },
        },
      });
      void message.success(t("editor.saved"));
      onSaved(r.data!.saveContentTemplate);
    } catch (e) {
      const details = errorDetails(e);
      if (Object.keys(details).length)
        form.setFields(Object.entries(details).map(([name, errors]) => ({ name: name as keyof EditorValues, errors })));
      else void message.error(errorMessage(e));
    }
  }

  return (
    <Modal
      open
      title={template ? t("editor.editTitle") : t("editor.createTitle")}
      okText={t("editor.save")}
      cancelText={t("editor.cancel")}
      confirmLoading={saveState.loading}
      onOk={() => void submit()}
      onCancel={onClose}
      width={640}
      destroyOnHidden
    >
      <Form<EditorValues>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={() => void submit()}
        data-testid="template-editor"
      >
        <Form.Item name="name" label={t("editor.name")}>
          <Input maxLength={TEMPLATE_NAME_MAX} placeholder={t("editor.namePlaceholder")} />
        </Form.Item>
        <Form.Item name="occasion" label={t("editor.occasion")}>
          <Select options={CONTENT_OCCASION_KEYS.map((k) => ({ value: k, label: CONTENT_OCCASIONS[k][locale] }))} />
        </Form.Item>
        <Form.Item name="language" label={t("editor.language")}>
          <Radio.Group
            optionType="button"
            options={[
              { value: "en", label: t("language.en") },
              { value: "ar", label: t("language.ar") },
            ]}
          />
        </Form.Item>
        <Form.Item name="body" label={t("editor.body")} extra={t("editor.bodyHint")}>
          <Input.TextArea
            ref={bodyRef}
            rows={7}
            showCount={showCountIn(locale)}
            maxLength={TEMPLATE_BODY_MAX}
            dir={language === "ar" ? "rtl" : "ltr"}
            lang={language}
          />
        </Form.Item>
        <div className="sufra-templates-tokens" role="group" aria-label={t("editor.insert")}>
          {PLACEHOLDERS.map((p) => (
            <Button
              key={p.key}
              size="small"
              onClick={() => insertToken(p.token)}
              aria-label={t("editor.insertToken", { label: p.label[locale] })}
            >
              {p.label[locale]} <bdi dir="ltr">{p.token}</bdi>
            </Button>
          ))}
        </div>
        <Form.Item name="hashtags" label={t("editor.hashtags")}>
          <Select
            mode="tags"
            tokenSeparators={[",", " "]}
            placeholder={t("editor.hashtagsPlaceholder")}
            open={false}
            suffixIcon={null}
          />
        </Form.Item>
        <Typography.Text strong>{t("editor.preview")}</Typography.Text>
        <div className="sufra-templates-editor-preview" data-testid="template-editor-preview">
          {preview ? (
            <Typography.Paragraph
              className="sufra-templates-editor-text"
              lang={language}
              dir={language === "ar" ? "rtl" : "ltr"}
            >
              {preview}
            </Typography.Paragraph>
          ) : (
            <Typography.Text type="secondary">{t("editor.previewEmpty")}</Typography.Text>
          )}
        </div>
      </Form>
    </Modal>
  );
}
