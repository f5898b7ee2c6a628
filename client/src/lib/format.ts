// The one formatting helper (docs/product.md#look-and-feel): KWD with three decimals, dates in Asia/Kuwait with the
// Hijri date beside them where planning matters, relative times. Arabic uses Arabic-Indic digits
// unless the person chose Latin digits in Settings.
import type { Locale } from "@sufra/schema";

export const TIME_ZONE = "Asia/Kuwait";
const DIGITS_KEY = "sufra.digits";

export const latinDigits = () => typeof localStorage !== "undefined" && localStorage.getItem(DIGITS_KEY) === "latn";
export const setLatinDigits = (on: boolean) => localStorage.setItem(DIGITS_KEY, on ? "latn" : "arab");

const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";
/** Whether the person reads Arabic-Indic digits: Arabic, unless they chose Latin digits. */
export const arabicDigits = (locale: Locale) => locale === "ar" && !latinDigits();
/** Text with its digits in the person's choice ("2026" → "٢٠٢٦" in Arabic); nothing else changes. */
export const localDigits = (text: string, locale: Locale) =>
  arabicDigits(locale) ? text.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]!).replace(/(?<=[٠-٩])\.(?=[٠-٩])/g, "٫") : text;
/** Text typed in either digits back to Latin ones, for parsing. */
export const latinText = (text: string) => text.replace(/[٠-٩]/g, (d) => String(ARABIC_INDIC.indexOf(d))).replace(/٫/g, ".");
/** An InputNumber's formatter and parser that show the person's digits and read either kind. */
export const digitsInput = (locale: Locale) => ({
  formatter: (value: number | string | undefined) => localDigits(value === undefined ? "" : String(value), locale),
  // InputNumber reads the parser's string as a number itself (its own parser returns strings too)
  parser: (text: string | undefined) => latinText(text ?? "") as unknown as number,
});

const tag = (locale: Locale) => (locale === "ar" ? (latinDigits() ? "ar-KW-u-nu-latn" : "ar-KW") : "en-KW");

/** KWD 2.750 / ٢٫٧٥٠ د.ك. */
export const formatMoney = (kwd: number, locale: Locale) => new Intl.NumberFormat(tag(locale), { style: "currency", currency: "KWD", minimumFractionDigits: 3 }).format(kwd);

export const formatNumber = (n: number, locale: Locale) => new Intl.NumberFormat(tag(locale)).format(n);

/** A percentage given from 0 to 100: 4.2% / ٤٫٢٪. */
export const formatPercent = (pct: number, locale: Locale) => new Intl.NumberFormat(tag(locale), { style: "percent", maximumFractionDigits: 1 }).format(pct / 100);

export const formatDate = (d: Date | string, locale: Locale, style: "medium" | "long" = "medium") =>
  new Intl.DateTimeFormat(tag(locale), { dateStyle: style, timeZone: TIME_ZONE }).format(new Date(d));

/** "Nov 12" / "١٢ نوفمبر": a day named short, for a chart's date axis. */
export const formatDayMonth = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { day: "numeric", month: "short", timeZone: TIME_ZONE }).format(new Date(d));

export const formatDateTime = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE }).format(new Date(d));

/** The Umm al-Qura date, e.g. "1 Ramadan 1448" / "١ رمضان ١٤٤٨". */
export const formatHijri = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(`${tag(locale)}-u-ca-islamic-umalqura`.replace("-u-nu-latn-u-", "-u-nu-latn-"), { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE }).format(new Date(d));

/** "in 3 days" / "بعد ٣ أيام", from now. */
export function formatRelative(d: Date | string, locale: Locale, now = Date.now()) {
  const diff = new Date(d).getTime() - now;
  const rtf = new Intl.RelativeTimeFormat(tag(locale), { numeric: "auto" });
  const abs = Math.abs(diff);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [["day", 86_400_000], ["hour", 3_600_000], ["minute", 60_000]];
  for (const [unit, ms] of units) if (abs >= ms || unit === "minute") return rtf.format(Math.round(diff / ms), unit);
  return rtf.format(0, "minute");
}

/** Whole days from now until `d` (never negative). */
export const daysUntil = (d: Date | string, now = Date.now()) => Math.max(0, Math.ceil((new Date(d).getTime() - now) / 86_400_000));

/** A Kuwait wall-clock time written HH:mm: "6:25 PM" / "٦:٢٥ م". */
export const formatClock = (hhmm: string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE }).format(new Date(`2000-01-01T${hhmm}:00+03:00`));
