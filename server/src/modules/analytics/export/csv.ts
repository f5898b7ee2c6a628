// The report as CSV (RFC 4180: CRLF line ends, fields with a comma, quote or line break in double
// quotes, quotes doubled), UTF-8 with a byte-order mark so Excel opens Arabic as Arabic.
//
// One table per section, each under a title row and a header row, sections apart by an empty line.
// The sections have different columns (a metric list, networks, posts, content groups), so one long
// table with a section column would be mostly empty cells and its header would fit none of them;
// stacked tables open in Excel as readable blocks, and a program splits them at the empty lines.
// Numbers stay numbers (4.67 for 4.67%, the header says %), days YYYY-MM-DD.
import type { Cell, ReportTable } from "./tables.ts";

const BOM = "\uFEFF";
const CRLF = "\r\n";

/** A field as RFC 4180 writes it: quoted when it holds a comma, a quote, a line break or edge spaces. */
function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * Text that a spreadsheet would run as a formula (=, +, -, @ first, or a tab or carriage return) gets
 * an apostrophe in front, as OWASP advises for CSV files: a caption like "=HYPERLINK(...)" stays text.
 */
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function cellText(c: Cell): string {
  if (c.value === null || c.value === undefined) return "";
  if (typeof c.value === "number") return Number.isFinite(c.value) ? String(c.value) : "";
  return c.kind === "text" ? defuse(c.value) : c.value;
}

const line = (fields: string[]) => fields.map(csvField).join(",");

export function renderCsv(tables: readonly ReportTable[]): Buffer {
  const blocks = tables.map((t) =>
    [line([t.title]), line(t.columns.map((c) => c.label)), ...t.rows.map((r) => line(r.map(cellText)))].join(CRLF),
  );
  return Buffer.from(BOM + blocks.join(CRLF + CRLF) + CRLF, "utf8");
}
