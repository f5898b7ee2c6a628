// The auth screens' antd pieces (sign-up, e-mail link pages, the invitation page): a form field with its
// error and hint wired for screen readers, the e-mail input and the page Alert ("back to login" is plain.tsx's).
// Everything without antd (texts, API errors, form state) is in forms.ts, which the plain login page
// uses alone; it is re-exported here so these pages keep one import.
// antd's Result is not here: it lives with the page that shows it (VerifyEmailPage.tsx).

import { Alert, Form } from "antd";
import type { ReactNode } from "react";
import { useAuthText, type FieldA11y, type Msg } from "./forms.ts";

export * from "./forms.ts";
export { BackToLogin } from "./plain.tsx";

/** A labelled form item whose error (one message) and hint are tied to the input for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: Msg;
  hint?: ReactNode;
  required?: boolean;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const { say } = useAuthText();
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  return (
    <Form.Item
      label={label}
      htmlFor={id}
      required={required}
      validateStatus={error ? "error" : undefined}
      help={error ? <span id={`${id}-error`}>{say(error)}</span> : undefined}
      extra={hint ? <span id={`${id}-hint`}>{hint}</span> : undefined}
    >
      {children({
        id,
        ...(error ? { "aria-invalid": true } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
    </Form.Item>
  );
}

/** The page's notice above the form: errors are announced at once (role alert), others politely. */
export function Notice({
  msg,
  type = "error",
  testId,
}: {
  msg: Msg | null | undefined;
  type?: "error" | "warning" | "success" | "info";
  testId?: string;
}) {
  const { say } = useAuthText();
  if (!msg) return null;
  return (
    <Alert
      className="auth-notice"
      type={type}
      showIcon
      title={say(msg)}
      role={type === "error" ? "alert" : "status"}
      data-testid={testId}
    />
  );
}
