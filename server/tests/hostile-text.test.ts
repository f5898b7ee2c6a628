// Control characters in any text are a 400 naming the field (Postgres refuses a NUL byte: it was a 500),
// at both doors, in the person's language; a raw value that reaches Postgres some other way is a 400 too.
// While the database is down, both doors answer 503 in the catalogue's words.
import { describe, expect, test } from "@jest/globals";
import pg from "pg";
import { adminToken, call, gql, signedInBusiness, startTestApp } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const NUL = "\u0000";
const app = appForFile();

describe("control characters", () => {
  test("login, register and forgot-password: 400 naming the field, in English and Arabic", async () => {
    const login = await call(app.base, "POST", "/api/auth/login", { body: { email: `a${NUL}@b.kw`, password: "Saffron#2026" } });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ code: "VALIDATION_ERROR", message: "Validation failed: email: Contains characters that are not allowed (control characters)", details: { email: ["Contains characters that are not allowed (control characters)"] } });

    const register = await call(app.base, "POST", "/api/auth/register", {
      lang: "ar",
      body: { email: "nul@example.kw", password: "Saffron#2026", company_name: `Dar${NUL}`, contact_name: "Noura", phone: "+96555551234" },
    });
    expect(register.status).toBe(400);
    expect(register.body.details).toEqual({ company_name: ["يحتوي على رموز غير مسموح بها (رموز تحكم)"] });

    const forgot = await call(app.base, "POST", "/api/auth/forgot-password", { body: { email: `a@b.kw${NUL}` } });
    expect(forgot.status).toBe(400);
    expect(forgot.body.details).toEqual({ email: ["Contains characters that are not allowed (control characters)"] });
  });

  test("profile, menu, API-key name and campaign, at both doors", async () => {
    const c = await signedInBusiness(app.base);
    const profile = await call(app.base, "PUT", "/api/auth/profile", { token: c.token, body: { company_name: `Dar${NUL}` } });
    expect(profile.status).toBe(400);
    expect(Object.keys(profile.body.details)).toEqual(["company_name"]);
    const menu = await call(app.base, "POST", "/api/business-profile/menu", { token: c.token, body: { name: `Latte${NUL}` } });
    expect(menu.status).toBe(400);
    expect(Object.keys(menu.body.details)).toEqual(["name"]);
    const key = await call(app.base, "POST", "/api/api-keys", { token: c.token, body: { name: `Till${NUL}` } });
    expect(key.status).toBe(400);
    const campaign = await call(app.base, "POST", "/api/campaigns", { token: c.token, body: { name: `Eid${NUL}`, goal: "awareness", start_date: "2026-03-01", end_date: "2026-03-05" } });
    expect(campaign.status).toBe(400);
    expect(Object.keys(campaign.body.details)).toContain("name");

    const g = await gql(app.base, "mutation($n: String!) { updateProfile(input: { name: $n }) { id } }", { n: `Noura${NUL}` }, c.token, "ar");
    expect(g.errors?.[0].extensions).toEqual({ code: "BAD_USER_INPUT", reason: "VALIDATION_ERROR", details: { name: ["يحتوي على رموز غير مسموح بها (رموز تحكم)"] } });
    const gl = await gql(app.base, "mutation($e: String!) { login(email: $e, password: \"Saffron#2026\") { accessToken } }", { e: `a${NUL}@b.kw` });
    expect(gl.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  test("line breaks where a person writes lines are kept; in a name they are refused", async () => {
    const c = await signedInBusiness(app.base);
    const ok = await call(app.base, "PUT", "/api/auth/profile", { token: c.token, body: { address: "Block 1\nStreet 2" } });
    expect(ok.status).toBe(200);
    const name = await call(app.base, "PUT", "/api/auth/profile", { token: c.token, body: { name: "Noura\u0007" } });
    expect(name.status).toBe(400);
  });

  test("a NUL in a search parameter or a URL id never reaches Postgres as a 500", async () => {
    const admin = await adminToken(app.base);
    const search = await call(app.base, "GET", "/api/admin/clients?search=a%00b", { token: admin });
    expect(search.status).toBe(400);
    expect(search.body.code).toBe("VALIDATION_ERROR");
    const c = await signedInBusiness(app.base);
    expect((await call(app.base, "GET", "/api/posts?search=a%00b", { token: c.token })).status).toBe(400);
    expect((await call(app.base, "GET", "/api/admin/clients/a%00b", { token: admin })).status).toBeLessThan(500);
    expect((await call(app.base, "GET", "/api/campaigns/a%00b", { token: c.token })).status).toBeLessThan(500);
    const g = await gql(app.base, "query($s: String) { clients(search: $s) { totalCount } }", { s: `a${NUL}` }, admin);
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

describe("the database down", () => {
  test("REST and GraphQL answer 503 in the catalogue's words; /api/health its documented 503", async () => {
    const down = await startTestApp();
    const name = new URL(down.databaseUrl).pathname.slice(1);
    const admin = new pg.Client({ connectionString: `${process.env.TEST_PG_BASE}/postgres` });
    await admin.connect();
    const c = await signedInBusiness(down.base);
    try {
      await admin.query(`alter database "${name}" allow_connections false`);
      await admin.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()", [name]);

      const login = await call(down.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
      expect(login.status).toBe(503);
      expect(login.body).toEqual({ message: "The service is unavailable. Please try again later", code: "SERVICE_UNAVAILABLE" });
      const me = await call(down.base, "GET", "/api/auth/me", { token: c.token, lang: "ar" });
      expect(me.status).toBe(503);
      expect(me.body).toEqual({ message: "الخدمة غير متاحة. يرجى المحاولة لاحقًا", code: "SERVICE_UNAVAILABLE" });

      const anonymous = await call(down.base, "POST", "/graphql", { body: { query: 'mutation { login(email: "a@b.kw", password: "Saffron#2026") { accessToken } }' } });
      expect(anonymous.status).toBe(503);
      expect(anonymous.body.errors[0]).toMatchObject({ message: "The service is unavailable. Please try again later", extensions: { reason: "SERVICE_UNAVAILABLE" } });
      const signedIn = await call(down.base, "POST", "/graphql", { token: c.token, body: { query: "{ me { id } }" } });
      expect(signedIn.status).toBe(503);
      expect(signedIn.body.errors[0]).toMatchObject({ message: "The service is unavailable. Please try again later", extensions: { reason: "SERVICE_UNAVAILABLE" } });

      const health = await call(down.base, "GET", "/api/health");
      expect(health.status).toBe(503);
      expect(health.body.database).toBe("down");
    } finally {
      await admin.query(`alter database "${name}" allow_connections true`);
      await admin.end();
      await down.stop();
    }
  }, 60_000);
});
