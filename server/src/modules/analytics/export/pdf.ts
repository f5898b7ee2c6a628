// The report as an A4 PDF: Sufra's title, the business, the period (Gregorian dates, Kuwait days),
// then the totals, the networks, the top posts and the content breakdown as tables. Arabic reports
// run right to left: headings and text at the right, the first column at the right edge. Digits
// are Latin in both languages, so figures read the same on paper as in the CSV and the workbook.
import { isolateText, joinLineParts, plainText, type Locale } from "@sufra/schema";
import PDFDocument from "pdfkit";
import { label } from "./labels.ts";
import {
  drawLine,
  ligaturesInVisualOrder,
  registerFonts,
  wrapText,
  type Direction,
  type TextStyle,
} from "../../../kernel/pdf/text.ts";
import type { AnalyticsReport } from "./report.ts";
import { kuwaitDateTime, type Cell, type Column, type ReportTable } from "./tables.ts";
import { ensureRoom, rule } from "../../../kernel/pdf/page.ts";

const COLOR = {
  saffron: "#C8691C",
  cardamom: "#1F5C4A",
  text: "#2B211A",
  muted: "#6B5E53",
  band: "#F3E3D3",
  zebra: "#FBF6EF",
  rule: "#E4D6C6",
};
const MARGIN = 40;
const ROW = 16;

/** 1 March 2026 / 1 مارس 2026: the Gregorian calendar with Latin digits in both languages. */
export function longDate(iso: string, lang: Locale): string {
  const locale = lang === "ar" ? "ar-KW-u-ca-gregory-nu-latn" : "en-GB";
  return new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${iso}T00:00:00Z`),
  );
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const DASH = "—";

export function pdfCellText(c: Cell): string {
  if (c.value === null || c.value === undefined || c.value === "") return DASH;
  if (typeof c.value === "number") {
    if (c.kind === "percent") return `${c.value.toFixed(2)}%`;
    if (c.kind === "decimal") return c.value.toFixed(2);
    if (c.kind === "change") return `${c.value > 0 ? "+" : ""}${c.value.toFixed(2)}%`;
    return number.format(c.value);
  }
  return c.value;
}

interface Ctx {
  doc: PDFKit.PDFDocument;
  lang: Locale;
  dir: Direction;
  /** where the next line's top is */
  y: number;
  left: number;
  width: number;
  bottom: number;
}

/** A line of the document's own text at its start side (right in Arabic), wrapped. */
function paragraph(ctx: Ctx, text: string, style: TextStyle, opts: { base?: Direction; gap?: number } = {}) {
  const lineHeight = style.size * 1.45;
  for (const line of wrapText(ctx.doc, text, opts.base ?? ctx.dir, style, ctx.width)) {
    ensure(ctx, lineHeight);
    drawLine(ctx.doc, line, opts.base ?? ctx.dir, style, {
      x: ctx.left,
      y: ctx.y + style.size,
      width: ctx.width,
      align: ctx.dir === "rtl" ? "right" : "left",
    });
    ctx.y += lineHeight;
  }
  ctx.y += opts.gap ?? 0;
}

/** Starts a new page when `height` does not fit; returns whether it did. */
const ensure = (ctx: Ctx, height: number) => ensureRoom(ctx, height, MARGIN);

interface Placed {
  col: Column;
  index: number;
  x: number;
  w: number;
}

/** The columns shown on paper, placed from the start side: left to right in English, right to left in Arabic. */
function placeColumns(ctx: Ctx, columns: readonly Column[]): Placed[] {
  const shown = columns.map((col, index) => ({ col, index })).filter((c) => c.col.pdf > 0);
  const total = shown.reduce((n, c) => n + c.col.pdf, 0);
  let offset = 0;
  return shown.map((c) => {
    const w = (c.col.pdf / total) * ctx.width;
    const x = ctx.dir === "rtl" ? ctx.left + ctx.width - offset - w : ctx.left + offset;
    offset += w;
    return { ...c, x, w };
  });
}

const PAD = 4;
const cellAlign = (ctx: Ctx, col: Column): "left" | "right" =>
  col.numeric ? (ctx.dir === "rtl" ? "left" : "right") : ctx.dir === "rtl" ? "right" : "left";

function tableHeader(ctx: Ctx, placed: readonly Placed[]) {
  const style: TextStyle = { size: 7.5, weight: 700 };
  const lines = placed.map((p) => wrapText(ctx.doc, p.col.label, ctx.dir, style, p.w - 2 * PAD).slice(0, 2));
  const height = Math.max(...lines.map((l) => l.length)) * 9.5 + 7;
  ensure(ctx, height + ROW);
  ctx.doc.save().rect(ctx.left, ctx.y, ctx.width, height).fill(COLOR.band).restore();
  placed.forEach((p, i) => {
    lines[i]!.forEach((line, n) => {
      drawLine(ctx.doc, line, ctx.dir, style, {
        x: p.x + PAD,
        y: ctx.y + 4 + 7.5 + n * 9.5,
        width: p.w - 2 * PAD,
        align: cellAlign(ctx, p.col),
      });
    });
  });
  ctx.y += height;
}

function table(ctx: Ctx, t: ReportTable) {
  ensure(ctx, 24 + ROW * 3);
  paragraph(ctx, t.title, { size: 12, weight: 700, color: COLOR.cardamom }, { gap: 2 });
  if (!t.rows.length) {
    paragraph(ctx, label("none", ctx.lang), { size: 9, color: COLOR.muted }, { gap: 10 });
    return;
  }
  const placed = placeColumns(ctx, t.columns);
  tableHeader(ctx, placed);
  t.rows.forEach((row, r) => {
    if (ensure(ctx, ROW)) tableHeader(ctx, placed);
    if (r % 2 === 1) ctx.doc.save().rect(ctx.left, ctx.y, ctx.width, ROW).fill(COLOR.zebra).restore();
    for (const p of placed) {
      const cell = row[p.index]!;
      // captions and names take their own direction; the document's labels take the document's
      const base: Direction = cell.kind === "text" ? "auto" : "ltr";
      drawLine(
        ctx.doc,
        pdfCellText(cell),
        base,
        { size: 8 },
        { x: p.x + PAD, y: ctx.y + 11, width: p.w - 2 * PAD, align: cellAlign(ctx, p.col) },
      );
    }
    ctx.y += ROW;
  });
  rule(ctx, COLOR.rule);
  ctx.y += 16;
}

function header(ctx: Ctx, r: AnalyticsReport) {
  const lang = r.lang;
  paragraph(ctx, label("brand", lang), { size: 22, weight: 700, color: COLOR.saffron });
  paragraph(ctx, label("title", lang), { size: 15, weight: 700 }, { gap: 4 });
  // the business's name takes its own direction (a Latin name in an Arabic report stays left to right)
  paragraph(ctx, plainText(r.business.name), { size: 13, weight: 700, color: COLOR.cardamom }, { gap: 2 });
  paragraph(ctx, `${label("period", lang)}: ${longDate(r.from, lang)} – ${longDate(r.to, lang)}`, { size: 10.5 });
  paragraph(
    ctx,
    `${label("comparedWith", lang)}: ${longDate(r.previous.from, lang)} – ${longDate(r.previous.to, lang)}`,
    { size: 9, color: COLOR.muted },
  );
  const [day, time] = kuwaitDateTime(r.generatedAt).split(" ");
  paragraph(ctx, `${label("generated", lang)}: ${longDate(day!, lang)} ${time}`, { size: 9, color: COLOR.muted });
  if (r.simulatedIncluded) paragraph(ctx, label("simulatedNote", lang), { size: 9, color: COLOR.saffron });
  ctx.y += 6;
  rule(ctx, COLOR.cardamom, 1.2);
  ctx.y += 14;
}

function footers(doc: PDFKit.PDFDocument, lang: Locale) {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const text = joinLineParts([label("brand", lang), label("page", lang, { n: i + 1, total: range.count })], lang);
    drawLine(
      doc,
      text,
      lang === "ar" ? "rtl" : "ltr",
      { size: 8, color: COLOR.muted },
      { x: MARGIN, y: doc.page.height - MARGIN / 2 - 4, width: doc.page.width - 2 * MARGIN, align: "center" },
    );
  }
}

export function renderPdf(report: AnalyticsReport, tables: readonly ReportTable[]): Promise<Buffer> {
  const lang = report.lang;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    lang,
    displayTitle: true,
    info: {
      Title: `${label("title", lang)} — ${isolateText(report.business.name)}`,
      Author: label("brand", lang),
      Creator: "Sufra",
      Subject: `${report.from} – ${report.to}`,
    },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerFonts(doc);
  const ctx: Ctx = {
    doc,
    lang,
    dir: lang === "ar" ? "rtl" : "ltr",
    y: MARGIN,
    left: MARGIN,
    width: doc.page.width - 2 * MARGIN,
    bottom: doc.page.height - MARGIN - 10,
  };
  header(ctx, report);
  // the summary is the header above; the daily series is for spreadsheets (a long list on paper)
  for (const t of tables) if (t.id !== "summary" && t.columns.some((c) => c.pdf > 0)) table(ctx, t);
  footers(doc, lang);
  ligaturesInVisualOrder(doc);
  doc.end();
  return done;
}
