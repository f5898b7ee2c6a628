// Background work does not grow with history: with years of one business's posts, targets and inbox
// items in the database (analyzed, so the planner knows), every recurring job the app registers is run,
// each statement it sends is captured and EXPLAINed with its own parameters, and none reads posts,
// post targets or inbox items by a sequential scan: an index or a bounded range serves each. The jobs
// are also the ones docs/scaling.md lists (docs/scaling.md#background-jobs-at-scale).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { captureStatements, type Statement } from "./support/sql-capture.ts";
import { startMailbox } from "./support/mailbox.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";

const HISTORY = 100_000;
const GUARDED = new Set(["posts", "post_targets", "reviews"]);

let app: TestApp;
let mailbox: Awaited<ReturnType<typeof startMailbox>>;
let ig: Awaited<ReturnType<typeof startInstagramFake>>;

beforeAll(async () => {
  // mail and Instagram set up, so the mail retry and the inbox's read run their statements too
  [mailbox, ig] = await Promise.all([startMailbox(), startInstagramFake()]);
  app = await startTestApp({ SMTP_URL: mailbox.url, ...ig.state.env });
  const cafe = await signedInBusiness(app.base, { practice: true });
  const pool = app.sufra.deps.pool;
  const { rows } = await pool.query<{ id: string }>(
    "select id from platform_accounts where business_id = $1 and platform = 'instagram'",
    [cafe.businessId],
  );
  const account = rows[0]!.id;
  // a post every 15 minutes for about three years, each published on Instagram, the newest 31 days ago
  await pool.query(
    `with s as (select i, now() - interval '31 days' - i * interval '15 minutes' as at from generate_series(1, $3::int) i),
          p as (insert into posts (id, business_id, author_id, status, content, published_at, scheduled_for, created_at, updated_at)
                select gen_random_uuid(), $1::uuid, $4::uuid, 'published', 'history ' || i, at, at, at - interval '1 day', at + interval '1 minute' from s
                returning id, published_at)
     insert into post_targets (id, post_id, account_id, platform, status, due_at, attempts, external_id, published_at, created_at, updated_at)
     select gen_random_uuid(), p.id, $2::uuid, 'instagram', 'published', p.published_at, 1, 'ig-' || p.id, p.published_at, p.published_at - interval '1 day', p.published_at + interval '1 minute' from p`,
    [cafe.businessId, account, HISTORY, cafe.userId],
  );
  // and guests' comments over the same years
  await pool.query(
    `insert into reviews (id, business_id, kind, source, author, text, language, reviewed_at, written_at, sentiment, status, import_key, external_id, created_at, updated_at)
     select gen_random_uuid(), $1::uuid, 'comment', 'instagram', 'guest' || i, 'lovely', 'en', (now() - i * interval '15 minutes')::date,
            now() - i * interval '15 minutes', 'positive', 'replied', 'instagram:c' || i, 'c' || i, now() - i * interval '15 minutes', now() - i * interval '15 minutes'
       from generate_series(1, $2::int) i`,
    [cafe.businessId, HISTORY],
  );
  await pool.query("analyze posts; analyze post_targets; analyze reviews");
}, 180_000);
afterAll(async () => {
  await app?.stop();
  await Promise.all([mailbox?.close(), ig?.close()]);
});

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
const nodes = (n: PlanNode): PlanNode[] => [n, ...(n.Plans ?? []).flatMap(nodes)];

/** The guarded tables a statement reads by a sequential scan, by its plan for its own parameters. */
async function seqScans(s: Statement): Promise<string[]> {
  const { rows } = await app.sufra.deps.pool.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
    `explain (format json) ${s.text}`,
    s.values as unknown[],
  );
  return nodes(rows[0]!["QUERY PLAN"][0].Plan)
    .filter((n) => n["Node Type"] === "Seq Scan" && GUARDED.has(n["Relation Name"] ?? ""))
    .map((n) => n["Relation Name"]!);
}

const explainable = (s: Statement) => /^\s*(select|with|update|delete|insert)\b/i.test(s.text);

describe("every recurring job reads only what changed", () => {
  test("docs/scaling.md lists every recurring job", () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, "../../docs/scaling.md"), "utf8");
    const section = doc.split(/^## /m).find((s) => s.startsWith("Background jobs at scale"));
    expect(section).toBeDefined();
    const listed = [...section!.matchAll(/^\| `([a-z.-]+)`/gm)].map((m) => m[1]);
    expect(listed.sort()).toEqual(app.sufra.recurring.map((j) => j.name).sort());
  });

  test("no statement of any job scans posts, post targets or inbox items sequentially", async () => {
    const found: { job: string; tables: string[]; sql: string }[] = [];
    const ran: Record<string, number> = {};
    for (const job of app.sufra.recurring) {
      // a process starting to run jobs runs the catch-up first, then the job on its interval
      const statements = [
        ...(job.atStart ? await captureStatements(job.atStart) : []),
        ...(await captureStatements(job.run)),
      ].filter(explainable);
      ran[job.name] = statements.length;
      for (const s of statements) {
        const tables = await seqScans(s);
        if (tables.length) found.push({ job: job.name, tables, sql: s.text.replace(/\s+/g, " ").slice(0, 300) });
      }
    }
    expect(found).toEqual([]);
    // the jobs that read history did run their statements
    for (const name of ["publish.recover", "metrics.collect", "inbox.sync", "mail.retry"])
      expect(ran[name]).toBeGreaterThan(0);
  }, 120_000);
});
