// Opening hours, structured (docs/product.md#one-menu-and-one-link): the café's regular week and its special hours
// (Ramadan, the Eids, national days, a closure), which the link page shows, Google is sent, and the writers read.
// A period opens and closes at a Kuwait wall-clock time "HH:MM"; a close at or before its open ends the next day
// ("19:00"-"02:00"), "00:00"-"24:00" is open all day. A day with no period is closed.
import { z } from "zod";
import { addDays, daysBetween, isIsoDate, kuwaitDate } from "./calendar.ts";
import type { MessageKey } from "./messages.ts";
import { singleLine } from "./text.ts";

/** Days of the week as Google names them, Sunday first (the Kuwait week starts on Sunday). */
export const WEEK_DAYS = ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

/** One opening of a day: from `open` to `close`, "HH:MM" (close "24:00" is midnight at the day's end). */
export interface HoursPeriod {
  open: string;
  close: string;
}
/** One opening of the regular week, on `day`. */
export interface WeeklyPeriod extends HoursPeriod {
  day: WeekDay;
}
export type WeeklyHours = WeeklyPeriod[];

/** Special hours as the link page and Google read them: confirmed ones only. */
export interface SpecialHoursSpan {
  occasion: string;
  /** Kuwait dates, both included */
  startDate: string;
  endDate: string;
  closed: boolean;
  periods: HoursPeriod[];
}

/** The week day of a Kuwait date ("2027-02-25" -> THURSDAY). */
export const weekDayOf = (iso: string): WeekDay => WEEK_DAYS[new Date(`${iso}T00:00:00Z`).getUTCDay()]!;

/** What a day's hours are: the special span in force, else the regular week's periods for that week day. */
export function hoursOn(
  date: string,
  weekly: readonly WeeklyPeriod[],
  specials: readonly SpecialHoursSpan[] = [],
): { periods: HoursPeriod[]; closed: boolean; special: SpecialHoursSpan | null } {
  const special = specials.find((s) => s.startDate <= date && date <= s.endDate) ?? null;
  if (special) return { periods: special.closed ? [] : special.periods, closed: special.closed, special };
  const day = weekDayOf(date);
  const periods = weekly.filter((p) => p.day === day).map(({ open, close }) => ({ open, close }));
  return { periods, closed: periods.length === 0, special: null };
}

/** The seven days from `from` (today in Kuwait by default), each with its hours. */
export function weekAhead(
  weekly: readonly WeeklyPeriod[],
  specials: readonly SpecialHoursSpan[] = [],
  from: string = kuwaitDate(),
) {
  return Array.from({ length: 7 }, (_, i) => {
    const date = addDays(from, i);
    return { date, day: weekDayOf(date), ...hoursOn(date, weekly, specials) };
  });
}

// ---------------------------------------------------------------- the rules of hours (both doors, the client's forms)
// Google's limits are ours (docs/architecture.md#menus-and-hours): a time is "HH:MM" from 00:00 to 23:59, a close may
// also be "24:00" (midnight at the day's end); periods of a day never overlap, a past-midnight close included; a
// special period that runs past midnight ends by 11:59 the next morning (Google's SpecialHourPeriod); a closed special
// day carries no times.
const msg = (k: MessageKey) => ({ error: k });

/** At most this many periods on one day (a split day: morning, afternoon, night, and one more). */
export const MAX_PERIODS_PER_DAY = 4;
/** A special span lasts at most this many days (a Ramadan with its margins). */
export const SPECIAL_HOURS_MAX_DAYS = 45;
/** A special period may run past midnight until this time the next morning (Google: 11:59 a.m.). */
export const SPECIAL_CLOSE_NEXT_DAY_MAX = "11:59";
/** What a special span is for: the calendar's occasions it is proposed from, or the café's own ("other"). */
export const SPECIAL_OCCASIONS = [
  "ramadan",
  "eid_al_fitr",
  "eid_al_adha",
  "national_day",
  "liberation_day",
  "other",
] as const;
export type SpecialOccasion = (typeof SPECIAL_OCCASIONS)[number];
export const SPECIAL_STATUSES = ["proposed", "confirmed", "dismissed"] as const;
export type SpecialStatus = (typeof SPECIAL_STATUSES)[number];

const CLOCK = /^([01]\d|2[0-4]):([0-5]\d)$/;
/** Minutes after midnight of "HH:MM" ("24:00" is 1440); NaN for anything else. */
export function clockMinutes(v: string): number {
  const m = CLOCK.exec(v);
  if (!m) return NaN;
  const h = Number(m[1]);
  const min = Number(m[2]);
  if (h === 24 && min !== 0) return NaN;
  return h * 60 + min;
}
/** A period's minutes from its day's midnight: [start, end), end past 1440 when it closes the next day. */
export function periodSpan(p: HoursPeriod): [number, number] {
  const open = clockMinutes(p.open);
  let close = clockMinutes(p.close);
  if (close <= open) close += 1440;
  return [open, close];
}
/** Whether a period closes after midnight (a close of "00:00" is the day's end, not the next day). */
export const closesNextDay = (p: HoursPeriod) => clockMinutes(p.close) < clockMinutes(p.open) && p.close !== "00:00";

const openTime = singleLine(msg("hoursTimeInvalid"))
  .trim()
  .refine((v) => CLOCK.test(v) && !Number.isNaN(clockMinutes(v)), msg("hoursTimeInvalid"))
  .refine((v) => v !== "24:00", msg("hoursOpenAt24"));
const closeTime = singleLine(msg("hoursTimeInvalid"))
  .trim()
  .refine((v) => CLOCK.test(v) && !Number.isNaN(clockMinutes(v)), msg("hoursTimeInvalid"));

export const hoursPeriodSchema = z
  .object({ open: openTime, close: closeTime }, msg("invalidValue"))
  .refine((p) => p.open !== p.close && !(p.open === "00:00" && p.close === "00:00"), {
    ...msg("hoursPeriodEmpty"),
    path: ["close"],
  });
export const weeklyPeriodSchema = z.object(
  {
    day: z.enum(WEEK_DAYS, msg("hoursDayInvalid")),
    open: openTime,
    close: closeTime,
  },
  msg("invalidValue"),
);

/** The overlaps of periods on a ring of `ring` minutes (a week, or one day repeated): index pairs. */
function overlapsOn(spans: readonly [number, number][], ring: number): number[] {
  const bad = new Set<number>();
  for (let i = 0; i < spans.length; i++)
    for (let j = i + 1; j < spans.length; j++) {
      const [a0, a1] = spans[i]!;
      const [b0, b1] = spans[j]!;
      // each period is also seen one ring later, so a Saturday night into Sunday meets Sunday's morning
      const hit = [-ring, 0, ring].some((shift) => a0 < b1 + shift && b0 + shift < a1);
      if (hit) bad.add(j);
    }
  return [...bad];
}

/** The regular week: Google's day names, "HH:MM" periods, none overlapping (a night into the next morning counted). */
export const weeklyHoursSchema = z
  .array(weeklyPeriodSchema, msg("invalidValue"))
  .max(7 * MAX_PERIODS_PER_DAY, msg("hoursTooManyPeriods"))
  .superRefine((periods, ctx) => {
    periods.forEach((p, i) => {
      if (p.open === p.close) ctx.addIssue({ code: "custom", message: "hoursPeriodEmpty", path: [i, "close"] });
    });
    for (const day of WEEK_DAYS)
      if (periods.filter((p) => p.day === day).length > MAX_PERIODS_PER_DAY)
        ctx.addIssue({ code: "custom", message: "hoursTooManyPeriods", path: [] });
    const valid = periods.every((p) => !Number.isNaN(clockMinutes(p.open)) && !Number.isNaN(clockMinutes(p.close)));
    if (!valid) return;
    const spans = periods.map((p): [number, number] => {
      const [s, e] = periodSpan(p);
      const base = WEEK_DAYS.indexOf(p.day) * 1440;
      return [base + s, base + e];
    });
    for (const i of overlapsOn(spans, 7 * 1440))
      ctx.addIssue({ code: "custom", message: "hoursOverlap", path: [i, "open"] });
  });
export type WeeklyHoursInput = z.output<typeof weeklyHoursSchema>;

const isoDay = singleLine(msg("dateInvalid")).trim().refine(isIsoDate, msg("dateInvalid"));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One special span: its occasion, its Kuwait dates (both included), closed all day or the periods of each of its
 * days. A span without times and not closed is a proposal still waiting for its hours: it may be saved, not confirmed
 * (specialHoursReady says so).
 */
export const specialHoursSchema = z
  .object(
    {
      occasion: z.enum(SPECIAL_OCCASIONS, msg("specialHoursOccasionInvalid")).default("other"),
      startDate: isoDay,
      endDate: isoDay,
      closed: z.boolean(msg("invalidValue")).default(false),
      periods: z
        .array(hoursPeriodSchema, msg("invalidValue"))
        .max(MAX_PERIODS_PER_DAY, msg("hoursTooManyPeriods"))
        .default([]),
      /** the branch (a Google location of the café); absent or null: the café's own */
      locationId: singleLine(msg("invalidValue"))
        .regex(UUID, msg("invalidValue"))
        .transform((v) => v.toLowerCase())
        .nullable()
        .optional(),
    },
    msg("invalidValue"),
  )
  .superRefine((s, ctx) => {
    if (!isIsoDate(s.startDate) || !isIsoDate(s.endDate)) return;
    if (s.endDate < s.startDate)
      ctx.addIssue({ code: "custom", message: "specialHoursEndBeforeStart", path: ["endDate"] });
    else if (daysBetween(s.startDate, s.endDate) + 1 > SPECIAL_HOURS_MAX_DAYS)
      ctx.addIssue({ code: "custom", message: "specialHoursTooLong", path: ["endDate"] });
    if (s.closed && s.periods.length)
      ctx.addIssue({ code: "custom", message: "specialHoursClosedWithTimes", path: ["periods"] });
    const valid = s.periods.every((p) => !Number.isNaN(clockMinutes(p.open)) && !Number.isNaN(clockMinutes(p.close)));
    if (!valid) return;
    s.periods.forEach((p, i) => {
      if (closesNextDay(p) && clockMinutes(p.close) > clockMinutes(SPECIAL_CLOSE_NEXT_DAY_MAX))
        ctx.addIssue({ code: "custom", message: "specialHoursCloseTooLate", path: ["periods", i, "close"] });
    });
    // the same periods each day: a night past midnight must not meet the next day's first period
    for (const i of overlapsOn(s.periods.map(periodSpan), 1440))
      ctx.addIssue({ code: "custom", message: "hoursOverlap", path: ["periods", i, "open"] });
  });
export type SpecialHoursInput = z.output<typeof specialHoursSchema>;

/** A change to a span: the same rules on the span as it will be (the service merges, then validates). */
export const specialHoursUpdateSchema = z.object(
  {
    startDate: isoDay.optional(),
    endDate: isoDay.optional(),
    closed: z.boolean(msg("invalidValue")).optional(),
    periods: z
      .array(hoursPeriodSchema, msg("invalidValue"))
      .max(MAX_PERIODS_PER_DAY, msg("hoursTooManyPeriods"))
      .optional(),
  },
  msg("invalidValue"),
);

/** Whether a span can be confirmed: closed, or with its times. */
export const specialHoursReady = (s: { closed: boolean; periods: readonly HoursPeriod[] }) =>
  s.closed || s.periods.length > 0;

/** The calendar's proposals for a Gregorian year. */
export const proposeSpecialHoursSchema = z.object({
  year: z.coerce
    .number(msg("invalidValue"))
    .int(msg("invalidValue"))
    .min(2000, msg("invalidValue"))
    .max(2100, msg("invalidValue")),
});
/** Spans to confirm at once (several branches' Ramadan). */
export const confirmSpecialHoursSchema = z.object({
  ids: z
    .array(singleLine(msg("invalidValue")).regex(UUID, msg("invalidValue")), msg("invalidValue"))
    .min(1, msg("invalidValue"))
    .max(200, msg("invalidValue")),
});
/** A branch's own regular hours, or null: the café's week. */
export const locationHoursSchema = z.object({ regularHours: weeklyHoursSchema.nullable() });
/** The café's week as the doors take it. */
export const weeklyHoursUpdateSchema = z.object({ periods: weeklyHoursSchema });

// ---------------------------------------------------------------- the announcement of special hours
const OCCASION_NAMES: Record<SpecialOccasion, { en: string; ar: string }> = {
  ramadan: { en: "Ramadan", ar: "رمضان" },
  eid_al_fitr: { en: "Eid al-Fitr", ar: "عيد الفطر" },
  eid_al_adha: { en: "Eid al-Adha", ar: "عيد الأضحى" },
  national_day: { en: "National Day", ar: "العيد الوطني" },
  liberation_day: { en: "Liberation Day", ar: "عيد التحرير" },
  other: { en: "Special", ar: "خاصة" },
};
export const specialOccasionName = (o: string, locale: "en" | "ar") =>
  (OCCASION_NAMES[o as SpecialOccasion] ?? OCCASION_NAMES.other)[locale];

const longDate = (iso: string, locale: "en" | "ar", withYear: boolean) =>
  new Intl.DateTimeFormat(locale === "ar" ? "ar-u-nu-latn" : "en-GB", {
    day: "numeric",
    month: "long",
    ...(withYear ? { year: "numeric" } : {}),
    timeZone: "UTC",
  }).format(new Date(`${iso}T00:00:00Z`));

/**
 * A post's caption announcing a span, in both languages (the café's order), built only from what the span says:
 * its occasion, its dates, closed or its periods, and the café's and branch's names (docs/product.md#one-menu-and-one-link).
 */
export function specialHoursCaption(
  span: Pick<SpecialHoursSpan, "occasion" | "startDate" | "endDate" | "closed" | "periods">,
  o: { name: string; nameAr?: string | null; branch?: string | null; order?: "ar_first" | "en_first" },
): string {
  const oneDay = span.startDate === span.endDate;
  const dates = (l: "en" | "ar") =>
    oneDay
      ? longDate(span.startDate, l, true)
      : l === "en"
        ? `${longDate(span.startDate, l, false)} to ${longDate(span.endDate, l, true)}`
        : `من ${longDate(span.startDate, l, false)} إلى ${longDate(span.endDate, l, true)}`;
  const times = (l: "en" | "ar") =>
    span.periods
      .map((p) => (l === "en" ? `${p.open} to ${p.close}` : `من ${p.open} إلى ${p.close}`))
      .join(l === "en" ? " and " : " و");
  const where = (l: "en" | "ar") => {
    const name = l === "ar" ? o.nameAr || o.name : o.name;
    return o.branch ? `${name} (${o.branch})` : name;
  };
  const en = span.closed
    ? `${where("en")} is closed ${oneDay ? "on" : "from"} ${dates("en")}${span.occasion === "other" ? "" : ` for ${specialOccasionName(span.occasion, "en")}`}.`
    : `${specialOccasionName(span.occasion, "en")} hours at ${where("en")}, ${oneDay ? "on " : ""}${dates("en")}: open ${times("en")}.`;
  const occasionAr = specialOccasionName(span.occasion, "ar");
  const ar = span.closed
    ? `${where("ar")} مغلق ${oneDay ? "يوم " : ""}${dates("ar")}${span.occasion === "other" ? "" : ` بمناسبة ${occasionAr}`}.`
    : `مواعيد ${span.occasion === "other" ? "خاصة" : occasionAr} في ${where("ar")}، ${oneDay ? "يوم " : ""}${dates("ar")}: مفتوح ${times("ar")}.`;
  return o.order === "en_first" ? `${en}\n\n${ar}` : `${ar}\n\n${en}`;
}
