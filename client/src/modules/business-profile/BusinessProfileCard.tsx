// The business profile in Settings (clients and owners): the Arabic name, the cuisine and the area of
// Kuwait (chosen from the shared lists in both languages, or typed), opening hours in English and
// Arabic, the menu editor, and the café's voice (VoiceCard). The AI writer composes captions from these. Checked with the shared
// rules before anything is sent; the server's field messages land on their fields.
import { FormFailure } from "../../shared/FormFailure.tsx";
import { useMutation, useQuery } from "@apollo/client/react";
import { businessProfileSchema, CUISINE_KEYS, CUISINES, KUWAIT_AREA_KEYS, KUWAIT_AREAS, type Locale } from "@sufra/schema";
import { App, Button, Card, Col, Collapse, Divider, Form, Input, Row, Select, Skeleton, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../shared/LoadError.tsx";
import { BusinessProfileDocument, UpdateBusinessProfileDocument, type BusinessProfileFieldsFragment } from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { BUSINESS_PROFILE_NS } from "./i18n.ts";
import { MenuEditor } from "./MenuEditor.tsx";
import { VoiceCard } from "./VoiceCard.tsx";
import { schemaRule } from "./rules.ts";
import "./business-profile.css";

interface Values {
  nameAr?: string | null;
  cuisine?: string | null;
  area?: string | null;
  hours?: string | null;
  hoursAr?: string | null;
}

const FIELDS = ["nameAr", "cuisine", "area", "hours", "hoursAr"] as const;

type Labels = Readonly<Record<Locale, string>>;

export function BusinessProfileCard() {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const { data, error, refetch } = useQuery(BusinessProfileDocument, { fetchPolicy: "cache-and-network" });
  const profile = data?.businessProfile;

  let body;
  if (profile)
    body = (
      <>
        <ProfileForm profile={profile} />
        <Divider titlePlacement="start">{t("menu.title")}</Divider>
        <MenuEditor profile={profile} />
        {/* opened on demand: the voice is learned from the published posts when it is asked for */}
        <Collapse
          className="sufra-voice-collapse"
          items={[{ key: "voice", label: t("voice.title"), extra: <Typography.Text type="secondary">{t("voice.summary")}</Typography.Text>, children: <VoiceCard /> }]}
          data-testid="voice-section"
        />
      </>
    );
  else if (error) body = <LoadError title={t("loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  else body = <Skeleton active paragraph={{ rows: 6 }} />;

  return (
    <Card title={t("title")} className="sufra-account-card sufra-business-profile" data-testid="business-profile">
      <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
      {body}
    </Card>
  );
}

function ProfileForm({ profile }: { profile: BusinessProfileFieldsFragment }) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [save, { loading }] = useMutation(UpdateBusinessProfileDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const shape = businessProfileSchema.shape;

  const submit = async (v: Values) => {
    setFailure(null);
    // every field is sent: a blank one clears it on the server
    const input = Object.fromEntries(FIELDS.map((f) => [f, (v[f] ?? "").trim() || null]));
    try {
      const res = await save({ variables: { input } });
      const saved = res.data?.updateBusinessProfile;
      if (saved) form.setFieldsValue(Object.fromEntries(FIELDS.map((f) => [f, saved[f] ?? undefined])));
      void message.success(t("saved"));
    } catch (e) {
      const details = errorDetails(e);
      const fields = FIELDS.filter((f) => details[f]?.length);
      if (fields.length) form.setFields(fields.map((f) => ({ name: f, errors: details[f] })));
      else setFailure(errorMessage(e));
    }
  };

  return (
    <Form
      form={form}
      name="businessProfile"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={Object.fromEntries(FIELDS.map((f) => [f, profile[f] ?? undefined]))}
      data-testid="business-profile-form"
    >
      <Form.Item name="nameAr" label={t("nameAr")} rules={[schemaRule(shape.nameAr, locale)]}>
        <Input dir="rtl" lang="ar" placeholder={t("nameArPlaceholder")} autoComplete="organization" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="cuisine" label={t("cuisine")} rules={[schemaRule(shape.cuisine, locale)]}>
            <ChoiceOrText choices={CUISINES} keys={CUISINE_KEYS} placeholder={t("cuisinePlaceholder")} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="area" label={t("area")} rules={[schemaRule(shape.area, locale)]}>
            <ChoiceOrText choices={KUWAIT_AREAS} keys={KUWAIT_AREA_KEYS} placeholder={t("areaPlaceholder")} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="hours" label={t("hours")} rules={[schemaRule(shape.hours, locale)]}>
            <Input dir="ltr" lang="en" className="sufra-ltr-input" placeholder={t("hoursPlaceholder")} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="hoursAr" label={t("hoursAr")} rules={[schemaRule(shape.hoursAr, locale)]}>
            <Input dir="rtl" lang="ar" placeholder={t("hoursArPlaceholder")} />
          </Form.Item>
        </Col>
      </Row>
      <FormFailure failure={failure} />
      <Button type="primary" htmlType="submit" loading={loading}>
        {t("save")}
      </Button>
    </Form>
  );
}

/**
 * A searchable choice from a shared list (labels in the person's language, found by either
 * language's name), or the person's own words: what they type is offered as "Use “…”".
 */
function ChoiceOrText({
  choices,
  keys,
  value,
  onChange,
  placeholder,
  id,
}: {
  choices: Readonly<Record<string, Labels>>;
  keys: readonly string[];
  value?: string | null;
  onChange?: (v: string | null) => void;
  placeholder: string;
  id?: string;
}) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const [search, setSearch] = useState("");

  const options = useMemo(() => {
    const list = keys.map((k) => ({ value: k, label: choices[k]![locale], search: `${choices[k]!.en} ${choices[k]!.ar} ${k}` }));
    // a free text saved earlier shows as itself
    if (value && !keys.includes(value)) list.unshift({ value, label: value, search: value });
    // too long a text is still offered: the field's rule then says how long it may be
    const typed = search.trim();
    const lower = typed.toLowerCase();
    if (typed && !list.some((o) => o.value === typed || o.label.toLowerCase() === lower)) list.unshift({ value: typed, label: t("useTyped", { text: typed }), search: typed });
    return list;
  }, [choices, keys, locale, search, t, value]);

  return (
    <Select
      id={id}
      value={value || undefined}
      options={options}
      placeholder={placeholder}
      allowClear
      showSearch={{ optionFilterProp: "search", onSearch: setSearch }}
      onChange={(v: string | undefined) => {
        setSearch("");
        onChange?.(v ?? null);
      }}
    />
  );
}
