// Webhooks never reach a private network (docs/product.md#webhooks), with the protection on: the only
// address exempt is the test receiver's own (127.0.0.5). Refused at save time: literal private,
// loopback, link-local and metadata addresses and localhost; refused at delivery time, after DNS
// resolution: a name that resolves to loopback, a literal address saved before the rule, and every
// redirect's target; at most 3 redirects; https only unless allowed, and never in production. At save time
// the host is read without its trailing dot, IPv6 forms that carry or tunnel to an IPv4 address are judged
// by it, the metadata service's name is refused, and a name is resolved (every address it gives) and
// refused when one is private. An allow-list entry that names a port opens that port only.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { MESSAGES, webhookUrlProblem } from "@sufra/schema";
import { loadConfig } from "../src/config.ts";
import { webhookAddressProblem, type LookupAll } from "../src/modules/webhooks/address.ts";
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
    ["http://127.0.0.1./hook"],
    ["http://localhost./hook"],
    ["http://api.localhost./hook"],
    ["http://2130706433/hook"],
    ["http://0x7f.1/hook"],
    ["http://[::ffff:169.254.169.254]/latest/meta-data/"],
    ["http://[2002:a9fe:a9fe::]/latest/meta-data/"],
    ["http://[64:ff9b::a9fe:a9fe]/latest/meta-data/"],
    ["http://[64:ff9b::10.0.0.8]/hook"],
    ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/hook"],
    ["http://metadata.google.internal/computeMetadata/v1/"],
    ["http://metadata.google.internal./computeMetadata/v1/"],
    ["http://intranet/hook"],
  ])("%s is refused", async (url) => {
    const b = await business();
    const r = await gql(app.base, CREATE, { input: { url, events: ["POST_FAILED"] } }, b.token);
    expect(r.errors?.[0].extensions).toMatchObject({
      reason: "VALIDATION_ERROR",
      details: { url: [MESSAGES.webhookUrlPrivate.en] },
    });
  });

  test("the field is named in the person's language", async () => {
    const b = await business();
    const r = await gql(
      app.base,
      CREATE,
      { input: { url: "https://metadata.google.internal./", events: ["POST_FAILED"] } },
      b.token,
      "ar",
    );
    expect(r.errors?.[0].extensions).toMatchObject({
      reason: "VALIDATION_ERROR",
      details: { url: [MESSAGES.webhookUrlPrivate.ar] },
    });
  });

  test("a name is resolved when saved: refused when any of its addresses is private, loopback, link-local, CGNAT or a tunnel to one", async () => {
    const answers: Record<string, string[]> = {
      "hooks.public.example": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
      "mixed.probe.example": ["93.184.215.14", "10.0.0.8"],
      "meta.probe.example": ["169.254.169.254"],
      "cgnat.probe.example": ["100.64.1.2"],
      "mapped.probe.example": ["::ffff:127.0.0.1"],
      "sixtofour.probe.example": ["2002:a9fe:a9fe::1"],
      "nat64.probe.example": ["64:ff9b::a00:8"],
      "ula.probe.example": ["fd12::1"],
      "receiver.probe.example": ["127.0.0.5"],
    };
    const asked: string[] = [];
    // the resolver the service is given instead of the system's: no test reaches a network
    const lookup: LookupAll = async (host) => {
      asked.push(host);
      const list = answers[host];
      if (!list) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
      return list.map((address) => ({ address }));
    };
    const opts = { allowHttp: true, allowAddresses: ["127.0.0.5:8443"] };
    expect(await webhookAddressProblem("https://hooks.public.example/sufra", opts, lookup)).toBeNull();
    for (const host of ["mixed", "meta", "cgnat", "mapped", "sixtofour", "nat64", "ula"]) {
      expect([host, await webhookAddressProblem(`https://${host}.probe.example./sufra`, opts, lookup)]).toEqual([
        host,
        "webhookUrlPrivate",
      ]);
    }
    // the trailing dot is taken off before the name is resolved
    expect(asked).toContain("mixed.probe.example");
    // an allow-listed address on its port only
    expect(await webhookAddressProblem("https://receiver.probe.example:8443/", opts, lookup)).toBeNull();
    expect(await webhookAddressProblem("https://receiver.probe.example/", opts, lookup)).toBe("webhookUrlPrivate");
    // a name that does not resolve now is judged again at every delivery
    expect(await webhookAddressProblem("https://later.probe.example/", opts, lookup)).toBeNull();
    // localhost and the metadata name are refused by name, before any resolution
    const before = asked.length;
    expect(await webhookAddressProblem("https://localhost./", opts, lookup)).toBe("webhookUrlPrivate");
    expect(await webhookAddressProblem("https://metadata.google.internal/", opts, lookup)).toBe("webhookUrlPrivate");
    expect(asked.length).toBe(before);
  });

  test("an allow-list entry with a port opens that port only, when saved", () => {
    const allowAddresses = ["127.0.0.5:8443", "[fd00::5]:9000", "10.9.0.0/16:443"];
    expect(webhookUrlProblem("http://127.0.0.5:8443/hook", { allowHttp: true, allowAddresses })).toBeNull();
    expect(webhookUrlProblem("http://127.0.0.5:8444/hook", { allowHttp: true, allowAddresses })).toBe(
      "webhookUrlPrivate",
    );
    expect(webhookUrlProblem("http://127.0.0.5/hook", { allowHttp: true, allowAddresses })).toBe("webhookUrlPrivate");
    expect(webhookUrlProblem("http://[fd00::5]:9000/hook", { allowHttp: true, allowAddresses })).toBeNull();
    expect(webhookUrlProblem("http://[fd00::5]:9001/hook", { allowHttp: true, allowAddresses })).toBe(
      "webhookUrlPrivate",
    );
    expect(webhookUrlProblem("https://10.9.4.4/hook", { allowAddresses })).toBeNull();
    expect(webhookUrlProblem("https://10.9.4.4:8443/hook", { allowAddresses })).toBe("webhookUrlPrivate");
    const base = {
      DATA_DIR: "/tmp/sufra-config-test",
      JWT_SECRET: "x".repeat(40),
      TOKEN_ENCRYPTION_KEY: "y".repeat(40),
    };
    expect(loadConfig({ ...base, WEBHOOKS_ALLOW_ADDRESSES: allowAddresses.join(",") }).webhooks.allowAddresses).toEqual(
      allowAddresses,
    );
    expect(() => loadConfig({ ...base, WEBHOOKS_ALLOW_ADDRESSES: "127.0.0.5:0" })).toThrow(/WEBHOOKS_ALLOW_ADDRESSES/);
    expect(() => loadConfig({ ...base, WEBHOOKS_ALLOW_ADDRESSES: "127.0.0.5:70000" })).toThrow(
      /WEBHOOKS_ALLOW_ADDRESSES/,
    );
  });

  test("https only unless WEBHOOKS_ALLOW_HTTP, which production refuses; a public name passes", () => {
    expect(webhookUrlProblem("http://hooks.example.com/sufra")).toBe("webhookUrlHttps");
    expect(webhookUrlProblem("https://hooks.example.com/sufra")).toBeNull();
    expect(webhookUrlProblem("https://93.184.215.14/sufra")).toBeNull();
    expect(webhookUrlProblem("http://hooks.example.com/sufra", { allowHttp: true })).toBeNull();
    expect(() =>
      loadConfig({
        WEBHOOKS_ALLOW_HTTP: "true",
        NODE_ENV: "production",
        DATA_DIR: "/tmp/sufra-config-test",
        JWT_SECRET: "x".repeat(40),
        TOKEN_ENCRYPTION_KEY: "y".repeat(40),
      }),
    ).toThrow(/WEBHOOKS_ALLOW_HTTP/);
    expect(() =>
      loadConfig({
        WEBHOOKS_ALLOW_ADDRESSES: "127.0.0.5,not-an-ip",
        DATA_DIR: "/tmp/sufra-config-test",
        JWT_SECRET: "x".repeat(40),
        TOKEN_ENCRYPTION_KEY: "y".repeat(40),
      }),
    ).toThrow(/WEBHOOKS_ALLOW_ADDRESSES/);
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
    expect(d).toMatchObject({
      status: "retrying",
      attempts: 1,
      response_status: null,
      error: `address refused (private or reserved network): ${host}`,
    });
    expect(receiver.received.length).toBe(before);
  });

  test("a redirect to a private address is refused; one to an allowed address is followed, each hop re-sent and re-checked; at most 3", async () => {
    const b = await business();
    const e = await createEndpoint(app, b.token, { url: `${receiver.url}/start`, events: ["post.failed"] });
    const port = new URL(receiver.url).port;
    receiver.answer((r) => {
      if (r.path === "/to-loopback") return { status: 302, headers: { Location: `http://127.0.0.1:${port}/inside` } };
      if (r.path === "/to-metadata")
        return { status: 307, headers: { Location: "http://169.254.169.254/latest/meta-data/iam" } };
      if (r.path === "/to-allowed") return { status: 308, headers: { Location: "/landed" } };
      const loop = /^\/loop(\d+)$/.exec(r.path);
      if (loop) return { status: 302, headers: { Location: `/loop${Number(loop[1]) + 1}` } };
      return { status: 200, body: "ok" };
    });

    const loopback = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/to-loopback`);
    expect(loopback).toMatchObject({
      status: "retrying",
      response_status: null,
      error: "address refused (private or reserved network): 127.0.0.1",
    });
    expect(receiver.received.filter((r) => r.path === "/inside")).toHaveLength(0);

    const metadata = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/to-metadata`);
    expect(metadata).toMatchObject({
      status: "retrying",
      error: "address refused (private or reserved network): 169.254.169.254",
    });

    const followed = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/to-allowed`);
    expect(followed).toMatchObject({ status: "succeeded", response_status: 200 });
    const [hop1, hop2] = [
      receiver.received.find((r) => r.path === "/to-allowed")!,
      receiver.received.find((r) => r.path === "/landed")!,
    ];
    expect(hop2.raw.equals(hop1.raw)).toBe(true);
    expect(hop2.headers["sufra-signature"]).toBe(hop1.headers["sufra-signature"]);

    const loops = await deliverTo(b.token, e.endpoint.id, `${receiver.url}/loop0`);
    expect(loops).toMatchObject({ status: "retrying", response_status: 302, error: "more than 3 redirects" });
    expect(receiver.received.filter((r) => /^\/loop\d$/.test(r.path)).map((r) => r.path)).toEqual([
      "/loop0",
      "/loop1",
      "/loop2",
      "/loop3",
    ]);
    receiver.answer(() => ({ status: 200, body: "ok" }));
  });

  test("http:// is refused by the sender unless allowed; the exemption is by address, not by name", async () => {
    const base = { allowAddresses: [RECEIVER_HOST] };
    expect(await sendWebhook(`${receiver.url}/plain`, "{}", {}, { ...base, allowHttp: false })).toMatchObject({
      status: null,
      error: "only https:// addresses are allowed",
    });
    expect(await sendWebhook(`${receiver.url}/plain`, "{}", {}, { ...base, allowHttp: true })).toMatchObject({
      status: 200,
      error: null,
    });
    // without the exemption, the receiver itself is a private address
    expect(await sendWebhook(`${receiver.url}/plain`, "{}", {}, { allowHttp: true, allowAddresses: [] })).toMatchObject(
      { status: null, error: `address refused (private or reserved network): ${RECEIVER_HOST}` },
    );
  });

  test("an allow-list entry with a port opens that port only, when sent", async () => {
    const port = Number(new URL(receiver.url).port);
    const before = receiver.received.length;
    expect(
      await sendWebhook(
        `${receiver.url}/port`,
        "{}",
        {},
        { allowHttp: true, allowAddresses: [`${RECEIVER_HOST}:${port}`] },
      ),
    ).toMatchObject({ status: 200, error: null });
    expect(receiver.received.length).toBe(before + 1);
    expect(
      await sendWebhook(
        `${receiver.url}/port`,
        "{}",
        {},
        { allowHttp: true, allowAddresses: [`${RECEIVER_HOST}:${port + 1}`] },
      ),
    ).toMatchObject({ status: null, error: `address refused (private or reserved network): ${RECEIVER_HOST}` });
    expect(receiver.received.length).toBe(before + 1);
  });
});
