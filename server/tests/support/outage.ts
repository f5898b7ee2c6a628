// A database outage as a restart makes one, for the tests that check what comes back after it: the test
// database refuses new connections and drops every open one, until it is let in again.
import pg from "pg";
import { freshDatabase } from "./app.ts";

export interface Outage {
  /** the test database's URL */
  url: string;
  /** no new connection from now on, and every open one dropped */
  begin(): Promise<void>;
  /** connections are taken again */
  end(): Promise<void>;
  /** lets the database in again and closes the admin connection */
  close(): Promise<void>;
}

/** A test database (fresh, or the one at `url`) whose outages the test stages through the server's own postgres database. */
export async function outageOf(url?: string): Promise<Outage> {
  const at = url ?? (await freshDatabase());
  const name = new URL(at).pathname.slice(1);
  const admin = new pg.Client({ connectionString: `${process.env.TEST_PG_BASE}/postgres` });
  await admin.connect();
  const end = async () => void (await admin.query(`alter database "${name}" allow_connections true`));
  return {
    url: at,
    async begin() {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
        [name],
      );
    },
    end,
    async close() {
      await end().catch(() => {});
      await admin.end();
    },
  };
}

/** Sessions on the test database that are LISTENing (a process's live-events connection). */
export async function listenersOf(url: string): Promise<number> {
  const c = new pg.Client({ connectionString: `${process.env.TEST_PG_BASE}/postgres` });
  await c.connect();
  try {
    return Number(
      (
        await c.query<{ n: string }>(
          "select count(*) as n from pg_stat_activity where datname = $1 and query ilike 'listen %'",
          [new URL(url).pathname.slice(1)],
        )
      ).rows[0]!.n,
    );
  } finally {
    await c.end();
  }
}
