// The analytics paths over real HTTP and Postgres: engagement by Kuwait day and week, one
// network's page, top posts and the content breakdown; the campaign filter on every path; simulated
// figures by default for a demo-only business; Kuwait day boundaries that differ from UTC's; and the
// tenancy rule through both doors for every path.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { refreshDailyMetrics } from "../src/modules/analytics/daily-metrics.ts";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { connectedAccount, type Figures, type Platform } from "./support/analytics.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();
let admin: string;
beforeAll(async () => {
  admin = await adminToken(app.base);
});

const db = () => app.sufra.deps.db;

const business = () => signedInBusiness(app.base);

type Account = { id: string; platform: Platform; demo: boolean };

const account = (businessId: string, platform: Platform, demo = false) =>
  connectedAccount(app, businessId, platform, demo) as Promise<Account>;

/** A published post with one target per account given (with the figures the metrics job would have collected), its media and its campaign. */
async function published(
  businessId: string,
  at: string,
  targets: [Account, Figures][],
  opts: {
    content?: string;
    hashtags?: string[];
    media?: ("image" | "video")[];
    campaignId?: string;
    occasion?: string;
  } = {},
) {
  const publishedAt = new Date(at);
  const media = [];
  for (const kind of opts.media ?? []) {
    media.push(
      await db().media.create({
        data: {
          businessId,
          kind,
          mime: kind === "image" ? "image/jpeg" : "video/mp4",
          bytes: 1000,
          storageKey: `test/${Math.random().toString(36).slice(2)}`,
        },
      }),
    );
  }
  return db().post.create({
    data: {
      businessId,
      status: "published",
      content: opts.content ?? `Karak ${at}`,
      hashtags: opts.hashtags ?? [],
      occasion: opts.occasion ?? null,
      campaignId: opts.campaignId ?? null,
      publishedAt,
      media: { create: media.map((m, position) => ({ mediaId: m.id, position })) },
      targets: {
        create: targets.map(([acc, f]) => ({
          accountId: acc.id,
          platform: acc.platform,
          status: "published" as const,
          publishedAt,
          externalId: `ext-${Math.random().toString(36).slice(2)}`,
          permalink: `https://${acc.platform}.example/p/${Math.random().toString(36).slice(2, 8)}`,
          ...f,
          metricsAt: new Date(),
          metricsSimulated: acc.demo,
        })),
      },
    },
  });
}

/**
 * Business A (real Instagram and X, a demo Snapchat), March 2026, which is Ramadan until the 18th:
 * - a1 Instagram, 23:30 Kuwait on Wed 4 March (20:30 UTC): one image, campaign "Karak nights" (menu promotion)
 * - a2 X, 00:30 Kuwait on Thu 5 March (21:30 UTC on the 4th): Arabic, no media, no occasion (Ramadan by the calendar)
 * - a3 Instagram and X, 12:00 Kuwait on Sun 8 March: image and video, a new dish, campaign "Karak nights"
 * - a4 demo Snapchat on 6 March: simulated, a video
 * - a5 Instagram on 25 February (the previous period of 1-14 March; National Day)
 * - a6 Instagram, 18:00 Kuwait on Sun 12 April: an everyday post
 */
const FROM = "2026-03-01";
const TO = "2026-03-14";
let a: Awaited<ReturnType<typeof business>>;
let b: Awaited<ReturnType<typeof business>>;
let d: Awaited<ReturnType<typeof business>>;
let campaignA: { id: string; name: string };
let campaignB: { id: string };
const ids: Record<string, string> = {};

beforeAll(async () => {
  [a, b, d] = [await business(), await business(), await business()];
  const ig = await account(a.businessId, "instagram");
  const x = await account(a.businessId, "twitter");
  const snap = await account(a.businessId, "snapchat", true);
  campaignA = await db().campaign.create({
    data: {
      businessId: a.businessId,
      name: "Karak nights",
      goal: "awareness",
      startDate: new Date("2026-03-01"),
      endDate: new Date("2026-03-31"),
      occasion: "menu_promotion",
    },
  });
  campaignB = await db().campaign.create({
    data: {
      businessId: b.businessId,
      name: "Other",
      goal: "orders",
      startDate: new Date("2026-03-01"),
      endDate: new Date("2026-03-31"),
    },
  });

  ids.a1 = (
    await published(
      a.businessId,
      "2026-03-04T20:30:00Z",
      [[ig, { reach: 1000, views: 1500, likes: 80, comments: 10, shares: 10 }]],
      {
        content: "Saffron karak tonight at the café #karak",
        hashtags: ["kuwait"],
        media: ["image"],
        campaignId: campaignA.id,
      },
    )
  ).id;
  ids.a2 = (
    await published(
      a.businessId,
      "2026-03-04T21:30:00Z",
      [[x, { reach: 0, views: 2000, likes: 30, comments: 6, shares: 4 }]],
      { content: "كرك بالزعفران الليلة #كرك" },
    )
  ).id;
  ids.a3 = (
    await published(
      a.businessId,
      "2026-03-08T09:00:00Z",
      [
        [ig, { reach: 500, views: 600, likes: 50, comments: 5, shares: 5 }],
        [x, { reach: 0, views: 1000, likes: 20, comments: 2, shares: 3 }],
      ],
      {
        content: "New saffron cake كيكة الزعفران الجديدة",
        hashtags: ["karak", "cake"],
        media: ["image", "video"],
        occasion: "new_dish",
        campaignId: campaignA.id,
      },
    )
  ).id;
  ids.a4 = (
    await published(
      a.businessId,
      "2026-03-06T10:00:00Z",
      [[snap, { reach: 9000, views: 9000, likes: 900, comments: 90, shares: 10 }]],
      { content: "Demo video", media: ["video"] },
    )
  ).id;
  ids.a5 = (
    await published(a.businessId, "2026-02-25T09:00:00Z", [
      [ig, { reach: 500, views: 800, likes: 20, comments: 3, shares: 2 }],
    ])
  ).id;
  ids.a6 = (
    await published(
      a.businessId,
      "2026-04-12T15:00:00Z",
      [[ig, { reach: 100, views: 100, likes: 5, comments: 0, shares: 0 }]],
      { content: "Weekend brunch", media: ["image"] },
    )
  ).id;
  await refreshDailyMetrics(db(), a.businessId, [
    "2026-02-25",
    "2026-03-04",
    "2026-03-05",
    "2026-03-06",
    "2026-03-08",
    "2026-04-12",
  ]);

  // B: its own figures on the same days; D: the quick start's kind of business, demo accounts only
  await published(b.businessId, "2026-03-04T10:00:00Z", [
    [await account(b.businessId, "instagram"), { reach: 4000, views: 5000, likes: 400, comments: 40, shares: 40 }],
  ]);
  await refreshDailyMetrics(db(), b.businessId, ["2026-03-04"]);
  await app.sufra.services.platformAccounts.ensureDemoAccounts(d.businessId);
  const demoIg = await db().platformAccount.findUniqueOrThrow({
    where: { businessId_platform: { businessId: d.businessId, platform: "instagram" } },
  });
  await published(
    d.businessId,
    "2026-03-03T12:00:00Z",
    [[demoIg as Account, { reach: 700, views: 900, likes: 70, comments: 7, shares: 7 }]],
    { content: "Demo karak" },
  );
  await refreshDailyMetrics(db(), d.businessId, ["2026-03-03"]);
});

const get = (path: string, token: string | undefined = a.token, lang?: string) =>
  call(app.base, "GET", `/api/analytics${path}`, { token, lang });
const range = (extra = "", who = a.businessId) => `client_id=${who}&from=${FROM}&to=${TO}${extra}`;
const zeros = { posts: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0, engagement_rate: null };

describe("GET /api/analytics/engagement", () => {
  test("every Kuwait day of the range, zero-filled, in total and per network; simulated figures left out for a business with real accounts", async () => {
    const r = await get(`/engagement?${range()}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      client_id: a.businessId,
      from: FROM,
      to: TO,
      interval: "day",
      simulated_included: false,
    });
    expect(r.body.points).toHaveLength(14);
    expect(r.body.points[0]).toEqual({ date: "2026-03-01", days: 1, ...zeros });
    // the 23:30 Instagram post on the 4th, the 00:30 X post on the 5th
    expect(r.body.points[3]).toEqual({
      date: "2026-03-04",
      days: 1,
      posts: 1,
      reach: 1000,
      views: 1500,
      likes: 80,
      comments: 10,
      shares: 10,
      engagement_rate: 10,
    });
    expect(r.body.points[4]).toEqual({
      date: "2026-03-05",
      days: 1,
      posts: 1,
      reach: 0,
      views: 2000,
      likes: 30,
      comments: 6,
      shares: 4,
      engagement_rate: 2,
    });
    // the demo Snapchat post of the 6th is not counted
    expect(r.body.points[5]).toEqual({ date: "2026-03-06", days: 1, ...zeros });
    // two targets on the 8th: engagement 85 over Instagram's reach 500 plus X's views 1000
    expect(r.body.points[7]).toEqual({
      date: "2026-03-08",
      days: 1,
      posts: 2,
      reach: 500,
      views: 1600,
      likes: 70,
      comments: 7,
      shares: 8,
      engagement_rate: 5.67,
    });
    expect(r.body.by_platform.map((p: { platform: string }) => p.platform)).toEqual(["instagram", "twitter"]);
    const igPoints = r.body.by_platform[0].points;
    expect(igPoints).toHaveLength(14);
    expect(igPoints[7]).toMatchObject({ date: "2026-03-08", posts: 1, reach: 500, likes: 50, engagement_rate: 12 });
    expect(r.body.by_platform[1].points[4]).toMatchObject({ date: "2026-03-05", posts: 1, views: 2000 });
  });

  test("week buckets are Kuwait weeks from Saturday: a partial first and last week say how many of the range's days they hold", async () => {
    const r = await get(`/engagement?${range("&interval=week")}`);
    expect(r.status).toBe(200);
    expect(r.body.interval).toBe("week");
    expect(r.body.points).toEqual([
      // Sat 28 Feb - Fri 6 Mar, of which 1-6 March are in the range
      {
        date: "2026-02-28",
        days: 6,
        posts: 2,
        reach: 1000,
        views: 3500,
        likes: 110,
        comments: 16,
        shares: 14,
        engagement_rate: 4.67,
      },
      {
        date: "2026-03-07",
        days: 7,
        posts: 2,
        reach: 500,
        views: 1600,
        likes: 70,
        comments: 7,
        shares: 8,
        engagement_rate: 5.67,
      },
      { date: "2026-03-14", days: 1, ...zeros },
    ]);
  });

  test("a range ending on 4 March leaves out the post sent at 21:30 UTC that day (5 March in Kuwait)", async () => {
    const r = await get(`/engagement?client_id=${a.businessId}&from=2026-03-04&to=2026-03-04`);
    expect(r.body.points).toEqual([
      {
        date: "2026-03-04",
        days: 1,
        posts: 1,
        reach: 1000,
        views: 1500,
        likes: 80,
        comments: 10,
        shares: 10,
        engagement_rate: 10,
      },
    ]);
    expect(r.body.by_platform.map((p: { platform: string }) => p.platform)).toEqual(["instagram"]);
  });

  test("interval must be day or week, in the person's language", async () => {
    const r = await get(`/engagement?${range("&interval=month")}`, a.token, "ar");
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual({ interval: ["يجب أن تكون قيمة interval إما day أو week"] });
  });
});

describe("include_simulated", () => {
  test("left out: a demo-only business sees its simulated figures, labelled; a business with a real account does not", async () => {
    const demo = await get(`/overview?${range("", d.businessId)}`, d.token);
    expect(demo.status).toBe(200);
    expect(demo.body.simulated_included).toBe(true);
    expect(demo.body.totals).toMatchObject({ posts: 1, reach: 700, likes: 70 });
    const series = await get(`/engagement?${range("", d.businessId)}`, d.token);
    expect(series.body.simulated_included).toBe(true);
    expect(series.body.points[2]).toMatchObject({ date: "2026-03-03", posts: 1, likes: 70 });
    // asked not to, the demo business sees none
    const hidden = await get(`/overview?${range("&include_simulated=false", d.businessId)}`, d.token);
    expect(hidden.body).toMatchObject({ simulated_included: false, totals: { posts: 0, likes: 0 } });
    // A has real accounts: left out means real figures only; asked, the demo Snapchat post counts
    expect((await get(`/overview?${range()}`)).body).toMatchObject({ simulated_included: false, totals: { posts: 4 } });
    expect((await get(`/overview?${range("&include_simulated=true")}`)).body).toMatchObject({
      simulated_included: true,
      totals: { posts: 5 },
    });
    const tops = await get(`/top-posts?${range("&include_simulated=true")}`);
    expect(tops.body.posts[0]).toMatchObject({ post_id: ids.a4, platforms: ["snapchat"], engagement: 1000 });
  });
});

describe("campaign_id", () => {
  test("figures come from the campaign's posts only, on every path", async () => {
    const c = `&campaign_id=${campaignA.id}`;
    const ov = await get(`/overview?${range(c)}`);
    expect(ov.status).toBe(200);
    // a1 and a3: three targets; none in the previous period
    expect(ov.body.totals).toEqual({
      posts: 3,
      reach: 1500,
      views: 3100,
      likes: 150,
      comments: 17,
      shares: 18,
      engagement_rate: 7.4,
      followers: null,
    });
    expect(ov.body.change.posts).toBeNull();
    const series = await get(`/engagement?${range(c)}`);
    expect(series.body.points[3]).toMatchObject({ date: "2026-03-04", posts: 1, likes: 80 });
    expect(series.body.points[4]).toEqual({ date: "2026-03-05", days: 1, ...zeros });
    expect(series.body.points[7]).toMatchObject({ date: "2026-03-08", posts: 2, likes: 70 });
    const tops = await get(`/top-posts?${range(c)}`);
    expect(tops.body.posts.map((p: { post_id: string }) => p.post_id)).toEqual([ids.a1, ids.a3]);
    const x = await get(`/platforms/twitter?${range(c)}`);
    expect(x.body.totals).toMatchObject({ posts: 1, views: 1000, likes: 20 });
    const content = await get(`/content?${range(c)}`);
    expect(content.body.by_type.map((g: { key: string; posts: number }) => [g.key, g.posts])).toEqual([
      ["text", 0],
      ["image", 1],
      ["video", 0],
      ["carousel", 1],
    ]);
    // read from the campaign's posts, the days agree with the daily rows (4 and 8 March hold only its posts)
    const rows = await app.sufra.deps.pool.query(
      "select sum(posts)::int as posts, sum(likes)::int as likes from metric_daily where business_id = $1 and day in ('2026-03-04', '2026-03-08') and not simulated",
      [a.businessId],
    );
    expect(rows.rows[0]).toEqual({ posts: ov.body.totals.posts, likes: ov.body.totals.likes });
  });

  test("another business's campaign or an unknown one is not found; a malformed id is refused with a message", async () => {
    const theirs = await get(`/overview?${range(`&campaign_id=${campaignB.id}`)}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body.code).toBe("NOT_FOUND");
    expect((await get(`/top-posts?${range("&campaign_id=00000000-0000-4000-8000-000000000000")}`)).status).toBe(404);
    const bad = await get(`/engagement?${range("&campaign_id=ramadan")}`);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      campaign_id: ["campaign_id must be the id of one of the business's campaigns"],
    });
    // an admin may filter by any business's campaign, named with that business
    expect((await get(`/overview?${range(`&campaign_id=${campaignA.id}`)}`, admin)).body.totals.posts).toBe(3);
    expect((await get(`/overview?${range(`&campaign_id=${campaignA.id}`, b.businessId)}`, admin)).status).toBe(404);
  });
});

describe("GET /api/analytics/platforms/{platform}", () => {
  test("a network's totals and change, its daily series and its best posts with that network's figures", async () => {
    const r = await get(`/platforms/instagram?${range()}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      client_id: a.businessId,
      platform: "instagram",
      from: FROM,
      to: TO,
      previous: { from: "2026-02-15", to: "2026-02-28" },
      simulated_included: false,
    });
    expect(r.body.totals).toEqual({
      posts: 2,
      reach: 1500,
      views: 2100,
      likes: 130,
      comments: 15,
      shares: 15,
      engagement_rate: 10.67,
      followers: null,
    });
    // before: a5, one post with reach 500, likes 20, engagement 25 / 500
    expect(r.body.change).toMatchObject({
      posts: 100,
      reach: 200,
      likes: 550,
      engagement_rate: 113.33,
      followers: null,
    });
    expect(r.body.series).toHaveLength(14);
    expect(r.body.series[3]).toMatchObject({ date: "2026-03-04", posts: 1, reach: 1000 });
    expect(r.body.top_posts.map((p: { post_id: string }) => p.post_id)).toEqual([ids.a1, ids.a3]);
    // a3 went to X too, but here only its Instagram figures count
    expect(r.body.top_posts[1]).toMatchObject({
      platforms: ["instagram"],
      reach: 500,
      views: 600,
      likes: 50,
      engagement: 60,
      engagement_rate: 12,
    });
    expect(r.body.top_posts[1].by_platform).toEqual([
      expect.objectContaining({
        platform: "instagram",
        permalink: expect.stringMatching(/^https:\/\/instagram\.example\//),
      }),
    ]);
  });

  test("twitter is X, as in the rest of the API; anything else is refused", async () => {
    const x = await get(`/platforms/twitter?${range()}`);
    expect(x.status).toBe(200);
    expect(x.body.totals).toMatchObject({ posts: 2, views: 3000, likes: 50 });
    expect(x.body.top_posts.map((p: { post_id: string }) => p.post_id)).toEqual([ids.a2, ids.a3]);
    for (const name of ["x", "myspace", "Instagram"]) {
      const r = await get(`/platforms/${name}?${range()}`);
      expect(r.status).toBe(400);
      expect(r.body.details).toEqual({
        platform: ["Choose a network: Instagram, X, Snapchat, Google, TikTok or Facebook"],
      });
    }
  });
});

describe("GET /api/analytics/top-posts", () => {
  test("the range's posts by engagement, each with its networks, figures, links, occasion and campaign", async () => {
    const r = await get(`/top-posts?${range()}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      client_id: a.businessId,
      from: FROM,
      to: TO,
      sort: "engagement",
      limit: 10,
      simulated_included: false,
    });
    expect(r.body.posts.map((p: { post_id: string }) => p.post_id)).toEqual([ids.a1, ids.a3, ids.a2]);
    const [first, second, third] = r.body.posts;
    expect(first).toMatchObject({
      excerpt: "Saffron karak tonight at the café #karak",
      platforms: ["instagram"],
      published_at: "2026-03-04T20:30:00.000Z",
      // its campaign's occasion
      occasion: "menu_promotion",
      campaign_id: campaignA.id,
      campaign_name: "Karak nights",
      reach: 1000,
      engagement: 100,
      engagement_rate: 10,
    });
    expect(second).toMatchObject({
      platforms: ["instagram", "twitter"],
      occasion: "new_dish",
      reach: 500,
      views: 1600,
      likes: 70,
      comments: 7,
      shares: 8,
      engagement: 85,
      engagement_rate: 5.67,
    });
    expect(second.by_platform).toEqual([
      {
        platform: "instagram",
        permalink: expect.stringMatching(/^https:\/\/instagram\.example\//),
        reach: 500,
        views: 600,
        likes: 50,
        comments: 5,
        shares: 5,
        engagement: 60,
        engagement_rate: 12,
      },
      {
        platform: "twitter",
        permalink: expect.stringMatching(/^https:\/\/twitter\.example\//),
        reach: 0,
        views: 1000,
        likes: 20,
        comments: 2,
        shares: 3,
        engagement: 25,
        engagement_rate: 2.5,
      },
    ]);
    // no occasion of its own and no campaign: Ramadan, by the Kuwait calendar
    expect(third).toMatchObject({ occasion: "ramadan_iftar", campaign_id: null, campaign_name: null });
  });

  test("sort by any figure; the limit takes the best ones; 4 March ends before the 00:30 post", async () => {
    const ids_ = async (q: string) =>
      (await get(`/top-posts?${range(q)}`)).body.posts.map((p: { post_id: string }) => p.post_id);
    expect(await ids_("&sort=reach")).toEqual([ids.a1, ids.a3, ids.a2]);
    expect(await ids_("&sort=views")).toEqual([ids.a2, ids.a3, ids.a1]);
    expect(await ids_("&sort=comments")).toEqual([ids.a1, ids.a3, ids.a2]);
    expect(await ids_("&sort=shares&limit=1")).toEqual([ids.a1]);
    expect(await ids_("&limit=100")).toHaveLength(3);
    const fourth = await get(`/top-posts?client_id=${a.businessId}&from=2026-03-04&to=2026-03-04`);
    expect(fourth.body.posts.map((p: { post_id: string }) => p.post_id)).toEqual([ids.a1]);
    const fifth = await get(`/top-posts?client_id=${a.businessId}&from=2026-03-05&to=2026-03-05`);
    expect(fifth.body.posts.map((p: { post_id: string }) => p.post_id)).toEqual([ids.a2]);
  });

  test("limit is 1 to 100 and sort a known figure, with messages in both languages", async () => {
    for (const limit of ["0", "101", "2.5", "ten", "-3"]) {
      const r = await get(`/top-posts?${range(`&limit=${limit}`)}`);
      expect(r.status).toBe(400);
      expect(r.body.details).toEqual({ limit: ["limit must be a whole number from 1 to 100"] });
    }
    const ar = await get(`/top-posts?${range("&limit=500")}`, a.token, "ar");
    expect(ar.body.details).toEqual({ limit: ["يجب أن يكون limit عددًا صحيحًا من ١ إلى ١٠٠"] });
    const sort = await get(`/top-posts?${range("&sort=popularity&limit=0")}`);
    expect(Object.keys(sort.body.details).sort()).toEqual(["limit", "sort"]);
  });
});

describe("GET /api/analytics/content", () => {
  const group = (g: {
    key?: string;
    hour?: number;
    posts: number;
    engagement: number;
    average_engagement: number | null;
  }) => [g.key ?? g.hour, g.posts, g.engagement, g.average_engagement];

  test("by content type, occasion, language, hashtag and Kuwait hour, and the weekday × hour grid", async () => {
    const r = await get(`/content?client_id=${a.businessId}&from=${FROM}&to=2026-04-30`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ client_id: a.businessId, from: FROM, to: "2026-04-30", simulated_included: false });
    // a1 and a6 one image each, a2 text, a3 image + video (a carousel); the demo video is not counted
    expect(r.body.by_type.map(group)).toEqual([
      ["text", 1, 40, 40],
      ["image", 2, 105, 52.5],
      ["video", 0, 0, null],
      ["carousel", 1, 85, 85],
    ]);
    expect(r.body.by_type[1]).toMatchObject({
      reach: 1100,
      views: 1600,
      likes: 85,
      comments: 10,
      shares: 10,
      engagement_rate: 9.55,
    });
    // own occasion, campaign's, Ramadan by the calendar, everyday
    expect(r.body.by_occasion.map(group)).toEqual([
      ["menu_promotion", 1, 100, 100],
      ["new_dish", 1, 85, 85],
      ["ramadan_iftar", 1, 40, 40],
      ["everyday", 1, 5, 5],
    ]);
    expect(r.body.by_language.map(group)).toEqual([
      ["ar", 1, 40, 40],
      ["en", 2, 105, 52.5],
      ["mixed", 1, 85, 85],
    ]);
    // the post's hashtags and those in its caption, once each
    expect(r.body.by_hashtag.map(group)).toEqual([
      ["karak", 2, 185, 92.5],
      ["kuwait", 1, 100, 100],
      ["cake", 1, 85, 85],
      ["كرك", 1, 40, 40],
    ]);
    expect(r.body.by_hour).toHaveLength(24);
    expect(r.body.by_hour.filter((h: { posts: number }) => h.posts > 0).map(group)).toEqual([
      [0, 1, 40, 40],
      [12, 1, 85, 85],
      [18, 1, 5, 5],
      [23, 1, 100, 100],
    ]);
    expect(r.body.heatmap).toHaveLength(7 * 24);
    expect(r.body.heatmap[0]).toMatchObject({ weekday: 6, hour: 0, posts: 0 });
    expect(r.body.heatmap[24]).toMatchObject({ weekday: 0, hour: 0 });
    const busy = r.body.heatmap
      .filter((c: { posts: number }) => c.posts > 0)
      .map((c: { weekday: number; hour: number; engagement: number }) => [c.weekday, c.hour, c.engagement]);
    // Wed 23:30, Thu 00:30, Sun 12:00 and Sun 18:00 in Kuwait
    expect(busy).toEqual([
      [0, 12, 85],
      [0, 18, 5],
      [3, 23, 100],
      [4, 0, 40],
    ]);
  });

  test("holidays by the Kuwait calendar on the Kuwait day; a range ending on 4 March in Kuwait holds only that day's posts", async () => {
    const x = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: a.businessId, platform: "twitter" } },
    });
    const eid = await published(
      a.businessId,
      "2026-03-20T10:00:00Z",
      [[x as Account, { reach: 0, views: 10, likes: 1, comments: 0, shares: 0 }]],
      { content: "Eid Mubarak" },
    );
    // 21:30 UTC on 24 February (still Ramadan's 24 February in UTC) is 00:30 on National Day in Kuwait
    const late = await published(
      a.businessId,
      "2026-02-24T21:30:00Z",
      [[x as Account, { reach: 0, views: 10, likes: 2, comments: 0, shares: 0 }]],
      { content: "Happy National Day" },
    );
    const r = await get(`/content?client_id=${a.businessId}&from=2026-03-20&to=2026-03-20`);
    expect(r.body.by_occasion.map(group)).toEqual([["eid_al_fitr", 1, 1, 1]]);
    // with a5 (09:00 UTC on the 25th)
    const national = await get(`/content?client_id=${a.businessId}&from=2026-02-25&to=2026-02-25`);
    expect(national.body.by_occasion.map(group)).toEqual([["national_day", 2, 27, 13.5]]);
    expect((await get(`/content?client_id=${a.businessId}&from=2026-02-24&to=2026-02-24`)).body.by_occasion).toEqual(
      [],
    );
    await db().post.deleteMany({ where: { id: { in: [eid.id, late.id] } } });

    const fourth = await get(`/content?client_id=${a.businessId}&from=2026-03-04&to=2026-03-04`);
    expect(fourth.body.by_type.map(group)).toEqual([
      ["text", 0, 0, null],
      ["image", 1, 100, 100],
      ["video", 0, 0, null],
      ["carousel", 0, 0, null],
    ]);
  });
});

// ---------------------------------------------------------------- tenancy, every path, both doors
const PATHS = ["/overview", "/engagement", "/platforms/instagram", "/top-posts", "/content"];

describe("tenancy on every REST path", () => {
  test.each(PATHS)(
    "%s: own 200, another business 403, no client_id 400 naming it, admin any 200, unknown 404, malformed 400, no token 401",
    async (path) => {
      expect((await get(`${path}?${range()}`)).status).toBe(200);
      const other = await get(`${path}?${range()}`, b.token);
      expect([other.status, other.body.code]).toEqual([403, "FORBIDDEN"]);
      const none = await get(`${path}?from=${FROM}`);
      expect([none.status, none.body.code]).toEqual([400, "VALIDATION_ERROR"]);
      expect(none.body.details).toEqual({
        client_id: ["client_id is required: the business id, as GET /api/auth/me returns it"],
      });
      const noneAr = await get(`${path}?from=${FROM}`, a.token, "ar");
      expect(noneAr.body.details.client_id[0]).toContain("مطلوب");
      const asAdmin = await get(`${path}?${range("", b.businessId)}`, admin);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.client_id).toBe(b.businessId);
      expect((await get(`${path}?client_id=00000000-0000-4000-8000-000000000000`, admin)).status).toBe(404);
      const bad = await get(`${path}?client_id=my-cafe`);
      expect(bad.status).toBe(400);
      expect(bad.body.details).toHaveProperty("client_id");
      expect((await get(`${path}?${range()}`, "")).status).toBe(401);
    },
  );
});

const Q = {
  engagement: `query ($clientId: ID!, $from: String, $to: String, $campaignId: ID, $interval: AnalyticsInterval) {
    analyticsEngagement(clientId: $clientId, from: $from, to: $to, campaignId: $campaignId, interval: $interval) {
      clientId from to interval simulatedIncluded
      points { date days posts reach views likes comments shares engagementRate }
      byPlatform { platform points { date posts } }
    }
  }`,
  platform: `query ($clientId: ID!, $from: String, $to: String, $platform: Platform!) {
    analyticsPlatform(clientId: $clientId, from: $from, to: $to, platform: $platform) {
      clientId platform from to simulatedIncluded previous { from to }
      totals { posts reach likes engagementRate followers } change { posts likes engagementRate }
      series { date posts } topPosts { postId platforms likes byPlatform { platform permalink likes } }
    }
  }`,
  topPosts: `query ($clientId: ID!, $from: String, $to: String, $limit: Int, $sort: AnalyticsTopPostsSort, $includeSimulated: Boolean) {
    analyticsTopPosts(clientId: $clientId, from: $from, to: $to, limit: $limit, sort: $sort, includeSimulated: $includeSimulated) {
      clientId sort limit simulatedIncluded
      posts { postId excerpt platforms publishedAt occasion campaignId campaignName reach views likes comments shares engagement engagementRate
              byPlatform { platform permalink engagement engagementRate } }
    }
  }`,
  content: `query ($clientId: ID!, $from: String, $to: String, $campaignId: ID) {
    analyticsContent(clientId: $clientId, from: $from, to: $to, campaignId: $campaignId) {
      clientId simulatedIncluded
      byType { key posts engagement averageEngagement engagementRate }
      byOccasion { key posts } byLanguage { key posts } byHashtag { key posts engagement }
      byHour { hour posts } heatmap { weekday hour posts engagement }
    }
  }`,
  overview: `query ($clientId: ID!, $from: String, $to: String, $campaignId: ID) {
    analyticsOverview(clientId: $clientId, from: $from, to: $to, campaignId: $campaignId) { clientId totals { posts likes } simulatedIncluded }
  }`,
};

describe("GraphQL", () => {
  test("analyticsEngagement: weeks, the campaign filter", async () => {
    const g = await gql(
      app.base,
      Q.engagement,
      { clientId: a.businessId, from: FROM, to: TO, interval: "WEEK" },
      a.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.analyticsEngagement).toMatchObject({
      clientId: a.businessId,
      from: FROM,
      to: TO,
      interval: "WEEK",
      simulatedIncluded: false,
    });
    expect(
      g.data.analyticsEngagement.points.map((p: { date: string; days: number; likes: number }) => [
        p.date,
        p.days,
        p.likes,
      ]),
    ).toEqual([
      ["2026-02-28", 6, 110],
      ["2026-03-07", 7, 70],
      ["2026-03-14", 1, 0],
    ]);
    expect(g.data.analyticsEngagement.byPlatform.map((p: { platform: string }) => p.platform)).toEqual([
      "INSTAGRAM",
      "TWITTER",
    ]);
    const c = await gql(
      app.base,
      Q.engagement,
      { clientId: a.businessId, from: FROM, to: TO, campaignId: campaignA.id },
      a.token,
    );
    expect(c.data.analyticsEngagement.points.reduce((n: number, p: { likes: number }) => n + p.likes, 0)).toBe(150);
    const bad = await gql(app.base, Q.engagement, { clientId: a.businessId, campaignId: "ramadan" }, a.token);
    expect(bad.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { campaignId: [expect.any(String)] },
    });
    const theirs = await gql(app.base, Q.engagement, { clientId: a.businessId, campaignId: campaignB.id }, a.token);
    expect(theirs.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
  });

  test("analyticsPlatform and analyticsTopPosts", async () => {
    const p = await gql(
      app.base,
      Q.platform,
      { clientId: a.businessId, from: FROM, to: TO, platform: "INSTAGRAM" },
      a.token,
    );
    expect(p.errors).toBeUndefined();
    expect(p.data.analyticsPlatform).toMatchObject({
      platform: "INSTAGRAM",
      previous: { from: "2026-02-15", to: "2026-02-28" },
      totals: { posts: 2, reach: 1500, likes: 130, engagementRate: 10.67, followers: null },
      change: { posts: 100, likes: 550 },
    });
    expect(p.data.analyticsPlatform.series).toHaveLength(14);
    expect(p.data.analyticsPlatform.topPosts.map((x: { postId: string }) => x.postId)).toEqual([ids.a1, ids.a3]);

    const t = await gql(
      app.base,
      Q.topPosts,
      { clientId: a.businessId, from: FROM, to: TO, sort: "VIEWS", limit: 2 },
      a.token,
    );
    expect(t.errors).toBeUndefined();
    expect(t.data.analyticsTopPosts).toMatchObject({ sort: "VIEWS", limit: 2, simulatedIncluded: false });
    expect(t.data.analyticsTopPosts.posts).toEqual([
      expect.objectContaining({
        postId: ids.a2,
        platforms: ["TWITTER"],
        publishedAt: "2026-03-04T21:30:00.000Z",
        occasion: "ramadan_iftar",
        views: 2000,
        engagement: 40,
        engagementRate: 2,
      }),
      expect.objectContaining({
        postId: ids.a3,
        campaignId: campaignA.id,
        campaignName: "Karak nights",
        occasion: "new_dish",
      }),
    ]);
    const limit = await gql(app.base, Q.topPosts, { clientId: a.businessId, limit: 101 }, a.token, "ar");
    expect(limit.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { limit: ["يجب أن يكون limit عددًا صحيحًا من ١ إلى ١٠٠"] },
    });
    const sim = await gql(
      app.base,
      Q.topPosts,
      { clientId: a.businessId, from: FROM, to: TO, includeSimulated: true, limit: 1 },
      a.token,
    );
    expect(sim.data.analyticsTopPosts.posts[0].platforms).toEqual(["SNAPCHAT"]);
  });

  test("analyticsContent", async () => {
    const g = await gql(app.base, Q.content, { clientId: a.businessId, from: FROM, to: "2026-04-30" }, a.token);
    expect(g.errors).toBeUndefined();
    const c = g.data.analyticsContent;
    expect(c.byType.map((x: { key: string; posts: number }) => [x.key, x.posts])).toEqual([
      ["text", 1],
      ["image", 2],
      ["video", 0],
      ["carousel", 1],
    ]);
    expect(c.byLanguage.map((x: { key: string; posts: number }) => [x.key, x.posts])).toEqual([
      ["ar", 1],
      ["en", 2],
      ["mixed", 1],
    ]);
    expect(c.byOccasion.map((x: { key: string }) => x.key)).toEqual([
      "menu_promotion",
      "new_dish",
      "ramadan_iftar",
      "everyday",
    ]);
    expect(c.byHashtag[0]).toEqual({ key: "karak", posts: 2, engagement: 185 });
    expect(c.byHour).toHaveLength(24);
    expect(c.heatmap).toHaveLength(168);
    const camp = await gql(
      app.base,
      Q.content,
      { clientId: a.businessId, from: FROM, to: "2026-04-30", campaignId: campaignA.id },
      a.token,
    );
    expect(camp.data.analyticsContent.byOccasion.map((x: { key: string }) => x.key)).toEqual([
      "menu_promotion",
      "new_dish",
    ]);
  });

  test.each(Object.keys(Q) as (keyof typeof Q)[])("%s: tenancy through the GraphQL door", async (name) => {
    const vars = (clientId: string) => ({ clientId, ...(name === "platform" ? { platform: "INSTAGRAM" } : {}) });
    const field = {
      engagement: "analyticsEngagement",
      platform: "analyticsPlatform",
      topPosts: "analyticsTopPosts",
      content: "analyticsContent",
      overview: "analyticsOverview",
    }[name];
    const own = await gql(app.base, Q[name], vars(a.businessId), a.token);
    expect(own.errors).toBeUndefined();
    expect(own.data[field].clientId).toBe(a.businessId);
    const other = await gql(app.base, Q[name], vars(a.businessId), b.token);
    expect(other.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const blank = await gql(app.base, Q[name], vars(""), a.token);
    expect(blank.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const asAdmin = await gql(app.base, Q[name], vars(b.businessId), admin);
    expect(asAdmin.data[field].clientId).toBe(b.businessId);
    const unknown = await gql(app.base, Q[name], vars("00000000-0000-4000-8000-000000000000"), admin);
    expect(unknown.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    const bad = await gql(app.base, Q[name], vars("my-cafe"), a.token);
    expect(bad.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
    const anon = await gql(app.base, Q[name], vars(a.businessId));
    expect(anon.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });
});
