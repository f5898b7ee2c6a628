// A second Sufra API process on the same database, for tests that cross processes.
// Prints "READY <port>" once it listens; stops on SIGTERM.
import { loadConfig } from "../../src/config.ts";
import { startSufra } from "../../src/app.ts";

const sufra = await startSufra(loadConfig(), { databaseUrl: process.env.DATABASE_URL!, heartbeatMs: 1_000 });
process.stdout.write(`READY ${sufra.port}\n`);
process.on("SIGTERM", async () => {
  await sufra.stop();
  process.exit(0);
});
