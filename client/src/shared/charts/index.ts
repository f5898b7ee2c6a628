// The shared chart wrapper: import from here. See SufraChart.tsx and types.ts for the props.
export { SufraChart } from "./SufraChart.tsx";
export type { ChartPoint } from "./types.ts";
