// Time on the content calendar. Kuwait keeps UTC+03:00 all year (no daylight saving).
//
// FullCalendar can only use a named time zone (timeZone: "Asia/Kuwait") through a plugin backed by
// luxon or moment-timezone, which Sufra does not ship. So the calendar runs with timeZone "UTC" and
// we shift by the fixed offset ourselves: a post's instant + 3 h is its Kuwait wall-clock time
// written as UTC (what the calendar draws), and a date the calendar hands back (a drop, a click, the
// visible range) - 3 h is the real instant sent to the server. The same shift gives FullCalendar
// Kuwait's "now" (today's cell, the now line), whatever the device's own time zone.
import type { Locale } from "@sufra/schema";
import { latinDigits, TIME_ZONE } from "../../lib/format.ts";

export const KUWAIT_OFFSET_MS = 3 * 3_600_000;
const DAY_MS = 86_400_000;

/** A real instant -> the calendar's date (Kuwait wall-clock as UTC). */
export const toCalendar = (d: Date | string): Date => new Date(new Date(d).getTime() + KUWAIT_OFFSET_MS);
/** A calendar date (Kuwait wall-clock as UTC) -> the real instant. */
export const fromCalendar = (d: Date): Date => new Date(d.getTime() - KUWAIT_OFFSET_MS);
/** Kuwait's "now" as the calendar reads it. */
export const calendarNow = (now = Date.now()): Date => toCalendar(new Date(now));

/** The locale tag the calendar's own texts use (Arabic-Indic digits unless the person chose Latin). */
export const calendarLocaleCode = (locale: Locale) => (locale === "ar" ? (latinDigits() ? "ar-KW-u-nu-latn" : "ar-KW") : "en");

const hijriTag = (locale: Locale) => (locale === "ar" ? `ar-KW-u-ca-islamic-umalqura${latinDigits() ? "-nu-latn" : ""}` : "en-u-ca-islamic-umalqura");

/** The Umm al-Qura day and month of a date in Kuwait, short, for a calendar cell: "15 Ram." / "١٥ رمضان". */
export const formatHijriDay = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(hijriTag(locale), { day: "numeric", month: "short", timeZone: TIME_ZONE }).format(new Date(d));

/** The time of day in Kuwait: "10:00 AM" / "١٠:٠٠ ص". */
export const formatKuwaitTime = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "ar" ? calendarLocaleCode("ar") : "en-US", { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE }).format(new Date(d));

// ---------------------------------------------------------------- occasions worth planning for
export const OCCASIONS = ["ramadan", "eidFitr", "eidAdha", "hijriNewYear", "nationalDay", "liberationDay"] as const;
export type OccasionKey = (typeof OCCASIONS)[number];

/** Umm al-Qura month and day of each Islamic occasion; Gregorian month and day of Kuwait's national days. */
const HIJRI: Partial<Record<OccasionKey, [month: number, day: number]>> = { ramadan: [9, 1], eidFitr: [10, 1], eidAdha: [12, 10], hijriNewYear: [1, 1] };
const GREGORIAN: Partial<Record<OccasionKey, [month: number, day: number]>> = { nationalDay: [2, 25], liberationDay: [2, 26] };

const hijriParts = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura", { timeZone: TIME_ZONE, day: "numeric", month: "numeric" });
const kuwaitParts = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, year: "numeric", day: "numeric", month: "numeric" });
const num = (parts: Intl.DateTimeFormatPart[], type: string) => Number(parts.find((p) => p.type === type)?.value);

export interface Occasion {
  key: OccasionKey;
  /** noon in Kuwait on the day */
  date: Date;
}

/**
 * The next occasions from today (Kuwait's day) on, soonest first: each Islamic one found by walking
 * the days forward and reading their Umm al-Qura date, the national days from the Gregorian calendar.
 */
export function nextOccasions(now = Date.now(), count = 4): Occasion[] {
  const today = kuwaitParts.formatToParts(new Date(now));
  // noon in Kuwait (09:00 UTC) of Kuwait's today: safe from any day-boundary rounding
  const start = Date.UTC(num(today, "year"), num(today, "month") - 1, num(today, "day"), 9);
  const found = new Map<OccasionKey, Date>();
  for (let i = 0; i < 400 && found.size < OCCASIONS.length; i++) {
    const day = new Date(start + i * DAY_MS);
    const h = hijriParts.formatToParts(day);
    const [hm, hd] = [num(h, "month"), num(h, "day")];
    const [gm, gd] = [day.getUTCMonth() + 1, day.getUTCDate()];
    for (const key of OCCASIONS) {
      if (found.has(key)) continue;
      const hijri = HIJRI[key];
      const greg = GREGORIAN[key];
      if ((hijri && hijri[0] === hm && hijri[1] === hd) || (greg && greg[0] === gm && greg[1] === gd)) found.set(key, day);
    }
  }
  return [...found].map(([key, date]) => ({ key, date })).sort((a, b) => a.date.getTime() - b.date.getTime()).slice(0, count);
}
