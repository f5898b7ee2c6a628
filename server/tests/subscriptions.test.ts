// graphql-ws on the same port and path, authenticated by connectionParams; events cross processes
// through Postgres LISTEN/NOTIFY.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { adminToken, call, registeredClient, signUp } from "./support/app.ts";
import { twoProcessesForFile } from "./support/per-file.ts";

const { a, second, sockets: clients } = twoProcessesForFile();
let baseB: string;
beforeAll(() => {
  baseB = second.base;
});

function ws(base: string, connectionParams: Record<string, unknown> = {}) {
  const c = createClient({
    url: base.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams,
    lazy: false,
    retryAttempts: 0,
  });
  clients.push(c);
  return c;
}

/** Collects a subscription's results until `count` arrive or it errors. */
function collect(client: Client, query: string, count: number) {
  const got: any[] = [];
  let stop = () => {};
  const done = new Promise<any[]>((resolve, reject) => {
    stop = client.subscribe(
      { query },
      { next: (v) => (got.push(v), got.length >= count && resolve(got)), error: reject, complete: () => resolve(got) },
    );
  });
  return { done, got, stop: () => stop() };
}

const EVENTS = "subscription { clientEvents { change client { email companyName status } } }";

describe("subscriptions across two server processes", () => {
  test("an admin subscribed to process A sees a sign-up and an approval made through process B", async () => {
    const sub = collect(ws(a.base, { authorization: `Bearer ${await adminToken(a.base)}` }), EVENTS, 2);
    await new Promise((r) => setTimeout(r, 1000)); // let the subscription register (the server may be busy)
    const p = signUp({ company_name: "Qahwa Across" });
    const reg = await call(baseB, "POST", "/api/auth/register", { body: p });
    expect(reg.status).toBe(201);
    // the sign-up's event is read (the client loaded) before the approval, which would change what it loads
    for (const t0 = Date.now(); sub.got.length < 1 && Date.now() - t0 < 15_000;)
      await new Promise((r) => setTimeout(r, 50));
    const approve = await call(baseB, "POST", `/api/admin/clients/${reg.body.business.id}/approve`, {
      token: await adminToken(baseB),
    });
    expect(approve.status).toBe(200);
    const events = await sub.done;
    expect(events.map((e) => e.data.clientEvents)).toEqual([
      { change: "SIGNED_UP", client: { email: p.email, companyName: "Qahwa Across", status: "PENDING" } },
      { change: "APPROVED", client: { email: p.email, companyName: "Qahwa Across", status: "ACTIVE" } },
    ]);
    sub.stop();
  });

  test("without a token the subscription is refused as UNAUTHENTICATED; a client's token as FORBIDDEN", async () => {
    const anon = await collect(ws(a.base), EVENTS, 1).done;
    expect(anon[0].errors[0]).toMatchObject({
      message: "Please login to continue",
      extensions: { code: "UNAUTHENTICATED" },
    });

    const c = await registeredClient(a.base);
    const { access_token } = (
      await call(a.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })
    ).body;
    const client = await collect(ws(a.base, { authorization: `Bearer ${access_token}` }), EVENTS, 1).done;
    expect(client[0].errors[0].extensions).toEqual({ code: "FORBIDDEN", reason: "FORBIDDEN" });
  });

  test("a refused token closes the socket with 4403", async () => {
    const closed = new Promise<number>((resolve) => {
      const c = createClient({
        url: a.base.replace("http", "ws") + "/graphql",
        webSocketImpl: WebSocket,
        connectionParams: { token: "forged" },
        lazy: false,
        retryAttempts: 0,
        on: { closed: (e) => resolve((e as { code: number }).code) },
      });
      clients.push(c);
    });
    expect(await closed).toBe(4403);
  });
});
