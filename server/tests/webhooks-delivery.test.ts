// Webhook deliveries (docs/product.md#webhooks): retries on the schedule, driven by handing the delivery
// job a later "now" instead of waiting; the 24-hour cap; rotation's two signatures; turning off an
// endpoint that failed for 3 days (and telling its managers); the 30-day clean-up; the 10 s deadline and
// the 256 KB cap; exactly one send per attempt with two job workers on one database.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { WEBHOOK_RETRY_DELAYS_MS } from "@sufra/schema";
import { call, gql, registeredClient, startSecondProcess, startTestApp } from "./support/app.ts";
import { forFile } from "./support/per-file.ts";
import { login } from "./support/team.ts";
import { RECEIVER_HOST, startReceiver, verifierFromDocs, type Receiver } from "./fakes/webhook-receiver.ts";
import { createEndpoint, deliveryRows, ROTATE, TEST, until, WEBHOOK_ENV } from "./fakes/webhook-receiver-helpers.ts";
import { sendWebhook } from "../src/modules/webhooks/sender.ts";
import type { Viewer } from "../src/kernel/policy.ts";

// a second process that only runs jobs, beside the app (which runs them too): two workers on one queue
const { app, worker } = forFile(
  async () => {
    const app = await startTestApp(WEBHOOK_ENV);
    return { app, worker: await startSecondProcess(app.databaseUrl, { ...WEBHOOK_ENV, PROCESS_ROLE: "worker" }) };
  },
  async ({ app, worker }) => {
    await worker.stop();
    await app.stop();
  },
  120_000,
);

const verify = verifierFromDocs();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const MIN = 60_000;
const HOUR = 60 * MIN;

async function business() {
  const c = await registeredClient(app.base, {});
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token };
}

const at = (path: string) => receiver.received.filter((r) => r.path === path);
const ping = async (token: string, endpointId: string) => {
  const r = await gql(app.base, TEST, { id: endpointId }, token);
  if (!r.data) throw new Error(JSON.stringify(r.errors));
  return r.data.sendTestWebhook.id as string;
};
const row = async (endpointId: string, deliveryId: string) =>
  (await deliveryRows(app, endpointId)).find((d) => d.id === deliveryId)!;

describe("retries", () => {
  test("a receiver that fails twice then answers 2xx: three attempts, 1 and 5 minutes apart, then succeeded; the log keeps each outcome", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/flaky`, events: ["post.failed"] });
    receiver.answer((r, n) =>
      r.path === "/flaky" && at("/flaky").length <= 2
        ? { status: 503, body: `busy ${n}` }
        : { status: 200, body: "thanks" },
    );
    const id = await ping(b.token, e.endpoint.id);

    // first attempt: the job, at once
    const first = await until(async () =>
      (await row(e.endpoint.id, id)).status === "retrying" ? row(e.endpoint.id, id) : null,
    );
    expect(first).toMatchObject({ attempts: 1, response_status: 503, error: "HTTP 503" });
    expect(first.response_excerpt).toMatch(/^busy /);
    expect(first.next_attempt_at!.getTime() - first.first_attempt_at!.getTime()).toBe(WEBHOOK_RETRY_DELAYS_MS[0]);

    // before it is due, nothing is sent
    const services = app.sufra.services.webhooks;
    expect(await services.runDelivery(id, new Date(first.next_attempt_at!.getTime() - 1_000))).toBeUndefined();
    expect(at("/flaky")).toHaveLength(1);

    // the second attempt when due: 503 again, the next one 5 minutes later
    const next = await services.runDelivery(id, first.next_attempt_at!);
    const second = await row(e.endpoint.id, id);
    expect(second).toMatchObject({ status: "retrying", attempts: 2, response_status: 503 });
    expect(next).toEqual(second.next_attempt_at);
    expect(second.next_attempt_at!.getTime() - first.next_attempt_at!.getTime()).toBe(WEBHOOK_RETRY_DELAYS_MS[1]);

    expect(await services.runDelivery(id, second.next_attempt_at!)).toBeUndefined();
    const third = await row(e.endpoint.id, id);
    expect(third).toMatchObject({
      status: "succeeded",
      attempts: 3,
      response_status: 200,
      response_excerpt: "thanks",
      error: null,
      next_attempt_at: null,
    });
    expect(third.latency_ms).toBeGreaterThanOrEqual(0);
    // one event, three requests with the same ids, each signed
    expect(at("/flaky").map((r) => [r.body.id, r.headers["sufra-delivery"]])).toEqual(
      Array(3).fill([third.event_id, id]),
    );
    for (const r of at("/flaky")) expect(verify(r.raw, r.headers["sufra-signature"] as string, e.secret)).toBe(true);
    // succeeded: never again on its own
    expect(await services.runDelivery(id, new Date(Date.now() + 48 * HOUR))).toBeUndefined();
    expect(at("/flaky")).toHaveLength(3);
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });

  test("a receiver that never succeeds: 1 min, 5 min, 30 min, 2 h, 5 h, 10 h, a last try 24 h after the first, then failed", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/down`, events: ["post.failed"] });
    receiver.answer((r) => (r.path === "/down" ? { status: 500, body: "down" } : { status: 200, body: "ok" }));
    const id = await ping(b.token, e.endpoint.id);
    const first = await until(async () =>
      (await row(e.endpoint.id, id)).status === "retrying" ? row(e.endpoint.id, id) : null,
    );
    const t0 = first.first_attempt_at!.getTime();
    const gaps: number[] = [];
    let d = first;
    while (d.status === "retrying") {
      const was = d.next_attempt_at!;
      await app.sufra.services.webhooks.runDelivery(id, was);
      d = await row(e.endpoint.id, id);
      if (d.next_attempt_at) gaps.push(d.next_attempt_at.getTime() - was.getTime());
    }
    expect(gaps).toEqual([
      5 * MIN,
      30 * MIN,
      2 * HOUR,
      5 * HOUR,
      10 * HOUR,
      t0 + 24 * HOUR - (t0 + MIN + 5 * MIN + 30 * MIN + 2 * HOUR + 5 * HOUR + 10 * HOUR),
    ]);
    expect(d).toMatchObject({
      status: "failed",
      attempts: 8,
      response_status: 500,
      error: "HTTP 500",
      next_attempt_at: null,
    });
    expect(at("/down")).toHaveLength(8);
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });

  test("one attempt is sent once: claims racing in one process and two workers on one queue", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/once`, events: ["post.failed"] });
    receiver.answer(async (r) => {
      if (r.path === "/once") await new Promise((res) => setTimeout(res, 150));
      return { status: 200, body: "ok" };
    });
    // twenty pings: the app and the worker process both take delivery jobs
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) ids.push(await ping(b.token, e.endpoint.id));
    await until(
      async () => ((await deliveryRows(app, e.endpoint.id)).every((d) => d.status === "succeeded") ? true : null),
      30_000,
    );
    // the job, the sweep and five direct calls racing for the same delivery change nothing
    await Promise.all(
      [...Array(5)].map(() => app.sufra.services.webhooks.runDelivery(ids[0], new Date(Date.now() + HOUR))),
    );
    await app.sufra.services.webhooks.sweep(new Date(Date.now() + HOUR));
    await new Promise((r) => setTimeout(r, 500));
    const sent = at("/once").map((r) => r.headers["sufra-delivery"]);
    expect(sent.sort()).toEqual([...ids].sort());
    expect((await deliveryRows(app, e.endpoint.id)).map((d) => d.attempts)).toEqual(Array(20).fill(1));

    // a pending delivery claimed by five callers at once: one request
    const fresh = await ping(b.token, e.endpoint.id);
    await Promise.all([...Array(5)].map(() => app.sufra.services.webhooks.runDelivery(fresh)));
    await until(async () => ((await row(e.endpoint.id, fresh)).status === "succeeded" ? true : null));
    expect(at("/once").filter((r) => r.headers["sufra-delivery"] === fresh)).toHaveLength(1);
    expect(worker.pid).toBeGreaterThan(0);
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });
});

describe("secrets", () => {
  test("rotation: the new secret shown once; both sign for 24 hours, then only the new one", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/rotate`, events: ["post.failed"] });
    const r = await gql(app.base, ROTATE, { id: e.endpoint.id }, b.token);
    expect(r.errors).toBeUndefined();
    const { secret, endpoint } = r.data.rotateWebhookSecret;
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(e.secret);
    const until24h = Date.parse(endpoint.secretRotatedUntil);
    expect(Math.abs(until24h - (Date.now() + 24 * HOUR))).toBeLessThan(60_000);

    await ping(b.token, e.endpoint.id);
    const during = await until(async () => at("/rotate")[0]);
    const header = during.headers["sufra-signature"] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(during.raw, header, secret)).toBe(true);
    expect(verify(during.raw, header, e.secret)).toBe(true);

    // the 24 hours have passed
    await app.sufra.deps.pool.query(
      "update webhook_endpoints set previous_secret_until = now() - interval '1 second' where id = $1",
      [e.endpoint.id],
    );
    await ping(b.token, e.endpoint.id);
    const after = await until(async () => at("/rotate")[1]);
    const single = after.headers["sufra-signature"] as string;
    expect(single).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(after.raw, single, secret)).toBe(true);
    expect(verify(after.raw, single, e.secret)).toBe(false);
    // a stale or tampered request fails the documented check
    expect(verify(Buffer.concat([after.raw, Buffer.from(" ")]), single, secret)).toBe(false);
    expect(verify(after.raw, single, secret, 300, Date.now() + 10 * MIN)).toBe(false);
  });
});

describe("failing endpoints", () => {
  test("all deliveries failing for 3 days: turned off once, its managers notified; one that succeeded since its failure stays on", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, {
      url: `${receiver.url}/dead`,
      events: ["post.failed", "review.received"],
    });
    const healthy = await createEndpoint(app, b.token, { url: `${receiver.url}/alive`, events: ["post.failed"] });
    // and one that failed once, then answered again
    const recovered = await createEndpoint(app, b.token, { url: `${receiver.url}/recovered`, events: ["post.failed"] });
    receiver.answer((r) =>
      r.path === "/dead" || (r.path === "/recovered" && at("/recovered").length === 1)
        ? { status: 410, body: "gone" }
        : { status: 200, body: "ok" },
    );
    const id = await ping(b.token, e.endpoint.id);
    const okId = await ping(b.token, healthy.endpoint.id);
    const failedOnce = await ping(b.token, recovered.endpoint.id);
    const first = await until(async () =>
      (await row(e.endpoint.id, id)).status === "retrying" ? row(e.endpoint.id, id) : null,
    );
    await until(async () => ((await row(healthy.endpoint.id, okId)).status === "succeeded" ? true : null));
    await until(async () => ((await row(recovered.endpoint.id, failedOnce)).status === "retrying" ? true : null));
    const then = await ping(b.token, recovered.endpoint.id);
    await until(async () => ((await row(recovered.endpoint.id, then)).status === "succeeded" ? true : null));
    const webhooks = app.sufra.services.webhooks;

    // not yet 3 days
    // (other tests' endpoints in this file may be turned off by the same passes: only this business's count)
    const mine = (ids: string[]) =>
      ids.filter((x) => [e.endpoint.id, healthy.endpoint.id, recovered.endpoint.id].includes(x));
    expect(mine(await webhooks.disableFailing(new Date(first.first_attempt_at!.getTime() + 71 * HOUR)))).toEqual([]);
    // 3 days after the first failing attempt; the healthy endpoint's success is older than that too, but it has no failure
    const later = new Date(first.first_attempt_at!.getTime() + 72 * HOUR + MIN);
    expect(mine(await webhooks.disableFailing(later))).toEqual([e.endpoint.id]);
    expect(mine(await webhooks.disableFailing(new Date(later.getTime() + HOUR)))).toEqual([]);

    const list = await gql(
      app.base,
      `{ webhooks { endpoints { id enabled disabledBecauseFailing disabledAt } } }`,
      {},
      b.token,
    );
    expect(list.data.webhooks.endpoints).toEqual([
      { id: e.endpoint.id, enabled: false, disabledBecauseFailing: true, disabledAt: later.toISOString() },
      { id: healthy.endpoint.id, enabled: true, disabledBecauseFailing: false, disabledAt: null },
      { id: recovered.endpoint.id, enabled: true, disabledBecauseFailing: false, disabledAt: null },
    ]);
    // the service gives the value the door reads; a manager's switch afterwards is not Sufra's doing
    const viewer: Viewer = {
      userId: b.userId,
      role: "owner",
      email: b.email,
      name: "Owner",
      businessId: b.businessId,
      sessionId: "test",
    };
    const read = async () =>
      Object.fromEntries((await webhooks.list(viewer)).endpoints.map((x) => [x.id, x.disabledBecauseFailing]));
    expect(await read()).toEqual({
      [e.endpoint.id]: true,
      [healthy.endpoint.id]: false,
      [recovered.endpoint.id]: false,
    });
    const meta = { ip: "127.0.0.1", locale: "en" as const };
    expect((await webhooks.update(viewer, healthy.endpoint.id, { enabled: false }, meta)).disabledBecauseFailing).toBe(
      false,
    );
    expect((await webhooks.update(viewer, healthy.endpoint.id, { enabled: true }, meta)).disabledBecauseFailing).toBe(
      false,
    );
    const n = await gql(
      app.base,
      `{ notifications(first: 10) { edges { node { type data { businessId endpointId url } } } } }`,
      {},
      b.token,
    );
    expect(
      n.data.notifications.edges.filter((x: { node: { type: string } }) => x.node.type === "WEBHOOK_DISABLED"),
    ).toEqual([
      {
        node: {
          type: "WEBHOOK_DISABLED",
          data: { businessId: b.businessId, endpointId: e.endpoint.id, url: `${receiver.url}/dead` },
        },
      },
    ]);

    // an endpoint that is off records no new events
    const review = await call(app.base, "POST", "/api/reviews", {
      token: b.token,
      body: { source: "google", author: "Huda", rating: 3, text: "Slow service", reviewed_at: "2026-11-22" },
    });
    expect(review.status).toBe(201);
    expect((await deliveryRows(app, e.endpoint.id)).map((d) => d.type)).toEqual(["ping"]);
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });

  test("the log keeps 30 days", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/old`, events: ["post.failed"] });
    const id = await ping(b.token, e.endpoint.id);
    await until(async () => ((await row(e.endpoint.id, id)).status === "succeeded" ? true : null));
    const webhooks = app.sufra.services.webhooks;
    expect((await webhooks.cleanup(new Date(Date.now() + 29 * 24 * HOUR))).deliveries).toBe(0);
    expect(await deliveryRows(app, e.endpoint.id)).toHaveLength(1);
    expect((await webhooks.cleanup(new Date(Date.now() + 31 * 24 * HOUR))).deliveries).toBeGreaterThanOrEqual(1);
    expect(await deliveryRows(app, e.endpoint.id)).toHaveLength(0);
  });
});

describe("the request's limits", () => {
  const opts = { allowHttp: true, allowAddresses: [RECEIVER_HOST] };

  test("no answer within the deadline: no status, the reason", async () => {
    receiver.answer((r) => (r.path === "/hang" ? { hang: true } : { status: 200, body: "ok" }));
    const r = await sendWebhook(
      `${receiver.url}/hang`,
      "{}",
      { "Content-Type": "application/json" },
      { ...opts, timeoutMs: 500 },
    );
    expect(r).toMatchObject({ status: null, excerpt: null, error: "no answer within 0.5 s" });
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });

  test("a huge answer: read up to 256 KB, its first 1 KB kept, the rest never waited for", async () => {
    receiver.answer((r) => (r.path === "/huge" ? { bytes: 200 * 1024 * 1024 } : { status: 200, body: "ok" }));
    const r = await sendWebhook(`${receiver.url}/huge`, "{}", { "Content-Type": "application/json" }, opts);
    expect(r.status).toBe(200);
    expect(r.error).toBeNull();
    expect(r.excerpt).toBe("x".repeat(1024));
    // the receiver could not write 200 MB: the connection was closed after the cap
    const req = at("/huge")[0];
    await until(async () => req.written !== undefined || null);
    expect(req.written).toBeLessThan(200 * 1024 * 1024);
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });
});
