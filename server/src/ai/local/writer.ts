// The offline copywriter: composes captions from the phrase banks, the business profile and the
// prompt. Each variant opens differently and is laid out differently; every slot is filled or its
// phrase is not used; each caption fits its platform as the platform counts (X weighted, hashtags
// included). Same request and seed, same captions.
import {
  composeText,
  DEFAULT_GENERATE_VARIANTS,
  MAX_GENERATE_VARIANTS,
  MIN_GENERATE_VARIANTS,
  PLATFORM_LIMITS,
  platformLength,
  truncateForPlatform,
  type ContentTone,
  type PlatformName,
} from "@sufra/schema";
import type { GenerateRequest, GenerateResult, GeneratedVariant } from "../types.ts";
import { AR } from "./copy.ar.ts";
import { EN } from "./copy.en.ts";
import type { CopyOccasion, LanguageCopy, Slots } from "./copy.types.ts";
import { inferOccasion, mulberry32, readProfile, readPrompt, shuffled, slotsFor, type PromptFacts } from "./facts.ts";
import { suggestHashtags } from "./hashtags.ts";
import { altTextFromMenuItem } from "./alt-text.ts";

type Lang = "en" | "ar";
const BANKS: Record<Lang, LanguageCopy> = { en: EN, ar: AR };

/** Snapchat captions stay this short, whatever the network allows. */
export const SNAPCHAT_MAX_LENGTH = 250;

/** Networks read as a story told in full (Instagram, a Facebook Page, Google); a TikTok caption is short, like a Snap's. */
const longForm = (p: PlatformName) => p === "instagram" || p === "google" || p === "facebook";
const shortForm = (p: PlatformName) => p === "snapchat" || p === "tiktok";

// ---------------------------------------------------------------- filling a phrase
/** The phrase with its slots filled, or null when a slot has no value. */
export function fillPhrase(template: string, slots: Slots, lang: Lang): string | null {
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
  if (lang === "en") t = t.replace(/(^|[.!?]\s+|\n)([a-z])/g, (_, before: string, c: string) => before + c.toUpperCase());
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
  langs: readonly Lang[],
  occasion: CopyOccasion,
  tone: ContentTone,
  slots: Record<Lang, Slots>,
  count: number,
  rnd: () => number,
  /** Which body lines variant v shows (its layout): only those count as used. */
  shows: (v: number, hasOffer: boolean) => { body: boolean; body2: boolean },
  /** Snapchat: openings and offers of one sentence, so the two make at most two. */
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
      if (ok) out.push({ text, dish: raw.includes("{dish}"), discount: raw.includes("{discount}"), price: raw.includes("{price}") });
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
    ...shuffled(lines.filter((e) => !e.dish), rnd),
  ];
  const dishBodies = shuffled([...lines.filter((e) => e.dish), ...entries((b) => b.dishLines)], rnd);
  const plainBodies = shuffled(lines.filter((e) => !e.dish), rnd);
  const allOffers = oneSentence(entries((b) => b.offers));
  const wanted = hasDiscount ? allOffers.filter((e) => e.discount) : hasPrice ? allOffers.filter((e) => e.price) : [];
  // with a dish, the offers that name it first
  const offers = [...shuffled(wanted.filter((e) => e.dish), rnd), ...shuffled(wanted.filter((e) => !e.dish), rnd)];
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
    const body = next([...plainBodies, ...dishBodies, ...spareLeads], v, visible.body, (e) => spare(e) + (hasDish && !dishSaid ? (e.dish ? 0 : 1) : e.dish ? 1000 : 0));
    const body2 = next([...plainBodies, ...spareLeads], v + 1, visible.body2, spare);
    const cta = next(ctas, v) ?? ctas[v % Math.max(ctas.length, 1)];
    for (const l of langs) {
      const bank = BANKS[l];
      const fill = (t: string) => fillPhrase(t, slots[l], l) ?? undefined;
      const priceLine = offer?.price ? undefined : (fill(bank.facts.price[0]!) ?? fill(bank.facts.price[1]!));
      plans[l].push({
        lead: lead.text[l]!,
        body: body?.text[l],
        body2: body2?.text[l],
        offer: offer?.text[l],
        cta: cta?.text[l] ?? "",
        place: fill(bank.facts.place[0]!) ?? fill(bank.facts.place[1]!),
        hours: fill(bank.facts.hours),
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

const join = (pieces: readonly Piece[]) => pieces.map((p, i) => (i === 0 ? p.text : p.sep + p.text)).join("").trim();

/** Instagram: paragraphs and lines, five layouts. */
function instagramPieces(p: Picks, layout: number, withFacts: boolean): Piece[] {
  const P = (text: string | undefined, sep: Piece["sep"], drop = 5): Piece[] => (text ? [{ text, sep, drop }] : []);
  const facts = withFacts ? [...P(p.priceLine, "\n\n", 3), ...P(p.place, p.priceLine ? "\n" : "\n\n", 2), ...P(p.hours, "\n", 4)] : [];
  switch (layout % 5) {
    case 0: // opening; body and offer; facts; call
      return [...P(p.lead, "", 0), ...P(p.body, "\n\n"), ...P(p.offer, p.body ? " " : "\n\n", 1), ...facts, ...P(p.cta, "\n\n", 6)];
    case 1: // opening, then a list
      return [
        ...P(p.lead, "", 0),
        ...P(p.body && `✨ ${p.body}`, "\n\n"),
        ...P(p.offer && `🏷️ ${p.offer}`, p.body ? "\n" : "\n\n", 1),
        ...(withFacts ? [...P(p.offer ? undefined : p.priceLine, "\n", 3), ...P(p.place, "\n", 2), ...P(p.hours, "\n", 4)] : []),
        ...P(p.cta, "\n\n", 6),
      ];
    case 2: // one paragraph, facts below
      return [...P(p.lead, "", 0), ...P(p.body, " "), ...P(p.offer, " ", 1), ...P(p.cta, " ", 6), ...facts];
    case 3: // opening and body together; the facts; the offer with the call to close
      return [...P(p.lead, "", 0), ...P(p.body, " "), ...facts, ...P(p.offer, "\n\n", 1), ...P(p.cta, p.offer ? " " : "\n\n", 6)];
    default: // a short story: two body lines, then the offer and the call
      return [...P(p.lead, "", 0), ...P(p.body, "\n\n"), ...P(p.body2, " ", 7), ...P(p.offer, "\n\n", 1), ...P(p.cta, "\n\n", 6), ...facts];
  }
}

/** X: a tight paragraph; the place on its own line when there is room. */
function xPieces(p: Picks, layout: number, withPlace: boolean): Piece[] {
  const P = (text: string | undefined, sep: Piece["sep"], drop: number): Piece[] => (text ? [{ text, sep, drop }] : []);
  const place = withPlace ? P(p.place, "\n", 3) : [];
  switch (layout % 5) {
    case 0:
      return [...P(p.lead, "", 0), ...P(p.body, " ", 5), ...P(p.offer, " ", 1), ...P(p.cta, " ", 6), ...place];
    case 1:
      return [...P(p.lead, "", 0), ...P(p.offer, " ", 1), ...P(p.cta, "\n", 6), ...place];
    case 2:
      return [...P(p.lead, "", 0), ...P(p.body, "\n\n", 5), ...P(p.offer, " ", 1), ...place];
    case 3:
      return [...P(p.lead, "", 0), ...P(p.offer, "\n\n", 1), ...P(p.cta, " ", 6), ...place];
    default:
      return [...P(p.lead, "", 0), ...P(p.body2 ?? p.body, " ", 5), ...P(p.offer, " ", 1), ...place];
  }
}

/** Snapchat: one or two sentences, the offer (or the dish) before the call. */
function snapPieces(p: Picks, layout: number, dish: string | undefined): Piece[] {
  const dishMissing = !!dish && !p.lead.includes(dish);
  const second = p.offer ?? (dishMissing || layout % 2 === 0 ? (p.body ?? p.cta) : p.cta || p.body);
  const out: Piece[] = [{ text: p.lead, sep: "", drop: 0 }];
  if (second && sentenceCount(p.lead) + sentenceCount(second) <= 2) out.push({ text: second, sep: " ", drop: 1 });
  return out;
}

/** The longest caption that fits: drops the latest-dropped pieces first, then hashtags, then cuts. */
function fit(platform: PlatformName, pieces: Piece[], hashtags: string[]): { content: string; hashtags: string[] } {
  const limit = platform === "snapchat" ? Math.min(SNAPCHAT_MAX_LENGTH, PLATFORM_LIMITS.snapchat.maxLength) : PLATFORM_LIMITS[platform].maxLength;
  const fits = (content: string, tags: string[]) => platformLength(platform, composeText(content, tags)) <= limit;
  let current = [...pieces];
  for (;;) {
    for (let n = hashtags.length; n >= Math.min(1, hashtags.length); n--) {
      const content = join(current);
      if (fits(content, hashtags.slice(0, n))) return { content, hashtags: hashtags.slice(0, n) };
    }
    const droppable = current.filter((p) => p.drop > 0);
    if (!droppable.length) break;
    const worst = droppable.reduce((a, b) => (b.drop >= a.drop ? b : a));
    const at = current.lastIndexOf(worst);
    current = current.filter((_, i) => i !== at);
    // the first piece left needs no separator
    if (current[0]) current[0] = { ...current[0], sep: "" };
  }
  const content = join(current);
  if (fits(content, [])) return { content, hashtags: [] };
  return { content: truncateForPlatform(platform, content, limit), hashtags: [] };
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
  const count = Math.min(MAX_GENERATE_VARIANTS, Math.max(MIN_GENERATE_VARIANTS, Number.isFinite(req.variants) ? Math.floor(req.variants) : DEFAULT_GENERATE_VARIANTS));
  const prompt = (req.prompt ?? "").normalize("NFC").trim();
  // the photo's menu item, when the prompt names no dish of the menu: the built-in writer sees no photo,
  // so it writes from what the person said the photo shows (docs/product.md#captions-from-the-photo)
  const photoItem = req.photos?.find((p) => p.menuItem?.name)?.menuItem;
  let facts: PromptFacts = readPrompt(prompt, req.business);
  if (photoItem && !facts.menuItem) facts = readPrompt(`${photoItem.name} ${prompt}`, { ...req.business, menu: [photoItem, ...(req.business.menu ?? []).filter((m) => m.name !== photoItem.name)] });
  const profile = readProfile(req.business);
  const occasion: CopyOccasion = req.occasion ?? inferOccasion(prompt) ?? (facts.dishEn || facts.dishAr ? "food_photo" : "general");
  const langs: Lang[] = req.language === "both" ? ["ar", "en"] : [req.language];
  const slots = Object.fromEntries(langs.map((l) => [l, slotsFor(l, facts, profile)])) as Record<Lang, Slots>;
  const layouts = shuffled([0, 1, 2, 3, 4], rnd);
  const layoutOf = (v: number) => layouts[v % layouts.length]!;
  const shows = (v: number, hasOffer: boolean) => {
    const layout = layoutOf(v) % 5;
    // a Google post reads like an Instagram caption without hashtags: the whole story fits in 1,500
    if (longForm(req.platform)) return { body: true, body2: layout === 4 };
    if (req.platform === "twitter") return { body: layout === 0 || layout === 2, body2: layout === 4 };
    return { body: !hasOffer, body2: false };
  };
  const plans = planVariants(langs, occasion, req.tone, slots, count, rnd, shows, shortForm(req.platform));

  const variants: GeneratedVariant[] = [];
  for (let v = 0; v < count; v++) {
    const layout = layoutOf(v);
    const parts = langs.map((l) => plans[l][v]!);
    let pieces: Piece[];
    if (longForm(req.platform)) {
      if (parts.length === 1) pieces = instagramPieces(parts[0]!, layout, true);
      else {
        // Arabic, then English, then the facts once in each language
        const [ar, en] = parts as [Picks, Picks];
        const facts: Piece[] = [];
        const add = (text: string | undefined, sep: Piece["sep"], drop: number) => text && facts.push({ text, sep: facts.length ? sep : "\n\n", drop });
        add(en.priceLine, "\n", 3);
        add(ar.place, "\n", 2);
        add(en.place, "\n", 2);
        add(en.hours ?? ar.hours, "\n", 4);
        const second = instagramPieces(en, layout + 1, false);
        pieces = [...instagramPieces(ar, layout, false), { ...second[0]!, sep: "\n\n" }, ...second.slice(1), ...facts];
      }
    } else if (req.platform === "twitter") {
      if (parts.length === 1) pieces = xPieces(parts[0]!, layout, true);
      else {
        const [ar, en] = parts as [Picks, Picks];
        const a = xPieces(ar, layout, false).map((p) => ({ ...p, drop: p.drop === 0 ? 0 : p.drop + 0.5 }));
        const e = xPieces(en, layout + 1, true);
        pieces = [...a, { ...e[0]!, sep: "\n\n" }, ...e.slice(1)];
      }
    } else {
      const snap = (l: Lang, p: Picks) => snapPieces(p, layout, slots[l].dish);
      pieces = langs.length === 1 ? snap(langs[0]!, parts[0]!) : [...snap("ar", parts[0]!), ...snap("en", parts[1]!).map((p, i) => (i === 0 ? { ...p, sep: "\n\n" as const } : p))];
    }
    const draft = join(pieces);
    const tags = suggestHashtags({
      content: draft,
      platform: req.platform,
      occasion: occasion === "general" ? undefined : occasion,
      business: req.business,
      language: req.language,
      dishWords: facts.dishWords,
    });
    const fitted = fit(req.platform, pieces, tags);
    variants.push({ content: fitted.content, hashtags: fitted.hashtags, language: req.language });
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
