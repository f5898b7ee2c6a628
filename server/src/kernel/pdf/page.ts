// Kernel (src/kernel/): shared by every module and feature-free.
// Where a PDF's next line goes, for the documents drawn top to bottom on A4 pages (the analytics
// report, invoices): a new page when the next block does not fit, and a rule across the text's width.

/** The part of a document's drawing state these helpers read and move. */
export interface PageCursor {
  doc: PDFKit.PDFDocument;
  /** where the next line's top is */
  y: number;
  left: number;
  width: number;
  /** the lowest y a line may reach on this page */
  bottom: number;
}

/** Starts a new page (the next line at `top`) when `height` does not fit; returns whether it did. */
export function ensureRoom(ctx: PageCursor, height: number, top: number): boolean {
  if (ctx.y + height <= ctx.bottom) return false;
  ctx.doc.addPage();
  ctx.y = top;
  return true;
}

/** A horizontal line across the text's width at the cursor. */
export function rule(ctx: PageCursor, color: string, width = 0.8) {
  ctx.doc
    .save()
    .moveTo(ctx.left, ctx.y)
    .lineTo(ctx.left + ctx.width, ctx.y)
    .lineWidth(width)
    .strokeColor(color)
    .stroke()
    .restore();
}
