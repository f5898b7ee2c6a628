// "Pay now" (docs/product.md#subscriptions-and-billing): the method (KNET, card, Apple Pay), then the
// gateway's page, where the browser goes; it comes back to /billing?payment=<id>. A month paid more than
// 7 days before its end is not payable yet; without a gateway, the bank transfer's instructions instead.
import { useMutation } from "@apollo/client/react";
import { PAY_AHEAD_DAYS } from "@sufra/schema";
import { Button, Card, Descriptions, Radio, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PayNowDocument, type BillingFieldsFragment, type PaymentSource } from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { Note } from "../../../shared/Note.tsx";
import { BILLING_NS } from "../i18n.ts";
import { day, gatewayPage } from "../money.ts";
import { formatFilsMoney } from "../../../lib/format.ts";

/** What "Pay now" charges: the next charge, or (cancelled at the period's end) a month of the plan. */
export const amountDue = (b: BillingFieldsFragment) => b.nextChargeFils ?? b.plans.find((p) => p.plan === (b.nextPlan ?? b.plan))?.monthlyFils ?? 0;

/** The method chosen (shared with the plans' upgrade), offered in the gateway's order. */
export function SourcePicker({ sources, value, onChange, testId }: { sources: PaymentSource[]; value: PaymentSource | undefined; onChange: (s: PaymentSource) => void; testId: string }) {
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

  // payable from PAY_AHEAD_DAYS before the paid month ends
  const payableFrom = billing.periodEndsAt ? new Date(new Date(billing.periodEndsAt).getTime() - PAY_AHEAD_DAYS * 86_400_000).toISOString() : null;

  return (
    <Card title={t("pay.title")} className="sufra-card sufra-billing-card" data-testid="billing-pay-card">
      {billing.pendingPayment && (
        <Note
          title={t("pay.pending", { amount: formatFilsMoney(billing.pendingPayment.amountFils, locale), date: day(billing.pendingPayment.createdAt, locale) })}
          data-testid="billing-pending"
        />
      )}
      {!billing.payableNow ? (
        <Note title={t("next.paidAhead", { date: payableFrom ? day(payableFrom, locale) : "" })} data-testid="billing-paid-ahead" />
      ) : (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: "amount", label: t("next.amount"), children: <Typography.Text strong><bdi data-testid="pay-amount">{formatFilsMoney(amount, locale)}</bdi></Typography.Text> },
              { key: "method", label: t("pay.method"), children: <SourcePicker sources={billing.sources} value={source} onChange={setSource} testId="pay-source" /> },
            ]}
          />
          <Typography.Paragraph type="secondary">{t("pay.secure")}</Typography.Paragraph>
          <FormFailure failure={failure} testId="pay-error" />
          <Button type="primary" size="large" onClick={() => void pay()} loading={loading || leaving} disabled={!source} data-testid="pay-now">
            {leaving ? t("pay.redirecting") : t("pay.button", { amount: formatFilsMoney(amount, locale) })}
          </Button>
        </>
      )}
    </Card>
  );
}

/** Without a gateway: how to pay by bank transfer; an admin records the payment. */
function BankTransferCard({ billing, amount }: { billing: BillingFieldsFragment; amount: number }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const bank = billing.bankTransfer;
  const part = (v: string | null | undefined, ltr = false) => (v ? ltr ? <bdi dir="ltr">{v}</bdi> : <bdi>{v}</bdi> : <Typography.Text type="secondary">{t("bank.notSet")}</Typography.Text>);
  return (
    <Card title={t("bank.title")} className="sufra-card sufra-billing-card" data-testid="billing-bank-transfer">
      <Typography.Paragraph>{t("bank.text", { amount: formatFilsMoney(amount, locale) })}</Typography.Paragraph>
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: "bank", label: t("bank.bankName"), children: part(bank?.bankName) },
          { key: "iban", label: t("bank.iban"), children: part(bank?.iban, true) },
          { key: "beneficiary", label: t("bank.beneficiary"), children: part(bank?.beneficiary) },
        ]}
      />
    </Card>
  );
}
