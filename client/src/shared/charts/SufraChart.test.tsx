// The shared chart wrapper: its figures as a table (series as columns, a heat map's rows and hours),
// numbers and dates through lib/format.ts in the person's digits, hidden for screen readers while the
// drawing shows, "Show as table", and the table in the drawing's place when it cannot be drawn (no
// canvas, as in jsdom, or a drawing that fails).
import { render, screen, within, fireEvent } from "@testing-library/react";
import { act } from "react";
import { inLanguage } from "../../../test/render.tsx";
import { setLatinDigits } from "../../lib/format.ts";
import { SufraChart } from "./SufraChart.tsx";
import type { SufraChartProps } from "./types.ts";

const mockDrawing = { canDraw: false, fails: false };
jest.mock("./canvas.ts", () => ({ canDraw: () => mockDrawing.canDraw }));
// the real drawing needs a canvas; here a stand-in draws a marker, or fails as a broken drawing would
jest.mock("./PlotView.tsx", () => ({
  __esModule: true,
  default: () => {
    if (mockDrawing.fails) throw new Error("no 2d context");
    return <div data-testid="plot">drawn</div>;
  },
}));

const followers: SufraChartProps = {
  kind: "line",
  title: "Followers",
  xLabel: "Day",
  yLabel: "Followers",
  xType: "date",
  data: [
    { x: "2026-03-01", y: 1000, series: "You" },
    { x: "2026-03-08", y: 1500, series: "You" },
    { x: "2026-03-01", y: 12500, series: "Cafe X" },
    { x: "2026-03-08", y: null, series: "Cafe X" },
  ],
};

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .map((r) => [...r.querySelectorAll("th, td")].map((c) => c.textContent));

afterEach(() => {
  mockDrawing.canDraw = false;
  mockDrawing.fails = false;
  setLatinDigits(false);
});

describe("SufraChart", () => {
  test("without a canvas the figures show as a table, series as columns, missing values as a dash", async () => {
    await inLanguage("en");
    render(<SufraChart {...followers} />);
    expect(screen.getByRole("note")).toHaveTextContent("The chart could not be drawn here");
    const table = screen.getByRole("table", { name: "Followers" });
    expect(table).not.toHaveClass("sufra-chart-sr");
    expect(cells(table)).toEqual([
      ["Day", "You", "Cafe X"],
      ["Mar 1, 2026", "1,000", "12,500"],
      ["Mar 8, 2026", "1,500", "—"],
    ]);
    expect(screen.queryByTestId("plot")).toBeNull();
  });

  test("Arabic: Arabic-Indic digits by default, Latin when the person chose them; percentages", async () => {
    await inLanguage("ar");
    const engagement: SufraChartProps = {
      kind: "bar",
      title: "التفاعل",
      xLabel: "الحساب",
      yLabel: "متوسط التفاعل",
      yFormat: "percent",
      data: [
        { x: "أنت", y: 14.25 },
        { x: "Cafe X", y: 1.8 },
      ],
    };
    const { unmount } = render(<SufraChart {...engagement} />);
    expect(cells(screen.getByRole("table", { name: "التفاعل" }))).toEqual([
      ["الحساب", "متوسط التفاعل"],
      ["أنت", "١٤٫٣٪؜"],
      ["Cafe X", "١٫٨٪؜"],
    ]);
    expect(screen.getByRole("note")).toHaveTextContent("تعذّر رسم الرسم البياني هنا");
    unmount();
    setLatinDigits(true);
    render(<SufraChart {...engagement} />);
    expect(cells(screen.getByRole("table", { name: "التفاعل" }))[1]).toEqual(["أنت", "14.3\u200e%\u200e"]);
  });

  test("a heat map reads as rows by hours", async () => {
    await inLanguage("en");
    render(
      <SufraChart
        kind="heatmap"
        title="Good hours"
        xLabel="Hour"
        xType="hour"
        yLabel="Day"
        valueLabel="Engagement"
        cells={[
          { x: 9, y: "Friday", value: 3 },
          { x: 21, y: "Friday", value: 12 },
          { x: 9, y: "Saturday", value: null },
          { x: 21, y: "Saturday", value: 7 },
        ]}
      />,
    );
    expect(cells(screen.getByRole("table", { name: "Good hours" }))).toEqual([
      ["Day", "9:00 AM", "9:00 PM"],
      ["Friday", "3", "12"],
      ["Saturday", "—", "7"],
    ]);
  });

  test("with a canvas: the drawing shows, the table stays for screen readers, and Show as table swaps them", async () => {
    await inLanguage("en");
    mockDrawing.canDraw = true;
    render(<SufraChart {...followers} />);
    expect(await screen.findByTestId("plot")).toHaveTextContent("drawn");
    const hidden = screen.getByRole("table", { name: "Followers" });
    expect(hidden).toHaveClass("sufra-chart-sr");
    // in a clipping box: a table is as wide as its cells whatever its own width, and would widen a phone's page
    expect(hidden.parentElement).toHaveClass("sufra-chart-sr-box");
    expect(screen.getByRole("figure", { name: "Followers" })).toBeInTheDocument();
    fireEvent.click(screen.getByRole("button", { name: "Show as table" }));
    expect(screen.queryByTestId("plot")).toBeNull();
    expect(screen.getByRole("table", { name: "Followers" })).not.toHaveClass("sufra-chart-sr");
    fireEvent.click(screen.getByRole("button", { name: "Show as chart" }));
    expect(await screen.findByTestId("plot")).toBeInTheDocument();
  });

  test("a drawing that fails leaves the table in its place, and the screen goes on", async () => {
    await inLanguage("en");
    mockDrawing.canDraw = true;
    mockDrawing.fails = true;
    // React reports the caught error on the console; the boundary handles it
    const quiet = jest.spyOn(console, "error").mockImplementation(() => {});
    await act(async () => {
      render(<SufraChart {...followers} />);
    });
    quiet.mockRestore();
    expect(await screen.findByRole("note")).toHaveTextContent("The chart could not be drawn here");
    expect(screen.getByRole("table", { name: "Followers" })).not.toHaveClass("sufra-chart-sr");
    expect(screen.queryByRole("button", { name: "Show as table" })).toBeNull();
  });

  test("nothing to draw says so", async () => {
    await inLanguage("en");
    render(<SufraChart kind="column" title="Posts" xLabel="Week" yLabel="Posts" data={[{ x: "W1", y: null }]} />);
    expect(screen.getByText("Nothing to show yet")).toBeInTheDocument();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
