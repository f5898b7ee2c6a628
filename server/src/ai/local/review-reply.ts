// Replies to customer reviews, offline: the reader (../reader/index.ts) reads a review's language, its
// sentiment and what it talks about (food, service, delivery time, price, cleanliness), clause by
// clause, so "loved the food but the delivery was late" praises one topic and complains about the
// other. The reply is in the review's language, greets the author, thanks them, and for each
// complaint says what the business does about it; it never states a fact, an offer, a discount or a
// compensation the business did not give: the only facts it uses are the business's name and the
// words of the review itself. Several phrasings; the same seed gives the same reply.
// A message that asks for facts (ai/reader/asks.ts: where, when, delivery, booking, menu, prices) is
// answered from the business profile (guest-answers.ts), in the guest's voice (English, Modern
// Standard or Gulf Arabic); a fact the profile lacks is promised for later and returned as a gap.
// A complaint is pointed to the profile's phone for guests, or asked to message the café.
import {
  type HoursSeason,
  type ReplyGap,
  type ReviewLanguage,
  type ReviewSentiment,
  type ReviewTopic,
} from "@sufra/schema";
import type { BusinessProfile } from "../types.ts";
import { readAsks, type AskedFact } from "../reader/index.ts";
import { mulberry32 } from "./facts.ts";
import { answerAsks, arabicVoiceOf, ANSWER_COPY, itemsNamed, phoneText, type ReplyVoice } from "./guest-answers.ts";
import { readReview } from "../reader/index.ts";

// reading lives in the reader room (docs/architecture.md#the-reader); these names stay here for the
// reply writer's callers
export { analyseReview, detectReviewLanguage, readReview } from "../reader/index.ts";

// ---------------------------------------------------------------- the phrase banks
interface ReplyCopy {
  greet: string[];
  greetFormal: string[];
  greetNoName: string[];
  positiveOpen: string[];
  praise: string[];
  praiseGeneral: string[];
  mixedSorry: string[];
  positiveClose: string[];
  negativeOpen: string[];
  alsoPraised: string[];
  /** A way to make a complaint right: the profile's phone for guests ({phone}), or a message. */
  contact: string[];
  contactMessage: string[];
  /** A question that also complains: a short apology before the answers. */
  questionSorry: string[];
  neutralOpen: string[];
  neutralPraise: string[];
  neutralGeneral: string[];
  neutralContact: string[];
  sign: string[];
  topic: Record<ReviewTopic | "none", string[]>;
  /** How a praised topic is named after "enjoyed" / "بـ". */
  praisedName: Record<ReviewTopic, string>;
  food: string;
  and: (items: string[]) => string;
}

const EN: ReplyCopy = {
  greet: ["Hi {author},", "Hello {author},", "Dear {author},"],
  greetFormal: ["Dear {author},", "Hello {author},"],
  greetNoName: ["Hello,", "Hi there,"],
  positiveOpen: [
    "Thank you so much for your lovely review!",
    "Thank you for taking the time to share such kind words!",
    "What a wonderful review, thank you!",
  ],
  praise: [
    "We are delighted you enjoyed {praised}.",
    "It means a lot to our team that you liked {praised}.",
    "We're so glad {praised} stood out for you.",
  ],
  praiseGeneral: ["We are delighted you had a good experience with us.", "It means a lot to our team to hear that."],
  mixedSorry: ["We're sorry that not everything was right this time.", "We apologise for what fell short this time."],
  positiveClose: [
    "We look forward to serving you again soon.",
    "We hope to see you again soon.",
    "We can't wait to serve you again.",
  ],
  negativeOpen: [
    "Thank you for sharing your experience with {business}, and we are truly sorry it fell short.",
    "We're sorry your experience with {business} wasn't what you expected, and thank you for letting us know.",
    "Thank you for your honest feedback. We apologise that we let you down this time.",
  ],
  alsoPraised: ["Thank you as well for your kind words about {praised}.", "We're glad you liked {praised}, at least."],
  contact: [
    "Please call or WhatsApp us on {phone} so we can make it right.",
    "We'd like to make this right: please reach us on {phone}.",
  ],
  contactMessage: [
    "Please send us a direct message with your details so we can make it right.",
    "We'd like to make this right, so please message us directly.",
  ],
  questionSorry: ["We're sorry your experience fell short.", "We apologise that things were not right."],
  neutralOpen: [
    "Thank you for your honest review.",
    "Thank you for taking the time to tell us about your experience.",
    "Thanks for sharing your thoughts with us.",
  ],
  neutralPraise: ["We're glad you liked {praised}.", "It's good to hear {praised} worked for you."],
  neutralGeneral: [
    "We are always working to improve, and your comments help us do that.",
    "Your comments help us make the next experience better.",
  ],
  neutralContact: [
    "If you'd like to tell us more, please get in touch with us at {business}.",
    "We'd love to hear what would make your next experience a five-star one, so feel free to contact us at {business}.",
  ],
  sign: ["The {business} team", "Warm regards, the {business} team"],
  topic: {
    food: [
      "We have shared your comments about {food} with our kitchen team so they can look into it.",
      "Our kitchen team is reviewing what you told us about {food}.",
    ],
    service: [
      "We have passed your feedback about the service on to our team.",
      "How our team treats every guest matters to us, and we are discussing your comments with them.",
    ],
    delivery: [
      "We are looking into our delivery times so your order reaches you as it should.",
      "We are reviewing what happened with your delivery and looking into our delivery times.",
    ],
    price: [
      "We have noted your comments about our prices and will take them into account.",
      "Thank you for your thoughts on our prices; we have shared them with our management.",
    ],
    cleanliness: [
      "Cleanliness is essential to us, and we are checking this with our team.",
      "We take cleanliness very seriously and are following this up with our team.",
    ],
    none: [
      "We have shared your feedback with our team so we can do better.",
      "Your feedback has gone straight to our team.",
    ],
  },
  praisedName: {
    food: "the food",
    service: "the service",
    delivery: "the delivery",
    price: "the value",
    cleanliness: "how clean we keep things",
  },
  food: "the food",
  and: (items) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`),
};

// Modern Standard Arabic in a warm Gulf voice, addressing the guest in the polite plural (كم), which
// also needs no guess at their gender.
const AR: ReplyCopy = {
  greet: ["أهلًا {author}،", "مرحبًا {author}،", "حيّاكم الله {author}،"],
  greetFormal: ["أهلًا {author}،", "مرحبًا {author}،"],
  greetNoName: ["أهلًا وسهلًا،", "مرحبًا،"],
  positiveOpen: [
    "شكرًا جزيلًا على كلماتكم الجميلة!",
    "شكرًا لكم على هذا التقييم الرائع!",
    "كلامكم أسعدنا، شكرًا من القلب!",
  ],
  praise: [
    "سعدنا كثيرًا بإعجابكم ب{praised}.",
    "يسعدنا أن تكون تجربتكم مع {praised} مميزة.",
    "رأيكم في {praised} يعني لنا الكثير.",
  ],
  praiseGeneral: ["يسعدنا أنكم استمتعتم بتجربتكم معنا.", "رأيكم يعني لفريقنا الكثير."],
  mixedSorry: ["ونعتذر عمّا لم يكن على ما يرام هذه المرة.", "ونأسف لأن بعض الأمور لم تكن بالمستوى المطلوب هذه المرة."],
  positiveClose: ["بانتظاركم مرة ثانية إن شاء الله.", "نتشرف بخدمتكم دائمًا.", "نتطلع لخدمتكم مرة أخرى قريبًا."],
  negativeOpen: [
    "شكرًا لكم على مشاركة تجربتكم مع {business}، ونعتذر بصدق لأنها لم تكن بالمستوى الذي تستحقونه.",
    "نأسف جدًا لأن تجربتكم مع {business} لم تكن كما توقعتم، وشكرًا لأنكم أخبرتمونا.",
    "نعتذر لكم عن هذه التجربة، ونشكركم على صراحتكم.",
  ],
  alsoPraised: ["ونشكركم أيضًا على كلماتكم الطيبة عن {praised}.", "ويسعدنا رضاكم عن {praised} على الأقل."],
  contact: [
    "نرجو التواصل معنا على الرقم {phone} لنصحح الأمر.",
    "يسعدنا اتصالكم أو مراسلتكم عبر واتساب على الرقم {phone} لنتابع الأمر معكم.",
  ],
  contactMessage: ["نرجو مراسلتنا مباشرة لنتابع الأمر ونصححه.", "يسعدنا أن تراسلونا مباشرة لنتابع الأمر معكم."],
  questionSorry: ["ونعتذر لأن تجربتكم لم تكن كما يجب.", "ونأسف لما حدث."],
  neutralOpen: ["شكرًا لكم على تقييمكم الصريح.", "شكرًا لأنكم شاركتمونا رأيكم.", "نقدّر وقتكم في كتابة هذا التقييم."],
  neutralPraise: ["سعدنا بإعجابكم ب{praised}.", "يسعدنا رضاكم عن {praised}."],
  neutralGeneral: [
    "نعمل دائمًا على التحسن، وملاحظاتكم تساعدنا على ذلك.",
    "ملاحظاتكم تساعدنا على أن تكون تجربتكم القادمة أفضل.",
  ],
  neutralContact: [
    "إن أحببتم إخبارنا بالمزيد، يسعدنا تواصلكم معنا في {business}.",
    "يسعدنا أن نسمع منكم ما يجعل تجربتكم القادمة أفضل، فلا تترددوا في التواصل معنا في {business}.",
  ],
  sign: ["فريق {business}", "مع خالص التحية، فريق {business}"],
  topic: {
    food: ["شاركنا ملاحظاتكم عن {food} مع فريق المطبخ ليتابعها.", "يراجع فريق المطبخ ما ذكرتموه عن {food}."],
    service: ["نقلنا ملاحظاتكم عن الخدمة إلى فريقنا.", "طريقة تعامل فريقنا مع كل ضيف تهمّنا، ونناقش ملاحظاتكم معهم."],
    delivery: [
      "نعمل على مراجعة أوقات التوصيل لدينا حتى يصلكم طلبكم في وقته.",
      "نراجع ما حدث مع طلبكم ونعمل على مراجعة أوقات التوصيل.",
    ],
    price: ["أخذنا ملاحظتكم عن الأسعار بعين الاعتبار.", "شكرًا على رأيكم في أسعارنا، وقد نقلناه إلى الإدارة."],
    cleanliness: [
      "النظافة أولوية عندنا، ونتابع هذه الملاحظة مع فريقنا.",
      "نأخذ النظافة بجدية تامة، ونتابع الأمر مع فريقنا.",
    ],
    none: ["نقلنا ملاحظاتكم إلى فريقنا لنتحسن.", "وصلت ملاحظاتكم إلى فريقنا مباشرة."],
  },
  praisedName: { food: "الطعام", service: "الخدمة", delivery: "التوصيل", price: "الأسعار", cleanliness: "النظافة" },
  food: "الطعام",
  and: (items) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join("، ")} و${items.at(-1)}`),
};

// Gulf (Kuwaiti) Arabic, for a guest who writes it: the same moves in the café's everyday voice.
const GULF: ReplyCopy = {
  ...AR,
  greet: ["هلا والله {author}،", "هلا {author}،", "حياكم الله {author}،"],
  greetFormal: ["هلا {author}،", "حياكم الله {author}،"],
  greetNoName: ["هلا والله،", "حياكم الله،"],
  positiveOpen: ["مشكورين وايد على كلامكم الحلو!", "تسلمون على هالتقييم الحلو!", "كلامكم فرحنا وايد، مشكورين!"],
  praise: ["فرحنا وايد إن {praised} عجبكم.", "يسعدنا إن {praised} عجبكم.", "رأيكم في {praised} يفرحنا وايد."],
  praiseGeneral: ["فرحنا إن تجربتكم عندنا كانت حلوة.", "كلامكم يعني لنا وايد."],
  mixedSorry: ["وآسفين إن مو كل شي كان زين هالمرة.", "ونعتذر عن اللي قصّرنا فيه هالمرة."],
  positiveClose: ["ننتظركم مرة ثانية إن شاء الله.", "حياكم الله أي وقت.", "نشوفكم على خير قريب."],
  negativeOpen: [
    "نعتذر منكم وايد، تجربتكم مع {business} ما كانت بالمستوى اللي تستاهلونه.",
    "آسفين على اللي صار، ومشكورين إنكم قلتوا لنا.",
    "حقكم علينا، ونعتذر عن هالتجربة.",
  ],
  alsoPraised: ["ومشكورين على كلامكم الحلو عن {praised}.", "ويسعدنا إن {praised} عجبكم على الأقل."],
  contact: ["كلمونا أو راسلونا واتساب على {phone} عشان نعدّل الموضوع.", "نبي نعدّل الموضوع، تواصلوا معنا على {phone}."],
  contactMessage: ["راسلونا على الخاص عشان نتابع الموضوع ونعدّله.", "نبي نعدّل الموضوع، راسلونا على الخاص."],
  questionSorry: ["وآسفين على اللي صار.", "ونعتذر منكم على هالتجربة."],
  topic: {
    food: ["وصّلنا ملاحظتكم عن {food} لفريق المطبخ عشان يتابعونها.", "فريق المطبخ يراجع اللي قلتوه عن {food}."],
    service: ["وصّلنا ملاحظتكم عن الخدمة لفريقنا.", "تعاملنا مع كل ضيف يهمنا، وبنتكلم مع الفريق عن ملاحظتكم."],
    delivery: [
      "قاعدين نراجع أوقات التوصيل عشان طلبكم يوصلكم في وقته.",
      "نراجع اللي صار مع طلبكم وأوقات التوصيل عندنا.",
    ],
    price: ["أخذنا ملاحظتكم عن الأسعار بعين الاعتبار.", "مشكورين على رأيكم في الأسعار، ووصلناه للإدارة."],
    cleanliness: [
      "النظافة أهم شي عندنا، وقاعدين نتابع الملاحظة مع الفريق.",
      "ناخذ النظافة بجدية، وبنتابع الموضوع مع الفريق.",
    ],
    none: ["وصّلنا ملاحظتكم لفريقنا عشان نكون أحسن.", "ملاحظتكم وصلت للفريق على طول."],
  },
  sign: ["فريق {business}", "تحياتنا، فريق {business}"],
};

const VOICE_COPY: Record<ReplyVoice, ReplyCopy> = { en: EN, msa: AR, gulf: GULF };

/** Names that are not a person's: the greeting then names nobody. */
const NO_NAME =
  /^(?:anonymous|anon|a google user|google user|guest|customer|user|n\/?a|none|unknown|-+|\.+|مجهول|زائر|عميل|ضيف|بدون اسم)$/iu;

export interface SuggestReviewReplyInput {
  /** source: where it was posted (a delivery app's review is about a delivery). */
  review: { author: string; rating: number; text: string; language?: ReviewLanguage; source?: string };
  business: BusinessProfile;
  /** Same review, business and seed: same reply. Without it each call may differ. */
  seed?: number;
  /** Ramadan or Eid in Kuwait today (calendar's hoursSeasonOn): an hours question gets those hours. */
  season?: HoursSeason | null;
}

export interface ReviewReplySuggestion {
  reply: string;
  language: ReviewLanguage;
  sentiment: ReviewSentiment;
  topics: ReviewTopic[];
  /** The facts the message asks for (empty: it asks none). */
  asks: AskedFact[];
  /** Facts asked that the profile lacks: the reply promises them, the person should add them to the profile. */
  gaps: ReplyGap[];
  /** The seed used, to reproduce the reply. */
  seed: number;
}

const tidy = (s: string) =>
  s
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ ([,.!?،؟])/g, "$1")
    .trim();

/**
 * A reply to a review in its own language: greeting by name, thanks, and then by sentiment — praise
 * named back (positive), an apology and one sentence per complaint with an invitation to contact the
 * business (negative), or what it will do better (neutral). Signed by the business's team.
 */
export function suggestReviewReply(input: SuggestReviewReplyInput): ReviewReplySuggestion {
  const seed = input.seed ?? Math.floor(Math.random() * 2 ** 31);
  const rnd = mulberry32(seed);
  const pick = (list: readonly string[]) => list[Math.floor(rnd() * list.length)]!;
  const r = readReview(input.review.text, input.review.rating, {
    language: input.review.language,
    source: input.review.source,
  });
  // the voice: an Arabic reply to an Arabic message takes its dialect; a reply asked in Arabic to an English message is in MSA
  const voice: ReplyVoice =
    r.language === "en"
      ? "en"
      : /\p{Script=Arabic}/u.test(input.review.text)
        ? arabicVoiceOf(input.review.text)
        : "msa";
  const c = VOICE_COPY[voice];
  const business = ((r.language === "ar" ? input.business.nameAr : null) || input.business.name || "")
    .normalize("NFC")
    .replace(/\s+/gu, " ")
    .trim();
  const author = input.review.author.normalize("NFC").replace(/\s+/gu, " ").trim();
  const fill = (template: string, slots: Record<string, string> = {}) =>
    tidy(template.replace(/\{(\w+)\}/g, (_, k: string) => ({ business, author, ...slots })[k] ?? ""));

  // praise names what the guest named: a dish the lexicon knows, in the guest's words, else a menu item of the profile
  const item = itemsNamed(input.review.text, input.business.menu ?? [])[0];
  const itemName = item ? (r.language === "en" ? item.name : item.nameAr || item.name) : null;
  const food = r.dish
    ? r.language === "en"
      ? `the ${r.dish}`
      : r.dish
    : itemName
      ? r.language === "en"
        ? `the ${itemName}`
        : itemName
      : c.food;
  const named = (topics: readonly ReviewTopic[]) => c.and(topics.map((t) => (t === "food" ? food : c.praisedName[t])));
  const topicLines = (topics: readonly ReviewTopic[]) =>
    (topics.length ? topics : (["none"] as const)).map((t) => fill(pick(c.topic[t]), { food }));
  const phone = input.business.publicPhone;
  const contact = () => (phone ? fill(pick(c.contact), { phone: phoneText(phone) }) : fill(pick(c.contactMessage)));

  const asks = readAsks(input.review.text);
  const greeting = fill(
    author && !NO_NAME.test(author) ? pick(r.sentiment === "negative" ? c.greetFormal : c.greet) : pick(c.greetNoName),
  );
  const body: string[] = [];
  let gaps: ReplyGap[] = [];
  if (asks.facts.length) {
    // a question: answered from the profile, what it lacks promised for later (never made up)
    const a = answerAsks(input.review.text, asks, input.business, voice, input.season ?? null);
    gaps = a.gaps;
    body.push(pick(ANSWER_COPY[voice].thanksAsk));
    if (r.sentiment === "negative") body.push(fill(pick(c.questionSorry)));
    body.push(...a.lines.map((l) => l.trim()));
    if (a.later) body.push(a.later);
    if (r.sentiment === "negative") body.push(contact());
    else body.push(fill(pick(c.positiveClose)));
  } else if (r.sentiment === "positive") {
    body.push(fill(pick(c.positiveOpen)));
    body.push(r.praised.length ? fill(pick(c.praise), { praised: named(r.praised) }) : fill(pick(c.praiseGeneral)));
    if (r.complaints.length) body.push(fill(pick(c.mixedSorry)), ...topicLines(r.complaints));
    body.push(fill(pick(c.positiveClose)));
  } else if (r.sentiment === "negative") {
    body.push(fill(pick(c.negativeOpen)));
    body.push(...topicLines(r.complaints));
    if (r.praised.length) body.push(fill(pick(c.alsoPraised), { praised: named(r.praised) }));
    body.push(contact());
  } else {
    body.push(fill(pick(c.neutralOpen)));
    if (r.praised.length) body.push(fill(pick(c.neutralPraise), { praised: named(r.praised) }));
    body.push(...(r.complaints.length ? topicLines(r.complaints) : [fill(pick(c.neutralGeneral))]));
    body.push(fill(pick(c.neutralContact)));
  }
  const sign = business ? fill(pick(c.sign)) : "";
  const reply = [greeting, body.join(" "), sign].filter(Boolean).join("\n\n");
  return { reply, language: r.language, sentiment: r.sentiment, topics: r.topics, asks: asks.facts, gaps, seed };
}
