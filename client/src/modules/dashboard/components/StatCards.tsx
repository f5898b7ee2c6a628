// Figures as cards. The owner's: posts in all, scheduled, published today (Kuwait's day), team
// members, and the engagement rate, which shows "—" with a word on why until analytics exist. The
// client's (clientDashboard): posts in all, views, likes, engagement rate, scheduled and pending; views,
// likes and engagement over the last 30 Kuwait days with their change against the 30 before.
import { Card, Col, Row, Statistic, Tag, Tooltip, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocale } from "../../../lib/useLocale.ts";
import { formatDate, formatNumber, formatPercent } from "../../../lib/format.ts";
import { TAG_COLORS } from "../../../shared/tagColors.ts";
import { Change } from "../../analytics/index.ts";
import type { ClientDashboardData } from "../data.ts";
import type { OwnerStatsData } from "../data.ts";
import { useSimulatedKind } from "../../../shared/simulated.ts";

/** `change`: against the period before, in percent (the client's views, likes and engagement); null: nothing to compare. */
type Figure = {
  key: string;
  value: number | null;
  hint?: string;
  percent?: boolean;
  span?: number;
  change?: number | null;
};

/** One card per figure (title from stats.<key>), numbers in the person's digits. */
function FigureCards({ figures, note }: { figures: Figure[]; note?: ReactNode }) {
  const { t } = useTranslation("dashboard");
  const locale = useLocale();
  const shown = (f: Figure) =>
    f.value == null ? "—" : f.percent ? formatPercent(f.value, locale) : formatNumber(f.value, locale);
  return (
    <section aria-label={t("stats.title")}>
      {note}
      <Row gutter={[16, 16]}>
        {figures.map((f) => (
          <Col key={f.key} xs={12} md={8} xl={f.span ?? 4}>
            <Card className="sufra-card sufra-stat" data-testid={`stat-${f.key}`}>
              <Statistic title={t(`stats.${f.key}`)} value={shown(f)} />
              {f.change !== undefined && <Change value={f.change} testId={`stat-change-${f.key}`} />}
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
        {
          key: "engagementRate",
          value: stats.engagementRate ?? null,
          percent: true,
          span: 8,
          hint: stats.engagementRate == null ? t("stats.engagementPending") : undefined,
        },
      ]}
    />
  );
}

export function ClientStatCards({ stats }: { stats: ClientDashboardData }) {
  const { t } = useTranslation("dashboard");
  const simKind = useSimulatedKind();
  const locale = useLocale();
  // views, likes and engagement cover the last 30 Kuwait days (the period), against the 30 before
  const note = (
    <div className="sufra-stat-period" data-testid="stat-period">
      <Typography.Text type="secondary">
        {t("stats.period", {
          from: formatDate(`${stats.period.from}T12:00:00+03:00`, locale),
          to: formatDate(`${stats.period.to}T12:00:00+03:00`, locale),
        })}
      </Typography.Text>
      {stats.simulatedIncluded && (
        <Tooltip title={t(`stats.simulatedHint.${simKind}`)}>
          <Tag color={TAG_COLORS.warning} variant="solid" tabIndex={0} data-testid="stat-demo">
            {t(`stats.simulated.${simKind}`)}
          </Tag>
        </Tooltip>
      )}
    </div>
  );
  return (
    <FigureCards
      note={note}
      figures={[
        { key: "totalPosts", value: stats.totalPosts, hint: t("stats.totalPostsHint") },
        { key: "views", value: stats.views, change: stats.viewsChange ?? null },
        { key: "likes", value: stats.likes, change: stats.likesChange ?? null },
        {
          key: "engagementRate",
          value: stats.engagementRate ?? null,
          percent: true,
          hint: t("stats.engagementHint"),
          change: stats.engagementRateChange ?? null,
        },
        { key: "scheduledPosts", value: stats.scheduledPosts },
        { key: "pendingPosts", value: stats.pendingPosts, hint: t("stats.pendingHint") },
      ]}
    />
  );
}
