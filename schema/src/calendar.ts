// The Kuwait calendar both sides share: prayer-time helpers (the times themselves are
// computed by the server with adhan), Kuwait's public holidays and Islamic occasions computed from the
// Umm al-Qura calendar (Intl's "islamic-umalqura", time zone Asia/Kuwait), the admins' corrections
// when the Cabinet moves a date, and the zod rules of the calendar's queries (message keys, see
// messages.ts). Every function here is pure: no clock unless one is passed in.
import { z } from "zod";
import { singleLine } from "./text.ts";
import type { MessageKey } from "./messages.ts";

export const KUWAIT_TIME_ZONE = "Asia/Kuwait";
/** Kuwait City, for the prayer times. */
export const KUWAIT_CITY = { latitude: 29.3759, longitude: 47.9774 } as const;
export const CALENDAR_MIN_YEAR = 2000;
export const CALENDAR_MAX_YEAR = 2100;
/** A correction may move an occasion at most this many days from the calendar's date. */
export const HOLIDAY_OVERRIDE_MAX_SHIFT_DAYS = 30;
/** upcomingOccasions looks this many days ahead unless asked otherwise (and at most a year). */
export const UPCOMING_OCCASIONS_DEFAULT_DAYS = 60;
export const UPCOMING_OCCASIONS_MAX_DAYS = 366;

// ---------------------------------------------------------------- dates written YYYY-MM-DD
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** A real Gregorian date written YYYY-MM-DD (no 30 February). */
export function isIsoDate(v: unknown): v is string {
  if (typeof v !== "string") return false;
  const m = ISO_DATE.exec(v);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

const utcOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`);
const isoOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (iso: string, days: number) => isoOf(utcOf(iso) + days * DAY_MS);
/** A date column's day (Postgres `date` reads as midnight UTC) written YYYY-MM-DD. */
export const isoDay = (d: Date) => isoOf(d.getTime());
/** Whole days from a to b (b later: positive). */
export const daysBetween = (a: string, b: string) => Math.round((utcOf(b) - utcOf(a)) / DAY_MS);

const kuwaitParts = new Intl.DateTimeFormat("en-CA-u-nu-latn", {
  timeZone: KUWAIT_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
function kuwaitFields(at: Date) {
  const p = Object.fromEntries(kuwaitParts.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, clock: `${p.hour}:${p.minute}` };
}
/** The date in Kuwait at an instant, YYYY-MM-DD. */
export const kuwaitDate = (at: Date = new Date()) => kuwaitFields(at).date;
/** The wall-clock time in Kuwait at an instant, HH:mm. */
export const kuwaitClock = (at: Date = new Date()) => kuwaitFields(at).clock;

// ---------------------------------------------------------------- Hijri (Umm al-Qura)
export interface HijriDate {
  year: number;
  month: number;
  day: number;
}

const umalqura = new Intl.DateTimeFormat("en-u-ca-islamic-umalqura-nu-latn", {
  timeZone: KUWAIT_TIME_ZONE,
  year: "numeric",
  month: "numeric",
  day: "numeric",
});
const hijriCache = new Map<string, HijriDate>();

/** The Umm al-Qura date of a Gregorian day in Kuwait (noon there, so the zone cannot shift the day). */
export function hijriOf(iso: string): HijriDate {
  const hit = hijriCache.get(iso);
  if (hit) return hit;
  const p = Object.fromEntries(
    umalqura.formatToParts(new Date(utcOf(iso) + 9 * 3_600_000)).map((x) => [x.type, x.value]),
  );
  const h = { year: parseInt(p.relatedYear ?? p.year!, 10), month: parseInt(p.month!, 10), day: parseInt(p.day!, 10) };
  hijriCache.set(iso, h);
  return h;
}

// ---------------------------------------------------------------- occasions
export const HOLIDAY_KINDS = ["public", "islamic", "national", "season", "school"] as const;
export type HolidayKind = (typeof HOLIDAY_KINDS)[number];

/**
 * How an occasion's first day is found: a Gregorian or Hijri date, the last day of a Hijri month, or
 * `announced`: no rule at all (the school breaks, which the Ministry of Education sets each year). An
 * announced occasion is in a year's calendar only when an admin entered its first day and length.
 */
type Rule =
  | { gregorian: { month: number; day: number } }
  | { hijri: { month: number; day: number } }
  | { lastDayOfHijriMonth: number }
  | { announced: true };

export interface Occasion {
  kind: HolidayKind;
  en: string;
  ar: string;
  /** How its first day is found. */
  rule: Rule;
  /** Days it lasts (Eids: three); an announced occasion lasts what the admin entered (this is 0). */
  days: number;
  /** Posts the studio suggests planning for it ("Eid al-Fitr in 12 days: plan three posts"). */
  suggestedPosts: number;
}

export const OCCASIONS = {
  new_year: {
    kind: "public",
    en: "New Year's Day",
    ar: "رأس السنة الميلادية",
    rule: { gregorian: { month: 1, day: 1 } },
    days: 1,
    suggestedPosts: 1,
  },
  national_day: {
    kind: "national",
    en: "National Day",
    ar: "العيد الوطني",
    rule: { gregorian: { month: 2, day: 25 } },
    days: 1,
    suggestedPosts: 2,
  },
  liberation_day: {
    kind: "national",
    en: "Liberation Day",
    ar: "عيد التحرير",
    rule: { gregorian: { month: 2, day: 26 } },
    days: 1,
    suggestedPosts: 2,
  },
  isra_miraj: {
    kind: "islamic",
    en: "Isra and Mi'raj",
    ar: "الإسراء والمعراج",
    rule: { hijri: { month: 7, day: 27 } },
    days: 1,
    suggestedPosts: 1,
  },
  ramadan_start: {
    kind: "season",
    en: "Start of Ramadan",
    ar: "بداية شهر رمضان",
    rule: { hijri: { month: 9, day: 1 } },
    days: 1,
    suggestedPosts: 3,
  },
  // Gergean: children go door to door for sweets on the night of mid-Ramadan (the 14th's evening, the 15th by day)
  gergean: {
    kind: "season",
    en: "Gergean",
    ar: "القرقيعان",
    rule: { hijri: { month: 9, day: 15 } },
    days: 1,
    suggestedPosts: 2,
  },
  ramadan_end: {
    kind: "season",
    en: "Last day of Ramadan",
    ar: "آخر أيام شهر رمضان",
    rule: { lastDayOfHijriMonth: 9 },
    days: 1,
    suggestedPosts: 1,
  },
  eid_al_fitr: {
    kind: "islamic",
    en: "Eid al-Fitr",
    ar: "عيد الفطر",
    rule: { hijri: { month: 10, day: 1 } },
    days: 3,
    suggestedPosts: 3,
  },
  mothers_day: {
    kind: "season",
    en: "Mother's Day",
    ar: "عيد الأم",
    rule: { gregorian: { month: 3, day: 21 } },
    days: 1,
    suggestedPosts: 1,
  },
  arafat_day: {
    kind: "islamic",
    en: "Arafat Day",
    ar: "يوم عرفة",
    rule: { hijri: { month: 12, day: 9 } },
    days: 1,
    suggestedPosts: 1,
  },
  eid_al_adha: {
    kind: "islamic",
    en: "Eid al-Adha",
    ar: "عيد الأضحى",
    rule: { hijri: { month: 12, day: 10 } },
    days: 3,
    suggestedPosts: 3,
  },
  islamic_new_year: {
    kind: "islamic",
    en: "Islamic New Year",
    ar: "رأس السنة الهجرية",
    rule: { hijri: { month: 1, day: 1 } },
    days: 1,
    suggestedPosts: 1,
  },
  prophets_birthday: {
    kind: "islamic",
    en: "The Prophet's Birthday",
    ar: "المولد النبوي الشريف",
    rule: { hijri: { month: 3, day: 12 } },
    days: 1,
    suggestedPosts: 1,
  },
  // The school breaks: the Ministry of Education sets them each year, so they have no date until an admin enters it
  school_midyear_break: {
    kind: "school",
    en: "Mid-year school break",
    ar: "عطلة منتصف العام الدراسي",
    rule: { announced: true },
    days: 0,
    suggestedPosts: 2,
  },
  school_summer_break: {
    kind: "school",
    en: "Summer school break",
    ar: "العطلة الصيفية",
    rule: { announced: true },
    days: 0,
    suggestedPosts: 2,
  },
} as const satisfies Record<string, Occasion>;

export type OccasionKey = keyof typeof OCCASIONS;
export const OCCASION_KEYS = Object.keys(OCCASIONS) as OccasionKey[];
export const isOccasionKey = (k: unknown): k is OccasionKey => typeof k === "string" && Object.hasOwn(OCCASIONS, k);
/** Whether an occasion has no computed date: it is in the calendar only in a year an admin announced it. */
export const isAnnouncedOccasion = (k: unknown): boolean =>
  isOccasionKey(k) && "announced" in (OCCASIONS[k].rule as Rule);
/** An announced school break lasts 1 to this many days. */
export const SCHOOL_BREAK_MAX_DAYS = 120;

/**
 * An admin's correction: the first day of one occurrence of an occasion. An occurrence is named by
 * the Gregorian year its calendar date starts in and its index among that year's (a Hijri occasion
 * can fall twice in one Gregorian year, early January and late December).
 */
export interface HolidayOverrideInput {
  occasionKey: OccasionKey | string;
  year: number;
  occurrence?: number;
  /** YYYY-MM-DD */
  date: string;
  /** An announced occasion's length in days (the others keep their own). */
  days?: number | null;
}

/** One day of an occasion. */
export interface KuwaitHoliday {
  /** YYYY-MM-DD, Kuwait. */
  date: string;
  occasionKey: OccasionKey;
  nameEn: string;
  nameAr: string;
  kind: HolidayKind;
  /** Which day of the occasion (1..days). */
  day: number;
  days: number;
  /** The occurrence it belongs to (see HolidayOverrideInput). */
  year: number;
  occurrence: number;
  /** The calendar's first day, before any correction (an announced occasion's: the announced day). */
  calendarDate: string;
  /** An admin moved this occurrence (never for an announced occasion: its day is the announcement). */
  corrected: boolean;
}

interface Start {
  occasionKey: OccasionKey;
  year: number;
  occurrence: number;
  date: string;
}

const startsCache = new Map<number, Start[]>();

/** The calendar's first days of every occasion that starts in a Gregorian year, by scanning its days. */
function calendarStarts(year: number): Start[] {
  const hit = startsCache.get(year);
  if (hit) return hit;
  const found: Omit<Start, "occurrence">[] = [];
  const first = `${String(year).padStart(4, "0")}-01-01`;
  let today = first;
  let h = hijriOf(today);
  while (today.startsWith(String(year).padStart(4, "0"))) {
    const tomorrow = addDays(today, 1);
    const next = hijriOf(tomorrow);
    const [, mm, dd] = today.split("-").map(Number) as [number, number, number];
    for (const key of OCCASION_KEYS) {
      const rule: Rule = OCCASIONS[key].rule;
      if ("announced" in rule) continue;
      const hits =
        "gregorian" in rule
          ? rule.gregorian.month === mm && rule.gregorian.day === dd
          : "hijri" in rule
            ? rule.hijri.month === h.month && rule.hijri.day === h.day
            : h.month === rule.lastDayOfHijriMonth && next.month !== h.month;
      if (hits) found.push({ occasionKey: key, year, date: today });
    }
    today = tomorrow;
    h = next;
  }
  const seen = new Map<OccasionKey, number>();
  const starts = found.map((s) => {
    const occurrence = seen.get(s.occasionKey) ?? 0;
    seen.set(s.occasionKey, occurrence + 1);
    return { ...s, occurrence };
  });
  startsCache.set(year, starts);
  return starts;
}

/** The calendar's first day of an occurrence (before corrections), or null when there is none. */
export function calendarOccasionDate(occasionKey: OccasionKey, year: number, occurrence = 0): string | null {
  if (!Number.isInteger(year) || year < CALENDAR_MIN_YEAR - 1 || year > CALENDAR_MAX_YEAR + 1) return null;
  return calendarStarts(year).find((s) => s.occasionKey === occasionKey && s.occurrence === occurrence)?.date ?? null;
}

const overrideId = (key: string, year: number, occurrence: number) => `${key}|${year}|${occurrence}`;

/**
 * Kuwait's public holidays and Islamic occasions that fall in a Gregorian year, one row per day,
 * in date order: the Umm al-Qura calendar's dates, with the admins' corrections applied (a correction
 * moves the first day; the other days follow). Occurrences starting in the years around are
 * considered too, so an Eid that begins on 31 December shows its other days in January.
 */
export function kuwaitHolidays(year: number, overrides: readonly HolidayOverrideInput[] = []): KuwaitHoliday[] {
  const valid = overrides.filter((o) => isIsoDate(o.date));
  const moved = new Map(
    valid
      .filter((o) => !isAnnouncedOccasion(o.occasionKey))
      .map((o) => [overrideId(o.occasionKey, o.year, o.occurrence ?? 0), o.date]),
  );
  const prefix = String(year).padStart(4, "0");
  const out: KuwaitHoliday[] = [];
  const push = (s: Start, start: string, days: number, corrected: boolean) => {
    const o = OCCASIONS[s.occasionKey];
    for (let d = 0; d < days; d++) {
      const date = addDays(start, d);
      if (!date.startsWith(prefix)) continue;
      out.push({
        date,
        occasionKey: s.occasionKey,
        nameEn: o.en,
        nameAr: o.ar,
        kind: o.kind,
        day: d + 1,
        days,
        year: s.year,
        occurrence: s.occurrence,
        calendarDate: s.date,
        corrected,
      });
    }
  };
  for (const y of [year - 1, year, year + 1]) {
    if (y < CALENDAR_MIN_YEAR - 1 || y > CALENDAR_MAX_YEAR + 1) continue;
    for (const s of calendarStarts(y)) {
      const correction = moved.get(overrideId(s.occasionKey, s.year, s.occurrence));
      push(s, correction ?? s.date, OCCASIONS[s.occasionKey].days, correction !== undefined && correction !== s.date);
    }
    // an announced occasion (a school break) only where an admin announced it: its day and its length
    for (const a of valid) {
      if (
        a.year !== y ||
        !isAnnouncedOccasion(a.occasionKey) ||
        !Number.isInteger(a.days) ||
        a.days! < 1 ||
        a.days! > SCHOOL_BREAK_MAX_DAYS
      )
        continue;
      push(
        { occasionKey: a.occasionKey as OccasionKey, year: a.year, occurrence: a.occurrence ?? 0, date: a.date },
        a.date,
        a.days!,
        false,
      );
    }
  }
  const order = (k: OccasionKey) => OCCASION_KEYS.indexOf(k);
  return out.sort(
    (a, b) => a.date.localeCompare(b.date) || order(a.occasionKey) - order(b.occasionKey) || a.day - b.day,
  );
}

export interface UpcomingOccasion {
  occasionKey: OccasionKey;
  nameEn: string;
  nameAr: string;
  kind: HolidayKind;
  /** Its first day, YYYY-MM-DD. */
  date: string;
  days: number;
  /** 0: today. */
  daysUntil: number;
  suggestedPosts: number;
}

/**
 * Occasions whose first day falls from `today` to `today + within` days (the studio's suggestions:
 * "Eid al-Fitr in 12 days: plan three posts"), nearest first.
 */
export function upcomingOccasions(
  today: string,
  within: number = UPCOMING_OCCASIONS_DEFAULT_DAYS,
  overrides: readonly HolidayOverrideInput[] = [],
): UpcomingOccasion[] {
  const last = addDays(today, within);
  const years = new Set([Number(today.slice(0, 4)), Number(last.slice(0, 4))]);
  return [...years]
    .flatMap((y) => kuwaitHolidays(y, overrides))
    .filter((h) => h.day === 1 && h.date >= today && h.date <= last)
    .map((h) => ({
      occasionKey: h.occasionKey,
      nameEn: h.nameEn,
      nameAr: h.nameAr,
      kind: h.kind,
      date: h.date,
      days: h.days,
      daysUntil: daysBetween(today, h.date),
      suggestedPosts: OCCASIONS[h.occasionKey].suggestedPosts,
    }));
}

/**
 * Whether a Kuwait day is in Ramadan, from the calendar's first and last days of Ramadan with the admins'
 * corrections applied (a Ramadan that began in December is found in that year's list).
 */
export function isRamadanDay(date: string, overrides: readonly HolidayOverrideInput[] = []): boolean {
  const year = Number(date.slice(0, 4));
  const holidays = [...kuwaitHolidays(year - 1, overrides), ...kuwaitHolidays(year, overrides)];
  const start = holidays
    .filter((h) => h.occasionKey === "ramadan_start" && h.date <= date)
    .map((h) => h.date)
    .sort()
    .at(-1);
  if (!start) return false;
  const end = holidays
    .filter((h) => h.occasionKey === "ramadan_end" && h.date >= start)
    .map((h) => h.date)
    .sort()[0];
  return !!end && date <= end;
}

/** The first and last days of the Ramadan that begins in a Gregorian year (corrections applied), or null. */
export function ramadanOf(
  year: number,
  overrides: readonly HolidayOverrideInput[] = [],
): { from: string; to: string } | null {
  const start = kuwaitHolidays(year, overrides).find((h) => h.occasionKey === "ramadan_start")?.date;
  if (!start) return null;
  const end = [...kuwaitHolidays(year, overrides), ...kuwaitHolidays(year + 1, overrides)].find(
    (h) => h.occasionKey === "ramadan_end" && h.date >= start,
  )?.date;
  return end ? { from: start, to: end } : null;
}

// ---------------------------------------------------------------- prayer times
/** The five daily prayers, in the day's order (sunrise is not a prayer). */
export const PRAYERS = ["fajr", "dhuhr", "asr", "maghrib", "isha"] as const;
export type PrayerName = (typeof PRAYERS)[number];

/** One day's times in Kuwait, each HH:mm (GET /api/calendar/prayer-times). */
export interface PrayerTimes {
  date: string;
  fajr: string;
  sunrise: string;
  dhuhr: string;
  asr: string;
  maghrib: string;
  isha: string;
}

/** The suggested post time is this long after a prayer (docs/product.md#kuwait-calendar-and-posting-times). */
export const SUGGESTED_POST_DELAY_MINUTES = 30;
// The tip's windows follow the day's prayer times (docs/product.md#kuwait-calendar-and-posting-times: about 6-8 PM and 9-11 PM, Kuwait's spring
// evenings): prayerTipWindows in insights.ts, the same windows the default posting model lifts.

const minutesOf = (clock: string) => {
  const [h, m] = clock.split(":").map(Number) as [number, number];
  return h * 60 + m;
};
/** HH:mm plus some minutes, round the clock. */
export function addMinutes(clock: string, minutes: number): string {
  const t = (((minutesOf(clock) + minutes) % 1440) + 1440) % 1440;
  return `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
}

/** The suggested post time after each prayer: 30 minutes later. */
export function suggestedPostTimes(p: Pick<PrayerTimes, PrayerName>): Record<PrayerName, string> {
  return Object.fromEntries(PRAYERS.map((name) => [name, addMinutes(p[name], SUGGESTED_POST_DELAY_MINUTES)])) as Record<
    PrayerName,
    string
  >;
}

/** The next prayer after a Kuwait wall-clock time (HH:mm); after Isha, tomorrow's Fajr. */
export function nextPrayer(p: Pick<PrayerTimes, PrayerName>, clock: string): PrayerName {
  const now = minutesOf(clock);
  return PRAYERS.find((name) => minutesOf(p[name]) > now) ?? "fajr";
}

// ---------------------------------------------------------------- rules (zod, message keys)
const key = (k: MessageKey) => ({ error: k });
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && !v.trim()) ? undefined : v);

const isoDate = z.preprocess(
  (v) => (typeof v === "string" ? v.trim() : v),
  singleLine(key("calendarDateInvalid")).refine(isIsoDate, {
    error: "calendarDateInvalid" satisfies MessageKey,
    abort: true,
  }),
);
const yearRule = z.coerce
  .number(key("calendarYearRange"))
  .int(key("calendarYearRange"))
  .min(CALENDAR_MIN_YEAR, key("calendarYearRange"))
  .max(CALENDAR_MAX_YEAR, key("calendarYearRange"));

/** ?date=YYYY-MM-DD; missing: today in Kuwait (the service fills it). Years as for holidays. */
export const prayerTimesQuerySchema = z.object({
  date: z.preprocess(
    blankToUndefined,
    isoDate
      .refine(
        (d) => Number(d.slice(0, 4)) >= CALENDAR_MIN_YEAR && Number(d.slice(0, 4)) <= CALENDAR_MAX_YEAR,
        key("calendarYearRange"),
      )
      .optional(),
  ),
});
export type PrayerTimesQuery = z.output<typeof prayerTimesQuerySchema>;

/** ?year=YYYY; missing: this year in Kuwait (the service fills it). */
export const holidaysQuerySchema = z.object({ year: z.preprocess(blankToUndefined, yearRule.optional()) });
export type HolidaysQuery = z.output<typeof holidaysQuerySchema>;

export const upcomingOccasionsQuerySchema = z.object({
  days: z.preprocess(
    blankToUndefined,
    z.coerce
      .number(key("calendarDaysRange"))
      .int(key("calendarDaysRange"))
      .min(1, key("calendarDaysRange"))
      .max(UPCOMING_OCCASIONS_MAX_DAYS, key("calendarDaysRange"))
      .default(UPCOMING_OCCASIONS_DEFAULT_DAYS),
  ),
});

/** An admin's correction: the occurrence (occasion, year, index) and its real first day. */
export const holidayOverrideSchema = z
  .object({
    occasionKey: z.enum(OCCASION_KEYS as [OccasionKey, ...OccasionKey[]], key("occasionUnknown")),
    year: yearRule,
    occurrence: z.preprocess(
      blankToUndefined,
      z.coerce
        .number(key("invalidValue"))
        .int(key("invalidValue"))
        .min(0, key("invalidValue"))
        .max(1, key("invalidValue"))
        .default(0),
    ),
    date: isoDate,
    /** An announced occasion's length (a school break: 1..120 days); the other occasions keep their own. */
    days: z.preprocess(
      blankToUndefined,
      z.coerce.number(key("schoolBreakDaysRange")).int(key("schoolBreakDaysRange")).optional(),
    ),
    note: z.preprocess(blankToUndefined, singleLine(key("invalidValue")).trim().max(500, key("tooLong")).optional()),
  })
  .superRefine((v, ctx) => {
    if (isAnnouncedOccasion(v.occasionKey)) {
      // a school break: announced once a year, starting in the year named, for the days the Ministry set
      if (v.occurrence !== 0) ctx.addIssue({ code: "custom", path: ["occurrence"], message: "invalidValue" });
      if (v.date.slice(0, 4) !== String(v.year))
        ctx.addIssue({ code: "custom", path: ["date"], message: "announcedDateNotInYear" });
      if (v.days === undefined || v.days < 1 || v.days > SCHOOL_BREAK_MAX_DAYS)
        ctx.addIssue({ code: "custom", path: ["days"], message: "schoolBreakDaysRange" });
      return;
    }
    if (v.days !== undefined) ctx.addIssue({ code: "custom", path: ["days"], message: "occasionDaysFixed" });
    const calendar = calendarOccasionDate(v.occasionKey, v.year, v.occurrence);
    if (!calendar) ctx.addIssue({ code: "custom", path: ["year"], message: "occasionNotInYear" });
    else if (Math.abs(daysBetween(calendar, v.date)) > HOLIDAY_OVERRIDE_MAX_SHIFT_DAYS)
      ctx.addIssue({ code: "custom", path: ["date"], message: "holidayOverrideTooFar" });
  });
export type HolidayOverrideData = z.output<typeof holidayOverrideSchema>;

/** The parts of the year whose opening hours differ (a café's Ramadan and Eid hours). */
export type HoursSeason = "ramadan" | "eid";

/**
 * Whether a Kuwait day (YYYY-MM-DD) is in Ramadan (from the start of Ramadan to its last day) or on a
 * day of either Eid, by the calendar above with the admins' corrections; null on any other day.
 */
export function hoursSeasonOn(today: string, overrides: readonly HolidayOverrideInput[] = []): HoursSeason | null {
  if (!isIsoDate(today)) return null;
  const y = Number(today.slice(0, 4));
  const days = [y - 1, y, y + 1]
    .filter((yy) => yy >= CALENDAR_MIN_YEAR && yy <= CALENDAR_MAX_YEAR)
    .flatMap((yy) => kuwaitHolidays(yy, overrides));
  if (days.some((h) => h.date === today && (h.occasionKey === "eid_al_fitr" || h.occasionKey === "eid_al_adha")))
    return "eid";
  const start = days.filter((h) => h.occasionKey === "ramadan_start" && h.date <= today).at(-1);
  const end = start && days.find((h) => h.occasionKey === "ramadan_end" && h.date >= start.date);
  return start && end && today <= end.date ? "ramadan" : null;
}
