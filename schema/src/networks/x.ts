// X's pack (docs/architecture.md#network-packs): its options (a thread, a link in a reply), its media rules
// and limits, and an over-long X post as a thread: the caption cut into numbered parts ("1/3 …") that each fit the
// account's limit, so the composer previews exactly what the X adapter posts (the adapter and
// previewPost both call xPostParts in posts.ts, which hands this splitter X's own counting).
// Cuts fall only on whitespace, so a URL, a hashtag or a word is never split: first after a sentence
// ends (. ! ? and the Arabic ؟ ۔, a closing quote or bracket may follow) or at a line break, then
// between words inside a sentence too long for one part; only a single "word" longer than a whole
// part (no space in it) is cut by characters, never inside a grapheme.
import { z } from "zod";
import { MB, type NetworkPack, optionKey } from "./common.ts";

/** What ends a sentence: Latin and Arabic punctuation, then any closing quotes or brackets. */
const SENTENCE_END = /[.!?؟۔…][)"'»”’\]]*$/u;

interface Unit {
  text: string;
  /** the whitespace that followed it in the caption ("" at the end, or inside a cut word) */
  sep: string;
}

/** The text cut at whitespace: each unit with the whitespace after it. */
function words(text: string): Unit[] {
  const out: Unit[] = [];
  for (const m of text.matchAll(/(\S+)(\s*)/gu)) out.push({ text: m[1]!, sep: m[2]! });
  return out;
}

/** Words grouped into sentences: a sentence ends after final punctuation or at a line break. */
function sentences(text: string): Unit[] {
  const out: Unit[] = [];
  let current: Unit[] = [];
  const flush = (sep: string) => {
    if (current.length) out.push({ text: join(current), sep });
    current = [];
  };
  for (const w of words(text)) {
    current.push(w);
    if (w.sep.includes("\n") || SENTENCE_END.test(w.text)) flush(w.sep);
  }
  flush("");
  return out;
}

/** Units joined with the whitespace between them (a blank line stays, other runs become one space). */
function join(units: readonly Unit[]): string {
  return units.map((u, i) => u.text + (i < units.length - 1 ? gap(u.sep) : "")).join("");
}
const gap = (sep: string) => (sep.includes("\n") ? (/\n[^\n]*\n/.test(sep) ? "\n\n" : "\n") : " ");

/** A word too long for a part, cut into pieces by graphemes (no space to cut at). */
function cutWord(word: Unit, fits: (s: string) => boolean): Unit[] {
  const out: Unit[] = [];
  let piece = "";
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(word.text)) {
    if (piece && !fits(piece + segment)) {
      out.push({ text: piece, sep: "" });
      piece = "";
    }
    piece += segment;
  }
  out.push({ text: piece, sep: word.sep });
  return out;
}

/** Greedy packing of units into parts that each pass `fits`; a unit that fits nowhere alone is broken smaller first. */
function pack(units: readonly Unit[], fits: (s: string) => boolean): string[] {
  const parts: string[] = [];
  let current: Unit[] = [];
  const take = (u: Unit) => {
    if (current.length && fits(join([...current, u]))) return void current.push(u);
    if (current.length) parts.push(join(current));
    current = [u];
  };
  for (const s of units) {
    if (fits(s.text)) take(s);
    else {
      // a sentence longer than a part: its words, then (for an endless "word") its characters
      const ws = words(s.text);
      if (ws.length) ws[ws.length - 1]!.sep = s.sep;
      for (const w of ws) for (const piece of fits(w.text) ? [w] : cutWord(w, fits)) take(piece);
    }
  }
  if (current.length) parts.push(join(current));
  return parts;
}

/**
 * The caption as a thread of parts "k/n text", each at most `limit` by `weigh` (X: xWeightedLength);
 * the caption alone (trimmed) when it fits. `weigh` measures each whole part as it will be posted,
 * numbering included, so a link counts as X counts it wherever it lands.
 */
export function splitThread(text: string, limit: number, weigh: (s: string) => number): string[] {
  const caption = text.normalize("NFC").trim();
  if (weigh(caption) <= limit) return [caption];
  const units = sentences(caption);
  // the numbering's width depends on how many parts there are: start with one digit, widen if needed
  for (let digits = 1; ; digits++) {
    const widest = `${"9".repeat(digits)}/${"9".repeat(digits)} `;
    const parts = pack(units, (s) => weigh(widest + s) <= limit);
    if (String(parts.length).length <= digits) return parts.map((p, i) => `${i + 1}/${parts.length} ${p}`);
  }
}

export interface XOptions {
  /** a caption longer than the account's limit goes out as a numbered thread of replies */
  thread: boolean;
  /** links go in a reply under the post (X charges more for a post with a link) */
  linkInReply: boolean;
}

export const DEFAULT_X_OPTIONS: XOptions = { thread: false, linkInReply: false };

export const xOptionsSchema = z.object({
  thread: z.boolean(optionKey("invalidValue")).default(false),
  linkInReply: z.boolean(optionKey("invalidValue")).default(false),
});

/** X in the registry (networks/index.ts); its id stays "twitter", as in the data model. */
export const xNetwork: NetworkPack<"twitter"> = {
  id: "twitter",
  label: { en: "X", ar: "إكس" },
  // X's media upload: photos up to 5 MB, an animated GIF up to 15 MB (alone in its post)
  media: {
    image: { maxBytes: 5 * MB, gif: { maxBytes: 15 * MB } },
    video: { maxSeconds: 140, maxBytes: 512 * MB },
    maxItems: 4,
  },
  limits: {
    maxLength: 280,
    maxHashtags: null,
    hashtagWarnAbove: 2,
    requiresMedia: false,
    firstComment: false,
    manual: false,
  },
  suggestedHashtags: 2,
  audience: true,
  everyPlan: false,
  handle: { pattern: /^[a-z0-9_]{1,15}$/, message: "competitorHandleTwitter" },
  writing: {
    layout: "tight",
    guide:
      "X: at most 280 characters as X counts them (URLs 23, CJK and emoji double) including hashtags; at most 2 hashtags; one or two sentences.",
  },
  aliases: ["x"],
  reference: {
    platform: "X (formerly Twitter); the stored value stays twitter.",
    where: "X (formerly Twitter)",
  },
};
