// The reader's sentiment model (docs/architecture.md#the-reader): multinomial logistic regression over
// hashed features (./features.ts), trained by server/scripts/train-reader.ts and shipped as
// ./weights.bin.gz: a JSON header (labels, feature bits, per-label scale and bias, what it was trained
// on) then one signed byte per label and bucket (weight = byte * scale). Loaded once from disk; no
// network; the same text always gives the same answer.
import { readFileSync } from "node:fs";
import { gzipSync, gunzipSync } from "node:zlib";
import { DIM, BITS, featurise, type Features } from "./features.ts";
import { LABELS, type Label } from "./data.ts";

const MAGIC = "SUFRA-READER-1\n";

interface WeightsHeader {
  labels: Label[];
  bits: number;
  scale: number[];
  bias: number[];
  trained: Record<string, unknown>;
}

export interface Model {
  header: WeightsHeader;
  /** label-major: weights[l * DIM + bucket] */
  weights: Float32Array;
}

export const WEIGHTS_URL = new URL("./weights.bin.gz", import.meta.url);

/** Quantises float weights to one signed byte each (per-label scale) and packs them with their header. */
export function packWeights(w: Float32Array, bias: number[], trained: Record<string, unknown>): Buffer {
  const scale: number[] = [];
  const bytes = new Int8Array(LABELS.length * DIM);
  for (let l = 0; l < LABELS.length; l++) {
    let max = 0;
    for (let i = 0; i < DIM; i++) max = Math.max(max, Math.abs(w[l * DIM + i]!));
    const s = max / 127 || 1;
    scale.push(s);
    for (let i = 0; i < DIM; i++) bytes[l * DIM + i] = Math.max(-127, Math.min(127, Math.round(w[l * DIM + i]! / s)));
  }
  const header: WeightsHeader = { labels: [...LABELS], bits: BITS, scale, bias, trained };
  const head = Buffer.from(MAGIC + JSON.stringify(header) + "\n", "utf8");
  return gzipSync(Buffer.concat([head, Buffer.from(bytes.buffer)]), { level: 9 });
}

export function unpackWeights(file: Buffer): Model {
  const raw = gunzipSync(file);
  if (raw.subarray(0, MAGIC.length).toString("utf8") !== MAGIC) throw new Error("not a reader weights file");
  const end = raw.indexOf(0x0a, MAGIC.length);
  const header = JSON.parse(raw.subarray(MAGIC.length, end).toString("utf8")) as WeightsHeader;
  if (header.bits !== BITS || header.labels.join() !== LABELS.join())
    throw new Error("reader weights do not match this reader's features");
  const bytes = new Int8Array(raw.buffer, raw.byteOffset + end + 1, header.labels.length * DIM);
  const weights = new Float32Array(bytes.length);
  for (let l = 0; l < header.labels.length; l++)
    for (let i = 0; i < DIM; i++) weights[l * DIM + i] = bytes[l * DIM + i]! * header.scale[l]!;
  return { header, weights };
}

let shipped: Model | null = null;
/** The shipped model, read from disk the first time it is needed. */
export function shippedModel(): Model {
  shipped ??= unpackWeights(readFileSync(WEIGHTS_URL));
  return shipped;
}

/** Raw label scores (before the softmax) of features under weights. */
export function scores(weights: Float32Array, bias: readonly number[], f: Features): number[] {
  return LABELS.map((_, l) => {
    let s = bias[l]!;
    const base = l * DIM;
    for (let k = 0; k < f.index.length; k++) s += weights[base + f.index[k]!]! * f.value[k]!;
    return s;
  });
}

export function softmax(z: readonly number[]): number[] {
  const m = Math.max(...z);
  const e = z.map((v) => Math.exp(v - m));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((v) => v / sum);
}

export interface Polarity {
  label: Label;
  /** Probability of each label, in LABELS order. */
  probabilities: Record<Label, number>;
  /** Raw scores, for combining with other evidence (stars). */
  logits: Record<Label, number>;
}

export function predict(text: string, model: Model = shippedModel()): Polarity {
  const z = scores(model.weights, model.header.bias, featurise(text));
  const p = softmax(z);
  const best = p.indexOf(Math.max(...p));
  return {
    label: LABELS[best]!,
    probabilities: Object.fromEntries(LABELS.map((l, i) => [l, p[i]!])) as Record<Label, number>,
    logits: Object.fromEntries(LABELS.map((l, i) => [l, z[i]!])) as Record<Label, number>,
  };
}
