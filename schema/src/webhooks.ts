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
export const isWebhookEventType = (v: unknown): v is WebhookEventType =>
  typeof v === "string" && (WEBHOOK_EVENT_TYPES as readonly string[]).includes(v);

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

/** An IPv6 address as its eight 16-bit groups (a trailing dotted IPv4 counts as two), or null. */
function ipv6(host: string): number[] | null {
  if (!host.includes(":") || !/^[0-9a-f:.]+$/.test(host)) return null;
  const halves = host.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (!part) return [];
    const out: number[] = [];
    const items = part.split(":");
    for (const [i, item] of items.entries()) {
      const v4 = i === items.length - 1 ? ipv4(item) : null;
      if (v4) out.push((v4[0]! << 8) | v4[1]!, (v4[2]! << 8) | v4[3]!);
      else if (/^[0-9a-f]{1,4}$/.test(item)) out.push(parseInt(item, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  if (halves.length === 1) return head.length === 8 ? head : null;
  const missing = 8 - head.length - tail.length;
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null;
}

function nonPublicV4([a, b, c]: number[]): boolean {
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 169 && b === 254) ||
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 100 && b! >= 64 && b! <= 127) ||
    (a === 192 && b === 0 && (c === 0 || c === 2)) ||
    (a === 192 && b === 88 && c === 99) ||
    (a === 198 && (b === 18 || b === 19)) ||
    (a === 198 && b === 51 && c === 100) ||
    (a === 203 && b === 0 && c === 113) ||
    a! >= 224
  );
}

/**
 * A literal IP address no webhook may reach: private, loopback, link-local (the cloud metadata
 * address 169.254.169.254 among them), carrier-grade NAT, multicast, documentation, reserved,
 * unspecified; in IPv6 also every form that carries an IPv4 address or tunnels to one (IPv4-mapped
 * ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16, Teredo 2001::/32), as the sender's filter refuses
 * every address that is not plain unicast. A host name is not judged here: the server resolves it when
 * the endpoint is saved and at every delivery.
 */
export function isNonPublicIpLiteral(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, "").toLowerCase();
  const v4 = ipv4(host);
  if (v4) return nonPublicV4(v4);
  if (!host.includes(":")) return false;
  const g = ipv6(host);
  // not an address this rule can read: refused rather than guessed
  if (!g) return true;
  // ::ffff:a.b.c.d (IPv4-mapped) and ::a.b.c.d (IPv4-compatible) are outside 2000::/3 below, as is NAT64's 64:ff9b::
  const first = g[0]!;
  if (first < 0x2000 || first > 0x3fff) return true; // only global unicast (2000::/3) is public
  if (first === 0x2002) return true; // 6to4: a tunnel to the IPv4 address inside
  if (first === 0x2001 && g[1]! < 0x200) return true; // 2001::/23: Teredo (2001::/32) and other special purposes
  if (first === 0x2001 && g[1] === 0xdb8) return true; // documentation
  return false;
}

/** Names that are private whatever they resolve to: localhost, the cloud metadata service, private-use and link-local zones. */
export function isPrivateHostName(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.+$/, "");
  if (!host.includes(".")) return true; // a one-label name is completed by the server's own search domains
  return /(^|\.)(localhost|internal|local|home\.arpa|localdomain)$/.test(host) || host === "metadata.google.internal";
}

/** One entry of WEBHOOKS_ALLOW_ADDRESSES: an address or a CIDR range, and the one port it is open on (null: any). */
export interface AllowedAddress {
  /** an IPv4 or IPv6 address, or a CIDR range of either, without brackets */
  range: string;
  port: number | null;
}

/** "10.1.2.3", "10.0.0.0/8", "10.1.2.3:8443", "10.0.0.0/8:443", "fd00::1", "fd00::/8", "[fd00::1]:8443", "[fd00::/8]:443"; null when none of these. */
export function parseAllowedAddress(entry: string): AllowedAddress | null {
  const text = entry.trim().toLowerCase();
  const m = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(text) ??
    (text.split(":").length === 2 ? /^([^:]+):(\d{1,5})$/.exec(text) : null) ?? [text, text, undefined];
  const [range, portText] = [m[1]!, m[2]];
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65535)) return null;
  const [address, bits, extra] = range.split("/");
  if (extra !== undefined) return null;
  const family = ipv4(address!) ? 32 : ipv6(address!) ? 128 : 0;
  if (!family) return null;
  if (bits !== undefined && !(/^\d{1,3}$/.test(bits) && Number(bits) <= family)) return null;
  return { range, port };
}

/** Whether `address` (a literal, brackets or not) on `port` is covered by one of the allow-list's entries. */
export function isAllowedAddress(address: string, port: number, allow: readonly (string | AllowedAddress)[]): boolean {
  const host = address.replace(/^\[|\]$/g, "").toLowerCase();
  const bitsOf = (a: string): number[] | null => {
    const v4 = ipv4(a);
    if (v4) return v4.flatMap((n) => Array.from({ length: 8 }, (_, i) => (n >> (7 - i)) & 1));
    const v6 = ipv6(a);
    return v6 ? v6.flatMap((n) => Array.from({ length: 16 }, (_, i) => (n >> (15 - i)) & 1)) : null;
  };
  const target = bitsOf(host);
  if (!target) return false;
  return allow.some((e) => {
    const entry = typeof e === "string" ? parseAllowedAddress(e) : e;
    if (!entry || (entry.port !== null && entry.port !== port)) return false;
    const [address, bits] = entry.range.split("/");
    const net = bitsOf(address!);
    if (!net || net.length !== target.length) return false;
    const n = bits === undefined ? net.length : Number(bits);
    return net.slice(0, n).every((b, i) => b === target[i]);
  });
}

export interface WebhookUrlOptions {
  /** http:// as well as https:// (tests and local development; never in production) */
  allowHttp?: boolean;
  /** addresses or CIDR ranges accepted although not public, each on any port or on the one it names (WEBHOOKS_ALLOW_ADDRESSES) */
  allowAddresses?: readonly string[];
}

/** The port a URL reaches: its own, or its scheme's. */
export const portOf = (url: URL) => Number(url.port || (url.protocol === "https:" ? 443 : 80));

/**
 * Why a URL cannot be a webhook endpoint, or null. The host is read as a browser reads it (WHATWG: a
 * decimal, octal or hexadecimal IPv4 is its dotted form) without its trailing dot ("127.0.0.1.",
 * "localhost."). The server also resolves a name when the endpoint is saved (webhooks/address.ts).
 */
export function webhookUrlProblem(value: string, opts: WebhookUrlOptions = {}): MessageKey | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "webhookUrlInvalid";
  }
  if (url.protocol !== "https:" && !(opts.allowHttp && url.protocol === "http:")) return "webhookUrlHttps";
  if (url.username || url.password) return "webhookUrlCredentials";
  const host = url.hostname.replace(/^\[|\]$/g, "").replace(/\.+$/, "");
  if (!host) return "webhookUrlInvalid";
  const literal = ipv4(host) !== null || host.includes(":");
  if (literal && isAllowedAddress(host, portOf(url), opts.allowAddresses ?? [])) return null;
  if (literal ? isNonPublicIpLiteral(host) : isPrivateHostName(host)) return "webhookUrlPrivate";
  return null;
}

const events = z
  .array(
    singleLine(key("webhookEventUnknown")).refine(isWebhookEventType, key("webhookEventUnknown")),
    key("webhookEventsRequired"),
  )
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
    enabled: z
      .boolean(key("invalidValue"))
      .nullish()
      .transform((e) => e ?? true),
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
  first: z
    .number(key("invalidPageSize"))
    .int(key("invalidPageSize"))
    .min(1, key("invalidPageSize"))
    .max(100, key("invalidPageSize"))
    .default(20),
  after: singleLine(key("invalidValue"))
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, key("invalidValue"))
    .nullish(),
});
