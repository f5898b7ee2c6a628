// Which PostgreSQL we talk to: DATABASE_URL, or an embedded server under DATA_DIR.
import path from "node:path";
import { startEmbeddedPostgres } from "./embedded.ts";

export interface Database {
  url: string;
  embedded: boolean;
  stop(): Promise<void>;
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log?: (m: string) => void;
}): Promise<Database> {
  if (opts.databaseUrl) return { url: opts.databaseUrl, embedded: false, stop: async () => {} };
  const pg = await startEmbeddedPostgres({ dataDir: path.join(opts.dataDir, "postgres"), log: opts.log });
  await pg.createDatabase("sufra");
  return { url: pg.url("sufra"), embedded: true, stop: pg.stop };
}
