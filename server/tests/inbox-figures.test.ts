// The inbox in figures over real HTTP and Postgres: items with known times seeded directly for two
// sources (Google reviews at two branches, Instagram comments) and checked through both doors:
// response rates, median response times (marked answers counted as answered, never timed), the rating
// series by Kuwait day and by Kuwait week, topics against the previous period, the range's ends in
// Kuwait time, demo items as analytics counts simulated figures, tenancy, and the export's sections.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();
const db = () => app.sufra.deps.db;
let admin: string;
let a: Awaited<ReturnType<typeof signedInBusiness>>;
let b: Awaited<ReturnType<typeof signedInBusiness>>;
let salmiya: string;
let jabriya: string;

const FROM = "2026-03-01";
const TO = "2026-03-10";
const MIN = 60_000;
const HOUR = 60 * MIN;

interface Item {
  source: string;
  at: string;
  kind?: "review" | "comment";
  rating?: number | null;
  location?: string | null;
  /** how and after how long it was answered */
  via?: "sent" | "network" | "marked";
  after?: number;
  topics?: string[];
  demo?: boolean;
}

function item(businessId: string, i: Item) {
  const writtenAt = new Date(i.at);
  const repliedAt = i.via ? new Date(writtenAt.getTime() + (i.after ?? 0)) : null;
  return db().review.create({
    data: {
      businessId,
      kind: i.kind ?? "review",
      source: i.source,
      author: "Guest",
      rating: i.kind === "comment" ? null : (i.rating ?? 5),
      text: "…",
      language: "en",
      reviewedAt: new Date(`${new Date(writtenAt.getTime() + 3 * HOUR).toISOString().slice(0, 10)}T00:00:00Z`),
      writtenAt,
      sentiment: "neutral",
      topics: i.topics ?? [],
      status: i.via ? "replied" : "new",
      repliedAt,
      repliedVia: i.via ?? null,
      reply: i.via ? "Thank you" : null,
      importKey: `t:${randomUUID()}`,
      locationId: i.location ?? null,
      demo: i.demo ?? false,
    },
  });
}

beforeAll(async () => {
  admin = await adminToken(app.base);
  [a, b] = await Promise.all([
    signedInBusiness(app.base, { over: { company_name: "Café Layali" } }),
    signedInBusiness(app.base, { over: { company_name: "Dar Al Qahwa" } }),
  ]);
  // a real account: analytics leaves simulated (demo) figures out by default
  const account = await db().platformAccount.create({
    data: { businessId: a.businessId, platform: "instagram", externalId: "ig-layali", handle: "layali" },
  });
  const loc = (name: string, title: string) =>
    db().googleLocation.create({
      data: {
        businessId: a.businessId,
        accountId: account.id,
        googleAccount: "accounts/1",
        name,
        title,
        verified: true,
        picked: true,
      },
    });
  salmiya = (await loc("locations/1", "Layali Salmiya")).id;
  jabriya = (await loc("locations/2", "Layali Jabriya")).id;
  const items: Item[] = [
    // Google at Salmiya: 00:30 Kuwait on 1 March is still 28 February in UTC, and belongs to the range
    {
      source: "google",
      at: "2026-03-01T00:30:00+03:00",
      rating: 5,
      location: salmiya,
      via: "sent",
      after: HOUR,
      topics: ["food"],
    },
    {
      source: "google",
      at: "2026-03-03T10:00:00+03:00",
      rating: 3,
      location: salmiya,
      via: "network",
      after: 3 * HOUR,
      topics: ["service"],
    },
    // marked replied: answered, but its time says nothing of the guest's wait
    {
      source: "google",
      at: "2026-03-05T12:00:00+03:00",
      rating: 4,
      location: salmiya,
      via: "marked",
      after: 10 * MIN,
      topics: ["food", "price"],
    },
    { source: "google", at: "2026-03-06T12:00:00+03:00", rating: 1, location: salmiya, topics: ["service"] },
    // Google at Jabriya: 23:30 Kuwait on the range's last day
    {
      source: "google",
      at: "2026-03-02T09:00:00+03:00",
      rating: 2,
      location: jabriya,
      via: "sent",
      after: 2.5 * HOUR,
      topics: ["cleanliness"],
    },
    { source: "google", at: "2026-03-10T23:30:00+03:00", rating: 4, location: jabriya },
    // Instagram comments: no stars, no branch
    {
      source: "instagram",
      kind: "comment",
      at: "2026-03-04T08:00:00+03:00",
      via: "sent",
      after: 30 * MIN,
      topics: ["food"],
    },
    { source: "instagram", kind: "comment", at: "2026-03-04T09:00:00+03:00" },
    // 00:30 Kuwait on 11 March is still 10 March in UTC: outside the range
    {
      source: "google",
      at: "2026-03-11T00:30:00+03:00",
      rating: 1,
      location: salmiya,
      via: "sent",
      after: MIN,
      topics: ["service"],
    },
    // the previous period (19-28 February)
    { source: "google", at: "2026-02-28T23:30:00+03:00", rating: 5, location: salmiya, topics: ["service", "price"] },
    { source: "instagram", kind: "comment", at: "2026-02-20T12:00:00+03:00", topics: ["food"] },
    // a demo item: counted only where analytics counts simulated figures
    {
      source: "google",
      at: "2026-03-07T12:00:00+03:00",
      rating: 1,
      location: salmiya,
      via: "sent",
      after: 5 * MIN,
      topics: ["delivery"],
      demo: true,
    },
  ];
  for (const i of items) await item(a.businessId, i);
  // another business's items on the same days never show in Café Layali's figures
  await item(b.businessId, {
    source: "talabat",
    at: "2026-03-02T12:00:00+03:00",
    rating: 2,
    via: "sent",
    after: 24 * HOUR,
    topics: ["delivery"],
  });
});

const Q = `query G($clientId: ID!, $from: String, $to: String, $includeSimulated: Boolean) {
  analyticsGuests(clientId: $clientId, from: $from, to: $to, includeSimulated: $includeSimulated) {
    clientId from to previous { from to } simulatedIncluded
    total { items answered responseRate timed medianResponseSeconds }
    bySource { source items answered responseRate timed medianResponseSeconds }
    byBranch { locationId branch items answered responseRate timed medianResponseSeconds }
    rating { interval count average points { date days count average } }
    topics { topic count previous change changePercent trend }
  }
}`;

describe("the inbox in figures", () => {
  test("response rate and median response time per source and branch, the rating by day, topics against the previous period", async () => {
    const r = await gql(app.base, Q, { clientId: a.businessId, from: FROM, to: TO }, a.token);
    expect(r.errors).toBeUndefined();
    const g = r.data.analyticsGuests;
    expect(g).toMatchObject({
      from: FROM,
      to: TO,
      previous: { from: "2026-02-19", to: "2026-02-28" },
      simulatedIncluded: false,
    });
    // timed: 30 min, 1 h, 2.5 h, 3 h: the median is halfway between 1 h and 2.5 h
    expect(g.total).toEqual({ items: 8, answered: 5, responseRate: 0.625, timed: 4, medianResponseSeconds: 6300 });
    expect(g.bySource).toEqual([
      { source: "google", items: 6, answered: 4, responseRate: 0.6667, timed: 3, medianResponseSeconds: 9000 },
      { source: "instagram", items: 2, answered: 1, responseRate: 0.5, timed: 1, medianResponseSeconds: 1800 },
    ]);
    expect(g.byBranch).toEqual([
      {
        locationId: salmiya,
        branch: "Layali Salmiya",
        items: 4,
        answered: 3,
        responseRate: 0.75,
        timed: 2,
        medianResponseSeconds: 7200,
      },
      {
        locationId: jabriya,
        branch: "Layali Jabriya",
        items: 2,
        answered: 1,
        responseRate: 0.5,
        timed: 1,
        medianResponseSeconds: 9000,
      },
      {
        locationId: null,
        branch: null,
        items: 2,
        answered: 1,
        responseRate: 0.5,
        timed: 1,
        medianResponseSeconds: 1800,
      },
    ]);
    // reviews only (comments have no stars), one point per Kuwait day, zero-filled
    expect(g.rating.interval).toBe("DAY");
    expect(g.rating.count).toBe(6);
    expect(g.rating.average).toBe(3.17);
    expect(g.rating.points).toHaveLength(10);
    expect(
      g.rating.points
        .filter((p: { count: number }) => p.count > 0)
        .map((p: { date: string; average: number }) => [p.date, p.average]),
    ).toEqual([
      ["2026-03-01", 5],
      ["2026-03-02", 2],
      ["2026-03-03", 3],
      ["2026-03-05", 4],
      ["2026-03-06", 1],
      ["2026-03-10", 4],
    ]);
    expect(g.rating.points[3]).toEqual({ date: "2026-03-04", days: 1, count: 0, average: null });
    expect(g.topics).toEqual([
      { topic: "food", count: 3, previous: 1, change: 2, changePercent: 200, trend: "UP" },
      { topic: "service", count: 2, previous: 1, change: 1, changePercent: 100, trend: "UP" },
      { topic: "price", count: 1, previous: 1, change: 0, changePercent: 0, trend: "FLAT" },
      { topic: "cleanliness", count: 1, previous: 0, change: 1, changePercent: null, trend: "UP" },
      { topic: "delivery", count: 0, previous: 0, change: 0, changePercent: null, trend: "FLAT" },
    ]);
  });

  test("demo items count when simulated figures do; a longer range rates by Kuwait week from Saturday", async () => {
    const demo = (
      await gql(app.base, Q, { clientId: a.businessId, from: FROM, to: TO, includeSimulated: true }, a.token)
    ).data.analyticsGuests;
    expect(demo.simulatedIncluded).toBe(true);
    expect(demo.total).toMatchObject({ items: 9, answered: 6, timed: 5, medianResponseSeconds: 3600 });
    expect(demo.topics.find((t: { topic: string }) => t.topic === "delivery")).toMatchObject({ count: 1, trend: "UP" });

    const weeks = (await gql(app.base, Q, { clientId: a.businessId, from: "2026-02-01", to: TO }, a.token)).data
      .analyticsGuests;
    expect(weeks.rating.interval).toBe("WEEK");
    // 1 February 2026 is a Sunday: its week began on Saturday 31 January
    expect(weeks.rating.points[0]).toMatchObject({ date: "2026-01-31", days: 6 });
    // Saturday 28 February to Friday 6 March: 5, 2, 3, 4, 1 and 28 February's 5
    expect(weeks.rating.points.find((p: { date: string }) => p.date === "2026-02-28")).toEqual({
      date: "2026-02-28",
      days: 7,
      count: 6,
      average: 3.33,
    });
    expect(weeks.rating.points.at(-1)).toEqual({ date: "2026-03-07", days: 4, count: 1, average: 4 });
  });

  test("a business sees only its own; the REST door answers the same in snake_case", async () => {
    const refused = await gql(app.base, Q, { clientId: a.businessId, from: FROM, to: TO }, b.token);
    expect(refused.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const own = (await gql(app.base, Q, { clientId: b.businessId, from: FROM, to: TO }, b.token)).data.analyticsGuests;
    expect(own.total).toEqual({ items: 1, answered: 1, responseRate: 1, timed: 1, medianResponseSeconds: 86400 });
    expect(own.bySource.map((s: { source: string }) => s.source)).toEqual(["talabat"]);
    expect(
      (
        await call(app.base, "GET", `/api/analytics/guests?client_id=${a.businessId}&from=${FROM}&to=${TO}`, {
          token: b.token,
        })
      ).status,
    ).toBe(403);

    const rest = await call(app.base, "GET", `/api/analytics/guests?client_id=${a.businessId}&from=${FROM}&to=${TO}`, {
      token: admin,
    });
    expect(rest.status).toBe(200);
    expect(rest.body.total).toEqual({
      items: 8,
      answered: 5,
      response_rate: 0.625,
      timed: 4,
      median_response_seconds: 6300,
    });
    expect(rest.body.by_branch[0]).toMatchObject({
      location_id: salmiya,
      branch: "Layali Salmiya",
      response_rate: 0.75,
    });
    expect(rest.body.rating).toMatchObject({ interval: "day", count: 6, average: 3.17 });
    expect(rest.body.topics[0]).toEqual({
      topic: "food",
      count: 3,
      previous: 1,
      change: 2,
      change_percent: 200,
      trend: "up",
    });
    expect(rest.body.simulated_included).toBe(false);
  });

  test("the export holds the guests' sections in English and Arabic", async () => {
    const csv = async (lang: string) => {
      const r = await fetch(
        `${app.base}/api/analytics/export?format=csv&lang=${lang}&client_id=${a.businessId}&from=${FROM}&to=${TO}`,
        { headers: { authorization: `Bearer ${a.token}` } },
      );
      expect(r.status).toBe(200);
      return (await r.text())
        .replace(/^\uFEFF/, "")
        .split("\r\n\r\n")
        .map((block) => block.split("\r\n").filter(Boolean));
    };
    const section = (blocks: string[][], title: string) => blocks.find((bl) => bl[0] === title)!;
    const en = await csv("en");
    expect(section(en, "Guests by source").slice(1)).toEqual([
      'Source,Reviews and comments,Answered,Response rate %,Answers with a known time,"Median response time, hours"',
      "Google,6,4,66.67,3,2.5",
      "Instagram,2,1,50,1,0.5",
      "All,8,5,62.5,4,1.75",
    ]);
    expect(section(en, "Guests by branch").slice(2)).toEqual([
      "Layali Salmiya,4,3,75,2,2",
      "Layali Jabriya,2,1,50,1,2.5",
      "No branch,2,1,50,1,0.5",
    ]);
    expect(section(en, "Guest rating")).toContain("2026-03-01,1,5");
    expect(section(en, "Guest topics").slice(1, 3)).toEqual([
      "Topic,Mentions,Mentions in the previous period,Change,Trend",
      "Food,3,1,2,Up",
    ]);

    const ar = await csv("ar");
    expect(section(ar, "الضيوف حسب المصدر")).toContain("جوجل,6,4,66.67,3,2.5");
    expect(section(ar, "الضيوف حسب الفرع")).toContain("بلا فرع,2,1,50,1,0.5");
    expect(section(ar, "مواضيع الضيوف")).toContain("الطعام,3,1,2,ارتفاع");
    expect(section(ar, "تقييم الضيوف")).toBeDefined();

    // a campaign's report is about its posts: guests write about the café, so their tables are left out
    const campaign = await db().campaign.create({
      data: {
        businessId: a.businessId,
        name: "Ramadan nights",
        goal: "awareness",
        startDate: new Date(FROM),
        endDate: new Date(TO),
      },
    });
    const c = await fetch(
      `${app.base}/api/analytics/export?format=csv&lang=en&client_id=${a.businessId}&from=${FROM}&to=${TO}&campaign_id=${campaign.id}`,
      { headers: { authorization: `Bearer ${a.token}` } },
    );
    expect(c.status).toBe(200);
    expect(await c.text()).not.toContain("Guests by source");

    // the workbook: a sheet per guests table, numbers as numbers
    const x = await fetch(
      `${app.base}/api/analytics/export?format=xlsx&lang=en&client_id=${a.businessId}&from=${FROM}&to=${TO}`,
      { headers: { authorization: `Bearer ${a.token}` } },
    );
    const { default: readExcelFile } = await import("read-excel-file/node");
    const sheets = await readExcelFile(Buffer.from(await x.arrayBuffer()));
    expect(sheets.map((s) => s.sheet).slice(-4)).toEqual([
      "Guests by source",
      "Guests by branch",
      "Guest rating",
      "Guest topics",
    ]);
    // the rate as a share of 1 (Excel shows 66.67%), to the float's precision
    expect(
      sheets
        .find((s) => s.sheet === "Guests by source")!
        .data[1]!.map((v) => (typeof v === "number" ? Math.round(v * 10_000) / 10_000 : v)),
    ).toEqual(["Google", 6, 4, 0.6667, 3, 2.5]);
  });
});
