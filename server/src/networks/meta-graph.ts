// Meta's Graph API, as Instagram and Facebook Pages both answer it: its error envelope read as a
// PlatformError and its Business Use Case throttling header. Shared by the two Meta packs, so it sits
// beside the registry rather than in either (docs/architecture.md#network-packs).
import { createHmac, timingSafeEqual } from "node:crypto";
import type { HttpResult } from "./http.ts";
import { PlatformError } from "./types.ts";

/** Instagram's publishing limit (content_publishing_limit): an hour's wait */
export const PUBLISH_LIMIT_SUBCODE = 2207042;
/** app (4), user (17), page (32) and custom (613) throttling, and Instagram's Business Use Case limit (80002) */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);
/** code 4 with this subcode is Instagram's spam restriction, not a throttle: waiting does not lift it */
const SPAM_RESTRICTED_SUBCODE = 2207051;

/**
 * Graph API errors: { error: { message, type, code, error_subcode, error_user_title, error_user_msg } };
 * the token endpoint answers { error_type, code, error_message } instead.
 */
export function graphError(r: HttpResult): PlatformError {
  const e = r.body?.error ?? {};
  const code = typeof e.code === "number" ? e.code : undefined;
  const subcode = typeof e.error_subcode === "number" ? e.error_subcode : undefined;
  const detail = e.error_user_msg ?? e.message ?? r.body?.error_message ?? r.body?.raw ?? `HTTP ${r.status}`;
  const message =
    e.error_user_title && !String(detail).includes(e.error_user_title)
      ? `${e.error_user_title}: ${detail}`
      : String(detail);
  const opts = { platformCode: subcode ?? code ?? r.body?.code, status: r.status };
  if (code === 190 || r.status === 401) return new PlatformError("auth", message, opts);
  // a permission the person did not grant (or took back): only signing in again can give it
  if (isPermissionError(code, String(e.message ?? ""))) return new PlatformError("auth", message, opts);
  if (subcode === PUBLISH_LIMIT_SUBCODE)
    return new PlatformError("rate_limit", message, { ...opts, retryAt: new Date(Date.now() + 60 * 60_000) });
  if (((code !== undefined && RATE_LIMIT_CODES.has(code)) || r.status === 429) && subcode !== SPAM_RESTRICTED_SUBCODE) {
    const regain = regainAccessMinutes(r.headers);
    return new PlatformError("rate_limit", message, {
      ...opts,
      retryAt: new Date(Date.now() + (regain ?? 15) * 60_000),
    });
  }
  // Meta marks errors that may go away by themselves: try later, never a refusal
  if (r.status >= 500 || e.is_transient === true) return new PlatformError("unavailable", message, opts);
  return new PlatformError("rejected", message, opts);
}

/**
 * The first comment, added once the post is out (Instagram and Pages alike): a refusal becomes the post's
 * warning, never its failure, so nothing turns a published post into a second attempt.
 */
export async function addFirstComment(comment: () => Promise<unknown>): Promise<string | null> {
  try {
    await comment();
    return null;
  } catch (e) {
    return `The post is published, but its first comment was not added: ${e instanceof PlatformError ? e.platformMessage : String(e)}`;
  }
}

/**
 * Code 10 ("Application does not have permission for this action") and 200-299 (a named permission):
 * Meta's handling-errors guide says the permission is missing or was removed. Instagram's insights
 * also answer code 10 for "Not enough users to show demographics", which is no permission matter.
 */
function isPermissionError(code: number | undefined, message: string): boolean {
  if (code === undefined) return false;
  if (code >= 200 && code <= 299) return true;
  return code === 10 && /permission/i.test(message);
}

/**
 * Business Use Case usage (Instagram and Pages with a Page token): X-Business-Use-Case-Usage holds
 * {"<business id>": [{ type, call_count, total_cputime, total_time, estimated_time_to_regain_access }]},
 * the last in minutes. The longest wait over all entries; null when the header says nothing.
 */
export function regainAccessMinutes(headers: Headers | undefined): number | null {
  const raw = headers?.get("x-business-use-case-usage");
  if (!raw) return null;
  try {
    const usage = JSON.parse(raw) as Record<string, { estimated_time_to_regain_access?: unknown }[]>;
    const waits = Object.values(usage ?? {})
      .flatMap((list) => (Array.isArray(list) ? list : []))
      .map((u) => Number(u?.estimated_time_to_regain_access))
      .filter((n) => Number.isFinite(n) && n > 0);
    return waits.length ? Math.max(...waits) : null;
  } catch {
    return null;
  }
}

// Meta's webhooks (Instagram's comments, the conversation channels): one signature rule and one handshake.
/** X-Hub-Signature-256: "sha256=" and the hex HMAC-SHA256 of the raw body under the app secret. */
export function signedByMeta(appSecret: string | undefined, rawBody: Buffer, signature: string | undefined): boolean {
  const m = /^sha256=([0-9a-f]{64})$/i.exec(signature?.trim() ?? "");
  if (!appSecret || !m) return false;
  const mac = createHmac("sha256", appSecret).update(rawBody).digest();
  return timingSafeEqual(mac, Buffer.from(m[1], "hex"));
}

/** The subscription handshake: echo hub.challenge when hub.mode is "subscribe" and the verify token matches. */
export function subscriptionChallenge(verifyToken: string | undefined, query: Record<string, unknown>): string | null {
  // express reads "hub.mode" as a key, or as hub: { mode } with extended query parsing
  const nested = (query.hub ?? {}) as Record<string, unknown>;
  const param = (name: string) => {
    const v = query[`hub.${name}`] ?? nested[name];
    return typeof v === "string" ? v : null;
  };
  const token = param("verify_token");
  if (!verifyToken || param("mode") !== "subscribe" || token === null) return null;
  // compare digests, so neither the length nor the bytes of the configured token leak through timing
  const digest = (s: string) => createHmac("sha256", "hub.verify_token").update(s).digest();
  return timingSafeEqual(digest(token), digest(verifyToken)) ? param("challenge") : null;
}
