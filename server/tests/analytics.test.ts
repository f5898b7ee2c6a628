// Analytics over real HTTP and Postgres: the daily rows (metric_daily) by Kuwait day of
// publishing, recomputed idempotently from the targets by the publisher, the metrics job, deletion and
// start-up; the overview's totals, change against the previous period and split by network, read
// from those rows; simulated figures hidden unless asked for; tenancy through both doors.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { addDays, kuwaitDate } from "@sufra/schema";
import {
  backfillDailyMetrics,
  createDailyMetricsRefresher,
  refreshDailyMetrics,
} from "../src/modules/analytics/daily-metrics.ts";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { connectedAccount, type Figures, type Platform } from "./support/analytics.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile({ PUBLISH_LEASE_SECONDS: "2" });
let admin: string;
beforeAll(async () => {
  admin = await adminToken(app.base);
});

const db = () => app.sufra.deps.db;

const business = () => signedInBusiness(app.base);

const account = (businessId: string, platform: Platform, demo = false) =>
  connectedAccount(app, businessId, platform, demo);

/** A post with one target published at `at`, with the figures given (as if the metrics job had collected them). */
async function published(
  businessId: string,
  acc: { id: string; platform: Platform; demo: boolean },
  at: string,
  f: Figures,
  opts: { status?: "published" | "failed"; externalId?: string } = {},
) {
  const publishedAt = new Date(at);
  const status = opts.status ?? "published";
  return db().post.create({
    data: {
      businessId,
      status: status === "published" ? "published" : "failed",
      content: `Karak ${at}`,
      publishedAt: status === "published" ? publishedAt : null,
      targets: {
        create: [
          {
            accountId: acc.id,
            platform: acc.platform,
            status,
            publishedAt: status === "published" ? publishedAt : null,
            externalId: opts.externalId ?? `ext-${Math.random().toString(36).slice(2)}`,
            ...f,
            metricsAt: new Date(),
            metricsSimulated: acc.demo,
          },
        ],
      },
    },
    include: { targets: true },
  });
}

const dailyRows = async (businessId: string) =>
  (
    await app.sufra.deps.pool.query<{
      id: string;
      platform: string;
      day: string;
      simulated: boolean;
      posts: number;
      reach: string;
      views: string;
      likes: string;
      comments: string;
      shares: string;
      updated_at: Date;
    }>(
      "select id, platform, to_char(day, 'YYYY-MM-DD') as day, simulated, posts, reach, views, likes, comments, shares, updated_at from metric_daily where business_id = $1 order by day, platform, simulated",
      [businessId],
    )
  ).rows;
const figuresOf = (rows: Awaited<ReturnType<typeof dailyRows>>) => rows.map(({ id: _i, updated_at: _u, ...r }) => r);

/**
 * Business A, March 2026 against the ten days before it:
 * - Instagram at 23:30 Kuwait on 4 March (20:30 UTC): counts on 4 March
 * - X at 00:30 Kuwait on 5 March (21:30 UTC on the 4th): counts on 5 March
 * - Instagram on 25 February and X at 23:59 Kuwait on 28 February: the previous period
 * - a demo Snapchat post (simulated) on 6 March, and a failed Instagram target that day (never counted)
 */
const FROM = "2026-03-01";
const TO = "2026-03-10";
let a: Awaited<ReturnType<typeof business>>;
let b: Awaited<ReturnType<typeof business>>;

beforeAll(async () => {
  [a, b] = [await business(), await business()];
  const ig = await account(a.businessId, "instagram");
  const x = await account(a.businessId, "twitter");
  const snap = await account(a.businessId, "snapchat", true);
  await published(a.businessId, ig, "2026-03-04T20:30:00Z", {
    reach: 1000,
    views: 1500,
    likes: 80,
    comments: 10,
    shares: 10,
  });
  await published(a.businessId, x, "2026-03-04T21:30:00Z", {
    reach: 0,
    views: 2000,
    likes: 30,
    comments: 6,
    shares: 4,
  });
  await published(a.businessId, ig, "2026-02-25T09:00:00Z", {
    reach: 500,
    views: 800,
    likes: 20,
    comments: 3,
    shares: 2,
  });
  await published(a.businessId, x, "2026-02-28T20:59:00Z", {
    reach: 0,
    views: 1000,
    likes: 10,
    comments: 0,
    shares: 0,
  });
  await published(a.businessId, snap, "2026-03-06T10:00:00Z", {
    reach: 9000,
    views: 9000,
    likes: 900,
    comments: 90,
    shares: 10,
  });
  await published(
    a.businessId,
    ig,
    "2026-03-06T11:00:00Z",
    { reach: 700, views: 700, likes: 70, comments: 0, shares: 0 },
    { status: "failed" },
  );
  await refreshDailyMetrics(db(), a.businessId, ["2026-02-25", "2026-02-28", "2026-03-04", "2026-03-05", "2026-03-06"]);
  // B has its own figures on the same days, which A's answers never include
  await published(b.businessId, await account(b.businessId, "instagram"), "2026-03-04T10:00:00Z", {
    reach: 4000,
    views: 5000,
    likes: 400,
    comments: 40,
    shares: 40,
  });
  await refreshDailyMetrics(db(), b.businessId, ["2026-03-04"]);
});

const A_ROWS = [
  {
    platform: "instagram",
    day: "2026-02-25",
    simulated: false,
    posts: 1,
    reach: "500",
    views: "800",
    likes: "20",
    comments: "3",
    shares: "2",
  },
  {
    platform: "twitter",
    day: "2026-02-28",
    simulated: false,
    posts: 1,
    reach: "0",
    views: "1000",
    likes: "10",
    comments: "0",
    shares: "0",
  },
  {
    platform: "instagram",
    day: "2026-03-04",
    simulated: false,
    posts: 1,
    reach: "1000",
    views: "1500",
    likes: "80",
    comments: "10",
    shares: "10",
  },
  {
    platform: "twitter",
    day: "2026-03-05",
    simulated: false,
    posts: 1,
    reach: "0",
    views: "2000",
    likes: "30",
    comments: "6",
    shares: "4",
  },
  {
    platform: "snapchat",
    day: "2026-03-06",
    simulated: true,
    posts: 1,
    reach: "9000",
    views: "9000",
    likes: "900",
    comments: "90",
    shares: "10",
  },
];

describe("daily rows", () => {
  test("each published target counts on its Kuwait day, simulated ones apart, failed ones never", async () => {
    expect(figuresOf(await dailyRows(a.businessId))).toEqual(A_ROWS);
  });

  test("refreshing again changes nothing: same rows, same ids, untouched", async () => {
    const before = await dailyRows(a.businessId);
    await refreshDailyMetrics(db(), a.businessId, [
      "2026-02-25",
      "2026-02-28",
      "2026-03-04",
      "2026-03-05",
      "2026-03-06",
    ]);
    await refreshDailyMetrics(db(), a.businessId, ["2026-03-04", "2026-03-04"]);
    expect(await dailyRows(a.businessId)).toEqual(before);
  });

  test("a day with no published target left loses its row; the start-up backfill rebuilds every row alike", async () => {
    await app.sufra.deps.pool.query(
      "insert into metric_daily (id, business_id, platform, day, posts, likes) values (gen_random_uuid(), $1, 'instagram', '2026-03-08', 3, 99)",
      [a.businessId],
    );
    await refreshDailyMetrics(db(), a.businessId, ["2026-03-08"]);
    expect(figuresOf(await dailyRows(a.businessId))).toEqual(A_ROWS);

    const all = await app.sufra.deps.pool.query(
      "select business_id, platform, day, simulated, posts, reach, views, likes, comments, shares from metric_daily order by 1, 2, 3, 4",
    );
    await app.sufra.deps.pool.query("delete from metric_daily");
    await app.sufra.deps.pool.query(
      "insert into metric_daily (id, business_id, platform, day, posts) values (gen_random_uuid(), $1, 'twitter', '2025-01-01', 1)",
      [b.businessId],
    );
    await backfillDailyMetrics(db());
    await backfillDailyMetrics(db());
    const again = await app.sufra.deps.pool.query(
      "select business_id, platform, day, simulated, posts, reach, views, likes, comments, shares from metric_daily order by 1, 2, 3, 4",
    );
    expect(again.rows).toEqual(all.rows);
  });

  test("start-up fills an empty table once and leaves a filled one alone", async () => {
    const all = await app.sufra.deps.pool.query(
      "select business_id, platform, day, simulated, posts, reach, views, likes, comments, shares from metric_daily order by 1, 2, 3, 4",
    );
    expect(all.rows.length).toBeGreaterThan(0);
    // a filled table: start() does not recompute (the writes and the hourly job keep it current)
    await app.sufra.deps.pool.query("update metric_daily set likes = likes + 1000 where business_id = $1", [
      a.businessId,
    ]);
    await app.sufra.services.analytics.start();
    const kept = await app.sufra.deps.pool.query(
      "select sum(likes)::int as likes from metric_daily where business_id = $1",
      [a.businessId],
    );
    // an empty table (the first start after the migration): every row is built
    await app.sufra.deps.pool.query("delete from metric_daily");
    await app.sufra.services.analytics.start();
    const built = await app.sufra.deps.pool.query(
      "select business_id, platform, day, simulated, posts, reach, views, likes, comments, shares from metric_daily order by 1, 2, 3, 4",
    );
    expect(built.rows).toEqual(all.rows);
    expect(kept.rows[0].likes).toBe(
      built.rows.filter((r) => r.business_id === a.businessId).reduce((n, r) => n + Number(r.likes), 0) +
        1000 * built.rows.filter((r) => r.business_id === a.businessId).length,
    );
  });

  test("the metrics job's figures reach the day's row", async () => {
    const c = await business();
    await app.sufra.services.platformAccounts.ensureDemoAccounts(c.businessId);
    const demo = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: c.businessId, platform: "instagram" } },
    });
    // a demo post two days old: the simulated network's figures grow with its age (encoded in the id)
    const at = new Date(Date.now() - 48 * 3_600_000);
    const post = await published(
      c.businessId,
      { id: demo.id, platform: "instagram", demo: true },
      at.toISOString(),
      { reach: 0, views: 0, likes: 0, comments: 0, shares: 0 },
      { externalId: `demo-instagram-${at.getTime().toString(36)}-0badf00d` },
    );
    await refreshDailyMetrics(db(), c.businessId, [kuwaitDate(at)]);
    expect(figuresOf(await dailyRows(c.businessId))).toEqual([
      {
        platform: "instagram",
        day: kuwaitDate(at),
        simulated: true,
        posts: 1,
        reach: "0",
        views: "0",
        likes: "0",
        comments: "0",
        shares: "0",
      },
    ]);

    expect(await app.sufra.services.analytics.collectMetrics()).toBeGreaterThanOrEqual(1);
    const t = await db().postTarget.findUniqueOrThrow({ where: { id: post.targets[0]!.id } });
    expect(t.views).toBeGreaterThan(0);
    expect(figuresOf(await dailyRows(c.businessId))).toEqual([
      {
        platform: "instagram",
        day: kuwaitDate(at),
        simulated: true,
        posts: 1,
        reach: String(t.reach),
        views: String(t.views),
        likes: String(t.likes),
        comments: String(t.comments),
        shares: String(t.shares),
      },
    ]);
  });

  test("publishing through the demo network adds the post to today's row; deleting it takes it away", async () => {
    const d = await business();
    await app.sufra.services.platformAccounts.ensureDemoAccounts(d.businessId);
    const p = await call(app.base, "POST", "/api/posts", {
      token: d.token,
      body: { content: "Saffron latte, fresh today", platforms: ["twitter"] },
    });
    expect(p.status).toBe(201);
    expect((await call(app.base, "POST", `/api/posts/${p.body.id}/publish`, { token: d.token })).status).toBe(202);
    const until = Date.now() + 15_000;
    let done: any;
    while (Date.now() < until) {
      done = (await call(app.base, "GET", `/api/posts/${p.body.id}`, { token: d.token })).body;
      if (done.status === "published") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(done.status).toBe("published");
    const day = kuwaitDate(new Date(done.targets[0].published_at));
    expect(figuresOf(await dailyRows(d.businessId))).toEqual([
      {
        platform: "twitter",
        day,
        simulated: true,
        posts: 1,
        reach: "0",
        views: "0",
        likes: "0",
        comments: "0",
        shares: "0",
      },
    ]);

    expect((await call(app.base, "DELETE", `/api/posts/${p.body.id}`, { token: d.token })).status).toBeLessThan(300);
    expect(await dailyRows(d.businessId)).toEqual([]);
    // Agenda keeps a timer of half the publish job's lock lifetime (2 s here) after a run; outlast it so jest exits cleanly
    await new Promise((r) => setTimeout(r, 2_500));
  });
});

const overview = (token: string | undefined, query: string) =>
  call(app.base, "GET", `/api/analytics/overview?${query}`, { token });

describe("GET /api/analytics/overview", () => {
  test("totals, change against the ten days before, and the split by network; simulated figures left out", async () => {
    const r = await overview(a.token, `client_id=${a.businessId}&from=${FROM}&to=${TO}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      client_id: a.businessId,
      from: FROM,
      to: TO,
      previous: { from: "2026-02-19", to: "2026-02-28" },
      // posts, each once; totals.posts counts network copies (here each post went to one network)
      published_posts: 2,
      // engagement: 140 over Instagram's reach 1000 plus X's views 2000 (X gives no reach)
      totals: {
        posts: 2,
        reach: 1000,
        views: 3500,
        likes: 110,
        comments: 16,
        shares: 14,
        engagement_rate: 4.67,
        followers: null,
      },
      // before: 2 posts, reach 500, views 1800, likes 30, comments 3, shares 2, engagement 35 / 1500
      change: {
        posts: 0,
        reach: 100,
        views: 94.44,
        likes: 266.67,
        comments: 433.33,
        shares: 600,
        engagement_rate: 100,
        followers: null,
      },
      by_platform: [
        {
          platform: "instagram",
          posts: 1,
          reach: 1000,
          views: 1500,
          likes: 80,
          comments: 10,
          shares: 10,
          engagement_rate: 10,
        },
        { platform: "twitter", posts: 1, reach: 0, views: 2000, likes: 30, comments: 6, shares: 4, engagement_rate: 2 },
      ],
      simulated_included: false,
      // no short link of this business was clicked (docs/architecture.md#short-links)
      clicks: 0,
      clicks_change: null,
    });
  });

  test("include_simulated=true counts the demo account's figures", async () => {
    const r = await overview(a.token, `client_id=${a.businessId}&from=${FROM}&to=${TO}&include_simulated=true`);
    expect(r.status).toBe(200);
    expect(r.body.simulated_included).toBe(true);
    expect(r.body.totals).toMatchObject({ posts: 3, reach: 10000, views: 12500, likes: 1010 });
    expect(r.body.by_platform.map((p: { platform: string }) => p.platform)).toEqual([
      "instagram",
      "twitter",
      "snapchat",
    ]);
  });

  test("days are Kuwait days: a range of 4 March holds the 23:30 post, 5 March the 00:30 one", async () => {
    const fourth = await overview(a.token, `client_id=${a.businessId}&from=2026-03-04&to=2026-03-04`);
    expect(fourth.body.by_platform).toEqual([expect.objectContaining({ platform: "instagram", posts: 1 })]);
    expect(fourth.body.previous).toEqual({ from: "2026-03-03", to: "2026-03-03" });
    const fifth = await overview(a.token, `client_id=${a.businessId}&from=2026-03-05&to=2026-03-05`);
    expect(fifth.body.by_platform).toEqual([expect.objectContaining({ platform: "twitter", posts: 1 })]);
    // the previous day (4 March) had one post: no change in posts, and X's likes against Instagram's
    expect(fifth.body.change).toMatchObject({ posts: 0, likes: -62.5 });
  });

  test("without dates: the last 30 days ending today in Kuwait; an empty range answers zeros and nulls", async () => {
    const r = await overview(a.token, `client_id=${a.businessId}`);
    expect(r.status).toBe(200);
    const today = kuwaitDate();
    expect(r.body).toMatchObject({
      from: addDays(today, -29),
      to: today,
      previous: { from: addDays(today, -59), to: addDays(today, -30) },
    });
    expect(r.body.totals).toEqual({
      posts: 0,
      reach: 0,
      views: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      engagement_rate: null,
      followers: null,
    });
    expect(r.body.change).toEqual({
      posts: null,
      reach: null,
      views: null,
      likes: null,
      comments: null,
      shares: null,
      engagement_rate: null,
      followers: null,
    });
    expect(r.body.by_platform).toEqual([]);
  });

  test("tenancy: own business yes, another business 403, none or a malformed id 400, an admin any business", async () => {
    expect((await overview(b.token, `client_id=${a.businessId}&from=${FROM}&to=${TO}`)).body.code).toBe("FORBIDDEN");
    const other = await overview(a.token, `client_id=${b.businessId}`);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("FORBIDDEN");
    const none = await overview(a.token, `from=${FROM}`);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: "VALIDATION_ERROR", details: { client_id: [expect.any(String)] } });
    const bad = await overview(a.token, "client_id=my-cafe");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "VALIDATION_ERROR", details: { client_id: [expect.any(String)] } });
    expect((await overview(undefined, `client_id=${a.businessId}`)).status).toBe(401);

    const asAdmin = await overview(admin, `client_id=${a.businessId}&from=${FROM}&to=${TO}`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.totals).toMatchObject({ posts: 2, likes: 110 });
    const bAsAdmin = await overview(admin, `client_id=${b.businessId}&from=${FROM}&to=${TO}`);
    expect(bAsAdmin.body.totals).toMatchObject({ posts: 1, reach: 4000, likes: 400 });
    expect((await overview(admin, "client_id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
    expect((await overview(admin, "")).status).toBe(400);
  });

  test("range rules answer in the person's language", async () => {
    const order = await call(
      app.base,
      "GET",
      `/api/analytics/overview?client_id=${a.businessId}&from=2026-03-10&to=2026-03-01`,
      { token: a.token, lang: "ar" },
    );
    expect(order.status).toBe(400);
    expect(order.body.details).toEqual({ to: ["لا يمكن أن يسبق تاريخ النهاية تاريخ البداية"] });
    const long = await overview(a.token, `client_id=${a.businessId}&from=2023-01-01&to=2026-03-01`);
    expect(long.body.details).toEqual({ from: ["A range can cover at most two years"] });
    const date = await overview(a.token, `client_id=${a.businessId}&from=2026-02-30`);
    expect(date.body.details).toEqual({ from: ["Enter a real date written YYYY-MM-DD, for example 2026-03-20"] });
    const flag = await overview(a.token, `client_id=${a.businessId}&include_simulated=maybe`);
    expect(flag.status).toBe(400);
    expect(Object.keys(flag.body.details)).toEqual(["include_simulated"]);
  });
});

const OVERVIEW = `query ($clientId: ID!, $from: String, $to: String, $sim: Boolean) {
  analyticsOverview(clientId: $clientId, from: $from, to: $to, includeSimulated: $sim) {
    clientId from to previous { from to }
    totals { posts reach views likes comments shares engagementRate followers }
    change { posts likes engagementRate followers }
    byPlatform { platform posts engagementRate }
    simulatedIncluded
  }
}`;

describe("GraphQL analyticsOverview", () => {
  test("the same answer as REST", async () => {
    const g = await gql(app.base, OVERVIEW, { clientId: a.businessId, from: FROM, to: TO }, a.token);
    expect(g.errors).toBeUndefined();
    expect(g.data.analyticsOverview).toEqual({
      clientId: a.businessId,
      from: FROM,
      to: TO,
      previous: { from: "2026-02-19", to: "2026-02-28" },
      totals: {
        posts: 2,
        reach: 1000,
        views: 3500,
        likes: 110,
        comments: 16,
        shares: 14,
        engagementRate: 4.67,
        followers: null,
      },
      change: { posts: 0, likes: 266.67, engagementRate: 100, followers: null },
      byPlatform: [
        { platform: "INSTAGRAM", posts: 1, engagementRate: 10 },
        { platform: "TWITTER", posts: 1, engagementRate: 2 },
      ],
      simulatedIncluded: false,
    });
    const sim = await gql(app.base, OVERVIEW, { clientId: a.businessId, from: FROM, to: TO, sim: true }, a.token);
    expect(sim.data.analyticsOverview.byPlatform.map((p: { platform: string }) => p.platform)).toEqual([
      "INSTAGRAM",
      "TWITTER",
      "SNAPCHAT",
    ]);
  });

  test("tenancy and rules through the GraphQL door", async () => {
    const other = await gql(app.base, OVERVIEW, { clientId: a.businessId }, b.token);
    expect(other.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    expect(other.data).toBeNull();
    const asAdmin = await gql(app.base, OVERVIEW, { clientId: b.businessId, from: FROM, to: TO }, admin);
    expect(asAdmin.data.analyticsOverview.totals).toMatchObject({ posts: 1, likes: 400 });
    const bad = await gql(
      app.base,
      OVERVIEW,
      { clientId: a.businessId, from: "2026-03-10", to: "2026-03-01" },
      a.token,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { to: ["The end date cannot come before the start date"] },
    });
    const anon = await gql(app.base, OVERVIEW, { clientId: a.businessId });
    expect(anon.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("collapsing refreshes (publishing's many targets due at once)", () => {
  test("forty concurrent refreshes of one day run at most twice and leave the same rows as one refresh", async () => {
    const b = await business();
    const ig = await account(b.businessId, "instagram");
    const day = "2026-05-10";
    for (let i = 0; i < 5; i++)
      await published(b.businessId, ig, `${day}T1${i}:00:00+03:00`, {
        reach: 100,
        views: 200,
        likes: 10,
        comments: 2,
        shares: 1,
      });
    const errors: Error[] = [];
    let runs = 0;
    // count the recomputations that reach the database
    const counting = {
      $executeRaw: ((...a: Parameters<ReturnType<typeof db>["$executeRaw"]>) => (
        runs++,
        db().$executeRaw(...a)
      )) as ReturnType<typeof db>["$executeRaw"],
    };
    const refresher = createDailyMetricsRefresher(counting, (e) => errors.push(e));
    await Promise.all(Array.from({ length: 40 }, () => refresher.refresh(b.businessId, [day])));
    await refresher.idle();
    expect(errors).toEqual([]);
    expect(runs).toBeLessThanOrEqual(2);
    const rows = await dailyRows(b.businessId);
    expect(rows.map((r) => [r.day, r.platform, r.posts, Number(r.reach), Number(r.likes)])).toEqual([
      [day, "instagram", 5, 500, 50],
    ]);
    // a change after the last run is counted by the next request, which waits for its own run
    await published(b.businessId, ig, `${day}T20:00:00+03:00`, {
      reach: 100,
      views: 200,
      likes: 10,
      comments: 2,
      shares: 1,
    });
    await refresher.refresh(b.businessId, [day]);
    expect((await dailyRows(b.businessId))[0]).toMatchObject({ posts: 6, reach: "600" });
  });
});
