// The business profile in Settings (clients and owners): the Arabic name, the cuisine and the area of
// Kuwait (chosen from the shared lists in both languages, or typed), opening hours in English and
// Arabic, what guests ask (the address in both languages and a map link, Ramadan and Eid hours, a
// phone for guests, how to book, the delivery apps with their links), the menu editor, and the café's
// voice (VoiceCard). The AI writer composes captions from these, and replies to guests answer questions
// from them (docs/product.md#replies-to-guests). Checked with the shared rules before anything is sent;
// the server's field messages land on their fields.
import { FormFailure } from "../../shared/FormFailure.tsx";
import { useMutation, useQuery } from "@apollo/client/react";
import {
  businessProfileSchema,
  CUISINE_KEYS,
  CUISINES,
  DELIVERY_APP_KEYS,
  deliveryAppSchema,
  KUWAIT_AREA_KEYS,
  KUWAIT_AREAS,
  RESERVATION_MODES,
  type Locale,
} from "@sufra/schema";
import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { App, Button, Card, Col, Collapse, Divider, Form, Input, Row, Select, Skeleton, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError } from "../../shared/LoadError.tsx";
import {
  BusinessProfileDocument,
  UpdateBusinessProfileDocument,
  type BusinessProfileFieldsFragment,
} from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { BUSINESS_PROFILE_NS } from "./i18n.ts";
import { MenuEditor } from "./MenuEditor.tsx";
import { GoogleMenu } from "./GoogleMenu.tsx";
import { OpeningHours } from "./hours/OpeningHours.tsx";
import { VoiceCard } from "./VoiceCard.tsx";
import { schemaRule } from "./model.ts";
import "./business-profile.css";
import {
  deliveryAppKeyKey,
  deliveryAppKeyOfKey,
  reservationModeKey,
  reservationModeOfKey,
} from "../../graphql/enumKeys.ts";

interface Values {
  nameAr?: string | null;
  cuisine?: string | null;
  area?: string | null;
  hours?: string | null;
  hoursAr?: string | null;
  address?: string | null;
  addressAr?: string | null;
  mapUrl?: string | null;
  ramadanHours?: string | null;
  ramadanHoursAr?: string | null;
  eidHours?: string | null;
  eidHoursAr?: string | null;
  publicPhone?: string | null;
  reservationMode?: string | null;
  reservationPhone?: string | null;
  reservationUrl?: string | null;
  deliveryApps?: { app?: string; name?: string | null; url?: string }[];
}

/** The text fields, sent trimmed (blank: cleared). */
const FIELDS = [
  "nameAr",
  "cuisine",
  "area",
  "hours",
  "hoursAr",
  "address",
  "addressAr",
  "mapUrl",
  "ramadanHours",
  "ramadanHoursAr",
  "eidHours",
  "eidHoursAr",
  "publicPhone",
  "reservationPhone",
  "reservationUrl",
] as const;
/** A server field message's field as the form names it: "deliveryApps.0.url" is ["deliveryApps", 0, "url"]. */
const formName = (field: string) => field.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));

const initialOf = (p: BusinessProfileFieldsFragment): Values => ({
  ...Object.fromEntries(FIELDS.map((f) => [f, p[f] ?? undefined])),
  reservationMode: p.reservationMode ? reservationModeKey[p.reservationMode] : undefined,
  deliveryApps: p.deliveryApps.map((a) => ({ app: deliveryAppKeyKey[a.app], name: a.name ?? undefined, url: a.url })),
});

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
        <Divider titlePlacement="start">{t("googleMenu.title")}</Divider>
        <GoogleMenu />
        <OpeningHours />
        {/* opened on demand: the voice is learned from the published posts when it is asked for */}
        <Collapse
          className="sufra-voice-collapse"
          items={[
            {
              key: "voice",
              label: t("voice.title"),
              extra: <Typography.Text type="secondary">{t("voice.summary")}</Typography.Text>,
              children: <VoiceCard />,
            },
          ]}
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
    const input = {
      ...Object.fromEntries(FIELDS.map((f) => [f, (v[f] ?? "").trim() || null])),
      reservationMode: reservationModeOfKey(v.reservationMode) ?? null,
      deliveryApps: (v.deliveryApps ?? [])
        .filter((a) => a && (a.app || a.url?.trim()))
        .map((a) => ({
          app: deliveryAppKeyOfKey(a.app)!,
          name: a.name?.trim() || null,
          url: (a.url ?? "").trim(),
        })),
    };
    try {
      const res = await save({ variables: { input } });
      const saved = res.data?.updateBusinessProfile;
      if (saved) form.setFieldsValue(initialOf(saved));
      void message.success(t("saved"));
    } catch (e) {
      const details = errorDetails(e);
      const fields = Object.keys(details).filter((f) => f !== "_" && details[f]?.length);
      if (fields.length) form.setFields(fields.map((f) => ({ name: formName(f) as never, errors: details[f] })));
      else setFailure(errorMessage(e));
    }
  };
  const mode = Form.useWatch("reservationMode", form);
  const appShape = deliveryAppSchema.shape;

  return (
    <Form
      form={form}
      name="businessProfile"
      layout="vertical"
      requiredMark={false}
      onFinish={submit}
      initialValues={initialOf(profile)}
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
      <span id="guest-facts" />
      <Divider titlePlacement="start">{t("guests.title")}</Divider>
      <Typography.Paragraph type="secondary">{t("guests.intro")}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="address" label={t("guests.address")} rules={[schemaRule(shape.address, locale)]}>
            <Input
              dir="ltr"
              lang="en"
              className="sufra-ltr-input"
              placeholder={t("guests.addressPlaceholder")}
              autoComplete="street-address"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="addressAr" label={t("guests.addressAr")} rules={[schemaRule(shape.addressAr, locale)]}>
            <Input dir="rtl" lang="ar" placeholder={t("guests.addressArPlaceholder")} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item
        name="mapUrl"
        label={t("guests.mapUrl")}
        extra={t("guests.mapUrlHint")}
        rules={[schemaRule(shape.mapUrl, locale)]}
      >
        <Input dir="ltr" className="sufra-ltr-input" inputMode="url" placeholder="https://maps.app.goo.gl/…" />
      </Form.Item>
      <Row gutter={16}>
        {(["ramadanHours", "eidHours"] as const).map((f) => (
          <Col xs={24} md={12} key={f}>
            <Form.Item name={f} label={t(`guests.${f}`)} rules={[schemaRule(shape[f], locale)]}>
              <Input dir="ltr" lang="en" className="sufra-ltr-input" placeholder={t("guests.seasonalPlaceholder")} />
            </Form.Item>
            <Form.Item name={`${f}Ar`} label={t(`guests.${f}Ar`)} rules={[schemaRule(shape[`${f}Ar`], locale)]}>
              <Input dir="rtl" lang="ar" placeholder={t("guests.seasonalArPlaceholder")} />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Form.Item
        name="publicPhone"
        label={t("guests.publicPhone")}
        extra={t("guests.publicPhoneHint")}
        rules={[schemaRule(shape.publicPhone, locale)]}
      >
        <Input dir="ltr" className="sufra-ltr-input" inputMode="tel" placeholder="+965XXXXXXXX" autoComplete="tel" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="reservationMode" label={t("guests.reservationMode")}>
            <Select
              allowClear
              placeholder={t("guests.reservationModes.unset")}
              options={RESERVATION_MODES.map((m) => ({ value: m, label: t(`guests.reservationModes.${m}`) }))}
              data-testid="reservation-mode"
            />
          </Form.Item>
        </Col>
        {mode === "phone" && (
          <Col xs={24} md={16}>
            <Form.Item
              name="reservationPhone"
              label={t("guests.reservationPhone")}
              rules={[schemaRule(shape.reservationPhone, locale)]}
            >
              <Input dir="ltr" className="sufra-ltr-input" inputMode="tel" placeholder="+965XXXXXXXX" />
            </Form.Item>
          </Col>
        )}
        {mode === "link" && (
          <Col xs={24} md={16}>
            <Form.Item
              name="reservationUrl"
              label={t("guests.reservationUrl")}
              rules={[schemaRule(shape.reservationUrl, locale)]}
            >
              <Input dir="ltr" className="sufra-ltr-input" inputMode="url" placeholder="https://" />
            </Form.Item>
          </Col>
        )}
      </Row>
      <Typography.Text strong>{t("guests.deliveryApps")}</Typography.Text>
      <Form.List name="deliveryApps">
        {(items, { add, remove }) => (
          <div className="sufra-delivery-apps" data-testid="delivery-apps">
            {items.map(({ key, name }) => (
              <Row gutter={8} key={key} align="top">
                <Col xs={24} md={6}>
                  <Form.Item
                    name={[name, "app"]}
                    label={t("guests.deliveryApp")}
                    rules={[schemaRule(appShape.app, locale)]}
                  >
                    <Select options={DELIVERY_APP_KEYS.map((k) => ({ value: k, label: t(`guests.apps.${k}`) }))} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={7}>
                  <Form.Item
                    name={[name, "name"]}
                    label={t("guests.deliveryAppName")}
                    rules={[schemaRule(appShape.name, locale)]}
                  >
                    <Input placeholder={t("guests.deliveryAppNamePlaceholder")} />
                  </Form.Item>
                </Col>
                <Col xs={22} md={10}>
                  <Form.Item
                    name={[name, "url"]}
                    label={t("guests.deliveryAppUrl")}
                    rules={[schemaRule(appShape.url, locale)]}
                  >
                    <Input dir="ltr" className="sufra-ltr-input" inputMode="url" placeholder="https://" />
                  </Form.Item>
                </Col>
                <Col xs={2} md={1} className="sufra-delivery-app-remove">
                  <Button
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t("guests.removeDeliveryApp")}
                    onClick={() => remove(name)}
                  />
                </Col>
              </Row>
            ))}
            <Button
              icon={<PlusOutlined />}
              onClick={() => add({ app: undefined, name: undefined, url: "" })}
              data-testid="add-delivery-app"
            >
              {t("guests.addDeliveryApp")}
            </Button>
          </div>
        )}
      </Form.List>
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
    const list = keys.map((k) => ({
      value: k,
      label: choices[k]![locale],
      search: `${choices[k]!.en} ${choices[k]!.ar} ${k}`,
    }));
    // a free text saved earlier shows as itself
    if (value && !keys.includes(value)) list.unshift({ value, label: value, search: value });
    // too long a text is still offered: the field's rule then says how long it may be
    const typed = search.trim();
    const lower = typed.toLowerCase();
    if (typed && !list.some((o) => o.value === typed || o.label.toLowerCase() === lower))
      list.unshift({ value: typed, label: t("useTyped", { text: typed }), search: typed });
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
