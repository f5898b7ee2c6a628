// Login (docs/product.md#routes, #validation-rules, #errors-and-messages). /login for clients and owners; /admin/login and /login?type=admin are the
// admin variant, which differs only in its subtitle and in the link to the other variant. Rules come
// from the shared login rules (loginProblems, held to loginSchema; one message a field, cleared as the person types); server errors map
// by code first, then by the message's words. After login: the remembered page, else the role's home.
// Plain HTML controls (plain.tsx), no antd: this is the first page many people load; the antd app
// comes after login, lazily.
import type { FormEvent } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { cleanEmail, loginProblems } from "@sufra/schema";
import { afterLogin } from "../../app/afterLogin.ts";
import { api, ApiError, type LoginResponse } from "../../lib/api.ts";
import { session } from "../../lib/session.ts";
import { common } from "../../i18n/common.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import {
  commonError,
  detailsOnFields,
  loginError,
  serverText,
  useAuthText,
  useFieldForm,
  type FieldErrors,
  type LoginState,
  type Msg,
} from "./forms.ts";
import { EmailInput, Field, Notice, PasswordInput, SubmitButton } from "./plain.tsx";
import "./i18n.ts";

type LoginField = "email" | "password";
const FIELDS: LoginField[] = ["email", "password"];

const SESSION_EXPIRED_TEXTS = new Set([common.en.errors.sessionExpired, common.ar.errors.sessionExpired]);

/** The notice the arriving state asks for: a success handed over (an accepted invitation) or a reason (warning). */
function arrivalNotice(state: LoginState): { msg: Msg; type: "success" | "warning" } | null {
  if (state.success) return { type: "success", msg: { text: state.success } };
  if (state.message)
    return {
      type: "warning",
      msg: SESSION_EXPIRED_TEXTS.has(state.message) ? commonError("sessionExpired") : { text: state.message },
    };
  return null;
}

export default function LoginPage() {
  const { t } = useAuthText();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const admin = location.pathname.startsWith("/admin") || params.get("type") === "admin";
  const state = (location.state ?? {}) as LoginState;

  const { values, errors, change, showErrors, refFor, failure, setFailure, busy, setBusy, refuse, sending } =
    useFieldForm(FIELDS, { email: "", password: "" });

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    // loginSchema's rules without zod (the server applies loginSchema itself): a lighter login page
    const found = loginProblems(values);
    if (Object.keys(found).length) {
      const next: FieldErrors<LoginField> = {};
      for (const f of FIELDS) if (found[f]) next[f] = { key: found[f] };
      refuse(next);
      return;
    }
    sending();
    try {
      const res = await api.post<LoginResponse>(
        "/auth/login",
        { email: cleanEmail(values.email), password: values.password },
        { auth: false },
      );
      session.start(res.user, res.access_token, res.refresh_token);
      navigate(afterLogin(res.user.role, state.from), { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === "VALIDATION_ERROR" && err.details) {
        const { fields, rest } = detailsOnFields(err, { email: "email", password: "password" });
        showErrors(fields);
        if (rest.length || !Object.keys(fields).length)
          setFailure(serverText(err) ? { text: serverText(err)! } : commonError("loginFailed"));
      } else {
        setFailure(loginError(err));
      }
      setBusy(false);
    }
  }

  const arrival = arrivalNotice(state);
  const keep = { from: state.from ?? null }; // switching variants keeps the remembered page

  return (
    <AuthLayout
      title={t("login.title")}
      subtitle={admin ? t("login.adminSubtitle") : t("login.subtitle")}
      footer={
        <span>
          {t("login.noAccount")} <Link to="/signup">{t("login.signup")}</Link>
        </span>
      }
    >
      <Notice msg={failure} testId="login-error" />
      {!failure && arrival && <Notice msg={arrival.msg} type={arrival.type} testId="login-notice" />}
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={t("login.submit")}>
        <Field id="login-email" label={t("fields.email")} error={errors.email}>
          {(a11y) => (
            <EmailInput
              {...a11y}
              ref={refFor("email")}
              value={values.email}
              onChange={change("email")}
              data-testid="login-email"
            />
          )}
        </Field>
        <Field id="login-password" label={t("fields.password")} error={errors.password}>
          {(a11y) => (
            <PasswordInput
              {...a11y}
              ref={refFor("password")}
              autoComplete="current-password"
              value={values.password}
              onChange={change("password")}
              data-testid="login-password"
            />
          )}
        </Field>
        <SubmitButton busy={busy} testId="login-submit">
          {t("login.submit")}
        </SubmitButton>
      </form>
      <nav className="auth-links">
        <Link to="/forgot-password">{t("login.forgot")}</Link>
        {admin ? (
          <Link to="/login" state={keep} data-testid="login-variant-link">
            {t("login.clientLink")}
          </Link>
        ) : (
          <Link to="/admin/login" state={keep} data-testid="login-variant-link">
            {t("login.adminLink")}
          </Link>
        )}
      </nav>
    </AuthLayout>
  );
}
