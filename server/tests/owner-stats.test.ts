// Owner stats (docs/product.md#data-shapes): the shape over REST (camelCase keys exactly) and GraphQL, every figure from the
// database, "today" in Asia/Kuwait, a business sees only its own figures, an admin is refused.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { startOfDay } from "../src/modules/owner/owner.service.ts";
import { adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

const DAY = 86_400_000;
const HOUR = 3_600_000;
const SPEC_KEYS = [
  "businessName",
  "subscriptionPlan",
  "subscriptionStatus",
  "daysUntilRenewal",
  "totalPosts",
  "scheduledPosts",
  "publishedToday",
  "engagementRate",
  "teamMembers",
  "platformsConnected",
  "recentActivity",
];

let app: TestApp;
let cafe: Awaited<ReturnType<typeof registeredClient>> & { token: string };
let other: Awaited<ReturnType<typeof registeredClient>> & { token: string };

/** Midnight in Kuwait (UTC+3 all year), worked out here without the code under test. */
const kuwaitMidnight = (now = Date.now()) => {
  const k = new Date(now + 3 * HOUR);
  return Date.UTC(k.getUTCFullYear(), k.getUTCMonth(), k.getUTCDate()) - 3 * HOUR;
};

async function signedIn(c: Awaited<ReturnType<typeof registeredClient>>) {
  const r = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  return { ...c, token: r.body.access_token as string };
}

beforeAll(async () => {
  app = await startTestApp();
  cafe = await signedIn(
    await registeredClient(app.base, { over: { company_name: "Dar Al Qahwa", requested_plan: "professional" } }),
  );
  other = await signedIn(
    await registeredClient(app.base, { over: { company_name: "Other Café", requested_plan: "basic" } }),
  );
  const { db } = app.sufra.deps;
  const midnight = kuwaitMidnight();
  const at = (ms: number) => new Date(ms);
  const bid = cafe.businessId;
  await db.post.createMany({
    data: [
      {
        businessId: bid,
        status: "published",
        content: "Fresh saffron buns are out of the oven",
        publishedAt: at(midnight + 60_000),
      },
      {
        businessId: bid,
        status: "published",
        content: "Karak and a date cake for the evening",
        publishedAt: at(Math.min(Date.now() - 1_000, midnight + 2 * HOUR)),
      },
      { businessId: bid, status: "published", content: "Last night's Ghabga", publishedAt: at(midnight - 60_000) }, // yesterday in Kuwait
      { businessId: bid, status: "scheduled", content: "Friday brunch", scheduledFor: at(Date.now() + DAY) },
      { businessId: bid, status: "scheduled", content: "   ", scheduledFor: at(Date.now() + 2 * DAY) },
      { businessId: bid, status: "draft", content: "An idea" },
      { businessId: other.businessId, status: "published", content: "Not yours", publishedAt: at(Date.now() - 1_000) },
    ],
  });
  // a member who joined after the business signed up
  await db.user.create({
    data: {
      email: `member-${bid.slice(0, 8)}@example.kw`,
      passwordHash: "x",
      name: "Fahad Al-Ali",
      role: "owner",
      memberships: { create: { businessId: bid, role: "owner" } },
    },
  });
}, 60_000);

afterAll(async () => {
  await app?.stop();
});

describe("owner stats", () => {
  test("REST: the owner stats keys, each figure from the database", async () => {
    const r = await call(app.base, "GET", "/api/owner/stats", { token: cafe.token });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(SPEC_KEYS);
    expect(r.body).toMatchObject({
      businessName: "Dar Al Qahwa",
      subscriptionPlan: "Professional",
      subscriptionStatus: "trial",
      daysUntilRenewal: 14,
      totalPosts: 6,
      scheduledPosts: 2,
      publishedToday: 2,
      engagementRate: null,
      teamMembers: 2,
      platformsConnected: [],
    });
    const activity = r.body.recentActivity;
    expect(activity).toHaveLength(5);
    for (const a of activity) expect(Object.keys(a)).toEqual(["id", "type", "description", "timestamp"]);
    const times = activity.map((a: any) => Date.parse(a.timestamp));
    expect([...times].sort((x, y) => y - x)).toEqual(times); // newest first
    expect(activity.map((a: any) => a.type).sort()).toEqual([
      "post_published",
      "post_published",
      "post_scheduled",
      "post_scheduled",
      "team_joined",
    ]);
    expect(activity.map((a: any) => a.description)).toEqual(
      expect.arrayContaining([
        "Fahad Al-Ali joined the team",
        "Post scheduled: “Friday brunch”",
        "A post was scheduled",
        "Post published: “Karak and a date cake for the evening”",
      ]),
    );
    // the applicant did not "join" the business they signed up
    expect(activity.map((a: any) => a.description)).not.toContain("Noura Al-Sabah joined the team");
  });

  test("REST in Arabic: the plan's name and the descriptions", async () => {
    const r = await call(app.base, "GET", "/api/owner/stats", { token: cafe.token, lang: "ar" });
    expect(r.body.subscriptionPlan).toBe("الاحترافية");
    expect(r.body.recentActivity.map((a: any) => a.description)).toContain("انضم Fahad Al-Ali إلى الفريق");
  });

  test("GraphQL: the same figures", async () => {
    const r = await gql(
      app.base,
      "{ ownerStats { businessName subscriptionPlan subscriptionStatus daysUntilRenewal totalPosts scheduledPosts publishedToday engagementRate teamMembers platformsConnected recentActivity { id type subject description timestamp } } }",
      {},
      cafe.token,
    );
    expect(r.errors).toBeUndefined();
    const s = r.data.ownerStats;
    expect(s).toMatchObject({
      businessName: "Dar Al Qahwa",
      subscriptionPlan: "PROFESSIONAL",
      subscriptionStatus: "TRIAL",
      daysUntilRenewal: 14,
      totalPosts: 6,
      scheduledPosts: 2,
      publishedToday: 2,
      engagementRate: null,
      teamMembers: 2,
      platformsConnected: [],
    });
    expect(s.recentActivity).toHaveLength(5);
    expect(s.recentActivity).toContainEqual(
      expect.objectContaining({
        type: "TEAM_JOINED",
        subject: "Fahad Al-Ali",
        description: "Fahad Al-Ali joined the team",
      }),
    );
    expect(s.recentActivity).toContainEqual(
      expect.objectContaining({ type: "POST_SCHEDULED", subject: null, description: "A post was scheduled" }),
    );
    const rest = await call(app.base, "GET", "/api/owner/stats", { token: cafe.token });
    expect(s.recentActivity.map((a: any) => a.id)).toEqual(rest.body.recentActivity.map((a: any) => a.id));
  });

  test("a business sees only its own figures", async () => {
    const r = await call(app.base, "GET", "/api/owner/stats", { token: other.token });
    expect(r.body).toMatchObject({
      businessName: "Other Café",
      subscriptionPlan: "Basic",
      totalPosts: 1,
      scheduledPosts: 0,
      publishedToday: 1,
      teamMembers: 1,
    });
    expect(r.body.recentActivity.map((a: any) => a.description)).toEqual(["Post published: “Not yours”"]);
  });

  test("an admin is refused (403, FORBIDDEN); without a token, 401", async () => {
    const token = await adminToken(app.base);
    const r = await call(app.base, "GET", "/api/owner/stats", { token });
    expect(r.status).toBe(403);
    expect(r.body).toMatchObject({ code: "FORBIDDEN", message: "You do not have permission to perform this action" });
    const g = await gql(app.base, "{ ownerStats { businessName } }", {}, token);
    expect(g.errors?.[0].extensions.code).toBe("FORBIDDEN");
    expect((await call(app.base, "GET", "/api/owner/stats")).status).toBe(401);
    expect((await gql(app.base, "{ ownerStats { businessName } }")).errors?.[0].extensions.code).toBe(
      "UNAUTHENTICATED",
    );
  });

  test("a connected network is named as people know it (X, not twitter), in both languages", async () => {
    const c = await signedIn(await registeredClient(app.base, { over: { company_name: "Gulf Roast" } }));
    await app.sufra.deps.db.platformAccount.create({
      data: {
        businessId: c.businessId,
        platform: "twitter",
        externalId: "x-1",
        handle: "gulfroast",
        status: "connected",
      },
    });
    const en = await call(app.base, "GET", "/api/owner/stats", { token: c.token });
    expect(en.body.recentActivity.map((a: any) => a.description)).toEqual(["X @gulfroast connected"]);
    const ar = await call(app.base, "GET", "/api/owner/stats", { token: c.token, lang: "ar" });
    expect(ar.body.recentActivity.map((a: any) => a.description)).toEqual(["تم ربط إكس @gulfroast"]);
    const g = await gql(
      app.base,
      "{ ownerStats { platformsConnected recentActivity { type subject platform description } } }",
      {},
      c.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.ownerStats.platformsConnected).toEqual(["twitter"]);
    expect(g.data.ownerStats.recentActivity).toEqual([
      { type: "PLATFORM_CONNECTED", subject: "@gulfroast", platform: "TWITTER", description: "X @gulfroast connected" },
    ]);
  });

  test("before approval there is no renewal to count down to", async () => {
    const pending = await registeredClient(app.base, { approve: false, over: { company_name: "Still Pending" } });
    const user = await app.sufra.deps.db.user.findUniqueOrThrow({ where: { id: pending.userId } });
    const s = await app.sufra.services.owner.stats({
      userId: user.id,
      role: "client",
      email: user.email,
      name: user.name,
      businessId: pending.businessId,
      sessionId: "test",
    });
    expect(s).toMatchObject({
      businessName: "Still Pending",
      subscriptionPlan: "premium",
      subscriptionStatus: "trial",
      daysUntilRenewal: null,
      totalPosts: 0,
      recentActivity: [],
    });
  });
});

describe("today is Kuwait's day", () => {
  test("at 01:30 in Kuwait (22:30 UTC the day before), today began 90 minutes ago", () => {
    expect(startOfDay(new Date("2026-03-01T22:30:00Z")).toISOString()).toBe("2026-03-01T21:00:00.000Z");
    expect(startOfDay(new Date("2026-03-02T20:59:59.999Z")).toISOString()).toBe("2026-03-01T21:00:00.000Z");
    expect(startOfDay(new Date("2026-03-02T21:00:00Z")).toISOString()).toBe("2026-03-02T21:00:00.000Z");
  });

  test("a post published at 23:30 Kuwait time yesterday is not today's, though UTC would say so", async () => {
    const { db } = app.sufra.deps;
    const c = await registeredClient(app.base, { over: { company_name: "Night Owl" } });
    const user = await db.user.findUniqueOrThrow({ where: { id: c.userId } });
    await db.post.createMany({
      data: [
        { businessId: c.businessId, status: "published", publishedAt: new Date("2026-03-01T20:30:00Z") }, // 23:30 on 1 March in Kuwait
        { businessId: c.businessId, status: "published", publishedAt: new Date("2026-03-01T21:30:00Z") }, // 00:30 on 2 March in Kuwait
      ],
    });
    const s = await app.sufra.services.owner.stats(
      {
        userId: user.id,
        role: "client",
        email: user.email,
        name: user.name,
        businessId: c.businessId,
        sessionId: "test",
      },
      new Date("2026-03-01T22:30:00Z"),
    );
    expect(s.publishedToday).toBe(1);
    expect(s.recentActivity.map((a) => a.subject)).toEqual([null, null]);
  });
});
