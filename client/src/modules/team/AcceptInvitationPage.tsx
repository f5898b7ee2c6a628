// /invite?token=...: the invited person chooses a name and a password (the shared sign-up password
// rule, first failing check only, with its hint) and confirms it; POST /api/team/invitations/accept.
// Success leads to /login with a welcome; a used, revoked or expired link says so. An address that already
// has an account (the link's lookup says so) accepts with that account's password instead (JoinWithAccount).
import { Button, Form, Input, Spin } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router-dom";
import { acceptInvitationSchema, fieldErrors } from "@sufra/schema";
import { ApiError } from "../../lib/api.ts";
import {
  AuthLayout,
  BackToLogin,
  detailsOnFields,
  Field,
  type FieldErrors,
  generalError,
  InvalidLink,
  type LoginState,
  Notice,
  useAuthText,
  useFieldForm,
} from "../auth/index.ts";
import { LinkButton } from "../../shared/RouteButton.tsx";
import { TEAM_NS } from "./i18n.ts";
import { acceptInvitation, lookupInvitation, type InvitationPreview } from "./data.ts";
import { JoinWithAccount } from "./components/JoinWithAccount.tsx";

type AcceptField = "name" | "password" | "confirmPassword";
const FIELDS: AcceptField[] = ["name", "password", "confirmPassword"];

export default function AcceptInvitationPage() {
  const { t } = useTranslation(TEAM_NS);
  const { say } = useAuthText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const { values, errors, change, showErrors, refFor, failure, setFailure, busy, setBusy, refuse, sending } =
    useFieldForm(FIELDS, { name: "", password: "", confirmPassword: "" });
  const [invalid, setInvalid] = useState(!token);
  // what the link is for: an address with an account joins with its password (docs/architecture.md#memberships)
  const [preview, setPreview] = useState<InvitationPreview | null>(null);
  const [looked, setLooked] = useState(false);
  useEffect(() => {
    if (!token) return;
    let live = true;
    lookupInvitation(token).then(
      (p) => live && (setPreview(p), setLooked(true)),
      (e) => {
        if (!live) return;
        if (e instanceof ApiError && e.code === "INVALID_LINK") setInvalid(true);
        setLooked(true); // otherwise the form for a new account; the server decides on sending
      },
    );
    return () => {
      live = false;
    };
  }, [token]);

  async function submit() {
    if (busy) return;
    const parsed = acceptInvitationSchema.safeParse({ token, ...values });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (found.token) {
        setFailure(null);
        return setInvalid(true);
      }
      const next: FieldErrors<AcceptField> = {};
      for (const f of FIELDS) if (found[f]?.[0]) next[f] = { key: found[f][0] };
      return refuse(next);
    }
    sending();
    try {
      const res = await acceptInvitation({
        token,
        name: parsed.data.name,
        password: values.password,
        confirmPassword: values.confirmPassword,
      });
      const state: LoginState = {
        success: t("accept.done", { company: res.business.company_name, email: res.user.email }),
      };
      navigate("/login", { replace: true, state });
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError)) return setFailure(generalError(e));
      if (e.code === "INVALID_LINK") return setInvalid(true);
      if (e.code === "EMAIL_TAKEN") return setFailure({ t: "accept.emailTaken", ns: TEAM_NS });
      if (e.code === "VALIDATION_ERROR" && e.details) {
        const { fields, rest } = detailsOnFields(e, {
          name: "name",
          password: "password",
          confirm_password: "confirmPassword",
        });
        if (e.details.token) return setInvalid(true);
        showErrors(fields);
        if (rest.length) setFailure({ text: rest[0] });
        return;
      }
      setFailure(generalError(e));
    }
  }

  if (invalid)
    return (
      <AuthLayout title={t("accept.title")} footer={<BackToLogin label={t("accept.login")} />}>
        <InvalidLink
          title={t("accept.invalidTitle")}
          text={t("accept.invalidText")}
          testId="invite-invalid"
          extra={<LinkButton to="/login">{t("accept.login")}</LinkButton>}
        />
      </AuthLayout>
    );

  if (!looked)
    return (
      <AuthLayout title={t("accept.title")} footer={<BackToLogin label={t("accept.login")} />}>
        <Spin aria-label={t("accept.title")} data-testid="invite-loading" />
      </AuthLayout>
    );

  if (preview?.has_account)
    return (
      <AuthLayout
        title={t("accept.title")}
        subtitle={t("accept.existingSubtitle", { email: preview.email, company: preview.company_name })}
        footer={<BackToLogin label={t("accept.login")} />}
      >
        <JoinWithAccount token={token} preview={preview} onInvalid={() => setInvalid(true)} />
      </AuthLayout>
    );

  return (
    <AuthLayout
      title={t("accept.title")}
      subtitle={t("accept.subtitle")}
      footer={<BackToLogin label={t("accept.login")} />}
    >
      <Notice msg={failure} testId="invite-error" />
      <Form layout="vertical" noValidate onFinish={submit} requiredMark={false} aria-label={t("accept.title")}>
        <Field id="invite-name" label={t("accept.name")} error={errors.name}>
          {(a11y) => (
            <Input
              {...a11y}
              ref={refFor("name")}
              autoComplete="name"
              placeholder={t("accept.namePlaceholder")}
              value={values.name}
              onChange={change("name")}
              data-testid="invite-name"
            />
          )}
        </Field>
        <Field
          id="invite-password"
          label={t("accept.password")}
          error={errors.password}
          hint={say({ key: "passwordHint" })}
        >
          {(a11y) => (
            <Input.Password
              {...a11y}
              ref={refFor("password")}
              autoComplete="new-password"
              value={values.password}
              onChange={change("password")}
              data-testid="invite-password"
            />
          )}
        </Field>
        <Field id="invite-confirm" label={t("accept.confirm")} error={errors.confirmPassword}>
          {(a11y) => (
            <Input.Password
              {...a11y}
              ref={refFor("confirmPassword")}
              autoComplete="new-password"
              value={values.confirmPassword}
              onChange={change("confirmPassword")}
              data-testid="invite-confirm"
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="invite-submit">
          {t("accept.submit")}
        </Button>
      </Form>
    </AuthLayout>
  );
}
