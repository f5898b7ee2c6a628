// The person's name (PUT /api/auth/profile) and their e-mail, read only. The saved user replaces the
// session's, so the top bar and the dashboard greet them by the new name.
import { FormFailure } from "../../../shared/FormFailure.tsx";
import { messageText } from "@sufra/schema";
import { App, Button, Card, Form, Input } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorDetails, errorMessage } from "../../../lib/errorMessage.ts";
import { useLocale } from "../../../lib/useLocale.ts";
import { useSession } from "../../../lib/session.ts";
import { useSaveName } from "../data.ts";

export function NameForm() {
  const { t } = useTranslation("account");
  const locale = useLocale();
  const { message } = App.useApp();
  const saveName = useSaveName();
  const { user } = useSession();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!user) return null;

  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveName(name);
      form.setFieldsValue({ name: saved.name });
      void message.success(t("profile.saved"));
    } catch (e) {
      const field = errorDetails(e).name;
      if (field?.length) form.setFields([{ name: "name", errors: field }]);
      else setFailure(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t("profile.details")} className="sufra-account-card">
      <Form form={form} layout="vertical" initialValues={{ name: user.name }} onFinish={save} requiredMark={false}>
        <Form.Item
          name="name"
          label={t("profile.name")}
          rules={[
            { required: true, whitespace: true, message: messageText("nameRequired", locale) },
            { max: 200, message: messageText("tooLong", locale) },
          ]}
        >
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t("profile.email")} htmlFor="profile-email" extra={t("profile.emailHint")}>
          <Input
            id="profile-email"
            value={user.email}
            readOnly
            variant="filled"
            dir="ltr"
            className="sufra-ltr-input"
            autoComplete="email"
          />
        </Form.Item>
        <FormFailure failure={failure} />
        <Button type="primary" htmlType="submit" loading={saving}>
          {t("profile.save")}
        </Button>
      </Form>
    </Card>
  );
}
