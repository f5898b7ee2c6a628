// The shared chart wrapper's props (shared/charts): one component for line, column, bar and heat-map
// charts, drawn lazily with @ant-design/plots and always readable as a table.
export type ValueFormat = "number" | "percent" | "money";
/** How x values read: Kuwait days written YYYY-MM-DD, hours of the day (0-23), or names as given. */
export type XType = "date" | "hour" | "category";

/** One value of a line, column or bar chart: x, its value (null: unknown), and its series when there are several. */
export interface ChartPoint {
  x: string | number;
  y: number | null;
  series?: string;
}

/** One cell of a heat map: a column (x), a row (y) and its value. */
interface HeatCell {
  x: string | number;
  y: string;
  value: number | null;
}

interface CommonProps {
  /** the chart's name: the figure's label and the table's caption */
  title: string;
  /** shown under the title for screen readers and in the table's caption */
  description?: string;
  /** the x values' heading in the table */
  xLabel: string;
  xType?: XType;
  /** pixels; the width follows the container */
  height?: number;
  /** overrides CHART_PALETTE (series in order) */
  colors?: readonly string[];
  /** "hidden" (default): the table is there for screen readers only, with a "Show as table" button; "visible": the table only */
  table?: "hidden" | "visible";
  className?: string;
  "data-testid"?: string;
}

type SeriesChartProps = CommonProps & {
  kind: "line" | "column" | "bar";
  data: readonly ChartPoint[];
  /** the values' heading (a single series) */
  yLabel: string;
  yFormat?: ValueFormat;
  /** column and bar: stack the series instead of placing them side by side */
  stack?: boolean;
};

type HeatmapProps = CommonProps & {
  kind: "heatmap";
  cells: readonly HeatCell[];
  /** the rows' heading in the table */
  yLabel: string;
  valueLabel: string;
  valueFormat?: ValueFormat;
};

export type SufraChartProps = SeriesChartProps | HeatmapProps;
