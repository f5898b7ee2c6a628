// Measuring a reader on labelled rows: accuracy on the positive and negative items (a neutral answer to
// either is wrong), on all three labels where a source has neutral items, recall per label and the
// confusion between labels. Used by the training script and by `npm run bench:ai`.
import { LABELS, type Label } from "./data.ts";

export interface Tally {
  n: number;
  polarityN: number;
  polarityRight: number;
  right: number;
  confusion: Record<Label, Record<Label, number>>;
}

export function tally(pairs: Iterable<{ gold: Label; said: Label }>): Tally {
  const t: Tally = {
    n: 0,
    polarityN: 0,
    polarityRight: 0,
    right: 0,
    confusion: Object.fromEntries(
      LABELS.map((g) => [g, Object.fromEntries(LABELS.map((s) => [s, 0]))]),
    ) as Tally["confusion"],
  };
  for (const { gold, said } of pairs) {
    t.n++;
    t.confusion[gold][said]++;
    if (gold === said) t.right++;
    if (gold !== "neutral") {
      t.polarityN++;
      if (gold === said) t.polarityRight++;
    }
  }
  return t;
}

export const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "-");

/** The confusion matrix as lines: one row per true label, one column per label read. */
export function confusionLines(t: Tally, indent = "    "): string[] {
  const w = 10;
  return [
    `${indent}${"true \\ read".padEnd(w)}${LABELS.map((l) => l.padStart(w)).join("")}`,
    ...LABELS.filter((g) => LABELS.some((s) => t.confusion[g][s] > 0)).map(
      (g) => `${indent}${g.padEnd(w)}${LABELS.map((s) => String(t.confusion[g][s]).padStart(w)).join("")}`,
    ),
  ];
}

/** Share of a label's items read as that label. */
export const recall = (t: Tally, l: Label) => {
  const n = LABELS.reduce((a, s) => a + t.confusion[l][s], 0);
  return { right: t.confusion[l][l], n };
};
