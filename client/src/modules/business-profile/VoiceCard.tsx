// The café's own voice (Settings, under the business profile): which Arabic the writers use (Gulf /
// Kuwaiti or Modern Standard), which language comes first, tone, length, emoji and hashtags. Each habit
// shows what is in force and where it comes from (chosen, learned from the published posts, or the
// default) with the evidence ("from 14 published posts"); choosing one wins over what was learned, and
// clearing it gives it back. Checked with the shared rule (schema/src/voice.ts) before anything is sent.
import { useMutation, useQuery } from "@apollo/client/react";
import {
  ARABIC_VARIETIES,
  CAPTION_LENGTHS,
  CONTENT_TONES,
  EMOJI_HABITS,
  HASHTAG_SCRIPTS,
  LANGUAGE_ORDERS,
  MAX_VOICE_HASHTAGS,
  businessVoiceSchema,
  type Locale,
  type VoiceField,
} from "@sufra/schema";
import { Alert, App, Button, Col, Form, InputNumber, Row, Select, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BusinessVoiceDocument,
  UpdateBusinessVoiceDocument,
  type BusinessVoiceFieldsFragment,
  type VoiceSource,
} from "../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../lib/errorMessage.ts";
import { formatNumber, formatPercent, joinParts } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { FormFailure } from "../../shared/FormFailure.tsx";
import { LoadError } from "../../shared/LoadError.tsx";
import { BUSINESS_PROFILE_NS } from "./i18n.ts";
import { schemaRule } from "./model.ts";
import { ToneTag } from "../../shared/ToneTag.tsx";
import {
  arabicVarietyKeyOf,
  arabicVarietyOfKey,
  captionLengthKeyOf,
  captionLengthOfKey,
  contentToneKeyOf,
  contentToneOfKey,
  emojiHabitKeyOf,
  emojiHabitOfKey,
  hashtagScriptKeyOf,
  hashtagScriptOfKey,
  languageOrderKeyOf,
  languageOrderOfKey,
  voiceSourceKey,
} from "../../graphql/enumKeys.ts";

type Labels = Readonly<Record<Locale, string>>;
/** The habits chosen from a list, with the list's labels in both languages. */
const CHOICES: Record<ChoiceField, Readonly<Record<string, Labels>>> = {
  arabicVariety: ARABIC_VARIETIES,
  languageOrder: LANGUAGE_ORDERS,
  tone: CONTENT_TONES,
  length: CAPTION_LENGTHS,
  emoji: EMOJI_HABITS,
  hashtagScript: HASHTAG_SCRIPTS,
};
const FIELDS = [
  "arabicVariety",
  "languageOrder",
  "tone",
  "length",
  "emoji",
  "hashtagCount",
  "hashtagScript",
] as const satisfies readonly VoiceField[];
type Values = Partial<Record<VoiceField, string | number | null>>;

type ChoiceField = Exclude<VoiceField, "hashtagCount">;
type Convert = (v: string | null | undefined) => string | undefined;
/** Each habit's GraphQL value as the shared list's key ("AR_FIRST" -> "ar_first"), and back. */
const KEY_OF: Record<ChoiceField, Convert> = {
  arabicVariety: arabicVarietyKeyOf,
  languageOrder: languageOrderKeyOf,
  tone: contentToneKeyOf,
  length: captionLengthKeyOf,
  emoji: emojiHabitKeyOf,
  hashtagScript: hashtagScriptKeyOf,
};
const VALUE_OF: Record<ChoiceField, Convert> = {
  arabicVariety: arabicVarietyOfKey,
  languageOrder: languageOrderOfKey,
  tone: contentToneOfKey,
  length: captionLengthOfKey,
  emoji: emojiHabitOfKey,
  hashtagScript: hashtagScriptOfKey,
};

export function VoiceCard() {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const { data, error, refetch } = useQuery(BusinessVoiceDocument, { fetchPolicy: "cache-and-network" });
  const voice = data?.businessVoice;
  if (voice) return <VoiceForm voice={voice} />;
  if (error) return <LoadError title={t("voice.loadFailed")} error={error} onRetry={() => refetch().catch(() => {})} />;
  return <Skeleton active paragraph={{ rows: 4 }} />;
}

function VoiceForm({ voice }: { voice: BusinessVoiceFieldsFragment }) {
  const { t } = useTranslation(BUSINESS_PROFILE_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [save, { loading }] = useMutation(UpdateBusinessVoiceDocument);
  const [failure, setFailure] = useState<string | null>(null);
  const shape = businessVoiceSchema.shape;
  const e = voice.evidence;
  const n = (x: number) => formatNumber(x, locale);
  const pct = (share: number) => formatPercent(Math.round(share * 100), locale);

  const chosenValues = Object.fromEntries(
    FIELDS.map((f) => [f, f === "hashtagCount" ? (voice.chosen[f] ?? null) : (KEY_OF[f](voice.chosen[f]) ?? null)]),
  ) as Values;

  /** What is in force for a habit, said in words: "Gulf Arabic (Kuwaiti)", "5". */
  const said = (f: VoiceField, v: string | number | null | undefined) => {
    if (v === null || v === undefined) return "";
    if (f === "hashtagCount") return n(Number(v));
    return CHOICES[f][KEY_OF[f](String(v)) ?? String(v)]?.[locale] ?? String(v);
  };

  /** The evidence behind a learned habit, in the person's language and digits. */
  const because: Partial<Record<VoiceField, string | null>> = {
    arabicVariety:
      e.gulfShare === null
        ? null
        : t("voice.evidence.variety", {
            gulf: n(e.gulfPosts),
            msa: n(e.msaPosts),
            edits: n(e.editsTowardGulf + e.editsTowardMsa),
            share: pct(e.gulfShare),
          }),
    languageOrder: e.arabicFirstShare === null ? null : t("voice.evidence.order", { share: pct(e.arabicFirstShare) }),
    length: e.averageLength === null ? null : t("voice.evidence.length", { n: n(Math.round(e.averageLength)) }),
    emoji: e.emojiPerPost === null ? null : t("voice.evidence.emoji", { n: n(e.emojiPerPost) }),
    hashtagCount: e.hashtagsPerPost === null ? null : t("voice.evidence.hashtags", { n: n(e.hashtagsPerPost) }),
    hashtagScript:
      e.arabicHashtagShare === null ? null : t("voice.evidence.script", { share: pct(e.arabicHashtagShare) }),
  };

  const submit = async (v: Values) => {
    setFailure(null);
    // every habit is sent: one left empty is given back to what is learned
    const input = Object.fromEntries(
      FIELDS.map((f) => {
        const x = v[f] ?? null;
        return [f, f === "hashtagCount" || typeof x !== "string" ? x : (VALUE_OF[f](x) ?? null)];
      }),
    );
    try {
      await save({ variables: { input } });
      void message.success(t("voice.saved"));
    } catch (err) {
      const details = errorDetails(err);
      const fields = FIELDS.filter((f) => details[f]?.length);
      if (fields.length) form.setFields(fields.map((f) => ({ name: f, errors: details[f] })));
      else setFailure(errorMessage(err));
    }
  };

  const sourceTag = (s: VoiceSource) => (
    <ToneTag tone={s === "CHOSEN" ? "neutral" : s === "LEARNED" ? "success" : null}>
      {t(`voice.source.${voiceSourceKey[s]}`)}
    </ToneTag>
  );

  const label = (f: VoiceField) => (
    <Space size={4} wrap>
      <span>{t(`voice.fields.${f}`)}</span>
      {sourceTag(voice.sources[f])}
    </Space>
  );
  /** Under each habit: what the writers follow when nothing is chosen, and why. */
  const extra = (f: VoiceField) => {
    const learned = voice.learned[f];
    const parts = [
      learned !== null && learned !== undefined ? t("voice.learnedValue", { value: said(f, learned) }) : null,
      learned !== null && learned !== undefined ? because[f] : null,
      voice.sources[f] === "DEFAULT" ? t("voice.defaultValue", { value: said(f, voice.voice[f]) }) : null,
    ].filter(Boolean);
    return parts.length ? <span data-testid={`voice-extra-${f}`}>{joinParts(parts, locale)}</span> : undefined;
  };
  const options = (f: ChoiceField) => Object.entries(CHOICES[f]).map(([k, l]) => ({ value: k, label: l[locale] }));

  return (
    <div className="sufra-business-voice" data-testid="business-voice">
      <Typography.Paragraph type="secondary">{t("voice.intro")}</Typography.Paragraph>
      <Alert
        type={e.posts >= 3 ? "success" : "info"}
        showIcon
        title={
          e.posts >= 3
            ? t("voice.learnedFrom", { posts: n(e.posts), edits: n(e.edits) })
            : t("voice.notYet", { posts: n(e.posts) })
        }
        data-testid="voice-evidence"
      />
      <Form
        form={form}
        name="businessVoice"
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={chosenValues}
        className="sufra-voice-form"
      >
        <Row gutter={16}>
          {(["arabicVariety", "languageOrder", "tone", "length", "emoji", "hashtagScript"] as const).map((f) => (
            <Col xs={24} md={12} key={f}>
              <Form.Item name={f} label={label(f)} extra={extra(f)} rules={[schemaRule(shape[f], locale)]}>
                <Select
                  allowClear
                  options={options(f)}
                  placeholder={said(f, voice.voice[f])}
                  aria-label={t(`voice.fields.${f}`)}
                />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12}>
            <Form.Item
              name="hashtagCount"
              label={label("hashtagCount")}
              extra={extra("hashtagCount")}
              rules={[schemaRule(shape.hashtagCount, locale)]}
            >
              <InputNumber
                min={0}
                max={MAX_VOICE_HASHTAGS}
                placeholder={said("hashtagCount", voice.voice.hashtagCount)}
                aria-label={t("voice.fields.hashtagCount")}
                style={{ width: "100%" }}
              />
            </Form.Item>
          </Col>
        </Row>
        <FormFailure failure={failure} />
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={loading} data-testid="voice-save">
            {t("voice.save")}
          </Button>
          <Button
            onClick={() => {
              form.setFieldsValue(Object.fromEntries(FIELDS.map((f) => [f, null])));
              form.submit();
            }}
            disabled={loading}
            data-testid="voice-use-learned"
          >
            {t("voice.useLearned")}
          </Button>
        </Space>
      </Form>
    </div>
  );
}
