// The schedule picker's row of suggested times ("Thu 9:30 PM · after Isha"), from the posting
// insights: a click sets the picker to that time. Nothing shows while they load or if there are none.
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../lib/useLocale.ts";
import { INSIGHTS_NS } from "./i18n.ts";
import { slotName } from "../../shared/time.ts";
import { reasonKey, useSuggestedTimes } from "./data.ts";
import "./i18n.ts";
import "./insights.css";
import { partSeparator } from "../../lib/format.ts";

export function SuggestedTimeChips({ value, onPick }: { value: string | null; onPick: (iso: string) => void }) {
  const { t } = useTranslation(INSIGHTS_NS);
  const locale = useLocale();
  const suggestions = useSuggestedTimes();
  if (!suggestions.length) return null;
  const chosen = value ? Date.parse(value) : NaN;
  return (
    <div className="sufra-suggested-times" role="group" aria-label={t("suggested")} data-testid="suggested-times">
      <span className="sufra-suggested-times-label" aria-hidden="true">
        {t("suggested")}
      </span>
      {suggestions.map((s) => {
        const time = slotName(s.at, locale);
        const reason = t(reasonKey(s.reason));
        const on = Date.parse(s.at) === chosen;
        return (
          <Button
            key={s.at}
            size="small"
            shape="round"
            type={on ? "primary" : "default"}
            aria-pressed={on}
            aria-label={t("pick", { time, reason })}
            onClick={() => onPick(s.at)}
            data-testid="suggested-time"
          >
            <bdi>{time}</bdi>
            {partSeparator(locale)}
            {reason}
          </Button>
        );
      })}
    </div>
  );
}
