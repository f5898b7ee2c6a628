// The shared chart wrapper: import from here. See SufraChart.tsx and types.ts for the props.
export { SufraChart } from "./SufraChart.tsx";
export { ChartTable } from "./ChartTable.tsx";
export { CHART_PALETTE, HEAT_RANGE } from "./palette.ts";
export { valueFormatter, xFormatter } from "./formatters.ts";
export type {
  ChartPoint,
  HeatCell,
  HeatmapProps,
  SeriesChartProps,
  SufraChartProps,
  ValueFormat,
  XType,
} from "./types.ts";
