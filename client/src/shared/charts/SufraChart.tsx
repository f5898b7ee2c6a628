// The shared chart (shared/charts): a figure with the drawing, loaded lazily behind a skeleton, and its
// figures as a table, hidden for screen readers (and tests) unless the person asks for it with "Show
// as table". Where the drawing cannot load or draw (no canvas, an old browser), the table takes its
// place, visibly, and the screen goes on working.
import { Button, Skeleton, Typography } from "antd";
import { Component, lazy, Suspense, useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../lib/useLocale.ts";
import { useTheme } from "../../lib/preferences.ts";
import { canDraw } from "./canvas.ts";
import { ChartTable } from "./ChartTable.tsx";
import { CHARTS_NS } from "./i18n.ts";
import type { SufraChartProps } from "./types.ts";
import "./charts.css";

const loadDrawing = () => import("./PlotView.tsx");
const PlotView = lazy(loadDrawing);
// The drawing's chunk (@ant-design/plots, about 1.5 MB) starts loading with the screen that shows
// charts, beside the screen's own queries, rather than after its figures arrive (which made the
// dashboard's chart wait for its query and then for the chunk, one after the other).
// (After the importing modules have run: canDraw reads the page as it is then.) A failed load shows
// again, and is caught, at render.
queueMicrotask(() => {
  if (canDraw()) void loadDrawing().catch(() => {});
});

/** Catches a drawing that fails to load or render, and says so once. */
class DrawingBoundary extends Component<{ onFailed: () => void; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch() {
    // the table shows the same figures: the person reads the note, nothing more to report
    this.props.onFailed();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function SufraChart(props: SufraChartProps) {
  const { t } = useTranslation(CHARTS_NS);
  const locale = useLocale();
  const { dark } = useTheme();
  const [asTable, setAsTable] = useState(props.table === "visible");
  const [failed, setFailed] = useState(() => !canDraw());
  const titleId = useId();
  const height = props.height ?? 280;
  const empty =
    props.kind === "heatmap" ? !props.cells.some((c) => c.value !== null) : !props.data.some((d) => d.y !== null);

  const unavailable = (
    <div className="sufra-chart-unavailable" role="note">
      <Typography.Text type="secondary">{t("unavailable")}</Typography.Text>
      <ChartTable chart={props} locale={locale} hidden={false} />
    </div>
  );

  return (
    <figure
      className={["sufra-chart", props.className].filter(Boolean).join(" ")}
      aria-labelledby={titleId}
      data-testid={props["data-testid"]}
    >
      <figcaption className="sufra-chart-head">
        <span id={titleId} className="sufra-chart-title">
          {props.title}
        </span>
        {props.table !== "visible" && !empty && !failed && (
          <Button
            size="small"
            type="link"
            onClick={() => setAsTable((v) => !v)}
            aria-pressed={asTable}
            className="sufra-chart-toggle"
          >
            {asTable ? t("showChart") : t("showTable")}
          </Button>
        )}
      </figcaption>
      {empty ? (
        <div className="sufra-chart-empty" style={{ minBlockSize: Math.min(height, 120) }}>
          <Typography.Text type="secondary">{t("noData")}</Typography.Text>
        </div>
      ) : asTable ? (
        <ChartTable chart={props} locale={locale} hidden={false} />
      ) : failed ? (
        unavailable
      ) : (
        <>
          <div className="sufra-chart-canvas" style={{ minBlockSize: height }} aria-hidden="true">
            <DrawingBoundary onFailed={() => setFailed(true)}>
              <Suspense
                fallback={
                  <Skeleton.Node
                    active
                    className="sufra-chart-skeleton"
                    style={{ blockSize: height }}
                    aria-label={t("loading")}
                  />
                }
              >
                <PlotView chart={props} locale={locale} rtl={locale === "ar"} dark={dark} />
              </Suspense>
            </DrawingBoundary>
          </div>
          <ChartTable chart={props} locale={locale} hidden />
        </>
      )}
    </figure>
  );
}
