// The Kuwait calendar: prayer times for Kuwait City on any date (adhan's Kuwait method,
// Shafi Asr, shown HH:mm in Asia/Kuwait), Kuwait's holidays and Islamic occasions from the Umm
// al-Qura calendar (@sufra/schema's calendar.ts), the admins' corrections when the Cabinet moves a
// date, and the occasions coming up (the studio's "Eid al-Fitr in 12 days: plan three posts").
//
// Who may read it: any signed-in caller (a person of any role, or an API key). Nothing here is
// secret, but the screens that use it are behind sign-in and an open endpoint would only invite
// anonymous scraping of a computation; only admins correct dates.
import adhanModule from "adhan";
import {
  calendarOccasionDate,
  holidayOverrideSchema,
  holidaysQuerySchema,
  isOccasionKey,
  isoDay,
  KUWAIT_CITY,
  KUWAIT_TIME_ZONE,
  kuwaitDate,
  kuwaitHolidays,
  prayerTimesQuerySchema,
  OCCASIONS,
  upcomingOccasions,
  upcomingOccasionsQuerySchema,
  type HolidayOverrideInput,
  type OccasionKey,
  type KuwaitHoliday,
  type PrayerTimes,
  type UpcomingOccasion,
} from "@sufra/schema";
import type { Db } from "../../db/prisma.ts";
import type { Deps, RequestMeta } from "../../deps.ts";
import { AppError, validate } from "../../kernel/errors.ts";
import type { HolidayOverride } from "../../generated/prisma/client.ts";
import { audit } from "../../kernel/audit.ts";
import { requireScope, type Viewer } from "../../kernel/policy.ts";
import { isUuid } from "../../kernel/ids.ts";
import { oncePerRequest } from "../../kernel/request-memo.ts";

// adhan ships CommonJS with one default export: under Node's ESM it arrives as module.exports.default
const adhan = (adhanModule as unknown as { default?: typeof adhanModule }).default ?? adhanModule;

const clock = new Intl.DateTimeFormat("en-GB-u-nu-latn", {
  timeZone: KUWAIT_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** One day's prayer times in Kuwait City, each HH:mm Kuwait time. `date` is YYYY-MM-DD (Kuwait). */
export function kuwaitPrayerTimes(date: string): PrayerTimes {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const params = adhan.CalculationMethod.Kuwait();
  params.madhab = adhan.Madhab.Shafi;
  // adhan reads the calendar day from the Date's local fields; its answers are instants
  const t = new adhan.PrayerTimes(
    new adhan.Coordinates(KUWAIT_CITY.latitude, KUWAIT_CITY.longitude),
    new Date(y, m - 1, d, 12),
    params,
  );
  const hhmm = (at: Date) => clock.format(at);
  return {
    date,
    fajr: hhmm(t.fajr),
    sunrise: hhmm(t.sunrise),
    dhuhr: hhmm(t.dhuhr),
    asr: hhmm(t.asr),
    maghrib: hhmm(t.maghrib),
    isha: hhmm(t.isha),
  };
}

const dayOf = (iso: string) => new Date(`${iso}T00:00:00Z`);

export interface HolidayOverrideRow {
  id: string;
  occasionKey: string;
  year: number;
  occurrence: number;
  /** YYYY-MM-DD */
  date: string;
  /** An announced school break's length in days; null for a correction (the occasion keeps its own). */
  days: number | null;
  /** The Umm al-Qura calendar's date it corrects. */
  calendarDate: string | null;
  nameEn: string;
  nameAr: string;
  note: string | null;
  updatedById: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Every admin correction of the Kuwait calendar, read once per request (kernel/request-memo.ts). */
const holidayOverrideRows = (db: Db): Promise<HolidayOverride[]> =>
  oncePerRequest("holidayOverrides", () => db.holidayOverride.findMany());

/** A stored correction or announcement as the calendar's rules take it (a school break with its length). */
const holidayOverrideInput = (r: HolidayOverride): HolidayOverrideInput => ({
  occasionKey: r.occasionKey,
  year: r.year,
  occurrence: r.occurrence,
  date: isoDay(r.date),
  days: r.days,
});

/** Every correction and announcement, as the calendar's rules take them, read once per request. */
export const holidayOverrideInputs = async (db: Db): Promise<HolidayOverrideInput[]> =>
  (await holidayOverrideRows(db)).map(holidayOverrideInput);

export function createCalendarService(deps: Deps, opts: { now?: () => Date } = {}) {
  const { db } = deps;
  const now = opts.now ?? (() => new Date());

  /** The corrections that can touch the years from..to: theirs and those of the years around them. */
  async function overridesAround(client: Db, from: number, to = from): Promise<HolidayOverrideInput[]> {
    // outside a transaction, every correction once per request (a screen asks prayer times, occasions
    // and posting times together): the table holds an admin's few corrections
    const all =
      client === db
        ? await holidayOverrideRows(db)
        : await client.holidayOverride.findMany({ where: { year: { gte: from - 1, lte: to + 1 } } });
    const rows = all.filter((r) => r.year >= from - 1 && r.year <= to + 1);
    return rows.map(holidayOverrideInput);
  }

  function toRow(r: HolidayOverride): HolidayOverrideRow {
    const known = isOccasionKey(r.occasionKey);
    return {
      id: r.id,
      occasionKey: r.occasionKey,
      year: r.year,
      occurrence: r.occurrence,
      date: isoDay(r.date),
      days: r.days,
      calendarDate: known ? calendarOccasionDate(r.occasionKey as OccasionKey, r.year, r.occurrence) : null,
      nameEn: known ? OCCASIONS[r.occasionKey as OccasionKey].en : r.occasionKey,
      nameAr: known ? OCCASIONS[r.occasionKey as OccasionKey].ar : r.occasionKey,
      note: r.note,
      updatedById: r.updatedById,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    };
  }

  return {
    /** Prayer times for a date (YYYY-MM-DD); no date: today in Kuwait. */
    prayerTimes(viewer: Viewer | null, input: { date?: unknown } = {}): PrayerTimes {
      requireScope(viewer, "authenticated");
      const q = validate(prayerTimesQuerySchema, input);
      return kuwaitPrayerTimes(q.date ?? kuwaitDate(now()));
    },

    /** The holidays and occasions of a Gregorian year (no year: this one in Kuwait), corrections applied. */
    async holidays(viewer: Viewer | null, input: { year?: unknown } = {}): Promise<KuwaitHoliday[]> {
      requireScope(viewer, "authenticated");
      const q = validate(holidaysQuerySchema, input);
      const year = q.year ?? Number(kuwaitDate(now()).slice(0, 4));
      return kuwaitHolidays(year, await overridesAround(db, year));
    },

    /** Occasions whose first day falls within the next `days` days (60 unless asked), nearest first. */
    async upcoming(viewer: Viewer | null, input: { days?: unknown } = {}): Promise<UpcomingOccasion[]> {
      requireScope(viewer, "authenticated");
      const { days } = validate(upcomingOccasionsQuerySchema, input);
      const today = kuwaitDate(now());
      const year = Number(today.slice(0, 4));
      return upcomingOccasions(today, days, await overridesAround(db, year, year + 1));
    },

    /** Admin: every correction (of one year when asked), newest year first. */
    async listOverrides(viewer: Viewer | null, input: { year?: unknown } = {}): Promise<HolidayOverrideRow[]> {
      requireScope(viewer, "admin");
      const q = validate(holidaysQuerySchema, input);
      const rows = await db.holidayOverride.findMany({
        where: q.year ? { year: q.year } : {},
        orderBy: [{ year: "desc" }, { date: "asc" }],
      });
      return rows.map(toRow);
    },

    /**
     * Admin: sets the real first day of one occurrence of an occasion (creating or replacing its
     * correction). Setting it back to the calendar's own date removes the correction.
     */
    async setOverride(viewer: Viewer | null, input: unknown, meta?: RequestMeta): Promise<HolidayOverrideRow> {
      const v = requireScope(viewer, "admin");
      const data = validate(holidayOverrideSchema, input);
      const where = {
        occasionKey_year_occurrence: { occasionKey: data.occasionKey, year: data.year, occurrence: data.occurrence },
      };
      const row = await db.$transaction(async (tx) => {
        const before = await tx.holidayOverride.findUnique({ where });
        const saved = await tx.holidayOverride.upsert({
          where,
          create: {
            occasionKey: data.occasionKey,
            year: data.year,
            occurrence: data.occurrence,
            date: dayOf(data.date),
            days: data.days ?? null,
            note: data.note ?? null,
            updatedById: v.userId,
          },
          update: { date: dayOf(data.date), days: data.days ?? null, note: data.note ?? null, updatedById: v.userId },
        });
        await audit(tx, {
          actorId: v.userId,
          action: "holiday_override.set",
          entityType: "holiday_override",
          entityId: saved.id,
          data: {
            occasionKey: data.occasionKey,
            year: data.year,
            occurrence: data.occurrence,
            from: before ? isoDay(before.date) : null,
            to: data.date,
            days: data.days ?? null,
            note: data.note ?? null,
          },
          ip: meta?.ip,
        });
        return saved;
      });
      return toRow(row);
    },

    /** Admin: removes a correction; the calendar's date applies again. */
    async removeOverride(viewer: Viewer | null, id: string, meta?: RequestMeta): Promise<HolidayOverrideRow> {
      const v = requireScope(viewer, "admin");
      if (!isUuid(id)) throw new AppError("NOT_FOUND");
      const row = await db.$transaction(async (tx) => {
        const found = await tx.holidayOverride.findUnique({ where: { id } });
        if (!found) throw new AppError("NOT_FOUND");
        await tx.holidayOverride.delete({ where: { id } });
        await audit(tx, {
          actorId: v.userId,
          action: "holiday_override.removed",
          entityType: "holiday_override",
          entityId: id,
          data: {
            occasionKey: found.occasionKey,
            year: found.year,
            occurrence: found.occurrence,
            date: isoDay(found.date),
            days: found.days,
          },
          ip: meta?.ip,
        });
        return found;
      });
      return toRow(row);
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
