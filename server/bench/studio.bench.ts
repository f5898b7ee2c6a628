// npm run bench:studio: how fast the AI studio answers on the embedded database with the built-in
// writer, as ratios to a baseline measured in the same run (GET /api/health, one database round
// trip), plus the writer alone in-process. Generation is bounded by the Premium plan's 500 AI posts a
// month, so its row sends a fixed number of requests rather than running for a time.
import os from "node:os";
import autocannon from "autocannon";
import { CONTENT_OCCASION_KEYS, CONTENT_TONE_KEYS, PLATFORMS } from "@sufra/schema";
import { json, startBenchSufra } from "./support.ts";
import { generateLocal } from "../src/ai/local/writer.ts";
import type { BusinessProfile } from "../src/ai/types.ts";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const bench = await startBenchSufra();
const { sufra, base } = bench;

// a Premium café in Salmiya with a menu
const cafe = await bench.approvedCafe();
await sufra.deps.db.business.update({
  where: { id: cafe.businessId },
  data: {
    cuisine: "cafe",
    area: "salmiya",
    hours: "Daily 7 AM - 1 AM",
    menuItems: {
      create: [
        { name: "Spanish latte", priceKwd: 1.75 },
        { name: "Pistachio kunafa", priceKwd: 2.5 },
      ],
    },
  },
});
const auth = { ...json, authorization: `Bearer ${cafe.token}` };

async function rate(title: string, opts: Partial<autocannon.Options> & { path: string }) {
  const { path: p, ...rest } = opts;
  const r = await autocannon({
    url: base + p,
    connections: 10,
    ...(rest.amount ? {} : { duration: SECONDS }),
    ...rest,
  });
  if (r.non2xx || r.errors) throw new Error(`${title}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return { title, rps: r.requests.average, p99: r.latency.p99 };
}

const rows = [
  await rate("GET /api/health (baseline)", { path: "/api/health" }),
  await rate("POST /api/posts/hashtags/suggest (Instagram)", {
    path: "/api/posts/hashtags/suggest",
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      content: "Our pistachio kunafa is back for Ramadan Iftar in Salmiya",
      platform: "instagram",
    }),
  }),
  await rate("POST /api/posts/generate (3 variants, both languages)", {
    path: "/api/posts/generate",
    method: "POST",
    headers: auth,
    body: JSON.stringify({
      prompt: "New pistachio kunafa, 2.500 KWD",
      platform: "instagram",
      language: "both",
      variants: 3,
    }),
    amount: 450,
    connections: 4,
  }),
];

// the writer alone: a mix of platforms, languages, tones and occasions, 3 variants each
const profile: BusinessProfile = {
  name: "Bench Café",
  cuisine: "cafe",
  area: "salmiya",
  hours: "Daily 7 AM - 1 AM",
  menu: [{ name: "Spanish latte", priceKwd: 1.75 }],
};
const times: number[] = [];
const until = performance.now() + SECONDS * 1000;
for (let i = 0; performance.now() < until; i++) {
  const t = performance.now();
  generateLocal({
    prompt: i % 2 ? "Spanish latte 20% off this weekend" : "new saffron cake",
    platform: PLATFORMS[i % 3]!,
    language: (["en", "ar", "both"] as const)[i % 3]!,
    tone: CONTENT_TONE_KEYS[i % CONTENT_TONE_KEYS.length]!,
    occasion: CONTENT_OCCASION_KEYS[i % CONTENT_OCCASION_KEYS.length],
    variants: 3,
    seed: i,
    business: profile,
  });
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

const baseline = rows[0]!.rps;
console.log(
  `\nSufra AI studio benchmark: ${SECONDS} s per timed row on loopback, embedded PostgreSQL, ${os.cpus().length} cores`,
);
console.log("path".padEnd(56) + "req/s".padStart(10) + "p99 ms".padStart(10) + "  ratio to baseline");
for (const r of rows)
  console.log(
    r.title.padEnd(56) +
      r.rps.toFixed(0).padStart(10) +
      String(r.p99).padStart(10) +
      `  ${(r.rps / baseline).toFixed(2)}`,
  );
const perSecond = times.length / SECONDS;
console.log(
  "built-in writer in-process (3 variants a request)".padEnd(56) +
    perSecond.toFixed(0).padStart(10) +
    times[Math.floor(times.length * 0.99)]!.toFixed(2).padStart(10) +
    `  ${(perSecond / baseline).toFixed(2)}`,
);

await bench.stop();
process.exit(0);
