// What the auth screens share, without any component library (the login page loads only this and
// plain controls): a message that renders in the current language (a rule's key from @sufra/schema,
// an i18n key, or a server's own text), the mapping of API errors to those messages
// (docs/product.md#errors-and-messages), and the form state a page's fields share.
import { useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Location } from "react-router-dom";
import { messageText, type Locale, type MessageKey } from "@sufra/schema";
import { ApiError } from "../../lib/api.ts";
import { AUTH_NS } from "./i18n.ts";
import "../../i18n/catalogue/i18n.ts";

/** What a field's ref needs: antd's InputRef and a plain <input> both have it. */
export interface Focusable {
  focus(): void;
}

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
  const say = (m: Msg): string =>
    "key" in m ? messageText(m.key, locale, m.params) : "t" in m ? t(m.t, { ns: m.ns ?? "common" }) : m.text;
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

export const isEmailTaken = (e: ApiError) =>
  e.code === "EMAIL_TAKEN" || /already (exists|registered)/i.test(serverText(e) ?? "");

/**
 * A 400's details (server field names in snake_case -> texts in the person's language) spread over
 * the form's fields; what names no field of the form comes back in `rest`.
 */
export function detailsOnFields(
  e: ApiError,
  names: Record<string, string>,
): { fields: Record<string, Msg>; rest: string[] } {
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

/** What a field hands its input so screen readers tie the error and hint to it. */
export interface FieldA11y {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

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
  const inputs = useRef<Partial<Record<F, Focusable | null>>>({});
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
  const refFor = (field: F) => (el: Focusable | null) => {
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

/** A failure that is not about a field: the connection, the server, or the server's own words. */
export function generalError(e: unknown): Msg {
  if (!(e instanceof ApiError)) return commonError("UNKNOWN");
  return transportProblem(e) ?? (serverText(e) ? { text: serverText(e)! } : commonError("UNKNOWN"));
}
