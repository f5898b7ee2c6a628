// The period (presets or a custom range of Kuwait days), the campaign, and, for a business with both
// demo and real accounts, whether demo accounts' simulated figures count. All kept in the URL.
import { ANALYTICS_MAX_DAYS, daysBetween } from "@sufra/schema";
import { Select, Switch } from "antd";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import dayjs, { type Dayjs } from "dayjs";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { ANALYTICS_NS } from "../i18n.ts";
import { PERIOD_DAYS, PERIODS, type Filters, type Period } from "../model.ts";
import { useSimulatedKind } from "../../../shared/simulated.ts";

export interface CampaignOption {
  id: string;
  name: string;
}

const day = (d: Dayjs) => d.format("YYYY-MM-DD");

export function FiltersBar({
  filters,
  today,
  onChange,
  campaigns,
  mixedAccounts,
  simulatedIncluded,
}: {
  filters: Filters;
  today: string;
  onChange: (change: Partial<Filters>) => void;
  campaigns: readonly CampaignOption[];
  /** the business has demo accounts and real ones: offer the switch */
  mixedAccounts: boolean;
  /** what the server counted (the switch's state when the person has not chosen) */
  simulatedIncluded: boolean;
}) {
  const { t } = useTranslation(ANALYTICS_NS);
  const locale = useLocale();
  const simKind = useSimulatedKind();
  const ids = { period: useId(), range: useId(), campaign: useId(), demo: useId() };
  const periodLabel = (p: Period) => t(`period.${p}`, { n: formatNumber(PERIOD_DAYS[p] ?? 0, locale) });

  return (
    <div className="sufra-analytics-filters" role="group" aria-label={t("filters")}>
      <div className="sufra-analytics-filter">
        <label htmlFor={ids.period}>{t("period.label")}</label>
        <Select<Period>
          id={ids.period}
          value={filters.period}
          onChange={(period) =>
            onChange(period === "custom" ? { period, from: filters.from, to: filters.to } : { period })
          }
          options={PERIODS.map((p) => ({ value: p, label: periodLabel(p) }))}
          data-testid="period-select"
        />
      </div>
      {filters.period === "custom" && (
        <div className="sufra-analytics-filter" data-testid="range-filter">
          <span className="sufra-analytics-filter-label" id={ids.range}>
            {t("period.pick")}
          </span>
          <DatePicker.RangePicker
            aria-labelledby={ids.range}
            value={[dayjs(filters.from), dayjs(filters.to)]}
            allowClear={false}
            // Kuwait days: none after today, and at most the range the server takes
            disabledDate={(d, info) =>
              day(d) > today || (!!info.from && Math.abs(daysBetween(day(info.from), day(d))) + 1 > ANALYTICS_MAX_DAYS)
            }
            onChange={(v) => {
              const [from, to] = v ?? [];
              if (from && to) onChange({ period: "custom", from: day(from), to: day(to) });
            }}
          />
        </div>
      )}
      <div className="sufra-analytics-filter">
        <label htmlFor={ids.campaign}>{t("campaign.label")}</label>
        <Select<string>
          id={ids.campaign}
          value={filters.campaignId ?? ""}
          onChange={(v) => onChange({ campaignId: v || undefined })}
          options={[
            { value: "", label: t("campaign.all") },
            ...campaigns.map((c) => ({ value: c.id, label: <bdi>{c.name}</bdi> })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="campaign-select"
        />
      </div>
      {mixedAccounts && (
        <div className="sufra-analytics-filter">
          <label htmlFor={ids.demo}>{t(`simulated.switch.${simKind}`)}</label>
          <Switch
            id={ids.demo}
            checked={filters.includeSimulated ?? simulatedIncluded}
            onChange={(on) => onChange({ includeSimulated: on })}
            data-testid="simulated-switch"
          />
        </div>
      )}
    </div>
  );
}
