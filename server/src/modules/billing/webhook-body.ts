// The data of a subscription.changed webhook event (docs/product.md#webhooks): the business's subscription, read in
// the transaction of the change. services.ts hands it to webhooks (docs/architecture.md#borders).
import { isPremium } from "@sufra/schema";
import type { Tx } from "../../db/prisma.ts";

export async function subscriptionWebhookBody(tx: Tx, businessId: string, change: string) {
  const sub = await tx.subscription.findUnique({ where: { businessId } });
  if (!sub) return null;
  return {
    business_id: businessId,
    change,
    plan: sub.plan,
    status: sub.status,
    premium: isPremium(sub),
    trial_ends_at: sub.trialEndsAt?.toISOString() ?? null,
    renews_at: sub.renewsAt?.toISOString() ?? null,
    updated_at: sub.updatedAt.toISOString(),
  };
}
