// The offline review-reply writer: it reads a review's language, sentiment (stars and a
// bilingual word list with Gulf words and negation) and topics, clause by clause; it replies in the
// review's language, by name, answering each complaint's topic, praising back what was praised, and
// never promising an offer, a discount or a compensation. Deterministic for a seed. Pure: no database.
import { describe, expect, test } from "@jest/globals";
import { REVIEW_REPLY_MAX, reviewReplySchema, type ReviewTopic } from "@sufra/schema";
import { analyseReview, detectReviewLanguage, readReview, suggestReviewReply } from "../src/ai/local/review-reply.ts";
import type { BusinessProfile } from "../src/ai/types.ts";

const CAFE: BusinessProfile = {
  name: "Sufra Café",
  nameAr: "مقهى سفرة",
  cuisine: "cafe",
  area: "Salmiya",
  menu: [{ name: "Pistachio Kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.75 }],
};
const LATIN_ONLY: BusinessProfile = { name: "Bait Al Qahwa" };

const hasArabic = (s: string) => /\p{Script=Arabic}/u.test(s);
const hasLatin = (s: string) => /[A-Za-z]/.test(s);

/** Offers, discounts, compensation, prices: a reply must never make them up (English and Arabic). */
const INVENTED =
  /discount|% ?off|\bfree\b|voucher|coupon|refund|compensat|on the house|on us|complimentary|gift|\bkwd\b|\bkd\b|\d|خصم|مجان|تعويض|استرداد|قسيم|كوبون|هدية|على حسابنا|د\.ك|دينار|[٠-٩]/iu;

describe("language", () => {
  test.each([
    ["The karak was great", "en"],
    ["الكرك وايد زين", "ar"],
    ["طلبت من Sufra Café والأكل وصل بارد", "ar"],
    ["Loved the كنافة here, best in Salmiya", "en"],
    ["👍👍", "en"],
  ])("%s -> %s", (text, lang) => expect(detectReviewLanguage(text)).toBe(lang));
});

describe("sentiment", () => {
  const texts = ["Amazing food, friendly staff!", "Terrible, cold and late.", "It was fine.", "وايد زين", "خايس"];
  test("the stars lean the reading and the words still count: one star never reads better than three, five never worse", () => {
    const rank = { negative: 0, neutral: 1, positive: 2 } as const;
    for (const t of texts) {
      expect(rank[analyseReview(t, 1).sentiment]).toBeLessThanOrEqual(rank[analyseReview(t, 3).sentiment]);
      expect(rank[analyseReview(t, 5).sentiment]).toBeGreaterThanOrEqual(rank[analyseReview(t, 3).sentiment]);
    }
    expect(analyseReview("It was fine.", 1).sentiment).toBe("negative");
    expect(analyseReview("It was fine.", 5).sentiment).toBe("positive");
  });

  test.each([
    [3, "It was ok, nothing special.", "neutral"],
    [3, "The food was cold and the service was slow.", "negative"],
    [3, "Delicious food and lovely staff.", "positive"],
    // the words complain more than the stars praise (docs/product.md#inbox: words decide)
    [4, "Good, but the fries were soggy and cold.", "negative"],
    [2, "Good coffee but terrible service and dirty tables.", "negative"],
    [3, "الأكل بارد والتوصيل متأخر", "negative"],
    [3, "وايد زين ولذيذ", "positive"],
    [3, "المكان عادي", "neutral"],
  ])("%i stars, %s -> %s", (rating, text, sentiment) => expect(analyseReview(text, rating).sentiment).toBe(sentiment));

  test("negation turns a word round, in English and in Gulf Arabic", () => {
    expect(analyseReview("The food was not good", 3).sentiment).toBe("negative");
    expect(analyseReview("not good, not fresh", 3).sentiment).toBe("negative");
    expect(analyseReview("الأكل مو زين والخدمة مب زينة", 3).sentiment).toBe("negative");
    expect(analyseReview("ما عجبني، ماكان لذيذ", 3).sentiment).toBe("negative");
    expect(analyseReview("Not bad at all, really good", 3).sentiment).toBe("positive");
    // a negation ends at the clause: "no doubt, good" is still good
    expect(analyseReview("No doubt, good food and friendly staff", 3).sentiment).toBe("positive");
  });
});

describe("topics", () => {
  test.each<[string, ReviewTopic[]]>([
    ["The burger was burnt", ["food"]],
    ["The waiter was rude to us", ["service"]],
    ["The driver could not find the house and the delivery was late", ["delivery"]],
    ["Way too expensive for what you get", ["price"]],
    ["The tables were dirty and there was a hair in my plate", ["cleanliness"]],
    ["الأكل بارد", ["food"]],
    ["الموظف ما رحب فينا", ["service"]],
    ["المندوب تأخر ساعتين", ["delivery"]],
    ["الأسعار غالية", ["price"]],
    ["المكان وسخ والحمام فيه ريحة", ["cleanliness"]],
    ["Lovely view of the sea", []],
  ])("%s -> %j", (text, topics) => expect(analyseReview(text, 2).topics).toEqual(topics));

  test("waiting is about delivery in a delivery review, about the service at a table", () => {
    expect(analyseReview("We waited an hour", 2).topics).toEqual(["service"]);
    expect(analyseReview("We waited an hour", 2, "talabat").topics).toEqual(["delivery"]);
    expect(analyseReview("The order came two hours late", 2, "deliveroo").topics).toEqual(["delivery"]);
    expect(analyseReview("انتظرنا ساعة", 2, "talabat").topics).toEqual(["delivery"]);
  });

  test("each clause keeps its own judgement: praised food, late delivery", () => {
    const r = readReview("Loved the pistachio kunafa, but the delivery was late and the driver was rude", 5);
    expect(r.sentiment).toBe("positive");
    expect(r.praised).toEqual(["food"]);
    expect(r.complaints).toEqual(["service", "delivery"]);
    expect(r.dish).toBe("pistachio kunafa");
    const ar = readReview("الكنافة وايد زينة بس التوصيل متأخر", 4);
    expect(ar.praised).toEqual(["food"]);
    expect(ar.complaints).toEqual(["delivery"]);
    expect(ar.dish).toBe("الكنافة");
  });
});

describe("replies", () => {
  test("an English complaint about delivery and food: English, by name, sorry, each topic answered, an invitation to contact the business", () => {
    const r = suggestReviewReply({
      review: { author: "Ahmad", rating: 1, text: "Delivery took 2 hours and the food arrived cold." },
      business: CAFE,
      seed: 7,
    });
    expect(r).toMatchObject({ language: "en", sentiment: "negative", topics: ["food", "delivery"] });
    expect(hasArabic(r.reply)).toBe(false);
    expect(r.reply).toMatch(/^(Dear|Hello) Ahmad,/);
    expect(r.reply).toMatch(/sorry|apologise/i);
    expect(r.reply).toMatch(/delivery times/);
    expect(r.reply).toMatch(/kitchen team/);
    // the profile holds no phone for guests: they are asked to message the café
    expect(r.reply).toMatch(/message us directly|send us a direct message/);
    expect(r.reply).not.toMatch(/price|clean/i);
  });

  test("an Arabic complaint about delivery and food: Arabic, the Arabic name of the business, each topic answered", () => {
    const r = suggestReviewReply({
      review: { author: "أم محمد", rating: 2, text: "الأكل وصل بارد والتوصيل متأخر وايد، للأسف", source: "talabat" },
      business: CAFE,
      seed: 3,
    });
    expect(r).toMatchObject({ language: "ar", sentiment: "negative", topics: ["food", "delivery"] });
    expect(hasLatin(r.reply)).toBe(false);
    expect(r.reply).toContain("أم محمد");
    expect(r.reply).toMatch(/نعتذر|نأسف/);
    expect(r.reply).toContain("أوقات التوصيل");
    expect(r.reply).toContain("المطبخ");
    expect(r.reply).toContain("مقهى سفرة");
    expect(r.reply).not.toMatch(/الأسعار|النظافة/);
  });

  test("praise is named back: the dish and the service, in each language", () => {
    const en = suggestReviewReply({
      review: { author: "Fatma", rating: 5, text: "Loved the pistachio kunafa and the staff were so friendly!" },
      business: CAFE,
      seed: 1,
    });
    expect(en).toMatchObject({ language: "en", sentiment: "positive", topics: ["food", "service"] });
    expect(en.reply).toContain("the pistachio kunafa and the service");
    expect(en.reply).not.toMatch(/sorry|apolog/i);
    const ar = suggestReviewReply({
      review: { author: "خالد", rating: 5, text: "الكنافة وايد زين والخدمة ممتازة، تسلم ايدكم" },
      business: CAFE,
      seed: 1,
    });
    expect(ar).toMatchObject({ language: "ar", sentiment: "positive", topics: ["food", "service"] });
    expect(ar.reply).toContain("الكنافة والخدمة");
    expect(ar.reply).not.toMatch(/نعتذر|نأسف/);
  });

  test("a neutral review is thanked and told what will be done better", () => {
    const r = suggestReviewReply({
      review: { author: "Sara", rating: 3, text: "Food was ok. Prices are a bit high." },
      business: CAFE,
      seed: 2,
    });
    expect(r.sentiment).toBe("neutral");
    expect(r.reply).toMatch(/Thank/);
    expect(r.reply).toMatch(/prices/);
  });

  test("no name to greet: a greeting without one; a Latin-only business name stays as it is in Arabic", () => {
    const r = suggestReviewReply({
      review: { author: "A Google User", rating: 4, text: "ممتاز" },
      business: LATIN_ONLY,
      seed: 4,
    });
    expect(r.reply.split("\n")[0]).toMatch(/^(أهلًا وسهلًا|مرحبًا)،$/);
    expect(r.reply).toContain("Bait Al Qahwa");
  });

  test("deterministic for a seed, several phrasings across seeds", () => {
    const input = {
      review: { author: "Bader", rating: 2, text: "The burger was not good and the waiter was rude." },
      business: CAFE,
    };
    expect(suggestReviewReply({ ...input, seed: 42 })).toEqual(suggestReviewReply({ ...input, seed: 42 }));
    const replies = new Set(Array.from({ length: 12 }, (_, i) => suggestReviewReply({ ...input, seed: i }).reply));
    expect(replies.size).toBeGreaterThanOrEqual(4);
    expect(suggestReviewReply({ ...input, seed: 9 }).seed).toBe(9);
  });

  test("never an invented offer, discount, price or compensation; always a valid reply length", () => {
    const reviews = [
      {
        author: "Ahmad",
        rating: 1,
        text: "Worst delivery ever, 3 hours late, food cold, overpriced at 5 KD, dirty packaging, rude driver. I want a refund and a discount!",
      },
      {
        author: "منيرة",
        rating: 1,
        text: "الطلب وصل بعد ساعتين والأكل بارد وخايس، والأسعار غالية، والمكان وسخ، والموظف وقح. أبي تعويض وخصم!",
      },
      { author: "Ali", rating: 5, text: "Best karak in Kuwait, cheap and clean, fast delivery, lovely team" },
      { author: "هيا", rating: 3, text: "عادي، الكمية قليلة" },
    ];
    for (const review of reviews)
      for (let seed = 0; seed < 25; seed++) {
        const r = suggestReviewReply({ review, business: CAFE, seed });
        expect(r.reply).not.toMatch(INVENTED);
        expect(r.reply.length).toBeLessThanOrEqual(REVIEW_REPLY_MAX);
        expect(reviewReplySchema.safeParse({ reply: r.reply }).success).toBe(true);
        expect(detectReviewLanguage(r.reply)).toBe(r.language);
      }
  });

  test("an explicit language wins over the text's", () => {
    const r = suggestReviewReply({
      review: { author: "Noura", rating: 5, text: "👍", language: "ar" },
      business: CAFE,
      seed: 1,
    });
    expect(r.language).toBe("ar");
    expect(hasArabic(r.reply)).toBe(true);
  });
});
