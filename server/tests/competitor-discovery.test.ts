// The Facebook sign-in for competitor figures over real HTTP and Postgres, against the local Facebook
// stand-in: the whole browser round trip (Sufra's authorize URL, the Facebook dialog, Sufra's callback),
// the Page chosen, the token kept sealed; the state's single use and expiry, a cancelled consent, a
// person with no Page linked to Instagram; an expired token; disconnecting; tenancy and who may sign
// in; a server without a Facebook app. Both doors throughout. Reading figures through the connection
// is tested in competitors.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { competitorsJobs } from "../src/modules/competitors/competitors.jobs.ts";
import { ownPath } from "../src/kernel/request-input.ts";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";
import {
  adminToken,
  call,
  gql,
  registeredClient,
  TEST_TOKEN_KEY,
  signedInBusiness,
  startTestApp,
  type TestApp,
} from "./support/app.ts";
import { startFacebookFake } from "./fakes/facebook-server.ts";
import { appForFile, metaForFile } from "./support/per-file.ts";
import { createHash } from "node:crypto";

const { app, ig, fb } = metaForFile();
const db = () => app.sufra.deps.db;
const DAY_MS = 86_400_000;
const tokenCrypto = createTokenCrypto(createHash("sha256").update(TEST_TOKEN_KEY).digest());
const STATUS = `{ competitorDiscovery { configured demo status instagramUsername pageName connectedAt expiresAt } }`;

const business = () => signedInBusiness(app.base);

/** Sufra's own Instagram account for the business, as if connected with Instagram Login. */
const ownInstagram = (businessId: string, handle: string) =>
  db().platformAccount.create({
    data: {
      businessId,
      platform: "instagram",
      externalId: `ig-${businessId.slice(0, 8)}`,
      handle,
      status: "connected",
    },
  });

/** The browser's way through Facebook: follows the authorize URL to the dialog, and answers where it sends the person back. */
async function throughDialog(authorizeUrl: string) {
  const dialog = await fetch(authorizeUrl, { redirect: "manual" });
  expect(dialog.status).toBe(302);
  const back = new URL(dialog.headers.get("location")!);
  return { back, callback: `${back.pathname}${back.search}` };
}
/** Sufra's callback, as the browser arrives there from Facebook (no session). */
async function arrive(callback: string) {
  const r = await fetch(`${app.base}${callback}`, { redirect: "manual" });
  return { status: r.status, location: r.headers.get("location") };
}
async function signIn(token: string, body: Record<string, unknown> = {}) {
  const start = await call(app.base, "POST", "/api/competitors/discovery/connect", { token, body });
  expect(start.status).toBe(200);
  const { callback } = await throughDialog(start.body.authorize_url);
  return arrive(callback);
}

describe("signing in with Facebook", () => {
  test("the whole round trip: the Page linked to the business's own Instagram is chosen, the token kept sealed", async () => {
    const a = await business();
    await ownInstagram(a.businessId, "dar_qahwa");
    const person = fb.state.addUser({
      name: "Noura Al-Sabah",
      pages: [
        { name: "Noura's recipes" },
        { name: "Sister brand", instagram: { username: "sister.brand" } },
        { name: "Dar Qahwa", instagram: { username: "Dar_Qahwa" } },
      ],
    });
    fb.state.signInAs(person.id);

    const before = await call(app.base, "GET", "/api/competitors/discovery", { token: a.token });
    expect(before.body).toEqual({
      configured: true,
      demo: false,
      status: "not_connected",
      instagram_username: null,
      page_name: null,
      connected_at: null,
      expires_at: null,
    });

    const start = await call(app.base, "POST", "/api/competitors/discovery/connect", { token: a.token, body: {} });
    const authorize = new URL(start.body.authorize_url);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${fb.url}/v23.0/dialog/oauth`);
    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: fb.state.appId,
      redirect_uri: "http://sufra.test/api/competitors/discovery/callback",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      response_type: "code",
      // business discovery needs instagram_basic, instagram_manage_insights and pages_read_engagement
      scope: "instagram_basic,instagram_manage_insights,pages_show_list,pages_read_engagement,business_management",
    });
    // only the state's hash is kept, marked for this sign-in
    const stateRow = await db().oAuthState.findFirstOrThrow({ where: { businessId: a.businessId } });
    expect(stateRow).toMatchObject({
      purpose: "competitor_discovery",
      platform: "instagram",
      returnTo: "/competitors",
    });
    expect(stateRow.stateHash).not.toBe(authorize.searchParams.get("state"));

    const { back, callback } = await throughDialog(start.body.authorize_url);
    expect(back.origin).toBe("http://sufra.test");
    expect(back.searchParams.get("state")).toBe(authorize.searchParams.get("state"));
    const done = await arrive(callback);
    expect(done).toEqual({ status: 302, location: "/competitors?discovery=connected" });

    const row = await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } });
    const page = person.pages[2]!;
    expect(row).toMatchObject({
      status: "connected",
      facebookUserId: person.id,
      pageId: page.id,
      pageName: "Dar Qahwa",
      igUserId: page.instagram!.id,
      igUsername: "Dar_Qahwa",
      connectedById: a.userId,
      lastError: null,
    });
    // sealed: no token in clear, and what it opens to is the long-lived token, not the short one
    const longLived = fb.state.tokensOf(person.id).find((t) => t.kind === "long")!;
    expect(row.accessToken).toMatch(/^v1\./);
    expect(row.accessToken).not.toContain(longLived.token);
    expect(tokenCrypto.open(row.accessToken)).toBe(longLived.token);
    expect(Math.abs(row.tokenExpiresAt!.getTime() - (Date.now() + 5_183_944_000))).toBeLessThan(60_000);
    expect(await db().oAuthState.count({ where: { businessId: a.businessId } })).toBe(0);
    const audit = await db().auditLog.findFirstOrThrow({
      where: { action: "competitor_discovery.connected", entityId: a.businessId },
    });
    expect(audit).toMatchObject({
      actorId: a.userId,
      entityType: "business",
      data: { pageId: page.id, pageName: "Dar Qahwa", instagramUsername: "Dar_Qahwa" },
    });

    const rest = await call(app.base, "GET", "/api/competitors/discovery", { token: a.token });
    expect(rest.body).toEqual({
      configured: true,
      demo: false,
      status: "connected",
      instagram_username: "Dar_Qahwa",
      page_name: "Dar Qahwa",
      connected_at: row.connectedAt.toISOString(),
      expires_at: row.tokenExpiresAt!.toISOString(),
    });
    const g = await gql(app.base, STATUS, {}, a.token);
    expect(g.data.competitorDiscovery).toEqual({
      configured: true,
      demo: false,
      status: "CONNECTED",
      instagramUsername: "Dar_Qahwa",
      pageName: "Dar Qahwa",
      connectedAt: row.connectedAt.toISOString(),
      expiresAt: row.tokenExpiresAt!.toISOString(),
    });
    // the status answers from what is stored: Facebook is not asked
    expect(fb.state.calls.business_discovery).toBeUndefined();
  });

  test("without a Page linked to the business's own account, the first Page with Instagram is chosen; signing in again replaces it", async () => {
    const a = await business();
    const person = fb.state.addUser({
      name: "Fahad",
      pages: [
        { name: "No Instagram here" },
        { name: "Karak Corner", instagram: { username: "karak.corner" } },
        { name: "Second", instagram: { username: "second.one" } },
      ],
    });
    fb.state.signInAs(person.id);
    // through the GraphQL door, with a return path of the client's choosing
    const started = await gql(
      app.base,
      `mutation { connectCompetitorDiscovery(returnTo: "/competitors/benchmark") { authorizeUrl } }`,
      {},
      a.token,
    );
    const { callback } = await throughDialog(started.data.connectCompetitorDiscovery.authorizeUrl);
    expect(await arrive(callback)).toEqual({ status: 302, location: "/competitors/benchmark?discovery=connected" });
    expect((await gql(app.base, STATUS, {}, a.token)).data.competitorDiscovery).toMatchObject({
      status: "CONNECTED",
      instagramUsername: "karak.corner",
      pageName: "Karak Corner",
    });

    // the business connects its own Instagram later, and signs in again: now that Page is chosen
    await ownInstagram(a.businessId, "SECOND.ONE");
    expect(await signIn(a.token)).toEqual({ status: 302, location: "/competitors?discovery=connected" });
    expect((await call(app.base, "GET", "/api/competitors/discovery", { token: a.token })).body).toMatchObject({
      status: "connected",
      instagram_username: "second.one",
      page_name: "Second",
    });
    expect(await db().competitorDiscoveryConnection.count({ where: { businessId: a.businessId } })).toBe(1);
  });

  test("a return path that is not a path of ours is replaced by /competitors", async () => {
    const a = await business();
    const person = fb.state.addUser({
      name: "Sara",
      pages: [{ name: "Sweets", instagram: { username: "sweets.kw" } }],
    });
    fb.state.signInAs(person.id);
    for (const returnTo of ["//evil.example/competitors", "https://evil.example/", "/competitors?x=1"]) {
      expect(await signIn(a.token, { return_to: returnTo })).toEqual({
        status: 302,
        location: "/competitors?discovery=connected",
      });
    }
  });

  test("a state is used once; an expired one, an unknown one, or one of a network connection fails", async () => {
    const a = await business();
    const person = fb.state.addUser({
      name: "Mariam",
      pages: [{ name: "Bakery", instagram: { username: "bakery.kw" } }],
    });
    fb.state.signInAs(person.id);
    const start = await call(app.base, "POST", "/api/competitors/discovery/connect", { token: a.token, body: {} });
    const { callback } = await throughDialog(start.body.authorize_url);
    expect((await arrive(callback)).location).toBe("/competitors?discovery=connected");
    // the same callback again (a replay): the state is gone
    expect(await arrive(callback)).toEqual({ status: 302, location: "/competitors?discovery_error=OAUTH_FAILED" });
    expect(await arrive("/api/competitors/discovery/callback?code=abc&state=made-up")).toEqual({
      status: 302,
      location: "/competitors?discovery_error=OAUTH_FAILED",
    });
    expect(await arrive("/api/competitors/discovery/callback")).toEqual({
      status: 302,
      location: "/competitors?discovery_error=OAUTH_FAILED",
    });

    // an expired state: refused, and used up
    const b = await business();
    const late = await call(app.base, "POST", "/api/competitors/discovery/connect", {
      token: b.token,
      body: { return_to: "/competitors" },
    });
    const lateBack = await throughDialog(late.body.authorize_url);
    await db().oAuthState.updateMany({
      where: { businessId: b.businessId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect(await arrive(lateBack.callback)).toEqual({
      status: 302,
      location: "/competitors?discovery_error=OAUTH_FAILED",
    });
    expect(await db().oAuthState.count({ where: { businessId: b.businessId } })).toBe(0);
    expect(await db().competitorDiscoveryConnection.count({ where: { businessId: b.businessId } })).toBe(0);

    // a network connection's callback does not take a discovery state, nor the reverse
    const c = await business();
    const discovery = await call(app.base, "POST", "/api/competitors/discovery/connect", { token: c.token, body: {} });
    const discoveryBack = await throughDialog(discovery.body.authorize_url);
    const state = discoveryBack.back.searchParams.get("state")!;
    const wrongDoor = await fetch(`${app.base}/api/platforms/instagram/callback?code=x&state=${state}`, {
      redirect: "manual",
    });
    expect(wrongDoor.headers.get("location")).toBe("/settings?connect_error=OAUTH_FAILED&platform=instagram");
    expect(await arrive(discoveryBack.callback)).toEqual({ status: 302, location: "/competitors?discovery=connected" });
    const platform = await call(app.base, "POST", "/api/platforms/instagram/connect", { token: c.token, body: {} });
    const platformState = new URL(platform.body.authorize_url).searchParams.get("state")!;
    expect(await arrive(`/api/competitors/discovery/callback?code=x&state=${platformState}`)).toEqual({
      status: 302,
      location: "/competitors?discovery_error=OAUTH_FAILED",
    });
    expect(
      await db().oAuthState.findFirst({ where: { businessId: c.businessId, purpose: "platform" } }),
    ).not.toBeNull();
  });

  test("the person cancels at Facebook: sent back with OAUTH_FAILED, nothing stored", async () => {
    const a = await business();
    fb.state.deny();
    const exchanges = fb.state.calls.code_exchange ?? 0;
    const start = await call(app.base, "POST", "/api/competitors/discovery/connect", { token: a.token, body: {} });
    const { back, callback } = await throughDialog(start.body.authorize_url);
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("code")).toBeNull();
    expect(await arrive(callback)).toEqual({ status: 302, location: "/competitors?discovery_error=OAUTH_FAILED" });
    expect(fb.state.calls.code_exchange ?? 0).toBe(exchanges);
    expect(await db().competitorDiscoveryConnection.count({ where: { businessId: a.businessId } })).toBe(0);
    expect((await call(app.base, "GET", "/api/competitors/discovery", { token: a.token })).body.status).toBe(
      "not_connected",
    );
  });

  test("a person with no Page linked to an Instagram professional account: NO_INSTAGRAM_BUSINESS, nothing stored", async () => {
    const a = await business();
    const person = fb.state.addUser({ name: "Hamad", pages: [{ name: "Just a Page" }, { name: "Another Page" }] });
    fb.state.signInAs(person.id);
    expect(await signIn(a.token)).toEqual({
      status: 302,
      location: "/competitors?discovery_error=NO_INSTAGRAM_BUSINESS",
    });
    expect(await db().competitorDiscoveryConnection.count({ where: { businessId: a.businessId } })).toBe(0);
    const nobody = fb.state.addUser({ name: "No pages", pages: [] });
    fb.state.signInAs(nobody.id);
    expect(await signIn(a.token)).toEqual({
      status: 302,
      location: "/competitors?discovery_error=NO_INSTAGRAM_BUSINESS",
    });
  });

  test("Pages are read over more than one list", async () => {
    const a = await business();
    await ownInstagram(a.businessId, "far.down");
    const pages = Array.from({ length: 130 }, (_, i) => ({
      name: `Branch ${i}`,
      ...(i === 5 || i === 120 ? { instagram: { username: i === 5 ? "early.one" : "far.down" } } : {}),
    }));
    const person = fb.state.addUser({ name: "Chain owner", pages });
    fb.state.signInAs(person.id);
    const lists = fb.state.calls.accounts ?? 0;
    expect((await signIn(a.token)).location).toBe("/competitors?discovery=connected");
    expect(fb.state.calls.accounts! - lists).toBe(2);
    expect(
      (await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } })).pageName,
    ).toBe("Branch 120");
  });
});

describe("permissions Facebook did not grant", () => {
  test("a person who declined instagram_manage_insights is asked to sign in again, in both languages, not told the account was refused", async () => {
    const a = await business();
    await ownInstagram(a.businessId, "qahwat.declined");
    const person = fb.state.addUser({
      name: "Fatma",
      pages: [{ name: "Qahwat Fatma", instagram: { username: "qahwat.declined" } }],
    });
    fb.state.signInAs(person.id);
    fb.state.declined.add("instagram_manage_insights");
    try {
      expect((await signIn(a.token)).location).toBe("/competitors?discovery=connected");
    } finally {
      fb.state.declined.clear();
    }
    expect(fb.state.tokensOf(person.id).find((t) => t.kind === "long")!.scopes).not.toContain(
      "instagram_manage_insights",
    );
    ig.state.addProfessional({ username: "rival.needs.insights", followers: 900, mediaCount: 4, media: [] });
    const rival = (
      await call(app.base, "POST", "/api/competitors", {
        token: a.token,
        body: { name: "Rival", platform: "instagram", handle: "rival.needs.insights" },
      })
    ).body;

    const calls = fb.state.calls.business_discovery ?? 0;
    const en = await call(app.base, "POST", `/api/competitors/${rival.id}/fetch`, { token: a.token });
    expect([en.status, en.body.code]).toEqual([409, "FACEBOOK_RECONNECT_NEEDED"]);
    expect(fb.state.calls.business_discovery).toBe(calls + 1); // Facebook refused it (code 10), not us
    const row = await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } });
    expect(row.status).toBe("reconnect_needed");
    expect(row.lastError).toMatch(/permission/);
    const ar = await gql(
      app.base,
      `mutation($id: ID!) { fetchCompetitorFromInstagram(id: $id) { replaced } }`,
      { id: rival.id },
      a.token,
      "ar",
    );
    expect(ar.errors?.[0]).toMatchObject({
      message: "انتهت صلاحية تسجيل دخولك عبر فيسبوك لأرقام المنافسين. سجّل الدخول مجددًا.",
      extensions: { reason: "FACEBOOK_RECONNECT_NEEDED" },
    });

    // signing in again with every permission reads the figures
    fb.state.signInAs(person.id);
    expect((await signIn(a.token)).location).toBe("/competitors?discovery=connected");
    const ok = await call(app.base, "POST", `/api/competitors/${rival.id}/fetch`, { token: a.token });
    expect([ok.status, ok.body.snapshot?.followers]).toEqual([200, 900]);
  });
});

describe("using and leaving the connection", () => {
  let a: Awaited<ReturnType<typeof business>>;
  let person: ReturnType<typeof fb.state.addUser>;
  beforeAll(async () => {
    a = await business();
    person = fb.state.addUser({
      name: "Dalal",
      pages: [{ name: "Dalal's Cafe", instagram: { username: "dalals.cafe" } }],
    });
    fb.state.signInAs(person.id);
    expect((await signIn(a.token)).location).toBe("/competitors?discovery=connected");
    ig.state.addProfessional({
      username: "rival.cafe",
      followers: 5000,
      mediaCount: 10,
      media: [{ timestamp: new Date(Date.now() - DAY_MS), likes: 40, comments: 10, caption: "#karak" }],
    });
    ig.state.addProfessional({
      username: "rival.two",
      followers: 800,
      mediaCount: 3,
      media: [{ timestamp: new Date(Date.now() - 2 * DAY_MS), likes: 8, comments: 2, caption: "#brunch" }],
    });
  });

  test("another business cannot see, use or end the connection", async () => {
    const b = await business();
    expect((await call(app.base, "GET", "/api/competitors/discovery", { token: b.token })).body).toMatchObject({
      status: "not_connected",
      instagram_username: null,
    });
    const theirs = (
      await call(app.base, "POST", "/api/competitors", {
        token: b.token,
        body: { name: "Rival", platform: "instagram", handle: "rival.cafe" },
      })
    ).body;
    const calls = fb.state.calls.business_discovery ?? 0;
    expect((await call(app.base, "POST", `/api/competitors/${theirs.id}/fetch`, { token: b.token })).body.code).toBe(
      "FACEBOOK_NOT_CONNECTED",
    );
    expect(fb.state.calls.business_discovery ?? 0).toBe(calls);
    // B's disconnect ends nothing of A's
    expect((await call(app.base, "DELETE", "/api/competitors/discovery", { token: b.token })).body.status).toBe(
      "not_connected",
    );
    expect(
      (await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } })).status,
    ).toBe("connected");
    // signed out, or an admin (no business): refused
    expect((await call(app.base, "GET", "/api/competitors/discovery")).status).toBe(401);
    expect((await call(app.base, "POST", "/api/competitors/discovery/connect", { body: {} })).status).toBe(401);
    const admin = await adminToken(app.base);
    expect((await call(app.base, "GET", "/api/competitors/discovery", { token: admin })).body.code).toBe("FORBIDDEN");
    expect((await gql(app.base, STATUS, {}, admin)).errors?.[0]?.extensions.code).toBe("FORBIDDEN");
  });

  test("an API key (GraphQL) may read the status and use the connection, but only a person signs in or out", async () => {
    const created = await gql(app.base, `mutation { createApiKey(name: "Website") { key } }`, {}, a.token);
    if (!created.data) throw new Error(`createApiKey failed: ${JSON.stringify(created.errors)}`);
    const key = created.data.createApiKey.key as string;
    expect((await gql(app.base, STATUS, {}, key)).data.competitorDiscovery).toMatchObject({
      status: "CONNECTED",
      instagramUsername: "dalals.cafe",
    });
    const c = await gql(
      app.base,
      `mutation { createCompetitor(input: { name: "Rival", platform: INSTAGRAM, handle: "rival.cafe" }) { id } }`,
      {},
      key,
    );
    const read = await gql(
      app.base,
      `mutation($id: ID!) { fetchCompetitorFromInstagram(id: $id) { snapshot { followers source simulated } } }`,
      { id: c.data.createCompetitor.id },
      key,
    );
    expect(read.data.fetchCompetitorFromInstagram.snapshot).toEqual({
      followers: 5000,
      source: "INSTAGRAM",
      simulated: false,
    });
    for (const m of [
      `mutation { connectCompetitorDiscovery { authorizeUrl } }`,
      `mutation { disconnectCompetitorDiscovery { status } }`,
    ]) {
      expect((await gql(app.base, m, {}, key)).errors?.[0]?.extensions.reason).toBe("PERSONAL_SESSION_REQUIRED");
    }
    // API keys act at the GraphQL door only
    expect((await call(app.base, "DELETE", "/api/competitors/discovery", { token: key })).status).toBe(401);
    expect(
      (await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } })).status,
    ).toBe("connected");
  });

  test("a token past its date asks for a new sign-in without asking Facebook", async () => {
    const c = (
      await call(app.base, "POST", "/api/competitors", {
        token: a.token,
        body: { name: "Rival 2", platform: "instagram", handle: "rival.two" },
      })
    ).body;
    const row = await db().competitorDiscoveryConnection.update({
      where: { businessId: a.businessId },
      data: { tokenExpiresAt: new Date(Date.now() - 1000) },
    });
    // the status says so before any reading is tried
    expect((await gql(app.base, STATUS, {}, a.token)).data.competitorDiscovery).toMatchObject({
      status: "RECONNECT_NEEDED",
      expiresAt: row.tokenExpiresAt!.toISOString(),
    });
    const calls = fb.state.calls.business_discovery ?? 0;
    const g = await gql(
      app.base,
      `mutation($id: ID!) { fetchCompetitorFromInstagram(id: $id) { replaced } }`,
      { id: c.id },
      a.token,
    );
    expect(g.errors?.[0]).toMatchObject({
      message: "Your Facebook sign-in for competitor figures has expired. Sign in again.",
      extensions: { code: "BAD_USER_INPUT", reason: "FACEBOOK_RECONNECT_NEEDED" },
    });
    expect(fb.state.calls.business_discovery ?? 0).toBe(calls);
    expect(
      (await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } })).status,
    ).toBe("reconnect_needed");
    // signing in again mends it
    fb.state.signInAs(person.id);
    expect((await signIn(a.token)).location).toBe("/competitors?discovery=connected");
    const again = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: a.token });
    expect(again.body.snapshot).toMatchObject({ followers: 800, source: "instagram", simulated: false });
  });

  test("disconnecting forgets the token, tells Facebook, and is audited; reading then asks to sign in", async () => {
    const c = (
      await call(app.base, "POST", "/api/competitors", {
        token: a.token,
        body: { name: "Rival 3", platform: "instagram", handle: "rival.three" },
      })
    ).body;
    const g = await gql(
      app.base,
      `mutation { disconnectCompetitorDiscovery { configured status instagramUsername pageName connectedAt expiresAt } }`,
      {},
      a.token,
    );
    expect(g.data.disconnectCompetitorDiscovery).toEqual({
      configured: true,
      status: "NOT_CONNECTED",
      instagramUsername: null,
      pageName: null,
      connectedAt: null,
      expiresAt: null,
    });
    expect(await db().competitorDiscoveryConnection.count({ where: { businessId: a.businessId } })).toBe(0);
    expect(fb.state.calls.revoke_permissions).toBeGreaterThanOrEqual(1);
    expect(fb.state.tokensOf(person.id).every((t) => t.revoked)).toBe(true);
    expect(
      await db().auditLog.count({
        where: { action: "competitor_discovery.disconnected", entityId: a.businessId, actorId: a.userId },
      }),
    ).toBe(1);
    const r = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: a.token, lang: "ar" });
    expect([r.status, r.body]).toEqual([
      409,
      { code: "FACEBOOK_NOT_CONNECTED", message: "سجّل الدخول عبر فيسبوك لقراءة أرقام المنافسين من إنستغرام." },
    ]);
    // through REST, with nothing left to forget: the same status
    expect((await call(app.base, "DELETE", "/api/competitors/discovery", { token: a.token })).body).toEqual({
      configured: true,
      demo: false,
      status: "not_connected",
      instagram_username: null,
      page_name: null,
      connected_at: null,
      expires_at: null,
    });
  });
});

describe("a Business app with Facebook Login for Business: the Pages' configuration and discovery's (FACEBOOK_DISCOVERY_CONFIG_ID)", () => {
  // the same Meta app as the Pages, with two configurations, each with its own permissions
  const PAGES = [
    "pages_show_list",
    "pages_manage_posts",
    "pages_manage_engagement",
    "pages_read_engagement",
    "pages_read_user_content",
    "read_insights",
  ];
  const DISCOVERY = [
    "instagram_basic",
    "instagram_manage_insights",
    "pages_show_list",
    "pages_read_engagement",
    "business_management",
  ];
  let biz: Awaited<ReturnType<typeof startFacebookFake>>;
  let both: TestApp;
  let pagesOnly: TestApp;
  beforeAll(async () => {
    biz = await startFacebookFake({ instagram: ig.state });
    biz.state.useLoginForBusiness(PAGES);
    biz.state.useLoginForBusiness(DISCOVERY, "FACEBOOK_DISCOVERY_CONFIG_ID");
    both = await startTestApp({ ...biz.state.env, ...ig.state.env });
    // the operator set the Pages' configuration only
    pagesOnly = await startTestApp({ ...biz.state.env, ...ig.state.env, FACEBOOK_DISCOVERY_CONFIG_ID: "" });
  }, 120_000);
  afterAll(async () => {
    await pagesOnly?.stop();
    await both?.stop();
    await biz?.close();
  });

  test("signing in opens the dialog with discovery's configuration (no scope; without it the dialog refuses), is granted its permissions, and competitors are read", async () => {
    const discovery = biz.state.loginConfigs.find((c) => c.setting === "FACEBOOK_DISCOVERY_CONFIG_ID")!;
    const a = await signedInBusiness(both.base);
    const person = biz.state.addUser({
      name: "Hessa",
      pages: [{ name: "Hessa Bakes", instagram: { username: "hessa.bakes" } }],
    });
    biz.state.signInAs(person.id);
    ig.state.addProfessional({ username: "biz.rival", followers: 1200, mediaCount: 2, media: [] });

    const start = await call(both.base, "POST", "/api/competitors/discovery/connect", { token: a.token, body: {} });
    const authorize = new URL(start.body.authorize_url);
    const dialog = await fetch(authorize, { redirect: "manual" });
    expect({ status: dialog.status, refusal: dialog.status === 302 ? null : await dialog.text() }).toEqual({
      status: 302,
      refusal: null,
    });
    // the classic dialog (scope, no config_id) is refused by a Business app
    const classic = new URL(authorize);
    classic.searchParams.delete("config_id");
    classic.searchParams.set("scope", DISCOVERY.join(","));
    const refused = await fetch(classic, { redirect: "manual" });
    expect([refused.status, ((await refused.json()) as any).error.message]).toEqual([
      400,
      expect.stringMatching(/config_id/),
    ]);

    expect(Object.fromEntries(authorize.searchParams)).toEqual({
      client_id: biz.state.appId,
      redirect_uri: "http://sufra.test/api/competitors/discovery/callback",
      state: expect.any(String),
      response_type: "code",
      config_id: discovery.id,
    });
    const back = new URL(dialog.headers.get("location")!);
    const arrived = await fetch(`${both.base}${back.pathname}${back.search}`, { redirect: "manual" });
    expect([arrived.status, arrived.headers.get("location")]).toEqual([302, "/competitors?discovery=connected"]);
    expect(
      biz.state
        .tokensOf(person.id)
        .find((t) => t.kind === "long")!
        .scopes.sort(),
    ).toEqual([...DISCOVERY].sort());

    const rival = (
      await call(both.base, "POST", "/api/competitors", {
        token: a.token,
        body: { name: "Rival", platform: "instagram", handle: "biz.rival" },
      })
    ).body;
    const read = await call(both.base, "POST", `/api/competitors/${rival.id}/fetch`, { token: a.token });
    expect(read.body.snapshot).toMatchObject({ followers: 1200, source: "instagram", simulated: false });
  });

  test("with the Pages' configuration only, discovery is not set up (a Business app cannot ask for scopes): said in both languages, no dialog opened", async () => {
    const a = await signedInBusiness(pagesOnly.base);
    expect((await call(pagesOnly.base, "GET", "/api/competitors/discovery", { token: a.token })).body).toMatchObject({
      configured: false,
      status: "not_connected",
    });
    const rest = await call(pagesOnly.base, "POST", "/api/competitors/discovery/connect", { token: a.token, body: {} });
    expect([rest.status, rest.body]).toEqual([
      409,
      {
        code: "FACEBOOK_NOT_CONFIGURED",
        message:
          "Reading figures from Instagram is not available yet. Enter competitors' figures by hand or import a CSV file",
      },
    ]);
    const g = await gql(pagesOnly.base, `mutation { connectCompetitorDiscovery { authorizeUrl } }`, {}, a.token, "ar");
    expect(g.errors?.[0]).toMatchObject({
      message: "قراءة الأرقام من إنستغرام غير متاحة بعد. أدخل أرقام المنافسين يدويًا أو استوردها من ملف CSV",
      extensions: { reason: "FACEBOOK_NOT_CONFIGURED" },
    });
    expect(await pagesOnly.sufra.deps.db.oAuthState.count({ where: { businessId: a.businessId } })).toBe(0);
  });
});

describe("a server without a Facebook app", () => {
  const bare = appForFile();

  test("it says so: status not configured, signing in and reading refused; demo businesses still get simulated readings", async () => {
    const c = await registeredClient(bare.base);
    const token = (await call(bare.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
      .body.access_token as string;
    expect((await call(bare.base, "GET", "/api/competitors/discovery", { token })).body).toMatchObject({
      configured: false,
      demo: false,
      status: "not_connected",
    });
    const rest = await call(bare.base, "POST", "/api/competitors/discovery/connect", { token, body: {} });
    // a feature this server was not set up for is a refusal the person can act on (ask support), as PLATFORM_NOT_CONFIGURED; never a 5xx
    expect([rest.status, rest.body]).toEqual([
      409,
      {
        code: "FACEBOOK_NOT_CONFIGURED",
        message:
          "Reading figures from Instagram is not available yet. Enter competitors' figures by hand or import a CSV file",
      },
    ]);
    const g = await gql(bare.base, `mutation { connectCompetitorDiscovery { authorizeUrl } }`, {}, token, "ar");
    expect(g.errors?.[0]).toMatchObject({
      message: "قراءة الأرقام من إنستغرام غير متاحة بعد. أدخل أرقام المنافسين يدويًا أو استوردها من ملف CSV",
      extensions: { reason: "FACEBOOK_NOT_CONFIGURED" },
    });
    expect(await bare.sufra.deps.db.oAuthState.count({ where: { businessId: c.businessId } })).toBe(0);
    const rival = (
      await call(bare.base, "POST", "/api/competitors", {
        token,
        body: { name: "Rival", platform: "instagram", handle: "rival.cafe" },
      })
    ).body;
    expect((await call(bare.base, "POST", `/api/competitors/${rival.id}/fetch`, { token })).body.code).toBe(
      "FACEBOOK_NOT_CONFIGURED",
    );

    // the demo business: simulated, nothing to connect
    await bare.sufra.services.platformAccounts.ensureDemoAccounts(c.businessId);
    expect((await gql(bare.base, STATUS, {}, token)).data.competitorDiscovery).toMatchObject({
      configured: false,
      demo: true,
      status: "NOT_CONNECTED",
    });
    const read = await call(bare.base, "POST", `/api/competitors/${rival.id}/fetch`, { token });
    expect(read.body.snapshot).toMatchObject({ source: "instagram", simulated: true });
  });
});

test("a week before the sign-in expires, each person of the business hears of it once; later ones, other businesses and stale sign-ins do not", async () => {
  const a = await business();
  const b = await business();
  for (const [x, ig] of [
    [a, "soon.cafe"],
    [b, "later.cafe"],
  ] as const) {
    fb.state.signInAs(fb.state.addUser({ name: "Owner", pages: [{ name: ig, instagram: { username: ig } }] }).id);
    expect((await signIn(x.token)).location).toBe("/competitors?discovery=connected");
  }
  const soon = new Date(Date.now() + 5 * DAY_MS);
  await db().competitorDiscoveryConnection.update({
    where: { businessId: a.businessId },
    data: { tokenExpiresAt: soon },
  });
  await db().competitorDiscoveryConnection.update({
    where: { businessId: b.businessId },
    data: { tokenExpiresAt: new Date(Date.now() + 20 * DAY_MS) },
  });

  const service = app.sufra.services.competitorDiscovery;
  expect(competitorsJobs(service).recurring!.map((j) => j.name)).toEqual(["competitors.discovery-expiring"]);
  const sent = await service.notifyExpiring();
  const rows = await db().notification.findMany({
    where: {
      type: "competitor_discovery_expiring",
      user: { memberships: { some: { businessId: { in: [a.businessId, b.businessId] } } } },
    },
  });
  expect(rows.map((r) => ({ user: r.userId, data: r.data }))).toEqual([
    { user: a.userId, data: { businessId: a.businessId, handle: "soon.cafe", expiresAt: soon.toISOString() } },
  ]);
  expect(sent.map((n) => n.id)).toEqual(rows.map((r) => r.id));
  // the person reads it at the GraphQL door, with the date
  const g = await gql(
    app.base,
    `{ notifications(first: 5) { edges { node { type data { handle expiresAt } } } } }`,
    {},
    a.token,
  );
  expect(g.data.notifications.edges[0].node).toEqual({
    type: "COMPETITOR_DISCOVERY_EXPIRING",
    data: { handle: "soon.cafe", expiresAt: soon.toISOString() },
  });
  // once per expiry date, however often the job runs
  expect(await service.notifyExpiring()).toEqual([]);
  // a sign-in already marked for renewal says so on its own card: no notice
  await db().competitorDiscoveryConnection.update({
    where: { businessId: b.businessId },
    data: { status: "reconnect_needed", tokenExpiresAt: new Date(Date.now() + 2 * DAY_MS) },
  });
  expect(await service.notifyExpiring()).toEqual([]);
});

test("a return path after any sign-in elsewhere is a path of this site: never another host", () => {
  expect(ownPath("/competitors", "/x")).toBe("/competitors");
  expect(ownPath("/settings/accounts", "/x")).toBe("/settings/accounts");
  for (const bad of [
    "//intranet/settings",
    "//evil.example",
    "https://evil.example/",
    "competitors",
    "/a?b=1",
    "/a b",
    42,
    undefined,
  ])
    expect(ownPath(bad, "/x")).toBe("/x");
});
