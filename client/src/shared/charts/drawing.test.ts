// preloadDrawing (app/router.tsx calls it beside /analytics' chunk): the drawing's chunk starts before any
// chart renders, and never in a browser that cannot draw (docs/architecture.md#a-light-first-visit).
const mockState = { canDraw: false, loaded: 0 };
jest.mock("./canvas.ts", () => ({ canDraw: () => mockState.canDraw }));
jest.mock("./PlotView.tsx", () => {
  mockState.loaded++;
  return { __esModule: true, default: () => null };
});

import { preloadDrawing } from "./drawing.ts";

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

test("a browser without a canvas never loads the drawing", async () => {
  preloadDrawing();
  await flush();
  expect(mockState.loaded).toBe(0);
});

test("preloadDrawing starts the drawing's chunk before any chart renders", async () => {
  mockState.canDraw = true;
  preloadDrawing();
  await flush();
  expect(mockState.loaded).toBe(1);
});
