import { describe, expect, test } from "@jest/globals";
import {
  addMonths,
  billingDetailsSchema,
  canMoveSubscription,
  daysLeft,
  invoiceNumber,
  isPremium,
  kuwaitYear,
  manualPaymentSchema,
  mayUse,
  PLAN_PRICE_FILS,
  prorateUpgrade,
  paidPeriodStart,
  payableNow,
  refundSchema,
  subscriptionRuns,
  trialRunsUntil,
} from "./index.ts";

const at = (s: string) => new Date(s);

describe("the lifecycle", () => {
  test("trial, active and past due run; expired and cancelled do not", () => {
    expect(["trial", "active", "past_due", "expired", "cancelled"].map(subscriptionRuns)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(mayUse({ status: "expired" }, "publish")).toBe(false);
    expect(mayUse({ status: "past_due" }, "ai")).toBe(true);
    expect(isPremium({ plan: "premium", status: "past_due" })).toBe(true);
    expect(isPremium({ plan: "premium", status: "cancelled" })).toBe(false);
  });
  test("transitions follow the table", () => {
    expect(canMoveSubscription("trial", "expired")).toBe(true);
    expect(canMoveSubscription("active", "past_due")).toBe(true);
    expect(canMoveSubscription("past_due", "expired")).toBe(true);
    expect(canMoveSubscription("expired", "active")).toBe(true);
    expect(canMoveSubscription("expired", "past_due")).toBe(false);
    expect(canMoveSubscription("trial", "past_due")).toBe(false);
    expect(canMoveSubscription("cancelled", "expired")).toBe(false);
  });
});

describe("periods on Kuwait's calendar", () => {
  test("a month later is the same Kuwait day, or the month's last day", () => {
    // 10:00 Kuwait on 15 March -> 15 April
    expect(addMonths(at("2026-03-15T07:00:00Z")).toISOString()).toBe("2026-04-15T07:00:00.000Z");
    // 31 January Kuwait -> 28 February (2026 is not a leap year), 29 in 2028
    expect(addMonths(at("2026-01-31T09:00:00Z")).toISOString()).toBe("2026-02-28T09:00:00.000Z");
    expect(addMonths(at("2028-01-31T09:00:00Z")).toISOString()).toBe("2028-02-29T09:00:00.000Z");
    // 00:30 on 1 December in Kuwait is still 30 November in UTC: the Kuwait day decides
    expect(addMonths(at("2026-11-30T21:30:00Z")).toISOString()).toBe("2026-12-31T21:30:00.000Z");
    // across the year
    expect(addMonths(at("2026-12-20T09:00:00Z")).toISOString()).toBe("2027-01-20T09:00:00.000Z");
  });
  test("days left count a started day", () => {
    expect(daysLeft(at("2026-04-01T00:00:00Z"), at("2026-04-11T00:00:00Z"))).toBe(10);
    expect(daysLeft(at("2026-04-01T00:00:01Z"), at("2026-04-11T00:00:00Z"))).toBe(10);
    expect(daysLeft(at("2026-04-12T00:00:00Z"), at("2026-04-11T00:00:00Z"))).toBe(0);
  });
  test("invoices are numbered per Kuwait year", () => {
    expect(invoiceNumber("invoice", 2026, 42)).toBe("INV-2026-000042");
    expect(invoiceNumber("credit_note", 2027, 1)).toBe("CN-2027-000001");
    expect(kuwaitYear(at("2026-12-31T21:30:00Z"))).toBe(2027);
    expect(kuwaitYear(at("2026-12-31T20:59:59Z"))).toBe(2026);
  });
});

describe("proration to the fils", () => {
  const periodStart = at("2026-04-01T09:00:00Z");
  const periodEnd = at("2026-05-01T09:00:00Z"); // 30 days
  test("prices are fils", () => {
    expect(PLAN_PRICE_FILS).toEqual({ basic: 10_000, professional: 15_000, premium: 49_000 });
  });
  test("Professional to Premium with 12 of 30 days left: 34 KWD x 12 / 30 = 13.600 KWD", () => {
    const p = prorateUpgrade({
      from: "professional",
      to: "premium",
      periodStart,
      periodEnd,
      at: at("2026-04-19T09:00:00Z"),
    });
    expect(p).toEqual({ amountFils: 13_600, daysLeft: 12, daysInPeriod: 30, fromFils: 15_000, toFils: 49_000 });
  });
  test("Basic to Professional with 7 of 30 days left: 5 KWD x 7 / 30 = 1.16666 -> 1.167 KWD (half up)", () => {
    expect(
      prorateUpgrade({ from: "basic", to: "professional", periodStart, periodEnd, at: at("2026-04-24T09:00:00Z") })
        .amountFils,
    ).toBe(1_167);
  });
  test("Basic to Premium with 1 of 31 days left: 39 KWD / 31 = 1.258064 -> 1.258 KWD", () => {
    const p = prorateUpgrade({
      from: "basic",
      to: "premium",
      periodStart: at("2026-05-01T09:00:00Z"),
      periodEnd: at("2026-06-01T09:00:00Z"),
      at: at("2026-05-31T10:00:00Z"),
    });
    expect([p.amountFils, p.daysLeft, p.daysInPeriod]).toEqual([1_258, 1, 31]);
  });
  test("half a fils rounds up: 5 KWD x 1 / 16 = 0.3125 -> 0.313 KWD", () => {
    const p = prorateUpgrade({
      from: "basic",
      to: "professional",
      periodStart,
      periodEnd: at("2026-04-17T09:00:00Z"),
      at: at("2026-04-16T09:00:00Z"),
    });
    expect([p.amountFils, p.daysLeft, p.daysInPeriod]).toEqual([313, 1, 16]);
  });
  test("an upgrade on the first day costs the whole difference; a downgrade costs nothing now", () => {
    expect(prorateUpgrade({ from: "basic", to: "premium", periodStart, periodEnd, at: periodStart }).amountFils).toBe(
      39_000,
    );
    expect(prorateUpgrade({ from: "premium", to: "basic", periodStart, periodEnd, at: periodStart }).amountFils).toBe(
      0,
    );
  });
});

describe("the billing forms", () => {
  test("a manual payment is whole fils within a year of Premium", () => {
    expect(manualPaymentSchema.safeParse({ amountFils: 15_000, method: "bank_transfer" }).success).toBe(true);
    expect(manualPaymentSchema.parse({ amountFils: 15_000, method: "bank_transfer" }).months).toBe(1);
    expect(manualPaymentSchema.safeParse({ amountFils: 15.5, method: "bank_transfer" }).error?.issues[0]!.message).toBe(
      "amountInvalid",
    );
    expect(manualPaymentSchema.safeParse({ amountFils: 0, method: "bank_transfer" }).success).toBe(false);
    expect(manualPaymentSchema.safeParse({ amountFils: 15_000, method: "knet" }).error?.issues[0]!.message).toBe(
      "paymentMethodInvalid",
    );
  });
  test("a refund says why; the billing details refuse control characters", () => {
    expect(refundSchema.safeParse({ amountFils: 1000, reason: "  " }).error?.issues[0]!.message).toBe(
      "refundReasonRequired",
    );
    expect(billingDetailsSchema.safeParse({ legalName: "Dar\u0000", billingAddress: "Salmiya" }).success).toBe(false);
    expect(
      billingDetailsSchema.parse({ legalName: " شركة دار القهوة ", billingAddress: "السالمية\nشارع سالم المبارك" })
        .legalName,
    ).toBe("شركة دار القهوة");
  });
  test("the commercial registration number is optional, read in either digits, kept in Latin ones; empty clears it", () => {
    const base = { legalName: "Dar Al Qahwa", billingAddress: "Salmiya" };
    expect(billingDetailsSchema.parse(base).crNumber).toBeUndefined();
    expect(billingDetailsSchema.parse({ ...base, crNumber: " ٣٤٥٦٧٨ " }).crNumber).toBe("345678");
    expect(billingDetailsSchema.parse({ ...base, crNumber: "CR-2019/345678" }).crNumber).toBe("CR-2019/345678");
    expect(billingDetailsSchema.parse({ ...base, crNumber: "  " }).crNumber).toBeNull();
    expect(billingDetailsSchema.parse({ ...base, crNumber: null }).crNumber).toBeNull();
    expect(billingDetailsSchema.safeParse({ ...base, crNumber: "12<34>" }).error?.issues[0]!.message).toBe(
      "crNumberInvalid",
    );
    expect(billingDetailsSchema.safeParse({ ...base, crNumber: "1".repeat(31) }).error?.issues[0]!.message).toBe(
      "crNumberInvalid",
    );
  });
});

describe("what a payment buys", () => {
  const now = at("2026-04-10T09:00:00Z");
  test("a running trial's days are kept; a lapsed subscription starts now; a past-due one from its period's end", () => {
    expect(
      paidPeriodStart({ status: "trial", trialEndsAt: at("2026-04-14T09:00:00Z"), renewsAt: null }, now).toISOString(),
    ).toBe("2026-04-14T09:00:00.000Z");
    expect(paidPeriodStart({ status: "expired", trialEndsAt: at("2026-04-01T09:00:00Z"), renewsAt: null }, now)).toBe(
      now,
    );
    expect(
      paidPeriodStart(
        { status: "past_due", trialEndsAt: null, renewsAt: at("2026-04-05T09:00:00Z") },
        now,
      ).toISOString(),
    ).toBe("2026-04-05T09:00:00.000Z");
  });
  test("a paid period is paid ahead only in its last week", () => {
    expect(payableNow({ status: "active", trialEndsAt: null, renewsAt: at("2026-04-30T09:00:00Z") }, now)).toBe(false);
    expect(payableNow({ status: "active", trialEndsAt: null, renewsAt: at("2026-04-17T09:00:00Z") }, now)).toBe(true);
    expect(payableNow({ status: "expired", trialEndsAt: null, renewsAt: null }, now)).toBe(true);
  });
});

describe("an upgrade recorded by an admin and the trial's days after a payment", () => {
  test("an upgrade names the plan and pays no month; a month stays the default", () => {
    expect(manualPaymentSchema.parse({ amountFils: 15_000, method: "bank_transfer" }).purpose).toBe("period");
    expect(
      manualPaymentSchema.parse({ amountFils: 21_935, method: "bank_transfer", purpose: "upgrade", plan: "premium" }),
    ).toMatchObject({ purpose: "upgrade", plan: "premium", months: 1 });
    const noPlan = manualPaymentSchema.safeParse({ amountFils: 21_935, method: "bank_transfer", purpose: "upgrade" });
    expect(noPlan.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["plan", "planInvalid"]]);
    const months = manualPaymentSchema.safeParse({
      amountFils: 21_935,
      method: "bank_transfer",
      purpose: "upgrade",
      plan: "premium",
      months: 2,
    });
    expect(months.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["months", "monthsInvalid"]]);
    expect(
      manualPaymentSchema.safeParse({ amountFils: 21_935, method: "bank_transfer", purpose: "gift" }).success,
    ).toBe(false);
  });

  test("a month paid during the trial starts at its end; until then the trial's end stays, after it none", () => {
    const now = at("2026-04-05T09:00:00Z");
    const trialEnd = at("2026-04-14T09:00:00Z");
    expect(trialRunsUntil({ status: "trial", trialEndsAt: trialEnd, renewsAt: trialEnd }, now)).toBe(trialEnd);
    // paid during the trial: active, the month from the trial's end
    expect(paidPeriodStart({ status: "trial", trialEndsAt: trialEnd, renewsAt: trialEnd }, now)).toBe(trialEnd);
    expect(trialRunsUntil({ status: "active", trialEndsAt: trialEnd, renewsAt: addMonths(trialEnd) }, now)).toBe(
      trialEnd,
    );
    // once the trial's end has passed, or for a month paid after the trial, no trial day is left
    expect(
      trialRunsUntil(
        { status: "active", trialEndsAt: trialEnd, renewsAt: addMonths(trialEnd) },
        at("2026-04-15T09:00:00Z"),
      ),
    ).toBeNull();
    expect(trialRunsUntil({ status: "expired", trialEndsAt: trialEnd, renewsAt: null }, now)).toBeNull();
  });
});
