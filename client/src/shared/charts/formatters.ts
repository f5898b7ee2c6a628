// Axis, tooltip and table texts for the charts, through the one formatting helper (lib/format.ts), so
// numbers follow the person's digits (Arabic-Indic or Latin) and dates the Kuwait calendar.
import type { Locale } from "@sufra/schema";
import { formatClock, formatDate, formatDayMonth, formatMoney, formatNumber, formatPercent } from "../../lib/format.ts";
import type { ValueFormat, XType } from "./types.ts";

export function valueFormatter(format: ValueFormat, locale: Locale): (v: number | null | undefined) => string {
  return (v) => {
    if (v === null || v === undefined || !Number.isFinite(v)) return "—";
    if (format === "percent") return formatPercent(v, locale);
    if (format === "money") return formatMoney(v, locale);
    return formatNumber(v, locale);
  };
}

const isDay = (x: string | number): x is string => typeof x === "string" && /^\d{4}-\d{2}-\d{2}$/.test(x);

/** The tooltip's and the table's x: a date in full. */
export function xFormatter(type: XType, locale: Locale): (x: string | number) => string {
  return (x) => {
    if (type === "date" && isDay(x)) return formatDate(`${x}T12:00:00+03:00`, locale);
    if (type === "hour" && Number.isInteger(Number(x))) return formatClock(`${String(x).padStart(2, "0")}:00`, locale);
    return typeof x === "number" ? formatNumber(x, locale) : x;
  };
}

/** At most this many labels on an x axis: a month of days reads about a week apart, even on a phone. */
export const MAX_X_LABELS = 7;

/** Every n-th label, so that at most `max` of `count` stand on the axis. */
export const labelStep = (count: number, max = MAX_X_LABELS) => Math.max(1, Math.ceil(count / max));

/**
 * The x axis's labels: days short ("Nov 12", the tooltip names them in full), every n-th one from the
 * first, never rotated (G2 turns crowded labels 45°-90° by default); labels that still meet are hidden.
 */
export function xAxisLabels(type: XType, count: number, locale: Locale) {
  const full = xFormatter(type, locale);
  // names (kinds of post, hashtags) are each needed: G2's own layout keeps them all
  if (type === "category") return { labelFormatter: full };
  const step = labelStep(count);
  return {
    labelFormatter: (x: string | number) =>
      type === "date" && isDay(x) ? formatDayMonth(`${x}T12:00:00+03:00`, locale) : full(x),
    labelFilter: (_x: unknown, index: number) => index % step === 0,
    transform: [{ type: "hide" }],
  };
}
