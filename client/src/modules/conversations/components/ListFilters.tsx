// The Messages view's filters: the channel, open or handled, given to me or to nobody, unread only. Each
// change goes to the address bar (the view reads them from there), so a filtered list is a link.
import { CHANNEL_PACKS, CHANNELS, type ChannelName, type ConversationStatus } from "@sufra/schema";
import { Button, Select, Switch } from "antd";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { CONVERSATIONS_NS } from "../i18n.ts";
import { filterCount, type AssignedFilter, type ConversationFilters } from "../model.ts";

const ALL = "";

export function ListFilters({
  filters,
  onChange,
}: {
  filters: ConversationFilters;
  onChange: (f: ConversationFilters) => void;
}) {
  const { t } = useTranslation(CONVERSATIONS_NS);
  const locale = useLocale();
  const ids = { channel: useId(), status: useId(), assigned: useId(), unread: useId() };
  const set = (patch: Partial<ConversationFilters>) => onChange({ ...filters, ...patch });
  const all = { value: ALL, label: t("filters.all") };
  return (
    <div className="sufra-chat-filters" role="group" aria-label={t("filters.label")} data-testid="conversation-filters">
      <div className="sufra-chat-filter">
        <label htmlFor={ids.channel}>{t("filters.channel")}</label>
        <Select<string>
          id={ids.channel}
          value={filters.channel ?? ALL}
          onChange={(v) => set({ channel: (v || undefined) as ChannelName | undefined })}
          options={[all, ...CHANNELS.map((c) => ({ value: c, label: <bdi>{CHANNEL_PACKS[c].label[locale]}</bdi> }))]}
          popupMatchSelectWidth={false}
          data-testid="filter-channel"
        />
      </div>
      <div className="sufra-chat-filter">
        <label htmlFor={ids.status}>{t("filters.status")}</label>
        <Select<string>
          id={ids.status}
          value={filters.status ?? ALL}
          onChange={(v) => set({ status: (v || undefined) as ConversationStatus | undefined })}
          options={[all, { value: "open", label: t("status.open") }, { value: "handled", label: t("status.handled") }]}
          popupMatchSelectWidth={false}
          data-testid="filter-status"
        />
      </div>
      <div className="sufra-chat-filter">
        <label htmlFor={ids.assigned}>{t("filters.assigned")}</label>
        <Select<string>
          id={ids.assigned}
          value={filters.assigned ?? ALL}
          onChange={(v) => set({ assigned: (v || undefined) as AssignedFilter | undefined })}
          options={[
            { value: ALL, label: t("filters.anyone") },
            { value: "me", label: t("filters.me") },
            { value: "none", label: t("filters.nobody") },
          ]}
          popupMatchSelectWidth={false}
          data-testid="filter-assigned"
        />
      </div>
      <div className="sufra-chat-filter is-switch">
        <label htmlFor={ids.unread}>{t("filters.unread")}</label>
        <Switch
          id={ids.unread}
          checked={!!filters.unread}
          onChange={(on) => set({ unread: on || undefined })}
          data-testid="filter-unread"
        />
      </div>
      {filterCount(filters) > 0 && (
        <Button type="link" onClick={() => onChange({})} data-testid="filters-clear">
          {t("filters.clear")}
        </Button>
      )}
    </div>
  );
}
