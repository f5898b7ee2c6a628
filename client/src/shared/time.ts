// Weekday and hour labels for the insights, in Kuwait time and the person's language (Arabic-Indic
// digits unless they chose Latin ones), and the order of the week (docs/product.md#languages-and-preferences: Saturday first in
// Arabic, Sunday first in English).
import type { Locale } from "@sufra/schema";
import { latinDigits, TIME_ZONE } from "../lib/format.ts";

const tag = (locale: Locale) => (locale === "ar" ? (latinDigits() ? "ar-KW-u-nu-latn" : "ar-KW") : "en-KW");

/** Noon in Kuwait on a day of that weekday (22 March 2026 was a Sunday). */
const dayOf = (weekday: number) => new Date(Date.UTC(2026, 2, 22 + weekday, 9));

/** "Thursday" / "الخميس"; "Thu" with `short`. */
export const weekdayName = (weekday: number, locale: Locale, style: "long" | "short" = "long") =>
  new Intl.DateTimeFormat(tag(locale), { weekday: style, timeZone: TIME_ZONE }).format(dayOf(weekday));

/** "9 PM" / "٩ م". */
export const hourName = (hour: number, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { hour: "numeric", timeZone: TIME_ZONE }).format(
    new Date(`2000-01-01T${String(hour).padStart(2, "0")}:00:00+03:00`),
  );

/** "Thu 9:30 PM" / "الخميس ٩:٣٠ م": a suggested time, short enough for a chip. */
export const slotName = (at: string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), {
    weekday: "short",
    hour: "numeric",
    minute: "2-digit",
    timeZone: TIME_ZONE,
  }).format(new Date(at));
