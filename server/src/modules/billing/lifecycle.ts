// The subscription's lifecycle (docs/product.md#subscriptions-and-billing): work in progress, the body lands next.
import type { Tx } from "../../db/prisma.ts";

export async function releaseHeldPosts(_tx: Tx, _businessId: string): Promise<{ released: number }> {
  return { released: 0 };
}
