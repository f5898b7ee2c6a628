// The offline copywriter: composes captions from the phrase banks, the business profile and the
// prompt. Each variant opens differently and is laid out differently; every slot is filled or its
// phrase is not used; each caption fits its platform as the platform counts (platformLength, hashtags
// included), laid out as its pack's `writing` says (docs/architecture.md#network-packs). Same request
// and seed, same captions.
import {
  CAPTION_LENGTH_LIMITS,
  composeText,
  DEFAULT_GENERATE_VARIANTS,
  EMOJI_HABIT_LIMITS,
  MAX_GENERATE_VARIANTS,
  MIN_GENERATE_VARIANTS,
  NETWORK_PACKS,
  PLATFORM_LIMITS,
  platformLength,
  truncateForPlatform,
  type BusinessVoice,
  type ContentTone,
  type PlatformName,
} from "@sufra/schema";
import type { GenerateRequest, GenerateResult, GeneratedVariant } from "../types.ts";
import { AR } from "./copy.ar.ts";
import { EN } from "./copy.en.ts";
import { GULF } from "./copy.gulf.ts";
import type { CopyOccasion, LanguageCopy, Slots } from "./copy.types.ts";
import {
  formatKwd,
  inferOccasion,
  mulberry32,
  readProfile,
  readPrompt,
  shuffled,
  slotsFor,
  type PromptFacts,
} from "./facts.ts";
import { suggestHashtags } from "./hashtags.ts";
import { altTextFromMenuItem } from "./alt-text.ts";

type Lang = "en" | "ar";
type Banks = Record<Lang, LanguageCopy>;
/**
 * The phrase banks of a voice: Arabic in Gulf (Kuwaiti) dialect or in Modern Standard Arabic, never
 * both in one caption (ai/dialect.ts). Gulf when the voice says nothing: schema/src/voice.ts's VOICE_DEFAULTS.
 */
const banksFor = (variety: BusinessVoice["arabicVariety"] | undefined): Banks => ({
  en: EN,
  ar: variety === "msa" ? AR : GULF,
});

/** The longest caption a writer gives a network: its pack's own caption length, within the network's limit. */
export const captionLimit = (p: PlatformName) =>
  Math.min(NETWORK_PACKS[p].writing.maxLength ?? Infinity, PLATFORM_LIMITS[p].maxLength);

/** The pack's layout (docs/architecture.md#network-packs): a story told in full, a tight paragraph, or one or two sentences. */
const formOf = (p: PlatformName) => NETWORK_PACKS[p].writing.layout;

// ---------------------------------------------------------------- filling a phrase
/** The phrase with its slots filled, or null when a slot has no value. */
function fillPhrase(template: string, slots: Slots, lang: Lang): string | null {
  let missing = false;
  const text = template.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = slots[k as keyof Slots];
    if (!v) missing = true;
    return v ?? "";
  });
  return missing ? null : tidy(text, lang);
}

function tidy(text: string, lang: Lang): string {
  let t = text
    .replace(/د\.ك\.\./g, "د.ك.")
    .replace(/KWD\.\./g, "KWD.")
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ ([,.;:!?،؛؟])/g, "$1")
    .replace(/\(\s*\)/g, "")
    .trim();
  // a dish written in lower case at the start of a sentence
  if (lang === "en")
    t = t.replace(/(^|[.!?]\s+|\n)([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase());
  return t;
}

/** Sentences in a text (the dot of "د.ك." and of "2.750" ends none). */
export function sentenceCount(text: string): number {
  const t = text.replace(/د\.ك\./g, "دك").replace(/(\d)[.٫](\d)/g, "$1$2");
  return t.split(/(?<=[.!?؟…])\s+|\n+/u).filter((p) => /\p{L}/u.test(p)).length;
}

// ---------------------------------------------------------------- what each variant says
interface Picks {
  lead: string;
  body?: string;
  body2?: string;
  offer?: string;
  cta: string;
  place?: string;
  hours?: string;
  /** The time the prompt names ("⏰ from 4 to 7 PM"). */
  time?: string;
  priceLine?: string;
}

/** Where a variant borrows its opening when the tone's own are used up. */
const NEIGHBOUR_TONES: Record<ContentTone, readonly ContentTone[]> = {
  friendly: ["family", "playful"],
  premium: ["family", "friendly"],
  playful: ["friendly", "family"],
  family: ["friendly", "premium"],
};

/** A phrase filled in every language of the caption (the banks are parallel, index for index). */
interface Entry {
  text: Partial<Record<Lang, string>>;
  dish: boolean;
  discount: boolean;
  price: boolean;
}

/**
 * Each pool shuffled once; variant v takes the v-th of each, so no two variants open alike. With
 * both languages, the Arabic and the English say the same thing: a phrase is used only when it
 * fills in both.
 */
function planVariants(
  BANKS: Banks,
  langs: readonly Lang[],
  occasion: CopyOccasion,
  tone: ContentTone,
  slots: Record<Lang, Slots>,
  count: number,
  rnd: () => number,
  /** Which body lines variant v shows (its layout): only those count as used. */
  shows: (v: number, hasOffer: boolean) => { body: boolean; body2: boolean },
  /** A short caption: openings and offers of one sentence, so the two make at most two. */
  short = false,
): Record<Lang, Picks[]> {
  const entries = (pick: (bank: LanguageCopy) => readonly string[]): Entry[] => {
    const lists = langs.map((l) => pick(BANKS[l]));
    const n = Math.min(...lists.map((x) => x.length));
    const out: Entry[] = [];
    for (let i = 0; i < n; i++) {
      const text: Partial<Record<Lang, string>> = {};
      let ok = true;
      langs.forEach((l, k) => {
        const filled = fillPhrase(lists[k]![i]!, slots[l], l);
        if (filled) text[l] = filled;
        else ok = false;
      });
      const raw = lists[0]![i]!;
      if (ok)
        out.push({
          text,
          dish: raw.includes("{dish}"),
          discount: raw.includes("{discount}"),
          price: raw.includes("{price}"),
        });
    }
    return out;
  };
  const occ = (b: LanguageCopy) => b.occasions[occasion];
  const lines = entries((b) => occ(b).lines);
  const hasDish = langs.every((l) => !!slots[l].dish);
  const hasDiscount = langs.every((l) => !!slots[l].discount);
  const hasPrice = langs.every((l) => !!slots[l].price);

  // once the tone's openings are used: a neighbouring tone's, then lines that need no dish
  const oneSentence = (list: Entry[]) => {
    if (!short) return list;
    const one = list.filter((e) => langs.every((l) => sentenceCount(e.text[l]!) === 1));
    return one.length ? one : list;
  };
  const leadPool = [
    ...shuffled(oneSentence(entries((b) => occ(b).leads[tone])), rnd),
    ...NEIGHBOUR_TONES[tone].flatMap((t) => shuffled(oneSentence(entries((b) => occ(b).leads[t])), rnd)),
    ...shuffled(
      lines.filter((e) => !e.dish),
      rnd,
    ),
  ];
  const dishBodies = shuffled([...lines.filter((e) => e.dish), ...entries((b) => b.dishLines)], rnd);
  const plainBodies = shuffled(
    lines.filter((e) => !e.dish),
    rnd,
  );
  const allOffers = oneSentence(entries((b) => b.offers));
  const wanted = hasDiscount ? allOffers.filter((e) => e.discount) : hasPrice ? allOffers.filter((e) => e.price) : [];
  // with a dish, the offers that name it first
  const dishOffers = shuffled(
    wanted.filter((e) => e.dish),
    rnd,
  );
  // a short caption has room for one offer: with a discount, the one that names the prompt's dish
  const offers =
    short && hasDish && hasDiscount && dishOffers.length
      ? dishOffers
      : [
          ...dishOffers,
          ...shuffled(
            wanted.filter((e) => !e.dish),
            rnd,
          ),
        ];
  const ctas = shuffled([...entries((b) => b.ctas[tone]), ...entries((b) => occ(b).ctas)], rnd);

  const plans = Object.fromEntries(langs.map((l) => [l, [] as Picks[]])) as Record<Lang, Picks[]>;
  // how often each phrase is already used by the variants before: the least used comes next
  const uses = new Map<Entry, number>();
  const leads = leadPool.slice(0, count);
  // openings no variant opens with can still serve as a body line when the lines run out
  const spareLeads = new Set(leadPool.slice(count).filter((e) => !lines.includes(e)));
  for (const l of leads) uses.set(l, 2);
  for (let v = 0; v < count; v++) {
    const lead = leads[v % leads.length]!;
    const used = new Set<Entry>([lead]);
    const next = (pool: readonly Entry[], start: number, count = true, penalty: (e: Entry) => number = () => 0) => {
      let best: Entry | undefined;
      let bestScore = Infinity;
      for (let i = 0; i < pool.length; i++) {
        const e = pool[(start + i) % pool.length]!;
        const score = (uses.get(e) ?? 0) * 10 + penalty(e);
        if (!used.has(e) && score < bestScore) [best, bestScore] = [e, score];
      }
      if (best) {
        used.add(best);
        if (count) uses.set(best, (uses.get(best) ?? 0) + 1);
      }
      return best;
    };
    const offer = offers.length ? offers[v % offers.length] : undefined;
    if (offer) used.add(offer);
    const dishSaid = lead.dish || !!offer?.dish;
    // the dish named once: in the body unless the opening or the offer already names it
    const visible = shows(v, !!offer);
    const spare = (e: Entry) => (spareLeads.has(e) ? 5 : 0);
    const body = next(
      [...plainBodies, ...dishBodies, ...spareLeads],
      v,
      visible.body,
      (e) => spare(e) + (hasDish && !dishSaid ? (e.dish ? 0 : 1) : e.dish ? 1000 : 0),
    );
    const body2 = next([...plainBodies, ...spareLeads], v + 1, visible.body2, spare);
    const cta = next(ctas, v) ?? ctas[v % Math.max(ctas.length, 1)];
    for (const l of langs) {
      const bank = BANKS[l];
      const fill = (t: string) => fillPhrase(t, slots[l], l) ?? undefined;
      const priceLine = offer?.price ? undefined : (fill(bank.facts.price[0]!) ?? fill(bank.facts.price[1]!));
      const time = fill(bank.facts.time);
      plans[l].push({
        lead: lead.text[l]!,
        body: body?.text[l],
        body2: body2?.text[l],
        offer: offer?.text[l],
        cta: cta?.text[l] ?? "",
        place: fill(bank.facts.place[0]!) ?? fill(bank.facts.place[1]!),
        hours: fill(bank.facts.hours),
        time,
        priceLine,
      });
    }
  }
  return plans;
}

// ---------------------------------------------------------------- laying a caption out
/** A piece of a caption: its text, the separator before it, and how late it is dropped (0 never). */
interface Piece {
  text: string;
  sep: "" | " " | "\n" | "\n\n";
  drop: number;
}

const join = (pieces: readonly Piece[]) =>
  pieces
    .map((p, i) => (i === 0 ? p.text : p.sep + p.text))
    .join("")
    .trim();

/** A story told in full: paragraphs and lines, five layouts. */
function storyPieces(p: Picks, layout: number, withFacts: boolean): Piece[] {
  const P = (text: string | undefined, sep: Piece["sep"], drop = 5): Piece[] => (text ? [{ text, sep, drop }] : []);
  const facts = withFacts
    ? [
        ...P(p.priceLine, "\n\n", 3),
        ...P(p.time, p.priceLine ? "\n" : "\n\n", 2),
        ...P(p.place, p.priceLine || p.time ? "\n" : "\n\n", 2),
        ...P(p.hours, "\n", 4),
      ]
    : [];
  switch (layout % 5) {
    case 0: // opening; body and offer; facts; call
      return [
        ...P(p.lead, "", 0),
        ...P(p.body, "\n\n"),
        ...P(p.offer, p.body ? " " : "\n\n", 1),
        ...facts,
        ...P(p.cta, "\n\n", 6),
      ];
    case 1: // opening, then a list
      return [
        ...P(p.lead, "", 0),
        ...P(p.body && `✨ ${p.body}`, "\n\n"),
        ...P(p.offer && `🏷️ ${p.offer}`, p.body ? "\n" : "\n\n", 1),
        ...(withFacts
          ? [
              ...P(p.offer ? undefined : p.priceLine, "\n", 3),
              ...P(p.time, "\n", 2),
              ...P(p.place, "\n", 2),
              ...P(p.hours, "\n", 4),
            ]
          : []),
        ...P(p.cta, "\n\n", 6),
      ];
    case 2: // one paragraph, facts below
      return [...P(p.lead, "", 0), ...P(p.body, " "), ...P(p.offer, " ", 1), ...P(p.cta, " ", 6), ...facts];
    case 3: // opening and body together; the facts; the offer with the call to close
      return [
        ...P(p.lead, "", 0),
        ...P(p.body, " "),
        ...facts,
        ...P(p.offer, "\n\n", 1),
        ...P(p.cta, p.offer ? " " : "\n\n", 6),
      ];
    default: // a short story: two body lines, then the offer and the call
      return [
        ...P(p.lead, "", 0),
        ...P(p.body, "\n\n"),
        ...P(p.body2, " ", 7),
        ...P(p.offer, "\n\n", 1),
        ...P(p.cta, "\n\n", 6),
        ...facts,
      ];
  }
}

/** A tight paragraph; the place on its own line when there is room. */
function tightPieces(p: Picks, layout: number, withPlace: boolean, dish?: string): Piece[] {
  const P = (text: string | undefined, sep: Piece["sep"], drop: number): Piece[] => (text ? [{ text, sep, drop }] : []);
  const place = withPlace ? [...P(p.time, "\n", 2), ...P(p.place, p.time ? " " : "\n", 3)] : [];
  // a layout without a body still names the prompt's dish: with the body line that names it
  const dishBody =
    dish && !p.lead.includes(dish) && !p.offer?.includes(dish) && p.body?.includes(dish) ? p.body : undefined;
  switch (layout % 5) {
    case 0:
      return [...P(p.lead, "", 0), ...P(p.body, " ", 5), ...P(p.offer, " ", 1), ...P(p.cta, " ", 6), ...place];
    case 1:
      return [...P(p.lead, "", 0), ...P(dishBody, " ", 5), ...P(p.offer, " ", 1), ...P(p.cta, "\n", 6), ...place];
    case 2:
      return [...P(p.lead, "", 0), ...P(p.body, "\n\n", 5), ...P(p.offer, " ", 1), ...place];
    case 3:
      return [...P(p.lead, "", 0), ...P(dishBody, " ", 5), ...P(p.offer, "\n\n", 1), ...P(p.cta, " ", 6), ...place];
    default:
      return [...P(p.lead, "", 0), ...P(dishBody ?? p.body2 ?? p.body, " ", 5), ...P(p.offer, " ", 1), ...place];
  }
}

/** One or two sentences, the offer (or the dish) before the call. */
function shortPieces(
  p: Picks,
  layout: number,
  dish: string | undefined,
  extras: readonly string[],
  lang: Lang,
): Piece[] {
  const dishMissing = !!dish && !p.lead.includes(dish);
  const second = p.offer ?? (dishMissing || layout % 2 === 0 ? (p.body ?? p.cta) : p.cta || p.body);
  const out: Piece[] = [{ text: p.lead, sep: "", drop: 0 }];
  if (second && sentenceCount(p.lead) + sentenceCount(second) <= 2) out.push({ text: second, sep: " ", drop: 1 });
  // the prompt's time and place in brackets inside the last sentence: still one or two sentences
  const said = extras.filter((e) => !out.some((o) => o.text.includes(e)));
  if (said.length) {
    const last = out[out.length - 1]!;
    const inside = `(${said.join(lang === "ar" ? "، " : ", ")})`;
    const m = /^(.*?)([.!?؟…]*)(\s*\p{Extended_Pictographic}*\uFE0F?\s*)$/su.exec(last.text);
    out[out.length - 1] = { ...last, text: m ? `${m[1]} ${inside}${m[2]}${m[3]}` : `${last.text} ${inside}` };
  }
  return out;
}

/**
 * The longest caption that fits: drops the latest-dropped pieces first, then hashtags, then cuts.
 * `budget` (the voice's length, in characters of text) drops only pieces that carry no fact of the
 * prompt (isFact); the platform's limit may drop any but the opening, facts last.
 */
function fit(
  platform: PlatformName,
  pieces: Piece[],
  hashtags: string[],
  budget = Infinity,
  isFact: (text: string) => boolean = () => false,
): { content: string; hashtags: string[] } {
  const limit = captionLimit(platform);
  const fits = (content: string, tags: string[]) => platformLength(platform, composeText(content, tags)) <= limit;
  // a line that names a fact of the prompt (the dish in the body) is dropped after the other lines
  let current = pieces.map((p) => (p.drop >= 5 && isFact(p.text) ? { ...p, drop: 1.5 } : p));
  const dropOne = (candidates: Piece[]) => {
    const worst = candidates.reduce((a, b) => (b.drop >= a.drop ? b : a));
    const at = current.lastIndexOf(worst);
    current = current.filter((_, i) => i !== at);
    // the first piece left needs no separator
    if (current[0]) current[0] = { ...current[0], sep: "" };
  };
  for (;;) {
    if ([...join(current)].length <= budget) break;
    const spare = current.filter((p) => p.drop >= 5 && !isFact(p.text));
    if (!spare.length) break;
    dropOne(spare);
  }
  for (;;) {
    for (let n = hashtags.length; n >= Math.min(1, hashtags.length); n--) {
      const content = join(current);
      if (fits(content, hashtags.slice(0, n))) return { content, hashtags: hashtags.slice(0, n) };
    }
    const droppable = current.filter((p) => p.drop > 0);
    if (!droppable.length) break;
    dropOne(droppable);
  }
  const content = join(current);
  if (fits(content, [])) return { content, hashtags: [] };
  return { content: truncateForPlatform(platform, content, limit), hashtags: [] };
}

// ---------------------------------------------------------------- the voice's emoji
const EMOJI = /\p{Extended_Pictographic}\uFE0F?|\p{Regional_Indicator}{2}/gu;
/** The emoji a voice of "many" adds where a caption has too few, by occasion. */
const OCCASION_EMOJI: Record<CopyOccasion, readonly string[]> = {
  general: ["😋", "✨", "🤍"],
  new_dish: ["✨", "😍", "🆕"],
  menu_promotion: ["🙌", "🏷️", "🔥"],
  food_photo: ["😋", "📸", "🤤"],
  weekend: ["🎉", "😊", "☕"],
  ramadan_iftar: ["🌙", "🤍", "✨"],
  ramadan_suhoor: ["🌙", "✨", "🤍"],
  eid_al_fitr: ["🎉", "🌙", "✨"],
  eid_al_adha: ["✨", "🌙", "🤍"],
  national_day: ["🇰🇼", "💚", "🤍"],
  liberation_day: ["🇰🇼", "🤍", "✨"],
  islamic_new_year: ["🌙", "✨", "🤍"],
  prophets_birthday: ["🌙", "✨", "🤍"],
  back_to_school: ["🎒", "📚", "✨"],
  school_holidays: ["🎈", "☀️", "🤍"],
  summer_nights: ["🌙", "☀️", "🧊"],
};
/** Spaces and line ends tidied after emoji are taken out. */
const tidyAfterEmoji = (text: string) =>
  text
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([.!?،؟,])/g, "$1")
    .split("\n")
    .map((l) => l.trim())
    .join("\n")
    .trim();
const stripEmoji = (text: string) => tidyAfterEmoji(text.replace(EMOJI, ""));
/** The text with only the emoji `keep` says yes to (asked in reading order). */
const stripEmojiAfter = (text: string, keep: () => boolean) => {
  const t = text.replace(EMOJI, (e) => (keep() ? e : ""));
  return t === text ? t : tidyAfterEmoji(t);
};

/** The pieces with the voice's emoji habit: none removes them, few keeps the first two, many adds up to three. */
function applyEmoji(pieces: Piece[], habit: BusinessVoice["emoji"], occasion: CopyOccasion): Piece[] {
  if (habit === "none") return pieces.map((p) => ({ ...p, text: stripEmoji(p.text) })).filter((p) => p.text);
  if (habit === "few") {
    let kept = 0;
    return pieces
      .map((p) => ({ ...p, text: stripEmojiAfter(p.text, () => ++kept <= EMOJI_HABIT_LIMITS.few) }))
      .filter((p) => p.text);
  }
  // counted on the openings (never dropped to fit), so the caption keeps them whatever else must go
  const openings = pieces.filter((p) => p.drop === 0);
  const count = openings.reduce((n, p) => n + (p.text.match(EMOJI) ?? []).length, 0);
  if (count >= EMOJI_HABIT_LIMITS.many) return pieces;
  const pool = [...OCCASION_EMOJI[occasion], ...OCCASION_EMOJI.general];
  const add = [...new Set(pool)]
    .filter((e) => !openings.some((p) => p.text.includes(e)))
    .slice(0, EMOJI_HABIT_LIMITS.many - count);
  const out = pieces.map((p) => ({ ...p }));
  const leads = out.filter((p) => p.drop === 0);
  // one opening's share after another (a caption in both languages has two)
  add.forEach((e, i) => {
    const p = leads[i % leads.length]!;
    p.text = `${p.text} ${e}`;
  });
  return out;
}

// ---------------------------------------------------------------- the prompt's facts
/** Each fact of the prompt, as written there, with its forms in each language (absent: that language cannot say it). */
function promptFacts(
  facts: PromptFacts,
  slots: Record<Lang, Slots>,
  langs: readonly Lang[],
): { raw: string; forms: string[] }[] {
  const out: { raw: string; forms: string[] }[] = [];
  const forms = (k: keyof Slots) => langs.map((l) => slots[l][k]).filter((v): v is string => !!v);
  if (facts.dishEn || facts.dishAr) out.push({ raw: facts.dishEn ?? facts.dishAr!, forms: forms("dish") });
  if (facts.discountPct !== undefined) out.push({ raw: `${facts.discountPct}%`, forms: forms("discount") });
  if (facts.priceKwd !== undefined && !facts.menuItem?.priceKwd)
    out.push({ raw: formatKwd(facts.priceKwd, "en"), forms: forms("price") });
  if (facts.time) out.push({ raw: facts.time.raw, forms: forms("time") });
  if (facts.place) out.push({ raw: facts.place.raw, forms: forms("area") });
  if (facts.notesEn || facts.notesAr) out.push({ raw: facts.notesEn ?? facts.notesAr!, forms: forms("notes") });
  return out;
}

// ---------------------------------------------------------------- the writer
export interface LocalWriterOptions {
  /** Picks a seed when the request has none (tests pass a fixed one). */
  randomSeed?: () => number;
}

/** Same request, same seed: same captions. */
export function generateLocal(req: GenerateRequest, options: LocalWriterOptions = {}): GenerateResult {
  const seed = (req.seed ?? (options.randomSeed ?? (() => Math.floor(Math.random() * 2 ** 32)))()) >>> 0;
  const rnd = mulberry32(seed);
  const count = Math.min(
    MAX_GENERATE_VARIANTS,
    Math.max(
      MIN_GENERATE_VARIANTS,
      Number.isFinite(req.variants) ? Math.floor(req.variants) : DEFAULT_GENERATE_VARIANTS,
    ),
  );
  const prompt = (req.prompt ?? "").normalize("NFC").trim();
  // the photo's menu item, when the prompt names no dish of the menu: the built-in writer sees no photo,
  // so it writes from what the person said the photo shows (docs/product.md#captions-from-the-photo)
  const photoItem = req.photos?.find((p) => p.menuItem?.name)?.menuItem;
  let facts: PromptFacts = readPrompt(prompt, req.business);
  if (photoItem && !facts.menuItem)
    facts = readPrompt(`${photoItem.name} ${prompt}`, {
      ...req.business,
      menu: [photoItem, ...(req.business.menu ?? []).filter((m) => m.name !== photoItem.name)],
    });
  const profile = readProfile(req.business);
  const occasion: CopyOccasion =
    req.occasion ?? inferOccasion(prompt) ?? (facts.dishEn || facts.dishAr ? "food_photo" : "general");
  const voice = req.voice;
  const banks = banksFor(voice?.arabicVariety);
  // both languages: Arabic first unless the voice puts English first
  const langs: Lang[] =
    req.language === "both" ? (voice?.languageOrder === "en_first" ? ["en", "ar"] : ["ar", "en"]) : [req.language];
  const slots = Object.fromEntries((["ar", "en"] as const).map((l) => [l, slotsFor(l, facts, profile)])) as Record<
    Lang,
    Slots
  >;
  const form = formOf(req.platform);
  const layouts = shuffled([0, 1, 2, 3, 4], rnd);
  const layoutOf = (v: number) => layouts[v % layouts.length]!;
  const long = voice?.length === "long";
  const shows = (v: number, hasOffer: boolean) => {
    const layout = layoutOf(v) % 5;
    if (form === "story") return { body: true, body2: layout === 4 || long };
    if (form === "tight") return { body: layout === 0 || layout === 2, body2: layout === 4 };
    return { body: !hasOffer, body2: false };
  };
  const plans = planVariants(banks, langs, occasion, req.tone, slots, count, rnd, shows, form === "short");
  const known = promptFacts(facts, slots, langs);
  const isFact = (text: string) => known.some((f) => f.forms.some((form) => text.includes(form)));
  // the voice's length, per language part (a caption in both languages may be twice as long)
  const budget = !voice || voice.length === "long" ? Infinity : CAPTION_LENGTH_LIMITS[voice.length] * langs.length;

  const variants: GeneratedVariant[] = [];
  for (let v = 0; v < count; v++) {
    const layout = layoutOf(v);
    const parts = langs.map((l) => plans[l][v]!);
    let pieces: Piece[];
    if (form === "story") {
      if (parts.length === 1) pieces = storyPieces(parts[0]!, layout, true);
      else {
        // the first language, then the second, then the facts once in each language
        const [first, second] = parts as [Picks, Picks];
        const en = langs[0] === "en" ? first : second;
        const ar = langs[0] === "ar" ? first : second;
        const factPieces: Piece[] = [];
        const add = (text: string | undefined, sep: Piece["sep"], drop: number) =>
          text && factPieces.push({ text, sep: factPieces.length ? sep : "\n\n", drop });
        add(en.priceLine, "\n", 3);
        // the prompt's time in each language: it is the offer's, and both readers need it
        add(first.time, "\n", 2);
        add(second.time, "\n", 2);
        add(first.place, "\n", 2);
        add(second.place, "\n", 2);
        add(en.hours ?? ar.hours, "\n", 4);
        const next = storyPieces(second, layout + 1, false);
        pieces = [...storyPieces(first, layout, false), { ...next[0]!, sep: "\n\n" }, ...next.slice(1), ...factPieces];
      }
    } else if (form === "tight") {
      if (parts.length === 1) pieces = tightPieces(parts[0]!, layout, true, slots[langs[0]!].dish);
      else {
        const [first, second] = parts as [Picks, Picks];
        const a = tightPieces(first, layout, false, slots[langs[0]!].dish).map((p) => ({
          ...p,
          drop: p.drop === 0 ? 0 : p.drop + 0.5,
        }));
        const e = tightPieces(second, layout + 1, true, slots[langs[1]!].dish);
        pieces = [...a, { ...e[0]!, sep: "\n\n" }, ...e.slice(1)];
      }
    } else {
      const extras = (l: Lang) =>
        [slots[l].time, facts.place ? slots[l].area : undefined].filter((x): x is string => !!x);
      const snap = (l: Lang, p: Picks) => shortPieces(p, layout, slots[l].dish, extras(l), l);
      pieces =
        langs.length === 1
          ? snap(langs[0]!, parts[0]!)
          : [
              ...snap(langs[0]!, parts[0]!),
              ...snap(langs[1]!, parts[1]!).map((p, i) => (i === 0 ? { ...p, sep: "\n\n" as const } : p)),
            ];
    }
    if (voice) pieces = applyEmoji(pieces, voice.emoji, occasion);
    const draft = join(pieces);
    const tags = suggestHashtags({
      content: draft,
      platform: req.platform,
      occasion: occasion === "general" ? undefined : occasion,
      business: req.business,
      language: req.language,
      dishWords: facts.dishWords,
      ...(voice ? { max: voice.hashtagCount, script: voice.hashtagScript } : {}),
    });
    const fitted = fit(req.platform, pieces, tags, budget, isFact);
    const unused = known
      .filter((f) => !f.forms.length || !f.forms.some((form) => fitted.content.includes(form)))
      .map((f) => f.raw);
    variants.push({
      content: fitted.content,
      hashtags: fitted.hashtags,
      language: req.language,
      ...(unused.length ? { unusedFacts: unused } : {}),
    });
  }
  return { variants, provider: "local", seed, ...photoFacts(req) };
}

/** With photos: none was seen; alt text from each photo's menu item, where it has one. */
export function photoFacts(req: Pick<GenerateRequest, "photos">): Pick<GenerateResult, "photosSeen" | "altTexts"> {
  if (!req.photos?.length) return {};
  const altTexts = req.photos.flatMap((p) => {
    const alt = altTextFromMenuItem(p.menuItem);
    return alt ? [{ mediaId: p.mediaId, ...alt, source: "menu_item" as const }] : [];
  });
  return { photosSeen: false, altTexts };
}
