// Upload refusals that carry numbers (the limit in MB, the platform's ratio range). The catalogue's
// details are parameterless message keys, so these errors keep their parameters and the media router
// renders them in the same {message, code, details} shape, in the caller's language.
import { errorText, mediaProblemText, type ErrorCode, type Locale, type MediaProblem } from "@sufra/schema";
import { AppError } from "../../kernel/errors.ts";

export class MediaError extends AppError {
  constructor(
    code: ErrorCode,
    /** field (file, or the refusing platform) -> its problems */
    readonly problems: Record<string, MediaProblem[]>,
    /** machine-readable facts added to the answer (platform, reason) */
    readonly extra: Record<string, string> = {},
  ) {
    super(code, Object.fromEntries(Object.entries(problems).map(([f, ps]) => [f, ps.map((p) => p.key)])));
  }
}

export function renderMediaError(err: MediaError, locale: Locale) {
  const details = Object.fromEntries(
    Object.entries(err.problems).map(([f, ps]) => [f, ps.map((p) => mediaProblemText(p, locale))]),
  );
  const texts = Object.values(details).flat();
  return {
    message: texts.length ? `${errorText(err.code, locale)}: ${texts.join("; ")}` : errorText(err.code, locale),
    code: err.code,
    details,
    ...err.extra,
  };
}
