// System health (SPEC §2 Admin dashboard): api, database and scheduler, each healthy, degraded or
// down, from GraphQL `health`, refreshed every 30 seconds.
import { useQuery } from "@apollo/client/react";
import { ADMIN_STATS_REFRESH_MS } from "@sufra/schema";
import { Alert, Card, Descriptions, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { AdminHealthDocument } from "../../../graphql/graphql.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { HealthTag } from "./tags.tsx";

export function HealthCard() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { data, error } = useQuery(AdminHealthDocument, { pollInterval: ADMIN_STATS_REFRESH_MS, fetchPolicy: "network-only" });
  const h = data?.health;
  return (
    <Card title={t("health.title")} className="sufra-card" data-testid="health-card">
      {error && <Alert className="sufra-form-alert" type="error" showIcon title={t("health.loadFailed")} description={errorMessage(error)} />}
      {h ? (
        <>
          <Descriptions
            column={1}
            size="small"
            items={(["api", "database", "scheduler"] as const).map((part) => ({ key: part, label: t(`health.${part}`), children: <HealthTag state={h[part]} /> }))}
          />
          <Typography.Text type="secondary">{t("health.checkedAt", { time: formatDateTime(h.checkedAt, locale) })}</Typography.Text>
        </>
      ) : (
        !error && <Skeleton active paragraph={{ rows: 3 }} title={false} />
      )}
    </Card>
  );
}
