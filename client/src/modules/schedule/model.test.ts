// Where the week and day views open: 8 AM when that shows the posts, else the earliest post's hour;
// never midnight because the grid happens to start there.
import { HOUR_PX, scrollHour, scrollTimeOf, visibleHoursOf } from "./model.ts";

/** A post's time as the calendar draws it: Kuwait wall clock written as UTC. */
const at = (hhmm: string, day = "2026-03-04") => new Date(`${day}T${hhmm}:00.000Z`);

describe("scrollHour", () => {
  test("no posts: 8 AM", () => {
    expect(scrollHour([])).toBe(8);
  });

  test("posts in the evening, out of sight from 8 AM: the hour of the earliest", () => {
    expect(scrollHour([at("21:00"), at("19:30", "2026-03-06"), at("20:15", "2026-03-02")], 8)).toBe(19);
  });

  test("the earliest by time of day, whichever day it is on", () => {
    expect(scrollHour([at("22:00", "2026-03-01"), at("18:45", "2026-03-07")], 6)).toBe(18);
  });

  test("posts during the day that 8 AM already shows: 8 AM", () => {
    expect(scrollHour([at("10:00"), at("13:30")], 12)).toBe(8);
    // 19:00 ends at 20:00, the last hour in view from 8 AM with 12 hours shown
    expect(scrollHour([at("19:00")], 12)).toBe(8);
    expect(scrollHour([at("19:01")], 12)).toBe(19);
  });

  test("a post before 8 AM: its own hour, so it is not above the view", () => {
    expect(scrollHour([at("06:30"), at("20:00")], 12)).toBe(6);
    expect(scrollHour([at("00:15")], 12)).toBe(0);
  });

  test("the grid's height decides how many hours are in view", () => {
    expect(visibleHoursOf(140 + HOUR_PX * 10)).toBe(10);
    expect(visibleHoursOf(100)).toBe(1);
    expect(scrollHour([at("18:00")], visibleHoursOf(720))).toBe(8);
    expect(scrollHour([at("18:00")], visibleHoursOf(480))).toBe(18);
  });

  test("the hour as FullCalendar reads a time", () => {
    expect(scrollTimeOf(8)).toBe("08:00:00");
    expect(scrollTimeOf(19)).toBe("19:00:00");
  });
});
