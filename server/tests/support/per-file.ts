// What a test file starts once before its first test and stops after its last: a Sufra, with a
// mailbox, a second process, the Meta stand-ins or the authorization world beside it. Kept apart from
// app.ts because jest's hooks exist only inside jest, and the benchmarks import app.ts.
import { afterAll, beforeAll } from "@jest/globals";
import type { Client } from "graphql-ws";
import { startTestApp, startSecondProcess } from "./app.ts";
import { startMailbox } from "./mailbox.ts";
import { countStatements } from "./sql-count.ts";
import { startWithMeta, type WithMeta } from "./meta.ts";
import { buildWorld } from "./world.ts";
import { createServer } from "node:net";
import pg from "pg";
import { startTapFake } from "../fakes/tap-server.ts";

/**
 * Runs `start` in beforeAll and `stop` in afterAll, and answers at once (at the file's top level) with a
 * stand-in for each part `start` gives: reading a stand-in reads the started part, so tests use them
 * as they would the parts themselves; reading one before beforeAll has run throws.
 */
export function forFile<T extends object>(
  start: () => Promise<T>,
  stop: (started: T) => Promise<unknown>,
  timeoutMs = 60_000,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (started) await stop(started);
  }, timeoutMs);
  const part = (key: string) =>
    new Proxy(
      {},
      {
        get(_, prop) {
          // not a promise: `await` on a stand-in (or returning one from an async function) looks for `then`
          if (prop === "then") return undefined;
          if (!started) throw new Error(`${key} is started in beforeAll: read it inside a test or a hook`);
          const real = (started as Record<string, unknown>)[key] as Record<string | symbol, unknown>;
          const value = Reflect.get(real, prop);
          return typeof value === "function" ? value.bind(real) : value;
        },
      },
    );
  return new Proxy({} as T, { get: (_, key) => (typeof key === "string" ? part(key) : undefined) });
}

/** A Sufra for the file. */
export const appForFile = (env: Record<string, string> = {}) =>
  forFile(
    async () => ({ app: await startTestApp(env) }),
    ({ app }) => app.stop(),
  ).app;

/** A Sufra that sends its mail to a real SMTP mailbox, for the file. */
export const mailedAppForFile = (env: Record<string, string> = {}) =>
  forFile(
    async () => {
      const mailbox = await startMailbox();
      return { mailbox, app: await startTestApp({ SMTP_URL: mailbox.url, ...env }) };
    },
    async ({ app, mailbox }) => {
      await app.stop();
      await mailbox.close();
    },
  );

/**
 * A Sufra and a second Sufra process on the same database, for the file; `sockets` are the WebSocket
 * clients the file opens, closed before the processes stop. `mailed`: the first sends its mail to a real
 * SMTP mailbox; `countSql`: it counts the statements of requests marked `x-count-sql` (sql-count.ts).
 */
export function twoProcessesForFile(opts: { mailed?: boolean; countSql?: boolean } = {}) {
  const sockets: Client[] = [];
  const started = forFile(
    async () => {
      const mailbox = opts.mailed ? await startMailbox() : null;
      const a = await startTestApp(mailbox ? { SMTP_URL: mailbox.url } : {});
      if (opts.countSql) countStatements(a.sufra.server!.httpServer);
      return { a, second: await startSecondProcess(a.databaseUrl), mailbox: mailbox! };
    },
    async ({ a, second, mailbox }) => {
      for (const s of sockets) await s.dispose();
      await second.stop();
      await a.stop();
      await mailbox?.close();
    },
    120_000,
  );
  return { a: started.a, second: started.second, mailbox: started.mailbox, sockets };
}

/** Sufra against the Instagram and Facebook stand-ins, for the file. */
export const metaForFile = (env: Record<string, string> = {}): Omit<WithMeta, "stop"> =>
  forFile<WithMeta>(
    () => startWithMeta(env),
    (m) => m.stop(),
  );

/**
 * Sufra with a mailbox and the authorization world (businesses, people and keys of every kind), for the
 * generated whole-surface files. High rate limits: they send thousands of requests from one address. A
 * short publishing lease: each publish job run leaves Agenda a check timer of half its lock lifetime
 * (the lease's double) that stop() does not clear, and the default 60 s lease kept jest alive after the run.
 */
export const worldForFile = () =>
  forFile(
    async () => {
      const mailbox = await startMailbox();
      const app = await startTestApp({
        SMTP_URL: mailbox.url,
        RATE_LIMIT_PER_IP: "100000",
        RATE_LIMIT_PER_EMAIL: "100000",
        PUBLISH_LEASE_SECONDS: "2",
      });
      return { app, mailbox, world: await buildWorld(app, mailbox) };
    },
    async ({ app, mailbox, world }) => {
      await world.pool.end();
      await app.stop();
      await mailbox.close();
    },
    120_000,
  );

/** A port free now: the app listens on it, so Tap's stand-in can post webhooks to the address it was given. */
async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, "127.0.0.1", r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/**
 * A Sufra paid through Tap's stand-in, for the file: the gateway configured, the app on a port the
 * stand-in posts its webhooks and sends its browsers back to, and a pool on its database for reading rows.
 */
export const tapAppForFile = () =>
  forFile(
    async () => {
      const fake = await startTapFake();
      const port = await freePort();
      const app = await startTestApp({
        ...fake.state.env,
        PORT: String(port),
        PAYMENT_PUBLIC_URL: `http://127.0.0.1:${port}`,
      });
      return { fake, app, pool: new pg.Pool({ connectionString: app.databaseUrl, max: 2 }) };
    },
    async ({ fake, app, pool }) => {
      await pool.end();
      await app.stop();
      await fake.close();
    },
  );
