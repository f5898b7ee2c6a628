// The offline local copywriter: every occasion x tone x language x platform fills every
// slot, fits the platform as it counts, carries valid hashtags within the cap, writes clearly
// different variants in the right script; it is deterministic for a seed and uses the profile's
// and the prompt's facts. Pure: no database, no network.
import { describe, expect, test } from "@jest/globals";
import {
  composeText,
  CONTENT_LANGUAGE_KEYS,
  CONTENT_OCCASION_KEYS,
  CONTENT_TONE_KEYS,
  findKuwaitArea,
  normalizeHashtag,
  PLATFORMS,
  platformLength,
  SUGGESTED_HASHTAG_LIMITS,
  type ContentOccasionKey,
  type PlatformName,
} from "@sufra/schema";
import {
  formatKwd,
  generateLocal,
  inferOccasion,
  readPrompt,
  sentenceCount,
  suggestHashtags,
} from "../src/ai/local/index.ts";
import type { BusinessProfile, GenerateRequest, GeneratedVariant } from "../src/ai/types.ts";

const CAFE: BusinessProfile = {
  name: "Sufra Café",
  nameAr: "مقهى سفرة",
  cuisine: "cafe",
  area: "Salmiya",
  hours: "Daily 7 AM - 1 AM",
  hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
  menu: [
    { name: "Pistachio Kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.75 },
    { name: "Spanish Latte", nameAr: "سبانش لاتيه", priceKwd: 1.5 },
    { name: "Saffron Cheesecake", priceKwd: 2 },
  ],
};
/** Only a name: every phrase that needs more must step aside. */
const BARE: BusinessProfile = { name: "Bait Al Qahwa" };

const PROMPTS: Record<ContentOccasionKey | "none", string> = {
  none: "",
  new_dish: "new pistachio kunafa",
  menu_promotion: "Spanish latte 20% off this week",
  food_photo: "grilled hammour with saffron rice and daqoos",
  weekend: "weekend breakfast",
  ramadan_iftar: "Iftar buffet",
  ramadan_suhoor: "Suhoor menu",
  eid_al_fitr: "Eid greetings",
  eid_al_adha: "Eid al-Adha",
  national_day: "National Day",
  liberation_day: "Liberation Day",
  islamic_new_year: "Hijri new year",
  prophets_birthday: "Mawlid greeting",
  back_to_school: "back to school",
  school_holidays: "school holidays family outing",
  summer_nights: "iced latte for summer nights",
};

const UNFILLED = /[{}]|\bundefined\b|\bnull\b|\bNaN\b| {2}|\(\s*\)|\[object/;
const LIMIT: Record<PlatformName, number> = {
  instagram: 2200,
  twitter: 280,
  snapchat: 250,
  google: 1500,
  tiktok: 2200,
  facebook: 63206,
};

function arabicShare(text: string): number {
  const letters = [...text].filter((c) => /\p{L}/u.test(c));
  return letters.length ? letters.filter((c) => /\p{Script=Arabic}/u.test(c)).length / letters.length : 0;
}
const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
function jaccard(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  const both = [...x].filter((w) => y.has(w)).length;
  return both / (x.size + y.size - both || 1);
}
const firstSentence = (text: string) => text.split(/(?<=[.!?؟…])\s+|\n/u)[0]!.trim();

function checkVariants(req: GenerateRequest, variants: GeneratedVariant[]) {
  const where = `${req.platform}/${req.language}/${req.tone}/${req.occasion ?? "none"}/${req.business.name}`;
  expect({ where, count: variants.length }).toEqual({ where, count: req.variants });
  for (const v of variants) {
    const published = composeText(v.content, v.hashtags);
    expect({ where, unfilled: UNFILLED.exec(published)?.[0] ?? null }).toEqual({ where, unfilled: null });
    expect(v.content.trim()).toBe(v.content);
    expect(v.content.length).toBeGreaterThan(10);
    expect({ where, fits: platformLength(req.platform, published) <= LIMIT[req.platform] }).toEqual({
      where,
      fits: true,
    });
    // hashtags: valid as stored, each once, within the platform's cap
    for (const tag of v.hashtags) expect(normalizeHashtag(tag)).toBe(tag);
    expect(new Set(v.hashtags.map((t) => t.toLowerCase())).size).toBe(v.hashtags.length);
    expect(v.hashtags.length).toBeLessThanOrEqual(SUGGESTED_HASHTAG_LIMITS[req.platform]);
    if (req.platform === "instagram") expect(v.hashtags.length).toBeGreaterThanOrEqual(8);
    else if (req.platform === "google") expect(v.hashtags).toEqual([]);
    else expect(v.hashtags.length).toBeGreaterThanOrEqual(1);
    // the right script (a Latin brand name in Arabic copy is the brand's own spelling)
    const share = arabicShare(v.content.split(req.business.name).join(""));
    if (req.language === "ar") expect({ where, share, ok: share >= 0.8 }).toEqual({ where, share, ok: true });
    if (req.language === "en") expect({ where, share, ok: share <= 0.05 }).toEqual({ where, share, ok: true });
    if (req.language === "both") expect(share > 0.2 && share < 0.9).toBe(true);
    if (req.platform === "snapchat" && req.language !== "both")
      expect({ where, sentences: sentenceCount(v.content) <= 2 }).toEqual({ where, sentences: true });
    expect(v.language).toBe(req.language);
  }
  // clearly different: another opening, and few words in common
  for (let i = 0; i < variants.length; i++) {
    for (let j = i + 1; j < variants.length; j++) {
      const a = variants[i]!.content;
      const b = variants[j]!.content;
      expect({ where, same: firstSentence(a) === firstSentence(b) }).toEqual({ where, same: false });
      const overlap = jaccard(a, b);
      expect({ where, overlap, ok: overlap < 0.6 }).toEqual({ where, overlap, ok: true });
    }
  }
}

describe("every occasion, tone, language and platform", () => {
  const cases = (["none", ...CONTENT_OCCASION_KEYS] as const).flatMap((occasion) =>
    PLATFORMS.map((platform) => [occasion, platform] as const),
  );
  test.each(cases)("%s on %s", (occasion, platform) => {
    for (const tone of CONTENT_TONE_KEYS) {
      for (const language of CONTENT_LANGUAGE_KEYS) {
        for (const business of [CAFE, BARE]) {
          const req: GenerateRequest = {
            prompt: PROMPTS[occasion],
            platform,
            language,
            tone,
            ...(occasion === "none" ? {} : { occasion }),
            variants: 5,
            seed: 42,
            business,
          };
          checkVariants(req, generateLocal(req).variants);
        }
      }
    }
  });
});

describe("determinism", () => {
  const req: GenerateRequest = {
    prompt: "new pistachio kunafa",
    platform: "instagram",
    language: "both",
    tone: "friendly",
    variants: 3,
    seed: 1234,
    business: CAFE,
  };

  test("the same seed gives the same captions", () => {
    const a = generateLocal(req);
    expect(generateLocal({ ...req })).toEqual(a);
    expect(a.seed).toBe(1234);
    expect(a.provider).toBe("local");
  });

  test("other seeds give other captions", () => {
    const a = JSON.stringify(generateLocal(req).variants);
    const others = [1, 2, 3, 99, 2024].map((seed) => JSON.stringify(generateLocal({ ...req, seed }).variants));
    expect(others.every((o) => o !== a)).toBe(true);
    expect(new Set(others).size).toBe(others.length);
  });

  test("without a seed, the seed used is returned and reproduces the result", () => {
    const { seed: _drop, ...unseeded } = req;
    const r = generateLocal(unseeded, { randomSeed: () => 777 });
    expect(r.seed).toBe(777);
    expect(generateLocal({ ...req, seed: 777 })).toEqual(r);
  });

  test("variants are clamped to 1..5", () => {
    expect(generateLocal({ ...req, variants: 9 }).variants).toHaveLength(5);
    expect(generateLocal({ ...req, variants: 0 }).variants).toHaveLength(1);
  });
});

describe("the profile and the prompt in the copy", () => {
  test("name, area, price and hours appear on Instagram in both languages", () => {
    for (const tone of CONTENT_TONE_KEYS) {
      const en = generateLocal({
        prompt: "new pistachio kunafa",
        platform: "instagram",
        language: "en",
        tone,
        variants: 5,
        seed: 5,
        business: CAFE,
      });
      for (const v of en.variants) {
        expect(v.content).toContain("Sufra Café");
        expect(v.content).toContain("Salmiya");
        expect(v.content).toContain("2.750 KWD");
        expect(v.content).toContain("Daily 7 AM - 1 AM");
        expect(v.content.toLowerCase()).toContain("pistachio kunafa");
        expect(v.hashtags).toEqual(
          expect.arrayContaining(["Salmiya", "السالمية", "Kuwait", "الكويت", "Kunafa", "كنافة"]),
        );
      }
      const ar = generateLocal({
        prompt: "new pistachio kunafa",
        platform: "instagram",
        language: "ar",
        tone,
        variants: 5,
        seed: 5,
        business: CAFE,
      });
      for (const v of ar.variants) {
        expect(v.content).toContain("مقهى سفرة");
        expect(v.content).toContain("السالمية");
        expect(v.content).toContain("٢٫٧٥٠ د.ك.");
        expect(v.content).toContain("كنافة بالفستق");
      }
    }
  });

  test("the name and the price fit on X and Snapchat too", () => {
    for (const platform of ["twitter", "snapchat"] as const) {
      for (const language of ["en", "ar"] as const) {
        const r = generateLocal({
          prompt: "Pistachio kunafa",
          occasion: "new_dish",
          platform,
          language,
          tone: "premium",
          variants: 5,
          seed: 9,
          business: CAFE,
        });
        for (const v of r.variants) expect(v.content).toContain(language === "en" ? "2.750 KWD" : "٢٫٧٥٠ د.ك.");
        if (platform === "twitter")
          for (const v of r.variants) expect(v.content).toContain(language === "en" ? "Sufra Café" : "مقهى سفرة");
      }
    }
  });

  test("a discount in the prompt is in every caption, in each language's digits", () => {
    for (const platform of PLATFORMS) {
      for (const [prompt, language, want] of [
        ["Spanish latte 20% off", "en", "20%"],
        ["Spanish latte 20% off", "ar", "٢٠٪"],
        ["خصم ٢٠٪ على السبانش لاتيه", "ar", "٢٠٪"],
        ["خصم ٢٠٪ على السبانش لاتيه", "en", "20% off"],
      ] as const) {
        const r = generateLocal({ prompt, platform, language, tone: "playful", variants: 5, seed: 3, business: CAFE });
        for (const v of r.variants) expect(v.content).toContain(want);
      }
    }
  });

  test("a dish the writer knows is named in Arabic, a dish it does not know stays out of Arabic", () => {
    const known = readPrompt("Try our new chocolate croissant today", BARE);
    expect(known).toMatchObject({ dishEn: "chocolate croissant", dishAr: "كرواسون بالشوكولاتة" });
    const unknown = readPrompt("new Zaatar Halloumi Bites", BARE);
    expect(unknown.dishEn).toBe("Zaatar Halloumi Bites");
    expect(unknown.dishAr).toBeUndefined();
    const ar = generateLocal({
      prompt: "new Qoozi Bites",
      platform: "instagram",
      language: "ar",
      tone: "friendly",
      variants: 5,
      seed: 1,
      business: BARE,
    });
    for (const v of ar.variants) expect(v.content).not.toMatch(/Qoozi/);
    const en = generateLocal({
      prompt: "new Qoozi Bites",
      platform: "instagram",
      language: "en",
      tone: "friendly",
      variants: 5,
      seed: 1,
      business: BARE,
    });
    expect(en.variants.some((v) => v.content.includes("Qoozi Bites"))).toBe(true);
  });

  test("the prompt's dish and notes, menu prices and Arabic prompts", () => {
    expect(readPrompt("new pistachio kunafa", CAFE)).toMatchObject({
      dishEn: "Pistachio Kunafa",
      dishAr: "كنافة بالفستق",
      priceKwd: 2.75,
    });
    expect(readPrompt("كنافة بالفستق الجديدة", BARE)).toMatchObject({
      dishEn: "pistachio kunafa",
      dishAr: "كنافة بالفستق",
    });
    expect(readPrompt("chicken machboos for 3.5 KD", BARE)).toMatchObject({
      dishEn: "chicken machboos",
      dishAr: "مجبوس دجاج",
      priceKwd: 3.5,
    });
    expect(readPrompt("iced spanish latte ١٫٢٥٠ د.ك", BARE)).toMatchObject({
      dishAr: "آيس سبانش لاتيه",
      priceKwd: 1.25,
    });
    const photo = generateLocal({
      prompt: "grilled hammour with saffron rice and daqoos",
      occasion: "food_photo",
      platform: "instagram",
      language: "en",
      tone: "friendly",
      variants: 5,
      seed: 11,
      business: BARE,
    });
    expect(photo.variants.some((v) => v.content.includes("with saffron rice and daqoos"))).toBe(true);
    expect(photo.variants.some((v) => /Grilled hammour/i.test(v.content))).toBe(true);
  });

  test("formats and reads prices, discounts and occasions", () => {
    expect(formatKwd(2.75, "en")).toBe("2.750 KWD");
    expect(formatKwd(2.75, "ar")).toBe("٢٫٧٥٠ د.ك.");
    expect(formatKwd(12, "ar")).toBe("١٢٫٠٠٠ د.ك.");
    expect(readPrompt("everything 15 percent off", BARE).discountPct).toBe(15);
    expect(readPrompt("خصم 30%", BARE).discountPct).toBe(30);
    expect(inferOccasion("Suhoor till 3 AM")).toBe("ramadan_suhoor");
    expect(inferOccasion("سحور رمضان")).toBe("ramadan_suhoor");
    expect(inferOccasion("إفطار رمضان")).toBe("ramadan_iftar");
    expect(inferOccasion("العيد الوطني")).toBe("national_day");
    expect(inferOccasion("عيد الأضحى")).toBe("eid_al_adha");
    expect(inferOccasion("Eid al-Fitr brunch")).toBe("eid_al_fitr");
    expect(inferOccasion("20% off lattes")).toBe("menu_promotion");
    expect(inferOccasion("hello")).toBeNull();
    expect(findKuwaitArea("al-salmiya")).toBe("salmiya");
    expect(findKuwaitArea("السالمية")).toBe("salmiya");
  });

  test("Arabic copy keeps Arabic punctuation and Arabic-Indic digits", () => {
    const r = generateLocal({
      prompt: "Spanish latte 20% off",
      platform: "instagram",
      language: "ar",
      tone: "friendly",
      variants: 5,
      seed: 8,
      business: CAFE,
    });
    for (const v of r.variants) {
      expect(v.content).not.toMatch(/[A-Za-z]{2,}/);
      expect(v.content).not.toMatch(/\p{Script=Arabic}\s?,|\p{Script=Arabic}\?/u);
      expect(v.content).not.toMatch(/\d/);
    }
  });
});

describe("suggestHashtags", () => {
  test("bilingual, relevant, deduplicated and capped per platform", () => {
    const content = "Ramadan Kareem! Our kunafa is ready for Iftar in Salmiya. رمضان كريم";
    const ig = suggestHashtags({ content, platform: "instagram", business: CAFE });
    expect(ig).toEqual(
      expect.arrayContaining([
        "Ramadan_Kareem",
        "رمضان_كريم",
        "Kunafa",
        "كنافة",
        "Salmiya",
        "السالمية",
        "Kuwait",
        "الكويت",
      ]),
    );
    expect(ig.length).toBeGreaterThanOrEqual(8);
    expect(ig.length).toBeLessThanOrEqual(15);
    expect(new Set(ig.map((t) => t.toLowerCase())).size).toBe(ig.length);
    for (const t of ig) expect(normalizeHashtag(t)).toBe(t);
    expect(suggestHashtags({ content, platform: "twitter", business: CAFE })).toEqual(["Ramadan_Kareem", "Kunafa"]);
    expect(suggestHashtags({ content, platform: "snapchat", business: CAFE, language: "ar" })).toEqual([
      "رمضان_كريم",
      "كنافة",
      "السالمية",
    ]);
    expect(suggestHashtags({ content: "Happy National Day Kuwait", platform: "twitter", language: "both" })).toEqual([
      "العيد_الوطني",
      "NationalDay",
    ]);
  });

  test("reads the language and the occasion from the content when not given", () => {
    const tags = suggestHashtags({ content: "عيد أضحى مبارك من كل فريقنا", platform: "snapchat" });
    expect(tags[0]).toBe("عيد_الأضحى");
    expect(tags).toContain("الكويت");
    expect(suggestHashtags({ content: "Hello", platform: "instagram", max: 4 })).toHaveLength(4);
  });
});
