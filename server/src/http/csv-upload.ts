// A CSV import's body, however it comes: a text/csv body, a multipart file in the field `file`, or
// JSON {csv}. Used by the reviews and competitors imports, so both read files the same way.
import express, { type NextFunction, type Request, type RequestHandler, type Response } from "express";
import multer from "multer";
import { AppError } from "../kernel/errors.ts";
import { MULTIPART_LIMITS } from "./multipart.ts";
import { camelBody } from "./rest.ts";

/**
 * A file's text: UTF-8 (with or without its mark), or UTF-16 with its mark (spreadsheets' "Unicode
 * text"). Bytes that are neither are not a text file we can read (the message says to save as UTF-8).
 */
function decodeCsv(buf: Buffer): string {
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder("utf-16le").decode(buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder("utf-16be").decode(buf.subarray(2));
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(buf);
  } catch {
    throw new AppError("VALIDATION_ERROR", { file: ["reviewImportNotText"] });
  }
}

/**
 * Reads the CSV of a request (at most `maxBytes`) and hands its text (or undefined: no file) to
 * `then`, whose errors go to Express. Call it after authenticating, so a stranger's large body is never read.
 */
export function csvUpload(maxBytes: number) {
  // a little over the limit, so a file just over it is told "at most 1 MB" by the rule, not "body too large"
  const csvBody: RequestHandler = express.raw({
    type: ["text/csv", "text/plain", "application/csv", "application/vnd.ms-excel"],
    limit: maxBytes + 64 * 1024,
  });
  const upload = multer({
    storage: multer.memoryStorage(),
    limits: { ...MULTIPART_LIMITS, fileSize: maxBytes + 1, files: 1, fields: 5 },
  }).single("file");
  return (req: Request, res: Response, next: NextFunction, then: (csv: unknown) => Promise<unknown>) => {
    const hand = (read: () => unknown) => {
      try {
        then(read()).catch(next);
      } catch (e) {
        next(e);
      }
    };
    if (req.is("multipart/form-data")) {
      upload(req, res, (err: unknown) => {
        // a file over the limit is told the limit; any other refusal of the body is the app's MALFORMED_UPLOAD
        if (err instanceof multer.MulterError && err.code === "LIMIT_FILE_SIZE")
          return next(new AppError("VALIDATION_ERROR", { file: ["reviewImportTooLarge"] }));
        if (err) return next(err);
        hand(() => (req.file ? decodeCsv(req.file.buffer) : undefined));
      });
      return;
    }
    csvBody(req, res, (err: unknown) => {
      if (err) return next(err);
      hand(() => (Buffer.isBuffer(req.body) ? decodeCsv(req.body) : camelBody(req).csv));
    });
  };
}
