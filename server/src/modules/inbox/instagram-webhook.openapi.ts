// The OpenAPI entries of Instagram's webhook, /api/webhooks/instagram (docs/architecture.md#how-a-request-flows).
import { z } from "zod";
import type { RestOperation } from "../../http/openapi/operation.ts";

const tag = "Inbox";
const handshake = z.object({
  "hub.mode": z.string().optional(),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().optional(),
});

export const instagramWebhookOperations: RestOperation[] = [
  {
    method: "get",
    path: "/webhooks/instagram",
    tag,
    access: "public",
    summary: "Instagram's webhook: the subscription handshake",
    description:
      "Meta calls it once when the webhook is set up: with hub.mode=subscribe and this server's INSTAGRAM_WEBHOOK_VERIFY_TOKEN it answers hub.challenge as plain text; otherwise 403.",
    query: handshake,
    responses: { 200: { description: "hub.challenge, echoed.", mediaType: "text/plain" } },
    extraErrors: [403],
  },
  {
    method: "post",
    path: "/webhooks/instagram",
    tag,
    access: "public",
    summary: "Instagram's webhook: comments under the business's posts and direct messages",
    description:
      "Meta's change notifications (field comments), signed with the app secret in X-Hub-Signature-256 over the raw body; a body that does not verify is refused with 403, a body over 256 KiB with 400 PAYLOAD_TOO_LARGE. Each guest's comment arrives in the inbox of every business that connected the account; the business's own replies update the comment they answer. Direct messages (entry.messaging: messages, echoes, story replies, referrals, reads) join the guest's conversation, each stored once.",
    responses: {
      200: {
        description: "Read: how many items were added and how many changed.",
        schema: z.object({ received: z.literal(true), added: z.number().int(), updated: z.number().int() }),
      },
    },
  },
];
