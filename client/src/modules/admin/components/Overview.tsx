// The admin overview (docs/product.md#admin-dashboard): stat cards (billing's among them,
// docs/product.md#subscriptions-and-billing), system health with reasons, quick actions and the
// recent-clients table with its actions. Live: the adminStatsUpdated subscription pushes fresh
// figures after every change on any server process; while the socket is down the 30 s refresh
// (docs/product.md#admin-dashboard) takes over (hooks/useAdminStats.ts). A client's buttons are the
// actions the server allows it now (allowedActions); on a phone the recent clients are cards.
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Grid,
  Row,
  Skeleton,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatNumber, formatRelative } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import type { AdminStatsFieldsFragment } from "../../../graphql/graphql.ts";
import { useAdminStats } from "../data.ts";
import { ClientActionButtons, useClientActions, type ClientActions } from "./ClientActions.tsx";
import { BillingCards } from "./BillingCards.tsx";
import { HealthCard } from "./HealthCard.tsx";
import { ClientStatusTag, PlanName } from "./tags.tsx";
import { TAG_COLORS } from "../../../shared/tagColors.ts";
import { clientStatusOfKey, planOfKey } from "../../../graphql/enumKeys.ts";

type Recent = AdminStatsFieldsFragment["recentClients"][number];
const CARDS = ["totalClients", "activeClients", "pendingApprovals", "newSignups", "totalPosts", "todayPosts"] as const;
/** What the overview offers on a recent client (suspending is the clients screen's). */
const OVERVIEW_ACTIONS = ["APPROVE", "REJECT", "GIFT_TRIAL_DAYS"] as const;

/** A recent client's offered actions and the way to its details. */
function RecentActions({ client, actions }: { client: Recent; actions: ClientActions }) {
  const { t } = useTranslation("admin");
  const target = { id: client.id, companyName: client.name, allowedActions: client.allowedActions };
  return (
    <Space wrap size="small">
      {OVERVIEW_ACTIONS.some((a) => client.allowedActions.includes(a)) && (
        <ClientActionButtons client={target} actions={actions} only={OVERVIEW_ACTIONS} />
      )}
      <Link to={`/admin/clients?client=${client.id}`}>{t("actions.details")}</Link>
    </Space>
  );
}

export function Overview() {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { data, error, refetch, live } = useAdminStats();
  const actions = useClientActions(() => refetch());
  const stats = data?.adminStats;
  const small = !Grid.useBreakpoint().md;

  const columns = [
    {
      key: "client",
      title: t("columns.company"),
      render: (_: unknown, c: Recent) => (
        <Link to={`/admin/clients?client=${c.id}`}>
          <bdi>{c.name}</bdi>
        </Link>
      ),
    },
    {
      key: "email",
      title: t("columns.email"),
      render: (_: unknown, c: Recent) => <bdi dir="ltr">{c.email ?? "—"}</bdi>,
    },
    {
      key: "plan",
      title: t("columns.plan"),
      render: (_: unknown, c: Recent) => <PlanName plan={planOfKey(c.plan) ?? c.plan} />,
    },
    {
      key: "status",
      title: t("columns.status"),
      render: (_: unknown, c: Recent) => <ClientStatusTag status={clientStatusOfKey(c.status) ?? c.status} />,
    },
    {
      key: "lastActive",
      title: t("columns.lastActive"),
      render: (_: unknown, c: Recent) => (c.lastActive ? formatRelative(c.lastActive, locale) : t("overview.never")),
    },
    {
      key: "actions",
      title: t("columns.actions"),
      render: (_: unknown, c: Recent) => <RecentActions client={c} actions={actions} />,
    },
  ];

  return (
    <div className="sufra-admin-overview">
      {error && !stats && (
        <Alert
          className="sufra-form-alert"
          type="error"
          showIcon
          title={t("counts.loadFailed")}
          description={errorMessage(error)}
        />
      )}
      <Flex justify="end" className="sufra-live">
        <Tag color={TAG_COLORS[live ? "success" : "neutral"]} variant="solid" data-testid="live-state">
          {live ? t("overview.live") : t("overview.polling")}
        </Tag>
      </Flex>
      <Row gutter={[16, 16]}>
        {CARDS.map((k) => (
          <Col key={k} xs={12} md={8} xl={4}>
            <Card className="sufra-card" size="small">
              {stats ? (
                <Statistic
                  title={t(`stats.${k}`)}
                  value={stats[k]}
                  formatter={(v) => formatNumber(Number(v), locale)}
                  styles={{ content: { fontSize: 28 } }}
                  data-testid={`stat-${k}`}
                />
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
            {small ? (
              !stats ? (
                <Skeleton active paragraph={{ rows: 3 }} />
              ) : stats.recentClients.length ? (
                <ul className="sufra-client-cards" data-testid="recent-clients">
                  {stats.recentClients.map((c) => (
                    <li key={c.id}>
                      <Card
                        size="small"
                        title={
                          <Link to={`/admin/clients?client=${c.id}`}>
                            <bdi>{c.name}</bdi>
                          </Link>
                        }
                        extra={<ClientStatusTag status={clientStatusOfKey(c.status) ?? c.status} />}
                        data-testid="recent-client-card"
                      >
                        <Descriptions
                          column={1}
                          size="small"
                          items={[
                            {
                              key: "email",
                              label: t("columns.email"),
                              children: <bdi dir="ltr">{c.email ?? "—"}</bdi>,
                            },
                            {
                              key: "plan",
                              label: t("columns.plan"),
                              children: <PlanName plan={planOfKey(c.plan) ?? c.plan} />,
                            },
                            {
                              key: "lastActive",
                              label: t("columns.lastActive"),
                              children: c.lastActive ? formatRelative(c.lastActive, locale) : t("overview.never"),
                            },
                          ]}
                        />
                        <div className="sufra-card-actions">
                          <RecentActions client={c} actions={actions} />
                        </div>
                      </Card>
                    </li>
                  ))}
                </ul>
              ) : (
                <Empty description={t("overview.noClients")} />
              )
            ) : (
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
            )}
          </Card>
        </Col>
      </Row>
      {actions.modals}
    </div>
  );
}
