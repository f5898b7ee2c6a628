// Customer reviews: where a review was posted, what it talks about, the zod rules of the
// review form, the reply and the list's filters (message keys, see messages.ts), and the CSV import:
// a small RFC 4180 reader (quoted fields, commas and line breaks inside quotes, a byte-order mark,
// Arabic text) and the column names it accepts in English and Arabic. Pure: no clock unless the
// rule runs (the date rule compares with today in Kuwait).
import Papa from "papaparse";
import { z } from "zod";
import { singleLine, multiLine } from "./text.ts";
import { isIsoDate, kuwaitDate } from "./calendar.ts";
import type { Locale, MessageKey } from "./messages.ts";

type Labels = Readonly<Record<Locale, string>>;

// ---------------------------------------------------------------- vocabularies
/** Where a review was posted. */
export const REVIEW_SOURCES = {
  google: { en: "Google", ar: "جوجل" },
  instagram: { en: "Instagram", ar: "إنستغرام" },
  talabat: { en: "Talabat", ar: "طلبات" },
  deliveroo: { en: "Deliveroo", ar: "ديليفرو" },
  carriage: { en: "Carriage", ar: "كاريدج" },
  facebook: { en: "Facebook", ar: "فيسبوك" },
  tripadvisor: { en: "Tripadvisor", ar: "تريب أدفايزر" },
  manual: { en: "Entered by hand", ar: "مُدخل يدويًا" },
  other: { en: "Other", ar: "أخرى" },
} as const satisfies Record<string, Labels>;
export type ReviewSource = keyof typeof REVIEW_SOURCES;
export const REVIEW_SOURCE_KEYS = Object.keys(REVIEW_SOURCES) as ReviewSource[];
export const isReviewSource = (k: unknown): k is ReviewSource =>
  typeof k === "string" && Object.hasOwn(REVIEW_SOURCES, k);

/** Other ways people (and exports) write a source's name. */
const SOURCE_SPELLINGS: Readonly<Record<string, ReviewSource>> = {
  "google maps": "google",
  "google reviews": "google",
  "google review": "google",
  قوقل: "google",
  غوغل: "google",
  جوجل: "google",
  insta: "instagram",
  ig: "instagram",
  انستقرام: "instagram",
  انستغرام: "instagram",
  انستا: "instagram",
  "trip advisor": "tripadvisor",
  fb: "facebook",
  فيس: "facebook",
  "فيس بوك": "facebook",
  ديلفرو: "deliveroo",
  كاريج: "carriage",
  يدوي: "manual",
  hand: "manual",
  "by hand": "manual",
};

/** A source by its key or its English or Arabic name, case-insensitive; null if unknown. */
export function findReviewSource(value: unknown): ReviewSource | null {
  if (typeof value !== "string") return null;
  const plain = (s: string) =>
    s
      .normalize("NFC")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/gu, " ")
      .replace(/[إأآ]/gu, "ا");
  const want = plain(value);
  if (!want) return null;
  for (const key of REVIEW_SOURCE_KEYS) {
    const l = REVIEW_SOURCES[key];
    if (plain(key) === want || plain(l.en) === want || plain(l.ar) === want) return key;
  }
  return SOURCE_SPELLINGS[want] ?? null;
}

/** What a review talks about; the reply answers each. */
export const REVIEW_TOPICS = {
  food: { en: "Food", ar: "الطعام" },
  service: { en: "Service", ar: "الخدمة" },
  delivery: { en: "Delivery time", ar: "وقت التوصيل" },
  price: { en: "Price", ar: "السعر" },
  cleanliness: { en: "Cleanliness", ar: "النظافة" },
} as const satisfies Record<string, Labels>;
export type ReviewTopic = keyof typeof REVIEW_TOPICS;
export const REVIEW_TOPIC_KEYS = Object.keys(REVIEW_TOPICS) as ReviewTopic[];
export const isReviewTopic = (k: unknown): k is ReviewTopic => typeof k === "string" && Object.hasOwn(REVIEW_TOPICS, k);

export const REVIEW_SENTIMENTS = {
  positive: { en: "Positive", ar: "إيجابي" },
  neutral: { en: "Neutral", ar: "محايد" },
  negative: { en: "Negative", ar: "سلبي" },
} as const satisfies Record<string, Labels>;
export type ReviewSentiment = keyof typeof REVIEW_SENTIMENTS;
export const REVIEW_SENTIMENT_KEYS = Object.keys(REVIEW_SENTIMENTS) as ReviewSentiment[];

/**
 * What a guest's message asks of the business (docs/product.md#inbox): a question to answer, a
 * complaint, praise, an order or a booking, or none of these.
 */
export const REVIEW_INTENTS = {
  question: { en: "Question", ar: "سؤال" },
  complaint: { en: "Complaint", ar: "شكوى" },
  praise: { en: "Praise", ar: "إشادة" },
  order: { en: "Order or booking", ar: "طلب أو حجز" },
  other: { en: "Other", ar: "أخرى" },
} as const satisfies Record<string, Labels>;
export type ReviewIntent = keyof typeof REVIEW_INTENTS;
export const REVIEW_INTENT_KEYS = Object.keys(REVIEW_INTENTS) as ReviewIntent[];

/** A review's state: new (no approved reply), approved (the reply is ready), replied (answered on the network). */
export const REVIEW_STATUSES = {
  new: { en: "New", ar: "جديد" },
  approved: { en: "Approved", ar: "معتمد" },
  replied: { en: "Replied", ar: "تم الرد" },
} as const satisfies Record<string, Labels>;
export type ReviewStatus = keyof typeof REVIEW_STATUSES;
export const REVIEW_STATUS_KEYS = Object.keys(REVIEW_STATUSES) as ReviewStatus[];

/** The list's filters: a status, or "unanswered" (every status but replied). */
export const REVIEW_FILTERS = ["unanswered", "new", "approved", "replied"] as const;
export type ReviewFilter = (typeof REVIEW_FILTERS)[number];

export const REVIEW_LANGUAGES = ["en", "ar"] as const;
export type ReviewLanguage = (typeof REVIEW_LANGUAGES)[number];

/** The form's and the CSV's fields, named in each language (import errors name them). */
export const REVIEW_FIELD_LABELS = {
  source: { en: "Source", ar: "المصدر" },
  author: { en: "Author", ar: "الكاتب" },
  rating: { en: "Rating", ar: "التقييم" },
  text: { en: "Text", ar: "النص" },
  reviewedAt: { en: "Date", ar: "التاريخ" },
} as const satisfies Record<string, Labels>;

// ---------------------------------------------------------------- limits
export const REVIEW_AUTHOR_MAX = 80;
export const REVIEW_TEXT_MAX = 2000;
export const REVIEW_REPLY_MAX = 1000;
/** A CSV import takes at most this many reviews... */
export const REVIEW_IMPORT_MAX_ROWS = 1000;
/** ...in a file of at most this many bytes. */
export const REVIEW_IMPORT_MAX_BYTES = 1024 * 1024;
/** Reviews before this date are refused as a mistyped date. */
export const REVIEW_MIN_DATE = "2000-01-01";

// ---------------------------------------------------------------- rules (zod, message keys)
const key = (k: MessageKey) => ({ error: k });
const first = (k: MessageKey) => ({ error: k, abort: true });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);
const codePoints = (s: string) => [...s].length;
/** Arabic-Indic and Persian digits as ASCII ("٤" -> "4"), so a rating or date typed in Arabic reads. */
export const asciiDigits = (s: string) =>
  s.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x660)).replace(/[۰-۹]/g, (d) => String(d.charCodeAt(0) - 0x6f0));

/**
 * A review's date as YYYY-MM-DD, from what exports write: 2026-03-01, 2026/03/01, 01/03/2026 (day
 * first, as in Kuwait), 1.3.2026, or an ISO instant (its date part). Null when it is none of these.
 */
export function parseReviewDate(value: unknown): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  if (typeof value !== "string") return null;
  const v = asciiDigits(value.trim());
  const pad = (n: string) => n.padStart(2, "0");
  let iso: string | null = null;
  let m =
    /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(v);
  if (m) iso = `${m[1]}-${pad(m[2]!)}-${pad(m[3]!)}`;
  else if ((m = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(v))) iso = `${m[3]}-${pad(m[2]!)}-${pad(m[1]!)}`;
  return iso && isIsoDate(iso) ? iso : null;
}

const reviewDate = z.unknown().transform((v, ctx): string => {
  const iso = parseReviewDate(v);
  if (!iso || iso < REVIEW_MIN_DATE) {
    ctx.addIssue({ code: "custom", message: "reviewDateInvalid", input: v });
    return z.NEVER;
  }
  // a review cannot be from tomorrow in Kuwait (the business's day)
  if (iso > kuwaitDate()) {
    ctx.addIssue({ code: "custom", message: "reviewDateFuture", input: v });
    return z.NEVER;
  }
  return iso;
});

/** 4, "4", "٤", "4/5", "4.0" or "★★★★": a whole number of stars. */
function readRating(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const s = asciiDigits(v.trim());
  if (/^★+$/u.test(s)) return s.length;
  const m = /^(\d+(?:\.\d+)?)\s*(?:\/\s*5)?$/.exec(s);
  return m ? Number(m[1]) : s;
}

const rating = z.preprocess(
  readRating,
  z
    .number(key("reviewRatingRange"))
    .int(key("reviewRatingRange"))
    .min(1, key("reviewRatingRange"))
    .max(5, key("reviewRatingRange")),
);

const source = z.preprocess(
  (v) => (typeof v === "string" ? (findReviewSource(v) ?? v) : v),
  z.enum(REVIEW_SOURCE_KEYS as [ReviewSource, ...ReviewSource[]], key("reviewSourceInvalid")),
);

/** A review entered by hand (or one CSV row): where, who, how many stars, what they wrote, when. */
export const reviewInputSchema = z.object({
  source,
  author: singleLine(key("reviewAuthorRequired"))
    .transform((s) => s.normalize("NFC").replace(/\s+/gu, " ").trim())
    .pipe(
      singleLine()
        .min(1, first("reviewAuthorRequired"))
        .refine((s) => codePoints(s) <= REVIEW_AUTHOR_MAX, key("reviewAuthorTooLong")),
    ),
  rating,
  text: multiLine(key("reviewTextRequired"))
    .transform((s) => s.normalize("NFC").replace(/\r\n?/g, "\n").trim())
    .pipe(
      multiLine()
        .min(1, first("reviewTextRequired"))
        .refine((s) => codePoints(s) <= REVIEW_TEXT_MAX, key("reviewTextTooLong")),
    ),
  reviewedAt: reviewDate,
});
export type ReviewInput = z.input<typeof reviewInputSchema>;
export type ReviewData = z.output<typeof reviewInputSchema>;

/** The reply a person edits before it is approved and posted. */
export const reviewReplySchema = z.object({
  reply: multiLine(key("reviewReplyRequired"))
    .transform((s) => s.normalize("NFC").replace(/\r\n?/g, "\n").trim())
    .pipe(
      multiLine()
        .min(1, first("reviewReplyRequired"))
        .refine((s) => codePoints(s) <= REVIEW_REPLY_MAX, key("reviewReplyTooLong")),
    ),
});
export type ReviewReplyInput = z.output<typeof reviewReplySchema>;

const whole = (k: MessageKey, min: number, max: number) =>
  z.coerce.number(key(k)).int(key(k)).min(min, key(k)).max(max, key(k));
const lowerEnum = <T extends string>(values: readonly T[], k: MessageKey) =>
  z.preprocess(
    (v) => (typeof v === "string" ? blankToUndefined(v.trim().toLowerCase()) : blankToUndefined(v)),
    z.enum(values as [T, ...T[]], key(k)).optional(),
  );

/**
 * The review list's filters (GraphQL arguments or a REST query string), as the posts list:
 * status: unanswered | new | approved | replied ("all" or nothing: every review); rating 1..5;
 * sentiment; page (from 1) and limit (1..100, 20). GraphQL pages by cursor over the same list.
 */
export const reviewsQuerySchema = z.object({
  status: z.preprocess(
    (v) => (typeof v === "string" && v.trim().toLowerCase() === "all" ? undefined : v),
    lowerEnum(REVIEW_FILTERS, "invalidStatus"),
  ),
  rating: z.preprocess(blankToUndefined, whole("reviewRatingRange", 1, 5).optional()),
  sentiment: lowerEnum(REVIEW_SENTIMENT_KEYS, "invalidValue"),
  page: z.preprocess(blankToUndefined, whole("invalidPage", 1, Number.MAX_SAFE_INTEGER).default(1)),
  limit: z.preprocess(blankToUndefined, whole("invalidPageSize", 1, 100).default(20)),
});
export type ReviewsQuery = z.output<typeof reviewsQuerySchema>;

/**
 * The text whose hash names a review, so the same review imported twice (or typed again) is one:
 * source, author, date and text, each lower-cased with its white space collapsed.
 */
export function reviewImportKeyText(r: { source: string; author: string; reviewedAt: string; text: string }): string {
  const norm = (s: string) => s.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
  return [norm(r.source), norm(r.author), r.reviewedAt, norm(r.text)].join("|");
}

// ---------------------------------------------------------------- CSV (RFC 4180, leniently)
export interface CsvRecord {
  /** The line the record starts on, from 1 (a quoted field may span lines). */
  line: number;
  fields: string[];
}

/** UTF-8 bytes of a text (no TextEncoder needed). */
export function utf8Length(s: string): number {
  let n = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    n += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return n;
}

/**
 * The delimiter of the first line (outside quotes): comma, semicolon (some spreadsheets) or tab. The
 * header names every column, so it tells more surely than a guess over a few short data rows.
 */
function sniffDelimiter(text: string): string {
  let inQuotes = false;
  const counts: Record<string, number> = { ",": 0, ";": 0, "\t": 0 };
  for (const ch of text) {
    if (ch === '"') inQuotes = !inQuotes;
    else if (!inQuotes && (ch === "\n" || ch === "\r")) break;
    else if (!inQuotes && ch in counts) counts[ch]!++;
  }
  return counts[","]! >= counts[";"]! && counts[","]! >= counts["\t"]!
    ? ","
    : counts[";"]! >= counts["\t"]!
      ? ";"
      : "\t";
}

/**
 * Records of a CSV text, read by papaparse: fields separated by the delimiter (sniffed from the
 * first line unless given); a field in double quotes may hold delimiters, line breaks and "" for a
 * quote; CRLF, LF or CR end a record (mixed in one file too: they are made LF first, so a line break
 * inside quotes is read as \n); a leading byte-order mark is dropped. A quote inside an unquoted
 * field is kept as written. `unclosedQuoteAt`: the line of the first quoted field that never ends,
 * or whose closing quote is followed by text (`"12" inch`: where that field ends cannot be told, so
 * the file is refused rather than its rows run together); the records read before it are returned.
 */
export function parseCsv(input: string, delimiter?: string): { records: CsvRecord[]; unclosedQuoteAt?: number } {
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replace(/\r\n?/gu, "\n");
  const records: CsvRecord[] = [];
  let unclosedQuoteAt: number | undefined;
  // papaparse tells where each row ends (the next one starts there); the person's line numbers
  // count the line breaks before a position
  let counted = 0;
  let line = 1;
  const lineAt = (offset: number) => {
    for (; counted < offset; counted++) if (text[counted] === "\n") line++;
    return line;
  };
  let rowStart = 0;
  Papa.parse<string[]>(text, {
    delimiter: delimiter ?? sniffDelimiter(text),
    newline: "\n",
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step: (row, parser) => {
      const quoteError = row.errors.find((e) => e.type === "Quotes");
      if (quoteError) {
        // the error's index is just past the field's opening quote
        unclosedQuoteAt = lineAt(Math.max((quoteError.index ?? 0) - 1, rowStart));
        parser.abort();
        return;
      }
      // the text's final line break ends the last record; it does not start an empty one after it
      if (rowStart < text.length) records.push({ line: lineAt(rowStart), fields: row.data });
      rowStart = row.meta.cursor;
    },
  });
  return unclosedQuoteAt === undefined ? { records } : { records, unclosedQuoteAt };
}

/** The columns an import reads, and the headers accepted for each (lower case, English and Arabic). */
export const REVIEW_CSV_COLUMNS = {
  source: ["source", "platform", "site", "المصدر", "المنصة"],
  author: ["author", "name", "reviewer", "customer", "الكاتب", "الاسم", "العميل", "اسم العميل"],
  rating: ["rating", "stars", "score", "التقييم", "النجوم"],
  text: ["text", "review", "comment", "content", "النص", "المراجعة", "التعليق"],
  date: ["date", "reviewed_at", "reviewed at", "review date", "التاريخ"],
} as const;
export type ReviewCsvColumn = keyof typeof REVIEW_CSV_COLUMNS;
/** Source may be left out (each review is then "other"); the others are needed. */
export const REVIEW_CSV_REQUIRED: readonly ReviewCsvColumn[] = ["author", "rating", "text", "date"];

export interface ReviewCsvRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  source: string;
  author: string;
  rating: string;
  text: string;
  date: string;
}

export type ReviewCsvResult = { ok: true; rows: ReviewCsvRow[] } | { ok: false; problem: MessageKey };

const headerOf = (h: string) =>
  h
    .normalize("NFC")
    .replace(/^\ufeff/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/gu, " ")
    .replace(/[إأآ]/gu, "ا");

/** An imported table: the names each column goes by, which must be there, and its refusals' keys. */
export interface CsvTableSpec<C extends string> {
  columns: Record<C, readonly string[]>;
  required: readonly C[];
  maxBytes: number;
  maxRows: number;
  problems: { empty: MessageKey; columnsMissing: MessageKey; tooManyRows: MessageKey };
}

/**
 * A CSV's rows by its header (names in English or Arabic, any order, case-insensitive; other columns
 * are ignored; a column not there reads ""); blank lines are skipped. Refused as a whole: not text,
 * over the size, a quote never closed, a header without the needed columns, no rows, too many rows.
 */
export function readCsvTable<C extends string>(
  text: string,
  spec: CsvTableSpec<C>,
): { ok: true; rows: ({ line: number } & Record<C, string>)[] } | { ok: false; problem: MessageKey } {
  if (text.includes("\u0000")) return { ok: false, problem: "reviewImportNotText" };
  if (utf8Length(text) > spec.maxBytes) return { ok: false, problem: "reviewImportTooLarge" };
  const { records, unclosedQuoteAt } = parseCsv(text);
  if (unclosedQuoteAt !== undefined) return { ok: false, problem: "reviewImportUnclosedQuote" };
  const [header, ...data] = records.filter((r) => r.fields.some((f) => f.trim() !== ""));
  if (!header) return { ok: false, problem: spec.problems.empty };
  const names = header.fields.map(headerOf);
  const columns = Object.keys(spec.columns) as C[];
  const at = Object.fromEntries(
    columns.map((c) => [c, names.findIndex((n) => spec.columns[c].map(headerOf).includes(n))]),
  ) as Record<C, number>;
  if (spec.required.some((c) => at[c] < 0)) return { ok: false, problem: spec.problems.columnsMissing };
  if (!data.length) return { ok: false, problem: spec.problems.empty };
  if (data.length > spec.maxRows) return { ok: false, problem: spec.problems.tooManyRows };
  const cell = (r: CsvRecord, c: C) => (at[c] < 0 ? "" : (r.fields[at[c]] ?? ""));
  return {
    ok: true,
    rows: data.map((r) => ({
      line: r.line,
      ...(Object.fromEntries(columns.map((c) => [c, cell(r, c)])) as Record<C, string>),
    })),
  };
}

/** A review CSV's rows (readCsvTable): source, author, rating, text and date; 1 MB and 1,000 rows at most. */
export function readReviewCsv(text: string): ReviewCsvResult {
  return readCsvTable(text, {
    columns: REVIEW_CSV_COLUMNS,
    required: REVIEW_CSV_REQUIRED,
    maxBytes: REVIEW_IMPORT_MAX_BYTES,
    maxRows: REVIEW_IMPORT_MAX_ROWS,
    problems: {
      empty: "reviewImportEmpty",
      columnsMissing: "reviewImportColumnsMissing",
      tooManyRows: "reviewImportTooManyRows",
    },
  });
}

/**
 * A fact a guest asked for that the business profile does not hold: the reply draft says the café
 * will answer it, and the inbox names it with a link to the profile (docs/product.md#replies-to-guests).
 */
export const REPLY_GAPS = [
  "address",
  "map_link",
  "hours",
  "ramadan_hours",
  "eid_hours",
  "delivery_apps",
  "reservations",
  "menu",
  "prices",
] as const;
export type ReplyGap = (typeof REPLY_GAPS)[number];
/** The gap's name as the inbox shows it, in both languages. */
export const REPLY_GAP_LABELS: Record<ReplyGap, { en: string; ar: string }> = {
  address: { en: "Address", ar: "العنوان" },
  map_link: { en: "Map link", ar: "رابط الخريطة" },
  hours: { en: "Opening hours", ar: "أوقات العمل" },
  ramadan_hours: { en: "Ramadan hours", ar: "أوقات العمل في رمضان" },
  eid_hours: { en: "Eid hours", ar: "أوقات العمل في العيد" },
  delivery_apps: { en: "Delivery apps", ar: "تطبيقات التوصيل" },
  reservations: { en: "Reservations", ar: "الحجوزات" },
  menu: { en: "Menu items", ar: "أصناف القائمة" },
  prices: { en: "Menu prices", ar: "أسعار القائمة" },
};
