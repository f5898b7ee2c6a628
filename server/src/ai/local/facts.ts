// What the writer knows before it writes: the facts of the prompt (dish, notes, price, discount,
// occasion) and of the business profile, as slot values in each language.
import { CUISINES, findCuisine, findKuwaitArea, KUWAIT_AREAS, type ContentOccasionKey, type CuisineKey, type KuwaitAreaKey } from "@sufra/schema";
import type { BusinessProfile, MenuItem } from "../types.ts";
import type { CopyOccasion, Slots } from "./copy.types.ts";
import { findDishAr, findDishEn, type FoodWord } from "./lexicon.ts";

// ---------------------------------------------------------------- a small seeded random source
/** mulberry32: a fast 32-bit PRNG; the same seed gives the same numbers in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffled<T>(items: readonly T[], rnd: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rnd() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

// ---------------------------------------------------------------- numbers
const AR_DIGITS = "٠١٢٣٤٥٦٧٨٩";
export const toArabicDigits = (s: string) => s.replace(/\d/g, (d) => AR_DIGITS[Number(d)]!).replace(/(\p{Nd})\.(\p{Nd})/gu, "$1٫$2").replace(/%/g, "٪");
/** Arabic-Indic and Persian digits, the Arabic decimal separator and percent sign, as ASCII. */
export const toLatinDigits = (s: string) =>
  s
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(/٫/g, ".")
    .replace(/٪/g, "%");

/** 2.75 -> "2.750 KWD" / "٢٫٧٥٠ د.ك." (the dinar has three decimals). */
export function formatKwd(amount: number, lang: "en" | "ar"): string {
  const fixed = amount.toFixed(3);
  return lang === "en" ? `${fixed} KWD` : `${toArabicDigits(fixed)} د.ك.`;
}

// ---------------------------------------------------------------- the prompt
export interface PromptFacts {
  dishEn?: string;
  dishAr?: string;
  /** The food words found, for hashtags. */
  dishWords: FoodWord[];
  menuItem?: MenuItem;
  priceKwd?: number;
  discountPct?: number;
  notesEn?: string;
  notesAr?: string;
}

const hasArabic = (s: string) => /\p{Script=Arabic}/u.test(s);
const hasLatin = (s: string) => /[A-Za-z]/.test(s);

function parsePrice(text: string): number | undefined {
  const t = toLatinDigits(text);
  const m =
    /(\d{1,3}(?:[.,]\d{1,3})?)\s*(?:kwd|kd|k\.d\.?|dinars?|د\.?\s?ك\.?|دينار|دنانير)(?![a-z])/iu.exec(t) ??
    /(?:kwd|kd)\s*(\d{1,3}(?:[.,]\d{1,3})?)/i.exec(t);
  if (m) return Number(m[1]!.replace(",", "."));
  const fils = /(\d{2,3})\s*(?:fils|فلس)/iu.exec(t);
  return fils ? Number(fils[1]) / 1000 : undefined;
}

function parseDiscount(text: string): number | undefined {
  const t = toLatinDigits(text);
  const m = /(\d{1,2})\s*(?:%|percent|بالمئة|بالمائة|في المئة)/iu.exec(t);
  const n = m ? Number(m[1]) : NaN;
  return n >= 1 && n <= 90 ? n : undefined;
}

const STOP = new Set(["is", "are", "at", "for", "in", "now", "today", "this", "that", "with", "on", "from", "only", "and", "off", "to", "our", "the", "a", "an", "new", "menu", "offer", "deal", "week", "weekend", "season", "photo", "picture", "pic", "post", "caption", "discount", "promo", "promotion", "available", "back", "launch", "launching", "just", "all", "every", "try", "meet"]);

/** "new Zaatar Halloumi Bites" -> "Zaatar Halloumi Bites" when the words are not known food words. */
function dishByPattern(prompt: string): string | undefined {
  const m = /\b(?:new|our|try|introducing|meet|launching|photo of|picture of)\s+(?:the\s+|our\s+|new\s+)?([A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3})/i.exec(prompt);
  if (!m) return undefined;
  const words: string[] = [];
  for (const w of m[1]!.split(/\s+/)) {
    if (STOP.has(w.toLowerCase())) break;
    words.push(w);
  }
  return words.length ? words.join(" ") : undefined;
}

function notesAfter(prompt: string, dish: string | undefined, arabic: boolean): string | undefined {
  const from = dish ? prompt.indexOf(dish) + dish.length : 0;
  const rest = prompt.slice(Math.max(from, 0));
  const m = arabic
    ? /(?:^|\s)((?:مع|محشوة?|مغطاة?|مزينة?)\s[^.،؛!؟\n]{2,60})/u.exec(rest)
    : /(?:^|\s)((?:topped|served|filled|drizzled|stuffed|finished|dusted|loaded)?\s?with\s[^.,;!?\n]{2,70})/i.exec(rest);
  const note = m?.[1]?.trim();
  if (!note || /\d|%|kwd|\bkd\b|off|د\.ك|خصم/iu.test(note)) return undefined;
  if (note.split(/\s+/).length > 12) return undefined;
  if (arabic ? hasLatin(note) : hasArabic(note)) return undefined;
  return note.replace(/^with/i, "with");
}

function menuMatch(prompt: string, menu: readonly MenuItem[], found: string[]): MenuItem | undefined {
  const p = prompt.toLowerCase();
  const named = menu.filter((m) => (m.name && p.includes(m.name.toLowerCase())) || (m.nameAr && prompt.includes(m.nameAr)));
  if (named.length) return named.sort((a, b) => b.name.length - a.name.length)[0];
  // "kunafa" in the prompt and one kunafa on the menu
  for (const dish of found) {
    const d = dish.toLowerCase();
    const hits = menu.filter((m) => m.name.toLowerCase().includes(d) || d.includes(m.name.toLowerCase()) || (m.nameAr && (m.nameAr.includes(dish) || dish.includes(m.nameAr))));
    if (hits.length === 1) return hits[0];
  }
  return undefined;
}

export function readPrompt(prompt: string, business: BusinessProfile): PromptFacts {
  const text = prompt.normalize("NFC").trim();
  const en = hasLatin(text) ? findDishEn(text) : null;
  const ar = hasArabic(text) ? findDishAr(text) : null;
  const patterned = en ? undefined : dishByPattern(text);
  const facts: PromptFacts = { dishWords: [...(en?.words ?? []), ...(ar?.words ?? [])] };
  const item = menuMatch(text, business.menu ?? [], [en?.en, ar?.ar, patterned].filter((s): s is string => !!s));
  if (item) {
    facts.menuItem = item;
    facts.dishEn = item.name && !hasArabic(item.name) ? item.name : (en?.en ?? ar?.en ?? undefined);
    facts.dishAr = item.nameAr ?? (item.name && hasArabic(item.name) ? item.name : (en?.ar ?? ar?.ar ?? undefined));
    if (!facts.dishWords.length) {
      const w = findDishEn(item.name) ?? (item.nameAr ? findDishAr(item.nameAr) : null);
      if (w) facts.dishWords = w.words;
    }
  } else {
    facts.dishEn = en?.en ?? ar?.en ?? patterned;
    facts.dishAr = ar?.ar ?? en?.ar ?? undefined;
  }
  const price = parsePrice(text) ?? item?.priceKwd ?? undefined;
  if (price !== undefined && Number.isFinite(price) && price > 0) facts.priceKwd = price;
  facts.discountPct = parseDiscount(text);
  facts.notesEn = hasLatin(text) ? notesAfter(text, en?.en ?? patterned, false) : undefined;
  facts.notesAr = hasArabic(text) ? notesAfter(text, ar?.ar ?? undefined, true) : undefined;
  return facts;
}

// ---------------------------------------------------------------- the occasion
const OCCASION_WORDS: readonly [ContentOccasionKey, RegExp][] = [
  ["ramadan_suhoor", /suhoor|suhour|sohour|sahur|سحور/iu],
  ["national_day", /national day|العيد الوطني|اليوم الوطني|25(?:th)? feb|٢٥ فبراير/iu],
  ["liberation_day", /liberation|التحرير|26(?:th)? feb|٢٦ فبراير/iu],
  ["eid_al_adha", /adha|أضحى|اضحى/iu],
  ["eid_al_fitr", /\beid\b|fitr|عيد الفطر|العيد|عيدكم/iu],
  ["ramadan_iftar", /iftar|ftoor|ramadan|إفطار|افطار|رمضان/iu],
  ["islamic_new_year", /hijri|islamic new year|muharram|الهجري|محرم/iu],
  ["prophets_birthday", /mawlid|prophet|المولد/iu],
  ["back_to_school", /school|مدارس|المدرسة|الدراسي/iu],
  ["summer_nights", /summer|صيف|الصيف/iu],
  ["weekend", /weekend|friday|saturday|thursday night|نهاية الأسبوع|الويكند|الجمعة|السبت/iu],
  ["menu_promotion", /\d\s*(?:%|٪)|[٠-٩]\s*٪|\boff\b|discount|offer|deal|promo|خصم|عرض|تخفيض/iu],
  ["new_dish", /\bnew\b|launch|introduc|جديد/iu],
  ["food_photo", /photo|picture|\bpic\b|caption|صورة/iu],
];

/** The occasion a prompt suggests, or null. */
export function inferOccasion(text: string): ContentOccasionKey | null {
  for (const [key, re] of OCCASION_WORDS) if (re.test(text)) return key;
  return null;
}

// ---------------------------------------------------------------- the profile
export interface ProfileFacts {
  nameEn: string;
  nameAr: string;
  area?: { key: KuwaitAreaKey | null; en?: string; ar?: string };
  cuisine: CuisineKey | null;
  hoursEn?: string;
  hoursAr?: string;
}

const clean = (s: string | null | undefined) => (s ?? "").normalize("NFC").replace(/\s+/gu, " ").trim();

export function readProfile(b: BusinessProfile): ProfileFacts {
  const name = clean(b.name) || "us";
  const out: ProfileFacts = { nameEn: name, nameAr: clean(b.nameAr) || name, cuisine: findCuisine(b.cuisine) };
  const areaText = clean(b.area);
  if (areaText) {
    const key = findKuwaitArea(areaText);
    if (key) out.area = { key, en: KUWAIT_AREAS[key].en, ar: KUWAIT_AREAS[key].ar };
    else out.area = { key: null, ...(hasArabic(areaText) ? { ar: areaText } : { en: areaText }) };
  }
  const hours = clean(b.hours);
  const hoursAr = clean(b.hoursAr);
  if (hours) out.hoursEn = hours;
  if (hoursAr) out.hoursAr = hoursAr;
  else if (hours && !hasLatin(hours)) out.hoursAr = hours;
  if (out.hoursEn && hasArabic(out.hoursEn)) delete out.hoursEn;
  return out;
}

export const cuisineLabel = (key: CuisineKey | null, lang: "en" | "ar") => (key ? CUISINES[key][lang] : undefined);

/** The slot values of one language: what is missing is absent, never an empty string. */
export function slotsFor(lang: "en" | "ar", p: PromptFacts, prof: ProfileFacts): Slots {
  const s: Slots = {};
  const set = (k: keyof Slots, v: string | undefined) => {
    const c = clean(v);
    if (c) s[k] = c;
  };
  set("name", lang === "en" ? prof.nameEn : prof.nameAr);
  set("dish", lang === "en" ? p.dishEn : p.dishAr);
  set("area", lang === "en" ? prof.area?.en : prof.area?.ar);
  set("hours", lang === "en" ? prof.hoursEn : prof.hoursAr);
  set("notes", lang === "en" ? p.notesEn : p.notesAr);
  if (p.priceKwd !== undefined) set("price", formatKwd(p.priceKwd, lang));
  if (p.discountPct !== undefined) set("discount", lang === "en" ? `${p.discountPct}%` : toArabicDigits(`${p.discountPct}%`));
  return s;
}

export type { CopyOccasion };
