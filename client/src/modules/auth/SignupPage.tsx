// Sign-up (docs/product.md#routes, #validation-rules, #errors-and-messages): plan (?plan=, default professional), company, contact, email, phone
// (pre-filled with +965), password with its hint, confirmation. The shared signUpProblem reports the
// first failing rule in order (docs/product.md#validation-rules) and the fields it concerns: one rule at a time, its message
// on each of those fields, cleared as the person types there. Success: the next-steps page
// (SignupNextPage), which shows the success text naming the plan once, with what happens next.
import { Button, Form, Input, Radio, Tag, theme } from "antd";
import { useState, type CSSProperties } from "react";
import { Trans } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import {
  DEFAULT_PLAN,
  isPlanId,
  KUWAIT_PHONE_PREFIX,
  messageText,
  MOST_POPULAR_PLAN,
  normalizePhone,
  PHONE_PLACEHOLDER,
  PLAN_IDS,
  PLANS,
  signUpProblem,
  type PlanId,
} from "@sufra/schema";
import { api, ApiError } from "../../lib/api.ts";
import { formatMoney } from "../../lib/format.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { signupNextPath, type SignupNextState } from "./SignupNextPage.tsx";
import {
  commonError,
  detailsOnFields,
  Field,
  isEmailTaken,
  Notice,
  serverText,
  transportProblem,
  useAuthText,
  useFieldForm,
  type FieldErrors,
} from "./shared.tsx";
import "./i18n.ts";
import { TAG_COLORS } from "../../shared/tagColors.ts";

type SignupField = "companyName" | "contactName" | "email" | "phone" | "password" | "confirmPassword";
/** Form order: the first field with an error gets the focus. */
const FIELDS: SignupField[] = ["companyName", "contactName", "email", "phone", "password", "confirmPassword"];
const isSignupField = (f: string): f is SignupField => (FIELDS as string[]).includes(f);

/** The server's snake_case field names -> the form's fields. */
const SERVER_FIELDS: Record<string, SignupField> = {
  email: "email",
  password: "password",
  company_name: "companyName",
  contact_name: "contactName",
  phone: "phone",
  confirm_password: "confirmPassword",
};

export default function SignupPage() {
  const { t, locale } = useAuthText();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asked = params.get("plan");
  const [plan, setPlan] = useState<PlanId>(isPlanId(asked) ? asked : DEFAULT_PLAN);

  const { values, errors, change, showErrors, refFor, failure, setFailure, busy, setBusy, refuse, sending } =
    useFieldForm(FIELDS, {
      companyName: "",
      contactName: "",
      email: "",
      phone: `${KUWAIT_PHONE_PREFIX} `,
      password: "",
      confirmPassword: "",
    });
  async function submit() {
    if (busy) return;
    const problem = signUpProblem(values);
    if (problem) {
      const next: FieldErrors<SignupField> = {};
      for (const f of problem.fields) if (isSignupField(f)) next[f] = { key: problem.key };
      refuse(next);
      return;
    }
    sending();
    try {
      await api.post(
        "/auth/register",
        {
          email: values.email.trim().toLowerCase(),
          password: values.password,
          company_name: values.companyName.trim(),
          contact_name: values.contactName.trim(),
          phone: normalizePhone(values.phone),
          requested_plan: plan,
          address: "",
        },
        { auth: false },
      );
      navigate(signupNextPath(plan), { state: { email: values.email.trim().toLowerCase() } satisfies SignupNextState });
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError)) return setFailure(commonError("registrationFailed"));
      if (isEmailTaken(e)) {
        showErrors({ email: commonError("emailExists") });
        return setFailure(commonError("emailExists"));
      }
      if (e.status === 400 && e.details && Object.keys(e.details).length) {
        const { fields, rest } = detailsOnFields(e, SERVER_FIELDS);
        showErrors(fields);
        return setFailure(rest.length ? { text: rest.join(" ") } : { t: "signup.checkFields", ns: "auth" });
      }
      // A lost connection or a rate limit keeps its catalogue text; otherwise the server's own words,
      // and a failure that says nothing (a bare 5xx too) is "Registration failed" (docs/product.md#errors-and-messages).
      const serverFailed = typeof e.status === "number" && e.status >= 500;
      const transport = serverFailed ? null : transportProblem(e);
      if (transport) return setFailure(transport);
      const text = serverText(e);
      setFailure(text ? { text } : commonError("registrationFailed"));
    }
  }

  const textField = (field: SignupField, label: string, extra: Partial<React.ComponentProps<typeof Input>> = {}) => (
    <Field id={`signup-${field}`} label={label} error={errors[field]} required>
      {(a11y) => (
        <Input
          {...a11y}
          {...extra}
          ref={refFor(field)}
          value={values[field]}
          onChange={change(field)}
          data-testid={TEST_IDS[field]}
        />
      )}
    </Field>
  );

  return (
    <AuthLayout
      wide
      title={t("signup.title")}
      subtitle={t("signup.subtitle")}
      footer={
        <span>
          {t("signup.haveAccount")} <Link to="/login">{t("signup.login")}</Link>
        </span>
      }
    >
      <Notice msg={failure} testId="signup-error" />
      <Form layout="vertical" noValidate onFinish={submit} aria-label={t("signup.title")}>
        <Form.Item label={<span id="signup-plan-label">{t("signup.plan")}</span>}>
          <Radio.Group
            value={plan}
            onChange={(e) => setPlan(e.target.value as PlanId)}
            className="auth-plans"
            aria-labelledby="signup-plan-label"
            style={{ "--auth-accent": token.colorPrimary } as CSSProperties}
          >
            {PLAN_IDS.map((id) => (
              <Radio key={id} value={id} className="auth-plan" data-testid={`signup-plan-${id}`}>
                <span className="auth-plan-body">
                  <span className="auth-plan-name">{PLANS[id].name[locale]}</span>
                  <span className="auth-plan-price">
                    <bdi>{formatMoney(PLANS[id].priceKwd, locale)}</bdi> {t("signup.perMonth")}
                  </span>
                  {id === MOST_POPULAR_PLAN && (
                    <span>
                      <Tag color={TAG_COLORS.warning} variant="solid">
                        {t("signup.popular")}
                      </Tag>
                    </span>
                  )}
                </span>
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        {textField("companyName", t("fields.companyName"), {
          autoComplete: "organization",
          placeholder: t("fields.companyPlaceholder"),
        })}
        {textField("contactName", t("fields.contactName"), {
          autoComplete: "name",
          placeholder: t("fields.contactPlaceholder"),
        })}
        {textField("email", t("fields.email"), {
          type: "email",
          inputMode: "email",
          autoComplete: "email",
          dir: "ltr",
          className: "auth-ltr-input",
          placeholder: t("fields.emailPlaceholder"),
        })}
        {textField("phone", t("fields.phone"), {
          type: "tel",
          inputMode: "tel",
          autoComplete: "tel",
          dir: "ltr",
          className: "auth-ltr-input",
          placeholder: PHONE_PLACEHOLDER,
        })}
        <Field
          id="signup-password"
          label={t("fields.password")}
          error={errors.password}
          hint={messageText("passwordHint", locale)}
          required
        >
          {(a11y) => (
            <Input.Password
              {...a11y}
              ref={refFor("password")}
              autoComplete="new-password"
              value={values.password}
              onChange={change("password")}
              data-testid={TEST_IDS.password}
            />
          )}
        </Field>
        <Field id="signup-confirmPassword" label={t("fields.confirmPassword")} error={errors.confirmPassword} required>
          {(a11y) => (
            <Input.Password
              {...a11y}
              ref={refFor("confirmPassword")}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={change("confirmPassword")}
              data-testid={TEST_IDS.confirmPassword}
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="signup-submit">
          {t("signup.submit")}
        </Button>
        <p className="auth-terms">
          <Trans
            t={t}
            i18nKey="signup.agree"
            components={{ terms: <Link to="/terms" />, privacy: <Link to="/privacy" /> }}
          />
        </p>
      </Form>
    </AuthLayout>
  );
}

/** data-testid of each input (browser tests use them). */
const TEST_IDS: Record<SignupField, string> = {
  companyName: "signup-company",
  contactName: "signup-contact",
  email: "signup-email",
  phone: "signup-phone",
  password: "signup-password",
  confirmPassword: "signup-confirm",
};
