// "Pay now" (docs/product.md#subscriptions-and-billing): the method (KNET, card, Apple Pay), then the
// gateway's page, where the browser goes; it comes back to /billing?payment=<id>. A month paid more than
// 7 days before its end is not payable yet (the page says from when, or, cancelled, that nothing is due);
// without a gateway, the bank transfer's instructions instead, under the same rule.
import { useMutation } from "@apollo/client/react";
import { PAY_AHEAD_DAYS } from "@sufra/schema";
import { Button, Card, Descriptions, Grid, Radio, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PayNowDocument, type BillingFieldsFragment, type PaymentSource } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { Note } from "../../../shared/Note.tsx";
import { BILLING_NS } from "../i18n.ts";
import { day, gatewayPage, lastDay } from "../model.ts";
import { formatFilsMoney } from "../../../lib/format.ts";

/** What "Pay now" charges: the next charge, or (cancelled at the period's end) a month of the plan. */
const amountDue = (b: BillingFieldsFragment) =>
  b.nextChargeFils ?? b.plans.find((p) => p.plan === (b.nextPlan ?? b.plan))?.monthlyFils ?? 0;

/** A month paid during the trial that has not begun: the trial's free days still run (the server's trialRunsUntil). */
export const monthAfterTrial = (b: Pick<BillingFieldsFragment, "status" | "trialEndsAt">) =>
  b.status === "ACTIVE" && !!b.trialEndsAt;

/** Nothing to pay yet (the server's payableNow): from when the next month can be paid, or, cancelled, that nothing is due. */
function NotYetPayable({ billing }: { billing: BillingFieldsFragment }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  // payable from PAY_AHEAD_DAYS before the paid month ends
  const from = billing.periodEndsAt
    ? day(new Date(new Date(billing.periodEndsAt).getTime() - PAY_AHEAD_DAYS * 86_400_000).toISOString(), locale)
    : "";
  if (billing.cancelAtPeriodEnd && billing.periodEndsAt)
    return (
      <Note
        title={t("next.cancelledAhead", { end: lastDay(billing.periodEndsAt, locale), date: from })}
        data-testid="billing-paid-ahead"
      />
    );
  // a month paid during the trial has not begun: it is the first month, not "this month"
  return (
    <Note
      title={t(monthAfterTrial(billing) ? "next.paidAheadTrial" : "next.paidAhead", { date: from })}
      data-testid="billing-paid-ahead"
    />
  );
}

/** Where to transfer: the details Sufra's operator set; those not set are left out, and the person is told whom to ask. */
export function BankDetails({ bank }: { bank: BillingFieldsFragment["bankTransfer"] }) {
  const { t } = useTranslation(BILLING_NS);
  // on a phone each detail under its label: an IBAN is 30 characters that must not break
  const small = !Grid.useBreakpoint().md;
  const items = [
    { key: "bank", label: t("bank.bankName"), value: bank?.bankName, ltr: false },
    { key: "iban", label: t("bank.iban"), value: bank?.iban, ltr: true },
    { key: "beneficiary", label: t("bank.beneficiary"), value: bank?.beneficiary, ltr: false },
  ].filter((i) => !!i.value);
  if (!items.length) return null;
  return (
    <>
      <Descriptions
        column={1}
        size="small"
        layout={small ? "vertical" : "horizontal"}
        data-testid="bank-details"
        items={items.map((i) => ({
          key: i.key,
          label: i.label,
          children: i.ltr ? <bdi dir="ltr">{i.value}</bdi> : <bdi>{i.value}</bdi>,
        }))}
      />
      {items.length < 3 && (
        <Typography.Paragraph type="secondary" data-testid="bank-some-details">
          {t("bank.someDetails")}
        </Typography.Paragraph>
      )}
    </>
  );
}
/** Whether any of the transfer's details is set. */
export const hasBankDetails = (bank: BillingFieldsFragment["bankTransfer"]) =>
  !!(bank?.bankName || bank?.iban || bank?.beneficiary);

/** The method chosen (shared with the plans' upgrade), offered in the gateway's order. */
export function SourcePicker({
  sources,
  value,
  onChange,
  testId,
}: {
  sources: PaymentSource[];
  value: PaymentSource | undefined;
  onChange: (s: PaymentSource) => void;
  testId: string;
}) {
  const { t } = useTranslation(BILLING_NS);
  return (
    <Radio.Group
      aria-label={t("pay.method")}
      optionType="button"
      buttonStyle="solid"
      value={value}
      onChange={(e) => onChange(e.target.value as PaymentSource)}
      options={sources.map((s) => ({ value: s, label: t(`pay.sources.${s}`) }))}
      data-testid={testId}
    />
  );
}

export function PayCard({ billing }: { billing: BillingFieldsFragment }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const [source, setSource] = useState<PaymentSource | undefined>(billing.sources[0]);
  const [payNow, { loading }] = useMutation(PayNowDocument);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const amount = amountDue(billing);

  if (!billing.gatewayConfigured) return <BankTransferCard billing={billing} amount={amount} />;

  const pay = async () => {
    if (!source) return;
    setFailure(null);
    try {
      const res = await payNow({ variables: { source } });
      const url = res.data?.payNow.redirectUrl;
      if (!url) return;
      setLeaving(true);
      gatewayPage.go(url);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  return (
    <Card title={t("pay.title")} className="sufra-card sufra-billing-card" data-testid="billing-pay-card">
      {billing.pendingPayment && (
        <Note
          title={t("pay.pending", {
            amount: formatFilsMoney(billing.pendingPayment.amountFils, locale),
            date: day(billing.pendingPayment.createdAt, locale),
          })}
          data-testid="billing-pending"
        />
      )}
      {!billing.payableNow ? (
        <NotYetPayable billing={billing} />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              {
                key: "amount",
                label: t("next.amount"),
                children: (
                  <Typography.Text strong>
                    <bdi data-testid="pay-amount">{formatFilsMoney(amount, locale)}</bdi>
                  </Typography.Text>
                ),
              },
              {
                key: "method",
                label: t("pay.method"),
                children: (
                  <SourcePicker sources={billing.sources} value={source} onChange={setSource} testId="pay-source" />
                ),
              },
            ]}
          />
          <Typography.Paragraph type="secondary">{t("pay.secure")}</Typography.Paragraph>
          <FormFailure failure={failure} testId="pay-error" />
          <Button
            type="primary"
            size="large"
            onClick={() => void pay()}
            loading={loading || leaving}
            disabled={!source}
            data-testid="pay-now"
          >
            {leaving ? t("pay.redirecting") : t("pay.button", { amount: formatFilsMoney(amount, locale) })}
          </Button>
        </>
      )}
    </Card>
  );
}

/** Without a gateway: how to pay by bank transfer (an admin records the payment), when there is something to pay. */
function BankTransferCard({ billing, amount }: { billing: BillingFieldsFragment; amount: number }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const bank = billing.bankTransfer;
  return (
    <Card title={t("bank.title")} className="sufra-card sufra-billing-card" data-testid="billing-bank-transfer">
      {!billing.payableNow ? (
        <NotYetPayable billing={billing} />
      ) : hasBankDetails(bank) ? (
        <>
          <Typography.Paragraph data-testid="bank-text">
            {t("bank.text", { amount: formatFilsMoney(amount, locale) })}
          </Typography.Paragraph>
          <BankDetails bank={bank} />
        </>
      ) : (
        <Typography.Paragraph data-testid="bank-text">
          {t("bank.noDetails", { amount: formatFilsMoney(amount, locale) })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
