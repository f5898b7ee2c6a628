// REST errors in the error catalogue (docs/product.md#errors-and-messages): {message, code, details?}; never a stack trace.
import type { ErrorRequestHandler, RequestHandler } from "express";
import { pickLocale } from "@sufra/schema";
import { fromDatabase } from "../db/errors.ts";
import { AppError, renderError, RETRY_AFTER_SECONDS } from "../kernel/errors.ts";
import type { Logger } from "../kernel/logger.ts";
import { fromMultipart } from "./multipart.ts";
import { toSnake } from "./rest.ts";

/** body-parser's failures are the caller's mistakes: 400, never 500. */
function fromBodyParser(err: { type?: string; status?: number }): AppError | null {
  if (err.type === "entity.too.large") return new AppError("PAYLOAD_TOO_LARGE");
  if (err.type && err.status && err.status < 500) return new AppError("MALFORMED_REQUEST");
  return null;
}

/** Express's router decodes path parameters and throws a URIError (status 400) on an escape that is not UTF-8. */
const fromRouting = (err: unknown): AppError | null =>
  (err as Error | undefined)?.name === "URIError" ? new AppError("MALFORMED_URL") : null;

export const notFound: RequestHandler = () => {
  throw new AppError("NOT_FOUND");
};

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err, req, res, _next) => {
    // a database that is down is 503 (the client says "try again later"), not a server bug
    const appError =
      err instanceof AppError
        ? err
        : (fromBodyParser(err ?? {}) ?? fromRouting(err) ?? fromMultipart(err) ?? fromDatabase(err));
    const locale = pickLocale(req.get("accept-language"));
    if (appError) {
      if (appError.code === "SERVICE_UNAVAILABLE" && !(err instanceof AppError))
        logger.error(`database unavailable on ${req.method} ${req.originalUrl}`, { error: (err as Error)?.message });
      if (appError.code === "SERVICE_UNAVAILABLE") res.set("Retry-After", String(RETRY_AFTER_SECONDS));
      res.status(appError.status).json(renderError(appError, locale, toSnake));
      return;
    }
    logger.error(`unexpected error on ${req.method} ${req.originalUrl}`, { error: err });
    res.status(500).json(renderError(new AppError("INTERNAL"), locale));
  };
}
