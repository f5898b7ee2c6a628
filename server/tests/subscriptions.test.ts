// graphql-ws on the same port and path, authenticated by connectionParams; events cross processes
// through Postgres LISTEN/NOTIFY.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { ADMIN, adminToken, call, registeredClient, signUp, startTestApp, type TestApp } from "./support/app.ts";

let a: TestApp;
let second: ChildProcess;
let baseB: string;
const clients: Client[] = [];

beforeAll(async () => {
  a = await startTestApp();
  second = spawn(process.execPath, ["--import", "tsx", "tests/support/second-process.ts"], {
    cwd: path.resolve(import.meta.dirname, ".."),
    env: { ...process.env, DATABASE_URL: a.databaseUrl, PORT: "0", HOST: "127.0.0.1", PROCESS_ROLE: "api", JWT_SECRET: "test-secret-test-secret-test-secret-0123456789", ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: "error", RATE_LIMIT_PER_IP: "10000", DATA_DIR: path.join(process.env.TMPDIR ?? "/tmp", "sufra-second") },
    stdio: ["ignore", "pipe", "pipe"],
  });
  baseB = await new Promise<string>((resolve, reject) => {
    let err = "";
    second.stderr!.on("data", (d) => (err += d));
    second.stdout!.on("data", (d: Buffer) => {
      const m = /READY (\d+)/.exec(d.toString());
      if (m) resolve(`http://127.0.0.1:${m[1]}`);
    });
    second.on("exit", (code) => reject(new Error(`second process exited ${code}: ${err}`)));
  });
}, 60_000);

afterAll(async () => {
  for (const c of clients) await c.dispose();
  if (second && second.exitCode === null) {
    const gone = new Promise((r) => second.once("exit", r));
    second.kill("SIGTERM");
    await gone;
  }
  await a?.stop();
});

function ws(base: string, connectionParams: Record<string, unknown> = {}) {
  const c = createClient({ url: base.replace("http", "ws") + "/graphql", webSocketImpl: WebSocket, connectionParams, lazy: false, retryAttempts: 0 });
  clients.push(c);
  return c;
}

/** Collects a subscription's results until `count` arrive or it errors. */
function collect(client: Client, query: string, count: number) {
  const got: any[] = [];
  let stop = () => {};
  const done = new Promise<any[]>((resolve, reject) => {
    stop = client.subscribe({ query }, { next: (v) => (got.push(v), got.length >= count && resolve(got)), error: reject, complete: () => resolve(got) });
  });
  return { done, stop: () => stop() };
}

const EVENTS = "subscription { clientEvents { change client { email companyName status } } }";

describe("subscriptions across two server processes", () => {
  test("an admin subscribed to process A sees a sign-up and an approval made through process B", async () => {
    const sub = collect(ws(a.base, { authorization: `Bearer ${await adminToken(a.base)}` }), EVENTS, 2);
    await new Promise((r) => setTimeout(r, 300)); // let the subscription register
    const p = signUp({ company_name: "Qahwa Across" });
    const reg = await call(baseB, "POST", "/api/auth/register", { body: p });
    expect(reg.status).toBe(201);
    const approve = await call(baseB, "POST", `/api/admin/clients/${reg.body.business.id}/approve`, { token: await adminToken(baseB) });
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
    expect(anon[0].errors[0]).toMatchObject({ message: "Please login to continue", extensions: { code: "UNAUTHENTICATED" } });

    const c = await registeredClient(a.base);
    const { access_token } = (await call(a.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })).body;
    const client = await collect(ws(a.base, { authorization: `Bearer ${access_token}` }), EVENTS, 1).done;
    expect(client[0].errors[0].extensions).toEqual({ code: "FORBIDDEN", reason: "FORBIDDEN" });
  });

  test("a refused token closes the socket with 4403", async () => {
    const closed = new Promise<number>((resolve) => {
      const c = createClient({ url: a.base.replace("http", "ws") + "/graphql", webSocketImpl: WebSocket, connectionParams: { token: "forged" }, lazy: false, retryAttempts: 0, on: { closed: (e) => resolve((e as { code: number }).code) } });
      clients.push(c);
    });
    expect(await closed).toBe(4403);
  });
});
