// The admin console's Agencies tab (docs/architecture.md#agencies): every business that is an agency, its
// account's status, and the cafés it serves now with the day each access began. One card per agency, so a phone
// reads it without sideways scrolling.
import { useQuery } from "@apollo/client/react";
import { Card, Empty, List, Skeleton, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { AdminAgenciesDocument } from "../../../graphql/graphql.ts";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { LoadError } from "../../../shared/LoadError.tsx";
import { ClientStatusTag } from "./tags.tsx";

export default function AgenciesTab() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { data, error, refetch } = useQuery(AdminAgenciesDocument, { fetchPolicy: "cache-and-network" });
  if (error) return <LoadError title={t("agencies.loadFailed")} error={error} onRetry={() => void refetch()} />;
  if (!data) return <Skeleton active />;
  return (
    <div className="sufra-admin-agencies" data-testid="admin-agencies">
      <Typography.Paragraph type="secondary">{t("agencies.intro")}</Typography.Paragraph>
      {data.adminAgencies.length === 0 ? (
        <Empty description={t("agencies.none")} />
      ) : (
        data.adminAgencies.map((a) => (
          <Card
            key={a.id}
            size="small"
            title={a.companyName}
            extra={<ClientStatusTag status={a.status} />}
            data-testid={`agency-${a.id}`}
            className="sufra-admin-agency"
          >
            <Typography.Text type="secondary">
              {t("agencies.serves", { count: a.cafes.length, n: formatNumber(a.cafes.length, locale) })}
            </Typography.Text>
            {a.cafes.length > 0 && (
              <List
                size="small"
                dataSource={a.cafes}
                renderItem={(c) => (
                  <List.Item>
                    <Space wrap>
                      <Typography.Text>{c.companyName}</Typography.Text>
                      {c.since && (
                        <Typography.Text type="secondary">
                          {t("agencies.since", { date: formatDate(c.since, locale) })}
                        </Typography.Text>
                      )}
                    </Space>
                  </List.Item>
                )}
              />
            )}
          </Card>
        ))
      )}
    </div>
  );
}
