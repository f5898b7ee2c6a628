// The business profile's rules: clearable texts with their limits, cuisine and area stored as keys
// when they name one, KWD prices with at most three decimals (fils), the menu order, and the pasted
// menu's lines.
import { describe, expect, test } from "@jest/globals";
import {
  businessProfileSchema,
  fieldErrors,
  MAX_MENU_ITEMS,
  menuItemSchema,
  menuItemUpdateSchema,
  menuOrderSchema,
  messageText,
  parseKwd,
  parseMenuText,
  priceKwdRule,
} from "./index.ts";

const errorsOf = (r: { success: boolean; error?: unknown }) => (r.success ? {} : fieldErrors(r.error as never));
const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

describe("profile", () => {
  test("texts are trimmed; blank or null clears; a field left out stays out", () => {
    const r = businessProfileSchema.parse({ nameAr: "  دار القهوة ", hours: "", hoursAr: null });
    expect(r.nameAr).toBe("دار القهوة");
    expect(r.hours).toBeNull();
    expect(r.hoursAr).toBeNull();
    expect(r.cuisine).toBeUndefined();
    expect(r.area).toBeUndefined();
  });

  test("cuisine and area become their keys when they name one, else stay as written", () => {
    expect(businessProfileSchema.parse({ cuisine: "Coffee shop", area: "السالمية" })).toMatchObject({
      cuisine: "cafe",
      area: "salmiya",
    });
    expect(businessProfileSchema.parse({ cuisine: "kuwaiti", area: "Al-Jahra" })).toMatchObject({
      cuisine: "kuwaiti",
      area: "jahra",
    });
    expect(businessProfileSchema.parse({ cuisine: "Yemeni mandi", area: "The Avenues" })).toMatchObject({
      cuisine: "Yemeni mandi",
      area: "The Avenues",
    });
  });

  test("limits: Arabic name 80, cuisine 40, area 60, hours 120, each with its own message", () => {
    const r = businessProfileSchema.safeParse({
      nameAr: "ق".repeat(81),
      cuisine: "c".repeat(41),
      area: "a".repeat(61),
      hours: "h".repeat(121),
      hoursAr: "س".repeat(121),
    });
    expect(errorsOf(r)).toEqual({
      nameAr: ["nameArTooLong"],
      cuisine: ["cuisineTooLong"],
      area: ["areaTooLong"],
      hours: ["hoursTooLong"],
      hoursAr: ["hoursTooLong"],
    });
    expect(
      businessProfileSchema.safeParse({
        nameAr: "ق".repeat(80),
        cuisine: "c".repeat(40),
        area: "a".repeat(60),
        hours: "h".repeat(120),
      }).success,
    ).toBe(true);
    expect(messageText("hoursTooLong", "ar")).toBe("يجب ألا تزيد ساعات العمل على ١٢٠ حرفًا");
  });
});

describe("KWD prices", () => {
  test("up to three decimals, 0..9999.999; 1.125 stays 1.125", () => {
    for (const [input, out] of [
      [2.75, 2.75],
      [1.125, 1.125],
      [0, 0],
      [9999.999, 9999.999],
      ["2.750", 2.75],
      [" 0.350 KD", 0.35],
      ["٢٫٧٥٠ د.ك", 2.75],
      ["KWD 1.950", 1.95],
    ] as const)
      expect(priceKwdRule.parse(input)).toBe(out);
    expect(priceKwdRule.parse(1.1 + 2.2)).toBe(3.3); // float noise is not a fourth decimal
  });

  test("four decimals, negatives, too large, text: menuPriceInvalid", () => {
    for (const bad of [3.1234, -1, 10000, "abc", "1,750", Number.NaN, true])
      expect(errorsOf(menuItemSchema.safeParse({ name: "Karak", priceKwd: bad }))).toEqual({
        priceKwd: ["menuPriceInvalid"],
      });
  });

  test("no price: null, blank or left out", () => {
    expect(menuItemSchema.parse({ name: "Karak", priceKwd: "" }).priceKwd).toBeNull();
    expect(menuItemSchema.parse({ name: "Karak", priceKwd: null }).priceKwd).toBeNull();
    expect(menuItemSchema.parse({ name: "Karak" }).priceKwd).toBeUndefined();
    expect(parseKwd("1.")).toBe(1);
    expect(parseKwd("1.2.3")).toBeNull();
  });
});

describe("menu items", () => {
  test("a name is required (1..80); the Arabic name at most 80", () => {
    expect(errorsOf(menuItemSchema.safeParse({ name: "  " }))).toEqual({ name: ["menuItemNameRequired"] });
    expect(errorsOf(menuItemSchema.safeParse({}))).toEqual({ name: ["menuItemNameRequired"] });
    expect(errorsOf(menuItemSchema.safeParse({ name: "x".repeat(81), nameAr: "س".repeat(81) }))).toEqual({
      name: ["menuItemNameTooLong"],
      nameAr: ["menuItemNameTooLong"],
    });
    expect(menuItemSchema.parse({ name: " Spanish latte ", nameAr: " سبانش لاتيه ", priceKwd: 1.75 })).toEqual({
      name: "Spanish latte",
      nameAr: "سبانش لاتيه",
      priceKwd: 1.75,
    });
  });

  test("an update may leave the name out, but not blank it", () => {
    expect(menuItemUpdateSchema.parse({ priceKwd: 2 })).toEqual({ priceKwd: 2 });
    expect(errorsOf(menuItemUpdateSchema.safeParse({ name: "" }))).toEqual({ name: ["menuItemNameRequired"] });
  });

  test("the order: ids, each once, at most MAX_MENU_ITEMS", () => {
    expect(menuOrderSchema.safeParse({ ids: [ID(1), ID(2)] }).success).toBe(true);
    expect(errorsOf(menuOrderSchema.safeParse({ ids: [ID(1), ID(1)] }))).toEqual({ ids: ["menuOrderInvalid"] });
    expect(errorsOf(menuOrderSchema.safeParse({ ids: [] }))).toEqual({ ids: ["menuOrderInvalid"] });
    expect(errorsOf(menuOrderSchema.safeParse({ ids: ["not-an-id"] }))).toEqual({ "ids.0": ["menuOrderInvalid"] });
    expect(
      menuOrderSchema.safeParse({ ids: Array.from({ length: MAX_MENU_ITEMS + 1 }, (_, i) => ID(i)) }).success,
    ).toBe(false);
  });
});

describe("a pasted menu", () => {
  test("name, price / name | الاسم | price / name | price / name | الاسم / a name alone; blanks and # skipped", () => {
    const text = [
      "# drinks",
      "Karak, 0.350",
      "Spanish latte | سبانش لاتيه | 1.750",
      "",
      "Saffron cake | 1.950 KD",
      "Pistachio kunafa | كنافة بالفستق",
      "Tea, mint, 0.500",
      "Tea, mint",
      "كرك، ٠٫٣٥٠",
      "Water",
    ].join("\n");
    const r = parseMenuText(text);
    expect(r.errors).toEqual({});
    // no "## section" line: every item is in the menu's first, unnamed section
    expect(r.items.every((i) => i.section === null && i.sectionAr === null)).toBe(true);
    expect(r.items.map(({ section: _s, sectionAr: _a, ...i }) => i)).toEqual([
      { line: 2, name: "Karak", nameAr: null, priceKwd: 0.35 },
      { line: 3, name: "Spanish latte", nameAr: "سبانش لاتيه", priceKwd: 1.75 },
      { line: 5, name: "Saffron cake", nameAr: null, priceKwd: 1.95 },
      { line: 6, name: "Pistachio kunafa", nameAr: "كنافة بالفستق", priceKwd: null },
      { line: 7, name: "Tea, mint", nameAr: null, priceKwd: 0.5 },
      { line: 8, name: "Tea, mint", nameAr: null, priceKwd: null },
      { line: 9, name: "كرك", nameAr: null, priceKwd: 0.35 },
      { line: 10, name: "Water", nameAr: null, priceKwd: null },
    ]);
  });

  test("a bad line is named by its number, with the rule that failed", () => {
    const r = parseMenuText("Karak, 0.350\nCake, 3.1234\n, 1.000\na | b | c | d\nTea | 2x");
    expect(r.items.map((i) => i.name)).toEqual(["Karak"]);
    expect(r.errors).toEqual({
      "lines.2": ["menuPriceInvalid"],
      "lines.3": ["menuItemNameRequired"],
      "lines.4": ["menuImportLineInvalid"],
      "lines.5": ["menuPriceInvalid"],
    });
  });
});

describe("menu sections", () => {
  test("an item may name its section in English and Arabic, blank is none, 60 characters at most", () => {
    const ok = menuItemSchema.safeParse({ name: "Karak", section: " Hot drinks ", sectionAr: "مشروبات ساخنة" });
    expect(ok.success && ok.data).toMatchObject({ section: "Hot drinks", sectionAr: "مشروبات ساخنة" });
    const blank = menuItemUpdateSchema.safeParse({ section: "  ", sectionAr: null });
    expect(blank.success && blank.data).toMatchObject({ section: null, sectionAr: null });
    const left = menuItemUpdateSchema.safeParse({ priceKwd: 1 });
    expect(left.success && left.data.section).toBeUndefined();
    const long = menuItemSchema.safeParse({ name: "Karak", section: "x".repeat(61), sectionAr: "ق".repeat(61) });
    expect(errorsOf(long)).toEqual({ section: ["menuSectionTooLong"], sectionAr: ["menuSectionTooLong"] });
    expect(menuItemSchema.safeParse({ name: "Karak", section: "x".repeat(60) }).success).toBe(true);
    expect(messageText("menuSectionTooLong", "ar")).toMatch(/القسم/);
    expect(messageText("menuSectionTooLong", "en")).toMatch(/60/);
    // a section name on two lines is not a name
    expect(menuItemSchema.safeParse({ name: "Karak", section: "Hot\ndrinks" }).success).toBe(false);
  });

  test("a pasted '## Section | القسم' line puts the items below it in that section", () => {
    const r = parseMenuText(
      [
        "Water, 0.250",
        "## Hot drinks | مشروبات ساخنة",
        "Karak, 0.350",
        "Spanish latte | سبانش لاتيه | 1.750",
        "## Desserts",
        "Saffron cake, 1.950",
        "### not a section",
      ].join("\n"),
    );
    expect(r.errors).toEqual({});
    expect(r.items.map((i) => [i.name, i.section, i.sectionAr])).toEqual([
      ["Water", null, null],
      ["Karak", "Hot drinks", "مشروبات ساخنة"],
      ["Spanish latte", "Hot drinks", "مشروبات ساخنة"],
      ["Saffron cake", "Desserts", null],
    ]);
  });

  test("a section line too long or with too many parts is named by its number", () => {
    const r = parseMenuText(["## " + "x".repeat(61), "## a | b | c", "Karak, 0.350"].join("\n"));
    expect(r.errors).toEqual({ "lines.1": ["menuSectionTooLong"], "lines.2": ["menuImportLineInvalid"] });
    expect(r.items).toHaveLength(1);
  });
});
