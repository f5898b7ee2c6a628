// The web client's single-page fallback: every path that is not the server's own gets index.html,
// so a page reloaded or opened from a link works; the server's paths and missing assets stay 404s.
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { startTestApp, type TestApp } from "./support/app.ts";

const INDEX = "<!doctype html><title>Sufra test client</title>";
const ASSET = "console.log('hashed asset');";
let app: TestApp;

beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), "sufra-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), INDEX);
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), ASSET);
  app = await startTestApp({ CLIENT_DIST: dist });
});
afterAll(async () => app?.stop());

describe("the web client's fallback", () => {
  test.each(["/api-keys", "/apifoo", "/graphqlfoo", "/mediafoo", "/admin/clients", "/api-keys/new?tab=1", "/signup/next?plan=basic"])("%s is a page of the web client", async (p) => {
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
