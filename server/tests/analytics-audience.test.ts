// Analytics' audience: the adapters' readings against local fakes of Instagram's Graph API
// and X's API v2 (demographics, online hours moved from Pacific to Kuwait time, followers, errors),
// the simulated network's reading, the metrics job's one snapshot per account and Kuwait day, the
// /audience path's shape and tenancy through both doors, and followers in the overview.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { kuwaitDate, type PlatformName } from "@sufra/schema";
import { demoAdapter, demoAudience } from "../src/networks/demo.ts";
import { createInstagramAdapter, onlineKuwaitHours } from "../src/networks/instagram/adapter.ts";
import { createSnapchatAdapter } from "../src/networks/snapchat/adapter.ts";
import { PlatformError, type AccountAccess } from "../src/networks/types.ts";
import { createXAdapter } from "../src/networks/x/adapter.ts";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";
import { startInstagramFake, type IgAudience } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { adminToken, call, gql, startTestApp, type TestApp, signedInBusiness } from "./support/app.ts";
import { waitFor } from "./support/networks.ts";

let ig: Awaited<ReturnType<typeof startInstagramFake>>;
let x: Awaited<ReturnType<typeof startXFake>>;
let app: TestApp;
let admin: string;

beforeAll(async () => {
  [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
  app = await startTestApp({
    ...ig.state.env,
    X_CLIENT_ID: x.state.config.clientId,
    X_CLIENT_SECRET: x.state.config.clientSecret!,
    X_AUTHORIZE_URL: x.state.config.authorizeUrl,
    X_API_URL: x.url,
  });
  admin = await adminToken(app.base);
  // the recurring metrics job runs once as the scheduler starts: let that run end before these tests count readings
  await waitFor(
    () =>
      app.sufra.deps.pool
        .query("select 1 from agenda_jobs where name = 'metrics.collect' and last_finished_at is not null")
        .then((r) => r.rowCount),
    (n) => n === 1,
    15_000,
  ).catch(() => {});
});
afterAll(async () => {
  await app?.stop();
  await Promise.all([ig?.close(), x?.close()]);
});

const db = () => app.sufra.deps.db;
const HOUR = 3_600_000;

/** America/Los_Angeles' offset from UTC now (-7 in summer, -8 in winter), as Instagram's online hours use it. */
const pacificOffset = (at = new Date()) =>
  Number(
    /GMT([+-]\d+)/.exec(
      new Intl.DateTimeFormat("en-US", { timeZone: "America/Los_Angeles", timeZoneName: "shortOffset" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")!.value,
    )![1],
  );
/** Instagram's end_time of the Pacific day that ended `daysAgo` days ago: midnight in California, in UTC. */
function pacificDayEnd(daysAgo: number): string {
  const offset = pacificOffset();
  const d = new Date(Date.now() + offset * HOUR);
  const midnight = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()) - offset * HOUR - daysAgo * 24 * HOUR;
  return new Date(midnight).toISOString().replace(/\.\d{3}Z$/, "+0000");
}

/** A café's Instagram audience, as the fake reports it: two days of online hours (Pacific time). */
const CAFE_AUDIENCE = (): IgAudience => ({
  followers: 2450,
  demographics: {
    city: { "Salmiya, Hawalli": 600, "Kuwait City, Al Asimah": 800, "Hawalli, Hawalli": 300, "Dubai, Dubai": 50 },
    age: { "25-34": 900, "18-24": 700, "35-44": 400 },
    gender: { F: 1200, M: 1100, U: 150 },
  },
  online: [
    { endTime: pacificDayEnd(2), hours: { "9": 100, "12": 40 } },
    { endTime: pacificDayEnd(1), hours: { "9": 300, "12": 60 } },
    // a day Instagram has no figures for yet
    { endTime: pacificDayEnd(0), hours: {} },
  ],
});

let users = 0;
function igUser(audience?: IgAudience) {
  const userId = String(17_841_400_000_000_000n + BigInt(++users));
  const token = ig.state.issueToken({ userId, username: `cafe_ig_${users}` });
  if (audience) ig.state.setAudience(userId, audience);
  return { externalId: userId, handle: `cafe_ig_${users}`, accessToken: token };
}
function xUser(followers?: number) {
  const userId = String(1_600_000 + ++users);
  const { accessToken } = x.state.issueTokens({ userId, username: `cafe_x_${users}` });
  if (followers !== undefined) x.state.setUserMetrics(userId, { followers_count: followers });
  return { externalId: userId, handle: `cafe_x_${users}`, accessToken };
}

describe("adapters read the audience", () => {
  const igAdapter = () => createInstagramAdapter(ig.state.config, { backoffMs: 5 });
  const xAdapter = () => createXAdapter(x.state.config, { backoffMs: 5 });

  test("Instagram: followers, cities, age bands and genders, and online hours moved to Kuwait time", async () => {
    const reading = await igAdapter().audience!(igUser(CAFE_AUDIENCE()));
    expect(reading.followers).toBe(2450);
    expect(reading.cities).toEqual([
      { key: "Kuwait City, Al Asimah", count: 800 },
      { key: "Salmiya, Hawalli", count: 600 },
      { key: "Hawalli, Hawalli", count: 300 },
      { key: "Dubai, Dubai", count: 50 },
    ]);
    expect(reading.ages).toEqual([
      { key: "25-34", count: 900 },
      { key: "18-24", count: 700 },
      { key: "35-44", count: 400 },
    ]);
    expect(reading.genders).toEqual([
      { key: "female", count: 1200 },
      { key: "male", count: 1100 },
      { key: "unknown", count: 150 },
    ]);
    // 09:00 in California is 19:00 in Kuwait in summer (UTC-7), 20:00 in winter (UTC-8); averaged over the two days with figures
    const shift = 3 - pacificOffset();
    expect(reading.activeHours).toHaveLength(24);
    expect(reading.activeHours[(9 + shift) % 24]).toBe(200);
    expect(reading.activeHours[(12 + shift) % 24]).toBe(50);
    expect(reading.activeHours.reduce((a, b) => a + b, 0)).toBe(250);
    // one call per breakdown, as the Graph API takes them
    expect(ig.state.calls.user_insights).toBeGreaterThanOrEqual(4);
  });

  test("online hours: Pacific daylight and standard time both land on the right Kuwait hour", () => {
    const summer = onlineKuwaitHours({
      data: [
        {
          name: "online_followers",
          period: "lifetime",
          values: [{ value: { "9": 100, "22": 40 }, end_time: "2026-07-02T07:00:00+0000" }],
        },
      ],
    });
    expect(summer[19]).toBe(100);
    expect(summer[8]).toBe(40); // 22:00 PDT is 08:00 the next morning in Kuwait
    const winter = onlineKuwaitHours({
      data: [
        {
          name: "online_followers",
          period: "lifetime",
          values: [{ value: { "9": 100 }, end_time: "2026-01-15T08:00:00+0000" }],
        },
      ],
    });
    expect(winter[20]).toBe(100);
    expect(winter.filter((n) => n > 0)).toEqual([100]);
    // no day with figures: no hours at all, rather than 24 zeros
    expect(
      onlineKuwaitHours({
        data: [{ name: "online_followers", values: [{ value: {}, end_time: "2026-01-15T08:00:00+0000" }] }],
      }),
    ).toEqual([]);
    expect(onlineKuwaitHours({ data: [] })).toEqual([]);
  });

  test("Instagram under 100 followers: the follower count, and no demographics (Instagram refuses them)", async () => {
    const reading = await igAdapter().audience!(
      igUser({ followers: 42, demographics: { city: { "Jahra, Al Jahra": 30 } }, online: [] }),
    );
    expect(reading).toEqual({ followers: 42, cities: [], ages: [], genders: [], activeHours: [] });
  });

  test("Instagram errors: an expired token is 'auth'; a passing 500 is retried; a lasting one is 'unavailable'", async () => {
    const expired = igUser(CAFE_AUDIENCE());
    ig.state.expireToken(expired.accessToken);
    await expect(igAdapter().audience!(expired)).rejects.toMatchObject({ kind: "auth" });

    const flaky = igUser(CAFE_AUDIENCE());
    ig.state.failNext("user_fields", 500, 2);
    expect((await igAdapter().audience!(flaky)).followers).toBe(2450);

    ig.state.failNext("user_fields", 500, 10);
    const err = await igAdapter().audience!(flaky).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformError);
    expect(err.kind).toBe("unavailable");
    ig.state.failures.delete("user_fields");
  });

  test("X: the follower count only, from users/me public_metrics", async () => {
    const reading = await xAdapter().audience!(xUser(5321));
    expect(reading).toEqual({ followers: 5321, cities: [], ages: [], genders: [], activeHours: [] });
  });

  test("X errors: a revoked token is 'auth'; a passing 503 is retried", async () => {
    const revoked = xUser(10);
    x.state.revokeToken(revoked.accessToken);
    await expect(xAdapter().audience!(revoked)).rejects.toMatchObject({ kind: "auth" });
    const flaky = xUser(77);
    x.state.failNext("me", 503, 2);
    expect((await xAdapter().audience!(flaky)).followers).toBe(77);
  });

  test("demo network: a stable Kuwaiti audience per account and day, growing slowly; X followers only; Snapchat none", async () => {
    const a = demoAudience("instagram", "account-a", "2026-03-01");
    expect(demoAudience("instagram", "account-a", "2026-03-01")).toEqual(a);
    expect(demoAudience("instagram", "account-b", "2026-03-01")).not.toEqual(a);
    const later = demoAudience("instagram", "account-a", "2026-03-31");
    expect(later.followers! - a.followers!).toBeGreaterThan(0);
    expect(later.followers! - a.followers!).toBeLessThan(200); // a few a day
    expect(a.cities.map((c) => c.key.split(",")[0])).toEqual(
      expect.arrayContaining(["Kuwait City", "Salmiya", "Hawalli", "Farwaniya", "Jahra", "Ahmadi"]),
    );
    expect(a.cities.reduce((n, c) => n + c.count, 0)).toBeLessThanOrEqual(a.followers!);
    expect(a.ages.map((x) => x.key)).toEqual(expect.arrayContaining(["18-24", "25-34", "35-44"]));
    expect(a.genders.map((g) => g.key).sort()).toEqual(["female", "male", "unknown"]);
    expect(Math.abs(a.genders.reduce((n, g) => n + g.count, 0) - a.followers!)).toBeLessThanOrEqual(2);
    // evening-heavy: 21:00 in Kuwait beats 04:00 and 10:00
    expect(a.activeHours).toHaveLength(24);
    expect(a.activeHours[21]).toBeGreaterThan(a.activeHours[10]! * 1.5);
    expect(a.activeHours[21]).toBeGreaterThan(a.activeHours[4]! * 5);

    const demoX = await demoAdapter("twitter").audience!({
      externalId: "demo-twitter",
      handle: "d",
      accessToken: "d",
      id: "account-c",
    });
    expect(demoX.followers).toBeGreaterThan(0);
    expect([demoX.cities, demoX.ages, demoX.genders, demoX.activeHours]).toEqual([[], [], [], []]);
    expect(demoAdapter("snapchat").audience).toBeUndefined();
    expect(createSnapchatAdapter().audience).toBeUndefined();
  });
});

// ---------------------------------------------------------------- the metrics job

const business = () => signedInBusiness(app.base);

type Platform = PlatformName;
/** A connected (real-network) account whose token is sealed as the connect flow seals it. */
async function account(businessId: string, platform: Platform, access?: AccountAccess) {
  const sealed = access ? createTokenCrypto(app.sufra.deps.config.tokenKey).seal(access.accessToken) : null;
  return db().platformAccount.create({
    data: {
      businessId,
      platform,
      externalId: access?.externalId ?? `${platform}-${businessId.slice(0, 8)}`,
      handle: access?.handle ?? `cafe_${platform}`,
      accessToken: sealed,
      status: "connected",
    },
  });
}

const snapshots = async (businessId: string) =>
  (
    await app.sufra.deps.pool.query<{
      id: string;
      platform: string;
      day: string;
      followers: number | null;
      cities: unknown[];
      ages: unknown[];
      genders: unknown[];
      active_hours: number[];
      simulated: boolean;
      updated_at: Date;
    }>(
      "select id, platform, to_char(day, 'YYYY-MM-DD') as day, followers, cities, ages, genders, active_hours, simulated, updated_at from audience_snapshots where business_id = $1 order by platform",
      [businessId],
    )
  ).rows;

describe("the metrics job reads each account's audience once a Kuwait day", () => {
  test("one snapshot per connected account and day; running again changes nothing and asks no network", async () => {
    const a = await business();
    await account(a.businessId, "instagram", igUser(CAFE_AUDIENCE()));
    await account(a.businessId, "twitter", xUser(640));
    await account(a.businessId, "snapchat");
    const d = await business();
    await app.sufra.services.platformAccounts.ensureDemoAccounts(d.businessId);

    const events: string[] = [];
    const stream = app.sufra.deps.pubsub.subscribe("metrics.changed");
    void (async () => {
      for await (const e of stream) events.push(e.businessId);
    })();

    await app.sufra.services.analytics.collectMetrics();
    const today = kuwaitDate();
    const rows = await snapshots(a.businessId);
    expect(rows.map((r) => [r.platform, r.day, r.followers, r.simulated])).toEqual([
      ["instagram", today, 2450, false],
      ["twitter", today, 640, false],
    ]);
    expect(rows[0]!.cities).toHaveLength(4);
    expect(rows[0]!.genders).toEqual([
      { key: "female", count: 1200 },
      { key: "male", count: 1100 },
      { key: "unknown", count: 150 },
    ]);
    expect(rows[0]!.active_hours).toHaveLength(24);
    expect([rows[1]!.cities, rows[1]!.active_hours]).toEqual([[], []]);
    // the demo accounts: simulated readings, Instagram in full, X followers only, Snapchat none; TikTok and Facebook too
    const demo = await snapshots(d.businessId);
    expect(demo.map((r) => [r.platform, r.simulated])).toEqual([
      ["instagram", true],
      ["twitter", true],
      ["tiktok", true],
      ["facebook", true],
    ]);
    expect(demo[0]!.cities.length).toBeGreaterThan(5);

    const asked = { ig: ig.state.calls.user_fields, x: x.state.calls.me };
    await app.sufra.services.analytics.collectMetrics();
    expect(await snapshots(a.businessId)).toEqual(rows);
    expect(await snapshots(d.businessId)).toEqual(demo);
    expect({ ig: ig.state.calls.user_fields, x: x.state.calls.me }).toEqual(asked);

    // the readings are news for both businesses' realtime views
    await waitFor(
      async () => events,
      (e) => e.includes(a.businessId) && e.includes(d.businessId),
    );
    await stream.return!(undefined);
  });

  test("a network that fails is logged and skipped, the others and the figures still collected; the next run reads it", async () => {
    const e = await business();
    const broken = igUser(CAFE_AUDIENCE());
    await account(e.businessId, "instagram", broken);
    await account(e.businessId, "twitter", xUser(90));
    ig.state.failNext("user_fields", 500, 50);
    await expect(app.sufra.services.analytics.collectMetrics()).resolves.toEqual(expect.any(Number));
    expect((await snapshots(e.businessId)).map((r) => r.platform)).toEqual(["twitter"]);

    ig.state.failures.delete("user_fields");
    await app.sufra.services.analytics.collectMetrics();
    expect((await snapshots(e.businessId)).map((r) => [r.platform, r.followers])).toEqual([
      ["instagram", 2450],
      ["twitter", 90],
    ]);
  });
});

// ---------------------------------------------------------------- GET /api/analytics/audience

interface Reading {
  followers: number | null;
  cities?: { key: string; count: number }[];
  ages?: { key: string; count: number }[];
  genders?: { key: string; count: number }[];
  activeHours?: number[];
}
async function snapshot(
  acc: { id: string; businessId: string; platform: Platform },
  day: string,
  r: Reading,
  simulated = false,
) {
  await db().audienceSnapshot.create({
    data: {
      businessId: acc.businessId,
      accountId: acc.id,
      platform: acc.platform,
      day: new Date(`${day}T00:00:00Z`),
      followers: r.followers,
      cities: r.cities ?? [],
      ages: r.ages ?? [],
      genders: r.genders ?? [],
      activeHours: r.activeHours ?? [],
      simulated,
    },
  });
}

const hours = (peak: number, n: number) => Array.from({ length: 24 }, (_, h) => (h === peak ? n : 1));
const ELEVEN_CITIES = [
  "Kuwait City",
  "Salmiya",
  "Hawalli",
  "Farwaniya",
  "Jahra",
  "Ahmadi",
  "Jabriya",
  "Fahaheel",
  "Mangaf",
  "Khaitan",
  "Riyadh",
].map((c, i) => ({ key: `${c}, Region`, count: 110 - i * 10 }));

const FROM = "2026-03-01";
const TO = "2026-03-10";
let a: Awaited<ReturnType<typeof business>>;
let b: Awaited<ReturnType<typeof business>>;

describe("GET /api/analytics/audience", () => {
  beforeAll(async () => {
    [a, b] = [await business(), await business()];
    const igA = await account(a.businessId, "instagram");
    const xA = await account(a.businessId, "twitter");
    await account(a.businessId, "snapchat");
    // the latest reading in the range counts (8 March); 12 March is after it; 20 February is the previous period's
    await snapshot(igA, "2026-02-20", { followers: 2000 });
    await snapshot(igA, "2026-03-02", { followers: 2100, cities: [{ key: "Jahra, Al Jahra", count: 5 }] });
    await snapshot(igA, "2026-03-08", {
      followers: 2400,
      cities: ELEVEN_CITIES,
      ages: [
        { key: "65+", count: 10 },
        { key: "18-24", count: 300 },
        { key: "25-34", count: 500 },
        { key: "13-17", count: 40 },
      ],
      genders: [
        { key: "unknown", count: 50 },
        { key: "male", count: 950 },
        { key: "female", count: 1000 },
      ],
      activeHours: hours(21, 500),
    });
    await snapshot(igA, "2026-03-12", { followers: 9999 });
    await snapshot(xA, "2026-03-05", { followers: 600 });
    // B: a demo account (simulated reading) and an Instagram account never read yet
    const demoB = await db().platformAccount.create({
      data: {
        businessId: b.businessId,
        platform: "twitter",
        externalId: "demo-twitter",
        handle: "sufra_demo_twitter",
        demo: true,
        status: "connected",
      },
    });
    await snapshot(demoB, "2026-03-09", { followers: 321 }, true);
    await account(b.businessId, "instagram");
  });

  const audience = (token: string | undefined, query: string) =>
    call(app.base, "GET", `/api/analytics/audience?${query}`, { token });

  test("per network the latest reading in the range, with shares; Snapchat and missing readings say why; the networks combined", async () => {
    const r = await audience(a.token, `client_id=${a.businessId}&from=${FROM}&to=${TO}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ client_id: a.businessId, from: FROM, to: TO, simulated_included: false });
    const [insta, twitter, snap] = r.body.networks;
    expect(r.body.networks.map((n: { platform: string }) => n.platform)).toEqual([
      "instagram",
      "twitter",
      "snapchat",
      "tiktok",
      "facebook",
    ]);

    expect(insta).toMatchObject({
      platform: "instagram",
      reported: true,
      gap: null,
      day: "2026-03-08",
      simulated: false,
      followers: 2400,
    });
    // the ten largest cities; each share is of all eleven (total 660)
    expect(insta.cities).toHaveLength(10);
    expect(insta.cities[0]).toEqual({ key: "Kuwait City, Region", area: "kuwait_city", count: 110, share: 16.67 });
    expect(insta.cities[1]).toEqual({ key: "Salmiya, Region", area: "salmiya", count: 100, share: 15.15 });
    expect(insta.cities.map((c: { key: string }) => c.key)).not.toContain("Riyadh, Region");
    // age bands youngest first, genders in a fixed order, shares in percent
    expect(insta.ages).toEqual([
      { key: "13-17", count: 40, share: 4.71 },
      { key: "18-24", count: 300, share: 35.29 },
      { key: "25-34", count: 500, share: 58.82 },
      { key: "65+", count: 10, share: 1.18 },
    ]);
    expect(insta.genders).toEqual([
      { key: "female", count: 1000, share: 50 },
      { key: "male", count: 950, share: 47.5 },
      { key: "unknown", count: 50, share: 2.5 },
    ]);
    expect(insta.active_hours).toEqual(hours(21, 500));

    expect(twitter).toEqual({
      platform: "twitter",
      reported: true,
      gap: "no_demographics",
      day: "2026-03-05",
      simulated: false,
      followers: 600,
      cities: [],
      ages: [],
      genders: [],
      active_hours: [],
    });
    expect(snap).toEqual({
      platform: "snapchat",
      reported: false,
      gap: "no_audience_api",
      day: null,
      simulated: false,
      followers: null,
      cities: [],
      ages: [],
      genders: [],
      active_hours: [],
    });

    expect(r.body.combined).toMatchObject({
      platforms: ["instagram", "twitter"],
      followers: 3000,
      active_hours: hours(21, 500),
    });
    expect(r.body.combined.cities[0]).toEqual(insta.cities[0]);
    expect(r.body.combined.genders).toEqual(insta.genders);
  });

  test("simulated readings are left out unless asked for; accounts never read and networks never connected say so", async () => {
    const hidden = await audience(b.token, `client_id=${b.businessId}&from=${FROM}&to=${TO}&include_simulated=false`);
    expect(hidden.status).toBe(200);
    expect(
      hidden.body.networks.map((n: { platform: string; reported: boolean; gap: string | null }) => [
        n.platform,
        n.reported,
        n.gap,
      ]),
    ).toEqual([
      ["instagram", false, "no_reading_yet"],
      ["twitter", false, "simulated_hidden"],
      ["snapchat", false, "not_connected"],
      ["tiktok", false, "not_connected"],
      ["facebook", false, "not_connected"],
    ]);
    expect(hidden.body.combined).toEqual({
      platforms: [],
      followers: null,
      cities: [],
      ages: [],
      genders: [],
      active_hours: [],
    });

    const shown = await audience(b.token, `client_id=${b.businessId}&from=${FROM}&to=${TO}&include_simulated=true`);
    expect(shown.body.networks[1]).toMatchObject({
      platform: "twitter",
      reported: true,
      simulated: true,
      followers: 321,
      gap: "no_demographics",
    });
    expect(shown.body.combined).toMatchObject({ platforms: ["twitter"], followers: 321 });
  });

  test("a network outside the business's plan is left out, not called not connected (the plan's networks: PLAN_PLATFORMS)", async () => {
    const basic = await signedInBusiness(app.base, { over: { requested_plan: "basic" } });
    await account(basic.businessId, "instagram");
    const r = await audience(basic.token, `client_id=${basic.businessId}&from=${FROM}&to=${TO}`);
    expect(r.status).toBe(200);
    // Basic connects Instagram (and Google, which has no audience): X, Snapchat, TikTok and Facebook are not its networks
    expect(r.body.networks.map((n: { platform: string; gap: string | null }) => [n.platform, n.gap])).toEqual([
      ["instagram", "no_reading_yet"],
    ]);
    // a reading kept from a plan the business had before still shows
    const xAccount = await account(basic.businessId, "twitter");
    await snapshot(xAccount, "2026-03-04", { followers: 70 });
    const later = await audience(basic.token, `client_id=${basic.businessId}&from=${FROM}&to=${TO}`);
    expect(
      later.body.networks.map((n: { platform: string; followers: number | null }) => [n.platform, n.followers]),
    ).toEqual([
      ["instagram", null],
      ["twitter", 70],
    ]);
  });

  test("tenancy: own business 200, another 403, none 400, an admin any", async () => {
    expect((await audience(b.token, `client_id=${a.businessId}`)).status).toBe(403);
    const none = await audience(a.token, `from=${FROM}`);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: "VALIDATION_ERROR", details: { client_id: [expect.any(String)] } });
    expect((await audience(undefined, `client_id=${a.businessId}`)).status).toBe(401);
    const asAdmin = await audience(admin, `client_id=${a.businessId}&from=${FROM}&to=${TO}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.combined.followers).toBe(3000);
  });

  const AUDIENCE = `query ($clientId: ID!, $from: String, $to: String, $sim: Boolean) {
    analyticsAudience(clientId: $clientId, from: $from, to: $to, includeSimulated: $sim) {
      clientId from to simulatedIncluded
      networks { platform reported gap day simulated followers cities { key area count share } ages { key count share } genders { key count share } activeHours }
      combined { platforms followers cities { key share } activeHours }
    }
  }`;

  test("GraphQL analyticsAudience: the same answer, the same tenancy", async () => {
    const g = await gql(app.base, AUDIENCE, { clientId: a.businessId, from: FROM, to: TO }, a.token);
    expect(g.errors).toBeUndefined();
    const out = g.data.analyticsAudience;
    expect(out).toMatchObject({ clientId: a.businessId, from: FROM, to: TO, simulatedIncluded: false });
    expect(
      out.networks.map((n: { platform: string; gap: string | null; followers: number | null }) => [
        n.platform,
        n.gap,
        n.followers,
      ]),
    ).toEqual([
      ["INSTAGRAM", null, 2400],
      ["TWITTER", "NO_DEMOGRAPHICS", 600],
      ["SNAPCHAT", "NO_AUDIENCE_API", null],
      ["TIKTOK", "NOT_CONNECTED", null],
      ["FACEBOOK", "NOT_CONNECTED", null],
    ]);
    expect(out.networks[0].cities[0]).toEqual({
      key: "Kuwait City, Region",
      area: "kuwait_city",
      count: 110,
      share: 16.67,
    });
    expect(out.combined).toMatchObject({ platforms: ["INSTAGRAM", "TWITTER"], followers: 3000 });

    const other = await gql(app.base, AUDIENCE, { clientId: a.businessId }, b.token);
    expect(other.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    expect(other.data).toBeNull();
    const asAdmin = await gql(app.base, AUDIENCE, { clientId: b.businessId, from: FROM, to: TO, sim: true }, admin);
    expect(asAdmin.data.analyticsAudience.combined.followers).toBe(321);
  });

  test("the overview counts followers on the range's last day against the previous period's last day", async () => {
    const r = await call(app.base, "GET", `/api/analytics/overview?client_id=${a.businessId}&from=${FROM}&to=${TO}`, {
      token: a.token,
    });
    expect(r.status).toBe(200);
    // 10 March: Instagram 2400 (8 March) + X 600 (5 March); 28 February: Instagram 2000 (X had no reading yet)
    expect(r.body.totals.followers).toBe(3000);
    expect(r.body.change.followers).toBe(50);
    // 5 March: Instagram 2100 (2 March) + X 600 (read that day); 4 March: Instagram alone
    const early = await call(
      app.base,
      "GET",
      `/api/analytics/overview?client_id=${a.businessId}&from=2026-03-05&to=2026-03-05`,
      { token: a.token },
    );
    expect(early.body.totals.followers).toBe(2700);
    expect(early.body.change.followers).toBe(28.57);
    // simulated readings only with include_simulated
    const demo = await call(
      app.base,
      "GET",
      `/api/analytics/overview?client_id=${b.businessId}&from=${FROM}&to=${TO}&include_simulated=false`,
      { token: b.token },
    );
    expect(demo.body.totals.followers).toBeNull();
    const sim = await call(
      app.base,
      "GET",
      `/api/analytics/overview?client_id=${b.businessId}&from=${FROM}&to=${TO}&include_simulated=true`,
      { token: b.token },
    );
    expect(sim.body.totals.followers).toBe(321);
    expect(sim.body.change.followers).toBeNull();

    const g = await gql(
      app.base,
      `query ($c: ID!) { analyticsOverview(clientId: $c, from: "${FROM}", to: "${TO}") { totals { followers } change { followers } } }`,
      { c: a.businessId },
      a.token,
    );
    expect(g.data.analyticsOverview).toEqual({ totals: { followers: 3000 }, change: { followers: 50 } });
  });
});
