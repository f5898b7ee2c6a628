// Change password (POST /api/auth/change-password): the shared strength rule, a confirmation, and
// the server's verdict in the person's language (a wrong current password sits on its field).
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { messageText, passwordProblem } from "@sufra/schema";
import { App, Button, Card, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorCode, errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { changePassword } from "../data.ts";
import { fieldErrorsOn } from "../model.ts";

interface Values {
  current_password: string;
  new_password: string;
  confirm_password: string;
}

export function PasswordForm() {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (v: Values) => {
    setSaving(true);
    setFailure(null);
    try {
      const res = await changePassword({ current_password: v.current_password, new_password: v.new_password });
      form.resetFields();
      void message.success(res?.message ?? messageText("passwordChanged", locale));
    } catch (e) {
      if (errorCode(e) === "INCORRECT_PASSWORD") {
        form.setFields([{ name: "current_password", errors: [errorMessage(e)] }]);
        return;
      }
      const fields = fieldErrorsOn(errorDetails(e), ["current_password", "new_password"] as const);
      if (fields.length) form.setFields(fields);
      else setFailure(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t("password.title")} className="sufra-account-card">
      <Form form={form} layout="vertical" onFinish={submit} requiredMark={false} data-testid="password-form">
        <Form.Item
          name="current_password"
          label={t("password.current")}
          rules={[{ required: true, message: messageText("currentPasswordRequired", locale) }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="new_password"
          label={t("password.new")}
          extra={messageText("passwordHint", locale)}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const problem = passwordProblem(value ?? "");
                if (problem) throw new Error(messageText(problem, locale));
              },
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label={t("password.confirm")}
          dependencies={["new_password"]}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if ((value ?? "") !== (getFieldValue("new_password") ?? ""))
                  throw new Error(messageText("passwordMismatch", locale));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t("password.otherSessions")}</Typography.Paragraph>
        <FormFailure failure={failure} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("password.submit")}
        </Button>
      </Form>
    </Card>
  );
}
