// What services are built from: created once in main.ts (or by a test) and passed down.
import type pg from "pg";
import type { Locale } from "@sufra/schema";
import type { Config } from "./config.ts";
import type { Db } from "./db/prisma.ts";
import type { PubSub } from "./kernel/pubsub.ts";
import type { JobQueue } from "./jobs/queue.ts";
import type { RateLimits } from "./http/rate-limits.ts";
import type { Logger } from "./kernel/logger.ts";
import type { Mailer } from "./mail/mailer.ts";
import type { TokenSigner } from "./modules/auth/index.ts";

export interface Deps {
  config: Config;
  db: Db;
  pool: pg.Pool;
  pubsub: PubSub;
  limits: RateLimits;
  mailer: Mailer;
  signer: TokenSigner;
  logger: Logger;
  /** one-off jobs (publishing at a time); recurring ones are declared as services' `jobs` */
  queue: JobQueue;
}

/** Facts about the request a service may need, taken by each door from its transport. */
export interface RequestMeta {
  ip: string;
  userAgent?: string;
  locale: Locale;
}
