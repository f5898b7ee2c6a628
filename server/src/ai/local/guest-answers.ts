// Answers to what a guest asks (ai/reader/asks.ts), from the business profile only: the address and
// its map link, the hours (Ramadan's during Ramadan, Eid's on Eid, or the season the guest names),
// the delivery apps and their links, how to book, menu items and their prices in KWD. A fact the
// profile lacks is never made up: the answer says the café will come back with it, and the fact is
// named as a gap for the person to fill in (docs/product.md#replies-to-guests). Also what a reply
// may state at all: the facts' figures, links and phone numbers (factsOfProfile), which the model's
// draft is checked against.
import { DELIVERY_APPS, KUWAIT_AREAS, kwdText, type HoursSeason, type ReplyGap } from "@sufra/schema";
import { DELIVERY_APP_WORDS, normaliseArabic, type AskedFact, type GuestAsks } from "../reader/index.ts";
import type { BusinessProfile, MenuItem } from "../types.ts";
import { FOOD_WORDS } from "./lexicon.ts";

/** The voice of a reply: English, Modern Standard Arabic, or Gulf (Kuwaiti) Arabic. */
export type ReplyVoice = "en" | "msa" | "gulf";

/** Words only Gulf speech uses (normalised: one alef, ha for ta marbuta, ya for alef maqsura). */
const GULF_WORDS = new Set(
  [
    "وين",
    "وينكم",
    "وينك",
    "شلون",
    "شنو",
    "ابي",
    "ابغي",
    "ابغى",
    "نبي",
    "وايد",
    "مو",
    "مب",
    "موجودين",
    "تسكرون",
    "تبندون",
    "دزوا",
    "دزولي",
    "شكثر",
    "بشكثر",
    "لين",
    "جان",
    "جانت",
    "هني",
    "هنيه",
    "احنا",
    "اللوكيشن",
    "لوكيشن",
    "تكفون",
    "تكفى",
    "زين",
    "زينه",
    "حيل",
    "عاد",
    "يبيله",
    "شقد",
    "چم",
    "اشوف",
    "بغيت",
    "ودي",
    "يهبل",
    "خوش",
    "ترا",
    "ترى",
    "عشان",
    "علشان",
    "الحين",
    "خطير",
    "خطيره",
    "ايدكم",
    "يجنن",
    "شوي",
    "اشلون",
    "وياكم",
    "ويانا",
    "توني",
    "يمديني",
    "يمدي",
    "حق",
    "حقه",
    "حقها",
    "اكو",
    "ماكو",
    "شسمه",
    "ليش",
    "هذي",
    "ياخي",
    "هلا",
    "مشكورين",
    "فينا",
  ].map((w) => normalise(w)),
);

function normalise(s: string): string {
  return normaliseArabic(s).toLowerCase();
}

/** Gulf Arabic when a Gulf word appears (with or without و/ف/ب); else Modern Standard Arabic. */
export function arabicVoiceOf(text: string): "gulf" | "msa" {
  for (const m of normalise(text).matchAll(/[\p{Script=Arabic}]+/gu)) {
    const w = m[0];
    if (GULF_WORDS.has(w) || (/^[وفب]/u.test(w) && GULF_WORDS.has(w.slice(1)))) return "gulf";
  }
  return "msa";
}

// ---------------------------------------------------------------- menu items a message names
/** Words too common to name an item by themselves ("tea", "قهوة"). */
const GENERIC = new Set(
  [
    "tea",
    "coffee",
    "cup",
    "hot",
    "iced",
    "cold",
    "small",
    "large",
    "medium",
    "the",
    "a",
    "of",
    "with",
    "and",
    "شاي",
    "قهوه",
    "كوب",
    "حار",
    "بارد",
    "صغير",
    "كبير",
    "وسط",
    "مع",
    "و",
  ].map(normalise),
);

/** A word as compared: normalised, without و/ب/ل/ف and the article in Arabic, without a plural -s in English. */
const bare = (w: string) => {
  const n = normalise(w);
  if (/\p{Script=Arabic}/u.test(n))
    return n
      .replace(/^(?:[وفبلك](?=ال))?/u, "")
      .replace(/^(?:ال|لل)/u, "")
      .replace(/^[وب](?=\p{L}{3,})/u, "")
      .replace(/^ال/u, "");
  return n.replace(/'s$/, "").replace(/(?<=\w{3})s$/, "");
};
const wordsOf = (s: string) => [...normalise(s).matchAll(/[\p{L}\p{N}]+/gu)].map((m) => bare(m[0])).filter(Boolean);

/** The words of a message, with the other language's words for the food words it knows ("كرك" also "karak"). */
function messageWords(text: string): Set<string> {
  const words = new Set(wordsOf(text));
  for (const f of FOOD_WORDS) {
    const en = wordsOf(f.en);
    const ar = wordsOf(f.ar);
    if (ar.length && ar.every((w) => words.has(w))) en.forEach((w) => words.add(w));
    if (en.length && en.every((w) => words.has(w))) ar.forEach((w) => words.add(w));
  }
  return words;
}

/** The menu's items a message names, best match first: all of a name's words, or its distinctive ones. */
export function itemsNamed(text: string, menu: readonly MenuItem[]): MenuItem[] {
  const words = messageWords(text);
  const scored = menu.flatMap((item) => {
    let best = 0;
    for (const name of [item.name, item.nameAr ?? ""]) {
      const w = wordsOf(name);
      if (!w.length) continue;
      const distinctive = w.filter((x) => !GENERIC.has(x));
      const hit = w.filter((x) => words.has(x)).length;
      const hitDistinct = distinctive.filter((x) => words.has(x)).length;
      if (hit === w.length) best = Math.max(best, 100 + hit);
      else if (distinctive.length && hitDistinct === distinctive.length) best = Math.max(best, 50 + hitDistinct);
    }
    return best ? [{ item, best }] : [];
  });
  const top = Math.max(0, ...scored.map((s) => s.best));
  // "latte" names both "Latte" (all its words) and "Spanish Latte" (part): the full match wins
  return scored
    .filter((s) => s.best >= (top >= 100 ? 100 : 0))
    .sort((a, b) => b.best - a.best)
    .map((s) => s.item);
}

// ---------------------------------------------------------------- what the profile says
/** A price as a reply writes it: three decimals, "KWD" in English, "د.ك" in Arabic (Latin digits, as the menu shows them). */
const priceText = (kwd: number, voice: ReplyVoice) => (voice === "en" ? `${kwdText(kwd)} KWD` : `${kwdText(kwd)} د.ك`);

const itemName = (m: MenuItem, voice: ReplyVoice) => (voice === "en" ? m.name : m.nameAr || m.name);

/** The text for a language, or the other language's when it is the only one (a fact is better than a gap). */
const inLanguage = (voice: ReplyVoice, en: string | null | undefined, ar: string | null | undefined) =>
  (voice === "en" ? en || ar : ar || en) || null;

const areaName = (b: BusinessProfile, voice: ReplyVoice) => {
  if (!b.area) return null;
  const known = Object.hasOwn(KUWAIT_AREAS, b.area) ? KUWAIT_AREAS[b.area as keyof typeof KUWAIT_AREAS] : null;
  return known ? (voice === "en" ? known.en : known.ar) : b.area;
};

const appName = (a: NonNullable<BusinessProfile["deliveryApps"]>[number], voice: ReplyVoice) =>
  a.app === "other" ? a.name || "" : voice === "en" ? DELIVERY_APPS[a.app].en : DELIVERY_APPS[a.app].ar;

/** A Kuwait number as guests read it: "+965 9999 8888" (stored "+96599998888"). */
export const phoneText = (p: string) => {
  const d = p.replace(/\D/g, "");
  return d.length === 11 && d.startsWith("965") ? `+965 ${d.slice(3, 7)} ${d.slice(7)}` : p;
};

// ---------------------------------------------------------------- the sentences
interface AnswerCopy {
  address: string; // {address}
  addressMap: string; // {address} {map}
  mapOnly: string; // {map}
  area: string; // {area}
  hours: string; // {hours}
  ramadanHours: string;
  eidHours: string;
  delivery: string; // {apps}
  appLink: string; // {app} {url}
  bookPhone: string; // {phone}
  bookLink: string; // {url}
  walkIn: string;
  noBooking: string;
  haveItem: string; // {items}
  itemPrice: string; // {item} {price}
  menuSome: string; // {items}
  later: string; // the café comes back with what the profile lacks
  thanksAsk: string[];
  and: (items: string[]) => string;
}

const EN: AnswerCopy = {
  address: "You'll find us at {address}.",
  addressMap: "You'll find us at {address}, and here is our location on the map: {map}",
  mapOnly: "Here is our location on the map: {map}",
  area: "We're in {area}.",
  hours: "Our opening hours: {hours}.",
  ramadanHours: "During Ramadan our hours are: {hours}.",
  eidHours: "During Eid our hours are: {hours}.",
  delivery: "You can order from us on {apps}.",
  appLink: "{app} ({url})",
  bookPhone: "To book a table, please call us on {phone}.",
  bookLink: "You can book a table here: {url}",
  walkIn: "We don't take bookings; just walk in and we'll be happy to seat you.",
  noBooking: "We don't take table bookings.",
  haveItem: "Yes, we have {items}.",
  itemPrice: "{item} is {price}.",
  menuSome: "From our menu: {items}.",
  later: "We'll get back to you with {what} shortly.",
  thanksAsk: ["Thank you for your message!", "Thanks for reaching out!", "Thank you for asking!"],
  and: (items) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`),
};

const MSA: AnswerCopy = {
  address: "عنواننا: {address}.",
  addressMap: "عنواننا: {address}، وهذا موقعنا على الخريطة: {map}",
  mapOnly: "هذا موقعنا على الخريطة: {map}",
  area: "نحن في {area}.",
  hours: "أوقات العمل لدينا: {hours}.",
  ramadanHours: "أوقات العمل في رمضان: {hours}.",
  eidHours: "أوقات العمل في العيد: {hours}.",
  delivery: "يمكنكم الطلب منا عبر {apps}.",
  appLink: "{app} ({url})",
  bookPhone: "للحجز يسعدنا اتصالكم على الرقم {phone}.",
  bookLink: "يمكنكم حجز طاولة من هنا: {url}",
  walkIn: "لا نأخذ حجوزات، ويسعدنا استقبالكم في أي وقت خلال أوقات العمل.",
  noBooking: "لا نستقبل حجوزات للطاولات.",
  haveItem: "نعم، لدينا {items}.",
  itemPrice: "سعر {item}: {price}.",
  menuSome: "من قائمتنا: {items}.",
  later: "سنوافيكم ب{what} قريبًا.",
  thanksAsk: ["شكرًا لتواصلكم معنا!", "شكرًا على سؤالكم!", "نشكركم على رسالتكم!"],
  and: (items) => (items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join("، ")} و${items.at(-1)}`),
};

const GULF: AnswerCopy = {
  address: "مكاننا: {address}.",
  addressMap: "مكاننا: {address}، وهذا اللوكيشن: {map}",
  mapOnly: "هذا اللوكيشن: {map}",
  area: "احنا في {area}.",
  hours: "دوامنا: {hours}.",
  ramadanHours: "دوامنا في رمضان: {hours}.",
  eidHours: "دوامنا في العيد: {hours}.",
  delivery: "تقدرون تطلبون منا من {apps}.",
  appLink: "{app} ({url})",
  bookPhone: "للحجز كلمونا على {phone}.",
  bookLink: "تقدرون تحجزون طاولة من هني: {url}",
  walkIn: "ما ناخذ حجوزات، تفضلوا أي وقت وحياكم الله.",
  noBooking: "ما ناخذ حجوزات للطاولات.",
  haveItem: "إي نعم، عندنا {items}.",
  itemPrice: "{item} سعره {price}.",
  menuSome: "من المنيو عندنا: {items}.",
  later: "بنرد عليكم ب{what} قريب إن شاء الله.",
  thanksAsk: ["مشكورين على رسالتكم!", "مشكورين على سؤالكم!", "شكرًا على تواصلكم!"],
  and: MSA.and,
};

export const ANSWER_COPY: Record<ReplyVoice, AnswerCopy> = { en: EN, msa: MSA, gulf: GULF };

/** How a missing fact is named in "we'll get back to you with ...". */
const GAP_WORDS: Record<ReplyGap, Record<ReplyVoice, string>> = {
  address: { en: "our exact address", msa: "عنواننا بالتفصيل", gulf: "العنوان بالضبط" },
  map_link: { en: "our location on the map", msa: "موقعنا على الخريطة", gulf: "اللوكيشن" },
  hours: { en: "our opening hours", msa: "أوقات العمل", gulf: "أوقات الدوام" },
  ramadan_hours: { en: "our Ramadan hours", msa: "أوقات العمل في رمضان", gulf: "دوامنا في رمضان" },
  eid_hours: { en: "our Eid hours", msa: "أوقات العمل في العيد", gulf: "دوامنا في العيد" },
  delivery_apps: { en: "where you can order from us", msa: "تطبيقات التوصيل المتاحة", gulf: "تطبيقات التوصيل" },
  reservations: { en: "how to book a table", msa: "طريقة الحجز", gulf: "طريقة الحجز" },
  menu: { en: "the details of our menu", msa: "تفاصيل قائمتنا", gulf: "تفاصيل المنيو" },
  prices: { en: "the prices", msa: "الأسعار", gulf: "الأسعار" },
};

export interface GuestAnswers {
  /** One sentence per fact the profile holds, in the order asked. */
  lines: string[];
  /** The facts asked that the profile lacks (each once). */
  gaps: ReplyGap[];
  /** "We'll get back to you with ... shortly" when anything is missing. */
  later: string | null;
}

/**
 * The answers to what a message asks. `season`: the hours to give (Ramadan's, Eid's), the guest's
 * own ("during Ramadan") before the calendar's today.
 */
export function answerAsks(
  text: string,
  asks: GuestAsks,
  b: BusinessProfile,
  voice: ReplyVoice,
  today: HoursSeason | null = null,
): GuestAnswers {
  const c = ANSWER_COPY[voice];
  const lines: string[] = [];
  const gaps = new Set<ReplyGap>();
  const fill = (t: string, slots: Record<string, string>) => t.replace(/\{(\w+)\}/g, (_, k: string) => slots[k] ?? "");
  const menu = b.menu ?? [];
  const named = itemsNamed(text, menu);
  const answered = new Set<AskedFact>();

  for (const fact of asks.facts) {
    if (answered.has(fact)) continue;
    answered.add(fact);
    if (fact === "location") {
      const address = inLanguage(voice, b.address, b.addressAr);
      if (address && b.mapUrl) lines.push(fill(c.addressMap, { address, map: b.mapUrl }));
      else if (address) {
        lines.push(fill(c.address, { address }));
        gaps.add("map_link");
      } else if (b.mapUrl) {
        const area = areaName(b, voice);
        lines.push(...(area ? [fill(c.area, { area })] : []), fill(c.mapOnly, { map: b.mapUrl }));
      } else {
        const area = areaName(b, voice);
        if (area) lines.push(fill(c.area, { area }));
        gaps.add("address");
        gaps.add("map_link");
      }
    } else if (fact === "hours") {
      const season = asks.season ?? today;
      const [hours, template, gap] =
        season === "ramadan"
          ? [inLanguage(voice, b.ramadanHours, b.ramadanHoursAr), c.ramadanHours, "ramadan_hours" as const]
          : season === "eid"
            ? [inLanguage(voice, b.eidHours, b.eidHoursAr), c.eidHours, "eid_hours" as const]
            : [inLanguage(voice, b.hours, b.hoursAr), c.hours, "hours" as const];
      if (hours) lines.push(fill(template, { hours: hours.replace(/[.。]+$/u, "") }));
      else gaps.add(gap);
    } else if (fact === "delivery") {
      const apps = (b.deliveryApps ?? []).filter((a) => appName(a, voice));
      if (apps.length)
        lines.push(
          fill(c.delivery, { apps: c.and(apps.map((a) => fill(c.appLink, { app: appName(a, voice), url: a.url }))) }),
        );
      else gaps.add("delivery_apps");
    } else if (fact === "booking") {
      const r = b.reservation;
      if (r?.mode === "phone" && r.phone) lines.push(fill(c.bookPhone, { phone: phoneText(r.phone) }));
      else if (r?.mode === "link" && r.url) lines.push(fill(c.bookLink, { url: r.url }));
      else if (r?.mode === "walk_in") lines.push(c.walkIn);
      else if (r?.mode === "none") lines.push(c.noBooking);
      else gaps.add("reservations");
    } else if (fact === "menu") {
      if (named.length) {
        // prices come with the price question
        lines.push(fill(c.haveItem, { items: c.and(named.slice(0, 3).map((m) => itemName(m, voice))) }));
      } else if (!asks.facts.includes("price")) {
        const some = menu.slice(0, 5);
        if (some.length && !specificAsk(text))
          lines.push(
            fill(c.menuSome, {
              items: c.and(
                some.map((m) =>
                  m.priceKwd != null ? `${itemName(m, voice)} (${priceText(m.priceKwd, voice)})` : itemName(m, voice),
                ),
              ),
            }),
          );
        else gaps.add("menu");
      }
    } else if (fact === "price") {
      const priced = (named.length ? named : menu).filter((m) => m.priceKwd != null).slice(0, named.length ? 3 : 5);
      if (named.length && priced.length === named.slice(0, 3).length) {
        for (const m of priced)
          lines.push(fill(c.itemPrice, { item: itemName(m, voice), price: priceText(m.priceKwd!, voice) }));
      } else if (named.length) {
        for (const m of priced)
          lines.push(fill(c.itemPrice, { item: itemName(m, voice), price: priceText(m.priceKwd!, voice) }));
        gaps.add("prices");
      } else if (priced.length && !specificAsk(text)) {
        lines.push(
          fill(c.menuSome, {
            items: c.and(priced.map((m) => `${itemName(m, voice)} (${priceText(m.priceKwd!, voice)})`)),
          }),
        );
      } else gaps.add(menu.length && !specificAsk(text) ? "prices" : "menu");
    }
  }
  const list = [...gaps];
  // the same fact named twice reads badly: "the exact address and the location on the map" is one ask
  const what = list.includes("address") && list.includes("map_link") ? list.filter((g) => g !== "map_link") : list;
  return {
    lines,
    gaps: list,
    later: list.length ? fill(c.later, { what: c.and(what.map((g) => GAP_WORDS[g][voice])) }) : null,
  };
}

/**
 * A question about one thing the menu does not name ("how much is the matcha?" with no matcha on
 * the menu): a list of other items would not answer it. A food word the lexicon knows, or a word
 * after "price of" / "سعر", is a specific thing.
 */
function specificAsk(text: string): boolean {
  const words = messageWords(text);
  if (
    FOOD_WORDS.some(
      (f) =>
        f.kind === "head" &&
        (wordsOf(f.en).every((w) => words.has(w)) ||
          (wordsOf(f.ar).length > 0 && wordsOf(f.ar).every((w) => words.has(w)))),
    )
  )
    return true;
  return (
    /\b(?:how much (?:is|are|for) (?:the |a |your )?(?!it\b|this\b|that\b|they\b|everything\b|things\b|prices?\b)\w+|price of (?:the |a |your )?\w+)/iu.test(
      text,
    ) || /(?:سعر|بكم|حق)\s+(?:ال)?(?!اسعار)\p{Script=Arabic}{2,}/u.test(normalise(text))
  );
}

// ---------------------------------------------------------------- what a reply may state
export interface ProfileFacts {
  /** Numbers the profile holds (prices in fils as "1.500" and "1.5", hours' numbers, phone digits). */
  numbers: Set<string>;
  /** Links, lower-cased without a trailing slash. */
  urls: Set<string>;
  /** Phone numbers' last eight digits. */
  phones: Set<string>;
}

const latinDigits = (s: string) =>
  s
    .replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660))
    .replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0))
    .replace(/٫/g, ".");
const urlKey = (u: string) =>
  u
    .toLowerCase()
    .replace(/[).,،؛!?؟]+$/u, "")
    .replace(/\/+$/, "");

/** Every figure, link and phone number the business profile holds. */
export function factsOfProfile(b: BusinessProfile): ProfileFacts {
  const numbers = new Set<string>();
  const urls = new Set<string>();
  const phones = new Set<string>();
  const texts = [
    b.name,
    b.nameAr,
    b.area,
    b.hours,
    b.hoursAr,
    b.address,
    b.addressAr,
    b.ramadanHours,
    b.ramadanHoursAr,
    b.eidHours,
    b.eidHoursAr,
    ...(b.deliveryApps ?? []).map((a) => a.name),
  ];
  for (const m of b.menu ?? []) {
    texts.push(m.name, m.nameAr);
    if (m.priceKwd != null) {
      numbers.add(kwdText(m.priceKwd));
      numbers.add(String(m.priceKwd));
      numbers.add(String(Math.round(m.priceKwd * 1000))); // fils
    }
  }
  for (const t of texts)
    for (const n of latinDigits(t ?? "").match(/\d+(?:[.:]\d+)?/g) ?? []) {
      numbers.add(n);
      for (const part of n.split(/[.:]/)) numbers.add(part);
    }
  for (const u of [b.mapUrl, b.reservation?.url, ...(b.deliveryApps ?? []).map((a) => a.url)])
    if (u) urls.add(urlKey(u));
  for (const p of [b.publicPhone, b.reservation?.phone]) if (p) phones.add(latinDigits(p).replace(/\D/g, "").slice(-8));
  return { numbers, urls, phones };
}

/**
 * What a draft states that the profile does not hold: a link, a phone number, a price, a time or
 * any other figure, or a delivery app the café is not listed on (an empty list: every fact in it is
 * the profile's). The guest's own words are
 * allowed back too (`echo`: "the order for 4 people").
 */
export function inventedFacts(draft: string, b: BusinessProfile, echo = ""): string[] {
  const facts = factsOfProfile(b);
  const out: string[] = [];
  let rest = latinDigits(draft.normalize("NFC"));
  const guest = latinDigits(echo);
  for (const m of rest.match(
    /\b(?:https?:\/\/|www\.)[^\s<>"']+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|kw|app|co|io|gl|me|link|ly)\b(?:\/[^\s<>"']*)?/giu,
  ) ?? []) {
    const key = urlKey(m);
    if (
      ![...facts.urls].some(
        (u) => u === key || u === `https://${key}` || u.replace(/^https?:\/\//, "") === key.replace(/^https?:\/\//, ""),
      )
    )
      out.push(m);
    rest = rest.replace(m, " ");
  }
  for (const m of rest.match(/\+?\d[\d\s-]{6,}\d/g) ?? []) {
    const digits = m.replace(/\D/g, "");
    if (digits.length >= 7) {
      if (!facts.phones.has(digits.slice(-8)) && !guest.replace(/\D/g, "").includes(digits)) out.push(m.trim());
      rest = rest.replace(m, " ");
    }
  }
  // a delivery app the café is not listed on ("Yes, we're on Talabat!"), even when the guest named it
  const listed = new Set((b.deliveryApps ?? []).map((a) => a.app as string));
  const plainDraft = normalise(rest);
  for (const [app, re] of Object.entries(DELIVERY_APP_WORDS))
    if (!listed.has(app) && re.test(plainDraft)) out.push(DELIVERY_APPS[app as keyof typeof DELIVERY_APPS].en);
  const guestNumbers = new Set(guest.match(/\d+(?:[.:]\d+)?/g) ?? []);
  for (const n of rest.match(/\d+(?:[.:]\d+)?/g) ?? []) {
    const plain = n.replace(/^0+(?=\d)/, "");
    if (
      !facts.numbers.has(n) &&
      !facts.numbers.has(plain) &&
      !guestNumbers.has(n) &&
      !facts.numbers.has(n.replace(/\.?0+$/, ""))
    )
      out.push(n);
  }
  return out;
}
