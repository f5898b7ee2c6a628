// A tiny leveled logger: one line a record, JSON details, no dependency.
import type { Config } from "./config.ts";

const order = { silent: 0, error: 1, warn: 2, info: 3, debug: 4 } as const;

export interface Logger {
  error(msg: string, data?: unknown): void;
  /** something an administrator should look at, though the request was served (a fallback, a degraded answer) */
  warn(msg: string, data?: unknown): void;
  info(msg: string, data?: unknown): void;
  debug(msg: string, data?: unknown): void;
}

export function createLogger(level: Config["logLevel"]): Logger {
  const at = order[level];
  const write = (lvl: keyof typeof order, msg: string, data?: unknown) => {
    if (order[lvl] > at) return;
    const line = `${new Date().toISOString()} ${lvl.toUpperCase()} ${msg}${data === undefined ? "" : " " + JSON.stringify(data, errorReplacer)}`;
    (lvl === "error" || lvl === "warn" ? process.stderr : process.stdout).write(line + "\n");
  };
  return { error: (m, d) => write("error", m, d), warn: (m, d) => write("warn", m, d), info: (m, d) => write("info", m, d), debug: (m, d) => write("debug", m, d) };
}

const errorReplacer = (_k: string, v: unknown) => (v instanceof Error ? { name: v.name, message: v.message, stack: v.stack } : v);
