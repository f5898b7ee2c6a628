// Forgot password: an e-mail address (shared rule), POST /api/auth/forgot-password, and always the
// same confirmation, whether or not the address is registered. Plain controls, no antd, like the login.
import { useState } from "react";
import { AuthLayout } from "./AuthLayout.tsx";
import { EmailRequestForm } from "./EmailRequestForm.tsx";
import { useAuthText } from "./forms.ts";
import { BackToLogin, Outcome } from "./plain.tsx";
import "./i18n.ts";

export default function ForgotPasswordPage() {
  const { t, say } = useAuthText();
  const [sent, setSent] = useState(false);

  if (sent)
    return (
      <AuthLayout title={t("forgot.title")}>
        <Outcome status="success" title={t("forgot.sentTitle")} extra={<BackToLogin label={t("forgot.back")} />}>
          <span role="status">{say({ key: "resetLinkSent" })}</span>
        </Outcome>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t("forgot.title")}
      subtitle={t("forgot.subtitle")}
      footer={<BackToLogin label={t("forgot.back")} />}
    >
      <EmailRequestForm
        idPrefix="forgot"
        path="/auth/forgot-password"
        ariaLabel={t("forgot.title")}
        submitLabel={t("forgot.submit")}
        onSent={() => setSent(true)}
      />
    </AuthLayout>
  );
}
