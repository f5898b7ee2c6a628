// One webhook POST to a receiver, safe to aim at any address a business types (docs/product.md#webhooks):
// request-filtering-agent refuses private, loopback, link-local and metadata addresses after DNS
// resolution (so a public name that resolves to 10.x is refused too); redirects are followed by hand, at
// most WEBHOOK_MAX_REDIRECTS, each hop checked again (scheme and address); one deadline covers every hop;
// at most maxBytes of the answer are read, and its first excerptBytes kept for the log. An allow-list
// entry that names a port exempts its address on that port only: each port has agents of its own.
import http from "node:http";
import https from "node:https";
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from "request-filtering-agent";
import {
  parseAllowedAddress,
  portOf,
  WEBHOOK_EXCERPT_BYTES,
  WEBHOOK_MAX_REDIRECTS,
  WEBHOOK_MAX_RESPONSE_BYTES,
  WEBHOOK_TIMEOUT_MS,
} from "@sufra/schema";

export interface SendOptions {
  allowHttp: boolean;
  /** addresses (or CIDR ranges) exempt from the private-network refusal, each on any port or on the one it names */
  allowAddresses: string[];
  timeoutMs?: number;
  maxBytes?: number;
  excerptBytes?: number;
  maxRedirects?: number;
}

export interface SendResult {
  /** the final answer's HTTP status; null when none came (refused, timed out, connection failed) */
  status: number | null;
  latencyMs: number;
  /** the first bytes of the answer, as text */
  excerpt: string | null;
  /** why no usable answer came, in a few words (never shown as a 2xx) */
  error: string | null;
}

type PortAgents = { http: http.Agent; https: https.Agent };

/**
 * Agents that keep no connections (a receiver's address is resolved and checked on every delivery), by
 * the port a request goes to: each exempts only the allow-list's entries open on that port.
 */
export function createAgents(opts: Pick<SendOptions, "allowAddresses">): (port: number) => PortAgents {
  const entries = opts.allowAddresses.map(parseAllowedAddress).filter((e) => e !== null);
  const byPort = new Map<number, PortAgents>();
  return (port) => {
    let agents = byPort.get(port);
    if (!agents) {
      const allowIPAddressList = entries.filter((e) => e.port === null || e.port === port).map((e) => e.range);
      const filter = { allowPrivateIPAddress: false, allowMetaIPAddress: false, allowIPAddressList, keepAlive: false };
      agents = { http: new RequestFilteringHttpAgent(filter), https: new RequestFilteringHttpsAgent(filter) };
      byPort.set(port, agents);
    }
    return agents;
  };
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

function once(
  url: URL,
  body: string,
  headers: Record<string, string>,
  agents: PortAgents,
  signal: AbortSignal,
  maxBytes: number,
  excerptBytes: number,
) {
  return new Promise<{ status: number; location: string | null; excerpt: string }>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(
      url,
      {
        method: "POST",
        agent: url.protocol === "https:" ? agents.https : agents.http,
        headers: { ...headers, "Content-Length": String(Buffer.byteLength(body)) },
        signal,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let read = 0;
        const done = () => {
          const all = Buffer.concat(chunks);
          resolve({
            status: res.statusCode ?? 0,
            location: typeof res.headers.location === "string" ? res.headers.location : null,
            excerpt: all.subarray(0, excerptBytes).toString("utf8"),
          });
        };
        res.on("data", (c: Buffer) => {
          read += c.length;
          if (chunks.reduce((n, b) => n + b.length, 0) < excerptBytes) chunks.push(c);
          // enough read: the rest of a large answer is not waited for
          if (read >= maxBytes) {
            res.destroy();
            done();
          }
        });
        res.on("end", done);
        res.on("error", (e) => (read >= maxBytes ? done() : reject(e)));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** POSTs `body` to `url`; never throws. */
export async function sendWebhook(
  target: string,
  body: string,
  headers: Record<string, string>,
  opts: SendOptions,
  agents = createAgents(opts),
): Promise<SendResult> {
  const started = Date.now();
  const signal = AbortSignal.timeout(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
  const maxRedirects = opts.maxRedirects ?? WEBHOOK_MAX_REDIRECTS;
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return { status: null, latencyMs: 0, excerpt: null, error: "invalid URL" };
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== "https:" && !(opts.allowHttp && url.protocol === "http:")) {
      return {
        status: null,
        latencyMs: Date.now() - started,
        excerpt: null,
        error: hop ? `redirect to a non-https address refused: ${url.origin}` : "only https:// addresses are allowed",
      };
    }
    try {
      const r = await once(
        url,
        body,
        headers,
        agents(portOf(url)),
        signal,
        opts.maxBytes ?? WEBHOOK_MAX_RESPONSE_BYTES,
        opts.excerptBytes ?? WEBHOOK_EXCERPT_BYTES,
      );
      if (REDIRECTS.has(r.status) && r.location) {
        if (hop >= maxRedirects)
          return {
            status: r.status,
            latencyMs: Date.now() - started,
            excerpt: r.excerpt,
            error: `more than ${maxRedirects} redirects`,
          };
        url = new URL(r.location, url);
        continue;
      }
      return { status: r.status, latencyMs: Date.now() - started, excerpt: r.excerpt, error: null };
    } catch (e) {
      const err = e as Error & { code?: string };
      const timedOut = signal.aborted || err.name === "AbortError" || err.name === "TimeoutError";
      const message = timedOut
        ? `no answer within ${(opts.timeoutMs ?? WEBHOOK_TIMEOUT_MS) / 1000} s`
        : /is not allowed/.test(err.message)
          ? `address refused (private or reserved network): ${url.hostname}`
          : err.message || err.code || "connection failed";
      return { status: null, latencyMs: Date.now() - started, excerpt: null, error: message };
    }
  }
}
