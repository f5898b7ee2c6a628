// Instagram's webhook for comments (docs/product.md#inbox) and messages (docs/product.md#conversations): Meta checks the address once with a GET
// (the subscription handshake) and then POSTs each change, signed with the app secret over the raw
// body (X-Hub-Signature-256). Mounted by http/app.ts before the JSON parser, so the signature is
// checked on the exact bytes sent; a body that does not verify is refused (403), never stored. Thin:
// the inbox sync reads and stores (sync.ts).
import { Router } from "express";
import { metaHandshake, metaRawBody, rawBytes } from "../../http/meta-webhook.ts";
import { AppError } from "../../kernel/errors.ts";
import type { Services } from "../../services.ts";

export function instagramWebhookRouter(services: Services) {
  const r = Router();
  const { inboxSync, conversations } = services;

  r.get(
    "/",
    metaHandshake((q) => inboxSync.verifyInstagramSubscription(q) ?? conversations.verifySubscription("instagram", q)),
  );

  r.post("/", metaRawBody, async (req, res) => {
    const body = rawBytes(req.body);
    const signature = req.get("x-hub-signature-256");
    // one delivery may carry comments (changes) and messages (messaging): each reader takes its own
    const got = await inboxSync.receiveInstagramWebhook(body, signature);
    const messages = await conversations.receiveWebhook("instagram", body, signature);
    if (!got && !messages) throw new AppError("FORBIDDEN");
    res.json({
      received: true,
      added: (got?.added ?? 0) + (messages?.added ?? 0),
      updated: got?.updated ?? 0,
    });
  });
  return r;
}
