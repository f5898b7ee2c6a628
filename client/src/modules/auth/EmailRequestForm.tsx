// One e-mail address, checked with the shared rule and sent to an endpoint that answers the same
// whether or not the address is known (forgot password, resend verification). The page around it
// shows the confirmation once onSent is called.
import { Button, Form, type InputRef } from "antd";
import { useRef, useState } from "react";
import { fieldErrors, forgotPasswordSchema } from "@sufra/schema";
import { api, ApiError } from "../../lib/api.ts";
import { detailsOnFields, EmailInput, Field, generalError, Notice, useAuthText, type Msg } from "./shared.tsx";

interface Props {
  /** prefix of the field's id and the test ids: `${idPrefix}-email`, `-submit`, `-error` */
  idPrefix: string;
  path: string;
  ariaLabel: string;
  submitLabel: string;
  large?: boolean;
  onSent: () => void;
}

export function EmailRequestForm({ idPrefix, path, ariaLabel, submitLabel, large, onSent }: Props) {
  const { t } = useAuthText();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<Msg | undefined>();
  const [failure, setFailure] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);
  const input = useRef<InputRef>(null);

  async function submit() {
    if (busy) return;
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) {
      setError({ key: fieldErrors(parsed.error).email?.[0] ?? "emailInvalid" });
      setFailure(null);
      input.current?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      await api.post(path, { email: parsed.data.email }, { auth: false });
      onSent();
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.details?.email) {
        setError(detailsOnFields(e, { email: "email" }).fields.email);
        input.current?.focus();
      } else setFailure(generalError(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Notice msg={failure} testId={`${idPrefix}-error`} />
      <Form layout="vertical" noValidate onFinish={submit} requiredMark={false} aria-label={ariaLabel}>
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
        <Button type="primary" htmlType="submit" block size={large ? "large" : undefined} loading={busy} data-testid={`${idPrefix}-submit`}>
          {submitLabel}
        </Button>
      </Form>
    </>
  );
}
