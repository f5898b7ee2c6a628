// System health (api, database, scheduler), measured by the server, with the reason when a part is
// not healthy, worded in the person's language.
import { Card, Descriptions, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import type { AdminStatsFieldsFragment } from "../../../graphql/graphql.ts";
import { HealthTag } from "./tags.tsx";

type SystemHealth = AdminStatsFieldsFragment["systemHealth"];

export function HealthCard({ health }: { health: SystemHealth | null }) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const reasonOf = (part: string) => health?.reasons.find((r) => r.part === part);
  return (
    <Card title={t("health.title")} className="sufra-card" data-testid="health-card">
      {health ? (
        <Descriptions
          column={1}
          size="small"
          items={(["api", "database", "scheduler"] as const).map((part) => {
            const reason = reasonOf(part);
            return {
              key: part,
              label: t(`health.${part}`),
              children: (
                <div>
                  <HealthTag state={health[part]} />
                  {reason && (
                    <Typography.Text
                      type="secondary"
                      className="sufra-health-reason"
                      data-testid={`health-reason-${part}`}
                    >
                      {t(`health.reasons.${reason.code}`, {
                        value: formatNumber(reason.value ?? 0, locale),
                        limit: formatNumber(reason.limit ?? 0, locale),
                      })}
                    </Typography.Text>
                  )}
                </div>
              ),
            };
          })}
        />
      ) : (
        <Skeleton active paragraph={{ rows: 3 }} title={false} />
      )}
    </Card>
  );
}
