// A second Sufra process on the same database, for tests that cross processes (an API process, or a
// worker with PROCESS_ROLE=worker). Prints "READY <port|worker>" once started; stops on SIGTERM.
import { loadConfig } from "../../src/config.ts";
import { startSufra } from "../../src/app.ts";

// TEST_SCHEDULER=production keeps Agenda's own timings (a scan every 5 s, production lock lifetimes), for
// tests of what a crash and a restart cost; otherwise short ones, so tests run quickly
const scheduler =
  process.env.TEST_SCHEDULER === "production" ? undefined : { processEveryMs: 200, lockLifetimeMs: 1_000 };
const sufra = await startSufra(loadConfig(), { databaseUrl: process.env.DATABASE_URL!, heartbeatMs: 1_000, scheduler });
process.stdout.write(`READY ${sufra.port ?? "worker"}\n`);
process.on("SIGTERM", async () => {
  await sufra.stop();
  process.exit(0);
});
