// Notifications: written from account events by every server process but stored once (dedupe key),
// announced once, per person; a person reads and marks only their own, over GraphQL and REST; the
// notificationAdded subscription reaches only its person; the trial-ending reminder (billing's lifecycle
// job) is idempotent across processes.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createClient, type Client } from "graphql-ws";
import WebSocket from "ws";
import { hashPassword } from "../src/modules/auth/passwords.ts";
import { ADMIN, call, gql, registeredClient, signUp, startTestApp, type TestApp } from "./support/app.ts";

const DAY = 86_400_000;
const SECOND_ADMIN = { email: "second-admin@sufra.test", password: "Second#Admin123" };

let a: TestApp;
let b: TestApp; // a second server process on the same database
const sockets: Client[] = [];
let admin1: { id: string; token: string };
let admin2: { id: string; token: string };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function login(base: string, email: string, password: string) {
  const r = await call(base, "POST", "/api/auth/login", { body: { email, password } });
  if (r.status !== 200) throw new Error(`login failed: ${JSON.stringify(r.body)}`);
  return { id: r.body.user.id as string, token: r.body.access_token as string };
}

/** Waits until `check` holds (the event travels through Postgres NOTIFY to both processes). */
async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await read();
    if (check(v)) return v;
    if (Date.now() > deadline) throw new Error(`condition not met; last value ${JSON.stringify(v)}`);
    await sleep(50);
  }
}

const rowsOf = (where: Record<string, unknown>) =>
  a.sufra.deps.db.notification.findMany({ where, orderBy: { createdAt: "asc" } });

function ws(base: string, token: string) {
  const c = createClient({
    url: base.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { authorization: `Bearer ${token}` },
    lazy: false,
    retryAttempts: 0,
  });
  sockets.push(c);
  return c;
}

const ADDED = "subscription { notificationAdded { id type read data { businessId companyName reason trialEndsAt } } }";

/** Every notificationAdded the socket receives, as it comes. */
function listen(client: Client) {
  const got: any[] = [];
  const errors: unknown[] = [];
  const stop = client.subscribe(
    { query: ADDED },
    {
      next: (v) => (v.errors ? errors.push(v.errors) : got.push(v.data!.notificationAdded)),
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  return { got, errors, stop };
}

beforeAll(async () => {
  a = await startTestApp();
  b = await startTestApp({}, a.databaseUrl);
  await a.sufra.deps.db.user.create({
    data: {
      email: SECOND_ADMIN.email,
      passwordHash: await hashPassword(SECOND_ADMIN.password),
      name: "Second Admin",
      role: "admin",
      emailVerifiedAt: new Date(),
    },
  });
  admin1 = await login(a.base, ADMIN.email, ADMIN.password);
  admin2 = await login(b.base, SECOND_ADMIN.email, SECOND_ADMIN.password);
}, 60_000);

afterAll(async () => {
  for (const s of sockets) await s.dispose();
  await b?.stop();
  await a?.stop();
});

describe("from account events", () => {
  test("a sign-up notifies every admin exactly once, with two server processes hearing the event", async () => {
    const live = listen(ws(b.base, admin1.token));
    await sleep(300); // let the subscription register
    const reg = await call(a.base, "POST", "/api/auth/register", { body: signUp({ company_name: "Qahwat Al Bait" }) });
    expect(reg.status).toBe(201);
    const businessId = reg.body.business.id as string;
    const where = { type: "client_signed_up", data: { path: ["businessId"], equals: businessId } };
    const rows = await eventually(
      () => rowsOf(where),
      (r) => r.length >= 2,
    );
    await sleep(700); // time for a late duplicate from the other process, were there one
    const after = await rowsOf(where);
    expect(after.map((n) => n.userId).sort()).toEqual([admin1.id, admin2.id].sort());
    expect(after).toHaveLength(rows.length);
    expect(after[0].data).toEqual({ businessId, companyName: "Qahwat Al Bait" });
    // announced once: the first admin's socket saw one notification for this sign-up
    expect(live.got.filter((n) => n.data.businessId === businessId)).toEqual([
      {
        id: after.find((n) => n.userId === admin1.id)!.id,
        type: "CLIENT_SIGNED_UP",
        read: false,
        data: { businessId, companyName: "Qahwat Al Bait", reason: null, trialEndsAt: null },
      },
    ]);
    // the same event heard again (a third process, a replay) writes and announces nothing
    expect(await a.sufra.services.notifications.onClientChanged({ businessId, change: "signed_up" })).toEqual([]);
    expect(await b.sufra.services.notifications.onClientChanged({ businessId, change: "signed_up" })).toEqual([]);
    expect(await rowsOf(where)).toHaveLength(2);
    live.stop();
  });

  test("approval notifies the applicant, who reads it over REST; a rejection carries the reason", async () => {
    const c = await registeredClient(a.base, {
      over: { company_name: "Saffron Corner", requested_plan: "professional" },
    });
    const me = await login(a.base, c.email, c.password);
    const list = await eventually(
      () => call(a.base, "GET", "/api/notifications", { token: me.token }),
      (r) => r.body.notifications?.length === 1,
    );
    expect(list.status).toBe(200);
    const n = list.body.notifications[0];
    expect(n).toMatchObject({
      type: "account_approved",
      read: false,
      read_at: null,
      data: { businessId: c.businessId, companyName: "Saffron Corner", plan: "professional" },
    });
    expect(new Date(n.data.trialEndsAt).getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    expect(list.body).toMatchObject({
      total: 1,
      unread_count: 1,
      page_info: { has_next_page: false, end_cursor: n.id },
    });
    // nothing for the admins about an approval they made
    expect(await rowsOf({ type: "account_approved", userId: { in: [admin1.id, admin2.id] } })).toEqual([]);

    const r = await registeredClient(a.base, { approve: false, over: { company_name: "Not This Time" } });
    const rejected = await call(b.base, "POST", `/api/admin/clients/${r.businessId}/reject`, {
      token: admin2.token,
      body: { reason: "We could not reach you by phone" },
    });
    expect(rejected.status).toBe(200);
    const rows = await eventually(
      () => rowsOf({ userId: r.userId }),
      (x) => x.length === 1,
    );
    await sleep(300);
    expect(await rowsOf({ userId: r.userId })).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: "account_rejected",
      data: { businessId: r.businessId, companyName: "Not This Time", reason: "We could not reach you by phone" },
    });
  });
});

describe("a sign-up decided", () => {
  test("approving or rejecting a sign-up marks every admin's notification about it read (and only those)", async () => {
    const signedUp = (businessId: string) =>
      rowsOf({ type: "client_signed_up", data: { path: ["businessId"], equals: businessId } });
    const yes = await registeredClient(a.base, { approve: false, over: { company_name: "Approve Me" } });
    const no = await registeredClient(a.base, { approve: false, over: { company_name: "Reject Me" } });
    const waiting = await registeredClient(a.base, { approve: false, over: { company_name: "Still Waiting" } });
    for (const c of [yes, no, waiting])
      await eventually(
        () => signedUp(c.businessId),
        (r) => r.length === 2,
      );

    expect(
      (await call(a.base, "POST", `/api/admin/clients/${yes.businessId}/approve`, { token: admin1.token })).status,
    ).toBe(200);
    expect(
      (
        await call(b.base, "POST", `/api/admin/clients/${no.businessId}/reject`, {
          token: admin2.token,
          body: { reason: "Not a café" },
        })
      ).status,
    ).toBe(200);
    // read in the approval's own transaction: at once, for both admins (not only the one who acted)
    for (const c of [yes, no]) expect((await signedUp(c.businessId)).map((n) => !!n.readAt)).toEqual([true, true]);
    expect((await signedUp(waiting.businessId)).map((n) => !!n.readAt)).toEqual([false, false]);
  });

  test("a sign-up approved before its notification was written leaves no unread notification behind", async () => {
    const c = await registeredClient(a.base, { over: { company_name: "Quick Approval" } });
    await sleep(500);
    // the event heard late (a slow process): the sign-up is decided, nothing unread is written
    expect(
      await b.sufra.services.notifications.onClientChanged({ businessId: c.businessId, change: "signed_up" }),
    ).toEqual([]);
    const rows = await rowsOf({ type: "client_signed_up", data: { path: ["businessId"], equals: c.businessId } });
    expect(rows.filter((n) => !n.readAt)).toEqual([]);
  });
});

describe("reading and marking", () => {
  let mine: string[];

  beforeAll(async () => {
    // three fresh notifications for the first admin, newest last
    for (const name of ["Bait Al Shai", "Dallah House", "Karak Corner"]) {
      const reg = await call(a.base, "POST", "/api/auth/register", { body: signUp({ company_name: name }) });
      await eventually(
        () => rowsOf({ userId: admin1.id, data: { path: ["businessId"], equals: reg.body.business.id } }),
        (x) => x.length === 1,
      );
    }
    await a.sufra.deps.db.notification.updateMany({ where: { userId: admin1.id }, data: { readAt: null } });
    mine = (await rowsOf({ userId: admin1.id })).map((n) => n.id);
  });

  test("the unread count, a page of notifications, marking one and then all read (GraphQL)", async () => {
    const total = mine.length;
    const count = await gql(a.base, "{ unreadNotificationsCount }", {}, admin1.token);
    expect(count.data.unreadNotificationsCount).toBe(total);

    const page = await gql(
      a.base,
      "query($first: Int) { notifications(first: $first) { totalCount pageInfo { hasNextPage endCursor } edges { node { id type read data { companyName } } } } }",
      { first: 2 },
      admin1.token,
    );
    expect(page.errors).toBeUndefined();
    const conn = page.data.notifications;
    expect(conn.totalCount).toBe(total);
    expect(conn.pageInfo.hasNextPage).toBe(total > 2);
    expect(conn.edges.map((e: any) => e.node.data.companyName)).toEqual(["Karak Corner", "Dallah House"]); // newest first
    const next = await gql(
      a.base,
      "query($after: String) { notifications(first: 1, after: $after) { edges { node { data { companyName } } } } }",
      { after: conn.pageInfo.endCursor },
      admin1.token,
    );
    expect(next.data.notifications.edges[0].node.data.companyName).toBe("Bait Al Shai");

    const first = conn.edges[0].node.id;
    const marked = await gql(
      a.base,
      "mutation($ids: [ID!]!) { markNotificationsRead(ids: $ids) { marked unreadCount } }",
      { ids: [first] },
      admin1.token,
    );
    expect(marked.data.markNotificationsRead).toEqual({ marked: 1, unreadCount: total - 1 });
    const again = await gql(
      a.base,
      "mutation($ids: [ID!]!) { markNotificationsRead(ids: $ids) { marked unreadCount } }",
      { ids: [first] },
      admin1.token,
    );
    expect(again.data.markNotificationsRead).toEqual({ marked: 0, unreadCount: total - 1 });
    const unread = await gql(
      a.base,
      "{ notifications(unreadOnly: true) { totalCount edges { node { id read } } } }",
      {},
      admin1.token,
    );
    expect(unread.data.notifications.totalCount).toBe(total - 1);
    expect(unread.data.notifications.edges.map((e: any) => e.node.id)).not.toContain(first);

    const all = await gql(a.base, "mutation { markAllNotificationsRead { marked unreadCount } }", {}, admin1.token);
    expect(all.data.markAllNotificationsRead).toEqual({ marked: total - 1, unreadCount: 0 });
    expect((await gql(a.base, "{ unreadNotificationsCount }", {}, admin1.token)).data.unreadNotificationsCount).toBe(0);
  });

  test("REST: the list with its unread count, marking some by id, then all (no ids)", async () => {
    await a.sufra.deps.db.notification.updateMany({ where: { userId: admin1.id }, data: { readAt: null } });
    const list = await call(a.base, "GET", "/api/notifications?first=2&unread_only=true", { token: admin1.token });
    expect(list.status).toBe(200);
    expect(list.body.unread_count).toBe(mine.length);
    expect(list.body.notifications).toHaveLength(2);
    expect(Object.keys(list.body.notifications[0]).sort()).toEqual([
      "created_at",
      "data",
      "id",
      "read",
      "read_at",
      "type",
    ]);

    const some = await call(a.base, "POST", "/api/notifications/read", {
      token: admin1.token,
      body: { ids: list.body.notifications.map((n: any) => n.id) },
    });
    expect(some.body).toEqual({ marked: 2, unread_count: mine.length - 2 });
    const rest = await call(a.base, "POST", "/api/notifications/read", { token: admin1.token });
    expect(rest.body).toEqual({ marked: mine.length - 2, unread_count: 0 });
    const read = await call(a.base, "GET", "/api/notifications", { token: admin1.token });
    expect(read.body.notifications.every((n: any) => n.read && n.read_at)).toBe(true);
  });

  test("bad input is a 400 with the field named; no token is a 401", async () => {
    const bad = await call(a.base, "POST", "/api/notifications/read", {
      token: admin1.token,
      body: { ids: ["not-an-id"] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: { "ids.0": ["Invalid value"] } });
    expect((await call(a.base, "GET", "/api/notifications?first=500", { token: admin1.token })).status).toBe(400);
    expect((await call(a.base, "GET", "/api/notifications")).status).toBe(401);
    expect((await call(a.base, "POST", "/api/notifications/read", { body: {} })).status).toBe(401);
    const anon = await gql(a.base, "{ unreadNotificationsCount }");
    expect(anon.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("tenancy: a person sees and marks only their own", () => {
  test("another person's ids mark nothing and their notifications never show (GraphQL and REST)", async () => {
    await a.sufra.deps.db.notification.updateMany({ where: { userId: admin1.id }, data: { readAt: null } });
    const adminIds = (await rowsOf({ userId: admin1.id })).map((n) => n.id);
    const c = await registeredClient(a.base, { over: { company_name: "Private Roastery" } });
    const client = await login(a.base, c.email, c.password);
    await eventually(
      () => rowsOf({ userId: client.id }),
      (x) => x.length === 1,
    );

    const viaGql = await gql(
      a.base,
      "mutation($ids: [ID!]!) { markNotificationsRead(ids: $ids) { marked unreadCount } }",
      { ids: adminIds },
      client.token,
    );
    expect(viaGql.data.markNotificationsRead).toEqual({ marked: 0, unreadCount: 1 });
    const viaRest = await call(a.base, "POST", "/api/notifications/read", {
      token: client.token,
      body: { ids: adminIds },
    });
    expect(viaRest.body).toEqual({ marked: 0, unread_count: 1 });
    expect(await a.sufra.deps.db.notification.count({ where: { id: { in: adminIds }, readAt: null } })).toBe(
      adminIds.length,
    );

    const list = await gql(
      a.base,
      "{ notifications { totalCount edges { node { id type } } } unreadNotificationsCount }",
      {},
      client.token,
    );
    expect(list.data.notifications.totalCount).toBe(1);
    expect(list.data.notifications.edges.map((e: any) => e.node.type)).toEqual(["ACCOUNT_APPROVED"]);
    expect(list.data.unreadNotificationsCount).toBe(1);
    const rest = await call(a.base, "GET", "/api/notifications", { token: client.token });
    expect(rest.body.notifications.map((n: any) => n.type)).toEqual(["account_approved"]);
    // another person's notification is no cursor either
    const cursor = await gql(
      a.base,
      "query($after: String) { notifications(after: $after) { totalCount } }",
      { after: adminIds[0] },
      client.token,
    );
    expect(cursor.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect((await call(a.base, "GET", `/api/notifications?after=${adminIds[0]}`, { token: client.token })).status).toBe(
      400,
    );

    // marking all of one's own leaves everyone else's alone
    await call(a.base, "POST", "/api/notifications/read", { token: client.token, body: {} });
    expect(await a.sufra.deps.db.notification.count({ where: { id: { in: adminIds }, readAt: null } })).toBe(
      adminIds.length,
    );
  });
});

describe("live and scheduled", () => {
  test("notificationAdded reaches its person only, across processes; it needs a signed-in person", async () => {
    const c = await registeredClient(a.base, { over: { company_name: "Live Beans" } });
    const client = await login(a.base, c.email, c.password);
    const forClient = listen(ws(b.base, client.token));
    const forAdmin = listen(ws(a.base, admin1.token));
    await sleep(300);

    // the trial ends in three days: billing's lifecycle job (on process A) tells the client, live on process B
    const now = new Date();
    await a.sufra.deps.db.subscription.update({
      where: { businessId: c.businessId },
      data: { trialEndsAt: new Date(now.getTime() + 3 * DAY), renewsAt: new Date(now.getTime() + 3 * DAY) },
    });
    await a.sufra.services.lifecycle.run(now);
    const reg = await call(b.base, "POST", "/api/auth/register", { body: signUp({ company_name: "Only For Admins" }) });
    await eventually(
      async () => [forClient.got.length, forAdmin.got.length],
      ([x, y]) => x >= 1 && y >= 1,
    );
    await sleep(500);
    expect(forClient.got.map((n) => [n.type, n.data.companyName])).toEqual([["TRIAL_ENDING", "Live Beans"]]);
    expect(forAdmin.got.map((n) => [n.type, n.data.businessId])).toEqual([["CLIENT_SIGNED_UP", reg.body.business.id]]);
    expect([...forClient.errors, ...forAdmin.errors]).toEqual([]);
    forClient.stop();
    forAdmin.stop();

    const anon = createClient({
      url: a.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      lazy: false,
      retryAttempts: 0,
    });
    sockets.push(anon);
    const refused = await new Promise<any>((resolve) =>
      anon.subscribe({ query: ADDED }, { next: resolve, error: resolve, complete: () => {} }),
    );
    expect(refused.errors[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  test("the trial-ending reminder is idempotent: once per person and day, whichever process runs the lifecycle job", async () => {
    const c = await registeredClient(a.base, { over: { company_name: "Trial Ends Soon" } });
    const member = await a.sufra.deps.db.user.create({
      data: {
        email: `member-${c.businessId.slice(0, 8)}@example.kw`,
        passwordHash: "x",
        name: "Fahad",
        role: "owner",
        memberships: { create: { businessId: c.businessId, role: "owner" } },
      },
    });
    const later = await registeredClient(a.base, { over: { company_name: "Trial Ends Later" } }); // 14 days: not yet
    const now = new Date();
    const ends = new Date(now.getTime() + DAY);
    await a.sufra.deps.db.subscription.update({
      where: { businessId: c.businessId },
      data: { trialEndsAt: ends, renewsAt: ends },
    });

    await Promise.all([a.sufra.services.lifecycle.run(now), b.sufra.services.lifecycle.run(now)]);
    await a.sufra.services.lifecycle.run(now);
    const rows = await rowsOf({ type: "trial_ending", data: { path: ["businessId"], equals: c.businessId } });
    expect(rows.map((n) => n.userId).sort()).toEqual([c.userId, member.id].sort());
    expect(rows[0].data).toEqual({
      businessId: c.businessId,
      companyName: "Trial Ends Soon",
      trialEndsAt: ends.toISOString(),
    });
    expect(await rowsOf({ type: "trial_ending", data: { path: ["businessId"], equals: later.businessId } })).toEqual(
      [],
    );

    // a paid plan is not told
    await a.sufra.deps.db.subscription.update({
      where: { businessId: later.businessId },
      data: { status: "active", trialEndsAt: new Date(now.getTime() + DAY) },
    });
    await a.sufra.services.lifecycle.run(now);
    expect(await rowsOf({ type: "trial_ending", data: { path: ["businessId"], equals: later.businessId } })).toEqual(
      [],
    );
  });
});
