// The planner's pure rules (docs/product.md#planning-a-month): which days a count per week picks, each day's
// occasion from the Kuwait calendar (Ramadan's only in Ramadan, Eid's on Eid's days), the format per
// network, the photographer's shot list in both languages, the photo each proposal gets, and the plan's input.
import { describe, expect, test } from "@jest/globals";
import {
  fieldErrors,
  isRamadanDay,
  kuwaitHolidays,
  monthRange,
  pickPlanDays,
  planDayOccasion,
  planFormatFor,
  planOccasionDays,
  planInputSchema,
  planPhotoFor,
  ramadanOf,
  shotListFor,
} from "./index.ts";

const holidays = [...kuwaitHolidays(2025), ...kuwaitHolidays(2026)];
const occasionOf = (date: string, index = 0) => planDayOccasion(date, holidays, isRamadanDay(date), index);

describe("the period", () => {
  test("a month runs from its first day to its last; Ramadan 2026 from 18 February to 19 March in the project's calendar", () => {
    expect(monthRange("2026-02")).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(monthRange("2028-02")).toEqual({ from: "2028-02-01", to: "2028-02-29" });
    expect(monthRange("2026-12")).toEqual({ from: "2026-12-01", to: "2026-12-31" });
    expect(ramadanOf(2026)).toEqual({ from: "2026-02-18", to: "2026-03-19" });
  });
});

describe("pickPlanDays", () => {
  test("a count per week: that many days of each Kuwait week (Sunday to Saturday), occasion days first, spread out, none past", () => {
    const { days } = pickPlanDays({
      from: "2026-03-01",
      to: "2026-03-31",
      today: "2026-02-10",
      perWeek: 2,
      occasionDays: new Set(["2026-03-04", "2026-03-20", "2026-03-21", "2026-03-22"]),
    });
    expect(days).toHaveLength(10);
    // the week of 15-21 March has two occasion days (Eid's first two): they take its places
    expect(days.filter((d) => d >= "2026-03-15" && d <= "2026-03-21")).toEqual(["2026-03-20", "2026-03-21"]);
    expect(days).toContain("2026-03-04");
    for (let i = 1; i < days.length; i++) expect(days[i]! > days[i - 1]!).toBe(true);
    const late = pickPlanDays({ from: "2026-03-01", to: "2026-03-31", today: "2026-03-27", perWeek: 3 });
    expect(late.days.every((d) => d >= "2026-03-27")).toBe(true);
  });

  test("days picked: kept inside the period and not past, the others named", () => {
    expect(
      pickPlanDays({
        from: "2026-03-01",
        to: "2026-03-31",
        today: "2026-03-05",
        days: ["2026-03-09", "2026-03-02", "2026-04-01", "2026-03-09"],
      }),
    ).toEqual({ days: ["2026-03-09"], outside: ["2026-03-02", "2026-04-01"] });
  });
});

describe("planDayOccasion", () => {
  test("Ramadan's occasions only on Ramadan days, Eid on Eid's, the national days on theirs", () => {
    expect(occasionOf("2026-02-18")).toMatchObject({ calendarKey: "ramadan_start", content: "ramadan_iftar" });
    expect(occasionOf("2026-02-25")).toMatchObject({ calendarKey: "national_day", content: "national_day" });
    expect(occasionOf("2026-03-04")).toMatchObject({
      calendarKey: "gergean",
      content: null,
      name: { en: "Gergean", ar: "القرقيعان" },
    });
    expect(occasionOf("2026-03-10", 0)).toMatchObject({ calendarKey: null, content: "ramadan_iftar" });
    expect(occasionOf("2026-03-10", 1)).toMatchObject({ calendarKey: null, content: "ramadan_suhoor" });
    expect(occasionOf("2026-03-20")).toMatchObject({ calendarKey: "eid_al_fitr", content: "eid_al_fitr" });
    expect(occasionOf("2026-03-21")).toMatchObject({ calendarKey: "eid_al_fitr" });
    expect(occasionOf("2026-03-23")).toMatchObject({ calendarKey: null, content: "food_photo" });
    expect(occasionOf("2026-03-26")).toMatchObject({ calendarKey: null, content: "weekend" });
    expect(occasionOf("2025-03-21")).toMatchObject({ calendarKey: "mothers_day", content: null }); // in 2025 it is no Eid day
    for (
      let d = new Date("2026-01-01T00:00:00Z");
      d < new Date("2027-01-01T00:00:00Z");
      d = new Date(d.getTime() + 86_400_000)
    ) {
      const date = d.toISOString().slice(0, 10);
      const o = occasionOf(date, d.getUTCDate());
      if (o.content === "ramadan_iftar" || o.content === "ramadan_suhoor") expect(isRamadanDay(date)).toBe(true);
      if (isRamadanDay(date))
        expect(["ramadan_iftar", "ramadan_suhoor", "national_day", "liberation_day", null]).toContain(o.content);
    }
  });
});

describe("planDayOccasion on a school break", () => {
  // 2026: a mid-year break from 25 January for 14 days, and a break over Eid al-Fitr and into Ramadan's end
  const announced = [
    { occasionKey: "school_midyear_break", year: 2026, date: "2026-01-25", days: 14 },
    { occasionKey: "school_summer_break", year: 2026, date: "2026-03-15", days: 10 },
  ];
  const withBreaks = [...kuwaitHolidays(2025, announced), ...kuwaitHolidays(2026, announced)];
  const on = (date: string) => planDayOccasion(date, withBreaks, isRamadanDay(date), 0);
  test("a family post for the school holidays on a break day with no stronger occasion, in both languages", () => {
    expect(on("2026-01-27")).toEqual({
      calendarKey: "school_midyear_break",
      content: "school_holidays",
      name: { en: "Mid-year school break", ar: "عطلة منتصف العام الدراسي" },
    });
    expect(on("2026-01-29")).toMatchObject({ calendarKey: "school_midyear_break", content: "school_holidays" }); // a Thursday: not the weekend post
    expect(
      shotListFor({ dish: null, content: "school_holidays", calendarKey: "school_midyear_break", format: "feed" }).what
        .ar,
    ).toContain("عائلية");
  });
  test("a count a week inside a break spreads out: only the break's first day is an occasion day to pick first", () => {
    const occasionDays = planOccasionDays(withBreaks, "2026-01-01", "2026-02-28");
    expect(occasionDays.has("2026-01-25")).toBe(true);
    expect(occasionDays.has("2026-01-26")).toBe(false);
    // the week of 1 to 7 February lies inside the break: two posts, Thursday first, then the day farthest from it
    const { days } = pickPlanDays({
      from: "2026-02-01",
      to: "2026-02-07",
      today: "2026-01-01",
      perWeek: 2,
      occasionDays,
    });
    expect(days).toEqual(["2026-02-01", "2026-02-05"]);
    expect(days.map((d) => on(d).content)).toEqual(["school_holidays", "school_holidays"]);
  });
  test("Eid and Ramadan stay stronger; no break without an announcement", () => {
    expect(on("2026-03-20")).toMatchObject({ calendarKey: "eid_al_fitr", content: "eid_al_fitr" });
    expect(on("2026-03-16").content).toMatch(/^ramadan_/);
    expect(on("2026-02-08")).toMatchObject({ calendarKey: null });
    expect(occasionOf("2026-01-27")).toMatchObject({ calendarKey: null, content: "food_photo" });
  });
});

describe("formats and shot lists", () => {
  test("Instagram posts a feed photo, a Suhoor story; Snapchat stories; the others posts", () => {
    expect(planFormatFor("instagram", "food_photo")).toBe("feed");
    expect(planFormatFor("instagram", "ramadan_suhoor")).toBe("story");
    expect(planFormatFor("snapchat", "weekend")).toBe("story");
    expect(planFormatFor("twitter", "ramadan_iftar")).toBe("post");
  });

  test("a shot list names the dish in both languages, a vertical frame for a story, the occasion's light", () => {
    const s = shotListFor({
      dish: { en: "Karak tea", ar: "شاي كرك" },
      content: "ramadan_iftar",
      calendarKey: null,
      format: "story",
    });
    expect(s.what.en).toMatch(/^Karak tea, on an Iftar table/);
    expect(s.what.ar).toMatch(/^شاي كرك، على سفرة إفطار/);
    expect(s.angle.en).toContain("9:16");
    expect(s.light.en).toMatch(/before sunset/);
    expect(shotListFor({ dish: null, content: "food_photo", calendarKey: null, format: "feed" }).angle.en).toMatch(
      /45 degrees/,
    );
  });
});

describe("planInputSchema", () => {
  const errors = (v: unknown) => {
    const r = planInputSchema.safeParse(v);
    return r.success ? {} : fieldErrors(r.error);
  };
  test("asks for the days or a count per week, one of the two, and the month or Ramadan's year", () => {
    expect(planInputSchema.parse({ month: "2026-03", perWeek: "3" })).toMatchObject({
      period: "month",
      month: "2026-03",
      perWeek: 3,
    });
    expect(errors({ month: "2026-03" })).toEqual({ perWeek: ["planDaysOrPerWeek"] });
    expect(errors({ month: "2026-03", perWeek: 2, days: ["2026-03-02"] })).toEqual({ perWeek: ["planDaysOrPerWeek"] });
    expect(errors({ month: "2026-13", perWeek: 2 })).toEqual({ month: ["planMonthInvalid"] });
    expect(errors({ period: "ramadan", perWeek: 8 })).toEqual({
      perWeek: ["planPerWeekRange"],
      year: ["calendarYearRange"],
    });
    expect(errors({ month: "2026-03", days: ["2026-02-30"] })).toEqual({ "days.0": ["calendarDateInvalid"] });
  });
});

describe("the photo a proposal gets", () => {
  // newest first, as the library gives them
  const photos = [
    { id: "newest", originalName: "IMG_9999.jpg", menuItemId: null },
    { id: "named", originalName: "pistachio-kunafa.jpg", menuItemId: null },
    { id: "labelled", originalName: "DSC_0001.jpg", menuItemId: "kunafa" },
  ];
  const kunafa = { menuItemId: "kunafa", names: ["Pistachio kunafa", "كنافة بالفستق"] };
  test("one labelled with the dish first, then a file name naming it, then the newest; none left: null", () => {
    expect(planPhotoFor(photos, kunafa, new Set())?.id).toBe("labelled");
    expect(planPhotoFor(photos, kunafa, new Set(["labelled"]))?.id).toBe("named");
    expect(planPhotoFor(photos, { menuItemId: "karak", names: ["Karak tea", "شاي كرك"] }, new Set())?.id).toBe(
      "newest",
    );
    expect(planPhotoFor(photos, null, new Set(["newest"]))?.id).toBe("named");
    expect(planPhotoFor(photos, kunafa, new Set(["newest", "named", "labelled"]))).toBeNull();
  });
  test("a photo labelled with another dish is not taken for this one by its label; names under three letters match nothing", () => {
    expect(
      planPhotoFor(
        [
          { id: "a", originalName: "tea.jpg", menuItemId: "latte" },
          { id: "b", originalName: "x.jpg", menuItemId: null },
        ],
        { menuItemId: "tea", names: ["Te"] },
        new Set(),
      )?.id,
    ).toBe("a");
    expect(
      planPhotoFor(
        [
          { id: "a", originalName: "x.jpg", menuItemId: "latte" },
          { id: "b", originalName: "karak-tea.jpg", menuItemId: null },
        ],
        { menuItemId: "tea", names: ["Karak tea"] },
        new Set(),
      )?.id,
    ).toBe("b");
  });
});
