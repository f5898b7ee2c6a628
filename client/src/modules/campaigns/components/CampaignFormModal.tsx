// "New campaign" and "Edit campaign": name, goal, Kuwait dates (with the Hijri date under each), budget
// in KWD, occasion, the goal's target and, for visits and orders, the count so far, and notes. Each field
// is checked with the shared rule (the whole form, so "ends before it starts" lands on the last day) and
// its message in the person's language; what the server refuses lands on the field it names.
import { FormFailure, showServerErrors } from "../../../shared/FormFailure.tsx";
import { useMutation } from "@apollo/client/react";
import {
  CAMPAIGN_GOAL_KEYS,
  CAMPAIGN_GOAL_METRIC,
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_NOTES_MAX,
  campaignProblems,
  CONTENT_OCCASION_KEYS,
  CONTENT_OCCASIONS,
  filsToKwd,
  isManualGoal,
  kuwaitDate,
  messageText,
  type CampaignField,
  type CampaignGoal as GoalKey,
  type ContentOccasionKey,
} from "@sufra/schema";
import { App, Form, Input, InputNumber, Modal, Select, Typography } from "antd";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import type { FormInstance } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  CampaignsCreateDocument,
  CampaignsUpdateDocument,
  type CampaignsCampaignFieldsFragment,
} from "../../../graphql/graphql.ts";
import { formatHijri, showCountIn } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { CAMPAIGNS_NS } from "../i18n.ts";
import { dayInstant, goalKey, goalLabel, gqlGoal, gqlOccasion, occasionKey } from "./bits.tsx";

interface Values {
  name: string;
  goal: GoalKey;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  budgetKwd: string;
  occasion: ContentOccasionKey | null;
  goalTarget: number | null;
  goalResult: number | null;
  notes: string;
}

/** What a new campaign starts with, e.g. from "Plan a campaign" beside an occasion. */
export interface CampaignDraft {
  name?: string;
  goal?: GoalKey;
  startDate?: string;
  endDate?: string;
  occasion?: ContentOccasionKey | null;
}

const dayText = (v: unknown) => (dayjs.isDayjs(v) ? v.format("YYYY-MM-DD") : null);
const dayOf = (iso: string | undefined) => (iso ? dayjs(`${iso}T12:00:00`) : null);

/** The form's values as the shared rule reads them. */
const asInput = (v: Partial<Values>) => ({
  name: v.name ?? "",
  goal: v.goal,
  startDate: dayText(v.startDate),
  endDate: dayText(v.endDate),
  budgetKwd: v.budgetKwd ?? null,
  occasion: v.occasion ?? null,
  goalTarget: v.goalTarget ?? null,
  goalResult: v.goal && isManualGoal(v.goal) ? (v.goalResult ?? null) : null,
  notes: v.notes ?? null,
});

/** The field's problem under the whole-form rule (so cross-field problems land on their field). */
const ruleFor = (field: CampaignField, locale: "en" | "ar") => (form: Pick<FormInstance, "getFieldsValue">) => ({
  validator: async () => {
    const key = campaignProblems(asInput(form.getFieldsValue(true) as Partial<Values>))[field];
    if (key) throw new Error(messageText(key, locale));
  },
});

const FIELDS: readonly CampaignField[] = [
  "name",
  "goal",
  "startDate",
  "endDate",
  "budgetKwd",
  "occasion",
  "goalTarget",
  "goalResult",
  "notes",
];

export function CampaignFormModal({
  open,
  campaign,
  draft,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** Set: edit this campaign; else a new one. */
  campaign?: CampaignsCampaignFieldsFragment | null;
  draft?: CampaignDraft | null;
  onClose: () => void;
  onSaved: (c: CampaignsCampaignFieldsFragment) => void;
}) {
  const { t } = useTranslation(CAMPAIGNS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [create, created] = useMutation(CampaignsCreateDocument);
  const [update, updated] = useMutation(CampaignsUpdateDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const goal = Form.useWatch("goal", form) ?? (campaign ? goalKey(campaign.goal) : (draft?.goal ?? "awareness"));
  const start = Form.useWatch("startDate", form);
  const end = Form.useWatch("endDate", form);
  const metric = CAMPAIGN_GOAL_METRIC[goal];
  const manual = isManualGoal(goal);

  const today = kuwaitDate();
  const initialValues: Partial<Values> = campaign
    ? {
        name: campaign.name,
        goal: goalKey(campaign.goal),
        startDate: dayOf(campaign.startDate),
        endDate: dayOf(campaign.endDate),
        budgetKwd:
          campaign.budgetFils === null || campaign.budgetFils === undefined ? "" : filsToKwd(campaign.budgetFils),
        occasion: occasionKey(campaign.occasion),
        goalTarget: campaign.goalTarget ?? null,
        goalResult: campaign.goalResult ?? null,
        notes: campaign.notes ?? "",
      }
    : {
        name: draft?.name ?? "",
        goal: draft?.goal ?? "awareness",
        startDate: dayOf(draft?.startDate ?? today),
        endDate: dayOf(draft?.endDate),
        budgetKwd: "",
        occasion: draft?.occasion ?? null,
        goalTarget: null,
        goalResult: null,
        notes: "",
      };

  const submit = async (v: Values) => {
    setFailure(null);
    const i = asInput(v);
    const input = {
      name: i.name,
      goal: gqlGoal(v.goal),
      startDate: i.startDate ?? "",
      endDate: i.endDate ?? "",
      budgetKwd: i.budgetKwd?.trim() ? i.budgetKwd : null,
      occasion: i.occasion ? gqlOccasion(i.occasion) : null,
      goalTarget: i.goalTarget,
      goalResult: i.goalResult,
      notes: i.notes?.trim() ? i.notes : null,
    };
    try {
      const saved = campaign
        ? (await update({ variables: { id: campaign.id, input } })).data?.updateCampaign
        : (await create({ variables: { input } })).data?.createCampaign;
      if (!saved) return;
      void message.success(campaign ? t("form.saved") : t("form.created"));
      onSaved(saved);
    } catch (e) {
      showServerErrors(form, e, FIELDS, setFailure);
    }
  };

  const hijri = (d: Dayjs | null | undefined) =>
    d ? (
      <Typography.Text type="secondary" data-testid="form-hijri">
        {formatHijri(dayInstant(d.format("YYYY-MM-DD")), locale)}
      </Typography.Text>
    ) : null;

  return (
    <Modal
      open={open}
      title={campaign ? t("form.editTitle") : t("form.createTitle")}
      okText={campaign ? t("form.submitEdit") : t("form.submitCreate")}
      cancelText={t("actions.cancel", { ns: "common" })}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={created.loading || updated.loading}
      destroyOnHidden
      data-testid="campaign-form"
    >
      <FormFailure failure={failure} />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={initialValues}
        requiredMark={false}
        name="campaign"
      >
        <Form.Item name="name" label={t("form.name")} rules={[ruleFor("name", locale)]}>
          <Input dir="auto" autoComplete="off" maxLength={CAMPAIGN_NAME_MAX} placeholder={t("form.namePlaceholder")} />
        </Form.Item>
        <Form.Item name="goal" label={t("form.goal")} rules={[ruleFor("goal", locale)]}>
          <Select
            options={CAMPAIGN_GOAL_KEYS.map((k) => ({ value: k, label: goalLabel(k, locale) }))}
            data-testid="campaign-goal"
          />
        </Form.Item>
        <div className="sufra-campaign-form-dates">
          <Form.Item
            name="startDate"
            label={t("form.start")}
            rules={[ruleFor("startDate", locale)]}
            extra={hijri(start)}
          >
            <DatePicker allowClear={false} data-testid="campaign-start" />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={t("form.end")}
            dependencies={["startDate"]}
            rules={[ruleFor("endDate", locale)]}
            extra={hijri(end)}
          >
            <DatePicker allowClear={false} data-testid="campaign-end" />
          </Form.Item>
        </div>
        <Typography.Paragraph type="secondary" className="sufra-campaign-form-hint">
          {t("form.datesHint")}
        </Typography.Paragraph>
        <Form.Item
          name="budgetKwd"
          label={t("form.budget")}
          extra={t("form.budgetHint")}
          rules={[ruleFor("budgetKwd", locale)]}
        >
          <Input inputMode="decimal" dir="ltr" autoComplete="off" data-testid="campaign-budget" />
        </Form.Item>
        <Form.Item name="occasion" label={t("form.occasion")} rules={[ruleFor("occasion", locale)]}>
          <Select
            allowClear
            placeholder={t("noOccasion")}
            options={CONTENT_OCCASION_KEYS.map((k) => ({ value: k, label: CONTENT_OCCASIONS[k][locale] }))}
            data-testid="campaign-occasion"
          />
        </Form.Item>
        <Form.Item
          name="goalTarget"
          label={t(`form.target.${metric}`)}
          extra={t(`form.targetHint.${metric}`)}
          dependencies={["goal"]}
          rules={[ruleFor("goalTarget", locale)]}
        >
          <InputNumber min={1} precision={0} style={{ inlineSize: "100%" }} data-testid="campaign-target" />
        </Form.Item>
        {manual && (
          <Form.Item
            name="goalResult"
            label={t(`form.result.${metric}`)}
            dependencies={["goal"]}
            rules={[ruleFor("goalResult", locale)]}
          >
            <InputNumber min={0} precision={0} style={{ inlineSize: "100%" }} data-testid="campaign-result" />
          </Form.Item>
        )}
        <Form.Item name="notes" label={t("form.notes")} rules={[ruleFor("notes", locale)]}>
          <Input.TextArea dir="auto" rows={3} showCount={showCountIn(locale)} maxLength={CAMPAIGN_NOTES_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
