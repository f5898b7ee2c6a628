// npm run bench:ai: how right the guest-message reader is (docs/architecture.md#the-reader), on the
// held-out split of the public review sets in server/data/reader/ (one row in five by a hash of its
// text; never trained on, never tuned on). Each row is read by its words alone, as an Instagram
// comment is (no stars): by the reader (its model) and by the lexicon reader it replaced (the stars
// left at 3, as the inbox gave it a comment), in the same run. Prints accuracy on the positive and
// negative items (a neutral answer to either is wrong) and on all three labels where a source has
// neutral items, per language (restaurant sources), per source and per label, the confusion
// matrices, and the new against the old as a difference in points and a ratio.
import {
  LABELS,
  loadSources,
  RESTAURANT_SOURCES,
  sourceLanguage,
  type Label,
  type Row,
} from "../src/ai/reader/data.ts";
import { confusionLines, pct, recall, tally, type Tally } from "../src/ai/reader/evaluate.ts";
import { readByLexicon, readGuest } from "../src/ai/reader/index.ts";

type Reader = "reader" | "lexicon";
const readers: Record<Reader, (r: Row) => Label> = {
  reader: (r) => readGuest(r.text).sentiment,
  lexicon: (r) => readByLexicon(r.text, 3).sentiment,
};

const sources = loadSources();
const results = new Map<string, Record<Reader, Tally>>();
const started = performance.now();
let read = 0;
for (const [id, rows] of sources) {
  const test = rows.filter((r) => r.split === "test");
  read += test.length;
  results.set(id, {
    reader: tally(test.map((r) => ({ gold: r.label, said: readers.reader(r) }))),
    lexicon: tally(test.map((r) => ({ gold: r.label, said: readers.lexicon(r) }))),
  });
}
const ms = performance.now() - started;

const merge = (ts: Tally[]): Tally => {
  const all = tally([]);
  for (const t of ts) {
    all.n += t.n;
    all.right += t.right;
    all.polarityN += t.polarityN;
    all.polarityRight += t.polarityRight;
    for (const g of LABELS) for (const s of LABELS) all.confusion[g][s] += t.confusion[g][s];
  }
  return all;
};

const points = (a: number, b: number) => `${a >= b ? "+" : ""}${(100 * (a - b)).toFixed(1)} pts`;
const ratio = (a: number, b: number) => (b ? `×${(a / b).toFixed(2)}` : "×∞");

function line(name: string, t: Record<Reader, Tally>) {
  const p = (x: Tally) => x.polarityRight / (x.polarityN || 1);
  const three = (x: Tally) => x.right / (x.n || 1);
  let s = `  ${name.padEnd(30)} polarity (${String(t.reader.polarityN).padStart(4)} items) reader ${pct(t.reader.polarityRight, t.reader.polarityN).padStart(6)}  lexicon ${pct(t.lexicon.polarityRight, t.lexicon.polarityN).padStart(6)}  ${points(p(t.reader), p(t.lexicon))} ${ratio(p(t.reader), p(t.lexicon))}`;
  if (t.reader.n > t.reader.polarityN)
    s += `\n  ${"".padEnd(30)} 3 labels (${String(t.reader.n).padStart(4)} items) reader ${pct(t.reader.right, t.reader.n).padStart(6)}  lexicon ${pct(t.lexicon.right, t.lexicon.n).padStart(6)}  ${points(three(t.reader), three(t.lexicon))} ${ratio(three(t.reader), three(t.lexicon))}`;
  console.log(s);
}

console.log(
  `Guest-message reader on the held-out split, words alone (${read} items read twice in ${(ms / 1000).toFixed(1)} s)\n`,
);
console.log("Per language, restaurant and café reviews:");
for (const lang of ["ar", "en"] as const) {
  const ids = [...results.keys()].filter((s) => sourceLanguage(s) === lang && RESTAURANT_SOURCES.has(s));
  line(`${lang} (${ids.length} sources)`, {
    reader: merge(ids.map((s) => results.get(s)!.reader)),
    lexicon: merge(ids.map((s) => results.get(s)!.lexicon)),
  });
}
console.log("\nPer source (* restaurant or café reviews; the others only help training):");
for (const [id, t] of results) line(`${RESTAURANT_SOURCES.has(id) ? "*" : " "}${id}`, t);

for (const lang of ["ar", "en"] as const) {
  const ids = [...results.keys()].filter((s) => sourceLanguage(s) === lang && RESTAURANT_SOURCES.has(s));
  for (const who of ["reader", "lexicon"] as const) {
    const t = merge(ids.map((s) => results.get(s)![who]));
    console.log(
      `\n${lang} restaurant reviews, ${who === "reader" ? "the reader" : "the old lexicon reader"}: per label (share of each true label read right)`,
    );
    console.log(
      "    " + LABELS.map((l) => `${l} ${pct(recall(t, l).right, recall(t, l).n)} of ${recall(t, l).n}`).join("   "),
    );
    for (const l of confusionLines(t)) console.log(l);
  }
}
