// Competitors: the accounts a business follows (name, network, username, area, cuisine),
// their dated public figures (followers, posts per week, average engagement, top themes) entered by
// hand, imported from a CSV file or read from Instagram, and the plain-language summary of where the
// business leads and trails, written from message templates with numbers (never by a model). Pure:
// no clock unless a rule runs (a reading's date is compared with today in Kuwait).
import { z } from "zod";
import { isolateText, singleLine } from "./text.ts";
import { kuwaitDate } from "./calendar.ts";
import { findCuisine, findKuwaitArea } from "./content.ts";
import { messageText, type Locale, type MessageKey } from "./messages.ts";
import { NETWORK_PACKS, PLATFORMS, type PlatformName } from "./networks/index.ts";
import { PLATFORM_LABELS } from "./posts.ts";
import { asciiDigits, parseReviewDate, readCsvTable } from "./reviews.ts";

type Labels = Readonly<Record<Locale, string>>;

// ---------------------------------------------------------------- limits
/** The plans say nothing about competitors: every business may follow this many. */
export const COMPETITORS_MAX_PER_BUSINESS = 50;
export const COMPETITOR_NAME_MAX = 80;
export const COMPETITOR_AREA_MAX = 60;
export const COMPETITOR_CUISINE_MAX = 40;
export const COMPETITOR_THEMES_MAX = 5;
export const COMPETITOR_THEME_MAX_LENGTH = 40;
export const COMPETITOR_FOLLOWERS_MAX = 1_000_000_000;
export const COMPETITOR_POSTS_PER_WEEK_MAX = 1000;
/** Average engagement is a percentage of followers. */
export const COMPETITOR_ENGAGEMENT_MAX = 100;
export const COMPETITOR_MIN_DATE = "2000-01-01";
export const COMPETITOR_IMPORT_MAX_ROWS = 1000;
export const COMPETITOR_IMPORT_MAX_BYTES = 1024 * 1024;
/** The benchmark compares the business's own last 28 days unless asked otherwise. */
export const BENCHMARK_DEFAULT_DAYS = 28;
export const BENCHMARK_MAX_DAYS = 90;
/** How far back the history lines of the charts go by default, and at most. */
export const BENCHMARK_DEFAULT_HISTORY_DAYS = 180;
export const BENCHMARK_MAX_HISTORY_DAYS = 730;

export const COMPETITOR_SOURCES = ["manual", "csv", "instagram"] as const;
export type CompetitorSource = (typeof COMPETITOR_SOURCES)[number];
export const COMPETITOR_SOURCE_LABELS: Record<CompetitorSource, Labels> = {
  manual: { en: "Entered by hand", ar: "مُدخلة يدويًا" },
  csv: { en: "CSV import", ar: "استيراد CSV" },
  instagram: { en: "Read from Instagram", ar: "من إنستغرام" },
};

/** The figures a benchmark compares, in the order the summary speaks of them. */
export const COMPETITOR_METRICS = ["followers", "postsPerWeek", "avgEngagement"] as const;
export type CompetitorMetric = (typeof COMPETITOR_METRICS)[number];
export const COMPETITOR_METRIC_LABELS: Record<CompetitorMetric, Labels> = {
  followers: { en: "followers", ar: "عدد المتابعين" },
  postsPerWeek: { en: "posts per week", ar: "عدد المنشورات في الأسبوع" },
  avgEngagement: { en: "average engagement", ar: "متوسط التفاعل" },
};

/** The form's and the CSV's fields, named in each language (import errors name them). */
export const COMPETITOR_FIELD_LABELS = {
  name: { en: "Name", ar: "الاسم" },
  platform: { en: "Platform", ar: "المنصة" },
  handle: { en: "Username", ar: "اسم المستخدم" },
  area: { en: "Area", ar: "المنطقة" },
  cuisine: { en: "Cuisine", ar: "المطبخ" },
  day: { en: "Date", ar: "التاريخ" },
  followers: { en: "Followers", ar: "المتابعون" },
  postsPerWeek: { en: "Posts per week", ar: "المنشورات في الأسبوع" },
  avgEngagement: { en: "Average engagement", ar: "متوسط التفاعل" },
  topThemes: { en: "Top themes", ar: "أبرز المواضيع" },
  _: { en: "Row", ar: "الصف" },
} as const satisfies Record<string, Labels>;

// ---------------------------------------------------------------- usernames
/**
 * The networks a competitor is followed on, written out for its type: those whose pack has a username rule
 * (handle), in PLATFORMS' order (networks/index.test.ts checks they agree).
 */
export const COMPETITOR_PLATFORMS = ["instagram", "twitter", "snapchat"] as const satisfies readonly PlatformName[];
export type CompetitorPlatform = (typeof COMPETITOR_PLATFORMS)[number];
export const isCompetitorPlatform = (p: unknown): p is CompetitorPlatform =>
  typeof p === "string" && (COMPETITOR_PLATFORMS as readonly string[]).includes(p);

/** Each network's rule for a username, after the @ and the profile link are taken off and it is lower-cased. */
export const COMPETITOR_HANDLE_RULES = Object.fromEntries(
  COMPETITOR_PLATFORMS.map((p) => [p, NETWORK_PACKS[p].handle]),
) as Record<CompetitorPlatform, { pattern: RegExp; message: MessageKey }>;

const PROFILE_LINK =
  /^(?:https?:\/\/)?(?:www\.|m\.)?(?:instagram\.com|instagr\.am|x\.com|twitter\.com|snapchat\.com\/add|story\.snapchat\.com\/@?)\/?@?([^/?#\s]+)/i;

/** "@Cafe.X", " cafe.x ", "https://instagram.com/cafe.x/" -> "cafe.x". Not checked against a network's rule. */
export function normaliseHandle(value: string): string {
  const v = value.normalize("NFKC").trim();
  const link = PROFILE_LINK.exec(v);
  return (link ? link[1]! : v).replace(/^@+/, "").trim().toLowerCase();
}

/** Why a (normalised) username does not fit the network, or null when it does. */
export function competitorHandleProblem(handle: string, platform: CompetitorPlatform): MessageKey | null {
  if (!handle) return "competitorHandleRequired";
  const rule = COMPETITOR_HANDLE_RULES[platform];
  return rule.pattern.test(handle) ? null : rule.message;
}

/** Other ways people write a network's name. */
const PLATFORM_SPELLINGS: Readonly<Record<string, CompetitorPlatform>> = {
  ig: "instagram",
  insta: "instagram",
  انستغرام: "instagram",
  انستقرام: "instagram",
  انستا: "instagram",
  x: "twitter",
  تويتر: "twitter",
  اكس: "twitter",
  snap: "snapchat",
  سناب: "snapchat",
  سنابشات: "snapchat",
};

/** A network by its key or its English or Arabic name, case-insensitive; null if unknown. */
export function findCompetitorPlatform(value: unknown): CompetitorPlatform | null {
  if (typeof value !== "string") return null;
  const plain = (s: string) =>
    s
      .normalize("NFC")
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/gu, "")
      .replace(/[إأآ]/gu, "ا");
  const want = plain(value);
  if (!want) return null;
  for (const p of COMPETITOR_PLATFORMS)
    if (plain(p) === want || plain(PLATFORM_LABELS[p].en) === want || plain(PLATFORM_LABELS[p].ar) === want) return p;
  return PLATFORM_SPELLINGS[want] ?? null;
}

// ---------------------------------------------------------------- rules (zod, message keys)
const key = (k: MessageKey) => ({ error: k });
const first = (k: MessageKey) => ({ error: k, abort: true });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);
const codePoints = (s: string) => [...s].length;

const optionalText = (max: number, tooLong: MessageKey, known: (v: string) => string | null) =>
  z.preprocess(
    (v) => (v === null || v === undefined || (typeof v === "string" && !v.trim()) ? null : v),
    singleLine(key("invalidValue"))
      .transform((s) => s.normalize("NFC").replace(/\s+/gu, " ").trim())
      .pipe(singleLine().refine((s) => codePoints(s) <= max, key(tooLong)))
      .transform((s) => known(s) ?? s)
      .nullable(),
  );

const platformRule = z.preprocess(
  (v) => (typeof v === "string" ? (findCompetitorPlatform(v) ?? v) : v),
  z.enum(COMPETITOR_PLATFORMS, key("competitorPlatformInvalid")),
);

/**
 * A competitor as the add/edit form and the API take it: a name, the network, the username (the @ and
 * a profile link are taken off, lower case, checked against the network's rule), and optionally the
 * area and the cuisine (stored as the vocabulary's key when the text names one, else as written).
 */
export const competitorInputSchema = z
  .object({
    name: singleLine(key("competitorNameRequired"))
      .transform((s) => s.normalize("NFC").replace(/\s+/gu, " ").trim())
      .pipe(
        singleLine()
          .min(1, first("competitorNameRequired"))
          .refine((s) => codePoints(s) <= COMPETITOR_NAME_MAX, key("competitorNameTooLong")),
      ),
    platform: platformRule,
    handle: singleLine(key("competitorHandleRequired")).transform(normaliseHandle),
    area: optionalText(COMPETITOR_AREA_MAX, "areaTooLong", findKuwaitArea),
    cuisine: optionalText(COMPETITOR_CUISINE_MAX, "cuisineTooLong", findCuisine),
  })
  .superRefine(
    (v, ctx) => {
      const problem = competitorHandleProblem(v.handle, v.platform);
      if (problem) ctx.addIssue({ code: "custom", path: ["handle"], message: problem });
    },
    // checked whenever the network and the username read, even if another field is wrong
    { when: (p) => !p.issues.some((i) => i.path?.[0] === "platform" || i.path?.[0] === "handle") },
  );
export type CompetitorInput = z.input<typeof competitorInputSchema>;
export type CompetitorData = z.output<typeof competitorInputSchema>;

/**
 * A number as people and spreadsheets write it: 12500, "12,500", "12.5k", "1.2M", "٣٫٤", "3.4%".
 * Anything else stays as it came, for the rule to refuse.
 */
export function readFigure(v: unknown): unknown {
  if (typeof v !== "string") return v;
  const s = asciiDigits(v.trim()).replace(/٫/g, ".").replace(/[٬،]/g, ",").replace(/\s+/g, "").replace(/%$/, "");
  const m = /^(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d+))?([km])?$/i.exec(s);
  if (!s || !m || (m[1] === undefined && m[2] === undefined)) return s;
  const n = Number(`${(m[1] ?? "0").replace(/,/g, "")}.${m[2] ?? "0"}`);
  const scale = m[3] ? (m[3].toLowerCase() === "k" ? 1e3 : 1e6) : 1;
  return Math.round(n * scale * 1e6) / 1e6;
}

const figure = (k: MessageKey, max: number, opts: { whole?: boolean } = {}) =>
  z.preprocess(
    (v) => readFigure(blankToUndefined(v)),
    z
      .number(key(k))
      .refine((n) => Number.isFinite(n) && n >= 0 && n <= max && (!opts.whole || Number.isInteger(n)), key(k))
      .transform((n) => (opts.whole ? n : Math.round(n * 100) / 100))
      .optional(),
  );

/** Themes: a list, or text separated by ; | , or new lines ("#karak; breakfast"); no #, lower case, each once. */
export function readThemes(v: unknown): unknown {
  const list = typeof v === "string" ? v.split(/[;|,،\n]+/u) : Array.isArray(v) ? v : v;
  if (!Array.isArray(list)) return list;
  const seen = new Set<string>();
  const out: string[] = [];
  for (const item of list) {
    if (typeof item !== "string") return list;
    const t = item
      .normalize("NFC")
      .replace(/^[#\s]+/u, "")
      .replace(/\s+/gu, " ")
      .trim()
      .toLowerCase();
    if (t && !seen.has(t)) {
      seen.add(t);
      out.push(t);
    }
  }
  return out;
}

const FIGURE_FIELDS = ["followers", "postsPerWeek", "avgEngagement", "topThemes"];

const snapshotDay = z.unknown().transform((v, ctx): string => {
  const iso = parseReviewDate(v);
  if (!iso || iso < COMPETITOR_MIN_DATE) {
    ctx.addIssue({ code: "custom", message: "competitorDateInvalid", input: v });
    return z.NEVER;
  }
  // a reading cannot be from tomorrow in Kuwait
  if (iso > kuwaitDate()) {
    ctx.addIssue({ code: "custom", message: "competitorDateFuture", input: v });
    return z.NEVER;
  }
  return iso;
});

/**
 * One day's figures of a competitor: the day (Kuwait; YYYY-MM-DD or DD/MM/YYYY, not in the future),
 * and at least one of followers, posts per week, average engagement (percent) and up to five themes.
 */
export const competitorSnapshotSchema = z
  .object({
    day: snapshotDay,
    followers: figure("competitorFollowersInvalid", COMPETITOR_FOLLOWERS_MAX, { whole: true }),
    postsPerWeek: figure("competitorPostsPerWeekInvalid", COMPETITOR_POSTS_PER_WEEK_MAX),
    avgEngagement: figure("competitorEngagementInvalid", COMPETITOR_ENGAGEMENT_MAX),
    topThemes: z.preprocess(
      (v) => readThemes(v ?? []),
      z
        .array(
          singleLine().refine((s) => codePoints(s) <= COMPETITOR_THEME_MAX_LENGTH, key("competitorThemeTooLong")),
          key("invalidValue"),
        )
        .max(COMPETITOR_THEMES_MAX, key("competitorThemesTooMany")),
    ),
  })
  .superRefine(
    (v, ctx) => {
      if (
        v.followers === undefined &&
        v.postsPerWeek === undefined &&
        v.avgEngagement === undefined &&
        !v.topThemes.length
      ) {
        ctx.addIssue({ code: "custom", path: ["followers"], message: "competitorSnapshotEmpty" });
      }
    },
    // said even when the date is wrong too: a CSV row hears every problem at once
    { when: (p) => !p.issues.some((i) => FIGURE_FIELDS.includes(String(i.path?.[0]))) },
  );
export type CompetitorSnapshotInput = z.input<typeof competitorSnapshotSchema>;
export type CompetitorSnapshotData = z.output<typeof competitorSnapshotSchema>;

const whole = (k: MessageKey, min: number, max: number) =>
  z.coerce.number(key(k)).int(key(k)).min(min, key(k)).max(max, key(k));

/** The benchmark's window of the business's own figures (days) and how far back the history lines go. */
export const competitorBenchmarkQuerySchema = z.object({
  days: z.preprocess(
    blankToUndefined,
    whole("competitorBenchmarkDaysInvalid", 7, BENCHMARK_MAX_DAYS).default(BENCHMARK_DEFAULT_DAYS),
  ),
  historyDays: z.preprocess(
    blankToUndefined,
    whole("competitorHistoryDaysInvalid", 7, BENCHMARK_MAX_HISTORY_DAYS).default(BENCHMARK_DEFAULT_HISTORY_DAYS),
  ),
});
export type CompetitorBenchmarkQuery = z.output<typeof competitorBenchmarkQuerySchema>;

// ---------------------------------------------------------------- themes from captions
const STOP_WORDS = new Set(
  (
    "the and for with you your our are this that from have has was were will just more now new all out get got its it's into about what when where who how here there they them their been can not but off very best only also come today tonight week weekend every each some than then " +
    "في من على الى إلى عن مع هذا هذه ذلك التي الذي الذين كان كانت لكم لكل كل اليوم الان الآن عند عندنا لدينا بين حتى ثم او أو لا ما هو هي نحن انتم أنتم"
  ).split(" "),
);

/**
 * The top themes of some captions: hashtags first (by how many captions use each), then frequent
 * words (four letters or more, three in Arabic script, no common words) when hashtags are fewer.
 */
export function themesOf(captions: readonly string[], max = COMPETITOR_THEMES_MAX): string[] {
  const tags = new Map<string, number>();
  const words = new Map<string, number>();
  for (const caption of captions) {
    const text = caption.normalize("NFC");
    const seenTags = new Set<string>();
    for (const m of text.matchAll(/#([\p{L}\p{M}\p{N}_]+)/gu)) seenTags.add(m[1]!.toLowerCase());
    for (const t of seenTags) tags.set(t, (tags.get(t) ?? 0) + 1);
    const plain = text.replace(/https?:\/\/\S+/gu, " ").replace(/[#@][\p{L}\p{M}\p{N}_.]+/gu, " ");
    const seenWords = new Set<string>();
    for (const m of plain.matchAll(/[\p{L}\p{M}]+/gu)) {
      const w = m[0].toLowerCase();
      const arabic = /[\u0600-\u06ff]/u.test(w);
      if ([...w].length >= (arabic ? 3 : 4) && !STOP_WORDS.has(w)) seenWords.add(w);
    }
    for (const w of seenWords) words.set(w, (words.get(w) ?? 0) + 1);
  }
  const ranked = (m: Map<string, number>, minCount: number) =>
    [...m.entries()]
      .filter(([, n]) => n >= minCount)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([t]) => t);
  const out = ranked(tags, 1).slice(0, max);
  // a word seen in one caption only says little about an account: words need two
  for (const w of ranked(words, 2)) {
    if (out.length >= max) break;
    if (!out.includes(w)) out.push(w);
  }
  return out;
}

// ---------------------------------------------------------------- CSV import
/** The columns an import reads and the headers accepted for each (any case, English or Arabic). */
export const COMPETITOR_CSV_COLUMNS = {
  name: ["name", "competitor", "competitor name", "الاسم", "المنافس", "اسم المنافس"],
  handle: ["handle", "username", "user name", "account", "المعرف", "الحساب", "اسم المستخدم", "المستخدم"],
  platform: ["platform", "network", "المنصة", "الشبكة"],
  date: ["date", "day", "التاريخ", "اليوم"],
  followers: ["followers", "المتابعون", "المتابعين", "عدد المتابعين"],
  postsPerWeek: [
    "posts_per_week",
    "posts per week",
    "posts/week",
    "weekly posts",
    "المنشورات في الأسبوع",
    "منشورات في الأسبوع",
    "المنشورات أسبوعيا",
  ],
  avgEngagement: [
    "avg_engagement",
    "average engagement",
    "engagement",
    "engagement rate",
    "متوسط التفاعل",
    "التفاعل",
    "نسبة التفاعل",
  ],
  topThemes: ["top_themes", "top themes", "themes", "المواضيع", "أبرز المواضيع", "المواضيع الأبرز"],
  area: ["area", "المنطقة"],
  cuisine: ["cuisine", "المطبخ", "نوع المطبخ"],
} as const;
export type CompetitorCsvColumn = keyof typeof COMPETITOR_CSV_COLUMNS;
/** The username and the date are needed; the platform defaults to Instagram; a new competitor's name to its username. */
export const COMPETITOR_CSV_REQUIRED: readonly CompetitorCsvColumn[] = ["handle", "date"];

/** A file to start from, with its header in each language. */
export const COMPETITOR_CSV_TEMPLATE: Labels = {
  en: "name,handle,platform,date,followers,posts_per_week,avg_engagement,top_themes\n",
  ar: "الاسم,المعرف,المنصة,التاريخ,المتابعون,المنشورات في الأسبوع,متوسط التفاعل,المواضيع\n",
};

export type CompetitorCsvRow = { line: number } & Record<CompetitorCsvColumn, string>;
export type CompetitorCsvResult = { ok: true; rows: CompetitorCsvRow[] } | { ok: false; problem: MessageKey };

/** A competitor CSV's rows (readCsvTable): its columns in English or Arabic; 1 MB and 1,000 rows at most. */
export function readCompetitorCsv(text: string): CompetitorCsvResult {
  return readCsvTable(text, {
    columns: COMPETITOR_CSV_COLUMNS,
    required: COMPETITOR_CSV_REQUIRED,
    maxBytes: COMPETITOR_IMPORT_MAX_BYTES,
    maxRows: COMPETITOR_IMPORT_MAX_ROWS,
    problems: {
      empty: "competitorImportEmpty",
      columnsMissing: "competitorImportColumnsMissing",
      tooManyRows: "competitorImportTooManyRows",
    },
  });
}

/** A row's problems as "Followers: Followers must be ...", in a language. */
export function competitorRowMessages(errors: Record<string, readonly string[]>, locale: Locale): string[] {
  return Object.entries(errors).flatMap(([field, keys]) => {
    const label = (COMPETITOR_FIELD_LABELS as Record<string, Labels>)[field]?.[locale] ?? field;
    return keys.map((k) => `${label}: ${messageText(k, locale)}`);
  });
}

// ---------------------------------------------------------------- the benchmark's summary
export interface BenchmarkFigures {
  followers: number | null;
  postsPerWeek: number | null;
  avgEngagement: number | null;
  topThemes: readonly string[];
}

export interface BenchmarkSummaryInput {
  /** the business's own figures on each network it has any */
  own: Partial<Record<PlatformName, BenchmarkFigures>>;
  /** each competitor's latest reading (null: none yet) */
  competitors: readonly { name: string; platform: PlatformName; latest: BenchmarkFigures | null }[];
}

/** One sentence of the summary: a message key and the figures it is written from. */
export interface SummaryPoint {
  key: MessageKey;
  platform?: PlatformName;
  metric?: CompetitorMetric;
  own?: number;
  theirs?: number;
  name?: string;
  /** competitors ahead of the business on this figure, of `total` with one */
  ahead?: number;
  total?: number;
  themes?: string[];
}

const METRIC_KEYS: Record<CompetitorMetric, { lead: MessageKey; trail: MessageKey; trailMany: MessageKey }> = {
  followers: {
    lead: "competitorSummaryFollowersLead",
    trail: "competitorSummaryFollowersTrail",
    trailMany: "competitorSummaryFollowersTrailMany",
  },
  postsPerWeek: {
    lead: "competitorSummaryPostsLead",
    trail: "competitorSummaryPostsTrail",
    trailMany: "competitorSummaryPostsTrailMany",
  },
  avgEngagement: {
    lead: "competitorSummaryEngagementLead",
    trail: "competitorSummaryEngagementTrail",
    trailMany: "competitorSummaryEngagementTrailMany",
  },
};

/**
 * Where the business leads and trails, network by network: for each figure both sides have, against
 * the competitor with the highest one (ties go to the business: "level with"), with how many are
 * ahead; then the themes competitors use that the business has not lately. Deterministic.
 */
export function benchmarkSummary(input: BenchmarkSummaryInput): SummaryPoint[] {
  const read = input.competitors.filter((c) => c.latest);
  if (!read.length) return [{ key: "competitorSummaryNoSnapshots" }];
  const points: SummaryPoint[] = [];
  for (const platform of PLATFORMS) {
    const theirs = read.filter((c) => c.platform === platform);
    if (!theirs.length) continue;
    const own = input.own[platform];
    let compared = false;
    for (const metric of COMPETITOR_METRICS) {
      const values = theirs
        .map((c) => ({ name: c.name, v: c.latest![metric] }))
        .filter((x): x is { name: string; v: number } => x.v !== null);
      const mine = own?.[metric] ?? null;
      if (!values.length || mine === null) continue;
      compared = true;
      const best = values.reduce((a, b) => (b.v > a.v ? b : a));
      const ahead = values.filter((x) => x.v > mine).length;
      const base = { platform, metric, own: mine, theirs: best.v, name: best.name, ahead, total: values.length };
      if (ahead === 0 && best.v === mine) points.push({ key: "competitorSummaryLevel", ...base });
      else if (ahead === 0) {
        // leading: name the closest one behind
        points.push({ key: METRIC_KEYS[metric].lead, ...base });
      } else
        points.push({ key: values.length > 1 ? METRIC_KEYS[metric].trailMany : METRIC_KEYS[metric].trail, ...base });
    }
    if (!compared) points.push({ key: "competitorSummaryNoOwn", platform });
    // themes two or more of them share come first; then the rest by the order they were written
    const mineThemes = new Set((own?.topThemes ?? []).map((t) => t.toLowerCase()));
    const counts = new Map<string, number>();
    for (const c of theirs)
      for (const t of c.latest!.topThemes)
        if (!mineThemes.has(t.toLowerCase())) counts.set(t.toLowerCase(), (counts.get(t.toLowerCase()) ?? 0) + 1);
    const themes = [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .map(([t]) => t)
      .slice(0, 3);
    if (themes.length) points.push({ key: "competitorSummaryThemes", platform, themes });
  }
  return points;
}

export interface SummaryFormat {
  /** a count or a rate, as the person reads numbers */
  number(n: number, maxFractionDigits: number): string;
  /** a percentage given from 0 to 100 */
  percent(n: number): string;
}

/** Numbers in a language's default digits (Arabic-Indic in Arabic); the client passes the person's choice. */
export const defaultSummaryFormat = (locale: Locale): SummaryFormat => {
  const tag = locale === "ar" ? "ar-KW" : "en-KW";
  return {
    number: (n, digits) => new Intl.NumberFormat(tag, { maximumFractionDigits: digits }).format(n),
    percent: (n) => new Intl.NumberFormat(tag, { style: "percent", maximumFractionDigits: 2 }).format(n / 100),
  };
};

/** One point as a sentence in a language. */
export function summaryPointText(
  p: SummaryPoint,
  locale: Locale,
  format: SummaryFormat = defaultSummaryFormat(locale),
): string {
  const figure = (n: number | undefined) => {
    if (n === undefined) return "";
    if (p.metric === "avgEngagement") return format.percent(n);
    return format.number(n, p.metric === "postsPerWeek" ? 1 : 0);
  };
  const params: Record<string, string> = {};
  if (p.platform) params.platform = PLATFORM_LABELS[p.platform][locale];
  if (p.metric) params.metric = COMPETITOR_METRIC_LABELS[p.metric][locale];
  if (p.own !== undefined) params.own = figure(p.own);
  if (p.theirs !== undefined) params.theirs = figure(p.theirs);
  if (p.name !== undefined) params.name = isolateText(p.name);
  if (p.ahead !== undefined) params.ahead = format.number(p.ahead, 0);
  if (p.total !== undefined) params.total = format.number(p.total, 0);
  // each theme isolated on its own, joined in the sentence's direction: one isolate around the whole list
  // would set "kunafa، desserts، family" left to right inside an Arabic sentence, its order turned around
  if (p.themes) params.themes = p.themes.map(isolateText).join(locale === "ar" ? "، " : ", ");
  return messageText(p.key, locale, params);
}

/** The whole summary as one paragraph. */
export const summaryText = (
  points: readonly SummaryPoint[],
  locale: Locale,
  format: SummaryFormat = defaultSummaryFormat(locale),
) => points.map((p) => summaryPointText(p, locale, format)).join(" ");
