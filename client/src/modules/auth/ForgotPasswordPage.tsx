// Forgot password: an e-mail address (shared rule), POST /api/auth/forgot-password, and always the
// same confirmation, whether or not the address is registered.
import { Button, Form, Input, Result, type InputRef } from "antd";
import { useRef, useState } from "react";
import { fieldErrors, forgotPasswordSchema } from "@sufra/schema";
import { api, ApiError } from "../../lib/api.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { BackToLogin, detailsOnFields, Field, generalError, Notice, useAuthText, type Msg } from "./shared.tsx";
import "./i18n.ts";

export default function ForgotPasswordPage() {
  const { t, say } = useAuthText();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<Msg | undefined>();
  const [failure, setFailure] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const input = useRef<InputRef>(null);

  async function submit() {
    if (busy) return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      const key = fieldErrors(parsed.error).email?.[0];
      setError(key ? { key } : { key: "emailInvalid" });
      setFailure(null);
      input.current?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await api.post("/auth/forgot-password", { email: parsed.data.email }, { auth: false });
      setSent(true);
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.details?.email) {
        setError(detailsOnFields(e, { email: "email" }).fields.email);
        input.current?.focus();
      } else setFailure(generalError(e));
    } finally {
      setBusy(false);
    }
  }

  if (sent)
    return (
      <AuthLayout title={t("forgot.title")}>
        <Result status="success" title={t("forgot.sentTitle")} subTitle={<span role="status">{say({ key: "resetLinkSent" })}</span>} extra={<BackToLogin label={t("forgot.back")} />} />
      </AuthLayout>
    );

  return (
    <AuthLayout title={t("forgot.title")} subtitle={t("forgot.subtitle")} footer={<BackToLogin label={t("forgot.back")} />}>
      <Notice msg={failure} testId="forgot-error" />
      <Form layout="vertical" noValidate onFinish={submit} requiredMark={false} aria-label={t("forgot.title")}>
        <Field id="forgot-email" label={t("fields.email")} error={error}>
          {(a11y) => (
            <Input
              {...a11y}
              ref={input}
              type="email"
              inputMode="email"
              autoComplete="email"
              dir="ltr"
              className="auth-ltr-input"
              placeholder={t("fields.emailPlaceholder")}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              data-testid="forgot-email"
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="forgot-submit">
          {t("forgot.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
