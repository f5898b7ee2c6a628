// The campaign page's roll-up, computed from the campaign's own posts (a handful of rows, read through
// the posts.campaign_id index): posts by status, the published targets' latest figures summed and by
// network, progress toward the goal, spend per 1,000 reach and per result in whole fils, days elapsed
// and left, and the best post. Demo accounts' simulated figures are counted and flagged.
import {
  CAMPAIGN_GOAL_METRIC,
  POST_STATUSES,
  campaignDays,
  campaignProgress,
  engagementRate,
  filsPer,
  isManualGoal,
  PLATFORMS,
  type CampaignDays,
  type CampaignGoal,
  type CampaignMetric,
  type PlatformName,
  type PostStatus,
} from "@sufra/schema";
import type { FigureCounts } from "../analytics/index.ts";
import type { PostRecord } from "../posts/index.ts";

export interface CampaignFigures extends FigureCounts {
  /** Network copies published (a post on one network), as analytics counts them (analytics/source.ts). */
  posts: number;
  /** Percent, two decimals; each network over its own audience (reach, or views where it gives none). */
  engagementRate: number | null;
}

export interface CampaignProgressView {
  metric: CampaignMetric;
  target: number | null;
  /** Reach or views from the networks; visits or orders as entered by hand (null until then). */
  actual: number | null;
  percent: number | null;
}

interface CampaignSpend {
  budgetFils: number | null;
  costPer1000ReachFils: number | null;
  /** Per visit or order (footfall, orders), or per 1,000 reached or viewed (awareness, launch). */
  costPerResultFils: number | null;
  /** What one result is: 1 (a visit, an order) or 1000 (reached people, views). */
  resultPer: 1 | 1000;
}

export interface CampaignRollup {
  postsByStatus: Record<PostStatus, number>;
  postCount: number;
  /** Its posts with at least one published copy, each once (totals.posts counts the copies). */
  publishedPosts: number;
  totals: CampaignFigures;
  byPlatform: (CampaignFigures & { platform: PlatformName })[];
  progress: CampaignProgressView;
  spend: CampaignSpend;
  days: CampaignDays;
  /** Taps on its links (its posts' caption links, every day they were counted): docs/architecture.md#short-links. */
  clicks: CampaignClicks;
  bestPost: {
    post: PostRecord;
    engagements: number;
    reach: number;
    views: number;
    engagementRate: number | null;
  } | null;
  simulatedIncluded: boolean;
}

/** Clicks on a campaign's short links: in all, per network and per post (those with none left out). */
export interface CampaignClicks {
  total: number;
  byPlatform: { platform: PlatformName; clicks: number }[];
  byPost: { postId: string; clicks: number }[];
}

const NO_CLICKS: CampaignClicks = { total: 0, byPlatform: [], byPost: [] };

export interface RollupCampaign {
  goal: CampaignGoal;
  startDate: string;
  endDate: string;
  budgetFils: number | null;
  goalTarget: number | null;
  goalResult: number | null;
}

type Sums = Omit<CampaignFigures, "engagementRate">;
const zero = (): Sums => ({ posts: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0 });
// every network, in the registry's order (docs/architecture.md#network-packs)
const PLATFORM_ORDER: readonly PlatformName[] = PLATFORMS;

/** The goal's figure: reach or views from the networks, visits or orders entered by hand. */
function goalActual(
  c: Pick<RollupCampaign, "goal" | "goalResult">,
  f: { reach: number; views: number },
): number | null {
  const metric = CAMPAIGN_GOAL_METRIC[c.goal];
  return metric === "reach" ? f.reach : metric === "views" ? f.views : c.goalResult;
}

export function progressOf(
  c: Pick<RollupCampaign, "goal" | "goalResult" | "goalTarget">,
  f: { reach: number; views: number },
): CampaignProgressView {
  const actual = goalActual(c, f);
  return {
    metric: CAMPAIGN_GOAL_METRIC[c.goal],
    target: c.goalTarget,
    actual,
    percent: campaignProgress(c.goalTarget, actual),
  };
}

export function computeRollup(
  c: RollupCampaign,
  posts: readonly PostRecord[],
  today: string,
  clicks: CampaignClicks = NO_CLICKS,
): CampaignRollup {
  const postsByStatus = Object.fromEntries(POST_STATUSES.map((s) => [s, 0])) as Record<PostStatus, number>;
  const byPlatform = new Map<PlatformName, Sums>();
  let simulatedIncluded = false;
  let best: CampaignRollup["bestPost"] = null;
  let publishedPosts = 0;

  for (const p of posts) {
    postsByStatus[p.status]++;
    const published = p.targets.filter((t) => t.status === "published");
    if (!published.length) continue;
    publishedPosts++;
    const own = zero();
    for (const t of published) {
      if (t.metricsSimulated || t.account.demo) simulatedIncluded = true;
      const s = byPlatform.get(t.platform) ?? zero();
      for (const f of [s, own]) {
        f.posts++;
        f.reach += t.reach;
        f.views += t.views;
        f.likes += t.likes;
        f.comments += t.comments;
        f.shares += t.shares;
      }
      byPlatform.set(t.platform, s);
    }
    const engagements = own.likes + own.comments + own.shares;
    // the most likes, comments and shares; then the widest reach; then the earlier post
    if (!best || engagements > best.engagements || (engagements === best.engagements && own.reach > best.reach)) {
      best = { post: p, engagements, reach: own.reach, views: own.views, engagementRate: engagementRate(own) };
    }
  }

  const nets = PLATFORM_ORDER.filter((p) => byPlatform.has(p)).map((platform) => ({
    platform,
    ...byPlatform.get(platform)!,
  }));
  const sums = nets.reduce((a, n) => {
    for (const k of Object.keys(a) as (keyof Sums)[]) a[k] += n[k];
    return a;
  }, zero());
  // as analytics does: each network over its own audience, so X's views never divide Instagram's likes
  const audience = nets.reduce((a, n) => a + (n.reach > 0 ? n.reach : n.views), 0);
  const totals: CampaignFigures = { ...sums, engagementRate: engagementRate({ ...sums, reach: audience, views: 0 }) };
  const progress = progressOf(c, sums);
  const manual = isManualGoal(c.goal);
  return {
    postsByStatus,
    postCount: posts.length,
    publishedPosts,
    totals,
    byPlatform: nets.map((n) => ({ ...n, engagementRate: engagementRate(n) })),
    progress,
    spend: {
      budgetFils: c.budgetFils,
      costPer1000ReachFils: filsPer(c.budgetFils, sums.reach, 1000),
      costPerResultFils: filsPer(c.budgetFils, progress.actual, manual ? 1 : 1000),
      resultPer: manual ? 1 : 1000,
    },
    days: campaignDays(c.startDate, c.endDate, today),
    clicks,
    bestPost: best,
    simulatedIncluded,
  };
}
