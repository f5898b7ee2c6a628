// The templates library: ready-made captions for Kuwait's occasions (Iftar, Suhoor, the
// two Eids, National and Liberation Days, the Hijri New Year, the Prophet's Birthday) and for the
// everyday posts of a kitchen (menu promotions, new dishes, food photos, weekends, back to school,
// summer nights), each in English and Arabic; which of them each plan opens (docs/product.md#plans-and-prices: basic
// templates on every plan, advanced ones from Professional, the business's own on Premium); how a
// template is filled with the business's details; and the rules of a saved (custom) template.
//
// How a template is written. Placeholders are in braces: {business}, {area}, {dish}, {price},
// {discount}, {hours}, {cuisine}. A value may be missing (no area in the profile, no dish chosen),
// and a filled caption must never show a brace or an empty slot, so:
//  - a phrase that needs a value is wrapped in [[ ]] and disappears with it:
//    "Suhoor is served until late[[ at {business}]]"; segments nest: "[[{dish}[[ for {price}]].]]";
//  - a placeholder outside [[ ]] takes its whole line with it when its value is missing, so
//    information lines ("📍 {area}", "🕰️ {hours}") stand on their own line.
// A segment never spans lines. Every built-in template keeps at least one line that needs nothing,
// so even an empty profile gives a usable caption.
import { z } from "zod";
import { singleLine, multiLine } from "./text.ts";
import { joinLineParts } from "./separator.ts";
import {
  CONTENT_OCCASION_KEYS,
  CUISINES,
  findCuisine,
  findKuwaitArea,
  KUWAIT_AREAS,
  type ContentOccasionKey,
} from "./content.ts";
import type { Locale, MessageKey } from "./messages.ts";
import type { PlanId } from "./plans.ts";
import { hashtagListSchema } from "./posts.ts";
import { isIsoDate } from "./calendar.ts";

type Labels = Readonly<Record<Locale, string>>;

/** A template is written in one language; "both" is for generated captions only. */
export type TemplateLanguage = Locale;
export const TEMPLATE_LANGUAGES = ["en", "ar"] as const satisfies readonly TemplateLanguage[];
export const isTemplateLanguage = (v: unknown): v is TemplateLanguage => v === "en" || v === "ar";

// ---------------------------------------------------------------- tiers and plans
/** basic: every plan; advanced: Professional and Premium; custom: the business's own, Premium. */
export const TEMPLATE_TIERS = ["basic", "advanced", "custom"] as const;
export type TemplateTier = (typeof TEMPLATE_TIERS)[number];
export type BuiltInTemplateTier = Exclude<TemplateTier, "custom">;

export const TEMPLATE_TIER_LABELS: Readonly<Record<TemplateTier, Labels>> = {
  basic: { en: "Basic", ar: "أساسي" },
  advanced: { en: "Advanced", ar: "متقدم" },
  custom: { en: "Custom", ar: "مخصص" },
};

const PLAN_TEMPLATE_TIERS: Readonly<Record<PlanId, readonly TemplateTier[]>> = {
  basic: ["basic"],
  professional: ["basic", "advanced"],
  premium: ["basic", "advanced", "custom"],
};

/** The template tiers a plan opens (docs/product.md#plans-and-prices). */
export const templateTiersForPlan = (plan: PlanId): readonly TemplateTier[] => PLAN_TEMPLATE_TIERS[plan];

/** The cheapest plan that opens a tier, for the "Upgrade" hint. */
export const planForTemplateTier = (tier: TemplateTier): PlanId =>
  tier === "basic" ? "basic" : tier === "advanced" ? "professional" : "premium";

// ---------------------------------------------------------------- placeholders
export const PLACEHOLDER_KEYS = ["business", "area", "dish", "price", "discount", "hours", "cuisine"] as const;
export type PlaceholderKey = (typeof PLACEHOLDER_KEYS)[number];
export const isPlaceholderKey = (k: unknown): k is PlaceholderKey =>
  typeof k === "string" && (PLACEHOLDER_KEYS as readonly string[]).includes(k);

/** Each placeholder with its name and an example, for the template editor's help. */
export const PLACEHOLDERS: readonly { key: PlaceholderKey; token: string; label: Labels; example: Labels }[] = [
  {
    key: "business",
    token: "{business}",
    label: { en: "Business name", ar: "اسم النشاط" },
    example: { en: "Dar Al Qahwa", ar: "دار القهوة" },
  },
  { key: "area", token: "{area}", label: { en: "Area", ar: "المنطقة" }, example: { en: "Salmiya", ar: "السالمية" } },
  {
    key: "dish",
    token: "{dish}",
    label: { en: "Dish", ar: "الطبق" },
    example: { en: "Pistachio kunafa", ar: "كنافة بالفستق" },
  },
  {
    key: "price",
    token: "{price}",
    label: { en: "Price (KWD)", ar: "السعر (د.ك)" },
    example: { en: "2.750 KWD", ar: "٢٫٧٥٠ د.ك" },
  },
  { key: "discount", token: "{discount}", label: { en: "Discount", ar: "الخصم" }, example: { en: "20%", ar: "٢٠٪" } },
  {
    key: "hours",
    token: "{hours}",
    label: { en: "Opening hours", ar: "ساعات العمل" },
    example: { en: "Daily 7 AM – 1 AM", ar: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل" },
  },
  {
    key: "cuisine",
    token: "{cuisine}",
    label: { en: "Cuisine", ar: "نوع المطبخ" },
    example: { en: "Lebanese", ar: "لبناني" },
  },
];

/** The values a template is filled with; missing, null or blank values remove what needs them. */
export type TemplateValues = Partial<Record<PlaceholderKey, string | number | null | undefined>>;

// ---------------------------------------------------------------- numbers in the person's script
const AR_DIGITS = "٠١٢٣٤٥٦٧٨٩";
const arabicDigits = (s: string) =>
  s
    .replace(/\d/g, (d) => AR_DIGITS[Number(d)]!)
    .replace(/(\p{Nd})\.(\p{Nd})/gu, "$1٫$2")
    .replace(/%/g, "٪");
const latinDigits = (s: string) =>
  s
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(/٫/g, ".")
    .replace(/٪/g, "%");

/** A price in a caption: 2.75 -> "2.750 KWD" / "٢٫٧٥٠ د.ك" (the dinar has three decimals). */
export function formatTemplatePrice(kwd: number, language: TemplateLanguage): string {
  const fixed = kwd.toFixed(3);
  return language === "ar" ? `${arabicDigits(fixed)} د.ك` : `${fixed} KWD`;
}

/** A price as a person typed it ("2.75", "٢٫٧٥٠", "2.750 KWD", "KD 3"), in dinars; null if it is none. */
function readPrice(text: string): number | null {
  const t = latinDigits(text).trim();
  const m = /^(?:kwd|kd)?\s*(\d{1,5}(?:[.,]\d{1,3})?)\s*(?:kwd|kd|k\.d\.?|د\.?\s?ك\.?|دينار)?$/iu.exec(t);
  return m ? Number(m[1]!.replace(",", ".")) : null;
}

/** A discount as a caption says it: 20 -> "20%" / "٢٠٪"; "20% off" -> "20%"; other words as written. */
function discountText(value: string | number, language: TemplateLanguage): string {
  let t =
    typeof value === "number"
      ? `${value}`
      : value
          .trim()
          .replace(/\s+off$/iu, "")
          .replace(/^خصم\s+/u, "");
  const n = /^(\d{1,3}(?:\.\d+)?)\s*%?$/u.exec(latinDigits(t));
  if (n) t = `${n[1]}%`;
  return language === "ar" ? arabicDigits(t) : t;
}

/** One value ready to stand in a caption: one line, no braces or segment marks, never blank. */
function cleanValue(v: string | number | null | undefined): string | number | null {
  if (v === null || v === undefined) return null;
  if (typeof v === "number") return Number.isFinite(v) && v >= 0 ? v : null;
  const s = v
    .normalize("NFC")
    .replace(/\[\[|\]\]|[{}]/g, "")
    .replace(/\s+/gu, " ")
    .trim();
  return s || null;
}

/** The values in the caption's language: areas and cuisines by their names, prices in KWD, digits in Arabic. */
export function templateValueTexts(
  values: TemplateValues,
  language: TemplateLanguage,
): Partial<Record<PlaceholderKey, string>> {
  const out: Partial<Record<PlaceholderKey, string>> = {};
  for (const key of PLACEHOLDER_KEYS) {
    const v = cleanValue(values[key]);
    if (v === null) continue;
    if (key === "price") {
      const kwd = typeof v === "number" ? v : readPrice(v);
      out.price = kwd === null ? String(v) : formatTemplatePrice(kwd, language);
    } else if (key === "discount") out.discount = discountText(v, language);
    else if (key === "area") {
      const area = findKuwaitArea(String(v));
      out.area = area ? KUWAIT_AREAS[area][language] : String(v);
    } else if (key === "cuisine") {
      const cuisine = findCuisine(String(v));
      out.cuisine = cuisine ? CUISINES[cuisine][language] : String(v);
    } else out[key] = String(v);
  }
  return out;
}

// ---------------------------------------------------------------- facts that fit the day
/** What a template's day is, for the facts it may state: in Ramadan, an Eid day, and the day's Maghrib (HH:mm, Kuwait). */
export interface TemplateDay {
  ramadan: boolean;
  eid: boolean;
  /** The day's Maghrib (sunset prayer), HH:mm Kuwait time: Iftar. Null when not known (a preview in the browser). */
  maghrib: string | null;
}

/** A wall-clock time as a caption says it: "17:52" -> "5:52 PM" / "٥:٥٢ م". */
export function clockText(hhmm: string, language: TemplateLanguage): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const text = `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")}`;
  return language === "ar" ? `${arabicDigits(text)} ${h < 12 ? "ص" : "م"}` : `${text} ${h < 12 ? "AM" : "PM"}`;
}

const IFTAR_AT: Labels = { en: "Iftar at {time}", ar: "الإفطار الساعة {time}" };

/** The hours a business keeps: every day's, and (when it gave them) Ramadan's and Eid's, each in English and Arabic. */
export interface TemplateHoursSource {
  hours: string | null | undefined;
  hoursAr: string | null | undefined;
  ramadanHours?: string | null | undefined;
  ramadanHoursAr?: string | null | undefined;
  eidHours?: string | null | undefined;
  eidHoursAr?: string | null | undefined;
}

/** One hours field in a language: its own text; the Arabic caption takes the English one only when it has no Latin letters. */
function hoursIn(
  en: string | null | undefined,
  ar: string | null | undefined,
  language: TemplateLanguage,
): string | null {
  const e = en?.trim() || null;
  const a = ar?.trim() || null;
  if (language === "ar") return a || (e && !/[A-Za-z]/.test(e) ? e : null);
  return e && !/\p{Script=Arabic}/u.test(e) ? e : null;
}

const RAMADAN_HOURS: Labels = { en: "Ramadan hours: {hours}", ar: "مواعيد رمضان: {hours}" };

/**
 * The hours a template states on a day (docs/product.md#templates), or null to leave the line out for
 * the person to fill. The business's opening hours are its ordinary days' hours: they never go into a
 * Ramadan or Eid template, nor into any post for a Ramadan or Eid day (cafés keep other hours then).
 * Those take the business's seasonal hours (hoursSeasonOn in calendar.ts tells the season of a day):
 *  - an Iftar template on a Ramadan day says when Iftar is (the day's Maghrib, a fact of the day, when
 *    known), followed by the Ramadan hours when the business gave them; on any other day, nothing;
 *  - a Suhoor template, and any other template on a Ramadan day, states the Ramadan hours; a Suhoor
 *    template outside Ramadan states nothing;
 *  - an Eid template (which says "Eid hours") and any template on an Eid day state the Eid hours.
 * A seasonal hours field the business left empty leaves the line out: never made up, never the
 * daytime hours in its place. Each language takes its own text (hoursIn).
 */
export function templateHours(
  input: TemplateHoursSource & { occasion: ContentOccasionKey; day: TemplateDay; language: TemplateLanguage },
): string | null {
  const { occasion, day, language } = input;
  const ramadanHours = () => hoursIn(input.ramadanHours, input.ramadanHoursAr, language);
  const eidHours = () => hoursIn(input.eidHours, input.eidHoursAr, language);
  if (occasion === "ramadan_iftar") {
    if (!day.ramadan) return null;
    const hours = ramadanHours();
    const parts = [
      day.maghrib ? IFTAR_AT[language].replace("{time}", clockText(day.maghrib, language)) : null,
      hours ? RAMADAN_HOURS[language].replace("{hours}", hours) : null,
    ];
    return joinLineParts(parts, language) || null;
  }
  if (occasion === "ramadan_suhoor") return day.ramadan ? ramadanHours() : null;
  if (occasion === "eid_al_fitr" || occasion === "eid_al_adha" || day.eid) return eidHours();
  if (day.ramadan) return ramadanHours();
  return hoursIn(input.hours, input.hoursAr, language);
}

// ---------------------------------------------------------------- filling a template
const TOKEN_RE = /\{(\w+)\}/gu;
/** The innermost [[ ]] segment: no [[ or ]] inside it. */
const SEGMENT_RE = /\[\[((?:(?!\[\[|\]\]).)*)\]\]/gu;

/** One line's spacing and punctuation after values went in or phrases came out. */
function tidyLine(line: string, language: TemplateLanguage): string {
  let s = line
    .replace(/[ \t\u00A0]+/gu, " ")
    .replace(/ +([,.!?;:،؛؟)])/gu, "$1")
    .replace(/\( +/gu, "(")
    .replace(/\(\)/gu, "")
    .replace(/([,،])(?=[.!?;:،؛؟,])/gu, "")
    .replace(/(?<!\.)\.\.(?!\.)/gu, ".")
    .replace(/[ \t]+/gu, " ")
    .trim();
  // a phrase that came out can leave a line starting with a small letter; English lines start capitalised
  if (language === "en")
    s = s.replace(/^([^\p{L}\p{N}]*)(\p{Ll})/u, (_m, pre: string, c: string) => pre + c.toUpperCase());
  return s;
}

/**
 * A template's body filled with the values, in its language. A [[ ]] phrase whose placeholders are
 * not all given disappears; any other line that needs a missing value disappears; a line left with
 * no words goes too; blank lines between paragraphs stay (one at most). The result never holds a
 * brace, a [[ ]] mark, a double space or a line of spaces.
 */
export function fillTemplate(body: string, values: TemplateValues, language: TemplateLanguage): string {
  const texts = templateValueTexts(values, language);
  const has = (name: string) => isPlaceholderKey(name) && texts[name] !== undefined;
  const out: string[] = [];
  for (const raw of body.normalize("NFC").replace(/\r\n?/g, "\n").split("\n")) {
    let line = raw;
    let touched = false;
    for (;;) {
      const next = line.replace(SEGMENT_RE, (_m, inner: string) =>
        [...inner.matchAll(TOKEN_RE)].every((t) => has(t[1]!)) ? inner : "",
      );
      if (next === line) break;
      touched = true;
      line = next;
    }
    if (/\[\[|\]\]/.test(line)) {
      touched = true;
      line = line.replace(/\[\[|\]\]/g, "");
    }
    const tokens = [...line.matchAll(TOKEN_RE)];
    if (tokens.length) touched = true;
    if (tokens.some((t) => !has(t[1]!))) continue;
    line = line.replace(TOKEN_RE, (_m, name: string) => texts[name as PlaceholderKey]!).replace(/[{}]/g, "");
    line = tidyLine(line, language);
    // a line that held values or phrases and kept no word (only an emoji or a comma) goes
    if (touched && !/[\p{L}\p{N}]/u.test(line)) continue;
    out.push(line);
  }
  return out
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/** The placeholders a body uses, each once, in order. */
export const templatePlaceholders = (body: string): string[] => [
  ...new Set([...body.matchAll(TOKEN_RE)].map((m) => m[1]!)),
];

/** What is wrong with a body's placeholders and [[ ]] segments, as a message key; null when fine. */
export function templateBodyProblem(body: string): MessageKey | null {
  for (const line of body.replace(/\r\n?/g, "\n").split("\n")) {
    const withoutTokens = line.replace(TOKEN_RE, (m, name: string) => (isPlaceholderKey(name) ? "" : m));
    if (/[{}]/.test(withoutTokens)) return "templatePlaceholderUnknown";
    let depth = 0;
    for (const m of line.matchAll(/\[\[|\]\]/g)) {
      depth += m[0] === "[[" ? 1 : -1;
      if (depth < 0) return "templateOptionalUnbalanced";
    }
    if (depth !== 0) return "templateOptionalUnbalanced";
  }
  return null;
}

// ---------------------------------------------------------------- the built-in templates
export interface BuiltInTemplate {
  /** Stable: a template's id is "builtin:<key>:<language>". */
  key: string;
  occasion: ContentOccasionKey;
  tier: BuiltInTemplateTier;
  name: Labels;
  body: Labels;
  /** Without "#", valid per normalizeHashtag (posts.ts). */
  hashtags: Readonly<Record<Locale, readonly string[]>>;
}

const lines = (...l: string[]) => l.join("\n");

function template(
  key: string,
  occasion: ContentOccasionKey,
  tier: BuiltInTemplateTier,
  name: Labels,
  body: { en: string[]; ar: string[] },
  hashtags: { en: string[]; ar: string[] },
): BuiltInTemplate {
  return { key, occasion, tier, name, body: { en: lines(...body.en), ar: lines(...body.ar) }, hashtags };
}

// Hashtags people in Kuwait follow, added to each template's own.
const KW_EN = ["KuwaitEats", "Q8Food"];
const KW_AR = ["الكويت", "مطاعم_الكويت"];

export const BUILT_IN_TEMPLATES: readonly BuiltInTemplate[] = [
  // ---------------------------------------------------------------- Ramadan: Iftar
  template(
    "iftar_table",
    "ramadan_iftar",
    "basic",
    { en: "The Iftar table", ar: "سفرة الإفطار" },
    {
      en: [
        "Ramadan Kareem[[ from everyone at {business}]] 🌙",
        "Gather your family and friends around a generous Iftar table, ready the moment the Maghrib call sounds.",
        "[[Tonight's favourite: {dish}[[, {price}]].]]",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "رمضان كريم[[ من أسرة {business}]] 🌙",
        "اجمعوا الأهل والأحباب حول سفرة إفطار عامرة، جاهزة لكم مع أذان المغرب.",
        "[[طبق الليلة: {dish}[[ بسعر {price}]].]]",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["RamadanKareem", "Iftar", ...KW_EN], ar: ["رمضان_كريم", "إفطار_رمضان", ...KW_AR] },
  ),
  template(
    "iftar_booking",
    "ramadan_iftar",
    "basic",
    { en: "Book your Iftar", ar: "احجزوا إفطاركم" },
    {
      en: [
        "Ramadan evenings fill up fast, so save your seats for Iftar. 🌙",
        "Book your table[[ at {business}]] today and we'll have dates, water and soup waiting the moment the fast ends.",
        "Groups and family gatherings are always welcome.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "أمسيات رمضان تمتلئ بسرعة، فاحجزوا مقاعدكم للإفطار من الآن. 🌙",
        "احجزوا طاولتكم[[ في {business}]] اليوم، وسيكون التمر والماء والشوربة بانتظاركم لحظة الأذان.",
        "نرحّب دائمًا بالمجموعات والعزائم العائلية.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["Ramadan", "IftarKuwait", ...KW_EN], ar: ["رمضان", "إفطار", "عزايم_رمضان", ...KW_AR] },
  ),
  template(
    "iftar_story",
    "ramadan_iftar",
    "advanced",
    { en: "The moment before Maghrib", ar: "لحظة ما قبل المغرب" },
    {
      en: [
        "There is a moment just before Maghrib when the whole city slows down. 🌙",
        "",
        "The dates are on the table, the water is poured, and everyone waits together. We cook for that moment every evening of Ramadan[[ at {business}]]: soups simmering since the afternoon, rice fragrant with saffron, and desserts worth saving room for.",
        "",
        "[[This year, the dish our guests ask for every night is the {dish}[[ ({price})]].]]",
        "",
        "Reserve your Iftar table or order ahead, and let us take care of the cooking while you take care of your family.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "هناك لحظة قُبيل أذان المغرب تهدأ فيها المدينة كلها. 🌙",
        "",
        "التمر على السفرة، والماء في الأكواب، والجميع ينتظر معًا. ولهذه اللحظة نطبخ كل مساء في رمضان[[ في {business}]]: شوربة تُطهى على مهل منذ العصر، وأرز يفوح بالزعفران، وحلويات تستحق أن تتركوا لها مكانًا.",
        "",
        "[[هذا العام، الطبق الذي يسأل عنه ضيوفنا كل ليلة هو {dish}[[ ({price})]].]]",
        "",
        "احجزوا طاولة الإفطار أو اطلبوا مسبقًا، واتركوا لنا الطبخ لتتفرغوا لعائلتكم.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    {
      en: ["RamadanKareem", "Iftar", "RamadanInKuwait", ...KW_EN],
      ar: ["رمضان_كريم", "إفطار_رمضان", "رمضان_في_الكويت", ...KW_AR],
    },
  ),
  // ---------------------------------------------------------------- Ramadan: Suhoor
  template(
    "suhoor_late",
    "ramadan_suhoor",
    "basic",
    { en: "Suhoor until late", ar: "سحور حتى وقت متأخر" },
    {
      en: [
        "Suhoor is served until late[[ at {business}]] 🌙",
        "Light bites, strong karak and good company before the fast begins.",
        "[[Don't miss the {dish}[[, {price}]].]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "السحور متواصل حتى وقت متأخر[[ في {business}]] 🌙",
        "أطباق خفيفة وكرك مضبوط وصحبة طيبة قبل الإمساك.",
        "[[لا تفوّتوا {dish}[[ بسعر {price}]].]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    { en: ["Suhoor", "RamadanNights", ...KW_EN], ar: ["سحور", "ليالي_رمضان", ...KW_AR] },
  ),
  template(
    "suhoor_delivery",
    "ramadan_suhoor",
    "basic",
    { en: "Suhoor delivered", ar: "سحوركم حتى الباب" },
    {
      en: [
        "Staying in tonight? Your Suhoor can come to you. 🛵",
        "Order[[ from {business}]] before the rush and enjoy a calm meal at home before Fajr.",
        "[[Tonight's pick: {dish}[[ for {price}]].]]",
        "🕰️ {hours}",
      ],
      ar: [
        "تسهرون في البيت الليلة؟ سحوركم يصلكم حتى الباب. 🛵",
        "اطلبوا[[ من {business}]] قبل الزحمة، واستمتعوا بوجبة هادئة في البيت قبل أذان الفجر.",
        "[[ترشيحنا الليلة: {dish}[[ بسعر {price}]].]]",
        "🕰️ {hours}",
      ],
    },
    { en: ["Suhoor", "Ramadan", "FoodDelivery", ...KW_EN], ar: ["سحور", "رمضان", "توصيل", ...KW_AR] },
  ),
  template(
    "suhoor_gathering",
    "ramadan_suhoor",
    "advanced",
    { en: "Suhoor nights", ar: "ليالي السحور" },
    {
      en: [
        "Ramadan nights in Kuwait are made for long conversations. ✨",
        "",
        "After Taraweeh the diwaniyas fill up, the tea keeps coming, and nobody is in a hurry to go home. We keep our kitchen open late[[ at {business}]] so your Suhoor can be part of the evening, not a rush at the end of it.",
        "",
        "[[Our pick for sharing: {dish}[[ ({price})]].]]",
        "",
        "Bring the whole group tonight, or tell us how many are coming and we'll have your table ready.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "ليالي رمضان في الكويت تحلو بالسهر والسوالف الطويلة. ✨",
        "",
        "بعد التراويح تمتلئ الدواوين، ويدور الشاي، ولا أحد مستعجل على العودة إلى البيت. لذلك نُبقي مطبخنا مفتوحًا حتى وقت متأخر[[ في {business}]]، ليكون سحوركم جزءًا من السهرة لا سباقًا في آخرها.",
        "",
        "[[اختيارنا للمشاركة: {dish}[[ ({price})]].]]",
        "",
        "تعالوا مع الجماعة كلها الليلة، أو أخبرونا بعددكم ونجهّز لكم طاولتكم.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    {
      en: ["Suhoor", "RamadanNights", "RamadanInKuwait", ...KW_EN],
      ar: ["سحور", "ليالي_رمضان", "رمضان_في_الكويت", ...KW_AR],
    },
  ),
  // ---------------------------------------------------------------- Eid al-Fitr
  template(
    "eid_fitr_greeting",
    "eid_al_fitr",
    "basic",
    { en: "Eid al-Fitr greeting", ar: "تهنئة عيد الفطر" },
    {
      en: [
        "Eid Mubarak! 🌙✨",
        "[[Everyone at {business} wishes you and your family a joyful Eid al-Fitr.]]",
        "May Allah accept your fasting and prayers, and may every Eid find you in good health and happiness.",
      ],
      ar: [
        "عيدكم مبارك! 🌙✨",
        "[[أسرة {business} تهنئكم بعيد الفطر السعيد.]]",
        "تقبّل الله منا ومنكم صالح الأعمال، وعساكم من عوّاده.",
      ],
    },
    { en: ["EidMubarak", "EidAlFitr", ...KW_EN], ar: ["عيد_مبارك", "عيد_الفطر", ...KW_AR] },
  ),
  template(
    "eid_fitr_hours",
    "eid_al_fitr",
    "basic",
    { en: "Our Eid hours", ar: "مواعيدنا في العيد" },
    {
      en: [
        "Eid Mubarak[[ from {business}]]! 🎉",
        "Our doors are open throughout Eid al-Fitr.",
        "🕰️ Eid hours: {hours}",
        "📍 {area}",
        "Come celebrate with us, or order for your family gatherings ahead of time.",
      ],
      ar: [
        "عيدكم مبارك[[ من {business}]]! 🎉",
        "أبوابنا مفتوحة طوال أيام عيد الفطر.",
        "🕰️ مواعيد العيد: {hours}",
        "📍 {area}",
        "شاركونا فرحة العيد، أو اطلبوا ضيافة تجمعاتكم العائلية مسبقًا.",
      ],
    },
    { en: ["EidMubarak", "EidAlFitr", "EidHours", ...KW_EN], ar: ["عيد_مبارك", "عيد_الفطر", ...KW_AR] },
  ),
  template(
    "eid_fitr_sweets",
    "eid_al_fitr",
    "advanced",
    { en: "Eid morning", ar: "صباح العيد" },
    {
      en: [
        "Eid morning has its own scent: fresh bakhoor, new clothes and coffee with cardamom. ☕",
        "",
        "Then come the visits: grandparents first, then aunts and uncles, then friends, and at every door a table of sweets and Arabic coffee waiting for the guests. [[This Eid, let {business} take care of that table for you.]]",
        "",
        "[[Our pick for Eid: {dish}[[, {price}]].]]",
        "",
        "Order your Eid trays for the family gathering or the diwaniya before the last days of Ramadan, and we'll have them ready when you need them.",
        "Eid Mubarak to you and everyone you love. 🌙",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "لصباح العيد رائحة لا تُنسى: بخور، وثياب جديدة، وقهوة بالهيل. ☕",
        "",
        "ثم تبدأ الزيارات: الأجداد أولًا، ثم الأعمام والأخوال، ثم الأصدقاء، وعلى كل باب سفرة حلويات وقهوة عربية بانتظار الضيوف. [[هذا العيد، دعوا {business} تهتم بهذه السفرة عنكم.]]",
        "",
        "[[اختيارنا للعيد: {dish}[[ بسعر {price}]].]]",
        "",
        "اطلبوا صواني العيد لتجمّع العائلة أو للديوانية قبل الأيام الأخيرة من رمضان، وستكون جاهزة في موعدها.",
        "عيدكم مبارك، وعساكم من عوّاده. 🌙",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    {
      en: ["EidMubarak", "EidAlFitr", "EidSweets", ...KW_EN],
      ar: ["عيد_مبارك", "عيد_الفطر", "حلويات_العيد", ...KW_AR],
    },
  ),
  // ---------------------------------------------------------------- Eid al-Adha
  template(
    "eid_adha_greeting",
    "eid_al_adha",
    "basic",
    { en: "Eid al-Adha greeting", ar: "تهنئة عيد الأضحى" },
    {
      en: [
        "Eid al-Adha Mubarak! 🌙✨",
        "[[Everyone at {business} wishes you a blessed Eid al-Adha.]]",
        "May your days be full of family, generosity and peace, and may Allah accept from the pilgrims and from us all.",
      ],
      ar: [
        "أضحى مبارك! 🌙✨",
        "[[أسرة {business} تهنئكم بعيد الأضحى المبارك.]]",
        "أعاده الله عليكم بالخير واليُمن والبركات، وتقبّل الله من الحجاج ومنا ومنكم.",
      ],
    },
    { en: ["EidMubarak", "EidAlAdha", ...KW_EN], ar: ["عيد_الأضحى", "أضحى_مبارك", ...KW_AR] },
  ),
  template(
    "eid_adha_feast",
    "eid_al_adha",
    "advanced",
    { en: "The Eid lunch", ar: "غداء العيد" },
    {
      en: [
        "In Kuwait, Eid al-Adha means one thing above all: the big family lunch. 🍽️",
        "",
        "The house fills up after the Eid prayer, the trays of rice and meat come out, and there is always room for one more guest at the table. [[At {business}, we love being part of that tradition.]]",
        "",
        "[[For your gathering: {dish}[[, {price}]].]]",
        "",
        "Order your Eid trays early, tell us how many guests you're expecting, and we'll prepare everything so you can spend the day with your family, not in the kitchen.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "عيد الأضحى في الكويت يعني قبل كل شيء: غداء العائلة الكبير. 🍽️",
        "",
        "يمتلئ البيت بعد صلاة العيد، وتُمدّ صواني العيش واللحم، ويبقى على السفرة دائمًا مكان لضيف آخر. [[ونحن في {business} نعتز بأن نكون جزءًا من هذه العادة الطيبة.]]",
        "",
        "[[لتجمّعكم: {dish}[[ بسعر {price}]].]]",
        "",
        "اطلبوا صواني العيد مبكرًا، وأخبرونا بعدد ضيوفكم، ونجهّز لكم كل شيء لتقضوا يومكم مع العائلة لا في المطبخ.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["EidAlAdha", "EidMubarak", "FamilyLunch", ...KW_EN], ar: ["عيد_الأضحى", "غداء_العيد", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- National Day (25 February)
  template(
    "national_day_greeting",
    "national_day",
    "basic",
    { en: "National Day greeting", ar: "تهنئة العيد الوطني" },
    {
      en: [
        "Happy National Day, Kuwait! 🇰🇼",
        "[[Everyone at {business} celebrates 25 February with you.]]",
        "Here's to our country, its people and everything that makes this land home.",
      ],
      ar: [
        "كل عام والكويت بخير بمناسبة العيد الوطني! 🇰🇼",
        "[[أسرة {business} تحتفل معكم بيوم ٢٥ فبراير.]]",
        "دامت الكويت عزيزة، ودام أهلها بخير وأمان.",
      ],
    },
    { en: ["KuwaitNationalDay", "Kuwait", "Q8"], ar: ["العيد_الوطني", "الكويت", "هلا_فبراير"] },
  ),
  template(
    "national_day_story",
    "national_day",
    "advanced",
    { en: "A day for Kuwait", ar: "يوم للكويت" },
    {
      en: [
        "Every February, Kuwait wears its colours: green, white, red and black, on every street and every balcony. 🇰🇼",
        "",
        "National Day is about where we come from: the sea, the pearl divers, the families who built this country, and the generosity that still greets every guest at the door. [[At {business}, that generosity is what we try to serve every day.]]",
        "",
        "[[To celebrate, enjoy {discount} off on 25 and 26 February.]]",
        "[[Our National Day special: {dish}[[, {price}]].]]",
        "",
        "Come celebrate with us, share your photos in the colours of the flag, and tag us so we can share them too.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "في كل فبراير تتزيّن الكويت بألوانها: الأخضر والأبيض والأحمر والأسود، في كل شارع وعلى كل شرفة. 🇰🇼",
        "",
        "العيد الوطني يذكّرنا بمن نحن: البحر، وغواصو اللؤلؤ، والأسر التي بنت هذا الوطن، والكرم الذي ما زال يستقبل كل ضيف عند الباب. [[وفي {business} نحاول أن نقدّم هذا الكرم كل يوم.]]",
        "",
        "[[احتفالًا بالمناسبة، استمتعوا بخصم {discount} يومي ٢٥ و٢٦ فبراير.]]",
        "[[عرضنا الخاص بالعيد الوطني: {dish}[[ بسعر {price}]].]]",
        "",
        "احتفلوا معنا، وشاركونا صوركم بألوان العلم، واذكروا حسابنا لنعيد نشرها.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["KuwaitNationalDay", "HalaFebruary", "Kuwait", ...KW_EN], ar: ["العيد_الوطني", "هلا_فبراير", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- Liberation Day (26 February)
  template(
    "liberation_day_greeting",
    "liberation_day",
    "basic",
    { en: "Liberation Day greeting", ar: "تهنئة عيد التحرير" },
    {
      en: [
        "Happy Liberation Day, Kuwait! 🇰🇼",
        "On 26 February we remember the martyrs with pride and gratitude, and celebrate the freedom they gave us.",
        "[[With love for Kuwait and its people, from everyone at {business}.]]",
      ],
      ar: [
        "كل عام والكويت حرة عزيزة! 🇰🇼",
        "في ٢٦ فبراير نستذكر شهداءنا بكل فخر وامتنان، ونحتفل بالحرية التي وهبونا إياها.",
        "[[بكل الحب للكويت وأهلها، من أسرة {business}.]]",
      ],
    },
    { en: ["LiberationDay", "Kuwait", "Q8"], ar: ["عيد_التحرير", "الكويت", "هلا_فبراير"] },
  ),
  template(
    "liberation_day_story",
    "liberation_day",
    "advanced",
    { en: "Grateful every day", ar: "امتنان لا ينتهي" },
    {
      en: [
        "Some days are celebrated with fireworks. Liberation Day is also celebrated with gratitude. 🇰🇼",
        "",
        "On 26 February we think of the families who waited, the martyrs who gave everything, and the country that rebuilt itself stronger than before. Every meal shared in freedom is part of that story[[, and we are honoured to serve it at {business}]].",
        "",
        "[[Join us for the celebration with {discount} off all day.]]",
        "",
        "Celebrate with the people you love, wear the colours of the flag, and tag the friends you're celebrating with.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "بعض الأيام نحتفل بها بالألعاب النارية، وفي عيد التحرير نحتفل أيضًا بالامتنان. 🇰🇼",
        "",
        "في ٢٦ فبراير نتذكر الأسر التي صبرت، والشهداء الذين بذلوا أرواحهم، والوطن الذي نهض من جديد أقوى مما كان. كل وجبة نتشاركها في ظل الحرية جزء من هذه الحكاية[[، ويشرّفنا أن نقدّمها لكم في {business}]].",
        "",
        "[[شاركونا الاحتفال بخصم {discount} طوال اليوم.]]",
        "",
        "احتفلوا مع من تحبون، والبسوا ألوان العلم، واذكروا أصدقاءكم الذين تحتفلون معهم.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["LiberationDay", "HalaFebruary", "Kuwait", ...KW_EN], ar: ["عيد_التحرير", "هلا_فبراير", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- Islamic New Year
  template(
    "hijri_new_year_greeting",
    "islamic_new_year",
    "basic",
    { en: "Hijri New Year greeting", ar: "تهنئة العام الهجري" },
    {
      en: [
        "A blessed Hijri New Year to you and your family. 🌙",
        "May the new year bring you health, peace and plenty around your table.",
        "[[With warm wishes from everyone at {business}.]]",
      ],
      ar: [
        "كل عام وأنتم بخير بمناسبة العام الهجري الجديد. 🌙",
        "نسأل الله أن يجعله عام خير وصحة وبركة على موائدكم.",
        "[[مع أطيب التمنيات من أسرة {business}.]]",
      ],
    },
    { en: ["HijriNewYear", "IslamicNewYear", "Kuwait"], ar: ["رأس_السنة_الهجرية", "عام_هجري_سعيد", "الكويت"] },
  ),
  template(
    "hijri_new_year_fresh",
    "islamic_new_year",
    "basic",
    { en: "A fresh start", ar: "بداية جديدة" },
    {
      en: [
        "A new Hijri year, a fresh start. ✨",
        "Begin it with something good: a calm breakfast, a proper coffee or dinner with the people you've missed.",
        "[[Try our {dish}[[ for {price}]].]]",
        "[[We're waiting for you in {area}.]]",
      ],
      ar: [
        "عام هجري جديد، وبداية جديدة. ✨",
        "ابدؤوه بشيء طيب: فطور هادئ، أو قهوة مضبوطة، أو عشاء مع من اشتقتم إليهم.",
        "[[جرّبوا {dish}[[ بسعر {price}]].]]",
        "[[بانتظاركم في {area}.]]",
      ],
    },
    { en: ["HijriNewYear", "NewBeginnings", ...KW_EN], ar: ["عام_هجري_سعيد", "بداية_جديدة", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- The Prophet's Birthday
  template(
    "mawlid_greeting",
    "prophets_birthday",
    "basic",
    { en: "Prophet's Birthday greeting", ar: "تهنئة المولد النبوي" },
    {
      en: [
        "On the anniversary of the Prophet's birth, peace and blessings be upon him, we wish you and your family a blessed day. 🌙",
        "May it bring mercy, kindness and togetherness to every home.",
        "[[With respect and warm wishes from everyone at {business}.]]",
      ],
      ar: [
        "بمناسبة ذكرى المولد النبوي الشريف، نتقدم إليكم بأطيب التهاني، ونسأل الله أن يعيده عليكم بالخير والبركات. 🌙",
        "اللهم صلِّ وسلّم على نبينا محمد.",
        "[[مع أطيب التمنيات من أسرة {business}.]]",
      ],
    },
    { en: ["Mawlid", "ProphetsBirthday", "Kuwait"], ar: ["المولد_النبوي", "المولد_النبوي_الشريف", "الكويت"] },
  ),
  template(
    "mawlid_sweets",
    "prophets_birthday",
    "basic",
    { en: "Something sweet to share", ar: "حلو للمشاركة" },
    {
      en: [
        "A day for gratitude, kindness and sharing with those around us. 🌙",
        "Gather your family this evening and share something sweet together.",
        "[[Made for sharing: {dish}[[, {price}]].]]",
        "[[Order ahead from {business}.]]",
        "🕰️ {hours}",
      ],
      ar: [
        "يوم للامتنان والمودة والمشاركة مع من حولنا. 🌙",
        "اجمعوا العائلة هذا المساء وتشاركوا شيئًا حلوًا معًا.",
        "[[اختيارنا للمشاركة: {dish}[[ بسعر {price}]].]]",
        "[[اطلبوا مسبقًا من {business}.]]",
        "🕰️ {hours}",
      ],
    },
    { en: ["Mawlid", "SweetsToShare", ...KW_EN], ar: ["المولد_النبوي", "حلويات", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- Menu promotion
  template(
    "promo_price",
    "menu_promotion",
    "basic",
    { en: "Special price", ar: "سعر خاص" },
    {
      en: [
        "Good food doesn't have to cost a lot. 😋",
        "[[Our {dish} is now just {price}[[ at {business}]].]]",
        "For a limited time: dine in, take away or order for delivery.",
        "📍 {area}",
      ],
      ar: [
        "الأكل الطيب لا يحتاج إلى ميزانية كبيرة. 😋",
        "[[{dish} الآن بسعر {price} فقط[[ في {business}]].]]",
        "لفترة محدودة: عندنا في المحل أو استلام أو توصيل.",
        "📍 {area}",
      ],
    },
    { en: ["SpecialOffer", "MenuDeal", ...KW_EN], ar: ["عروض", "عروض_الكويت", ...KW_AR] },
  ),
  template(
    "promo_discount",
    "menu_promotion",
    "basic",
    { en: "Discount offer", ar: "عرض خصم" },
    {
      en: [
        "This one's for you. 🎉",
        "[[Enjoy {discount} off[[ our {dish}]] this week[[ at {business}]].]]",
        "Dine in, take away or order for delivery while the offer lasts.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "هذا العرض لكم. 🎉",
        "[[استمتعوا بخصم {discount}[[ على {dish}]] هذا الأسبوع[[ في {business}]].]]",
        "العرض متاح في المحل وللاستلام والتوصيل لفترة محدودة.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    { en: ["Discount", "SpecialOffer", ...KW_EN], ar: ["خصومات", "عروض_الكويت", ...KW_AR] },
  ),
  template(
    "promo_story",
    "menu_promotion",
    "advanced",
    { en: "An offer with a story", ar: "عرض بحكاية" },
    {
      en: [
        "We've been looking for a reason to treat our regulars, and this week we found one. 🎁",
        "",
        "Everything on this offer is made fresh every day and served generously, just the way our regulars like it.[[ Our {dish} is the one people come back for[[, and this week it's just {price}]].]]",
        "[[Dine in and enjoy {discount} off your whole order.]]",
        "",
        "Bring a friend, bring the family, or order to your door. The offer runs for a limited time, so don't wait too long.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "كنا نبحث عن سبب لنكرم ضيوفنا الدائمين، وهذا الأسبوع وجدناه. 🎁",
        "",
        "كل ما في هذا العرض يُحضَّر طازجًا كل يوم ويُقدَّم بسخاء، تمامًا كما يحبه ضيوفنا الدائمون.[[ {dish} هو ما يعود إليه ضيوفنا مرة بعد مرة[[، وهذا الأسبوع بسعر {price} فقط]].]]",
        "[[تناولوا طعامكم عندنا واستمتعوا بخصم {discount} على طلبكم كاملًا.]]",
        "",
        "تعالوا مع صديق أو مع العائلة، أو اطلبوا توصيلًا إلى باب البيت. العرض لفترة محدودة، فلا تتأخروا.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["SpecialOffer", "MenuDeal", "Foodie", ...KW_EN], ar: ["عروض", "عروض_الكويت", "عشاق_الأكل", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- New dish
  template(
    "new_dish_intro",
    "new_dish",
    "basic",
    { en: "New on the menu", ar: "جديد على القائمة" },
    {
      en: [
        "Something new just landed on our menu. ✨",
        "[[Meet the {dish}[[, {price}]].]]",
        "Be among the first to try it[[ at {business}]] and tell us what you think in the comments.",
        "📍 {area}",
      ],
      ar: [
        "جديدنا وصل إلى القائمة! ✨",
        "[[تعرّفوا على {dish}[[ بسعر {price}]].]]",
        "كونوا من أوائل من يجرّبونه[[ في {business}]]، وأخبرونا برأيكم في التعليقات.",
        "📍 {area}",
      ],
    },
    { en: ["NewOnTheMenu", "NewDish", ...KW_EN], ar: ["جديد", "طبق_جديد", ...KW_AR] },
  ),
  template(
    "new_dish_story",
    "new_dish",
    "advanced",
    { en: "From our kitchen's notebook", ar: "من دفتر مطبخنا" },
    {
      en: [
        "Every new dish starts with a question in our kitchen: what would we want to eat tonight? 👩‍🍳",
        "",
        "This one took weeks of tasting, tweaking and friendly arguments over the smallest details, and now it's finally ready.",
        "[[Meet the {dish}[[ ({price})]]: made fresh to order, every time.]]",
        "",
        "Come try it this week[[ at {business}]], and tell us honestly: is it a keeper? Your comments go straight to the kitchen.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "كل طبق جديد يبدأ بسؤال في مطبخنا: ماذا نشتهي أن نأكل الليلة؟ 👩‍🍳",
        "",
        "هذا الطبق أخذ منا أسابيع من التذوق والتعديل والنقاشات الودية حول أدق التفاصيل، والآن أصبح جاهزًا أخيرًا.",
        "[[تعرّفوا على {dish}[[ ({price})]]: يُحضَّر طازجًا عند الطلب في كل مرة.]]",
        "",
        "جرّبوه هذا الأسبوع[[ في {business}]]، وقولوا لنا بصراحة: هل يستحق أن يبقى؟ تعليقاتكم تصل مباشرة إلى المطبخ.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["NewOnTheMenu", "ChefSpecial", "Foodie", ...KW_EN], ar: ["طبق_جديد", "من_المطبخ", "عشاق_الأكل", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- Food photo
  template(
    "food_photo_simple",
    "food_photo",
    "basic",
    { en: "Photo caption", ar: "تعليق على الصورة" },
    {
      en: [
        "Fresh from our kitchen to your feed. 📸",
        "[[{dish}, made the way you love it.]]",
        "Tag someone who needs to try this!",
        "[[📍 {business}[[, {area}]]]]",
      ],
      ar: [
        "طازج من مطبخنا إلى شاشتكم. 📸",
        "[[{dish}، كما تحبونه تمامًا.]]",
        "اذكروا في التعليقات من يجب أن يجرّب هذا!",
        "[[📍 {business}[[، {area}]]]]",
      ],
    },
    { en: ["FoodPhotography", "Foodie", ...KW_EN], ar: ["تصوير_طعام", "عشاق_الأكل", ...KW_AR] },
  ),
  template(
    "food_photo_sensory",
    "food_photo",
    "advanced",
    { en: "Taste in words", ar: "الطعم بالكلمات" },
    {
      en: [
        "Look closer. 👀",
        "",
        "The golden edges, the steam still rising, the first bite that makes the whole table go quiet for a second. [[That's our {dish}[[ ({price})]], and it tastes even better than it looks.]]",
        "",
        "We cook everything fresh to order[[ at {business}]], with ingredients we'd serve our own families.",
        "",
        "Save this post for your next craving, and tag the friend you'd share it with (or wouldn't). 😄",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "اقتربوا أكثر. 👀",
        "",
        "الأطراف الذهبية، والبخار الذي ما زال يتصاعد، واللقمة الأولى التي تُسكت الطاولة كلها للحظة. [[هذا هو {dish}[[ ({price})]]، وطعمه أجمل من شكله.]]",
        "",
        "نحضّر كل شيء طازجًا عند الطلب[[ في {business}]]، بمكونات نقدّمها لعائلاتنا.",
        "",
        "احفظوا هذا المنشور لوقت الجوع القادم، واذكروا الصديق الذي ستشاركونه معه (أو الذي لن تشاركوه!). 😄",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["FoodPhotography", "Foodie", "Yummy", ...KW_EN], ar: ["تصوير_طعام", "عشاق_الأكل", "لذيذ", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- Weekend
  template(
    "weekend_plans",
    "weekend",
    "basic",
    { en: "Weekend plans", ar: "خطة نهاية الأسبوع" },
    {
      en: [
        "Weekend plans? Sorted. 🙌",
        "Bring the family, bring your friends, and leave the cooking to us this Friday and Saturday.",
        "[[Don't leave without trying the {dish}.]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "تبحثون عن خطة لنهاية الأسبوع؟ وجدناها لكم. 🙌",
        "تعالوا مع العائلة والأصدقاء، واتركوا لنا الطبخ يومي الجمعة والسبت.",
        "[[لا تغادروا قبل أن تجرّبوا {dish}.]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    { en: ["WeekendVibes", "Weekend", ...KW_EN], ar: ["الويكند", "نهاية_الأسبوع", ...KW_AR] },
  ),
  template(
    "weekend_family",
    "weekend",
    "advanced",
    { en: "A slow family weekend", ar: "عطلة عائلية على مهل" },
    {
      en: [
        "The best weekends in Kuwait start late and end even later. ☀️",
        "",
        "No alarms, no school run, just a long table, kids who can't decide what to order, and the kind of conversations that only happen when nobody is in a hurry. [[That's the weekend we set the table for at {business}.]]",
        "",
        "[[This weekend's family favourite: {dish}[[, {price}]].]]",
        "[[Families enjoy {discount} off on Friday and Saturday.]]",
        "",
        "Book a table for the whole family, or order in and make it a weekend at home. Either way, lunch is sorted.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "أجمل عطلات نهاية الأسبوع في الكويت تبدأ متأخرة وتنتهي أكثر تأخرًا. ☀️",
        "",
        "لا منبّه ولا مشوار مدرسة، فقط طاولة طويلة، وأطفال محتارون ماذا يطلبون، وسوالف لا تحلو إلا حين لا يكون أحد مستعجلًا. [[ولهذه العطلة نُعدّ السفرة في {business}.]]",
        "",
        "[[المفضّل لدى العائلات هذا الأسبوع: {dish}[[ بسعر {price}]].]]",
        "[[خصم {discount} للعائلات يومي الجمعة والسبت.]]",
        "",
        "احجزوا طاولة للعائلة كلها، أو اطلبوا إلى البيت واجعلوها عطلة منزلية. وفي الحالتين، غداؤكم جاهز.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    {
      en: ["WeekendVibes", "FamilyTime", "Brunch", ...KW_EN],
      ar: ["الويكند", "وقت_العائلة", "غداء_العائلة", ...KW_AR],
    },
  ),
  // ---------------------------------------------------------------- School holidays (the breaks an admin announced)
  template(
    "school_holidays_family_day",
    "school_holidays",
    "basic",
    { en: "A family day out", ar: "يوم عائلي" },
    {
      en: [
        "School's out, and the whole family is free. 🎈",
        "Bring the kids for a long, easy meal together, no school run tomorrow.",
        "[[Family pick: {dish}[[ for {price}]].]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "انتهت الدراسة، والعائلة كلها متفرغة. 🎈",
        "أحضروا الأولاد لوجبة طويلة وهادئة معًا، فلا مشوار مدرسة غدًا.",
        "[[اختيار العائلة: {dish}[[ بسعر {price}]].]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    { en: ["SchoolHolidays", "FamilyTime", ...KW_EN], ar: ["العطلة_المدرسية", "وقت_العائلة", ...KW_AR] },
  ),
  template(
    "school_holidays_long_break",
    "school_holidays",
    "advanced",
    { en: "The long break", ar: "العطلة الطويلة" },
    {
      en: [
        "The school holidays are here, and the days are suddenly long. ☀️",
        "",
        "No homework, no alarms, no rush at the school gate: just time together. Make one of these days a family outing[[ at {business}]].",
        "",
        "[[This holiday's family favourite: {dish}[[, {price}]].]]",
        "[[Families get {discount} off during the break.]]",
        "",
        "Bring the kids, the grandparents and the cousins, or order in and keep the holiday at home.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "جاءت العطلة المدرسية، وصارت الأيام طويلة فجأة. ☀️",
        "",
        "لا واجبات ولا منبّهات ولا زحمة عند بوابة المدرسة: فقط وقت معًا، وسوالف لا تنتهي، وأطفال يختارون ما يشتهون. اجعلوا أحد هذه الأيام نزهة عائلية[[ لدى {business}]].",
        "",
        "[[المفضّل لدى العائلات في هذه العطلة: {dish}[[ بسعر {price}]].]]",
        "[[خصم {discount} للعائلات خلال العطلة.]]",
        "",
        "أحضروا الأولاد والأجداد وأبناء العم، أو اطلبوا إلى البيت واجعلوها عطلة منزلية.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    {
      en: ["SchoolHolidays", "FamilyTime", "KuwaitFamilies", ...KW_EN],
      ar: ["العطلة_المدرسية", "وقت_العائلة", "عائلات_الكويت", ...KW_AR],
    },
  ),
  // ---------------------------------------------------------------- Back to school
  template(
    "back_to_school_breakfast",
    "back_to_school",
    "basic",
    { en: "School-morning breakfast", ar: "فطور صباح المدرسة" },
    {
      en: [
        "Early alarms are back. ⏰📚",
        "Grab a quick breakfast and a proper coffee on your way, ready in minutes.",
        "[[Morning pick: {dish}[[ for {price}]].]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "عادت المنبّهات المبكرة. ⏰📚",
        "خذوا فطورًا سريعًا وقهوة مضبوطة في طريقكم، جاهزة خلال دقائق.",
        "[[اختيار الصباح: {dish}[[ بسعر {price}]].]]",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    { en: ["BackToSchool", "Breakfast", ...KW_EN], ar: ["العودة_للمدارس", "فطور", ...KW_AR] },
  ),
  template(
    "back_to_school_parents",
    "back_to_school",
    "advanced",
    { en: "After the school run", ar: "بعد توصيل الأولاد" },
    {
      en: [
        "To every parent who made it through the first week of school: this one's for you. ☕",
        "",
        "The uniforms are ironed, the lunch boxes are packed, and the school-gate traffic is behind you. You've earned a quiet moment before the day begins[[, and we've saved you a seat at {business}]].",
        "",
        "[[Parents get {discount} off breakfast on weekday mornings this month.]]",
        "[[Our back-to-school favourite: {dish}[[, {price}]].]]",
        "",
        "Drop the kids off, then drop in. And if you're in a rush, order ahead and we'll have it ready for pick-up.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
      ar: [
        "إلى كل أم وأب عبروا الأسبوع الأول من المدارس بسلام: هذا المنشور لكم. ☕",
        "",
        "الزي المدرسي مكويّ، وصناديق الغداء جاهزة، وزحمة بوابة المدرسة صارت خلفكم. تستحقون لحظة هدوء قبل أن يبدأ يومكم[[، ومقعدكم محجوز لدى {business}]].",
        "",
        "[[خصم {discount} للآباء والأمهات على الفطور صباح أيام الدوام طوال هذا الشهر.]]",
        "[[المفضّل لدينا مع العودة إلى المدارس: {dish}[[ بسعر {price}]].]]",
        "",
        "أوصلوا الأولاد ثم مرّوا علينا. وإن كنتم مستعجلين، اطلبوا مسبقًا ونجهّز طلبكم للاستلام.",
        "📍 {area}",
        "🕰️ {hours}",
      ],
    },
    { en: ["BackToSchool", "CoffeeTime", "ParentLife", ...KW_EN], ar: ["العودة_للمدارس", "وقت_القهوة", ...KW_AR] },
  ),
  // ---------------------------------------------------------------- Summer nights
  template(
    "summer_cool",
    "summer_nights",
    "basic",
    { en: "Beat the heat", ar: "انتعاش الصيف" },
    {
      en: [
        "Too hot to cook? We've got you. 🧊",
        "Cool down with something fresh and icy, in our air-conditioned comfort or delivered to your door.",
        "[[Summer pick: {dish}[[ for {price}]].]]",
        "🕰️ {hours}",
      ],
      ar: [
        "الحر لا يُطاق والطبخ مستحيل؟ نحن هنا لأجلكم. 🧊",
        "انتعشوا بشيء بارد ومنعش في أجوائنا المكيّفة، أو اطلبوه إلى باب بيتكم.",
        "[[اختيار الصيف: {dish}[[ بسعر {price}]].]]",
        "🕰️ {hours}",
      ],
    },
    { en: ["SummerInKuwait", "StayCool", ...KW_EN], ar: ["صيف_الكويت", "انتعاش", ...KW_AR] },
  ),
  template(
    "summer_nights_late",
    "summer_nights",
    "advanced",
    { en: "Summer nights", ar: "ليالي الصيف" },
    {
      en: [
        "In a Kuwaiti summer, the day really starts after sunset. 🌙",
        "",
        "Once the heat breaks, the city comes alive: late drives along Gulf Road, friends who only meet after 9 PM, and long evenings that run well past midnight. [[We keep {business} open late for exactly those nights.]]",
        "",
        "[[Our summer nights special: {dish}[[, {price}]].]]",
        "[[After 10 PM, enjoy {discount} off your order.]]",
        "",
        "Gather your night crew and come over, or order in for a late movie at home.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
      ar: [
        "في صيف الكويت، يبدأ اليوم الحقيقي بعد غروب الشمس. 🌙",
        "",
        "ما إن تخفّ الحرارة حتى تنبض المدينة بالحياة: مشاوير متأخرة على شارع الخليج، وأصدقاء لا يلتقون إلا بعد التاسعة مساءً، وسهرات تمتد إلى ما بعد منتصف الليل. [[ولهذه الليالي تحديدًا نُبقي {business} مفتوحًا حتى وقت متأخر.]]",
        "",
        "[[عرض ليالي الصيف: {dish}[[ بسعر {price}]].]]",
        "[[بعد العاشرة مساءً، استمتعوا بخصم {discount} على طلبكم.]]",
        "",
        "اجمعوا أصحاب السهر وتعالوا، أو اطلبوا إلى البيت لسهرة فيلم متأخرة.",
        "🕰️ {hours}",
        "📍 {area}",
      ],
    },
    { en: ["SummerNights", "LateNightEats", ...KW_EN], ar: ["ليالي_الصيف", "سهرة", ...KW_AR] },
  ),
];

const BY_KEY = new Map(BUILT_IN_TEMPLATES.map((t) => [t.key, t]));
export const findBuiltInTemplate = (key: string): BuiltInTemplate | undefined => BY_KEY.get(key);

export const BUILT_IN_TEMPLATE_PREFIX = "builtin:";
/** The id of a built-in template in one language: "builtin:iftar_table:ar". */
export const builtInTemplateId = (key: string, language: TemplateLanguage) =>
  `${BUILT_IN_TEMPLATE_PREFIX}${key}:${language}`;

/** Reads "builtin:<key>:<language>", "builtin:<key>" or a bare key; null when it names no built-in template. */
export function parseBuiltInTemplateId(
  id: string,
): { template: BuiltInTemplate; language: TemplateLanguage | null } | null {
  const rest = id.startsWith(BUILT_IN_TEMPLATE_PREFIX) ? id.slice(BUILT_IN_TEMPLATE_PREFIX.length) : id;
  const [key = "", language, extra] = rest.split(":");
  const template = BY_KEY.get(key);
  if (!template || extra !== undefined || (language !== undefined && !isTemplateLanguage(language))) return null;
  return { template, language: (language as TemplateLanguage | undefined) ?? null };
}

// ---------------------------------------------------------------- rules (zod, message keys)
export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_BODY_MAX = 2200;
export const TEMPLATE_HASHTAGS_MAX = 30;
export const TEMPLATE_DISH_MAX = 120;
export const TEMPLATE_DISCOUNT_MAX = 40;
export const TEMPLATE_PRICE_MAX = 10_000;

const key = (k: MessageKey) => ({ error: k });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);
const codePoints = (s: string) => [...s].length;
const occasionRule = z.enum(
  CONTENT_OCCASION_KEYS as [ContentOccasionKey, ...ContentOccasionKey[]],
  key("templateOccasionInvalid"),
);
const languageRule = z.enum(TEMPLATE_LANGUAGES, key("templateLanguageInvalid"));

const hashtagList = hashtagListSchema(TEMPLATE_HASHTAGS_MAX);

/** A business's own template (Premium). */
export const customTemplateSchema = z.object({
  name: singleLine(key("templateNameRequired"))
    .trim()
    .min(1, key("templateNameRequired"))
    .refine((s) => codePoints(s) <= TEMPLATE_NAME_MAX, key("templateNameTooLong")),
  occasion: occasionRule,
  language: languageRule,
  body: multiLine(key("templateBodyRequired"))
    .transform((s) => s.normalize("NFC").replace(/\r\n?/g, "\n").trim())
    .refine((s) => s.length > 0, { error: "templateBodyRequired" satisfies MessageKey, abort: true })
    .refine((s) => codePoints(s) <= TEMPLATE_BODY_MAX, {
      error: "templateBodyTooLong" satisfies MessageKey,
      abort: true,
    })
    .superRefine((s, ctx) => {
      const problem = templateBodyProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: problem, input: s });
    }),
  hashtags: z.preprocess((v) => (v === null ? undefined : v), hashtagList.default([])),
});
export type CustomTemplateInput = z.output<typeof customTemplateSchema>;

/** Filters of the templates list; "both" (or none) lists both languages. */
export const templateListQuerySchema = z.object({
  occasion: z.preprocess(blankToUndefined, occasionRule.optional()),
  language: z.preprocess(blankToUndefined, z.enum(["en", "ar", "both"], key("templateLanguageInvalid")).optional()),
});
export type TemplateListQuery = z.output<typeof templateListQuerySchema>;

/** Applying a template: which one, and what to fill in beyond the business profile. */
export const applyTemplateSchema = z.object({
  templateId: singleLine(key("invalidValue")).trim().min(1, key("invalidValue")).max(120, key("invalidValue")),
  /** A built-in template id without its language ("builtin:<key>") needs one. */
  language: z.preprocess(blankToUndefined, languageRule.optional()),
  menuItemId: z.preprocess(blankToUndefined, z.uuid(key("menuItemInvalid")).optional()),
  dish: z.preprocess(
    blankToUndefined,
    singleLine(key("invalidValue")).trim().max(TEMPLATE_DISH_MAX, key("tooLong")).optional(),
  ),
  price: z.preprocess(
    (v) =>
      typeof v === "string" ? (v.trim() ? Number(latinDigits(v.trim())) : undefined) : v === null ? undefined : v,
    z
      .number(key("templatePriceInvalid"))
      .min(0, key("templatePriceInvalid"))
      .max(TEMPLATE_PRICE_MAX, key("templatePriceInvalid"))
      .refine((n) => Math.abs(n * 1000 - Math.round(n * 1000)) < 1e-6, key("templatePriceInvalid"))
      .optional(),
  ),
  discount: z.preprocess(
    blankToUndefined,
    singleLine(key("invalidValue")).trim().max(TEMPLATE_DISCOUNT_MAX, key("tooLong")).optional(),
  ),
  /** The Kuwait day the post is for (YYYY-MM-DD; missing: today): its facts follow the day (templateHours). */
  date: z.preprocess(
    blankToUndefined,
    singleLine(key("calendarDateInvalid")).refine(isIsoDate, key("calendarDateInvalid")).optional(),
  ),
});
export type ApplyTemplateInput = z.output<typeof applyTemplateSchema>;
