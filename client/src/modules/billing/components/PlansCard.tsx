// "Change plan" (docs/product.md#subscriptions-and-billing): the three plans with their monthly price.
// On a trial a change is at once and free; on a paid month an upgrade costs its prorated difference now
// (to the fils, from the server: upgradeNowFils) and starts once paid (through the gateway's page, or without
// a gateway by bank transfer, which an admin records), a downgrade waits for the month's
// end (from Premium: API keys and webhooks stop, team members become read-only); stopped, the choice is
// what the next payment buys. Choosing the current plan again drops a waiting downgrade.
import { subscriptionRuns } from "@sufra/schema";
import { useMutation } from "@apollo/client/react";
import { Alert, App, Button, Card, Col, Modal, Row, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  ChangePlanDocument,
  type BillingFieldsFragment,
  type PaymentSource,
  type Plan,
} from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { BILLING_NS } from "../i18n.ts";
import { day, gatewayPage, planName } from "../model.ts";
import { writePage } from "./ManageCards.tsx";
import { BankDetails, hasBankDetails, monthAfterTrial, SourcePicker } from "./PayCard.tsx";
import { formatFilsMoney } from "../../../lib/format.ts";
import { ToneTag } from "../../../shared/ToneTag.tsx";
import { subscriptionStatusKey } from "../../../graphql/enumKeys.ts";

const RANK: Record<Plan, number> = { BASIC: 0, PROFESSIONAL: 1, PREMIUM: 2 };
type Offer = BillingFieldsFragment["plans"][number];

/** What choosing `to` would do, as the confirmation says it. */
function consequence(b: BillingFieldsFragment, to: Offer) {
  const up = RANK[to.plan] > RANK[b.plan];
  const stopped = !subscriptionRuns(subscriptionStatusKey[b.status]);
  if (b.status === "TRIAL") return { kind: "trial" as const, up };
  if (stopped) return { kind: "stopped" as const, up };
  if (b.status === "PAST_DUE") return { kind: "pastDue" as const, up };
  if (up && to.upgradeNowFils) return { kind: "pay" as const, up };
  return { kind: up ? ("changed" as const) : ("downgrade" as const), up };
}

export function PlansCard({ billing }: { billing: BillingFieldsFragment }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const [chosen, setChosen] = useState<Offer | null>(null);
  const b = billing;
  // the plan that runs next: a waiting downgrade, else the plan
  const upcoming = b.nextPlan ?? b.plan;

  return (
    <Card
      id="change-plan"
      title={t("plans.title")}
      className="sufra-card sufra-billing-card"
      data-testid="billing-plans"
    >
      <Row gutter={[16, 16]}>
        {b.plans.map((p) => {
          const isCurrent = p.current;
          const isNext = b.nextPlan === p.plan;
          const up = RANK[p.plan] > RANK[b.plan];
          return (
            <Col key={p.plan} xs={24} md={8}>
              <Card
                size="small"
                title={planName(p.plan, locale)}
                className="sufra-billing-plan"
                data-testid={`plan-${p.plan}`}
                extra={
                  isCurrent ? (
                    <ToneTag tone="success">{t("plans.current")}</ToneTag>
                  ) : isNext && b.periodEndsAt ? (
                    <ToneTag tone="warning">{t("plans.waiting", { date: day(b.periodEndsAt, locale) })}</ToneTag>
                  ) : null
                }
              >
                <Typography.Paragraph strong>
                  <bdi>{t("plan.perMonth", { price: formatFilsMoney(p.monthlyFils, locale) })}</bdi>
                </Typography.Paragraph>
                {p.upgradeNowFils !== null && (
                  <Typography.Paragraph type="secondary" data-testid={`upgrade-now-${p.plan}`}>
                    <bdi>
                      {monthAfterTrial(b) && b.periodStartsAt
                        ? t("plans.upgradeNowAhead", {
                            amount: formatFilsMoney(p.upgradeNowFils, locale),
                            date: day(b.periodStartsAt, locale),
                          })
                        : t("plans.upgradeNow", { amount: formatFilsMoney(p.upgradeNowFils, locale) })}
                    </bdi>
                  </Typography.Paragraph>
                )}
                {b.canManage && p.plan !== upcoming && (
                  <Button
                    type={up ? "primary" : "default"}
                    onClick={() => setChosen(p)}
                    data-testid={`choose-${p.plan}`}
                  >
                    {isCurrent
                      ? t("plans.keep", { plan: planName(p.plan, locale) })
                      : t("plans.choose", { plan: planName(p.plan, locale) })}
                  </Button>
                )}
              </Card>
            </Col>
          );
        })}
      </Row>
      {chosen && <ChangeModal billing={b} offer={chosen} onClose={() => setChosen(null)} />}
    </Card>
  );
}

function ChangeModal({
  billing: b,
  offer,
  onClose,
}: {
  billing: BillingFieldsFragment;
  offer: Offer;
  onClose: () => void;
}) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [source, setSource] = useState<PaymentSource | undefined>(b.sources[0]);
  const [failure, setFailure] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [change, { loading }] = useMutation(ChangePlanDocument, {
    // the answer carries the whole page: the page and the shell's banner read it from the cache
    update: (cache, { data }) => writePage(cache, data?.changePlan.billing),
  });
  const c = consequence(b, offer);
  const name = planName(offer.plan, locale);
  const endDate = b.periodEndsAt ? day(b.periodEndsAt, locale) : "";
  const leavingPremium = b.plan === "PREMIUM" && offer.plan !== "PREMIUM";
  const clearing = offer.current && !!b.nextPlan;
  // without a gateway an upgrade is paid by bank transfer: the amount and where to send it, nothing to click through
  const transfer = c.kind === "pay" && !clearing && !b.gatewayConfigured;
  // the days the difference pays: the rest of this month, or the whole first month when it starts at the trial's end
  const span =
    monthAfterTrial(b) && b.periodStartsAt
      ? t("plans.forMonth", { date: day(b.periodStartsAt, locale) })
      : t("plans.forRest");

  let text: string;
  if (clearing) text = t("plans.keepText", { plan: name, next: planName(b.nextPlan!, locale) });
  else if (c.kind === "trial") text = t("plans.upgradeTrial");
  else if (c.kind === "stopped") text = t("plans.stopped");
  else if (c.kind === "pastDue") text = t("plans.pastDue");
  else if (transfer)
    text = t(hasBankDetails(b.bankTransfer) ? "plans.upgradeTransfer" : "plans.upgradeNoDetails", {
      amount: formatFilsMoney(offer.upgradeNowFils!, locale),
      span,
      plan: name,
      price: formatFilsMoney(offer.monthlyFils, locale),
    });
  else if (c.kind === "pay")
    text = t("plans.upgradePay", {
      amount: formatFilsMoney(offer.upgradeNowFils!, locale),
      span,
      price: formatFilsMoney(offer.monthlyFils, locale),
    });
  else if (c.kind === "downgrade") text = t("plans.downgradeEnd", { date: endDate, plan: planName(b.plan, locale) });
  else text = t("plans.now");

  const confirm = async () => {
    setFailure(null);
    try {
      const res = await change({ variables: { plan: offer.plan, source: c.kind === "pay" ? source : undefined } });
      const r = res.data?.changePlan;
      if (!r) return;
      if (r.outcome === "PAYMENT_REQUIRED" && r.redirectUrl) {
        setLeaving(true);
        gatewayPage.go(r.redirectUrl);
        return;
      }
      const after = r.billing;
      const stoppedNow = !subscriptionRuns(subscriptionStatusKey[after.status]);
      if (r.outcome === "CLEARED") void message.success(t("plans.cleared", { plan: planName(after.plan, locale) }));
      else if (r.outcome === "SCHEDULED")
        void message.success(
          stoppedNow || !after.periodEndsAt
            ? t("plans.scheduledStopped", { plan: name })
            : t("plans.scheduled", { plan: name, date: day(after.periodEndsAt, locale) }),
        );
      else void message.success(t("plans.changed", { plan: name }));
      onClose();
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open
      title={t("plans.confirmTitle", { plan: name })}
      onCancel={onClose}
      destroyOnHidden
      footer={
        transfer
          ? [
              <Button key="close" type="primary" onClick={onClose} data-testid="close-plan">
                {t("plans.close")}
              </Button>,
            ]
          : [
              <Button key="cancel" onClick={onClose}>
                {t("plans.cancel")}
              </Button>,
              <Button
                key="ok"
                type="primary"
                onClick={() => void confirm()}
                loading={loading || leaving}
                disabled={c.kind === "pay" && !source}
                data-testid="confirm-plan"
              >
                {c.kind === "pay" && !clearing
                  ? t("plans.confirmPay", { amount: formatFilsMoney(offer.upgradeNowFils!, locale) })
                  : t("plans.confirm")}
              </Button>,
            ]
      }
    >
      <Typography.Paragraph data-testid="plan-consequence">{text}</Typography.Paragraph>
      {leavingPremium && !clearing && (
        <Alert type="warning" showIcon title={t("plans.premiumLoss")} data-testid="premium-loss" />
      )}
      {transfer && <BankDetails bank={b.bankTransfer} />}
      {c.kind === "pay" && !clearing && !transfer && (
        <div className="sufra-billing-source">
          <Typography.Text>{t("pay.method")}</Typography.Text>{" "}
          <SourcePicker sources={b.sources} value={source} onChange={setSource} testId="upgrade-source" />
        </div>
      )}
      <FormFailure failure={failure} testId="plan-error" />
    </Modal>
  );
}
