// The simulated network behind the clearly labelled demo accounts of the quick start: posts
// "publish" at once on every platform (Snapchat too) and their figures grow with age. Nothing
// leaves the server. Figures are computed from the post id and its age, so every process and
// every refresh agrees on them without storing anything.
import { createHash, randomBytes } from "node:crypto";
import { daysBetween, kuwaitDate } from "@sufra/schema";
import type { GoogleGuests, GooglePlace } from "./guests.ts";
import { sleep } from "./http.ts";
import type { AccountAccess, AudienceCount, AudienceReading, Metrics, PlatformAdapter, PlatformName } from "./types.ts";

const HOUR_MS = 3_600_000;

export interface DemoNetwork {
  adapter(platform: PlatformName): PlatformAdapter;
  /** the simulated Google Business Profile: its adapter with the locations and reviews it reads */
  google(): PlatformAdapter & GoogleGuests;
}

export function createDemoNetwork(): DemoNetwork {
  const adapters = new Map<PlatformName, PlatformAdapter>();
  const adapter = (platform: PlatformName) => {
    let a = adapters.get(platform);
    if (!a)
      adapters.set(
        platform,
        (a = platform === "google" ? { ...demoAdapter("google"), ...demoGoogleGuests() } : demoAdapter(platform)),
      );
    return a;
  };
  return { adapter, google: () => adapter("google") as PlatformAdapter & GoogleGuests };
}

/** The simulated Google account's branches: two, both verified, so replies and posts work in a rehearsal. */
function demoGooglePlaces(): GooglePlace[] {
  return [
    {
      googleAccount: "accounts/demo",
      name: "locations/demo-salmiya",
      title: "Salmiya",
      address: "Salem Al Mubarak St, Salmiya, Kuwait",
      verified: true,
    },
    {
      googleAccount: "accounts/demo",
      name: "locations/demo-kuwait-city",
      title: "Kuwait City",
      address: "Fahad Al Salem St, Kuwait City, Kuwait",
      verified: true,
    },
  ];
}

/** What the simulated Google reads and answers: its branches; no reviews of its own (the demo inbox is seeded). */
function demoGoogleGuests(): GoogleGuests {
  return {
    places: async () => demoGooglePlaces(),
    reviews: async () => ({ items: [], nextPageToken: null, averageRating: null, totalReviewCount: null }),
    reply: async (_account, _name, text) => ({ text, at: new Date() }),
    deleteReply: async () => {},
  };
}

export function demoAdapter(platform: PlatformName): PlatformAdapter {
  return {
    name: platform,
    manual: false,
    refreshMarginMs: 0,
    configured: () => true,
    // "connecting" a demo account goes straight back to the callback with a demo code
    authorizeUrl: ({ state, redirectUri }) => {
      const url = new URL(redirectUri);
      url.searchParams.set("code", `demo-${randomBytes(6).toString("hex")}`);
      url.searchParams.set("state", state);
      return url.toString();
    },
    exchangeCode: async () => {
      const id = randomBytes(4).toString("hex");
      return {
        accessToken: `demo-token-${id}`,
        refreshToken: null,
        expiresAt: null,
        externalId: `demo-${id}`,
        handle: `demo_${platform}_${id}`,
        displayName: "Demo account",
      };
    },
    refresh: async ({ accessToken }) => ({ accessToken, refreshToken: null, expiresAt: null }),
    prepare: async () => {},
    async send(req) {
      await sleep(Math.random() * 300, req.signal);
      // the creation time is part of the id: metrics need the post's age and nothing else
      const id = `demo-${platform}-${Date.now().toString(36)}-${randomBytes(4).toString("hex")}`;
      return { externalId: id, permalink: `https://demo.sufra.local/${platform}/${id}` };
    },
    // a demo send always answers, so an interrupted one never happened
    reconcile: async () => ({ state: "absent" }),
    async metrics(_account, externalIds) {
      const out = new Map<string, Metrics>();
      for (const id of externalIds) out.set(id, demoMetrics(id));
      return out;
    },
    // the simulation reports what the real network would: Instagram everything, X followers, Snapchat and Google nothing
    ...(platform === "snapchat" || platform === "google"
      ? {}
      : { audience: async (account: AccountAccess) => demoAudience(platform, account.id ?? account.externalId) }),
  };
}

/** Plausible figures for a demo post at `now`: fast growth in the first hours, then a plateau. */
export function demoMetrics(externalId: string, now = Date.now()): Metrics {
  const created = parseInt(externalId.split("-")[2] ?? "", 36);
  const ageHours = Number.isFinite(created) ? Math.max(0, now - created) / HOUR_MS : 0;
  // stable per post: its audience size and its rates come from a hash of the id
  const h = createHash("sha256").update(externalId).digest();
  const r = (i: number) => h.readUInt16BE(i * 2) / 0xffff;
  const audience = 800 + r(0) * 4200;
  const views = Math.round(audience * (1 - Math.exp(-ageHours / 6)));
  const likes = Math.round(views * (0.03 + r(1) * 0.05));
  return {
    views,
    likes,
    comments: Math.round(likes * (0.05 + r(2) * 0.1)),
    shares: Math.round(views * (0.002 + r(3) * 0.008)),
    reach: Math.round(views * (0.7 + r(4) * 0.2)),
  };
}

// ---------------------------------------------------------------- simulated audience
/** Where a Kuwaiti café's followers live, roughly (Instagram names cities "City, Governorate"). */
const DEMO_CITIES: [string, number][] = [
  ["Kuwait City, Al Asimah", 22],
  ["Salmiya, Hawalli", 18],
  ["Hawalli, Hawalli", 14],
  ["Farwaniya, Al Farwaniyah", 11],
  ["Jahra, Al Jahra", 7],
  ["Ahmadi, Al Ahmadi", 7],
  ["Jabriya, Hawalli", 5],
  ["Fahaheel, Al Ahmadi", 5],
  ["Mangaf, Al Ahmadi", 4],
  ["Mubarak Al-Kabeer, Mubarak Al-Kabeer", 4],
  ["Khaitan, Al Farwaniyah", 3],
];
/** Instagram's age bands, weighted towards the young adults who follow cafés in the Gulf. */
const DEMO_AGES: [string, number][] = [
  ["13-17", 3],
  ["18-24", 27],
  ["25-34", 38],
  ["35-44", 18],
  ["45-54", 9],
  ["55-64", 4],
  ["65+", 1],
];
/** Share of followers online at each Kuwait hour: quiet before dawn, a lunch bump, the evening peak after Isha. */
const DEMO_HOURS = [5, 3, 2, 1, 1, 1, 2, 4, 6, 7, 8, 10, 12, 12, 10, 9, 10, 12, 14, 16, 18, 19, 17, 11];
/** The day the simulated accounts started growing. */
const DEMO_EPOCH = "2025-01-01";

/**
 * A plausible audience for a demo account on a Kuwait day: the same seed and day always give the
 * same reading; followers grow by a few a day. X reports followers only, as the real X API does.
 */
export function demoAudience(platform: PlatformName, seed: string, day = kuwaitDate()): AudienceReading {
  const h = createHash("sha256").update(`${platform}:${seed}`).digest();
  const r = (i: number) => h.readUInt16BE((i * 2) % 30) / 0xffff;
  const base = platform === "twitter" ? 300 + r(0) * 1500 : 1500 + r(0) * 6000;
  const perDay = 1 + r(1) * 5;
  const followers = Math.round(base + perDay * Math.max(0, daysBetween(DEMO_EPOCH, day)));
  if (platform !== "instagram") return { followers, cities: [], ages: [], genders: [], activeHours: [] };
  // each account's mix differs a little from the typical one (up to 30% either way), and stays the same
  const spread = (rows: [string, number][], of: number, offset: number): AudienceCount[] => {
    const weights = rows.map(([key, w], i) => [key, w * (0.7 + r(offset + i) * 0.6)] as const);
    const total = weights.reduce((n, [, w]) => n + w, 0);
    return weights
      .map(([key, w]) => ({ key, count: Math.round((of * w) / total) }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
  };
  const female = 0.44 + r(2) * 0.16;
  return {
    followers,
    // some followers live abroad or do not say: the cities and ages cover most, not all
    cities: spread(DEMO_CITIES, followers * 0.85, 3),
    ages: spread(DEMO_AGES, followers * 0.9, 5),
    genders: [
      { key: "female", count: Math.round(followers * female) },
      { key: "male", count: Math.round(followers * (0.97 - female)) },
      { key: "unknown", count: Math.round(followers * 0.03) },
    ],
    activeHours: DEMO_HOURS.map((share, hour) => Math.round((followers * share * (0.9 + r(hour) * 0.2)) / 100)),
  };
}
