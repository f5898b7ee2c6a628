// The data of a campaign.ended webhook event (docs/product.md#webhooks): the campaign as /api/campaigns shows it
// (campaign.shape.ts), read in the transaction that marked it ended. services.ts hands it to webhooks
// (docs/architecture.md#borders).
import type { Tx } from "../../db/prisma.ts";
import { restCampaign } from "./campaign.shape.ts";
import { countsOf, viewOf } from "./campaign-view.ts";

export async function campaignWebhookBody(tx: Tx, businessId: string, campaignId: string) {
  const row = await tx.campaign.findFirst({ where: { id: campaignId, businessId } });
  if (!row) return null;
  return restCampaign(viewOf(row, (await countsOf(tx, businessId, [row.id])).get(row.id)));
}
