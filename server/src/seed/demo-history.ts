// The demo café's history (embedded quick start), so analytics, competitors and campaigns have
// something to show from the first minute: six weeks of posts "published" to its demo accounts (some
// shared to TikTok and Facebook too), a
// campaign running now and two competitors with weekly readings. Everything is clearly demo:
// captions come from the built-in writer, photos are drawn here and say "Demo photo", figures come
// from the simulated network (demoMetrics, the same numbers the metrics job will keep computing),
// and analytics labels them simulated. Every post obeys the rules a person's post does (a photo on
// Instagram, X's length, hashtags a café would really pick), so "By kind of post" and "Top hashtags"
// read like a café's. Seeded once per business: a marker in the audit log remembers it, so deleting
// the history never brings it back.
import { randomBytes } from "node:crypto";
import {
  addDays,
  CONTENT_TONE_KEYS,
  DEFAULT_TIKTOK_OPTIONS,
  kuwaitDate,
  MEDIA_RULES,
  type AuditAction,
  type ContentOccasionKey,
  type NetworkOptions,
  type PlatformName,
} from "@sufra/schema";
import { generateLocal } from "../ai/local/writer.ts";
import type { Db } from "../db/prisma.ts";
import type { Platform } from "../generated/prisma/client.ts";
import { refreshDailyMetrics } from "../modules/analytics/index.ts";
import { loadBusinessProfile } from "../modules/business-profile/index.ts";
import { demoMetrics } from "../networks/demo.ts";

/** Where the demo's photos are kept: the media service (stored and given variants like an upload). */
export interface DemoMedia {
  importImage(businessId: string, file: { buffer: Buffer; originalName: string }): Promise<{ id: string }>;
}

const SEEDED: AuditAction = "demo.history_seeded";
const DAYS = 42;
/** What the café posted about, in the words a person would give the writer. */
const TOPICS: { prompt: string; occasion?: ContentOccasionKey; colours: [string, string] }[] = [
  { prompt: "Spanish latte, our best seller", occasion: "menu_promotion", colours: ["#6f4e37", "#e8cfa9"] },
  { prompt: "New pistachio kunafa", occasion: "new_dish", colours: ["#b5651d", "#93c572"] },
  { prompt: "Karak tea for the cold evenings", colours: ["#8b4513", "#f3d9b1"] },
  { prompt: "Saffron cake fresh from the oven", occasion: "food_photo", colours: ["#d4a017", "#fff4d6"] },
  { prompt: "Weekend breakfast with family", occasion: "weekend", colours: ["#c0603a", "#fde2c4"] },
  { prompt: "Saffron iced latte 20% off this weekend", occasion: "menu_promotion", colours: ["#c98b2b", "#f8ecd4"] },
  { prompt: "Arabic coffee dallah to share", colours: ["#4b3621", "#d9b38c"] },
  { prompt: "Date maamoul with Arabic coffee", occasion: "food_photo", colours: ["#7b3f00", "#eedcc5"] },
];
/** A café's mix: mostly photos, some carousels, now and then a few words on X alone. */
type Kind = "text" | "photo" | "carousel";
const kindOf = (back: number): Kind => (back % 7 === 3 ? "text" : back % 4 === 0 ? "carousel" : "photo");
/** Where a post goes: text only to X (Instagram needs a photo); some photos to Instagram alone, with its longer caption. */
const networksOf = (back: number, kind: Kind): PlatformName[] =>
  kind === "text" ? ["twitter"] : back % 3 === 1 ? ["instagram"] : ["instagram", "twitter"];
/** Hashtags a person keeps from the writer's suggestions: the topic's own and one of the café's usual ones, not all of them every time. */
const MAX_TAGS: Record<"instagram" | "twitter", number> = { instagram: 6, twitter: 2 };
const CAMPAIGN = {
  name: "Winter menu launch",
  goal: "launch" as const,
  budgetFils: 150_000,
  goalTarget: 60_000,
  occasion: "new_dish",
};
const COMPETITORS = [
  {
    name: "Qahwat Al Bahar (demo)",
    handle: "demo_qahwat_albahar",
    area: "salmiya",
    cuisine: "cafe",
    followers: 18_400,
    growth: 55,
    perWeek: 6,
    engagement: 2.1,
    themes: ["coffee", "seaview", "breakfast"],
  },
  {
    name: "Dar Al Kunafa (demo)",
    handle: "demo_dar_alkunafa",
    area: "hawalli",
    cuisine: "desserts",
    followers: 9_600,
    growth: 20,
    perWeek: 3,
    engagement: 4.3,
    themes: ["kunafa", "desserts", "family"],
  },
];

/** A demo external id carries its creation time: the simulated network reads the post's age from it. */
const demoExternalId = (platform: Platform, at: Date) =>
  `demo-${platform}-${at.getTime().toString(36)}-${randomBytes(4).toString("hex")}`;

/** A square JPEG for a topic, plainly marked as a demo photo (a cup on a table, in the topic's colours). */
async function demoPhoto(topic: number, label: string): Promise<Buffer> {
  const [dark, light] = TOPICS[topic % TOPICS.length]!.colours;
  const safe = label.replace(/[<>&"]/g, "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1080" height="1080">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
    <rect width="1080" height="1080" fill="url(#g)"/>
    <ellipse cx="540" cy="600" rx="330" ry="110" fill="#ffffff" opacity="0.85"/>
    <rect x="390" y="360" width="300" height="240" rx="40" fill="${dark}"/>
    <ellipse cx="540" cy="360" rx="150" ry="40" fill="${light}"/>
    <rect x="40" y="40" width="330" height="80" rx="16" fill="#000000" opacity="0.55"/>
    <text x="205" y="95" font-family="sans-serif" font-size="44" font-weight="bold" fill="#ffffff" text-anchor="middle">DEMO PHOTO</text>
    <text x="540" y="900" font-family="sans-serif" font-size="54" fill="#ffffff" text-anchor="middle">${safe}</text>
  </svg>`;
  // loaded here, not at start: only a server seeding the demo draws pictures
  const { default: sharp } = await import("sharp");
  return sharp(Buffer.from(svg)).jpeg({ quality: 78 }).toBuffer();
}

/**
 * The writer suggests the same place and brand tags on every caption; a person keeps the topic's own
 * tags and rotates one usual tag, within the network's habit (two on X).
 */
function pickHashtags(tags: readonly string[], usual: ReadonlySet<string>, back: number, max: number): string[] {
  const own = tags.filter((t) => !usual.has(t));
  const usualHere = tags.filter((t) => usual.has(t));
  const rotating = usualHere.length ? [usualHere[back % usualHere.length]!] : [];
  return [...new Set([...own.slice(0, Math.max(1, max - rotating.length)), ...rotating])].slice(0, max);
}

/**
 * A history seeded before the demo obeyed the post rules has Instagram posts without a photo: each
 * gets its topic's demo photo (by position, as the seed picked them). One query when there are none.
 */
async function photographBarePosts(db: Db, media: DemoMedia, businessId: string): Promise<number> {
  const bare = await db.post.findMany({
    where: {
      businessId,
      status: { in: ["published", "partially_published"] },
      media: { none: {} },
      targets: { some: { platform: "instagram", account: { demo: true } } },
    },
    select: { id: true },
    orderBy: [{ publishedAt: "asc" }, { id: "asc" }],
  });
  if (!bare.length) return 0;
  const topics = [...new Set(bare.map((_, i) => i % TOPICS.length))];
  const imported = await Promise.all(
    topics.map(async (t) =>
      media.importImage(businessId, {
        buffer: await demoPhoto(t, TOPICS[t]!.prompt),
        originalName: `demo-photo-${t + 1}.jpg`,
      }),
    ),
  );
  await db.postMedia.createMany({
    data: bare.map((p, i) => ({ postId: p.id, mediaId: imported[topics.indexOf(i % TOPICS.length)]!.id, position: 0 })),
    skipDuplicates: true,
  });
  return bare.length;
}

const NETWORKS_SEEDED: AuditAction = "demo.history_tiktok_facebook_seeded";

/**
 * TikTok and Facebook joined the demo after its first histories were seeded: once per business, some
 * of the demo's photo posts on Instagram were shared there too (every second one on Facebook, every
 * fourth on TikTok, public, as TikTok's photo posts must say who can watch), with simulated figures
 * like the rest. The same step serves a new history and one seeded before, so both read alike; a
 * marker in the audit log keeps it to once. Returns the copies added.
 */
async function shareToNewNetworks(db: Db, businessId: string, now: Date): Promise<number> {
  if (await db.auditLog.findFirst({ where: { action: NETWORKS_SEEDED, entityId: businessId }, select: { id: true } }))
    return 0;
  const found = await db.platformAccount.findMany({
    where: { businessId, demo: true, status: "connected", platform: { in: ["tiktok", "facebook"] } },
    orderBy: { createdAt: "asc" },
  });
  const accounts = new Map<Platform, (typeof found)[number]>();
  for (const a of found) if (!accounts.has(a.platform)) accounts.set(a.platform, a);
  if (!accounts.size) return 0;
  const days: string[] = [];
  const added = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;
      if (
        await tx.auditLog.findFirst({ where: { action: NETWORKS_SEEDED, entityId: businessId }, select: { id: true } })
      )
        return 0;
      // the demo's own published photo posts (the ones on its demo Instagram), oldest first
      const posts = await tx.post.findMany({
        where: {
          businessId,
          status: "published",
          publishedAt: { not: null },
          media: { some: {} },
          targets: { some: { platform: "instagram", status: "published", account: { demo: true } } },
        },
        select: {
          id: true,
          publishedAt: true,
          networkOptions: true,
          _count: { select: { media: true } },
          targets: { select: { platform: true } },
        },
        orderBy: [{ publishedAt: "asc" }, { id: "asc" }],
      });
      let n = 0;
      for (const [i, p] of posts.entries()) {
        const to = [
          ...(i % 2 === 0 && accounts.has("facebook") ? ["facebook" as const] : []),
          ...(i % 4 === 1 && accounts.has("tiktok") ? ["tiktok" as const] : []),
        ]
          .filter((net) => !p.targets.some((t) => t.platform === net))
          .filter((net) => p._count.media <= MEDIA_RULES[net].maxItems);
        if (!to.length) continue;
        const at = p.publishedAt!;
        await tx.postTarget.createMany({
          data: to.map((net) => {
            const a = accounts.get(net)!;
            const externalId = demoExternalId(net, at);
            return {
              postId: p.id,
              accountId: a.id,
              platform: net,
              status: "published" as const,
              externalId,
              permalink: `https://demo.sufra.local/${net}/${externalId}`,
              publishedAt: at,
              ...demoMetrics(externalId, now.getTime()),
              metricsAt: now,
              metricsSimulated: true,
            };
          }),
        });
        if (to.includes("tiktok")) {
          const options: NetworkOptions = {
            ...((p.networkOptions as NetworkOptions | null) ?? {}),
            tiktok: { ...DEFAULT_TIKTOK_OPTIONS, privacyLevel: "PUBLIC_TO_EVERYONE" },
          };
          await tx.post.update({ where: { id: p.id }, data: { networkOptions: options as object } });
        }
        days.push(kuwaitDate(at));
        n += to.length;
      }
      await tx.auditLog.create({
        data: {
          actorId: null,
          action: NETWORKS_SEEDED,
          entityType: "business",
          entityId: businessId,
          data: { copies: n },
        },
      });
      return n;
    },
    { timeout: 60_000 },
  );
  if (added) await refreshDailyMetrics(db, businessId, days);
  return added;
}

/**
 * Fills the demo business's history the first time; later calls change nothing (but give photos to
 * Instagram posts an older seed left without, and share some to TikTok and Facebook once).
 */
export async function ensureDemoHistory(
  db: Db,
  media: DemoMedia,
  businessId: string,
  now = new Date(),
): Promise<boolean> {
  const seeded = await seedHistory(db, media, businessId, now);
  await shareToNewNetworks(db, businessId, now);
  return seeded;
}

async function seedHistory(db: Db, media: DemoMedia, businessId: string, now: Date): Promise<boolean> {
  const found = await db.platformAccount.findMany({
    where: { businessId, demo: true, status: "connected", platform: { in: ["instagram", "twitter"] } },
    orderBy: { createdAt: "asc" },
  });
  // one account per network (the café's own demo accounts)
  const accounts = new Map<Platform, (typeof found)[number]>();
  for (const a of found) if (!accounts.has(a.platform)) accounts.set(a.platform, a);
  if (!accounts.size) return false;
  // cheap check before drawing photos; the transaction checks again under the business's lock
  if (await db.auditLog.findFirst({ where: { action: SEEDED, entityId: businessId }, select: { id: true } })) {
    await photographBarePosts(db, media, businessId);
    return false;
  }
  const profile = await loadBusinessProfile(db, businessId);
  const today = kuwaitDate(now);
  const days: string[] = [];

  // the posts: what each is, where it goes and its caption, worked out before anything is written
  const plan: {
    back: number;
    kind: Kind;
    networks: PlatformName[];
    topic: number;
    caption: { content: string; hashtags: string[] };
    photos: number[];
    writeFor: "instagram" | "twitter";
  }[] = [];
  for (let back = DAYS; back >= 1; back--) {
    if (back % 5 === 2) continue; // a café does not post every single day
    const kind = kindOf(back);
    const networks = networksOf(back, kind).filter((n) => accounts.has(n));
    if (!networks.length) continue;
    const t = back % TOPICS.length;
    const language = back % 3 === 0 ? "en" : "ar";
    // a caption for X when it goes there: one text for every network, and X's is the shorter
    const writeFor = networks.includes("twitter") ? "twitter" : "instagram";
    const caption = generateLocal({
      prompt: TOPICS[t]!.prompt,
      platform: writeFor,
      language,
      tone: CONTENT_TONE_KEYS[back % CONTENT_TONE_KEYS.length]!,
      occasion: TOPICS[t]!.occasion,
      variants: 1,
      seed: back,
      business: profile,
    }).variants[0]!;
    const photos =
      kind === "text" ? [] : kind === "carousel" ? [t, (t + 1) % TOPICS.length, (t + 3) % TOPICS.length] : [t];
    plan.push({ back, kind, networks, topic: t, caption, photos, writeFor });
  }
  // the usual tags: those the writer put on nearly every caption written for the same network
  const usualOf = (network: "instagram" | "twitter") => {
    const lists = plan.filter((p) => p.writeFor === network).map((p) => p.caption.hashtags);
    const counts = new Map<string, number>();
    for (const l of lists) for (const tag of new Set(l)) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    return new Set([...counts].filter(([, n]) => n > lists.length / 2).map(([tag]) => tag));
  };
  const usual = { instagram: usualOf("instagram"), twitter: usualOf("twitter") };

  // one photo per topic, reused as a café reuses its pictures; drawn side by side (a third faster than one by one)
  const topics = [...new Set(plan.flatMap((p) => p.photos))];
  const imported = await Promise.all(
    topics.map(async (t) =>
      media.importImage(businessId, {
        buffer: await demoPhoto(t, TOPICS[t]!.prompt),
        originalName: `demo-photo-${t + 1}.jpg`,
      }),
    ),
  );
  const photoIds = new Map(topics.map((t, i) => [t, imported[i]!.id]));

  const seeded = await db.$transaction(
    async (tx) => {
      await tx.$queryRaw`select id from businesses where id = ${businessId}::uuid for update`;
      if (await tx.auditLog.findFirst({ where: { action: SEEDED, entityId: businessId }, select: { id: true } }))
        return false;
      const campaign = await tx.campaign.create({
        data: {
          businessId,
          ...CAMPAIGN,
          startDate: new Date(`${addDays(today, -20)}T00:00:00Z`),
          endDate: new Date(`${addDays(today, 10)}T00:00:00Z`),
          notes: "Demo campaign",
          createdAt: new Date(`${addDays(today, -21)}T07:00:00Z`),
        },
      });
      for (const { back, networks, topic, caption, photos, writeFor } of plan) {
        const day = addDays(today, -back);
        const hour = [13, 17, 19, 20, 21, 22][back % 6]!;
        const at = new Date(
          `${day}T${String(hour - 3).padStart(2, "0")}:${String((back * 7) % 60).padStart(2, "0")}:00Z`,
        ); // Kuwait is UTC+3
        const inCampaign = back <= 20 && back % 2 === 0;
        await tx.post.create({
          data: {
            businessId,
            status: "published",
            content: caption.content,
            hashtags: pickHashtags(caption.hashtags, usual[writeFor], back, MAX_TAGS[writeFor]),
            occasion: TOPICS[topic]!.occasion ?? null,
            campaignId: inCampaign ? campaign.id : null,
            scheduledFor: at,
            publishedAt: at,
            createdAt: new Date(at.getTime() - 86_400_000),
            media: { create: photos.map((p, position) => ({ mediaId: photoIds.get(p)!, position })) },
            targets: {
              create: networks.map((n) => {
                const a = accounts.get(n)!;
                const externalId = demoExternalId(a.platform, at);
                return {
                  accountId: a.id,
                  platform: a.platform,
                  status: "published" as const,
                  externalId,
                  permalink: `https://demo.sufra.local/${a.platform}/${externalId}`,
                  publishedAt: at,
                  ...demoMetrics(externalId, now.getTime()),
                  metricsAt: now,
                  metricsSimulated: true,
                };
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
      await tx.auditLog.create({
        data: { actorId: null, action: SEEDED, entityType: "business", entityId: businessId },
      });
      return true;
    },
    { timeout: 60_000 },
  );
  if (seeded) await refreshDailyMetrics(db, businessId, days);
  return seeded;
}
