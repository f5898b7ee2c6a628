// The business's own figures for the benchmark, per network, over a window of Kuwait days: followers
// from its latest audience reading (audience_snapshots), posts per week and average engagement from
// the pre-aggregated daily rows (metric_daily), top themes from its published posts' hashtags and
// words. Real figures win; a network with only simulated ones (a demo account) gives those, marked.
import { addDays, COMPETITOR_PLATFORMS, COMPETITOR_THEMES_MAX, themesOf } from "@sufra/schema";
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

// the networks competitors are followed on, in the registry's order
const PLATFORM_ORDER: readonly Platform[] = COMPETITOR_PLATFORMS;
const round2 = (n: number) => Math.round(n * 100) / 100;
/** The newest posts read for themes; a window of 90 days rarely holds more. */
const THEME_POSTS = 500;

/** Kuwait day `from` 00:00 to the end of `to`, as instants. */
const kuwaitBounds = (from: string, to: string) => ({
  start: new Date(`${from}T00:00:00+03:00`),
  end: new Date(`${addDays(to, 1)}T00:00:00+03:00`),
});

/** What the benchmark reads of the business itself, in one statement (ownFigures, ownFollowersHistory). */
export interface OwnRows {
  daily: { platform: Platform; simulated: boolean; posts: number; likes: number; comments: number }[];
  followers: { platform: Platform; followers: number; simulated: boolean }[];
  /** every account, disconnected ones included (whether Instagram is a demo account marks readings) */
  accounts: { platform: Platform; demo: boolean; status: string }[];
  posts: { content: string; hashtags: string[]; platforms: Platform[] }[];
  history: FollowersPoint[];
}

/**
 * The business's own rows for the benchmark over `window` and the followers' history from
 * `historyFrom`: metric_daily's sums, the latest follower reading per network, its accounts, the newest
 * published posts' captions, and the daily follower readings; one statement, each part on its index.
 */
export async function ownRows(
  db: Db,
  businessId: string,
  window: { from: string; to: string },
  historyFrom: string,
): Promise<OwnRows> {
  const { start, end } = kuwaitBounds(window.from, window.to);
  const [r] = await db.$queryRaw<Record<keyof OwnRows, unknown>[]>`
    select
      (select coalesce(json_agg(x), '[]'::json) from (
         select platform, simulated, sum(posts)::float8 as posts, sum(likes)::float8 as likes, sum(comments)::float8 as comments
           from metric_daily
          where business_id = ${businessId}::uuid and day between ${window.from}::date and ${window.to}::date
          group by 1, 2) x) as daily,
      -- the latest reading with a follower count, per network, up to the window's end
      (select coalesce(json_agg(x), '[]'::json) from (
         select distinct on (platform) platform, followers, simulated
           from audience_snapshots
          where business_id = ${businessId}::uuid and followers is not null and day <= ${window.to}::date
          order by platform, simulated, day desc) x) as followers,
      (select coalesce(json_agg(json_build_object('platform', a.platform, 'demo', a.demo, 'status', a.status)), '[]'::json)
         from platform_accounts a where a.business_id = ${businessId}::uuid) as accounts,
      (select coalesce(json_agg(x), '[]'::json) from (
         select p.content, p.hashtags,
                (select coalesce(json_agg(t.platform), '[]'::json) from post_targets t where t.post_id = p.id and t.status = 'published') as platforms
           from posts p
          where p.business_id = ${businessId}::uuid
            and exists (select 1 from post_targets t where t.post_id = p.id and t.status = 'published'
                          and ((t.published_at >= ${start} and t.published_at < ${end})
                               or (t.published_at is null and p.published_at >= ${start} and p.published_at < ${end})))
          order by p.published_at desc
          limit ${THEME_POSTS}) x) as posts,
      (select coalesce(json_agg(x order by x.platform, x.day), '[]'::json) from (
         select platform, to_char(day, 'YYYY-MM-DD') as day, followers, simulated
           from audience_snapshots
          where business_id = ${businessId}::uuid and followers is not null and day between ${historyFrom}::date and ${window.to}::date) x) as history`;
  const json = <T>(v: unknown) => (typeof v === "string" ? JSON.parse(v) : v) as T;
  return {
    daily: json(r!.daily),
    followers: json(r!.followers),
    accounts: json(r!.accounts),
    posts: json(r!.posts),
    history: json(r!.history),
  };
}

export function ownFigures(rows: OwnRows, window: { days: number }): OwnFigures[] {
  const { daily, followers } = rows;
  const accounts = rows.accounts.filter((a) => a.status !== "disconnected");
  const posts = rows.posts.map((p) => ({ ...p, targets: p.platforms.map((platform) => ({ platform })) }));
  const platforms = PLATFORM_ORDER.filter(
    (p) =>
      accounts.some((a) => a.platform === p) ||
      daily.some((r) => r.platform === p) ||
      followers.some((f) => f.platform === p),
  );
  return platforms.map((platform) => {
    const rows = daily.filter((r) => r.platform === platform);
    // real figures when there are any; a demo account's simulated ones otherwise
    const real = rows.filter((r) => !r.simulated && r.posts > 0);
    const used = real.length ? real : rows.filter((r) => r.simulated);
    const sums = used.reduce((a, r) => ({ posts: a.posts + r.posts, engaged: a.engaged + r.likes + r.comments }), {
      posts: 0,
      engaged: 0,
    });
    const f = followers.find((x) => x.platform === platform) ?? null;
    const weeks = window.days / 7;
    const captions = posts
      .filter((p) => p.targets.some((t) => t.platform === platform))
      .map((p) => `${p.content} ${p.hashtags.map((h) => `#${h}`).join(" ")}`);
    const simulated =
      (used.length > 0 && !real.length) ||
      (f?.simulated ?? false) ||
      (!rows.length && !f && accounts.some((a) => a.platform === platform && a.demo));
    return {
      platform,
      followers: f?.followers ?? null,
      postsPerWeek: round2(sums.posts / weeks),
      avgEngagement:
        f && f.followers > 0 && sums.posts > 0 ? round2((sums.engaged / sums.posts / f.followers) * 100) : null,
      topThemes: themesOf(captions, COMPETITOR_THEMES_MAX),
      posts: sums.posts,
      simulated,
    };
  });
}
