// What owners and the account holder manage besides paying (docs/product.md#subscriptions-and-billing):
// "Cancel at period end" / "Keep my subscription", and the legal name and address invoices carry
// (the shared rule billingDetailsSchema, its messages in the person's language).
import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import {
  BILLING_ADDRESS_MAX,
  BILLING_NAME_MAX,
  billingDetailsSchema,
  CR_NUMBER_MAX,
  messageText,
  type MessageKey,
} from "@sufra/schema";
import { App, Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BillingDocument,
  CancelSubscriptionDocument,
  KeepSubscriptionDocument,
  UpdateBillingDetailsDocument,
  type BillingFieldsFragment,
} from "../../../graphql/graphql.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { DangerConfirm, useReportedChange } from "../../../shared/DangerConfirm.tsx";
import { FormFailure, showServerErrors } from "../../../shared/FormFailure.tsx";
import { BILLING_NS } from "../i18n.ts";
import { lastDay } from "../model.ts";

/** Writes a mutation's answer (the whole billing page) over the cached page, which the shell's banner reads too. */
export const writePage = (cache: ApolloCache, billing: BillingFieldsFragment | undefined) => {
  if (billing) cache.writeQuery({ query: BillingDocument, data: { billing } });
};

export function CancelCard({ billing }: { billing: BillingFieldsFragment }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const report = useReportedChange();
  const [cancel] = useMutation(CancelSubscriptionDocument, {
    update: (cache, { data }) => writePage(cache, data?.cancelSubscription),
  });
  const [keep, { loading: keeping }] = useMutation(KeepSubscriptionDocument, {
    update: (cache, { data }) => writePage(cache, data?.keepSubscription),
  });
  const end = billing.periodEndsAt ? lastDay(billing.periodEndsAt, locale) : "";

  return (
    <Card title={t("cancel.title")} className="sufra-card sufra-billing-card" data-testid="billing-cancel-card">
      {billing.cancelAtPeriodEnd ? (
        <>
          <Typography.Paragraph>{t("plan.cancelledAtEnd", { date: end })}</Typography.Paragraph>
          <Button
            type="primary"
            loading={keeping}
            onClick={() =>
              void report(
                () => keep(),
                () => t("cancel.kept"),
                () => {},
              )
            }
            data-testid="keep-subscription"
          >
            {t("cancel.keep")}
          </Button>
        </>
      ) : (
        <>
          <Typography.Paragraph>{t("cancel.text")}</Typography.Paragraph>
          <DangerConfirm
            title={t("cancel.confirmTitle")}
            description={t("cancel.confirmText", { date: end })}
            okText={t("cancel.confirm")}
            cancelText={t("cancel.keepPlan")}
            onConfirm={() =>
              report(
                () => cancel(),
                () => t("cancel.done", { date: end }),
                () => {},
              )
            }
            testId="cancel-subscription"
          >
            {t("cancel.button")}
          </DangerConfirm>
        </>
      )}
    </Card>
  );
}

interface Details {
  legalName: string;
  billingAddress: string;
  crNumber: string;
}
const DETAIL_FIELDS = ["legalName", "billingAddress", "crNumber"] as const;

export function DetailsCard({ billing }: { billing: BillingFieldsFragment }) {
  const { t } = useTranslation(BILLING_NS);
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Details>();
  const [failure, setFailure] = useState<string | null>(null);
  const [save, { loading }] = useMutation(UpdateBillingDetailsDocument, {
    update: (cache, { data }) => writePage(cache, data?.updateBillingDetails),
  });

  // each field checked by the shared rule, its message in the person's language
  const rule = (field: keyof Details) => ({
    validator: async () => {
      const r = billingDetailsSchema.safeParse(form.getFieldsValue());
      const issue = r.error?.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(messageText(issue.message as MessageKey, locale));
    },
  });

  const submit = async (v: Details) => {
    setFailure(null);
    const parsed = billingDetailsSchema.parse(v);
    try {
      await save({ variables: parsed });
      void message.success(t("details.saved"));
    } catch (e) {
      showServerErrors(form, e, DETAIL_FIELDS, setFailure);
    }
  };

  return (
    <Card title={t("details.title")} className="sufra-card sufra-billing-card">
      <Typography.Paragraph type="secondary">{t("details.hint")}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        initialValues={{
          legalName: billing.legalName,
          billingAddress: billing.billingAddress,
          crNumber: billing.crNumber ?? "",
        }}
        data-testid="billing-details-form"
      >
        <Form.Item name="legalName" label={t("details.legalName")} rules={[rule("legalName")]}>
          <Input maxLength={BILLING_NAME_MAX} dir="auto" autoComplete="organization" />
        </Form.Item>
        <Form.Item name="billingAddress" label={t("details.billingAddress")} rules={[rule("billingAddress")]}>
          <Input.TextArea maxLength={BILLING_ADDRESS_MAX} dir="auto" rows={3} autoComplete="street-address" />
        </Form.Item>
        <Form.Item
          name="crNumber"
          label={t("details.crNumber")}
          extra={t("details.crNumberHint")}
          rules={[rule("crNumber")]}
        >
          <Input maxLength={CR_NUMBER_MAX} dir="ltr" inputMode="text" autoComplete="off" />
        </Form.Item>
        <FormFailure failure={failure} testId="billing-details-error" />
        <Button type="primary" htmlType="submit" loading={loading}>
          {t("details.save")}
        </Button>
      </Form>
    </Card>
  );
}
