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

const KUWAIT_OFFSET_MS = 3 * 3_600_000;

/** A real instant -> the calendar's date (Kuwait wall-clock as UTC). */
export const toCalendar = (d: Date | string): Date => new Date(new Date(d).getTime() + KUWAIT_OFFSET_MS);
/** A calendar date (Kuwait wall-clock as UTC) -> the real instant. */
export const fromCalendar = (d: Date): Date => new Date(d.getTime() - KUWAIT_OFFSET_MS);
/** Kuwait's "now" as the calendar reads it. */
export const calendarNow = (now = Date.now()): Date => toCalendar(new Date(now));

/** The locale tag the calendar's own texts use (Arabic-Indic digits unless the person chose Latin). */
export const calendarLocaleCode = (locale: Locale) =>
  locale === "ar" ? (latinDigits() ? "ar-KW-u-nu-latn" : "ar-KW") : "en";

const hijriTag = (locale: Locale) =>
  locale === "ar" ? `ar-KW-u-ca-islamic-umalqura${latinDigits() ? "-nu-latn" : ""}` : "en-u-ca-islamic-umalqura";

/** The Umm al-Qura day and month of a date in Kuwait, short, for a calendar cell: "15 Ram." / "١٥ رمضان". */
export const formatHijriDay = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(hijriTag(locale), { day: "numeric", month: "short", timeZone: TIME_ZONE }).format(
    new Date(d),
  );

/** The time of day in Kuwait: "10:00 AM" / "١٠:٠٠ ص". */
export const formatKuwaitTime = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(locale === "ar" ? calendarLocaleCode("ar") : "en-US", {
    hour: "numeric",
    minute: "2-digit",
    timeZone: TIME_ZONE,
  }).format(new Date(d));
