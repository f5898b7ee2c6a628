// The whole journey over real HTTP and a real SMTP server: register -> verification mail -> verify ->
// admin approves -> login -> me -> refresh -> logout -> refresh refused; and the password journeys.
import { describe, expect, test } from "@jest/globals";
import { ADMIN, adminToken, call, gql, registeredClient, signUp } from "./support/app.ts";
import { tokenFrom } from "./support/mailbox.ts";
import { mailedAppForFile } from "./support/per-file.ts";

const { app, mailbox } = mailedAppForFile();

describe("sign-up to sign-out over REST", () => {
  test("register, verify by mail, approval, login, me, refresh, logout, refresh refused", async () => {
    const payload = signUp();
    const reg = await call(app.base, "POST", "/api/auth/register", { body: payload });
    expect(reg.status).toBe(201);
    expect(reg.body.message).toBe(
      "Registration successful! Your account is pending approval. You selected the Premium plan. We will contact you soon.",
    );
    expect(reg.body).not.toHaveProperty("access_token");
    expect(reg.body.user).toEqual({
      id: expect.any(String),
      email: payload.email,
      name: payload.contact_name,
      role: "client",
      business_id: expect.any(String),
    });
    expect(reg.body.business).toEqual({ id: reg.body.user.business_id, status: "pending", requested_plan: "premium" });

    // the verification mail arrives over SMTP, in both languages
    const mail = await mailbox.waitFor(payload.email, /verify-email/);
    expect(mail).toContain("Thank you for signing up to Sufra");
    expect(mail).toContain("شكرًا لتسجيلك في سفرة");
    const verify = await call(app.base, "POST", "/api/auth/verify-email", {
      body: { token: tokenFrom(mail, "/verify-email") },
    });
    expect(verify.status).toBe(200);
    expect(verify.body.message).toBe("Your e-mail address is confirmed");
    // single use
    const again = await call(app.base, "POST", "/api/auth/verify-email", {
      body: { token: tokenFrom(mail, "/verify-email") },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_LINK");

    // pending: no entry yet
    const early = await call(app.base, "POST", "/api/auth/login", {
      body: { email: payload.email, password: payload.password },
    });
    expect(early.status).toBe(403);
    expect(early.body.message).toContain("pending approval");

    // the admin approves: a 14-day trial of the requested plan starts, and the applicant is told
    const admin = await adminToken(app.base);
    const approved = await call(app.base, "POST", `/api/admin/clients/${reg.body.business.id}/approve`, {
      token: admin,
    });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe("active");
    expect(approved.body.email_verified).toBe(true);
    expect(approved.body.subscription.plan).toBe("premium");
    expect(approved.body.subscription.status).toBe("trial");
    const trialDays = (Date.parse(approved.body.subscription.trial_ends_at) - Date.now()) / 86_400_000;
    expect(trialDays).toBeGreaterThan(13.9);
    expect(trialDays).toBeLessThanOrEqual(14);
    await mailbox.waitFor(payload.email, /account is approved/);
    expect(await mailbox.waitFor(payload.email, /account is approved/)).toContain("تمت الموافقة على حسابك");

    const login = await call(app.base, "POST", "/api/auth/login", {
      body: { email: payload.email.toUpperCase(), password: payload.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toEqual(reg.body.user);
    const { access_token, refresh_token } = login.body;

    const me = await call(app.base, "GET", "/api/auth/me", { token: access_token });
    expect(me.status).toBe(200);
    expect(me.body).toEqual(reg.body.user);

    const refreshed = await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(Object.keys(refreshed.body)).toEqual(["access_token"]);
    expect((await call(app.base, "GET", "/api/auth/me", { token: refreshed.body.access_token })).status).toBe(200);
    // the refresh token stays valid after use
    expect((await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token } })).status).toBe(200);

    const out = await call(app.base, "POST", "/api/auth/logout", { body: { refresh_token }, token: access_token });
    expect(out.status).toBe(200);
    const refused = await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token } });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ message: "Session expired. Please login again.", code: "SESSION_EXPIRED" });
    // no token at all: its own text (not a link's), in both languages
    const empty = await call(app.base, "POST", "/api/auth/refresh", { body: {} });
    expect([empty.status, empty.body.details]).toEqual([400, { refresh_token: ["The refresh token is missing"] }]);
    const emptyAr = await call(app.base, "POST", "/api/auth/refresh", { body: {}, lang: "ar" });
    expect(emptyAr.body.details).toEqual({ refresh_token: ["رمز تجديد الجلسة مفقود"] });
  });

  test("admin login answers business_id null; a bad password is 401 with the catalogue text", async () => {
    const r = await call(app.base, "POST", "/api/auth/login", { body: ADMIN });
    expect(r.body.user.role).toBe("admin");
    expect(r.body.user.business_id).toBeNull();
    const bad = await call(app.base, "POST", "/api/auth/login", { body: { ...ADMIN, password: "Wrong#Pass123" } });
    expect(bad.status).toBe(401);
    expect(bad.body.message).toContain("Invalid email or password");
    const unknown = await call(app.base, "POST", "/api/auth/login", {
      body: { email: "nobody@example.kw", password: "Wrong#Pass123" },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body.message).toBe(bad.body.message);
  });

  test("a taken e-mail is refused with 'already registered', in any letter case", async () => {
    const payload = signUp();
    expect((await call(app.base, "POST", "/api/auth/register", { body: payload })).status).toBe(201);
    const dup = await call(app.base, "POST", "/api/auth/register", {
      body: { ...payload, email: payload.email.toUpperCase() },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.code).toBe("EMAIL_TAKEN");
    expect(dup.body.message).toContain("already registered");
  });

  test("the plan defaults to professional", async () => {
    const { requested_plan: _omit, ...payload } = signUp();
    const r = await call(app.base, "POST", "/api/auth/register", { body: payload });
    expect(r.body.business.requested_plan).toBe("professional");
    expect(r.body.message).toContain("You selected the Professional plan");
  });

  test("forgot password answers the same for unknown addresses; the mailed link resets once and ends all sessions", async () => {
    const c = await registeredClient(app.base);
    const unknown = await call(app.base, "POST", "/api/auth/forgot-password", { body: { email: "ghost@example.kw" } });
    const known = await call(app.base, "POST", "/api/auth/forgot-password", { body: { email: c.email } });
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);

    const session = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
    const mail = await mailbox.waitFor(c.email, /reset-password/);
    const token = tokenFrom(mail, "/reset-password");
    const weak = await call(app.base, "POST", "/api/auth/reset-password", { body: { token, new_password: "short" } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe("Validation failed: new_password: Password must be at least 8 characters");

    const reset = await call(app.base, "POST", "/api/auth/reset-password", {
      body: { token, new_password: "Cardamom#77" },
    });
    expect(reset.status).toBe(200);
    expect(
      (await call(app.base, "POST", "/api/auth/reset-password", { body: { token, new_password: "Cardamom#78" } })).body
        .code,
    ).toBe("INVALID_LINK");
    expect(
      (await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token: session.body.refresh_token } }))
        .status,
    ).toBe(401);
    expect(
      (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })).status,
    ).toBe(401);
    expect(
      (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: "Cardamom#77" } })).status,
    ).toBe(200);
  });

  test("change password keeps this session, revokes the others, and needs the current password", async () => {
    const c = await registeredClient(app.base);
    const a = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
      .body;
    const b = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
      .body;
    const wrong = await call(app.base, "POST", "/api/auth/change-password", {
      token: a.access_token,
      body: { current_password: "Nope#12345", new_password: "Zaatar#2026" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("INCORRECT_PASSWORD");
    // the details name the real problem, not a missing field
    expect(wrong.body.details).toEqual({ current_password: ["Current password is incorrect"] });
    const wrongAr = await call(app.base, "POST", "/api/auth/change-password", {
      token: a.access_token,
      lang: "ar",
      body: { current_password: "Nope#12345", new_password: "Zaatar#2026" },
    });
    expect(wrongAr.body.details).toEqual({ current_password: ["كلمة المرور الحالية غير صحيحة"] });
    const ok = await call(app.base, "POST", "/api/auth/change-password", {
      token: a.access_token,
      body: { current_password: c.password, new_password: "Zaatar#2026" },
    });
    expect(ok.status).toBe(200);
    expect(
      (await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token: a.refresh_token } })).status,
    ).toBe(200);
    expect(
      (await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token: b.refresh_token } })).status,
    ).toBe(401);
    await mailbox.waitFor(c.email, /was just changed/);
  });

  test("profile updates the person's name and the business's details", async () => {
    const c = await registeredClient(app.base);
    const { access_token } = (
      await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })
    ).body;
    const r = await call(app.base, "PUT", "/api/auth/profile", {
      token: access_token,
      body: { name: "Noura A.", company_name: "Dar Al Qahwa Salmiya", phone: "+96555551235" },
    });
    expect(r.status).toBe(200);
    expect(r.body.name).toBe("Noura A.");
    const client = await call(app.base, "GET", `/api/admin/clients/${c.businessId}`, {
      token: await adminToken(app.base),
    });
    expect(client.body.company_name).toBe("Dar Al Qahwa Salmiya");
    const bad = await call(app.base, "PUT", "/api/auth/profile", { token: access_token, body: { phone: "12345" } });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ phone: ["Invalid Kuwait phone number. Format: +965XXXXXXXX"] });
  });

  test("resend verification works for an address (pending accounts cannot sign in) and answers the same for unknown ones", async () => {
    const payload = signUp();
    await call(app.base, "POST", "/api/auth/register", { body: payload });
    const r = await call(app.base, "POST", "/api/auth/resend-verification", { body: { email: payload.email } });
    expect(r.status).toBe(200);
    const unknown = await call(app.base, "POST", "/api/auth/resend-verification", {
      body: { email: "ghost@example.kw" },
    });
    expect(unknown.body).toEqual(r.body);
    await mailbox.waitFor(payload.email, /verify-email/);
    // the link asked for again is mailed by a job, after the answer
    for (let i = 0; i < 50 && mailbox.mails.filter((m) => m.to.includes(payload.email)).length < 2; i++)
      await new Promise((r) => setTimeout(r, 200));
    expect(mailbox.mails.filter((m) => m.to.includes(payload.email)).length).toBe(2);
  });
});

describe("the same service behind the GraphQL door", () => {
  test("register, approve, login, me, refresh and logout as GraphQL operations", async () => {
    const p = signUp();
    const reg = await gql(
      app.base,
      `mutation($i: RegisterInput!) { register(input: $i) { email status requestedPlan } }`,
      {
        i: {
          email: p.email,
          password: p.password,
          confirmPassword: p.password,
          companyName: p.company_name,
          contactName: p.contact_name,
          phone: p.phone,
          requestedPlan: "BASIC",
        },
      },
    );
    expect(reg).toEqual({ data: { register: { email: p.email, status: "pending", requestedPlan: "BASIC" } } });

    const admin = await adminToken(app.base);
    const list = await gql(
      app.base,
      `query($s: String) { clients(search: $s, first: 5) { totalCount edges { node { id email status requestedPlan } } } }`,
      { s: p.email },
      admin,
    );
    expect(list.data.clients.totalCount).toBe(1);
    const id = list.data.clients.edges[0].node.id;
    const ok = await gql(
      app.base,
      `mutation($id: ID!) { approveClient(id: $id) { status subscription { plan status trialEndsAt } } }`,
      { id },
      admin,
    );
    expect(ok.data.approveClient.status).toBe("ACTIVE");
    expect(ok.data.approveClient.subscription).toMatchObject({ plan: "BASIC", status: "TRIAL" });

    const login = await gql(
      app.base,
      `mutation($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken refreshToken user { email role business { companyName status } } } }`,
      { e: p.email, p: p.password },
    );
    expect(login.data.login.user).toEqual({
      email: p.email,
      role: "CLIENT",
      business: { companyName: p.company_name, status: "ACTIVE" },
    });
    const me = await gql(app.base, `{ me { email name emailVerified } }`, {}, login.data.login.accessToken);
    expect(me.data.me).toEqual({ email: p.email, name: p.contact_name, emailVerified: false });

    const refreshed = await gql(app.base, `mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, {
      t: login.data.login.refreshToken,
    });
    expect(typeof refreshed.data.refreshToken.accessToken).toBe("string");
    expect(
      (await gql(app.base, `mutation($t: String) { logout(refreshToken: $t) }`, { t: login.data.login.refreshToken }))
        .data.logout,
    ).toBe(true);
    const refused = await gql(app.base, `mutation($t: String!) { refreshToken(refreshToken: $t) { accessToken } }`, {
      t: login.data.login.refreshToken,
    });
    expect(refused.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  test("me without a token is UNAUTHENTICATED; an admin query as a client is FORBIDDEN", async () => {
    const anon = await gql(app.base, `{ me { id } }`);
    expect(anon.errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
    const c = await registeredClient(app.base);
    const { access_token } = (
      await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })
    ).body;
    const r = await gql(app.base, `{ clients(first: 1) { totalCount } }`, {}, access_token);
    expect(r.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect(r.errors?.[0].message).toBe("You do not have permission to perform this action");
  });
});
