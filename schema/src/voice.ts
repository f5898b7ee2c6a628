// The café's own voice: which Arabic it writes (Gulf/Kuwaiti or Modern Standard), which language comes
// first, its tone, how long, how many emoji and hashtags. A person chooses each habit, or leaves it
// to what Sufra learns from the posts the business published (docs/product.md#the-cafes-voice); a
// habit nobody chose and nothing taught falls back to VOICE_DEFAULTS. One rule for both doors
// (GraphQL updateBusinessVoice, REST PUT /api/business-profile/voice) and the Settings card.
import { z } from "zod";
import { CONTENT_TONE_KEYS, type ContentTone } from "./content.ts";
import type { Locale } from "./locales.ts";
import type { MessageKey } from "./messages.ts";

type Labels = Readonly<Record<Locale, string>>;
const key = (k: MessageKey) => ({ error: k });

/** Which Arabic the captions are written in: Gulf (Kuwaiti) dialect, or Modern Standard Arabic. */
export const ARABIC_VARIETIES = {
  gulf: { en: "Gulf Arabic (Kuwaiti)", ar: "اللهجة الخليجية (الكويتية)" },
  msa: { en: "Modern Standard Arabic", ar: "العربية الفصحى" },
} as const satisfies Record<string, Labels>;
export type ArabicVariety = keyof typeof ARABIC_VARIETIES;
export const ARABIC_VARIETY_KEYS = Object.keys(ARABIC_VARIETIES) as ArabicVariety[];

/** In a caption in both languages, which comes first. */
export const LANGUAGE_ORDERS = {
  ar_first: { en: "Arabic first", ar: "العربية أولًا" },
  en_first: { en: "English first", ar: "الإنجليزية أولًا" },
} as const satisfies Record<string, Labels>;
export type LanguageOrder = keyof typeof LANGUAGE_ORDERS;
export const LANGUAGE_ORDER_KEYS = Object.keys(LANGUAGE_ORDERS) as LanguageOrder[];

/** How long a caption runs (text without hashtags), in characters: CAPTION_LENGTH_LIMITS. */
export const CAPTION_LENGTHS = {
  short: { en: "Short", ar: "قصير" },
  medium: { en: "Medium", ar: "متوسط" },
  long: { en: "Long", ar: "طويل" },
} as const satisfies Record<string, Labels>;
export type CaptionLength = keyof typeof CAPTION_LENGTHS;
export const CAPTION_LENGTH_KEYS = Object.keys(CAPTION_LENGTHS) as CaptionLength[];
/**
 * The most characters of text (hashtags left out) a caption of each length aims for, per language
 * part: a caption in both languages may be twice as long. Learning reads a post's length the same way:
 * up to `short` is short, up to `medium` is medium, longer is long.
 */
export const CAPTION_LENGTH_LIMITS = { short: 140, medium: 320 } as const;

export const EMOJI_HABITS = {
  none: { en: "No emoji", ar: "بدون إيموجي" },
  few: { en: "A few emoji", ar: "إيموجي قليل" },
  many: { en: "Many emoji", ar: "إيموجي كثير" },
} as const satisfies Record<string, Labels>;
export type EmojiHabit = keyof typeof EMOJI_HABITS;
export const EMOJI_HABIT_KEYS = Object.keys(EMOJI_HABITS) as EmojiHabit[];
/** Emoji per caption: `few` is 1 or 2, `many` at least 3. Learning: under 0.5 a post is none, under 2.5 few. */
export const EMOJI_HABIT_LIMITS = { few: 2, many: 3 } as const;

export const HASHTAG_SCRIPTS = {
  ar: { en: "Arabic hashtags", ar: "وسوم عربية" },
  en: { en: "English hashtags", ar: "وسوم إنجليزية" },
  both: { en: "Arabic and English hashtags", ar: "وسوم عربية وإنجليزية" },
} as const satisfies Record<string, Labels>;
export type HashtagScript = keyof typeof HASHTAG_SCRIPTS;
export const HASHTAG_SCRIPT_KEYS = Object.keys(HASHTAG_SCRIPTS) as HashtagScript[];
/** The most hashtags a voice may ask for (each network's own cap still applies: SUGGESTED_HASHTAG_LIMITS). */
export const MAX_VOICE_HASHTAGS = 15;

/** A voice: every habit set. */
export interface BusinessVoice {
  arabicVariety: ArabicVariety;
  languageOrder: LanguageOrder;
  tone: ContentTone;
  length: CaptionLength;
  emoji: EmojiHabit;
  /** How many hashtags, 0..MAX_VOICE_HASHTAGS, within the network's cap. */
  hashtagCount: number;
  hashtagScript: HashtagScript;
}
export type VoiceField = keyof BusinessVoice;
export const VOICE_FIELDS: readonly VoiceField[] = [
  "arabicVariety",
  "languageOrder",
  "tone",
  "length",
  "emoji",
  "hashtagCount",
  "hashtagScript",
];
/** What a person chose or what was learned: a habit left out is not chosen / not learned. */
export type PartialVoice = { [K in VoiceField]?: BusinessVoice[K] | null };

/**
 * A habit nobody chose and nothing taught. Gulf Arabic: Sufra serves cafés in Kuwait, whose guests
 * write and answer in Kuwaiti Arabic; Modern Standard Arabic is one choice away (docs/product.md#the-cafes-voice).
 * Arabic first, friendly, medium, a few emoji, 5 hashtags in both scripts (fewer where the network caps them).
 */
export const VOICE_DEFAULTS: Readonly<BusinessVoice> = {
  arabicVariety: "gulf",
  languageOrder: "ar_first",
  tone: "friendly",
  length: "medium",
  emoji: "few",
  hashtagCount: 5,
  hashtagScript: "both",
};

/** Where a habit in force comes from. */
export type VoiceSource = "chosen" | "learned" | "default";

/** The person's choice wins over what was learned, which wins over the default; field by field. */
export function resolveVoice(
  chosen: PartialVoice | null | undefined,
  learned: PartialVoice | null | undefined,
): { voice: BusinessVoice; sources: Record<VoiceField, VoiceSource> } {
  const voice = { ...VOICE_DEFAULTS } as Record<VoiceField, unknown>;
  const sources = {} as Record<VoiceField, VoiceSource>;
  for (const f of VOICE_FIELDS) {
    const c = chosen?.[f];
    const l = learned?.[f];
    if (c !== undefined && c !== null) [voice[f], sources[f]] = [c, "chosen"];
    else if (l !== undefined && l !== null) [voice[f], sources[f]] = [l, "learned"];
    else sources[f] = "default";
  }
  return { voice: voice as unknown as BusinessVoice, sources };
}

const blankToNull = (v: unknown) => (typeof v === "string" && !v.trim() ? null : v);
const choice = <T extends string>(keys: readonly T[], error: MessageKey) =>
  z.preprocess(
    blankToNull,
    z
      .enum(keys as [T, ...T[]], key(error))
      .nullable()
      .optional(),
  );

/**
 * PUT /api/business-profile/voice and updateBusinessVoice: a habit left out stays as it is; null (or
 * blank) gives it back to what was learned (or the default).
 */
export const businessVoiceSchema = z.object({
  arabicVariety: choice(ARABIC_VARIETY_KEYS, "voiceVarietyInvalid"),
  languageOrder: choice(LANGUAGE_ORDER_KEYS, "voiceLanguageOrderInvalid"),
  tone: choice(CONTENT_TONE_KEYS, "contentToneInvalid"),
  length: choice(CAPTION_LENGTH_KEYS, "voiceLengthInvalid"),
  emoji: choice(EMOJI_HABIT_KEYS, "voiceEmojiInvalid"),
  hashtagCount: z.preprocess(
    blankToNull,
    z.coerce
      .number(key("voiceHashtagCountRange"))
      .int(key("voiceHashtagCountRange"))
      .min(0, key("voiceHashtagCountRange"))
      .max(MAX_VOICE_HASHTAGS, key("voiceHashtagCountRange"))
      .nullable()
      .optional(),
  ),
  hashtagScript: choice(HASHTAG_SCRIPT_KEYS, "voiceHashtagScriptInvalid"),
});
export type BusinessVoiceInput = z.output<typeof businessVoiceSchema>;

/** The stored choice (a JSON column) read back: anything unknown is dropped, never trusted. */
export function readChosenVoice(stored: unknown): PartialVoice {
  if (!stored || typeof stored !== "object" || Array.isArray(stored)) return {};
  const out: Record<string, unknown> = {};
  for (const f of VOICE_FIELDS) {
    const one = businessVoiceSchema.shape[f].safeParse((stored as Record<string, unknown>)[f]);
    if (one.success && one.data !== undefined && one.data !== null) out[f] = one.data;
  }
  return out as PartialVoice;
}

/** A chosen voice with a change applied: undefined keeps, null clears. */
export function applyVoiceChange(current: PartialVoice, change: BusinessVoiceInput): PartialVoice {
  const out: Record<string, unknown> = { ...current };
  for (const f of VOICE_FIELDS) {
    const v = change[f];
    if (v === null) delete out[f];
    else if (v !== undefined) out[f] = v;
  }
  return out as PartialVoice;
}

/** Learning proposes habits only from this many published posts on. */
export const LEARN_MIN_POSTS = 3;
/** The most recent published posts learning reads. */
export const LEARN_MAX_POSTS = 200;
