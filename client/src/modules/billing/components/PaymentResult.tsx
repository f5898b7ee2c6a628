// The return from the gateway (/billing?payment=<id>, docs/product.md#subscriptions-and-billing): the
// payment's outcome as Sufra knows it. Paid: "Payment received" and the month it bought; failed: the
// bank's reason and "Try again"; pending: "Waiting for the bank's answer", asked again every 2 s for a
// minute (the gateway's webhook may come later than the person), then a button to ask again.
import { useQuery } from "@apollo/client/react";
import { Alert, Button, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { BillingPaymentDocument } from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { BILLING_NS } from "../i18n.ts";
import { day, lastDay, planName } from "../model.ts";
import { formatFilsMoney } from "../../../lib/format.ts";

const RETURN_POLL_MS = 2_000;
const RETURN_POLL_FOR_MS = 60_000;

export function PaymentResult({
  id,
  onSettled,
  onClose,
  onTryAgain,
}: {
  id: string;
  onSettled: () => unknown;
  onClose: () => void;
  onTryAgain: () => void;
}) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const known = id !== "unknown";
  const { data, error, startPolling, stopPolling, refetch } = useQuery(BillingPaymentDocument, {
    variables: { id },
    skip: !known,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: false,
  });
  const payment = data?.billingPayment;
  const pending = !payment || payment.status === "PENDING";
  const [gaveUp, setGaveUp] = useState(false);

  // ask again while the bank's answer is on its way, for a while
  useEffect(() => {
    if (!known || !pending || gaveUp) return;
    startPolling(RETURN_POLL_MS);
    const stop = setTimeout(() => setGaveUp(true), RETURN_POLL_FOR_MS);
    return () => {
      clearTimeout(stop);
      stopPolling();
    };
  }, [known, pending, gaveUp, startPolling, stopPolling]);

  // once settled, the page's subscription and history follow
  const settled = payment && !pending ? payment.status : null;
  useEffect(() => {
    if (settled) void onSettled();
    // once per outcome (onSettled is a new function each render)
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settled]);

  const close = (
    <Button size="small" onClick={onClose}>
      {t("result.close")}
    </Button>
  );

  if (!known || (error && !payment))
    return <Alert type="warning" showIcon title={t("result.unknown")} action={close} data-testid="payment-result" />;

  if (payment?.status === "PAID" || payment?.status === "REFUNDED" || payment?.status === "PARTIALLY_REFUNDED") {
    const amount = formatFilsMoney(payment.amountFils, locale);
    const plan = planName(payment.plan, locale);
    const text =
      payment.purpose === "UPGRADE"
        ? t("result.upgradeText", { amount, plan })
        : t("result.paidText", {
            amount,
            plan,
            from: day(payment.periodStart, locale),
            to: lastDay(payment.periodEnd, locale),
          });
    return (
      <Alert
        type="success"
        showIcon
        title={t("result.paidTitle")}
        description={text}
        action={close}
        data-testid="payment-result"
      />
    );
  }

  if (payment?.status === "FAILED" || payment?.status === "ABANDONED") {
    const reason =
      payment.status === "ABANDONED"
        ? t("result.abandoned")
        : payment.failureMessage
          ? t("result.reason", { reason: payment.failureMessage })
          : t("result.noReason");
    return (
      <Alert
        type="error"
        showIcon
        title={t("result.failedTitle")}
        description={reason}
        action={
          <Button size="small" type="primary" onClick={onTryAgain} data-testid="try-again">
            {t("result.tryAgain")}
          </Button>
        }
        data-testid="payment-result"
      />
    );
  }

  return (
    <Alert
      type="info"
      showIcon
      icon={gaveUp ? undefined : <Spin size="small" />}
      title={t("result.pendingTitle")}
      description={gaveUp ? t("result.stillPending") : t("result.pendingText")}
      action={
        gaveUp ? (
          <Button
            size="small"
            onClick={() => {
              setGaveUp(false);
              void refetch().catch(() => {});
            }}
          >
            {t("result.checkAgain")}
          </Button>
        ) : undefined
      }
      data-testid="payment-result"
      role="status"
    />
  );
}
