// /owner, and /dashboard for an owner (docs/product.md#owner-dashboard): welcome, business name, the trial
// warning, the figures (ownerStats: posts, scheduled, published today, team, engagement), the
// subscription box, connected platforms (none yet, said plainly), quick actions and recent activity.
import { LoadError, Loading } from "../../shared/LoadError.tsx";
import { Col, Row } from "antd";
import { useTranslation } from "react-i18next";
import { DashboardFrame } from "./components/DashboardFrame.tsx";
import { ConnectedPlatforms } from "./components/EmptyPanels.tsx";
import { KuwaitDayCols } from "./components/KuwaitDayCols.tsx";
import { QuickActions } from "./components/QuickActions.tsx";
import { RecentActivity } from "./components/RecentActivity.tsx";
import { StatCards } from "./components/StatCards.tsx";
import { SubscriptionCard } from "./components/SubscriptionCard.tsx";
import { TrialAlert } from "./components/TrialAlert.tsx";
import { Welcome } from "./components/Welcome.tsx";
import type { DashboardBusiness } from "./data.ts";
import { useOwnerStats } from "./data.ts";
import "./i18n.ts";

/** The business's figures and what depends on them; a person without a business has none to show. */
function OwnerFigures({ business }: { business: DashboardBusiness }) {
  const { t } = useTranslation("dashboard");
  const { data, error, refetch } = useOwnerStats();
  const stats = data?.ownerStats;
  return (
    <>
      {stats ? (
        <StatCards stats={stats} />
      ) : error ? (
        <LoadError
          title={t("owner.statsFailed")}
          error={error}
          onRetry={() => refetch().catch(() => {})}
          type="warning"
        />
      ) : (
        <Loading rows={2} />
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <SubscriptionCard business={business} />
        </Col>
        <Col xs={24} lg={12}>
          {stats && <ConnectedPlatforms platforms={stats.platformsConnected} />}
        </Col>
        <Col xs={24} lg={12}>
          <QuickActions actions={["team", "businessDetails", "profile"]} />
        </Col>
        <Col xs={24} lg={12}>
          {stats && <RecentActivity items={stats.recentActivity} />}
        </Col>
        <KuwaitDayCols />
      </Row>
    </>
  );
}

export function OwnerDashboard() {
  const { t } = useTranslation("dashboard");
  return (
    <DashboardFrame>
      {(me) => (
        <>
          <Welcome name={me.name} business={me.business ?? null} subtitle={t("owner.subtitle")} />
          <TrialAlert subscription={me.business?.subscription} />
          {me.business ? <OwnerFigures business={me.business} /> : <QuickActions actions={["profile"]} />}
        </>
      )}
    </DashboardFrame>
  );
}

export default OwnerDashboard;
