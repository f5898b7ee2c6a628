// Opening hours, structured (docs/product.md#one-menu-and-one-link): the café's regular week and its special hours
// (Ramadan, the Eids, national days, a closure), which the link page shows, Google is sent, and the writers read.
// A period opens and closes at a Kuwait wall-clock time "HH:MM"; a close at or before its open ends the next day
// ("19:00"-"02:00"), "00:00"-"24:00" is open all day. A day with no period is closed.
import { addDays, kuwaitDate } from "./calendar.ts";

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
