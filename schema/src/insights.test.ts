// Peak-hours posting insights: the Kuwait food-and-beverage defaults around the prayer times and in
// Ramadan, the own-figures estimate (smoothed, with the defaults as a prior), and the suggested times.
import { describe, expect, test } from "@jest/globals";
import {
  bestHours,
  blendGrids,
  defaultPostingScores,
  fieldErrors,
  gridCells,
  MIN_POSTS_FOR_OWN_INSIGHTS,
  ownPostingScores,
  planSuggestions,
  postingInsightsQuerySchema,
  prayerTipWindows,
  reasonForHour,
  slotInHour,
  SUGGESTIONS_PER_DAY,
  weekdayOf,
  type PlanDay,
  type PrayerClock,
} from "./index.ts";

/** Kuwait City, 20 March 2026 (adhan's Kuwait method). */
const MARCH: PrayerClock = { fajr: "04:33", dhuhr: "11:56", asr: "15:23", maghrib: "17:59", isha: "19:16" };
/** Kuwait City, 15 February 2027 (inside Ramadan 1448). */
const RAMADAN_2027: PrayerClock = { fajr: "05:08", dhuhr: "12:02", asr: "15:13", maghrib: "17:37", isha: "18:55" };

const top = (row: number[]) => row.indexOf(Math.max(...row));

describe("the Kuwait food-and-beverage defaults", () => {
  const g = defaultPostingScores({ prayers: MARCH });

  test("7 weekdays × 24 hours, scores 0..100 with a 100 somewhere", () => {
    expect(g).toHaveLength(7);
    for (const row of g) {
      expect(row).toHaveLength(24);
      for (const v of row) expect(Number.isInteger(v) && v >= 0 && v <= 100).toBe(true);
    }
    expect(Math.max(...g.flat())).toBe(100);
    expect(gridCells(g)).toHaveLength(168);
    expect(gridCells(g)[0]).toEqual({ weekday: 0, hour: 0, score: g[0]![0] });
  });

  test("the evening after Isha (9-11 PM) is a weekday's best; lunch and after Maghrib beat the afternoon; 2-6 AM is low", () => {
    const tuesday = g[2]!;
    expect([21, 22]).toContain(top(tuesday));
    expect(tuesday[13]!).toBeGreaterThan(tuesday[15]!);
    expect(tuesday[19]!).toBeGreaterThan(tuesday[16]!);
    for (const h of [2, 3, 4, 5]) expect(tuesday[h]!).toBeLessThan(15);
    expect(bestHours(g)[2]).toEqual({ weekday: 2, hours: [21, 20, 22] });
  });

  test("Thursday and Friday nights are the week's best; the first hours of Friday and Saturday beat a workday's", () => {
    const max = Math.max(...g.flat());
    expect(g[4]![21]).toBe(max);
    expect(g[5]![21]).toBe(max);
    expect(g[4]![22]!).toBeGreaterThan(g[2]![22]!);
    expect(g[5]![0]!).toBeGreaterThan(g[1]![0]!);
    expect(g[6]![1]!).toBeGreaterThan(g[3]![1]!);
  });

  test("low while people pray: the hour of Asr drops, and Friday noon (Jumu'ah) is below a weekday's noon", () => {
    const late = defaultPostingScores({ prayers: { ...MARCH, asr: "16:00" } });
    expect(late[2]![16]!).toBeLessThan(g[2]![16]!);
    expect(g[5]![12]!).toBeLessThan(g[2]![12]!);
  });

  test("the windows follow the prayer times: a later Maghrib moves the after-Maghrib hours", () => {
    const summer = defaultPostingScores({
      prayers: { fajr: "03:15", dhuhr: "11:46", asr: "15:21", maghrib: "18:43", isha: "20:14" },
    });
    expect(reasonForHour(2, 19, { prayers: MARCH, ramadan: false })).toBe("after_maghrib");
    expect(reasonForHour(2, 20, { prayers: { ...MARCH, maghrib: "18:43", isha: "20:14" }, ramadan: false })).toBe(
      "after_maghrib",
    );
    expect(summer[2]![18]!).toBeLessThan(g[2]![18]!); // 18:43 is Maghrib itself in June
    expect(reasonForHour(2, 12, { prayers: MARCH, ramadan: false })).toBe("lunch");
    expect(reasonForHour(2, 22, { prayers: MARCH, ramadan: false })).toBe("after_isha");
    expect(reasonForHour(5, 0, { prayers: MARCH, ramadan: false })).toBe("weekend_night");
    expect(reasonForHour(2, 4, { prayers: MARCH, ramadan: false })).toBeNull();
  });

  test("in Ramadan: a quiet day, the hour before Iftar, low at Iftar, high after Taraweeh and before Suhoor", () => {
    const r = defaultPostingScores({ prayers: RAMADAN_2027, ramadan: true });
    const sunday = r[0]!;
    for (const h of [8, 9, 10, 11, 12, 13, 14]) expect(sunday[h]!).toBeLessThan(20);
    expect(sunday[16]!).toBeGreaterThan(sunday[14]! * 2); // 16:21 to 17:26: ordering for Iftar
    expect(sunday[18]!).toBeLessThan(sunday[16]!); // at the table
    expect(sunday[22]!).toBeGreaterThan(75);
    expect(sunday[1]!).toBeGreaterThan(70);
    expect(sunday[5]!).toBeLessThan(10);
    const ctx = { prayers: RAMADAN_2027, ramadan: true };
    expect(reasonForHour(0, 16, ctx)).toBe("before_iftar");
    expect(reasonForHour(0, 22, ctx)).toBe("after_iftar");
    expect(reasonForHour(0, 2, ctx)).toBe("before_suhoor");
    // per weekday: only the Ramadan days change
    const mixed = defaultPostingScores({
      prayers: RAMADAN_2027,
      ramadan: [true, false, false, false, false, false, false],
    });
    expect(mixed[0]![10]!).toBeLessThan(mixed[1]![10]!);
  });

  test("a suggested minute avoids the prayer and prefers 30 minutes after it", () => {
    const ctx = { prayers: MARCH, ramadan: false };
    expect(slotInHour(2, 18, ctx)).toBe("18:30"); // Maghrib 17:59 → 18:29, on the five minutes
    expect(slotInHour(2, 19, ctx)).toBe("19:50"); // Isha 19:16 → 19:46, on the five minutes
    expect(slotInHour(2, 13, ctx)).toBe("13:00");
    expect(slotInHour(2, 13, ctx, 13 * 60 + 17)).toBe("13:20");
    expect(slotInHour(2, 13, ctx, 14 * 60)).toBeNull();
  });
});

describe("the business's own figures", () => {
  const defaults = defaultPostingScores({ prayers: MARCH });

  test("the hour that engages best wins, even against the defaults' favourite, and thin hours do not dominate", () => {
    const own = ownPostingScores(
      [
        { weekday: 2, hour: 15, posts: 7, value: 1.8 },
        { weekday: 4, hour: 21, posts: 7, value: 0.2 },
        // one lucky post on a Monday morning
        { weekday: 1, hour: 7, posts: 1, value: 2.2 },
      ],
      defaults,
    );
    expect(own[2]![15]).toBe(100);
    expect(bestHours(own)[2]!.hours[0]).toBe(15);
    expect(own[4]![21]!).toBeLessThan(own[2]![15]!);
    expect(own[1]![7]!).toBeLessThan(own[2]![15]!);
    // neighbours share some of the evidence
    expect(own[2]![14]!).toBeGreaterThan(own[0]![14]!);
  });

  test("no figures: the defaults' shape, flattened", () => {
    const own = ownPostingScores([], defaults);
    expect(top(own[2]!)).toBe(top(defaults[2]!));
    expect(Math.min(...own.flat())).toBeGreaterThan(Math.min(...defaults.flat()));
  });

  test("blending keeps the days not chosen", () => {
    const a = defaults.map((row) => row.map(() => 50));
    const b = defaultPostingScores({ prayers: RAMADAN_2027, ramadan: true });
    const blended = blendGrids(a, b, 0.5, [true, false, false, false, false, false, false]);
    expect(blended[1]![3]).toBe(blended[1]![10]);
    expect(blended[0]![22]!).toBeGreaterThan(blended[0]![10]!);
  });
});

describe("suggested times", () => {
  const week = (from: string, ramadan = false): PlanDay[] =>
    Array.from({ length: 7 }, (_, i) => ({
      date: new Date(Date.parse(`${from}T12:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10),
      prayers: ramadan ? RAMADAN_2027 : MARCH,
      ramadan,
    }));

  test("at most two a day, apart, in the future (15 minutes' lead), in time order, with their reasons", () => {
    const days = week("2026-03-22"); // a Sunday
    const now = new Date("2026-03-22T18:50:00+03:00");
    const s = planSuggestions({ days, grid: defaultPostingScores({ prayers: MARCH }), source: "defaults", now });
    expect(s.length).toBeGreaterThan(7);
    expect(s.length).toBeLessThanOrEqual(7 * SUGGESTIONS_PER_DAY);
    expect(s.map((x) => x.at)).toEqual([...s.map((x) => x.at)].sort());
    for (const x of s) expect(Date.parse(x.at)).toBeGreaterThanOrEqual(now.getTime() + 15 * 60_000);
    const byDay = new Map<string, number>();
    for (const x of s) {
      const day = new Date(Date.parse(x.at) + 3 * 3_600_000).toISOString().slice(0, 10);
      byDay.set(day, (byDay.get(day) ?? 0) + 1);
    }
    expect(Math.max(...byDay.values())).toBeLessThanOrEqual(2);
    // Thursday: after Isha at 21:00 (score 100), then lunch at 13:00 (the evening hours are too close)
    const thursday = s.filter((x) => x.at.startsWith("2026-03-26"));
    expect(thursday).toEqual([
      { at: "2026-03-26T10:00:00.000Z", reason: "lunch", score: expect.any(Number) },
      { at: "2026-03-26T18:00:00.000Z", reason: "after_isha", score: 100 },
    ]);
    // today: nothing before 19:05
    const today = s.filter((x) => x.at.startsWith("2026-03-22"));
    for (const x of today) expect(x.at >= "2026-03-22T16:05:00.000Z").toBe(true);
  });

  test("in Ramadan the reasons are Iftar and Suhoor ones", () => {
    const days = week("2027-02-14", true);
    const s = planSuggestions({
      days,
      grid: defaultPostingScores({ prayers: RAMADAN_2027, ramadan: true }),
      source: "defaults",
      now: new Date("2027-02-13T12:00:00Z"),
    });
    expect(new Set(s.map((x) => x.reason))).toEqual(new Set(["after_iftar", "before_suhoor"]));
  });

  test("own figures: own_peak", () => {
    const own = ownPostingScores(
      [{ weekday: 2, hour: 15, posts: 14, value: 2 }],
      defaultPostingScores({ prayers: MARCH }),
    );
    const s = planSuggestions({
      days: week("2026-03-22"),
      grid: own,
      source: "own",
      now: new Date("2026-03-21T00:00:00Z"),
    });
    expect(s.every((x) => x.reason === "own_peak")).toBe(true);
    expect(s.some((x) => x.at === "2026-03-24T12:00:00.000Z")).toBe(true); // Tuesday 15:00 Kuwait
  });

  test("weekdayOf counts from Sunday", () => {
    expect(weekdayOf("2026-03-22")).toBe(0);
    expect(weekdayOf("2026-03-27")).toBe(5);
    expect(MIN_POSTS_FOR_OWN_INSIGHTS).toBe(12);
  });
});

describe("the query", () => {
  test("from is optional, a real date when given", () => {
    expect(postingInsightsQuerySchema.parse({})).toEqual({ from: undefined });
    expect(postingInsightsQuerySchema.parse({ from: " 2027-02-15 " })).toEqual({ from: "2027-02-15" });
    const bad = postingInsightsQuerySchema.safeParse({ from: "2026-02-30" });
    expect(bad.success).toBe(false);
    expect(fieldErrors(bad.error as never)).toEqual({ from: ["calendarDateInvalid"] });
  });
});

describe("the prayer card's tip windows follow the day's prayer times", () => {
  /** Kuwait City, 15 December 2026: Maghrib before five. */
  const WINTER: PrayerClock = { fajr: "04:55", dhuhr: "11:35", asr: "14:27", maghrib: "16:50", isha: "18:11" };

  test("in winter the windows are around 4:50 PM and 6:11 PM, not 6-8 PM and 9-11 PM, and do not overlap", () => {
    expect(prayerTipWindows(WINTER, false)).toEqual([
      { reason: "after_maghrib", from: "17:10", to: "18:31" },
      { reason: "after_isha", from: "18:31", to: "23:00" },
    ]);
  });

  test("in spring they are the model's evening windows", () => {
    expect(prayerTipWindows(MARCH, false)).toEqual([
      { reason: "after_maghrib", from: "18:19", to: "19:36" },
      { reason: "after_isha", from: "19:36", to: "23:00" },
    ]);
  });

  test("in Ramadan: before Iftar, after Taraweeh until one in the morning, and before Suhoor", () => {
    expect(prayerTipWindows(RAMADAN_2027, true)).toEqual([
      { reason: "before_iftar", from: "16:22", to: "17:27" },
      { reason: "after_iftar", from: "19:55", to: "01:00" },
      { reason: "before_suhoor", from: "01:00", to: "04:23" },
    ]);
  });

  test("the windows are where the default model lifts the day: each window's hours score above the afternoon", () => {
    const g = defaultPostingScores({ prayers: WINTER });
    const monday = g[1]!;
    expect(monday[17]!).toBeGreaterThan(monday[15]!);
    expect(monday[20]!).toBeGreaterThan(monday[15]!);
  });
});
