// The drawing's chunk (about 330 KB brotli) is not part of a screen's first visit unless a chart is in view:
// importing the chart wrapper loads nothing, a chart loads it when it comes into view (preloadDrawing,
// for screens whose charts open them, is in drawing.test.ts) (docs/architecture.md#a-light-first-visit).
import { act, render } from "@testing-library/react";

const mockLoaded = { drawing: 0 };
jest.mock("./canvas.ts", () => ({ canDraw: () => true }));
jest.mock("./PlotView.tsx", () => {
  mockLoaded.drawing++;
  return { __esModule: true, default: () => <div data-testid="plot">drawn</div> };
});

/** An IntersectionObserver the test drives: `show()` brings every observed element into view. */
const observed: { cb: IntersectionObserverCallback; el: Element }[] = [];
class FakeObserver {
  constructor(private cb: IntersectionObserverCallback) {}
  observe(el: Element) {
    observed.push({ cb: this.cb, el });
  }
  disconnect() {}
}
const show = () =>
  act(() => {
    for (const { cb, el } of observed.splice(0))
      cb([{ isIntersecting: true, target: el } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
  });

beforeAll(() => {
  Object.assign(globalThis, { IntersectionObserver: FakeObserver });
});
afterAll(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
});

const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

test("importing the chart wrapper does not load the drawing", async () => {
  await import("./SufraChart.tsx");
  await flush();
  expect(mockLoaded.drawing).toBe(0);
});

test("a chart out of view shows its skeleton and loads the drawing once it comes into view", async () => {
  const { SufraChart } = await import("./SufraChart.tsx");
  const { findByTestId, queryByTestId } = render(
    <SufraChart kind="column" title="Reach" xLabel="Day" yLabel="Reach" data={[{ x: "Mon", y: 3 }]} />,
  );
  await flush();
  expect(mockLoaded.drawing).toBe(0);
  expect(queryByTestId("plot")).toBeNull();
  expect(observed).toHaveLength(1);
  show();
  expect(await findByTestId("plot")).toHaveTextContent("drawn");
  expect(mockLoaded.drawing).toBe(1);
});

test("once the drawing was asked for, a chart out of view draws at once", async () => {
  const { SufraChart } = await import("./SufraChart.tsx");
  const { findByTestId } = render(
    <SufraChart kind="line" title="Views" xLabel="Day" yLabel="Views" data={[{ x: "Tue", y: 5 }]} />,
  );
  expect(await findByTestId("plot")).toHaveTextContent("drawn");
  expect(observed).toHaveLength(0);
});
