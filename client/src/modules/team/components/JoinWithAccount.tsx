// Accepting an invitation with the account the address already has (docs/architecture.md#memberships): only
// that account's password; the business joins the person's businesses and their next sign-in starts there.
import { Button, Form, Input } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router-dom";
import { joinInvitationSchema, fieldErrors } from "@sufra/schema";
import { ApiError } from "../../../lib/api.ts";
import { detailsOnFields, Field, generalError, type LoginState, Notice, useFieldForm } from "../../auth/index.ts";
import { TEAM_NS } from "../i18n.ts";
import { joinWithAccount, type InvitationPreview } from "../data.ts";

export function JoinWithAccount({
  token,
  preview,
  onInvalid,
}: {
  token: string;
  preview: InvitationPreview;
  onInvalid: () => void;
}) {
  const { t } = useTranslation(TEAM_NS);
  const navigate = useNavigate();
  const { values, errors, change, showErrors, refFor, failure, setFailure, busy, setBusy, refuse, sending } =
    useFieldForm(["password"] as const, { password: "" });
  const company = preview.company_name;

  async function submit() {
    if (busy) return;
    const parsed = joinInvitationSchema.safeParse({ token, password: values.password });
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      if (found.token) return onInvalid();
      return refuse(found.password?.[0] ? { password: { key: found.password[0] } } : {});
    }
    sending();
    try {
      const res = await joinWithAccount(parsed.data);
      const state: LoginState = { success: t("accept.joined", { company, email: res.user.email }) };
      navigate("/login", { replace: true, state });
    } catch (e) {
      setBusy(false);
      if (!(e instanceof ApiError)) return setFailure(generalError(e));
      if (e.code === "INVALID_LINK") return onInvalid();
      if ((e.code === "INCORRECT_PASSWORD" || e.code === "VALIDATION_ERROR") && e.details) {
        const { fields, rest } = detailsOnFields(e, { password: "password" });
        showErrors(fields);
        if (rest.length) setFailure({ text: rest[0] });
        return;
      }
      setFailure(generalError(e));
    }
  }

  return (
    <>
      <Notice msg={failure} testId="invite-error" />
      <Form layout="vertical" noValidate onFinish={submit} requiredMark={false} aria-label={t("accept.title")}>
        <Field id="invite-password" label={t("accept.existingPassword")} error={errors.password}>
          {(a11y) => (
            <Input.Password
              {...a11y}
              ref={refFor("password")}
              autoComplete="current-password"
              value={values.password}
              onChange={change("password")}
              data-testid="invite-password"
            />
          )}
        </Field>
        <Button type="primary" htmlType="submit" block size="large" loading={busy} data-testid="invite-submit">
          {t("accept.existingSubmit", { company })}
        </Button>
      </Form>
    </>
  );
}
