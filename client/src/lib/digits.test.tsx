// The person's digits everywhere (Arabic-Indic in Arabic unless they chose Latin ones): a number put
// into a text as it is ("آخر 28 يومًا") and the Holidays year box (an InputNumber).
import { fireEvent, render, screen } from "@testing-library/react";
import { InputNumber } from "antd";
import i18n from "../i18n/index.ts";
import { COMPETITORS_NS } from "../modules/competitors/i18n.ts";
import { inLanguage } from "../../test/render.tsx";
import { digitsInput, setLatinDigits } from "./format.ts";

const LATIN = /[0-9]/;
const ARABIC_INDIC = /[٠-٩]/;

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
});

test("in English, Latin digits whatever was chosen for Arabic", async () => {
  setLatinDigits(false);
  await inLanguage("en");
  expect(i18n.t("summary.window", { ns: COMPETITORS_NS, days: 28 })).toBe("Your figures over the last 28 days, against each competitor's latest reading.");
  render(<InputNumber aria-label="year" {...digitsInput("en")} value={2026} />);
  expect(screen.getByRole("spinbutton", { name: "year" })).toHaveValue("2026");
});
