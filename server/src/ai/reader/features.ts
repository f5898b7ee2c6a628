// What the reader's model sees of a text (docs/architecture.md#the-reader): hashed features of the
// normalised text (server/src/ai/reader/data.ts): words, word pairs, the words a negation governs
// ("not good" gives "n:good"), Arabic words without their leading conjunction/preposition and article
// ("والاكل" also gives "s:اكل"), letter groups of 2 to 5 inside each word (so spelling variants and
// dialect forms share most of their features) and emoji. Each feature is hashed into 2^BITS buckets;
// counts are damped (1 + log count) and the vector has unit length. Beside them, the word list's
// judgement (./lexicon.ts: praise and complaint words, with negation turning them round, "ما عجبني",
// "not bad") as two features of their own, not diluted by the text's length.
import { fnv1a, normaliseForModel } from "./data.ts";
import { lexiconPolarity } from "./lexicon.ts";

export const BITS = 18;
export const DIM = 1 << BITS;
/** Longer texts are read up to here (the first part of a long review carries its tone). */
const MAX_CHARS = 1500;
/** The value of each of the word list's features (per word, up to three). */
const LEXICON_WEIGHT = 0.3;

const TOKEN = /[\p{L}\p{N}]+(?:'[\p{L}]+)?|\p{Extended_Pictographic}|[!?؟]/gu;
const ARABIC = /\p{Script=Arabic}/u;
const EN_NEGATORS = new Set(["not", "no", "never", "nothing", "hardly", "without", "cannot", "neither", "nor", "none"]);
const AR_NEGATORS = new Set([
  "ما",
  "مو",
  "مب",
  "مش",
  "لا",
  "ليس",
  "ليست",
  "غير",
  "مافي",
  "ماكان",
  "ماكانت",
  "بدون",
  "لم",
  "لن",
  "مهوب",
  "موب",
  "ماهو",
  "ماهي",
  "وما",
  "ولا",
  "ومو",
]);
const isNegator = (t: string) => EN_NEGATORS.has(t) || t.endsWith("n't") || AR_NEGATORS.has(t);
const PUNCT = /^[!?؟]$/u;

/** Arabic word without a leading و/ف/ب/ل/ك and the article, when at least two letters are left. */
function arabicStem(t: string): string | null {
  const m = /^(?:[وفبلك]?(?:ال|لل)|[وف])(.{2,})$/u.exec(t);
  return m ? m[1]! : null;
}

export interface Features {
  index: Int32Array;
  value: Float32Array;
}

function tokens(text: string): string[] {
  return normaliseForModel(text.slice(0, MAX_CHARS)).match(TOKEN) ?? [];
}

export function featurise(text: string): Features {
  const counts = new Map<number, number>();
  const add = (f: string) => {
    const h = fnv1a(f) & (DIM - 1);
    counts.set(h, (counts.get(h) ?? 0) + 1);
  };
  const toks = tokens(text);
  let negate = 0;
  for (let i = 0; i < toks.length; i++) {
    const t = toks[i]!;
    add(`w:${t}`);
    if (i > 0) add(`b:${toks[i - 1]} ${t}`);
    if (PUNCT.test(t)) {
      negate = 0;
      continue;
    }
    if (negate > 0) {
      add(`n:${t}`);
      negate--;
    }
    if (isNegator(t)) negate = 3;
    const arabic = ARABIC.test(t);
    if (arabic) {
      const s = arabicStem(t);
      if (s) add(`s:${s}`);
    }
    if (/\p{Extended_Pictographic}/u.test(t)) continue;
    const padded = ` ${t} `;
    for (let n = 2; n <= 5; n++) for (let j = 0; j + n <= padded.length; j++) add(`c${n}:${padded.slice(j, j + n)}`);
  }
  add("bias:length" + Math.min(4, Math.floor(Math.log2(1 + toks.length))));
  const values = new Map<number, number>();
  let norm = 0;
  for (const [h, c] of counts) {
    const v = 1 + Math.log(c);
    values.set(h, v);
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  for (const [h, v] of values) values.set(h, v / norm);
  const words = lexiconPolarity(text.slice(0, MAX_CHARS));
  const lexicon = (name: string, n: number) => {
    if (!n) return;
    const h = fnv1a(name) & (DIM - 1);
    values.set(h, (values.get(h) ?? 0) + LEXICON_WEIGHT * Math.min(3, n));
  };
  lexicon("lex:positive", words.positive);
  lexicon("lex:negative", words.negative);
  lexicon(
    words.positive > words.negative
      ? "lex:more-positive"
      : words.negative > words.positive
        ? "lex:more-negative"
        : "lex:even",
    1,
  );
  const index = Int32Array.from([...values.keys()].sort((a, b) => a - b));
  const value = Float32Array.from(index, (h) => values.get(h)!);
  return { index, value };
}
