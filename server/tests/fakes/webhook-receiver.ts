// A business's webhook receiver, written from docs/product.md#webhooks alone: it keeps every request
// (headers, raw body) and checks Sufra-Signature with the verification code printed in that section,
// taken from the document itself, so a change to the signing that the document does not follow fails here.
// It listens on 127.0.0.5 (the tests exempt only that address with WEBHOOKS_ALLOW_ADDRESSES, so 127.0.0.1,
// localhost and every other private address stay refused); what it answers is scripted per test.
import { createHmac, timingSafeEqual } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export const RECEIVER_HOST = "127.0.0.5";

type Verify = (
  rawBody: Buffer | string,
  header: string | undefined,
  secret: string,
  toleranceSeconds?: number,
  nowMs?: number,
) => boolean;

/** The ```js block of docs/product.md's Webhooks section, as a function. */
export function verifierFromDocs(): Verify {
  const doc = readFileSync(path.resolve(import.meta.dirname, "../../../docs/product.md"), "utf8");
  const section = doc.slice(doc.indexOf("\n## Webhooks"), doc.indexOf("\n## ", doc.indexOf("\n## Webhooks") + 5));
  const code = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error("docs/product.md#webhooks has no ```js block");
  const body = code.replace(/^import .*$/m, "").replace(/^export /m, "");
  return new Function("createHmac", "timingSafeEqual", `${body}\nreturn verifySufraSignature;`)(
    createHmac,
    timingSafeEqual,
  ) as Verify;
}

export interface Received {
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  body: { id: string; type: string; created_at: string; data: Record<string, any> };
  path: string;
  at: number;
  /** for a large answer: how many bytes were written before the sender closed the connection */
  written?: number;
}

/** What to answer a request: a status and body, a redirect, a hang (never answer) or a large body. */
export type Answer =
  { status: number; body?: string; headers?: Record<string, string> } | { hang: true } | { bytes: number };

export async function startReceiver() {
  const received: Received[] = [];
  let script: (r: Received, n: number) => Answer | Promise<Answer> = () => ({ status: 200, body: "ok" });
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks);
      let body: Received["body"];
      try {
        body = JSON.parse(raw.toString("utf8"));
      } catch {
        body = { id: "", type: "", created_at: "", data: {} };
      }
      const r: Received = { headers: req.headers, raw, body, path: req.url ?? "/", at: Date.now() };
      received.push(r);
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      const a = await script(r, received.length);
      if ("hang" in a) return; // never answers: the sender's deadline must end it
      if ("bytes" in a) {
        res.writeHead(200, { "Content-Type": "text/plain" });
        const chunk = Buffer.alloc(64 * 1024, "x");
        let sent = 0;
        const pump = () => {
          while (sent < a.bytes) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once("drain", pump);
          }
          res.end();
        };
        res.on("close", () => {
          r.written = sent;
          sent = a.bytes;
        });
        return pump();
      }
      res.writeHead(a.status, { "Content-Type": "text/plain", ...a.headers });
      res.end(a.body ?? "");
    });
  });
  await new Promise<void>((r) => server.listen(0, RECEIVER_HOST, r));
  const url = `http://${RECEIVER_HOST}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    /** How the next requests are answered (n: the request's 1-based number since the receiver started). */
    answer(fn: (r: Received, n: number) => Answer | Promise<Answer>) {
      script = fn;
    },
    /** Resolves once `n` requests in all have arrived. */
    waitFor(n: number, timeoutMs = 15_000) {
      if (received.length >= n) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        const t = setTimeout(
          () => reject(new Error(`waited for ${n} webhook requests, got ${received.length}`)),
          timeoutMs,
        );
        waiters.push({ n, resolve: () => (clearTimeout(t), resolve()) });
      });
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
