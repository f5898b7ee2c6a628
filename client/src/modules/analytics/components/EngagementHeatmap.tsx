// The posting-hour heat map: seven Kuwait weekdays (in the person's week: Saturday first in Arabic,
// Sunday first in English, as the calendar) by 24 hours,
// each cell the engagement per post of the posts that went out then, on the insights' colour scale
// (PostingHeatmap's look), relative to the best cell. Hours run from the right in Arabic (the table
// follows the page's direction); each cell names itself for screen readers.
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { hourName, weekdayName } from "../../../shared/time.ts";
import { WeekHoursTable } from "../../../shared/WeekHoursTable.tsx";
import { ANALYTICS_NS } from "../i18n.ts";

export interface EngagementCell {
  weekday: number;
  hour: number;
  posts: number;
  averageEngagement?: number | null;
}

/** Five steps of the insights' scale, by the share of the best cell. */
const stepOf = (value: number, best: number) => (best > 0 ? Math.min(4, Math.floor((value / best) * 5)) : 0);

export function EngagementHeatmap({ cells }: { cells: readonly EngagementCell[] }) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const at = new Map(cells.map((c) => [c.weekday * 24 + c.hour, c]));
  const best = Math.max(0, ...cells.map((c) => (c.posts ? (c.averageEngagement ?? 0) : 0)));
  const round = (n: number) => formatNumber(Math.round(n * 10) / 10, locale);

  return (
    <div className="sufra-heatmap" data-testid="engagement-heatmap">
      <p className="sufra-visually-hidden">{t("heatmap.description")}</p>
      <WeekHoursTable
        label={t("heatmap.title")}
        cell={(w, h) => {
          const c = at.get(w * 24 + h);
          const day = weekdayName(w, locale);
          const hour = hourName(h, locale);
          if (!c?.posts) {
            const label = t("heatmap.empty", { day, hour });
            return (
              <td
                key={h}
                className="sufra-heat is-empty"
                aria-label={label}
                title={label}
                data-testid={`heat-${w}-${h}`}
              />
            );
          }
          const value = c.averageEngagement ?? 0;
          const label = t("heatmap.cell", {
            day,
            hour,
            posts: formatNumber(c.posts, locale),
            engagement: round(value),
          });
          return (
            <td
              key={h}
              className={`sufra-heat sufra-heat-${stepOf(value, best)}`}
              aria-label={label}
              title={label}
              data-testid={`heat-${w}-${h}`}
              data-value={value}
            />
          );
        }}
      />
      <ul className="sufra-heatmap-legend" aria-label={t("heatmap.legend")}>
        <li>
          <span className="sufra-heat is-empty" aria-hidden="true" /> {t("heatmap.noPosts")}
        </li>
        <li>{t("heatmap.low")}</li>
        {[0, 1, 2, 3, 4].map((b) => (
          <li key={b} aria-hidden="true">
            <span className={`sufra-heat sufra-heat-${b}`} />
          </li>
        ))}
        <li>{t("heatmap.high")}</li>
      </ul>
    </div>
  );
}
