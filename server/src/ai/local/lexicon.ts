// The food words the local writer knows in both languages: enough to find a dish in a prompt
// ("new pistachio kunafa"), name it in Arabic ("كنافة بالفستق") and tag it (#kunafa #كنافة).
// A dish made of words it does not know keeps its own words in its own language only.

/**
 * head: the dish itself ("kunafa"). noun: a noun after the head in Arabic ("chicken burger" ->
 * "برغر دجاج"), and a head when it ends the dish ("grilled chicken"). bi: a flavour joined with
 * "بـ" ("pistachio kunafa" -> "كنافة بالفستق"). adj: an adjective after the head ("grilled").
 * prefix: written before the head in Arabic too ("iced latte" -> "آيس لاتيه").
 */
type FoodKind = "head" | "noun" | "bi" | "adj" | "prefix";

export interface FoodWord {
  en: string;
  ar: string;
  kind: FoodKind;
  /** Hashtag words, when the dish deserves its own tag. */
  tag?: { en: string; ar: string };
  /** Other English spellings. */
  alt?: readonly string[];
}

const H = (en: string, ar: string, tag = true, alt: string[] = []): FoodWord => ({
  en,
  ar,
  kind: "head",
  alt,
  ...(tag
    ? {
        tag: {
          en: en.replace(/[\s-]+(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase()),
          ar: ar.replace(/\s+/g, "_"),
        },
      }
    : {}),
});

export const FOOD_WORDS: readonly FoodWord[] = [
  // desserts and bakery
  H("kunafa", "كنافة", true, ["knafeh", "kunafeh", "kunafah", "knafa", "kanafeh"]),
  H("basbousa", "بسبوسة"),
  H("umm ali", "أم علي"),
  H("luqaimat", "لقيمات", true, ["lugaimat", "legaimat"]),
  H("qatayef", "قطايف", true, ["atayef"]),
  H("baklava", "بقلاوة"),
  H("cheesecake", "تشيز كيك", true, ["cheese cake"]),
  H("cake", "كيك"),
  H("tiramisu", "تيراميسو"),
  H("croissant", "كرواسون", true, ["croissants"]),
  H("cookies", "كوكيز", true, ["cookie"]),
  H("brownies", "براونيز", true, ["brownie"]),
  H("waffle", "وافل", true, ["waffles"]),
  H("pancakes", "بان كيك", true, ["pancake"]),
  H("crepe", "كريب", true, ["crepes", "crêpe"]),
  H("donuts", "دونات", true, ["donut", "doughnut", "doughnuts"]),
  H("ice cream", "آيس كريم", true, ["icecream"]),
  H("gelato", "جيلاتو"),
  H("dessert", "حلى", false, ["desserts"]),
  H("dates", "تمر", true),
  // coffee and drinks
  H("spanish latte", "سبانش لاتيه", true),
  H("latte", "لاتيه", true, ["lattes"]),
  H("cappuccino", "كابتشينو"),
  H("flat white", "فلات وايت"),
  H("espresso", "إسبريسو"),
  H("americano", "أمريكانو"),
  H("cortado", "كورتادو"),
  H("mocha", "موكا"),
  H("v60", "في ٦٠", false),
  H("cold brew", "كولد برو"),
  H("arabic coffee", "قهوة عربية"),
  H("coffee", "قهوة"),
  H("karak", "كرك", true, ["chai karak", "karak chai"]),
  H("tea", "شاي", false),
  H("matcha", "ماتشا"),
  H("hot chocolate", "شوكولاتة ساخنة"),
  H("mojito", "موهيتو", true, ["mojitos"]),
  H("lemonade", "ليموناضة"),
  H("juice", "عصير", false),
  H("smoothie", "سموذي", true, ["smoothies"]),
  H("milkshake", "ميلك شيك", true, ["milkshakes", "shake"]),
  // plates
  H("machboos", "مجبوس", true, ["majboos", "machbous", "kabsa"]),
  H("biryani", "برياني", true, ["biriyani"]),
  H("mandi", "مندي"),
  H("harees", "هريس"),
  H("saloona", "صالونة"),
  H("balaleet", "بلاليط"),
  H("shawarma", "شاورما", true, ["shawerma"]),
  H("falafel", "فلافل"),
  H("hummus", "حمص", true, ["houmous"]),
  H("manakish", "مناقيش", true, ["manakeesh", "manaeesh", "manousheh"]),
  H("mixed grill", "مشاوي مشكلة", true, ["mixed grills"]),
  H("kebab", "كباب", true, ["kabab", "kebabs"]),
  H("tikka", "تكّة", true),
  H("burger", "برغر", true, ["burgers"]),
  H("pizza", "بيتزا"),
  H("pasta", "باستا"),
  H("steak", "ستيك"),
  H("sushi", "سوشي"),
  H("salad", "سلطة", true, ["salads"]),
  H("sandwich", "ساندويتش", true, ["sandwiches", "sandwish"]),
  H("soup", "شوربة"),
  H("breakfast", "فطور", false),
  H("brunch", "برنش", false),
  H("hammour", "هامور"),
  H("zubaidi", "زبيدي"),
  {
    en: "shrimp",
    ar: "روبيان",
    kind: "noun",
    tag: { en: "Shrimp", ar: "روبيان" },
    alt: ["prawns", "prawn", "shrimps"],
  },
  { en: "chicken", ar: "دجاج", kind: "noun", alt: [] },
  { en: "beef", ar: "لحم", kind: "noun", alt: [] },
  { en: "lamb", ar: "لحم غنم", kind: "noun", alt: ["mutton"] },
  { en: "fish", ar: "سمك", kind: "noun", tag: { en: "Fish", ar: "سمك" }, alt: [] },
  { en: "truffle", ar: "ترافل", kind: "noun", alt: [] },
  // flavours
  { en: "pistachio", ar: "الفستق", kind: "bi", alt: ["pistachios"] },
  { en: "chocolate", ar: "الشوكولاتة", kind: "bi", alt: ["choco"] },
  { en: "saffron", ar: "الزعفران", kind: "bi" },
  { en: "cardamom", ar: "الهيل", kind: "bi" },
  { en: "caramel", ar: "الكراميل", kind: "bi", alt: ["salted caramel"] },
  { en: "lotus", ar: "اللوتس", kind: "bi" },
  { en: "cheese", ar: "الجبن", kind: "bi", alt: ["halloumi", "akkawi"] },
  { en: "cream", ar: "القشطة", kind: "bi", alt: ["qishta", "ashta"] },
  { en: "mango", ar: "المانجو", kind: "bi" },
  { en: "strawberry", ar: "الفراولة", kind: "bi", alt: ["strawberries"] },
  { en: "honey", ar: "العسل", kind: "bi" },
  { en: "rose", ar: "ماء الورد", kind: "bi", alt: ["rosewater", "rose water"] },
  { en: "vanilla", ar: "الفانيليا", kind: "bi" },
  { en: "hazelnut", ar: "البندق", kind: "bi" },
  { en: "date syrup", ar: "دبس التمر", kind: "bi", alt: ["dibs"] },
  { en: "zaatar", ar: "الزعتر", kind: "bi", alt: ["za'atar", "zaatar"] },
  // how it is made
  { en: "grilled", ar: "مشوي", kind: "adj" },
  { en: "spicy", ar: "حار", kind: "adj" },
  { en: "iced", ar: "آيس", kind: "prefix", alt: ["ice"] },
];

// Longest spellings first, so "spanish latte" wins over "latte" and "mixed grill" over "grill".
const SPELLINGS: readonly { words: string[]; word: FoodWord }[] = FOOD_WORDS.flatMap((w) =>
  [w.en, ...(w.alt ?? [])].map((s) => ({ words: s.toLowerCase().split(/\s+/), word: w })),
).sort((a, b) => b.words.length - a.words.length);

export interface FoundDish {
  /** As written in the prompt. */
  en: string;
  /** Built from the words (null when a word has no Arabic here). */
  ar: string | null;
  words: FoodWord[];
}

/** English tokens with their places in the text: letters, digits and apostrophes. */
function tokens(text: string): { t: string; start: number; end: number }[] {
  return [...text.matchAll(/[\p{L}\p{N}'’]+/gu)].map((m) => ({
    t: m[0].toLowerCase().replace(/’/g, "'"),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

/** Arabic words in English dish order: head, its nouns, adjectives, then "بـ" flavours joined by "و". */
function arabicDish(words: readonly FoodWord[]): string | null {
  if (!words.length) return null;
  let headAt = -1;
  for (let i = words.length - 1; i >= 0; i--)
    if (words[i]!.kind === "head") {
      headAt = i;
      break;
    }
  // "grilled chicken": a noun that ends the dish is its head
  if (headAt < 0 && words.at(-1)!.kind === "noun") headAt = words.length - 1;
  if (headAt < 0) return null;
  const head = words[headAt]!;
  const rest = words.filter((_, i) => i !== headAt);
  const prefix = rest.filter((w) => w.kind === "prefix").map((w) => w.ar);
  const nouns = rest.filter((w) => w.kind === "noun" || w.kind === "head").map((w) => w.ar);
  const adjs = rest.filter((w) => w.kind === "adj").map((w) => w.ar);
  const flavours = rest.filter((w) => w.kind === "bi").map((w, i) => (i === 0 ? `ب${w.ar}` : `و${w.ar}`));
  return [...prefix, head.ar, ...nouns, ...adjs, ...flavours].join(" ");
}

/**
 * The dish an English text names: the longest run of known food words that holds a dish (a head,
 * or a noun at its end). "Our new pistachio kunafa is here" -> "pistachio kunafa".
 */
export function findDishEn(text: string): FoundDish | null {
  const toks = tokens(text);
  let best: { from: number; to: number; words: FoodWord[] } | null = null;
  let i = 0;
  while (i < toks.length) {
    const run: FoodWord[] = [];
    const from = i;
    let j = i;
    for (;;) {
      const hit = SPELLINGS.find((s) => s.words.every((w, k) => toks[j + k]?.t === w));
      if (!hit) break;
      run.push(hit.word);
      j += hit.words.length;
    }
    const holdsDish = run.some((w) => w.kind === "head") || run.at(-1)?.kind === "noun";
    if (run.length && holdsDish && (!best || run.length > best.words.length)) best = { from, to: j, words: run };
    i = Math.max(j, i + 1);
  }
  if (!best) return null;
  const en = text.slice(toks[best.from]!.start, toks[best.to - 1]!.end);
  return { en, ar: arabicDish(best.words), words: best.words };
}

const AR_ARTICLE = /^(?:ال|بال|وال|لل)/u;
const arPlain = (s: string) => s.replace(/[ًٌٍَُِّْـ]/gu, "").replace(/[أإآ]/gu, "ا").replace(/ة$/u, "ه");

/**
 * The dish an Arabic text names: a known dish word, with the known words after it ("كنافة
 * بالفستق"). The English name is built from the same words ("pistachio kunafa").
 */
export function findDishAr(text: string): FoundDish | null {
  const words = [...text.matchAll(/[\p{Script=Arabic}]+/gu)].map((m) => ({
    w: m[0],
    start: m.index,
    end: m.index + m[0].length,
  }));
  const match = (w: string, kinds: FoodKind[]) => {
    const bare = arPlain(w.replace(AR_ARTICLE, ""));
    return (
      FOOD_WORDS.find(
        (f) => kinds.includes(f.kind) && !f.ar.includes(" ") && arPlain(f.ar.replace(AR_ARTICLE, "")) === bare,
      ) ?? null
    );
  };
  for (let i = 0; i < words.length; i++) {
    // two-word heads first ("أم علي", "تشيز كيك")
    const two = i + 1 < words.length ? `${words[i]!.w} ${words[i + 1]!.w}` : "";
    let head = two
      ? (FOOD_WORDS.find(
          (f) => f.kind === "head" && f.ar.includes(" ") && arPlain(f.ar) === arPlain(two.replace(AR_ARTICLE, "")),
        ) ?? null)
      : null;
    let next = head ? i + 2 : i + 1;
    head ??= match(words[i]!.w, ["head", "noun"]);
    if (!head) continue;
    const found: FoodWord[] = [head];
    let end = words[next - 1]!.end;
    while (next < words.length) {
      const w = words[next]!.w;
      const flavour = /^(?:ب|و)/u.test(w) ? match(w.replace(/^(?:ب|و)/u, ""), ["bi"]) : null;
      const other = flavour ?? match(w, ["noun", "adj"]);
      if (!other) break;
      found.push(other);
      end = words[next]!.end;
      next++;
    }
    const [first, ...more] = found;
    const enWords = [
      ...more.filter((w) => w.kind === "adj" || w.kind === "prefix"),
      ...more.filter((w) => w.kind !== "adj" && w.kind !== "prefix"),
    ].map((w) => w.en);
    return { en: [...enWords, first!.en].join(" "), ar: text.slice(words[i]!.start, end), words: [...more, first!] };
  }
  return null;
}
