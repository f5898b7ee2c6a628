// Live events after a database outage (docs/architecture.md#how-a-request-flows): the LISTEN connection
// that brings every process the others' events is dropped when the database restarts. Here the database
// refuses every connection for a few seconds (longer than one retry) and drops the ones it had; when it is
// back, the process listens again by itself and hears an event published after, and once closed it makes
// no connection any more.
import { afterAll, beforeAll, expect, test } from "@jest/globals";
import pg from "pg";
import { createPubSub, type PubSub } from "../src/kernel/pubsub.ts";
import type { Logger } from "../src/kernel/logger.ts";
import { listenersOf, outageOf, type Outage } from "./support/outage.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const logger: Logger = { error: () => {}, info: () => {}, debug: () => {}, warn: () => {} };

let outage: Outage;
let pool: pg.Pool;
let pubsub: PubSub | null = null;
beforeAll(async () => {
  outage = await outageOf();
  pool = new pg.Pool({ connectionString: outage.url, max: 2 });
  pool.on("error", () => {});
  pubsub = await createPubSub({ url: outage.url, pool, logger });
}, 60_000);
afterAll(async () => {
  await outage?.end().catch(() => {});
  await pubsub?.close();
  await pool?.end();
  await outage?.close();
});

test("after an outage longer than one retry, the process listens again by itself and hears events; closed, it connects no more", async () => {
  const before = pubsub!.listening();
  expect(before).toBeGreaterThan(0);
  await outage.begin();
  await sleep(3_500);
  expect(pubsub!.listening()).toBe(0);
  await outage.end();

  const deadline = Date.now() + 10_000;
  while (pubsub!.listening() === 0 && Date.now() < deadline) await sleep(200);
  expect(pubsub!.listening()).toBeGreaterThan(before);
  const heard = pubsub!.subscribe("post.changed");
  const next = heard.next();
  await pubsub!.publish("post.changed", { businessId: "b", postId: "p", status: "published" });
  await expect(Promise.race([next.then((r) => r.value), sleep(5_000).then(() => "nothing heard")])).resolves.toEqual({
    businessId: "b",
    postId: "p",
    status: "published",
  });
  await heard.return?.();

  // closed while the database is away: no connection is made once it is back
  await outage.begin();
  await pubsub!.close();
  pubsub = null;
  await outage.end();
  await sleep(2_500);
  expect(await listenersOf(outage.url)).toBe(0);
}, 60_000);
