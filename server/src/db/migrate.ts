// Migrations through Prisma's WASM schema engine (the native engine cannot be downloaded here).
// create: diff(migrations -> schema.prisma) into a new folder; deploy: apply pending; check: fail on drift.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import pg from "pg";
import { parse } from "pg-connection-string";
type Bindings = typeof import("@prisma/schema-engine-wasm/schema_engine_bg");

const prismaDir = path.resolve(import.meta.dirname, "../../prisma");
const schemaPath = path.join(prismaDir, "schema.prisma");
const migDir = path.join(prismaDir, "migrations");

let wasmReady: Promise<Bindings> | undefined;
function loadWasm() {
  // the package entry does `import * as wasm from "*.wasm"` (a bundler's import): instantiate it by hand;
  // its bindings too load only when there is something to migrate (docs/scaling.md#memory)
  return (wasmReady ??= (async () => {
    const bg = await import("@prisma/schema-engine-wasm/schema_engine_bg");
    const file = createRequire(import.meta.url)
      .resolve("@prisma/schema-engine-wasm/schema_engine_bg")
      .replace(/\.js$/, ".wasm");
    const { instance } = await WebAssembly.instantiate(await readFile(file), { "./schema_engine_bg.js": bg as never });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports as { __wbindgen_start(): void }).__wbindgen_start();
    // adapter-pg cannot map Postgres' internal "char" type (OID 18), which the schema describer reads: treat it as text
    const R = pg.Result.prototype as unknown as { addFields(f: { dataTypeID: number }[]): void };
    const addFields = R.addFields;
    R.addFields = function (fields) {
      for (const f of fields) if (f.dataTypeID === 18) f.dataTypeID = 25;
      return addFields.call(this, fields);
    };
    return bg;
  })());
}

async function migrationsList() {
  await mkdir(migDir, { recursive: true });
  const dirs = (await readdir(migDir, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const lock = path.join(migDir, "migration_lock.toml");
  if (!existsSync(lock)) await writeFile(lock, 'provider = "postgresql"\n');
  return {
    baseDir: migDir,
    lockfile: { path: "migration_lock.toml", content: await readFile(lock, "utf8") },
    shadowDbInitScript: "",
    migrationDirectories: await Promise.all(
      dirs.map(async (d) => ({
        path: d,
        migrationFile: {
          path: "migration.sql",
          content: await readFile(path.join(migDir, d, "migration.sql"), "utf8").then(
            (value) => ({ tag: "ok" as const, value }),
            (e) => ({ tag: "error" as const, value: String(e) }),
          ),
        },
      })),
    ),
  };
}

export type MigrateResult = { applied: string[] } | { created: string | null } | { inSync: boolean };

/**
 * True when every migration folder is recorded as applied and none failed: deploy has nothing to do.
 * Asked with one query so that a restart (and every process after the first) never loads the schema
 * engine, whose WebAssembly stays resident for the life of the process (tens of MB).
 */
async function nothingToDeploy(databaseUrl: string): Promise<boolean> {
  const dirs = (await readdir(migDir, { withFileTypes: true }).catch(() => []))
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ migration_name: string; ok: boolean }>(
      "select migration_name, (finished_at is not null and rolled_back_at is null) as ok from _prisma_migrations",
    );
    const applied = new Set(rows.filter((r) => r.ok).map((r) => r.migration_name));
    // a failed or rolled-back attempt is the engine's to report (or retry), as is anything unknown here
    return rows.every((r) => r.ok) && applied.size === dirs.length && dirs.every((d) => applied.has(d));
  } catch {
    return false; // no _prisma_migrations table yet (an empty database)
  } finally {
    await client.end();
  }
}

export async function runMigrations(
  command: "deploy" | "create" | "check",
  databaseUrl: string,
  name = "migration",
): Promise<MigrateResult> {
  if (command === "deploy" && (await nothingToDeploy(databaseUrl))) return { applied: [] };
  const bg = await loadWasm();
  const schema = { files: [{ path: schemaPath, content: await readFile(schemaPath, "utf8") }] };
  const filters = { externalTables: [], externalEnums: [] };
  // discrete fields, never {connectionString}: the shadow database is {...config, database: shadow}, and a
  // connectionString would override `database`, making the "shadow" database silently the main one
  const adapter = bindMigrationAwareSqlAdapterFactory(
    new PrismaPg({ ...(parse(databaseUrl) as pg.PoolConfig), idleTimeoutMillis: 100 }),
  );
  const engine = await bg.SchemaEngine.new(
    { datamodels: [[schemaPath, schema.files[0].content]] },
    (log: string) => process.env.DEBUG_MIGRATE && console.error(log),
    adapter,
  );
  try {
    if (command === "deploy") {
      const out = await engine.applyMigrations({ migrationsList: await migrationsList(), filters });
      return { applied: out.appliedMigrationNames };
    }
    const from = { tag: "migrations" as const, ...(await migrationsList()) };
    const to = { tag: "schemaDatamodel" as const, ...schema };
    if (command === "check") {
      const { exitCode } = await engine.diff({ from, to, script: false, exitCode: true, filters });
      return { inSync: exitCode === 0 };
    }
    const { stdout } = await engine.diff({ from, to, script: true, exitCode: null, filters });
    if (!stdout || /^-- This is an empty migration\.\s*$/.test(stdout)) return { created: null };
    const dir = path.join(
      migDir,
      `${new Date().toISOString().replace(/\D/g, "").slice(0, 14)}_${name.replace(/[^\w-]/g, "_")}`,
    );
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, "migration.sql"), stdout);
    return { created: path.relative(process.cwd(), dir) };
  } finally {
    engine.free();
  }
}
