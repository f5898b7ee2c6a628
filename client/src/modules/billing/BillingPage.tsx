// /billing (docs/product.md#subscriptions-and-billing): the subscription and its dates, the next payment,
// "Pay now" through the gateway (or the bank transfer's instructions without one), "Change plan",
// "Cancel at period end" / "Keep my subscription", the invoices' name and address, the invoices and the
// payments. Owners and the account holder act; the business's other people read. The gateway sends the
// browser back to /billing?payment=<id>, whose outcome shows on top. Live: billingChanged refetches. An agency's
// managers also pay for the cafés it serves ("Pay for your cafés", back to /billing?agency_payment=<id>).
import { Col, Row, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useEffect } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { LoadError } from "../../shared/LoadError.tsx";
import { Note } from "../../shared/Note.tsx";
import { PageHead } from "../../shared/PageHead.tsx";
import { AgencyPayCard } from "./components/AgencyPayCard.tsx";
import { InvoicesCard, PaymentsCard } from "./components/HistoryCards.tsx";
import { CancelCard, DetailsCard } from "./components/ManageCards.tsx";
import { PayCard } from "./components/PayCard.tsx";
import { PaymentResult } from "./components/PaymentResult.tsx";
import { PlansCard } from "./components/PlansCard.tsx";
import { StatusCard } from "./components/StatusCard.tsx";
import { useBillingPage } from "./data.ts";
import { BILLING_NS } from "./i18n.ts";
import "./billing.css";

export default function BillingPage() {
  const { t } = useTranslation(BILLING_NS);
  const [params, setParams] = useSearchParams();
  const paymentId = params.get("payment");
  const agencyPaymentId = params.get("agency_payment");
  const { data, error, reload } = useBillingPage();

  const closeResult = () =>
    setParams(
      (p) => {
        p.delete("payment");
        return p;
      },
      { replace: true },
    );
  const tryAgain = () => {
    closeResult();
    document.querySelector<HTMLElement>("[data-testid=pay-now]")?.focus();
  };

  const b = data?.billing;
  // /billing#change-plan (Settings' way up): the plans, once the page is there
  const { hash } = useLocation();
  const loaded = !!b;
  useEffect(() => {
    if (loaded && hash === "#change-plan") document.getElementById("change-plan")?.scrollIntoView?.({ block: "start" });
  }, [loaded, hash]);
  let body;
  if (error && !b) body = <LoadError title={t("loadFailed")} error={error} onRetry={reload} />;
  else if (!b) body = <Skeleton active paragraph={{ rows: 8 }} />;
  else {
    const manage = b.canManage;
    const cancellable = manage && (b.status === "ACTIVE" || b.status === "PAST_DUE");
    body = (
      <Row gutter={[16, 16]}>
        {!manage && (
          <Col span={24}>
            <Note title={t("readOnly")} data-testid="billing-read-only" />
          </Col>
        )}
        <Col xs={24} lg={12}>
          <StatusCard billing={b} />
        </Col>
        {manage && (
          <Col xs={24} lg={12}>
            <PayCard billing={b} />
          </Col>
        )}
        {manage && b.isAgency && (
          <Col span={24}>
            <AgencyPayCard sources={b.sources} returnedId={agencyPaymentId} />
          </Col>
        )}
        <Col span={24}>
          <PlansCard billing={b} />
        </Col>
        {cancellable && (
          <Col xs={24} lg={12}>
            <CancelCard billing={b} />
          </Col>
        )}
        {manage && (
          <Col xs={24} lg={12}>
            <DetailsCard billing={b} />
          </Col>
        )}
        {manage && (
          <Col span={24}>
            <InvoicesCard />
          </Col>
        )}
        {b.payments.length > 0 && (
          <Col span={24}>
            <PaymentsCard payments={b.payments} />
          </Col>
        )}
      </Row>
    );
  }

  return (
    <div className="sufra-billing">
      <PageHead className="sufra-billing-head" title={t("title")} />
      {/* how payments are taken: through the gateway, or (none configured) by bank transfer */}
      {b && (
        <Typography.Paragraph type="secondary" data-testid="billing-intro">
          {b.gatewayConfigured ? t("intro") : t("introTransfer")}
        </Typography.Paragraph>
      )}
      {paymentId && (
        <div className="sufra-billing-result">
          <PaymentResult
            key={paymentId}
            id={paymentId}
            onSettled={reload}
            onClose={closeResult}
            onTryAgain={tryAgain}
          />
        </div>
      )}
      {body}
    </div>
  );
}
