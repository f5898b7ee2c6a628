// The heat map of good posting hours (docs/product.md#look-and-feel: "heat maps of good posting hours"): seven weekdays ×
// 24 hours in Kuwait time, the week starting Saturday in Arabic and Sunday in English (docs/product.md#languages-and-preferences), hours
// running from the right in Arabic. Each cell names itself for screen readers ("Thursday 9 PM, score
// 87"); the colour scale has a legend; the weekdays' best hours are outlined.
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../lib/format.ts";
import { useLocale } from "../../lib/useLocale.ts";
import { INSIGHTS_NS } from "./i18n.ts";
import { hourName, weekdayName } from "../../shared/time.ts";
import { WeekHoursTable } from "../../shared/WeekHoursTable.tsx";
import "./i18n.ts";
import "./insights.css";

export interface HeatCell {
  weekday: number;
  hour: number;
  score: number;
}

/** Five steps of the colour scale: 0-19, 20-39, 40-59, 60-79, 80-100. */
const bucketOf = (score: number) => Math.min(4, Math.max(0, Math.floor(score / 20)));

export function PostingHeatmap({
  cells,
  best = [],
}: {
  cells: readonly HeatCell[];
  best?: readonly { weekday: number; hours: readonly number[] }[];
}) {
  const { t } = useTranslation(INSIGHTS_NS);
  const locale = useLocale();
  const scores = new Map(cells.map((c) => [c.weekday * 24 + c.hour, c.score]));
  const top = new Set(best.flatMap((b) => b.hours.slice(0, 1).map((h) => b.weekday * 24 + h)));

  return (
    <div className="sufra-heatmap" data-testid="posting-heatmap">
      <WeekHoursTable
        label={t("heatmap")}
        cell={(w, h) => {
          const score = scores.get(w * 24 + h) ?? 0;
          const label = t("cellLabel", {
            day: weekdayName(w, locale),
            hour: hourName(h, locale),
            score: formatNumber(score, locale),
          });
          return (
            <td
              key={h}
              className={`sufra-heat sufra-heat-${bucketOf(score)}${top.has(w * 24 + h) ? " is-best" : ""}`}
              aria-label={label}
              title={label}
              data-testid={`heat-${w}-${h}`}
              data-score={score}
            />
          );
        }}
      />
      <ul className="sufra-heatmap-legend" aria-label={t("legend")} data-testid="heatmap-legend">
        <li>{t("legendLow")}</li>
        {[0, 1, 2, 3, 4].map((b) => (
          <li
            key={b}
            aria-label={`${formatNumber(b * 20, locale)}–${formatNumber(b === 4 ? 100 : b * 20 + 19, locale)}`}
          >
            <span className={`sufra-heat sufra-heat-${b}`} />
          </li>
        ))}
        <li>{t("legendHigh")}</li>
      </ul>
    </div>
  );
}
