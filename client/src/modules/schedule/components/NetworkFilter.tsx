// The calendar's network filter: every post, or only those going to one network (each network of
// @sufra/schema's PLATFORMS, with its icon and name in the person's language).
import { PLATFORMS, type PlatformName } from "@sufra/schema";
import { Select } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { PlatformIcon, platformLabel } from "../../../shared/platformMeta.tsx";
import { SCHEDULE_NS } from "../i18n.ts";

const ALL = "";

export function NetworkFilter({
  value,
  onChange,
}: {
  value: PlatformName | null;
  onChange: (p: PlatformName | null) => void;
}) {
  const { t } = useTranslation(SCHEDULE_NS);
  const locale = useLocale();
  return (
    <div className="sufra-network-filter">
      <label htmlFor="calendar-network">{t("network.label")}</label>
      <Select<string>
        id="calendar-network"
        value={value ?? ALL}
        onChange={(v) => onChange(v === ALL ? null : (v as PlatformName))}
        options={[
          { value: ALL, label: t("network.all") },
          ...PLATFORMS.map((p) => ({
            value: p,
            label: (
              <span className="sufra-network-option">
                <PlatformIcon platform={p} /> <bdi>{platformLabel(p, locale)}</bdi>
              </span>
            ),
          })),
        ]}
        popupMatchSelectWidth={false}
        data-testid="calendar-network-filter"
      />
    </div>
  );
}
