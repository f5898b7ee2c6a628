// The drawing's chunk starts loading as soon as a screen with charts loads, beside the screen's own
// queries: the dashboard's chart no longer waits for its figures and then for the chunk in turn.
const mockLoaded = { drawing: false };
jest.mock("./canvas.ts", () => ({ canDraw: () => true }));
jest.mock("./PlotView.tsx", () => {
  mockLoaded.drawing = true;
  return { __esModule: true, default: () => null };
});

test("importing the chart wrapper starts loading the drawing before any chart renders", async () => {
  await import("./SufraChart.tsx");
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(mockLoaded.drawing).toBe(true);
});
