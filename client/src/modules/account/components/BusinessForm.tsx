// Business details for clients and owners: company name, phone (+965 rule), address. Loaded with
// GraphQL `me`, saved with PUT /api/auth/profile; the cached business follows the saved values.
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { isKuwaitPhone, KUWAIT_PHONE_PREFIX, messageText, PHONE_PLACEHOLDER } from "@sufra/schema";
import { Alert, App, Button, Card, Form, Input, Skeleton, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useBusinessDetails } from "../data.ts";
import { businessDetailsOf, fieldErrorsOn } from "../model.ts";

interface Values {
  company_name: string;
  phone: string;
  address: string;
}

export function BusinessForm() {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const { message } = App.useApp();
  const { loaded, business, error, reload, save: send } = useBusinessDetails();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const save = async (v: Values) => {
    if (!business) return;
    const body = businessDetailsOf(v);
    setSaving(true);
    setFailure(null);
    try {
      await send(body);
      form.setFieldsValue(body);
      void message.success(t("settings.businessSaved"));
    } catch (e) {
      const fields = fieldErrorsOn(errorDetails(e), ["company_name", "phone", "address"] as const);
      if (fields.length) form.setFields(fields);
      else setFailure(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  let body;
  if (business)
    body = (
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={save}
        initialValues={{
          company_name: business.companyName,
          phone: business.phone || KUWAIT_PHONE_PREFIX,
          address: business.address,
        }}
        data-testid="business-form"
      >
        <Form.Item
          name="company_name"
          label={t("settings.companyName")}
          rules={[
            { required: true, whitespace: true, message: t("settings.companyRequired") },
            { max: 200, message: messageText("tooLong", locale) },
          ]}
        >
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item
          name="phone"
          label={t("settings.phone")}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (!isKuwaitPhone(value ?? "")) throw new Error(messageText("invalidPhone", locale));
              },
            },
          ]}
        >
          <Input
            type="tel"
            dir="ltr"
            className="sufra-ltr-input"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_PLACEHOLDER}
          />
        </Form.Item>
        <Form.Item
          name="address"
          label={t("settings.address")}
          rules={[{ max: 500, message: messageText("tooLong", locale) }]}
        >
          <Input.TextArea rows={3} autoComplete="street-address" />
        </Form.Item>
        <FormFailure failure={failure} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("settings.saveBusiness")}
        </Button>
      </Form>
    );
  else if (error)
    body = (
      <Alert
        type="error"
        showIcon
        title={t("settings.loadFailed")}
        description={errorMessage(error)}
        action={
          <Button size="small" onClick={reload}>
            {t("actions.retry", { ns: "common" })}
          </Button>
        }
      />
    );
  else if (loaded) body = <Typography.Paragraph type="secondary">{t("settings.noBusiness")}</Typography.Paragraph>;
  else body = <Skeleton active />;

  return (
    <Card title={t("settings.business")} className="sufra-account-card">
      <Typography.Paragraph type="secondary">{t("settings.businessHint")}</Typography.Paragraph>
      {body}
    </Card>
  );
}
