// The drawing itself, in its own chunk (@ant-design/plots is heavy): only screens that show a chart
// load it. Right to left in Arabic: the x scale runs from the right and the value axis stands on the
// right (a bar chart's bars grow leftwards). The canvas itself stays dir="ltr": in an RTL page a
// canvas inherits the direction and G2's start/end aligned labels would be drawn off the edge.
// Axis labels and tooltips go through lib/format.ts.
import {
  Bar,
  Column,
  Heatmap,
  Line,
  type BarConfig,
  type ColumnConfig,
  type HeatmapConfig,
  type LineConfig,
} from "@ant-design/plots";
import type { Locale } from "@sufra/schema";
import { valueFormatter, xAxisLabels, xFormatter } from "./formatters.ts";
import { CHART_PALETTE, HEAT_RANGE, HEAT_RANGE_DARK } from "./palette.ts";
import type { SufraChartProps } from "./types.ts";
import { joinParts } from "../../lib/format.ts";

export interface PlotViewProps {
  chart: SufraChartProps;
  locale: Locale;
  rtl: boolean;
  dark: boolean;
}

type Datum = Record<string, unknown>;

export default function PlotView({ chart, locale, rtl, dark }: PlotViewProps) {
  const fx = xFormatter(chart.xType ?? "category", locale);
  const height = chart.height ?? 280;
  const theme = dark ? "classicDark" : "classic";
  const common = { height, autoFit: true, theme, animate: false as const, axis: {} as Record<string, unknown> };

  if (chart.kind === "heatmap") {
    const fv = valueFormatter(chart.valueFormat ?? "number", locale);
    const config = {
      ...common,
      data: chart.cells.filter((c) => c.value !== null).map((c) => ({ ...c })),
      xField: "x",
      yField: "y",
      colorField: "value",
      mark: "cell",
      style: { inset: 1 },
      scale: { color: { range: [...(dark ? HEAT_RANGE_DARK : HEAT_RANGE)] }, ...(rtl ? { x: { range: [1, 0] } } : {}) },
      axis: {
        x: {
          title: false,
          ...xAxisLabels(chart.xType ?? "category", new Set(chart.cells.map((c) => c.x)).size, locale),
          grid: false,
        },
        y: { title: false, grid: false, position: rtl ? "right" : "left" },
      },
      tooltip: {
        title: (d: Datum) => joinParts([d.y as string, fx(d.x as string)], locale),
        items: [(d: Datum) => ({ name: chart.valueLabel, value: fv(d.value as number) })],
      },
    };
    return (
      <div dir="ltr">
        <Heatmap {...(config as unknown as HeatmapConfig)} />
      </div>
    );
  }

  const fy = valueFormatter(chart.yFormat ?? "number", locale);
  const several = chart.data.some((d) => d.series);
  const palette = [...(chart.colors ?? CHART_PALETTE)];
  const config = {
    ...common,
    data: chart.data.filter((d) => d.y !== null).map((d) => ({ ...d })),
    xField: "x",
    yField: "y",
    ...(several ? { colorField: "series" } : { style: { fill: palette[0], stroke: palette[0] } }),
    scale: {
      color: { range: palette },
      // time runs from the right in Arabic; a bar chart's values grow leftwards
      ...(rtl ? (chart.kind === "bar" ? { y: { range: [0, 1] } } : { x: { range: [1, 0] } }) : {}),
    },
    axis: {
      // a bar chart is transposed: its categories (x) stand on the right in Arabic, its values below
      x: {
        title: false,
        // a bar chart's categories stand one under the other: each keeps its label
        ...(chart.kind === "bar"
          ? { labelFormatter: (v: string | number) => fx(v) }
          : xAxisLabels(chart.xType ?? "category", new Set(chart.data.map((d) => d.x)).size, locale)),
        ...(rtl && chart.kind === "bar" ? { position: "right" } : {}),
      },
      y: {
        title: false,
        labelFormatter: (v: number) => fy(v),
        ...(chart.kind === "bar" ? {} : { position: rtl ? "right" : "left" }),
      },
    },
    legend: several
      ? { color: { position: "top", layout: { justifyContent: rtl ? "flex-end" : "flex-start" } } }
      : false,
    tooltip: {
      title: (d: Datum) => fx(d.x as string),
      items: [(d: Datum) => ({ name: (d.series as string | undefined) ?? chart.yLabel, value: fy(d.y as number) })],
    },
    ...(chart.kind !== "line" && several ? (chart.stack ? { stack: true } : { group: true }) : {}),
    ...(chart.kind === "line" ? { point: { sizeField: 3 } } : {}),
  };
  return (
    <div dir="ltr">
      {chart.kind === "line" ? (
        <Line {...(config as unknown as LineConfig)} />
      ) : chart.kind === "bar" ? (
        <Bar {...(config as unknown as BarConfig)} />
      ) : (
        <Column {...(config as unknown as ColumnConfig)} />
      )}
    </div>
  );
}
