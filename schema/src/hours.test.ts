// The rules of opening hours (docs/architecture.md#menus-and-hours): the week and special spans, as both doors and the forms check them.
import { describe, expect, it } from "@jest/globals";
import {
  closesNextDay,
  hoursOn,
  specialHoursCaption,
  specialHoursReady,
  specialHoursSchema,
  weeklyHoursSchema,
  type WeeklyPeriod,
} from "./hours.ts";

const issues = (r: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  (r.error?.issues ?? []).map((i) => `${i.path.join(".")}:${i.message}`);

describe("weeklyHoursSchema", () => {
  it("takes split days, a night past midnight and an all-day period", () => {
    const week: WeeklyPeriod[] = [
      { day: "SUNDAY", open: "07:00", close: "12:00" },
      { day: "SUNDAY", open: "16:00", close: "23:30" },
      { day: "THURSDAY", open: "19:00", close: "02:00" },
      { day: "FRIDAY", open: "00:00", close: "24:00" },
    ];
    // Thursday's night runs into Friday's 00:00: that is an overlap on the week
    expect(issues(weeklyHoursSchema.safeParse(week))).toEqual(["3.open:hoursOverlap"]);
    const r = weeklyHoursSchema.safeParse(week.slice(0, 3));
    expect(r.success).toBe(true);
  });

  it("refuses overlaps, a Saturday night into Sunday morning included", () => {
    expect(
      issues(
        weeklyHoursSchema.safeParse([
          { day: "MONDAY", open: "08:00", close: "14:00" },
          { day: "MONDAY", open: "13:00", close: "18:00" },
        ]),
      ),
    ).toEqual(["1.open:hoursOverlap"]);
    expect(
      issues(
        weeklyHoursSchema.safeParse([
          { day: "SUNDAY", open: "06:00", close: "12:00" },
          { day: "SATURDAY", open: "20:00", close: "07:00" },
        ]),
      ),
    ).toEqual(["1.open:hoursOverlap"]);
  });

  it("refuses bad times, 24:00 as an opening, an empty period and unknown days", () => {
    expect(issues(weeklyHoursSchema.safeParse([{ day: "MONDAY", open: "25:00", close: "10:00" }]))).toContain(
      "0.open:hoursTimeInvalid",
    );
    expect(issues(weeklyHoursSchema.safeParse([{ day: "MONDAY", open: "08:60", close: "10:00" }]))).toContain(
      "0.open:hoursTimeInvalid",
    );
    expect(issues(weeklyHoursSchema.safeParse([{ day: "MONDAY", open: "24:00", close: "10:00" }]))).toContain(
      "0.open:hoursOpenAt24",
    );
    expect(issues(weeklyHoursSchema.safeParse([{ day: "MONDAY", open: "09:00", close: "24:30" }]))).toContain(
      "0.close:hoursTimeInvalid",
    );
    expect(issues(weeklyHoursSchema.safeParse([{ day: "MONDAY", open: "09:00", close: "09:00" }]))).toContain(
      "0.close:hoursPeriodEmpty",
    );
    expect(issues(weeklyHoursSchema.safeParse([{ day: "FUNDAY", open: "09:00", close: "10:00" }]))).toContain(
      "0.day:hoursDayInvalid",
    );
    const five = Array.from({ length: 5 }, (_, i) => ({
      day: "MONDAY" as const,
      open: `0${i}:00`,
      close: `0${i}:30`,
    }));
    expect(issues(weeklyHoursSchema.safeParse(five))).toContain(":hoursTooManyPeriods");
  });
});

describe("specialHoursSchema", () => {
  const ramadan = { occasion: "ramadan", startDate: "2027-02-08", endDate: "2027-03-09" };

  it("takes a Ramadan night into the small hours, and a proposal without times", () => {
    const r = specialHoursSchema.safeParse({ ...ramadan, periods: [{ open: "19:30", close: "03:00" }] });
    expect(r.success).toBe(true);
    expect(r.data?.closed).toBe(false);
    const waiting = specialHoursSchema.parse(ramadan);
    expect(waiting.periods).toEqual([]);
    expect(specialHoursReady(waiting)).toBe(false);
    expect(specialHoursReady({ closed: true, periods: [] })).toBe(true);
  });

  it("refuses a closed day with times, a close past 11:59 the next morning, overlaps and reversed dates", () => {
    expect(
      issues(specialHoursSchema.safeParse({ ...ramadan, closed: true, periods: [{ open: "10:00", close: "12:00" }] })),
    ).toEqual(["periods:specialHoursClosedWithTimes"]);
    expect(issues(specialHoursSchema.safeParse({ ...ramadan, periods: [{ open: "20:00", close: "12:00" }] }))).toEqual([
      "periods.0.close:specialHoursCloseTooLate",
    ]);
    expect(
      issues(
        specialHoursSchema.safeParse({
          ...ramadan,
          periods: [
            { open: "19:00", close: "03:00" },
            { open: "02:00", close: "05:00" },
          ],
        }),
      ),
    ).toEqual(["periods.1.open:hoursOverlap"]);
    expect(issues(specialHoursSchema.safeParse({ ...ramadan, endDate: "2027-02-01" }))).toEqual([
      "endDate:specialHoursEndBeforeStart",
    ]);
    expect(issues(specialHoursSchema.safeParse({ ...ramadan, endDate: "2027-04-30" }))).toEqual([
      "endDate:specialHoursTooLong",
    ]);
    expect(issues(specialHoursSchema.safeParse({ ...ramadan, startDate: "2027-02-30" }))).toEqual([
      "startDate:dateInvalid",
    ]);
  });

  it("says which periods close the next day", () => {
    expect(closesNextDay({ open: "19:00", close: "02:00" })).toBe(true);
    expect(closesNextDay({ open: "19:00", close: "00:00" })).toBe(false);
    expect(closesNextDay({ open: "08:00", close: "24:00" })).toBe(false);
  });

  it("a confirmed span wins over the week on its days", () => {
    const week: WeeklyPeriod[] = [{ day: "THURSDAY", open: "07:00", close: "23:00" }];
    const day = hoursOn("2027-02-25", week, [
      { occasion: "national_day", startDate: "2027-02-25", endDate: "2027-02-25", closed: true, periods: [] },
    ]);
    expect(day).toMatchObject({ closed: true, periods: [] });
    expect(hoursOn("2027-03-04", week).periods).toEqual([{ open: "07:00", close: "23:00" }]);
  });
});

describe("specialHoursCaption", () => {
  it("announces only what the span says, Arabic first by default", () => {
    const text = specialHoursCaption(
      {
        occasion: "ramadan",
        startDate: "2027-02-08",
        endDate: "2027-03-09",
        closed: false,
        periods: [{ open: "19:30", close: "03:00" }],
      },
      { name: "Bait Al Qahwa", nameAr: "بيت القهوة", branch: "Salmiya" },
    );
    expect(text).toBe(
      "مواعيد رمضان في بيت القهوة (Salmiya)، من 8 فبراير إلى 9 مارس 2027: مفتوح من 19:30 إلى 03:00.\n\n" +
        "Ramadan hours at Bait Al Qahwa (Salmiya), 8 February to 9 March 2027: open 19:30 to 03:00.",
    );
    const closed = specialHoursCaption(
      { occasion: "national_day", startDate: "2027-02-25", endDate: "2027-02-25", closed: true, periods: [] },
      { name: "Bait Al Qahwa", order: "en_first" },
    );
    expect(closed.split("\n\n")[0]).toBe("Bait Al Qahwa is closed on 25 February 2027 for National Day.");
    expect(closed.split("\n\n")[1]).toBe("Bait Al Qahwa مغلق يوم 25 فبراير 2027 بمناسبة العيد الوطني.");
  });
});
