// The arithmetic every analytics answer shares: sums of figures, a period's totals over its networks,
// and engagement. Pure: no database.
import { engagementRate, PLATFORMS } from "@sufra/schema";
import type { Platform } from "../../generated/prisma/client.ts";

/** A post's (or a sum's) five figures, as the networks give them; every figures shape below is built on them. */
export interface FigureCounts {
  reach: number;
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

export interface AnalyticsFigures extends FigureCounts {
  posts: number;
  /** percent, two decimals; null without reach or views */
  engagementRate: number | null;
}

export interface AnalyticsTotals extends AnalyticsFigures {
  /** null: no network's account record holds a follower count yet (PlatformAccount stores none) */
  followers: number | null;
}

const SUMS = ["posts", "reach", "views", "likes", "comments", "shares"] as const;
export type Sums = Record<(typeof SUMS)[number], number>;
/** The order networks are listed in everywhere: the registry's (docs/architecture.md#network-packs). */
export const PLATFORM_ORDER: readonly Platform[] = PLATFORMS;
export const TOTAL_KEYS = [
  ...SUMS,
  "engagementRate",
  "followers",
] as const satisfies readonly (keyof AnalyticsTotals)[];

export const zero = (): Sums => ({ posts: 0, reach: 0, views: 0, likes: 0, comments: 0, shares: 0 });
export const add = (a: Sums, b: Sums) => {
  for (const k of SUMS) a[k] += b[k];
  return a;
};
export const sumsOf = (r: Sums): Sums => ({
  posts: r.posts,
  reach: r.reach,
  views: r.views,
  likes: r.likes,
  comments: r.comments,
  shares: r.shares,
});
/** Likes, comments and shares together: what "engagement" counts. */
export const engagementOf = (f: Pick<Sums, "likes" | "comments" | "shares">) => f.likes + f.comments + f.shares;
/** The audience engagement is measured against: reach, or views where a network gives no reach (X). */
export const audienceOf = (f: Pick<Sums, "reach" | "views">) => (f.reach > 0 ? f.reach : f.views);
const round2 = (n: number) => Math.round(n * 100) / 100;
/** Engagement over an audience summed network by network, in percent (two decimals); null without one. */
export const rateOver = (engaged: number, audience: number) =>
  audience > 0 ? round2((engaged / audience) * 100) : null;

/**
 * A period's totals over its networks. Each network brings its own audience (reach, or views where it
 * gives none), so X's views never divide Instagram's likes. Followers: PlatformAccount records no
 * follower count yet, so there is none to give. `exactRate` is unrounded, for the rate's change.
 */
export function periodTotals(byPlatform: Map<Platform, Sums>): { totals: AnalyticsTotals; exactRate: number | null } {
  const nets = [...byPlatform.values()];
  const sums = nets.reduce((a, b) => add(a, b), zero());
  const audience = nets.reduce((a, b) => a + audienceOf(b), 0);
  return {
    totals: { ...sums, engagementRate: engagementRate({ ...sums, reach: audience, views: 0 }), followers: null },
    exactRate: audience > 0 ? (engagementOf(sums) / audience) * 100 : null,
  };
}
