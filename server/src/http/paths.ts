// Paths that name nothing, refused before any router reads them. Express decodes each route parameter
// with decodeURIComponent when a route's pattern matches (even a route of another method), so an escape
// that is not UTF-8 (%FF%FE, %ED%A0%80: a lone surrogate) throws a URIError in the middle of routing; a
// %00 decodes to a NUL that no id holds and that Postgres refuses in a text. One check on the raw path,
// for every router (REST, signed media URLs, the web client), instead of one per parameter.
import type { RequestHandler } from "express";
import { AppError } from "../kernel/errors.ts";

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** Whether every segment of a raw (still escaped) path decodes to readable text. */
function readablePath(rawPath: string): boolean {
  if (CONTROL.test(rawPath)) return false;
  if (!rawPath.includes("%")) return true;
  try {
    return !CONTROL.test(decodeURIComponent(rawPath));
  } catch {
    return false;
  }
}

export const refuseUnreadablePaths: RequestHandler = (req, _res, next) => {
  // req.path is the raw path without the query string; Express has decoded nothing yet
  next(readablePath(req.path) ? undefined : new AppError("MALFORMED_URL"));
};
