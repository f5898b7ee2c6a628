// The posts a business published in a range, each with its published targets' figures summed and per
// network: what top posts and the content breakdown read. The scan is bounded by the posts
// (business_id, published_at) index to one business's range (its targets then by post id), so it
// never reads another business's targets. A post is placed on the Kuwait day it first went out
// (posts.published_at). Demo accounts' targets count only with simulated figures included; a simulated
// copy has no page on a real network, so it has no link.
import { activityExcerpt, type TopPostsSort } from "@sufra/schema";
import { Prisma, type Platform } from "../../generated/prisma/client.ts";
import type { Db } from "../../db/prisma.ts";
import { audienceOf, engagementOf, PLATFORM_ORDER, rateOver, type FigureCounts } from "./figures.ts";
import type { FigureScope } from "./source.ts";

interface TargetFigures extends FigureCounts {
  platform: Platform;
  permalink: string | null;
}

export interface PostFigures extends FigureCounts {
  /** likes + comments + shares */
  engagement: number;
  /** percent over each network's audience (reach, else views); null without one */
  engagementRate: number | null;
}

/** What a published post is, apart from its figures. */
interface PostFacts {
  id: string;
  content: string;
  hashtags: string[];
  publishedAt: Date;
  /** the post's own occasion (a CONTENT_OCCASIONS key) */
  occasion: string | null;
  campaignId: string | null;
  campaignName: string | null;
  campaignOccasion: string | null;
  /** its media kinds in order (image, video) */
  media: string[];
}

export interface PublishedPost extends PostFacts, PostFigures {
  /** the sum over networks of each one's audience (reach, else views) */
  audience: number;
  byPlatform: (PostFigures & { platform: Platform; permalink: string | null })[];
}

/** SQL for the order of each sort, best first (whitelisted: never text from the request). */
const ORDER: Record<TopPostsSort, Prisma.Sql> = {
  engagement: Prisma.sql`sum(pt.likes + pt.comments + pt.shares)`,
  reach: Prisma.sql`sum(pt.reach)`,
  views: Prisma.sql`sum(pt.views)`,
  likes: Prisma.sql`sum(pt.likes)`,
  comments: Prisma.sql`sum(pt.comments)`,
  shares: Prisma.sql`sum(pt.shares)`,
};

const figuresOf = (t: Omit<TargetFigures, "platform" | "permalink">, audience = audienceOf(t)): PostFigures => ({
  reach: t.reach,
  views: t.views,
  likes: t.likes,
  comments: t.comments,
  shares: t.shares,
  engagement: engagementOf(t),
  engagementRate: rateOver(engagementOf(t), audience),
});

interface Row extends PostFacts {
  targets: TargetFigures[];
}

/**
 * The scope's published posts: all of them (the content breakdown), or the best `limit` by `sort`
 * (top posts; latest first on a tie). With a network in scope only that network's targets count.
 */
export async function publishedPosts(
  db: Pick<Db, "$queryRaw">,
  s: FigureScope,
  opts: { sort?: TopPostsSort; limit?: number } = {},
): Promise<PublishedPost[]> {
  const campaign = s.campaignId ? Prisma.sql`and p.campaign_id = ${s.campaignId}::uuid` : Prisma.empty;
  const platform = s.platform ? Prisma.sql`and pt.platform::text = ${s.platform}` : Prisma.empty;
  const order = opts.sort
    ? Prisma.sql`order by ${ORDER[opts.sort]} desc, p.published_at desc, p.id`
    : Prisma.sql`order by p.published_at, p.id`;
  const limit = opts.limit ? Prisma.sql`limit ${opts.limit}` : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    select p.id, p.content, p.hashtags, p.published_at as "publishedAt", p.occasion,
           p.campaign_id as "campaignId", c.name as "campaignName", c.occasion as "campaignOccasion",
           (select coalesce(array_agg(m.kind::text order by pm.position, m.id), '{}')
              from post_media pm join media m on m.id = pm.media_id where pm.post_id = p.id) as media,
           json_agg(json_build_object('platform', pt.platform, 'permalink', case when pt.metrics_simulated or a.demo then null else pt.permalink end, 'reach', pt.reach, 'views', pt.views,
                                      'likes', pt.likes, 'comments', pt.comments, 'shares', pt.shares)) as targets
      from posts p
      join post_targets pt on pt.post_id = p.id
      join platform_accounts a on a.id = pt.account_id
      left join campaigns c on c.id = p.campaign_id
     where p.business_id = ${s.businessId}::uuid
       and p.published_at >= (${s.from}::date)::timestamp at time zone 'Asia/Kuwait'
       and p.published_at < (${s.to}::date + 1)::timestamp at time zone 'Asia/Kuwait'
       and pt.status = 'published'
       and (${s.includeSimulated} or not (pt.metrics_simulated or a.demo))
       ${campaign} ${platform}
     group by p.id, c.id
     ${order}
     ${limit}`;
  return rows.map((r) => {
    const targets = [...r.targets].sort(
      (a, b) => PLATFORM_ORDER.indexOf(a.platform) - PLATFORM_ORDER.indexOf(b.platform),
    );
    const sum = targets.reduce(
      (a, t) => ({
        reach: a.reach + t.reach,
        views: a.views + t.views,
        likes: a.likes + t.likes,
        comments: a.comments + t.comments,
        shares: a.shares + t.shares,
      }),
      { reach: 0, views: 0, likes: 0, comments: 0, shares: 0 },
    );
    const audience = targets.reduce((a, t) => a + audienceOf(t), 0);
    return {
      id: r.id,
      content: r.content,
      hashtags: r.hashtags,
      publishedAt: r.publishedAt,
      occasion: r.occasion,
      campaignId: r.campaignId,
      campaignName: r.campaignName,
      campaignOccasion: r.campaignOccasion,
      media: r.media,
      audience,
      ...figuresOf(sum, audience),
      byPlatform: targets.map((t) => ({ platform: t.platform, permalink: t.permalink, ...figuresOf(t) })),
    };
  });
}

/** A post as top posts list it: its opening words, networks, when, what for and its figures. */
export interface TopPost extends PostFigures {
  postId: string;
  /** the caption's opening words */
  excerpt: string | null;
  platforms: Platform[];
  publishedAt: Date;
  /** a CONTENT_OCCASIONS key or "everyday" (its own, its campaign's, the calendar's that day) */
  occasion: string;
  campaignId: string | null;
  campaignName: string | null;
  byPlatform: PublishedPost["byPlatform"];
  /** taps on the post's caption links in the range, on every network in scope (docs/architecture.md#short-links) */
  clicks: number;
}

export const toTopPost = (p: PublishedPost, occasion: string): TopPost => ({
  postId: p.id,
  excerpt: activityExcerpt(p.content),
  platforms: p.byPlatform.map((t) => t.platform),
  publishedAt: p.publishedAt,
  occasion,
  campaignId: p.campaignId,
  campaignName: p.campaignName,
  reach: p.reach,
  views: p.views,
  likes: p.likes,
  comments: p.comments,
  shares: p.shares,
  engagement: p.engagement,
  engagementRate: p.engagementRate,
  byPlatform: p.byPlatform,
  // the caller adds them, for all its posts in one read (analytics.service.ts)
  clicks: 0,
});
