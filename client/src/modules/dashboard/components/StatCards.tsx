// Figures as cards. The owner's: posts in all, scheduled, published today (Kuwait's day), team
// members, and the engagement rate, which shows "—" with a word on why until analytics exist. The
// client's (clientDashboard): posts in all, views, likes, engagement rate, scheduled and pending.
import { Card, Col, Row, Statistic, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatNumber, formatPercent } from "../../../lib/format.ts";
import type { ClientDashboardData } from "../hooks/useClientDashboard.ts";
import type { OwnerStatsData } from "../hooks/useOwnerStats.ts";

export type Figure = { key: string; value: number | null; hint?: string; percent?: boolean; span?: number };

/** One card per figure (title from stats.<key>), numbers in the person's digits. */
export function FigureCards({ figures }: { figures: Figure[] }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const shown = (f: Figure) => (f.value == null ? "—" : f.percent ? formatPercent(f.value, locale) : formatNumber(f.value, locale));
  return (
    <section aria-label={t("stats.title")}>
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} md={8} xl={f.span ?? 4}>
            <Card className="sufra-card sufra-stat" data-testid={`stat-${f.key}`}>
              <Statistic title={t(`stats.${f.key}`)} value={shown(f)} />
              {f.hint && (
                <Typography.Text type="secondary" className="sufra-stat-hint">
                  {f.hint}
                </Typography.Text>
              )}
            </Card>
          </Col>
        ))}
      </Row>
    </section>
  );
}

export function StatCards({ stats }: { stats: OwnerStatsData }) {
  const { t } = useTranslation("dashboard");
  return (
    <FigureCards
      figures={[
        { key: "totalPosts", value: stats.totalPosts },
        { key: "scheduledPosts", value: stats.scheduledPosts },
        { key: "publishedToday", value: stats.publishedToday },
        { key: "teamMembers", value: stats.teamMembers },
        { key: "engagementRate", value: stats.engagementRate ?? null, percent: true, span: 8, hint: stats.engagementRate == null ? t("stats.engagementPending") : undefined },
      ]}
    />
  );
}

export function ClientStatCards({ stats }: { stats: ClientDashboardData }) {
  const { t } = useTranslation("dashboard");
  return (
    <FigureCards
      figures={[
        { key: "totalPosts", value: stats.totalPosts },
        { key: "views", value: stats.views },
        { key: "likes", value: stats.likes },
        { key: "engagementRate", value: stats.engagementRate, percent: true, hint: t("stats.engagementHint") },
        { key: "scheduledPosts", value: stats.scheduledPosts },
        { key: "pendingPosts", value: stats.pendingPosts, hint: t("stats.pendingHint") },
      ]}
    />
  );
}
