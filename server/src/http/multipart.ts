// Multipart bodies (media uploads, CSV imports): the limits every multer of the app uses, and how the
// parser's refusals become the catalogue's 400s. A broken body is the sender's mistake, never a 500.
import multer from "multer";
import { AppError } from "../kernel/errors.ts";

/**
 * Limits besides the file's size, which each route sets. Field names and values are short in our forms;
 * `a[999999999]` would make append-field build an array of a billion slots that the rules then walk.
 */
export const MULTIPART_LIMITS = {
  fieldNameSize: 100,
  fieldSize: 64 * 1024,
  fieldNestingDepth: 1,
  fieldArrayIndexLimit: 20,
  parts: 30,
} as const;

// busboy throws plain Errors; these are all of its messages (lib/index.js, lib/types/{multipart,urlencoded}.js),
// and multer's own when the request stream fails under it
const PARSER_MESSAGES =
  /^(Multipart: Boundary not found|Malformed part header|Malformed content type|Malformed urlencoded form|Unexpected end of (form|file)|Unsupported content type|Missing Content-Type|Request (aborted|closed|error))/;

/** multer's and busboy's refusals as catalogue errors; null for anything else. */
export function fromMultipart(err: unknown): AppError | null {
  if (err instanceof multer.MulterError)
    return new AppError(err.code === "LIMIT_FILE_SIZE" ? "PAYLOAD_TOO_LARGE" : "MALFORMED_UPLOAD");
  if (err instanceof Error && PARSER_MESSAGES.test(err.message)) return new AppError("MALFORMED_UPLOAD");
  return null;
}
