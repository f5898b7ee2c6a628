// Shared HTTP plumbing for the adapters: one fetch that always has a deadline and turns transport
// failures into PlatformErrors, and a backoff loop for read-only calls. HTTP error statuses are
// returned, not thrown: each adapter knows its network's error shapes.
import { PlatformError } from "./types.ts";

export interface HttpResult<T = any> {
  status: number;
  ok: boolean;
  headers: Headers;
  /** parsed JSON; the raw text as { raw } when the body is not JSON; null when empty */
  body: T;
}

export interface FetchJsonOptions {
  method?: string;
  headers?: Record<string, string>;
  /** sent as JSON */
  json?: unknown;
  /** sent as is (form, multipart, bytes) */
  body?: URLSearchParams | FormData | Blob | string;
  /** the caller's signal (the publish deadline); combined with timeoutMs */
  signal?: AbortSignal;
  timeoutMs?: number;
  /** this request can create a post: losing its answer means "maybe posted" (timeout), not "down" */
  creates?: boolean;
}

// transport errors that happen before a byte of the request left: the network never saw it
const NOT_SENT = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

export async function fetchJson<T = any>(url: string | URL, o: FetchJsonOptions = {}): Promise<HttpResult<T>> {
  // nothing left yet: whatever the request was, the network has not seen it
  if (o.signal?.aborted)
    throw new PlatformError("unavailable", "the publish deadline passed before the request was sent");
  const timeoutMs = o.timeoutMs ?? 30_000;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = o.signal ? AbortSignal.any([o.signal, deadline]) : deadline;
  const headers: Record<string, string> = { accept: "application/json", ...o.headers };
  let body = o.body;
  if (o.json !== undefined) {
    body = JSON.stringify(o.json);
    headers["content-type"] = "application/json";
  }
  try {
    const res = await fetch(url, { method: o.method ?? "GET", headers, body, signal });
    const text = await res.text();
    let parsed: unknown = null;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = { raw: text.slice(0, 500) };
      }
    }
    return { status: res.status, ok: res.ok, headers: res.headers, body: parsed as T };
  } catch (err) {
    if (signal.aborted) {
      const why = o.signal?.aborted ? "the publish deadline passed" : `no answer within ${timeoutMs} ms`;
      throw new PlatformError(o.creates ? "timeout" : "unavailable", why);
    }
    const code = String((err as { cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code ?? "");
    const message = `network error: ${code || (err as Error).message}`;
    // a reset after the request went out may have created the post: only a person can tell
    throw new PlatformError(o.creates && !NOT_SENT.has(code) ? "timeout" : "unavailable", message);
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new PlatformError("unavailable", "stopped waiting: the deadline passed"));
    const onAbort = () => {
      clearTimeout(timer);
      reject(new PlatformError("unavailable", "stopped waiting: the deadline passed"));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/**
 * Retries a read-only call while the network is down or slow (never rate limits, never refusals).
 * Only for calls that change nothing: status polls, lookups, metrics. Never wrap a send.
 */
export async function withBackoff<T>(
  fn: () => Promise<T>,
  opts: { retries?: number; baseMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const { retries = 3, baseMs = 250, signal } = opts;
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (err) {
      const transient = err instanceof PlatformError && (err.kind === "unavailable" || err.kind === "timeout");
      if (!transient || attempt >= retries || signal?.aborted) throw err;
      // full jitter: many workers retrying together should not hit the network in step
      await sleep(baseMs * 2 ** attempt * (0.5 + Math.random() / 2), signal);
    }
  }
}

/** Runs fn over items, at most `limit` at a time (metrics for many posts without a burst). */
export async function mapLimit<I, O>(items: I[], limit: number, fn: (item: I) => Promise<O>): Promise<O[]> {
  const out: O[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

export function withQuery(base: string, params: Record<string, string | number | undefined>): URL {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url;
}
