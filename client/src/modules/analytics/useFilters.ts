// The screen's filters, kept in the URL (a link or a reload shows the same figures), with Kuwait's
// today read once per render.
import { kuwaitDate } from "@sufra/schema";
import { useSearchParams } from "react-router-dom";
import { readFilters, writeFilters, type Filters } from "./model.ts";

export function useFilters(): [Filters, (change: Partial<Filters>) => void, string] {
  const [params, setParams] = useSearchParams();
  const today = kuwaitDate();
  const filters = readFilters(params, today);
  // the previous screen stays one step back: filter changes replace the entry instead of piling up
  const change = (c: Partial<Filters>) => setParams((p) => writeFilters(p, c), { replace: true });
  return [filters, change, today];
}
