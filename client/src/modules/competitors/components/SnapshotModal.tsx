// "Add figures": one day's public figures of a competitor, typed from its profile: followers, posts
// per week, average engagement and up to five themes. The same day again replaces that day's figures
// (the form says so, and the message after saving says which happened).
import { FormFailure, showServerErrors } from "../../../shared/FormFailure.tsx";
import { useMutation } from "@apollo/client/react";
import {
  COMPETITOR_THEMES_MAX,
  competitorSnapshotSchema,
  isMessageKey,
  kuwaitDate,
  messageText,
  type Locale,
} from "@sufra/schema";
import { App, Form, InputNumber, Modal, Select, Typography } from "antd";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import type { FormRule } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CompetitorsSaveSnapshotDocument } from "../../../graphql/graphql.ts";
import { formatDate } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { COMPETITORS_NS } from "../i18n.ts";
import type { CompetitorRow } from "../model.ts";

interface Values {
  day: Dayjs;
  followers?: number | null;
  postsPerWeek?: number | null;
  avgEngagement?: number | null;
  topThemes?: string[];
}

const FIELDS = ["day", "followers", "postsPerWeek", "avgEngagement", "topThemes"] as const;
type Field = (typeof FIELDS)[number];
const dayText = (v: unknown) => (dayjs.isDayjs(v) ? v.format("YYYY-MM-DD") : v);

const ruleFor = (field: Field, locale: Locale): FormRule => ({
  validator: async (_r, value: unknown) => {
    const r = competitorSnapshotSchema.shape[field].safeParse(
      field === "day" ? dayText(value) : field === "topThemes" ? (value ?? []) : (value ?? undefined),
    );
    if (!r.success) {
      const key = r.error.issues[0]?.message;
      throw new Error(messageText(isMessageKey(key) ? key : "invalidValue", locale));
    }
  },
});

export function SnapshotModal({
  competitor,
  onClose,
  onSaved,
}: {
  competitor: CompetitorRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [save, { loading }] = useMutation(CompetitorsSaveSnapshotDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const today = kuwaitDate();

  const submit = async (v: Values) => {
    setFailure(null);
    if (!competitor) return;
    const input = {
      day: String(dayText(v.day)),
      followers: v.followers ?? null,
      postsPerWeek: v.postsPerWeek ?? null,
      avgEngagement: v.avgEngagement ?? null,
      topThemes: v.topThemes ?? [],
    };
    // the whole rule: at least one figure
    const whole = competitorSnapshotSchema.safeParse(input);
    if (!whole.success) {
      const key = whole.error.issues[0]?.message;
      setFailure(messageText(isMessageKey(key) ? key : "invalidValue", locale));
      return;
    }
    try {
      const r = (await save({ variables: { competitorId: competitor.id, input } })).data?.saveCompetitorSnapshot;
      const date = formatDate(`${input.day}T12:00:00+03:00`, locale);
      void message.success(r?.replaced ? t("snapshot.replaced", { date }) : t("snapshot.saved", { date }));
      form.resetFields();
      onSaved();
    } catch (e) {
      showServerErrors(form, e, FIELDS, setFailure);
    }
  };

  return (
    <Modal
      open={!!competitor}
      title={competitor ? t("snapshot.title", { name: competitor.name }) : ""}
      okText={t("snapshot.save")}
      cancelText={t("actions.cancel", { ns: "common" })}
      onOk={() => form.submit()}
      onCancel={() => {
        setFailure(null);
        onClose();
      }}
      confirmLoading={loading}
      destroyOnHidden
      data-testid="snapshot-form"
    >
      <FormFailure failure={failure} testId="snapshot-failure" />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ day: dayjs(`${today}T12:00:00`), topThemes: [] }}
        requiredMark={false}
        name="competitor-snapshot"
      >
        <Form.Item
          name="day"
          label={t("snapshot.day")}
          rules={[ruleFor("day", locale)]}
          extra={t("snapshot.replaceNote")}
        >
          <DatePicker disabledDate={(d) => d.format("YYYY-MM-DD") > today} allowClear={false} />
        </Form.Item>
        <div className="sufra-competitor-figures">
          <Form.Item name="followers" label={t("snapshot.followers")} rules={[ruleFor("followers", locale)]}>
            <InputNumber min={0} precision={0} inputMode="numeric" className="sufra-competitor-number" />
          </Form.Item>
          <Form.Item name="postsPerWeek" label={t("snapshot.postsPerWeek")} rules={[ruleFor("postsPerWeek", locale)]}>
            <InputNumber min={0} step={0.5} inputMode="decimal" className="sufra-competitor-number" />
          </Form.Item>
          <Form.Item
            name="avgEngagement"
            label={t("snapshot.avgEngagement")}
            rules={[ruleFor("avgEngagement", locale)]}
          >
            <InputNumber min={0} max={100} step={0.1} inputMode="decimal" className="sufra-competitor-number" />
          </Form.Item>
        </div>
        <Form.Item
          name="topThemes"
          label={t("snapshot.themes")}
          rules={[ruleFor("topThemes", locale)]}
          extra={t("snapshot.themesHelp")}
        >
          <Select
            mode="tags"
            maxCount={COMPETITOR_THEMES_MAX}
            open={false}
            tokenSeparators={[",", "،", ";"]}
            suffixIcon={null}
          />
        </Form.Item>
        <Typography.Text type="secondary" className="sufra-competitor-hint">
          {messageText("competitorSnapshotEmpty", locale)}
        </Typography.Text>
      </Form>
    </Modal>
  );
}
