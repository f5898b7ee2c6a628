// Information notes: one style (an info alert), on a ground that reads as help rather than as a
// disabled grey block, with text at AA (4.5:1) and the icon at 3:1 in the light and the dark theme.
import { render, screen } from "@testing-library/react";
import { theme } from "antd";
import { contrastRatio, luminance } from "./contrast.ts";
import { Note } from "../shared/Note.tsx";
import { sufraTheme } from "./theme.ts";

describe.each([
  ["light", false],
  ["dark", true],
])("the note's colours in the %s theme", (_name, dark) => {
  const token = theme.getDesignToken(sufraTheme(dark, false));

  test("title and text reach 4.5:1 on the note's ground", () => {
    expect(contrastRatio(token.colorTextHeading, token.colorInfoBg)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(token.colorText, token.colorInfoBg)).toBeGreaterThanOrEqual(4.5);
  });

  test("the icon reaches 3:1 on the note's ground (a graphic that carries meaning)", () => {
    expect(contrastRatio(token.colorInfo, token.colorInfoBg)).toBeGreaterThanOrEqual(3);
  });

  test("the ground is a pale tint in the light theme and a dark one in the dark theme, never a mid grey", () => {
    if (dark) expect(luminance(token.colorInfoBg)).toBeLessThan(0.05);
    else expect(luminance(token.colorInfoBg)).toBeGreaterThan(0.8);
  });
});

test("contrastRatio agrees with WCAG's reference figures", () => {
  expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
  expect(contrastRatio("#777777", "#ffffff")).toBeCloseTo(4.48, 2);
  expect(contrastRatio("rgba(0,0,0,0.5)", "#ffffff")).toBeCloseTo(contrastRatio("#808080", "#ffffff"), 1);
});

test("a note is an info alert with its icon, title and text", () => {
  render(<Note title="Post after Maghrib" description="The evening's best hours" data-testid="tip" />);
  const note = screen.getByTestId("tip");
  expect(note).toHaveClass("ant-alert-info", "sufra-note");
  expect(note.querySelector(".anticon")).not.toBeNull();
  expect(note).toHaveTextContent("Post after Maghrib");
  expect(note).toHaveTextContent("The evening's best hours");
});
