// The templates library: every built-in template in both languages fills cleanly with any mix of
// details (no brace, no [[ ]] mark, no double space, no line left empty), Arabic copy is Arabic,
// each occasion has its templates, hashtags are valid, tiers follow the plan, and the rules of a
// business's own template.
import { describe, expect, test } from "@jest/globals";
import {
  applyTemplateSchema,
  BUILT_IN_TEMPLATES,
  builtInTemplateId,
  CONTENT_OCCASION_KEYS,
  customTemplateSchema,
  fieldErrors,
  fillTemplate,
  findBuiltInTemplate,
  formatTemplatePrice,
  normalizeHashtag,
  parseBuiltInTemplateId,
  PLACEHOLDER_KEYS,
  PLACEHOLDERS,
  PLAN_IDS,
  templateBodyProblem,
  templateListQuerySchema,
  templatePlaceholders,
  templateTiersForPlan,
  templateValueTexts,
  type TemplateLanguage,
  type TemplateValues,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));

const FULL: Record<TemplateLanguage, TemplateValues> = {
  en: {
    business: "Dar Al Qahwa",
    area: "salmiya",
    dish: "Pistachio kunafa",
    price: 2.75,
    discount: "20",
    hours: "Daily 7 AM – 1 AM",
    cuisine: "cafe",
  },
  ar: {
    business: "دار القهوة",
    area: "salmiya",
    dish: "كنافة بالفستق",
    price: 2.75,
    discount: "20%",
    hours: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
    cuisine: "cafe",
  },
};
const FILLED_KEYS = ["business", "area", "dish", "price", "discount", "hours"] as const;

/** Every mix of the six details: 64 profiles from empty to full. */
function everyMix(lang: TemplateLanguage): TemplateValues[] {
  const out: TemplateValues[] = [];
  for (let mask = 0; mask < 1 << FILLED_KEYS.length; mask++) {
    const v: TemplateValues = {};
    FILLED_KEYS.forEach((k, i) => {
      if (mask & (1 << i)) v[k] = FULL[lang][k];
    });
    out.push(v);
  }
  return out;
}

/** What a clean caption never has: the problems found, none when clean. */
function problems(text: string): string[] {
  const out: string[] = [];
  const check = (bad: boolean, what: string) => bad && out.push(what);
  check(/[{}]/.test(text), "a brace");
  check(/\[\[|\]\]/.test(text), "a [[ ]] mark");
  check(/ {2}/.test(text), "a double space");
  check(/\n{3}/.test(text), "two blank lines");
  check(text !== text.trim(), "space around");
  for (const line of text.split("\n")) {
    // a line is a paragraph break (empty) or has words; never spaces, a lone emoji or punctuation
    if (line === "") continue;
    check(line !== line.trim(), `spaces around "${line}"`);
    check(!/[\p{L}\p{N}]/u.test(line), `no words in "${line}"`);
    check(/ [,.!?;:،؛؟]|^[,.!?;:،؛؟]|[,،][.!?،,]|\(\)/u.test(line), `stray punctuation in "${line}"`);
  }
  return out;
}

describe("the built-in templates", () => {
  test("at least 28, each occasion with at least two, keys unique, about a third advanced, every occasion with a basic one", () => {
    expect(BUILT_IN_TEMPLATES.length).toBeGreaterThanOrEqual(28);
    expect(new Set(BUILT_IN_TEMPLATES.map((t) => t.key)).size).toBe(BUILT_IN_TEMPLATES.length);
    for (const occasion of CONTENT_OCCASION_KEYS) {
      const of = BUILT_IN_TEMPLATES.filter((t) => t.occasion === occasion);
      expect({ occasion, count: of.length >= 2, basic: of.some((t) => t.tier === "basic") }).toEqual({
        occasion,
        count: true,
        basic: true,
      });
    }
    const advanced = BUILT_IN_TEMPLATES.filter((t) => t.tier === "advanced").length / BUILT_IN_TEMPLATES.length;
    expect(advanced).toBeGreaterThanOrEqual(0.28);
    expect(advanced).toBeLessThanOrEqual(0.42);
    expect(BUILT_IN_TEMPLATES.every((t) => (CONTENT_OCCASION_KEYS as string[]).includes(t.occasion))).toBe(true);
  });

  test("the menu-promotion templates cover a price offer and a discount offer", () => {
    const promos = BUILT_IN_TEMPLATES.filter((t) => t.occasion === "menu_promotion");
    expect(
      promos.some(
        (t) =>
          templatePlaceholders(t.body.en).includes("price") && !templatePlaceholders(t.body.en).includes("discount"),
      ),
    ).toBe(true);
    expect(
      promos.some(
        (t) =>
          templatePlaceholders(t.body.en).includes("discount") && !templatePlaceholders(t.body.en).includes("price"),
      ),
    ).toBe(true);
  });

  test("English and Arabic versions use the same placeholders; bodies are well formed", () => {
    for (const t of BUILT_IN_TEMPLATES) {
      expect({ key: t.key, ar: templatePlaceholders(t.body.ar).sort() }).toEqual({
        key: t.key,
        ar: templatePlaceholders(t.body.en).sort(),
      });
      expect({ key: t.key, en: templateBodyProblem(t.body.en), ar: templateBodyProblem(t.body.ar) }).toEqual({
        key: t.key,
        en: null,
        ar: null,
      });
      for (const p of templatePlaceholders(t.body.en)) expect(PLACEHOLDER_KEYS).toContain(p);
    }
  });

  test("Arabic names and bodies are Arabic script; English ones have none", () => {
    const letters = (s: string) => [...s.replace(/\{\w+\}/g, "").matchAll(/\p{L}/gu)].map((m) => m[0]);
    for (const t of BUILT_IN_TEMPLATES) {
      for (const text of [t.body.ar, t.name.ar]) {
        const all = letters(text);
        const arabic = all.filter((c) => /\p{Script=Arabic}/u.test(c));
        expect({ key: t.key, share: arabic.length / all.length >= 0.95 }).toEqual({ key: t.key, share: true });
      }
      expect({ key: t.key, en: /\p{Script=Arabic}/u.test(t.body.en + t.name.en) }).toEqual({ key: t.key, en: false });
    }
  });

  test("advanced templates tell a story: longer, several paragraphs, a call to action", () => {
    for (const t of BUILT_IN_TEMPLATES.filter((x) => x.tier === "advanced")) {
      for (const lang of ["en", "ar"] as const) {
        const filled = fillTemplate(t.body[lang], {}, lang);
        expect({ key: t.key, lang, paragraphs: filled.split("\n\n").length >= 3, long: filled.length >= 250 }).toEqual({
          key: t.key,
          lang,
          paragraphs: true,
          long: true,
        });
      }
    }
    const avg = (tier: string) => {
      const list = BUILT_IN_TEMPLATES.filter((t) => t.tier === tier);
      return list.reduce((n, t) => n + t.body.en.length, 0) / list.length;
    };
    expect(avg("advanced")).toBeGreaterThan(2 * avg("basic"));
  });

  test("hashtags: 2 to 8 per language, valid as stored (normalizeHashtag leaves them as they are), no repeats", () => {
    for (const t of BUILT_IN_TEMPLATES) {
      for (const lang of ["en", "ar"] as const) {
        const tags = t.hashtags[lang];
        expect(tags.length).toBeGreaterThanOrEqual(2);
        expect(tags.length).toBeLessThanOrEqual(8);
        for (const tag of tags) expect(normalizeHashtag(tag)).toBe(tag);
        expect(new Set(tags.map((x) => x.toLowerCase())).size).toBe(tags.length);
      }
      expect(t.hashtags.ar.some((x) => /\p{Script=Arabic}/u.test(x))).toBe(true);
    }
  });

  test.each(["en", "ar"] as const)("every template in %s fills cleanly with all 64 mixes of details", (lang) => {
    const found: string[] = [];
    for (const t of BUILT_IN_TEMPLATES) {
      for (const values of everyMix(lang)) {
        const text = fillTemplate(t.body[lang], values, lang);
        if (text.length < 40) found.push(`${t.key} ${JSON.stringify(values)}: too short`);
        for (const p of problems(text)) found.push(`${t.key} ${JSON.stringify(values)}: ${p}`);
      }
    }
    expect(found).toEqual([]);
  });

  test.each(["en", "ar"] as const)(
    "a full profile in %s: every detail the template names appears, formatted for the language",
    (lang) => {
      const texts = templateValueTexts(FULL[lang], lang);
      for (const t of BUILT_IN_TEMPLATES) {
        const text = fillTemplate(t.body[lang], FULL[lang], lang);
        for (const p of templatePlaceholders(t.body[lang]))
          expect({ key: t.key, p, in: text.includes(texts[p as "dish"]!) }).toEqual({ key: t.key, p, in: true });
      }
      expect(texts.price).toBe(lang === "en" ? "2.750 KWD" : "٢٫٧٥٠ د.ك");
      expect(texts.discount).toBe(lang === "en" ? "20%" : "٢٠٪");
      expect(texts.area).toBe(lang === "en" ? "Salmiya" : "السالمية");
      expect(texts.cuisine).toBe(lang === "en" ? "Café" : "مقهى");
    },
  );

  test("an empty profile keeps the lines that need nothing, in both languages", () => {
    const t = findBuiltInTemplate("iftar_table")!;
    expect(fillTemplate(t.body.en, {}, "en")).toBe(
      "Ramadan Kareem 🌙\nGather your family and friends around a generous Iftar table, ready the moment the Maghrib call sounds.",
    );
    expect(fillTemplate(t.body.ar, {}, "ar")).toBe(
      "رمضان كريم 🌙\nاجمعوا الأهل والأحباب حول سفرة إفطار عامرة، جاهزة لكم مع أذان المغرب.",
    );
    expect(fillTemplate(t.body.en, FULL.en, "en")).toBe(
      [
        "Ramadan Kareem from everyone at Dar Al Qahwa 🌙",
        "Gather your family and friends around a generous Iftar table, ready the moment the Maghrib call sounds.",
        "Tonight's favourite: Pistachio kunafa, 2.750 KWD.",
        "📍 Salmiya",
        "🕰️ Daily 7 AM – 1 AM",
      ].join("\n"),
    );
    expect(fillTemplate(t.body.ar, { ...FULL.ar, price: null, hours: "  " }, "ar")).toBe(
      [
        "رمضان كريم من أسرة دار القهوة 🌙",
        "اجمعوا الأهل والأحباب حول سفرة إفطار عامرة، جاهزة لكم مع أذان المغرب.",
        "طبق الليلة: كنافة بالفستق.",
        "📍 السالمية",
      ].join("\n"),
    );
  });
});

describe("fillTemplate", () => {
  test("a missing value removes its [[ ]] phrase, nested phrases go with their parent, other lines needing it go whole", () => {
    const body = "Hello[[ from {business}]]!\n[[Try {dish}[[ for {price}]].]]\nOpen {hours}\nBye.";
    expect(fillTemplate(body, { business: "Sufra", dish: "kunafa", price: "3" }, "en")).toBe(
      "Hello from Sufra!\nTry kunafa for 3.000 KWD.\nBye.",
    );
    expect(fillTemplate(body, { price: 3, hours: "9 to 5" }, "en")).toBe("Hello!\nOpen 9 to 5\nBye.");
  });

  test("values cannot bring braces or segment marks in, or break the line", () => {
    expect(fillTemplate("At {business}.", { business: "Caf{e} [[X]]\nLine" }, "en")).toBe("At Cafe X Line.");
  });

  test("an unknown placeholder counts as missing; unbalanced marks are dropped, not shown", () => {
    expect(fillTemplate("Call {phone}\nWelcome[[ to {shop}]].\nHi ]] there [[", {}, "en")).toBe("Welcome.\nHi there");
  });

  test("English lines start with a capital after a phrase came out; paragraph breaks stay, one at most", () => {
    expect(fillTemplate("[[{business} says ]]hello.\n\n\n\n[[{dish}]]\n\nbye", { dish: "x" }, "en")).toBe(
      "Hello.\n\nX\n\nBye",
    );
    expect(fillTemplate("[[{dish}]]\n\nأهلًا", {}, "ar")).toBe("أهلًا");
  });

  test("prices: numbers and typed prices in KWD with three decimals; Arabic-Indic digits in Arabic", () => {
    expect(formatTemplatePrice(2.75, "en")).toBe("2.750 KWD");
    expect(formatTemplatePrice(2.75, "ar")).toBe("٢٫٧٥٠ د.ك");
    expect(formatTemplatePrice(0.5, "ar")).toBe("٠٫٥٠٠ د.ك");
    expect(templateValueTexts({ price: "٣٫٥" }, "en").price).toBe("3.500 KWD");
    expect(templateValueTexts({ price: "KD 4" }, "ar").price).toBe("٤٫٠٠٠ د.ك");
    expect(templateValueTexts({ price: "1.250 KWD" }, "en").price).toBe("1.250 KWD");
    expect(templateValueTexts({ price: "free" }, "en").price).toBe("free");
    expect(templateValueTexts({ price: -1 }, "en").price).toBeUndefined();
    expect(templateValueTexts({ discount: "25% off" }, "en").discount).toBe("25%");
    expect(templateValueTexts({ discount: "خصم 30" }, "ar").discount).toBe("٣٠٪");
    expect(templateValueTexts({ discount: "buy one, get one" }, "en").discount).toBe("buy one, get one");
  });

  test("areas and cuisines by key or by name come out in the caption's language; free words stay as written", () => {
    expect(templateValueTexts({ area: "Al-Salmiya" }, "ar").area).toBe("السالمية");
    expect(templateValueTexts({ area: "حولي" }, "en").area).toBe("Hawalli");
    expect(templateValueTexts({ area: "The Avenues" }, "ar").area).toBe("The Avenues");
    expect(templateValueTexts({ cuisine: "lebanese" }, "ar").cuisine).toBe("لبناني");
  });
});

describe("ids, tiers and placeholders", () => {
  test("a built-in template's id names its language; bare keys and ids without a language are read too", () => {
    expect(builtInTemplateId("iftar_table", "ar")).toBe("builtin:iftar_table:ar");
    expect(parseBuiltInTemplateId("builtin:iftar_table:ar")).toEqual({
      template: findBuiltInTemplate("iftar_table"),
      language: "ar",
    });
    expect(parseBuiltInTemplateId("builtin:iftar_table")?.language).toBeNull();
    expect(parseBuiltInTemplateId("iftar_table")?.template.key).toBe("iftar_table");
    expect(parseBuiltInTemplateId("builtin:iftar_table:fr")).toBeNull();
    expect(parseBuiltInTemplateId("builtin:nothing:en")).toBeNull();
    expect(parseBuiltInTemplateId("builtin:iftar_table:en:x")).toBeNull();
  });

  test("tiers per plan: basic; basic and advanced; basic, advanced and custom", () => {
    expect(PLAN_IDS.map((p) => [p, templateTiersForPlan(p)])).toEqual([
      ["basic", ["basic"]],
      ["professional", ["basic", "advanced"]],
      ["premium", ["basic", "advanced", "custom"]],
    ]);
  });

  test("every placeholder has English and Arabic labels and its token", () => {
    expect(PLACEHOLDERS.map((p) => p.key)).toEqual([...PLACEHOLDER_KEYS]);
    for (const p of PLACEHOLDERS) {
      expect(p.token).toBe(`{${p.key}}`);
      expect(p.label.en).toBeTruthy();
      expect(p.label.ar).toMatch(/\p{Script=Arabic}/u);
    }
  });
});

describe("rules", () => {
  const valid = {
    name: "Friday brunch",
    occasion: "weekend",
    language: "en",
    body: "Brunch is on[[ at {business}]]!\n📍 {area}",
    hashtags: ["#Brunch", "Kuwait Eats"],
  };

  test("a valid custom template, normalised: trimmed, hashtags without # and with underscores", () => {
    expect(customTemplateSchema.parse({ ...valid, name: "  Friday brunch ", body: "\r\nBrunch is on!\r\n" })).toEqual({
      ...valid,
      body: "Brunch is on!",
      hashtags: ["Brunch", "Kuwait_Eats"],
    });
    expect(customTemplateSchema.parse({ ...valid, hashtags: undefined }).hashtags).toEqual([]);
    expect(customTemplateSchema.parse({ ...valid, hashtags: null }).hashtags).toEqual([]);
  });

  const refused: [Record<string, unknown>, Record<string, string[]>][] = [
    [{ name: " " }, { name: ["templateNameRequired"] }],
    [{ name: "x".repeat(81) }, { name: ["templateNameTooLong"] }],
    [{ occasion: "birthday" }, { occasion: ["templateOccasionInvalid"] }],
    [{ language: "both" }, { language: ["templateLanguageInvalid"] }],
    [{ body: "   " }, { body: ["templateBodyRequired"] }],
    [{ body: "x".repeat(2201) }, { body: ["templateBodyTooLong"] }],
    [{ body: "Call us on {phone}" }, { body: ["templatePlaceholderUnknown"] }],
    [{ body: "50% off {today" }, { body: ["templatePlaceholderUnknown"] }],
    [{ body: "Hello[[ from {business}" }, { body: ["templateOptionalUnbalanced"] }],
    [{ body: "Hello[[ from\n{business}]]" }, { body: ["templateOptionalUnbalanced"] }],
    [{ hashtags: ["123"] }, { hashtags: ["hashtagInvalid"] }],
    [{ hashtags: Array.from({ length: 31 }, (_, i) => `tag${i}`) }, { hashtags: ["tooManyHashtags"] }],
  ];
  test.each(
    refused.map(
      ([change, errors]) =>
        [
          Object.entries(errors)
            .map(([f, k]) => `${f}: ${k.join()}`)
            .join("; "),
          change,
          errors,
        ] as const,
    ),
  )("refused: %s", (_title, change, errors) => {
    expect(errorsOf(customTemplateSchema.safeParse({ ...valid, ...change }))).toEqual(errors);
  });

  test("2,200 characters are allowed, counted as a person counts them (an emoji is one)", () => {
    expect(customTemplateSchema.safeParse({ ...valid, body: "🌙".repeat(2200) }).success).toBe(true);
  });

  test("list filters: an occasion, a language or both; blanks mean all", () => {
    expect(templateListQuerySchema.parse({ occasion: "", language: "" })).toEqual({});
    expect(templateListQuerySchema.parse({ occasion: "ramadan_iftar", language: "ar" })).toEqual({
      occasion: "ramadan_iftar",
      language: "ar",
    });
    expect(errorsOf(templateListQuerySchema.safeParse({ occasion: "x", language: "fr" }))).toEqual({
      occasion: ["templateOccasionInvalid"],
      language: ["templateLanguageInvalid"],
    });
  });

  test("applying: a price in KWD with at most three decimals, typed or a number; a menu item's id; short texts", () => {
    expect(
      applyTemplateSchema.parse({
        templateId: "builtin:iftar_table:en",
        price: "2.750",
        dish: " Kunafa ",
        discount: "",
      }),
    ).toEqual({ templateId: "builtin:iftar_table:en", price: 2.75, dish: "Kunafa" });
    expect(applyTemplateSchema.parse({ templateId: "x", price: "٢٫٥" }).price).toBe(2.5);
    expect(errorsOf(applyTemplateSchema.safeParse({ templateId: "x", price: 1.2345 }))).toEqual({
      price: ["templatePriceInvalid"],
    });
    expect(errorsOf(applyTemplateSchema.safeParse({ templateId: "x", price: "cheap" }))).toEqual({
      price: ["templatePriceInvalid"],
    });
    expect(
      errorsOf(
        applyTemplateSchema.safeParse({
          templateId: "",
          menuItemId: "7",
          dish: "x".repeat(121),
          discount: "y".repeat(41),
          language: "fr",
        }),
      ),
    ).toEqual({
      templateId: ["invalidValue"],
      language: ["templateLanguageInvalid"],
      menuItemId: ["menuItemInvalid"],
      dish: ["tooLong"],
      discount: ["tooLong"],
    });
  });
});
