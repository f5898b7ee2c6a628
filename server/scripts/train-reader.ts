// Trains the reader's sentiment model (docs/architecture.md#the-reader) from the committed public
// data (server/data/reader/*.jsonl.gz, SOURCES.md beside it) and writes
// server/src/ai/reader/weights.bin.gz. Deterministic (fixed seed, fixed order, no threads).
//   npm run train:reader -w server            train on every source's train split, write the weights
//   npm run train:reader -w server -- --loso  also measure leave-one-source-out: for each restaurant
//                                             source, train on all the others and read it whole
// The held-out split (one row in five, server/src/ai/reader/data.ts) is never trained on; the
// settings below were fixed before any figure on it was read and are not tuned to any source.
import { writeFileSync } from "node:fs";
import { mulberry32 } from "../src/ai/local/facts.ts";
import {
  fnv1a,
  LABELS,
  loadSources,
  RESTAURANT_SOURCES,
  sourceLanguage,
  type Label,
  type Row,
} from "../src/ai/reader/data.ts";
import { pct, tally } from "../src/ai/reader/evaluate.ts";
import { DIM, featurise, type Features } from "../src/ai/reader/features.ts";
import { packWeights, scores, softmax, unpackWeights, WEIGHTS_URL, type Model } from "../src/ai/reader/model.ts";

export const SETTINGS = { seed: 20261207, epochs: 12, rate: 0.2, l2: 1e-6, neutralWeight: 0.3, sourcePower: 0.5 };
// experiments: READER_SETTINGS='{"epochs":10}' npm run train:reader -w server -- --validate
Object.assign(SETTINGS, JSON.parse(process.env.READER_SETTINGS ?? "{}"));

interface Example {
  f: Features;
  y: number;
  weight: number;
}

/**
 * Each example weighs so that, within a language, every label counts as much in total as the others
 * it has data for (reviews lean heavily positive), and no single source outweighs the rest: a
 * source's total weight grows with the square root of its size.
 */
function examples(rows: { row: Row; source: string }[]): Example[] {
  const bySource = new Map<string, number>();
  for (const r of rows) bySource.set(r.source, (bySource.get(r.source) ?? 0) + 1);
  const sourceWeight = (s: string) => Math.pow(bySource.get(s)!, SETTINGS.sourcePower - 1);
  const mass = new Map<string, number>();
  for (const r of rows) {
    const k = `${sourceLanguage(r.source)}:${r.row.label}`;
    mass.set(k, (mass.get(k) ?? 0) + sourceWeight(r.source));
  }
  const labelWeight = (lang: string, label: Label) => {
    const present = LABELS.filter((l) => mass.has(`${lang}:${l}`));
    const total = present.reduce((a, l) => a + mass.get(`${lang}:${l}`)!, 0);
    return (
      ((total / present.length) * (label === "neutral" ? SETTINGS.neutralWeight : 1)) / mass.get(`${lang}:${label}`)!
    );
  };
  const raw = rows.map((r) => ({
    f: featurise(r.row.text),
    y: LABELS.indexOf(r.row.label),
    weight: sourceWeight(r.source) * labelWeight(sourceLanguage(r.source), r.row.label),
  }));
  const mean = raw.reduce((a, e) => a + e.weight, 0) / raw.length;
  return raw.map((e) => ({ ...e, weight: e.weight / mean }));
}

/** Multinomial logistic regression by AdaGrad, L2 on the weights an example touches. */
export function train(
  rows: { row: Row; source: string }[],
  settings = SETTINGS,
): { weights: Float32Array; bias: number[] } {
  const data = examples(rows);
  const L = LABELS.length;
  const w = new Float32Array(L * DIM);
  const g2 = new Float32Array(L * DIM).fill(1e-8);
  const bias = new Array<number>(L).fill(0);
  const b2 = new Array<number>(L).fill(1e-8);
  const rand = mulberry32(settings.seed);
  const order = data.map((_, i) => i);
  for (let epoch = 0; epoch < settings.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(rand() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const i of order) {
      const e = data[i]!;
      const p = softmax(scores(w, bias, e.f));
      for (let l = 0; l < L; l++) {
        const d = (p[l]! - (l === e.y ? 1 : 0)) * e.weight;
        if (d === 0) continue;
        const base = l * DIM;
        for (let k = 0; k < e.f.index.length; k++) {
          const at = base + e.f.index[k]!;
          const g = d * e.f.value[k]! + settings.l2 * w[at]!;
          g2[at]! += g * g;
          w[at]! -= (settings.rate * g) / Math.sqrt(g2[at]!);
        }
        b2[l]! += d * d;
        bias[l]! -= (settings.rate * d) / Math.sqrt(b2[l]!);
      }
    }
  }
  return { weights: w, bias };
}

function readWith(model: Model, rows: Row[]) {
  return rows.map((r) => {
    const p = softmax(scores(model.weights, model.header.bias, featurise(r.text)));
    return { gold: r.label, said: LABELS[p.indexOf(Math.max(...p))]! };
  });
}

function main() {
  const started = Date.now();
  const sources = loadSources();
  const all = [...sources].flatMap(([source, rows]) => rows.map((row) => ({ row, source })));
  const report: string[] = [];

  if (process.argv.includes("--loso")) {
    report.push("Leave one source out (trained on every other source, read the whole source):");
    for (const held of [...sources.keys()].filter((s) => RESTAURANT_SOURCES.has(s))) {
      const m = train(all.filter((r) => r.source !== held));
      const t = tally(
        readWith(
          { header: { labels: [...LABELS], bits: 0, scale: [], bias: m.bias, trained: {} }, weights: m.weights },
          sources.get(held)!,
        ),
      );
      report.push(
        `  ${held}: polarity ${pct(t.polarityRight, t.polarityN)} of ${t.polarityN}` +
          (t.n > t.polarityN ? `, 3 labels ${pct(t.right, t.n)} of ${t.n}` : ""),
      );
      console.log(report.at(-1));
    }
  }

  if (process.argv.includes("--validate")) {
    // tuning reads a part of the train split (another hash), never the held-out split
    const val = (r: Row) => fnv1a(r.text, 0x9e3779b9) % 5 === 0;
    const m = train(all.filter((r) => r.row.split === "train" && !val(r.row)));
    const model = {
      header: { labels: [...LABELS], bits: 0, scale: [], bias: m.bias, trained: {} },
      weights: m.weights,
    };
    let sum = 0;
    let sum3 = 0;
    let n3 = 0;
    for (const [s, rows] of sources) {
      const t = tally(
        readWith(
          model,
          rows.filter((r) => r.split === "train" && val(r)),
        ),
      );
      sum += t.polarityRight / t.polarityN;
      if (t.n > t.polarityN) {
        sum3 += t.right / t.n;
        n3++;
      }
      const wrongNeutral = t.confusion.positive.neutral + t.confusion.negative.neutral;
      console.log(
        `  ${s}: polarity ${pct(t.polarityRight, t.polarityN)} (${wrongNeutral} read neutral)` +
          (t.n > t.polarityN ? `, 3 labels ${pct(t.right, t.n)}` : ""),
      );
    }
    console.log(
      `validation mean polarity ${((100 * sum) / sources.size).toFixed(1)}%, 3 labels ${((100 * sum3) / n3).toFixed(1)}% with ${JSON.stringify(SETTINGS)}`,
    );
    return;
  }

  const trainRows = all.filter((r) => r.row.split === "train");
  const m = train(trainRows);
  const counts = Object.fromEntries(
    [...sources].map(([s, rows]) => [s, rows.filter((r) => r.split === "train").length]),
  );
  const file = packWeights(m.weights, m.bias, {
    sources: counts,
    settings: SETTINGS,
    note: "train split only; see server/data/reader/SOURCES.md",
  });
  writeFileSync(WEIGHTS_URL, file);
  const shipped = unpackWeights(file);
  report.push(
    `Weights: ${(file.length / 1024).toFixed(0)} KiB (${trainRows.length} training rows) in ${((Date.now() - started) / 1000).toFixed(0)} s`,
  );
  report.push("Held-out split (never trained on), shipped (quantised) weights:");
  for (const [s, rows] of sources) {
    const t = tally(
      readWith(
        shipped,
        rows.filter((r) => r.split === "test"),
      ),
    );
    report.push(
      `  ${s}: polarity ${pct(t.polarityRight, t.polarityN)} of ${t.polarityN}` +
        (t.n > t.polarityN ? `, 3 labels ${pct(t.right, t.n)} of ${t.n}` : ""),
    );
  }
  console.log(report.join("\n"));
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop()!)) main();
