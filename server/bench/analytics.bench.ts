// npm run bench:analytics: how fast each analytics path answers for one real business while the
// database holds 200 businesses × 2 years of published posts (two networks each, so about 440,000
// targets and 290,000 daily rows). Prints p50/p95 of every REST path and of the GraphQL overview,
// as ratios to GET /api/health measured in the same run, and what the pre-aggregated daily rows buy:
// the same year's totals read from metric_daily against a scan over the business's raw targets.
import os from "node:os";
import { kuwaitDate, addDays } from "@sufra/schema";
import { json, startBenchSufra } from "./support.ts";
import { backfillDailyMetrics } from "../src/modules/analytics/daily-metrics.ts";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const BUSINESSES = Number(process.env.BENCH_BUSINESSES ?? 200);
const DAYS = 730;

const bench = await startBenchSufra();
const { sufra, base } = bench;
const db = sufra.deps.db;

// the business measured: signed up and approved through the API like any café
const { businessId: clientId, token } = await bench.approvedCafe();
const auth = { authorization: `Bearer ${token}` };

// ---------------------------------------------------------------- seeding, in SQL (seconds, not minutes)
const t0 = performance.now();
await db.$executeRawUnsafe(`
  insert into businesses (id, company_name, contact_name, phone, requested_plan, status, approved_at, created_at, updated_at)
  select gen_random_uuid(), 'Bench business ' || g, 'Bench', '+9655' || lpad(g::text, 7, '0'), 'premium', 'active', now(), now(), now()
    from generate_series(1, ${BUSINESSES - 1}) g`);
// the café measured stands for one with its networks really connected: approval gave it practice accounts
await db.$executeRawUnsafe(`delete from platform_accounts where demo`);
await db.$executeRawUnsafe(`
  insert into platform_accounts (id, business_id, platform, status, external_id, handle, access_token, connected_at, created_at, updated_at)
  select gen_random_uuid(), b.id, p.platform::"Platform", 'connected', md5(b.id::text || p.platform), 'bench_' || left(md5(b.id::text), 8), 'bench-token', now(), now(), now()
    from businesses b cross join (values ('instagram'), ('twitter')) p(platform)`);
// one or two posts a Kuwait day for two years, at an evening hour, a third of them in Arabic
const today = kuwaitDate();
await db.$executeRawUnsafe(`
  insert into posts (id, business_id, status, content, hashtags, published_at, created_at, updated_at)
  select gen_random_uuid(), b.id, 'published',
         case when (d + k) % 3 = 0 then 'قهوة مختصة وحلويات طازجة في السالمية ' || d else 'Fresh pastries and specialty coffee, day ' || d end,
         array['kuwait', case when d % 2 = 0 then 'coffee' else 'q8food' end],
         (('${today}'::date - d) + make_interval(hours => 16 + (abs(hashtext(b.id::text || d || k)) % 8)))::timestamp at time zone 'Asia/Kuwait',
         now(), now()
    from businesses b cross join generate_series(0, ${DAYS - 1}) d cross join generate_series(1, 2) k
   where k <= 1 + abs(hashtext(b.id::text || d)) % 2`);
await db.$executeRawUnsafe(`
  insert into post_targets (id, post_id, account_id, platform, status, published_at, external_id, views, likes, comments, shares, reach, metrics_at, created_at, updated_at)
  select gen_random_uuid(), p.id, a.id, a.platform, 'published', p.published_at, md5(p.id::text || a.platform),
         v, v / 25, v / 200, v / 300, case when a.platform = 'instagram' then v * 3 / 4 else 0 end, now(), now(), now()
    from posts p join platform_accounts a on a.business_id = p.business_id
   cross join lateral (select 500 + abs(hashtext(p.id::text || a.platform)) % 4500 as v) f`);
await db.$executeRawUnsafe(`
  insert into audience_snapshots (id, business_id, account_id, platform, day, followers, cities, ages, genders, active_hours, created_at, updated_at)
  select gen_random_uuid(), a.business_id, a.id, a.platform, '${today}'::date - d, 3000 + (${DAYS} - d) * 4,
         '[{"key":"Kuwait City","count":900},{"key":"Salmiya","count":700},{"key":"Hawalli","count":400}]',
         '[{"key":"18-24","count":800},{"key":"25-34","count":1200},{"key":"35-44","count":500}]',
         '[{"key":"female","count":1300},{"key":"male","count":1200}]',
         to_jsonb(array[1,1,0,0,0,0,1,2,3,3,4,4,5,5,4,4,5,6,8,9,10,9,6,3]), now(), now()
    from platform_accounts a cross join generate_series(0, ${DAYS - 1}) d
   where a.business_id = '${clientId}'::uuid`);
await backfillDailyMetrics(db);
await db.$executeRawUnsafe("analyze");
const counts = (
  await db.$queryRawUnsafe<{ posts: number; targets: number; rows: number }[]>(
    "select (select count(*) from posts)::int as posts, (select count(*) from post_targets)::int as targets, (select count(*) from metric_daily)::int as rows",
  )
)[0]!;
const seedSeconds = (performance.now() - t0) / 1000;

// ---------------------------------------------------------------- timing
const quantile = (xs: number[], q: number) => xs[Math.min(xs.length - 1, Math.floor(xs.length * q))]!;

async function time(title: string, run: () => Promise<Response>, n = REQUESTS) {
  const check = async () => {
    const res = await run();
    if (!res.ok) throw new Error(`${title}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  for (let i = 0; i < 3; i++) await check(); // warm the caches and the query plans
  const ms: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await check();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return { title, p50: quantile(ms, 0.5), p95: quantile(ms, 0.95) };
}

const get = (p: string) => () => fetch(base + p, { headers: auth });
const q = `client_id=${clientId}`;
const twoYears = `from=${addDays(today, -(DAYS - 1))}&to=${today}`;
const gql = (query: string, variables: Record<string, unknown>) => () =>
  fetch(base + "/graphql", {
    method: "POST",
    headers: { ...json, ...auth },
    body: JSON.stringify({ query, variables }),
  });

const rows = [
  await time("GET /api/health (baseline)", () => fetch(base + "/api/health")),
  await time("overview (last 30 days)", get(`/api/analytics/overview?${q}`)),
  await time("overview (2 years)", get(`/api/analytics/overview?${q}&${twoYears}`)),
  await time("engagement by day (30 days)", get(`/api/analytics/engagement?${q}`)),
  await time("engagement by week (2 years)", get(`/api/analytics/engagement?${q}&${twoYears}&interval=week`)),
  await time("platforms/instagram (30 days)", get(`/api/analytics/platforms/instagram?${q}`)),
  await time("top-posts (30 days, 10)", get(`/api/analytics/top-posts?${q}`)),
  await time("top-posts (2 years, 100)", get(`/api/analytics/top-posts?${q}&${twoYears}&limit=100`)),
  await time("audience (30 days)", get(`/api/analytics/audience?${q}`)),
  await time("content (30 days)", get(`/api/analytics/content?${q}`)),
  await time("content (2 years)", get(`/api/analytics/content?${q}&${twoYears}`)),
  await time("realtime (last 24 hours)", get(`/api/analytics/realtime?${q}`)),
  await time("export csv (30 days)", get(`/api/analytics/export?${q}&format=csv`)),
  await time("export xlsx (30 days)", get(`/api/analytics/export?${q}&format=xlsx`)),
  await time("export pdf (30 days)", get(`/api/analytics/export?${q}&format=pdf`), Math.ceil(REQUESTS / 3)),
  await time(
    "GraphQL analyticsOverview (last 30 days)",
    gql(
      "query($c: ID!) { analyticsOverview(clientId: $c) { totals { posts reach likes engagementRate followers } change { reach } byPlatform { platform posts } } }",
      { c: clientId },
    ),
  ),
];

// what the daily rows buy: one year's totals for the business, in-process, both ways
async function sqlTime(run: () => Promise<unknown>) {
  for (let i = 0; i < 3; i++) await run();
  const ms: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  ms.sort((a, b) => a - b);
  return quantile(ms, 0.5);
}
const yearFrom = addDays(today, -364);
const daily = await sqlTime(
  () => db.$queryRaw`
  select platform, sum(posts) as posts, sum(reach) as reach, sum(likes) as likes from metric_daily
   where business_id = ${clientId}::uuid and day between ${yearFrom}::date and ${today}::date and not simulated group by 1`,
);
const raw = await sqlTime(
  () => db.$queryRaw`
  select pt.platform, count(*) as posts, sum(pt.reach) as reach, sum(pt.likes) as likes
    from post_targets pt join posts p on p.id = pt.post_id
   where p.business_id = ${clientId}::uuid and pt.status = 'published'
     and (pt.published_at at time zone 'Asia/Kuwait')::date between ${yearFrom}::date and ${today}::date group by 1`,
);

const baseline = rows[0]!.p50;
console.log(
  `\nSufra analytics benchmark: ${BUSINESSES} businesses × ${DAYS} days: ${counts.posts.toLocaleString("en")} posts, ${counts.targets.toLocaleString("en")} targets, ` +
    `${counts.rows.toLocaleString("en")} daily rows (seeded in ${seedSeconds.toFixed(1)} s); ${REQUESTS} sequential requests a row on loopback, embedded PostgreSQL, ${os.cpus().length} cores`,
);
console.log(
  "path (one real business)".padEnd(44) + "p50 ms".padStart(9) + "p95 ms".padStart(9) + "  p50 / baseline p50",
);
for (const r of rows)
  console.log(
    r.title.padEnd(44) +
      r.p50.toFixed(1).padStart(9) +
      r.p95.toFixed(1).padStart(9) +
      `  ${(r.p50 / baseline).toFixed(1)}`,
  );
console.log(
  `\none year's totals in-process, p50: from metric_daily ${daily.toFixed(2)} ms, scanning raw targets ${raw.toFixed(2)} ms (${(raw / daily).toFixed(1)}× slower)`,
);

await bench.stop();
process.exit(0);
