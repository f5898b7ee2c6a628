// A chart's x axis with a month of days: short day labels ("Nov 12"), about a week apart, never
// rotated, in the person's digits; the tooltip keeps the full date.
import { inLanguage } from "../../../test/render.tsx";
import { setLatinDigits } from "../../lib/format.ts";
import { labelStep, MAX_X_LABELS, xAxisLabels, xFormatter } from "./formatters.ts";

const DAYS = Array.from({ length: 30 }, (_, i) => new Date(Date.UTC(2026, 9, 27 + i)).toISOString().slice(0, 10));
const shown = (axis: ReturnType<typeof xAxisLabels>, xs: readonly (string | number)[]) =>
  xs
    .filter((x, i) => (axis as { labelFilter?: (x: unknown, i: number) => boolean }).labelFilter?.(x, i) ?? true)
    .map((x) => axis.labelFormatter(x));

afterEach(async () => {
  localStorage.clear();
  await inLanguage("en");
});

test("30 days: at most seven short labels from the first day, not rotated, overlaps hidden", () => {
  const axis = xAxisLabels("date", DAYS.length, "en");
  const labels = shown(axis, DAYS);
  expect(labels.length).toBeLessThanOrEqual(MAX_X_LABELS);
  expect(labels.length).toBeGreaterThanOrEqual(5);
  expect(labels[0]).toBe("Oct 27");
  expect(labels[1]).toBe("Nov 1");
  for (const l of labels) expect(l).not.toMatch(/2026/);
  expect(axis).toHaveProperty("transform", [{ type: "hide" }]);
  expect(xFormatter("date", "en")("2026-11-12")).toBe("Nov 12, 2026");
});

test("a week of days keeps every label", () => {
  expect(labelStep(7)).toBe(1);
  expect(shown(xAxisLabels("date", 7, "en"), DAYS.slice(0, 7))).toHaveLength(7);
});

test("names (kinds of post, hashtags) keep every label", () => {
  const names = ["#a", "#b", "#c", "#d", "#e", "#f", "#g", "#h", "#i", "#j"];
  expect(shown(xAxisLabels("category", names.length, "en"), names)).toEqual(names);
});

test("in Arabic, Arabic month names in Arabic-Indic digits; Latin digits when chosen", async () => {
  await inLanguage("ar");
  const labels = shown(xAxisLabels("date", DAYS.length, "ar"), DAYS);
  expect(labels[1]).toBe("١ نوفمبر");
  for (const l of labels) expect(l).not.toMatch(/[0-9]/);
  setLatinDigits(true);
  expect(shown(xAxisLabels("date", DAYS.length, "ar"), DAYS)[1]).toBe("1 نوفمبر");
});
