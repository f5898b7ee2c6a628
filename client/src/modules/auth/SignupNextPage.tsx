// After a sign-up: one page that says the account will be reviewed and what happens next (confirm
// the email, staff review, the approval mail and the trial, then sign in). It is the only place the
// sign-up's success text shows (no toast beside it). The plan travels in the address (?plan=) so a
// reload shows the same page; the e-mail address only in the history state, never in the URL.
import { useLocation, useSearchParams } from "react-router-dom";
import { isPlanId, PLANS, TRIAL_DAYS, type PlanId } from "@sufra/schema";
import { formatNumber } from "../../lib/format.ts";
import { AuthLayout } from "./AuthLayout.tsx";
import { Notice, useAuthText } from "./shared.tsx";
import { LinkButton } from "../../shared/RouteButton.tsx";
import "./i18n.ts";

/** What the sign-up form hands over through the location's state. */
export interface SignupNextState {
  email?: string;
}

/** The address of this page for a sign-up on `plan`. */
export const signupNextPath = (plan: PlanId) => `/signup/next?plan=${plan}`;

export default function SignupNextPage() {
  const { t, locale } = useAuthText();
  const [params] = useSearchParams();
  const state = (useLocation().state ?? {}) as SignupNextState;
  const asked = params.get("plan");
  const plan = isPlanId(asked) ? PLANS[asked] : null;
  const email = typeof state.email === "string" && state.email ? state.email : null;

  return (
    <AuthLayout title={t("signupNext.title")}>
      {plan && (
        <Notice
          type="success"
          msg={{ key: "registrationSuccess", params: { plan: plan.name[locale] } }}
          testId="signup-next-success"
        />
      )}
      <h2 className="auth-next-title">{t("signupNext.next")}</h2>
      <ol className="auth-next-steps" data-testid="signup-next-steps">
        <li>{email ? t("signupNext.confirm", { email }) : t("signupNext.confirmAnyEmail")}</li>
        <li>{t("signupNext.review")}</li>
        {/* without a known plan the trial's length still holds; the plan's name is left to the mail */}
        <li>
          {t("signupNext.approved", {
            count: TRIAL_DAYS,
            days: formatNumber(TRIAL_DAYS, locale),
            plan: plan?.name[locale] ?? "",
          })}
        </li>
        <li>{t("signupNext.signIn")}</li>
      </ol>
      <LinkButton to="/login" testId="signup-next-login">
        {t("signupNext.login")}
      </LinkButton>
    </AuthLayout>
  );
}
