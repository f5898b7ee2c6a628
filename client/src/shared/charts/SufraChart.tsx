// The shared chart (shared/charts): a figure with the drawing, loaded lazily behind a skeleton, and its
// figures as a table, hidden for screen readers (and tests) unless the person asks for it with "Show
// as table". Where the drawing cannot load or draw (no canvas, an old browser), the table takes its
// place, visibly, and the screen goes on working.
import { Button, Skeleton, Typography } from "antd";
import { Component, lazy, Suspense, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../lib/useLocale.ts";
import { useTheme } from "../../lib/preferences.ts";
import { canDraw } from "./canvas.ts";
import { ChartTable } from "./ChartTable.tsx";
import { drawingRequested, loadDrawing } from "./drawing.ts";
import { CHARTS_NS } from "./i18n.ts";
import type { SufraChartProps } from "./types.ts";
import "./charts.css";

const PlotView = lazy(loadDrawing);

/**
 * Whether the figure has come into view (or within a little of it): the drawing's chunk is fetched then, so
 * a screen whose charts sit below the fold (the dashboard's) does not carry it on a first visit
 * (docs/architecture.md#a-light-first-visit). At once without IntersectionObserver, or when the drawing was
 * asked for already (another chart, or the screen's preload: /analytics).
 */
function useSeen() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === "undefined" || drawingRequested());
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: "50px" },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

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
  const [canvasRef, seen] = useSeen();
  const height = props.height ?? 280;
  const empty =
    props.kind === "heatmap" ? !props.cells.some((c) => c.value !== null) : !props.data.some((d) => d.y !== null);

  const skeleton = (
    <Skeleton.Node active className="sufra-chart-skeleton" style={{ blockSize: height }} aria-label={t("loading")} />
  );
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
          <div ref={canvasRef} className="sufra-chart-canvas" style={{ minBlockSize: height }} aria-hidden="true">
            <DrawingBoundary onFailed={() => setFailed(true)}>
              <Suspense fallback={skeleton}>
                {seen ? <PlotView chart={props} locale={locale} rtl={locale === "ar"} dark={dark} /> : skeleton}
              </Suspense>
            </DrawingBoundary>
          </div>
          <ChartTable chart={props} locale={locale} hidden />
        </>
      )}
    </figure>
  );
}
