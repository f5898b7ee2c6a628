// E-mail confirmation, from the mailed link (?token=): on load, one POST /api/auth/verify-email (the
// same request is shared when React StrictMode runs the effect twice). A used, expired or missing
// link offers to send a new one to an address (POST /api/auth/resend-verification).
import { Button, Flex, Result, Spin } from "antd";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router-dom";
import { api, ApiError } from "../../lib/api.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { EmailRequestForm } from "./EmailRequestForm.tsx";
import { BackToLogin, generalError, useAuthText, type Msg } from "./shared.tsx";
import { LinkButton } from "../../shared/RouteButton.tsx";
import "./i18n.ts";

/** One request a token: StrictMode's second effect (and a remount) reuse the first one's answer. */
const attempts = new Map<string, Promise<unknown>>();
function verifyOnce(token: string) {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = api.post("/auth/verify-email", { token }, { auth: false });
    attempts.set(token, attempt);
    attempt.catch(() => attempts.delete(token)); // a failure may be retried
  }
  return attempt;
}
/** For tests: forget the answers of earlier tokens. */

const linkRefused = (e: unknown) =>
  e instanceof ApiError && (e.code === "INVALID_LINK" || e.code === "VALIDATION_ERROR" || e.status === 404);

type Outcome = { state: "verifying" } | { state: "done" } | { state: "invalid" } | { state: "error"; msg: Msg };

function Resend() {
  const { t, say } = useAuthText();
  const [sent, setSent] = useState(false);
  if (sent)
    return (
      <Result
        status="success"
        title={t("verify.sentTitle")}
        subTitle={<span role="status">{say({ key: "verificationSent" })}</span>}
      />
    );
  return (
    <EmailRequestForm
      idPrefix="resend"
      path="/auth/resend-verification"
      ariaLabel={t("verify.resend")}
      submitLabel={t("verify.resend")}
      onSent={() => setSent(true)}
    />
  );
}

export default function VerifyEmailPage() {
  const { t, say } = useAuthText();
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: "verifying" } : { state: "invalid" });
  const [round, setRound] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    verifyOnce(token).then(
      () => live && setOutcome({ state: "done" }),
      (e: unknown) =>
        live && setOutcome(linkRefused(e) ? { state: "invalid" } : { state: "error", msg: generalError(e) }),
    );
    return () => {
      live = false;
    };
  }, [token, round]);

  const retry = () => {
    setOutcome({ state: "verifying" });
    setRound((r) => r + 1);
  };

  return (
    <AuthLayout title={t("verify.title")} footer={<BackToLogin label={t("forgot.back")} />}>
      {outcome.state === "verifying" && (
        <Flex vertical align="center" gap="middle" role="status" style={{ paddingBlock: 24 }}>
          <Spin size="large" />
          <span>{t("verify.verifying")}</span>
        </Flex>
      )}
      {outcome.state === "done" && (
        <Result
          status="success"
          title={t("verify.doneTitle")}
          subTitle={<span role="status">{say({ key: "emailVerified" })}</span>}
          extra={
            <LinkButton to="/login" testId="verify-login">
              {t("verify.login")}
            </LinkButton>
          }
        />
      )}
      {outcome.state === "invalid" && (
        <>
          <Result
            status="warning"
            title={t("verify.invalidTitle")}
            subTitle={
              <span data-testid="verify-invalid">
                {t("errors.INVALID_LINK", { ns: "common" })}. {t("verify.invalidText")}
              </span>
            }
          />
          <Resend />
        </>
      )}
      {outcome.state === "error" && (
        <Result
          status="error"
          title={t("verify.errorTitle")}
          subTitle={<span role="alert">{say(outcome.msg)}</span>}
          extra={
            <Button type="primary" onClick={retry} data-testid="verify-retry">
              {t("verify.retry")}
            </Button>
          }
        />
      )}
    </AuthLayout>
  );
}
