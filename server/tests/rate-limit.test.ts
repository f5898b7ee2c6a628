// Attempt limits per IP and per e-mail on login, register and forgot-password, shared by both doors;
// a stranger cannot lock an owner out, and X-Forwarded-For counts only from configured proxies.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { ConfigError, loadConfig } from "../src/config.ts";
import { slowdownMs, SLOWDOWN_MAX_MS } from "../src/http/rate-limits.ts";
import { call, gql, registeredClient, signUp, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ RATE_LIMIT_PER_EMAIL: "3", RATE_LIMIT_PER_IP: "8" });
});
afterAll(async () => app?.stop());

const TOO_MANY = { message: "Too many requests. Please try again later", code: "RATE_LIMITED" };

describe("rate limits", () => {
  test("a fourth login for one e-mail is 429, over REST and GraphQL alike", async () => {
    const body = { email: "victim@example.kw", password: "Guess#12345" };
    for (let i = 0; i < 2; i++) expect((await call(app.base, "POST", "/api/auth/login", { body })).status).toBe(401);
    const third = await gql(
      app.base,
      `mutation { login(email: "victim@example.kw", password: "Guess#12345") { accessToken } }`,
    );
    expect(third.errors?.[0].extensions.reason).toBe("INVALID_CREDENTIALS");
    const fourth = await call(app.base, "POST", "/api/auth/login", { body });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual(TOO_MANY);
    const viaGraphQL = await gql(
      app.base,
      `mutation { login(email: "victim@example.kw", password: "Guess#12345") { accessToken } }`,
    );
    expect(viaGraphQL.errors?.[0].extensions.code).toBe("RATE_LIMITED");
    const ar = await call(app.base, "POST", "/api/auth/login", { body, lang: "ar" });
    expect(ar.body.message).toBe("طلبات كثيرة جدًا. يرجى المحاولة لاحقًا");
  });

  test("one IP is limited across different addresses, for register and forgot-password", async () => {
    let last = 0;
    for (let i = 0; i < 9; i++) last = (await call(app.base, "POST", "/api/auth/register", { body: signUp() })).status;
    expect(last).toBe(429);
    let forgot = 0;
    for (let i = 0; i < 9; i++)
      forgot = (await call(app.base, "POST", "/api/auth/forgot-password", { body: { email: `x${i}@example.kw` } }))
        .status;
    expect(forgot).toBe(429);
  });

  test("the counters live in Postgres, where every API process shares them", async () => {
    const { rows } = await app.sufra.deps.pool.query<{ key: string; points: number }>(
      "select key, points from rate_limits where key like 'email:login:%'",
    );
    expect(rows).toContainEqual({ key: "email:login:victim@example.kw", points: expect.any(Number) });
  });
});

describe("client addresses and strangers", () => {
  const login = (a: TestApp, email: string, password: string, from?: string) =>
    call(a.base, "POST", "/api/auth/login", {
      body: { email, password },
      headers: from ? { "x-forwarded-for": from } : {},
    });

  test("with TRUST_PROXY unset, X-Forwarded-For does not change the counted address", async () => {
    const plain = await startTestApp({ RATE_LIMIT_PER_IP: "3", RATE_LIMIT_PER_EMAIL: "3" });
    try {
      expect(plain.sufra.deps.config.trustProxy).toBe(false);
      const statuses = [];
      for (let i = 0; i < 4; i++)
        statuses.push((await login(plain, `p${i}@example.kw`, "Guess#12345", `198.51.100.${i + 1}`)).status);
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await plain.stop();
    }
  });

  test("with TRUST_PROXY=loopback, the client named by X-Forwarded-For is counted; a stranger's 50 wrong passwords do not stop the owner", async () => {
    const proxied = await startTestApp({
      TRUST_PROXY: "loopback",
      RATE_LIMIT_PER_IP: "60",
      RATE_LIMIT_PER_EMAIL: "10",
    });
    try {
      // each forwarded client has its own per-IP budget
      const owner = await registeredClient(proxied.base);
      for (let i = 0; i < 50; i++) {
        const r = await login(proxied, owner.email, "Wrong#Guess1", "203.0.113.66");
        // from the stranger's address the e-mail's budget runs out; the stranger alone is refused
        expect(r.status).toBe(i < 10 ? 401 : 429);
      }
      const started = Date.now();
      const mine = await login(proxied, owner.email, owner.password, "198.51.100.7");
      expect(mine.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(SLOWDOWN_MAX_MS + 5_000);
      // the stranger is still refused; another address of the stranger gets slowed, not refused
      expect((await login(proxied, owner.email, "Wrong#Guess1", "203.0.113.66")).status).toBe(429);
      expect((await login(proxied, owner.email, "Wrong#Guess1", "203.0.113.67")).status).toBe(401);
      const keys = await proxied.sufra.deps.pool.query<{ key: string }>(
        "select key from rate_limits where key like $1 order by key",
        [`email-ip:login:${owner.email}:%`],
      );
      expect(keys.rows.map((r) => r.key)).toEqual([
        `email-ip:login:${owner.email}:203.0.113.66`,
        `email-ip:login:${owner.email}:203.0.113.67`,
      ]);
    } finally {
      await proxied.stop();
    }
  }, 60_000);

  test("attempts past the per-e-mail limit from everywhere wait longer each time, up to a cap, and are never refused for it", () => {
    expect([9, 10, 11, 12, 13, 14, 15, 1_000].map((n) => slowdownMs(n, 10))).toEqual([
      0, 250, 500, 1000, 2000, 4000, 4000, 4000,
    ]);
  });

  test("TRUST_PROXY takes addresses, CIDR ranges and Express's names; anything else stops start-up", () => {
    const env = (v: string) => ({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-config-")), TRUST_PROXY: v });
    expect(
      loadConfig(env("loopback, 10.0.0.0/8, 192.168.0.0/255.255.0.0, 2001:db8::/32, 172.18.0.2")).trustProxy,
    ).toEqual(["loopback", "10.0.0.0/8", "192.168.0.0/255.255.0.0", "2001:db8::/32", "172.18.0.2"]);
    expect(loadConfig(env("none")).trustProxy).toBe(false);
    for (const bad of ["everyone", "10.0.0.0/33", "true", "proxy.example.com"]) {
      expect(() => loadConfig(env(bad))).toThrow(ConfigError);
      expect(() => loadConfig(env(bad))).toThrow(/TRUST_PROXY: not an address/);
    }
  });
});
