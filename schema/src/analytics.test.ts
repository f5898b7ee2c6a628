// The analytics range rule (Kuwait days, defaults, order, length) and its arithmetic.
import { describe, expect, test } from "@jest/globals";
import { analyticsRangeSchema, analyticsRangeSchemaAt, engagementRate, fieldErrors, kuwaitDate, messageText, percentChange, previousPeriod } from "./index.ts";

const CLIENT = "3f2b8c1e-5d4a-4b6e-9a7c-1d2e3f4a5b6c";
const at = analyticsRangeSchemaAt(() => "2026-03-20");
const errors = (input: unknown) => {
  const r = at.safeParse(input);
  if (r.success) throw new Error("expected the rule to refuse");
  return fieldErrors(r.error);
};

describe("analyticsRangeSchema", () => {
  test("left out, the range is the last 30 days ending today in Kuwait", () => {
    expect(at.parse({ clientId: CLIENT })).toEqual({ clientId: CLIENT, from: "2026-02-19", to: "2026-03-20" });
    // the rule without a clock passed uses Kuwait's date
    const r = analyticsRangeSchema.parse({});
    expect(r.to).toBe(kuwaitDate());
    expect(r.clientId).toBeUndefined();
  });

  test("a lone from runs to today; a lone to takes the 30 days before it; blanks count as left out", () => {
    expect(at.parse({ clientId: CLIENT, from: "2026-03-01" })).toMatchObject({ from: "2026-03-01", to: "2026-03-20" });
    expect(at.parse({ clientId: CLIENT, to: "2026-01-31" })).toMatchObject({ from: "2026-01-02", to: "2026-01-31" });
    expect(at.parse({ clientId: ` ${CLIENT.toUpperCase()} `, from: " ", to: "" })).toEqual({ clientId: CLIENT, from: "2026-02-19", to: "2026-03-20" });
  });

  test("a one-day range and a range of exactly two years are fine", () => {
    expect(at.parse({ from: "2026-03-20", to: "2026-03-20" })).toMatchObject({ from: "2026-03-20", to: "2026-03-20" });
    expect(at.parse({ from: "2024-03-20", to: "2026-03-20" })).toMatchObject({ from: "2024-03-20" });
  });

  test("refusals carry message keys on their fields", () => {
    expect(errors({ clientId: "not-a-uuid" })).toEqual({ clientId: ["analyticsClientInvalid"] });
    expect(errors({ clientId: 42 })).toEqual({ clientId: ["analyticsClientInvalid"] });
    expect(errors({ from: "2026-02-30" })).toEqual({ from: ["analyticsDateInvalid"] });
    expect(errors({ to: "20/03/2026" })).toEqual({ to: ["analyticsDateInvalid"] });
    expect(errors({ from: "2026-03-10", to: "2026-03-09" })).toEqual({ to: ["analyticsRangeOrder"] });
    // a from in the future with to left out is a range that ends before it starts
    expect(errors({ from: "2026-03-21" })).toEqual({ to: ["analyticsRangeOrder"] });
    expect(errors({ from: "2024-03-19", to: "2026-03-20" })).toEqual({ from: ["analyticsRangeTooLong"] });
  });

  test("every message has English and Arabic text", () => {
    for (const k of ["analyticsClientInvalid", "analyticsDateInvalid", "analyticsRangeOrder", "analyticsRangeTooLong"]) {
      expect(messageText(k, "en")).not.toBe(messageText("invalidValue", "en"));
      expect(messageText(k, "ar")).toMatch(/[\u0600-\u06FF]/);
    }
  });
});

describe("previousPeriod", () => {
  test("the same number of days, ending the day before", () => {
    expect(previousPeriod("2026-03-01", "2026-03-30")).toEqual({ from: "2026-01-30", to: "2026-02-28" });
    expect(previousPeriod("2026-03-20", "2026-03-20")).toEqual({ from: "2026-03-19", to: "2026-03-19" });
    // across a leap day
    expect(previousPeriod("2024-03-01", "2024-03-07")).toEqual({ from: "2024-02-23", to: "2024-02-29" });
  });
});

describe("engagementRate and percentChange", () => {
  test("engagement is over reach, else over views, else null", () => {
    expect(engagementRate({ likes: 30, comments: 5, shares: 5, reach: 1000, views: 4000 })).toBe(4);
    expect(engagementRate({ likes: 30, comments: 5, shares: 5, reach: 0, views: 3000 })).toBe(1.33);
    expect(engagementRate({ likes: 3, comments: 0, shares: 0, reach: 0, views: 0 })).toBeNull();
  });

  test("change in percent; null when there was nothing before", () => {
    expect(percentChange(150, 100)).toBe(50);
    expect(percentChange(50, 200)).toBe(-75);
    expect(percentChange(1, 3)).toBe(-66.67);
    expect(percentChange(10, 0)).toBeNull();
    expect(percentChange(null, 5)).toBeNull();
    expect(percentChange(5, null)).toBeNull();
  });
});
