// The guest-message reader (docs/architecture.md#the-reader): its weights load from disk with no
// network and read the same every time; on real public reviews from the held-out split (never
// trained on) its confusion stays within a bound; a plain question is a question, never a complaint
// or negative; the inbox's examples read as a person would.
import { describe, expect, test } from "@jest/globals";
import { readFileSync } from "node:fs";
import { LABELS, loadSources, type Row } from "../src/ai/reader/data.ts";
import { tally } from "../src/ai/reader/evaluate.ts";
import { analyseReview, readByLexicon, readGuest, readReview } from "../src/ai/reader/index.ts";
import { predict, shippedModel, unpackWeights, WEIGHTS_URL } from "../src/ai/reader/model.ts";

describe("the weights", () => {
  test("load from the file beside the reader, a few hundred KiB, and read deterministically", () => {
    const file = readFileSync(WEIGHTS_URL);
    expect(file.length).toBeLessThan(3 * 1024 * 1024);
    const a = unpackWeights(file);
    const b = unpackWeights(readFileSync(WEIGHTS_URL));
    expect(a.header.labels).toEqual([...LABELS]);
    expect(Object.keys(a.header.trained.sources as object).length).toBeGreaterThanOrEqual(8);
    const text = "القهوة لذيذة بس الخدمة بطيئة";
    expect(predict(text, a)).toEqual(predict(text, b));
    expect(predict(text, shippedModel())).toEqual(predict(text, a));
    expect(readGuest(text)).toEqual(readGuest(text));
  });

  test("reading needs no network (fetch is never called)", () => {
    const original = globalThis.fetch;
    let called = 0;
    globalThis.fetch = (async () => {
      called++;
      throw new Error("no network");
    }) as typeof fetch;
    try {
      expect(readGuest("Lovely flat white, friendly barista").sentiment).toBe("positive");
    } finally {
      globalThis.fetch = original;
    }
    expect(called).toBe(0);
  });
});

describe("real public reviews from the held-out split (never trained on), words alone", () => {
  const sources = loadSources();
  // a fixed sample: the first 150 held-out rows of each restaurant source (files in server/data/reader/)
  const sample = (id: string): Row[] =>
    sources
      .get(id)!
      .filter((r) => r.split === "test")
      .slice(0, 150);

  // qaym's labels come from its stars (the authors' automatic annotation): more of them disagree with their words
  test.each([
    ["ar-qaym-restaurants", 0.75, 0.22],
    ["ar-tripadvisor-restaurants", 0.85, 0.15],
    ["en-yelp-restaurants", 0.8, 0.15],
    ["en-zomato-restaurants", 0.8, 0.15],
    ["en-semeval14-restaurants", 0.75, 0.15],
  ])(
    "%s: positive and negative told apart at least %d of the time, turned round at most %d",
    (id, bound, turnedBound) => {
      const rows = sample(id);
      expect(rows.length).toBe(150);
      const t = tally(rows.map((r) => ({ gold: r.label, said: readGuest(r.text).sentiment })));
      expect(t.polarityRight / t.polarityN).toBeGreaterThanOrEqual(bound);
      // a displeased guest read as pleased (or the other way) is the costly mistake
      const turned = t.confusion.negative.positive + t.confusion.positive.negative;
      expect(turned / t.polarityN).toBeLessThanOrEqual(turnedBound);
    },
  );

  test("the reader is better than the lexicon reader it replaced on the same rows", () => {
    const rows = ["ar-qaym-restaurants", "en-yelp-restaurants"].flatMap(sample);
    const model = tally(rows.map((r) => ({ gold: r.label, said: readGuest(r.text).sentiment })));
    const lexicon = tally(rows.map((r) => ({ gold: r.label, said: readByLexicon(r.text, 3).sentiment })));
    expect(model.polarityRight).toBeGreaterThan(lexicon.polarityRight * 1.3);
  });
});

describe("questions are questions", () => {
  const QUESTIONS = [
    "Where exactly are you?",
    "Is this on Talabat?",
    "What time do you open on Friday?",
    "Do you deliver to Salmiya?",
    "How much is the spanish latte?",
    "Do you have oat milk?",
    "Any parking nearby?",
    "Is it open now?",
    "وينكم بالضبط؟",
    "فيه توصيل؟",
    "متى تفتحون؟",
    "كم سعر الكيكة؟",
    "عندكم حليب شوفان؟",
    "هل تفتحون يوم الجمعة؟",
    "شلون اطلب؟",
    "وين موقعكم؟",
    "توصلون الجهراء؟",
    "ما هي ساعات العمل؟",
    "هل يوجد مواقف للسيارات؟",
    "موجودين على طلبات؟",
  ];
  test.each(QUESTIONS)("%s", (q) => {
    const r = readGuest(q);
    expect(r.intent).toBe("question");
    expect(r.sentiment).not.toBe("negative");
  });

  test("a question that complains is a complaint", () => {
    expect(readGuest("Why is my order always cold?")).toMatchObject({ sentiment: "negative", intent: "complaint" });
  });
});

describe("what the inbox sees", () => {
  test("a taste that changed for the worse is negative, in Gulf Arabic", () => {
    expect(readGuest("الطعم تغير، صار أقل من قبل")).toMatchObject({
      language: "ar",
      sentiment: "negative",
      intent: "complaint",
    });
    expect(readGuest("الطعم تغير، صار أقل من قبل 😕").sentiment).toBe("negative");
  });

  test.each([
    ["Looks amazing! 🔥", "positive", "praise"],
    ["ما شاء الله روعة", "positive", "praise"],
    ["The coffee was awful and the staff rude", "negative", "complaint"],
    ["القهوة خايسة والموظف وقح", "negative", "complaint"],
    ["I want to book a table for 4 tonight", "neutral", "order"],
    ["ابي احجز طاولة لشخصين", "neutral", "order"],
  ])("%s -> %s, %s", (text, sentiment, intent) => expect(readGuest(text)).toMatchObject({ sentiment, intent }));

  test("arriving is no delivery; an order that arrives is", () => {
    expect(readGuest("وصلنا المطعم والاستقبال ممتاز").topics).toEqual(["service"]);
    expect(readGuest("الكرك وصل بارد والموظفين ما اهتموا فينا").topics).toEqual(["food", "service"]);
    expect(readGuest("The food arrived hot and the staff were lovely").topics).not.toContain("delivery");
    expect(readGuest("الطلب وصل متأخر ساعة").topics).toEqual(["delivery"]);
    expect(readGuest("Our order arrived an hour late").topics).toContain("delivery");
  });

  test("3 stars say nothing either way; 1 and 5 stars lean, words still count", () => {
    expect(readGuest("الطعم تغير، صار أقل من قبل", { rating: 3 }).sentiment).toBe("negative");
    expect(readGuest("Lovely place", { rating: 3 }).sentiment).toBe("positive");
    expect(readGuest("It was fine.", { rating: 1 }).sentiment).toBe("negative");
    expect(readGuest("It was fine.", { rating: 5 }).sentiment).toBe("positive");
    // a one-star "amazing" is not read as a complaint for its stars alone, nor a five-star "terrible" as praise
    expect(readGuest("Terrible, cold and late.", { rating: 5 }).sentiment).toBe("negative");
  });

  test("the inbox's reading carries intent and topics; readReview keeps the reply writer's shape", () => {
    expect(analyseReview("The delivery was two hours late and the food cold", null, "talabat")).toMatchObject({
      sentiment: "negative",
      intent: "complaint",
      topics: ["food", "delivery"],
    });
    const r = readReview("Loved the pistachio kunafa, but the delivery was late and the driver was rude", 5);
    expect(r).toMatchObject({ language: "en", sentiment: "positive", praised: ["food"] });
    expect(r.complaints).toContain("delivery");
  });
});
