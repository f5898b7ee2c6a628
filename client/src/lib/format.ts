// The one formatting helper (docs/product.md#look-and-feel): KWD with three decimals, dates in Asia/Kuwait with the
// Hijri date beside them where planning matters, relative times, the separator between the parts of a
// line and the isolation of names inside a sentence. Arabic uses Arabic-Indic digits unless the person
// chose Latin digits in Settings. Nothing in the modules formats money, a date or a part separator on
// its own (lib/format-scan.test.ts watches).
import { formatFils, isolateText, KWD_UNIT, PART_SEPARATOR, type Locale } from "@sufra/schema";
import { createElement, Fragment, type ReactNode } from "react";

export const TIME_ZONE = "Asia/Kuwait";
const DIGITS_KEY = "sufra.digits";

export const latinDigits = () => typeof localStorage !== "undefined" && localStorage.getItem(DIGITS_KEY) === "latn";
export const setLatinDigits = (on: boolean) => localStorage.setItem(DIGITS_KEY, on ? "latn" : "arab");

const ARABIC_INDIC = "٠١٢٣٤٥٦٧٨٩";
/** Whether the person reads Arabic-Indic digits: Arabic, unless they chose Latin digits. */
export const arabicDigits = (locale: Locale) => locale === "ar" && !latinDigits();
/** Text with its digits in the person's choice ("2026" → "٢٠٢٦" in Arabic); nothing else changes. */
export const localDigits = (text: string, locale: Locale) =>
  arabicDigits(locale)
    ? text.replace(/[0-9]/g, (d) => ARABIC_INDIC[Number(d)]!).replace(/(?<=[٠-٩])\.(?=[٠-٩])/g, "٫")
    : text;
/** Text typed in either digits back to Latin ones, for parsing. */
export const latinText = (text: string) =>
  text.replace(/[٠-٩]/g, (d) => String(ARABIC_INDIC.indexOf(d))).replace(/٫/g, ".");
/** An InputNumber's formatter and parser that show the person's digits and read either kind. */
export const digitsInput = (locale: Locale) => ({
  formatter: (value: number | string | undefined) => localDigits(value === undefined ? "" : String(value), locale),
  // InputNumber reads the parser's string as a number itself (its own parser returns strings too)
  parser: (text: string | undefined) => latinText(text ?? "") as unknown as number,
});

const tag = (locale: Locale) => (locale === "ar" ? (latinDigits() ? "ar-KW-u-nu-latn" : "ar-KW") : "en-KW");

// ------------------------------------------------------------------ money

/**
 * Whole fils as dinars, the way the invoices write them (the contract's formatFils): three decimals,
 * the amount first and the dinar's unit after it, in the person's language and digits, thousands
 * grouped: "1,234.500 KWD", "١٬٢٣٤٫٥٠٠ د.ك.". `unit: false` leaves the unit out (a column headed KWD).
 */
export function formatFilsMoney(fils: number, locale: Locale, opts: { unit?: boolean } = {}): string {
  const text = formatFils(fils);
  const sign = text.startsWith("-") ? "-" : "";
  const [whole = "0", decimals = "000"] = text.replace(/^-/, "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const amount = arabicDigits(locale)
    ? localDigits(`${sign}${grouped}.${decimals}`, locale).replace(/,/g, "٬")
    : `${sign}${grouped}.${decimals}`;
  return opts.unit === false ? amount : `${amount} ${KWD_UNIT[locale]}`;
}

/** Dinars (a menu price, a budget) written as formatFilsMoney writes them: "2.750 KWD" / "٢٫٧٥٠ د.ك.". */
export const formatMoney = (kwd: number, locale: Locale, opts: { unit?: boolean } = {}) =>
  formatFilsMoney(Math.round(kwd * 1000), locale, opts);

// ------------------------------------------------------------------ parts of a line, names in a sentence

/**
 * What stands between the parts of a line ("15.000 KWD · December 1, 2026"): a middle dot in English;
 * in Arabic the Arabic comma, as a dot beside Arabic-Indic digits reads as the zero "٠" and a bar as
 * the one "١" (docs/product.md#look-and-feel).
 */
export const partSeparator = (locale: Locale) => PART_SEPARATOR[locale];

type Part = string | number | null | undefined | false;
/** The parts of a line joined by the language's separator; empty parts are left out. */
export const joinParts = (parts: readonly Part[], locale: Locale): string =>
  parts
    .filter((p): p is string | number => p !== null && p !== undefined && p !== false && p !== "")
    .map(String)
    .join(partSeparator(locale));

/** The same for React nodes (a tag, a link, a <time> among the parts): a fragment; empty parts are left out. */
export function joinNodes(nodes: readonly ReactNode[], locale: Locale): ReactNode {
  const kept = nodes.filter((n) => n !== null && n !== undefined && n !== false && n !== "");
  return createElement(
    Fragment,
    null,
    ...kept.flatMap((n, i) =>
      i === 0
        ? [createElement(Fragment, { key: i }, n)]
        : [partSeparator(locale), createElement(Fragment, { key: i }, n)],
    ),
  );
}

/**
 * A name, topic or handle put into a sentence, isolated (U+2068 … U+2069, the contract's isolateText, as
 * the server's mails do): its own direction inside, the sentence's order outside. Any isolate, embedding
 * or override it brought is taken out first, so it can never leak into the sentence.
 */
export const isolate = (text: string | number | null | undefined): string => isolateText(String(text ?? ""));

const LATIN_LETTER = /[A-Za-z\u00C0-\u024F]/;
const ARABIC_LETTER = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;
/**
 * A value interpolated into a sentence of `locale` (i18n/index.ts runs every one through this): isolated when
 * it holds letters of the other script (a Latin name or topic in an Arabic sentence, an Arabic name in an
 * English one), so that it cannot reorder the words and punctuation around it; the sentence's own words,
 * numbers and dates pass as they are. A text of several lines is left as it is (a paragraph sets its own).
 */
export function isolateIn(value: string, locale: Locale): string {
  // several lines set their own paragraphs; a value that carries isolates was isolated where it was made
  if (!value || value.includes("\n") || /[\u2066-\u2068]/.test(value)) return value;
  return (locale === "ar" ? LATIN_LETTER : ARABIC_LETTER).test(value) ? isolate(value) : value;
}

/** Values for i18n interpolation, each isolated (user's or third party's words inside a translated sentence). */
export const isolated = <T extends Record<string, string | number | null | undefined>>(
  values: T,
): { [K in keyof T]: string } =>
  Object.fromEntries(Object.entries(values).map(([k, v]) => [k, isolate(v)])) as { [K in keyof T]: string };

/** A list of names inside a sentence ("kunafa، desserts، family"): each isolated, joined by the language's comma. */
export const listNames = (names: readonly string[], locale: Locale) =>
  names.map(isolate).join(locale === "ar" ? "، " : ", ");

// ------------------------------------------------------------------ counts

/** "12 of 31" / "١٢ من ٣١": a position or a count out of a total, in the person's digits. */
export const formatOf = (n: number, total: number, locale: Locale) =>
  localDigits(locale === "ar" ? `${n} من ${total}` : `${n} of ${total}`, locale);

/** An antd input's `showCount` that writes "12 / 1000" in the person's digits. */
export const showCountIn = (locale: Locale) => ({
  formatter: ({ count, maxLength }: { count: number; maxLength?: number }) =>
    localDigits(maxLength === undefined ? String(count) : `${count} / ${maxLength}`, locale),
});

export const formatNumber = (n: number, locale: Locale) => new Intl.NumberFormat(tag(locale)).format(n);

/** A percentage given from 0 to 100: 4.2% / ٤٫٢٪. */
export const formatPercent = (pct: number, locale: Locale) =>
  new Intl.NumberFormat(tag(locale), { style: "percent", maximumFractionDigits: 1 }).format(pct / 100);

/**
 * An antd Pagination's (or a Table's `pagination`) page numbers in the person's digits; on a phone the
 * same pager, small, with fewer pages shown (antd's `simple` pager writes "3 / 12" in Latin digits).
 */
export const pagerIn = (locale: Locale, opts: { small?: boolean } = {}) => ({
  itemRender: (
    page: number,
    type: "page" | "prev" | "next" | "jump-prev" | "jump-next",
    element: ReactNode,
  ): ReactNode =>
    type === "page" ? createElement("a", { rel: "nofollow" }, localDigits(String(page), locale)) : element,
  ...(opts.small ? { size: "small" as const, showLessItems: true } : {}),
});

// ------------------------------------------------------------------ dates

/**
 * A day: "Dec 6, 2026" (medium) or "December 6, 2026" (long) in English; in Arabic always with the
 * month's name, "٦ ديسمبر ٢٠٢٦" (Arabic's medium style is all digits and slashes, "٠٦/١٢/٢٠٢٦", so one
 * screen would write a day one way and the next another).
 */
export const formatDate = (d: Date | string, locale: Locale, style: "medium" | "long" = "medium") =>
  new Intl.DateTimeFormat(
    tag(locale),
    locale === "ar"
      ? { day: "numeric", month: "long", year: "numeric", timeZone: TIME_ZONE }
      : { dateStyle: style, timeZone: TIME_ZONE },
  ).format(new Date(d));

/** From one day to another, each with its year: "Dec 20, 2025 – Jan 19, 2026" / "٢٠ ديسمبر ٢٠٢٥ – ١٩ يناير ٢٠٢٦". */
export const formatDateRange = (
  from: Date | string,
  to: Date | string,
  locale: Locale,
  style: "medium" | "long" = "medium",
) => `${formatDate(from, locale, style)} – ${formatDate(to, locale, style)}`;

/** A month of a year: "December 2026" / "ديسمبر ٢٠٢٦" (`month` a date or "2026-12"). */
export const formatMonthYear = (month: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { month: "long", year: "numeric", timeZone: TIME_ZONE }).format(
    typeof month === "string" && /^\d{4}-\d{2}$/.test(month) ? new Date(`${month}-15T12:00:00+03:00`) : new Date(month),
  );

/** A day named short with its weekday, for a week's columns: "Sun 6" / "الأحد ٦". */
export const formatWeekdayDay = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { weekday: "short", day: "numeric", timeZone: TIME_ZONE }).format(new Date(d));

/** The year of a day in Kuwait: "2026" / "٢٠٢٦". */
export const formatYear = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { year: "numeric", timeZone: TIME_ZONE }).format(new Date(d));

/** "Nov 12" / "١٢ نوفمبر": a day named short, for a chart's date axis. */
export const formatDayMonth = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { day: "numeric", month: "short", timeZone: TIME_ZONE }).format(new Date(d));

/** A day and its time: "Dec 6, 2026, 1:00 PM" / "٦ ديسمبر ٢٠٢٦، ١:٠٠ م". */
export const formatDateTime = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(
    tag(locale),
    locale === "ar"
      ? { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE }
      : { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE },
  ).format(new Date(d));

/** The Umm al-Qura date, e.g. "1 Ramadan 1448" / "١ رمضان ١٤٤٨". */
export const formatHijri = (d: Date | string, locale: Locale) =>
  new Intl.DateTimeFormat(`${tag(locale)}-u-ca-islamic-umalqura`.replace("-u-nu-latn-u-", "-u-nu-latn-"), {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: TIME_ZONE,
  }).format(new Date(d));

/** "in 3 days" / "بعد ٣ أيام", from now. */
export function formatRelative(d: Date | string, locale: Locale, now = Date.now()) {
  const diff = new Date(d).getTime() - now;
  const rtf = new Intl.RelativeTimeFormat(tag(locale), { numeric: "auto" });
  const abs = Math.abs(diff);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400_000],
    ["hour", 3_600_000],
    ["minute", 60_000],
  ];
  for (const [unit, ms] of units) if (abs >= ms || unit === "minute") return rtf.format(Math.round(diff / ms), unit);
  return rtf.format(0, "minute");
}

/** Whole days from now until `d` (never negative). */
export const daysUntil = (d: Date | string, now = Date.now()) =>
  Math.max(0, Math.ceil((new Date(d).getTime() - now) / 86_400_000));

/** A Kuwait wall-clock time written HH:mm: "6:25 PM" / "٦:٢٥ م". */
export const formatClock = (hhmm: string, locale: Locale) =>
  new Intl.DateTimeFormat(tag(locale), { hour: "numeric", minute: "2-digit", timeZone: TIME_ZONE }).format(
    new Date(`2000-01-01T${hhmm}:00+03:00`),
  );
