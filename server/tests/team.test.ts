// Team collaboration over real HTTP, SMTP and Postgres: invite -> mail -> accept -> login -> listed;
// Premium only; managers only; tenancy; removal ends the person's sessions.
import { describe, expect, test } from "@jest/globals";
import { adminToken, call, gql, registeredClient } from "./support/app.ts";
import { tokenFrom } from "./support/mailbox.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { invite, joinedMember, login, newAddress } from "./support/team.ts";

const { app, mailbox } = mailedAppForFile();

/** An approved Premium business (14-day trial) and its account holder, signed in. */
async function premiumBusiness(over: Record<string, unknown> = {}) {
  const c = await registeredClient(app.base, { over });
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token, refresh: session.refresh_token };
}

const TEAM = `query { team { premium canManage members { id name email role joinedAt accountHolder } invitations { id email role invitedByName expiresAt } } }`;

describe("invitations", () => {
  test("invite -> bilingual mail -> accept -> the new person logs in and is listed", async () => {
    const holder = await premiumBusiness({ company_name: "Dar Al Qahwa" });
    const email = newAddress();
    const sent = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: email.toUpperCase(), role: "owner" },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({
      email,
      role: "owner",
      invited_by_name: holder.contact_name,
      accepted_at: null,
      revoked_at: null,
    });
    const days = (Date.parse(sent.body.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    // the mail names the business and the inviter, in both languages, with the link to /invite
    const mail = await mailbox.waitFor(email, /invite\?token=/);
    // each person's text between FSI and PDI: it keeps its own direction inside the other language's sentence
    const [inviter, cafe] = [`\u2068${holder.contact_name}\u2069`, "\u2068Dar Al Qahwa\u2069"];
    expect(mail).toContain(`${inviter} invited you to join ${cafe} on Sufra`);
    expect(mail).toContain(`دعاك ${inviter} للانضمام إلى ${cafe} في سفرة`);
    expect(mail).toContain("http://sufra.test/invite?token=");
    const link = tokenFrom(mail, "/invite");

    // listed as pending, for the manager
    const pending = await gql(app.base, TEAM, {}, holder.token);
    expect(pending.data.team).toMatchObject({ premium: true, canManage: true });
    expect(pending.data.team.invitations).toEqual([
      { id: sent.body.id, email, role: "OWNER", invitedByName: holder.contact_name, expiresAt: sent.body.expires_at },
    ]);
    expect(pending.data.team.members).toEqual([
      {
        id: holder.userId,
        name: holder.contact_name,
        email: holder.email,
        role: "CLIENT",
        joinedAt: expect.any(String),
        accountHolder: true,
      },
    ]);

    // the password follows the sign-up rule; the token is stored hashed
    const weak = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Khalid", password: "saffron2026" },
    });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { password: ["Password must contain at least one uppercase letter"] },
    });
    const mismatch = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Khalid", password: "Saffron#2026", confirm_password: "Saffron#2027" },
    });
    expect(mismatch.body.details).toEqual({ confirm_password: ["Passwords do not match"] });
    const { rows } = await app.sufra.deps.pool.query<{ token_hash: string }>(
      "select token_hash from invitations where id = $1",
      [sent.body.id],
    );
    expect(rows[0].token_hash).not.toContain(link);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);

    const accepted = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Khalid Al-Mutairi", password: "Saffron#2026", confirm_password: "Saffron#2026" },
    });
    expect(accepted.status).toBe(201);
    expect(accepted.body.user).toEqual({
      id: expect.any(String),
      email,
      name: "Khalid Al-Mutairi",
      role: "owner",
      business_id: holder.businessId,
    });
    expect(accepted.body.business).toEqual({ id: holder.businessId, company_name: "Dar Al Qahwa" });

    // single use
    const again = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Khalid", password: "Saffron#2026" },
    });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe("INVALID_LINK");

    // the new person signs in as usual, into the same business
    const session = await login(app.base, email, "Saffron#2026");
    expect(session.user).toMatchObject({ role: "owner", business_id: holder.businessId });
    const listed = await call(app.base, "GET", "/api/team", { token: session.access_token });
    expect(listed.status).toBe(200);
    expect(listed.body).toMatchObject({ premium: true, can_manage: true, invitations: [] });
    expect(listed.body.members.map((m: { email: string }) => m.email)).toEqual([holder.email, email]);
    expect(listed.body.members[1]).toMatchObject({
      name: "Khalid Al-Mutairi",
      role: "owner",
      account_holder: false,
      joined_at: expect.any(String),
    });

    const audit = await app.sufra.deps.pool.query<{ action: string }>(
      "select action from audit_log where entity_id = $1 and action like 'team.%' order by created_at",
      [holder.businessId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(["team.invited", "team.invitation_accepted"]);
  });

  test("accepting through GraphQL; an Arabic request gets Arabic messages", async () => {
    const holder = await premiumBusiness();
    const { email, link } = await invite(app.base, mailbox, holder.token, "client");
    const bad = await gql(
      app.base,
      `mutation($t: String!) { acceptInvitation(token: $t, name: "", password: "x") { email } }`,
      { t: link },
      undefined,
      "ar",
    );
    expect(bad.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
    expect(bad.errors?.[0].extensions.details).toEqual({
      name: ["الاسم مطلوب"],
      password: ["يجب ألا تقل كلمة المرور عن ٨ أحرف"],
    });
    const ok = await gql(
      app.base,
      `mutation($t: String!) { acceptInvitation(token: $t, name: "Fatma", password: "Saffron#2026", confirmPassword: "Saffron#2026") { email companyName } }`,
      { t: link },
    );
    expect(ok.data).toEqual({ acceptInvitation: { email, companyName: holder.company_name } });
    const session = await login(app.base, email, "Saffron#2026");
    expect(session.user.role).toBe("client");
  });

  test("a second invitation to the same address replaces the first; revoked and expired links are INVALID_LINK", async () => {
    const holder = await premiumBusiness();
    const email = newAddress();
    const first = await invite(app.base, mailbox, holder.token, "client", email);
    const second = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email, role: "owner" },
    });
    expect(second.status).toBe(201);
    const list = await call(app.base, "GET", "/api/team", { token: holder.token });
    expect(list.body.invitations).toEqual([expect.objectContaining({ id: second.body.id, email, role: "owner" })]);
    const old = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: first.link, name: "Fatma", password: "Saffron#2026" },
    });
    expect(old.body.code).toBe("INVALID_LINK");

    // revoked
    const revoked = await call(app.base, "DELETE", `/api/team/invitations/${second.body.id}`, { token: holder.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_at).toEqual(expect.any(String));
    expect((await call(app.base, "GET", "/api/team", { token: holder.token })).body.invitations).toEqual([]);
    // both mails went out (delivery finishes before the answer)
    expect(mailbox.mails.filter((m) => m.to.includes(email))).toHaveLength(2);
    const withdrawn = await invite(app.base, mailbox, holder.token, "client");
    expect(
      (await call(app.base, "DELETE", `/api/team/invitations/${withdrawn.invitationId}`, { token: holder.token }))
        .status,
    ).toBe(200);
    const afterRevoke = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: withdrawn.link, name: "Fatma", password: "Saffron#2026" },
    });
    expect(afterRevoke.body.code).toBe("INVALID_LINK");

    // expired
    const later = await invite(app.base, mailbox, holder.token, "client");
    await app.sufra.deps.pool.query("update invitations set expires_at = now() - interval '1 minute' where id = $1", [
      later.invitationId,
    ]);
    const link = later.link;
    const expired = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Fatma", password: "Saffron#2026" },
    });
    expect(expired.status).toBe(400);
    expect(expired.body.code).toBe("INVALID_LINK");
  });

  test("an address with an account joins with its own password; its other business stays; a member or an admin cannot be invited", async () => {
    const holder = await premiumBusiness({ company_name: "Bait Al Karak" });
    const other = await registeredClient(app.base, { over: { company_name: "Qahwat Al Bahar" } });
    const sent = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: other.email, role: "owner" },
    });
    expect(sent.status).toBe(201);
    // the mail tells them to accept with the password they have, in both languages
    const mail = await mailbox.waitFor(other.email, /invite\?token=/);
    expect(mail).toContain("Accept with the password of your Sufra account");
    expect(mail).toContain("اقبل الدعوة بكلمة مرور حسابك في سفرة");
    const link = tokenFrom(mail, "/invite");

    // the link says what it is for, and that the address has an account; nothing for a made-up one
    const preview = await call(app.base, "POST", "/api/team/invitations/lookup", { body: { token: link } });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      email: other.email,
      company_name: "Bait Al Karak",
      role: "owner",
      has_account: true,
    });
    const unknown = await call(app.base, "POST", "/api/team/invitations/lookup", { body: { token: "made-up" } });
    expect([unknown.status, unknown.body.code]).toEqual([400, "INVALID_LINK"]);
    const g = await gql(app.base, "query($t: String!) { invitation(token: $t) { companyName role hasAccount } }", {
      t: link,
    });
    expect(g.data.invitation).toEqual({ companyName: "Bait Al Karak", role: "OWNER", hasAccount: true });

    // a wrong password joins nothing and leaves the invitation pending, in the person's language
    const wrong = await call(app.base, "POST", "/api/team/invitations/accept", {
      lang: "ar",
      body: { token: link, password: "Not#Mine2026" },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: "INCORRECT_PASSWORD",
      details: { password: ["هذه ليست كلمة مرور حسابك في سفرة"] },
    });
    expect(await app.sufra.deps.db.membership.count({ where: { userId: other.userId } })).toBe(1);

    // the right one: the business joins theirs, as an owner, and their next sign-in lands there
    const joined = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, password: other.password },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.user).toMatchObject({ id: other.userId, role: "owner", business_id: holder.businessId });
    const session = await login(app.base, other.email, other.password);
    expect(session.user).toMatchObject({ business_id: holder.businessId, role: "owner" });
    const mine = await call(app.base, "GET", "/api/auth/businesses", { token: session.access_token });
    expect(mine.body.businesses.map((b: { company_name: string; role: string }) => [b.company_name, b.role])).toEqual([
      ["Bait Al Karak", "owner"],
      ["Qahwat Al Bahar", "client"],
    ]);
    // listed in the team that invited them; still the account holder of their own café
    const team = await gql(app.base, TEAM, {}, holder.token);
    expect(team.data.team.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [holder.email, "CLIENT"],
      [other.email, "OWNER"],
    ]);
    const own = await call(app.base, "GET", "/api/team", {
      token: session.access_token,
      headers: { "x-sufra-business": other.businessId },
    });
    expect(own.body.members).toEqual([
      expect.objectContaining({ email: other.email, role: "client", account_holder: true }),
    ]);
    // the link is used
    const again = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, password: other.password },
    });
    expect(again.body.code).toBe("INVALID_LINK");

    // someone already in the team, and an admin, cannot be invited
    const twice = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: other.email, role: "client" },
    });
    expect([twice.status, twice.body.code]).toEqual([409, "ALREADY_A_MEMBER"]);
    const self = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: holder.email, role: "owner" },
    });
    expect(self.body.code).toBe("ALREADY_A_MEMBER");
    const admin = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: process.env.ADMIN_EMAIL ?? app.sufra.deps.config.admin.email, role: "owner" },
    });
    expect(admin.body.code).toBe("EMAIL_TAKEN");
    const bad = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: "nobody", role: "admin" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ email: ["Please enter a valid email address"], role: ["Invalid value"] });
  });
});

describe("who may do what", () => {
  test("not on Premium: PLAN_UPGRADE_REQUIRED, in both languages and both doors; the team is still readable", async () => {
    const holder = await premiumBusiness({ requested_plan: "professional" });
    const r = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      body: { email: newAddress(), role: "client" },
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      code: "PLAN_UPGRADE_REQUIRED",
      message: "Team collaboration is part of the Premium plan",
    });
    const ar = await call(app.base, "POST", "/api/team/invitations", {
      token: holder.token,
      lang: "ar",
      body: { email: newAddress(), role: "client" },
    });
    expect(ar.body.message).toBe("العمل الجماعي جزء من الباقة المميزة");
    const g = await gql(
      app.base,
      `mutation { inviteTeamMember(email: "x@example.kw", role: CLIENT) { id } }`,
      {},
      holder.token,
    );
    expect(g.errors?.[0].extensions).toMatchObject({ code: "FORBIDDEN", reason: "PLAN_UPGRADE_REQUIRED" });
    const team = await gql(app.base, TEAM, {}, holder.token);
    expect(team.data.team).toMatchObject({ premium: false, canManage: true, invitations: [] });

    // a Premium subscription that has expired manages no team either: it is told its subscription ended (402),
    // docs/product.md#subscriptions-and-billing
    const premium = await premiumBusiness();
    await app.sufra.deps.pool.query("update subscriptions set status = 'expired' where business_id = $1", [
      premium.businessId,
    ]);
    const expired = await call(app.base, "POST", "/api/team/invitations", {
      token: premium.token,
      body: { email: newAddress(), role: "client" },
    });
    expect([expired.status, expired.body.code]).toEqual([402, "SUBSCRIPTION_ENDED"]);
  });

  test("an invitation cannot be accepted once the business has left Premium", async () => {
    const holder = await premiumBusiness();
    const { link } = await invite(app.base, mailbox, holder.token, "client");
    await app.sufra.deps.pool.query("update subscriptions set plan = 'basic' where business_id = $1", [
      holder.businessId,
    ]);
    const r = await call(app.base, "POST", "/api/team/invitations/accept", {
      body: { token: link, name: "Fatma", password: "Saffron#2026" },
    });
    expect(r.body.code).toBe("PLAN_UPGRADE_REQUIRED");
    // nothing was kept: the invitation is still pending
    const { rows } = await app.sufra.deps.pool.query("select accepted_at from invitations where business_id = $1", [
      holder.businessId,
    ]);
    expect(rows).toEqual([{ accepted_at: null }]);
  });

  test("only owners and the account holder manage; other people of the business may look; admins are refused", async () => {
    const holder = await premiumBusiness();
    const member = await joinedMember(app.base, mailbox, holder.token, "client");
    const look = await call(app.base, "GET", "/api/team", { token: member.access_token });
    expect(look.status).toBe(200);
    expect(look.body.can_manage).toBe(false);
    const inv = await call(app.base, "POST", "/api/team/invitations", {
      token: member.access_token,
      body: { email: newAddress(), role: "client" },
    });
    expect(inv.status).toBe(403);
    expect(inv.body.code).toBe("FORBIDDEN");
    const rm = await call(app.base, "DELETE", `/api/team/members/${holder.userId}`, { token: member.access_token });
    expect(rm.body.code).toBe("FORBIDDEN");
    const g = await gql(
      app.base,
      `mutation($id: ID!) { removeTeamMember(id: $id) }`,
      { id: holder.userId },
      member.access_token,
    );
    expect(g.errors?.[0].extensions.reason).toBe("FORBIDDEN");

    // an invited owner manages
    const owner = await joinedMember(app.base, mailbox, holder.token, "owner");
    const byOwner = await call(app.base, "POST", "/api/team/invitations", {
      token: owner.access_token,
      body: { email: newAddress(), role: "client" },
    });
    expect(byOwner.status).toBe(201);

    const admin = await adminToken(app.base);
    expect((await call(app.base, "GET", "/api/team", { token: admin })).status).toBe(403);
    const adminGql = await gql(app.base, TEAM, {}, admin);
    expect(adminGql.errors?.[0].extensions.reason).toBe("FORBIDDEN");
    expect((await call(app.base, "GET", "/api/team")).status).toBe(401);
    expect((await gql(app.base, TEAM)).errors?.[0].extensions.code).toBe("UNAUTHENTICATED");
  });

  test("removing a person ends their sessions and account; nobody removes themselves or the account holder", async () => {
    const holder = await premiumBusiness();
    const owner = await joinedMember(app.base, mailbox, holder.token, "owner");
    const member = await joinedMember(app.base, mailbox, holder.token, "client");

    const self = await call(app.base, "DELETE", `/api/team/members/${owner.userId}`, { token: owner.access_token });
    expect(self.status).toBe(409);
    expect(self.body.code).toBe("CANNOT_REMOVE_SELF");
    const holderOut = await call(app.base, "DELETE", `/api/team/members/${holder.userId}`, {
      token: owner.access_token,
    });
    expect(holderOut.status).toBe(409);
    expect(holderOut.body).toEqual({
      code: "CANNOT_REMOVE_ACCOUNT_HOLDER",
      message: "The account holder cannot be removed from the team",
    });

    const removed = await call(app.base, "DELETE", `/api/team/members/${member.userId}`, { token: owner.access_token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: member.userId });
    expect(
      (await call(app.base, "POST", "/api/auth/refresh", { body: { refresh_token: member.refresh_token } })).status,
    ).toBe(401);
    expect((await call(app.base, "GET", "/api/auth/me", { token: member.access_token })).status).toBe(401);
    expect(
      (await call(app.base, "POST", "/api/auth/login", { body: { email: member.email, password: member.password } }))
        .status,
    ).toBe(401);
    const list = await call(app.base, "GET", "/api/team", { token: holder.token });
    expect(list.body.members.map((m: { id: string }) => m.id)).toEqual([holder.userId, owner.userId]);
    const { rows } = await app.sufra.deps.pool.query(
      "select actor_id, data->>'email' as email from audit_log where action = 'team.member_removed' and entity_id = $1",
      [holder.businessId],
    );
    expect(rows).toEqual([{ actor_id: owner.userId, email: member.email }]);

    // the holder may remove an owner, through GraphQL
    const g = await gql(
      app.base,
      `mutation($id: ID!) { removeTeamMember(id: $id) }`,
      { id: owner.userId },
      holder.token,
    );
    expect(g.data).toEqual({ removeTeamMember: owner.userId });
  });

  test("tenancy: a manager of business A cannot touch B's people or invitations", async () => {
    const a = await premiumBusiness();
    const b = await premiumBusiness();
    const bMember = await joinedMember(app.base, mailbox, b.token, "client");
    const bInvite = await invite(app.base, mailbox, b.token, "client");

    const rm = await call(app.base, "DELETE", `/api/team/members/${bMember.userId}`, { token: a.token });
    expect(rm.status).toBe(404);
    expect((await call(app.base, "DELETE", `/api/team/members/${b.userId}`, { token: a.token })).status).toBe(404);
    const rv = await gql(
      app.base,
      `mutation($id: ID!) { revokeInvitation(id: $id) { id } }`,
      { id: bInvite.invitationId },
      a.token,
    );
    expect(rv.errors?.[0].extensions.code).toBe("NOT_FOUND");
    expect((await call(app.base, "DELETE", `/api/team/invitations/not-a-uuid`, { token: a.token })).status).toBe(404);

    // B is untouched, and A's list shows only A
    const bList = await call(app.base, "GET", "/api/team", { token: b.token });
    expect(bList.body.members).toHaveLength(2);
    expect(bList.body.invitations).toHaveLength(1);
    const aList = await call(app.base, "GET", "/api/team", { token: a.token });
    expect(aList.body.members.map((m: { id: string }) => m.id)).toEqual([a.userId]);
  });
});
