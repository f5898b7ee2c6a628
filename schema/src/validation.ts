// Validation rules shared by the client's forms and the server's services. A rule reports message
// keys (see messages.ts), never text, so each side renders them in the person's language.
import { z } from "zod";
import { checkedByItsRule, existingSecret, singleLine, multiLine } from "./text.ts";
import { DEFAULT_PLAN, GIFT_TRIAL_DAYS, PLAN_IDS } from "./plans.ts";
import { BUSINESS_STATUSES } from "./roles.ts";
import { LOCALES, isMessageKey, messageText, type Locale, type MessageKey } from "./messages.ts";
import {
  cleanEmail,
  isEmail,
  isKuwaitPhone,
  loginProblems,
  normalizePhone,
  passwordProblem,
  signUpProblem,
} from "./rules.ts";
import { mediaProblemText } from "./media.ts";

// the plain rules (no zod) live in rules.ts, so a form that needs only them does not download zod
export {
  MIN_PASSWORD_LENGTH,
  KUWAIT_PHONE_PREFIX,
  PHONE_PLACEHOLDER,
  isEmail,
  normalizePhone,
  isKuwaitPhone,
  passwordProblem,
  SIGN_UP_REQUIRED,
  signUpProblem,
  type SignUpFields,
  cleanEmail,
  loginProblems,
  type LoginFields,
} from "./rules.ts";

/** A field's message with the values its text names ({platform}, {limit}), filled in when it is rendered. */
export interface FieldMessage {
  key: MessageKey;
  params?: Record<string, string>;
}
export type FieldErrors = Record<string, (MessageKey | FieldMessage)[]>;

/** A field's message in a language: its values filled in, a platform by its name, numbers in the language's digits. */
export function fieldMessageText(m: MessageKey | FieldMessage, locale: Locale = "en"): string {
  return typeof m === "string"
    ? messageText(m, locale)
    : mediaProblemText({ key: m.key, params: m.params ?? {} }, locale);
}

const text = (max: number) => singleLine({ error: "invalidValue" }).trim().max(max, { error: "tooLong" });
/** An address or a reason: a person may break it over lines. */
const lines = (max: number) => multiLine({ error: "invalidValue" }).trim().max(max, { error: "tooLong" });
const key = (k: MessageKey) => ({ error: k });
/** A check that, when it fails, stops the field's later checks: one message a field, the first. */
const first = (k: MessageKey) => ({ error: k, abort: true });

// ---------------------------------------------------------------- login (docs/product.md#validation-rules)
// the rule itself is loginProblems (rules.ts, without zod, so the login page need not carry zod): one rule at both doors
export const loginSchema = z
  .object({ email: checkedByItsRule(key("emailRequired")), password: checkedByItsRule(key("passwordRequired")) })
  .superRefine((v, ctx) => {
    for (const [field, message] of Object.entries(loginProblems(v)) as [string, string][])
      ctx.addIssue({ code: "custom", path: [field], message });
  })
  .transform((v) => ({ email: cleanEmail(v.email), password: v.password }));
export type LoginInput = z.infer<typeof loginSchema>;

// ---------------------------------------------------------------- sign-up (docs/product.md#validation-rules, checked in order: signUpProblem)
export const signUpSchema = z
  .object({
    email: singleLine({ error: "invalidValue" }).trim().toLowerCase().default(""),
    password: singleLine({ error: "invalidValue" }).default(""),
    confirmPassword: singleLine({ error: "invalidValue" }).optional(),
    companyName: text(200).default(""),
    contactName: text(200).default(""),
    phone: singleLine({ error: "invalidValue" }).default(""),
    requestedPlan: z.enum(PLAN_IDS, key("invalidPlan")).default(DEFAULT_PLAN),
    address: lines(500).default(""),
    locale: z.enum(LOCALES, key("invalidLocale")).default("en"),
  })
  .superRefine((v, ctx) => {
    const problem = signUpProblem(v);
    if (problem) for (const f of problem.fields) ctx.addIssue({ code: "custom", path: [f], message: problem.key });
  })
  .transform(({ confirmPassword: _c, ...v }) => ({ ...v, phone: normalizePhone(v.phone) }));
export type SignUpInput = z.output<typeof signUpSchema>;

// ---------------------------------------------------------------- passwords and e-mail tokens
const newPassword = singleLine(key("passwordRequired")).superRefine((p, ctx) => {
  const problem = passwordProblem(p);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});
const token = singleLine(key("tokenRequired")).trim().min(1, first("tokenRequired")).max(200, key("tokenRequired"));
const emailOnly = singleLine(key("emailRequired"))
  .trim()
  .toLowerCase()
  .min(1, first("emailRequired"))
  .refine(isEmail, key("emailInvalid"));

export const forgotPasswordSchema = z.object({ email: emailOnly });
export const resetPasswordSchema = z.object({ token, newPassword });
export const verifyEmailSchema = z.object({ token });
export const resendVerificationSchema = z.object({ email: emailOnly.optional() });
export const changePasswordSchema = z.object({
  currentPassword: existingSecret(key("currentPasswordRequired")).min(1, key("currentPasswordRequired")),
  newPassword,
});
// Its own text: a refresh token is not a link's token.
export const refreshSchema = z.object({
  refreshToken: singleLine(key("refreshTokenRequired"))
    .trim()
    .min(1, first("refreshTokenRequired"))
    .max(200, key("refreshTokenRequired")),
});

export const profileSchema = z.object({
  name: text(200).min(1, key("nameRequired")).optional(),
  locale: z.enum(LOCALES, key("invalidLocale")).optional(),
  companyName: text(200).min(1, key("allFieldsRequired")).optional(),
  phone: singleLine({ error: "invalidValue" })
    .refine(isKuwaitPhone, key("invalidPhone"))
    .transform(normalizePhone)
    .optional(),
  address: lines(500).optional(),
});
export type ProfileInput = z.output<typeof profileSchema>;

// ---------------------------------------------------------------- admin: sign-up approval
export const rejectClientSchema = z.object({
  reason: multiLine(key("reasonRequired")).trim().min(1, first("reasonRequired")).max(500, key("tooLong")),
});
export const giftTrialDaysSchema = z.object({
  days: z
    .number(key("giftDaysRange"))
    .int(key("giftDaysRange"))
    .min(GIFT_TRIAL_DAYS.min, key("giftDaysRange"))
    .max(GIFT_TRIAL_DAYS.max, key("giftDaysRange")),
});
export const clientsQuerySchema = z.object({
  status: z.enum(BUSINESS_STATUSES, key("invalidStatus")).optional(),
  plan: z.enum(PLAN_IDS, key("invalidPlan")).optional(),
  search: text(100).optional(),
  first: z
    .number(key("invalidPageSize"))
    .int(key("invalidPageSize"))
    .min(1, key("invalidPageSize"))
    .max(100, key("invalidPageSize"))
    .default(20),
  after: singleLine({ error: "invalidValue" }).max(200).optional(),
});

// ---------------------------------------------------------------- turning a zod error into field errors
/** Field -> message keys, from a zod error; a built-in zod message becomes "invalidValue". */
export function fieldErrors(error: z.ZodError): Record<string, MessageKey[]> {
  const out: Record<string, MessageKey[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join(".") : "_";
    const k: MessageKey = isMessageKey(issue.message) ? issue.message : "invalidValue";
    const list = (out[field] ??= []);
    if (!list.includes(k)) list.push(k);
  }
  return out;
}

/** "Validation failed: field: messages; ..." (docs/product.md#errors-and-messages), in the person's language. */
export function validationMessage(
  errors: FieldErrors,
  locale: Locale = "en",
  fieldName: (f: string) => string = (f) => f,
): string {
  const parts = Object.entries(errors).map(
    ([f, keys]) => `${fieldName(f)}: ${keys.map((k) => fieldMessageText(k, locale)).join(", ")}`,
  );
  return `${messageText("validationFailed", locale)}: ${parts.join("; ")}`;
}
