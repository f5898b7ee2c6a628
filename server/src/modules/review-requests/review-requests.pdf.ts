// A printed review request (docs/architecture.md#review-requests): the café's name, a line asking for a review in
// English, Arabic or both, the QR code of the short link, and the short address under it for a guest who types it.
// Two cards: a table tent (A6 portrait, one face, nothing to fold) and a receipt (80 mm thermal roll, as tall as its
// content). The code is drawn as vector squares, so it stays sharp at any printer's resolution; the fonts and the
// bidi writing of Arabic lines are the kernel's (kernel/pdf/). A pure function of its input: no database, no clock.
import { buffer } from "node:stream/consumers";
import PDFDocument from "pdfkit";
import QRCode from "qrcode";
import {
  REVIEW_REQUEST_ASK,
  REVIEW_REQUEST_SCAN,
  type ReviewRequestFormat,
  type ReviewRequestLang,
} from "@sufra/schema";
import { drawLine, ligaturesInVisualOrder, registerFonts, wrapText, type Direction } from "../../kernel/pdf/text.ts";

export interface ReviewCard {
  /** the café's name in English and in Arabic (the English one again when it has no Arabic name) */
  name: { en: string; ar: string };
  /** the branch's title as Google shows it */
  branch: string;
  /** the short link the code holds (https://…/r/<code>) */
  url: string;
  format: ReviewRequestFormat;
  lang: ReviewRequestLang;
}

const MM = 72 / 25.4;
/** A6 portrait, and the 80 mm roll with the 4 mm its printers leave blank on each side. */
const PAGE = {
  table_tent: { width: 105 * MM, margin: 10 * MM, qr: 62 * MM },
  receipt: { width: 80 * MM, margin: 4 * MM, qr: 50 * MM },
} as const;
const A6_HEIGHT = 148 * MM;
const INK = "#2B211A";
const SOFT = "#6B5E55";
/** Quiet zone around the code: four modules, as the QR standard asks. */
const QUIET = 4;

/** The address as printed: without its scheme, which a guest never types. */
const printedUrl = (url: string) => url.replace(/^https?:\/\//, "");

interface Line {
  text: string;
  dir: Direction;
  size: number;
  weight: 400 | 700;
  color: string;
}

/** The languages of the card, in the order they are printed. */
const langsOf = (lang: ReviewRequestLang): ("en" | "ar")[] => (lang === "both" ? ["en", "ar"] : [lang]);

function linesOf(doc: PDFKit.PDFDocument, card: ReviewCard, width: number, scale: number) {
  const langs = langsOf(card.lang);
  const dir = (l: "en" | "ar"): Direction => (l === "ar" ? "rtl" : "ltr");
  const wrap = (text: string, d: Direction, size: number, weight: 400 | 700, color: string): Line[] =>
    wrapText(doc, text, d, { size, weight }, width).map((t) => ({ text: t, dir: d, size, weight, color }));
  const names = [...new Set(langs.map((l) => card.name[l].trim()).filter(Boolean))];
  const head = names.flatMap((n) => wrap(n, "auto", 18 * scale, 700, INK));
  const branch = card.branch.trim() ? wrap(card.branch, "auto", 10 * scale, 400, SOFT) : [];
  const ask = langs.flatMap((l) => wrap(REVIEW_REQUEST_ASK[l], dir(l), 12.5 * scale, 700, INK));
  const scan = langs.flatMap((l) => wrap(REVIEW_REQUEST_SCAN[l], dir(l), 9.5 * scale, 400, SOFT));
  const url: Line = { text: printedUrl(card.url), dir: "ltr", size: 11 * scale, weight: 700, color: INK };
  return { head, branch, ask, scan, url };
}

const gap = (l: Line) => l.size * 1.35;

/** Draws the card from the top; returns where the content ends. */
function draw(doc: PDFKit.PDFDocument, card: ReviewCard, matrix: QRCode.BitMatrix, top: number): number {
  const page = PAGE[card.format];
  const scale = card.format === "receipt" ? 0.9 : 1;
  const left = page.margin;
  const width = page.width - 2 * page.margin;
  const { head, branch, ask, scan, url } = linesOf(doc, card, width, scale);
  let y = top;
  const put = (lines: Line[]) => {
    for (const l of lines) {
      y += gap(l);
      drawLine(
        doc,
        l.text,
        l.dir,
        { size: l.size, weight: l.weight, color: l.color },
        { x: left, y, width, align: "center" },
      );
    }
  };
  put(head);
  // room for the Arabic name's descenders above the branch
  y += 3 * scale;
  put(branch);
  y += 6 * scale;
  put(ask);
  y += 10 * scale;
  // the code: dark modules as squares, centred, with its quiet zone left white
  const n = matrix.size;
  const cell = page.qr / (n + 2 * QUIET);
  const x0 = left + (width - page.qr) / 2 + QUIET * cell;
  const y0 = y + QUIET * cell;
  doc.save().fillColor("#000000");
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (matrix.get(r, c)) doc.rect(x0 + c * cell, y0 + r * cell, cell, cell);
  doc.fill().restore();
  y += page.qr;
  put(scan);
  y += 2;
  put([url]);
  return y;
}

/** The card as a PDF: one page. */
export async function renderReviewCardPdf(card: ReviewCard): Promise<Buffer> {
  const page = PAGE[card.format];
  // error correction M: a card on a table gets wet and scratched; a third more modules than L, still easy to scan
  const matrix = QRCode.create(card.url, { errorCorrectionLevel: "M" }).modules;
  let height = A6_HEIGHT;
  if (card.format === "receipt") {
    // a roll is cut where the content ends: measure on a scratch document first
    const scratch = new PDFDocument({ size: [page.width, 2000], margin: 0, autoFirstPage: true });
    registerFonts(scratch);
    height = draw(scratch, card, matrix, page.margin) + page.margin + 8;
  }
  const doc = new PDFDocument({
    size: [page.width, height],
    margin: 0,
    lang: card.lang === "ar" ? "ar" : "en",
    displayTitle: true,
    info: {
      Title: card.lang === "ar" ? card.name.ar : card.name.en,
      Subject: REVIEW_REQUEST_ASK[card.lang === "ar" ? "ar" : "en"],
      Creator: "Sufra",
      Producer: "Sufra",
    },
  });
  // the document is a readable stream of its bytes: read whole once ended
  const done = buffer(doc);
  registerFonts(doc);
  if (card.format === "table_tent") {
    // the table tent's content sits in the middle of the card
    const scratch = new PDFDocument({ size: [page.width, 2000], margin: 0 });
    registerFonts(scratch);
    const used = draw(scratch, card, matrix, 0);
    draw(doc, card, matrix, Math.max(page.margin, (height - used) / 2 - 6));
  } else draw(doc, card, matrix, page.margin);
  ligaturesInVisualOrder(doc);
  doc.end();
  return done;
}

/** The QR code of a short link as a PNG of `size` pixels a side. */
export function renderReviewQrPng(url: string, size: number): Promise<Buffer> {
  return QRCode.toBuffer(url, { type: "png", errorCorrectionLevel: "M", margin: QUIET, width: size });
}
