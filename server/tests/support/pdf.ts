// A PDF's text read back the way a person's tools read it (pdf.js, its legacy build on Node 20), for
// the tests of the analytics export and the invoices.
//
// pdf.js gives one text item per run the PDF draws (a run is one font and one direction), in drawing
// order, and returns a right-to-left item's characters in logical order (its bidi step reverses them).
// So a row is its items sorted by position: left to right as an English reader reads it, right to left
// as an Arabic reader does; a gap between items (two table cells, two halves of a page) is a space.

interface PdfItem {
  str: string;
  x: number;
  y: number;
  width: number;
}

export interface PdfPage {
  /** each row's text read left to right */
  ltr: string[];
  /** each row's text read right to left */
  rtl: string[];
  /** the items as pdf.js gives them, in drawing order */
  items: string[];
}

const squash = (t: string[]) => t.join("").replace(/\s+/g, " ").trim();

/** The PDF's pages, each with its rows top to bottom in both readings. */
export async function readPdf(bytes: Buffer | Uint8Array): Promise<{ pages: PdfPage[]; text: string }> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
  }).promise;
  const pages: PdfPage[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const page = await pdf.getPage(n);
    const items: PdfItem[] = [];
    for (const it of (await page.getTextContent()).items) {
      if ("str" in it && it.str !== "")
        items.push({ str: it.str, x: it.transform[4], y: Math.round(it.transform[5]), width: it.width });
    }
    const rows = new Map<number, PdfItem[]>();
    for (const it of items) rows.set(it.y, [...(rows.get(it.y) ?? []), it]);
    const ltr: string[] = [];
    const rtl: string[] = [];
    for (const y of [...rows.keys()].sort((p, q) => q - p)) {
      const row = rows.get(y)!.sort((p, q) => p.x - q.x);
      const tokens: string[] = [];
      row.forEach((it, i) => {
        if (i > 0 && it.x - (row[i - 1]!.x + row[i - 1]!.width) > 2) tokens.push(" ");
        tokens.push(it.str);
      });
      ltr.push(squash(tokens));
      rtl.push(squash([...tokens].reverse()));
    }
    pages.push({ ltr, rtl, items: items.map((i) => i.str) });
  }
  await pdf.destroy();
  return { pages, text: pages.flatMap((p) => [...p.ltr, ...p.rtl]).join("\n") };
}
