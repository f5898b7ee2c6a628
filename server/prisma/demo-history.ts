// The demo café's history (embedded quick start), so analytics, competitors and campaigns have
// something to show from the first minute: six weeks of posts "published" to its demo accounts, a
// campaign running now and two competitors with weekly readings. Everything is clearly demo:
// captions come from the built-in writer, figures from the simulated network (demoMetrics, the same
// numbers the metrics job will keep computing), and analytics labels them simulated. Seeded once per
// business: a marker in the audit log remembers it, so deleting the history never brings it back.
import { randomBytes } from "node:crypto";
import { addDays, CONTENT_TONE_KEYS, kuwaitDate, type ContentOccasionKey } from "@sufra/schema";
import { generateLocal } from "../src/ai/local/writer.ts";
import type { Db } from "../src/db/prisma.ts";
import type { Platform } from "../src/generated/prisma/client.ts";
import { refreshDailyMetrics } from "../src/modules/analytics/daily-metrics.ts";
import { loadBusinessProfile } from "../src/modules/business-profile/business-profile.read.ts";
import { demoMetrics } from "../src/platforms/demo.ts";

const SEEDED = "demo.history_seeded";
const DAYS = 42;
/** What the café posted about, in the words a person would give the writer. */
const TOPICS: { prompt: string; occasion?: ContentOccasionKey }[] = [
  { prompt: "Spanish latte, our best seller", occasion: "menu_promotion" },
  { prompt: "New pistachio kunafa", occasion: "new_dish" },
  { prompt: "Karak tea for the cold evenings" },
  { prompt: "Saffron cake fresh from the oven", occasion: "food_photo" },
  { prompt: "Weekend breakfast with family", occasion: "weekend" },
  { prompt: "Saffron iced latte 20% off this weekend", occasion: "menu_promotion" },
  { prompt: "Arabic coffee dallah to share" },
  { prompt: "Date maamoul with Arabic coffee", occasion: "food_photo" },
];
const CAMPAIGN = { name: "Winter menu launch", goal: "launch" as const, budgetFils: 150_000, goalTarget: 60_000, occasion: "new_dish" };
const COMPETITORS = [
  { name: "Qahwat Al Bahar (demo)", handle: "demo_qahwat_albahar", area: "salmiya", cuisine: "cafe", followers: 18_400, growth: 55, perWeek: 6, engagement: 2.1, themes: ["coffee", "seaview", "breakfast"] },
  { name: "Dar Al Kunafa (demo)", handle: "demo_dar_alkunafa", area: "hawalli", cuisine: "desserts", followers: 9_600, growth: 20, perWeek: 3, engagement: 4.3, themes: ["kunafa", "desserts", "family"] },
];

/** A demo external id carries its creation time: the simulated network reads the post's age from it. */
const demoExternalId = (platform: Platform, at: Date) => `demo-${platform}-${at.getTime().toString(36)}-${randomBytes(4).toString("hex")}`;

/** Fills the demo business's history the first time; later calls change nothing. */
export async function ensureDemoHistory(db: Db, businessId: string, now = new Date()): Promise<boolean> {
  const accounts = await db.platformAccount.findMany({ where: { businessId, demo: true, status: "connected", platform: { in: ["instagram", "twitter"] } } });
  if (!accounts.length) return false;
  const profile = await loadBusinessProfile(db, businessId);
  const today = kuwaitDate(now);
  const days: string[] = [];
  const seeded = await db.$transaction(async (tx) => {
    await tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;
    if (await tx.auditLog.findFirst({ where: { action: SEEDED, entityId: businessId }, select: { id: true } })) return false;
    const campaign = await tx.campaign.create({
      data: { businessId, ...CAMPAIGN, startDate: new Date(`${addDays(today, -20)}T00:00:00Z`), endDate: new Date(`${addDays(today, 10)}T00:00:00Z`), notes: "Demo campaign", createdAt: new Date(`${addDays(today, -21)}T07:00:00Z`) },
    });
    for (let back = DAYS; back >= 1; back--) {
      if (back % 5 === 2) continue; // a café does not post every single day
      const day = addDays(today, -back);
      const hour = [13, 17, 19, 20, 21, 22][back % 6]!;
      const at = new Date(`${day}T${String(hour - 3).padStart(2, "0")}:${String((back * 7) % 60).padStart(2, "0")}:00Z`); // Kuwait is UTC+3
      const topic = TOPICS[back % TOPICS.length]!;
      const language = back % 3 === 0 ? "en" : "ar";
      const caption = generateLocal({ prompt: topic.prompt, platform: "instagram", language, tone: CONTENT_TONE_KEYS[back % CONTENT_TONE_KEYS.length]!, occasion: topic.occasion, variants: 1, seed: back, business: profile }).variants[0]!;
      const inCampaign = back <= 20 && back % 2 === 0;
      await tx.post.create({
        data: {
          businessId,
          status: "published",
          content: caption.content,
          hashtags: caption.hashtags,
          occasion: topic.occasion ?? null,
          campaignId: inCampaign ? campaign.id : null,
          scheduledFor: at,
          publishedAt: at,
          createdAt: new Date(at.getTime() - 86_400_000),
          targets: {
            create: accounts.map((a) => {
              const externalId = demoExternalId(a.platform, at);
              return { accountId: a.id, platform: a.platform, status: "published" as const, externalId, permalink: `https://demo.sufra.local/${a.platform}/${externalId}`, publishedAt: at, ...demoMetrics(externalId, now.getTime()), metricsAt: now, metricsSimulated: true };
            }),
          },
        },
      });
      days.push(day);
    }
    for (const c of COMPETITORS) {
      await tx.competitor.create({
        data: {
          businessId,
          name: c.name,
          platform: "instagram",
          handle: c.handle,
          area: c.area,
          cuisine: c.cuisine,
          snapshots: {
            create: [35, 28, 21, 14, 7, 0].map((back, i) => ({
              day: new Date(`${addDays(today, -back)}T00:00:00Z`),
              // entered that morning (10:00 Kuwait), so recent activity shows them on their days, not all "just now"
              createdAt: new Date(Math.min(now.getTime(), Date.parse(`${addDays(today, -back)}T07:00:00Z`))),
              followers: c.followers + i * c.growth * 7,
              postsPerWeek: c.perWeek + (i % 2 ? 0.5 : 0),
              avgEngagement: Math.round((c.engagement + (i % 3) * 0.2) * 100) / 100,
              topThemes: c.themes,
              source: "manual" as const,
            })),
          },
        },
      });
    }
    await tx.auditLog.create({ data: { actorId: null, action: SEEDED, entityType: "business", entityId: businessId } });
    return true;
  }, { timeout: 60_000 });
  if (seeded) await refreshDailyMetrics(db, businessId, days);
  return seeded;
}
