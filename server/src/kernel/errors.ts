// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// The one error type services throw. Each door renders it: REST as {message, code, details},
// GraphQL with extensions.code; texts come from the shared catalogue in the caller's language.
import {
  ERRORS,
  fieldErrors,
  fieldMessageText,
  validationMessage,
  errorText,
  type ErrorCode,
  type FieldErrors,
  type Locale,
} from "@sufra/schema";
import type { z } from "zod";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly details?: FieldErrors,
  ) {
    super(code);
    this.name = "AppError";
  }
  get status(): number {
    return ERRORS[this.code].status;
  }
}

/** What a 503 SERVICE_UNAVAILABLE asks the caller to wait before trying again (Retry-After, seconds), at both doors. */
export const RETRY_AFTER_SECONDS = 5;

/** Parses input with a shared rule; a failure becomes VALIDATION_ERROR with field details. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const r = schema.safeParse(input ?? {});
  if (!r.success) throw new AppError("VALIDATION_ERROR", fieldErrors(r.error));
  return r.data;
}

/** The error as a person reads it: message and per-field texts in their language. */
export function renderError(err: AppError, locale: Locale, fieldName: (f: string) => string = (f) => f) {
  const details = err.details
    ? Object.fromEntries(
        Object.entries(err.details).map(([f, keys]) => [fieldName(f), keys.map((k) => fieldMessageText(k, locale))]),
      )
    : undefined;
  const message =
    err.code === "VALIDATION_ERROR" && err.details
      ? validationMessage(err.details, locale, fieldName)
      : errorText(err.code, locale);
  return { message, code: err.code, ...(details ? { details } : {}) };
}
