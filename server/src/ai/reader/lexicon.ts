// The lexicon reader (docs/architecture.md#the-reader): reads a review's language (the share of Arabic
// letters), what it talks about (food, service, delivery time, price, cleanliness) and, clause by
// clause, which topics it praises and which it complains about, with a bilingual word list (Gulf
// words, negation: "مو زين", "not good"), so "loved the food but the delivery was late" praises one
// topic and complains about the other. Its whole-review sentiment (the stars moved by the word list)
// is kept as readByLexicon, the baseline the reader's model is measured against; the reader's
// sentiment comes from the model (./index.ts).
import { REVIEW_TOPIC_KEYS, type ReviewLanguage, type ReviewSentiment, type ReviewTopic } from "@sufra/schema";
import { findDishAr, findDishEn } from "../local/lexicon.ts";

// ---------------------------------------------------------------- text helpers
/** Arabic letters compared loosely: no diacritics or tatweel, one alef, ta marbuta as ha, alef maqsura as ya. */
export const normaliseArabic = (s: string) =>
  s
    .normalize("NFC")
    .replace(/[\u064B-\u0652\u0670\u0640]/gu, "")
    .replace(/[أإآٱ]/gu, "ا")
    .replace(/ة/gu, "ه")
    .replace(/ى/gu, "ي")
    .replace(/ؤ/gu, "و")
    .replace(/ئ/gu, "ي");

const plain = (s: string) => normaliseArabic(s).toLowerCase().replace(/[’‘`]/g, "'");

/** "ar" when at least half the letters are Arabic script, else "en" (no letters at all: "en"). */
export function detectReviewLanguage(text: string): ReviewLanguage {
  const arabic = (text.match(/\p{Script=Arabic}/gu) ?? []).filter((c) => /\p{L}/u.test(c)).length;
  const latin = (text.match(/\p{Script=Latin}/gu) ?? []).length;
  return arabic > 0 && arabic >= latin ? "ar" : "en";
}

// ---------------------------------------------------------------- word lists
/**
 * A phrase list compiled to one pattern. English entries are regular-expression sources matched on
 * word boundaries; Arabic entries are words (normalised as above) that may carry a leading و/ف/ب/ل/ك
 * and the article (words of two letters or fewer must stand alone: "ني" is not the end of "بني").
 */
function phrases(en: readonly string[], ar: readonly string[]): RegExp {
  const arPart = ar
    .map((w) => normaliseArabic(w))
    .sort((a, b) => b.length - a.length)
    .map((w) => (w.replace(/\s/g, "").length <= 2 ? w : `(?:[وفبلك]?(?:ال|لل)?)${w}`));
  const enPart = [...en].sort((a, b) => b.length - a.length).map((w) => `\\b(?:${w})\\b`);
  const arAlt = arPart.length ? `(?<![\\p{L}])(?:${arPart.join("|")})(?![\\p{L}])` : "";
  return new RegExp([...enPart, arAlt].filter(Boolean).join("|"), "giu");
}

const POSITIVE = phrases(
  [
    "lov(?:e|ed|es|ing)",
    "great",
    "amazing",
    "awesome",
    "excellent",
    "delicious",
    "tasty",
    "yumm?y",
    "perfect(?:ly)?",
    "fantastic",
    "wonderful",
    "best",
    "fresh",
    "friendly",
    "nice",
    "good",
    "lovely",
    "fast",
    "quick(?:ly)?",
    "clean",
    "recommend(?:ed)?",
    "enjoy(?:ed)?",
    "superb",
    "outstanding",
    "helpful",
    "polite",
    "kind",
    "worth it",
    "on time",
    "cozy",
    "cosy",
    "beautiful",
    "impressed",
    "professional",
    "reasonable",
    "affordable",
    "generous",
  ],
  [
    "لذيذ",
    "لذيذه",
    "وايد زين",
    "زين",
    "زينه",
    "زينين",
    "حلو",
    "حلوه",
    "يجنن",
    "روعه",
    "رائع",
    "رائعه",
    "ممتاز",
    "ممتازه",
    "رهيب",
    "رهيبه",
    "خطير",
    "يهبل",
    "فنان",
    "عجبني",
    "عجبنا",
    "احسن",
    "افضل",
    "نظيف",
    "نظيفه",
    "سريع",
    "سريعه",
    "طازج",
    "طازجه",
    "ودود",
    "محترم",
    "محترمين",
    "تسلم ايدكم",
    "تسلم ايديكم",
    "انصح",
    "انصح فيه",
    "يستاهل",
    "مميز",
    "مميزه",
    "جميل",
    "جميله",
    "الذ",
    "فاخر",
    "ما قصرتوا",
    "ماقصرتوا",
    "ما قصرتو",
    "مرتب",
    "مرتبه",
  ],
);

const NEGATIVE = phrases(
  [
    "bad",
    "terrible",
    "awful",
    "horrible",
    "worst",
    "disgusting",
    "cold",
    "late",
    "slow(?:ly)?",
    "rude",
    "dirty",
    "filthy",
    "overpriced",
    "expensive",
    "pricey",
    "stale",
    "burnt",
    "burned",
    "raw",
    "undercooked",
    "overcooked",
    "bland",
    "tasteless",
    "salty",
    "soggy",
    "greasy",
    "oily",
    "disappoint(?:ed|ing)?",
    "never again",
    "waited",
    "forever",
    "missing",
    "wrong",
    "unprofessional",
    "unhygienic",
    "hair",
    "cockroach(?:es)?",
    "smell(?:s|y|ed)?",
    "stink(?:s|y)?",
    "poor",
    "mediocre",
    "rip-?off",
    "unacceptable",
    "ignored",
    "careless",
    "took (?:over |more than )?(?:an?|\\d+|one|two|three) (?:hours?|minutes|mins)",
    "(?:an? |\\d+ )?hours? late",
  ],
  [
    "سيء",
    "سيئه",
    "زفت",
    "خايس",
    "خايسه",
    "بارد",
    "بارده",
    "متاخر",
    "متاخره",
    "متاخرين",
    "تاخر",
    "تاخروا",
    "تاخير",
    "بطيء",
    "بطيئه",
    "وسخ",
    "وسخه",
    "قذر",
    "قذره",
    "غالي",
    "غاليه",
    "مبالغ",
    "ريحه",
    "شعره",
    "صرصور",
    "محروق",
    "محروقه",
    "نيء",
    "ني",
    "مالح",
    "مالحه",
    "ماصخ",
    "ماصخه",
    "بايخ",
    "ما عجبني",
    "ماعجبني",
    "خربان",
    "معفن",
    "غلط",
    "ناقص",
    "ناقصه",
    "ما وصل",
    "ماوصل",
    "تعبان",
    "وقح",
    "وقحين",
    "ما يستاهل",
    "مايستاهل",
    "خيبه امل",
    "للاسف",
    "مع الاسف",
    "زعلان",
    "اسوا",
    "مقرف",
    "مقرفه",
    "طولوا",
    "ما انصح",
    "مانصح",
    "مو مستوي",
    "مب مستوي",
  ],
);

/** A word just before a sentiment word that turns it round: "not good", "مو زين", "ما كان لذيذ". */
const NEGATOR_BEFORE =
  /(?:\b(?:not|never|no|hardly|wasn't|isn't|weren't|aren't|didn't|don't|doesn't|wasnt|isnt|didnt|dont|doesnt)|n't|(?<![\p{L}])و?(?:مو|مب|مش|ما|ليس|ليست|غير|لا|مافي|ماكان|ماكانت|ما كان|ما كانت|مو وايد))(?:\s+[^\s.,!?؟،;؛]+)?\s+$/iu;

/** Negation words that are part of a listed phrase are not negators of it ("ما عجبني" is one phrase). */
function polarity(text: string): { positive: number; negative: number } {
  const t = plain(text).replace(DISH_MASK, (m) => " ".repeat(m.length));
  let positive = 0;
  let negative = 0;
  const taken: [number, number][] = [];
  const hits = (re: RegExp, sign: 1 | -1) => {
    for (const m of t.matchAll(re)) {
      const start = m.index;
      const end = start + m[0].length;
      if (taken.some(([a, b]) => start < b && end > a)) continue;
      taken.push([start, end]);
      const flipped = NEGATOR_BEFORE.test(t.slice(Math.max(0, start - 30), start));
      if ((sign === 1) !== flipped) positive++;
      else negative++;
    }
  };
  // negative phrases first: "ما عجبني" and "not worth" win over "عجبني" and "worth"
  hits(NEGATIVE, -1);
  hits(POSITIVE, 1);
  return { positive, negative };
}

const TOPIC_WORDS: Record<ReviewTopic, RegExp> = {
  food: phrases(
    [
      "food",
      "dish(?:es)?",
      "meals?",
      "tastes?",
      "tasted",
      "tasty",
      "flavou?rs?",
      "portions?",
      "menu",
      "cooked",
      "undercooked",
      "overcooked",
      "raw",
      "burnt",
      "burned",
      "cold",
      "salty",
      "bland",
      "spicy",
      "fresh",
      "stale",
      "delicious",
      "lunch",
      "dinner",
      "chef",
      "kitchen",
      "soggy",
      "greasy",
      "tasteless",
      "yumm?y",
    ],
    [
      "اكل",
      "طعام",
      "طعم",
      "وجبه",
      "وجبات",
      "طبق",
      "اطباق",
      "لذيذ",
      "لذيذه",
      "بارد",
      "بارده",
      "محروق",
      "محروقه",
      "مالح",
      "مالحه",
      "ماصخ",
      "ماصخه",
      "طازج",
      "طازجه",
      "الشيف",
      "مطبخ",
      "نيء",
      "كميه",
      "الكميه",
      "مستوي",
      "الذ",
    ],
  ),
  service: phrases(
    [
      "service",
      "staff",
      "waiters?",
      "waitress(?:es)?",
      "servers?",
      "cashiers?",
      "employees?",
      "manager",
      "rude",
      "friendly",
      "polite",
      "attitude",
      "welcom(?:e|ed|ing)",
      "hospitality",
      "host",
      "hostess",
      "barista",
      "ignored",
      "helpful",
      "team",
      "unprofessional",
      "professional",
    ],
    [
      "خدمه",
      "موظف",
      "موظفين",
      "موظفه",
      "كاشير",
      "ويتر",
      "جرسون",
      "مدير",
      "تعامل",
      "استقبال",
      "وقح",
      "وقحين",
      "محترم",
      "محترمين",
      "ودود",
      "باريستا",
      "طاقم",
      "العمال",
      "ما قصرتوا",
      "ماقصرتوا",
    ],
  ),
  delivery: phrases(
    // arriving alone is no delivery ("وصلنا المطعم", "the food arrived hot" at the table); an order that arrives is
    [
      "deliver(?:y|ed|ies|ing)?",
      "drivers?",
      "riders?",
      "couriers?",
      "(?:order|delivery) (?:arrived|came)",
      "talabat",
      "deliveroo",
      "carriage",
    ],
    [
      "توصيل",
      "دليفري",
      "ديلفري",
      "مندوب",
      "مناديب",
      "السايق",
      "السواق",
      "وصلني",
      "الطلب وصل",
      "وصل الطلب",
      "طلبي وصل",
      "وصل طلبي",
      "الطلبيه",
      "ما وصل",
      "ماوصل",
      "طلبات",
    ],
  ),
  price: phrases(
    [
      "prices?",
      "priced",
      "pricey",
      "expensive",
      "overpriced",
      "cheap",
      "value",
      "worth",
      "costs?",
      "costly",
      "money",
      "kd",
      "kwd",
      "dinars?",
      "fils",
      "rip-?off",
      "affordable",
      "reasonable",
    ],
    [
      "سعر",
      "اسعار",
      "غالي",
      "غاليه",
      "مكلف",
      "فلوس",
      "دينار",
      "دنانير",
      "رخيص",
      "يستاهل",
      "مبالغ",
      "ما يستاهل",
      "مايستاهل",
      "القيمه",
    ],
  ),
  cleanliness: phrases(
    [
      "clean(?:ed|ing|liness)?",
      "dirty",
      "filthy",
      "hygien(?:e|ic)",
      "unhygienic",
      "hair",
      "cockroach(?:es)?",
      "insects?",
      "flies",
      "smell(?:s|y|ed)?",
      "stink(?:s|y)?",
      "messy",
      "sticky",
      "toilets?",
      "bathrooms?",
      "washrooms?",
      "restrooms?",
      "dust(?:y)?",
    ],
    [
      "نظيف",
      "نظيفه",
      "نظافه",
      "وسخ",
      "وسخه",
      "وساخه",
      "قذر",
      "قذره",
      "قذاره",
      "شعره",
      "صرصور",
      "صراصير",
      "حشره",
      "حشرات",
      "ذبان",
      "ذبانه",
      "ريحه",
      "رائحه",
      "حمام",
      "حمامات",
      "مقرف",
      "مقرفه",
    ],
  ),
};

/**
 * Waiting and lateness: delivery time when the review is about a delivery (a delivery word, or a
 * delivery app as its source), else the service ("we waited an hour for our table").
 */
const WAITING = phrases(
  [
    "slow(?:ly)?",
    "wait(?:ed|ing)?",
    "late",
    "on time",
    "took forever",
    "forever",
    "took (?:over |more than )?(?:an?|\\d+|one|two|three) (?:hours?|minutes|mins)",
    "(?:an? |\\d+ )?hours? late",
  ],
  [
    "بطيء",
    "بطيئه",
    "انتظار",
    "انتظرت",
    "انتظرنا",
    "انطرت",
    "انطرنا",
    "طولوا",
    "متاخر",
    "متاخره",
    "متاخرين",
    "تاخر",
    "تاخروا",
    "تاخير",
    "ساعه",
    "ساعتين",
    "بوقته",
    "في وقته",
  ],
);

/** Sources whose reviews are about a delivery. */
const DELIVERY_SOURCES = new Set(["talabat", "deliveroo", "carriage"]);

/** Dish names that hold a sentiment word ("cold brew" is not cold food). */
const DISH_MASK = /cold brew|كولد برو/giu;

/** Food words that are not about a dish in a review ("on two dates"). */
const NOT_A_DISH = new Set(["dates"]);

function topicsIn(clause: string, deliveryReview: boolean): Set<ReviewTopic> {
  const t = plain(clause);
  const found = new Set<ReviewTopic>();
  for (const topic of REVIEW_TOPIC_KEYS) if (new RegExp(TOPIC_WORDS[topic].source, "iu").test(t)) found.add(topic);
  if (new RegExp(WAITING.source, "iu").test(t)) found.add(deliveryReview ? "delivery" : "service");
  if (!found.has("food") && dishIn(clause)) found.add("food");
  return found;
}

function dishIn(text: string): { en?: string; ar?: string } | null {
  const en = /[A-Za-z]/.test(text) ? findDishEn(text) : null;
  if (en && !NOT_A_DISH.has(en.en.toLowerCase())) return { en: en.en.toLowerCase() };
  const ar = /\p{Script=Arabic}/u.test(text) ? findDishAr(text) : null;
  // as the review wrote it, made definite for "بـ" and "عن": "كنافة" -> "الكنافة", "والكنافة" -> "الكنافة"
  if (ar?.ar) return { ar: ar.ar.replace(/^(?:[وبفلك]?ال|لل)/u, "").replace(/^/u, "ال") };
  return null;
}

/** Clauses: sentences, and the parts either side of "but", "لكن", "بس"... */
const CLAUSE_BREAK =
  /[.!?؟،,;؛\n]+|\s(?:but|however|although|though|yet|except|لكن|ولكن|بس|الا ان|إلا أن|مع ان|مع أن)\s/iu;

// ---------------------------------------------------------------- reading a review
export interface ReviewReading {
  language: ReviewLanguage;
  sentiment: ReviewSentiment;
  /** Every topic the review talks about, in REVIEW_TOPIC_KEYS order. */
  topics: ReviewTopic[];
  /** Topics spoken of well. */
  praised: ReviewTopic[];
  /** Topics complained about (or, in a neutral review, to do better on). */
  complaints: ReviewTopic[];
  /** The dish the review names, in its language ("the kunafa" is built from it). */
  dish?: string;
}

const STARS_WEIGHT: Record<number, number> = { 1: -4, 2: -2, 3: 0, 4: 2, 5: 4 };

/**
 * The stars weigh twice as much as the words (their score is capped at two either way), so one star
 * is always negative and five always positive; three stars lean on the words.
 */
function sentimentOf(rating: number, words: { positive: number; negative: number }): ReviewSentiment {
  const stars = STARS_WEIGHT[Math.min(5, Math.max(1, Math.round(rating)))]!;
  const total = stars + Math.max(-2, Math.min(2, words.positive - words.negative));
  return total >= 2 ? "positive" : total <= -2 ? "negative" : "neutral";
}

const ordered = (set: Set<ReviewTopic>) => REVIEW_TOPIC_KEYS.filter((t) => set.has(t));

/**
 * Topics, and which were praised or complained about, clause by clause, given the review's sentiment
 * (a topic named without a judgement takes it).
 */
export function readClauses(
  text: string,
  sentiment: ReviewSentiment,
  opts: { language?: ReviewLanguage; source?: string } = {},
): ReviewReading {
  const lang = opts.language ?? detectReviewLanguage(text);
  const deliveryReview =
    DELIVERY_SOURCES.has(opts.source ?? "") || new RegExp(TOPIC_WORDS.delivery.source, "iu").test(plain(text));
  const score = new Map<ReviewTopic, number>();
  const all = new Set<ReviewTopic>();
  for (const clause of text.split(CLAUSE_BREAK)) {
    if (!clause?.trim()) continue;
    const topics = topicsIn(clause, deliveryReview);
    if (!topics.size) continue;
    const p = polarity(clause);
    for (const t of topics) {
      all.add(t);
      score.set(t, (score.get(t) ?? 0) + p.positive - p.negative);
    }
  }
  const praised = new Set<ReviewTopic>();
  const complaints = new Set<ReviewTopic>();
  for (const t of all) {
    const s = score.get(t) ?? 0;
    // a topic named without a judgement takes the review's
    if (s > 0 || (s === 0 && sentiment === "positive")) praised.add(t);
    else complaints.add(t);
  }
  const dish = all.has("food") ? dishIn(text) : null;
  const dishText = lang === "en" ? dish?.en : dish?.ar;
  return {
    language: lang,
    sentiment,
    topics: ordered(all),
    praised: ordered(praised),
    complaints: ordered(complaints),
    ...(dishText ? { dish: dishText } : {}),
  };
}

/** The lexicon reader as it was: the stars moved by the word lists (the baseline npm run bench:ai measures). */
export function readByLexicon(
  text: string,
  rating: number,
  opts: { language?: ReviewLanguage; source?: string } = {},
): ReviewReading {
  return readClauses(text, sentimentOf(rating, polarity(text)), opts);
}

/** Whether a clause has words of praise or complaint in the lists (positive and negative counts). */
export const lexiconPolarity = polarity;
