// The web client's single-page fallback: every path that is not the server's own gets index.html,
// so a page reloaded or opened from a link works; the server's paths and missing assets stay 404s.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { startTestApp, type TestApp } from "./support/app.ts";

const INDEX = "<!doctype html><title>Sufra test client</title>";
const ASSET = "console.log('hashed asset');";
// a script worth compressing, with its two twins as the build writes them (client/vite.config.ts)
const SCRIPT = `export const texts = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `text ${i}`))};\n`;
const STYLE = "body { color: #2B211A; }\n".repeat(40);
let app: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), "sufra-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), INDEX);
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), ASSET);
  writeFileSync(path.join(dist, "index.html.br"), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, "index.html.gz"), gzipSync(INDEX));
  writeFileSync(path.join(dist, "assets", "texts-d4e5f6.js"), SCRIPT);
  writeFileSync(path.join(dist, "assets", "texts-d4e5f6.js.br"), brotliCompressSync(SCRIPT));
  writeFileSync(path.join(dist, "assets", "texts-d4e5f6.js.gz"), gzipSync(SCRIPT));
  // only a gzip twin (the build skips a twin that is no smaller)
  writeFileSync(path.join(dist, "assets", "style-789abc.css"), STYLE);
  writeFileSync(path.join(dist, "assets", "style-789abc.css.gz"), gzipSync(STYLE));
  mkdirSync(path.join(dist, ".vite"));
  writeFileSync(path.join(dist, ".vite", "manifest.json"), "{}");
  app = await startTestApp({ CLIENT_DIST: dist });
});
afterAll(async () => app?.stop());

describe("the web client's fallback", () => {
  test.each([
    "/api-keys",
    "/apifoo",
    "/graphqlfoo",
    "/mediafoo",
    "/admin/clients",
    "/api-keys/new?tab=1",
    "/signup/next?plan=basic",
  ])("%s is a page of the web client", async (p) => {
    const r = await fetch(app.base + p);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
    expect(r.headers.get("cache-control")).toBe("no-cache");
    expect(await r.text()).toBe(INDEX);
  });

  test("an unknown /api path is a JSON 404, not the web client", async () => {
    for (const p of ["/api/nope", "/api"]) {
      const r = await fetch(app.base + p, { headers: { accept: "application/json" } });
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ message: "The requested resource was not found", code: "NOT_FOUND" });
    }
  });

  test("/graphql/... belongs to GraphQL and unknown /media/... paths are 404s, not the web client", async () => {
    const g = await fetch(`${app.base}/graphql/nope`);
    expect(g.status).toBe(400); // GraphQL's own answer to a GET without a query
    expect(await g.text()).not.toBe(INDEX);
    for (const p of ["/media", "/media/x"]) {
      const r = await fetch(app.base + p);
      expect(r.status).toBe(404);
      expect(await r.text()).not.toBe(INDEX);
    }
  });

  test("a missing hashed asset is 404, never index.html read as script", async () => {
    const r = await fetch(`${app.base}/assets/missing.js`);
    expect(r.status).toBe(404);
    expect(await r.text()).not.toContain("Sufra test client");
  });

  test("an existing asset is served, cacheable for long", async () => {
    const r = await fetch(`${app.base}/assets/app-abc123.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/javascript/);
    expect(r.headers.get("cache-control")).toMatch(/max-age=31536000/);
    expect(await r.text()).toBe(ASSET);
  });
});

/** A raw HTTP exchange (fetch would ask for and undo the compression itself). */
function raw(urlPath: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(app.base + urlPath, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      });
      req.on("error", reject);
      req.end();
    },
  );
}

describe("precompressed files", () => {
  test("brotli when the browser accepts it: the twin's bytes, the original's type and length, Vary", async () => {
    const r = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(r.status).toBe(200);
    expect(r.headers["content-encoding"]).toBe("br");
    expect(r.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(r.headers.vary).toMatch(/Accept-Encoding/i);
    expect(Number(r.headers["content-length"])).toBe(r.body.length);
    expect(r.body.length).toBeLessThan(SCRIPT.length);
    expect(brotliDecompressSync(r.body).toString()).toBe(SCRIPT);
    expect(r.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
  });

  test("gzip when brotli is refused or not offered", async () => {
    for (const accept of ["gzip", "gzip, br;q=0", "deflate, gzip;q=0.5"]) {
      const r = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": accept });
      expect(r.headers["content-encoding"]).toBe("gzip");
      expect(r.headers["content-type"]).toMatch(/^text\/javascript/);
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      expect(gunzipSync(r.body).toString()).toBe(SCRIPT);
    }
  });

  test("the plain file without Accept-Encoding, or with identity only; Vary still says it depends", async () => {
    for (const headers of [{}, { "accept-encoding": "identity" }, { "accept-encoding": "br;q=0, gzip;q=0" }] as Record<
      string,
      string
    >[]) {
      const r = await raw("/assets/texts-d4e5f6.js", headers);
      expect(r.status).toBe(200);
      expect(r.headers["content-encoding"]).toBeUndefined();
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      expect(r.body.toString()).toBe(SCRIPT);
      expect(Number(r.headers["content-length"])).toBe(Buffer.byteLength(SCRIPT));
    }
  });

  test("a file with only a gzip twin: gzip even to a brotli client", async () => {
    const r = await raw("/assets/style-789abc.css", { "accept-encoding": "br, gzip" });
    expect(r.headers["content-encoding"]).toBe("gzip");
    expect(r.headers["content-type"]).toMatch(/^text\/css/);
    expect(gunzipSync(r.body).toString()).toBe(STYLE);
  });

  test("index.html (a page's fallback) is compressed too and never cached without asking", async () => {
    for (const p of ["/", "/login", "/dashboard?x=1"]) {
      const r = await raw(p, { "accept-encoding": "br, gzip" });
      expect(r.status).toBe(200);
      expect(r.headers["content-encoding"]).toBe("br");
      expect(r.headers["content-type"]).toMatch(/^text\/html/);
      expect(r.headers["cache-control"]).toBe("no-cache");
      expect(r.headers.vary).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(r.body).toString()).toBe(INDEX);
    }
  });

  test("HEAD: the same headers, no body", async () => {
    const get = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "br" });
    const head = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    for (const h of ["content-encoding", "content-type", "content-length", "vary", "cache-control", "etag"])
      expect(head.headers[h]).toBe(get.headers[h]);
  });

  test("a range is a range of the bytes of the chosen encoding; an impossible range is 416", async () => {
    const whole = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "gzip" });
    const part = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "gzip", range: "bytes=0-9" });
    expect(part.status).toBe(206);
    expect(part.headers["content-encoding"]).toBe("gzip");
    expect(part.headers["content-range"]).toBe(`bytes 0-9/${whole.body.length}`);
    expect(part.body).toEqual(whole.body.subarray(0, 10));
    const plain = await raw("/assets/texts-d4e5f6.js", { range: "bytes=7-11" });
    expect(plain.status).toBe(206);
    expect(plain.body.toString()).toBe(SCRIPT.slice(7, 12));
    const beyond = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "br", range: "bytes=999999-" });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-encoding"]).toBeUndefined();
  });

  test("each encoding has its own ETag, and a matching If-None-Match is 304", async () => {
    const br = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "br" });
    const gz = await raw("/assets/texts-d4e5f6.js", { "accept-encoding": "gzip" });
    expect(br.headers.etag).toBeTruthy();
    expect(br.headers.etag).not.toBe(gz.headers.etag);
    const again = await raw("/assets/texts-d4e5f6.js", {
      "accept-encoding": "br",
      "if-none-match": String(br.headers.etag),
    });
    expect(again.status).toBe(304);
  });

  test("a missing asset is 404 in every encoding; twins and the build's dot folders are not files to fetch", async () => {
    for (const p of [
      "/assets/missing.js",
      "/assets/texts-d4e5f6.js.br",
      "/assets/texts-d4e5f6.js.gz",
      "/assets/..%2Findex.html",
    ]) {
      const r = await raw(p, { "accept-encoding": "br, gzip" });
      expect(r.status).toBe(404);
      expect(r.headers["content-encoding"]).toBeUndefined();
    }
    // outside /assets/ a path that is no file is a page of the web client: index.html, never the build's manifest
    const manifest = await raw("/.vite/manifest.json");
    expect(manifest.body.toString()).toBe(INDEX);
  });
});
