// What went wrong, as a person reads it, for any error a screen can meet: the REST client's ApiError
// and GraphQL errors carry the server's message in the language the request was sent in; a network
// or server failure without a usable answer falls back to the catalogue's text in the current language.
import { CombinedGraphQLErrors, ServerError, ServerParseError } from "@apollo/client";
import i18n from "../i18n/index.ts";
import "../i18n/catalogue/i18n.ts";
import { ApiError } from "./api.ts";

const common = (key: string) => i18n.t(key, { ns: "common" });

const STATUS_KEYS: Record<number, string> = {
  401: "errors.UNAUTHENTICATED",
  402: "errors.SUBSCRIPTION_ENDED",
  403: "errors.FORBIDDEN",
  404: "errors.NOT_FOUND",
  429: "errors.RATE_LIMITED",
  503: "errors.SERVICE_UNAVAILABLE",
};

export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (CombinedGraphQLErrors.is(error)) {
    // a stopped subscription's refusal (402 at the REST door) reads the same on every screen, in the
    // language shown now (docs/product.md#subscriptions-and-billing)
    if (error.errors[0]?.extensions?.reason === "SUBSCRIPTION_ENDED") return common("errors.SUBSCRIPTION_ENDED");
    return error.errors[0]?.message || common("errors.UNKNOWN");
  }
  if (ServerError.is(error)) return common(STATUS_KEYS[error.statusCode] ?? "errors.INTERNAL");
  if (ServerParseError.is(error)) return common("errors.PARSING_ERROR");
  if (error instanceof TypeError) return common("errors.FETCH_ERROR");
  return common("errors.UNKNOWN");
}

/** The catalogue code behind an error (INCORRECT_PASSWORD, INVALID_STATE, ...), when the server sent one. */
export function errorCode(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.code;
  if (CombinedGraphQLErrors.is(error)) {
    const ext = error.errors[0]?.extensions;
    return typeof ext?.reason === "string" ? ext.reason : typeof ext?.code === "string" ? ext.code : undefined;
  }
  return undefined;
}

/** Field -> messages the server attached to a validation error (REST `details`, GraphQL `extensions.details`). */
export function errorDetails(error: unknown): Record<string, string[]> {
  if (error instanceof ApiError) return error.details ?? {};
  if (CombinedGraphQLErrors.is(error))
    return (error.errors[0]?.extensions?.details as Record<string, string[]> | undefined) ?? {};
  return {};
}
