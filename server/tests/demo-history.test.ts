// The demo café's history (src/seed/demo-history.ts): six weeks of posts on its demo accounts with
// simulated figures, a campaign and two competitors, seeded once, so the quick start's analytics,
// campaigns and competitors screens have something real to read.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addDays, addMonths, kuwaitDate, previewPost, type PlatformName } from "@sufra/schema";
import { DEMO_OWNER_EMAIL, ensureDemoSubscription } from "../src/seed/seed.ts";
import { ensureDemoHistory } from "../src/seed/demo-history.ts";
import { call, gql, startTestApp, type TestApp } from "./support/app.ts";
import { login } from "./support/team.ts";

let demo: TestApp;
let businessId: string;
let token: string;

beforeAll(async () => {
  demo = await startTestApp({ DEMO_DATA: "true", DEMO_PASSWORD: "Demo#Pass2026" });
  businessId = demo.sufra.demo!.businessId;
  token = (await login(demo.base, DEMO_OWNER_EMAIL, "Demo#Pass2026")).access_token;
}, 60_000);
afterAll(() => demo.stop());

describe("the demo café's history", () => {
  it("has six weeks of published posts on Instagram and X, every target with simulated figures", async () => {
    const db = demo.sufra.deps.db;
    const posts = await db.post.findMany({ where: { businessId }, include: { targets: true } });
    // both networks, and some posts on one of them only (X's few words, Instagram's longer captions);
    // some photos shared to Facebook and TikTok too
    const networks = new Set(
      posts.map((p) =>
        p.targets
          .map((t) => t.platform)
          .filter((n) => n === "instagram" || n === "twitter")
          .sort()
          .join("+"),
      ),
    );
    expect(networks).toEqual(new Set(["instagram+twitter", "instagram", "twitter"]));
    const on = (n: string) => posts.filter((p) => p.targets.some((t) => t.platform === n)).length;
    expect(on("facebook")).toBeGreaterThanOrEqual(5);
    expect(on("tiktok")).toBeGreaterThanOrEqual(3);
    expect(posts.length).toBeGreaterThanOrEqual(30);
    const today = kuwaitDate();
    for (const p of posts) {
      expect(p.status).toBe("published");
      expect(kuwaitDate(p.publishedAt!) < today).toBe(true);
      expect(kuwaitDate(p.publishedAt!) >= addDays(today, -42)).toBe(true);
      expect(p.content.length).toBeGreaterThan(20);
      expect(p.targets.length).toBeGreaterThan(0);
      for (const t of p.targets) {
        expect(t.metricsSimulated).toBe(true);
        expect(t.views).toBeGreaterThan(0);
        expect(t.likes).toBeGreaterThan(0);
      }
    }
    // both languages, as a Kuwaiti café writes
    expect(posts.some((p) => /[\u0600-\u06FF]/.test(p.content))).toBe(true);
    expect(posts.some((p) => !/[\u0600-\u06FF]/.test(p.content))).toBe(true);
  });

  it("every post obeys the rules a person's post does: a photo on Instagram, X's length, the networks' hashtag and media limits", async () => {
    const db = demo.sufra.deps.db;
    const posts = await db.post.findMany({
      where: { businessId },
      include: { targets: true, media: { include: { media: true }, orderBy: { position: "asc" } } },
    });
    for (const p of posts) {
      const preview = previewPost({
        content: p.content,
        hashtags: p.hashtags,
        platforms: p.targets.map((t) => t.platform as PlatformName),
        media: p.media.map((m) => m.media),
        network: p.networkOptions,
      });
      expect({ post: p.id, errors: preview.flatMap((x) => x.errors) }).toEqual({ post: p.id, errors: [] });
    }
    // the photos are real files, labelled as demo, with the variants an upload gets
    const media = await db.media.findMany({ where: { businessId } });
    expect(media.length).toBeGreaterThanOrEqual(4);
    for (const m of media) {
      expect(m).toMatchObject({ kind: "image", mime: "image/jpeg", uploaderId: null });
      expect(m.originalName).toMatch(/^demo-photo-/);
      const file = await demo.sufra.services.media.storage.get(m.storageKey);
      expect(file.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(Object.keys(m.variants as object)).toEqual(expect.arrayContaining(["thumb", "square"]));
    }
  });

  it("reads like a café's: photos, carousels and a few words on X by kind of post, and varied top hashtags", async () => {
    const today = kuwaitDate();
    const r = await call(
      demo.base,
      "GET",
      `/api/analytics/content?client_id=${businessId}&from=${addDays(today, -45)}&to=${today}`,
      { token },
    );
    expect(r.status).toBe(200);
    const byType = Object.fromEntries(
      (r.body.by_type as { key: string; posts: number }[]).map((g) => [g.key, g.posts]),
    );
    expect(byType.image).toBeGreaterThan(byType.carousel);
    expect(byType.carousel).toBeGreaterThan(0);
    expect(byType.text).toBeGreaterThan(0);
    // no hashtag rides on every post: the top ones differ in how many posts carry them
    const posts = await demo.sufra.deps.db.post.findMany({ where: { businessId }, select: { hashtags: true } });
    const counts = new Map<string, number>();
    for (const p of posts) for (const h of p.hashtags) counts.set(h, (counts.get(h) ?? 0) + 1);
    expect(counts.size).toBeGreaterThanOrEqual(12);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(posts.length / 2);
    const top = r.body.by_hashtag as { key: string; posts: number }[];
    expect(top.length).toBeGreaterThanOrEqual(5);
    expect(new Set(top.map((g) => g.posts)).size).toBeGreaterThan(1);
  });

  it("has a running campaign with some of those posts, and two competitors with weekly readings", async () => {
    const db = demo.sufra.deps.db;
    const campaigns = await db.campaign.findMany({
      where: { businessId },
      include: { _count: { select: { posts: true } } },
    });
    expect(campaigns).toHaveLength(1);
    const today = kuwaitDate();
    expect(
      campaigns[0]!.startDate.toISOString().slice(0, 10) <= today &&
        campaigns[0]!.endDate.toISOString().slice(0, 10) >= today,
    ).toBe(true);
    expect(campaigns[0]!._count.posts).toBeGreaterThanOrEqual(5);
    const competitors = await db.competitor.findMany({ where: { businessId }, include: { snapshots: true } });
    expect(competitors).toHaveLength(2);
    for (const c of competitors) expect(c.snapshots).toHaveLength(6);
  });

  it("TikTok and Facebook: the café's labelled demo accounts carry some of its photos (public on TikTok), counted per network in analytics and its CSV", async () => {
    const db = demo.sufra.deps.db;
    const accounts = await db.platformAccount.findMany({
      where: { businessId, platform: { in: ["tiktok", "facebook"] } },
    });
    expect(accounts.map((a) => [a.platform, a.demo, a.status]).sort()).toEqual([
      ["facebook", true, "connected"],
      ["tiktok", true, "connected"],
    ]);
    const copies = await db.postTarget.findMany({
      where: { post: { businessId }, platform: { in: ["tiktok", "facebook"] } },
      include: { post: { include: { media: true, targets: true } } },
    });
    for (const c of copies) {
      expect(c).toMatchObject({ status: "published", metricsSimulated: true });
      expect(c.views).toBeGreaterThan(0);
      expect(c.publishedAt).toEqual(c.post.publishedAt);
      expect(c.post.media.length).toBeGreaterThan(0);
      // a copy of a post also on the demo Instagram, never a post of its own
      expect(c.post.targets.some((t) => t.platform === "instagram")).toBe(true);
      if (c.platform === "tiktok")
        expect(c.post.networkOptions).toMatchObject({ tiktok: { privacyLevel: "PUBLIC_TO_EVERYONE" } });
    }
    const from = addDays(kuwaitDate(), -45);
    const to = kuwaitDate();
    const g = await gql(
      demo.base,
      `query ($c: ID!, $f: String, $t: String) { analyticsOverview(clientId: $c, from: $f, to: $t, includeSimulated: true) { byPlatform { platform posts views } } }`,
      { c: businessId, f: from, t: to },
      token,
    );
    expect(g.errors).toBeUndefined();
    const by = new Map(
      g.data.analyticsOverview.byPlatform.map((p: { platform: string; posts: number; views: number }) => [
        p.platform,
        p,
      ]),
    );
    for (const [gqlName, name] of [
      ["TIKTOK", "tiktok"],
      ["FACEBOOK", "facebook"],
    ] as const) {
      expect(by.get(gqlName)).toMatchObject({
        posts: copies.filter((c) => c.platform === name).length,
        views: copies.filter((c) => c.platform === name).reduce((n, c) => n + c.views, 0),
      });
    }
    const detail = await call(
      demo.base,
      "GET",
      `/api/analytics/platforms/tiktok?client_id=${businessId}&include_simulated=true&from=${from}&to=${to}`,
      { token },
    );
    expect(detail.status).toBe(200);
    expect(detail.body.totals.posts).toBe(copies.filter((c) => c.platform === "tiktok").length);
    const audience = await call(
      demo.base,
      "GET",
      `/api/analytics/audience?client_id=${businessId}&include_simulated=true`,
      { token },
    );
    expect(audience.status).toBe(200);
    expect(audience.body.networks.map((n: { platform: string }) => n.platform)).toEqual(
      expect.arrayContaining(["tiktok", "facebook"]),
    );
    const csv = await fetch(
      `${demo.base}/api/analytics/export?format=csv&client_id=${businessId}&include_simulated=true&from=${from}&to=${to}&lang=ar`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain("حسب المنصة");
    expect(text).toContain("تيك توك");
    expect(text).toContain("فيسبوك");
  });

  it("a history seeded before TikTok and Facebook gets its copies there once, and nothing more on the next start", async () => {
    const db = demo.sufra.deps.db;
    const before = await db.postTarget.count({ where: { post: { businessId } } });
    // as if the café's history came from before: its TikTok and Facebook copies gone, the marker too
    await db.postTarget.deleteMany({ where: { post: { businessId }, platform: { in: ["tiktok", "facebook"] } } });
    await db.auditLog.deleteMany({ where: { action: "demo.history_tiktok_facebook_seeded", entityId: businessId } });
    expect(await ensureDemoHistory(db, demo.sufra.services.media, businessId)).toBe(false);
    expect(await db.postTarget.count({ where: { post: { businessId } } })).toBe(before);
    expect(await ensureDemoHistory(db, demo.sufra.services.media, businessId)).toBe(false);
    expect(await db.postTarget.count({ where: { post: { businessId } } })).toBe(before);
  });

  it("links no simulated copy as if it were on a real network (top posts, REST and GraphQL)", async () => {
    const stored = await demo.sufra.deps.db.postTarget.count({
      where: { post: { businessId }, status: "published", permalink: { startsWith: "https://demo.sufra.local/" } },
    });
    expect(stored).toBeGreaterThan(0); // the simulated network's own addresses are kept for the posts' pages
    const r = await call(
      demo.base,
      "GET",
      `/api/analytics/top-posts?client_id=${businessId}&include_simulated=true&from=${addDays(kuwaitDate(), -45)}&to=${kuwaitDate()}`,
      { token },
    );
    expect(r.status).toBe(200);
    const links = r.body.posts.flatMap((p: { by_platform: { permalink: string | null }[] }) =>
      p.by_platform.map((b) => b.permalink),
    );
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l: string | null) => l === null)).toBe(true);
    const g = await gql(
      demo.base,
      `query ($c: ID!) { analyticsTopPosts(clientId: $c, includeSimulated: true) { posts { byPlatform { permalink } } } }`,
      { c: businessId },
      token,
    );
    expect(g.errors).toBeUndefined();
    const graphLinks = g.data.analyticsTopPosts.posts.flatMap((p: { byPlatform: { permalink: string | null }[] }) =>
      p.byPlatform.map((b) => b.permalink),
    );
    expect(graphLinks.length).toBeGreaterThan(0);
    expect(graphLinks.every((l: string | null) => l === null)).toBe(true);
  });

  it("fills the daily rows, so the overview reads the (labelled) simulated figures", async () => {
    const rows = await demo.sufra.deps.db.metricDaily.findMany({ where: { businessId } });
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.every((r) => r.simulated)).toBe(true);
    const r = await call(demo.base, "GET", `/api/analytics/overview?client_id=${businessId}&include_simulated=true`, {
      token,
    });
    expect(r.status).toBe(200);
    expect(r.body.simulated_included).toBe(true);
    expect(r.body.totals.posts).toBeGreaterThan(20);
    expect(r.body.totals.likes).toBeGreaterThan(0);
  });

  it("best times: its simulated posts never count towards its own figures, and the answer says how many were left out", async () => {
    const posts = await demo.sufra.deps.db.post.count({ where: { businessId, status: "published" } });
    const r = await call(demo.base, "GET", "/api/insights/posting-times", { token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ source: "defaults", posts_analysed: 0, simulated_posts: posts, min_posts: 12 });
    expect(posts).toBeGreaterThan(12);
  });

  it("one definition per figure: the dashboard's and analytics' posts published agree, and copies on networks are counted apart", async () => {
    const db = demo.sufra.deps.db;
    const d = (await gql(demo.base, "{ clientDashboard { totalPosts publishedPosts period { from to } } }", {}, token))
      .data.clientDashboard;
    const o = await call(
      demo.base,
      "GET",
      `/api/analytics/overview?client_id=${businessId}&from=${d.period.from}&to=${d.period.to}`,
      { token },
    );
    expect(o.status).toBe(200);
    // the same 30 days: the same count of posts, each once
    expect(o.body.published_posts).toBe(d.publishedPosts);
    const since = Date.parse(`${d.period.from}T00:00:00+03:00`);
    const posts = await db.post.findMany({ where: { businessId, status: "published" }, include: { targets: true } });
    const inPeriod = posts.filter((p) => p.publishedAt!.getTime() >= since);
    expect(d.publishedPosts).toBe(inPeriod.length);
    // network copies: a post on Instagram and X is two
    expect(o.body.totals.posts).toBe(inPeriod.reduce((n, p) => n + p.targets.length, 0));
    expect(o.body.totals.posts).toBeGreaterThan(o.body.published_posts);
    // all posts: every post once, drafts included
    expect(d.totalPosts).toBe(await db.post.count({ where: { businessId } }));
    const g = await gql(
      demo.base,
      `query ($c: ID!, $f: String, $t: String) { analyticsOverview(clientId: $c, from: $f, to: $t) { publishedPosts totals { posts } } }`,
      { c: businessId, f: d.period.from, t: d.period.to },
      token,
    );
    expect(g.data.analyticsOverview).toEqual({
      publishedPosts: d.publishedPosts,
      totals: { posts: o.body.totals.posts },
    });
  });

  it("a campaign's posts published count each post once, beside its copies on networks, as analytics counts them", async () => {
    const [campaign] = await demo.sufra.deps.db.campaign.findMany({ where: { businessId } });
    const c = await call(demo.base, "GET", `/api/campaigns/${campaign!.id}`, { token });
    expect(c.status).toBe(200);
    const r = c.body.rollup;
    expect(r.published_posts).toBe(r.posts_by_status.published + r.posts_by_status.partially_published);
    expect(r.totals.posts).toBeGreaterThan(r.published_posts);
    const o = await call(
      demo.base,
      "GET",
      `/api/analytics/overview?client_id=${businessId}&campaign_id=${campaign!.id}&from=${addDays(kuwaitDate(), -60)}&to=${kuwaitDate()}`,
      { token },
    );
    expect({ posts: o.body.published_posts, copies: o.body.totals.posts }).toEqual({
      posts: r.published_posts,
      copies: r.totals.posts,
    });
  });

  it("its Premium subscription is monthly like a paid one: the next payment within a month, and a start puts a period that breaks the rule right", async () => {
    const db = demo.sufra.deps.db;
    const monthly = async (now: Date) => {
      const sub = await db.subscription.findUniqueOrThrow({ where: { businessId } });
      expect(sub).toMatchObject({ plan: "premium", status: "active", cancelAtPeriodEnd: false });
      // the same period a paid month gets (subscription.ts): one month from its start, and now inside it
      expect(sub.periodStartsAt!.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(sub.renewsAt!.getTime()).toBe(addMonths(sub.periodStartsAt!).getTime());
      expect(sub.renewsAt!.getTime()).toBeGreaterThan(now.getTime());
      return sub;
    };
    await monthly(new Date());
    // a demo café seeded with a year-long period (as it once was) gets a month on the next start
    await db.subscription.update({
      where: { businessId },
      data: { periodStartsAt: null, renewsAt: new Date(Date.now() + 365 * 86_400_000) },
    });
    await ensureDemoSubscription(db, businessId);
    await monthly(new Date());
    // a period that ended while the server ran (the lifecycle leaves the demo café alone) rolls on by months
    const start = new Date(Date.now() - 70 * 86_400_000);
    await db.subscription.update({
      where: { businessId },
      data: { periodStartsAt: start, renewsAt: addMonths(start) },
    });
    await ensureDemoSubscription(db, businessId);
    const rolled = await monthly(new Date());
    expect(rolled.periodStartsAt!.getTime()).toBe(addMonths(start, 2).getTime());
  });

  it("is seeded once: a second call, or a restart, adds nothing", async () => {
    const db = demo.sufra.deps.db;
    const before = await db.post.count({ where: { businessId } });
    const photos = await db.media.count({ where: { businessId } });
    expect(await ensureDemoHistory(db, demo.sufra.services.media, businessId)).toBe(false);
    expect(await db.post.count({ where: { businessId } })).toBe(before);
    expect(await db.media.count({ where: { businessId } })).toBe(photos);
  });

  it("a history seeded before the rules gets photos for its Instagram posts on the next start, and nothing else changes", async () => {
    const db = demo.sufra.deps.db;
    const instagram = await db.platformAccount.findFirstOrThrow({
      where: { businessId, demo: true, platform: "instagram" },
    });
    const at = new Date(Date.now() - 3 * 86_400_000);
    const old = await db.post.create({
      data: {
        businessId,
        status: "published",
        content: "Karak tea for the cold evenings",
        publishedAt: at,
        scheduledFor: at,
        targets: {
          create: [
            {
              accountId: instagram.id,
              platform: "instagram",
              status: "published",
              externalId: "demo-instagram-old",
              publishedAt: at,
              metricsSimulated: true,
            },
          ],
        },
      },
    });
    const posts = await db.post.count({ where: { businessId } });
    expect(await ensureDemoHistory(db, demo.sufra.services.media, businessId)).toBe(false);
    expect(await db.post.count({ where: { businessId } })).toBe(posts);
    const fixed = await db.post.findUniqueOrThrow({
      where: { id: old.id },
      include: { media: { include: { media: true } } },
    });
    expect(fixed.media).toHaveLength(1);
    expect(
      previewPost({ content: fixed.content, platforms: ["instagram"], media: fixed.media.map((m) => m.media) })[0]!
        .errors,
    ).toEqual([]);
    // and once done, a further start finds nothing to do
    const photos = await db.media.count({ where: { businessId } });
    expect(await ensureDemoHistory(db, demo.sufra.services.media, businessId)).toBe(false);
    expect(await db.media.count({ where: { businessId } })).toBe(photos);
  });
});
