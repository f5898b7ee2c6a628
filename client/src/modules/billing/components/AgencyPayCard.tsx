// "Pay for your cafés" (docs/product.md#agency-payments): on an agency's billing page, for its
// managers, the cafés it serves with the plan and the month each would pay, checkboxes, the total and Pay: one
// payment through the gateway's page (KNET, card), which sends the browser back to /billing?agency_payment=<id>,
// whose outcome shows on top of the card. Without a gateway: the total to transfer, with the payment's reference.
// A café whose month is paid ahead or being paid is listed, not chosen (the server refuses to charge it twice).
import { useMutation, useQuery } from "@apollo/client/react";
import { PAY_AHEAD_DAYS } from "@sufra/schema";
import { Alert, Button, Card, Checkbox, Descriptions, Skeleton, Table, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AgencyBillingDocument,
  BillingInvoicesDocument,
  PayForCafesDocument,
  type AgencyBillingQuery,
  type AgencyPaymentFieldsFragment,
  type PaymentSource,
} from "../../../graphql/graphql.ts";
import { errorMessage } from "../../../lib/errorMessage.ts";
import { formatFilsMoney, joinNodes, localDigits } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { Note } from "../../../shared/Note.tsx";
import { BILLING_NS } from "../i18n.ts";
import { gatewayPage, planName } from "../model.ts";
import { SourcePicker } from "./PayCard.tsx";

type Cafe = AgencyBillingQuery["agencyBilling"]["cafes"][number];

/** The total of the chosen cafés, in fils (integers: no float touches money). */
const chosenTotal = (cafes: readonly Cafe[], chosen: ReadonlySet<string>) =>
  cafes.reduce((sum, c) => (chosen.has(c.cafeId) ? sum + c.amountFils : sum), 0);

/** The outcome of the payment the gateway sent the browser back with (?agency_payment=<id>). */
function Returned({ payment }: { payment: AgencyPaymentFieldsFragment }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const amount = formatFilsMoney(payment.totalFils, locale);
  if (payment.status === "PAID")
    return <Alert type="success" showIcon title={t("agency.resultPaid", { amount })} data-testid="agency-paid" />;
  if (payment.status === "PENDING")
    return <Alert type="info" showIcon title={t("agency.resultPending", { amount })} data-testid="agency-pending" />;
  return <Alert type="warning" showIcon title={t("agency.resultFailed", { amount })} data-testid="agency-failed" />;
}

export function AgencyPayCard({ sources, returnedId }: { sources: PaymentSource[]; returnedId: string | null }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const { data, error, refetch } = useQuery(AgencyBillingDocument, { fetchPolicy: "cache-and-network" });
  const [payForCafes, { loading }] = useMutation(PayForCafesDocument, {
    refetchQueries: [AgencyBillingDocument, BillingInvoicesDocument],
  });
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [source, setSource] = useState<PaymentSource | undefined>(sources[0]);
  const [leaving, setLeaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [transfer, setTransfer] = useState<AgencyPaymentFieldsFragment | null>(null);

  const billing = data?.agencyBilling;
  const returned = returnedId ? billing?.payments.find((p) => p.id === returnedId) : undefined;
  const cafes = billing?.cafes ?? [];
  const payable = cafes.filter((c) => !c.blockedBy);
  const total = chosenTotal(cafes, chosen);

  const toggle = (id: string, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  const pay = async () => {
    setFailure(null);
    try {
      const res = await payForCafes({
        variables: { cafeIds: [...chosen], source: billing?.gatewayConfigured ? source : undefined },
      });
      const started = res.data?.payForCafes;
      if (!started) return;
      setChosen(new Set());
      if (!started.redirectUrl) {
        setTransfer(started.payment);
        return;
      }
      setLeaving(true);
      gatewayPage.go(started.redirectUrl);
    } catch (e) {
      setFailure(errorMessage(e));
    }
  };

  let body;
  if (error && !billing) body = <FormFailure failure={errorMessage(error)} testId="agency-load-error" />;
  else if (!billing) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (!cafes.length) body = <Note title={t("agency.empty")} data-testid="agency-empty" />;
  else
    body = (
      <>
        <Table<Cafe>
          size="small"
          pagination={false}
          rowKey="cafeId"
          dataSource={cafes}
          data-testid="agency-cafes"
          columns={[
            {
              key: "choose",
              width: 48,
              render: (_, c) => (
                <Checkbox
                  checked={chosen.has(c.cafeId)}
                  disabled={!!c.blockedBy}
                  onChange={(e) => toggle(c.cafeId, e.target.checked)}
                  aria-label={c.companyName}
                  data-testid={`agency-cafe-${c.cafeId}`}
                />
              ),
            },
            {
              key: "cafe",
              title: t("agency.cafe"),
              render: (_, c) => (
                <>
                  <bdi>{c.companyName}</bdi>
                  {c.blockedBy && (
                    <Typography.Text type="secondary" className="sufra-billing-agency-blocked">
                      {c.blockedBy === "PAID_AHEAD"
                        ? t("agency.paidAhead", { days: localDigits(String(PAY_AHEAD_DAYS), locale) })
                        : t("agency.running")}
                    </Typography.Text>
                  )}
                </>
              ),
            },
            { key: "plan", title: t("agency.plan"), render: (_, c) => planName(c.plan, locale) },
            {
              key: "amount",
              title: t("agency.amount"),
              align: "end",
              render: (_, c) => <bdi data-testid="agency-cafe-amount">{formatFilsMoney(c.amountFils, locale)}</bdi>,
            },
          ]}
        />
        <Descriptions
          column={1}
          size="small"
          items={[
            {
              key: "chosen",
              label: t("agency.total"),
              children: (
                <Typography.Text strong>
                  {joinNodes(
                    [
                      <bdi key="total" data-testid="agency-total">
                        {formatFilsMoney(total, locale)}
                      </bdi>,
                      t("agency.chosen", { n: localDigits(String(chosen.size), locale) }),
                    ],
                    locale,
                  )}
                </Typography.Text>
              ),
            },
            ...(billing.gatewayConfigured && sources.length
              ? [
                  {
                    key: "method",
                    label: t("pay.method"),
                    children: (
                      <SourcePicker sources={sources} value={source} onChange={setSource} testId="agency-source" />
                    ),
                  },
                ]
              : []),
          ]}
        />
        <FormFailure failure={failure} testId="agency-pay-error" />
        <Button
          type="primary"
          size="large"
          onClick={() => void pay()}
          loading={loading || leaving}
          disabled={!chosen.size || !payable.length || (billing.gatewayConfigured && !source)}
          data-testid="agency-pay"
        >
          {leaving ? t("pay.redirecting") : t("agency.pay", { amount: formatFilsMoney(total, locale) })}
        </Button>
      </>
    );

  return (
    <Card title={t("agency.title")} className="sufra-card sufra-billing-card" data-testid="agency-pay-card">
      <Typography.Paragraph type="secondary">{t("agency.intro")}</Typography.Paragraph>
      {returned && <Returned payment={returned} />}
      {transfer && (
        <Alert
          type="info"
          showIcon
          title={t("agency.transferTitle", { amount: formatFilsMoney(transfer.totalFils, locale) })}
          description={t("agency.transferText", {
            amount: formatFilsMoney(transfer.totalFils, locale),
            reference: transfer.id,
          })}
          data-testid="agency-transfer"
        />
      )}
      {body}
      {returned?.status === "PENDING" && (
        <Button type="link" onClick={() => void refetch()} data-testid="agency-check-again">
          {t("result.checkAgain")}
        </Button>
      )}
    </Card>
  );
}
