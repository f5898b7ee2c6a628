// Shared rules of outbound webhooks (Premium): the events a business's endpoint may subscribe to, the
// endpoint's form, the retry schedule and the signature header's shape (docs/product.md#webhooks).
import { z } from "zod";
import type { MessageKey } from "./messages.ts";
import { multiLine, singleLine } from "./text.ts";

/**
 * The events an endpoint may choose. New ones are added at the end; a receiver must ignore types it
 * does not know.
 */
export const WEBHOOK_EVENT_TYPES = [
  "post.scheduled",
  "post.published",
  "post.failed",
  "post.unconfirmed",
  "review.received",
  "campaign.ended",
  "subscription.changed",
  "comment.received",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Sent only by "send a test event" to the one endpoint asked, whatever it subscribes to. */
export const WEBHOOK_PING_EVENT = "ping";
export const isWebhookEventType = (v: unknown): v is WebhookEventType => typeof v === "string" && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(v);

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "retrying", "succeeded", "failed"] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** whsec_ and 32 random base64url characters; shown once, at creation and at rotation. */
export const WEBHOOK_SECRET_PREFIX = "whsec_";
export const WEBHOOK_URL_MAX = 2048;
export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_ENDPOINTS_MAX = 10;
/** After a rotation the old secret also signs for this long (a second v1= in Sufra-Signature). */
export const WEBHOOK_ROTATION_OVERLAP_MS = 24 * 3_600_000;
/**
 * Waits before each retry, after the attempt that failed (1 min, 5 min, 30 min, 2 h, 5 h, 10 h); the
 * last try is 24 h after the first attempt, then the delivery is failed.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [60_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000] as const;
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 3_600_000;
/** An endpoint whose deliveries all failed for this long is disabled and its managers told. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3_600_000;
/** Delivery log rows are kept this long. */
export const WEBHOOK_LOG_DAYS = 30;
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of a receiver's answer is read; the log keeps its first WEBHOOK_EXCERPT_BYTES. */
export const WEBHOOK_MAX_RESPONSE_BYTES = 256 * 1024;
export const WEBHOOK_EXCERPT_BYTES = 1024;
export const WEBHOOK_MAX_REDIRECTS = 3;

const key = (k: MessageKey) => ({ error: k });
const first = (k: MessageKey) => ({ error: k, abort: true });

/** IPv4 dotted quad as four numbers, or null. */
function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/**
 * A literal IP address no webhook may reach: private, loopback, link-local (the cloud metadata
 * address 169.254.169.254 among them), carrier-grade NAT, multicast, reserved, unspecified. A host
 * name is not judged here: the server checks the address it resolves to at every delivery.
 */
export function isNonPublicIpLiteral(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = ipv4(host);
  if (v4) {
    const [a, b] = v4;
    return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127) || (a === 192 && b === 0) || (a === 198 && (b === 18 || b === 19)) || a >= 224;
  }
  if (!host.includes(":")) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (mapped) return isNonPublicIpLiteral(mapped[1]);
  if (host === "::" || host === "::1") return true;
  // fc00::/7 unique local, fe80::/10 link-local, ff00::/8 multicast; anything else outside 2000::/3 is not routable unicast
  const firstGroup = parseInt(host.split(":")[0] || "0", 16);
  return !(firstGroup >= 0x2000 && firstGroup <= 0x3fff);
}

export interface WebhookUrlOptions {
  /** http:// as well as https:// (tests and local development; never in production) */
  allowHttp?: boolean;
  /** literal addresses accepted although not public (the test receiver on a loopback address) */
  allowAddresses?: readonly string[];
}

/** Why a URL cannot be a webhook endpoint, or null. */
export function webhookUrlProblem(value: string, opts: WebhookUrlOptions = {}): MessageKey | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "webhookUrlInvalid";
  }
  if (url.protocol !== "https:" && !(opts.allowHttp && url.protocol === "http:")) return "webhookUrlHttps";
  if (url.username || url.password) return "webhookUrlCredentials";
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (!host) return "webhookUrlInvalid";
  if ((opts.allowAddresses ?? []).includes(host)) return null;
  if (host === "localhost" || host.endsWith(".localhost") || isNonPublicIpLiteral(host)) return "webhookUrlPrivate";
  return null;
}

const events = z
  .array(singleLine(key("webhookEventUnknown")).refine(isWebhookEventType, key("webhookEventUnknown")), key("webhookEventsRequired"))
  .min(1, first("webhookEventsRequired"))
  .max(WEBHOOK_EVENT_TYPES.length * 2, key("invalidValue"))
  .transform((list) => WEBHOOK_EVENT_TYPES.filter((t) => list.includes(t)));

const urlField = (opts: WebhookUrlOptions) =>
  singleLine(key("webhookUrlRequired"))
    .trim()
    .min(1, first("webhookUrlRequired"))
    .max(WEBHOOK_URL_MAX, first("tooLong"))
    .superRefine((v, ctx) => {
      const problem = webhookUrlProblem(v, opts);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    });

const description = multiLine(key("invalidValue")).trim().max(WEBHOOK_DESCRIPTION_MAX, key("tooLong"));

/** A new endpoint: where, which events, and optionally a note and whether it starts enabled. */
export const webhookEndpointSchema = (opts: WebhookUrlOptions = {}) =>
  z.object({
    url: urlField(opts),
    events,
    description: description.nullish().transform((d) => d ?? ""),
    enabled: z.boolean(key("invalidValue")).nullish().transform((e) => e ?? true),
  });
export type WebhookEndpointInput = z.output<ReturnType<typeof webhookEndpointSchema>>;

/** A change to an endpoint: only the fields given change. */
export const webhookEndpointUpdateSchema = (opts: WebhookUrlOptions = {}) =>
  z.object({
    url: urlField(opts).nullish(),
    events: events.nullish(),
    description: description.nullish(),
    enabled: z.boolean(key("invalidValue")).nullish(),
  });

/** Page of an endpoint's delivery log, newest first; `after` is the last delivery id already shown. */
export const webhookDeliveriesQuerySchema = z.object({
  first: z.number(key("invalidPageSize")).int(key("invalidPageSize")).min(1, key("invalidPageSize")).max(100, key("invalidPageSize")).default(20),
  after: singleLine(key("invalidValue")).regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, key("invalidValue")).nullish(),
});
