// The conversation channels' webhooks (docs/product.md#conversations): Meta checks each address once with a GET
// (the subscription handshake) and then POSTs every event signed with the app's secret over the raw body
// (X-Hub-Signature-256). Mounted by http/app.ts before the JSON parser, so the signature is checked on the
// exact bytes; a body that does not verify is refused (403) and nothing is stored. Thin: the conversations
// service reads and stores. Instagram's messages arrive on the Instagram webhook with its comments
// (inbox/instagram-webhook.rest.ts).
import express, { Router } from "express";
import type { ChannelName } from "@sufra/schema";
import { AppError } from "../../kernel/errors.ts";
import type { Services } from "../../services.ts";

/** Meta's deliveries are small batches; anything larger is not one (PAYLOAD_TOO_LARGE). */
export const CHANNEL_WEBHOOK_MAX_BYTES = 256 * 1024;

export function channelWebhookRouter(services: Services, channel: Exclude<ChannelName, "instagram">) {
  const r = Router();
  const { conversations } = services;

  r.get("/", (req, res) => {
    const challenge = conversations.verifySubscription(channel, req.query as Record<string, unknown>);
    if (challenge == null) throw new AppError("FORBIDDEN");
    res.type("text/plain").send(challenge);
  });

  // any content type: the signature is over the bytes, whatever Meta labels them
  r.post("/", express.raw({ type: () => true, limit: CHANNEL_WEBHOOK_MAX_BYTES }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const got = await conversations.receiveWebhook(channel, body, req.get("x-hub-signature-256"));
    if (!got) throw new AppError("FORBIDDEN");
    res.json({ received: true, added: got.added });
  });
  return r;
}
