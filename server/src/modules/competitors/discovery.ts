// A competitor's figures from what Instagram business discovery shows of it (its follower count and
// its last 25 posts), and the simulated reading demo accounts get instead. Pure: the clock is passed in.
import { createHash } from "node:crypto";
import { COMPETITOR_THEMES_MAX, daysBetween, themesOf } from "@sufra/schema";
import { DISCOVERY_MEDIA_LIMIT, type DiscoveredAccount } from "../../networks/facebook/discovered-account.ts";

/** Posts per week are counted over the last four weeks. */
const DISCOVERY_WINDOW_DAYS = 28;
const DAY_MS = 86_400_000;

export interface CompetitorFigures {
  followers: number | null;
  postsPerWeek: number | null;
  /** percent */
  avgEngagement: number | null;
  topThemes: string[];
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * Followers as given; posts per week over the last 28 days (when all 25 posts fall inside them, over
 * the days those 25 cover instead, so a busy account is not capped at 25 a month); average engagement
 * as likes and comments over followers, per post, in percent (posts whose counts are both hidden are
 * left out); top themes from the captions' hashtags, then their frequent words.
 */
export function figuresFromDiscovery(d: DiscoveredAccount, now: Date): CompetitorFigures {
  const times = d.media.map((m) => Date.parse(m.timestamp)).filter((t) => Number.isFinite(t) && t <= now.getTime());
  const since = now.getTime() - DISCOVERY_WINDOW_DAYS * DAY_MS;
  let postsPerWeek: number | null = null;
  if (times.length) {
    const inWindow = times.filter((t) => t >= since).length;
    const oldest = Math.min(...times);
    const truncated = d.media.length >= DISCOVERY_MEDIA_LIMIT && oldest >= since;
    postsPerWeek = truncated
      ? round2((times.length / Math.max(1, (now.getTime() - oldest) / DAY_MS)) * 7)
      : round2(inWindow / (DISCOVERY_WINDOW_DAYS / 7));
  } else if (d.mediaCount === 0 || d.media.length === 0) {
    postsPerWeek = 0;
  }
  const followers = d.followers;
  const rates = d.media
    .filter((m) => m.likes !== null || m.comments !== null)
    .map((m) => (((m.likes ?? 0) + (m.comments ?? 0)) / (followers ?? 0)) * 100);
  const avgEngagement =
    followers && followers > 0 && rates.length ? round2(rates.reduce((a, b) => a + b, 0) / rates.length) : null;
  return {
    followers,
    postsPerWeek,
    avgEngagement,
    topThemes: themesOf(
      d.media.map((m) => m.caption),
      COMPETITOR_THEMES_MAX,
    ),
  };
}

/** What cafés and restaurants in Kuwait post about: the simulated accounts' themes come from here. */
const SIMULATED_THEMES = [
  "karak",
  "breakfast",
  "desserts",
  "specialty coffee",
  "brunch",
  "kunafa",
  "family",
  "delivery",
  "new menu",
  "weekend",
  "machboos",
  "matcha",
  "iftar",
  "burgers",
  "cheesecake",
];
/** The day the simulated competitors started growing. */
const SIMULATED_EPOCH = "2025-01-01";

/**
 * A demo business's reading of a competitor: no network is asked. The same username and day always
 * give the same figures; followers grow by a few a day. Labelled simulated wherever it is shown.
 */
export function simulatedFigures(handle: string, day: string): CompetitorFigures {
  const h = createHash("sha256").update(`competitor:${handle}`).digest();
  const r = (i: number) => h.readUInt16BE((i * 2) % 30) / 0xffff;
  const week = Math.floor(Math.max(0, daysBetween(SIMULATED_EPOCH, day)) / 7);
  const w = createHash("sha256").update(`competitor:${handle}:${week}`).digest().readUInt16BE(0) / 0xffff;
  const followers = Math.round(800 + r(0) * 19_000 + (1 + r(1) * 7) * Math.max(0, daysBetween(SIMULATED_EPOCH, day)));
  const postsPerWeek = round2(1 + r(2) * 8 + (w - 0.5));
  const avgEngagement = round2(0.8 + r(3) * 5 + (w - 0.5) * 0.4);
  const count = 3 + Math.floor(r(4) * 3);
  const themes: string[] = [];
  for (let i = 0; themes.length < count && i < 40; i++) {
    const t = SIMULATED_THEMES[Math.floor(r(5 + i) * SIMULATED_THEMES.length) % SIMULATED_THEMES.length]!;
    if (!themes.includes(t)) themes.push(t);
  }
  return { followers, postsPerWeek, avgEngagement, topThemes: themes };
}
