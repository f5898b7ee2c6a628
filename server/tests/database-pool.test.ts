// Every connection of the process's database pool busy (a busy host, a burst of requests): a new post
// answers 503 SERVICE_UNAVAILABLE with Retry-After at both doors, in English and Arabic, after at most
// DATABASE_POOL_WAIT_SECONDS, and nothing of it is written; never a 500. Once a connection is free the
// same request succeeds.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import pg from "pg";
import { signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ DATABASE_POOL_SIZE: "1", DATABASE_POOL_WAIT_SECONDS: "0.5" });
}, 60_000);
afterAll(() => app.stop());

/** Holds `n` of the pool's connections, each in a transaction that waits until release(). */
async function holdPool(n: number) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let held = 0;
  const all = Array.from({ length: n }, () =>
    app.sufra.deps.db.$transaction(
      async (tx) => {
        await tx.$queryRaw`select 1`;
        held++;
        await gate;
      },
      { maxWait: 10_000, timeout: 60_000 },
    ),
  );
  while (held < n) await new Promise((r) => setTimeout(r, 20));
  return async () => {
    release();
    await Promise.all(all);
  };
}

async function send(path: string, token: string, lang: string, body: unknown) {
  const res = await fetch(app.base + path, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "accept-language": lang },
    body: JSON.stringify(body),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: await res.json() };
}

const CREATE = "mutation($input: PostInput!) { createPost(input: $input) { id status } }";

describe("the database pool exhausted", () => {
  test("a new post answers 503 with Retry-After at both doors, in English and Arabic, and writes nothing", async () => {
    const c = await signedInBusiness(app.base, { practice: true });
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    const counts = async () =>
      (
        await db.query(
          "select (select count(*)::int from posts where business_id = $1) as posts, (select count(*)::int from audit_log where entity_type = 'post') as audits",
          [c.businessId],
        )
      ).rows[0];
    const before = await counts();
    const size = app.sufra.deps.config.database?.poolSize ?? 10;
    const release = await holdPool(size);
    try {
      const t0 = Date.now();
      const rest = await send("/api/posts", c.token, "en", { content: "Kunafa tonight", platforms: ["instagram"] });
      expect(rest).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^[1-9]\d*$/),
        body: { code: "SERVICE_UNAVAILABLE", message: "The service is unavailable. Please try again later" },
      });
      const restAr = await send("/api/posts", c.token, "ar", { content: "كنافة الليلة", platforms: ["instagram"] });
      expect(restAr).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^[1-9]\d*$/),
        body: { code: "SERVICE_UNAVAILABLE", message: "الخدمة غير متاحة. يرجى المحاولة لاحقًا" },
      });

      const scheduledFor = new Date(Date.now() + 2 * 86_400_000).toISOString();
      for (const [lang, message] of [
        ["en", "The service is unavailable. Please try again later"],
        ["ar", "الخدمة غير متاحة. يرجى المحاولة لاحقًا"],
      ]) {
        const g = await send("/graphql", c.token, lang!, {
          query: CREATE,
          variables: { input: { content: "Karak at dawn", platforms: ["INSTAGRAM"], scheduledFor } },
        });
        expect(g.status).toBe(503);
        expect(g.retryAfter).toMatch(/^[1-9]\d*$/);
        expect(g.body.errors[0]).toMatchObject({ message, extensions: { reason: "SERVICE_UNAVAILABLE" } });
      }
      // each waited at most DATABASE_POOL_WAIT_SECONDS for a connection (a few of them a request), not forever
      expect(Date.now() - t0).toBeLessThan(15_000);
    } finally {
      await release();
    }
    expect(await counts()).toEqual(before);

    // a free connection: the same request is served
    const ok = await send("/api/posts", c.token, "en", { content: "Kunafa tonight", platforms: ["instagram"] });
    expect(ok.status).toBe(201);
    expect((await counts()).posts).toBe(before.posts + 1);
    await db.end();
  }, 60_000);
});
