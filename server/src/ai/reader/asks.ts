// Which facts a guest's message asks for: where the café is, its hours, delivery (which apps),
// booking a table, what is on the menu, and prices; in English, Modern Standard Arabic and Gulf
// (Kuwaiti) Arabic ("وينكم؟", "متى تفتحون", "موجودين بطلبات؟", "أبي أحجز طاولة", "كم سعر الكرك؟").
// Pure: the text in, the facts out; the reply writers answer each from the business profile or say
// the café will answer it (docs/product.md#replies-to-guests).
//
// A message asks when a clause holds a fact's words AND reads as a question or a request: a question
// mark, a question word ("where", "do you", "هل", "وين", "متى", "كم", "عندكم"...) or a request ("أبي",
// "I'd like to"). Some phrases are questions by themselves ("وينكم", "how much", "what time", "بكم").
// "The delivery was late" names delivery but asks nothing; "why was it late?" is a complaint, not a
// question for a fact.
import { normaliseArabic } from "./lexicon.ts";

const ASKED_FACTS = ["location", "hours", "delivery", "booking", "menu", "price"] as const;
export type AskedFact = (typeof ASKED_FACTS)[number];

/** The part of the year a question about hours names: "during Ramadan", "بالعيد". */
type AskedSeason = "ramadan" | "eid";

export interface GuestAsks {
  /** The facts asked for, in ASKED_FACTS order; empty: the message asks for no fact. */
  facts: AskedFact[];
  /** The season an hours question names, if any. */
  season?: AskedSeason;
  /** Delivery apps the message names, as keys ("talabat"), in the order of DELIVERY_APP_WORDS. */
  apps: string[];
}

/** Arabic compared loosely (normaliseArabic), English in lower case with one kind of apostrophe. */
const normalise = (s: string) => normaliseArabic(s).toLowerCase().replace(/[’‘`]/g, "'");

/**
 * English entries are pattern sources matched on word boundaries; Arabic entries are words or
 * phrases (normalised as above) that may take a leading و/ف/ب/ل/ك and the article.
 */
function words(en: readonly string[], ar: readonly string[]): RegExp {
  const arAlt = ar
    .map(normalise)
    .sort((a, b) => b.length - a.length)
    .map((w) => `(?:[وفبلك]?(?:ال|لل)?)${w}`);
  const enAlt = [...en].sort((a, b) => b.length - a.length).map((w) => `\\b(?:${w})\\b`);
  const parts = [...enAlt, ...(arAlt.length ? [`(?<![\\p{L}])(?:${arAlt.join("|")})(?![\\p{L}])`] : [])];
  return new RegExp(parts.join("|"), "iu");
}

interface FactWords {
  /** Questions by themselves. */
  strong: RegExp;
  /** The fact's words; they need a question or request around them. */
  weak: RegExp;
}

const FACT_WORDS: Record<AskedFact, FactWords> = {
  location: {
    strong: words(
      [
        "where (?:are|r) (?:you|u|ya)(?: guys)?",
        "where (?:is|'s) (?:it|this|that|the (?:cafe|café|shop|place|restaurant|branch|store))",
        "where (?:exactly|abouts)",
        "where can i find (?:you|it|this)",
        "where are you located",
        "how (?:do|can) (?:i|we) (?:get|come) (?:there|here|to you)",
        "which (?:area|street|block|mall|branch)",
      ],
      [
        "وينكم",
        "وينك",
        "وين مكانكم",
        "وين المكان",
        "وين موقعكم",
        "وين محلكم",
        "وين فرعكم",
        "وين الفرع",
        "وين تقعون",
        "اين تقعون",
        "اين موقعكم",
        "اين مكانكم",
        "ما هو عنوانكم",
        "شنو العنوان",
        "شنو عنوانكم",
        "وين العنوان",
        "كيف اوصلكم",
        "شلون اوصلكم",
        "شلون اوصل لكم",
        "كيف اصل اليكم",
        "اي منطقه",
        "باي منطقه",
        "وين بالضبط",
      ],
    ),
    weak: words(
      [
        "where",
        "location",
        "located",
        "address",
        "directions?",
        "map",
        "maps",
        "google maps",
        "branch(?:es)?",
        "pin",
        "find you",
      ],
      [
        "وين",
        "اين",
        "موقع",
        "موقعكم",
        "مكان",
        "مكانكم",
        "محلكم",
        "عنوان",
        "عنوانكم",
        "لوكيشن",
        "اللوكيشن",
        "فرع",
        "فرعكم",
        "فروع",
        "فروعكم",
        "خريطه",
        "قوقل ماب",
        "ماب",
        "منطقه",
      ],
    ),
  },
  hours: {
    strong: words(
      [
        "what time",
        "when (?:do|does|are|will|did|r) (?:you|u|it|the (?:cafe|café|shop|place|restaurant))(?: guys)? (?:open|close|start|shut)",
        "opening hours",
        "working hours",
        "business hours",
        "are you open",
        "r u open",
        "is it open",
        "until when",
        "till when",
        "how late",
      ],
      [
        "متى تفتحون",
        "متى تسكرون",
        "متى تقفلون",
        "متى تبندون",
        "متى تغلقون",
        "متى يفتح",
        "متى يسكر",
        "متى يقفل",
        "متى الدوام",
        "متى دوامكم",
        "الساعه كم تفتحون",
        "الساعه كم تسكرون",
        "كم الساعه تفتحون",
        "كم الساعه تسكرون",
        "شنو الدوام",
        "شنو دوامكم",
        "شنو اوقات",
        "ما هي اوقات",
        "ما هي مواعيد",
        "اوقات الدوام",
        "اوقات العمل",
        "مواعيد العمل",
        "ساعات العمل",
        "اوقات دوامكم",
        "مواعيد الدوام",
        "لين متى",
        "الى متى",
        "فاتحين اليوم",
        "مفتوحين اليوم",
      ],
    ),
    weak: words(
      ["open(?:ing)?", "close[sd]?", "closing", "hours", "timings?", "schedule", "shut"],
      [
        "تفتحون",
        "تسكرون",
        "تقفلون",
        "تبندون",
        "تغلقون",
        "فاتحين",
        "مفتوحين",
        "مسكرين",
        "مقفلين",
        "يفتح",
        "يسكر",
        "يقفل",
        "دوام",
        "دوامكم",
        "الدوام",
        "اوقات",
        "اوقاتكم",
        "مواعيد",
        "مواعيدكم",
        "تداومون",
      ],
    ),
  },
  delivery: {
    strong: words(
      [
        "do you (?:guys )?deliver",
        "do u deliver",
        "can you deliver",
        "is (?:this|it|the \\w+) (?:on|available on|in) (?:talabat|deliveroo|jahez|keeta|carriage|cari)",
        "are you on (?:talabat|deliveroo|jahez|keeta|carriage|cari)",
        "delivery apps?",
        "order online",
        "home delivery",
      ],
      [
        "عندكم توصيل",
        "فيه توصيل",
        "في توصيل",
        "يوجد توصيل",
        "هل يوجد توصيل",
        "هل تقدمون خدمه التوصيل",
        "توصلون",
        "تقدرون توصلون",
        "موجودين بطلبات",
        "موجودين في طلبات",
        "موجودين على طلبات",
        "موجودين بجاهز",
        "موجودين بكيتا",
        "موجودين بكاريدج",
        "موجودين بديليفرو",
        "موجودين بكاري",
        "موجودين في تطبيقات",
        "تطبيقات التوصيل",
        "تطبيق توصيل",
      ],
    ),
    weak: words(
      ["deliver(?:y|ies)?", "talabat", "deliveroo", "jahez", "keeta", "carriage", "cari"],
      // "جاهز" is also "ready" and "كاري" "curry": the app only after على/في/من/بـ or "تطبيق"
      [
        "توصيل",
        "دليفري",
        "ديلفري",
        "ديليفري",
        "طلبات",
        "بجاهز",
        "على جاهز",
        "في جاهز",
        "من جاهز",
        "تطبيق جاهز",
        "كيتا",
        "كاريدج",
        "ديليفرو",
        "بكاري",
        "على كاري",
        "تطبيق كاري",
      ],
    ),
  },
  booking: {
    strong: words(
      [
        "do you (?:take|accept|do) (?:reservations?|bookings?)",
        "(?:can|could|may) (?:i|we) (?:reserve|book)",
        "(?:i'd|i would|we'd|we would) like to (?:reserve|book)",
        "(?:i|we) want to (?:reserve|book)",
        "how (?:do|can) (?:i|we) (?:reserve|book)",
        "table for (?:\\d+|two|three|four|five|six|seven|eight|ten)",
      ],
      [
        "ابي احجز",
        "ابغي احجز",
        "ابغى احجز",
        "اريد ان احجز",
        "اريد حجز",
        "ابي حجز",
        "ودي احجز",
        "بغيت احجز",
        "نبي نحجز",
        "نبي حجز",
        "اقدر احجز",
        "نقدر نحجز",
        "ممكن احجز",
        "ممكن حجز",
        "تاخذون حجز",
        "تاخذون حجوزات",
        "عندكم حجز",
        "فيه حجز",
        "في حجز",
        "يوجد حجز",
        "هل يمكن الحجز",
        "كيف احجز",
        "شلون احجز",
        "شلون الحجز",
        "كيف الحجز",
        "تقبلون حجز",
        "تقبلون الحجز",
      ],
    ),
    weak: words(
      ["reserv(?:e|ed|ation|ations)", "book(?:ing|ings)?", "walk-?ins?"],
      ["حجز", "حجوزات", "احجز", "نحجز", "الحجز"],
    ),
  },
  menu: {
    strong: words(
      [
        "do you (?:guys )?(?:have|serve|make|sell|offer)",
        "do u have",
        "is there (?:any|a)",
        "what do you (?:have|serve)",
        "what'?s on the menu",
        "can i (?:see|get) the menu",
        "send (?:me )?the menu",
        "any (?:vegan|vegetarian|gluten[- ]free|sugar[- ]free|keto|dairy[- ]free)",
      ],
      [
        "عندكم",
        "فيه عندكم",
        "في عندكم",
        "هل لديكم",
        "هل يوجد لديكم",
        "تسوون",
        "تبيعون",
        "تقدمون",
        "وين المنيو",
        "ابي المنيو",
        "ارسلوا المنيو",
        "دزوا المنيو",
        "شنو عندكم",
        "ايش عندكم",
        "ماذا تقدمون",
      ],
    ),
    weak: words(
      ["menu", "vegan", "vegetarian", "gluten[- ]free", "sugar[- ]free", "options?"],
      ["منيو", "المنيو", "قائمه", "قايمه", "قائمه الطعام", "نباتي", "بدون سكر", "بدون جلوتين", "خيارات"],
    ),
  },
  price: {
    strong: words(
      ["how much", "what(?:'s| is| are) the (?:price|prices|cost)", "price (?:of|for)", "prices? list"],
      [
        "كم سعر",
        "كم اسعار",
        "كم السعر",
        "بكم",
        "كم حقه",
        "كم حقها",
        "كم حق",
        "كم ثمن",
        "ما سعر",
        "ما هو سعر",
        "ما هي اسعار",
        "شنو سعر",
        "شنو السعر",
        "شنو اسعار",
        "شكثر",
        "بشكثر",
      ],
    ),
    weak: words(["prices?", "cost(?:s)?", "kd", "kwd"], ["سعر", "السعر", "اسعار", "الاسعار", "اسعاركم", "كم"]),
  },
};

/** A clause that reads as a question or a request: these words anywhere in it... */
const QUESTION_CUE = words(
  [
    "where",
    "when",
    "what",
    "which",
    "how",
    "please",
    "pls",
    "plz",
    "i want",
    "i'd like",
    "i would like",
    "we'd like",
    "looking for",
    "tell me",
    "let me know",
    "wondering",
    "anyone know",
  ],
  [
    "هل",
    "وين",
    "اين",
    "متى",
    "كم",
    "شلون",
    "كيف",
    "شنو",
    "ايش",
    "وش",
    "ماذا",
    "ما هو",
    "ما هي",
    "عندكم",
    "لديكم",
    "يوجد",
    "ممكن",
    "ابي",
    "ابغي",
    "ابغى",
    "اريد",
    "بغيت",
    "ودي",
    "عطوني",
    "عطني",
    "ارسلوا",
    "ارسل",
    "ارسلي",
    "دزوا",
    "دز",
    "دزلي",
    "ترسلون",
    "تدزون",
    "ابغا",
    "نبي",
    "تفتحون",
    "تسوون",
    "تاخذون",
    "تقبلون",
    "توصلون",
    "موجودين",
    "اقدر",
    "نقدر",
    "لو سمحت",
    "لو سمحتوا",
    "من فضلك",
    "تكفون",
    "تكفى",
  ],
);
/** ...or an English clause that opens as a question ("Is this on Talabat", "Do you deliver"). */
const QUESTION_OPENING =
  /^(?:hi|hello|hey|salam|guys|please|so|and|also|btw|ok|okay)?[\s,!]*(?:is|are|do|does|did|can|could|will|would|may|any|r u|u)\b/iu;

/** A clause that complains about what happened rather than asking: "why was it late?", "ليش تأخرتوا؟". */
const NOT_A_FACT_QUESTION = words(
  ["why", "how come", "was", "were", "took", "came", "arrived", "never", "didn't", "did not"],
  ["ليش", "ليه", "لماذا", "ليه كذا", "تاخر", "تاخرتوا", "تاخرتو", "وصل", "وصلني", "وصلت", "كان", "كانت", "جان", "جانت"],
);

const SEASON_WORDS: Record<AskedSeason, RegExp> = {
  ramadan: words(["ramadh?an", "ramzan", "iftar", "suhoor", "sohour"], ["رمضان", "الفطور", "السحور", "فطور", "سحور"]),
  eid: words(
    ["eid", "eid al[- ]fitr", "eid al[- ]adha"],
    ["عيد", "العيد", "عيد الفطر", "عيد الاضحى", "الفطر", "الاضحى"],
  ),
};

/** An Arabic app name that is also a common word, as a name: "بطلبات", "على طلبات", "تطبيق طلبات". */
function appAfter(name: string): string[] {
  return [`ب${name}`, `على ${name}`, `في ${name}`, `من ${name}`, `عبر ${name}`, `تطبيق ${name}`, `ابليكيشن ${name}`];
}

/** The delivery apps of Kuwait a guest names, by key. */
export const DELIVERY_APP_WORDS: Record<string, RegExp> = {
  // "طلبات" is also "orders", "جاهز" "ready", "كاري" "curry": in Arabic, the app only after a preposition or "تطبيق"
  talabat: words(["talabat"], appAfter("طلبات")),
  deliveroo: words(["deliveroo"], ["ديليفرو", "دليفرو"]),
  jahez: words(["jahez"], appAfter("جاهز")),
  keeta: words(["keeta"], ["كيتا"]),
  carriage: words(["carriage"], ["كاريدج"]),
  cari: words(["cari"], appAfter("كاري")),
};

/** Sentences; a question mark ends one too and stays with it. */
function clausesOf(text: string): string[] {
  return (text.match(/[^.!?؟\n;؛]+[.!?؟;؛]*/gu) ?? []).map((c) => c.trim()).filter(Boolean);
}

/** The facts a guest's message asks for (see GuestAsks). */
export function readAsks(text: string): GuestAsks {
  const found = new Set<AskedFact>();
  let season: AskedSeason | undefined;
  for (const raw of clausesOf(text)) {
    const clause = normalise(raw);
    const asking = /[?؟]/u.test(clause) || QUESTION_CUE.test(clause) || QUESTION_OPENING.test(clause);
    const complaining = NOT_A_FACT_QUESTION.test(clause);
    let any = false;
    for (const fact of ASKED_FACTS) {
      const w = FACT_WORDS[fact];
      if (w.strong.test(clause) || (asking && !complaining && w.weak.test(clause))) {
        found.add(fact);
        any = true;
      }
    }
    // "عندكم" alone is a menu question only when nothing more specific is asked ("عندكم توصيل؟" is delivery)
    if (found.has("menu") && any && !FACT_WORDS.menu.weak.test(clause)) {
      const others = ASKED_FACTS.filter(
        (f) => f !== "menu" && (FACT_WORDS[f].strong.test(clause) || FACT_WORDS[f].weak.test(clause)),
      );
      if (others.length && !/\b(?:have|serve|make|sell|offer)\b/iu.test(clause)) found.delete("menu");
    }
    // "do you have a branch in Jahra?" asks where, not what is served
    if (
      found.has("menu") &&
      found.has("location") &&
      /\b(?:have|got) (?:a |any )?(?:branch|branches|location|locations)\b|(?:عندكم|لديكم|فيه|في) (?:ال)?(?:فرع|فروع)/u.test(
        clause,
      )
    )
      found.delete("menu");
    // "كم" alone asks a price only beside a price word or a thing; "كم الساعة" is hours
    if (
      found.has("price") &&
      !FACT_WORDS.price.strong.test(clause) &&
      /(?<![\p{L}])كم(?![\p{L}])/u.test(clause) &&
      !/(?<![\p{L}])(?:ال)?(?:سعر|اسعار)/u.test(clause)
    ) {
      if (
        found.has("hours") ||
        found.has("booking") ||
        found.has("location") ||
        found.has("delivery") ||
        /(?<![\p{L}])كم\s+(?:ال)?(?:ساعه|يوم|شخص|نفر|دقيقه|مره)/u.test(clause)
      )
        found.delete("price");
    }
    if (any && found.has("hours") && !season)
      for (const s of ["ramadan", "eid"] as const) if (SEASON_WORDS[s].test(clause)) season = s;
  }
  // a price is a question about the menu's items too
  const apps = Object.keys(DELIVERY_APP_WORDS).filter((k) => DELIVERY_APP_WORDS[k]!.test(normalise(text)));
  return {
    facts: ASKED_FACTS.filter((f) => found.has(f)),
    ...(season ? { season } : {}),
    apps: found.has("delivery") ? apps : [],
  };
}

/** Only the facts: `asksFor("Is this on Talabat?")` is ["delivery"]. */
export const asksFor = (text: string): AskedFact[] => readAsks(text).facts;
