// Connecting Google Business Profile and picking its locations, against the Google stand-in: OAuth with
// PKCE through the real callback, tokens sealed at rest, the locations read with their verification,
// picks kept over re-reads, a location Google drops marked (not deleted with its reviews), the token
// refreshed through access(), a refused refresh asking for a reconnect, tenancy, the simulated Google of
// practice accounts, and a server without Google credentials.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createPlatformAccountsService } from "../src/modules/platform-accounts/platform-accounts.service.ts";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";
import type { Viewer } from "../src/kernel/policy.ts";
import { BUSINESS_SCOPE, startGoogleFake, type GoogleFakeState } from "./fakes/google-server.ts";
import { gql, registeredClient, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";

let fake: Awaited<ReturnType<typeof startGoogleFake>>;
let s: GoogleFakeState;
let app: TestApp;

beforeAll(async () => {
  fake = await startGoogleFake();
  s = fake.state;
  app = await startTestApp(s.env);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const db = () => app.sufra.deps.db;
const crypto = () => createTokenCrypto(app.sufra.deps.config.tokenKey);

const LOCATIONS = `{ id name googleAccount title address verified picked goneAt demo }`;
type Loc = {
  id: string;
  name: string;
  googleAccount: string;
  title: string;
  address: string;
  verified: boolean;
  picked: boolean;
  goneAt: string | null;
  demo: boolean;
};
const locations = async (token: string): Promise<Loc[]> => {
  const r = await gql(app.base, `{ googleLocations ${LOCATIONS} }`, {}, token);
  expect(r.errors).toBeUndefined();
  return r.data.googleLocations;
};
const pick = (token: string, locationIds: string[], picked: boolean) =>
  gql(
    app.base,
    `mutation($ids: [ID!]!, $picked: Boolean!) { pickGoogleLocations(locationIds: $ids, picked: $picked) ${LOCATIONS} }`,
    { ids: locationIds, picked },
    token,
  );
const reread = (token: string) => gql(app.base, `mutation { refreshGoogleLocations ${LOCATIONS} }`, {}, token);
const byTitle = (list: Loc[]) => Object.fromEntries(list.map((l) => [l.title, l]));

/** Connects Google for the business as this Google person: GraphQL, the stand-in's consent page, then Sufra's callback. */
async function connectAs(token: string, personId: string, opts: { deny?: boolean } = {}) {
  const start = await gql(
    app.base,
    `mutation { connectPlatform(platform: GOOGLE, returnTo: "/settings") { authorizeUrl account { id } } }`,
    {},
    token,
  );
  expect(start.errors).toBeUndefined();
  const authorize = new URL(start.data.connectPlatform.authorizeUrl);
  s.consentAs(personId, { deny: opts.deny });
  const consent = await fetch(authorize, { redirect: "manual" });
  expect(consent.status).toBe(302);
  // Google sends the browser to our public address: the same path on the test server
  const callback = new URL(consent.headers.get("location")!);
  expect(callback.origin + callback.pathname).toBe("http://sufra.test/api/platforms/google/callback");
  const back = await fetch(`${app.base}${callback.pathname}${callback.search}`, { redirect: "manual" });
  expect(back.status).toBe(302);
  return { authorize, to: back.headers.get("location")! };
}

describe("connecting Google Business Profile", () => {
  let owner: Awaited<ReturnType<typeof signedInBusiness>>;
  let person: string;
  const names: Record<string, string> = {};

  beforeAll(async () => {
    owner = await signedInBusiness(app.base);
    const { person: p, account } = s.addPerson({ name: "Dana Alsabah" });
    person = p.id;
    const group = s.addAccount({ accountName: "Dana's cafés", people: [p.id] });
    names.salmiya = s.addLocation(account.name, {
      title: "Salmiya",
      address: { regionCode: "KW", addressLines: ["Salem Al Mubarak St"], locality: "Salmiya" },
      verified: true,
    }).name;
    names.jabriya = s.addLocation(account.name, { title: "Jabriya", verified: false }).name;
    names.city = s.addLocation(group.name, { title: "Kuwait City", verified: true }).name;
  });

  test("a refused consent comes back to Settings with an error and connects nothing", async () => {
    const { to } = await connectAs(owner.token, person, { deny: true });
    expect(to).toBe("/settings?connect_error=OAUTH_FAILED&platform=google");
    expect(
      await db().platformAccount.findFirst({ where: { businessId: owner.businessId, platform: "google" } }),
    ).toBeNull();
  });

  test("connects with PKCE through the real callback; the tokens are sealed; the locations are read with their verification", async () => {
    const { authorize, to } = await connectAs(owner.token, person);
    expect(authorize.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorize.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get("redirect_uri")).toBe("http://sufra.test/api/platforms/google/callback");
    expect(authorize.searchParams.get("scope")).toContain(BUSINESS_SCOPE);
    expect(to).toBe("/settings?connected=1&platform=google");

    const row = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: owner.businessId, platform: "google" } },
    });
    expect(row).toMatchObject({ status: "connected", demo: false });
    expect(row.scopes).toContain(BUSINESS_SCOPE);
    // sealed at rest: what the stand-in issued is not in the row, and opens to a token it knows
    expect(row.accessToken).not.toContain("ya29.");
    expect(row.refreshToken).not.toContain("1//");
    expect(s.accessTokens.has(crypto().open(row.accessToken!))).toBe(true);
    expect(s.refreshTokens.has(crypto().open(row.refreshToken!))).toBe(true);
    expect(row.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(50 * 60_000);

    const list = byTitle(await locations(owner.token));
    expect(Object.keys(list).sort()).toEqual(["Jabriya", "Kuwait City", "Salmiya"]);
    expect([list.Salmiya!.verified, list.Jabriya!.verified, list["Kuwait City"]!.verified]).toEqual([
      true,
      false,
      true,
    ]);
    expect(Object.values(list).every((l) => !l.picked && !l.goneAt && !l.demo)).toBe(true);
    expect(list.Salmiya!.name).toBe(names.salmiya);
    expect(list.Salmiya!.address).toContain("Salmiya");

    const connections = await gql(
      app.base,
      `{ platformConnections { platform configured available account { status } } }`,
      {},
      owner.token,
    );
    expect(connections.data.platformConnections.find((c: { platform: string }) => c.platform === "GOOGLE")).toEqual({
      platform: "GOOGLE",
      configured: true,
      available: true,
      account: { status: "CONNECTED" },
    });
    const audits = await app.sufra.deps.pool.query(
      "select action from audit_log where entity_id = $1 and action like 'platform.%' order by created_at",
      [owner.businessId],
    );
    expect(audits.rows.map((r) => r.action)).toEqual(["platform.connected", "platform.google_locations_read"]);
  });

  test("two branches picked; a re-read keeps the picks, updates verification, adds new ones unpicked and marks a dropped one, keeping its reviews", async () => {
    const before = byTitle(await locations(owner.token));
    const picked = await pick(owner.token, [before.Salmiya!.id, before["Kuwait City"]!.id], true);
    expect(picked.errors).toBeUndefined();
    expect(
      picked.data.pickGoogleLocations
        .filter((l: Loc) => l.picked)
        .map((l: Loc) => l.title)
        .sort(),
    ).toEqual(["Kuwait City", "Salmiya"]);
    const review = await db().review.create({
      data: {
        businessId: owner.businessId,
        importKey: "google:accounts/1/locations/2/reviews/fatma",
        externalId: "accounts/1/locations/2/reviews/fatma",
        source: "google",
        author: "Fatma",
        rating: 5,
        text: "Lovely karak",
        language: "en",
        reviewedAt: new Date(),
        sentiment: "positive",
        locationId: before["Kuwait City"]!.id,
      },
    });

    // Google: Kuwait City leaves the connection, Jabriya is verified, Mangaf opens
    s.locations.delete(names.city!);
    s.setVerified(names.jabriya!, true);
    s.addLocation(s.personalAccount(person).name, { title: "Mangaf", verified: true });
    const after = await reread(owner.token);
    expect(after.errors).toBeUndefined();
    const list = byTitle(after.data.refreshGoogleLocations);
    expect(list.Salmiya).toMatchObject({ picked: true, verified: true, goneAt: null });
    expect(list.Jabriya).toMatchObject({ picked: false, verified: true, goneAt: null });
    expect(list.Mangaf).toMatchObject({ picked: false, verified: true, goneAt: null });
    // kept, still picked, but unverified so nothing is synced or posted there
    expect(list["Kuwait City"]).toMatchObject({ picked: true, verified: false });
    expect(list["Kuwait City"]!.goneAt).not.toBeNull();
    expect((await db().review.findUniqueOrThrow({ where: { id: review.id } })).locationId).toBe(
      list["Kuwait City"]!.id,
    );

    // a gone location can be unpicked, not picked
    expect((await pick(owner.token, [list["Kuwait City"]!.id], false)).errors).toBeUndefined();
    const again = await pick(owner.token, [list["Kuwait City"]!.id], true);
    expect(again.errors?.[0]?.extensions.reason).toBe("INVALID_STATE");
    const bad = await pick(owner.token, ["not-a-uuid"], true);
    expect(bad.errors?.[0]?.extensions.reason).toBe("VALIDATION_ERROR");
  });

  test("an access token about to expire is refreshed through access(); Google keeps the refresh token", async () => {
    const row = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: owner.businessId, platform: "google" } },
    });
    const [oldAccess, oldRefresh] = [crypto().open(row.accessToken!), crypto().open(row.refreshToken!)];
    // inside the adapter's margin: the next use refreshes first
    await db().platformAccount.update({
      where: { id: row.id },
      data: { tokenExpiresAt: new Date(Date.now() + 60_000) },
    });
    const tokenCalls = s.calls.token ?? 0;
    const got = await app.sufra.services.platformAccounts.access(row.id);
    expect(s.calls.token).toBe(tokenCalls + 1);
    expect(got.access.accessToken).not.toBe(oldAccess);
    expect(s.accessTokens.has(got.access.accessToken)).toBe(true);
    const fresh = await db().platformAccount.findUniqueOrThrow({ where: { id: row.id } });
    expect(crypto().open(fresh.accessToken!)).toBe(got.access.accessToken);
    expect(crypto().open(fresh.refreshToken!)).toBe(oldRefresh);
    expect(fresh.tokenExpiresAt!.getTime() - Date.now()).toBeGreaterThan(50 * 60_000);
    // and the locations are read with the new token
    expect((await reread(owner.token)).errors).toBeUndefined();
  });

  test("another business sees none of these locations and cannot pick them", async () => {
    const other = await signedInBusiness(app.base);
    expect(await locations(other.token)).toEqual([]);
    const mine = await locations(owner.token);
    const r = await pick(other.token, [mine[0]!.id], true);
    expect(r.errors?.[0]?.extensions.reason).toBe("NOT_FOUND");
    const re = await reread(other.token);
    expect(re.errors?.[0]?.extensions.reason).toBe("PLATFORM_NOT_CONNECTED");
    expect((await locations(owner.token)).map((l) => [l.id, l.picked])).toEqual(mine.map((l) => [l.id, l.picked]));
  });

  test("a refused refresh marks the account for reconnecting; disconnecting keeps the locations and their reviews", async () => {
    const row = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: owner.businessId, platform: "google" } },
    });
    // the person removed Sufra's access in their Google account
    s.revoke(crypto().open(row.refreshToken!));
    await db().platformAccount.update({
      where: { id: row.id },
      data: { tokenExpiresAt: new Date(Date.now() + 60_000) },
    });
    const r = await reread(owner.token);
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_RECONNECT_NEEDED");
    const marked = await db().platformAccount.findUniqueOrThrow({ where: { id: row.id } });
    expect(marked.status).toBe("reconnect_needed");
    expect(marked.lastError).toBeTruthy();
    const notes = await db().notification.count({ where: { userId: owner.userId, type: "account_reconnect_needed" } });
    expect(notes).toBe(1);

    const count = await db().googleLocation.count({ where: { businessId: owner.businessId } });
    const gone = await gql(app.base, `mutation { disconnectPlatform(platform: GOOGLE) { status } }`, {}, owner.token);
    expect(gone.data.disconnectPlatform.status).toBe("DISCONNECTED");
    expect(await db().googleLocation.count({ where: { businessId: owner.businessId } })).toBe(count);
    expect(await db().review.count({ where: { businessId: owner.businessId, locationId: { not: null } } })).toBe(1);
    expect((await reread(owner.token)).errors?.[0]?.extensions.reason).toBe("PLATFORM_NOT_CONNECTED");
  });
});

describe("the simulated Google and a server without Google", () => {
  test("a practice Google account has its simulated branches, verified and picked, at the first look", async () => {
    const c = await registeredClient(app.base, { practice: true });
    const t = await signedInLogin(c.email, c.password);
    const list = await locations(t);
    expect(list.length).toBe(2);
    expect(list.every((l) => l.demo && l.verified && l.picked)).toBe(true);
    // reading again changes nothing a person chose
    expect((await pick(t, [list[0]!.id], false)).errors).toBeUndefined();
    const again = await reread(t);
    expect(again.errors).toBeUndefined();
    expect(again.data.refreshGoogleLocations.filter((l: Loc) => l.picked).length).toBe(1);
  });

  test("without GOOGLE_CLIENT_ID the connection says not configured and connecting is refused", async () => {
    const owner = await signedInBusiness(app.base);
    const deps = app.sufra.deps;
    const bare = createPlatformAccountsService(
      {
        ...deps,
        config: {
          ...deps.config,
          platforms: {
            ...deps.config.platforms,
            google: { ...deps.config.platforms.google, clientId: undefined, clientSecret: undefined },
          },
        },
      },
      app.sufra.services.notifications,
    );
    const viewer: Viewer = {
      userId: owner.userId,
      role: "owner",
      email: owner.email,
      name: "Owner",
      businessId: owner.businessId,
      sessionId: "test",
    };
    const google = (await bare.list(viewer)).find((c) => c.platform === "google")!;
    expect(google).toMatchObject({ configured: false, available: true, account: null });
    await expect(bare.connect(viewer, { platform: "google" }, { ip: "127.0.0.1", locale: "en" })).rejects.toMatchObject(
      { code: "PLATFORM_NOT_CONFIGURED" },
    );
  });
});

async function signedInLogin(email: string, password: string): Promise<string> {
  const r = await fetch(`${app.base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return ((await r.json()) as { access_token: string }).access_token;
}
