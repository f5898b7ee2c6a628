// What a database failure means to the caller, for both doors' error handlers. Prisma (through the pg
// driver adapter) wraps the driver's error: the Postgres SQLSTATE or the adapter's kind sits in
// meta.driverAdapterError.cause; pg itself (rate limits, pub/sub, jobs) throws errors with `code`.
import { AppError } from "../kernel/errors.ts";

/** Prisma's codes for "no database to talk to" (can't reach, timed out, closed, pool exhausted). */
const PRISMA_UNAVAILABLE = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
/**
 * Prisma's P2028 when the database could not serve a transaction in time: no pooled connection to start
 * it within DATABASE_POOL_WAIT_SECONDS, or it outlived its timeout (Prisma rolls it back). Other P2028s
 * (a transaction used after its end) are bugs and stay 500.
 */
const TRANSACTION_UNSERVED =
  /Unable to start a transaction in the given time|cannot be executed on an expired transaction/i;
/** The driver adapter's kinds for the same. */
const ADAPTER_UNAVAILABLE = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
  "TlsConnectionError",
]);
/**
 * SQLSTATEs: class 08 (connection exception), 57P01-57P03 (shut down by an administrator, a crash, or
 * not accepting connections yet), 53300 (too many connections); Node's socket errors.
 */
const CODE_UNAVAILABLE =
  /^(08...|57P0[1-3]|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|EPIPE|EAI_AGAIN)$/;
/** Messages without a usable code: pg's pool and client, and 55000 when a database refuses connections. */
const MESSAGE_UNAVAILABLE =
  /Can't reach database|Connection terminated|not currently accepting connections|timeout exceeded when trying to connect|Client has encountered a connection error|Timed out fetching a new connection/i;

/**
 * Prisma's "a record the operation needs was not found" (a delete or update of a row gone meanwhile: two
 * deletes of one row at once both find it, the second deletes nothing; an ...OrThrow read that lost a race).
 */
const PRISMA_GONE = "P2025";

/** SQLSTATEs a value from the caller causes: 22021 (a NUL or bad UTF-8 byte), 22P05 (untranslatable character). */
const CODE_BAD_TEXT = /^(22021|22P05)$/;

interface Found {
  code?: unknown;
  kind?: unknown;
  message?: unknown;
}

/** The error and the errors it wraps (cause, AggregateError's list, Prisma's driver adapter error). */
function* layers(err: unknown, depth = 0): Generator<Found> {
  if (!err || typeof err !== "object" || depth > 5) return;
  const e = err as Found & { cause?: unknown; errors?: unknown; meta?: { driverAdapterError?: unknown } };
  yield e;
  yield* layers(e.cause, depth + 1);
  yield* layers(e.meta?.driverAdapterError, depth + 1);
  if (Array.isArray(e.errors)) for (const inner of e.errors.slice(0, 5)) yield* layers(inner, depth + 1);
}

/**
 * The catalogue error a database failure stands for: SERVICE_UNAVAILABLE (503) while the database is
 * down or unreachable, or too busy to give a connection in time; VALIDATION_ERROR (400) when Postgres refused a text the caller sent (the schemas'
 * text rule refuses those first; this is the safety net for a raw value that skipped it); NOT_FOUND (404)
 * when the row an operation needed is gone. Null otherwise.
 */
export function fromDatabase(err: unknown): AppError | null {
  for (const e of layers(err)) {
    const code = typeof e.code === "string" ? e.code : "";
    const message = typeof e.message === "string" ? e.message : "";
    if (code === PRISMA_GONE) return new AppError("NOT_FOUND");
    if (CODE_BAD_TEXT.test(code) || /invalid byte sequence for encoding/i.test(message))
      return new AppError("VALIDATION_ERROR", { request: ["controlCharacters"] });
    if (
      PRISMA_UNAVAILABLE.has(code) ||
      (code === "P2028" && TRANSACTION_UNSERVED.test(message)) ||
      CODE_UNAVAILABLE.test(code) ||
      (typeof e.kind === "string" && ADAPTER_UNAVAILABLE.has(e.kind)) ||
      MESSAGE_UNAVAILABLE.test(message)
    ) {
      return new AppError("SERVICE_UNAVAILABLE");
    }
  }
  return null;
}
