// The report as tables, one per section, in the report's language: what the CSV, the workbook and the
// PDF each lay out in their own way. Cells keep machine-readable values (numbers as numbers, percent
// as 4.67 for 4.67%, days as YYYY-MM-DD, times as YYYY-MM-DD HH:mm Kuwait); each renderer formats.
import { plainText, type Locale } from "@sufra/schema";
import {
  branchLabel,
  label,
  occasionLabel,
  platformLabel,
  sourceLabel,
  topicLabel,
  trendLabel,
  type LabelKey,
} from "./labels.ts";
import type {
  AnalyticsReport,
  ReportContentDimension,
  ReportFigures,
  ReportGuestResponse,
  ReportTotalKey,
} from "./report.ts";

const DIMENSIONS: Record<ReportContentDimension, LabelKey> = {
  type: "dimType",
  occasion: "dimOccasion",
  language: "dimLanguage",
  hashtag: "dimHashtag",
  hour: "dimHour",
};

/** decimal: a number with two decimals that is no percent (average stars, hours) */
type CellKind = "text" | "integer" | "decimal" | "percent" | "change" | "date" | "datetime";

export interface Cell {
  value: string | number | null;
  kind: CellKind;
}

export interface Column {
  label: string;
  /** width in characters (the workbook), and the share of the line the PDF gives it (0: left out of the PDF) */
  width: number;
  pdf: number;
  /** numbers sit at the end of their cell, text at the start */
  numeric?: boolean;
}

type TableId =
  | "summary"
  | "totals"
  | "platforms"
  | "daily"
  | "top_posts"
  | "content"
  | "guests_sources"
  | "guests_branches"
  | "guests_rating"
  | "guests_topics";

export interface ReportTable {
  id: TableId;
  title: string;
  columns: Column[];
  rows: Cell[][];
}

/**
 * A text cell: a caption, a name, a label. A person's words come without bidi overrides, isolates or control
 * characters of their own (plainText), whatever was stored: a spreadsheet cell and a PDF cell cannot
 * isolate them, and an override would turn the letters after it around ("50%discounted").
 */
const text = (value: string | null): Cell => ({
  value: value === null ? null : plainText(value, { multiLine: true }),
  kind: "text",
});
const int = (value: number | null): Cell => ({ value, kind: "integer" });
const pct = (value: number | null): Cell => ({ value, kind: "percent" });

/** The Kuwait wall-clock time of an instant, YYYY-MM-DD HH:mm. */
export function kuwaitDateTime(d: Date): string {
  const k = new Date(d.getTime() + 3 * 3_600_000); // Kuwait keeps UTC+3 all year (no daylight saving)
  return `${k.toISOString().slice(0, 10)} ${k.toISOString().slice(11, 16)}`;
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const dec = (value: number | null): Cell => ({ value, kind: "decimal" });

/** A guests row's columns: items, answered, the rate in percent, the timed answers and their median in hours. */
function responseColumns(lang: Locale): Column[] {
  return [
    { label: label("guestItems", lang), width: 14, pdf: 1, numeric: true },
    { label: label("answered", lang), width: 12, pdf: 1, numeric: true },
    { label: label("responseRate", lang), width: 16, pdf: 1, numeric: true },
    { label: label("timed", lang), width: 16, pdf: 0, numeric: true },
    { label: label("medianResponse", lang), width: 20, pdf: 1.3, numeric: true },
  ];
}
const responseCells = (f: ReportGuestResponse): Cell[] => [
  int(f.items),
  int(f.answered),
  pct(f.responseRate === null ? null : round2(f.responseRate * 100)),
  int(f.timed),
  dec(f.medianResponseSeconds === null ? null : round2(f.medianResponseSeconds / 3600)),
];

const FIGURE_KEYS = ["posts", "reach", "views", "likes", "comments", "shares"] as const;

/** `count`: what the first column counts: network copies (totals, networks, days) or posts once each (content groups). */
function figureColumns(lang: Locale, count: "copies" | "posts" = "copies"): Column[] {
  return [
    ...FIGURE_KEYS.map((k) => ({ label: label(k === "posts" ? count : k, lang), width: 12, pdf: 1, numeric: true })),
    { label: label("engagementRate", lang), width: 18, pdf: 1.3, numeric: true },
  ];
}
const figureCells = (f: ReportFigures): Cell[] => [...FIGURE_KEYS.map((k) => int(f[k])), pct(f.engagementRate)];

const TOTAL_ROWS: { key: ReportTotalKey; label: LabelKey; kind: "integer" | "percent" }[] = [
  { key: "posts", label: "copies", kind: "integer" },
  { key: "reach", label: "reach", kind: "integer" },
  { key: "views", label: "views", kind: "integer" },
  { key: "likes", label: "likes", kind: "integer" },
  { key: "comments", label: "comments", kind: "integer" },
  { key: "shares", label: "shares", kind: "integer" },
  { key: "engagementRate", label: "engagementRate", kind: "percent" },
  { key: "followers", label: "followers", kind: "integer" },
];

export function reportTables(r: AnalyticsReport): ReportTable[] {
  const lang = r.lang;
  const tables: ReportTable[] = [];

  const summary: Cell[][] = [
    [text(label("business", lang)), text(r.business.name)],
    [text(label("from", lang)), { value: r.from, kind: "date" }],
    [text(label("to", lang)), { value: r.to, kind: "date" }],
    [text(label("previousFrom", lang)), { value: r.previous.from, kind: "date" }],
    [text(label("previousTo", lang)), { value: r.previous.to, kind: "date" }],
    [text(label("simulated", lang)), text(label(r.simulatedIncluded ? "yes" : "no", lang))],
    [text(label("generated", lang)), { value: kuwaitDateTime(r.generatedAt), kind: "datetime" }],
  ];
  if (r.campaign) summary.splice(5, 0, [text(label("campaign", lang)), text(r.campaign.name)]);
  tables.push({
    id: "summary",
    title: label("summary", lang),
    columns: [
      { label: label("item", lang), width: 34, pdf: 1 },
      { label: label("value", lang), width: 40, pdf: 1 },
    ],
    rows: summary,
  });

  tables.push({
    id: "totals",
    title: label("totals", lang),
    columns: [
      { label: label("metric", lang), width: 22, pdf: 1.4 },
      { label: label("value", lang), width: 14, pdf: 1, numeric: true },
      { label: label("change", lang), width: 30, pdf: 1.4, numeric: true },
    ],
    rows: [
      ...TOTAL_ROWS.map((t): Cell[] => [
        text(label(t.label, lang)),
        { value: r.totals[t.key], kind: t.kind },
        { value: r.change[t.key], kind: "change" },
      ]),
      [text(label("linkClicks", lang)), int(r.clicks.total), { value: r.clicks.change, kind: "change" }],
    ],
  });

  tables.push({
    id: "platforms",
    title: label("platforms", lang),
    columns: [{ label: label("network", lang), width: 14, pdf: 1.3 }, ...figureColumns(lang)],
    rows: r.byPlatform.map((p) => [text(platformLabel(p.platform, lang)), ...figureCells(p)]),
  });

  tables.push({
    id: "daily",
    title: label("daily", lang),
    columns: [{ label: label("date", lang), width: 12, pdf: 0 }, ...figureColumns(lang).map((c) => ({ ...c, pdf: 0 }))],
    rows: r.daily.map((d) => [{ value: d.date, kind: "date" }, ...figureCells(d)]),
  });

  // on paper: rank, networks, when, the caption, reach, engagement and its rate
  const listSeparator = lang === "ar" ? "، " : ", ";
  tables.push({
    id: "top_posts",
    title: label("topPosts", lang),
    columns: [
      { label: label("rank", lang), width: 8, pdf: 0.75, numeric: true },
      { label: label("network", lang), width: 16, pdf: 1.2 },
      { label: label("published", lang), width: 20, pdf: 1.8 },
      { label: label("post", lang), width: 50, pdf: 2.6 },
      { label: label("dimOccasion", lang), width: 18, pdf: 0 },
      { label: label("campaign", lang), width: 18, pdf: 0 },
      ...(["reach", "views", "likes", "comments", "shares", "engagement"] as const).map((k) => ({
        label: label(k, lang),
        width: 12,
        pdf: k === "reach" ? 1 : k === "engagement" ? 1.15 : 0,
        numeric: true,
      })),
      { label: label("engagementRate", lang), width: 18, pdf: 1.15, numeric: true },
      { label: label("clicks", lang), width: 12, pdf: 0, numeric: true },
      { label: label("link", lang), width: 40, pdf: 0 },
    ],
    rows: r.topPosts.map((p) => [
      int(p.rank),
      text(p.platforms.map((pl) => platformLabel(pl, lang)).join(listSeparator)),
      { value: p.publishedAt ? kuwaitDateTime(p.publishedAt) : null, kind: "datetime" },
      text(p.text),
      text(occasionLabel(p.occasion, lang)),
      text(p.campaignName),
      ...(["reach", "views", "likes", "comments", "shares", "engagement"] as const).map((k) => int(p.figures[k])),
      pct(p.figures.engagementRate),
      int(p.clicks),
      text(p.links.join(" ") || null),
    ]),
  });

  tables.push({
    id: "content",
    title: label("content", lang),
    columns: [
      { label: label("breakdown", lang), width: 26, pdf: 1.6 },
      { label: label("group", lang), width: 24, pdf: 1.6 },
      // on paper: posts, reach, likes and the rate
      ...figureColumns(lang, "posts").map((c, i) => ({ ...c, pdf: [0.8, 1, 0, 0.9, 0, 0, 1.2][i]! })),
    ],
    rows: r.content.map((c) => [text(label(DIMENSIONS[c.dimension], lang)), text(c.label), ...figureCells(c)]),
  });

  // guests: what they wrote and how the café answered; left out of a campaign's report, and when
  // guests wrote nothing in the range or the period before
  const g = r.guests;
  if (g && (g.total.items > 0 || g.topics.some((t) => t.previous > 0))) {
    tables.push({
      id: "guests_sources",
      title: label("guestsSources", lang),
      columns: [{ label: label("source", lang), width: 18, pdf: 1.4 }, ...responseColumns(lang)],
      rows: [
        ...g.bySource.map((s) => [text(sourceLabel(s.source, lang)), ...responseCells(s)]),
        [text(label("allSources", lang)), ...responseCells(g.total)],
      ],
    });
    tables.push({
      id: "guests_branches",
      title: label("guestsBranches", lang),
      columns: [{ label: label("branch", lang), width: 28, pdf: 1.8 }, ...responseColumns(lang)],
      rows: g.byBranch.map((b) => [text(branchLabel(b.branch, lang)), ...responseCells(b)]),
    });
    tables.push({
      id: "guests_rating",
      title: label("guestsRating", lang),
      columns: [
        { label: label(g.rating.interval === "week" ? "week" : "date", lang), width: 16, pdf: 0 },
        { label: label("reviewCount", lang), width: 16, pdf: 0, numeric: true },
        { label: label("averageStars", lang), width: 14, pdf: 0, numeric: true },
      ],
      rows: g.rating.points.map((p) => [{ value: p.date, kind: "date" }, int(p.count), dec(p.average)]),
    });
    tables.push({
      id: "guests_topics",
      title: label("guestsTopics", lang),
      columns: [
        { label: label("topic", lang), width: 18, pdf: 1.4 },
        { label: label("mentions", lang), width: 12, pdf: 1, numeric: true },
        { label: label("previousMentions", lang), width: 22, pdf: 1.4, numeric: true },
        { label: label("mentionsChange", lang), width: 10, pdf: 0.9, numeric: true },
        { label: label("trend", lang), width: 12, pdf: 0.9 },
      ],
      rows: g.topics.map((t) => [
        text(topicLabel(t.topic, lang)),
        int(t.count),
        int(t.previous),
        int(t.change),
        text(trendLabel(t.trend, lang)),
      ]),
    });
  }
  return tables;
}
