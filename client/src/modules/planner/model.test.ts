// The planner's view logic without rendering: the months and days it offers, the request its choices
// make, and the plan it opens on.
import { daysBetween, nextMonths, openPlanOf, planInputOf, text } from "./model.ts";

test("the months offered start at today's and cross the year", () => {
  expect(nextMonths("2026-11-20", 3)).toEqual(["2026-11", "2026-12", "2027-01"]);
});

test("the days between two dates include both ends and cross a month", () => {
  expect(daysBetween("2026-02-27", "2026-03-02")).toEqual(["2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
  expect(daysBetween("2026-03-02", "2026-03-01")).toEqual([]);
});

test("a month by posts a week, and Ramadan by chosen days, ask for what was chosen only", () => {
  const base = { month: "2026-04", year: 2027, perWeek: 3, days: ["2027-02-10"], language: "AR" as const };
  expect(planInputOf({ ...base, period: "month", mode: "perWeek" })).toEqual({
    period: "MONTH",
    month: "2026-04",
    perWeek: 3,
    language: "AR",
  });
  expect(planInputOf({ ...base, period: "ramadan", mode: "days" })).toEqual({
    period: "RAMADAN",
    year: 2027,
    days: ["2027-02-10"],
    language: "AR",
  });
});

test("the page opens on the first kept plan with a proposal still to approve", () => {
  const done = { id: "a", proposals: [{ status: "APPROVED" }] };
  const open = { id: "b", proposals: [{ status: "APPROVED" }, { status: "PROPOSED" }] };
  const later = { id: "c", proposals: [{ status: "PROPOSED" }] };
  expect(openPlanOf([done, open, later])?.id).toBe("b");
  expect(openPlanOf([done])).toBeNull();
  expect(openPlanOf([])).toBeNull();
});

test("a text given in both languages reads in the person's", () => {
  expect(text({ en: "Eid", ar: "العيد" }, "ar")).toBe("العيد");
  expect(text({ en: "Eid", ar: "العيد" }, "en")).toBe("Eid");
});
