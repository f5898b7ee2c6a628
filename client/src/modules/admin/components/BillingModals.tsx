// The admin's money actions (docs/product.md#subscriptions-and-billing, "Admin"), each in a modal:
// record a payment that came outside the gateway (amount typed in KWD with up to three decimals, sent as
// fils): months of a plan, or a plan upgrade for the rest of the paid month (the café's Change plan paid by
// bank transfer: the plan changes at once, with its invoice); refund a payment and extend a period — the last two asked once more before they happen
// (DangerConfirm). Each says what happened, or the server's reason in the person's language.
import { useMutation, useQuery } from "@apollo/client/react";
import {
  EXTEND_DAYS,
  kwdToFilsText,
  MANUAL_PAYMENT_METHODS,
  messageText,
  PAYMENT_NOTE_MAX,
  PAYMENT_RECEIPT_MAX,
  PLAN_IDS,
} from "@sufra/schema";
import { Alert, App, Button, Form, Input, InputNumber, Modal, Radio, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AdminBillingClientsDocument,
  AdminExtendPeriodDocument,
  AdminRecordPaymentDocument,
  AdminRefundPaymentDocument,
  type AdminPaymentRowFragment,
  type PaymentMethod,
  type PaymentPurpose,
  type Plan,
} from "../../../graphql/graphql.ts";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { digitsInput, formatDate, formatFilsMoney, formatNumber, latinText } from "../../../lib/format.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { DangerConfirm } from "../../../shared/DangerConfirm.tsx";
import { PlanName } from "./tags.tsx";
import { paymentMethodFromKey, planFromKey } from "../../../graphql/enumKeys.ts";

export type BusinessRef = { id: string; companyName: string };

/** "12.5" or "١٢٫٥" -> 12500 fils; null when not an amount. */
const filsOf = (text: string | undefined) => (text ? kwdToFilsText(latinText(text)) : null);
/** Field errors of the server's answer, on the form's fields (the server speaks of amountFils; the form types amount). */
function showServerErrors(
  form: { setFields: (fields: { name: never; errors: string[] }[]) => void },
  e: unknown,
  fields: Record<string, string>,
): boolean {
  const details = errorDetails(e);
  const known = Object.entries(details).filter(([f]) => fields[f]);
  if (known.length) form.setFields(known.map(([f, errors]) => ({ name: fields[f]! as never, errors })));
  return known.length > 0;
}

function ModalError({ text }: { text: string | null }) {
  return text ? <Alert type="error" showIcon title={text} data-testid="billing-modal-error" /> : null;
}

// ------------------------------------------------------------------ record a payment

type RecordValues = {
  businessId: string;
  amount: string;
  method: PaymentMethod;
  purpose: PaymentPurpose;
  plan?: Plan;
  months: number;
  receipt?: string;
  note?: string;
};
const PURPOSES: PaymentPurpose[] = ["PERIOD", "UPGRADE"];

export function RecordPaymentModal({
  open,
  onClose,
  onDone,
  business,
}: {
  open: boolean;
  onClose: () => void;
  onDone: () => unknown;
  business?: BusinessRef | null;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<RecordValues>();
  const [term, setTerm] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const [record, state] = useMutation(AdminRecordPaymentDocument);
  const clients = useQuery(AdminBillingClientsDocument, {
    variables: { search: term.trim() || undefined },
    skip: !open || !!business,
  });
  const options = business
    ? [{ value: business.id, label: business.companyName }]
    : (clients.data?.clients.edges ?? []).map((e) => ({ value: e.node.id, label: e.node.companyName }));

  const submit = async (v: RecordValues) => {
    setFailure(null);
    const amountFils = filsOf(v.amount)!;
    try {
      const r = await record({
        // an upgrade pays no month: the rest of the running one
        variables: {
          businessId: v.businessId,
          amountFils,
          method: v.method,
          purpose: v.purpose,
          plan: v.plan ?? null,
          months: v.purpose === "UPGRADE" ? 1 : v.months,
          receipt: v.receipt?.trim() || null,
          note: v.note?.trim() || null,
        },
      });
      const p = r.data!.recordManualPayment;
      onClose();
      void message.success(
        t("billing.recordModal.done", {
          amount: formatFilsMoney(p.amountFils, locale),
          company: p.businessName,
          invoice: p.invoiceNumber ?? "—",
        }),
      );
      await onDone();
    } catch (e) {
      if (
        !showServerErrors(form, e, {
          amountFils: "amount",
          method: "method",
          plan: "plan",
          months: "months",
          receipt: "receipt",
          note: "note",
        })
      )
        setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open={open}
      title={t("billing.recordModal.title")}
      okText={t("billing.recordModal.submit")}
      okButtonProps={{ loading: state.loading, htmlType: "submit", ...{ "data-testid": "record-submit" } }}
      cancelText={t("actions.cancel", { ns: "common" })}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<RecordValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          clearOnDestroy
          initialValues={{ method: "BANK_TRANSFER", purpose: "PERIOD", months: 1, businessId: business?.id }}
          data-testid="record-form"
        >
          {dom}
        </Form>
      )}
    >
      <Typography.Paragraph type="secondary">{t("billing.recordModal.intro")}</Typography.Paragraph>
      <Form.Item
        name="businessId"
        label={t("billing.recordModal.business")}
        rules={[{ required: true, message: messageText("allFieldsRequired", locale) }]}
      >
        <Select
          showSearch={business ? undefined : { filterOption: false, onSearch: setTerm }}
          disabled={!!business}
          placeholder={t("billing.recordModal.businessSearch")}
          options={options}
          loading={clients.loading}
          aria-label={t("billing.recordModal.business")}
          data-testid="record-business"
        />
      </Form.Item>
      <Form.Item name="purpose" label={t("billing.recordModal.purpose")}>
        <Radio.Group
          optionType="button"
          options={PURPOSES.map((p) => ({ value: p, label: t(`billing.recordModal.purposes.${p}`) }))}
          aria-label={t("billing.recordModal.purpose")}
          data-testid="record-purpose"
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={t("billing.recordModal.amount")}
        extra={t("billing.recordModal.amountHint")}
        rules={[
          {
            validator: (_r, v: string | undefined) =>
              filsOf(v) ? Promise.resolve() : Promise.reject(new Error(t("billing.recordModal.amountInvalid"))),
          },
        ]}
      >
        <Input inputMode="decimal" dir="ltr" aria-label={t("billing.recordModal.amount")} data-testid="record-amount" />
      </Form.Item>
      <Form.Item noStyle shouldUpdate={(a: RecordValues, b: RecordValues) => a.purpose !== b.purpose}>
        {({ getFieldValue }) => {
          const upgrade = getFieldValue("purpose") === "UPGRADE";
          return (
            <>
              <Space wrap align="start">
                <Form.Item name="method" label={t("billing.recordModal.method")}>
                  <Select
                    style={{ minWidth: 170 }}
                    options={MANUAL_PAYMENT_METHODS.map((m) => ({
                      value: paymentMethodFromKey[m],
                      label: t(`billing.method.${paymentMethodFromKey[m]}`),
                    }))}
                    aria-label={t("billing.recordModal.method")}
                    data-testid="record-method"
                  />
                </Form.Item>
                <Form.Item
                  name="plan"
                  label={upgrade ? t("billing.recordModal.upgradePlan") : t("billing.recordModal.plan")}
                  rules={upgrade ? [{ required: true, message: t("billing.recordModal.upgradePlanRequired") }] : []}
                >
                  <Select
                    allowClear
                    style={{ minWidth: 190 }}
                    placeholder={
                      upgrade ? t("billing.recordModal.upgradePlanPick") : t("billing.recordModal.planDefault")
                    }
                    options={PLAN_IDS.map((p) => ({
                      value: planFromKey[p],
                      label: <PlanName plan={planFromKey[p]} />,
                    }))}
                    aria-label={upgrade ? t("billing.recordModal.upgradePlan") : t("billing.recordModal.plan")}
                    data-testid="record-plan"
                  />
                </Form.Item>
                {!upgrade && (
                  <Form.Item name="months" label={t("billing.recordModal.months")}>
                    <InputNumber<number>
                      min={1}
                      max={12}
                      precision={0}
                      {...digitsInput(locale)}
                      aria-label={t("billing.recordModal.months")}
                      data-testid="record-months"
                    />
                  </Form.Item>
                )}
              </Space>
              {upgrade && (
                <Typography.Paragraph type="secondary" data-testid="record-upgrade-hint">
                  {t("billing.recordModal.upgradeHint")}
                </Typography.Paragraph>
              )}
            </>
          );
        }}
      </Form.Item>
      <Form.Item
        name="receipt"
        label={t("billing.recordModal.receipt")}
        rules={[{ max: PAYMENT_RECEIPT_MAX, message: messageText("paymentReceiptTooLong", locale) }]}
      >
        <Input dir="auto" data-testid="record-receipt" />
      </Form.Item>
      <Form.Item
        name="note"
        label={t("billing.recordModal.note")}
        rules={[{ max: PAYMENT_NOTE_MAX, message: messageText("paymentNoteTooLong", locale) }]}
      >
        <Input.TextArea rows={2} dir="auto" data-testid="record-note" />
      </Form.Item>
      <ModalError text={failure} />
    </Modal>
  );
}

// ------------------------------------------------------------------ refund

type RefundValues = { amount: string; reason: string };

export function RefundModal({
  payment,
  onClose,
  onDone,
}: {
  payment: AdminPaymentRowFragment | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<RefundValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [refund, state] = useMutation(AdminRefundPaymentDocument);
  const left = payment ? payment.amountFils - payment.refundedFils : 0;
  // what the confirmation names: the amount as typed (Form.useWatch misses a form mounted after the modal)
  const [typed, setTyped] = useState<string | undefined>();
  const initial = formatFilsMoney(left, "en", { unit: false }).replace(/,/g, "");
  const fils = filsOf(typed ?? initial);

  const confirm = async () => {
    if (!payment) return;
    setFailure(null);
    let v: RefundValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      const r = await refund({
        variables: { paymentId: payment.id, amountFils: filsOf(v.amount)!, reason: v.reason.trim() },
      });
      const done = r.data!.refundPayment;
      const amount = formatFilsMoney(done.refund.amountFils, locale);
      onClose();
      void message.success(
        done.refund.status === "PENDING"
          ? t("billing.refundModal.pending", { amount })
          : t("billing.refundModal.done", { amount, company: payment.businessName }),
      );
      await onDone();
    } catch (e) {
      if (!showServerErrors(form, e, { reason: "reason" })) setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open={!!payment}
      title={payment ? t("billing.refundModal.title", { company: payment.businessName }) : null}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t("actions.cancel", { ns: "common" })}</Button>
          <DangerConfirm
            title={t("billing.refundModal.confirm", {
              amount: fils ? formatFilsMoney(fils, locale) : "—",
              company: payment?.businessName ?? "",
            })}
            description={t("billing.refundModal.confirmHint")}
            okText={t("billing.refund")}
            onConfirm={confirm}
            testId="refund-submit"
          >
            {state.loading ? "…" : t("billing.refundModal.submit")}
          </DangerConfirm>
        </Space>
      }
    >
      {payment && (
        <Form<RefundValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ amount: initial }}
          onValuesChange={(_c, all) => setTyped(all.amount)}
          data-testid="refund-form"
        >
          <Typography.Paragraph type="secondary">
            {payment.gateway === "manual" ? t("billing.refundModal.manual") : t("billing.refundModal.gateway")}
          </Typography.Paragraph>
          <Form.Item
            name="amount"
            label={t("billing.refundModal.amount")}
            extra={t("billing.refundModal.left", { amount: formatFilsMoney(left, locale) })}
            rules={[
              {
                validator: (_r, v: string | undefined) => {
                  const f = filsOf(v);
                  if (!f) return Promise.reject(new Error(t("billing.recordModal.amountInvalid")));
                  return f > left
                    ? Promise.reject(
                        new Error(t("billing.refundModal.left", { amount: formatFilsMoney(left, locale) })),
                      )
                    : Promise.resolve();
                },
              },
            ]}
          >
            <Input
              inputMode="decimal"
              dir="ltr"
              aria-label={t("billing.refundModal.amount")}
              data-testid="refund-amount"
            />
          </Form.Item>
          <Form.Item
            name="reason"
            label={t("billing.refundModal.reason")}
            extra={t("billing.refundModal.reasonHint")}
            rules={[
              { required: true, whitespace: true, message: messageText("refundReasonRequired", locale) },
              { max: PAYMENT_NOTE_MAX, message: messageText("paymentNoteTooLong", locale) },
            ]}
          >
            <Input.TextArea rows={2} dir="auto" data-testid="refund-reason" />
          </Form.Item>
          <ModalError text={failure} />
        </Form>
      )}
    </Modal>
  );
}

// ------------------------------------------------------------------ extend a period

export function ExtendPeriodModal({
  business,
  onClose,
  onDone,
}: {
  business: BusinessRef | null;
  onClose: () => void;
  onDone: () => unknown;
}) {
  const { t } = useTranslation("admin");
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ days: number }>();
  const [failure, setFailure] = useState<string | null>(null);
  const [extend, state] = useMutation(AdminExtendPeriodDocument);
  const [days, setDays] = useState<number | null>(7);

  const confirm = async () => {
    if (!business) return;
    setFailure(null);
    let v: { days: number };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    try {
      const r = await extend({ variables: { businessId: business.id, days: v.days } });
      const s = r.data!.extendPeriod;
      const end = s.status === "TRIAL" ? (s.trialEndsAt ?? s.renewsAt) : s.renewsAt;
      onClose();
      void message.success(
        t("billing.extendModal.done", { company: business.companyName, date: end ? formatDate(end, locale) : "—" }),
      );
      await onDone();
    } catch (e) {
      if (!showServerErrors(form, e, { days: "days" })) setFailure(errorMessage(e));
    }
  };

  return (
    <Modal
      open={!!business}
      title={business ? t("billing.extendModal.title", { company: business.companyName }) : null}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={onClose}>{t("actions.cancel", { ns: "common" })}</Button>
          <DangerConfirm
            title={t("billing.extendModal.confirm", {
              company: business?.companyName ?? "",
              days: typeof days === "number" ? formatNumber(days, locale) : "—",
            })}
            description={t("billing.extendModal.confirmHint")}
            okText={t("billing.extend")}
            onConfirm={confirm}
            testId="extend-submit"
            danger={false}
          >
            {state.loading ? "…" : t("billing.extendModal.submit")}
          </DangerConfirm>
        </Space>
      }
    >
      {business && (
        <Form
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{ days: 7 }}
          onValuesChange={(_c, all: { days: number }) => setDays(all.days ?? null)}
          data-testid="extend-form"
        >
          <Form.Item
            name="days"
            label={t("billing.extendModal.days")}
            extra={t("billing.extendModal.hint")}
            rules={[
              {
                required: true,
                type: "integer",
                min: EXTEND_DAYS.min,
                max: EXTEND_DAYS.max,
                message: messageText("extendDaysInvalid", locale),
              },
            ]}
          >
            <InputNumber<number>
              min={EXTEND_DAYS.min}
              max={EXTEND_DAYS.max}
              precision={0}
              {...digitsInput(locale)}
              aria-label={t("billing.extendModal.days")}
              data-testid="extend-days"
            />
          </Form.Item>
          <ModalError text={failure} />
        </Form>
      )}
    </Modal>
  );
}
