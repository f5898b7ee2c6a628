// Peak-hours posting insights over real HTTP and Postgres: the Kuwait defaults until a business has
// enough published posts with figures, then its own best hours (simulated demo figures and other
// businesses' posts left out), Ramadan's hours inside Ramadan 2027 (with the admins' corrections),
// both doors, the query rule in both languages, and who may ask.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { MIN_POSTS_FOR_OWN_INSIGHTS, SUGGESTION_REASONS } from "@sufra/schema";
import { createInsightsService } from "../src/modules/insights/insights.service.ts";
import { adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
let tokenA: string;
let tokenB: string;
let admin: string;
let businessA: string;
const login = async (c: { email: string; password: string }) =>
  (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })).body
    .access_token as string;

beforeAll(async () => {
  app = await startTestApp();
  const a = await registeredClient(app.base);
  const b = await registeredClient(app.base);
  businessA = a.businessId;
  tokenA = await login(a);
  tokenB = await login(b);
  admin = await adminToken(app.base);
});
afterAll(async () => {
  await app?.stop();
});

const DEFAULT_REASONS = new Set(["lunch", "after_maghrib", "after_isha", "weekend_night"]);
const RAMADAN_REASONS = new Set(["before_iftar", "after_iftar", "before_suhoor"]);
const cell = (cells: { weekday: number; hour: number; score: number }[], weekday: number, hour: number) =>
  cells.find((c) => c.weekday === weekday && c.hour === hour)!.score;

/** An instant in the past at a Kuwait weekday and hour, `weeksAgo` weeks back (minute 10). */
function pastKuwait(weekday: number, hour: number, weeksAgo: number): Date {
  const kuwaitNow = new Date(Date.now() + 3 * 3_600_000);
  const d = new Date(
    Date.UTC(kuwaitNow.getUTCFullYear(), kuwaitNow.getUTCMonth(), kuwaitNow.getUTCDate(), hour, 10) - 3 * 3_600_000,
  );
  const back = (kuwaitNow.getUTCDay() - weekday + 7) % 7 || 7;
  return new Date(d.getTime() - (back + 7 * weeksAgo) * 86_400_000);
}

let accountSeq = 0;
async function account(businessId: string, platform: "instagram" | "twitter", demo = false) {
  const db = app.sufra.deps.db;
  return (
    (await db.platformAccount.findFirst({ where: { businessId, platform } })) ??
    db.platformAccount.create({
      data: {
        businessId,
        platform,
        externalId: `ext-${++accountSeq}`,
        handle: `cafe_${accountSeq}`,
        demo,
        accessToken: demo ? "demo" : "token",
      },
    })
  );
}

/** A published post with one target and figures (and its time series row), as the metrics job leaves it. */
async function published(
  businessId: string,
  at: Date,
  figures: { likes: number; comments?: number; shares?: number; reach: number; views?: number },
  opts: { platform?: "instagram" | "twitter"; simulated?: boolean; status?: "published" | "failed" } = {},
) {
  const db = app.sufra.deps.db;
  const acc = await account(businessId, opts.platform ?? "instagram", opts.simulated);
  const m = {
    likes: figures.likes,
    comments: figures.comments ?? 0,
    shares: figures.shares ?? 0,
    reach: figures.reach,
    views: figures.views ?? figures.reach,
  };
  const status = opts.status ?? "published";
  await db.post.create({
    data: {
      businessId,
      status: status === "published" ? "published" : "failed",
      content: "Karak and chebab, fresh from the pan",
      scheduledFor: at,
      publishedAt: status === "published" ? at : null,
      targets: {
        create: {
          accountId: acc.id,
          platform: acc.platform,
          status,
          publishedAt: status === "published" ? at : null,
          externalId: status === "published" ? `p-${at.getTime()}-${Math.random()}` : null,
          ...m,
          metricsAt: new Date(),
          metricsSimulated: !!opts.simulated,
          metrics: { create: { ...m, simulated: !!opts.simulated } },
        },
      },
    },
  });
}

describe("defaults until there are enough posts", () => {
  test("a new business: the Kuwait defaults, every weekday and hour, suggestions in the future with their reasons (REST, snake_case)", async () => {
    const r = await call(app.base, "GET", "/api/insights/posting-times?from=2030-06-09", { token: tokenB });
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual([
      "source",
      "ramadan",
      "posts_analysed",
      "simulated_posts",
      "min_posts",
      "from",
      "cells",
      "best",
      "suggestions",
    ]);
    expect(r.body).toMatchObject({
      source: "defaults",
      ramadan: false,
      posts_analysed: 0,
      simulated_posts: 0,
      min_posts: MIN_POSTS_FOR_OWN_INSIGHTS,
      from: "2030-06-09",
    });
    expect(r.body.cells).toHaveLength(168);
    expect(r.body.cells[0]).toEqual({ weekday: 0, hour: 0, score: expect.any(Number) });
    expect(Math.max(...r.body.cells.map((c: { score: number }) => c.score))).toBe(100);
    // Thursday night after Isha is the week's best; 4 AM is quiet
    expect(cell(r.body.cells, 4, 21)).toBe(100);
    expect(cell(r.body.cells, 2, 4)).toBeLessThan(10);
    expect(r.body.best).toHaveLength(7);
    expect(r.body.best[4]).toEqual({ weekday: 4, hours: [21, 22, 20] }); // in June Isha (20:20) takes part of 8 PM
    const s = r.body.suggestions as { at: string; reason: string; score: number }[];
    expect(s.length).toBeGreaterThanOrEqual(7);
    expect(s.length).toBeLessThanOrEqual(14);
    for (const x of s) {
      expect(DEFAULT_REASONS.has(x.reason)).toBe(true);
      expect(x.at >= "2030-06-08T21:00:00.000Z" && x.at < "2030-06-15T21:00:00.000Z").toBe(true);
    }
    // Sunday 9 June 2030: lunch once Dhuhr (11:47) is over, at 12:10, and 9 PM after Isha (20:19)
    expect(s.slice(0, 2)).toEqual([
      { at: "2030-06-09T09:10:00.000Z", reason: "lunch", score: expect.any(Number) },
      { at: "2030-06-09T18:00:00.000Z", reason: "after_isha", score: expect.any(Number) },
    ]);
  });

  test("no `from`: today in Kuwait, and nothing suggested sooner than 15 minutes from now", async () => {
    const r = await call(app.base, "GET", "/api/insights/posting-times", { token: tokenB });
    expect(r.status).toBe(200);
    expect(r.body.from).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kuwait" }).format(new Date()));
    for (const x of r.body.suggestions) expect(Date.parse(x.at)).toBeGreaterThanOrEqual(Date.now() + 14 * 60_000);
  });
});

describe("the business's own figures", () => {
  test(`below ${MIN_POSTS_FOR_OWN_INSIGHTS} posts the defaults stay; simulated, failed and old posts do not count`, async () => {
    // 6 Tuesdays at 15:10 Kuwait with strong engagement (10 % of reach), 5 Thursdays at 21:10 with weak (1 %)
    for (let i = 0; i < 6; i++)
      await published(businessA, pastKuwait(2, 15, i), { likes: 80, comments: 12, shares: 8, reach: 1000 });
    for (let i = 0; i < 5; i++)
      await published(businessA, pastKuwait(4, 21, i), { likes: 8, comments: 1, shares: 1, reach: 1000 }); // Thursday 21:10, 1 %
    // not counted: a demo account's simulated figures, a failed post, a post from before the 90 days
    await published(
      businessA,
      pastKuwait(1, 7, 0),
      { likes: 900, reach: 1000 },
      { platform: "twitter", simulated: true },
    );
    await published(businessA, pastKuwait(1, 8, 0), { likes: 900, reach: 1000 }, { status: "failed" });
    await published(businessA, pastKuwait(1, 9, 14), { likes: 900, reach: 1000 });
    const r = await call(app.base, "GET", "/api/insights/posting-times?from=2030-06-09", { token: tokenA });
    expect(r.body).toMatchObject({ source: "defaults", posts_analysed: 11, simulated_posts: 1 });
  });

  test("with enough posts: own figures, and the best hour is the one that engaged (even against the defaults' Thursday night)", async () => {
    await published(businessA, pastKuwait(2, 15, 6), { likes: 90, comments: 5, shares: 5, reach: 1000 });
    await published(businessA, pastKuwait(4, 21, 5), { likes: 9, comments: 1, reach: 1000 });
    // no reach or views from the network: absolute engagement, measured against the same kind
    await published(businessA, pastKuwait(2, 15, 7), { likes: 60, comments: 10, reach: 0, views: 0 });
    await published(businessA, pastKuwait(4, 21, 6), { likes: 6, reach: 0, views: 0 });
    const r = await call(app.base, "GET", "/api/insights/posting-times?from=2030-06-09", { token: tokenA });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ source: "own", ramadan: false, posts_analysed: 15, min_posts: 12 });
    expect(cell(r.body.cells, 2, 15)).toBe(100);
    expect(r.body.best[2].hours[0]).toBe(15);
    expect(cell(r.body.cells, 4, 21)).toBeLessThan(cell(r.body.cells, 2, 15));
    // the simulated Monday 7 AM post did not count
    expect(cell(r.body.cells, 1, 7)).toBeLessThan(50);
    const s = r.body.suggestions as { at: string; reason: string }[];
    expect(s.every((x) => x.reason === "own_peak")).toBe(true);
    expect(s).toContainEqual({ at: "2030-06-11T12:00:00.000Z", reason: "own_peak", score: 100 }); // Tuesday 15:00 Kuwait
  });

  test("another business's posts do not count for it", async () => {
    const r = await call(app.base, "GET", "/api/insights/posting-times?from=2030-06-09", { token: tokenB });
    expect(r.body).toMatchObject({ source: "defaults", posts_analysed: 0 });
    expect(cell(r.body.cells, 4, 21)).toBe(100);
  });

  test("GraphQL answers what REST does, in camelCase", async () => {
    const g = await gql(
      app.base,
      "query ($from: String) { postingInsights(from: $from) { source ramadan postsAnalysed minPosts from cells { weekday hour score } best { weekday hours } suggestions { at reason score } } }",
      { from: "2030-06-09" },
      tokenA,
    );
    expect(g.errors).toBeUndefined();
    const rest = (await call(app.base, "GET", "/api/insights/posting-times?from=2030-06-09", { token: tokenA })).body;
    const p = g.data.postingInsights;
    expect(p).toMatchObject({ source: "OWN", ramadan: false, postsAnalysed: 15, minPosts: 12, from: "2030-06-09" });
    expect(p.cells).toEqual(rest.cells);
    expect(p.best).toEqual(rest.best);
    expect(p.suggestions).toEqual(
      rest.suggestions.map((x: { at: string; reason: string; score: number }) => ({
        ...x,
        reason: x.reason.toUpperCase(),
      })),
    );
  });

  test("in Ramadan the own figures blend with the Ramadan hours", async () => {
    const r = await call(app.base, "GET", "/api/insights/posting-times?from=2027-02-14", { token: tokenA });
    expect(r.body).toMatchObject({ source: "own", ramadan: true, posts_analysed: 15 });
    expect(cell(r.body.cells, 2, 15)).toBeLessThan(100);
    expect(cell(r.body.cells, 0, 22)).toBeGreaterThan(cell(r.body.cells, 0, 10));
    for (const x of r.body.suggestions) expect(RAMADAN_REASONS.has(x.reason) || x.reason === "own_peak").toBe(true);
  });
});

describe("Ramadan", () => {
  test("inside Ramadan 2027 (the service's clock on 14 February 2027): the Ramadan defaults", async () => {
    const viewer = await app.sufra.services.auth.authenticate(tokenB);
    const insights = createInsightsService(app.sufra.deps, app.sufra.services.calendar, {
      now: () => new Date("2027-02-14T09:00:00Z"),
    });
    const r = await insights.postingTimes(viewer, {});
    expect(r).toMatchObject({ source: "defaults", ramadan: true, postsAnalysed: 0, from: "2027-02-14" });
    // a quiet day, the hour before Iftar (Maghrib 17:37) busy, the table at Iftar, long nights
    expect(cell(r.cells, 0, 11)).toBeLessThan(15);
    expect(cell(r.cells, 0, 16)).toBeGreaterThan(cell(r.cells, 0, 14) * 2);
    expect(cell(r.cells, 0, 18)).toBeLessThan(cell(r.cells, 0, 16));
    expect(cell(r.cells, 0, 22)).toBeGreaterThan(75);
    expect(cell(r.cells, 0, 1)).toBeGreaterThan(70);
    expect(r.suggestions.length).toBeGreaterThan(0);
    for (const s of r.suggestions) {
      expect(RAMADAN_REASONS.has(s.reason)).toBe(true);
      expect(Date.parse(s.at)).toBeGreaterThanOrEqual(Date.parse("2027-02-14T09:15:00Z"));
    }
    // the nights lead; on the first day, whose small hours have passed, the hour before Iftar
    const reasons = r.suggestions.map((s) => s.reason);
    expect(reasons).toContain("after_iftar");
    expect(reasons).toContain("before_suhoor");
    expect(r.suggestions.filter((s) => s.reason === "before_iftar").every((s) => s.at.startsWith("2027-02-14"))).toBe(
      true,
    );
  });

  test("a week that reaches Ramadan uses its hours only for the Ramadan days; an admin's correction moves them", async () => {
    const viewer = await app.sufra.services.auth.authenticate(tokenB);
    const insights = createInsightsService(app.sufra.deps, app.sufra.services.calendar, {
      now: () => new Date("2027-02-01T09:00:00Z"),
    });
    // 4 to 10 February 2027: Ramadan 1448 begins on Monday 8 February
    let r = await insights.postingTimes(viewer, { from: "2027-02-04" });
    expect(r.ramadan).toBe(true);
    expect(cell(r.cells, 1, 13)).toBeLessThan(cell(r.cells, 4, 13)); // Monday 8th fasts, Thursday 4th lunches
    // the Cabinet moves the first day to Tuesday 9 February
    const set = await call(app.base, "PUT", "/api/calendar/holiday-overrides", {
      token: admin,
      body: { occasion_key: "ramadan_start", year: 2027, date: "2027-02-09" },
    });
    expect(set.status).toBe(200);
    r = await insights.postingTimes(viewer, { from: "2027-02-04" });
    expect(cell(r.cells, 1, 13)).toBe(cell(r.cells, 0, 13)); // Monday is an ordinary day again
    expect(cell(r.cells, 2, 13)).toBeLessThan(cell(r.cells, 0, 13));
    expect(
      (await call(app.base, "DELETE", `/api/calendar/holiday-overrides/${set.body.id}`, { token: admin })).status,
    ).toBe(200);
    r = await insights.postingTimes(viewer, { from: "2027-01-20" });
    expect(r.ramadan).toBe(false);
  });
});

describe("the query and who may ask", () => {
  test("a bad date is refused naming `from`, in English and Arabic (both doors)", async () => {
    const en = await call(app.base, "GET", "/api/insights/posting-times?from=2026-02-30", { token: tokenA });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe("VALIDATION_ERROR");
    expect(en.body.details).toEqual({ from: ["Enter a real date written YYYY-MM-DD, for example 2026-03-20"] });
    const ar = await call(app.base, "GET", "/api/insights/posting-times?from=tomorrow", { token: tokenA, lang: "ar" });
    expect(ar.body.details.from).toEqual(["أدخل تاريخًا صحيحًا بالصيغة YYYY-MM-DD، مثل 2026-03-20"]);
    const g = await gql(app.base, '{ postingInsights(from: "1999-01-01") { source } }', {}, tokenA);
    expect(g.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { from: [expect.any(String)] },
    });
  });

  test("signed-in people of a business only", async () => {
    expect((await call(app.base, "GET", "/api/insights/posting-times")).status).toBe(401);
    expect((await call(app.base, "GET", "/api/insights/posting-times", { token: admin })).status).toBe(403);
    expect((await gql(app.base, "{ postingInsights { source } }")).errors?.[0]?.extensions.code).toBe(
      "UNAUTHENTICATED",
    );
    expect((await gql(app.base, "{ postingInsights { source } }", {}, admin)).errors?.[0]?.extensions.code).toBe(
      "FORBIDDEN",
    );
  });

  test("every reason the server sends is one the client knows", () => {
    expect([...DEFAULT_REASONS, ...RAMADAN_REASONS, "own_peak"].sort()).toEqual([...SUGGESTION_REASONS].sort());
  });
});
