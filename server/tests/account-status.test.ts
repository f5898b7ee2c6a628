// The account state machine as the admin drives it, and what each state means at login.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { adminToken, call, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { startMailbox } from "./support/mailbox.ts";

let app: TestApp;
let admin: string;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
beforeAll(async () => {
  mailbox = await startMailbox();
  app = await startTestApp({ SMTP_URL: mailbox.url });
  admin = await adminToken(app.base);
});
afterAll(async () => {
  await app?.stop();
  await mailbox?.close();
});

const act = (id: string, action: string, body?: unknown) =>
  call(app.base, "POST", `/api/admin/clients/${id}/${action}`, { token: admin, body });
const login = (c: { email: string; password: string }) =>
  call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });

describe("login by account state", () => {
  test("pending, rejected and suspended are refused with their own 403", async () => {
    const pending = await registeredClient(app.base, { approve: false });
    expect((await login(pending)).body).toEqual({
      message: "Your account is pending approval",
      code: "ACCOUNT_PENDING",
    });

    const rejected = await registeredClient(app.base, { approve: false });
    const r = await act(rejected.businessId, "reject", { reason: "We could not confirm the business licence" });
    expect(r.status).toBe(200);
    expect(r.body.rejection_reason).toBe("We could not confirm the business licence");
    const rl = await login(rejected);
    expect(rl.status).toBe(403);
    expect(rl.body.code).toBe("ACCOUNT_REJECTED");
    expect(rl.body.message).toContain("rejected");
    await mailbox.waitFor(rejected.email, /business licence/);

    const suspended = await registeredClient(app.base);
    const session = (await login(suspended)).body;
    expect((await act(suspended.businessId, "suspend")).body.status).toBe("suspended");
    const sl = await login(suspended);
    expect(sl.status).toBe(403);
    expect(sl.body.message).toContain("suspended");
    // suspension ends sessions at once: the access token and the refresh token stop working
    expect((await call(app.base, "GET", "/api/auth/me", { token: session.access_token })).status).toBe(403);
    expect(
      (await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token: session.refresh_token } })).status,
    ).toBe(401);

    expect((await act(suspended.businessId, "reactivate")).body.status).toBe("active");
    expect((await login(suspended)).status).toBe(200);
  });

  test("the same refusal in Arabic", async () => {
    const pending = await registeredClient(app.base, { approve: false });
    const r = await call(app.base, "POST", "/api/auth/login", {
      body: { email: pending.email, password: pending.password },
      lang: "ar",
    });
    expect(r.body.message).toBe("حسابك بانتظار الموافقة");
  });
});

describe("transitions check the current state", () => {
  test("only pending can be approved or rejected; only active suspended; only suspended reactivated", async () => {
    const c = await registeredClient(app.base, { approve: false });
    expect((await act(c.businessId, "reactivate")).status).toBe(409);
    expect((await act(c.businessId, "suspend")).status).toBe(409);
    expect((await act(c.businessId, "approve")).status).toBe(200);
    const twice = await act(c.businessId, "approve");
    expect(twice.status).toBe(409);
    expect(twice.body.code).toBe("INVALID_STATE");
    expect((await act(c.businessId, "reject", { reason: "late" })).status).toBe(409);
  });

  test("two approvals at once: one wins, one is refused, one audit row", async () => {
    const c = await registeredClient(app.base, { approve: false });
    const [a, b] = await Promise.all([act(c.businessId, "approve"), act(c.businessId, "approve")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(
      await app.sufra.deps.db.auditLog.count({ where: { entityId: c.businessId, action: "client.approved" } }),
    ).toBe(1);
  });

  test("a reason is required to reject", async () => {
    const c = await registeredClient(app.base, { approve: false });
    const r = await act(c.businessId, "reject", { reason: "  " });
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual({ reason: ["Please give a reason"] });
  });

  test("every transition writes an audit row naming the admin", async () => {
    const c = await registeredClient(app.base);
    await act(c.businessId, "suspend");
    const rows = await app.sufra.deps.db.auditLog.findMany({
      where: { entityId: c.businessId },
      orderBy: { createdAt: "asc" },
    });
    expect(rows.map((r) => r.action)).toEqual(["client.signed_up", "client.approved", "client.suspended"]);
    const adminUser = await app.sufra.deps.db.user.findFirstOrThrow({ where: { role: "admin" } });
    expect(rows[2].actorId).toBe(adminUser.id);
    expect(rows[2].data).toEqual({ from: "active", to: "suspended" });
  });
});

describe("gift trial days", () => {
  test("1 to 90 days extend a running trial and mail the owner", async () => {
    const c = await registeredClient(app.base);
    const before = (await call(app.base, "GET", `/api/admin/clients/${c.businessId}`, { token: admin })).body
      .subscription.trial_ends_at;
    const r = await act(c.businessId, "gift-trial-days", { days: 10 });
    expect(r.status).toBe(200);
    expect(Date.parse(r.body.subscription.trial_ends_at) - Date.parse(before)).toBe(10 * 86_400_000);
    await mailbox.waitFor(c.email, /added 10 days/);
    for (const days of [0, 91, 2.5, "x"]) {
      const bad = await act(c.businessId, "gift-trial-days", { days });
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual({ days: ["Trial days must be a whole number from 1 to 90"] });
    }
  });

  test("an expired or cancelled subscription reopens as a trial; a paid month is left alone", async () => {
    const db = app.sufra.deps.db;
    for (const status of ["expired", "cancelled"] as const) {
      const c = await registeredClient(app.base);
      await db.subscription.update({
        where: { businessId: c.businessId },
        data: { status, endedAt: new Date(), trialEndsAt: new Date(Date.now() - 86_400_000) },
      });
      const r = await act(c.businessId, "gift-trial-days", { days: 7 });
      expect(r.status).toBe(200);
      expect(r.body.subscription.status).toBe("trial");
      expect(Date.parse(r.body.subscription.trial_ends_at)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
      expect((await db.subscription.findUniqueOrThrow({ where: { businessId: c.businessId } })).endedAt).toBeNull();
    }
    for (const status of ["active", "past_due"] as const) {
      const paid = await registeredClient(app.base);
      await db.subscription.update({ where: { businessId: paid.businessId }, data: { status } });
      expect((await act(paid.businessId, "gift-trial-days", { days: 5 })).status).toBe(409);
    }
  });

  test("a pending client has no trial to extend", async () => {
    const c = await registeredClient(app.base, { approve: false });
    expect((await act(c.businessId, "gift-trial-days", { days: 5 })).status).toBe(409);
  });
});

describe("the admin's client list", () => {
  test("filters by status, searches, pages, and knows unknown ids", async () => {
    const a = await registeredClient(app.base, { approve: false, over: { company_name: "Zaatar House" } });
    const pendingList = await call(app.base, "GET", "/api/admin/clients?status=pending&first=100", { token: admin });
    expect(pendingList.body.clients.every((c: { status: string }) => c.status === "pending")).toBe(true);
    const found = await call(app.base, "GET", "/api/admin/clients?search=zaatar", { token: admin });
    expect(found.body.clients.map((c: { id: string }) => c.id)).toEqual([a.businessId]);
    expect(found.body.clients[0]).toMatchObject({
      company_name: "Zaatar House",
      email: a.email,
      status: "pending",
      requested_plan: "premium",
    });

    const page1 = await call(app.base, "GET", "/api/admin/clients?first=2", { token: admin });
    expect(page1.body.clients).toHaveLength(2);
    expect(page1.body.page_info.has_next_page).toBe(true);
    const page2 = await call(app.base, "GET", `/api/admin/clients?first=2&after=${page1.body.page_info.end_cursor}`, {
      token: admin,
    });
    expect(page2.body.clients[0].id).not.toBe(page1.body.clients[1].id);
    expect(page1.body.total).toBe(page2.body.total);

    expect(
      (await call(app.base, "GET", "/api/admin/clients/00000000-0000-4000-8000-000000000000", { token: admin })).status,
    ).toBe(404);
    expect((await call(app.base, "GET", "/api/admin/clients/not-a-uuid", { token: admin })).status).toBe(404);
    expect((await call(app.base, "GET", "/api/admin/clients?status=sleeping", { token: admin })).status).toBe(400);
  });

  test("clients and owners may not use it", async () => {
    const c = await registeredClient(app.base);
    const { access_token } = (await login(c)).body;
    const r = await call(app.base, "GET", "/api/admin/clients", { token: access_token });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: "You do not have permission to perform this action", code: "FORBIDDEN" });
    expect(
      (await call(app.base, "POST", `/api/admin/clients/${c.businessId}/suspend`, { token: access_token })).status,
    ).toBe(403);
    expect((await call(app.base, "GET", "/api/admin/clients")).status).toBe(401);
  });
});
