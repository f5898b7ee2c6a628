// Instagram's webhook for comments (docs/product.md#inbox) and messages (docs/product.md#conversations): Meta checks the address once with a GET
// (the subscription handshake) and then POSTs each change, signed with the app secret over the raw
// body (X-Hub-Signature-256). Mounted by http/app.ts before the JSON parser, so the signature is
// checked on the exact bytes sent; a body that does not verify is refused (403), never stored. Thin:
// the inbox sync reads and stores (sync.ts).
import express, { Router } from "express";
import { AppError } from "../../kernel/errors.ts";
import type { Services } from "../../services.ts";

/** Meta's change notifications are small; anything larger is not one (PAYLOAD_TOO_LARGE). */
const INSTAGRAM_WEBHOOK_MAX_BYTES = 256 * 1024;

export function instagramWebhookRouter(services: Services) {
  const r = Router();
  const { inboxSync, conversations } = services;

  r.get("/", (req, res) => {
    const query = req.query as Record<string, unknown>;
    const challenge =
      inboxSync.verifyInstagramSubscription(query) ?? conversations.verifySubscription("instagram", query);
    if (challenge == null) throw new AppError("FORBIDDEN");
    res.type("text/plain").send(challenge);
  });

  // any content type: the signature is over the bytes, whatever Meta labels them
  r.post("/", express.raw({ type: () => true, limit: INSTAGRAM_WEBHOOK_MAX_BYTES }), async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
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
