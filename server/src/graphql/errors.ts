// GraphQL errors carry extensions.code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND,
// RATE_LIMITED, INTERNAL_SERVER_ERROR) and, for ours, the catalogue code as extensions.reason.
import { AsyncLocalStorage } from "node:async_hooks";
import { ERRORS, type Locale } from "@sufra/schema";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { AppError, renderError } from "../errors.ts";
import type { Logger } from "../logger.ts";

/** The request's language, for formatError, which Apollo calls without the context. */
export const requestLocale = new AsyncLocalStorage<Locale>();

export function formatGraphQLError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    if (original instanceof AppError) {
      const r = renderError(original, requestLocale.getStore() ?? "en");
      return { message: r.message, locations: formatted.locations, path: formatted.path, extensions: { code: ERRORS[original.code].graphql, reason: original.code, ...(r.details ? { details: r.details } : {}) } };
    }
    // graphql-js and Apollo's own errors (syntax, validation, variable coercion, complexity) explain the query
    // (a GraphQLError thrown inside a resolver, such as the complexity limit's, has no code of its own:
    // Apollo would call it INTERNAL_SERVER_ERROR, but it is the query's fault)
    if (original instanceof GraphQLError) {
      const apolloCode = formatted.extensions?.code === "INTERNAL_SERVER_ERROR" ? undefined : formatted.extensions?.code;
      return { ...formatted, extensions: { ...formatted.extensions, code: original.extensions?.code ?? apolloCode ?? "BAD_USER_INPUT" } };
    }
    logger.error("unexpected GraphQL error", { error: original });
    return { message: ERRORS.INTERNAL.en, locations: formatted.locations, path: formatted.path, extensions: { code: "INTERNAL_SERVER_ERROR" } };
  };
}
