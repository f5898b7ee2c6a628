// API keys over real HTTP and Postgres: create (shown once, stored hashed) -> use on /graphql as the
// business with client rights -> revoke; Premium only; never on REST; no team or key management with
// a key; a budget per key; tenancy.
import { describe, expect, test } from "@jest/globals";
import { API_KEY_PREFIX } from "@sufra/schema";
import { adminToken, call, gql, registeredClient } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { joinedMember, login } from "./support/team.ts";
import { createApiKeysService } from "../src/modules/api-keys/api-keys.service.ts";

const { app, mailbox } = mailedAppForFile();

async function business(over: Record<string, unknown> = {}) {
  const c = await registeredClient(app.base, { over });
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token };
}

const CREATE = `mutation($name: String!) { createApiKey(name: $name) { key apiKey { id name prefix createdAt lastUsedAt revokedAt } } }`;
const ME = `{ me { email role business { id companyName } } }`;

async function createKey(token: string, name = "Website") {
  const r = await gql(app.base, CREATE, { name }, token);
  if (!r.data) throw new Error(`createApiKey failed: ${JSON.stringify(r.errors)}`);
  return r.data.createApiKey as { key: string; apiKey: { id: string; name: string; prefix: string } };
}

describe("a key's life", () => {
  test("create -> shown once, stored hashed -> acts for the business on /graphql -> revoke -> UNAUTHENTICATED", async () => {
    const holder = await business({ company_name: "Bait Al Qahwa" });
    const created = await createKey(holder.token, "  Website  ");
    expect(created.key).toMatch(new RegExp(`^${API_KEY_PREFIX}[A-Za-z0-9_-]{32}$`));
    expect(created.apiKey).toMatchObject({
      name: "Website",
      prefix: created.key.slice(0, 12),
      lastUsedAt: null,
      revokedAt: null,
    });

    // stored as a SHA-256 hash; the list never shows the key again
    const { rows } = await app.sufra.deps.pool.query<{ key_hash: string; created_by_id: string }>(
      "select key_hash, created_by_id from api_keys where id = $1",
      [created.apiKey.id],
    );
    expect(rows[0].key_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0].created_by_id).toBe(holder.userId);
    const list = await call(app.base, "GET", "/api/api-keys", { token: holder.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      premium: true,
      can_manage: true,
      api_keys: [
        {
          id: created.apiKey.id,
          name: "Website",
          prefix: created.apiKey.prefix,
          created_at: expect.any(String),
          last_used_at: null,
          revoked_at: null,
        },
      ],
    });
    expect(JSON.stringify(list.body)).not.toContain(created.key);

    // the key acts for the business, with client rights, as the person who created it
    const me = await gql(app.base, ME, {}, created.key);
    expect(me.errors).toBeUndefined();
    expect(me.data.me).toEqual({
      email: holder.email,
      role: "CLIENT",
      business: { id: holder.businessId, companyName: "Bait Al Qahwa" },
    });
    const used = await gql(app.base, `{ apiKeys { keys { id lastUsedAt } } }`, {}, holder.token);
    const lastUsedAt = used.data.apiKeys.keys[0].lastUsedAt;
    expect(Date.now() - Date.parse(lastUsedAt)).toBeLessThan(10_000);
    // written at most once a minute
    await gql(app.base, ME, {}, created.key);
    expect(
      (await gql(app.base, `{ apiKeys { keys { lastUsedAt } } }`, {}, holder.token)).data.apiKeys.keys[0].lastUsedAt,
    ).toBe(lastUsedAt);

    // no admin fields for a key
    const admin = await gql(app.base, `{ clients(first: 1) { totalCount } }`, {}, created.key);
    expect(admin.errors?.[0].extensions.code).toBe("FORBIDDEN");

    const revoked = await call(app.base, "DELETE", `/api/api-keys/${created.apiKey.id}`, { token: holder.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    const after = await gql(app.base, ME, {}, created.key);
    expect(after.data).toBeNull();
    expect(after.errors?.[0].extensions).toMatchObject({ code: "UNAUTHENTICATED", reason: "UNAUTHENTICATED" });
    // a made-up key of the right shape is refused the same way
    const fake = await gql(app.base, ME, {}, `${API_KEY_PREFIX}${"A".repeat(32)}`);
    expect(fake.errors?.[0].extensions.reason).toBe("UNAUTHENTICATED");

    const audit = await app.sufra.deps.pool.query<{ action: string }>(
      "select action from audit_log where entity_id = $1 and action like 'api_key.%' order by created_at",
      [holder.businessId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(["api_key.created", "api_key.revoked"]);
  });

  test("a key never reaches REST (auth, admin, keys, team)", async () => {
    const holder = await business();
    const { key } = await createKey(holder.token);
    for (const path of ["/api/auth/me", "/api/admin/clients", "/api/admin/stats", "/api/api-keys", "/api/team"]) {
      const r = await call(app.base, "GET", path, { token: key });
      expect([path, r.status]).toEqual([path, 401]);
    }
    expect((await call(app.base, "POST", "/api/api-keys", { token: key, body: { name: "More" } })).status).toBe(401);
  });

  test("a key cannot manage keys or the team: those need a person's session", async () => {
    const holder = await business();
    const { key, apiKey } = await createKey(holder.token);
    for (const op of [
      CREATE,
      `mutation { revokeApiKey(id: "${apiKey.id}") { id } }`,
      `{ apiKeys { premium } }`,
      `{ team { premium } }`,
      `mutation { inviteTeamMember(email: "x@example.kw", role: CLIENT) { id } }`,
    ]) {
      const r = await gql(app.base, op, { name: "Sneaky" }, key);
      expect([op, r.errors?.[0].extensions.reason]).toEqual([op, "PERSONAL_SESSION_REQUIRED"]);
    }
    const { rows } = await app.sufra.deps.pool.query(
      "select count(*)::int as n from api_keys where business_id = $1 and revoked_at is null",
      [holder.businessId],
    );
    expect(rows[0].n).toBe(1);
  });

  test("a key cannot log out, change the password or edit the profile: refused, never a server error", async () => {
    const holder = await business();
    const { key } = await createKey(holder.token);
    for (const op of [
      "mutation { logout }",
      `mutation { changePassword(currentPassword: "${holder.password}", newPassword: "Another#2026") }`,
      `mutation { updateProfile(input: { name: "Key" }) { name } }`,
    ]) {
      const r = await gql(app.base, op, {}, key);
      expect([op, r.errors?.[0].extensions.code]).toEqual([op, "FORBIDDEN"]);
    }
    expect(
      (await call(app.base, "POST", "/api/auth/login", { body: { email: holder.email, password: holder.password } }))
        .status,
    ).toBe(200);
  });
});

describe("Premium and account state", () => {
  test("a plan downgrade: API_ACCESS_REQUIRES_PREMIUM; an ended subscription: SUBSCRIPTION_ENDED; a suspended business: ACCOUNT_SUSPENDED", async () => {
    const holder = await business();
    const { key } = await createKey(holder.token);
    const pool = app.sufra.deps.pool;

    await pool.query("update subscriptions set plan = 'professional' where business_id = $1", [holder.businessId]);
    const down = await gql(app.base, ME, {}, key);
    expect(down.errors?.[0]).toMatchObject({
      message: "API access is part of the Premium plan",
      extensions: { code: "FORBIDDEN", reason: "API_ACCESS_REQUIRES_PREMIUM" },
    });
    const ar = await gql(app.base, ME, {}, key, "ar");
    expect(ar.errors?.[0].message).toBe("الوصول إلى واجهة البرمجة جزء من الباقة المميزة");
    // the list stays readable, and says why; creating is refused
    const list = await gql(app.base, `{ apiKeys { premium canManage keys { id } } }`, {}, holder.token);
    expect(list.data.apiKeys).toMatchObject({ premium: false, canManage: true, keys: [expect.any(Object)] });
    const more = await gql(app.base, CREATE, { name: "More" }, holder.token);
    expect(more.errors?.[0].extensions.reason).toBe("API_ACCESS_REQUIRES_PREMIUM");

    // a Premium subscription that stopped keeps its keys, refused as the subscription's end (docs/product.md#subscriptions-and-billing)
    await pool.query("update subscriptions set plan = 'premium', status = 'expired' where business_id = $1", [
      holder.businessId,
    ]);
    expect((await gql(app.base, ME, {}, key)).errors?.[0].extensions.reason).toBe("SUBSCRIPTION_ENDED");
    await pool.query("update subscriptions set status = 'active' where business_id = $1", [holder.businessId]);
    expect((await gql(app.base, ME, {}, key)).data.me.email).toBe(holder.email);

    const suspended = await call(app.base, "POST", `/api/admin/clients/${holder.businessId}/suspend`, {
      token: await adminToken(app.base),
    });
    expect(suspended.status).toBe(200);
    expect((await gql(app.base, ME, {}, key)).errors?.[0].extensions.reason).toBe("ACCOUNT_SUSPENDED");
  });

  test("not on Premium: no keys; only managers create or revoke", async () => {
    const basic = await business({ requested_plan: "basic" });
    const r = await call(app.base, "POST", "/api/api-keys", { token: basic.token, body: { name: "Website" } });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ code: "API_ACCESS_REQUIRES_PREMIUM", message: "API access is part of the Premium plan" });

    const holder = await business();
    const { apiKey } = await createKey(holder.token);
    const member = await joinedMember(app.base, mailbox, holder.token, "client");
    const create = await call(app.base, "POST", "/api/api-keys", {
      token: member.access_token,
      body: { name: "Mine" },
    });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe("FORBIDDEN");
    expect((await call(app.base, "DELETE", `/api/api-keys/${apiKey.id}`, { token: member.access_token })).status).toBe(
      403,
    );
    const look = await call(app.base, "GET", "/api/api-keys", { token: member.access_token });
    expect(look.body).toMatchObject({
      premium: true,
      can_manage: false,
      api_keys: [expect.objectContaining({ id: apiKey.id })],
    });
    const noName = await call(app.base, "POST", "/api/api-keys", { token: holder.token, body: { name: "   " } });
    expect(noName.status).toBe(400);
    expect(noName.body.details).toEqual({ name: ["Name is required"] });
  });

  test("removing the person who created a key revokes it", async () => {
    const holder = await business();
    const owner = await joinedMember(app.base, mailbox, holder.token, "owner");
    const { key } = await createKey(owner.access_token);
    expect((await gql(app.base, ME, {}, key)).data.me.email).toBe(owner.email);
    expect((await call(app.base, "DELETE", `/api/team/members/${owner.userId}`, { token: holder.token })).status).toBe(
      200,
    );
    expect((await gql(app.base, ME, {}, key)).errors?.[0].extensions.reason).toBe("UNAUTHENTICATED");
  });
});

describe("limits and tenancy", () => {
  test("each key has its own budget of requests; over it: RATE_LIMITED", async () => {
    const original = app.sufra.services.apiKeys;
    // the same service with a budget of 3 requests a minute
    app.sufra.services.apiKeys = createApiKeysService(app.sufra.deps, {
      rateLimit: { points: 3, durationSeconds: 60 },
    });
    try {
      const holder = await business();
      const a = await createKey(holder.token, "A");
      const b = await createKey(holder.token, "B");
      for (let i = 0; i < 3; i++) expect((await gql(app.base, ME, {}, a.key)).data?.me.email).toBe(holder.email);
      const over = await gql(app.base, ME, {}, a.key);
      expect(over.errors?.[0]).toMatchObject({
        message: "Too many requests. Please try again later",
        extensions: { code: "RATE_LIMITED", reason: "RATE_LIMITED" },
      });
      // another key of the same business counts apart
      expect((await gql(app.base, ME, {}, b.key)).data?.me.email).toBe(holder.email);
      const { rows } = await app.sufra.deps.pool.query<{ key: string }>(
        "select key from rate_limits where key like 'apikey:%'",
      );
      expect(rows.map((r) => r.key)).toEqual(
        expect.arrayContaining([`apikey:${a.apiKey.id}`, `apikey:${b.apiKey.id}`]),
      );
    } finally {
      app.sufra.services.apiKeys = original;
    }
  });

  test("tenancy: A's manager cannot revoke or see B's keys; A's key sees only A", async () => {
    const a = await business({ company_name: "A Café" });
    const b = await business({ company_name: "B Café" });
    const bKey = await createKey(b.token);
    const r = await call(app.base, "DELETE", `/api/api-keys/${bKey.apiKey.id}`, { token: a.token });
    expect(r.status).toBe(404);
    const g = await gql(
      app.base,
      `mutation($id: ID!) { revokeApiKey(id: $id) { id } }`,
      { id: bKey.apiKey.id },
      a.token,
    );
    expect(g.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await call(app.base, "GET", "/api/api-keys", { token: a.token })).body.api_keys).toEqual([]);
    expect((await gql(app.base, ME, {}, bKey.key)).data.me.business.companyName).toBe("B Café");
    const aKey = await createKey(a.token);
    expect((await gql(app.base, ME, {}, aKey.key)).data.me.business.companyName).toBe("A Café");
  });
});
