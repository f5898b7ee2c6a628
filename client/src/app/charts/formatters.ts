// Axis, tooltip and table texts for the charts, through the one formatting helper (lib/format.ts), so
// numbers follow the person's digits (Arabic-Indic or Latin) and dates the Kuwait calendar.
import type { Locale } from "@sufra/schema";
import { formatClock, formatDate, formatMoney, formatNumber, formatPercent } from "../../lib/format.ts";
import type { ValueFormat, XType } from "./types.ts";

export function valueFormatter(format: ValueFormat, locale: Locale): (v: number | null | undefined) => string {
  return (v) => {
    if (v === null || v === undefined || !Number.isFinite(v)) return "—";
    if (format === "percent") return formatPercent(v, locale);
    if (format === "money") return formatMoney(v, locale);
    return formatNumber(v, locale);
  };
}

export function xFormatter(type: XType, locale: Locale): (x: string | number) => string {
  return (x) => {
    if (type === "date" && typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x)) return formatDate(`${x}T12:00:00+03:00`, locale);
    if (type === "hour" && Number.isInteger(Number(x))) return formatClock(`${String(x).padStart(2, "0")}:00`, locale);
    return typeof x === "number" ? formatNumber(x, locale) : x;
  };
}
