// The data of a post.* webhook event (docs/product.md#webhooks): the post as REST shows it, read in the transaction
// of the change. services.ts hands it to webhooks (docs/architecture.md#borders).
import type { Tx } from "../../db/prisma.ts";
import { restPost } from "./post.shape.ts";
import { postInclude } from "./posts.read.ts";

export async function postWebhookBody(tx: Tx, businessId: string, postId: string) {
  const post = await tx.post.findFirst({ where: { id: postId, businessId }, include: postInclude });
  return post ? restPost(post) : null;
}
