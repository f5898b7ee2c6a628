// Reads over a window cost the same whatever a café's history (docs/scaling.md#history-flat-reads): over
// 20,000 posts written in SQL, the posts page (every filter it offers), the analytics overview and the
// admin's figures are EXPLAINed (ANALYZE, BUFFERS) as they ran, and the rows and pages they read are
// counted: a page, a window, an index, never the history. Counts, never times.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { captureStatements, type Statement } from "./support/sql-capture.ts";
import { seedPosts } from "./support/posts-page.ts";
import type { Viewer } from "../src/kernel/policy.ts";

const HISTORY = 20_000;
/** more than a page and a month's posts (about 290 published in 30 days here), far less than the history */
const BOUND = 1_500;

let app: TestApp;
let cafe: Awaited<ReturnType<typeof signedInBusiness>>;
let viewer: Viewer;

beforeAll(async () => {
  app = await startTestApp();
  cafe = await signedInBusiness(app.base, { practice: true });
  // a post an hour for about two years and four months, two in five published, with targets and media
  await seedPosts(app.sufra.deps.db, cafe.businessId, cafe.userId, HISTORY);
  await app.sufra.deps.pool.query("vacuum analyze posts");
  await app.sufra.deps.pool.query("analyze post_targets; analyze post_media; analyze post_counts");
  viewer = {
    userId: cafe.userId,
    role: "client",
    email: cafe.email,
    name: "Owner",
    businessId: cafe.businessId,
    sessionId: "history-flat",
  };
}, 180_000);
afterAll(async () => {
  await app?.stop();
});

interface PlanNode {
  "Node Type": string;
  "Relation Name"?: string;
  "Index Name"?: string;
  "Actual Rows"?: number;
  "Actual Loops"?: number;
  "Rows Removed by Filter"?: number;
  "Heap Fetches"?: number;
  "Shared Hit Blocks"?: number;
  "Shared Read Blocks"?: number;
  Plans?: PlanNode[];
}
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** What a statement read of `table`, by its plan as it ran with its own parameters. */
async function reads(s: Statement, table: string) {
  const { rows } = await app.sufra.deps.pool.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (analyze, buffers, format json) ${s.text}`,
    s.values as unknown[],
  );
  const plan = rows[0]!["QUERY PLAN"][0].Plan;
  const scans = nodes(plan).filter((n) => n["Relation Name"] === table);
  return {
    kinds: [...new Set(scans.map((n) => n["Node Type"]))],
    // rows each scan produced or threw away, over all its loops: what it read of the table (or its index)
    rows: scans.reduce(
      (a, n) => a + ((n["Actual Rows"] ?? 0) + (n["Rows Removed by Filter"] ?? 0)) * (n["Actual Loops"] ?? 1),
      0,
    ),
    heapFetches: scans.reduce((a, n) => a + (n["Heap Fetches"] ?? 0), 0),
    // the whole statement's pages (shared buffers, at the top node: its children's included)
    blocks: (plan["Shared Hit Blocks"] ?? 0) + (plan["Shared Read Blocks"] ?? 0),
  };
}

const touches = (table: string) => (s: Statement) => new RegExp(`\\b${table}\\b`).test(s.text);
const readsOf = async (fn: () => Promise<unknown>, table: string) =>
  (await captureStatements(fn)).filter((s) => /^\s*(select|with)\b/i.test(s.text)).filter(touches(table));

describe("reads over a window do not grow with the history", () => {
  test("the posts table holds the history, and its counter agrees", async () => {
    const { rows } = await app.sufra.deps.pool.query<{ n: number; c: number }>(
      `select (select count(*)::int from posts where business_id = $1) as n,
              (select posts from post_counts where business_id = $1) as c`,
      [cafe.businessId],
    );
    expect(rows[0]).toEqual({ n: HISTORY, c: HISTORY });
  });

  test("the posts page, unfiltered: one statement, a page of posts read, the total from the counter", async () => {
    let page: Awaited<ReturnType<typeof app.sufra.services.posts.list>> | undefined;
    const statements = await readsOf(async () => {
      page = await app.sufra.services.posts.list(viewer, { limit: 20 });
    }, "posts");
    expect(statements).toHaveLength(1);
    expect(page!.items).toHaveLength(20);
    expect(page!.total).toBe(HISTORY);
    const r = await reads(statements[0]!, "posts");
    expect(r.kinds).not.toContain("Seq Scan");
    expect(r.rows).toBeLessThanOrEqual(40);
    expect(r.blocks).toBeLessThan(BOUND);
  });

  test("the last page and past it: the same statement, the total still answered", async () => {
    const last = await app.sufra.services.posts.list(viewer, { limit: 20, page: HISTORY / 20 });
    expect(last.items).toHaveLength(20);
    expect(last.hasNextPage).toBe(false);
    const past = await app.sufra.services.posts.list(viewer, { limit: 20, page: HISTORY / 20 + 1 });
    expect(past).toMatchObject({ items: [], total: HISTORY, hasNextPage: false });
  });

  const month = { from: new Date(Date.now() - 30 * 86_400_000).toISOString(), to: new Date().toISOString() };
  test.each([
    ["published", { status: ["published"] }],
    ["drafts", { status: ["draft"] }],
    ["awaiting approval", { approval: ["in_review"] }],
    ["the last 30 days", month],
    ["published in the last 30 days", { ...month, status: ["published"] }],
  ])("the posts page, %s: one statement, no post read at full width beyond a page or the window", async (_, filter) => {
    let page: Awaited<ReturnType<typeof app.sufra.services.posts.list>> | undefined;
    const statements = await readsOf(async () => {
      page = await app.sufra.services.posts.list(viewer, { limit: 20, ...filter });
    }, "posts");
    expect(statements).toHaveLength(1);
    const { rows } = await app.sufra.deps.pool.query<{ n: number }>(
      `select count(*)::int as n from posts p where p.business_id = $1 and ($2::text[] is null or p.status::text = any($2))`,
      [cafe.businessId, (filter as { status?: string[] }).status ?? null],
    );
    expect(page!.total).toBeLessThanOrEqual(rows[0]!.n);
    const r = await reads(statements[0]!, "posts");
    expect(r.kinds).not.toContain("Seq Scan");
    // a filter's total counts its matches in an index (no post's row, so no heap fetch); the page and the
    // window's posts are all that is read at full width
    expect(r.heapFetches).toBeLessThan(BOUND);
    expect(r.blocks).toBeLessThan(BOUND * 2);
  });

  // A network's or a word's posts are counted by visiting their matches (no index holds a post's networks
  // by business, nor its words): the total grows with the matches, the page does not
  test.each([
    [
      "on Instagram",
      { platform: "instagram" },
      "exists (select 1 from post_targets t where t.post_id = p.id and t.platform = 'instagram')",
    ],
    ["with a word", { search: "saffron" }, "p.content ilike '%saffron%'"],
  ])("the posts page, %s: one statement, the total its matches", async (_, filter, where) => {
    let page: Awaited<ReturnType<typeof app.sufra.services.posts.list>> | undefined;
    const statements = await readsOf(async () => {
      page = await app.sufra.services.posts.list(viewer, { limit: 20, ...filter });
    }, "posts");
    expect(statements).toHaveLength(1);
    const { rows } = await app.sufra.deps.pool.query<{ n: number }>(
      `select count(*)::int as n from posts p where p.business_id = $1 and ${where}`,
      [cafe.businessId],
    );
    expect(rows[0]!.n).toBeGreaterThan(1000);
    expect(page).toMatchObject({ total: rows[0]!.n, hasNextPage: true });
    expect(page!.items).toHaveLength(20);
  });

  test("the analytics overview, last 30 days: every read of posts bounded by the window", async () => {
    const to = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    let overview: Awaited<ReturnType<typeof app.sufra.services.analytics.overview>> | undefined;
    const statements = await readsOf(async () => {
      overview = await app.sufra.services.analytics.overview(viewer, { clientId: cafe.businessId, from, to });
    }, "posts");
    expect(overview!.publishedPosts).toBeGreaterThan(100);
    expect(statements.length).toBeGreaterThanOrEqual(1);
    for (const s of statements) {
      const r = await reads(s, "posts");
      expect(r.kinds).not.toContain("Seq Scan");
      expect(r.rows).toBeLessThan(BOUND);
      expect(r.blocks).toBeLessThan(BOUND * 4);
    }
  });

  test("the admin's figures: posts in all from the counters, today's by their index", async () => {
    const admin: Viewer = { ...viewer, role: "admin", businessId: null };
    let stats: Awaited<ReturnType<typeof app.sufra.services.admin.stats>> | undefined;
    const statements = await readsOf(async () => {
      stats = await app.sufra.services.admin.stats(admin);
    }, "posts");
    const { rows } = await app.sufra.deps.pool.query<{ n: number }>("select count(*)::int as n from posts");
    expect(stats!.totalPosts).toBe(rows[0]!.n);
    for (const s of statements) {
      const r = await reads(s, "posts");
      expect(r.kinds).not.toContain("Seq Scan");
      expect(r.rows).toBeLessThan(BOUND);
    }
  });

  test("the counter follows inserts and deletes, one statement or many, and a café's removal", async () => {
    const pool = app.sufra.deps.pool;
    const count = async () =>
      (
        await pool.query<{ n: number; c: number }>(
          `select (select count(*)::int from posts where business_id = $1) as n,
                  (select posts from post_counts where business_id = $1) as c`,
          [cafe.businessId],
        )
      ).rows[0]!;
    await pool.query(
      `delete from posts where id in (select id from posts where business_id = $1 and status = 'draft' order by created_at limit 500)`,
      [cafe.businessId],
    );
    const client = await pool.connect();
    try {
      await client.query("begin");
      await client.query(
        `insert into posts (id, business_id, content, updated_at) select gen_random_uuid(), $1, 'x', now() from generate_series(1, 3)`,
        [cafe.businessId],
      );
      await client.query("rollback");
    } finally {
      client.release();
    }
    expect(await count()).toEqual({ n: HISTORY - 500, c: HISTORY - 500 });
    const other = await signedInBusiness(app.base, { practice: true });
    await pool.query(
      `insert into posts (id, business_id, content, updated_at) select gen_random_uuid(), $1, 'x', now() from generate_series(1, 7)`,
      [other.businessId],
    );
    const { rows } = await pool.query<{ c: number }>("select posts as c from post_counts where business_id = $1", [
      other.businessId,
    ]);
    expect(rows[0]!.c).toBe(7);
    await pool.query("delete from businesses where id = $1", [other.businessId]);
    const gone = await pool.query("select 1 from post_counts where business_id = $1", [other.businessId]);
    expect(gone.rowCount).toBe(0);
  });
});
