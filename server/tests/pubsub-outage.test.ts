// Live events after a database outage (docs/architecture.md#how-a-request-flows): the LISTEN connection
// that brings every process the others' events is dropped when the database restarts. Here the database
// refuses every connection for a few seconds (longer than one retry) and drops the ones it had; when it is
// back, the process listens again by itself and hears an event published after, and once closed it makes
// no connection any more.
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import pg from "pg";
import { createPubSub, type PubSub } from "../src/kernel/pubsub.ts";
import type { Logger } from "../src/kernel/logger.ts";
import { freshDatabase } from "./support/app.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const logger: Logger = { error: () => {}, info: () => {}, debug: () => {}, warn: () => {} };

let url = "";
let dbName = "";
let pool: pg.Pool;
let admin: pg.Client;
let pubsub: PubSub | null = null;
beforeAll(async () => {
  url = await freshDatabase();
  dbName = new URL(url).pathname.slice(1);
  pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on("error", () => {});
  admin = new pg.Client({ connectionString: `${process.env.TEST_PG_BASE}/postgres` });
  await admin.connect();
  pubsub = await createPubSub({ url, pool, logger });
}, 60_000);
afterAll(async () => {
  await admin?.query(`alter database "${dbName}" allow_connections true`).catch(() => {});
  await pubsub?.close();
  await pool?.end();
  await admin?.end();
});

const listeners = async () =>
  Number((await admin.query<{ n: string }>("select count(*) as n from pg_stat_activity where datname = $1 and query ilike 'listen %'", [dbName])).rows[0]!.n);

test("after an outage longer than one retry, the process listens again by itself and hears events; closed, it connects no more", async () => {
  const before = pubsub!.listening();
  expect(before).toBeGreaterThan(0);
  await admin.query(`alter database "${dbName}" allow_connections false`);
  await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [dbName]);
  await sleep(3_500);
  expect(pubsub!.listening()).toBe(0);
  await admin.query(`alter database "${dbName}" allow_connections true`);

  const deadline = Date.now() + 10_000;
  while (pubsub!.listening() === 0 && Date.now() < deadline) await sleep(200);
  expect(pubsub!.listening()).toBeGreaterThan(before);
  const heard = pubsub!.subscribe("post.changed");
  const next = heard.next();
  await pubsub!.publish("post.changed", { businessId: "b", postId: "p", status: "published" });
  await expect(Promise.race([next.then((r) => r.value), sleep(5_000).then(() => "nothing heard")])).resolves.toEqual({ businessId: "b", postId: "p", status: "published" });
  await heard.return?.();

  // closed while the database is away: no connection is made once it is back
  await admin.query(`alter database "${dbName}" allow_connections false`);
  await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [dbName]);
  await pubsub!.close();
  pubsub = null;
  await admin.query(`alter database "${dbName}" allow_connections true`);
  await sleep(2_500);
  expect(await listeners()).toBe(0);
}, 60_000);
