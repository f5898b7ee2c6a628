// antd's Table copies every column title into a hidden "measure row" (aria-hidden) to size the
// columns. A selection column's title is the "select all" checkbox, so the copy is a focusable
// control inside aria-hidden (axe: aria-hidden-focus) that keyboard users could tab into. The copy
// is made inert; the real header checkbox is untouched.
import { useLayoutEffect, useRef, type ReactNode } from "react";

function MeasureRowSafe({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (ref.current?.closest(".ant-table-measure-row")) ref.current.setAttribute("inert", "");
  }, []);
  return <span ref={ref}>{children}</span>;
}

/** rowSelection.columnTitle for tables with a "select all" checkbox. */
export const measureRowSafeTitle = (checkbox: ReactNode) => <MeasureRowSafe>{checkbox}</MeasureRowSafe>;
