// Composition root: config -> db -> jobs -> http (graphql, ws, rest, static).
// main.ts calls it for `npm start`; tests call it with their own database and settings.
import pg from "pg";
import { seedAdmin, seedDemo } from "./seed/seed.ts";
import type { Config } from "./config.ts";
import { runMigrations } from "./db/migrate.ts";
import { createPrisma } from "./db/prisma.ts";
import type { Deps } from "./deps.ts";
import { createPubSub } from "./kernel/pubsub.ts";
import { createRateLimits } from "./http/rate-limits.ts";
import { createJobQueue } from "./jobs/queue.ts";
import { createScheduler, type ModuleJobs, type RecurringJob } from "./jobs/scheduler.ts";
import { createLogger, type Logger } from "./kernel/logger.ts";
import { createMailer } from "./mail/mailer.ts";
import { invoiceAttachment } from "./modules/billing/invoices.ts";
import { createTokenSigner } from "./modules/auth/tokens.ts";
import { authJobs } from "./modules/auth/auth.jobs.ts";
import { billingJobs } from "./modules/billing/billing.jobs.ts";
import { platformAccountsJobs } from "./modules/platform-accounts/platform-accounts.jobs.ts";
import { publishingJobs } from "./modules/publishing/publishing.jobs.ts";
import { analyticsJobs } from "./modules/analytics/analytics.jobs.ts";
import { competitorsJobs } from "./modules/competitors/competitors.jobs.ts";
import { campaignsJobs } from "./modules/campaigns/campaigns.jobs.ts";
import { webhooksJobs } from "./modules/webhooks/webhooks.jobs.ts";
import { inboxJobs } from "./modules/inbox/inbox.jobs.ts";
import { conversationsJobs } from "./modules/conversations/conversations.jobs.ts";
import { createSufraServer, type SufraServer } from "./server.ts";
import { createServices, type Services } from "./services.ts";

/** A service that reacts to events declares start() (and stop()). */
interface Listening {
  start(): Promise<void>;
  stop?(): Promise<void>;
}

const MIGRATE_LOCK = 7_365_000; // two processes starting together apply migrations one after the other
/** How long one step of stopping (the scheduler, the pools, the live-events connection) may take before it is left. */
const STOP_STEP_MS = 3_000;

export interface StartOptions {
  databaseUrl: string;
  /** apply pending migrations first (start-up); tests clone an already migrated database */
  migrate?: boolean;
  heartbeatMs?: number;
  scheduler?: { processEveryMs?: number; lockLifetimeMs?: number };
  /** main.ts's own (it logs before and after); tests pass one that writes where they read; otherwise made from config */
  logger?: Logger;
}

export interface Sufra {
  deps: Deps;
  services: Services;
  server: SufraServer | null;
  port: number | null;
  admin: Awaited<ReturnType<typeof seedAdmin>>;
  demo: Awaited<ReturnType<typeof seedDemo>>;
  /** the recurring jobs this process registers (the scheduler's heartbeat aside) */
  recurring: RecurringJob[];
  stop(): Promise<void>;
}

async function migrate(url: string) {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock($1)", [MIGRATE_LOCK]);
    return await runMigrations("deploy", url);
  } finally {
    await lock.query("select pg_advisory_unlock($1)", [MIGRATE_LOCK]).catch(() => {});
    await lock.end();
  }
}

export async function startSufra(config: Config, opts: StartOptions): Promise<Sufra> {
  const logger = opts.logger ?? createLogger(config.logLevel, { format: config.logFormat });
  if (opts.migrate) {
    const r = await migrate(opts.databaseUrl);
    if ("applied" in r && r.applied.length) logger.info(`applied migrations: ${r.applied.join(", ")}`);
  }
  const db = createPrisma(opts.databaseUrl, config.database);
  // raw reads, rate limits and events: a few connections of their own, waiting for one no longer than Prisma's queries
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: 5,
    connectionTimeoutMillis: config.database.poolWaitMs,
  });
  pool.on("error", (e) => logger.debug("database pool error", { error: e.message }));
  const pubsub = await createPubSub({ url: opts.databaseUrl, pool, logger });
  const limits = createRateLimits(pool, config.rateLimit);
  // an invoice's mail carries its PDF, rendered from the invoice row when the mail is sent
  const mailer = createMailer({
    db,
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    logger,
    attachmentFor: (invoiceId) => invoiceAttachment(db, config.payments.seller, invoiceId),
  });
  const queue = createJobQueue();
  const deps: Deps = {
    config,
    db,
    pool,
    pubsub,
    limits,
    mailer,
    signer: createTokenSigner(config.jwtSecret),
    logger,
    queue,
  };
  const heartbeatMs = opts.heartbeatMs ?? 30_000;
  const services = createServices(deps, { heartbeatMs });
  const admin = await seedAdmin(db, config, logger);
  const demo = await seedDemo(
    db,
    config,
    logger,
    (id) => services.platformAccounts.ensureDemoAccounts(id),
    services.media,
  );

  // each module's jobs, declared beside it (modules/<name>/<name>.jobs.ts)
  const moduleJobs: ModuleJobs[] = [
    authJobs(services.auth),
    billingJobs(services.lifecycle, services.billing),
    platformAccountsJobs(services.platformAccounts),
    publishingJobs(services.publishing, config.platforms),
    analyticsJobs(services.analytics, config.platforms),
    competitorsJobs(services.competitorDiscovery),
    campaignsJobs(services.campaigns),
    webhooksJobs(services.webhooks),
    inboxJobs(services.inboxSync),
    conversationsJobs(services.conversations, services.guestsData),
  ];
  // every recurring job (docs/scaling.md lists each with its statement and index; a test EXPLAINs them)
  const recurring: RecurringJob[] = [
    { name: "mail.retry", everyMs: 60_000, run: () => mailer.deliverPending() },
    { name: "maintenance.sweep-rate-limits", everyMs: 3_600_000, run: () => limits.sweep() },
    ...moduleJobs.flatMap((m) => m.recurring ?? []),
  ];
  const scheduler = await createScheduler({
    url: opts.databaseUrl,
    logger,
    run: config.processRole !== "api",
    heartbeatMs,
    ...opts.scheduler,
    jobs: recurring,
    oneOff: moduleJobs.flatMap((m) => m.oneOff ?? []),
    batched: moduleJobs.flatMap((m) => m.batched ?? []),
    queue,
  });
  // modules that listen to events (e.g. notifications) start here, and stop with the process
  const listeners = Object.values(services).filter(
    (s): s is typeof s & Listening => typeof (s as Listening).start === "function",
  ) as unknown as Listening[];
  for (const l of listeners) await l.start();

  let server: SufraServer | null = null;
  let port: number | null = null;
  if (config.processRole !== "worker") {
    server = await createSufraServer(deps, services);
    port = await server.listen(config.port, config.host);
  }
  services.health.serving();

  return {
    deps,
    services,
    server,
    port,
    admin,
    demo,
    recurring,
    async stop() {
      // Each step is bounded: after a database outage a pool can wait for ever for a client lost with its
      // connection, and a process asked to stop must stop. The step that ran over is logged by name.
      const bounded = async (step: string, work: () => Promise<unknown>) => {
        let timer: NodeJS.Timeout | undefined;
        const over = new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            logger.warn("stopping: a step ran over its time and was left", { step, ms: STOP_STEP_MS });
            resolve();
          }, STOP_STEP_MS);
          timer.unref();
        });
        try {
          await Promise.race([work(), over]);
        } finally {
          clearTimeout(timer);
        }
      };
      await bounded("http server", async () => server?.close());
      for (const l of listeners) await bounded("listener", async () => l.stop?.());
      await bounded("scheduler", () => scheduler.close());
      await bounded("analytics refreshes", () => services.analytics.idle());
      services.health.close();
      mailer.close();
      await bounded("live events", () => pubsub.close());
      await bounded("database pool", () => pool.end());
      await bounded("prisma", () => db.$disconnect());
    },
  };
}
