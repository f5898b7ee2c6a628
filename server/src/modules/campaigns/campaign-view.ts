// A campaign as both doors and its webhook event show it (docs/architecture.md#borders): its fields with dates as
// Kuwait dates, its post count and its progress, counted in one pass over the business's campaign posts.
import { isContentOccasionKey, isoDay, type CampaignData } from "@sufra/schema";
import type { Db, Tx } from "../../db/prisma.ts";
import { Prisma, type Campaign as CampaignRow } from "../../generated/prisma/client.ts";
import { progressOf, type CampaignProgressView } from "./rollup.ts";

/** A campaign as both doors show it: its fields (dates as Kuwait dates), its post count and progress. */
export interface CampaignView extends CampaignData {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  postCount: number;
  progress: CampaignProgressView;
  /** Demo accounts' simulated figures are in the progress. */
  simulatedIncluded: boolean;
  /** When the campaigns.end job marked it ended (the Kuwait day after its last day began); null before. */
  endedAt: Date | null;
}

export interface Counts {
  posts: number;
  reach: number;
  views: number;
  simulated: boolean;
}

export const dataOf = (r: CampaignRow): CampaignData => ({
  name: r.name,
  goal: r.goal,
  startDate: isoDay(r.startDate),
  endDate: isoDay(r.endDate),
  budgetFils: r.budgetFils,
  occasion: isContentOccasionKey(r.occasion) ? r.occasion : null,
  goalTarget: r.goalTarget,
  goalResult: r.goalResult,
  notes: r.notes,
});

export const viewOf = (r: CampaignRow, c: Counts | undefined): CampaignView => {
  const data = dataOf(r);
  const counts = c ?? { posts: 0, reach: 0, views: 0, simulated: false };
  return {
    id: r.id,
    ...data,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    postCount: counts.posts,
    progress: progressOf(data, counts),
    simulatedIncluded: counts.simulated,
    endedAt: r.endedAt,
  };
};

/** Post count and published reach and views per campaign, in one pass over the business's campaign posts. */
export async function countsOf(client: Db | Tx, businessId: string, ids?: string[]): Promise<Map<string, Counts>> {
  const only = ids ? Prisma.sql`and p.campaign_id = any(${ids}::uuid[])` : Prisma.empty;
  const rows = await client.$queryRaw<
    { campaign_id: string; posts: number; reach: number; views: number; simulated: boolean }[]
  >`
    select p.campaign_id, count(distinct p.id)::int as posts,
           coalesce(sum(pt.reach) filter (where pt.status = 'published'), 0)::float8 as reach,
           coalesce(sum(pt.views) filter (where pt.status = 'published'), 0)::float8 as views,
           coalesce(bool_or(pt.status = 'published' and (pt.metrics_simulated or a.demo)), false) as simulated
      from posts p
      left join post_targets pt on pt.post_id = p.id
      left join platform_accounts a on a.id = pt.account_id
     where p.business_id = ${businessId}::uuid and p.campaign_id is not null ${only}
     group by 1`;
  return new Map(
    rows.map((r) => [r.campaign_id, { posts: r.posts, reach: r.reach, views: r.views, simulated: r.simulated }]),
  );
}
