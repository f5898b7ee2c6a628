// Content generation: the occasions, tones and languages a caption can be written for,
// the areas of Kuwait and the kinds of kitchen a business profile names, each in English and
// Arabic, so the server's writers and the client's Generate panel list the same things.
// (calendar.ts owns the dated occasions of the Kuwait calendar, OCCASIONS; a caption's occasion is a
// wider idea, new dishes and promotions included, hence the CONTENT_ prefix here.)
import { z } from "zod";
import { singleLine, multiLine, urlText } from "./text.ts";
import type { Locale, MessageKey } from "./messages.ts";
import { byNetwork, PLATFORMS } from "./networks/index.ts";
import { MAX_POST_MEDIA } from "./posts.ts";

type Labels = Readonly<Record<Locale, string>>;

// ---------------------------------------------------------------- occasions
/** What a caption is for, with the studio's names for it. */
export const CONTENT_OCCASIONS = {
  new_dish: { en: "New dish", ar: "طبق جديد" },
  menu_promotion: { en: "Menu promotion", ar: "عرض على القائمة" },
  food_photo: { en: "Food photo caption", ar: "تعليق على صورة طبق" },
  weekend: { en: "Weekend", ar: "عطلة نهاية الأسبوع" },
  ramadan_iftar: { en: "Ramadan Iftar", ar: "إفطار رمضان" },
  ramadan_suhoor: { en: "Ramadan Suhoor", ar: "سحور رمضان" },
  eid_al_fitr: { en: "Eid al-Fitr", ar: "عيد الفطر" },
  eid_al_adha: { en: "Eid al-Adha", ar: "عيد الأضحى" },
  national_day: { en: "National Day (25 February)", ar: "العيد الوطني (٢٥ فبراير)" },
  liberation_day: { en: "Liberation Day (26 February)", ar: "عيد التحرير (٢٦ فبراير)" },
  islamic_new_year: { en: "Islamic New Year", ar: "رأس السنة الهجرية" },
  prophets_birthday: { en: "The Prophet's Birthday", ar: "المولد النبوي الشريف" },
  back_to_school: { en: "Back to school", ar: "العودة إلى المدارس" },
  school_holidays: { en: "School holidays", ar: "العطلة المدرسية" },
  summer_nights: { en: "Summer nights", ar: "ليالي الصيف" },
} as const satisfies Record<string, Labels>;
export type ContentOccasionKey = keyof typeof CONTENT_OCCASIONS;
export const CONTENT_OCCASION_KEYS = Object.keys(CONTENT_OCCASIONS) as ContentOccasionKey[];
export const isContentOccasionKey = (k: unknown): k is ContentOccasionKey =>
  typeof k === "string" && Object.hasOwn(CONTENT_OCCASIONS, k);

/**
 * The caption occasion that fits a Kuwait calendar occasion (calendar.ts's OCCASIONS keys), for
 * "write a post for this holiday" from the calendar; those missing have no template of their own.
 */
export const CALENDAR_CONTENT_OCCASIONS: Readonly<Record<string, ContentOccasionKey>> = {
  national_day: "national_day",
  liberation_day: "liberation_day",
  ramadan_start: "ramadan_iftar",
  ramadan_end: "eid_al_fitr",
  eid_al_fitr: "eid_al_fitr",
  arafat_day: "eid_al_adha",
  eid_al_adha: "eid_al_adha",
  islamic_new_year: "islamic_new_year",
  prophets_birthday: "prophets_birthday",
  school_midyear_break: "school_holidays",
  school_summer_break: "school_holidays",
};

// ---------------------------------------------------------------- tones and languages
export const CONTENT_TONES = {
  friendly: { en: "Friendly", ar: "ودود" },
  premium: { en: "Premium", ar: "راقٍ" },
  playful: { en: "Playful", ar: "مرح" },
  family: { en: "Family", ar: "عائلي" },
} as const satisfies Record<string, Labels>;
export type ContentTone = keyof typeof CONTENT_TONES;
export const CONTENT_TONE_KEYS = Object.keys(CONTENT_TONES) as ContentTone[];
export const isContentTone = (k: unknown): k is ContentTone => typeof k === "string" && Object.hasOwn(CONTENT_TONES, k);
export const DEFAULT_CONTENT_TONE: ContentTone = "friendly";

/** A caption's language: English, Arabic, or both in one caption (Arabic first). */
export const CONTENT_LANGUAGES = {
  en: { en: "English", ar: "الإنجليزية" },
  ar: { en: "Arabic", ar: "العربية" },
  both: { en: "Arabic and English", ar: "العربية والإنجليزية" },
} as const satisfies Record<string, Labels>;
export type ContentLanguage = keyof typeof CONTENT_LANGUAGES;
export const CONTENT_LANGUAGE_KEYS = Object.keys(CONTENT_LANGUAGES) as ContentLanguage[];
export const isContentLanguage = (k: unknown): k is ContentLanguage =>
  typeof k === "string" && Object.hasOwn(CONTENT_LANGUAGES, k);

/** Variants one request may ask for. */
export const MIN_GENERATE_VARIANTS = 1;
export const MAX_GENERATE_VARIANTS = 5;
export const DEFAULT_GENERATE_VARIANTS = 3;

/** Hashtags a generated caption carries at most, per platform (Instagram's hard limit is 30). */
export const SUGGESTED_HASHTAG_LIMITS = byNetwork((n) => n.suggestedHashtags);

// ---------------------------------------------------------------- the business profile's words
/** Areas of Kuwait, as people write them (English transliteration, Arabic). */
export const KUWAIT_AREAS = {
  kuwait_city: { en: "Kuwait City", ar: "مدينة الكويت" },
  sharq: { en: "Sharq", ar: "شرق" },
  dasman: { en: "Dasman", ar: "دسمان" },
  shuwaikh: { en: "Shuwaikh", ar: "الشويخ" },
  salmiya: { en: "Salmiya", ar: "السالمية" },
  hawalli: { en: "Hawalli", ar: "حولي" },
  jabriya: { en: "Jabriya", ar: "الجابرية" },
  rumaithiya: { en: "Rumaithiya", ar: "الرميثية" },
  salwa: { en: "Salwa", ar: "سلوى" },
  mishref: { en: "Mishref", ar: "مشرف" },
  bayan: { en: "Bayan", ar: "بيان" },
  surra: { en: "Surra", ar: "السرة" },
  yarmouk: { en: "Yarmouk", ar: "اليرموك" },
  shaab: { en: "Shaab", ar: "الشعب" },
  kaifan: { en: "Kaifan", ar: "كيفان" },
  farwaniya: { en: "Farwaniya", ar: "الفروانية" },
  khaitan: { en: "Khaitan", ar: "خيطان" },
  jahra: { en: "Jahra", ar: "الجهراء" },
  ahmadi: { en: "Ahmadi", ar: "الأحمدي" },
  fintas: { en: "Fintas", ar: "الفنطاس" },
  mahboula: { en: "Mahboula", ar: "المهبولة" },
  abu_halifa: { en: "Abu Halifa", ar: "أبو حليفة" },
  mangaf: { en: "Mangaf", ar: "المنقف" },
  fahaheel: { en: "Fahaheel", ar: "الفحيحيل" },
  egaila: { en: "Egaila", ar: "العقيلة" },
  sabah_al_salem: { en: "Sabah Al-Salem", ar: "صباح السالم" },
  mubarak_al_kabeer: { en: "Mubarak Al-Kabeer", ar: "مبارك الكبير" },
  khairan: { en: "Khairan", ar: "الخيران" },
} as const satisfies Record<string, Labels>;
export type KuwaitAreaKey = keyof typeof KUWAIT_AREAS;
export const KUWAIT_AREA_KEYS = Object.keys(KUWAIT_AREAS) as KuwaitAreaKey[];

/** An area by its key or its English or Arabic name (case and "al-" insensitive); null if unknown. */
export function findKuwaitArea(value: string | null | undefined): KuwaitAreaKey | null {
  if (!value) return null;
  const plain = (s: string) =>
    s
      .normalize("NFC")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/gu, " ")
      .replace(/^(al|el|ال) ?/u, "");
  const want = plain(value);
  if (!want) return null;
  for (const key of KUWAIT_AREA_KEYS) {
    const a = KUWAIT_AREAS[key];
    if (plain(key) === want || plain(a.en) === want || plain(a.ar) === want) return key;
  }
  return null;
}

/** Kinds of kitchen, with the words a caption and its hashtags use for them. */
export const CUISINES = {
  cafe: { en: "Café", ar: "مقهى" },
  bakery: { en: "Bakery", ar: "مخبز" },
  desserts: { en: "Desserts", ar: "حلويات" },
  kuwaiti: { en: "Kuwaiti", ar: "كويتي" },
  arabic: { en: "Arabic", ar: "عربي" },
  lebanese: { en: "Lebanese", ar: "لبناني" },
  grills: { en: "Grills", ar: "مشاوي" },
  seafood: { en: "Seafood", ar: "مأكولات بحرية" },
  burgers: { en: "Burgers", ar: "برغر" },
  italian: { en: "Italian", ar: "إيطالي" },
  indian: { en: "Indian", ar: "هندي" },
  asian: { en: "Asian", ar: "آسيوي" },
  healthy: { en: "Healthy", ar: "صحي" },
  breakfast: { en: "Breakfast", ar: "فطور" },
} as const satisfies Record<string, Labels>;
export type CuisineKey = keyof typeof CUISINES;
export const CUISINE_KEYS = Object.keys(CUISINES) as CuisineKey[];

/** A cuisine by its key or its English or Arabic name (case-insensitive; "coffee shop" is a café); null if unknown. */
export function findCuisine(value: string | null | undefined): CuisineKey | null {
  if (!value) return null;
  const want = value.normalize("NFC").trim().toLowerCase();
  if (/^(coffee|coffee ?shop|cafe|café|كافيه|كوفي|قهوة)$/u.test(want)) return "cafe";
  return (
    CUISINE_KEYS.find((k) => k === want || CUISINES[k].en.toLowerCase() === want || CUISINES[k].ar === want) ?? null
  );
}

// ---------------------------------------------------------------- the studio's requests (zod, message keys)
const key = (k: MessageKey) => ({ error: k });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);

/** A prompt is a line or two about the post ("new pistachio kunafa, 2.500 KWD"). */
export const MAX_PROMPT_LENGTH = 500;

/** POST /api/posts/generate and generatePost: what to write, where, how. */
export const generateInputSchema = z.object({
  prompt: multiLine(key("promptRequired"))
    .trim()
    .min(1, key("promptRequired"))
    .max(MAX_PROMPT_LENGTH, key("promptTooLong")),
  platform: z.enum(PLATFORMS, key("platformInvalid")),
  language: z.preprocess(
    blankToUndefined,
    z.enum(CONTENT_LANGUAGE_KEYS as [ContentLanguage, ...ContentLanguage[]], key("contentLanguageInvalid")).optional(),
  ),
  /** Left out: the café's voice's tone (schema/src/voice.ts; DEFAULT_CONTENT_TONE when none is chosen). */
  tone: z.preprocess(
    blankToUndefined,
    z.enum(CONTENT_TONE_KEYS as [ContentTone, ...ContentTone[]], key("contentToneInvalid")).optional(),
  ),
  occasion: z.preprocess(
    blankToUndefined,
    z
      .enum(CONTENT_OCCASION_KEYS as [ContentOccasionKey, ...ContentOccasionKey[]], key("contentOccasionInvalid"))
      .optional(),
  ),
  variants: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(key("variantsRange"))
      .int(key("variantsRange"))
      .min(MIN_GENERATE_VARIANTS, key("variantsRange"))
      .max(MAX_GENERATE_VARIANTS, key("variantsRange"))
      .default(DEFAULT_GENERATE_VARIANTS),
  ),
  /** The built-in writer's seed: the same request and seed give the same captions (a model ignores it). */
  seed: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(key("invalidValue"))
      .int(key("invalidValue"))
      .min(0, key("invalidValue"))
      .max(2 ** 32 - 1, key("invalidValue"))
      .optional(),
  ),
  /** The post's photos from the media library, in order: a model that sees is sent them; each one's menu item is a fact. */
  mediaIds: z.preprocess(
    blankToUndefined,
    z
      .array(z.uuid(key("postMediaInvalid")), key("postMediaInvalid"))
      .max(MAX_POST_MEDIA, key("postTooManyMedia"))
      .optional(),
  ),
});
export type GenerateInput = z.output<typeof generateInputSchema>;

/** POST /api/posts/hashtags/suggest and suggestHashtags. */
export const hashtagSuggestInputSchema = z.object({
  content: multiLine(key("hashtagContentRequired"))
    .trim()
    .min(1, key("hashtagContentRequired"))
    .max(2200, key("captionTooLong")),
  platform: z.enum(PLATFORMS, key("platformInvalid")),
  occasion: z.preprocess(
    blankToUndefined,
    z
      .enum(CONTENT_OCCASION_KEYS as [ContentOccasionKey, ...ContentOccasionKey[]], key("contentOccasionInvalid"))
      .optional(),
  ),
});
export type HashtagSuggestInput = z.output<typeof hashtagSuggestInputSchema>;

// ---------------------------------------------------------------- the writer an admin chooses
export const AI_PROVIDERS = ["local", "openai"] as const;
export type AiProviderName = (typeof AI_PROVIDERS)[number];
export const AI_PROVIDER_LABELS: Record<AiProviderName, Labels> = {
  local: { en: "Built-in writer (offline)", ar: "الكاتب المدمج (دون اتصال)" },
  openai: { en: "OpenAI-compatible model", ar: "نموذج متوافق مع OpenAI" },
};

/** The admin's AI settings. An empty apiKey keeps the stored key; clearApiKey removes it. */
export const aiSettingsSchema = z
  .object({
    provider: z.enum(AI_PROVIDERS, key("aiProviderInvalid")),
    baseUrl: z.preprocess(
      blankToUndefined,
      urlText({ protocol: /^https?$/, error: "aiBaseUrlInvalid" })
        .max(300, key("tooLong"))
        .optional(),
    ),
    model: z.preprocess(blankToUndefined, singleLine(key("invalidValue")).trim().max(100, key("tooLong")).optional()),
    apiKey: z.preprocess(blankToUndefined, singleLine(key("invalidValue")).trim().max(500, key("tooLong")).optional()),
    clearApiKey: z.boolean(key("invalidValue")).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.provider === "openai" && !v.model)
      ctx.addIssue({ code: "custom", path: ["model"], message: "aiModelRequired" });
  });
export type AiSettingsInput = z.output<typeof aiSettingsSchema>;
