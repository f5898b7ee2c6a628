// An invoice or a credit note as an A4 PDF, in English and Arabic on the same page: the fonts and the
// bidi writing of mixed lines are the kernel's (kernel/pdf/, docs/architecture.md#the-rooms). A pure
// function of the document: no database, no clock, no randomness, so the same invoice is the same
// bytes whenever it is rendered again (the PDF's dates are its issue date; pdfkit derives the file's
// ID from them).
//
// The page: the brand and the title; the number, the credit note's invoice, the issue date and the
// status in two halves, English at the left and Arabic at the right (right to left); the seller and
// the customer side by side; the lines (each description in both languages, the period, the amount);
// the total; the payment. The primary language puts its half first where order shows: the title, the
// party boxes and the columns of the table run from the right in Arabic. Money is integer fils written
// by formatFils (three decimals). Dates are the day in Kuwait, Gregorian in both halves, with the Umm
// al-Qura date in the Arabic half; a period shows its year on both ends and, when it does not fit its
// cell, breaks after the dash, never inside a date. Digits in the Arabic half (dates, money, counts in
// the descriptions) are Latin or Arabic-Indic as chosen; identifiers (the numbers, a payment reference,
// a commercial registration number, e-mail addresses) stay as they are. The seller's and the customer's
// commercial registration numbers are printed in their boxes when given.
import { formatFils, hijriOf, kuwaitDate, plainText, withDigits, type DigitStyle } from "@sufra/schema";
import PDFDocument from "pdfkit";
import {
  drawLine,
  ligaturesInVisualOrder,
  registerFonts,
  wrapText,
  type Direction,
  type TextStyle,
} from "../../kernel/pdf/text.ts";
import { ensureRoom, rule } from "../../kernel/pdf/page.ts";

// ------------------------------------------------------------------ the document

type InvoiceKind = "invoice" | "credit_note";
type InvoiceStatus = "paid" | "due" | "refunded" | "partially_refunded";
export type InvoicePaymentMethod = "knet" | "card" | "apple_pay" | "bank_transfer" | "other";

interface InvoiceLine {
  description: { en: string; ar: string };
  /** The period the line pays for, shown as days in Kuwait (both dates as given: pass the last day covered as the end). */
  periodStart?: Date | null;
  periodEnd?: Date | null;
  /** Integer fils. A credit note's lines are shown as refunds (negative) whatever their sign. */
  amountFils: number;
}

interface InvoicePayment {
  method: InvoicePaymentMethod;
  reference?: string | null;
  paidAt?: Date | null;
}

export interface InvoiceDocument {
  kind: InvoiceKind;
  /** e.g. "INV-2026-000001" or "CN-2026-000001" */
  number: string;
  /** shown as a Kuwait date (Asia/Kuwait), Gregorian, plus Hijri (islamic-umalqura) in Arabic */
  issuedAt: Date;
  /** a credit note's original invoice number */
  relatesTo?: string | null;
  /** `crNumber`: the seller's commercial registration number (INVOICE_SELLER_CR), printed when given */
  seller: {
    name: { en: string; ar: string };
    address: { en: string; ar: string };
    email: string;
    crNumber?: string | null;
  };
  /** as the business entered them (any script); `crNumber` its commercial registration number, printed when given */
  buyer: { legalName: string; address: string; email: string; crNumber?: string | null };
  lines: InvoiceLine[];
  /** integer fils; a credit note shows it as a negative (refund) amount */
  totalFils: number;
  currency: "KWD";
  payment?: InvoicePayment | null;
  status: InvoiceStatus;
  /** the primary language; the document is bilingual either way */
  locale: "en" | "ar";
  /** Western (0-9) or Arabic-Indic digits for numbers in the Arabic parts */
  digits: DigitStyle;
}

/** The file's name when downloaded or attached: the document's number ("INV-2026-000001.pdf"). */
export const invoicePdfFileName = (doc: Pick<InvoiceDocument, "number">) =>
  `${doc.number.replace(/[^A-Za-z0-9._-]+/g, "_")}.pdf`;

// ------------------------------------------------------------------ words, in both languages
// Labels avoid brackets: mirrored in right-to-left text, they read back reversed from a PDF.

interface Bi {
  en: string;
  ar: string;
}

const L = {
  brand: "Sufra — سفرة",
  invoice: { en: "Invoice", ar: "فاتورة" },
  credit_note: { en: "Credit note", ar: "إشعار دائن" },
  invoiceNumber: { en: "Invoice number", ar: "رقم الفاتورة" },
  creditNoteNumber: { en: "Credit note number", ar: "رقم الإشعار الدائن" },
  relatesTo: { en: "Credit for invoice", ar: "إشعار دائن للفاتورة" },
  issued: { en: "Date of issue", ar: "تاريخ الإصدار" },
  status: { en: "Status", ar: "الحالة" },
  seller: { en: "Seller", ar: "البائع" },
  customer: { en: "Customer", ar: "العميل" },
  no: { en: "No.", ar: "م" },
  description: { en: "Description", ar: "الوصف" },
  period: { en: "Period", ar: "الفترة" },
  amount: { en: "Amount", ar: "المبلغ" },
  total: { en: "Total", ar: "الإجمالي" },
  totalRefunded: { en: "Total refunded", ar: "إجمالي المبلغ المسترد" },
  currencyNote: { en: "Amounts in Kuwaiti dinars", ar: "المبالغ بالدينار الكويتي" },
  payment: { en: "Payment method", ar: "طريقة الدفع" },
  reference: { en: "Reference", ar: "المرجع" },
  paidAt: { en: "Paid on", ar: "تاريخ الدفع" },
  refundedAt: { en: "Refunded on", ar: "تاريخ الاسترداد" },
  crNumber: { en: "CR No.", ar: "رقم السجل التجاري" },
} satisfies Record<string, Bi | string>;

const STATUS: Record<InvoiceStatus, Bi> = {
  paid: { en: "Paid", ar: "مدفوعة" },
  due: { en: "Due", ar: "مستحقة الدفع" },
  refunded: { en: "Refunded", ar: "مستردة" },
  partially_refunded: { en: "Partially refunded", ar: "مستردة جزئيًا" },
};

const METHOD: Record<InvoicePaymentMethod, Bi> = {
  knet: { en: "KNET", ar: "كي نت" },
  card: { en: "Card", ar: "بطاقة" },
  apple_pay: { en: "Apple Pay", ar: "Apple Pay" },
  bank_transfer: { en: "Bank transfer", ar: "تحويل بنكي" },
  other: { en: "Other", ar: "أخرى" },
};

const MONTHS_EN = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const MONTHS_EN_SHORT = MONTHS_EN.map((m) => m.slice(0, 3));
// the month names of Kuwait and the Gulf
const MONTHS_AR = [
  "يناير",
  "فبراير",
  "مارس",
  "أبريل",
  "مايو",
  "يونيو",
  "يوليو",
  "أغسطس",
  "سبتمبر",
  "أكتوبر",
  "نوفمبر",
  "ديسمبر",
];
const HIJRI_MONTHS_AR = [
  "محرم",
  "صفر",
  "ربيع الأول",
  "ربيع الآخر",
  "جمادى الأولى",
  "جمادى الآخرة",
  "رجب",
  "شعبان",
  "رمضان",
  "شوال",
  "ذو القعدة",
  "ذو الحجة",
];

/** A day in Kuwait as [year, month 1-12, day]. */
function kuwaitDay(at: Date): [string, number, number, number] {
  const iso = kuwaitDate(at);
  const [y, m, d] = iso.split("-").map((n) => parseInt(n, 10)) as [number, number, number];
  return [iso, y, m, d];
}

/** "1 March 2026" (or "1 Mar 2026" short). */
export function dateEn(at: Date, short = false): string {
  const [, y, m, d] = kuwaitDay(at);
  return `${d} ${(short ? MONTHS_EN_SHORT : MONTHS_EN)[m - 1]} ${y}`;
}

/** "١ مارس ٢٠٢٦" (Gregorian, the Kuwait day), digits as chosen. */
export function dateAr(at: Date, digits: DigitStyle): string {
  const [, y, m, d] = kuwaitDay(at);
  return withDigits(`${d} ${MONTHS_AR[m - 1]} ${y}`, digits);
}

/** "١٢ رمضان ١٤٤٧ هـ": the Umm al-Qura date of the Kuwait day, digits as chosen. */
export function hijriAr(at: Date, digits: DigitStyle): string {
  const h = hijriOf(kuwaitDay(at)[0]);
  return withDigits(`${h.day} ${HIJRI_MONTHS_AR[h.month - 1]} ${h.year} هـ`, digits);
}

const LRM = "\u200e";
/** Money in the Arabic half: a minus sign kept before Latin digits in right-to-left text (LRM), as CLDR writes it. */
function moneyAr(fils: number, digits: DigitStyle): string {
  const text = formatFils(fils, { digits, currency: "ar" });
  return fils < 0 && digits === "latin" ? `${LRM}${text}` : text;
}
const moneyEn = (fils: number) => formatFils(fils, { currency: "en" });

/**
 * An Arabic description with its counts in the chosen digits ("الفرق عن ٢٨ من ٣١ يومًا"); a word that
 * holds a Latin letter is an identifier (an invoice's number) and stays as it is.
 */
const descriptionAr = (text: string, digits: DigitStyle) =>
  text.replace(/\S+/g, (word) => (/[A-Za-z]/.test(word) ? word : withDigits(word, digits)));

// ------------------------------------------------------------------ drawing

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
const GAP = 16;
const PAD = 4;
const lineHeight = (style: TextStyle) => style.size * 1.4;

interface Ctx {
  doc: PDFKit.PDFDocument;
  inv: InvoiceDocument;
  /** the primary language's direction */
  dir: "ltr" | "rtl";
  y: number;
  left: number;
  width: number;
  bottom: number;
}

/** Starts a new page when `height` does not fit; returns whether it did. */
const ensure = (ctx: Ctx, height: number) => ensureRoom(ctx, height, MARGIN);

const ARABIC_LETTER = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const STRONG = /[\p{L}]/u;
/** The direction text takes from its first letter (names and addresses as the business entered them). */
function directionOf(text: string): "ltr" | "rtl" {
  const first = [...text].find((c) => STRONG.test(c));
  return first !== undefined && ARABIC_LETTER.test(first) ? "rtl" : "ltr";
}

/** Text set in a column of `width` at `x`, wrapped, aligned to its direction's start. */
interface Block {
  text: string;
  dir: Direction;
  style: TextStyle;
  align?: "left" | "right";
}

/** The lines a block wraps into, with their style and alignment. */
interface SetLine {
  text: string;
  dir: Direction;
  style: TextStyle;
  align: "left" | "right";
}

function setBlocks(doc: PDFKit.PDFDocument, blocks: readonly Block[], width: number): SetLine[] {
  const out: SetLine[] = [];
  for (const b of blocks) {
    if (!b.text.trim()) continue;
    const resolved = b.dir === "auto" ? directionOf(b.text) : b.dir;
    const align = b.align ?? (resolved === "rtl" ? "right" : "left");
    for (const paragraph of b.text.split(/\r?\n/)) {
      for (const text of wrapText(doc, paragraph, b.dir, b.style, width))
        out.push({ text, dir: b.dir, style: b.style, align });
    }
  }
  return out;
}

const heightOf = (lines: readonly SetLine[]) => lines.reduce((h, l) => h + lineHeight(l.style), 0);

function drawSet(doc: PDFKit.PDFDocument, lines: readonly SetLine[], x: number, top: number, width: number) {
  let y = top;
  for (const l of lines) {
    drawLine(doc, l.text, l.dir, l.style, { x, y: y + l.style.size, width, align: l.align });
    y += lineHeight(l.style);
  }
}

const LABEL: TextStyle = { size: 8.5, color: COLOR.muted };
const VALUE: TextStyle = { size: 9.5, weight: 700 };

/**
 * A row of the two halves: at the left the English label and value, at the right the Arabic label
 * and value, right to left. Each value may be several lines.
 */
function pairRow(ctx: Ctx, label: Bi, en: readonly string[], ar: readonly string[], style: TextStyle = VALUE) {
  const half = (ctx.width - GAP) / 2;
  const labelW = 112;
  const valueW = half - labelW;
  const enLabel = setBlocks(ctx.doc, [{ text: label.en, dir: "ltr", style: LABEL }], labelW - PAD);
  const arLabel = setBlocks(ctx.doc, [{ text: label.ar, dir: "rtl", style: LABEL }], labelW - PAD);
  const enValue = setBlocks(
    ctx.doc,
    en.map((text) => ({ text, dir: "ltr" as const, style })),
    valueW,
  );
  const arValue = setBlocks(
    ctx.doc,
    ar.map((text) => ({ text, dir: "rtl" as const, style })),
    valueW,
  );
  const height = Math.max(heightOf(enLabel), heightOf(arLabel), heightOf(enValue), heightOf(arValue)) + 3;
  ensure(ctx, height);
  // the label's first baseline on the value's
  const top = ctx.y + (style.size - LABEL.size);
  drawSet(ctx.doc, enLabel, ctx.left, top, labelW - PAD);
  drawSet(ctx.doc, enValue, ctx.left + labelW, ctx.y, valueW);
  const right = ctx.left + ctx.width;
  drawSet(ctx.doc, arLabel, right - labelW + PAD, top, labelW - PAD);
  drawSet(ctx.doc, arValue, right - labelW - valueW, ctx.y, valueW);
  ctx.y += height;
}

function header(ctx: Ctx) {
  const { doc, inv } = ctx;
  const title = inv.kind === "invoice" ? L.invoice : L.credit_note;
  const brand: TextStyle = { size: 20, weight: 700, color: COLOR.saffron };
  const heading: TextStyle = { size: 17, weight: 700, color: COLOR.cardamom };
  const titleText = ctx.dir === "rtl" ? `${title.ar} / ${title.en}` : `${title.en} / ${title.ar}`;
  const baseline = ctx.y + brand.size;
  const start = ctx.dir === "rtl" ? "right" : "left";
  const end = ctx.dir === "rtl" ? "left" : "right";
  drawLine(doc, L.brand, ctx.dir, brand, { x: ctx.left, y: baseline, width: ctx.width, align: start });
  drawLine(doc, titleText, ctx.dir, heading, { x: ctx.left, y: baseline, width: ctx.width, align: end });
  ctx.y += lineHeight(brand) + 4;
  rule(ctx, COLOR.cardamom, 1.2);
  ctx.y += 10;
}

function facts(ctx: Ctx) {
  const { inv } = ctx;
  const d = inv.digits;
  pairRow(ctx, inv.kind === "invoice" ? L.invoiceNumber : L.creditNoteNumber, [inv.number], [inv.number]);
  if (inv.kind === "credit_note" && inv.relatesTo) pairRow(ctx, L.relatesTo, [inv.relatesTo], [inv.relatesTo]);
  pairRow(ctx, L.issued, [dateEn(inv.issuedAt)], [`${dateAr(inv.issuedAt, d)} م`, hijriAr(inv.issuedAt, d)]);
  pairRow(ctx, L.status, [STATUS[inv.status].en], [STATUS[inv.status].ar]);
  ctx.y += 8;
}

/** A commercial registration number in both languages, the number as given (an identifier); none when not given. */
function crLines(cr: string | null | undefined, style: TextStyle): Block[] {
  if (!cr?.trim()) return [];
  return [
    { text: `${L.crNumber.en} ${cr.trim()}`, dir: "ltr", style, align: "left" },
    { text: `${L.crNumber.ar} ${cr.trim()}`, dir: "rtl", style, align: "right" },
  ];
}

/** The seller and the customer side by side, the seller at the primary language's start. */
function parties(ctx: Ctx) {
  const { doc, inv } = ctx;
  const boxW = (ctx.width - GAP) / 2;
  const inner = boxW - 2 * (PAD + 4);
  const name: TextStyle = { size: 10.5, weight: 700 };
  const body: TextStyle = { size: 9 };
  const seller: Block[] = [
    { text: inv.seller.name.en, dir: "ltr", style: name, align: "left" },
    { text: inv.seller.name.ar, dir: "rtl", style: name, align: "right" },
    { text: inv.seller.address.en, dir: "ltr", style: body, align: "left" },
    { text: inv.seller.address.ar, dir: "rtl", style: body, align: "right" },
    { text: inv.seller.email, dir: "ltr", style: body, align: ctx.dir === "rtl" ? "right" : "left" },
    ...crLines(inv.seller.crNumber, body),
  ];
  const buyer: Block[] = [
    { text: inv.buyer.legalName, dir: "auto", style: name },
    { text: inv.buyer.address, dir: "auto", style: body },
    // the e-mail on the side of the name above it
    {
      text: inv.buyer.email,
      dir: "ltr",
      style: body,
      align: directionOf(inv.buyer.legalName) === "rtl" ? "right" : "left",
    },
    ...crLines(inv.buyer.crNumber, body),
  ];
  const titles: [Bi, Block[]][] = [
    [L.seller, seller],
    [L.customer, buyer],
  ];
  const set = titles.map(([bi, blocks]) => ({ bi, lines: setBlocks(doc, blocks, inner) }));
  const titleH = 16;
  const height = titleH + Math.max(...set.map((s) => heightOf(s.lines))) + 2 * PAD + 2;
  ensure(ctx, height);
  set.forEach((s, i) => {
    // the seller's box at the start side: left in English, right in Arabic
    const startSide = i === 0;
    const atLeft = ctx.dir === "rtl" ? !startSide : startSide;
    const x = atLeft ? ctx.left : ctx.left + boxW + GAP;
    doc.save().roundedRect(x, ctx.y, boxW, height, 4).lineWidth(0.8).strokeColor(COLOR.rule).stroke().restore();
    doc
      .save()
      .rect(x + 0.4, ctx.y + 0.4, boxW - 0.8, titleH)
      .fill(COLOR.band)
      .restore();
    const titleStyle: TextStyle = { size: 8.5, weight: 700, color: COLOR.cardamom };
    drawLine(doc, s.bi.en, "ltr", titleStyle, { x: x + PAD + 4, y: ctx.y + 11.5, width: inner, align: "left" });
    drawLine(doc, s.bi.ar, "rtl", titleStyle, { x: x + PAD + 4, y: ctx.y + 11.5, width: inner, align: "right" });
    drawSet(doc, s.lines, x + PAD + 4, ctx.y + titleH + PAD, inner);
  });
  ctx.y += height + 14;
}

// ------------------------------------------------------------------ the lines

interface Column {
  key: "no" | "en" | "ar" | "period" | "amount";
  share: number;
  /** amounts and numbers sit at the end side */
  numeric?: boolean;
}

const COLUMNS: Column[] = [
  { key: "no", share: 5, numeric: true },
  { key: "en", share: 27 },
  { key: "ar", share: 27 },
  { key: "period", share: 23 },
  { key: "amount", share: 18, numeric: true },
];

interface Placed extends Column {
  x: number;
  w: number;
}

/** The columns from the primary language's start: left to right in English, right to left in Arabic. */
function placeColumns(ctx: Ctx): Placed[] {
  const total = COLUMNS.reduce((n, c) => n + c.share, 0);
  let offset = 0;
  return COLUMNS.map((c) => {
    const w = (c.share / total) * ctx.width;
    const x = ctx.dir === "rtl" ? ctx.left + ctx.width - offset - w : ctx.left + offset;
    offset += w;
    return { ...c, x, w };
  });
}

/** Where a cell's text sits: the English description at the left, the Arabic at the right, numbers at the end side. */
function cellAlign(ctx: Ctx, c: Column): "left" | "right" {
  if (c.key === "en") return "left";
  if (c.key === "ar") return "right";
  if (c.numeric) return ctx.dir === "rtl" ? "left" : "right";
  return ctx.dir === "rtl" ? "right" : "left";
}

const HEAD: TextStyle = { size: 8, weight: 700 };
const CELL: TextStyle = { size: 8.5 };
const CELL_AR: TextStyle = { size: 8.5, color: COLOR.muted };

function headerCell(c: Column): Block[] {
  const bi =
    c.key === "no"
      ? L.no
      : c.key === "en"
        ? L.description
        : c.key === "ar"
          ? L.description
          : c.key === "period"
            ? L.period
            : L.amount;
  if (c.key === "en") return [{ text: bi.en, dir: "ltr", style: HEAD }];
  if (c.key === "ar") return [{ text: bi.ar, dir: "rtl", style: HEAD }];
  return [
    { text: bi.en, dir: "ltr", style: HEAD },
    { text: bi.ar, dir: "rtl", style: HEAD },
  ];
}

function tableHeader(ctx: Ctx, placed: readonly Placed[]) {
  const cells = placed.map((p) =>
    setBlocks(
      ctx.doc,
      headerCell(p).map((b) => ({ ...b, align: cellAlign(ctx, p) })),
      p.w - 2 * PAD,
    ),
  );
  const height = Math.max(...cells.map(heightOf)) + 2 * PAD;
  ctx.doc.save().rect(ctx.left, ctx.y, ctx.width, height).fill(COLOR.band).restore();
  placed.forEach((p, i) => drawSet(ctx.doc, cells[i]!, p.x + PAD, ctx.y + PAD, p.w - 2 * PAD));
  ctx.y += height;
}

/** A credit note's amounts are refunds: shown negative, whatever sign they were given in. */
const shown = (inv: InvoiceDocument, fils: number) => (inv.kind === "credit_note" ? -Math.abs(fils) : fils);

function lineCells(ctx: Ctx, line: InvoiceLine, index: number): Block[][] {
  const { inv } = ctx;
  const d = inv.digits;
  const fils = shown(inv, line.amountFils);
  return placeColumns(ctx).map((p) => {
    const align = cellAlign(ctx, p);
    switch (p.key) {
      case "no":
        return [{ text: String(index + 1), dir: "ltr", style: CELL, align }];
      case "en":
        return [{ text: line.description.en, dir: "ltr", style: CELL, align }];
      case "ar":
        return [{ text: descriptionAr(line.description.ar, d), dir: "rtl", style: CELL, align }];
      case "period": {
        const { periodStart: s, periodEnd: e } = line;
        if (!s && !e) return [{ text: "—", dir: "ltr", style: CELL, align }];
        // each date whole, with its year: a period too wide for its cell breaks after the dash
        const width = p.w - 2 * PAD;
        const range = (dates: string[], dir: "ltr" | "rtl", style: TextStyle) =>
          dates.length === 2 && wrapText(ctx.doc, dates.join(" – "), dir, style, width).length > 1
            ? `${dates[0]} –\n${dates[1]}`
            : dates.join(" – ");
        const en = range([s ? dateEn(s, true) : "", e ? dateEn(e, true) : ""].filter(Boolean), "ltr", CELL);
        const ar = range([s ? dateAr(s, d) : "", e ? dateAr(e, d) : ""].filter(Boolean), "rtl", CELL_AR);
        return [
          { text: en, dir: "ltr", style: CELL, align },
          { text: ar, dir: "rtl", style: CELL_AR, align },
        ];
      }
      case "amount":
        return [
          { text: moneyEn(fils), dir: "ltr", style: CELL, align },
          { text: moneyAr(fils, d), dir: "rtl", style: CELL_AR, align },
        ];
    }
  });
}

function linesTable(ctx: Ctx) {
  const placed = placeColumns(ctx);
  ensure(ctx, 60);
  tableHeader(ctx, placed);
  ctx.inv.lines.forEach((line, r) => {
    const cells = lineCells(ctx, line, r).map((blocks, i) => setBlocks(ctx.doc, blocks, placed[i]!.w - 2 * PAD));
    const height = Math.max(...cells.map(heightOf)) + 2 * PAD;
    if (ensure(ctx, height)) tableHeader(ctx, placed);
    if (r % 2 === 1) ctx.doc.save().rect(ctx.left, ctx.y, ctx.width, height).fill(COLOR.zebra).restore();
    placed.forEach((p, i) => drawSet(ctx.doc, cells[i]!, p.x + PAD, ctx.y + PAD, p.w - 2 * PAD));
    ctx.y += height;
  });
  rule(ctx, COLOR.rule);
  ctx.y += 8;
}

function totals(ctx: Ctx) {
  const { inv } = ctx;
  const fils = shown(inv, inv.totalFils);
  ensure(ctx, 50);
  pairRow(ctx, inv.kind === "invoice" ? L.total : L.totalRefunded, [moneyEn(fils)], [moneyAr(fils, inv.digits)], {
    size: 12,
    weight: 700,
    color: COLOR.cardamom,
  });
  pairRow(ctx, { en: "", ar: "" }, [L.currencyNote.en], [L.currencyNote.ar], { size: 8, color: COLOR.muted });
  ctx.y += 6;
  rule(ctx, COLOR.rule);
  ctx.y += 8;
}

function payment(ctx: Ctx) {
  const { inv } = ctx;
  const p = inv.payment;
  if (!p) return;
  pairRow(ctx, L.payment, [METHOD[p.method].en], [METHOD[p.method].ar]);
  if (p.reference) pairRow(ctx, L.reference, [p.reference], [p.reference]);
  if (p.paidAt)
    pairRow(ctx, inv.kind === "invoice" ? L.paidAt : L.refundedAt, [dateEn(p.paidAt)], [dateAr(p.paidAt, inv.digits)]);
}

function footers(ctx: Ctx) {
  const { doc, inv } = ctx;
  const range = doc.bufferedPageRange();
  const style: TextStyle = { size: 7.5, color: COLOR.muted };
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const y = doc.page.height - MARGIN / 2 - 4;
    const n = i - range.start + 1;
    drawLine(doc, `${inv.number} · Page ${n} of ${range.count}`, "ltr", style, {
      x: MARGIN,
      y,
      width: ctx.width,
      align: "left",
    });
    drawLine(doc, withDigits(`صفحة ${n} من ${range.count}`, inv.digits), "rtl", style, {
      x: MARGIN,
      y,
      width: ctx.width,
      align: "right",
    });
  }
}

function check(inv: InvoiceDocument) {
  const whole = (n: number, what: string) => {
    if (!Number.isSafeInteger(n)) throw new RangeError(`${what} must be whole fils, got ${n}`);
  };
  whole(inv.totalFils, "totalFils");
  inv.lines.forEach((l, i) => whole(l.amountFils, `lines[${i}].amountFils`));
  if (inv.currency !== "KWD") throw new RangeError(`an invoice is in KWD, not ${String(inv.currency)}`);
  if (Number.isNaN(inv.issuedAt.getTime())) throw new RangeError("issuedAt is not a date");
}

/** The invoice or credit note as a PDF: one A4 page, more when the lines need them. Same document, same bytes. */
export async function renderInvoicePdf(document: InvoiceDocument): Promise<Buffer> {
  check(document);
  // the customer's words as the business typed them, without bidi overrides or controls of their own (an
  // override would turn "50%discounted" around on the page); each is set as its own paragraph, in its own direction
  const { legalName, address, email, crNumber } = document.buyer;
  const inv: InvoiceDocument = {
    ...document,
    buyer: {
      legalName: plainText(legalName),
      address: plainText(address, { multiLine: true }),
      email: plainText(email),
      crNumber: crNumber ? plainText(crNumber) : null,
    },
  };
  const title = inv.kind === "invoice" ? L.invoice : L.credit_note;
  const doc = new PDFDocument({
    size: "A4",
    margin: MARGIN,
    bufferPages: true,
    lang: inv.locale,
    displayTitle: true,
    info: {
      Title: `${inv.locale === "ar" ? title.ar : title.en} ${inv.number}`,
      Author: inv.locale === "ar" ? inv.seller.name.ar : inv.seller.name.en,
      Subject: inv.buyer.legalName,
      Creator: "Sufra",
      Producer: "Sufra",
      // the document's own date, never the rendering's: the same invoice renders the same bytes
      // (a Date of this realm: pdfkit writes another realm's, a test's structuredClone, as plain text)
      CreationDate: new Date(inv.issuedAt.getTime()),
      ModDate: new Date(inv.issuedAt.getTime()),
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
    inv,
    dir: inv.locale === "ar" ? "rtl" : "ltr",
    y: MARGIN,
    left: MARGIN,
    width: doc.page.width - 2 * MARGIN,
    bottom: doc.page.height - MARGIN - 10,
  };
  header(ctx);
  facts(ctx);
  parties(ctx);
  linesTable(ctx);
  totals(ctx);
  payment(ctx);
  footers(ctx);
  ligaturesInVisualOrder(doc);
  doc.end();
  return done;
}
