// The café's own voice, without a database: the dialect markers, learning a voice from published
// posts and edits (fixture cafés), the built-in writer in Gulf or MSA Arabic per the voice and never
// both in one caption (every occasion, tone, platform, many seeds), its habits (emoji, hashtags, length,
// language order), and the prompt's facts (dish, offer, time, place) kept or reported.
import { describe, expect, test } from "@jest/globals";
import {
  CONTENT_OCCASION_KEYS,
  CONTENT_TONE_KEYS,
  PLATFORMS,
  resolveVoice,
  SUGGESTED_HASHTAG_LIMITS,
  VOICE_DEFAULTS,
  type BusinessVoice,
  type ContentLanguage,
  type PlatformName,
} from "@sufra/schema";
import { arabicVarietyOf, gulfMarkersIn, msaMarkersIn } from "../src/ai/dialect.ts";
import { learnVoice, likeness, pairEdits } from "../src/ai/voice.ts";
import { generateLocal, readPrompt } from "../src/ai/local/index.ts";
import { readPlace, readTime } from "../src/ai/local/facts.ts";
import { AR } from "../src/ai/local/copy.ar.ts";
import { GULF } from "../src/ai/local/copy.gulf.ts";
import { EN } from "../src/ai/local/copy.en.ts";
import type { BusinessProfile, GenerateRequest } from "../src/ai/types.ts";
import { GULF_CAFE_DRAFTS, GULF_CAFE_POSTS, MSA_CAFE_POSTS } from "./fixtures/voice-posts.ts";

const CAFE: BusinessProfile = {
  name: "Qahwat Al Fareej",
  nameAr: "قهوة الفريج",
  cuisine: "cafe",
  area: "Salmiya",
  hours: "Daily 6 AM - 1 AM",
  hoursAr: "يوميًا من ٦ صباحًا حتى ١ بعد منتصف الليل",
  menu: [
    { name: "Pistachio Kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.75 },
    { name: "Karak", nameAr: "كرك", priceKwd: 0.35 },
  ],
};
const voice = (over: Partial<BusinessVoice> = {}): BusinessVoice => ({ ...VOICE_DEFAULTS, ...over });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}{2}/gu;
const emoji = (s: string) => (s.match(EMOJI) ?? []).length;

/** Every string of a phrase bank, with where it is. */
function phrases(bank: unknown, path = ""): [string, string][] {
  if (typeof bank === "string") return [[path, bank]];
  if (Array.isArray(bank)) return bank.flatMap((b, i) => phrases(b, `${path}[${i}]`));
  if (bank && typeof bank === "object") return Object.entries(bank).flatMap(([k, v]) => phrases(v, `${path}.${k}`));
  return [];
}

describe("dialect markers", () => {
  test("Gulf and MSA words are told apart, with و/ف/ب/ل joined and diacritics or not", () => {
    expect(gulfMarkersIn("يا هلا! شلونكم؟ والحين عندنا كرك وايد حلو بهالويكند")).toEqual([
      "هلا",
      "شلونكم",
      "والحين",
      "وايد",
      "بهالويكند",
    ]);
    expect(msaMarkersIn("لقد وصل الآن طبقنا الذي تحبونه، وهو لذيذ جدًا وسوف يعجبكم")).toEqual([
      "لقد",
      "الآن",
      "الذي",
      "جدًا",
      "وسوف",
    ]);
    expect(arabicVarietyOf("حيّاكم الحين")).toBe("gulf");
    expect(arabicVarietyOf("هل جربتم طبقنا الجديد الآن؟")).toBe("msa");
    // no marker either way: a neutral sentence proves nothing
    expect(arabicVarietyOf("قهوة عربية وتمر")).toBeNull();
    // words that merely begin like a marker are not one
    expect(gulfMarkersIn("هالة وهالك")).toEqual([]);
    expect(msaMarkersIn("لمّة العيلة")).toEqual([]);
  });

  test("the Gulf bank: every opening has a Gulf marker, no phrase an MSA-only one; the MSA bank has no Gulf word", () => {
    const gulf = phrases(GULF);
    expect(gulf.length).toBeGreaterThan(300);
    for (const [where, text] of gulf) {
      expect({ where, msa: msaMarkersIn(text) }).toEqual({ where, msa: [] });
      if (where.includes(".leads."))
        expect({ where, gulf: gulfMarkersIn(text).length > 0 }).toEqual({ where, gulf: true });
    }
    for (const [where, text] of phrases(AR)) expect({ where, gulf: gulfMarkersIn(text) }).toEqual({ where, gulf: [] });
  });

  test("the Gulf bank is parallel to the English one: same lists, same lengths, same slots at each index", () => {
    const slots = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort().join();
    const en = new Map(phrases(EN));
    const gulf = phrases(GULF);
    expect(gulf.map(([w]) => w)).toEqual([...en.keys()]);
    for (const [where, text] of gulf)
      expect({ where, slots: slots(text) }).toEqual({ where, slots: slots(en.get(where)!) });
  });
});

describe("learn my voice", () => {
  test("a Kuwaiti café: Gulf Arabic, Arabic first, short, a few emoji, two Arabic hashtags, from 14 posts and 2 edits", () => {
    const learned = learnVoice(GULF_CAFE_POSTS, GULF_CAFE_DRAFTS);
    expect(learned.proposal).toEqual({
      arabicVariety: "gulf",
      languageOrder: "ar_first",
      length: "short",
      emoji: "few",
      hashtagCount: 2,
      hashtagScript: "ar",
    });
    expect(learned.evidence).toEqual({
      posts: 14,
      arabicPosts: 13,
      gulfPosts: 12,
      msaPosts: 0,
      edits: 2,
      editsTowardGulf: 2,
      editsTowardMsa: 0,
      gulfShare: 1,
      averageLength: 40,
      emojiPerPost: 0.79,
      hashtagsPerPost: 1.64,
      arabicHashtagShare: 0.96,
      arabicFirstShare: 0.93,
      editLengthChange: -0.06,
      editEmojiChange: 0,
    });
  });

  test("an English-first café writing MSA: MSA, English first, medium, no emoji, English hashtags", () => {
    const learned = learnVoice(MSA_CAFE_POSTS);
    expect(learned.proposal).toEqual({
      arabicVariety: "msa",
      languageOrder: "en_first",
      length: "medium",
      emoji: "none",
      hashtagCount: 3,
      hashtagScript: "en",
    });
    expect(learned.evidence).toMatchObject({
      posts: 4,
      gulfPosts: 0,
      msaPosts: 2,
      gulfShare: 0,
      arabicFirstShare: 0,
      emojiPerPost: 0,
      edits: 0,
    });
  });

  test("each published post is matched with the draft it began as; a draft is used once; an unrelated one is not", () => {
    const pairs = pairEdits(GULF_CAFE_POSTS, GULF_CAFE_DRAFTS);
    expect(pairs.map((p) => p.draft.content)).toEqual([GULF_CAFE_DRAFTS[0]!.content, GULF_CAFE_DRAFTS[1]!.content]);
    expect(pairs.map((p) => p.post.publishedAt.getUTCDate())).toEqual([2, 7]);
    // a draft written after the post cannot be its start
    const late = [{ ...GULF_CAFE_DRAFTS[0]!, createdAt: new Date(Date.UTC(2026, 11, 1)) }];
    expect(pairEdits(GULF_CAFE_POSTS, late)).toEqual([]);
    expect(likeness("كرك الصبح", "كرك الصبح")).toBe(1);
    expect(likeness("abc", "xyz")).toBe(0);
  });

  test("edits alone can tip the variety: MSA drafts rewritten in Gulf count for Gulf", () => {
    const neutral = GULF_CAFE_POSTS.slice(0, 3).map((p) => ({ ...p, content: "كنافة وقهوة ☕" }));
    const withEdits = learnVoice(
      [
        ...neutral,
        {
          content: "الحين عندنا كنافة بالفستق، طعمها يهبل 😋",
          hashtags: [],
          publishedAt: new Date(Date.UTC(2026, 10, 2, 9)),
        },
      ],
      GULF_CAFE_DRAFTS,
    );
    expect(withEdits.evidence).toMatchObject({ gulfPosts: 1, msaPosts: 0, edits: 1, editsTowardGulf: 1, gulfShare: 1 });
  });

  test("fewer than 3 posts: nothing proposed, the evidence still shown; nothing at all: no evidence", () => {
    expect(learnVoice(GULF_CAFE_POSTS.slice(0, 2)).proposal).toEqual({});
    expect(learnVoice(GULF_CAFE_POSTS.slice(0, 2)).evidence.posts).toBe(2);
    expect(learnVoice([]).evidence).toMatchObject({
      posts: 0,
      gulfShare: null,
      averageLength: null,
      emojiPerPost: null,
    });
  });

  test("deterministic: the same posts in another order give the same proposal", () => {
    const a = learnVoice(GULF_CAFE_POSTS, GULF_CAFE_DRAFTS);
    const b = learnVoice([...GULF_CAFE_POSTS].reverse(), [...GULF_CAFE_DRAFTS].reverse());
    expect(b).toEqual(a);
  });

  test("the person's choice wins over the learned habit, the learned over the default", () => {
    const learned = learnVoice(MSA_CAFE_POSTS).proposal;
    const { voice: v, sources } = resolveVoice({ arabicVariety: "gulf", tone: "premium" }, learned);
    expect(v).toEqual({
      arabicVariety: "gulf",
      languageOrder: "en_first",
      tone: "premium",
      length: "medium",
      emoji: "none",
      hashtagCount: 3,
      hashtagScript: "en",
    });
    expect(sources).toEqual({
      arabicVariety: "chosen",
      languageOrder: "learned",
      tone: "chosen",
      length: "learned",
      emoji: "learned",
      hashtagCount: "learned",
      hashtagScript: "learned",
    });
    expect(resolveVoice(null, {}).voice).toEqual(VOICE_DEFAULTS);
    expect(VOICE_DEFAULTS.arabicVariety).toBe("gulf");
  });
});

/** Prompts of every kind, Arabic and English, with facts and without. */
const PROMPTS = [
  "new pistachio kunafa",
  "karak 20% off this weekend",
  "Iftar buffet",
  "",
  "grilled hammour with saffron rice",
  "كنافة بالفستق جديدة",
  "Spanish latte 1.5 KD",
];

describe("the built-in writer writes one Arabic, never both", () => {
  const occasions = ["none", ...CONTENT_OCCASION_KEYS] as const;
  const cases = PLATFORMS.flatMap((platform) =>
    (["gulf", "msa"] as const).map((variety) => [platform, variety] as const),
  );
  test.each(cases)("%s, %s: over occasions, tones, languages, prompts and seeds", (platform, variety) => {
    let captions = 0;
    for (const occasion of occasions) {
      for (const tone of CONTENT_TONE_KEYS) {
        for (const language of ["ar", "both"] as const) {
          for (const [i, prompt] of PROMPTS.entries()) {
            const seed = 1000 + i * 7 + tone.length;
            const req: GenerateRequest = {
              prompt,
              platform,
              language,
              tone,
              variants: 3,
              seed,
              business: CAFE,
              voice: voice({ arabicVariety: variety }),
              ...(occasion === "none" ? {} : { occasion }),
            };
            for (const v of generateLocal(req).variants) {
              captions++;
              const where = { platform, variety, occasion, tone, language, prompt, seed };
              if (variety === "gulf") {
                expect({ where, msa: msaMarkersIn(v.content) }).toEqual({ where, msa: [] });
                expect({ where, content: v.content, gulf: gulfMarkersIn(v.content).length > 0 }).toEqual({
                  where,
                  content: v.content,
                  gulf: true,
                });
              } else {
                expect({ where, gulf: gulfMarkersIn(v.content) }).toEqual({ where, gulf: [] });
              }
            }
          }
        }
      }
    }
    expect(captions).toBe(occasions.length * CONTENT_TONE_KEYS.length * 2 * PROMPTS.length * 3);
  });

  test("without a voice the writer writes Gulf Arabic (the default for cafés in Kuwait)", () => {
    const r = generateLocal({
      prompt: "new pistachio kunafa",
      platform: "instagram",
      language: "ar",
      tone: "friendly",
      variants: 5,
      seed: 9,
      business: CAFE,
    });
    for (const v of r.variants) {
      expect(gulfMarkersIn(v.content).length).toBeGreaterThan(0);
      expect(msaMarkersIn(v.content)).toEqual([]);
    }
  });
});

describe("the built-in writer follows the voice's habits", () => {
  const base = (over: Partial<GenerateRequest>): GenerateRequest => ({
    prompt: "new pistachio kunafa",
    platform: "instagram",
    language: "ar",
    tone: "friendly",
    variants: 5,
    seed: 77,
    business: CAFE,
    ...over,
  });

  test("emoji: none has none, few at most two, many at least three", () => {
    for (const platform of PLATFORMS) {
      for (const language of ["ar", "en", "both"] as const) {
        for (const occasion of CONTENT_OCCASION_KEYS) {
          const at = (e: BusinessVoice["emoji"]) =>
            generateLocal(base({ platform, language, occasion, voice: voice({ emoji: e }) })).variants;
          for (const v of at("none"))
            expect({ platform, occasion, n: emoji(v.content) }).toEqual({ platform, occasion, n: 0 });
          const few = at("few");
          for (const v of few) expect(emoji(v.content)).toBeLessThanOrEqual(2);
          // the first two are kept, not all taken out
          if (platform === "instagram") expect(few.some((v) => emoji(v.content) === 2)).toBe(true);
          for (const v of at("many"))
            expect({ platform, occasion, language, many: emoji(v.content) >= 3 }).toEqual({
              platform,
              occasion,
              language,
              many: true,
            });
        }
      }
    }
  });

  test("hashtags: the voice's count within the network's cap, in the voice's script", () => {
    for (const platform of PLATFORMS) {
      for (const [count, script] of [
        [2, "ar"],
        [4, "en"],
        [15, "both"],
        [0, "both"],
      ] as const) {
        const r = generateLocal(
          base({
            platform,
            language: "both",
            occasion: "new_dish",
            voice: voice({ hashtagCount: count, hashtagScript: script }),
          }),
        );
        for (const v of r.variants) {
          expect(v.hashtags.length).toBeLessThanOrEqual(
            Math.min(count, SUGGESTED_HASHTAG_LIMITS[platform as PlatformName]),
          );
          if (platform === "instagram" && count > 0)
            expect(v.hashtags.length).toBe(count === 15 ? Math.min(15, v.hashtags.length) : count);
          if (script === "ar") for (const t of v.hashtags) expect(t).toMatch(/\p{Script=Arabic}/u);
          if (script === "en") for (const t of v.hashtags) expect(t).not.toMatch(/\p{Script=Arabic}/u);
        }
      }
    }
  });

  test("length: short captions are shorter than long ones, and short stays within 140 characters a language when it has no facts to keep", () => {
    const len = (l: BusinessVoice["length"], language: ContentLanguage) =>
      generateLocal(
        base({
          prompt: "",
          business: { name: "Qahwat Al Fareej" },
          language,
          occasion: "weekend",
          voice: voice({ length: l }),
        }),
      ).variants.map((v) => [...v.content].length);
    for (const language of ["ar", "en"] as const) {
      const short = len("short", language);
      const long = len("long", language);
      for (const n of short) expect(n).toBeLessThanOrEqual(140);
      expect(short.reduce((a, b) => a + b)).toBeLessThan(long.reduce((a, b) => a + b));
    }
  });

  test("language order: English first when the voice says so, Arabic first otherwise", () => {
    const first = (order: BusinessVoice["languageOrder"], platform: PlatformName) =>
      generateLocal(base({ platform, language: "both", voice: voice({ languageOrder: order }) })).variants.map((v) =>
        /\p{Script=Arabic}/u.test([...v.content].find((c) => /\p{L}/u.test(c))!),
      );
    for (const platform of ["instagram", "twitter", "snapchat", "facebook"] as const) {
      expect(first("en_first", platform).every((arabic) => !arabic)).toBe(true);
      expect(first("ar_first", platform).every((arabic) => arabic)).toBe(true);
    }
  });
});

describe("the built-in writer keeps the prompt's facts", () => {
  const PROMPT = "new pistachio kunafa 20% off from 4 to 7 pm at our Salmiya branch";
  const forms = {
    en: { dish: "Pistachio Kunafa", offer: "20%", time: "from 4 to 7 PM", place: "Salmiya" },
    ar: { dish: "كنافة بالفستق", offer: "٢٠٪", time: "من ٤ إلى ٧ مساءً", place: "السالمية" },
  };
  // the profile's area is elsewhere: the place in the caption can only come from the prompt
  const business: BusinessProfile = { ...CAFE, area: "Hawalli" };

  test("a dish, an offer, a time and a place: each is in every caption, or reported as not used", () => {
    for (const platform of PLATFORMS) {
      for (const language of ["ar", "en", "both"] as const) {
        for (const variety of ["gulf", "msa"] as const) {
          for (const seed of [1, 2, 3, 4]) {
            const r = generateLocal({
              prompt: PROMPT,
              platform,
              language,
              tone: "friendly",
              variants: 5,
              seed,
              business,
              voice: voice({ arabicVariety: variety }),
            });
            for (const v of r.variants) {
              const langs = language === "both" ? (["ar", "en"] as const) : ([language] as const);
              for (const fact of ["dish", "offer", "time", "place"] as const) {
                const said = langs.some((l) => v.content.includes(forms[l][fact]));
                const reported = (v.unusedFacts ?? []).length > 0;
                expect({ platform, language, variety, seed, fact, content: v.content, ok: said || reported }).toEqual({
                  platform,
                  language,
                  variety,
                  seed,
                  fact,
                  content: v.content,
                  ok: true,
                });
              }
            }
          }
        }
      }
    }
  });

  test("where there is room (Instagram, Facebook, Google, X in one language, Snapchat) nothing is dropped", () => {
    for (const platform of ["instagram", "facebook", "google", "twitter", "snapchat"] as const) {
      for (const language of ["ar", "en"] as const) {
        const r = generateLocal({
          prompt: PROMPT,
          platform,
          language,
          tone: "friendly",
          variants: 5,
          seed: 11,
          business,
          voice: voice(),
        });
        for (const v of r.variants) {
          for (const fact of ["dish", "offer", "time", "place"] as const)
            expect({
              platform,
              language,
              fact,
              content: v.content,
              has: v.content.includes(forms[language][fact]),
            }).toEqual({ platform, language, fact, content: v.content, has: true });
          expect(v.unusedFacts).toBeUndefined();
        }
      }
    }
  });

  test("times and places read from the prompt, and words that only look like a place are not one", () => {
    expect(readTime("karak 4-7pm")).toEqual({ raw: "4-7pm", en: "from 4 to 7 PM", ar: "من ٤ إلى ٧ مساءً" });
    expect(readTime("open until 11 pm")).toMatchObject({ en: "until 11 PM", ar: "حتى ١١ مساءً" });
    expect(readTime("عرض من ٤ إلى ٧ مساءً")).toMatchObject({ en: "from 4 to 7 PM", ar: "من ٤ إلى ٧ مساءً" });
    expect(readTime("Spanish latte 2.750 KD, 20% off")).toBeUndefined();
    expect(readPlace("karak at The Avenues")).toEqual({ raw: "The Avenues", en: "The Avenues", ar: "The Avenues" });
    expect(readPlace("فطور في السالمية")).toMatchObject({ en: "Salmiya", ar: "السالمية" });
    for (const t of ["Iftar buffet in Ramadan", "new dish in March", "best coffee in Kuwait", "treats at Eid"])
      expect({ t, place: readPlace(t) }).toEqual({ t, place: undefined });
    // the notes stop before the time and the place
    expect(readPrompt("grilled hammour with saffron rice from 4 to 7 pm at our Salmiya branch", CAFE)).toMatchObject({
      notesEn: "with saffron rice",
      time: { raw: "from 4 to 7 pm" },
      place: { en: "Salmiya" },
    });
  });

  test("a fact the writer cannot say is reported as written: an unknown dish has no Arabic name", () => {
    const r = generateLocal({
      prompt: "new Zaatar Halloumi Bites from 4 to 7 pm",
      platform: "instagram",
      language: "ar",
      tone: "friendly",
      variants: 2,
      seed: 5,
      business,
      voice: voice(),
    });
    for (const v of r.variants) {
      expect(v.unusedFacts).toEqual(["Zaatar Halloumi Bites"]);
      expect(v.content).toContain("من ٤ إلى ٧ مساءً");
    }
  });
});
