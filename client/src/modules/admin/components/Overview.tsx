// The admin overview (docs/product.md#admin-dashboard): stat cards (billing's among them,
// docs/product.md#subscriptions-and-billing), system health with reasons, quick actions and the
// recent-clients table with its actions. Live: the adminStatsUpdated subscription pushes fresh
// figures after every change on any server process; while the socket is down the 30 s refresh
// (docs/product.md#admin-dashboard) takes over (hooks/useAdminStats.ts).
import { TRIAL_DAYS } from "@sufra/schema";
import { Alert, Button, Card, Col, Flex, Popconfirm, Row, Skeleton, Space, Statistic, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatNumber, formatRelative } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import type { AdminStatsFieldsFragment } from "../../../graphql/graphql.ts";
import { useAdminStats } from "../hooks/useAdminStats.ts";
import { useClientActions } from "../hooks/useClientActions.tsx";
import { BillingCards } from "./BillingCards.tsx";
import { HealthCard } from "./HealthCard.tsx";
import { ClientStatusTag, PlanName } from "./tags.tsx";

type Recent = AdminStatsFieldsFragment["recentClients"][number];
const CARDS = ["totalClients", "activeClients", "pendingApprovals", "newSignups", "totalPosts", "todayPosts"] as const;

export function Overview() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { data, error, refetch, live } = useAdminStats();
  const actions = useClientActions(() => refetch());
  const stats = data?.adminStats;

  const columns = [
    { key: "client", title: t("columns.company"), render: (_: unknown, c: Recent) => <Link to={`/admin/clients?client=${c.id}`}><bdi>{c.name}</bdi></Link> },
    { key: "email", title: t("columns.email"), render: (_: unknown, c: Recent) => <bdi dir="ltr">{c.email ?? "—"}</bdi> },
    { key: "plan", title: t("columns.plan"), render: (_: unknown, c: Recent) => <PlanName plan={c.plan.toUpperCase()} /> },
    { key: "status", title: t("columns.status"), render: (_: unknown, c: Recent) => <ClientStatusTag status={c.status.toUpperCase()} /> },
    { key: "lastActive", title: t("columns.lastActive"), render: (_: unknown, c: Recent) => (c.lastActive ? formatRelative(c.lastActive, locale) : t("overview.never")) },
    {
      key: "actions",
      title: t("columns.actions"),
      render: (_: unknown, c: Recent) => {
        const target = { id: c.id, companyName: c.name };
        return (
          <Space wrap size="small">
            {c.status === "pending" && (
              <>
                <Popconfirm title={t("actions.confirmApprove", { company: c.name, days: TRIAL_DAYS })} okText={t("actions.yes")} onConfirm={() => actions.approve(target)}>
                  <Button size="small" type="primary" data-testid={`approve-${c.id}`}>
                    {t("actions.approve")}
                  </Button>
                </Popconfirm>
                <Button size="small" danger onClick={() => actions.openReject(target)}>
                  {t("actions.reject")}
                </Button>
              </>
            )}
            {c.status === "active" && (
              <Button size="small" onClick={() => actions.openGift(target)}>
                {t("actions.gift")}
              </Button>
            )}
            <Link to={`/admin/clients?client=${c.id}`}>{t("actions.details")}</Link>
          </Space>
        );
      },
    },
  ];

  return (
    <div className="sufra-admin-overview">
      {error && !stats && <Alert className="sufra-form-alert" type="error" showIcon title={t("counts.loadFailed")} description={errorMessage(error)} />}
      <Flex justify="end" className="sufra-live">
        <Tag color={live ? "#1F5C4A" : "#5C5045"} variant="solid" data-testid="live-state">
          {live ? t("overview.live") : t("overview.polling")}
        </Tag>
      </Flex>
      <Row gutter={[16, 16]}>
        {CARDS.map((k) => (
          <Col key={k} xs={12} md={8} xl={4}>
            <Card className="sufra-card" size="small">
              {stats ? (
                <Statistic title={t(`stats.${k}`)} value={stats[k]} formatter={(v) => formatNumber(Number(v), locale)} styles={{ content: { fontSize: 28 } }} data-testid={`stat-${k}`} />
              ) : (
                <Skeleton active paragraph={{ rows: 1 }} />
              )}
            </Card>
          </Col>
        ))}
        <BillingCards figures={stats?.billing} />
        <Col xs={24} lg={8}>
          <HealthCard health={stats?.systemHealth ?? null} />
        </Col>
        <Col xs={24} lg={16}>
          <Card title={t("overview.quickActions")} className="sufra-card">
            {stats?.pendingApprovals === 0 && (
              <Typography.Paragraph type="secondary" data-testid="no-pending">
                {t("overview.noPending")}
              </Typography.Paragraph>
            )}
            <Space wrap>
              {/* offered only when someone is waiting: "Review 0 pending sign-ups" leads nowhere */}
              {stats && stats.pendingApprovals > 0 && (
                <Link to="/admin/clients?status=pending">
                  <Button type="primary">{t("overview.reviewPending", { count: stats.pendingApprovals })}</Button>
                </Link>
              )}
              <Link to="/admin/clients">
                <Button>{t("pending.all")}</Button>
              </Link>
              <Link to="/admin?tab=translations">
                <Button>{t("tabs.translations")}</Button>
              </Link>
            </Space>
          </Card>
        </Col>
        <Col span={24}>
          <Card title={t("overview.recentClients")} className="sufra-card">
            <Table<Recent>
              rowKey="id"
              size="small"
              columns={columns}
              dataSource={stats?.recentClients ?? []}
              loading={!stats && !error}
              pagination={false}
              scroll={{ x: "max-content" }}
              locale={{ emptyText: <Typography.Text type="secondary">{t("overview.noClients")}</Typography.Text> }}
              data-testid="recent-clients"
            />
          </Card>
        </Col>
      </Row>
      {actions.modals}
    </div>
  );
}
