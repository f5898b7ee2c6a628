// A location's opening hours on Google Business Profile (docs/architecture.md#menus-and-hours): Business Information
// v1 locations.get (?readMask=regularHours,specialHours) and locations.patch (?updateMask=regularHours,specialHours:
// both fields are replaced whole). Sufra's hours (schema/src/hours.ts) become Google's shapes here: a week period is a
// TimePeriod {openDay, openTime, closeDay, closeTime} whose close falls on the next day when it runs past midnight;
// each day of a special span is one SpecialHourPeriod per period ({startDate, endDate, openTime, closeTime}, endDate
// the next day for a night) or one {startDate, closed: true}. Google answers times in proto3 JSON (00:00 is {}), so
// every missing field reads as 0. Refusals are the adapter's PlatformErrors (googleError).
import { addDays, closesNextDay, WEEK_DAYS, type HoursPeriod, type WeekDay, type WeeklyPeriod } from "@sufra/schema";
import { fetchJson, withBackoff, withQuery } from "../http.ts";
import type { AccountAccess } from "../types.ts";
import { googleError } from "./adapter.ts";

interface GoogleTimeOfDay {
  hours?: number;
  minutes?: number;
}
interface GoogleDate {
  year: number;
  month: number;
  day: number;
}
export interface GoogleTimePeriod {
  openDay: WeekDay;
  openTime: GoogleTimeOfDay;
  closeDay: WeekDay;
  closeTime: GoogleTimeOfDay;
}
export interface GoogleSpecialHourPeriod {
  startDate: GoogleDate;
  endDate?: GoogleDate;
  openTime?: GoogleTimeOfDay;
  closeTime?: GoogleTimeOfDay;
  closed?: boolean;
}
export interface GoogleHours {
  regularHours: { periods: GoogleTimePeriod[] } | null;
  specialHours: { specialHourPeriods: GoogleSpecialHourPeriod[] } | null;
}
/** One date of special hours as Sufra reads it: closed, or its periods. */
export interface SpecialDay {
  date: string;
  closed: boolean;
  periods: HoursPeriod[];
}

const time = (hhmm: string): GoogleTimeOfDay => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return { hours: h, minutes: m };
};
const clock = (t: GoogleTimeOfDay | undefined): string =>
  `${String(t?.hours ?? 0).padStart(2, "0")}:${String(t?.minutes ?? 0).padStart(2, "0")}`;
const nextDay = (d: WeekDay): WeekDay => WEEK_DAYS[(WEEK_DAYS.indexOf(d) + 1) % 7]!;
const gDate = (iso: string): GoogleDate => {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  return { year, month, day };
};
const isoOf = (d: GoogleDate | undefined): string =>
  d ? `${String(d.year).padStart(4, "0")}-${String(d.month).padStart(2, "0")}-${String(d.day).padStart(2, "0")}` : "";

/** A close at midnight is the day's end: "00:00" after an opening is sent and read as "24:00" of the same day. */
export const canonicalClose = (p: HoursPeriod): HoursPeriod => (p.close === "00:00" ? { ...p, close: "24:00" } : p);

/** Sufra's week as Google's TimePeriods. */
export function toTimePeriods(week: readonly WeeklyPeriod[]): GoogleTimePeriod[] {
  return week.map((p) => {
    const q = canonicalClose(p);
    return {
      openDay: p.day,
      openTime: time(q.open),
      closeDay: closesNextDay(q) ? nextDay(p.day) : p.day,
      closeTime: time(q.close),
    };
  });
}

/** Google's TimePeriods as Sufra's week (a close on the next day is a night past midnight). */
export function fromTimePeriods(periods: readonly GoogleTimePeriod[] | undefined): WeeklyPeriod[] {
  return (periods ?? []).map((p) => {
    const close = clock(p.closeTime);
    // 24:00 of the open day, or 00:00 of the next: the same midnight
    const midnight = close === "24:00" || (close === "00:00" && p.closeDay !== p.openDay);
    return { day: p.openDay, open: clock(p.openTime), close: midnight ? "24:00" : close };
  });
}

/** Sufra's special days (one entry per date) as Google's SpecialHourPeriods. */
export function toSpecialHourPeriods(days: readonly SpecialDay[]): GoogleSpecialHourPeriod[] {
  const out: GoogleSpecialHourPeriod[] = [];
  for (const d of days) {
    if (d.closed) {
      out.push({ startDate: gDate(d.date), closed: true });
      continue;
    }
    for (const p of d.periods.map(canonicalClose)) {
      const night = closesNextDay(p);
      out.push({
        startDate: gDate(d.date),
        openTime: time(p.open),
        endDate: gDate(night ? addDays(d.date, 1) : d.date),
        closeTime: time(p.close),
        closed: false,
      });
    }
  }
  return out;
}

/** Google's SpecialHourPeriods as Sufra's special days, by date. */
export function fromSpecialHourPeriods(periods: readonly GoogleSpecialHourPeriod[] | undefined): SpecialDay[] {
  const byDate = new Map<string, SpecialDay>();
  for (const p of periods ?? []) {
    const date = isoOf(p.startDate);
    const day = byDate.get(date) ?? { date, closed: false, periods: [] };
    if (p.closed) day.closed = true;
    else {
      const close = clock(p.closeTime);
      const sameDay = !p.endDate || isoOf(p.endDate) === date;
      day.periods.push({ open: clock(p.openTime), close: close === "00:00" && !sameDay ? "24:00" : close });
    }
    byDate.set(date, day);
  }
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

export function createGoogleHours(cfg: { businessInformationUrl: string }, tune: { backoffMs?: number } = {}) {
  const url = (location: string) => `${cfg.businessInformationUrl}/v1/${location}`;
  const headers = (a: AccountAccess) => ({ authorization: `Bearer ${a.accessToken}` });

  return {
    /** What Google holds for a location ("locations/456"); read-only, so a failure of Google's side is retried. */
    async read(access: AccountAccess, location: string): Promise<GoogleHours> {
      const body = await withBackoff(
        async () => {
          const r = await fetchJson(withQuery(url(location), { readMask: "regularHours,specialHours" }), {
            headers: headers(access),
            timeoutMs: 20_000,
          });
          if (!r.ok) throw googleError(r);
          return (r.body ?? {}) as Partial<GoogleHours>;
        },
        { retries: 2, baseMs: tune.backoffMs ?? 500 },
      );
      return {
        regularHours: body.regularHours?.periods?.length ? { periods: body.regularHours.periods } : null,
        specialHours: body.specialHours?.specialHourPeriods?.length
          ? { specialHourPeriods: body.specialHours.specialHourPeriods }
          : null,
      };
    },

    /** Replaces both fields on Google; never repeated here (a person sends again). */
    async write(access: AccountAccess, location: string, hours: GoogleHours): Promise<void> {
      const r = await fetchJson(withQuery(url(location), { updateMask: "regularHours,specialHours" }), {
        method: "PATCH",
        headers: headers(access),
        json: {
          regularHours: hours.regularHours ?? { periods: [] },
          specialHours: hours.specialHours ?? { specialHourPeriods: [] },
        },
        timeoutMs: 30_000,
      });
      if (!r.ok) throw googleError(r);
    },
  };
}
export type GoogleHoursClient = ReturnType<typeof createGoogleHours>;
