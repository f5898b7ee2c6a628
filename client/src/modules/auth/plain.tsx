// The plain pages' pieces as plain HTML (a label, an input, its message; a notice; a submit button; an
// outcome, "back to login"), drawn by plain.css in the theme's colours: antd's Form, Input, Button and Alert with their
// style runtime were most of the login's first download (login, forgot and reset password use these). Same wiring as the antd Field in shared.tsx:
// the error and hint are tied to the input (aria-describedby), the input says it is invalid.
import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from "react";
import { Link } from "react-router-dom";
import { useAuthText, type FieldA11y, type Msg } from "./forms.ts";
import "./plain.css";

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A text input in the auth look (large, as on a phone: 16 px text keeps mobile browsers from zooming in). */
function TextInput({ className, ...props }: InputProps) {
  return <input className={className ? `auth-input ${className}` : "auth-input"} {...props} />;
}

/** An e-mail address: written left to right in both languages, with the phone's e-mail keyboard. */
export function EmailInput(props: InputProps) {
  const { t } = useAuthText();
  return (
    <TextInput
      type="email"
      inputMode="email"
      autoComplete="email"
      autoCapitalize="none"
      spellCheck={false}
      dir="ltr"
      className="auth-ltr-input"
      placeholder={t("fields.emailPlaceholder")}
      {...props}
    />
  );
}

/** A password with a button that shows it as text and hides it again (people type it on phones). */
export function PasswordInput({ className, ...props }: Omit<InputProps, "type">) {
  const { t } = useAuthText();
  const [shown, setShown] = useState(false);
  return (
    <div className="auth-password">
      <TextInput
        {...props}
        type={shown ? "text" : "password"}
        spellCheck={false}
        autoCapitalize="none"
        className={className ? `auth-password-input ${className}` : "auth-password-input"}
      />
      <button
        type="button"
        className="auth-password-toggle"
        aria-pressed={shown}
        aria-label={shown ? t("fields.hidePassword") : t("fields.showPassword")}
        aria-controls={props.id}
        onClick={() => setShown((s) => !s)}
      >
        <svg
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
          <circle cx="12" cy="12" r="3" />
          {shown && <path d="M4 20L20 4" />}
        </svg>
      </button>
    </div>
  );
}

/** A labelled field whose error (one message) and hint are tied to the input for screen readers. */
export function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: Msg;
  hint?: ReactNode;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const { say } = useAuthText();
  const described = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ");
  return (
    <div className={error ? "auth-field auth-field-invalid" : "auth-field"}>
      <label className="auth-label" htmlFor={id}>
        {label}
      </label>
      {children({
        id,
        ...(error ? { "aria-invalid": true } : {}),
        ...(described ? { "aria-describedby": described } : {}),
      })}
      {error && (
        <div className="auth-field-error" id={`${id}-error`}>
          {say(error)}
        </div>
      )}
      {hint && (
        <div className="auth-field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      )}
    </div>
  );
}

type NoticeType = "error" | "warning" | "success" | "info";

// one circle, and inside it what the notice is: "!" for errors and warnings, a tick, an "i"
const MARKS: Record<NoticeType, ReactNode> = {
  error: <path d="M12 7v6M12 16.5v.5" />,
  warning: <path d="M12 7v6M12 16.5v.5" />,
  success: <path d="M7.5 12.5l3 3 6-6.5" />,
  info: <path d="M12 11v6M12 7.5v.5" />,
};

/** The page's notice above the form: errors are announced at once (role alert), others politely. */
export function Notice({
  msg,
  type = "error",
  testId,
}: {
  msg: Msg | null | undefined;
  type?: NoticeType;
  testId?: string;
}) {
  const { say } = useAuthText();
  if (!msg) return null;
  return (
    <div className={`auth-alert auth-alert-${type}`} role={type === "error" ? "alert" : "status"} data-testid={testId}>
      <svg
        className="auth-alert-icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="9.5" />
        {MARKS[type]}
      </svg>
      <span>{say(msg)}</span>
    </div>
  );
}

/** The form's main button; while the request runs it says so (aria-busy) and shows a spinner. */
export function SubmitButton({ busy, children, testId }: { busy: boolean; children: ReactNode; testId?: string }) {
  return (
    <button type="submit" className="auth-submit" aria-busy={busy || undefined} data-testid={testId}>
      {busy && <span className="auth-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** "Back to login", its arrow pointing back in the reading direction. */
export function BackToLogin({ label }: { label: string }) {
  const { rtl } = useAuthText();
  return (
    <Link to="/login" className="auth-back">
      <svg
        className={rtl ? "auth-arrow auth-arrow-right" : "auth-arrow auth-arrow-left"}
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d={rtl ? "M5 12h14M13 6l6 6-6 6" : "M19 12H5M11 6l-6 6 6 6"} />
      </svg>{" "}
      {label}
    </Link>
  );
}

/** A link to a route drawn as the primary button: the way on after an outcome. */
export function ButtonLink({ to, children, testId }: { to: string; children: ReactNode; testId?: string }) {
  return (
    <Link to={to} className="auth-button-link" data-testid={testId}>
      {children}
    </Link>
  );
}

/** What came of a request (antd's Result, plainly): a large mark, a title, the text, the way on. */
export function Outcome({
  status,
  title,
  children,
  extra,
}: {
  status: "success" | "warning";
  title: string;
  children: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <div className={`auth-outcome auth-outcome-${status}`}>
      <svg
        className="auth-outcome-icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        focusable="false"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <circle cx="12" cy="12" r="9.5" />
        {MARKS[status]}
      </svg>
      <h2 className="auth-outcome-title">{title}</h2>
      <div className="auth-outcome-text">{children}</div>
      {extra && <div className="auth-outcome-extra">{extra}</div>}
    </div>
  );
}
