// `npm start`: configuration, database (embedded when DATABASE_URL is unset), migrations, the server.
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/database.ts";
import { startSufra } from "./app.ts";
import { startClockAt } from "./clock.ts";

const t0 = performance.now();
let config;
try {
  config = loadConfig();
} catch (e) {
  if (e instanceof ConfigError) {
    console.error(e.message);
    process.exit(1);
  }
  throw e;
}
if (config.clockStart) {
  startClockAt(config.clockStart);
  console.log(`CLOCK_START: this server's clock started at ${config.clockStart.toISOString()}`);
}

try {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const sufra = await startSufra(config, { databaseUrl: database.url, migrate: true });
  const where = sufra.port !== null ? `at http://localhost:${sufra.port} (GraphQL and WebSocket at /graphql, REST at /api)` : "as a worker (jobs only)";
  console.log(`Sufra is ready ${where} in ${Math.round(performance.now() - t0)} ms, on ${database.embedded ? `the embedded database under ${config.dataDir}` : "DATABASE_URL"}`);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    await sufra.stop().catch((e) => console.error(e));
    await database.stop().catch((e) => console.error(e));
    process.exit(0); // the migration engine and Agenda leave timers behind
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
} catch (e) {
  console.error((e as Error).message.startsWith("Embedded PostgreSQL") ? (e as Error).message : e);
  process.exit(1);
}
