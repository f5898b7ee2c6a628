// The drawing's chunk (@ant-design/plots, about 330 KB brotli, more than a whole signed-in first visit
// should weigh: docs/architecture.md#a-light-first-visit): loaded once, by the first chart that comes into view,
// or ahead by a screen whose charts open it (app/router.tsx starts it beside /analytics' own chunk).
import { canDraw } from "./canvas.ts";

export const loadDrawing = () => import("./PlotView.tsx");

/** Starts loading the drawing where the browser can draw; a failed load shows again, and is caught, at render. */
export function preloadDrawing() {
  if (canDraw()) void loadDrawing().catch(() => {});
}
