// `npm start`: configuration, database (embedded when DATABASE_URL is unset), migrations, the server.
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { startSufra } from "./app.ts";
import { startClockAt } from "./kernel/clock.ts";
import { createLogger } from "./kernel/logger.ts";

const t0 = performance.now();
let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    // before configuration there is no logger (nor its level and format): plain words for the person starting it
    process.stderr.write(e.message + "\n");
    process.exit(1);
  }
  throw e;
}
const logger = createLogger(config.logLevel, { format: config.logFormat });
// a crash is logged as one error record (with its stack) before the process ends, as Node would end it
process.on("uncaughtException", (e) => {
  logger.error("crash: uncaught exception", e);
  process.exit(1);
});
process.on("unhandledRejection", (e) => {
  logger.error("crash: unhandled promise rejection", e);
  process.exit(1);
});
if (config.clockStart) {
  startClockAt(config.clockStart);
  logger.info(`CLOCK_START: this server's clock started at ${config.clockStart.toISOString()}`);
}

try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const sufra = await startSufra(config, { databaseUrl: database.url, migrate: true, logger });
  const where =
    sufra.port !== null
      ? `at http://localhost:${sufra.port} (GraphQL and WebSocket at /graphql, REST at /api)`
      : "as a worker (jobs only)";
  logger.info(
    `Sufra is ready ${where} in ${Math.round(performance.now() - t0)} ms, on ${database.embedded ? `the embedded database under ${config.dataDir}` : "DATABASE_URL"}`,
  );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal}: stopping`);
    await sufra.stop().catch((e) => logger.error("stopping the server failed", e));
    await database.stop().catch((e) => logger.error("stopping the database failed", e));
    process.exit(0); // the migration engine and Agenda leave timers behind
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (e) {
  // the embedded database's own explanation (a directory closed to postgres, and the chmod that fixes it) needs no stack
  if ((e as Error).message.startsWith("Embedded PostgreSQL")) logger.error((e as Error).message);
  else logger.error("crash: start-up failed", e);
  process.exit(1);
}
