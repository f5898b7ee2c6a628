// The reader (docs/architecture.md#the-reader): what a guest's message says, in English or Arabic
// (Gulf dialect included), with or without stars. Its sentiment is a compact model trained on public
// reviews (./model.ts, weights in ./weights.bin.gz, trained by server/scripts/train-reader.ts); its
// intent (a question, a complaint, praise, an order or booking) is read from the sentiment and the
// shape of the message; its topics and the praised/complained-about topics come from the word lists
// (./lexicon.ts). Offline and deterministic: the same message always reads the same.
import type { ReviewLanguage, ReviewSentiment, ReviewTopic } from "@sufra/schema";
import { LABELS, normaliseForModel, type Label } from "./data.ts";
import { detectReviewLanguage, lexiconPolarity, readClauses, type ReviewReading } from "./lexicon.ts";
import { predict, softmax, type Model } from "./model.ts";
import { asksFor } from "./asks.ts";

export { detectReviewLanguage, normaliseArabic, readByLexicon, type ReviewReading } from "./lexicon.ts";
export { DELIVERY_APP_WORDS, readAsks, type AskedFact, type GuestAsks } from "./asks.ts";

export const GUEST_INTENTS = ["question", "complaint", "praise", "order", "other"] as const;
export type GuestIntent = (typeof GUEST_INTENTS)[number];

export interface GuestReading {
  language: ReviewLanguage;
  sentiment: ReviewSentiment;
  intent: GuestIntent;
  /** Every topic the message talks about, in REVIEW_TOPIC_KEYS order. */
  topics: ReviewTopic[];
  /** How sure the reader is of the sentiment, 0 to 1 (the model's probability, stars included). */
  confidence: number;
}

export interface ReadGuestOptions {
  /** Stars, when the message is a review: 1-2 and 4-5 lean the reading, 3 says nothing either way. */
  rating?: number | null;
  language?: ReviewLanguage;
  /** Where it came from (google, instagram, talabat...): a delivery app's waiting is about delivery. */
  source?: string;
  /** Another model instead of the shipped one (training and tests). */
  model?: Model;
}

/** How much the stars move the reading (added to the score of the label they point to). */
const STARS_LEAN: Record<number, [Label, number] | null> = {
  1: ["negative", 4],
  2: ["negative", 2],
  3: null,
  4: ["positive", 2],
  5: ["positive", 4],
};

/**
 * The word list's say beside the model's: each praise or complaint word it finds (net of the other
 * kind, negation applied, at most two) adds this much to that label's score. A short message ("الأكل
 * بارد والتوصيل متأخر") gives the model little to read; the list knows its Gulf words.
 */
const WORD_LIST_LEAN = 1;

/** A message shaped as a question: a question mark, or a question word to begin with. */
const QUESTION_MARK = /[?؟]/u;
const QUESTION_START_EN =
  /^(?:where|when|what|what's|whats|how|which|who|is|are|do|does|did|can|could|will|would|any|anyone) /u;
const QUESTION_START_AR =
  /^(?:وين|متى|مته|شلون|كيف|ليش|هل|فيه|عندكم|كم|شنو|ايش|وش|شو|منو|مين|شكثر|بكم|تفتحون|توصلون|تسكرون|يوصل)(?:\s|$)/u;
/** A short message, one sentence: what a plain question or order looks like (a long review with a "?" is a review). */
const PLAIN_WORDS = 16;

/** An order or a booking: asking for something to be made, delivered or kept for the guest. */
const ORDER_EN =
  /\b(?:(?:i|we)(?:'d| would)? (?:like|want|wanna|need) to (?:order|book|reserve)|(?:can|could|may) (?:i|we) (?:order|book|reserve|get)|book(?:ing)? a table|reserve a table|(?:a )?table for (?:\d+|two|three|four|five|six)|make a (?:reservation|booking)|place an order|take my order|(?:i|we)(?:'d| would) like (?:a|an|one|two|\d+) )/u;
const ORDER_AR =
  /(?:^|\s)(?:ابي|ابغي|ابغى|ابا|اريد|بغيت|ودي|حاب|ممكن) (?:ا|ن)?(?:طلب|احجز|حجز|نحجز|اطلب|نطلب|طاوله)|(?:^|\s)(?:ابي|ابغي|ابغى|اريد|بغيت|ممكن) (?:احجز|اطلب|نحجز|نطلب)|(?:^|\s)(?:حجز|احجز) (?:طاوله|لـ?\s?\d|ل?شخصين|لعدد)/u;

const POSITIVE_EMOJI = /[😍🥰😋🤤👍👌💯🔥❤💕💖🤩😊☺🙏👏]/gu;
const NEGATIVE_EMOJI = /[😕🙁☹😞😠😡🤬🤢🤮👎💔😒😤😑]/gu;

function isQuestion(norm: string): boolean {
  return QUESTION_MARK.test(norm) || QUESTION_START_EN.test(norm) || QUESTION_START_AR.test(norm);
}

/** What a guest's message says. */
export function readGuest(text: string, opts: ReadGuestOptions = {}): GuestReading {
  const language = opts.language ?? detectReviewLanguage(text);
  const norm = normaliseForModel(text);
  const model = predict(text, opts.model);
  const logits = LABELS.map((l) => model.logits[l]);
  const rating = opts.rating == null ? null : Math.min(5, Math.max(1, Math.round(opts.rating)));
  const lean = rating == null ? null : STARS_LEAN[rating];
  if (lean) logits[LABELS.indexOf(lean[0])]! += lean[1];
  const words = lexiconPolarity(text);
  const net = Math.max(-2, Math.min(2, words.positive - words.negative));
  if (net) logits[LABELS.indexOf(net > 0 ? "positive" : "negative")]! += WORD_LIST_LEAN * Math.abs(net);
  const p = softmax(logits);
  let sentiment: ReviewSentiment = LABELS[p.indexOf(Math.max(...p))]!;
  let confidence = Math.max(...p);

  // a question by its shape, or a request for a fact the reply answers from the profile ("أبي اللوكيشن")
  const question = isQuestion(norm) || asksFor(text).length > 0;
  const order = ORDER_EN.test(norm) || ORDER_AR.test(norm);
  const plain = norm.split(" ").length <= PLAIN_WORDS && !/[.!؛;\n].*\S.*[.!?؟]/u.test(norm.replace(/[.!?؟]+$/u, ""));
  if ((question || order) && plain && !lean) {
    // asking is not complaining, nor praising: a question or an order reads negative or positive only
    // when its words (or its emoji) say so ("why is my order cold again?", "😍 where are you?"),
    // never for its shape alone
    const positive = words.positive + (text.match(POSITIVE_EMOJI) ?? []).length;
    const negative = words.negative + (text.match(NEGATIVE_EMOJI) ?? []).length;
    const at = (l: Label) => p[LABELS.indexOf(l)]!;
    if (negative > positive && at("negative") >= 0.1) sentiment = "negative";
    else if (positive > negative && at("positive") >= 0.1) sentiment = "positive";
    else sentiment = "neutral";
    confidence = sentiment === "neutral" ? 1 - Math.max(at("positive"), at("negative")) : at(sentiment);
  }
  const intent: GuestIntent =
    order && sentiment !== "negative"
      ? "order"
      : question && sentiment !== "negative"
        ? "question"
        : sentiment === "negative"
          ? "complaint"
          : sentiment === "positive"
            ? "praise"
            : "other";
  const topics = readClauses(text, sentiment, { language, source: opts.source }).topics;
  return { language, sentiment, intent, topics, confidence: Math.round(confidence * 100) / 100 };
}

/** Language, sentiment, topics, and which topics were praised or complained about (for a reply). */
export function readReview(
  text: string,
  rating: number | null,
  opts: { language?: ReviewLanguage; source?: string } = {},
): ReviewReading {
  const g = readGuest(text, { rating, ...opts });
  return readClauses(text, g.sentiment, { ...opts, language: g.language });
}

/** What the inbox stores with a message: its language, sentiment, intent and topics. */
export function analyseReview(
  text: string,
  rating: number | null,
  source?: string,
): { language: ReviewLanguage; sentiment: ReviewSentiment; intent: GuestIntent; topics: ReviewTopic[] } {
  const g = readGuest(text, { rating, source });
  return { language: g.language, sentiment: g.sentiment, intent: g.intent, topics: g.topics };
}
