// The suggested answer to a guest's private message (docs/product.md#conversations): the same facts as a
// reply to a review (answerAsks: hours, address, delivery apps, bookings, menu and prices, from the profile
// only, a missing fact named as a gap), written as a chat in the guest's language and dialect, and, when the
// message orders, the items it names with their quantities and the menu's prices, added up in fils. A
// quantity or an item the message does not name is never guessed: the person builds the order from it.
import { KUWAIT_AREAS, kwdText, type HoursSeason, type ReplyGap } from "@sufra/schema";
import { detectReviewLanguage, normaliseArabic, readAsks, readGuest } from "../reader/index.ts";
import type { BusinessProfile, MenuItem } from "../types.ts";
import { answerAsks, arabicVoiceOf, itemsNamed, type ReplyVoice } from "./guest-answers.ts";

/** A menu item as the order builder knows it: with its id. */
export type ChatMenuItem = MenuItem & { id: string };

interface ChatOrderLine {
  menuItemId: string;
  name: string;
  nameAr: string | null;
  quantity: number;
  /** null: the menu has no price for it (a gap) */
  unitFils: number | null;
}

export interface ChatAnswer {
  text: string;
  language: "en" | "ar";
  voice: ReplyVoice;
  /** facts asked that the profile lacks */
  gaps: ReplyGap[];
  /** the items the guest orders, with quantities (1 when the message gives none) */
  items: ChatOrderLine[];
  /** the items' total in fils; null when an item has no price */
  totalFils: number | null;
  /** the Kuwait area the guest names for a delivery, as its KUWAIT_AREAS key */
  area: string | null;
  /** the message reads as an order or asks to deliver */
  ordering: boolean;
}

export interface ChatAnswerInput {
  /** the guest's messages not answered yet, oldest first */
  text: string;
  business: BusinessProfile & { menu?: readonly ChatMenuItem[] | null };
  season?: HoursSeason | null;
  /** the café takes paid orders in the chat (its Tap account is set): the answer may offer a payment link */
  takesOrders: boolean;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  a: 1,
  an: 1,
  واحد: 1,
  وحده: 1,
  اثنين: 2,
  ثنين: 2,
  اثنان: 2,
  ثلاث: 3,
  ثلاثه: 3,
  اربع: 4,
  اربعه: 4,
  خمس: 5,
  خمسه: 5,
  سته: 6,
};
/** "I want", "can I get": a message naming menu items with these orders them (normalised Arabic) */
const ORDER_WORDS =
  /(?:^|[^\p{L}])(?:ابي|ابغي|ابغى|نبي|اريد|نريد|ودي|عطني|عطوني|i want|i'd like|i would like|i'll have|i will have|i'll take|i'll go for|i need|i wish|i wanted|may i have|could i (?:get|have)|get me|order me|send me|can (?:i|we|you) (?:get|have|order|try)|deliver|order)(?:$|[^\p{L}])/u;
const DIGITS = "٠١٢٣٤٥٦٧٨٩";
const latinDigits = (s: string) => s.replace(/[٠-٩]/gu, (d) => String(DIGITS.indexOf(d)));
const norm = (s: string) => normaliseArabic(latinDigits(s).toLowerCase());

/** Integer fils of a menu price (KWD with at most three decimals), without float arithmetic on the result. */
const filsOf = (kwd: number): number => Math.round(kwd * 1000);

/** Words that end a look back for an item's quantity: what comes before them belongs to another item. */
const STOPS = new Set(["and", "with", "or", "plus", "then", "but", "also", "و", "مع", "او"]);

/** The quantity a token says: a digit, a number word ("two", "ثنين", "و٢"), or null. */
function numberIn(token: string): number | null {
  const w = token.replace(/^و(?=[\d\p{L}])/u, "");
  const n = /^\d{1,2}$/.test(w) ? Number(w) : (NUMBER_WORDS[w] ?? null);
  return n != null && n >= 1 && n <= 99 ? n : null;
}

/**
 * The quantity of one mention: the nearest number in the few words before it ("five large fantas", "٢ سبانش
 * لاتيه", "three bottles of coke"), not past a word that starts another item ("and", "with", "و"); or "x2"
 * right after it. 1 when the message gives none.
 */
function quantityAt(t: string, start: number, end: number): { n: number; explicit: boolean } {
  const after = t.slice(end).match(/^\s*[x×]\s*(\d{1,2})\b/u);
  if (after) return { n: numberIn(after[1]!) ?? 1, explicit: true };
  // "وكنافة": the mention begins with "and", so nothing before it is its number
  if (t[start] === "و" && !/^و\d/u.test(t.slice(start))) return { n: 1, explicit: false };
  const words = t
    .slice(Math.max(0, start - 60), start)
    .split(/[\s,،.!?؟]+/u)
    .filter(Boolean);
  for (const w of words.reverse().slice(0, 4)) {
    if (w.includes("·")) break; // another item's mention
    const n = numberIn(w);
    // "a latte" is one, but only a written number makes a message an order by itself
    if (n != null) return { n, explicit: w !== "a" && w !== "an" };
    if (STOPS.has(w)) break;
  }
  return { n: 1, explicit: false };
}

/** A name's words as a pattern: Arabic with or without its article, English with or without a plural ending. */
const namePattern = (name: string) =>
  norm(name)
    .split(/\s+/u)
    .filter(Boolean)
    .map((w) => (/\p{Script=Arabic}/u.test(w) ? `(?:ال)?${escape(w.replace(/^ال/u, ""))}` : `${escape(w)}(?:e?s)?`))
    .join("\\s+");

/**
 * The menu items a message names word for word, and how many of each: every mention summed ("two pizzas with
 * ham and one cheese pizza" is 3), longer names first, each mention counted once ("diet coke" is not also a
 * "coke"); `explicit`: a number was written before one of them ("one medium pizza", "٢ كرك").
 */
function mentions(text: string, menu: readonly ChatMenuItem[]) {
  let t = norm(text);
  const counts = new Map<string, number>();
  let explicit = false;
  /** counts and masks every match of `re`; true when there was one */
  const count = (item: ChatMenuItem, re: RegExp) => {
    let total = 0;
    let seen = false;
    for (const m of t.matchAll(re)) {
      seen = true;
      const q = quantityAt(t, m.index, m.index + m[0].length);
      if (q.explicit) explicit = true;
      total += q.n;
    }
    // masked, so a shorter name inside it is not counted again
    t = t.replace(re, (m) => "·".repeat(m.length));
    if (seen) counts.set(item.id, Math.min(99, (counts.get(item.id) ?? 0) + total));
    return seen;
  };
  const mention = (name: string) => new RegExp(`(?<![\\p{L}\\d])(?:[وبل]?)${namePattern(name)}(?![\\p{L}])`, "gu");
  const longestFirst = [...menu].sort((a, b) => b.name.length - a.name.length);
  for (const item of longestFirst)
    for (const name of [item.name, item.nameAr ?? ""].filter(Boolean)) count(item, mention(name));
  // then items named by a distinctive word of theirs ("karak" for "Karak tea"), in what is left
  for (const item of longestFirst) {
    if (counts.has(item.id) || !itemsNamed(t.replace(/·+/g, " "), [item]).length) continue;
    const words = [item.name, item.nameAr ?? ""].flatMap((n) => norm(n).split(/\s+/u)).filter((w) => w.length > 2);
    for (const w of words) if (count(item, mention(w))) break;
  }
  return { counts, explicit };
}
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The menu items a message orders, with their counts (itemsNamed keeps only the best match, for a question
 * about one thing): those named word for word, then those named by a distinctive word (mentions).
 */
function itemsOrdered(
  text: string,
  menu: readonly ChatMenuItem[],
): { items: ChatMenuItem[]; counts: Map<string, number>; explicit: boolean } {
  const found = mentions(text, menu);
  return { items: menu.filter((m) => found.counts.has(m.id)), counts: found.counts, explicit: found.explicit };
}

/** The area a delivery is asked to, when the message names one of Kuwait's areas. */
function areaIn(text: string): string | null {
  const t = ` ${norm(text)} `;
  for (const [key, { en, ar }] of Object.entries(KUWAIT_AREAS)) {
    const arBare = norm(ar).replace(/^ال/u, "");
    if (t.includes(en.toLowerCase()) || new RegExp(`[\\s،,](?:لل|ل|ال|بال|في ال)?${escape(arBare)}`, "u").test(t))
      return key;
  }
  return null;
}

const COPY = {
  en: {
    hello: "Hello! Thanks for your message.",
    order: "Your order: {lines}.",
    line: "{qty} × {item} ({price})",
    total: "Total: {total}.",
    noPrice: "We'll confirm the price of {items}.",
    link: "Shall we send you a KNET payment link for it?",
    deliver: "We'll confirm delivery to {area} with the link.",
    close: "",
  },
  msa: {
    hello: "أهلًا بكم، شكرًا لرسالتكم.",
    order: "طلبكم: {lines}.",
    line: "{qty} × {item} ({price})",
    total: "المجموع: {total}.",
    noPrice: "سنؤكد لكم سعر {items}.",
    link: "هل نرسل لكم رابط دفع كي نت للطلب؟",
    deliver: "سنؤكد لكم التوصيل إلى {area} مع الرابط.",
    close: "",
  },
  gulf: {
    hello: "هلا والله، حياكم الله!",
    order: "طلبكم: {lines}.",
    line: "{qty} × {item} ({price})",
    total: "المجموع: {total}.",
    noPrice: "بنأكد لكم سعر {items}.",
    link: "نرسل لكم رابط دفع كي نت للطلب؟",
    deliver: "بنأكد لكم التوصيل لل{area} مع الرابط.",
    close: "",
  },
} satisfies Record<ReplyVoice, Record<string, string>>;

const money = (fils: number, voice: ReplyVoice) =>
  voice === "en" ? `${kwdText(fils / 1000)} KWD` : `${kwdText(fils / 1000)} د.ك`;

/** The suggested answer to a guest's chat message, from the profile's facts only. */
export function answerChat(input: ChatAnswerInput): ChatAnswer {
  const { text, business } = input;
  const language = detectReviewLanguage(text) === "ar" ? "ar" : "en";
  const voice: ReplyVoice = language === "en" ? "en" : arabicVoiceOf(text);
  const c = COPY[voice];
  const fill = (t: string, slots: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => slots[k] ?? "");
  const menu = (business.menu ?? []) as readonly ChatMenuItem[];
  const asks = readAsks(text);
  const reading = readGuest(text, { language });
  const { items: named, counts: counted, explicit } = itemsOrdered(text, menu);
  const area = areaIn(text);
  // a menu item with a number before it ("2 karak") is ordered, as is one named with "I want" or a delivery
  const ordering =
    reading.intent === "order" ||
    (named.length > 0 && (asks.facts.includes("delivery") || !!area || ORDER_WORDS.test(norm(text)) || explicit));
  const items: ChatOrderLine[] = ordering
    ? named.slice(0, 20).map((m) => ({
        menuItemId: m.id,
        name: m.name,
        nameAr: m.nameAr ?? null,
        quantity: counted.get(m.id) ?? 1,
        unitFils: m.priceKwd != null ? filsOf(m.priceKwd) : null,
      }))
    : [];
  // an order's prices are the order's lines: the price answer would say them twice
  const facts = items.length
    ? {
        ...asks,
        facts: asks.facts.filter((f) => f !== "price" && f !== "menu" && !(f === "delivery" && input.takesOrders)),
      }
    : input.takesOrders && ordering
      ? { ...asks, facts: asks.facts.filter((f) => f !== "delivery") }
      : asks;
  const answers = answerAsks(text, facts, business, voice, input.season ?? null);
  const lines = [c.hello, ...answers.lines];
  const gaps = new Set(answers.gaps);
  let totalFils: number | null = null;
  if (items.length) {
    const name = (l: ChatOrderLine) => (voice === "en" ? l.name : l.nameAr || l.name);
    const priced = items.filter((l) => l.unitFils != null);
    lines.push(
      fill(c.order, {
        lines: priced
          .map((l) => fill(c.line, { qty: String(l.quantity), item: name(l), price: money(l.unitFils!, voice) }))
          .join(voice === "en" ? ", " : "، "),
      }),
    );
    if (priced.length === items.length) {
      totalFils = items.reduce((sum, l) => sum + l.quantity * l.unitFils!, 0);
      lines.push(fill(c.total, { total: money(totalFils, voice) }));
    } else {
      gaps.add("prices");
      lines.push(
        fill(c.noPrice, {
          items: items
            .filter((l) => l.unitFils == null)
            .map(name)
            .join(voice === "en" ? ", " : "، "),
        }),
      );
    }
  }
  if (ordering && input.takesOrders) {
    if (area) {
      const a = KUWAIT_AREAS[area as keyof typeof KUWAIT_AREAS];
      lines.push(fill(c.deliver, { area: voice === "en" ? a.en : a.ar.replace(/^ال/u, "") }));
    }
    lines.push(c.link);
  }
  if (answers.later) lines.push(answers.later);
  return {
    text: lines.filter(Boolean).join("\n"),
    language,
    voice,
    gaps: [...gaps],
    items,
    totalFils,
    area,
    ordering,
  };
}
