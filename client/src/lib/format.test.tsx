// The one formatting helper (docs/product.md#look-and-feel): money as the invoices write it, the
// separator between a line's parts that cannot be misread beside Arabic digits, one style of date in
// Arabic, years on both ends of a period, names isolated inside a sentence, counts in the person's digits.
import { render } from "@testing-library/react";
import {
  formatDate,
  formatDateRange,
  formatDateTime,
  formatFilsMoney,
  formatMoney,
  formatMonthYear,
  formatOf,
  isolate,
  isolated,
  isolateIn,
  joinNodes,
  joinParts,
  listNames,
  partSeparator,
  setLatinDigits,
  showCountIn,
} from "./format.ts";

afterEach(() => localStorage.clear());

describe("money", () => {
  test("one way in English: the amount, then KWD, three decimals, thousands grouped", () => {
    expect(formatFilsMoney(10_000, "en")).toBe("10.000 KWD");
    expect(formatFilsMoney(0, "en")).toBe("0.000 KWD");
    expect(formatFilsMoney(1_234_500, "en")).toBe("1,234.500 KWD");
    expect(formatFilsMoney(-1_500, "en")).toBe("-1.500 KWD");
    expect(formatMoney(49, "en")).toBe("49.000 KWD");
    expect(formatMoney(2.75, "en")).toBe("2.750 KWD");
    expect(formatFilsMoney(15_000, "en", { unit: false })).toBe("15.000");
  });

  test("in Arabic: Arabic-Indic digits with the Arabic separators and د.ك., or Latin digits when chosen", () => {
    expect(formatFilsMoney(49_000, "ar")).toBe("٤٩٫٠٠٠ د.ك.");
    expect(formatFilsMoney(1_234_500, "ar")).toBe("١٬٢٣٤٫٥٠٠ د.ك.");
    expect(formatMoney(2.75, "ar")).toBe("٢٫٧٥٠ د.ك.");
    setLatinDigits(true);
    expect(formatFilsMoney(1_234_500, "ar")).toBe("1,234.500 د.ك.");
  });

  test("a float's dinars land on the nearest fils", () => {
    expect(formatMoney(0.1 + 0.2, "en")).toBe("0.300 KWD");
  });
});

describe("parts of a line", () => {
  test("English joins with a middle dot; Arabic with the Arabic comma, never a dot that reads as ٠", () => {
    expect(joinParts(["15.000 KWD", "December 1, 2026"], "en")).toBe("15.000 KWD · December 1, 2026");
    const ar = joinParts([formatFilsMoney(49_000, "ar"), "٦ ديسمبر"], "ar");
    expect(ar).toBe("٤٩٫٠٠٠ د.ك.، ٦ ديسمبر");
    expect(ar).not.toMatch(/[·|]/);
    expect(partSeparator("ar")).not.toMatch(/[·.|٠١]/);
  });

  test("empty parts are left out", () => {
    expect(joinParts(["a", null, undefined, false, "", "b"], "en")).toBe("a · b");
    expect(joinParts([], "en")).toBe("");
  });

  test("React nodes join the same way", () => {
    const { container } = render(<p>{joinNodes([<b key="x">Instagram</b>, null, <i key="y">Comment</i>], "en")}</p>);
    expect(container.textContent).toBe("Instagram · Comment");
    const ar = render(<p>{joinNodes(["إنستغرام", "تعليق"], "ar")}</p>);
    expect(ar.container.textContent).toBe("إنستغرام، تعليق");
  });
});

describe("dates", () => {
  const day = "2026-12-06T10:00:00Z";
  test("Arabic writes a day with its month's name in either style, never in slashes", () => {
    expect(formatDate(day, "ar")).toBe("٦ ديسمبر ٢٠٢٦");
    expect(formatDate(day, "ar", "long")).toBe("٦ ديسمبر ٢٠٢٦");
    expect(formatDateTime(day, "ar")).toContain("٦ ديسمبر ٢٠٢٦");
    expect(formatDateTime(day, "ar")).not.toContain("/");
    expect(formatDate(day, "en")).toBe("Dec 6, 2026");
    expect(formatDate(day, "en", "long")).toBe("December 6, 2026");
  });

  test("a period shows the year on both ends", () => {
    expect(formatDateRange("2025-12-20T12:00:00+03:00", "2026-01-19T12:00:00+03:00", "en")).toBe(
      "Dec 20, 2025 – Jan 19, 2026",
    );
    expect(formatDateRange("2026-01-20T12:00:00+03:00", "2026-02-19T12:00:00+03:00", "ar")).toBe(
      "٢٠ يناير ٢٠٢٦ – ١٩ فبراير ٢٠٢٦",
    );
  });

  test("a month of a year, in the person's digits", () => {
    expect(formatMonthYear("2026-12", "en")).toBe("December 2026");
    expect(formatMonthYear("2026-12", "ar")).toBe("ديسمبر ٢٠٢٦");
  });
});

describe("counts", () => {
  test("a count of a total in the person's digits", () => {
    expect(formatOf(28, 31, "ar")).toBe("٢٨ من ٣١");
    expect(formatOf(28, 31, "en")).toBe("28 of 31");
    expect(showCountIn("ar").formatter({ count: 12, maxLength: 1000 })).toBe("١٢ / ١٠٠٠");
    expect(showCountIn("en").formatter({ count: 12, maxLength: 1000 })).toBe("12 / 1000");
  });
});

describe("names inside a sentence", () => {
  test("isolated with FSI … PDI, marks of their own taken out", () => {
    expect(isolate("kunafa")).toBe("\u2068kunafa\u2069");
    expect(isolate("a\u202eb\u2069")).toBe("\u2068ab\u2069");
    expect(isolated({ name: "Qahwat Al Bahar", n: 3 })).toEqual({
      name: "\u2068Qahwat Al Bahar\u2069",
      n: "\u20683\u2069",
    });
    expect(listNames(["kunafa", "desserts"], "ar")).toBe("\u2068kunafa\u2069، \u2068desserts\u2069");
  });
});

describe("values interpolated into a sentence", () => {
  test("isolated when they hold letters of the other script; the sentence's own script, numbers and dates pass", () => {
    expect(isolateIn("Qahwat Al Bahar (demo)", "ar")).toBe("\u2068Qahwat Al Bahar (demo)\u2069");
    expect(isolateIn("@demo_dar_alkunafa", "ar")).toBe("\u2068@demo_dar_alkunafa\u2069");
    expect(isolateIn("مقهى ليالي", "en")).toBe("\u2068مقهى ليالي\u2069");
    expect(isolateIn("مقهى ليالي", "ar")).toBe("مقهى ليالي");
    expect(isolateIn("Dar Al Qahwa", "en")).toBe("Dar Al Qahwa");
    expect(isolateIn("٢٠٫٣٢٠", "ar")).toBe("٢٠٫٣٢٠");
    expect(isolateIn("20.320", "ar")).toBe("20.320");
    // made with isolates of its own (a handle set apart where it was written): left as it is, never nested
    expect(isolateIn("@\u2068daralqahwa\u2069", "ar")).toBe("@\u2068daralqahwa\u2069");
  });

  test("i18n runs every interpolated value through it", async () => {
    const { default: i18n } = await import("../i18n/index.ts");
    i18n.addResource("ar", "common", "test.fewer", "أقل من {{name}} ({{n}})");
    expect(i18n.t("test.fewer", { lng: "ar", name: "Qahwat Al Bahar (demo)", n: "٢٠٫٣٢٠" })).toBe(
      "أقل من \u2068Qahwat Al Bahar (demo)\u2069 (٢٠٫٣٢٠)",
    );
    i18n.addResource("en", "common", "test.fewer", "fewer than {{name}} ({{n}})");
    expect(i18n.t("test.fewer", { lng: "en", name: "Cafe X", n: "20.320" })).toBe("fewer than Cafe X (20.320)");
  });
});
