// The studio's Generate tab: a prompt, an occasion, a tone, a language and how many options, sent to
// generatePost; the options come back as cards to use, add below or edit first, each counted as the
// network counts it. Above the form, the coming occasions as one-click starts ("Eid al-Fitr in 12
// days: plan 3 posts"); beside the button, the AI posts left this month (refreshed from every answer).
// The tone starts at the café's voice's tone (businessVoice); untouched, none is sent and the server
// writes in the voice's. Under each option, the prompt's facts it could not carry ("Not used: ...").
// Over the quota the button is off with the reason and the way up. Below, hashtags for the caption
// already in the composer (suggestHashtags).
import { CalendarOutlined } from "@ant-design/icons";
import { useMutation, useQuery } from "@apollo/client/react";
import {
  CALENDAR_CONTENT_OCCASIONS,
  composeText,
  CONTENT_LANGUAGE_KEYS,
  CONTENT_LANGUAGES,
  CONTENT_OCCASION_KEYS,
  CONTENT_OCCASIONS,
  CONTENT_TONE_KEYS,
  CONTENT_TONES,
  DEFAULT_CONTENT_TONE,
  DEFAULT_GENERATE_VARIANTS,
  generateInputSchema,
  isContentLanguage,
  MAX_GENERATE_VARIANTS,
  MAX_PROMPT_LENGTH,
  messageText,
  MIN_GENERATE_VARIANTS,
  PLAN_IDS,
  PLANS,
  PLATFORM_LABELS,
  PLATFORM_LIMITS,
  platformLength,
  type ContentLanguage,
  type ContentOccasionKey,
  type ContentTone,
  type Locale,
  type PlatformName,
} from "@sufra/schema";
import { Alert, App, Button, Card, Form, Input, Segmented, Select, Tag, Typography } from "antd";
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { errorCode, errorDetails, errorMessage } from "../../../../lib/errorMessage.ts";
import { formatDate, formatNumber } from "../../../../lib/format.ts";
import { useLocale } from "../../../../lib/useLocale.ts";
import { gqlPlatform } from "../../../../shared/postBits.tsx";
import { DASHBOARD_NS } from "../../../dashboard/index.ts";
import {
  StudioAiUsageDocument,
  StudioGeneratePostDocument,
  StudioSuggestHashtagsDocument,
  StudioUpcomingOccasionsDocument,
  StudioVoiceToneDocument,
  type StudioGeneratePostMutation,
  type StudioUpcomingOccasionsQuery,
  type StudioUsageFieldsFragment,
} from "../../../../graphql/graphql.ts";
import { STUDIO_NS } from "./studio.i18n.ts";
import { SubscriptionEnded } from "../../../billing/index.ts";
import "./studio.css";
import {
  contentLanguageFromKey,
  contentLanguageKeyOf,
  contentOccasionFromKey,
  contentToneFromKey,
  contentToneKeyOf,
  planKeyOf,
} from "../../../../graphql/enumKeys.ts";

type InsertMode = "replace" | "append";
export interface Insertion {
  content: string;
  hashtags: string[];
  mode: InsertMode;
  /** The occasion the caption was written for (chosen in the studio): the composer takes it when the post has none. */
  occasion?: ContentOccasionKey | null;
}

export interface GenerateTabProps {
  platform: PlatformName;
  currentContent: string;
  onInsert: (v: Insertion) => void;
  /** Adds hashtags to the post's own hashtags field; without it they arrive through onInsert (append). */
  onAddHashtags?: (tags: string[]) => void;
  /** The subscription stopped (expired, cancelled): no generating, and why (docs/product.md#subscriptions-and-billing). */
  stopped?: boolean;
  /** The post's photos (media ids, in order): sent with the request (docs/product.md#captions-from-the-photo). */
  mediaIds?: readonly string[];
  /** Alt text proposed for the photos, in the caption's language. */
  onAltTexts?: (list: { mediaId: string; text: string }[]) => void;
}

/** How far ahead the hints look (the brief: the nearest one or two within 45 days). */
export const HINT_DAYS = 45;
const ANY = "any";
const clampVariants = (n: number) => Math.min(MAX_GENERATE_VARIANTS, Math.max(MIN_GENERATE_VARIANTS, n));
/** A YYYY-MM-DD day as noon in Kuwait, so no time zone moves it to a neighbouring day. */
const kuwaitDay = (day: string) => `${day}T12:00:00+03:00`;
/** The voice's tone as the schema names it (FRIENDLY -> friendly); null when unknown or not loaded. */
const voiceToneOf = (gql: string | null | undefined): ContentTone | null => {
  const k = contentToneKeyOf(gql);
  return k && CONTENT_TONE_KEYS.includes(k) ? k : null;
};

type Generated = StudioGeneratePostMutation["generatePost"];
type Upcoming = StudioUpcomingOccasionsQuery["upcomingOccasions"][number];

export function GenerateTab({
  platform,
  currentContent,
  onInsert,
  onAddHashtags,
  stopped = false,
  mediaIds = [],
  onAltTexts,
}: GenerateTabProps) {
  const { t } = useTranslation(STUDIO_NS);
  const locale = useLocale();
  const { message } = App.useApp();

  const [prompt, setPrompt] = useState("");
  const [occasion, setOccasion] = useState<ContentOccasionKey | typeof ANY>(ANY);
  // null until the person picks one: the voice's tone is shown and the server writes in it
  const [chosenTone, setTone] = useState<ContentTone | null>(null);
  const [language, setLanguage] = useState<ContentLanguage>(locale);
  const [variants, setVariants] = useState(DEFAULT_GENERATE_VARIANTS);
  const [promptError, setPromptError] = useState<string>();
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<{ id: number; data: Generated; occasion?: ContentOccasionKey } | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);

  const usageQuery = useQuery(StudioAiUsageDocument, { fetchPolicy: "cache-and-network" });
  const usage = usageQuery.data?.aiUsage;
  const spent = !!usage && usage.remaining <= 0;
  const occasionsQuery = useQuery(StudioUpcomingOccasionsDocument, { variables: { days: HINT_DAYS } });
  const [generate] = useMutation(StudioGeneratePostDocument);
  const voiceTone = voiceToneOf(useQuery(StudioVoiceToneDocument).data?.businessVoice.voice.tone);
  const tone = chosenTone ?? voiceTone ?? DEFAULT_CONTENT_TONE;

  const refreshUsage = () => void usageQuery.refetch().catch(() => {});

  async function run() {
    setError(null);
    setPromptError(undefined);
    // the shared rule, the same the server applies (prompt 1..500 characters, 1..5 options)
    const checked = generateInputSchema.safeParse({
      prompt,
      platform,
      language,
      tone: chosenTone ?? undefined,
      occasion: occasion === ANY ? undefined : occasion,
      variants,
    });
    if (!checked.success) {
      setPromptError(messageText(checked.error.issues[0]?.message ?? "invalidValue", locale));
      return;
    }
    const input = checked.data;
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    try {
      const { data } = await generate({
        variables: {
          input: {
            prompt: input.prompt,
            platform: gqlPlatform(input.platform),
            language: input.language ? contentLanguageFromKey[input.language] : undefined,
            tone: input.tone ? contentToneFromKey[input.tone] : undefined,
            occasion: input.occasion ? contentOccasionFromKey[input.occasion] : undefined,
            variants: input.variants,
            ...(mediaIds.length ? { mediaIds: [...mediaIds] } : {}),
          },
        },
        context: { fetchOptions: { signal: controller.signal } },
        // the answer carries this month's count: the line under the button follows it at once
        update: (cache, { data: answer }) => {
          if (answer) cache.writeQuery({ query: StudioAiUsageDocument, data: { aiUsage: answer.generatePost.usage } });
        },
      });
      if (controller.signal.aborted) return;
      if (data) {
        setResult((r) => ({ id: (r?.id ?? 0) + 1, data: data.generatePost, occasion: input.occasion }));
        const alts = (data.generatePost.altTexts ?? []).map((a) => ({ mediaId: a.mediaId, text: a.text }));
        if (alts.length && onAltTexts) onAltTexts(alts);
      }
    } catch (e) {
      if (controller.signal.aborted) return;
      setError(e);
      const promptDetail = Object.entries(errorDetails(e)).find(
        ([path]) => path.split(".").pop() === "prompt",
      )?.[1]?.[0];
      if (promptDetail) setPromptError(promptDetail);
      if (errorCode(e) === "AI_QUOTA_EXCEEDED") refreshUsage();
    } finally {
      if (running.current === controller) {
        running.current = null;
        setBusy(false);
      }
    }
  }

  function cancel() {
    running.current?.abort();
    running.current = null;
    setBusy(false);
    void message.info(t("cancelled"));
    refreshUsage(); // the server may have counted it before we stopped listening
  }

  function applyHint(o: Upcoming, key: ContentOccasionKey) {
    setOccasion(key);
    setVariants(clampVariants(o.suggestedPosts));
    if (!prompt.trim()) setPrompt(locale === "ar" ? o.nameAr : o.nameEn);
    setPromptError(undefined);
  }

  const variantsShown = result
    ? result.data.variants.length
      ? result.data.variants
      : [
          {
            content: result.data.content,
            hashtags: result.data.hashtags,
            language: result.data.language,
            unusedFacts: [],
          },
        ]
    : [];
  const quotaError = !!error && errorCode(error) === "AI_QUOTA_EXCEEDED";

  return (
    <div className="sufra-studio-generate">
      <Typography.Paragraph type="secondary" className="sufra-studio-intro">
        {t("intro")}
      </Typography.Paragraph>
      <OccasionHints list={occasionsQuery.data?.upcomingOccasions} onUse={applyHint} />
      <Form layout="vertical" component="div" className="sufra-studio-form">
        <Form.Item
          label={t("prompt.label")}
          htmlFor="studio-prompt"
          validateStatus={promptError ? "error" : undefined}
          help={promptError}
          required
        >
          <Input.TextArea
            id="studio-prompt"
            dir="auto"
            value={prompt}
            onChange={(e) => {
              setPrompt(e.target.value);
              setPromptError(undefined);
            }}
            placeholder={t("prompt.placeholder")}
            rows={3}
            count={{
              max: MAX_PROMPT_LENGTH,
              strategy: (v) => v.trim().length, // as the rule counts: after trimming
              show: ({ count, maxLength }) => (
                <bdi dir="ltr">
                  {formatNumber(count, locale)} / {formatNumber(maxLength ?? MAX_PROMPT_LENGTH, locale)}
                </bdi>
              ),
            }}
            data-testid="studio-prompt"
          />
        </Form.Item>
        <Form.Item label={t("occasion.label")} htmlFor="studio-occasion">
          <Select
            id="studio-occasion"
            value={occasion}
            onChange={setOccasion}
            options={[
              { value: ANY, label: t("occasion.any") },
              ...CONTENT_OCCASION_KEYS.map((k) => ({ value: k, label: CONTENT_OCCASIONS[k][locale] })),
            ]}
            showSearch={{ optionFilterProp: "label" }}
            data-testid="studio-occasion"
          />
        </Form.Item>
        <Choice<ContentTone>
          label={t("tone.label")}
          value={tone}
          onChange={setTone}
          options={CONTENT_TONE_KEYS.map((k) => ({ value: k, label: CONTENT_TONES[k][locale] }))}
          testId="studio-tone"
        />
        <Choice<ContentLanguage>
          label={t("language.label")}
          value={language}
          onChange={setLanguage}
          options={CONTENT_LANGUAGE_KEYS.map((k) => ({
            value: k,
            label: k === "both" ? t("language.both") : <bdi lang={k}>{t(`language.${k}`)}</bdi>,
          }))}
          testId="studio-language"
        />
        <Choice<number>
          label={t("variants.label")}
          value={variants}
          onChange={setVariants}
          options={Array.from({ length: MAX_GENERATE_VARIANTS - MIN_GENERATE_VARIANTS + 1 }, (_, i) => ({
            value: i + MIN_GENERATE_VARIANTS,
            label: formatNumber(i + MIN_GENERATE_VARIANTS, locale),
          }))}
          testId="studio-variants"
        />
        {stopped && <SubscriptionEnded testId="studio-subscription-ended" />}
        <div className="sufra-studio-run">
          <Button
            type="primary"
            onClick={() => void run()}
            loading={busy}
            disabled={stopped || spent || busy}
            data-testid="studio-generate"
          >
            {busy ? t("generating") : t("generate")}
          </Button>
          {busy && (
            <Button onClick={cancel} data-testid="studio-cancel">
              {t("cancel")}
            </Button>
          )}
          <Typography.Text type="secondary" className="sufra-studio-written-for">
            {t("writtenFor", {
              platform: PLATFORM_LABELS[platform][locale],
              limit: formatNumber(PLATFORM_LIMITS[platform].maxLength, locale),
            })}
          </Typography.Text>
        </div>
        {usage && <UsageLine usage={usage} />}
        {spent && usage && <QuotaSpent usage={usage} />}
      </Form>

      {!!error && (
        <Alert
          className="sufra-studio-alert"
          type="error"
          showIcon
          role="alert"
          title={errorMessage(error)}
          description={quotaError && usage ? <UpgradeHint plan={usage.plan} /> : undefined}
          data-testid="studio-error"
        />
      )}

      {result && (
        <section className="sufra-studio-results" aria-labelledby="studio-results-title" data-testid="studio-results">
          <Typography.Title level={3} id="studio-results-title" className="sufra-studio-results-title">
            {t("results.title")}
          </Typography.Title>
          {result.data.fellBack && (
            <Alert
              type="warning"
              showIcon
              title={result.data.note ?? t("results.fellBack")}
              data-testid="studio-fallback"
            />
          )}
          {/* the photo was not seen: said plainly (the note names it), never hidden behind a caption that sounds as if it was */}
          {!result.data.fellBack && result.data.photosSeen === false && result.data.note && (
            <Alert type="info" showIcon title={result.data.note} data-testid="studio-photo-not-seen" />
          )}
          {(result.data.altTexts ?? []).length > 0 && onAltTexts && (
            <Typography.Paragraph type="secondary" data-testid="studio-alt-texts">
              {t("results.altTextsAdded")}
            </Typography.Paragraph>
          )}
          {variantsShown.map((v, i) => (
            <VariantCard
              key={`${result.id}-${i}`}
              n={i + 1}
              variant={v}
              platform={platform}
              occasion={result.occasion}
              onInsert={onInsert}
            />
          ))}
        </section>
      )}

      <HashtagSuggestions
        platform={platform}
        occasion={occasion === ANY ? null : occasion}
        currentContent={currentContent}
        onInsert={onInsert}
        onAddHashtags={onAddHashtags}
      />
    </div>
  );
}

// ---------------------------------------------------------------- the coming occasions
/** A few choices side by side, the control named by its label for screen readers. */
function Choice<T extends string | number>({
  label,
  value,
  onChange,
  options,
  testId,
}: {
  label: string;
  value: T;
  onChange: (v: T) => void;
  options: { value: T; label: ReactNode }[];
  testId: string;
}) {
  return (
    <Form.Item label={label}>
      <Segmented<T> block value={value} onChange={onChange} options={options} aria-label={label} data-testid={testId} />
    </Form.Item>
  );
}

function OccasionHints({
  list,
  onUse,
}: {
  list: Upcoming[] | undefined;
  onUse: (o: Upcoming, key: ContentOccasionKey) => void;
}) {
  const { t } = useTranslation(STUDIO_NS);
  const locale = useLocale();
  // the nearest two that have a caption occasion of their own (Ramadan's end and Eid are one idea)
  const hints: { o: Upcoming; key: ContentOccasionKey }[] = [];
  for (const o of [...(list ?? [])].sort((a, b) => a.daysUntil - b.daysUntil)) {
    const key = Object.hasOwn(CALENDAR_CONTENT_OCCASIONS, o.occasionKey)
      ? CALENDAR_CONTENT_OCCASIONS[o.occasionKey]
      : undefined;
    if (!key || hints.some((h) => h.key === key)) continue;
    hints.push({ o, key });
    if (hints.length === 2) break;
  }
  if (!hints.length) return null;
  return (
    <ul className="sufra-studio-hints" aria-label={t("hints.label")}>
      {hints.map(({ o, key }) => {
        const name = locale === "ar" ? o.nameAr : o.nameEn;
        // the same words as the dashboard's coming-occasions card (one text for an admin to edit)
        const posts = t("occasions.posts", {
          ns: DASHBOARD_NS,
          count: o.suggestedPosts,
          n: formatNumber(o.suggestedPosts, locale),
        });
        const text =
          o.daysUntil === 0
            ? t("occasions.today", { ns: DASHBOARD_NS, name, posts })
            : t("occasions.suggestion", {
                ns: DASHBOARD_NS,
                name,
                posts,
                count: o.daysUntil,
                days: formatNumber(o.daysUntil, locale),
              });
        return (
          <li key={`${o.occasionKey}-${o.date}`}>
            <Alert
              type="info"
              showIcon
              icon={<CalendarOutlined aria-hidden />}
              title={text}
              action={
                <Button size="small" onClick={() => onUse(o, key)} aria-label={`${t("hints.use")}: ${name}`}>
                  {t("hints.use")}
                </Button>
              }
              data-testid="occasion-hint"
            />
          </li>
        );
      })}
    </ul>
  );
}

// ---------------------------------------------------------------- the month's AI posts
function UsageLine({ usage }: { usage: StudioUsageFieldsFragment }) {
  const { t } = useTranslation(STUDIO_NS);
  const locale = useLocale();
  return (
    <Typography.Paragraph type="secondary" className="sufra-studio-usage" aria-live="polite" data-testid="ai-usage">
      {t("usage.left", {
        count: usage.limit,
        left: formatNumber(Math.max(0, usage.remaining), locale),
        limit: formatNumber(usage.limit, locale),
        date: formatDate(kuwaitDay(usage.resetsOn), locale, "long"),
      })}
    </Typography.Paragraph>
  );
}

function QuotaSpent({ usage }: { usage: StudioUsageFieldsFragment }) {
  const { t } = useTranslation(STUDIO_NS);
  const locale = useLocale();
  return (
    <Alert
      className="sufra-studio-alert"
      type="warning"
      showIcon
      title={t("usage.spent", {
        count: usage.limit,
        limit: formatNumber(usage.limit, locale),
        date: formatDate(kuwaitDay(usage.resetsOn), locale, "long"),
      })}
      description={
        <>
          <UpgradeHint plan={usage.plan} /> {t("usage.templates")}
        </>
      }
      data-testid="ai-quota-spent"
    />
  );
}

/** "Upgrade to Professional for 100 AI posts a month. See plans" — nothing on the top plan. */
function UpgradeHint({ plan }: { plan: string }) {
  const { t } = useTranslation(STUDIO_NS);
  const locale: Locale = useLocale();
  const at = PLAN_IDS.indexOf(planKeyOf(plan) as (typeof PLAN_IDS)[number]);
  const next = at < 0 ? undefined : PLAN_IDS[at + 1];
  if (!next) return null;
  return (
    <span data-testid="ai-upgrade">
      {t("usage.upgrade", { plan: PLANS[next].name[locale], n: formatNumber(PLANS[next].aiPostsPerMonth, locale) })}{" "}
      <Link to="/settings">{t("usage.plans")}</Link>
    </span>
  );
}

// ---------------------------------------------------------------- one option
function VariantCard({
  n,
  variant,
  platform,
  occasion,
  onInsert,
}: {
  n: number;
  variant: Generated["variants"][number];
  platform: PlatformName;
  occasion?: ContentOccasionKey;
  onInsert: (v: Insertion) => void;
}) {
  const { t } = useTranslation(STUDIO_NS);
  const locale = useLocale();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(variant.content);
  const lang = contentLanguageKeyOf(variant.language);
  const length = platformLength(platform, composeText(text, variant.hashtags));
  const max = PLATFORM_LIMITS[platform].maxLength;
  const over = length > max;
  const insert = (mode: InsertMode) =>
    onInsert({ content: text.trim(), hashtags: [...variant.hashtags], mode, ...(occasion ? { occasion } : {}) });
  const label = t("results.option", { n: formatNumber(n, locale) });

  return (
    <Card
      size="small"
      className="sufra-studio-variant"
      title={label}
      extra={lang && isContentLanguage(lang) ? <Tag>{CONTENT_LANGUAGES[lang][locale]}</Tag> : null}
      data-testid={`variant-${n}`}
    >
      {editing ? (
        <Input.TextArea
          dir="auto"
          value={text}
          onChange={(e) => setText(e.target.value)}
          rows={6}
          aria-label={t("results.editLabel", { n: formatNumber(n, locale) })}
          data-testid="variant-editor"
        />
      ) : (
        <Typography.Paragraph dir="auto" className="sufra-studio-text" data-testid="variant-text">
          {text}
        </Typography.Paragraph>
      )}
      {variant.hashtags.length > 0 && (
        <div className="sufra-studio-tags" data-testid="variant-hashtags">
          {variant.hashtags.map((h) => (
            <Tag key={h}>
              <bdi>#{h}</bdi>
            </Tag>
          ))}
        </div>
      )}
      {(variant.unusedFacts ?? []).length > 0 && (
        <Typography.Paragraph type="secondary" className="sufra-studio-unused" data-testid="variant-unused-facts">
          {/* each fact as the prompt wrote it, in its own direction, after the label in the person's language */}
          {t("results.unusedFacts")}{" "}
          {variant.unusedFacts!.map((f, i) => (
            <span key={i}>
              {i > 0 && (locale === "ar" ? "، " : ", ")}
              <bdi dir="auto">{f}</bdi>
            </span>
          ))}
        </Typography.Paragraph>
      )}
      <div className="sufra-studio-count">
        <Typography.Text type={over ? "danger" : "secondary"} className="sufra-counter" data-testid="variant-count">
          <bdi dir="ltr">{t("results.count", { n: formatNumber(length, locale), max: formatNumber(max, locale) })}</bdi>
        </Typography.Text>
        {over && (
          <Typography.Text type="danger">
            {t("results.tooLong", { platform: PLATFORM_LABELS[platform][locale] })}
          </Typography.Text>
        )}
      </div>
      <div className="sufra-studio-actions">
        <Button type="primary" onClick={() => insert("replace")} disabled={!text.trim()} data-testid="variant-use">
          {t("results.use")}
        </Button>
        <Button onClick={() => insert("append")} disabled={!text.trim()} data-testid="variant-append">
          {t("results.append")}
        </Button>
        <Button type="link" onClick={() => setEditing((e) => !e)} aria-expanded={editing} data-testid="variant-edit">
          {editing ? t("results.doneEditing") : t("results.edit")}
        </Button>
      </div>
    </Card>
  );
}

// ---------------------------------------------------------------- hashtags for the composer's caption
function HashtagSuggestions({
  platform,
  occasion,
  currentContent,
  onInsert,
  onAddHashtags,
}: {
  platform: PlatformName;
  occasion: ContentOccasionKey | null;
  currentContent: string;
  onInsert: (v: Insertion) => void;
  onAddHashtags?: (tags: string[]) => void;
}) {
  const { t } = useTranslation(STUDIO_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [suggest, { loading }] = useMutation(StudioSuggestHashtagsDocument);
  const [tags, setTags] = useState<string[] | null>(null);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<unknown>(null);
  const blank = !currentContent.trim();
  const chosen = (tags ?? []).filter((h) => !left.has(h));

  async function ask() {
    setError(null);
    try {
      const { data } = await suggest({
        variables: {
          input: {
            content: currentContent.trim(),
            platform: gqlPlatform(platform),
            occasion: occasion ? contentOccasionFromKey[occasion] : undefined,
          },
        },
      });
      setTags(data?.suggestHashtags.hashtags ?? []);
      setLeft(new Set());
    } catch (e) {
      setError(e);
    }
  }

  function add() {
    if (onAddHashtags) onAddHashtags(chosen);
    else onInsert({ content: "", hashtags: chosen, mode: "append" });
    void message.success(t("hashtags.added"));
    setTags(null);
  }

  return (
    <section className="sufra-studio-hashtags" aria-labelledby="studio-hashtags-title" data-testid="studio-hashtags">
      <Typography.Title level={3} id="studio-hashtags-title" className="sufra-studio-results-title">
        {t("hashtags.title")}
      </Typography.Title>
      {blank && <Typography.Paragraph type="secondary">{t("hashtags.needCaption")}</Typography.Paragraph>}
      <Button onClick={() => void ask()} loading={loading} disabled={blank} data-testid="studio-suggest-hashtags">
        {t("hashtags.suggest")}
      </Button>
      {!!error && (
        <Alert
          className="sufra-studio-alert"
          type="error"
          showIcon
          title={errorMessage(error)}
          data-testid="studio-hashtags-error"
        />
      )}
      {tags && tags.length === 0 && <Typography.Paragraph type="secondary">{t("hashtags.none")}</Typography.Paragraph>}
      {tags && tags.length > 0 && (
        <>
          <Typography.Paragraph type="secondary" className="sufra-studio-pick">
            {t("hashtags.pick")}
          </Typography.Paragraph>
          <div className="sufra-studio-tags" data-testid="suggested-hashtags">
            {tags.map((h) => (
              <Tag.CheckableTag
                key={h}
                checked={!left.has(h)}
                onChange={(on) =>
                  setLeft((s) => {
                    const next = new Set(s);
                    if (on) next.delete(h);
                    else next.add(h);
                    return next;
                  })
                }
              >
                <bdi>#{h}</bdi>
              </Tag.CheckableTag>
            ))}
          </div>
          <Button type="primary" onClick={add} disabled={!chosen.length} data-testid="studio-add-hashtags">
            {t("hashtags.add", { count: chosen.length, n: formatNumber(chosen.length, locale) })}
          </Button>
        </>
      )}
    </section>
  );
}
