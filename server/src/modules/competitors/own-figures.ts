// The business's own figures for the benchmark, per network, over a window of Kuwait days: followers
// from its latest audience reading (audience_snapshots), posts per week and average engagement from
// the pre-aggregated daily rows (metric_daily), top themes from its published posts' hashtags and
// words. Real figures win; a network with only simulated ones (a demo account) gives those, marked.
import { addDays, COMPETITOR_THEMES_MAX, themesOf } from "@sufra/schema";
import type { Db } from "../../db/prisma.ts";
import type { Platform } from "../../generated/prisma/client.ts";

export interface OwnFigures {
  platform: Platform;
  followers: number | null;
  postsPerWeek: number | null;
  /** likes and comments over followers, per post, in percent (as competitors' are counted); null without followers */
  avgEngagement: number | null;
  topThemes: string[];
  /** posts published on this network in the window */
  posts: number;
  /** the figures come from a demo account's simulated network */
  simulated: boolean;
}

export interface FollowersPoint {
  platform: Platform;
  day: string;
  followers: number;
  simulated: boolean;
}

// the networks competitors are followed on (COMPETITOR_PLATFORMS): Google Business Profile has no followers to compare
const PLATFORM_ORDER: readonly Platform[] = ["instagram", "twitter", "snapchat"];
const round2 = (n: number) => Math.round(n * 100) / 100;
/** The newest posts read for themes; a window of 90 days rarely holds more. */
const THEME_POSTS = 500;

/** Kuwait day `from` 00:00 to the end of `to`, as instants. */
const kuwaitBounds = (from: string, to: string) => ({ start: new Date(`${from}T00:00:00+03:00`), end: new Date(`${addDays(to, 1)}T00:00:00+03:00`) });

export async function ownFigures(db: Db, businessId: string, window: { from: string; to: string; days: number }): Promise<OwnFigures[]> {
  const { start, end } = kuwaitBounds(window.from, window.to);
  const [daily, followers, accounts, posts] = await Promise.all([
    db.$queryRaw<{ platform: Platform; simulated: boolean; posts: number; likes: number; comments: number }[]>`
      select platform, simulated, sum(posts)::float8 as posts, sum(likes)::float8 as likes, sum(comments)::float8 as comments
        from metric_daily
       where business_id = ${businessId}::uuid and day between ${window.from}::date and ${window.to}::date
       group by 1, 2`,
    // the latest reading with a follower count, per network, up to the window's end
    db.$queryRaw<{ platform: Platform; followers: number; simulated: boolean }[]>`
      select distinct on (platform) platform, followers, simulated
        from audience_snapshots
       where business_id = ${businessId}::uuid and followers is not null and day <= ${window.to}::date
       order by platform, simulated, day desc`,
    db.platformAccount.findMany({ where: { businessId, status: { not: "disconnected" } }, select: { platform: true, demo: true } }),
    db.post.findMany({
      where: { businessId, targets: { some: { status: "published", OR: [{ publishedAt: { gte: start, lt: end } }, { publishedAt: null, post: { publishedAt: { gte: start, lt: end } } }] } } },
      select: { content: true, hashtags: true, targets: { where: { status: "published" }, select: { platform: true } } },
      orderBy: { publishedAt: "desc" },
      take: THEME_POSTS,
    }),
  ]);

  const platforms = PLATFORM_ORDER.filter((p) => accounts.some((a) => a.platform === p) || daily.some((r) => r.platform === p) || followers.some((f) => f.platform === p));
  return platforms.map((platform) => {
    const rows = daily.filter((r) => r.platform === platform);
    // real figures when there are any; a demo account's simulated ones otherwise
    const real = rows.filter((r) => !r.simulated && r.posts > 0);
    const used = real.length ? real : rows.filter((r) => r.simulated);
    const sums = used.reduce((a, r) => ({ posts: a.posts + r.posts, engaged: a.engaged + r.likes + r.comments }), { posts: 0, engaged: 0 });
    const f = followers.find((x) => x.platform === platform) ?? null;
    const weeks = window.days / 7;
    const captions = posts.filter((p) => p.targets.some((t) => t.platform === platform)).map((p) => `${p.content} ${p.hashtags.map((h) => `#${h}`).join(" ")}`);
    const simulated = (used.length > 0 && !real.length) || (f?.simulated ?? false) || (!rows.length && !f && accounts.some((a) => a.platform === platform && a.demo));
    return {
      platform,
      followers: f?.followers ?? null,
      postsPerWeek: round2(sums.posts / weeks),
      avgEngagement: f && f.followers > 0 && sums.posts > 0 ? round2((sums.engaged / sums.posts / f.followers) * 100) : null,
      topThemes: themesOf(captions, COMPETITOR_THEMES_MAX),
      posts: sums.posts,
      simulated,
    };
  });
}

/** Followers per network and day over the history window, for the charts' lines. */
export async function ownFollowersHistory(db: Db, businessId: string, from: string, to: string): Promise<FollowersPoint[]> {
  const rows = await db.audienceSnapshot.findMany({
    where: { businessId, followers: { not: null }, day: { gte: new Date(`${from}T00:00:00Z`), lte: new Date(`${to}T00:00:00Z`) } },
    select: { platform: true, day: true, followers: true, simulated: true },
    orderBy: [{ platform: "asc" }, { day: "asc" }],
  });
  return rows.map((r) => ({ platform: r.platform, day: r.day.toISOString().slice(0, 10), followers: r.followers!, simulated: r.simulated }));
}
