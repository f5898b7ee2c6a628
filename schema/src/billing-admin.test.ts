import { describe, expect, test } from "@jest/globals";
import {
  adminPaymentsQuerySchema,
  billingFigures,
  kuwaitDaysRange,
  kuwaitMonth,
  kwdToFilsText,
} from "./billing-admin.ts";

describe("the admin's billing figures", () => {
  test("MRR is the monthly price of every active and past-due subscription; counts by status", () => {
    const f = billingFigures(
      [
        { status: "active", plan: "basic", count: 2 },
        { status: "active", plan: "premium", count: 1 },
        { status: "past_due", plan: "professional", count: 3 },
        { status: "trial", plan: "premium", count: 4 },
        { status: "expired", plan: "basic", count: 5 },
        { status: "cancelled", plan: "professional", count: 1 },
      ],
      64_000,
      4_500,
    );
    expect(f.mrrFils).toBe(2 * 10_000 + 49_000 + 3 * 15_000);
    expect(f.counts).toEqual({ trial: 4, active: 3, past_due: 3, expired: 5, cancelled: 1 });
    expect(f.monthRevenueFils).toBe(59_500);
  });

  test("the Kuwait month turns at Kuwait's midnight", () => {
    // 31 March 2026 22:00 UTC is 1 April 01:00 in Kuwait
    const m = kuwaitMonth(new Date("2026-03-31T22:00:00Z"));
    expect(m.start.toISOString()).toBe("2026-03-31T21:00:00.000Z");
    expect(m.end.toISOString()).toBe("2026-04-30T21:00:00.000Z");
    expect(kuwaitMonth(new Date("2026-12-15T00:00:00Z")).end.toISOString()).toBe("2026-12-31T21:00:00.000Z");
  });

  test("a range of Kuwait days covers both ends", () => {
    const r = kuwaitDaysRange("2026-03-01", "2026-03-01");
    expect(r.gte!.toISOString()).toBe("2026-02-28T21:00:00.000Z");
    expect(r.lt!.toISOString()).toBe("2026-03-01T21:00:00.000Z");
    expect(kuwaitDaysRange()).toEqual({});
  });
});

describe("the payments list's filters", () => {
  test("a real date range, a known status and method, a uuid", () => {
    expect(
      adminPaymentsQuerySchema.parse({ status: "paid", method: "knet", from: "2026-03-01", to: "2026-03-31" }).first,
    ).toBe(20);
    expect(adminPaymentsQuerySchema.safeParse({ from: "2026-03-02", to: "2026-03-01" }).error?.issues[0]?.message).toBe(
      "dateRangeInvalid",
    );
    expect(adminPaymentsQuerySchema.safeParse({ from: "2026-02-30" }).error?.issues[0]?.message).toBe(
      "calendarDateInvalid",
    );
    expect(adminPaymentsQuerySchema.safeParse({ status: "lost" }).error?.issues[0]?.message).toBe("invalidStatus");
    expect(adminPaymentsQuerySchema.safeParse({ businessId: "café" }).success).toBe(false);
    expect(adminPaymentsQuerySchema.safeParse({ first: 101 }).error?.issues[0]?.message).toBe("invalidPageSize");
  });
});

describe("KWD typed by an admin", () => {
  test.each([
    ["15", 15_000],
    ["15.5", 15_500],
    ["15.500", 15_500],
    ["0.001", 1],
    ["١٥٫٥", 15_500],
    ["۱۲", 12_000],
  ])("%s KWD is %i fils", (text, fils) => expect(kwdToFilsText(text)).toBe(fils));
  test.each(["", "1,234", "1.2345", "-1", "1e3", "abc", "1.2.3"])("%p is not an amount", (text) =>
    expect(kwdToFilsText(text)).toBeNull(),
  );
});
