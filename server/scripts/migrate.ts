// npm run db:migrate | db:migration -- <name> | db:check
// Uses DATABASE_URL, or the embedded database under DATA_DIR when it is unset.
import { loadConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/database.ts";
import { runMigrations } from "../src/db/migrate.ts";

const [command, name] = process.argv.slice(2);
if (command !== "deploy" && command !== "create" && command !== "check") {
  console.error("usage: migrate.ts deploy | create <name> | check");
  process.exit(2);
}
const config = loadConfig();
const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  const result = await runMigrations(command, db.url, name);
  if ("applied" in result)
    console.log(result.applied.length ? `Applied: ${result.applied.join(", ")}` : "No pending migrations");
  if ("created" in result) console.log(result.created ? `Created ${result.created}` : "No schema changes");
  if ("inSync" in result) {
    console.log(
      result.inSync
        ? "Migrations in sync with schema.prisma"
        : "schema.prisma has changes no migration captures: run npm run db:migration -- <name>",
    );
    process.exitCode = result.inSync ? 0 : 1;
  }
} catch (e) {
  console.error(e);
  process.exitCode = 1;
} finally {
  await db.stop();
  process.exit(); // the WASM engine leaves a 10 s timer behind
}
