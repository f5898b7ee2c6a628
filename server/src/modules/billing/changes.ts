// What billing tells the live views when money, a plan or a status changes (docs/product.md#subscriptions-and-billing):
// one place for the payments, the admin's actions and the lifecycle job.
import type { Tx } from "../../db/prisma.ts";
import { publishIn } from "../../kernel/pubsub.ts";

/**
 * Tells listeners inside the transaction (delivered on commit): the billing page (billing.changed), the
 * admin's figures (stats.changed) and, when the plan or status changed, every cached caller of the
 * business (client.changed, kernel/caller-cache.ts) and the admin's client views.
 */
export async function publishBillingChange(tx: Tx, businessId: string, reason: string, subscriptionChanged: boolean) {
  await publishIn(tx, "billing.changed", { businessId, reason });
  await publishIn(tx, "stats.changed", { reason: `billing.${reason}` });
  if (subscriptionChanged) await publishIn(tx, "client.changed", { businessId, change: "updated" });
}
