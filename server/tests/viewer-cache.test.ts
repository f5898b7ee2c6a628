// The checked caller is kept per access token (docs/architecture.md#how-a-request-flows): `me` costs no
// SQL statement on a warm token at either door, and what a process keeps is dropped at once, in this
// process and in another one, when the session ends, the business is suspended, the person is removed or
// what it holds of them (role, name) changes.
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "@jest/globals";
import { adminToken, call, gql, registeredClient } from "./support/app.ts";
import { twoProcessesForFile } from "./support/per-file.ts";
import { statementsOf } from "./support/sql-count.ts";
import { joinedMember, login } from "./support/team.ts";
import { publishIn } from "../src/kernel/pubsub.ts";

const { a: app, second, mailbox } = twoProcessesForFile({ mailed: true, countSql: true });

const ME = "{ me { id name email role locale emailVerified businessId createdAt } }";

/** The statements this process sent for one request (its answer checked). */
async function statements(token: string, method: string, path: string, body?: unknown) {
  const id = randomUUID();
  const r = await call(app.base, method, path, { token, body, headers: { "x-count-sql": id } });
  expect(r.status).toBe(200);
  expect(r.body.errors).toBeUndefined();
  return statementsOf(id);
}

/** An approved Premium business's account holder, signed in, and the same token already checked by both processes. */
async function warmHolder() {
  const c = await registeredClient(app.base);
  const s = await login(app.base, c.email, c.password);
  await warm(s.access_token);
  return { ...c, token: s.access_token, refresh: s.refresh_token };
}

async function warm(token: string) {
  for (const base of [app.base, second.base]) {
    expect((await call(base, "GET", "/api/auth/me", { token })).status).toBe(200);
    expect((await gql(base, ME, {}, token)).data?.me.id).toEqual(expect.any(String));
  }
}

/** Refused at once, with `code`, at both doors of `base`. */
async function refusedAt(base: string, token: string, code: string, status: number) {
  const rest = await call(base, "GET", "/api/auth/me", { token });
  expect({ status: rest.status, code: rest.body.code }).toEqual({ status, code });
  const g = await gql(base, ME, {}, token);
  expect(g.errors?.[0].extensions.reason).toBe(code);
}

describe("statements per me", () => {
  test("a warm token's me costs no statement at either door, and no statement reads the password hash", async () => {
    const c = await registeredClient(app.base);
    const { access_token: token } = await login(app.base, c.email, c.password);
    const first = await statements(token, "GET", "/api/auth/me");
    const rest = await statements(token, "GET", "/api/auth/me");
    const graphql = await statements(token, "POST", "/graphql", { query: ME });
    // the business and its plan, as the dashboard asks: read for the fields, the caller still kept
    const withBusiness = await statements(token, "POST", "/graphql", {
      query: "{ me { id name business { id companyName status subscription { plan status trialEndsAt } } } }",
    });
    // before: 5 statements for each me (the person and the business twice, then the subscription)
    expect(first.length).toBe(1);
    expect(rest.length).toBe(0);
    expect(graphql.length).toBe(0);
    expect(withBusiness.length).toBeLessThanOrEqual(3);
    expect([...first, ...rest, ...graphql, ...withBusiness].filter((q) => q.includes("password_hash"))).toEqual([]);
  });

  test("an API key's me: the key in one statement, its budget, the person", async () => {
    const holder = await warmHolder();
    const created = await gql(app.base, `mutation { createApiKey(name: "Till") { key } }`, {}, holder.token);
    const key = created.data.createApiKey.key as string;
    await statements(key, "POST", "/graphql", { query: "{ me { id email } }" }); // its first use is noted on the key
    const q = await statements(key, "POST", "/graphql", { query: "{ me { id email } }" });
    // before: 8 (the key, its business and subscription, its creator, the budget, then me's three)
    expect(q.length).toBeLessThanOrEqual(3);
    expect(q.filter((s) => s.includes("password_hash"))).toEqual([]);
  });
});

describe("a kept caller is dropped at once, in this process and another", () => {
  test("signing out (in either process)", async () => {
    const a = await warmHolder();
    expect((await call(app.base, "POST", "/api/auth/logout", { body: { refresh_token: a.refresh } })).status).toBe(200);
    await refusedAt(second.base, a.token, "SESSION_EXPIRED", 401);
    await refusedAt(app.base, a.token, "SESSION_EXPIRED", 401);

    // the process that ended the session refuses it on the very next request too
    const b = await warmHolder();
    expect((await gql(second.base, "mutation { logout }", {}, b.token)).data?.logout).toBe(true);
    await refusedAt(second.base, b.token, "SESSION_EXPIRED", 401);
    await refusedAt(app.base, b.token, "SESSION_EXPIRED", 401);
  });

  test("suspending the business", async () => {
    const h = await warmHolder();
    expect(
      (
        await call(app.base, "POST", `/api/admin/clients/${h.businessId}/suspend`, {
          token: await adminToken(app.base),
        })
      ).status,
    ).toBe(200);
    await refusedAt(second.base, h.token, "ACCOUNT_SUSPENDED", 403);
    await refusedAt(app.base, h.token, "ACCOUNT_SUSPENDED", 403);
  });

  test("removing a member", async () => {
    const h = await warmHolder();
    const member = await joinedMember(app.base, mailbox, h.token, "client");
    await warm(member.access_token);
    expect((await call(app.base, "DELETE", `/api/team/members/${member.userId}`, { token: h.token })).status).toBe(200);
    await refusedAt(second.base, member.access_token, "SESSION_EXPIRED", 401);
    await refusedAt(app.base, member.access_token, "SESSION_EXPIRED", 401);
  });

  test("a change to the person: their role, their name", async () => {
    const h = await warmHolder();
    const member = await joinedMember(app.base, mailbox, h.token, "owner");
    await warm(member.access_token);
    const team = async (base: string) =>
      (await gql(base, "{ me { role } team { canManage } }", {}, member.access_token)).data;
    expect(await team(second.base)).toEqual({ me: { role: "OWNER" }, team: { canManage: true } });

    // no screen changes a role yet: done as one must be, with its event in the same transaction
    await app.sufra.deps.db.$transaction(async (tx) => {
      await tx.membership.updateMany({ where: { userId: member.userId }, data: { role: "client" } });
      await publishIn(tx, "person.changed", { userId: member.userId });
    });
    expect(await team(second.base)).toEqual({ me: { role: "CLIENT" }, team: { canManage: false } });
    expect(await team(app.base)).toEqual({ me: { role: "CLIENT" }, team: { canManage: false } });

    // the profile, changed in one process, shows in the other at once
    expect(
      (await call(app.base, "PUT", "/api/auth/profile", { token: member.access_token, body: { name: "Hessa Al-Ali" } }))
        .status,
    ).toBe(200);
    expect((await call(second.base, "GET", "/api/auth/me", { token: member.access_token })).body.name).toBe(
      "Hessa Al-Ali",
    );
    expect((await gql(app.base, "{ me { name } }", {}, member.access_token)).data.me.name).toBe("Hessa Al-Ali");
  });
});
