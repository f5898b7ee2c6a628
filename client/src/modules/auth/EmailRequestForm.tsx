// One e-mail address, checked with the shared rule and sent to an endpoint that answers the same
// whether or not the address is known (forgot password, resend verification). The page around it
// shows the confirmation once onSent is called. Plain controls (plain.tsx), the zod-free e-mail rule.
import { useRef, useState, type FormEvent } from "react";
import { cleanEmail, loginProblems } from "@sufra/schema";
import { api, ApiError } from "../../lib/api.ts";
import { detailsOnFields, generalError, useAuthText, type Msg } from "./forms.ts";
import { EmailInput, Field, Notice, SubmitButton } from "./plain.tsx";

interface Props {
  /** prefix of the field's id and the test ids: `${idPrefix}-email`, `-submit`, `-error` */
  idPrefix: string;
  path: string;
  ariaLabel: string;
  submitLabel: string;
  onSent: () => void;
}

export function EmailRequestForm({ idPrefix, path, ariaLabel, submitLabel, onSent }: Props) {
  const { t } = useAuthText();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<Msg | undefined>();
  const [failure, setFailure] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (busy) return;
    // the login rule's e-mail part is forgotPasswordSchema's (control characters, required, format)
    const problem = loginProblems({ email, password: "" }).email;
    if (problem) {
      setError({ key: problem });
      setFailure(null);
      input.current?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await api.post(path, { email: cleanEmail(email) }, { auth: false });
      onSent();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && err.details?.email) {
        setError(detailsOnFields(err, { email: "email" }).fields.email);
        input.current?.focus();
      } else setFailure(generalError(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Notice msg={failure} testId={`${idPrefix}-error`} />
      <form noValidate onSubmit={(e) => void submit(e)} aria-label={ariaLabel}>
        <Field id={`${idPrefix}-email`} label={t("fields.email")} error={error}>
          {(a11y) => (
            <EmailInput
              {...a11y}
              ref={input}
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              data-testid={`${idPrefix}-email`}
            />
          )}
        </Field>
        <SubmitButton busy={busy} testId={`${idPrefix}-submit`}>
          {submitLabel}
        </SubmitButton>
      </form>
    </>
  );
}
