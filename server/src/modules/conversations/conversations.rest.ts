// The conversation channels' webhooks (docs/product.md#conversations): Meta checks each address once with a GET
// (the subscription handshake) and then POSTs every event signed with the app's secret over the raw body
// (X-Hub-Signature-256). Mounted by http/app.ts before the JSON parser, so the signature is checked on the
// exact bytes; a body that does not verify is refused (403) and nothing is stored. Thin: the conversations
// service reads and stores. Instagram's messages arrive on the Instagram webhook with its comments
// (inbox/instagram-webhook.rest.ts).
import { Router } from "express";
import type { ChannelName } from "@sufra/schema";
import { metaHandshake, metaRawBody, rawBytes } from "../../http/meta-webhook.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Services } from "../../services.ts";

export function channelWebhookRouter(services: Services, channel: Exclude<ChannelName, "instagram">) {
  const r = Router();
  const { conversations } = services;
  r.get(
    "/",
    metaHandshake((q) => conversations.verifySubscription(channel, q)),
  );
  r.post("/", metaRawBody, async (req, res) => {
    const got = await conversations.receiveWebhook(channel, rawBytes(req.body), req.get("x-hub-signature-256"));
    if (!got) throw new AppError("FORBIDDEN");
    res.json({ received: true, added: got.added });
  });
  return r;
}
