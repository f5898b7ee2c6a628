// The client dashboard's analytics: views, likes and engagement over the last 30
// Kuwait days from the daily rows, with their change against the 30 days before; the post counts;
// and recent activity built from the business's own rows, with titles in both languages.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { kuwaitDate } from "@sufra/schema";
import { refreshDailyMetrics } from "../src/modules/analytics/daily-metrics.ts";
import { gql, signedInBusiness } from "./support/app.ts";
import type { Figures, Platform } from "./support/analytics.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();

const db = () => app.sufra.deps.db;
const DAY = 86_400_000;

const business = () => signedInBusiness(app.base);

async function publishedAgo(
  businessId: string,
  acc: { id: string; platform: Platform; demo: boolean },
  msAgo: number,
  f: Figures,
  content: string,
) {
  const at = new Date(Date.now() - msAgo);
  const post = await db().post.create({
    data: {
      businessId,
      status: "published",
      content,
      publishedAt: at,
      targets: {
        create: [
          {
            accountId: acc.id,
            platform: acc.platform,
            status: "published",
            publishedAt: at,
            externalId: `ext-${Math.random().toString(36).slice(2)}`,
            ...f,
            metricsAt: new Date(),
            metricsSimulated: acc.demo,
          },
        ],
      },
    },
  });
  await refreshDailyMetrics(db(), businessId, [kuwaitDate(at)]);
  return post;
}

const DASHBOARD = `query {
  clientDashboard {
    totalPosts views likes engagementRate viewsChange likesChange engagementRateChange scheduledPosts pendingPosts simulatedIncluded
    period { from to }
    recentActivity { id type title description subject excerpt timestamp platform entityId scheduledFor metadata { likes engagementRate rating } }
  }
}`;
const dashboard = async (token: string, lang?: string) => {
  const g = await gql(app.base, DASHBOARD, {}, token, lang);
  expect(g.errors).toBeUndefined();
  return g.data.clientDashboard;
};
const pause = () => new Promise((r) => setTimeout(r, 15));

describe("clientDashboard", () => {
  let e: Awaited<ReturnType<typeof business>>;
  const posts: Record<string, string> = {};

  beforeAll(async () => {
    e = await business();
    const ig = await db().platformAccount.create({
      data: {
        businessId: e.businessId,
        platform: "instagram",
        externalId: "ig-e",
        handle: "cafe_e",
        status: "connected",
      },
    });
    // this period, the one before, and one older than both
    posts.recent = (
      await publishedAgo(
        e.businessId,
        ig,
        2 * DAY,
        { reach: 300, views: 400, likes: 40, comments: 5, shares: 5 },
        "Pistachio kunafa, warm from the oven",
      )
    ).id;
    posts.before = (
      await publishedAgo(
        e.businessId,
        ig,
        35 * DAY,
        { reach: 200, views: 200, likes: 20, comments: 0, shares: 0 },
        "Cardamom coffee",
      )
    ).id;
    posts.old = (
      await publishedAgo(
        e.businessId,
        ig,
        70 * DAY,
        { reach: 9000, views: 9000, likes: 900, comments: 0, shares: 0 },
        "Old news",
      )
    ).id;
  });

  test("views, likes and engagement over the last 30 Kuwait days, with their change against the 30 before; counts stay counts", async () => {
    const d = await dashboard(e.token);
    const today = kuwaitDate();
    expect(d).toMatchObject({
      totalPosts: 3,
      views: 400,
      likes: 40,
      // 50 engaged over a reach of 300, against 20 over 200
      engagementRate: 16.67,
      viewsChange: 100,
      likesChange: 100,
      engagementRateChange: 66.67,
      scheduledPosts: 0,
      pendingPosts: 0,
      simulatedIncluded: false,
      period: { from: new Date(Date.parse(`${today}T00:00:00Z`) - 29 * DAY).toISOString().slice(0, 10), to: today },
    });
  });

  test("recent activity: published posts with their figures, scheduled posts, competitor figures and reviews, newest first, in the request's language", async () => {
    await db().review.create({
      data: {
        businessId: e.businessId,
        source: "google",
        author: "Fatma",
        rating: 5,
        text: "The best karak in Salmiya, and the staff were lovely",
        language: "en",
        reviewedAt: new Date(),
        sentiment: "positive",
        importKey: "r-1",
      },
    });
    await pause();
    const competitor = await db().competitor.create({
      data: { businessId: e.businessId, name: "Burger Hub", platform: "instagram", handle: "burgerhub" },
    });
    await db().competitorSnapshot.create({
      data: {
        competitorId: competitor.id,
        day: new Date(`${kuwaitDate()}T00:00:00Z`),
        followers: 12000,
        avgEngagement: 3.4,
        source: "manual",
      },
    });
    await pause();
    const x = await db().platformAccount.create({
      data: {
        businessId: e.businessId,
        platform: "twitter",
        externalId: "x-e",
        handle: "cafe_e_x",
        status: "connected",
      },
    });
    const ig = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: e.businessId, platform: "instagram" } },
    });
    const due = new Date(Date.now() + 3 * DAY);
    const scheduled = await db().post.create({
      data: {
        businessId: e.businessId,
        status: "scheduled",
        content: "Friday brunch: eggs shakshuka and fresh bread",
        scheduledFor: due,
        targets: {
          create: [
            { accountId: ig.id, platform: "instagram", dueAt: due },
            { accountId: x.id, platform: "twitter", dueAt: due },
          ],
        },
      },
    });

    const d = await dashboard(e.token);
    expect(d.scheduledPosts).toBe(1);
    expect(d.recentActivity.map((a: { type: string; entityId: string }) => [a.type, a.entityId])).toEqual([
      ["SCHEDULE", scheduled.id],
      ["COMPETITOR", competitor.id],
      ["COMMENT", expect.any(String)],
      ["POST_PUBLISHED", posts.recent],
      ["POST_PUBLISHED", posts.before],
      ["POST_PUBLISHED", posts.old],
    ]);
    const [sched, comp, review, post] = d.recentActivity;
    expect(sched).toMatchObject({
      id: `schedule:${scheduled.id}`,
      title: "Post scheduled",
      description: "Friday brunch: eggs shakshuka and fresh bread",
      platform: "MULTIPLE",
      scheduledFor: due.toISOString(),
      metadata: null,
    });
    expect(comp).toMatchObject({
      title: "New figures for Burger Hub",
      subject: "Burger Hub",
      description: "@burgerhub",
      platform: "ANALYSIS",
      metadata: { likes: null, engagementRate: 3.4, rating: null },
    });
    // a Google review belongs to Google, a network of the product
    expect(review).toMatchObject({
      title: "New review from Fatma",
      description: "The best karak in Salmiya, and the staff were lovely",
      platform: "GOOGLE",
      metadata: { rating: 5, likes: null },
    });
    expect(post).toMatchObject({
      title: "Post published",
      description: "Pistachio kunafa, warm from the oven",
      platform: "INSTAGRAM",
      metadata: { likes: 40, engagementRate: 16.67, rating: null },
    });
    expect(new Date(post.timestamp).getTime()).toBeLessThan(new Date(review.timestamp).getTime());

    const ar = await dashboard(e.token, "ar");
    expect(ar.recentActivity.slice(0, 4).map((a: { title: string }) => a.title)).toEqual([
      "تمت جدولة منشور",
      "أرقام جديدة للمنافس Burger Hub",
      "مراجعة جديدة من Fatma",
      "تم نشر منشور",
    ]);
  });

  test("the latest twenty only (the card shows five, and all of these behind See all)", async () => {
    for (let i = 0; i < 19; i++) {
      await db().review.create({
        data: {
          businessId: e.businessId,
          source: "talabat",
          author: `Guest ${i}`,
          rating: 4,
          text: "",
          language: "en",
          reviewedAt: new Date(),
          sentiment: "neutral",
          importKey: `more-${i}`,
        },
      });
      await pause();
    }
    const d = await dashboard(e.token);
    expect(d.recentActivity).toHaveLength(20);
    expect(d.recentActivity[0]).toMatchObject({
      type: "COMMENT",
      subject: "Guest 18",
      description: "A review without text",
    });
    expect(d.recentActivity.map((a: { type: string }) => a.type)).toEqual([...Array(19).fill("COMMENT"), "SCHEDULE"]);
  });

  test("another business's rows never show; a demo-only business sees its simulated figures, labelled", async () => {
    const f = await business();
    const empty = await dashboard(f.token);
    expect(empty).toMatchObject({
      totalPosts: 0,
      views: 0,
      likes: 0,
      engagementRate: null,
      viewsChange: null,
      simulatedIncluded: false,
      recentActivity: [],
    });

    await app.sufra.services.platformAccounts.ensureDemoAccounts(f.businessId);
    const snap = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: f.businessId, platform: "snapchat" } },
    });
    await publishedAgo(
      f.businessId,
      snap,
      3_600_000,
      { reach: 800, views: 1000, likes: 60, comments: 10, shares: 10 },
      "Demo saffron cake",
    );
    const demo = await dashboard(f.token);
    expect(demo).toMatchObject({ totalPosts: 1, views: 1000, likes: 60, engagementRate: 10, simulatedIncluded: true });
    expect(demo.recentActivity).toEqual([
      expect.objectContaining({
        type: "POST_PUBLISHED",
        platform: "SNAPCHAT",
        metadata: { likes: 60, engagementRate: 10, rating: null },
      }),
    ]);

    // once it has a real account, simulated figures are left out and its demo post shows none
    await db().platformAccount.update({
      where: { businessId_platform: { businessId: f.businessId, platform: "instagram" } },
      data: { demo: false, externalId: "ig-real" },
    });
    const real = await dashboard(f.token);
    expect(real).toMatchObject({ views: 0, likes: 0, simulatedIncluded: false });
    expect(real.recentActivity[0].metadata).toBeNull();
  });

  test("only the people of a business", async () => {
    const anon = await gql(app.base, DASHBOARD, {});
    expect(anon.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
  });
});
