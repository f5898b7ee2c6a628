// Refunding a paid order (owners and the account holder): the amount typed in KWD, read as whole fils,
// prefilled with all that is left and never more (what was paid less what went back already), and a reason
// Tap keeps. The server gives back through the café's Tap account.
import { ORDER_LIMITS, orderRefundLeftFils } from "@sufra/schema";
import { Alert, App, Input, Modal, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatFilsMoney } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { failureText, useOrderSteps } from "../data.ts";
import { ORDERS_NS } from "../i18n.ts";
import { checkRefund, type OrderView } from "../model.ts";

export function RefundModal({ order, onClose }: { order: OrderView; onClose: () => void }) {
  const { t } = useTranslation(ORDERS_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const steps = useOrderSteps();
  const left = orderRefundLeftFils(order);
  const [amount, setAmount] = useState(() => formatFilsMoney(left, locale, { unit: false }));
  const [reason, setReason] = useState("");
  const [tried, setTried] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const checked = checkRefund(order, amount, locale);
  const problem = tried && !checked.ok ? checked.problem : null;

  const submit = async () => {
    setTried(true);
    if (!checked.ok) return;
    setRunning(true);
    setFailure(null);
    try {
      await steps.refund(order.id, checked.fils, reason.trim() || null);
      void message.success(t("refund.done", { amount: formatFilsMoney(checked.fils, locale) }));
      onClose();
    } catch (e) {
      setFailure(failureText(e, locale));
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal
      open
      title={t("refund.title", { number: order.number })}
      okText={t("refund.ok")}
      cancelText={t("actions.cancel", { ns: "common" })}
      okButtonProps={{ danger: true, "data-testid": "refund-ok" } as never}
      confirmLoading={running}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="refund-modal"
    >
      <div className="sufra-order-field">
        <label htmlFor="refund-amount">{t("refund.amount")}</label>
        <Input
          id="refund-amount"
          inputMode="decimal"
          dir="ltr"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          status={problem ? "error" : undefined}
          aria-invalid={!!problem}
          aria-describedby="refund-amount-help"
          data-testid="refund-amount"
        />
        <Typography.Paragraph type="secondary" id="refund-amount-help">
          {t("refund.help", { amount: formatFilsMoney(left, locale) })}
        </Typography.Paragraph>
        {problem && (
          <Typography.Paragraph type="danger" role="alert">
            {problem}
          </Typography.Paragraph>
        )}
      </div>
      <div className="sufra-order-field">
        <label htmlFor="refund-reason">{t("refund.reason")}</label>
        <Input
          id="refund-reason"
          value={reason}
          maxLength={ORDER_LIMITS.refundReason}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      {failure && <Alert type="error" showIcon title={failure} data-testid="refund-failure" />}
    </Modal>
  );
}
