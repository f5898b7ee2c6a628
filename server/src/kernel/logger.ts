// Kernel (src/kernel/): shared by every module and feature-free.
// A kernel file imports no module (src/modules/*); modules import the kernel, never the reverse.
// Logging through pino: one JSON line a record in production (machines read it), readable lines in
// development, and the id of the request being handled on every record written while handling it.
import { AsyncLocalStorage } from "node:async_hooks";
import { createRequire } from "node:module";
import { pino, stdSerializers, stdTimeFunctions, type DestinationStream, type LoggerOptions } from "pino";

export type LogLevel = "silent" | "error" | "warn" | "info" | "debug";
export type LogFormat = "json" | "pretty";

/**
 * error: something broke (a crash, an unexpected exception, data lost);
 * warn: something an administrator should look at, though the work went on (a failed publish attempt,
 * a fallback, a degraded answer, a skipped account); info: the life of the process; debug: details.
 */
export interface Logger {
  error(msg: string, data?: unknown): void;
  warn(msg: string, data?: unknown): void;
  info(msg: string, data?: unknown): void;
  debug(msg: string, data?: unknown): void;
}

/** The request being handled (set by the HTTP layer); every record written meanwhile carries it. */
export const logContext = new AsyncLocalStorage<{ requestId: string }>();

// never written, at the top level or one or two levels down (headers, a request's headers)
const SECRET_KEYS = [
  "authorization",
  "cookie",
  "password",
  "token",
  "accessToken",
  "refreshToken",
  "apiKey",
  "secret",
  "clientSecret",
];
const REDACTED_PATHS = [
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
  '*["set-cookie"]',
  '*.*["set-cookie"]',
];

export interface LoggerSetup {
  format?: LogFormat;
  /** where the lines go (tests pass a stream to read them); stdout otherwise */
  destination?: DestinationStream;
}

export function createLogger(level: LogLevel, setup: LoggerSetup = {}): Logger {
  const pretty = setup.format === "pretty" && !setup.destination && prettyAvailable();
  const options: LoggerOptions = {
    level,
    redact: { paths: REDACTED_PATHS, censor: "[redacted]" },
    // Error objects under `error` or `err` keep their name, message and stack
    serializers: { err: stdSerializers.err, error: stdSerializers.err },
    mixin: () => logContext.getStore() ?? {},
    ...(pretty
      ? {
          transport: {
            target: "pino-pretty",
            options: { destination: 1, translateTime: "SYS:HH:MM:ss.l", ignore: "pid,hostname" },
          },
        }
      : { timestamp: stdTimeFunctions.isoTime, formatters: { level: (label: string) => ({ level: label }) } }),
  };
  const base = setup.destination ? pino(options, setup.destination) : pino(options);
  if (setup.format === "pretty" && !pretty && !setup.destination)
    base.warn("LOG_FORMAT=pretty needs pino-pretty, a development dependency; writing JSON lines");

  const at = (lvl: Exclude<LogLevel, "silent">) => (msg: string, data?: unknown) => {
    if (data === undefined) base[lvl](msg);
    else if (data instanceof Error) base[lvl]({ err: data }, msg);
    else if (typeof data === "object" && data !== null && !Array.isArray(data)) base[lvl](data, msg);
    else base[lvl]({ data }, msg);
  };
  return { error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
}

/** The format when LOG_FORMAT is unset: JSON in production and tests, pretty for a person at a terminal. */
export function defaultLogFormat(
  env: Record<string, string | undefined>,
  interactive = process.stdout.isTTY === true,
): LogFormat {
  if (env.NODE_ENV === "production" || env.NODE_ENV === "test") return "json";
  return interactive ? "pretty" : "json";
}

// pino-pretty is a development dependency: a production install (npm ci --omit=dev) does not have it
function prettyAvailable() {
  try {
    createRequire(import.meta.url).resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}
