// The demo café's history (prisma/demo-history.ts): six weeks of posts on its demo accounts with
// simulated figures, a campaign and two competitors, seeded once, so the quick start's analytics,
// campaigns and competitors screens have something real to read.
import { afterAll, beforeAll, describe, expect, it } from "@jest/globals";
import { addDays, kuwaitDate } from "@sufra/schema";
import { DEMO_OWNER_EMAIL } from "../prisma/seed.ts";
import { ensureDemoHistory } from "../prisma/demo-history.ts";
import { call, startTestApp, type TestApp } from "./support/app.ts";
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
    expect(posts.length).toBeGreaterThanOrEqual(30);
    const today = kuwaitDate();
    for (const p of posts) {
      expect(p.status).toBe("published");
      expect(kuwaitDate(p.publishedAt!) < today).toBe(true);
      expect(kuwaitDate(p.publishedAt!) >= addDays(today, -42)).toBe(true);
      expect(p.content.length).toBeGreaterThan(20);
      expect(p.targets.map((t) => t.platform).sort()).toEqual(["instagram", "twitter"]);
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

  it("has a running campaign with some of those posts, and two competitors with weekly readings", async () => {
    const db = demo.sufra.deps.db;
    const campaigns = await db.campaign.findMany({ where: { businessId }, include: { _count: { select: { posts: true } } } });
    expect(campaigns).toHaveLength(1);
    const today = kuwaitDate();
    expect(campaigns[0]!.startDate.toISOString().slice(0, 10) <= today && campaigns[0]!.endDate.toISOString().slice(0, 10) >= today).toBe(true);
    expect(campaigns[0]!._count.posts).toBeGreaterThanOrEqual(5);
    const competitors = await db.competitor.findMany({ where: { businessId }, include: { snapshots: true } });
    expect(competitors).toHaveLength(2);
    for (const c of competitors) expect(c.snapshots).toHaveLength(6);
  });

  it("fills the daily rows, so the overview reads the (labelled) simulated figures", async () => {
    const rows = await demo.sufra.deps.db.metricDaily.findMany({ where: { businessId } });
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(rows.every((r) => r.simulated)).toBe(true);
    const r = await call(demo.base, "GET", `/api/analytics/overview?client_id=${businessId}&include_simulated=true`, { token });
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

  it("is seeded once: a second call, or a restart, adds nothing", async () => {
    const db = demo.sufra.deps.db;
    const before = await db.post.count({ where: { businessId } });
    expect(await ensureDemoHistory(db, businessId)).toBe(false);
    expect(await db.post.count({ where: { businessId } })).toBe(before);
  });
});
