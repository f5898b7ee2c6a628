// The reader's data: rows of public reviews (server/data/reader/*.jsonl.gz, provenance in
// server/data/reader/SOURCES.md), the text normalisation the model reads with, and the fixed held-out
// split (one row in five by a hash of its text, never trained on).
import { readFileSync, readdirSync } from "node:fs";
import { gunzipSync } from "node:zlib";
import { join } from "node:path";

export type Label = "positive" | "negative" | "neutral";
export const LABELS: readonly Label[] = ["positive", "negative", "neutral"];

export interface Row {
  text: string;
  label: Label;
  split: "train" | "test";
}

/** 32-bit FNV-1a of a string's UTF-16 code units. */
export function fnv1a(s: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/gu;

/**
 * The text as the model reads it: NFKC, lower case, Arabic without diacritics or tatweel, one alef,
 * ta marbuta as ha, alef maqsura as ya, hamza seats plain, Arabic-Indic digits as ASCII, Persian kaf
 * and ya as Arabic, and any letter repeated three times or more cut to two ("رااااائع" -> "راائع",
 * "sooo" -> "soo").
 */
export function normaliseForModel(s: string): string {
  return s
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u064B-\u065F\u0670\u0640]/gu, "")
    .replace(/[أإآٱ]/gu, "ا")
    .replace(/ة/gu, "ه")
    .replace(/[ىی]/gu, "ي")
    .replace(/ک/gu, "ك")
    .replace(/ؤ/gu, "و")
    .replace(/ئ/gu, "ي")
    .replace(ARABIC_DIGITS, (d) => String(d.codePointAt(0)! - (d >= "\u06F0" ? 0x06f0 : 0x0660)))
    .replace(/[’‘`´]/gu, "'")
    .replace(/(\p{L})\1{2,}/gu, "$1$1")
    .replace(/\s+/gu, " ")
    .trim();
}

/** The fixed held-out split: a row is for evaluation when the hash of its normalised text is 0 mod 5. */
export const heldOut = (text: string) => fnv1a(normaliseForModel(text)) % 5 === 0;

const DATA_DIR = new URL("../../../data/reader/", import.meta.url);

/** Every source's rows, by source id (the file name without .jsonl.gz). */
export function loadSources(dir: string = DATA_DIR.pathname): Map<string, Row[]> {
  const out = new Map<string, Row[]>();
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith(".jsonl.gz"))
    .sort()) {
    const text = gunzipSync(readFileSync(join(dir, f))).toString("utf8");
    out.set(
      f.replace(/\.jsonl\.gz$/u, ""),
      text
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Row),
    );
  }
  return out;
}

/** The language a source id starts with ("ar-..." / "en-..."). */
export const sourceLanguage = (id: string): "ar" | "en" => (id.startsWith("ar-") ? "ar" : "en");

/** Sources of reviews of restaurants and cafés (the headline figures); the others only help training. */
export const RESTAURANT_SOURCES = new Set([
  "ar-qaym-restaurants",
  "ar-tripadvisor-restaurants",
  "en-yelp-restaurants",
  "en-semeval14-restaurants",
  "en-semeval16-restaurants",
  "en-zomato-restaurants",
]);
