// Attempt limits per IP and per e-mail on login, register and forgot-password, shared by both doors.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, gql, signUp, startTestApp, type TestApp } from "./support/app.ts";

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
    const third = await gql(app.base, `mutation { login(email: "victim@example.kw", password: "Guess#12345") { accessToken } }`);
    expect(third.errors?.[0].extensions.reason).toBe("INVALID_CREDENTIALS");
    const fourth = await call(app.base, "POST", "/api/auth/login", { body });
    expect(fourth.status).toBe(429);
    expect(fourth.body).toEqual(TOO_MANY);
    const viaGraphQL = await gql(app.base, `mutation { login(email: "victim@example.kw", password: "Guess#12345") { accessToken } }`);
    expect(viaGraphQL.errors?.[0].extensions.code).toBe("RATE_LIMITED");
    const ar = await call(app.base, "POST", "/api/auth/login", { body, lang: "ar" });
    expect(ar.body.message).toBe("طلبات كثيرة جدًا. يرجى المحاولة لاحقًا");
  });

  test("one IP is limited across different addresses, for register and forgot-password", async () => {
    let last = 0;
    for (let i = 0; i < 9; i++) last = (await call(app.base, "POST", "/api/auth/register", { body: signUp() })).status;
    expect(last).toBe(429);
    let forgot = 0;
    for (let i = 0; i < 9; i++) forgot = (await call(app.base, "POST", "/api/auth/forgot-password", { body: { email: `x${i}@example.kw` } })).status;
    expect(forgot).toBe(429);
  });

  test("the counters live in Postgres, where every API process shares them", async () => {
    const { rows } = await app.sufra.deps.pool.query<{ key: string; points: number }>("select key, points from rate_limits where key like 'email:login:%'");
    expect(rows).toContainEqual({ key: "email:login:victim@example.kw", points: expect.any(Number) });
  });
});
