// The Kuwait calendar: holidays from Intl's Umm al-Qura calendar (the source docs/architecture.md#rules-of-the-house names), corrections,
// upcoming occasions, prayer-time helpers and the query rules.
import { describe, expect, test } from "@jest/globals";
import {
  addDays,
  addMinutes,
  calendarOccasionDate,
  fieldErrors,
  hijriOf,
  hoursSeasonOn,
  holidayOverrideSchema,
  holidaysQuerySchema,
  kuwaitClock,
  kuwaitDate,
  kuwaitHolidays,
  nextPrayer,
  prayerTimesQuerySchema,
  suggestedPostTimes,
  upcomingOccasions,
  upcomingOccasionsQuerySchema,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));
const rows = (year: number) => kuwaitHolidays(year).map((h) => [h.date, h.occasionKey, h.day]);

describe("holidays and occasions", () => {
  test("2026: Umm al-Qura's dates (Ramadan 1447 from 18 Feb, Eid al-Fitr 20 Mar, Eid al-Adha 27 May, 1 Muharram 1448 on 16 Jun)", () => {
    expect(rows(2026)).toEqual([
      ["2026-01-01", "new_year", 1],
      ["2026-01-16", "isra_miraj", 1],
      ["2026-02-18", "ramadan_start", 1],
      ["2026-02-25", "national_day", 1],
      ["2026-02-26", "liberation_day", 1],
      ["2026-03-04", "gergean", 1],
      ["2026-03-19", "ramadan_end", 1],
      ["2026-03-20", "eid_al_fitr", 1],
      ["2026-03-21", "eid_al_fitr", 2],
      ["2026-03-21", "mothers_day", 1],
      ["2026-03-22", "eid_al_fitr", 3],
      ["2026-05-26", "arafat_day", 1],
      ["2026-05-27", "eid_al_adha", 1],
      ["2026-05-28", "eid_al_adha", 2],
      ["2026-05-29", "eid_al_adha", 3],
      ["2026-06-16", "islamic_new_year", 1],
      ["2026-08-25", "prophets_birthday", 1],
    ]);
  });

  test("2027: Ramadan 1448 from 8 Feb, Eid al-Fitr 9 Mar, Eid al-Adha 16 May; Isra and Mi'raj falls twice", () => {
    expect(rows(2027)).toEqual([
      ["2027-01-01", "new_year", 1],
      ["2027-01-05", "isra_miraj", 1],
      ["2027-02-08", "ramadan_start", 1],
      ["2027-02-22", "gergean", 1],
      ["2027-02-25", "national_day", 1],
      ["2027-02-26", "liberation_day", 1],
      ["2027-03-08", "ramadan_end", 1],
      ["2027-03-09", "eid_al_fitr", 1],
      ["2027-03-10", "eid_al_fitr", 2],
      ["2027-03-11", "eid_al_fitr", 3],
      ["2027-03-21", "mothers_day", 1],
      ["2027-05-15", "arafat_day", 1],
      ["2027-05-16", "eid_al_adha", 1],
      ["2027-05-17", "eid_al_adha", 2],
      ["2027-05-18", "eid_al_adha", 3],
      ["2027-06-06", "islamic_new_year", 1],
      ["2027-08-14", "prophets_birthday", 1],
      ["2027-12-25", "isra_miraj", 1],
    ]);
    const isra = kuwaitHolidays(2027).filter((h) => h.occasionKey === "isra_miraj");
    expect(isra.map((h) => h.occurrence)).toEqual([0, 1]);
  });

  test("names and kinds in both languages", () => {
    const eid = kuwaitHolidays(2026).find((h) => h.occasionKey === "eid_al_fitr")!;
    expect(eid).toMatchObject({
      nameEn: "Eid al-Fitr",
      nameAr: "عيد الفطر",
      kind: "islamic",
      days: 3,
      corrected: false,
    });
    const kinds = Object.fromEntries(kuwaitHolidays(2026).map((h) => [h.occasionKey, h.kind]));
    expect(kinds).toMatchObject({
      new_year: "public",
      national_day: "national",
      liberation_day: "national",
      ramadan_start: "season",
      ramadan_end: "season",
      arafat_day: "islamic",
    });
  });

  test("each date is the Umm al-Qura date Intl gives in Kuwait", () => {
    const first: Record<string, [number, number]> = {
      isra_miraj: [7, 27],
      ramadan_start: [9, 1],
      gergean: [9, 15],
      eid_al_fitr: [10, 1],
      arafat_day: [12, 9],
      eid_al_adha: [12, 10],
      islamic_new_year: [1, 1],
      prophets_birthday: [3, 12],
    };
    for (const year of [2026, 2027, 2030]) {
      // Mother's Day is a season of the Gregorian calendar (21 March)
      for (const h of kuwaitHolidays(year).filter(
        (x) => (x.kind === "islamic" || x.kind === "season") && x.occasionKey !== "mothers_day",
      )) {
        const hijri = hijriOf(h.date);
        if (h.occasionKey === "ramadan_end") expect([hijri.month, hijriOf(addDays(h.date, 1)).month]).toEqual([9, 10]);
        else expect([hijri.month, hijri.day]).toEqual([first[h.occasionKey]![0], first[h.occasionKey]![1] + h.day - 1]);
      }
    }
    expect(hijriOf("2026-03-20")).toEqual({ year: 1447, month: 10, day: 1 });
  });

  test("a correction moves an occurrence and its following days; the calendar date is kept", () => {
    const moved = kuwaitHolidays(2026, [
      { occasionKey: "eid_al_fitr", year: 2026, occurrence: 0, date: "2026-03-21" },
    ]).filter((h) => h.occasionKey === "eid_al_fitr");
    expect(moved.map((h) => [h.date, h.day, h.corrected, h.calendarDate])).toEqual([
      ["2026-03-21", 1, true, "2026-03-20"],
      ["2026-03-22", 2, true, "2026-03-20"],
      ["2026-03-23", 3, true, "2026-03-20"],
    ]);
    // an occasion moved across the new year shows in the year it lands in
    const late = kuwaitHolidays(2028, [{ occasionKey: "isra_miraj", year: 2027, occurrence: 1, date: "2028-01-02" }]);
    expect(late.filter((h) => h.occasionKey === "isra_miraj")[0]).toMatchObject({
      date: "2028-01-02",
      year: 2027,
      occurrence: 1,
      corrected: true,
    });
    expect(
      kuwaitHolidays(2027, [{ occasionKey: "isra_miraj", year: 2027, occurrence: 1, date: "2028-01-02" }]).filter(
        (h) => h.occasionKey === "isra_miraj",
      ),
    ).toHaveLength(1);
  });

  test("upcoming occasions: first days within the window, nearest first, with the posts to plan", () => {
    expect(upcomingOccasions("2026-03-08", 12)).toEqual([
      {
        occasionKey: "ramadan_end",
        nameEn: "Last day of Ramadan",
        nameAr: "آخر أيام شهر رمضان",
        kind: "season",
        date: "2026-03-19",
        days: 1,
        daysUntil: 11,
        suggestedPosts: 1,
      },
      {
        occasionKey: "eid_al_fitr",
        nameEn: "Eid al-Fitr",
        nameAr: "عيد الفطر",
        kind: "islamic",
        date: "2026-03-20",
        days: 3,
        daysUntil: 12,
        suggestedPosts: 3,
      },
    ]);
    // across the new year
    expect(upcomingOccasions("2026-12-20", 20).map((o) => [o.occasionKey, o.date, o.daysUntil])).toEqual([
      ["new_year", "2027-01-01", 12],
      ["isra_miraj", "2027-01-05", 16],
    ]);
  });
});

describe("prayer-time helpers", () => {
  const day = { fajr: "04:12", dhuhr: "11:45", asr: "15:10", maghrib: "17:55", isha: "19:12" };
  test("the suggested post time is 30 minutes after each prayer, round the clock", () => {
    expect(suggestedPostTimes(day)).toEqual({
      fajr: "04:42",
      dhuhr: "12:15",
      asr: "15:40",
      maghrib: "18:25",
      isha: "19:42",
    });
    expect(addMinutes("23:50", 30)).toBe("00:20");
  });
  test("the next prayer; after Isha it is tomorrow's Fajr", () => {
    expect(nextPrayer(day, "03:00")).toBe("fajr");
    expect(nextPrayer(day, "11:45")).toBe("asr");
    expect(nextPrayer(day, "17:00")).toBe("maghrib");
    expect(nextPrayer(day, "22:00")).toBe("fajr");
  });
  test("Kuwait's date and clock at an instant (UTC+3)", () => {
    const at = new Date("2026-03-19T22:30:00Z");
    expect(kuwaitDate(at)).toBe("2026-03-20");
    expect(kuwaitClock(at)).toBe("01:30");
  });
});

describe("query rules", () => {
  test("date: a real YYYY-MM-DD or nothing", () => {
    expect(prayerTimesQuerySchema.parse({ date: " 2026-03-20 " })).toEqual({ date: "2026-03-20" });
    expect(prayerTimesQuerySchema.parse({ date: "" })).toEqual({});
    for (const date of ["2026-02-30", "20-03-2026", "tomorrow", 20260320])
      expect(errorsOf(prayerTimesQuerySchema.safeParse({ date }))).toEqual({ date: ["calendarDateInvalid"] });
    expect(errorsOf(prayerTimesQuerySchema.safeParse({ date: "1999-12-31" }))).toEqual({ date: ["calendarYearRange"] });
  });
  test("year from 2000 to 2100", () => {
    expect(holidaysQuerySchema.parse({ year: "2027" })).toEqual({ year: 2027 });
    expect(holidaysQuerySchema.parse({})).toEqual({});
    for (const year of [1999, 2101, "20x6", 2026.5])
      expect(errorsOf(holidaysQuerySchema.safeParse({ year }))).toEqual({ year: ["calendarYearRange"] });
  });
  test("upcoming days from 1 to 366, 60 by default", () => {
    expect(upcomingOccasionsQuerySchema.parse({})).toEqual({ days: 60 });
    expect(errorsOf(upcomingOccasionsQuerySchema.safeParse({ days: 0 }))).toEqual({ days: ["calendarDaysRange"] });
  });
  test("a correction names a known occasion that falls in the year, within 30 days of its calendar date", () => {
    expect(
      holidayOverrideSchema.parse({ occasionKey: "eid_al_fitr", year: 2026, date: "2026-03-21", note: " Cabinet " }),
    ).toEqual({ occasionKey: "eid_al_fitr", year: 2026, occurrence: 0, date: "2026-03-21", note: "Cabinet" });
    expect(
      errorsOf(holidayOverrideSchema.safeParse({ occasionKey: "diwali", year: 2026, date: "2026-03-21" })),
    ).toEqual({ occasionKey: ["occasionUnknown"] });
    expect(
      errorsOf(holidayOverrideSchema.safeParse({ occasionKey: "eid_al_fitr", year: 2026, date: "2026-05-21" })),
    ).toEqual({ date: ["holidayOverrideTooFar"] });
    expect(
      errorsOf(
        holidayOverrideSchema.safeParse({ occasionKey: "eid_al_fitr", year: 2026, occurrence: 1, date: "2026-03-21" }),
      ),
    ).toEqual({ year: ["occasionNotInYear"] });
    expect(
      holidayOverrideSchema.safeParse({ occasionKey: "isra_miraj", year: 2027, occurrence: 1, date: "2027-12-26" })
        .success,
    ).toBe(true);
  });
});

describe("school breaks: announced by an admin, never computed", () => {
  test("no school break in a year without an announcement", () => {
    for (const year of [2025, 2026, 2027]) expect(kuwaitHolidays(year).filter((h) => h.kind === "school")).toEqual([]);
    expect(calendarOccasionDate("school_midyear_break", 2026)).toBeNull();
    expect(upcomingOccasions("2026-01-01", 366).some((o) => o.occasionKey.startsWith("school_"))).toBe(false);
  });
  test("an announced break appears on each of its days, with its length, in that year only", () => {
    const announced = [{ occasionKey: "school_midyear_break", year: 2026, date: "2026-01-25", days: 14 }];
    const days = kuwaitHolidays(2026, announced).filter((h) => h.occasionKey === "school_midyear_break");
    expect(days.map((h) => h.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays("2026-01-25", i)));
    expect(days[0]).toMatchObject({
      nameEn: "Mid-year school break",
      nameAr: "عطلة منتصف العام الدراسي",
      kind: "school",
      day: 1,
      days: 14,
      calendarDate: "2026-01-25",
      corrected: false,
    });
    expect(days.at(-1)).toMatchObject({ date: "2026-02-07", day: 14 });
    expect(kuwaitHolidays(2027, announced).some((h) => h.kind === "school")).toBe(false);
    expect(
      upcomingOccasions("2026-01-20", 10, announced).find((o) => o.occasionKey === "school_midyear_break"),
    ).toMatchObject({ date: "2026-01-25", days: 14, daysUntil: 5 });
    // without a length (or out of range) nothing is invented
    expect(
      kuwaitHolidays(2026, [{ occasionKey: "school_summer_break", year: 2026, date: "2026-06-20" }]).some(
        (h) => h.kind === "school",
      ),
    ).toBe(false);
  });
  test("an announcement takes 1..120 days and a first day in its year; other occasions keep their length", () => {
    expect(
      holidayOverrideSchema.parse({ occasionKey: "school_summer_break", year: 2026, date: "2026-06-18", days: "90" }),
    ).toEqual({ occasionKey: "school_summer_break", year: 2026, occurrence: 0, date: "2026-06-18", days: 90 });
    for (const days of [undefined, 0, 121])
      expect(
        errorsOf(
          holidayOverrideSchema.safeParse({ occasionKey: "school_summer_break", year: 2026, date: "2026-06-18", days }),
        ),
      ).toEqual({ days: ["schoolBreakDaysRange"] });
    expect(
      errorsOf(
        holidayOverrideSchema.safeParse({
          occasionKey: "school_summer_break",
          year: 2026,
          date: "2027-06-18",
          days: 30,
        }),
      ),
    ).toEqual({ date: ["announcedDateNotInYear"] });
    expect(
      errorsOf(
        holidayOverrideSchema.safeParse({ occasionKey: "eid_al_fitr", year: 2026, date: "2026-03-21", days: 5 }),
      ),
    ).toEqual({ days: ["occasionDaysFixed"] });
  });
});

describe("hoursSeasonOn: the days whose opening hours differ", () => {
  test("Ramadan from its first day to its last, Eid on each of its days, corrections applied", () => {
    expect(hoursSeasonOn("2026-02-17")).toBeNull();
    expect(hoursSeasonOn("2026-02-18")).toBe("ramadan");
    expect(hoursSeasonOn("2026-03-19")).toBe("ramadan");
    expect(hoursSeasonOn("2026-03-20")).toBe("eid");
    expect(hoursSeasonOn("2026-03-22")).toBe("eid");
    expect(hoursSeasonOn("2026-03-23")).toBeNull();
    expect(hoursSeasonOn("2026-05-27")).toBe("eid");
    // an admin moves the start of Ramadan a day later: the day before is not Ramadan any more
    expect(hoursSeasonOn("2026-02-18", [{ occasionKey: "ramadan_start", year: 2026, date: "2026-02-19" }])).toBeNull();
    expect(hoursSeasonOn("not a day")).toBeNull();
  });
});
