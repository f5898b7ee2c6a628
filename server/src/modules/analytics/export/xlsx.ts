// The report as an Excel workbook: one sheet per section, the header row bold and frozen, numbers as
// numbers with a display format (thousands, percent), days and times as dates, Arabic sheets laid out
// right to left, columns wide enough for their labels.
import type { Locale } from "@sufra/schema";
import writeExcelFile, { type Cell as XlsxCell, type Row, type Sheet } from "write-excel-file/node";
import type { Cell, ReportTable } from "./tables.ts";

const FORMAT = {
  integer: "#,##0",
  decimal: "0.00",
  percent: "0.00%",
  change: "+0.00%;-0.00%;0.00%",
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm",
} as const;

/** YYYY-MM-DD or YYYY-MM-DD HH:mm (Kuwait) as a Date whose UTC fields are those: spreadsheets have no time zones. */
const wallClock = (s: string) => new Date(`${s.length > 10 ? s.replace(" ", "T") : `${s}T00:00`}:00Z`);

function cell(c: Cell, wrap: boolean): XlsxCell {
  if (c.value === null || c.value === undefined || c.value === "") return null;
  switch (c.kind) {
    case "integer":
      return { value: Number(c.value), type: Number, format: FORMAT.integer };
    case "decimal":
      return { value: Number(c.value), type: Number, format: FORMAT.decimal };
    case "percent":
    case "change":
      // 4.67 (percent) is stored as 0.0467, which Excel shows as 4.67% and computes with as a share
      return { value: Number(c.value) / 100, type: Number, format: FORMAT[c.kind] };
    case "date":
    case "datetime":
      return { value: wallClock(String(c.value)), type: Date, format: FORMAT[c.kind] };
    default:
      return { value: String(c.value), type: String, ...(wrap ? { wrap: true, alignVertical: "top" as const } : {}) };
  }
}

/** Excel refuses sheet names longer than 31 characters or with : \ / ? * [ ] in them. */
const sheetName = (title: string) => title.replace(/[:\\/?*[\]]/g, " ").slice(0, 31);

export async function renderXlsx(tables: readonly ReportTable[], lang: Locale): Promise<Buffer> {
  const sheets: Sheet<Buffer>[] = tables.map((t) => {
    const header: Row = t.columns.map((c) => ({
      value: c.label,
      type: String,
      fontWeight: "bold" as const,
      backgroundColor: "#F3E3D3",
      wrap: true,
      alignVertical: "center" as const,
    }));
    // long texts (captions) wrap inside their column instead of running over the next ones
    const wraps = t.columns.map((c) => c.width >= 40);
    const data: Row[] = t.rows.map((r) => r.map((c, i) => cell(c, wraps[i]!)));
    return {
      data: [header, ...data],
      sheet: sheetName(t.title),
      columns: t.columns.map((c) => ({ width: Math.max(c.width, Math.min(40, c.label.length + 2)) })),
      stickyRowsCount: 1,
      rightToLeft: lang === "ar",
    };
  });
  return writeExcelFile(sheets).toBuffer();
}
