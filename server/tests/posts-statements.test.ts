// The posts page's SQL statements per request, at both doors and every page size: the page, its
// targets, accounts, media, authors and campaigns are read in one statement, the total in the same
// one (the café's counter, or a count beside the page), and counted at GraphQL only when the caller
// selects totalCount. Also: that one statement answers exactly what Prisma's include answers.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { call, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { countStatements, statementsOf } from "./support/sql-count.ts";
import { POSTS_LIST, seedPosts } from "./support/posts-page.ts";
import { inTransaction, onPool, postInclude, readPosts } from "../src/modules/posts/posts.read.ts";
import { Prisma } from "../src/generated/prisma/client.ts";

let app: TestApp;
let cafe: Awaited<ReturnType<typeof signedInBusiness>>;
const POSTS = 64;

beforeAll(async () => {
  app = await startTestApp();
  countStatements(app.sufra.server!.httpServer);
  cafe = await signedInBusiness(app.base, { practice: true, over: { requested_plan: "premium" } });
  await seedPosts(app.sufra.deps.db, cafe.businessId, cafe.userId, POSTS);
}, 60_000);
afterAll(async () => {
  await app?.stop();
});

/** The statements a request sent, and those of them that read posts (the viewer's own are the auth's). */
async function counted(method: string, path: string, body?: unknown) {
  const id = randomUUID();
  const r = await call(app.base, method, path, { token: cafe.token, body, headers: { "x-count-sql": id } });
  expect(r.status).toBe(200);
  const all = statementsOf(id);
  return { body: r.body, all, posts: all.filter((q) => /\bposts\b|post_targets|post_media/.test(q)) };
}
const page = (first: number, query = POSTS_LIST) => counted("POST", "/graphql", { query, variables: { first } });

describe("the posts page in one statement", () => {
  test("the one statement answers what Prisma's include answers, relations and their order included", async () => {
    const db = app.sufra.deps.db;
    const prisma = await db.post.findMany({
      where: { businessId: cafe.businessId },
      include: postInclude,
      orderBy: [{ scheduledFor: { sort: "desc", nulls: "first" } }, { createdAt: "desc" }, { id: "asc" }],
    });
    const q = {
      where: Prisma.sql`p.business_id = ${cafe.businessId}::uuid`,
      orderBy: Prisma.sql`p.scheduled_for desc nulls first, p.created_at desc, p.id asc`,
      count: true,
    };
    const mine = await readPosts(onPool(app.sufra.deps.pool), q);
    // in a transaction the same statement goes through Prisma's raw query
    const inTx = await db.$transaction((tx) => readPosts(inTransaction(tx), q));
    expect(prisma.length).toBe(POSTS);
    for (const has of [
      (p: (typeof prisma)[number]) => p.targets.length === 3 && p.media.length > 1,
      (p: (typeof prisma)[number]) => !!(p.campaign && p.googleOptions && p.firstComment),
      (p: (typeof prisma)[number]) => p.targets.some((t) => t.errorCode),
    ]) {
      expect(prisma.some(has)).toBe(true);
    }
    expect(mine.total).toBe(POSTS);
    expect(mine.items).toEqual(prisma);
    expect(inTx.items).toEqual(prisma);
  });

  test.each([5, 20, 50])("REST GET /api/posts?limit=%i: one statement for the page and its total", async (limit) => {
    await counted("GET", `/api/posts?limit=${limit}`); // warm
    const r = await counted("GET", `/api/posts?limit=${limit}`);
    expect(r.body.posts).toHaveLength(limit);
    expect(r.body.total).toBe(POSTS);
    expect(r.body.posts[0].targets.length).toBeGreaterThan(0);
    expect(r.posts).toHaveLength(1);
  });

  test.each([5, 20, 50])(
    "GraphQL PostsList (the web client's operation) first: %i: one statement, totalCount included",
    async (first) => {
      await page(first);
      const r = await page(first);
      expect(r.body.errors).toBeUndefined();
      const conn = r.body.data.posts;
      expect(conn.edges).toHaveLength(first);
      expect(conn.totalCount).toBe(POSTS);
      expect(conn.pageInfo.hasNextPage).toBe(true);
      expect(conn.edges[0].node.media.length).toBeGreaterThan(0);
      expect(r.posts).toHaveLength(1);
    },
  );

  test("without totalCount nothing is counted, and hasNextPage still tells the last page", async () => {
    const query =
      "query($first: Int!, $after: String) { posts(first: $first, after: $after) { pageInfo { hasNextPage endCursor } edges { node { id targets { id } } } } }";
    const first = await page(50, query);
    expect(first.posts).toHaveLength(1);
    expect(first.posts[0]).not.toMatch(/count\(/);
    expect(first.body.data.posts.pageInfo.hasNextPage).toBe(true);
    const rest = await counted("POST", "/graphql", {
      query,
      variables: { first: 50, after: first.body.data.posts.pageInfo.endCursor },
    });
    expect(rest.body.data.posts.edges).toHaveLength(POSTS - 50);
    expect(rest.body.data.posts.pageInfo.hasNextPage).toBe(false);
    // the same page with totalCount agrees
    const counting = await counted("POST", "/graphql", {
      query: query.replace("pageInfo", "totalCount pageInfo"),
      variables: { first: 50, after: first.body.data.posts.pageInfo.endCursor },
    });
    expect(counting.body.data.posts.totalCount).toBe(POSTS);
    expect(counting.body.data.posts.pageInfo).toEqual(rest.body.data.posts.pageInfo);
  });

  test("one post at either door is one statement", async () => {
    const list = await counted("GET", "/api/posts?limit=1");
    const id = list.body.posts[0].id as string;
    expect((await counted("GET", `/api/posts/${id}`)).posts).toHaveLength(1);
    const g = await counted("POST", "/graphql", {
      query: "query($id: ID!) { post(id: $id) { id targets { handle } media { url } } }",
      variables: { id },
    });
    expect(g.body.data.post.id).toBe(id);
    expect(g.posts).toHaveLength(1);
  });

  test("at most 3 statements in all, the viewer's check included, whatever the page size", async () => {
    for (const n of [5, 20, 50]) {
      expect((await counted("GET", `/api/posts?limit=${n}`)).all.length).toBeLessThanOrEqual(3);
      expect((await page(n)).all.length).toBeLessThanOrEqual(3);
    }
  });
});
