// /dashboard (SPEC §2): admins go to their console, owners see the owner dashboard, clients theirs.
// Real data only: the person, the business, its subscription; posts and reach have an honest empty
// state until publishing exists.
import { Col, Row } from "antd";
import { Navigate } from "react-router-dom";
import { useSession } from "../../lib/session.ts";
import { DashboardFrame } from "./components/DashboardFrame.tsx";
import { InsightsEmpty } from "./components/EmptyPanels.tsx";
import { QuickActions } from "./components/QuickActions.tsx";
import { SubscriptionCard } from "./components/SubscriptionCard.tsx";
import { TrialAlert } from "./components/TrialAlert.tsx";
import { Welcome } from "./components/Welcome.tsx";
import { OwnerDashboard } from "./OwnerDashboardPage.tsx";
import "./i18n.ts";

export function ClientDashboard() {
  return (
    <DashboardFrame>
      {(me) => (
        <>
          <Welcome name={me.name} business={me.business ?? null} />
          <TrialAlert subscription={me.business?.subscription} />
          <Row gutter={[16, 16]}>
            {me.business && (
              <Col xs={24} lg={12}>
                <SubscriptionCard business={me.business} />
              </Col>
            )}
            <Col xs={24} lg={me.business ? 12 : 24}>
              <QuickActions actions={["createPost", "schedule", "analytics", "settings"]} />
            </Col>
            <Col span={24}>
              <InsightsEmpty />
            </Col>
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
