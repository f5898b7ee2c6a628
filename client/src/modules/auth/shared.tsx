// What the auth screens share: a message that renders in the current language (a rule's key from
// @sufra/schema, an i18n key, or a server's own text), the mapping of API errors to those messages
// (docs/product.md#errors-and-messages), a form field with its error and hint wired for screen readers, and the page Alert.
// antd's Result is not here: it lives with the pages that show it (InvalidLink.tsx), off the login's download.

// one module an icon (the index loads every icon, and an ES-only colour helper jest cannot read)
import ArrowLeftOutlined from "@ant-design/icons/ArrowLeftOutlined";
import ArrowRightOutlined from "@ant-design/icons/ArrowRightOutlined";
import { Alert, Form, Input, type InputProps, type InputRef } from "antd";
import { useRef, useState, type ChangeEvent, type ReactNode, type Ref } from "react";
import { useTranslation } from "react-i18next";
import { Link, type Location } from "react-router-dom";
import { messageText, type Locale, type MessageKey } from "@sufra/schema";
import { ApiError } from "../../lib/api.ts";
import { AUTH_NS } from "./i18n.ts";
import "../../i18n/catalogue/i18n.ts";

/** A text to show, kept as a key where possible so it follows a language switch. */
/** What other screens hand to the login page through the location's state. */
export interface LoginState {
  /** the page the person wanted (guards) */
  from?: Pick<Location, "pathname" | "search" | "hash"> | null;
  /** why they are here, e.g. "Session expired. Please login again." (guards, a failed refresh) */
  message?: string | null;
  /** a success text to show as given */
  success?: string;
}

export type Msg =
  | { key: MessageKey; params?: Record<string, string> } // shared rule / outcome (MESSAGES)
  | { t: string; ns?: string } // i18n key, common namespace unless told
  | { text: string }; // a server's own words, shown as given

export const commonError = (k: string): Msg => ({ t: `errors.${k}` });

export function useAuthText() {
  const { t, i18n } = useTranslation(AUTH_NS);
  const locale: Locale = i18n.resolvedLanguage === "ar" ? "ar" : "en";
  const say = (m: Msg): string => ("key" in m ? messageText(m.key, locale, m.params) : "t" in m ? t(m.t, { ns: m.ns ?? "common" }) : m.text);
  return { t, locale, rtl: locale === "ar", say };
}

// ------------------------------------------------------------------ API errors (docs/product.md#errors-and-messages)

/** The answer's own message (or error field), when the server gave one. */
export function serverText(e: ApiError): string | null {
  const body = (e.data && typeof e.data === "object" ? e.data : {}) as { message?: unknown; error?: unknown };
  if (typeof body.message === "string" && body.message.trim()) return body.message;
  if (typeof body.error === "string" && body.error.trim()) return body.error;
  return null;
}

/** Failures of the connection or of the server itself, whatever the call: their catalogue texts. */
export function transportProblem(e: ApiError): Msg | null {
  if (typeof e.status === "string") return commonError(e.status); // FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR
  if (e.status === 429 || e.code === "RATE_LIMITED") return commonError("RATE_LIMITED");
  if (e.status >= 500) return commonError("INTERNAL");
  return null;
}

const LOGIN_CODES: Record<string, string> = {
  INVALID_CREDENTIALS: "invalidCredentials",
  ACCOUNT_SUSPENDED: "suspended",
  ACCOUNT_PENDING: "ACCOUNT_PENDING",
  ACCOUNT_REJECTED: "ACCOUNT_REJECTED",
  RATE_LIMITED: "RATE_LIMITED",
};

/** Login failures: by code first, then by the message's words, else 'Login failed'. */
export function loginError(e: unknown): Msg {
  if (!(e instanceof ApiError)) return commonError("loginFailed");
  if (e.code && LOGIN_CODES[e.code]) return commonError(LOGIN_CODES[e.code]);
  const transport = transportProblem(e);
  if (transport) return transport;
  const text = serverText(e) ?? "";
  if (/invalid|incorrect/i.test(text)) return commonError("invalidCredentials");
  if (/suspended|blocked/i.test(text)) return commonError("suspended");
  return commonError("loginFailed");
}

export const isEmailTaken = (e: ApiError) => e.code === "EMAIL_TAKEN" || /already (exists|registered)/i.test(serverText(e) ?? "");

/**
 * A 400's details (server field names in snake_case -> texts in the person's language) spread over
 * the form's fields; what names no field of the form comes back in `rest`.
 */
export function detailsOnFields(e: ApiError, names: Record<string, string>): { fields: Record<string, Msg>; rest: string[] } {
  const fields: Record<string, Msg> = {};
  const rest: string[] = [];
  for (const [name, texts] of Object.entries(e.details ?? {})) {
    const list = Array.isArray(texts) ? texts.map(String) : [String(texts)];
    const field = names[name];
    if (field && list.length) fields[field] ??= { text: list[0] };
    else rest.push(...list);
  }
  return { fields, rest };
}

// ------------------------------------------------------------------ building blocks

export type FieldErrors<F extends string> = Partial<Record<F, Msg>>;

/** Form state helpers: one error a field; typing in a field clears its error. */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/**
 * A form's fields: values, one error a field (cleared as the person types there), and the focus moved
 * to the first field in `order` that has an error. `refFor(field)` goes on the field's input. The
 * page's notice (`failure`) and `busy` belong to the same submit: `refuse` shows the fields' errors in
 * place of the notice, `sending` clears both before the call.
 */
export function useFieldForm<F extends string>(order: readonly F[], initial: Record<F, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [failure, setFailure] = useState<Msg | null>(null);
  const [busy, setBusy] = useState(false);
  const inputs = useRef<Partial<Record<F, InputRef | null>>>({});
  const change = (field: F) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((errs) => withoutError(errs, field));
  };
  const showErrors = (next: FieldErrors<F>) => {
    setErrors(next);
    const first = order.find((f) => next[f]);
    if (first) inputs.current[first]?.focus();
  };
  const refFor = (field: F) => (el: InputRef | null) => {
    inputs.current[field] = el;
  };
  const refuse = (next: FieldErrors<F>) => {
    setFailure(null);
    showErrors(next);
  };
  const sending = () => {
    setErrors({});
    setFailure(null);
    setBusy(true);
  };
  return { values, errors, setErrors, change, showErrors, refFor, failure, setFailure, busy, setBusy, refuse, sending };
}

/** An e-mail address: written left to right in both languages, with the phone's e-mail keyboard. */
export function EmailInput(props: InputProps & { ref?: Ref<InputRef> }) {
  const { t } = useAuthText();
  return <Input type="email" inputMode="email" autoComplete="email" dir="ltr" className="auth-ltr-input" placeholder={t("fields.emailPlaceholder")} {...props} />;
}

export interface FieldA11y {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** A labelled form item whose error (one message) and hint are tied to the input for screen readers. */
export function Field({ id, label, error, hint, required, children }: { id: string; label: ReactNode; error?: Msg; hint?: ReactNode; required?: boolean; children: (a11y: FieldA11y) => ReactNode }) {
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
      {children({ id, ...(error ? { "aria-invalid": true } : {}), ...(described ? { "aria-describedby": described } : {}) })}
    </Form.Item>
  );
}

/** The page's notice above the form: errors are announced at once (role alert), others politely. */
export function Notice({ msg, type = "error", testId }: { msg: Msg | null | undefined; type?: "error" | "warning" | "success" | "info"; testId?: string }) {
  const { say } = useAuthText();
  if (!msg) return null;
  return <Alert className="auth-notice" type={type} showIcon title={say(msg)} role={type === "error" ? "alert" : "status"} data-testid={testId} />;
}

/** "Back to login", its arrow pointing back in the reading direction. */
export function BackToLogin({ label }: { label: string }) {
  const { rtl } = useAuthText();
  return (
    <Link to="/login" className="auth-back">
      {rtl ? <ArrowRightOutlined aria-hidden /> : <ArrowLeftOutlined aria-hidden />} {label}
    </Link>
  );
}

/** A failure that is not about a field: the connection, the server, or the server's own words. */
export function generalError(e: unknown): Msg {
  if (!(e instanceof ApiError)) return commonError("UNKNOWN");
  return transportProblem(e) ?? (serverText(e) ? { text: serverText(e)! } : commonError("UNKNOWN"));
}
