// Builds the reader's training and evaluation data (server/data/reader/*.jsonl.gz) from public
// repositories fetched as git mirrors: each source is read at the commit recorded in
// server/data/reader/SOURCES.md, turned into {text, label} rows (positive | negative | neutral), cleaned
// of duplicates (within and across sources, on the normalised text) and given a fixed split: one row in
// five, chosen by a hash of its text, is held out for evaluation and never trained on. Run once by hand
// when a source is added (the output is committed; training reads only the committed files):
//   node --import tsx scripts/prepare-reader-data.ts <mirrors directory>
import { execFileSync } from "node:child_process";
import { writeFileSync, mkdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { heldOut, normaliseForModel, type Label, type Row } from "../src/ai/reader/data.ts";

const mirrors = process.argv[2] ?? "/work/.mirror";
const out = join(dirname(fileURLToPath(import.meta.url)), "..", "data", "reader");

interface Source {
  id: string;
  repo: string;
  commit: string;
  path: string;
  rows: (raw: string) => { text: string; label: Label | null }[];
}

/** RFC 4180 CSV (quoted fields may hold newlines and doubled quotes) with a chosen separator. */
function csv(raw: string, sep = ","): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  const s = raw.replace(/^\uFEFF/u, "");
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === "") quoted = true;
    else if (c === sep) {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && s[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim()));
}

const byPolarity = (v: string): Label | null => {
  const n = Number(v.trim());
  return v.trim() === "" || Number.isNaN(n) ? null : n > 0 ? "positive" : n < 0 ? "negative" : "neutral";
};

/** Stars to a label: 4-5 positive, 1-2 negative, 3 neutral; half stars in between (2.5, 3.5) are left out. */
const byStars = (v: string): Label | null => {
  const n = Number(v.trim());
  return v.trim() === "" || Number.isNaN(n)
    ? null
    : n >= 4
      ? "positive"
      : n <= 2
        ? "negative"
        : n === 3
          ? "neutral"
          : null;
};

function columns(raw: string, sep: string, text: string, label: string, map: (v: string) => Label | null) {
  const [head, ...body] = csv(raw, sep);
  const ti = head!.findIndex((h) => h.trim() === text);
  const li = head!.findIndex((h) => h.trim() === label);
  if (ti < 0 || li < 0) throw new Error(`columns ${text}/${label} not in ${head!.join(",")}`);
  return body.map((r) => ({ text: r[ti] ?? "", label: map(r[li] ?? "") }));
}

const tabbed = (raw: string) =>
  raw
    .split(/\r?\n/)
    .map((l) => /^(.*)\t\s*([01])\s*$/u.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ text: m[1]!, label: (m[2] === "1" ? "positive" : "negative") as Label }));

/**
 * SemEval-2014 ABSA restaurant sentences: a sentence's polarity is the one every aspect category
 * shares (neutral when all are neutral); sentences whose categories disagree ("conflict") are left out.
 */
function semeval(raw: string, element = "aspectCategory") {
  const rows: { text: string; label: Label | null }[] = [];
  for (const m of raw.matchAll(/<sentence\b[^>]*>([\s\S]*?)<\/sentence>/gu)) {
    const text = /<text>([\s\S]*?)<\/text>/u.exec(m[1]!)?.[1];
    const cats = [...m[1]!.matchAll(new RegExp(`<${element}\\b[^>]*polarity="(\\w+)"`, "gu"))].map((c) => c[1]!);
    if (!text || !cats.length) continue;
    const set = new Set(cats);
    const label = set.size === 1 && ["positive", "negative", "neutral"].includes(cats[0]!) ? (cats[0] as Label) : null;
    rows.push({
      text: text
        .replace(/&quot;/g, '"')
        .replace(/&apos;/g, "'")
        .replace(/&amp;/g, "&")
        .replace(/&lt;/g, "<")
        .replace(/&gt;/g, ">"),
      label,
    });
  }
  return rows;
}

const ELSAHAR = {
  repo: "hadyelsahar/large-arabic-sentiment-analysis-resouces",
  commit: "2a99dc508c0203eb8ef733fa29228fba2aa61682",
};
const UCI = { repo: "kvrao/sentiment_analysis", commit: "462f7304ab341f1b5014e6eae56100bfe35d703a" };

export const SOURCES: Source[] = [
  {
    id: "ar-qaym-restaurants",
    ...ELSAHAR,
    path: "datasets/RES1.csv",
    rows: (r) => columns(r, ",", "text", "polarity", byPolarity),
  },
  {
    id: "ar-tripadvisor-restaurants",
    ...ELSAHAR,
    path: "datasets/RES2.csv",
    rows: (r) => columns(r, ",", "text", "polarity", byPolarity),
  },
  {
    id: "ar-tripadvisor-attractions",
    ...ELSAHAR,
    path: "datasets/ATT.csv",
    rows: (r) => columns(r, ",", "text", "polarity", byPolarity),
  },
  {
    id: "ar-souq-products",
    ...ELSAHAR,
    path: "datasets/PROD.csv",
    rows: (r) => columns(r, ",", "text", "polarity", byPolarity),
  },
  {
    id: "ar-saudi-google-maps",
    repo: "Raneem224/Tourist_Reviews_in-Saudi_Arabia",
    commit: "46ee7f2d2860945533e33f52ce03943800238a7c",
    path: "Saudi Tourism Reviews Sentiment Dataset.csv",
    rows: (r) =>
      columns(r, ";", "div_text", "label", (v) =>
        v.trim() === "1" ? "positive" : v.trim() === "0" ? "negative" : v.trim() === "2" ? "neutral" : null,
      ),
  },
  { id: "en-yelp-restaurants", ...UCI, path: "sentiment labelled sentences/yelp_labelled.txt", rows: tabbed },
  { id: "en-amazon-products", ...UCI, path: "sentiment labelled sentences/amazon_cells_labelled.txt", rows: tabbed },
  { id: "en-imdb-movies", ...UCI, path: "sentiment labelled sentences/imdb_labelled.txt", rows: tabbed },
  {
    id: "en-semeval14-restaurants",
    repo: "shashwat1995/AspectBasedSentimentAnalysis-Supervised",
    commit: "3654d09f66404065f01bf584f7f1b2a084087358",
    path: "Restaurants_Train.xml",
    rows: (r) => semeval(r),
  },
  {
    id: "en-semeval16-restaurants",
    repo: "hochochoc/web-mining",
    commit: "a87979e65d200cd9df6443c4e5598cda7e6f866f",
    path: "ABSA16_Restaurants_Train_SB1_v2.xml",
    rows: (r) => semeval(r, "Opinion"),
  },
  {
    id: "en-zomato-restaurants",
    repo: "BhavikaBhalani/Machine-Learning-Zomato-Restaurant-Clustering-and-Sentiment-Analysis",
    commit: "448c66e065597513272cc6636615b6edd81fecd0",
    path: "Restaurant reviews.csv",
    rows: (r) => columns(r, ",", "Review", "Rating", byStars),
  },
];

function main() {
  mkdirSync(out, { recursive: true });
  const seen = new Set<string>();
  const counts: Record<string, unknown> = {};
  for (const src of SOURCES) {
    const dir = join(mirrors, src.repo.replace("/", "+"), "repo");
    const raw = execFileSync("git", ["-C", dir, "show", `${src.commit}:${src.path}`], { maxBuffer: 64 << 20 }).toString(
      "utf8",
    );
    const all = src.rows(raw);
    const rows: Row[] = [];
    let unlabelled = 0;
    let dup = 0;
    for (const r of all) {
      const text = r.text.replace(/\s+/gu, " ").trim();
      if (!text || !r.label) {
        unlabelled++;
        continue;
      }
      const key = normaliseForModel(text);
      if (key.length < 2 || seen.has(key)) {
        dup++;
        continue;
      }
      seen.add(key);
      rows.push({ text, label: r.label, split: heldOut(text) ? "test" : "train" });
    }
    const tally = (split: string) =>
      Object.fromEntries(
        (["positive", "negative", "neutral"] as const).map((l) => [
          l,
          rows.filter((r) => r.split === split && r.label === l).length,
        ]),
      );
    counts[src.id] = {
      read: all.length,
      unlabelledOrConflict: unlabelled,
      duplicates: dup,
      train: tally("train"),
      test: tally("test"),
    };
    writeFileSync(
      join(out, `${src.id}.jsonl.gz`),
      gzipSync(rows.map((r) => JSON.stringify(r)).join("\n") + "\n", { level: 9 }),
    );
    console.log(src.id, JSON.stringify(counts[src.id]));
  }
  writeFileSync(join(out, "counts.json"), JSON.stringify(counts, null, 2) + "\n");
}

main();
