// The one check the posts service needs from campaigns: a campaign named on a post is the business's.
// Kept apart from campaigns.service.ts so posts can use it without importing the campaigns module.
import type { Db, Tx } from "../../db/prisma.ts";
import { AppError } from "../../kernel/errors.ts";

/** Another business's campaign, or none: refused on the post's campaign field (no hint that it exists). */
export async function assertCampaignOf(client: Db | Tx, businessId: string, campaignId: string): Promise<void> {
  const found = await client.campaign.findFirst({ where: { id: campaignId, businessId }, select: { id: true } });
  if (!found) throw new AppError("VALIDATION_ERROR", { campaignId: ["campaignNotFound"] });
}

/** A stored DATE (midnight UTC) as the Kuwait date it holds, YYYY-MM-DD. */
/** A Kuwait date to store in a DATE column. */
export const dayValue = (iso: string) => new Date(`${iso}T00:00:00Z`);
