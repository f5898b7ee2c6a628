// "Add competitor" and "Edit": the name, the network, the username (checked with the network's rule as
// the person types; an @ or a profile link is fine), and optionally the area and the cuisine (picked
// from Kuwait's areas and the cuisines, or typed). The same shared rules as the server, in the person's
// language; what the server refuses lands on the field it names.
import { FormFailure, showServerErrors } from "../../../shared/FormFailure.tsx";
import { useMutation } from "@apollo/client/react";
import {
  COMPETITOR_PLATFORMS,
  competitorHandleProblem,
  competitorInputSchema,
  type CompetitorPlatform,
  CUISINE_KEYS,
  CUISINES,
  isMessageKey,
  KUWAIT_AREA_KEYS,
  KUWAIT_AREAS,
  messageText,
  normaliseHandle,
  PLATFORM_LABELS,
  type Locale,
} from "@sufra/schema";
import { App, AutoComplete, Form, Input, Modal, Select } from "antd";
import type { FormRule } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CompetitorsCreateDocument, CompetitorsUpdateDocument } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { COMPETITORS_NS } from "../i18n.ts";
import { areaLabel, cuisineLabel, type CompetitorRow } from "../model.ts";
import { platformFromKey, platformKey } from "../../../graphql/enumKeys.ts";

interface Values {
  name: string;
  platform: CompetitorPlatform;
  handle: string;
  area?: string;
  cuisine?: string;
}

const FIELDS = ["name", "platform", "handle", "area", "cuisine"] as const;
type Field = (typeof FIELDS)[number];

const text = (key: string | undefined, locale: Locale) => messageText(isMessageKey(key) ? key : "invalidValue", locale);

/** The field's shared rule; its first message in the person's language. */
const ruleFor = (field: Exclude<Field, "handle">, locale: Locale): FormRule => ({
  validator: async (_r, value: unknown) => {
    const r = competitorInputSchema.shape[field].safeParse(value ?? (field === "name" ? "" : null));
    if (!r.success) throw new Error(text(r.error.issues[0]?.message, locale));
  },
});

/** The username against the network chosen in the form. */
const handleRule =
  (locale: Locale): FormRule =>
  ({ getFieldValue }) => ({
    validator: async (_r, value: unknown) => {
      const problem = competitorHandleProblem(
        normaliseHandle(typeof value === "string" ? value : ""),
        getFieldValue("platform") as CompetitorPlatform,
      );
      if (problem) throw new Error(messageText(problem, locale));
    },
  });

export function CompetitorFormModal({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: CompetitorRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(COMPETITORS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [create, created] = useMutation(CompetitorsCreateDocument);
  const [update, updated] = useMutation(CompetitorsUpdateDocument);
  const [failure, setFailure] = useState<string | null>(null);

  const initial: Partial<Values> = editing
    ? {
        name: editing.name,
        platform: platformKey[editing.platform] as CompetitorPlatform,
        handle: editing.handle,
        area: areaLabel(editing.area, locale) ?? undefined,
        cuisine: cuisineLabel(editing.cuisine, locale) ?? undefined,
      }
    : { platform: "instagram" };

  const submit = async (v: Values) => {
    setFailure(null);
    const input = {
      name: v.name,
      platform: platformFromKey[v.platform],
      handle: v.handle,
      area: v.area?.trim() || null,
      cuisine: v.cuisine?.trim() || null,
    };
    try {
      if (editing) {
        await update({ variables: { id: editing.id, input } });
        void message.success(t("form.saved"));
      } else {
        const r = (await create({ variables: { input } })).data?.createCompetitor;
        void message.success(t("form.added", { name: r?.name ?? v.name }));
      }
      form.resetFields();
      onSaved();
    } catch (e) {
      showServerErrors(form, e, FIELDS, setFailure);
    }
  };

  const options = (keys: readonly string[], labels: Record<string, { en: string; ar: string }>) =>
    keys.map((k) => ({ value: labels[k]![locale] }));

  return (
    <Modal
      open={open}
      title={editing ? t("form.editTitle", { name: editing.name }) : t("form.addTitle")}
      okText={editing ? t("form.save") : t("add")}
      cancelText={t("actions.cancel", { ns: "common" })}
      onOk={() => form.submit()}
      onCancel={() => {
        setFailure(null);
        onClose();
      }}
      confirmLoading={created.loading || updated.loading}
      destroyOnHidden
      data-testid="competitor-form"
    >
      <FormFailure failure={failure} testId="competitor-form-failure" />
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={initial}
        requiredMark={false}
        name="competitor"
      >
        <Form.Item name="name" label={t("form.name")} rules={[ruleFor("name", locale)]}>
          <Input dir="auto" autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item name="platform" label={t("form.platform")} rules={[ruleFor("platform", locale)]}>
          <Select
            options={COMPETITOR_PLATFORMS.map((p) => ({ value: p, label: PLATFORM_LABELS[p][locale] }))}
            onChange={() => {
              // the username's rule depends on the network
              if (form.getFieldValue("handle")) void form.validateFields(["handle"]).catch(() => {});
            }}
          />
        </Form.Item>
        <Form.Item name="handle" label={t("form.handle")} extra={t("form.handleHelp")} rules={[handleRule(locale)]}>
          <Input dir="ltr" autoComplete="off" autoCapitalize="none" spellCheck={false} prefix="@" maxLength={200} />
        </Form.Item>
        <Form.Item name="area" label={`${t("form.area")} (${t("form.optional")})`} rules={[ruleFor("area", locale)]}>
          <AutoComplete
            options={options(KUWAIT_AREA_KEYS, KUWAIT_AREAS)}
            filterOption={(input, o) =>
              String(o?.value ?? "")
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            allowClear
          />
        </Form.Item>
        <Form.Item
          name="cuisine"
          label={`${t("form.cuisine")} (${t("form.optional")})`}
          rules={[ruleFor("cuisine", locale)]}
        >
          <AutoComplete
            options={options(CUISINE_KEYS, CUISINES)}
            filterOption={(input, o) =>
              String(o?.value ?? "")
                .toLowerCase()
                .includes(input.toLowerCase())
            }
            allowClear
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
