// Saved replies: what the team sends often (the address, today's hours, how to order), each with a title and
// its text in English and Arabic; the composer puts in the one in the guest's language. Added, changed and
// removed here, each field checked with the server's own rule.
import { CONVERSATION_TEXT_MAX, SAVED_REPLY_TITLE_MAX, savedReplySchema, type Locale } from "@sufra/schema";
import { App, Button, Card, Empty, Form, Input, Popconfirm, Space, Typography, type FormRule } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showCountIn } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormModal, useFormSave } from "./FormModal.tsx";
import { failureText, useSavedReplies } from "../data.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { ruleProblem } from "../model.ts";

interface Values {
  title: string;
  textEn: string;
  textAr: string;
}
type Field = keyof Values;
const FIELDS: readonly Field[] = ["title", "textEn", "textAr"];

const ruleFor = (field: Field, locale: Locale): FormRule => ({
  validator: async (_r, value: unknown) => {
    const problem = ruleProblem(savedReplySchema.shape[field], value ?? "", locale);
    if (problem) throw new Error(problem);
  },
});

type Editing = { id: string | null; values: Values } | null;

function ReplyForm({ editing, onClose }: { editing: NonNullable<Editing>; onClose: () => void }) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { save, saving } = useSavedReplies();
  const [form] = Form.useForm<Values>();
  const { failure, run } = useFormSave(form, FIELDS, () => {
    void message.success(t("savedReplies.saved"));
    onClose();
  });

  const submit = async (v: Values) => {
    // one of the two texts at least: the whole rule, as the server reads it
    const whole = ruleProblem(savedReplySchema, v, locale);
    if (whole) {
      form.setFields([{ name: "textEn", errors: [whole] }]);
      return;
    }
    await run(() =>
      save(editing.id, { title: v.title.trim(), textEn: (v.textEn ?? "").trim(), textAr: (v.textAr ?? "").trim() }),
    );
  };

  return (
    <FormModal
      title={editing.id ? t("savedReplies.editTitle") : t("savedReplies.addTitle")}
      okText={t("savedReplies.save")}
      saving={saving}
      failure={failure}
      testId="saved-reply-form"
      onSubmit={() => form.submit()}
      onClose={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={editing.values}
        onFinish={(v) => void submit(v)}
        name="saved-reply"
      >
        <Form.Item name="title" label={t("savedReplies.title")} rules={[ruleFor("title", locale)]}>
          <Input dir="auto" maxLength={SAVED_REPLY_TITLE_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item name="textEn" label={t("savedReplies.textEn")} rules={[ruleFor("textEn", locale)]}>
          <Input.TextArea
            dir="ltr"
            lang="en"
            rows={3}
            maxLength={CONVERSATION_TEXT_MAX}
            showCount={showCountIn(locale)}
          />
        </Form.Item>
        <Form.Item name="textAr" label={t("savedReplies.textAr")} rules={[ruleFor("textAr", locale)]}>
          <Input.TextArea
            dir="rtl"
            lang="ar"
            rows={3}
            maxLength={CONVERSATION_TEXT_MAX}
            showCount={showCountIn(locale)}
          />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

export function SavedRepliesCard() {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const { replies, remove } = useSavedReplies();
  const [editing, setEditing] = useState<Editing>(null);

  const onRemove = async (id: string) => {
    try {
      await remove(id);
      void message.success(t("savedReplies.removed"));
    } catch (e) {
      void message.error(failureText(e, locale));
    }
  };

  return (
    <Card
      size="small"
      title={t("savedReplies.heading")}
      extra={
        <Button
          size="small"
          onClick={() => setEditing({ id: null, values: { title: "", textEn: "", textAr: "" } })}
          data-testid="saved-reply-add"
        >
          {t("savedReplies.add")}
        </Button>
      }
      data-testid="saved-replies-card"
    >
      <Typography.Paragraph type="secondary">{t("savedReplies.help")}</Typography.Paragraph>
      {replies && !replies.length && (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("savedReplies.none")} />
      )}
      <ul className="sufra-chat-settings-list">
        {(replies ?? []).map((r) => (
          <li key={r.id} data-testid="saved-reply">
            <strong>
              <bdi>{r.title}</bdi>
            </strong>
            {r.textEn && (
              <p dir="ltr" lang="en">
                {r.textEn}
              </p>
            )}
            {r.textAr && (
              <p dir="rtl" lang="ar">
                {r.textAr}
              </p>
            )}
            <Space>
              <Button
                size="small"
                onClick={() => setEditing({ id: r.id, values: { title: r.title, textEn: r.textEn, textAr: r.textAr } })}
              >
                {t("savedReplies.edit")}
              </Button>
              <Popconfirm
                title={t("savedReplies.removeTitle")}
                okText={t("savedReplies.remove")}
                cancelText={t("actions.cancel", { ns: "common" })}
                okButtonProps={{ danger: true }}
                onConfirm={() => onRemove(r.id)}
              >
                <Button size="small" danger>
                  {t("savedReplies.remove")}
                </Button>
              </Popconfirm>
            </Space>
          </li>
        ))}
      </ul>
      {editing && <ReplyForm editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}
