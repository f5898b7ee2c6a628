// The error catalogue (docs/product.md#errors-and-messages) at the REST door and extensions.code at the GraphQL door; bad input is a 400.
import { describe, expect, test } from "@jest/globals";
import { adminToken, call, gql } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();

describe("REST errors", () => {
  test("an unknown /api path is 404 in the catalogue's words, for any method", async () => {
    for (const method of ["GET", "POST", "DELETE"]) {
      const r = await call(app.base, method, "/api/no/such/thing");
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ message: "The requested resource was not found", code: "NOT_FOUND" });
    }
  });

  test("malformed JSON is 400, never 500", async () => {
    const r = await call(app.base, "POST", "/api/auth/login", { raw: '{"email": "a@b.kw", ' });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("MALFORMED_REQUEST");
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts|stack/i);
  });

  test("an oversized body is 400", async () => {
    const r = await call(app.base, "POST", "/api/auth/register", {
      raw: JSON.stringify({ email: "x".repeat(2_000_000) }),
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("PAYLOAD_TOO_LARGE");
  });

  test("wrong types and odd bodies are 400s", async () => {
    expect(
      (await call(app.base, "POST", "/api/auth/login", { body: { email: ["a"], password: { x: 1 } } })).status,
    ).toBe(400);
    expect((await call(app.base, "POST", "/api/auth/login", { raw: "[1,2,3]" })).status).toBe(400);
    expect((await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token: 12 } })).status).toBe(400);
    expect((await call(app.base, "POST", "/api/auth/verify-email", { body: {} })).status).toBe(400);
  });

  test("401 without or with a broken token; 403 for the wrong role", async () => {
    expect((await call(app.base, "GET", "/api/auth/me")).body).toEqual({
      message: "Please login to continue",
      code: "UNAUTHENTICATED",
    });
    expect((await call(app.base, "GET", "/api/auth/me", { token: "not.a.jwt" })).status).toBe(401);
    const admin = await adminToken(app.base);
    expect(
      (await call(app.base, "PUT", "/api/auth/profile", { token: admin, body: { company_name: "Nope" } })).status,
    ).toBe(403);
  });

  test("paths outside /api and /graphql get the web client", async () => {
    const page = await fetch(`${app.base}/admin/clients`);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(await page.text()).toMatch(/Sufra/);
  });
});

describe("GraphQL errors", () => {
  test("a syntax error and an unknown field explain the query, not the server", async () => {
    const syntax = await gql(app.base, "{ me { ");
    expect(syntax.errors?.[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
    const unknown = await gql(app.base, "{ nothingHere }");
    expect(unknown.errors?.[0].extensions.code).toBe("GRAPHQL_VALIDATION_FAILED");
  });

  test("NOT_FOUND and BAD_USER_INPUT carry the catalogue's reason", async () => {
    const admin = await adminToken(app.base);
    const missing = await gql(app.base, `{ client(id: "00000000-0000-4000-8000-000000000000") { id } }`, {}, admin);
    expect(missing.errors?.[0]).toMatchObject({
      message: "The requested resource was not found",
      extensions: { code: "NOT_FOUND", reason: "NOT_FOUND" },
    });
    const days = await gql(
      app.base,
      `mutation { giftTrialDays(id: "00000000-0000-4000-8000-000000000000", days: 900) { id } }`,
      {},
      admin,
    );
    expect(days.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { days: ["Trial days must be a whole number from 1 to 90"] },
    });
  });

  test("an expired or forged token says so, so the client knows to refresh", async () => {
    const r = await gql(app.base, "{ me { id } }", {}, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl");
    expect(r.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  test("a query too deep or too wide for the complexity limits is refused", async () => {
    const admin = await adminToken(app.base);
    const r = await gql(
      app.base,
      `{ clients(first: 100) { edges { node { users: subscription { plan } email } } } }`,
      {},
      admin,
    );
    expect(r.errors).toBeUndefined();
    const huge = await gql(
      app.base,
      `{ clients(first: 100000) { edges { node { id companyName email subscription { plan status } } } } }`,
      {},
      admin,
    );
    expect(huge.errors?.[0]).toMatchObject({
      message: expect.stringMatching(/exceeds maximum complexity/),
      extensions: { code: "BAD_USER_INPUT" },
    });
    const deep = await gql(
      app.base,
      `{ me { business { users: subscription { plan } } } ${"a: health { status } ".repeat(120)} }`,
      {},
      admin,
    );
    // 120 aliases: refused by the document limits before execution (graphql/limits.ts)
    expect(deep.errors?.[0].extensions).toEqual({ code: "GRAPHQL_VALIDATION_FAILED", reason: "QUERY_TOO_COMPLEX" });
  });
});
