// Status tags and plan names shared by the admin screens.
import { Tag } from "antd";
import { useTranslation } from "react-i18next";
import { TAG_COLORS, type TagTone } from "../../../shared/tagColors.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { planOf } from "../../../shared/subscription.ts";

const CLIENT_TONES: Record<string, TagTone> = {
  PENDING: "warning",
  ACTIVE: "success",
  SUSPENDED: "danger",
  REJECTED: "neutral",
};
const HEALTH_TONES: Record<string, TagTone> = { HEALTHY: "success", DEGRADED: "warning", DOWN: "danger" };

export function ClientStatusTag({ status }: { status: string }) {
  const { t } = useTranslation("admin");
  return (
    <Tag variant="solid" color={TAG_COLORS[CLIENT_TONES[status] ?? "neutral"]}>
      {t(`status.${status}`, { defaultValue: status })}
    </Tag>
  );
}

export function HealthTag({ state }: { state: string }) {
  const { t } = useTranslation("admin");
  return (
    <Tag variant="solid" color={TAG_COLORS[HEALTH_TONES[state] ?? "neutral"]}>
      {t(`health.${state}`, { defaultValue: state })}
    </Tag>
  );
}

export function PlanName({ plan }: { plan: string }) {
  const locale = useLocale();
  return <>{planOf(plan)?.name[locale] ?? plan}</>;
}
