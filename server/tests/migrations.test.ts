// The migrations in prisma/migrations produce exactly schema.prisma, and schema/schema.graphql is
// what the server's Pothos schema prints.
import { execFileSync, spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import pg from "pg";
import { freshDatabase } from "./support/app.ts";

const root = path.resolve(import.meta.dirname, "..");

describe("contracts in sync", () => {
  test("db:check: no drift between schema.prisma and the migrations", async () => {
    const url = await freshDatabase();
    const out = execFileSync(process.execPath, ["--import", "tsx", "scripts/migrate.ts", "check"], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: url },
      encoding: "utf8",
    });
    expect(out).toContain("Migrations in sync with schema.prisma");
  });

  test("every migration is applied to the database tests use", async () => {
    const c = new pg.Client({ connectionString: await freshDatabase() });
    await c.connect();
    const { rows } = await c.query("select migration_name, finished_at from _prisma_migrations");
    await c.end();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.finished_at)).toBe(true);
  });

  test("schema:check: schema/schema.graphql is current", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "scripts/print-schema.ts", "--check"], {
      cwd: root,
      encoding: "utf8",
    });
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
  });
});
