// The fonts Sufra's PDFs embed (the analytics report, invoices): the same bundled families as the web
// client (docs/product.md#look-and-feel: Inter for Latin, IBM Plex Sans Arabic for Arabic), from
// @fontsource's subset files. Each file covers the code points its package's unicode.json lists; a
// character takes the first file that covers it.
//
// Why WOFF and not WOFF2: fontkit (pdfkit's font engine) reads WOFF2, but cannot subset one whose glyf
// table is stored transformed, as these are: embedding fails ("Offset is outside the bounds of the
// DataView", foliojs/fontkit#201). WOFF is plain zlib-compressed tables; they are unpacked here once
// per process into an ordinary TrueType file (node's zlib; fontkit's own JavaScript inflate would
// redo it for every document, about a second each).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { inflateSync } from "node:zlib";

const require = createRequire(import.meta.url);

export type FontFace = "inter-latin" | "inter-latin-ext" | "plex-arabic" | "plex-latin" | "plex-latin-ext";
export type FontWeight = 400 | 700;

interface FaceFile {
  pkg: "@fontsource/inter" | "@fontsource/ibm-plex-sans-arabic";
  family: string;
  subset: string;
}

const FACES: Record<FontFace, FaceFile> = {
  "inter-latin": { pkg: "@fontsource/inter", family: "inter", subset: "latin" },
  "inter-latin-ext": { pkg: "@fontsource/inter", family: "inter", subset: "latin-ext" },
  "plex-arabic": { pkg: "@fontsource/ibm-plex-sans-arabic", family: "ibm-plex-sans-arabic", subset: "arabic" },
  "plex-latin": { pkg: "@fontsource/ibm-plex-sans-arabic", family: "ibm-plex-sans-arabic", subset: "latin" },
  "plex-latin-ext": { pkg: "@fontsource/ibm-plex-sans-arabic", family: "ibm-plex-sans-arabic", subset: "latin-ext" },
};

/** The name a face and weight are registered under in a PDF document. */
export const fontName = (face: FontFace, weight: FontWeight) => `${face}-${weight}`;

/** "U+0600-06FF,U+200C" → [[0x600, 0x6ff], [0x200c, 0x200c]] */
function parseRanges(css: string): [number, number][] {
  return css.split(",").map((part) => {
    const [a, b] = part.trim().replace(/^U\+/i, "").split("-");
    const start = parseInt(a!, 16);
    return [start, b ? parseInt(b, 16) : start];
  });
}

const coverage = new Map<FontFace, [number, number][]>();
/** Whether a face's subset file covers a code point (as its package declares). */
export function covers(face: FontFace, codePoint: number): boolean {
  let ranges = coverage.get(face);
  if (!ranges) {
    const { pkg, subset } = FACES[face];
    const table = JSON.parse(readFileSync(require.resolve(`${pkg}/unicode.json`), "utf8")) as Record<string, string>;
    ranges = parseRanges(table[subset] ?? "");
    coverage.set(face, ranges);
  }
  return ranges.some(([a, b]) => codePoint >= a && codePoint <= b);
}

/** A WOFF 1.0 file (W3C WOFF spec) as the TrueType/OpenType file it packs: the same tables, unpacked. */
function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString("latin1", 0, 4) !== "wOFF") throw new Error("not a WOFF file");
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const tables = Array.from({ length: numTables }, (_, i) => {
    const e = 44 + i * 20;
    const offset = woff.readUInt32BE(e + 4);
    const compLength = woff.readUInt32BE(e + 8);
    const origLength = woff.readUInt32BE(e + 12);
    const raw = woff.subarray(offset, offset + compLength);
    return {
      tag: woff.subarray(e, e + 4),
      checksum: woff.readUInt32BE(e + 16),
      data: compLength < origLength ? inflateSync(raw) : raw,
    };
  });
  const maxPow2 = 2 ** Math.floor(Math.log2(numTables));
  const header = Buffer.alloc(12 + numTables * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(maxPow2 * 16, 6);
  header.writeUInt16BE(Math.log2(maxPow2), 8);
  header.writeUInt16BE(numTables * 16 - maxPow2 * 16, 10);
  const parts: Buffer[] = [header];
  let offset = header.length;
  tables.forEach((t, i) => {
    const r = 12 + i * 16;
    t.tag.copy(header, r);
    header.writeUInt32BE(t.checksum, r + 4);
    header.writeUInt32BE(offset, r + 8);
    header.writeUInt32BE(t.data.length, r + 12);
    const padded = Buffer.alloc((t.data.length + 3) & ~3);
    t.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

const files = new Map<string, Buffer>();
/** A face as a TrueType file (unpacked once per process; 20–90 KB each). */
export function fontFile(face: FontFace, weight: FontWeight): Buffer {
  const key = fontName(face, weight);
  let buf = files.get(key);
  if (!buf) {
    const { pkg, family, subset } = FACES[face];
    buf = woffToSfnt(readFileSync(require.resolve(`${pkg}/files/${family}-${subset}-${weight}-normal.woff`)));
    files.set(key, buf);
  }
  return buf;
}

export const FONT_FACES = Object.keys(FACES) as FontFace[];
