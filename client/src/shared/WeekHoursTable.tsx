// The week-by-hours grid both heat maps draw (posting insights, analytics engagement): seven Kuwait
// weekdays in the person's week (Saturday first in Arabic, Sunday first in English) by 24 hours, the
// hours running from the right in Arabic (the table follows the page's direction). The table scrolls
// sideways on a phone; the region can take focus so keyboards can scroll it. Each caller draws its cells.
import type { ReactNode } from "react";
import { useLocale } from "../lib/useLocale.ts";
import { hourName, weekdayName } from "./time.ts";
import { weekOrder } from "./week.ts";
import "./heatmap.css";

const HOURS = Array.from({ length: 24 }, (_, h) => h);

/** `cell` returns the <td> of one weekday and hour. */
export function WeekHoursTable({ label, cell }: { label: string; cell: (weekday: number, hour: number) => ReactNode }) {
  const locale = useLocale();
  return (
    <div className="sufra-heatmap-scroll" role="region" aria-label={label} tabIndex={0}>
      <table className="sufra-heatmap-table">
        <caption className="sufra-visually-hidden">{label}</caption>
        <thead>
          <tr>
            <td />
            {HOURS.map((h) => (
              <th key={h} scope="col" aria-label={hourName(h, locale)}>
                {/* every third hour is written; each column still names its hour */}
                <span aria-hidden="true">{h % 3 === 0 ? hourName(h, locale) : ""}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weekOrder(locale).map((w) => (
            <tr key={w} data-testid={`heat-row-${w}`}>
              <th scope="row" aria-label={weekdayName(w, locale)}>
                <span aria-hidden="true">{weekdayName(w, locale, "short")}</span>
              </th>
              {HOURS.map((h) => cell(w, h))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
