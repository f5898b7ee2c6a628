// The OpenAPI entries of the conversation channels' webhooks, /api/webhooks/facebook and /api/webhooks/whatsapp
// (docs/architecture.md#conversations): Meta's handshake and its signed deliveries.
import { z } from "zod";
import type { RestOperation } from "../../http/openapi/operation.ts";

const tag = "Conversations";
const handshake = z.object({
  "hub.mode": z.string().optional(),
  "hub.verify_token": z.string().optional(),
  "hub.challenge": z.string().optional(),
});

const CHANNELS = [
  {
    path: "/webhooks/facebook",
    name: "Messenger's",
    token: "FACEBOOK_WEBHOOK_VERIFY_TOKEN",
    what: "messages to the café's Page (fields messages, message_echoes, messaging_postbacks, messaging_referrals, message_reads)",
  },
  {
    path: "/webhooks/whatsapp",
    name: "WhatsApp's",
    token: "WHATSAPP_WEBHOOK_VERIFY_TOKEN",
    what: "messages to the café's number, the delivery statuses of its own and its templates' reviews (fields messages, message_template_status_update)",
  },
] as const;

export const conversationsOperations: RestOperation[] = CHANNELS.flatMap((c): RestOperation[] => [
  {
    method: "get",
    path: c.path,
    tag,
    access: "public",
    summary: `${c.name} webhook: the subscription handshake`,
    description: `Meta calls it once when the webhook is set up: with hub.mode=subscribe and this server's ${c.token} it answers hub.challenge as plain text; otherwise 403.`,
    query: handshake,
    responses: { 200: { description: "hub.challenge, echoed.", mediaType: "text/plain" } },
    extraErrors: [403],
  },
  {
    method: "post",
    path: c.path,
    tag,
    access: "public",
    summary: `${c.name} webhook: guests' messages`,
    description: `Meta's deliveries of ${c.what}, signed with the app secret in X-Hub-Signature-256 over the raw body; a body that does not verify is refused with 403 and nothing is stored, a body over 256 KiB with 400 PAYLOAD_TOO_LARGE. A message delivered again is stored once.`,
    responses: {
      200: {
        description: "Read: how many messages were new.",
        schema: z.object({ received: z.literal(true), added: z.number().int() }),
      },
    },
  },
]);
