// What Meta's webhooks share at the door (Instagram's comments and messages, Messenger, WhatsApp): the
// subscription handshake's answer, and the raw body the signature is checked over (docs/architecture.md#conversations).
import express, { type RequestHandler } from "express";
import { AppError } from "../kernel/errors.ts";

/** Meta's deliveries are small batches; anything larger is not one (PAYLOAD_TOO_LARGE). */
const META_WEBHOOK_MAX_BYTES = 256 * 1024;

/** GET: echoes hub.challenge as plain text when `challengeOf` accepts the handshake, else FORBIDDEN. */
export const metaHandshake =
  (challengeOf: (query: Record<string, unknown>) => string | null): RequestHandler =>
  (req, res) => {
    const challenge = challengeOf(req.query as Record<string, unknown>);
    if (challenge == null) throw new AppError("FORBIDDEN");
    res.type("text/plain").send(challenge);
  };

/** The body as the bytes Meta sent, whatever it labels them (the signature is over them). */
export const metaRawBody = express.raw({ type: () => true, limit: META_WEBHOOK_MAX_BYTES });
export const rawBytes = (body: unknown): Buffer => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
