// Logging: every record written while a request is handled carries its id (REST and GraphQL alike, from
// the services too), the id is echoed to the caller, an unsafe incoming id is replaced, production writes
// JSON lines with level names, a failed publish attempt is a warning, and secrets are never written.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfig } from "../src/config.ts";
import { defaultLogFormat } from "../src/kernel/logger.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { startFakeChat, type FakeChat } from "./fakes/chat-completions-server.ts";
import { adminToken, call, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { logLines } from "./support/log-lines.ts";
import * as net from "./support/networks.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("a request's log records", () => {
  const log = logLines();
  let app: TestApp;
  let chat: FakeChat;
  let owner: string;
  beforeAll(async () => {
    chat = await startFakeChat();
    app = await startTestApp({ AI_TIMEOUT_SECONDS: "1.5" }, undefined, { logger: log.logger("debug") });
    const admin = await adminToken(app.base);
    const set = await call(app.base, "PUT", "/api/ai/settings", {
      token: admin,
      body: { provider: "openai", base_url: chat.url, model: "sufra-test-model", api_key: chat.apiKey },
    });
    expect(set.status).toBe(200);
    owner = (await signedInBusiness(app.base)).token;
  });
  afterAll(async () => {
    await app?.stop();
    await chat?.close();
  });

  const recordsOf = (id: string) => log.records.filter((r) => r.requestId === id);
  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 100 && !ok(); i++) await new Promise((r) => setTimeout(r, 20));
  };
  const failingModel = () =>
    chat.replies.splice(
      0,
      chat.replies.length,
      ...Array.from({ length: 5 }, () => ({
        status: 500,
        message: "The server had an error while processing your request.",
      })),
    );

  test("REST: the caller's id is echoed, and every record of the request carries it, the AI writer's fallback (a warning) too", async () => {
    failingModel();
    const res = await fetch(`${app.base}/api/posts/generate`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner}`, "x-request-id": "rest-req.42" },
      body: JSON.stringify({ prompt: "pistachio kunafa", platform: "instagram", language: "en" }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).fell_back).toBe(true);
    expect(res.headers.get("x-request-id")).toBe("rest-req.42");
    await until(() => recordsOf("rest-req.42").some((r) => r.msg === "request finished"));
    expect(recordsOf("rest-req.42")).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: expect.stringMatching(/built-in writer answered/),
        model: "sufra-test-model",
      }),
      expect.objectContaining({
        level: "debug",
        msg: "request finished",
        method: "POST",
        path: "/api/posts/generate",
        status: 200,
      }),
    ]);
    // no record of it was written without the id
    expect(log.records.filter((r) => /built-in writer answered/.test(r.msg) && !r.requestId)).toEqual([]);
  });

  test("GraphQL: the same, through the GraphQL door", async () => {
    failingModel();
    const res = await fetch(`${app.base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${owner}`, "x-request-id": "gql-7" },
      body: JSON.stringify({
        query: `mutation { generatePost(input: { prompt: "karak", platform: INSTAGRAM, language: EN }) { fellBack } }`,
      }),
    });
    expect(await res.json()).toEqual({ data: { generatePost: { fellBack: true } } });
    expect(res.headers.get("x-request-id")).toBe("gql-7");
    await until(() => recordsOf("gql-7").some((r) => r.msg === "request finished"));
    expect(recordsOf("gql-7").map((r) => [r.level, r.msg])).toEqual([
      ["warn", expect.stringMatching(/built-in writer answered/)],
      ["debug", "request finished"],
    ]);
  });

  test("without an id, or with an unsafe one, the server makes its own", async () => {
    const none = await call(app.base, "GET", "/api/health");
    expect(none.status).toBe(200);
    const made = await fetch(`${app.base}/api/health`).then((r) => r.headers.get("x-request-id"));
    expect(made).toMatch(UUID);
    for (const unsafe of ["two words", "<script>", "x".repeat(65), "a\u00e9b", 'id"}{"level":"error']) {
      const res = await fetch(`${app.base}/api/health`, { headers: { "x-request-id": unsafe } });
      const id = res.headers.get("x-request-id")!;
      expect(id).toMatch(UUID);
      await until(() => recordsOf(id).length > 0);
      expect(recordsOf(id)).toEqual([expect.objectContaining({ msg: "request finished", path: "/api/health" })]);
      expect(log.records.some((r) => r.requestId === unsafe)).toBe(false);
    }
  });

  test("the path is logged without its query (queries carry signatures and codes)", async () => {
    const res = await fetch(`${app.base}/api/health?code=secret-code`);
    const id = res.headers.get("x-request-id")!;
    await until(() => recordsOf(id).length > 0);
    expect(recordsOf(id)[0]!.path).toBe("/api/health");
    expect(JSON.stringify(log.records)).not.toContain("secret-code");
  });
});

describe("format", () => {
  const tmp = () => mkdtempSync(path.join(os.tmpdir(), "sufra-log-"));

  test("production writes one JSON line a record, with the level's name and an ISO time", () => {
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: "production" }).logFormat).toBe("json");
    const log = logLines();
    log.logger("info").warn("publish attempt did not succeed", { targetId: "t1" });
    log.logger("info").error("crash: uncaught exception", new Error("boom"));
    expect(log.records).toEqual([
      expect.objectContaining({
        level: "warn",
        msg: "publish attempt did not succeed",
        targetId: "t1",
        time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      }),
      expect.objectContaining({
        level: "error",
        msg: "crash: uncaught exception",
        err: expect.objectContaining({ type: "Error", message: "boom", stack: expect.stringContaining("Error: boom") }),
      }),
    ]);
  });

  test("pretty for a person at a terminal, JSON when read by a machine or under tests; LOG_FORMAT decides when set", () => {
    expect(defaultLogFormat({}, true)).toBe("pretty");
    expect(defaultLogFormat({}, false)).toBe("json");
    expect(defaultLogFormat({ NODE_ENV: "production" }, true)).toBe("json");
    expect(defaultLogFormat({ NODE_ENV: "test" }, true)).toBe("json");
    expect(loadConfig({ DATA_DIR: tmp(), NODE_ENV: "production", LOG_FORMAT: "pretty" }).logFormat).toBe("pretty");
    expect(() => loadConfig({ DATA_DIR: tmp(), LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  test("a start-up that fails is one error record (with its stack) and exit code 1, in production's JSON", () => {
    const r = spawnSync(process.execPath, ["--import", "tsx", "src/main.ts"], {
      cwd: path.resolve(import.meta.dirname, ".."),
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: "postgres://sufra@127.0.0.1:1/nowhere",
        DATA_DIR: tmp(),
        PORT: "0",
        LOG_LEVEL: "info",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(1);
    const records = r.stdout
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(records.at(-1)).toMatchObject({
      level: "error",
      msg: "crash: start-up failed",
      err: { message: expect.any(String), stack: expect.any(String) },
    });
  }, 90_000);

  test("secrets are never written: authorization and cookie headers, passwords, tokens", () => {
    const log = logLines();
    log.logger("info").warn("a request went wrong", {
      headers: { authorization: "Bearer eyJ.secret.jwt", cookie: "sid=secret-cookie" },
      req: { headers: { authorization: "Bearer nested-secret" } },
      body: { email: "a@b.kw", password: "Saffron#2026" },
      accessToken: "secret-access",
    });
    const line = JSON.stringify(log.records[0]);
    for (const secret of ["eyJ.secret.jwt", "secret-cookie", "nested-secret", "Saffron#2026", "secret-access"])
      expect(line).not.toContain(secret);
    expect(log.records[0]).toMatchObject({
      headers: { authorization: "[redacted]", cookie: "[redacted]" },
      req: { headers: { authorization: "[redacted]" } },
      body: { email: "a@b.kw", password: "[redacted]" },
    });
  });
});

describe("levels", () => {
  let ig: net.Ig;
  let x: net.X;
  let app: TestApp;
  const log = logLines();
  beforeAll(async () => {
    [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
    app = await startTestApp(net.platformEnv(ig, x, await net.freePort()), undefined, { logger: log.logger("info") });
  });
  afterAll(async () => {
    await app?.stop();
    await Promise.all([ig?.close(), x?.close()]);
  });

  test("a network's refusal of a publish attempt is a warning", async () => {
    const b = await net.connectedBusiness(app, ig, x);
    const first = await net.post(app, b.token, { content: "Same words twice", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${first.id}/publish`, { token: b.token });
    await net.waitFor(() => net.getPost(app, b.token, first.id), net.settled);
    const second = await net.post(app, b.token, { content: "Same words twice", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${second.id}/publish`, { token: b.token });
    const failed = await net.waitFor(() => net.getPost(app, b.token, second.id), net.settled);
    expect(failed.status).toBe("failed");
    const attempts = log.records.filter((r) => r.msg === "publish attempt did not succeed");
    expect(attempts).toEqual([
      expect.objectContaining({ level: "warn", targetId: failed.targets[0].id, kind: "rejected" }),
    ]);
  });
});
