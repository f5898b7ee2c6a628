// The admin console's data: the admin stats of docs/product.md#data-shapes over REST and GraphQL, pushed live to subscribed admins
// within a second of a change made on any server process; client details with people and history.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { adminToken, call, gql, registeredClient, signUp } from "./support/app.ts";
import { twoProcessesForFile } from "./support/per-file.ts";

const { a, second, sockets } = twoProcessesForFile();
let baseB: string;
beforeAll(() => {
  baseB = second.base;
});

describe("admin stats", () => {
  test("GET /api/admin/stats has the admin stats shape plus pendingApprovals and newSignups", async () => {
    await registeredClient(a.base, { approve: false, over: { company_name: "Stats Pending" } });
    await registeredClient(a.base, { over: { company_name: "Stats Active" } });
    const r = await call(a.base, "GET", "/api/admin/stats", { token: await adminToken(a.base) });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      "activeClients",
      "billing",
      "newSignups",
      "pendingApprovals",
      "recentClients",
      "systemHealth",
      "todayPosts",
      "totalClients",
      "totalPosts",
    ]);
    expect(r.body).toMatchObject({ totalPosts: 0, todayPosts: 0 });
    expect(r.body.totalClients).toBeGreaterThanOrEqual(2);
    expect(r.body.pendingApprovals).toBeGreaterThanOrEqual(1);
    expect(r.body.newSignups).toBe(r.body.totalClients);
    expect(Object.keys(r.body.systemHealth).sort()).toEqual(["api", "database", "reasons", "scheduler"]);
    expect(r.body.recentClients[0]).toEqual({
      id: expect.any(String),
      name: "Stats Active",
      email: expect.stringContaining("@"),
      plan: "premium",
      status: "active",
      lastActive: null,
      allowedActions: ["suspend", "gift_trial_days", "record_payment", "extend_period"],
    });
  });

  test("only admins reach it", async () => {
    const c = await registeredClient(a.base);
    const { access_token } = (
      await call(a.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })
    ).body;
    expect((await call(a.base, "GET", "/api/admin/stats", { token: access_token })).status).toBe(403);
    expect((await call(a.base, "GET", "/api/admin/stats")).status).toBe(401);
    expect((await gql(a.base, "{ adminStats { totalClients } }", {}, access_token)).errors?.[0].extensions.code).toBe(
      "FORBIDDEN",
    );
  });

  test("a sign-up on another server process reaches a subscribed admin's figures within a second", async () => {
    const token = await adminToken(a.base);
    const before = (await gql(a.base, "{ adminStats { totalClients pendingApprovals } }", {}, token)).data.adminStats;
    const socket = createClient({
      url: a.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      lazy: false,
      retryAttempts: 0,
    });
    sockets.push(socket);
    let t0 = 0;
    const arrived = new Promise<{ stats: { totalClients: number; pendingApprovals: number }; ms: number }>(
      (resolve, reject) => {
        // a health change (a loaded machine) also pushes figures: wait for the push that counts the sign-up
        const next = (v: any) => {
          if (t0 && v.data.adminStatsUpdated.totalClients > before.totalClients)
            resolve({ stats: v.data.adminStatsUpdated, ms: performance.now() - t0 });
        };
        socket.subscribe(
          { query: "subscription { adminStatsUpdated { totalClients pendingApprovals } }" },
          { next, error: reject, complete: () => {} },
        );
      },
    );
    await new Promise((r) => setTimeout(r, 1000)); // let the subscription register (the server may be busy)
    t0 = performance.now();
    expect((await call(baseB, "POST", "/api/auth/register", { body: signUp() })).status).toBe(201);
    const { stats, ms } = await arrived;
    expect(stats).toEqual({ totalClients: before.totalClients + 1, pendingApprovals: before.pendingApprovals + 1 });
    expect(ms).toBeLessThan(1000);
    console.log(`[measured] sign-up on process B -> admin's figures on process A: ${Math.round(ms)} ms`);
  });
});

describe("client details", () => {
  test("REST and GraphQL give the business's people and its history", async () => {
    const c = await registeredClient(a.base);
    const token = await adminToken(a.base);
    const r = await call(a.base, "GET", `/api/admin/clients/${c.businessId}`, { token });
    expect(r.body.users).toEqual([expect.objectContaining({ email: c.email, role: "client" })]);
    expect(r.body.audit.map((x: { action: string }) => x.action)).toEqual(["client.approved", "client.signed_up"]);
    const g = await gql(
      a.base,
      `query($id: ID!) { client(id: $id) { users { email } auditHistory { action } } }`,
      { id: c.businessId },
      token,
    );
    expect(g.data.client).toEqual({
      users: [{ email: c.email }],
      auditHistory: [{ action: "client.approved" }, { action: "client.signed_up" }],
    });
  });

  test("the list filters by plan", async () => {
    await registeredClient(a.base, { over: { requested_plan: "basic", company_name: "Basic Bakery" } });
    const token = await adminToken(a.base);
    const r = await call(a.base, "GET", "/api/admin/clients?plan=basic", { token });
    expect(r.body.clients.length).toBeGreaterThan(0);
    expect(r.body.clients.every((x: { subscription: { plan: string } }) => x.subscription.plan === "basic")).toBe(true);
  });

  test("a business's own people cannot see its users or history through me", async () => {
    const c = await registeredClient(a.base);
    const { access_token } = (
      await call(a.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })
    ).body;
    const r = await gql(a.base, "{ me { business { companyName auditHistory { action } } } }", {}, access_token);
    expect(r.errors?.[0].extensions.code).toBe("FORBIDDEN");
  });
});
