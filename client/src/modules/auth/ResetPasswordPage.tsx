// Reset password, from the mailed link (?token=): a new password (the shared strength rule, first
// failing check only) and its confirmation; POST /api/auth/reset-password. Success leads to the
// login; a used, expired or missing link says so and offers to request a new one. Plain controls, no antd.
import { useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router-dom";
import { passwordProblem } from "@sufra/schema";
import { api, ApiError } from "../../lib/api.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { InvalidLink } from "./InvalidLink.tsx";
import { detailsOnFields, generalError, useAuthText, withoutError, type FieldErrors, type Msg } from "./forms.ts";
import { BackToLogin, ButtonLink, Field, Notice, Outcome, PasswordInput, SubmitButton } from "./plain.tsx";
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
  const password = useRef<HTMLInputElement>(null);
  const confirm = useRef<HTMLInputElement>(null);

  const change = (field: ResetField) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => withoutError(errs, field));
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
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
    } catch (err) {
      if (err instanceof ApiError && err.code === "INVALID_LINK") setOutcome("invalid");
      else if (err instanceof ApiError && err.status === 400 && err.details) {
        const { fields, rest } = detailsOnFields(err, { new_password: "password", password: "password" });
        if (!fields.password && rest.length)
          setOutcome("invalid"); // e.g. the token itself was refused
        else {
          setErrors(fields);
          password.current?.focus();
        }
      } else setFailure(generalError(err));
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
            <ButtonLink to="/forgot-password" testId="reset-request-new">
              {t("reset.requestNew")}
            </ButtonLink>
          }
        />
      </AuthLayout>
    );

  if (outcome === "done")
    return (
      <AuthLayout title={t("reset.title")}>
        <Outcome
          status="success"
          title={t("reset.doneTitle")}
          extra={
            <ButtonLink to="/login" testId="reset-login">
              {t("reset.login")}
            </ButtonLink>
          }
        >
          <span role="status">{say({ key: "passwordReset" })}</span>
        </Outcome>
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t("reset.title")}
      subtitle={t("reset.subtitle")}
      footer={<BackToLogin label={t("forgot.back")} />}
    >
      <Notice msg={failure} testId="reset-error" />
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={t("reset.title")}>
        <Field
          id="reset-password"
          label={t("fields.newPassword")}
          error={errors.password}
          hint={say({ key: "passwordHint" })}
        >
          {(a11y) => (
            <PasswordInput
              {...a11y}
              ref={password}
              autoComplete="new-password"
              value={values.password}
              onChange={change("password")}
              data-testid="reset-password"
            />
          )}
        </Field>
        <Field id="reset-confirm" label={t("fields.confirmNewPassword")} error={errors.confirmPassword}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              ref={confirm}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={change("confirmPassword")}
              data-testid="reset-confirm"
            />
          )}
        </Field>
        <SubmitButton busy={busy} testId="reset-submit">
          {t("reset.submit")}
        </SubmitButton>
      </form>
    </AuthLayout>
  );
}
