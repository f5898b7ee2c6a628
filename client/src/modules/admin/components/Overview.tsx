// The admin overview: health, clients counted by status, and the newest sign-ups waiting for approval.
// Every number comes from the server; the counts and sign-ups refresh every 30 seconds.
import { useQuery } from "@apollo/client/react";
import { ADMIN_STATS_REFRESH_MS } from "@sufra/schema";
import { Alert, Card, Col, Row, Skeleton, Statistic, Table, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { AdminOverviewDocument, type ClientRowFragment } from "../../../graphql/graphql.ts";
import { formatDate, formatNumber } from "../../../lib/format.ts";
import { HealthCard } from "./HealthCard.tsx";
import { PlanName } from "./tags.tsx";

const STATUSES = ["PENDING", "ACTIVE", "SUSPENDED", "REJECTED"] as const;
const KEYS = { PENDING: "pending", ACTIVE: "active", SUSPENDED: "suspended", REJECTED: "rejected" } as const;

export function Overview() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { data, error } = useQuery(AdminOverviewDocument, { pollInterval: ADMIN_STATS_REFRESH_MS, fetchPolicy: "cache-and-network" });

  const columns = [
    {
      key: "company",
      title: t("columns.company"),
      render: (_: unknown, c: ClientRowFragment) => (
        <Link to={`/admin/clients?status=pending&q=${encodeURIComponent(c.email ?? c.companyName)}`}>
          <bdi>{c.companyName}</bdi>
        </Link>
      ),
    },
    { key: "email", title: t("columns.email"), render: (_: unknown, c: ClientRowFragment) => <bdi dir="ltr">{c.email ?? "—"}</bdi> },
    { key: "plan", title: t("columns.plan"), render: (_: unknown, c: ClientRowFragment) => <PlanName plan={c.requestedPlan} /> },
    { key: "requested", title: t("columns.requested"), render: (_: unknown, c: ClientRowFragment) => formatDate(c.createdAt, locale) },
  ];

  return (
    <div className="sufra-admin-overview">
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <HealthCard />
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t("counts.title")} className="sufra-card" data-testid="client-counts">
            {error && <Alert className="sufra-form-alert" type="error" showIcon title={t("counts.loadFailed")} description={errorMessage(error)} />}
            {data ? (
              <ul className="sufra-counts">
                {STATUSES.map((s) => (
                  <li key={s}>
                    <Link to={`/admin/clients?status=${s.toLowerCase()}`} className="sufra-count" data-testid={`count-${s.toLowerCase()}`}>
                      <Statistic title={t(`status.${s}`)} value={data[KEYS[s]].totalCount} formatter={(v) => formatNumber(Number(v), locale)} />
                    </Link>
                  </li>
                ))}
              </ul>
            ) : (
              !error && <Skeleton active paragraph={{ rows: 2 }} title={false} />
            )}
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t("pending.title")} className="sufra-card" extra={<Link to="/admin/clients?status=pending">{t("pending.all")}</Link>}>
            <Table<ClientRowFragment>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={data?.pending.edges.map((e) => e.node) ?? []}
              loading={!data && !error}
              pagination={false}
              scroll={{ x: "max-content" }}
              locale={{ emptyText: <Typography.Text type="secondary">{t("pending.empty")}</Typography.Text> }}
              data-testid="pending-table"
            />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
