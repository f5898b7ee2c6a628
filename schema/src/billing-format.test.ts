// Money on invoices from integer fils: three decimals always, Latin or Arabic-Indic digits, the
// Arabic decimal separator, negatives (refunds), and no float rounding at the edges.
import { describe, expect, test } from "@jest/globals";
import { formatFils, toArabicDigits, withDigits } from "./index.ts";

describe("formatFils", () => {
  test("three decimals from whole fils", () => {
    expect(formatFils(0)).toBe("0.000");
    expect(formatFils(1)).toBe("0.001");
    expect(formatFils(999)).toBe("0.999");
    expect(formatFils(1000)).toBe("1.000");
    expect(formatFils(15000)).toBe("15.000");
    expect(formatFils(49000)).toBe("49.000");
    expect(formatFils(1250500)).toBe("1250.500");
  });

  test("a refund is negative", () => {
    expect(formatFils(-15000)).toBe("-15.000");
    expect(formatFils(-1)).toBe("-0.001");
    expect(formatFils(-0)).toBe("0.000");
  });

  test("Arabic-Indic digits with the Arabic decimal separator", () => {
    expect(formatFils(0, { digits: "arabic" })).toBe("٠٫٠٠٠");
    expect(formatFils(999, { digits: "arabic" })).toBe("٠٫٩٩٩");
    expect(formatFils(15000, { digits: "arabic" })).toBe("١٥٫٠٠٠");
    expect(formatFils(49000, { digits: "arabic" })).toBe("٤٩٫٠٠٠");
    expect(formatFils(-1500, { digits: "arabic" })).toBe("-١٫٥٠٠");
    expect(formatFils(15000, { digits: "latin" })).toBe("15.000");
  });

  test("with the dinar's symbol in either language", () => {
    expect(formatFils(15000, { currency: "en" })).toBe("15.000 KWD");
    expect(formatFils(15000, { digits: "arabic", currency: "ar" })).toBe("١٥٫٠٠٠ د.ك.");
    expect(formatFils(15000, { currency: "ar" })).toBe("15.000 د.ك.");
  });

  test("integer arithmetic at the edges: no float rounding", () => {
    // 0.1 + 0.2 style errors cannot happen: the largest safe integer keeps every digit
    expect(formatFils(Number.MAX_SAFE_INTEGER)).toBe("9007199254740.991");
    expect(formatFils(-Number.MAX_SAFE_INTEGER)).toBe("-9007199254740.991");
    expect(formatFils(1_000_000_005)).toBe("1000000.005");
  });

  test("refuses what is not whole fils", () => {
    expect(() => formatFils(1.5)).toThrow(RangeError);
    expect(() => formatFils(Number.NaN)).toThrow(RangeError);
    expect(() => formatFils(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatFils(2 ** 53)).toThrow(RangeError);
  });
});

describe("digits", () => {
  test("Latin digits as Arabic-Indic ones, the rest untouched", () => {
    expect(toArabicDigits("INV-2026-000001")).toBe("INV-٢٠٢٦-٠٠٠٠٠١");
    expect(withDigits("1 مارس 2026", "arabic")).toBe("١ مارس ٢٠٢٦");
    expect(withDigits("1 مارس 2026", "latin")).toBe("1 مارس 2026");
  });
});
