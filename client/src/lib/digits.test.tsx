// The person's digits everywhere (Arabic-Indic in Arabic unless they chose Latin ones): a number put
// into a text as it is ("آخر 28 يومًا"), the Holidays year box (an InputNumber) and the date pickers'
// values, cells and header (shared/DatePicker.tsx).
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { InputNumber } from "antd";
import dayjs from "dayjs";
import { DatePicker } from "../shared/DatePicker.tsx";
import i18n from "../i18n/index.ts";
import { COMPETITORS_NS } from "../modules/competitors/i18n.ts";
import { inLanguage, renderAt } from "../../test/render.tsx";
import { digitsInput, setLatinDigits } from "./format.ts";

const LATIN = /[0-9]/;
const ARABIC_INDIC = /[٠-٩]/;

/** What a person sees of an open date picker: the input's value and the calendar's header and cells. */
async function openPickerText(range = false) {
  const value = dayjs("2026-11-12T12:00:00");
  renderAt(
    "/",
    range ? (
      <DatePicker.RangePicker open value={[value, value.add(3, "day")]} />
    ) : (
      <DatePicker open value={value} format="D MMMM YYYY" />
    ),
  );
  await waitFor(() => expect(document.querySelector(".ant-picker-cell")).not.toBeNull());
  const inputs = [...document.querySelectorAll<HTMLInputElement>(".ant-picker input")].map((i) => i.value).join(" ");
  return `${inputs} ${document.querySelector(".ant-picker-dropdown")?.textContent ?? ""}`;
}

afterEach(async () => {
  localStorage.clear();
  await inLanguage("en");
});

describe.each([
  ["Arabic-Indic", "arab", ARABIC_INDIC, LATIN],
  ["Latin", "latn", LATIN, ARABIC_INDIC],
] as const)("in Arabic with %s digits chosen", (_name, choice, wanted, unwanted) => {
  beforeEach(async () => {
    setLatinDigits(choice === "latn");
    await inLanguage("ar");
  });

  test("a number put into a text as it is", () => {
    const text = i18n.t("summary.window", { ns: COMPETITORS_NS, days: 28 });
    expect(text).toMatch(wanted);
    expect(text).not.toMatch(unwanted);
  });

  test("the Holidays year box shows the year and reads what is typed in either digits", () => {
    const changed = jest.fn();
    render(<InputNumber aria-label="year" {...digitsInput("ar")} value={2026} onChange={changed} />);
    const box = screen.getByRole("spinbutton", { name: "year" }) as HTMLInputElement;
    expect(box.value).toMatch(wanted);
    expect(box.value).not.toMatch(unwanted);
    fireEvent.change(box, { target: { value: "٢٠٢٧" } });
    expect(changed).toHaveBeenLastCalledWith(2027);
    fireEvent.change(box, { target: { value: "2028" } });
    expect(changed).toHaveBeenLastCalledWith(2028);
  });

  test.each([false, true])("a date picker's value, header and cells (a range: %s)", async (range) => {
    const text = await openPickerText(range);
    expect(text).toMatch(wanted);
    expect(text).not.toMatch(unwanted);
  });

  test("a date typed in either digits is read", async () => {
    const changed = jest.fn();
    renderAt("/", <DatePicker aria-label="day" format="YYYY-MM-DD" onChange={changed} />);
    const box = screen.getByRole("textbox", { name: "day" });
    fireEvent.mouseDown(box);
    fireEvent.change(box, { target: { value: "٢٠٢٦-١١-١٢" } });
    fireEvent.keyDown(box, { key: "Enter", code: "Enter" });
    await waitFor(() => expect(changed).toHaveBeenCalled());
    expect((changed.mock.calls.at(-1)![0] as dayjs.Dayjs).format("YYYY-MM-DD")).toBe("2026-11-12");
  });
});

test("in English, Latin digits whatever was chosen for Arabic", async () => {
  setLatinDigits(false);
  await inLanguage("en");
  expect(i18n.t("summary.window", { ns: COMPETITORS_NS, days: 28 })).toBe(
    "Your figures over the last 28 days, against each competitor's latest reading.",
  );
  render(<InputNumber aria-label="year" {...digitsInput("en")} value={2026} />);
  expect(screen.getByRole("spinbutton", { name: "year" })).toHaveValue("2026");
  expect(await openPickerText()).not.toMatch(ARABIC_INDIC);
});

test("every screen takes its date pickers from shared/DatePicker.tsx, not antd's", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { readdirSync, readFileSync } = require("node:fs") as typeof import("node:fs");
  const root = `${__dirname}/..`;
  const sources = (readdirSync(root, { recursive: true }) as string[]).filter(
    (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith("shared/DatePicker.tsx"),
  );
  const offenders = sources.filter((f) =>
    /import\s*\{[^}]*\bDatePicker\b[^}]*\}\s*from\s*"antd"/.test(readFileSync(`${root}/${f}`, "utf8")),
  );
  expect(offenders).toEqual([]);
});
