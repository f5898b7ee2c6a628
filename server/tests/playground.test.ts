// GET /graphql from a browser is the GraphQL playground, the page the client's build makes
// (client/dist/playground.html); every other request to /graphql is Apollo's, as before. A client
// build without the playground says so in plain words (docs/architecture.md#how-a-request-flows).
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, test } from "@jest/globals";
import { gql } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8";
const PAGE = `<!doctype html><title>Sufra API · GraphQL playground</title><script type="module" crossorigin src="/assets/playground-abc123.js"></script><div id="playground"></div>`;
const SCRIPT = "console.log('playground');";

function dist(withPlayground: boolean) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sufra-dist-"));
  mkdirSync(path.join(dir, "assets"));
  writeFileSync(path.join(dir, "index.html"), "<!doctype html><title>Sufra test client</title>");
  if (withPlayground) {
    writeFileSync(path.join(dir, "playground.html"), PAGE);
    writeFileSync(path.join(dir, "assets", "playground-abc123.js"), SCRIPT);
  }
  return dir;
}

const app = appForFile({ CLIENT_DIST: dist(true) });
const bare = appForFile({ CLIENT_DIST: dist(false) });

describe("a browser opening /graphql", () => {
  test("gets the playground page, never cached, under the server's Content-Security-Policy", async () => {
    for (const p of ["/graphql", "/graphql/"]) {
      const r = await fetch(app.base + p, { headers: { accept: BROWSER } });
      expect(r.status).toBe(200);
      expect(r.headers.get("content-type")).toMatch(/^text\/html/);
      expect(r.headers.get("cache-control")).toBe("no-cache");
      expect(r.headers.get("vary")).toMatch(/Accept/);
      const csp = r.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("connect-src 'self' ws: wss:");
      expect(csp).not.toContain("unsafe-eval");
      expect(await r.text()).toBe(PAGE);
    }
  });

  test("the page's built assets are served from this origin", async () => {
    const html = await (await fetch(`${app.base}/graphql`, { headers: { accept: "text/html" } })).text();
    const src = /src="(\/assets\/[^"]+)"/.exec(html)?.[1];
    expect(src).toBe("/assets/playground-abc123.js");
    const r = await fetch(app.base + src);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/javascript/);
    expect(await r.text()).toBe(SCRIPT);
  });

  test("a build without the playground gets a plain message in both languages, not the web client", async () => {
    const r = await fetch(`${bare.base}/graphql`, { headers: { accept: BROWSER } });
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toMatch(/^text\/html/);
    const text = await r.text();
    expect(text).toContain("The GraphQL playground is not built. Run <code>npm run build -w client</code>");
    expect(text).toContain("لم يتم بناء ساحة تجربة GraphQL بعد");
    expect(text).not.toContain("Sufra test client");
  });
});

describe("everything else at /graphql is GraphQL, as before", () => {
  test("a GET asking for JSON, or with no Accept header, gets Apollo's 400 for a GET without a query", async () => {
    for (const headers of [
      { accept: "application/json" },
      { accept: "application/graphql-response+json, application/json;q=0.9" },
      {},
    ] as Record<string, string>[]) {
      const r = await fetch(`${app.base}/graphql`, { headers });
      expect(r.status).toBe(400);
      expect(await r.text()).not.toBe(PAGE);
    }
  });

  test("a GET with a query is an operation even from a browser (Apollo's CSRF prevention refuses it), not the page", async () => {
    const r = await fetch(`${app.base}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { accept: BROWSER },
    });
    expect(r.status).toBe(400);
    expect(await r.text()).not.toBe(PAGE);
    const ok = await fetch(`${app.base}/graphql?query=${encodeURIComponent("{ __typename }")}`, {
      headers: { accept: "application/json", "apollo-require-preflight": "1" },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: { __typename: "Query" } });
  });

  test("POST /graphql answers operations, the browser's Accept header or not", async () => {
    expect(await gql(app.base, "{ __typename }")).toEqual({ data: { __typename: "Query" } });
    const r = await fetch(`${app.base}/graphql`, {
      method: "POST",
      headers: { accept: BROWSER, "content-type": "application/json" },
      body: JSON.stringify({ query: "{ __typename }" }),
    });
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ data: { __typename: "Query" } });
  });
});
