// A session ends when it is ended: after sign-out, a password change (the other sessions), a reset (all
// sessions), a suspension or a removal, its access token is refused at once on REST, GraphQL and an open
// WebSocket (in whichever process holds it), and checking that costs no extra SQL per request.
import { randomUUID } from "node:crypto";
import { describe, expect, test } from "@jest/globals";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { adminToken, call, gql, registeredClient } from "./support/app.ts";
import { twoProcessesForFile } from "./support/per-file.ts";
import { tokenFrom } from "./support/mailbox.ts";
import { statementsOf } from "./support/sql-count.ts";

const { a: app, second, mailbox, sockets: clients } = twoProcessesForFile({ mailed: true, countSql: true });

const login = async (c: { email: string; password: string }, base = app.base) => {
  const r = await call(base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  expect(r.status).toBe(200);
  return r.body as { access_token: string; refresh_token: string };
};

/** An open graphql-ws connection; `closed` resolves with its close code. */
async function socket(base: string, token: string) {
  let onClosed: (code: number) => void = () => {};
  const closed = new Promise<number>((r) => (onClosed = r));
  const connected = new Promise<void>((resolve) => {
    const c = createClient({
      url: base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
      lazy: false,
      retryAttempts: 0,
      onNonLazyError: () => {}, // the close is what the tests await
      on: { connected: () => resolve(), closed: (e) => onClosed((e as { code: number }).code) },
    });
    clients.push(c);
  });
  await connected;
  return { closed };
}

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<"still open">((r) => setTimeout(() => r("still open"), ms).unref())]);

/** The token is refused at once over REST and GraphQL, and a new socket with it is refused too. */
async function refusedEverywhere(token: string) {
  const rest = await call(app.base, "GET", "/api/auth/me", { token });
  expect(rest.status).toBe(401);
  expect(rest.body.code).toBe("SESSION_EXPIRED");
  const g = await gql(app.base, "{ me { id } }", {}, token);
  expect(g.errors?.[0].extensions.reason).toBe("SESSION_EXPIRED");
  // the other process refuses it as well (what it kept of the caller was dropped when the session ended)
  expect((await call(second.base, "GET", "/api/auth/me", { token })).status).toBe(401);
  const late = createClient({
    url: app.base.replace("http", "ws") + "/graphql",
    webSocketImpl: WebSocket,
    connectionParams: { token },
    lazy: false,
    retryAttempts: 0,
    onNonLazyError: () => {},
  });
  clients.push(late);
  expect(await new Promise<number>((r) => late.on("closed", (e) => r((e as { code: number }).code)))).toBe(4403);
}

async function works(token: string) {
  expect((await call(app.base, "GET", "/api/auth/me", { token })).status).toBe(200);
  expect((await gql(app.base, "{ me { id } }", {}, token)).data?.me.id).toEqual(expect.any(String));
}

describe("ended sessions", () => {
  test("signing out refuses the access token at once, and closes its sockets in this and another process", async () => {
    const c = await registeredClient(app.base);
    const s = await login(c);
    await works(s.access_token);
    const here = await socket(app.base, s.access_token);
    const there = await socket(second.base, s.access_token);
    expect(
      (await call(app.base, "POST", "/api/auth/logout", { body: { refresh_token: s.refresh_token } })).status,
    ).toBe(200);
    await refusedEverywhere(s.access_token);
    expect(await within(here.closed, 5_000)).toBe(4403);
    expect(await within(there.closed, 5_000)).toBe(4403);
  });

  test("signing out by access token alone (GraphQL, no refresh token) ends that session", async () => {
    const c = await registeredClient(app.base);
    const s = await login(c);
    const other = await login(c);
    const open = await socket(second.base, s.access_token);
    expect((await gql(app.base, "mutation { logout }", {}, s.access_token)).data?.logout).toBe(true);
    await refusedEverywhere(s.access_token);
    expect(await within(open.closed, 5_000)).toBe(4403);
    await works(other.access_token);
  });

  test("a password change ends the other sessions at once and keeps this one", async () => {
    const c = await registeredClient(app.base);
    const mine = await login(c);
    const other = await login(c);
    const mineOpen = await socket(app.base, mine.access_token);
    const otherOpen = await socket(second.base, other.access_token);
    const r = await call(second.base, "POST", "/api/auth/change-password", {
      token: mine.access_token,
      body: { current_password: c.password, new_password: "Zaatar#2026" },
    });
    expect(r.status).toBe(200);
    await refusedEverywhere(other.access_token);
    expect(await within(otherOpen.closed, 5_000)).toBe(4403);
    await works(mine.access_token);
    expect(await within(mineOpen.closed, 500)).toBe("still open");
  });

  test("a password reset ends every session at once", async () => {
    const c = await registeredClient(app.base);
    const a = await login(c);
    const b = await login(c, second.base);
    const open = await socket(second.base, b.access_token);
    expect((await call(app.base, "POST", "/api/auth/forgot-password", { body: { email: c.email } })).status).toBe(200);
    const token = tokenFrom(await mailbox.waitFor(c.email, /reset-password/), "/reset-password");
    expect(
      (await call(app.base, "POST", "/api/auth/reset-password", { body: { token, new_password: "Cardamom#77" } }))
        .status,
    ).toBe(200);
    await refusedEverywhere(a.access_token);
    await refusedEverywhere(b.access_token);
    expect(await within(open.closed, 5_000)).toBe(4403);
  });

  test("a suspension still ends the business's sessions: 403 'suspended' on REST, and its sockets close", async () => {
    const c = await registeredClient(app.base);
    const s = await login(c);
    const open = await socket(second.base, s.access_token);
    expect(
      (
        await call(app.base, "POST", `/api/admin/clients/${c.businessId}/suspend`, {
          token: await adminToken(app.base),
        })
      ).status,
    ).toBe(200);
    const me = await call(app.base, "GET", "/api/auth/me", { token: s.access_token });
    expect(me.status).toBe(403);
    expect(me.body.code).toBe("ACCOUNT_SUSPENDED");
    expect(await within(open.closed, 5_000)).toBe(4403);
  });

  test("checking the session adds no SQL statement to an authenticated request", async () => {
    const c = await registeredClient(app.base);
    const s = await login(c);
    const count = async (path: string) => {
      const id = randomUUID();
      expect(
        (await call(app.base, "GET", path, { token: s.access_token, headers: { "x-count-sql": id } })).status,
      ).toBe(200);
      return statementsOf(id);
    };
    const countGraphQL = async () => {
      const id = randomUUID();
      const r = await call(app.base, "POST", "/graphql", {
        token: s.access_token,
        body: { query: "{ me { id } }" },
        headers: { "x-count-sql": id },
      });
      expect(r.body.data.me.id).toEqual(expect.any(String));
      return statementsOf(id);
    };
    // a new token: the person, the business's status and the session in one statement, and `me` shows that person
    const first = await count("/api/auth/me");
    expect(first.length).toBe(1);
    expect(first[0]).toContain("refresh_tokens");
    // then the checked caller is kept for the token (docs/architecture.md#how-a-request-flows)
    const rest = await count("/api/auth/me");
    const graphql = await countGraphQL();
    expect(rest.length).toBeLessThanOrEqual(1);
    expect(graphql.length).toBeLessThanOrEqual(1);
    expect([...first, ...rest, ...graphql].some((q) => q.includes("password_hash"))).toBe(false);
  });
});
