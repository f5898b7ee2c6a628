// Webhooks never reach a private network (docs/product.md#webhooks), with the protection on: the only
// address exempt is the test receiver's own (127.0.0.5). Refused at save time: literal private,
// loopback, link-local and metadata addresses and localhost; refused at delivery time, after DNS
// resolution: a name that resolves to loopback, a literal address saved before the rule, and every
// redirect's target; at most 3 redirects; https only unless allowed, and never in production.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { MESSAGES, webhookUrlProblem } from "@sufra/schema";
import { loadConfig } from "../src/config.ts";
import { sendWebhook } from "../src/modules/webhooks/sender.ts";
import { gql, registeredClient } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";
import { login } from "./support/team.ts";
import { RECEIVER_HOST, startReceiver, type Receiver } from "./fakes/webhook-receiver.ts";
import { CREATE, createEndpoint, deliveryRows, TEST, until, WEBHOOK_ENV } from "./fakes/webhook-receiver-helpers.ts";

const app = appForFile(WEBHOOK_ENV);
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

async function business() {
  const c = await registeredClient(app.base, {});
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token };
}

/** Sends a ping to an endpoint whose address was changed behind the save-time rule; its delivery row once settled. */
async function deliverTo(token: string, endpointId: string, url: string) {
  await app.sufra.deps.pool.query("update webhook_endpoints set url = $2 where id = $1", [endpointId, url]);
  const r = await gql(app.base, TEST, { id: endpointId }, token);
  const id = r.data.sendTestWebhook.id as string;
  return until(async () => {
    const d = (await deliveryRows(app, endpointId)).find((x) => x.id === id);
    return d && d.status !== "pending" ? d : null;
  });
}

describe("at save time", () => {
  test.each([
    ["http://10.0.0.8/hook"],
    ["http://127.0.0.1:8080/hook"],
    ["http://127.9.9.9/hook"],
    ["http://169.254.169.254/latest/meta-data/"],
    ["http://192.168.1.20/hook"],
    ["http://172.16.0.1/hook"],
    ["http://[::1]/hook"],
    ["http://[fd12:3456::1]/hook"],
    ["http://[fe80::1]/hook"],
    ["http://[::ffff:10.0.0.1]/hook"],
    ["http://localhost:3000/hook"],
    ["http://0.0.0.0/hook"],
  ])("%s is refused", async (url) => {
    const b = await business();
    const r = await gql(app.base, CREATE, { input: { url, events: ["POST_FAILED"] } }, b.token);
    expect(r.errors?.[0].extensions).toMatchObject({ reason: "VALIDATION_ERROR", details: { url: [MESSAGES.webhookUrlPrivate.en] } });
  });

  test("https only unless WEBHOOKS_ALLOW_HTTP, which production refuses; a public name passes", () => {
    expect(webhookUrlProblem("http://hooks.example.com/sufra")).toBe("webhookUrlHttps");
    expect(webhookUrlProblem("https://hooks.example.com/sufra")).toBeNull();
    expect(webhookUrlProblem("https://93.184.215.14/sufra")).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/sufra", { allowHttp: true })).toBeNull();
    expect(() => loadConfig({ WEBHOOKS_ALLOW_HTTP: "true", NODE_ENV: "production", DATA_DIR: "/tmp/sufra-config-test", JWT_SECRET: "x".repeat(40), TOKEN_ENCRYPTION_KEY: "y".repeat(40) })).toThrow(/WEBHOOKS_ALLOW_HTTP/);
    expect(() => loadConfig({ WEBHOOKS_ALLOW_ADDRESSES: "127.0.0.5,not-an-ip", DATA_DIR: "/tmp/sufra-config-test", JWT_SECRET: "x".repeat(40), TOKEN_ENCRYPTION_KEY: "y".repeat(40) })).toThrow(/WEBHOOKS_ALLOW_ADDRESSES/);
  });
});

describe("at delivery time, after DNS resolution", () => {
  test.each([
    ["a name resolving to loopback", () => `http://localhost:${new URL(receiver.url).port}/hook`, "localhost"],
    ["loopback", () => `http://127.0.0.1:${new URL(receiver.url).port}/hook`, "127.0.0.1"],
    ["a private network", () => "http://10.0.0.8/hook", "10.0.0.8"],
    ["the metadata address", () => "http://169.254.169.254/latest/meta-data/", "169.254.169.254"],
    ["IPv6 loopback", () => `http://[::1]:${new URL(receiver.url).port}/hook`, "[::1]"],
  ])("%s is refused, nothing connects", async (_name, url, host) => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/unused`, events: ["post.failed"] });
    const before = receiver.received.length;
    const d = await deliverTo(b.token, e.endpoint.id, url());
    expect(d).toMatchObject({ status: "retrying", attempts: 1, response_status: null, error: `address refused (private or reserved network): ${host}` });
    expect(receiver.received.length).toBe(before);
  });

  test("a redirect to a private address is refused; one to an allowed address is followed, each hop re-sent and re-checked; at most 3", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/start`, events: ["post.failed"] });
    const port = new URL(receiver.url).port;
    receiver.answer((r) => {
      if (r.path === "/to-loopback") return { status: 302, headers: { Location: `http://127.0.0.1:${port}/inside` } };
      if (r.path === "/to-metadata") return { status: 307, headers: { Location: "http://169.254.169.254/latest/meta-data/iam" } };
      if (r.path === "/to-allowed") return { status: 308, headers: { Location: "/landed" } };
      const loop = /^\/loop(\d+)$/.exec(r.path);
      if (loop) return { status: 302, headers: { Location: `/loop${Number(loop[1]) + 1}` } };
      return { status: 200, body: "ok" };
    });

    const loopback = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/to-loopback`);
    expect(loopback).toMatchObject({ status: "retrying", response_status: null, error: "address refused (private or reserved network): 127.0.0.1" });
    expect(receiver.received.filter((r) => r.path === "/inside")).toHaveLength(0);

    const metadata = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/to-metadata`);
    expect(metadata).toMatchObject({ status: "retrying", error: "address refused (private or reserved network): 169.254.169.254" });

    const followed = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/to-allowed`);
    expect(followed).toMatchObject({ status: "succeeded", response_status: 200 });
    const [hop1, hop2] = [receiver.received.find((r) => r.path === "/to-allowed")!, receiver.received.find((r) => r.path === "/landed")!];
    expect(hop2.raw.equals(hop1.raw)).toBe(true);
    expect(hop2.headers["sufra-signature"]).toBe(hop1.headers["sufra-signature"]);

    const loops = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/loop0`);
    expect(loops).toMatchObject({ status: "retrying", response_status: 302, error: "more than 3 redirects" });
    expect(receiver.received.filter((r) => /^\/loop\d$/.test(r.path)).map((r) => r.path)).toEqual(["/loop0", "/loop1", "/loop2", "/loop3"]);
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });

  test("http:// is refused by the sender unless allowed; the exemption is by address, not by name", async () => {
    const base = { allowAddresses: [RECEIVER_HOST] };
    expect(await sendWebhook(`${receiver.url}/plain`, "{}", {}, { ...base, allowHttp: false })).toMatchObject({ status: null, error: "only https:// addresses are allowed" });
    expect(await sendWebhook(`${receiver.url}/plain`, "{}", {}, { ...base, allowHttp: true })).toMatchObject({ status: 200, error: null });
    // without the exemption, the receiver itself is a private address
    expect(await sendWebhook(`${receiver.url}/plain`, "{}", {}, { allowHttp: true, allowAddresses: [] })).toMatchObject({ status: null, error: `address refused (private or reserved network): ${RECEIVER_HOST}` });
  });
});
