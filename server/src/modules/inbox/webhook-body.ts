// The data of a review.received or comment.received webhook event (docs/product.md#webhooks): the guest's item as
// REST shows it, read in the transaction of the change. services.ts hands it to webhooks (docs/architecture.md#borders).
import type { Tx } from "../../db/prisma.ts";
import { restGuestItem } from "./review.shape.ts";

export async function guestItemWebhookBody(tx: Tx, businessId: string, reviewId: string) {
  const review = await tx.review.findFirst({ where: { id: reviewId, businessId } });
  return review ? restGuestItem(review) : null;
}
