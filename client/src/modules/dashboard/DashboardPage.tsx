// /dashboard (docs/product.md#routes): admins go to their console, owners see the owner dashboard, clients theirs.
// Real data only: the person, the business, its subscription, and for a client the six figures of
// clientDashboard (posts, views, likes, engagement, scheduled, pending), its content performance
// (analytics), its recent activity and its five latest posts.
import { LoadError, Loading } from "../../shared/LoadError.tsx";
import { Col, Row } from "antd";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router-dom";
import { useSession } from "../../lib/session.ts";
import { ClientActivity } from "./components/ClientActivity.tsx";
import { ContentPerformanceCard } from "./components/ContentPerformanceCard.tsx";
import { GettingStartedCard } from "./components/GettingStartedCard.tsx";
import { DashboardFrame } from "./components/DashboardFrame.tsx";
import { KuwaitDayCols } from "./components/KuwaitDayCols.tsx";
import { QuickActions } from "./components/QuickActions.tsx";
import { RecentPosts } from "./components/RecentPosts.tsx";
import { ClientStatCards } from "./components/StatCards.tsx";
import { SubscriptionCard } from "./components/SubscriptionCard.tsx";
import { TrialAlert } from "./components/TrialAlert.tsx";
import { Welcome } from "./components/Welcome.tsx";
import { NegativeItemsCard, UnansweredReviewsCard } from "./components/UnansweredReviewsCard.tsx";
import { useClientDashboard } from "./data.ts";
import { BestTimesCard } from "../insights/index.ts";
import { OwnerDashboard } from "./OwnerDashboardPage.tsx";
import "./i18n.ts";

/**
 * The client's figures and latest posts; a failure says so and leaves the rest of the dashboard. The
 * content performance has its own query and keeps its place whatever the figures do, so that it is
 * asked with the others, not after them.
 */
function ClientFigures() {
  const { t } = useTranslation("dashboard");
  const { data, error, refetch } = useClientDashboard();
  const stats = data?.clientDashboard;
  let figures;
  if (stats) figures = <ClientStatCards stats={stats} />;
  else if (error)
    figures = (
      <LoadError
        title={t("client.statsFailed")}
        error={error}
        onRetry={() => refetch().catch(() => {})}
        type="warning"
      />
    );
  else figures = <Loading rows={2} />;
  return (
    <>
      {figures}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <ContentPerformanceCard />
        </Col>
        {stats && (
          <Col xs={24} lg={12}>
            <ClientActivity items={stats.recentActivity} />
          </Col>
        )}
      </Row>
      {stats && <RecentPosts posts={stats.recentPosts.slice(0, 5)} />}
    </>
  );
}

/**
 * The cards are there from the start (`early`): the session names the business before the person's
 * answer does, so every card's query goes in the first request (docs/architecture.md#how-a-request-flows).
 */
function ClientDashboard() {
  const business = !!useSession().user?.business_id;
  return (
    <DashboardFrame early>
      {(me) => (
        <>
          {me && <Welcome name={me.name} business={me.business ?? null} />}
          {me && <TrialAlert subscription={me.business?.subscription} />}
          {business && <GettingStartedCard />}
          {business && <ClientFigures />}
          {business && <UnansweredReviewsCard />}
          {business && <NegativeItemsCard />}
          <Row gutter={[16, 16]}>
            <KuwaitDayCols />
          </Row>
          {business && <BestTimesCard />}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={business ? 12 : 24}>
              <QuickActions actions={["createPost", "schedule", "analytics", "settings"]} />
            </Col>
            {me?.business && (
              <Col xs={24} lg={12}>
                <SubscriptionCard business={me.business} />
              </Col>
            )}
          </Row>
        </>
      )}
    </DashboardFrame>
  );
}

export default function DashboardPage() {
  const { user } = useSession();
  if (user?.role === "admin") return <Navigate to="/admin" replace />;
  if (user?.role === "owner") return <OwnerDashboard />;
  return <ClientDashboard />;
}
