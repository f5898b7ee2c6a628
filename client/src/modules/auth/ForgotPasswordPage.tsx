// Forgot password: an e-mail address (shared rule), POST /api/auth/forgot-password, and always the
// same confirmation, whether or not the address is registered.
import { Result } from "antd";
import { useState } from "react";
import { AuthLayout } from "./AuthLayout.tsx";
import { EmailRequestForm } from "./EmailRequestForm.tsx";
import { BackToLogin, useAuthText } from "./shared.tsx";
import "./i18n.ts";

export default function ForgotPasswordPage() {
  const { t, say } = useAuthText();
  const [sent, setSent] = useState(false);

  if (sent)
    return (
      <AuthLayout title={t("forgot.title")}>
        <Result status="success" title={t("forgot.sentTitle")} subTitle={<span role="status">{say({ key: "resetLinkSent" })}</span>} extra={<BackToLogin label={t("forgot.back")} />} />
      </AuthLayout>
    );

  return (
    <AuthLayout title={t("forgot.title")} subtitle={t("forgot.subtitle")} footer={<BackToLogin label={t("forgot.back")} />}>
      <EmailRequestForm idPrefix="forgot" path="/auth/forgot-password" ariaLabel={t("forgot.title")} submitLabel={t("forgot.submit")} large onSent={() => setSent(true)} />
    </AuthLayout>
  );
}
