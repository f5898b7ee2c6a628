// A chart's figures as a plain table: what screen readers read (the canvas says nothing), what a
// person gets with "Show as table", and what is shown where the chart cannot be drawn. Rows follow the
// x values in the order given; a column per series (or per heat-map column). Direction follows the page.
import type { Locale } from "@sufra/schema";
import { useTranslation } from "react-i18next";
import { valueFormatter, xFormatter } from "./formatters.ts";
import { CHARTS_NS } from "./i18n.ts";
import type { SufraChartProps } from "./types.ts";

const ordered = <T,>(values: T[]) => [...new Set(values)];

export function ChartTable({ chart, locale, hidden }: { chart: SufraChartProps; locale: Locale; hidden: boolean }) {
  const { t } = useTranslation(CHARTS_NS);
  const fx = xFormatter(chart.xType ?? "category", locale);
  let head: string[];
  let rows: { key: string; label: string; cells: string[] }[];

  if (chart.kind === "heatmap") {
    const fv = valueFormatter(chart.valueFormat ?? "number", locale);
    const xs = ordered(chart.cells.map((c) => c.x));
    const ys = ordered(chart.cells.map((c) => c.y));
    const at = new Map(chart.cells.map((c) => [`${c.y}\u0000${c.x}`, c.value]));
    head = [chart.yLabel, ...xs.map(fx)];
    rows = ys.map((y) => ({ key: y, label: y, cells: xs.map((x) => fv(at.get(`${y}\u0000${x}`))) }));
  } else {
    const fy = valueFormatter(chart.yFormat ?? "number", locale);
    const series = ordered(chart.data.map((d) => d.series ?? ""));
    const xs = ordered(chart.data.map((d) => d.x));
    const at = new Map(chart.data.map((d) => [`${d.series ?? ""}\u0000${d.x}`, d.y]));
    head = [chart.xLabel, ...(series.length === 1 && !series[0] ? [chart.yLabel] : series)];
    rows = xs.map((x) => ({ key: String(x), label: fx(x), cells: series.map((s) => fy(at.get(`${s}\u0000${x}`))) }));
  }

  const table = (
    <table className={hidden ? "sufra-chart-table sufra-chart-sr" : "sufra-chart-table"} data-testid="chart-table">
      <caption>
        {chart.title}
        {chart.description ? <span className="sufra-chart-sr"> — {chart.description}</span> : null}
      </caption>
      <thead>
        <tr>
          {head.map((h, i) => (
            <th key={i} scope="col">
              <bdi>{h}</bdi>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length ? (
          rows.map((r) => (
            <tr key={r.key}>
              <th scope="row">
                <bdi>{r.label}</bdi>
              </th>
              {r.cells.map((c, i) => (
                <td key={i}>{c}</td>
              ))}
            </tr>
          ))
        ) : (
          <tr>
            <td colSpan={head.length}>{t("noData")}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
  // A table is as wide as its cells whatever its width says, and clipping does not stop it widening
  // the page: a hidden one sits in a 1-pixel box that hides its overflow (a phone would scroll sideways).
  return hidden ? <div className="sufra-chart-sr-box">{table}</div> : table;
}
