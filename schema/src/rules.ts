// The plain sign-in and sign-up rules (docs/product.md#validation-rules): functions and constants without zod,
// so the sign-up form can check with the very rules the server's signUpSchema applies (validation.ts
// builds on these) without downloading zod. A rule reports message keys, never text.
import type { MessageKey } from "./messages.ts";
import { hasControlCharacters } from "./controls.ts";

export const MIN_PASSWORD_LENGTH = 8;
export const KUWAIT_PHONE_PREFIX = "+965";
export const PHONE_PLACEHOLDER = "+965 XXXX XXXX";

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
// +965 then 7 or 8 digits (docs/product.md#validation-rules); spaces and dashes a person types are ignored
const KUWAIT_PHONE = /^\+965\d{7,8}$/;

export const isEmail = (v: string) => EMAIL.test(v.trim());
export const normalizePhone = (v: string) => v.replace(/[\s-]/g, "");
export const isKuwaitPhone = (v: string) => KUWAIT_PHONE.test(normalizePhone(v));

/**
 * Password strength, first failing rule only (docs/product.md#validation-rules, the third and fourth sign-up rules). "Special" is any character that is
 * neither a letter, a digit nor white space, so Arabic punctuation counts too.
 */
export function passwordProblem(password: string): MessageKey | null {
  if (password.length < MIN_PASSWORD_LENGTH) return "weakPassword";
  if (!/\p{Lu}/u.test(password)) return "passwordUppercase";
  if (!/\p{Ll}/u.test(password)) return "passwordLowercase";
  if (!/\p{Nd}/u.test(password)) return "passwordNumber";
  if (!/[^\p{L}\p{N}\s]/u.test(password)) return "passwordSpecial";
  return null;
}

// login (docs/product.md#validation-rules): the rule, field by field; loginSchema (validation.ts) is built
// on it, so the server and the login page (which does without zod) check the same way
export interface LoginFields {
  email: string;
  password: string;
}

/** The login form's e-mail as the server takes it. */
export const cleanEmail = (v: string) => v.trim().toLowerCase();

/** Each login field's first failing rule (one message a field), none when the form may be sent. */
export function loginProblems(v: LoginFields): Partial<Record<keyof LoginFields, MessageKey>> {
  const out: Partial<Record<keyof LoginFields, MessageKey>> = {};
  if (hasControlCharacters(v.email)) out.email = "controlCharacters";
  else if (!cleanEmail(v.email)) out.email = "emailRequired";
  else if (!isEmail(cleanEmail(v.email))) out.email = "emailInvalid";
  if (hasControlCharacters(v.password, { secret: true })) out.password = "controlCharacters";
  else if (!v.password) out.password = "passwordRequired";
  else if (v.password.length < MIN_PASSWORD_LENGTH) out.password = "passwordMin";
  return out;
}

// sign-up (docs/product.md#validation-rules, checked in order)
export const SIGN_UP_REQUIRED = ["email", "password", "companyName", "contactName", "phone"] as const;

export interface SignUpFields {
  email: string;
  password: string;
  confirmPassword?: string;
  companyName: string;
  contactName: string;
  phone: string;
}

/**
 * The first failing sign-up rule, in the order of docs/product.md#validation-rules, and the fields it concerns. The client
 * passes confirmPassword; the server's payload has none, so the mismatch rule applies only when given.
 */
export function signUpProblem(v: SignUpFields): { key: MessageKey; fields: string[] } | null {
  const missing = SIGN_UP_REQUIRED.filter(
    (f) => !String(v[f] ?? "").trim() || (f === "phone" && normalizePhone(v.phone) === KUWAIT_PHONE_PREFIX),
  );
  if (missing.length) return { key: "allFieldsRequired", fields: [...missing] };
  if (!isEmail(v.email)) return { key: "invalidEmail", fields: ["email"] };
  const pw = passwordProblem(v.password);
  if (pw) return { key: pw, fields: ["password"] };
  if (v.confirmPassword !== undefined && v.confirmPassword !== v.password)
    return { key: "passwordMismatch", fields: ["confirmPassword"] };
  if (!isKuwaitPhone(v.phone)) return { key: "invalidPhone", fields: ["phone"] };
  return null;
}
