// Environment, parsed and validated once at start. A bad value stops start-up with a message that
// names the variable; nothing else in the server reads process.env.
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

export const PROCESS_ROLES = ["all", "api", "worker"] as const;

const url = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      return protocols.includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.join(" or ")}//`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  DATA_DIR: z.string().min(1).default(".data"),
  JWT_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  ADMIN_EMAIL: z.email("must be an e-mail address").optional(),
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: z.string().min(3).default("Sufra <no-reply@sufra.local>"),
  PUBLIC_URL: url(["http:", "https:"]).optional(),
  PROCESS_ROLE: z.enum(PROCESS_ROLES).default("all"),
  CLIENT_DIST: z.string().optional(),
  // per window of RATE_LIMIT_WINDOW_SECONDS, for login, register and forgot-password
  RATE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  LOG_LEVEL: z.enum(["silent", "error", "info", "debug"]).default("info"),
});

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  jwtSecret: string;
  admin: { email: string; password: string | undefined };
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  processRole: (typeof PROCESS_ROLES)[number];
  clientDist: string;
  rateLimit: { perIp: number; perEmail: number; windowSeconds: number };
  logLevel: "silent" | "error" | "info" | "debug";
}

export class ConfigError extends Error {}

/** Parses the environment (blank values count as unset). Throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const e = parsed.data;
  // npm -w runs scripts inside server/: relative paths mean relative to where the person ran npm
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    jwtSecret: e.JWT_SECRET ?? keptSecret(dataDir),
    admin: { email: (e.ADMIN_EMAIL ?? "admin@sufra.local").toLowerCase(), password: e.ADMIN_PASSWORD },
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    processRole: e.PROCESS_ROLE,
    clientDist: path.resolve(e.CLIENT_DIST ?? path.join(import.meta.dirname, "../../client/dist")),
    rateLimit: { perIp: e.RATE_LIMIT_PER_IP, perEmail: e.RATE_LIMIT_PER_EMAIL, windowSeconds: e.RATE_LIMIT_WINDOW_SECONDS },
    logLevel: e.LOG_LEVEL,
  };
}

/** JWT_SECRET unset: generate one on first start and keep it under DATA_DIR, readable by us only. */
function keptSecret(dataDir: string): string {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret + "\n", { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}
