// Lines of mixed Arabic and Latin text for pdfkit. pdfkit draws glyphs left to right in the order it is
// given and does no bidi reordering; fontkit (its font engine) shapes Arabic joining and reverses the
// glyphs of a run whose script is right-to-left. So each line is split here, with the Unicode bidi
// algorithm (bidi-js), into runs of one embedding level and one font, put in visual order, and each
// run is handed to pdfkit so that fontkit's own reversal lands on the visual order: Arabic words
// read right to left, numbers and Latin names left to right inside them.
import bidiModule from "bidi-js";
import { FONT_FACES, covers, fontFile, fontName, type FontFace, type FontWeight } from "./fonts.ts";

// the package is CommonJS (module.exports = factory) while its types declare an ES default export
const bidiFactory = bidiModule as unknown as typeof bidiModule.default;
const bidi = bidiFactory();

/** A paragraph's base direction; "auto" takes it from the first strong character (captions, names). */
export type Direction = "ltr" | "rtl" | "auto";

export interface TextStyle {
  size: number;
  weight?: FontWeight;
  color?: string;
}

/** One piece of a line as pdfkit draws it. `text` is what pdfkit gets (see runInput). */
interface GlyphRun {
  text: string;
  face: FontFace;
  width: number;
}

/** Registers every face and weight with a document, so runs can name them. */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const face of FONT_FACES)
    for (const weight of [400, 700] as const) doc.registerFont(fontName(face, weight), fontFile(face, weight));
}

const RTL_SCRIPT = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const NO_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;

/**
 * The face for one character: Arabic letters in Plex Arabic; spaces and signs inside Arabic text in
 * Plex's Latin subset (the same design); everything else in Inter, then whichever file covers it.
 */
function faceFor(ch: string, rtl: boolean): FontFace {
  const cp = ch.codePointAt(0)!;
  // the Arabic file: letters, marks, Arabic punctuation and digits, and the joiners shaping needs
  if (covers("plex-arabic", cp)) return "plex-arabic";
  if (rtl && covers("plex-latin", cp)) return "plex-latin";
  const order: FontFace[] = ["inter-latin", "inter-latin-ext", "plex-arabic", "plex-latin-ext"];
  return order.find((f) => covers(f, cp)) ?? "inter-latin";
}

/** Whether fontkit lays a string out right to left: it goes by the first character that has a script. */
function fontkitReverses(chars: readonly string[]): boolean {
  const first = chars.find((c) => !NO_SCRIPT.test(c));
  return first !== undefined && RTL_SCRIPT.test(first);
}

/**
 * The string to give pdfkit so that the glyphs come out in `visual` order: fontkit reverses a run
 * whose first scripted character is right-to-left, so such a run goes in reversed (for an Arabic run
 * that is its logical order, which shaping needs); any other run goes in as it is seen.
 */
function runInput(visual: readonly string[]): string {
  return (fontkitReverses(visual) ? [...visual].reverse() : visual).join("");
}

/**
 * The layout options of a run. Any `features` option makes pdfkit lay a run out whole (without one it
 * lays out each space-separated word on its own, and fontkit would reverse each Arabic word in place
 * instead of the run). Plex Arabic's kerning moves glyphs by offsets that pdfkit writes as separate
 * text positions, which readers take for a space inside a word ("تقر ير"), so Arabic runs go unkerned:
 * a hair wider at a few letter pairs, and the words stay whole for search and copy. (fontkit takes an
 * object of features on and off; pdfkit's types know only the list form.)
 */
const layoutOf = (face: FontFace) => ({
  features: (face === "plex-arabic" ? { kern: false } : []) as unknown as PDFKit.Mixins.OpenTypeFeatures[],
});

/**
 * Bidi marks, embeddings and isolates (ALM, LRM, RLM, LRE..RLO, LRI..PDI): they steer the bidi
 * algorithm (a minus sign that stays before Latin digits in Arabic text, "\u200e-15.000 د.ك.") and
 * have no glyph, so they take part in the ordering and are never drawn.
 */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Text without control characters that have no glyph (line breaks and tabs become spaces). The bidi marks
 * and isolates stay for the ordering; embeddings and overrides (LRE..RLO) go: Sufra's own texts use none,
 * and in a person's text one would draw letters reversed ("Probe 50%discounted LLC").
 */
const clean = (text: string) =>
  text.replace(/[\r\n\t\u2028\u2029]+/g, " ").replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e]/g, "");

/** Splits one line (no line breaks) into runs in visual order, left to right. */
function visualRuns(doc: PDFKit.PDFDocument, line: string, base: Direction, style: TextStyle): GlyphRun[] {
  const text = clean(line);
  if (!text) return [];
  // work on UTF-16 indices as bidi-js does, keeping surrogate pairs together
  const levels = bidi.getEmbeddingLevels(text, base === "auto" ? undefined : base);
  const mirrored = bidi.getMirroredCharactersMap(text, levels.levels);
  const order = bidi.getReorderedIndices(text, levels);
  const weight = style.weight ?? 400;
  const runs: { face: FontFace; level: number; chars: string[]; last: number }[] = [];
  for (const i of order) {
    const code = text.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) continue; // the low half of a pair: taken with its high half
    const ch = code >= 0xd800 && code <= 0xdbff ? text.slice(i, i + 2) : text[i]!;
    if (BIDI_CONTROL.test(ch)) continue;
    const level = levels.levels[i]!;
    const face = faceFor(ch, level % 2 === 1);
    const prev = runs.at(-1);
    // a run holds characters next to each other both on the page and in the text, at one level, in one face
    if (prev && prev.face === face && prev.level === level && Math.abs(i - prev.last) <= 2) {
      prev.chars.push(mirrored.get(i) ?? ch);
      prev.last = i;
    } else {
      runs.push({ face, level, chars: [mirrored.get(i) ?? ch], last: i });
    }
  }
  return runs.map((r) => {
    const input = runInput(r.chars);
    doc.font(fontName(r.face, weight)).fontSize(style.size);
    return { text: input, face: r.face, width: doc.widthOfString(input, layoutOf(r.face)) };
  });
}

const runsWidth = (runs: readonly GlyphRun[]) => runs.reduce((w, r) => w + r.width, 0);

function textWidth(doc: PDFKit.PDFDocument, text: string, base: Direction, style: TextStyle): number {
  return runsWidth(visualRuns(doc, text, base, style));
}

export interface LineBox {
  /** left edge of the box */
  x: number;
  /** baseline */
  y: number;
  width: number;
  align: "left" | "right" | "center";
}

/** Draws one line in a box, aligned; a line wider than the box is cut with an ellipsis first. */
export function drawLine(doc: PDFKit.PDFDocument, line: string, base: Direction, style: TextStyle, box: LineBox): void {
  const runs = visualRuns(doc, fitLine(doc, line, base, style, box.width), base, style);
  const width = runsWidth(runs);
  let x =
    box.align === "left" ? box.x : box.align === "right" ? box.x + box.width - width : box.x + (box.width - width) / 2;
  const weight = style.weight ?? 400;
  doc.fillColor(style.color ?? "#2B211A");
  for (const r of runs) {
    doc
      .font(fontName(r.face, weight))
      .fontSize(style.size)
      .text(r.text, x, box.y, { ...layoutOf(r.face), lineBreak: false, baseline: "alphabetic" });
    x += r.width;
  }
}

/** The line itself when it fits, else as much of its logical start as fits, with an ellipsis. */
function fitLine(doc: PDFKit.PDFDocument, line: string, base: Direction, style: TextStyle, width: number): string {
  const text = clean(line);
  if (textWidth(doc, text, base, style) <= width) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(doc, `${chars.slice(0, mid).join("").trimEnd()}…`, base, style) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join("").trimEnd()}…`;
}

/** Breaks text into lines of at most `width` at spaces (words in logical order); a word too long is cut by fitLine. */
export function wrapText(
  doc: PDFKit.PDFDocument,
  text: string,
  base: Direction,
  style: TextStyle,
  width: number,
): string[] {
  const words = clean(text).split(/\s+/).filter(Boolean);
  const lines: string[] = [];
  let current = "";
  for (const w of words) {
    const next = current ? `${current} ${w}` : w;
    if (!current || textWidth(doc, next, base, style) <= width) current = next;
    else {
      lines.push(current);
      current = w;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/**
 * Text extraction for Arabic ligatures. A content stream holds a right-to-left run's glyphs in visual
 * order, and readers (pdf.js, poppler) turn such a run back into logical order by reversing its
 * characters. A ligature glyph (lam-alef, and Plex's others) stands for several characters, which
 * pdfkit's ToUnicode map lists in logical order, so the reversal would swap them ("لا" read back as
 * "ال"). Glyphs of the Arabic face only ever appear in right-to-left runs, so their multi-character
 * entries are stored in visual order, like the rest of the stream. Call once, before doc.end().
 * (pdfkit keeps the map on its font objects, which its types do not describe.)
 */
export function ligaturesInVisualOrder(doc: PDFKit.PDFDocument): void {
  const families = (doc as unknown as { _fontFamilies?: Record<string, { unicode?: number[][] }> })._fontFamilies ?? {};
  for (const weight of [400, 700] as const) {
    const unicode = families[fontName("plex-arabic", weight)]?.unicode;
    if (!Array.isArray(unicode)) continue;
    for (let gid = 0; gid < unicode.length; gid++) {
      const cps = unicode[gid];
      if (Array.isArray(cps) && cps.length > 1) unicode[gid] = [...cps].reverse();
    }
  }
}
