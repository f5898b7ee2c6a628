// GraphQL errors carry extensions.code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, NOT_FOUND,
// RATE_LIMITED, INTERNAL_SERVER_ERROR) and, for ours, the catalogue code as extensions.reason.
import { AsyncLocalStorage } from "node:async_hooks";
import { ERRORS, errorText, isErrorCode, type Locale } from "@sufra/schema";
import { HeaderMap, type ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, type GraphQLFormattedError } from "graphql";
import { fromDatabase } from "../db/errors.ts";
import { AppError, renderError, RETRY_AFTER_SECONDS } from "../kernel/errors.ts";
import type { Logger } from "../kernel/logger.ts";
import type { GraphQLContext } from "./context.ts";
import { isTokenLimitError } from "./limits.ts";

/** The request's language, for formatError, which Apollo calls without the context. */
export const requestLocale = new AsyncLocalStorage<Locale>();

/**
 * Errors in the catalogue's words. Suggestions of the schema's names ("Did you mean suspendClient?") are
 * cut before this, per caller (graphql/introspection.ts), over HTTP and WebSocket alike.
 */
export function formatGraphQLError(logger: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const locale = requestLocale.getStore() ?? "en";
    const thrown = error instanceof GraphQLError ? (error.originalError ?? error) : error;
    // a database that is down answers in the catalogue's words (and 503, see httpStatusFromErrors)
    const original =
      thrown instanceof AppError || thrown instanceof GraphQLError ? thrown : (fromDatabase(thrown) ?? thrown);
    // a row gone meanwhile (NOT_FOUND) is the caller's race, not worth an error in the log
    if (original !== thrown && !(original instanceof AppError && original.code === "NOT_FOUND"))
      logger.error("database error in GraphQL", { error: (thrown as Error)?.message });
    if (original instanceof AppError) {
      const r = renderError(original, locale);
      return {
        message: r.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: {
          code: ERRORS[original.code].graphql,
          reason: original.code,
          ...(r.details ? { details: r.details } : {}),
        },
      };
    }
    // graphql-js and Apollo's own errors (syntax, validation, variable coercion, complexity) explain the query
    // (a GraphQLError thrown inside a resolver, such as the complexity limit's, has no code of its own:
    // Apollo would call it INTERNAL_SERVER_ERROR, but it is the query's fault)
    if (original instanceof GraphQLError) {
      const apolloCode =
        formatted.extensions?.code === "INTERNAL_SERVER_ERROR" ? undefined : formatted.extensions?.code;
      const code = original.extensions?.code ?? apolloCode ?? "BAD_USER_INPUT";
      // the document limits (limits.ts) speak the person's language; the code stays graphql-js's for integrators
      const reason = isErrorCode(original.extensions?.reason)
        ? original.extensions.reason
        : code === "GRAPHQL_PARSE_FAILED" && isTokenLimitError(formatted.message)
          ? "QUERY_TOO_LARGE"
          : null;
      if (reason)
        return { message: errorText(reason, locale), locations: formatted.locations, extensions: { code, reason } };
      return { ...formatted, extensions: { ...formatted.extensions, code } };
    }
    logger.error("unexpected GraphQL error", { error: original });
    return {
      message: ERRORS.INTERNAL[locale],
      locations: formatted.locations,
      path: formatted.path,
      extensions: { code: "INTERNAL_SERVER_ERROR" },
    };
  };
}

/** The HTTP status an error of ours asks for, when it is not the usual one of a GraphQL answer (200). */
const STATUS_OF_REASON: Partial<Record<string, number>> = { SERVICE_UNAVAILABLE: 503 };

/**
 * Apollo answers 200 with errors in the body; while the database is down (or too busy) the answer is 503
 * with Retry-After, as at the REST door, so clients and load balancers retry later. Runs after
 * formatError has named the reason.
 */
export const httpStatusFromErrors: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        const errors =
          response.body.kind === "single" ? response.body.singleResult.errors : response.body.initialResult.errors;
        const status = errors?.map((e) => STATUS_OF_REASON[String(e.extensions?.reason)]).find(Boolean);
        if (status) response.http.status = status;
        if (status === 503) response.http.headers.set("retry-after", String(RETRY_AFTER_SECONDS));
      },
    };
  },
};

/**
 * An error while building a request's context (the token's check reads the database) as Apollo reports
 * it: a GraphQLError carrying our AppError and its HTTP status, instead of "Context creation failed: ...".
 */
export function contextError(err: unknown): unknown {
  const appError = err instanceof AppError ? err : fromDatabase(err);
  if (!appError) return err;
  const headers = appError.status === 503 ? new HeaderMap([["retry-after", String(RETRY_AFTER_SECONDS)]]) : undefined;
  return new GraphQLError(appError.code, {
    originalError: appError,
    extensions: { http: { status: appError.status, ...(headers ? { headers } : {}) } },
  });
}
