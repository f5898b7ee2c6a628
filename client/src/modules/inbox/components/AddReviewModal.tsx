// "Add review": a review typed in by hand (where it was posted, who, how many stars, what they wrote,
// when). Each field is checked with the shared rule and its message in the person's language; what
// the server refuses lands on the field it names.
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { useMutation } from "@apollo/client/react";
import {
  isMessageKey,
  kuwaitDate,
  messageText,
  REVIEW_SOURCE_KEYS,
  REVIEW_SOURCES,
  reviewInputSchema,
  type Locale,
  type ReviewSource as SchemaSource,
} from "@sufra/schema";
import { App, Form, Input, Modal, Rate, Select } from "antd";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import type { FormRule } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ReviewsCreateDocument } from "../../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS } from "../i18n.ts";
import { showCountIn } from "../../../lib/format.ts";
import { reviewSourceFromKey } from "../../../graphql/enumKeys.ts";

interface Values {
  source: SchemaSource;
  author: string;
  rating: number;
  text: string;
  reviewedAt: Dayjs | null;
}

type Field = keyof typeof reviewInputSchema.shape;
const dayText = (v: unknown) => (dayjs.isDayjs(v) ? v.format("YYYY-MM-DD") : v);

/** The field's shared rule; its first message in the person's language. */
const ruleFor = (field: Field, locale: Locale): FormRule => ({
  validator: async (_r, value: unknown) => {
    const r = reviewInputSchema.shape[field].safeParse(
      field === "reviewedAt" ? dayText(value) : field === "rating" && !value ? null : (value ?? ""),
    );
    if (r.success) return;
    const key = r.error.issues[0]?.message;
    throw new Error(messageText(isMessageKey(key) ? key : "invalidValue", locale));
  },
});

const SERVER_FIELDS: Record<string, Field> = {
  source: "source",
  author: "author",
  rating: "rating",
  text: "text",
  reviewedAt: "reviewedAt",
};

export function AddReviewModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (r: { id: string }) => void;
}) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [create, { loading }] = useMutation(ReviewsCreateDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const today = kuwaitDate();

  const submit = async (v: Values) => {
    setFailure(null);
    try {
      const r = (
        await create({
          variables: {
            input: {
              source: reviewSourceFromKey[v.source],
              author: v.author,
              rating: v.rating,
              text: v.text,
              reviewedAt: String(dayText(v.reviewedAt)),
            },
          },
        })
      ).data?.createReview;
      if (!r) return;
      void message.success(t("add.added"));
      form.resetFields();
      onAdded(r);
    } catch (e) {
      const details = Object.entries(errorDetails(e)).filter(([f]) => SERVER_FIELDS[f]);
      if (details.length) form.setFields(details.map(([f, errors]) => ({ name: SERVER_FIELDS[f]!, errors })));
      else setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t("add.title")}
      okText={t("add.submit")}
      cancelText={t("actions.cancel", { ns: "common" })}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={loading}
      destroyOnHidden
      data-testid="add-review"
    >
      <FormFailure failure={failure} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ source: "manual", rating: 0, reviewedAt: dayjs(`${today}T12:00:00`) }}
        requiredMark={false}
        name="add-review"
      >
        <Form.Item name="source" label={t("add.source")} rules={[ruleFor("source", locale)]}>
          <Select options={REVIEW_SOURCE_KEYS.map((k) => ({ value: k, label: REVIEW_SOURCES[k][locale] }))} />
        </Form.Item>
        <Form.Item name="author" label={t("add.author")} rules={[ruleFor("author", locale)]}>
          <Input dir="auto" autoComplete="off" maxLength={120} />
        </Form.Item>
        <Form.Item name="rating" label={t("add.rating")} rules={[ruleFor("rating", locale)]}>
          <Rate aria-label={t("add.rating")} />
        </Form.Item>
        <Form.Item name="text" label={t("add.text")} rules={[ruleFor("text", locale)]}>
          <Input.TextArea dir="auto" rows={4} showCount={showCountIn(locale)} maxLength={2000} />
        </Form.Item>
        <Form.Item name="reviewedAt" label={t("add.date")} rules={[ruleFor("reviewedAt", locale)]}>
          <DatePicker disabledDate={(d) => d.format("YYYY-MM-DD") > today} allowClear={false} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
