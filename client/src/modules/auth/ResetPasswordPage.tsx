// Reset password, from the mailed link (?token=): a new password (the shared strength rule, first
// failing check only) and its confirmation; POST /api/auth/reset-password. Success leads to the
// login; a used, expired or missing link says so and offers to request a new one.
import { Button, Form, Input, Result, type InputRef } from "antd";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { passwordProblem } from "@sufra/schema";
import { api, ApiError } from "../../lib/api.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { InvalidLink } from "./InvalidLink.tsx";
import { BackToLogin, detailsOnFields, Field, generalError, Notice, useAuthText, withoutError, type FieldErrors, type Msg } from "./shared.tsx";
import { LinkButton } from "../../shared/RouteButton.tsx";
import "./i18n.ts";

type ResetField = "password" | "confirmPassword";

export default function ResetPasswordPage() {
  const { t, say } = useAuthText();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [values, setValues] = useState<Record<ResetField, string>>({ password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<FieldErrors<ResetField>>({});
  const [failure, setFailure] = useState<Msg | null>(null);
  const [outcome, setOutcome] = useState<"form" | "done" | "invalid">(token ? "form" : "invalid");
  const [busy, setBusy] = useState(false);
  const password = useRef<InputRef>(null);
  const confirm = useRef<InputRef>(null);

  const change = (field: ResetField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => withoutError(errs, field));
  };

  async function submit() {
    if (busy) return;
    const problem = values.password ? passwordProblem(values.password) : "passwordRequired";
    if (problem) {
      setErrors({ password: { key: problem } });
      setFailure(null);
      password.current?.focus();
      return;
    }
    if (values.confirmPassword !== values.password) {
      setErrors({ confirmPassword: { key: "passwordMismatch" } });
      setFailure(null);
      confirm.current?.focus();
      return;
    }
    setErrors({});
    setFailure(null);
    setBusy(true);
    try {
      await api.post("/auth/reset-password", { token, new_password: values.password }, { auth: false });
      setOutcome("done");
    } catch (e) {
      if (e instanceof ApiError && e.code === "INVALID_LINK") setOutcome("invalid");
      else if (e instanceof ApiError && e.status === 400 && e.details) {
        const { fields, rest } = detailsOnFields(e, { new_password: "password", password: "password" });
        if (!fields.password && rest.length) setOutcome("invalid"); // e.g. the token itself was refused
        else {
          setErrors(fields);
          password.current?.focus();
        }
      } else setFailure(generalError(e));
    } finally {
      setBusy(false);
    }
  }

  if (outcome === "invalid")
    return (
      <AuthLayout title={t("reset.title")} footer={<BackToLogin label={t("forgot.back")} />}>
        <InvalidLink
          title={t("reset.invalidTitle")}
          text={t("reset.invalidText")}
          testId="reset-invalid"
          extra={
            <LinkButton to="/forgot-password" testId="reset-request-new">
              {t("reset.requestNew")}
            </LinkButton>
          }
        />
      </AuthLayout>
    );

  if (outcome === "done")
    return (
      <AuthLayout title={t("reset.title")}>
        <Result
          status="success"
          title={t("reset.doneTitle")}
          subTitle={<span role="status">{say({ key: "passwordReset" })}</span>}
          extra={
            <LinkButton to="/login" testId="reset-login">
              {t("reset.login")}
            </LinkButton>
          }
        />
      </AuthLayout>
    );

  return (
    <AuthLayout title={t("reset.title")} subtitle={t("reset.subtitle")} footer={<BackToLogin label={t("forgot.back")} />}>
      <Notice msg={failure} testId="reset-error" />
      <Form layout="vertical" noValidate onFinish={submit} requiredMark={false} aria-label={t("reset.title")}>
        <Field id="reset-password" label={t("fields.newPassword")} error={errors.password} hint={say({ key: "passwordHint" })}>
          {(a11y) => <Input.Password {...a11y} ref={password} autoComplete="new-password" value={values.password} onChange={change("password")} data-testid="reset-password" />}
        </Field>
        <Field id="reset-confirm" label={t("fields.confirmNewPassword")} error={errors.confirmPassword}>
          {(a11y) => <Input.Password {...a11y} ref={confirm} autoComplete="new-password" value={values.confirmPassword} onChange={change("confirmPassword")} data-testid="reset-confirm" />}
        </Field>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="reset-submit">
          {t("reset.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
