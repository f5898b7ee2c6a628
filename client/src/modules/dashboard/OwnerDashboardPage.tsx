// /owner (SPEC §2 Owner dashboard): welcome, business name, the trial warning, the subscription box,
// connected platforms (none yet, said plainly) and quick actions to what an owner may open.
import { Col, Row } from "antd";
import { useTranslation } from "react-i18next";
import { DashboardFrame } from "./components/DashboardFrame.tsx";
import { ConnectedPlatforms } from "./components/EmptyPanels.tsx";
import { QuickActions } from "./components/QuickActions.tsx";
import { SubscriptionCard } from "./components/SubscriptionCard.tsx";
import { TrialAlert } from "./components/TrialAlert.tsx";
import { Welcome } from "./components/Welcome.tsx";
import "./i18n.ts";

export function OwnerDashboard() {
  const { t } = useTranslation("dashboard");
  return (
    <DashboardFrame>
      {(me) => (
        <>
          <Welcome name={me.name} business={me.business ?? null} subtitle={t("owner.subtitle")} />
          <TrialAlert subscription={me.business?.subscription} />
          <Row gutter={[16, 16]}>
            {me.business && (
              <Col xs={24} lg={12}>
                <SubscriptionCard business={me.business} />
              </Col>
            )}
            <Col xs={24} lg={me.business ? 12 : 24}>
              <ConnectedPlatforms />
            </Col>
            <Col span={24}>
              <QuickActions actions={["businessDetails", "profile"]} />
            </Col>
          </Row>
        </>
      )}
    </DashboardFrame>
  );
}

export default OwnerDashboard;
