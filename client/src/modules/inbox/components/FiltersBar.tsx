// The inbox's filters: source, branch, unanswered only, stars, tone, topic, language and the days it was
// written. Each change goes to the address bar (the page reads the filters from there), so a filtered
// inbox is a link; "Clear" empties them all. On a phone the fields fold behind one "Filters" button that
// says how many are on, so the list starts on the first screen.
import {
  REVIEW_SENTIMENT_KEYS,
  REVIEW_SENTIMENTS,
  REVIEW_SOURCE_KEYS,
  REVIEW_TOPIC_KEYS,
  REVIEW_TOPICS,
} from "@sufra/schema";
import { Badge, Button, Drawer, Grid, Select, Switch } from "antd";
import { FilterOutlined } from "@ant-design/icons";
import dayjs from "dayjs";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { DatePicker } from "../../../shared/DatePicker.tsx";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { INBOX_NS } from "../i18n.ts";
import { filterCount, type InboxFilters } from "../model.ts";
import { sourceLabel } from "./bits.tsx";

const ALL = "";

type Props = { filters: InboxFilters; branches: { id: string; title: string }[]; onChange: (f: InboxFilters) => void };

export function FiltersBar(props: Props) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const small = !Grid.useBreakpoint().md;
  const [open, setOpen] = useState(false);
  if (!small) return <FilterFields {...props} />;
  const on = filterCount(props.filters);
  const label = on ? t("filters.buttonOn", { n: formatNumber(on, locale) }) : t("filters.button");
  return (
    <>
      <Button
        icon={<FilterOutlined />}
        onClick={() => setOpen(true)}
        aria-label={label}
        aria-expanded={open}
        className="sufra-inbox-filters-toggle"
        data-testid="filters-toggle"
      >
        {t("filters.button")}
        {on > 0 && <Badge count={formatNumber(on, locale)} className="sufra-inbox-filters-count" />}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="bottom"
        size="85%"
        title={t("filters.label")}
        footer={
          <Button type="primary" block onClick={() => setOpen(false)} data-testid="filters-done">
            {t("filters.done")}
          </Button>
        }
      >
        <FilterFields {...props} />
      </Drawer>
    </>
  );
}

function FilterFields({ filters, branches, onChange }: Props) {
  const { t } = useTranslation(INBOX_NS);
  const locale = useLocale();
  const ids = {
    source: useId(),
    branch: useId(),
    unanswered: useId(),
    stars: useId(),
    sentiment: useId(),
    topic: useId(),
    language: useId(),
    range: useId(),
  };
  const set = (patch: Partial<InboxFilters>) => onChange({ ...filters, ...patch });
  const all = { value: ALL, label: t("filters.all") };

  return (
    <div className="sufra-inbox-filters" role="group" aria-label={t("filters.label")} data-testid="inbox-filters">
      <div className="sufra-inbox-filter">
        <label htmlFor={ids.source}>{t("filters.source")}</label>
        <Select<string>
          id={ids.source}
          value={filters.source ?? ALL}
          onChange={(v) => set({ source: (v || undefined) as InboxFilters["source"] })}
          options={[all, ...REVIEW_SOURCE_KEYS.map((k) => ({ value: k, label: <bdi>{sourceLabel(k, locale)}</bdi> }))]}
          popupMatchSelectWidth={false}
          data-testid="filter-source"
        />
      </div>
      {branches.length > 0 && (
        <div className="sufra-inbox-filter">
          <label htmlFor={ids.branch}>{t("filters.branch")}</label>
          <Select<string>
            id={ids.branch}
            value={filters.branch ?? ALL}
            onChange={(v) => set({ branch: v || undefined })}
            options={[all, ...branches.map((b) => ({ value: b.id, label: <bdi>{b.title}</bdi> }))]}
            popupMatchSelectWidth={false}
            data-testid="filter-branch"
          />
        </div>
      )}
      <div className="sufra-inbox-filter is-switch">
        <label htmlFor={ids.unanswered}>{t("filters.unanswered")}</label>
        <Switch
          id={ids.unanswered}
          checked={!!filters.unanswered}
          onChange={(on) => set({ unanswered: on || undefined })}
          data-testid="filter-unanswered"
        />
      </div>
      <div className="sufra-inbox-filter">
        <label htmlFor={ids.stars}>{t("filters.stars")}</label>
        <Select<number>
          id={ids.stars}
          value={filters.stars ?? 0}
          onChange={(v) => set({ stars: v || undefined })}
          options={[
            { value: 0, label: t("filters.all") },
            ...[5, 4, 3, 2, 1].map((n) => ({ value: n, label: t("stars", { n: formatNumber(n, locale) }) })),
          ]}
          popupMatchSelectWidth={false}
          data-testid="filter-stars"
        />
      </div>
      <div className="sufra-inbox-filter">
        <label htmlFor={ids.sentiment}>{t("filters.sentiment")}</label>
        <Select<string>
          id={ids.sentiment}
          value={filters.sentiment ?? ALL}
          onChange={(v) => set({ sentiment: (v || undefined) as InboxFilters["sentiment"] })}
          options={[all, ...REVIEW_SENTIMENT_KEYS.map((k) => ({ value: k, label: REVIEW_SENTIMENTS[k][locale] }))]}
          popupMatchSelectWidth={false}
          data-testid="filter-sentiment"
        />
      </div>
      <div className="sufra-inbox-filter">
        <label htmlFor={ids.topic}>{t("filters.topic")}</label>
        <Select<string>
          id={ids.topic}
          value={filters.topic ?? ALL}
          onChange={(v) => set({ topic: (v || undefined) as InboxFilters["topic"] })}
          options={[all, ...REVIEW_TOPIC_KEYS.map((k) => ({ value: k, label: REVIEW_TOPICS[k][locale] }))]}
          popupMatchSelectWidth={false}
          data-testid="filter-topic"
        />
      </div>
      <div className="sufra-inbox-filter">
        <label htmlFor={ids.language}>{t("filters.language")}</label>
        <Select<string>
          id={ids.language}
          value={filters.language ?? ALL}
          onChange={(v) => set({ language: (v || undefined) as InboxFilters["language"] })}
          options={[
            all,
            { value: "ar", label: t("drawer.languages.ar") },
            { value: "en", label: t("drawer.languages.en") },
          ]}
          popupMatchSelectWidth={false}
          data-testid="filter-language"
        />
      </div>
      <div className="sufra-inbox-filter">
        <span className="sufra-inbox-filter-label" id={ids.range}>
          {t("filters.dates")}
        </span>
        <DatePicker.RangePicker
          aria-labelledby={ids.range}
          value={filters.from && filters.to ? [dayjs(filters.from), dayjs(filters.to)] : null}
          disabledDate={(d) => d.isAfter(dayjs(), "day")}
          onChange={(v) => {
            const [from, to] = v ?? [];
            set({ from: from?.format("YYYY-MM-DD"), to: to?.format("YYYY-MM-DD") });
          }}
          data-testid="filter-dates"
        />
      </div>
      {filterCount(filters) > 0 && (
        <Button
          type="link"
          onClick={() => onChange({})}
          data-testid="filters-clear"
          className="sufra-inbox-filters-clear"
        >
          {t("filters.clear")}
        </Button>
      )}
    </div>
  );
}
