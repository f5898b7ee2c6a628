// What the writer knows before it writes: the facts of the prompt (dish, notes, price, discount,
// occasion) and of the business profile, as slot values in each language.
import {
  findCuisine,
  findKuwaitArea,
  KUWAIT_AREAS,
  type ContentOccasionKey,
  type CuisineKey,
  type KuwaitAreaKey,
} from "@sufra/schema";
import type { BusinessProfile, MenuItem } from "../types.ts";
import type { Slots } from "./copy.types.ts";
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
const toArabicDigits = (s: string) =>
  s
    .replace(/\d/g, (d) => AR_DIGITS[Number(d)]!)
    .replace(/(\p{Nd})\.(\p{Nd})/gu, "$1٫$2")
    .replace(/%/g, "٪");
/** Arabic-Indic and Persian digits, the Arabic decimal separator and percent sign, as ASCII. */
const toLatinDigits = (s: string) =>
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
  /** A time the prompt names ("from 4 to 7 pm"), as written and in each language. */
  time?: { raw: string; en: string; ar: string };
  /** A place the prompt names ("at our Salmiya branch", "في الأفنيوز"): an area of Kuwait, or the words as written. */
  place?: { raw: string; en?: string; ar?: string };
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

const STOP = new Set([
  "is",
  "are",
  "at",
  "for",
  "in",
  "now",
  "today",
  "this",
  "that",
  "with",
  "on",
  "from",
  "only",
  "and",
  "off",
  "to",
  "our",
  "the",
  "a",
  "an",
  "new",
  "menu",
  "offer",
  "deal",
  "week",
  "weekend",
  "season",
  "photo",
  "picture",
  "pic",
  "post",
  "caption",
  "discount",
  "promo",
  "promotion",
  "available",
  "back",
  "launch",
  "launching",
  "just",
  "all",
  "every",
  "try",
  "meet",
]);

/** "new Zaatar Halloumi Bites" -> "Zaatar Halloumi Bites" when the words are not known food words. */
function dishByPattern(prompt: string): string | undefined {
  const m =
    /\b(?:new|our|try|introducing|meet|launching|photo of|picture of)\s+(?:the\s+|our\s+|new\s+)?([A-Za-z][\w'’-]*(?:\s+[A-Za-z][\w'’-]*){0,3})/i.exec(
      prompt,
    );
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
    : /(?:^|\s)((?:topped|served|filled|drizzled|stuffed|finished|dusted|loaded)?\s?with\s[^.,;!?\n]{2,70})/i.exec(
        rest,
      );
  const note = m?.[1]?.trim();
  if (!note || /\d|%|kwd|\bkd\b|off|د\.ك|خصم/iu.test(note)) return undefined;
  if (note.split(/\s+/).length > 12) return undefined;
  if (arabic ? hasLatin(note) : hasArabic(note)) return undefined;
  return note.replace(/^with/i, "with");
}

function menuMatch(prompt: string, menu: readonly MenuItem[], found: string[]): MenuItem | undefined {
  const p = prompt.toLowerCase();
  const named = menu.filter(
    (m) => (m.name && p.includes(m.name.toLowerCase())) || (m.nameAr && prompt.includes(m.nameAr)),
  );
  if (named.length) return named.sort((a, b) => b.name.length - a.name.length)[0];
  // "kunafa" in the prompt and one kunafa on the menu
  for (const dish of found) {
    const d = dish.toLowerCase();
    const hits = menu.filter(
      (m) =>
        m.name.toLowerCase().includes(d) ||
        d.includes(m.name.toLowerCase()) ||
        (m.nameAr && (m.nameAr.includes(dish) || dish.includes(m.nameAr))),
    );
    if (hits.length === 1) return hits[0];
  }
  return undefined;
}

// ---------------------------------------------------------------- a time and a place in the prompt
const H = String.raw`(\d{1,2})(?:[:.](\d{2}))?`;
const AMPM = String.raw`\s*(a\.?m\.?|p\.?m\.?|am|pm)?`;
const AR_PM = /مساءً|مساء|م\b|بالليل|الليل/u;
const AR_AM = /صباحًا|صباحا|الصبح|ص\b|الظهر|ظهرًا|ظهرا/u;

const hourEn = (h: string, m: string | undefined) => (m && m !== "00" ? `${Number(h)}:${m}` : String(Number(h)));
const hourAr = (h: string, m: string | undefined) =>
  toArabicDigits(m && m !== "00" ? `${Number(h)}:${m}` : String(Number(h)));
const meridiem = (s: string | undefined) => (s ? (/^p/i.test(s) ? "PM" : "AM") : undefined);

/** "from 4 to 7 pm", "4-7pm", "4 pm to 7 pm", "until 11 pm", "من ٤ إلى ٧ مساءً": the time window of the prompt. */
export function readTime(text: string): PromptFacts["time"] {
  const t = toLatinDigits(text);
  const range = new RegExp(
    String.raw`(?:from\s+|between\s+)?\b${H}${AMPM}\s*(?:-|–|to|till|until|and)\s*${H}${AMPM}(?![\d%])`,
    "i",
  ).exec(t);
  if (range && (range[3] || range[6] || /from|between/i.test(range[0]))) {
    const [, h1, m1, ap1, h2, m2, ap2] = range;
    const a1 = meridiem(ap1);
    const a2 = meridiem(ap2);
    const en = `from ${hourEn(h1!, m1)}${a1 && a1 !== a2 ? ` ${a1}` : ""} to ${hourEn(h2!, m2)}${a2 ? ` ${a2}` : ""}`;
    const pm = (a2 ?? a1) === "PM";
    const am = (a2 ?? a1) === "AM";
    const ar = `من ${hourAr(h1!, m1)} إلى ${hourAr(h2!, m2)}${pm ? " مساءً" : am ? " صباحًا" : ""}`;
    return { raw: range[0].trim(), en, ar };
  }
  const until = new RegExp(String.raw`\b(until|till|from|at)\s+${H}${AMPM}`, "i").exec(t);
  if (until && until[4]) {
    const word = until[1]!.toLowerCase() === "till" ? "until" : until[1]!.toLowerCase();
    const a = meridiem(until[4]);
    const arWord = { until: "حتى", from: "من", at: "الساعة" }[word as "until" | "from" | "at"];
    return {
      raw: until[0].trim(),
      en: `${word} ${hourEn(until[2]!, until[3])} ${a}`,
      ar: `${arWord} ${hourAr(until[2]!, until[3])} ${a === "PM" ? "مساءً" : "صباحًا"}`,
    };
  }
  const arRange =
    /من\s*(?:الساعة\s*)?(\d{1,2})(?:[:.](\d{2}))?\s*(?:مساءً|مساء|صباحًا|صباحا|العصر|الظهر)?\s*(?:إلى|الى|لين|لغاية|حتى|-)\s*(?:الساعة\s*)?(\d{1,2})(?:[:.](\d{2}))?\s*(مساءً|مساء|صباحًا|صباحا|بالليل|الليل)?/u.exec(
      t,
    );
  if (arRange) {
    const [, h1, m1, h2, m2, tail] = arRange;
    const pm = tail ? AR_PM.test(tail) : false;
    const am = tail ? AR_AM.test(tail) : false;
    return {
      raw: arRange[0].trim(),
      en: `from ${hourEn(h1!, m1)} to ${hourEn(h2!, m2)}${pm ? " PM" : am ? " AM" : ""}`,
      ar: `من ${hourAr(h1!, m1)} إلى ${hourAr(h2!, m2)}${pm ? " مساءً" : am ? " صباحًا" : ""}`,
    };
  }
  return undefined;
}

const NOT_A_PLACE =
  /^(?:the\s+)?(?:kuwait|q8|january|february|march|april|may|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|saturday|sunday|ramadan|eid|iftar|suhoor|morning|evening|night|summer|winter|spring|autumn|town|store|stores|branch|branches|stock)\b/i;

/**
 * The place the prompt names: an area of Kuwait anywhere in it ("Salmiya", "السالمية"), else the
 * capitalised words after "at"/"in" ("at The Avenues", "in Marina Mall"), kept as written.
 */
export function readPlace(text: string): PromptFacts["place"] {
  const words = text
    .normalize("NFC")
    .split(/[^\p{L}\p{M}'’-]+/u)
    .filter(Boolean);
  // one to three words in a row that name an area ("Kuwait City", "Al Salmiya", "السالمية")
  for (let n = 3; n >= 1; n--) {
    for (let i = 0; i + n <= words.length; i++) {
      const phrase = words.slice(i, i + n).join(" ");
      const key = findKuwaitArea(phrase);
      if (key) return { raw: phrase, en: KUWAIT_AREAS[key].en, ar: KUWAIT_AREAS[key].ar };
    }
  }
  const en = /\b(?:at|in)\s+(?:our\s+|the\s+(?=[A-Z]))?((?:The\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})/u.exec(text);
  // "in Ramadan", "at Iftar", "in March", "on Friday", "in Kuwait": a time or the country, not a place of the café's
  if (en && !NOT_A_PLACE.test(en[1]!) && !inferOccasion(en[1]!))
    return { raw: en[1]!, en: en[1]!, ...(hasArabic(en[1]!) ? {} : { ar: en[1]! }) };
  const ar =
    /(?:^|\s)(?:في|فرعنا في|فرع)\s+((?:ال)?[\u0621-\u064A]+(?:\s+[\u0621-\u064A]+)?\s+(?:مول|مجمع|سنتر))/u.exec(text);
  if (ar) return { raw: ar[1]!, ar: ar[1]! };
  return undefined;
}

export function readPrompt(prompt: string, business: BusinessProfile): PromptFacts {
  const text = prompt.normalize("NFC").trim();
  const en = hasLatin(text) ? findDishEn(text) : null;
  const ar = hasArabic(text) ? findDishAr(text) : null;
  const patterned = en ? undefined : dishByPattern(text);
  const facts: PromptFacts = { dishWords: [...(en?.words ?? []), ...(ar?.words ?? [])] };
  const item = menuMatch(
    text,
    business.menu ?? [],
    [en?.en, ar?.ar, patterned].filter((s): s is string => !!s),
  );
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
  const time = readTime(text);
  if (time) facts.time = time;
  const place = readPlace(text);
  if (place) facts.place = place;
  // the notes are read without the time, the place and the offer, which have their own lines
  // ("with saffron rice 20% off from 4 to 7 pm at our Salmiya branch": "with saffron rice")
  const plain = toLatinDigits(text)
    .replace(time ? toLatinDigits(time.raw) : /$^/, " ")
    .replace(
      place
        ? new RegExp(
            String.raw`(?:\s(?:at|in)\s+(?:our\s+|the\s+)?|\s(?:في|فرعنا في)\s+)?${place.raw.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?:\s+(?:branch|mall|فرع))?`,
            "iu",
          )
        : /$^/,
      " ",
    )
    .replace(/\d{1,2}\s*(?:%|percent|بالمئة)\s*(?:off)?|(?:خصم|بخصم)\s*\d{1,2}\s*%?/giu, " ")
    .replace(/\s{2,}/g, " ")
    .trim();
  facts.notesEn = hasLatin(plain) ? notesAfter(plain, en?.en ?? patterned, false) : undefined;
  facts.notesAr = hasArabic(plain) ? notesAfter(plain, ar?.ar ?? undefined, true) : undefined;
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
  [
    "school_holidays",
    /school (?:holiday|break)|mid-?year break|summer (?:holiday|break)|عطلة منتصف العام|العطلة المدرسية|العطلة الصيفية|عطلة المدارس/iu,
  ],
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

/** The slot values of one language: what is missing is absent, never an empty string. */
export function slotsFor(lang: "en" | "ar", p: PromptFacts, prof: ProfileFacts): Slots {
  const s: Slots = {};
  const set = (k: keyof Slots, v: string | undefined) => {
    const c = clean(v);
    if (c) s[k] = c;
  };
  set("name", lang === "en" ? prof.nameEn : prof.nameAr);
  set("dish", lang === "en" ? p.dishEn : p.dishAr);
  // a place the prompt names is where this post happens: it takes the area's place in the caption
  const promptPlace = lang === "en" ? p.place?.en : p.place?.ar;
  set("area", promptPlace ?? (lang === "en" ? prof.area?.en : prof.area?.ar));
  set("time", lang === "en" ? p.time?.en : p.time?.ar);
  set("hours", lang === "en" ? prof.hoursEn : prof.hoursAr);
  set("notes", lang === "en" ? p.notesEn : p.notesAr);
  if (p.priceKwd !== undefined) set("price", formatKwd(p.priceKwd, lang));
  if (p.discountPct !== undefined)
    set("discount", lang === "en" ? `${p.discountPct}%` : toArabicDigits(`${p.discountPct}%`));
  return s;
}
