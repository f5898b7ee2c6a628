// An API key's requests and errors per Kuwait day, and the RateLimit headers a key caller reads, over real
// HTTP, WebSocket and Postgres: a key makes requests (some failing) -> the page's usage field counts
// them, every day present; another business's keys stay out of sight; over the budget: 429 with
// Retry-After (docs/product.md#api-keys).
import { describe, expect, test } from "@jest/globals";
import { addDays, API_KEY_RATE_LIMIT, kuwaitDate } from "@sufra/schema";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { gql, registeredClient } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { login } from "./support/team.ts";
import { createApiKeysService } from "../src/modules/api-keys/api-keys.service.ts";

const { app } = mailedAppForFile();

async function business(company_name: string) {
  const c = await registeredClient(app.base, { over: { company_name } });
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token as string };
}

async function createKey(token: string, name: string) {
  const r = await gql(
    app.base,
    `mutation($name: String!) { createApiKey(name: $name) { key apiKey { id } } }`,
    { name },
    token,
  );
  return r.data.createApiKey as { key: string; apiKey: { id: string } };
}

/** POST /graphql with the key, keeping the status and headers. */
async function withKey(key: string, query: string) {
  const res = await fetch(`${app.base}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${key}` },
    body: JSON.stringify({ query }),
  });
  return {
    status: res.status,
    headers: res.headers,
    body: (await res.json()) as { data?: unknown; errors?: { extensions: { code: string; reason?: string } }[] },
  };
}

const USAGE = `{ apiKeys { keys { id usage(days: 30) { day requests errors } } } }`;
type Usage = { day: string; requests: number; errors: number }[];
async function usageOf(token: string) {
  const r = await gql(app.base, USAGE, {}, token);
  expect(r.errors).toBeUndefined();
  return new Map((r.data.apiKeys.keys as { id: string; usage: Usage }[]).map((k) => [k.id, k.usage]));
}

describe("usage per key per Kuwait day", () => {
  test("a key's requests and failed ones are counted on today's Kuwait day; every one of 30 days is there; other businesses' keys are not", async () => {
    const a = await business("Usage Café A");
    const b = await business("Usage Café B");
    const a1 = await createKey(a.token, "Website");
    const a2 = await createKey(a.token, "Unused");
    const b1 = await createKey(b.token, "B site");

    // 4 answered, 3 with errors: a field a key may not ask for, an unknown field, a syntax error
    for (let i = 0; i < 4; i++) expect((await withKey(a1.key, `{ me { email } }`)).body.errors).toBeUndefined();
    expect((await withKey(a1.key, `{ clients(first: 1) { totalCount } }`)).body.errors?.[0].extensions.code).toBe(
      "FORBIDDEN",
    );
    expect((await withKey(a1.key, `{ me { nope } }`)).body.errors?.[0].extensions.code).toBe(
      "GRAPHQL_VALIDATION_FAILED",
    );
    expect((await withKey(a1.key, `{ me {`)).body.errors?.[0].extensions.code).toBe("GRAPHQL_PARSE_FAILED");
    // a subscription over graphql-ws counts as a request too
    await new Promise<void>((resolve, reject) => {
      const ws = createClient({
        url: app.base.replace("http", "ws") + "/graphql",
        webSocketImpl: WebSocket,
        connectionParams: { authorization: `Bearer ${a1.key}` },
        lazy: false,
        retryAttempts: 0,
      });
      const stop = ws.subscribe(
        { query: "subscription { postChanged { postId status } }" },
        { next: () => {}, error: reject, complete: () => {} },
      );
      ws.on("connected", () =>
        setTimeout(() => {
          stop();
          void ws.dispose();
          resolve();
        }, 100),
      );
    });
    // B's key, twice
    for (let i = 0; i < 2; i++) await withKey(b1.key, `{ me { email } }`);
    // a person's requests are not a key's
    await gql(app.base, `{ me { email } }`, {}, a.token);

    const today = kuwaitDate();
    const usage = await usageOf(a.token);
    expect([...usage.keys()].sort()).toEqual([a1.apiKey.id, a2.apiKey.id].sort());
    const days = usage.get(a1.apiKey.id)!;
    expect(days).toHaveLength(30);
    expect(days.map((d) => d.day)).toEqual(Array.from({ length: 30 }, (_, i) => addDays(today, i - 29)));
    expect(days[29]).toEqual({ day: today, requests: 8, errors: 3 });
    expect(days.slice(0, 29).every((d) => d.requests === 0 && d.errors === 0)).toBe(true);
    expect(usage.get(a2.apiKey.id)!.every((d) => d.requests === 0)).toBe(true);
    expect((await usageOf(b.token)).get(b1.apiKey.id)![29]).toEqual({ day: today, requests: 2, errors: 0 });

    // one row per key and day, however many requests
    const { rows } = await app.sufra.deps.pool.query<{ n: number }>(
      "select count(*)::int as n from api_key_usage_days where api_key_id = $1",
      [a1.apiKey.id],
    );
    expect(rows[0].n).toBe(1);

    // days outside 1-90 read as the nearest
    const short = await gql(app.base, `{ apiKeys { keys { usage(days: 0) { day } } } }`, {}, a.token);
    expect(short.data.apiKeys.keys[0].usage).toHaveLength(1);
    const long = await gql(app.base, `{ apiKeys { keys { usage(days: 400) { day } } } }`, {}, a.token);
    expect(long.data.apiKeys.keys[0].usage).toHaveLength(90);
  });

  test("the service refuses another business's key, and a key reading usage", async () => {
    const a = await business("Usage Café C");
    const b = await business("Usage Café D");
    const bKey = await createKey(b.token, "B");
    const viewerA = {
      userId: a.userId,
      role: "client" as const,
      email: a.email,
      name: "A",
      businessId: a.businessId,
      sessionId: "s",
    };
    const row = { id: bKey.apiKey.id, businessId: b.businessId };
    await expect(app.sufra.services.apiKeys.usage(viewerA, row)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      app.sufra.services.apiKeys.usage({ ...viewerA, businessId: b.businessId, apiKeyId: bKey.apiKey.id }, row),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await app.sufra.services.apiKeys.usage({ ...viewerA, businessId: b.businessId }, row, 2)).toEqual([
      { day: addDays(kuwaitDate(), -1), requests: 0, errors: 0 },
      { day: kuwaitDate(), requests: 0, errors: 0 },
    ]);
  });
});

describe("rate-limit headers for key callers", () => {
  test("every answer reports the budget; over it: 429, Retry-After, RATE_LIMITED, counted as an error; people get no such headers", async () => {
    const holder = await business("Usage Café E");
    const { key, apiKey } = await createKey(holder.token, "Budget");
    const first = await withKey(key, `{ me { email } }`);
    expect(first.status).toBe(200);
    expect(first.headers.get("ratelimit-limit")).toBe(String(API_KEY_RATE_LIMIT.points));
    expect(first.headers.get("ratelimit-remaining")).toBe(String(API_KEY_RATE_LIMIT.points - 1));
    expect(Number(first.headers.get("ratelimit-reset"))).toBeGreaterThan(0);
    expect(Number(first.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(API_KEY_RATE_LIMIT.durationSeconds);
    expect(first.headers.get("ratelimit-policy")).toBe(
      `${API_KEY_RATE_LIMIT.points};w=${API_KEY_RATE_LIMIT.durationSeconds}`,
    );
    expect(first.headers.get("retry-after")).toBeNull();
    const person = await fetch(`${app.base}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${holder.token}` },
      body: JSON.stringify({ query: "{ me { email } }" }),
    });
    expect(person.headers.get("ratelimit-limit")).toBeNull();

    const original = app.sufra.services.apiKeys;
    await original.flushUsage();
    // the same service with a budget of 2 requests a minute
    app.sufra.services.apiKeys = createApiKeysService(app.sufra.deps, {
      rateLimit: { points: 2, durationSeconds: 60 },
    });
    try {
      const other = await createKey(holder.token, "Small budget");
      expect((await withKey(other.key, `{ me { email } }`)).headers.get("ratelimit-remaining")).toBe("1");
      expect((await withKey(other.key, `{ me { email } }`)).headers.get("ratelimit-remaining")).toBe("0");
      const over = await withKey(other.key, `{ me { email } }`);
      expect(over.status).toBe(429);
      expect(over.body.errors?.[0].extensions).toMatchObject({ code: "RATE_LIMITED", reason: "RATE_LIMITED" });
      expect(over.headers.get("ratelimit-remaining")).toBe("0");
      const retry = Number(over.headers.get("retry-after"));
      expect(retry).toBeGreaterThanOrEqual(1);
      expect(retry).toBeLessThanOrEqual(60);
      expect((await usageOf(holder.token)).get(other.apiKey.id)!.at(-1)).toMatchObject({ requests: 3, errors: 1 });
      expect((await usageOf(holder.token)).get(apiKey.id)!.at(-1)).toMatchObject({ requests: 1, errors: 0 });
    } finally {
      await app.sufra.services.apiKeys.stop();
      app.sufra.services.apiKeys = original;
    }
  });
});
