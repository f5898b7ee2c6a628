// The drawing's chunk (@ant-design/plots, about 330 KB brotli, more than a whole signed-in first visit
// should weigh: docs/architecture.md#a-light-first-visit): loaded once, by the first chart that comes into view,
// or ahead by a screen whose charts open it (app/router.tsx starts it beside /analytics' own chunk).
import { canDraw } from "./canvas.ts";

let requested = false;

export const loadDrawing = () => {
  requested = true;
  return import("./PlotView.tsx");
};

/** Whether the drawing was asked for already (a chart seen, or a screen's preload): charts then draw at once. */
export const drawingRequested = () => requested;

/** Starts loading the drawing where the browser can draw; a failed load shows again, and is caught, at render. */
export function preloadDrawing() {
  if (canDraw()) void loadDrawing().catch(() => {});
}
