// npm run bench:link-page: the demo café's public link page /l/<slug> (docs/architecture.md#link-page), as a visitor's
// phone gets it. Prints (1) the bytes on the wire, brotli and gzip, of the demo café's page (its seeded menu, photos and
// posts) and of a big café's (200 menu items each with a photo, 6 posts), against the 50 KB budget; (2) the page's
// server time beside a bare static answer of the same bytes (node:http, measured in the same run, same connections),
// as a ratio; (3) Lighthouse mobile (performance, accessibility) on the demo page, Chromium at CHROME_PATH (else
// /usr/bin/chromium). Traffic stays on loopback; every loop is bounded. --no-lighthouse skips (3).
import { writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { startBenchSufra } from "./support.ts";

const BUDGET = 50 * 1024;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const args = new Set(process.argv.slice(2));

function wire(url: string, encoding: string): Promise<{ status: number; bytes: number; headerBytes: number }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { "accept-encoding": encoding, "user-agent": "bench" } }, (res) => {
      let bytes = 0;
      res.on("data", (c: Buffer) => (bytes += c.length));
      res.on("end", () => {
        const headerBytes = res.rawHeaders.reduce((n, h, i) => n + h.length + (i % 2 ? 2 : 2), 0);
        resolve({ status: res.statusCode!, bytes, headerBytes });
      });
    });
    req.on("error", reject);
    req.end();
  });
}
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

async function sizes(title: string, url: string) {
  const br = await wire(url, "gzip, deflate, br");
  const gz = await wire(url, "gzip");
  const plain = await wire(url, "identity");
  if (br.status !== 200) throw new Error(`${url} answered ${br.status}`);
  console.log(
    `  ${title.padEnd(44)} brotli ${kb(br.bytes).padStart(8)}  gzip ${kb(gz.bytes).padStart(8)}  html ${kb(plain.bytes).padStart(8)}  headers ${br.headerBytes} B  ${br.bytes <= BUDGET ? "within" : "OVER"} the 50 KB budget`,
  );
  return br.bytes;
}

async function load(url: string, headers: Record<string, string>) {
  const r = await autocannon({ url, connections: 4, duration: SECONDS, headers });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average };
}

const bench = await startBenchSufra({ DEMO_DATA: "true", DEMO_PASSWORD: "Bench#Demo2026" });
const { sufra, base } = bench;
const db = sufra.deps.db;
let staticServer: ReturnType<typeof createServer> | null = null;
try {
  const demoId = sufra.demo?.businessId;
  if (!demoId) throw new Error("no demo café was seeded");
  const page = await db.linkPage.findUniqueOrThrow({ where: { businessId: demoId } });
  const [items, photos, posts] = await Promise.all([
    db.menuItem.count({ where: { businessId: demoId } }),
    db.media.count({ where: { businessId: demoId, menuItemId: { not: null } } }),
    db.post.count({ where: { businessId: demoId, status: { in: ["published", "partially_published"] } } }),
  ]);
  const demoUrl = `${base}/l/${page.slug}`;
  console.log(
    `\nLink page /l/${page.slug}: the demo café (${items} menu items, ${photos} menu photos, ${posts} published posts)`,
  );

  // a big café beside it: 200 items in 10 sections, each with a photo (rows as the media module writes them)
  const cafe = await bench.approvedCafe();
  const big = await db.menuItem.createManyAndReturn({
    data: Array.from({ length: 200 }, (_, i) => ({
      businessId: cafe.businessId,
      name: `Specialty drink number ${i + 1} with cardamom`,
      nameAr: `مشروب مميز رقم ${i + 1} بالهيل`,
      priceKwd: (0.5 + i * 0.125).toFixed(3),
      position: i,
      section: `Section ${Math.floor(i / 20) + 1}`,
      sectionAr: `القسم ${Math.floor(i / 20) + 1}`,
    })),
  });
  await db.media.createMany({
    data: big.map((it, i) => ({
      businessId: cafe.businessId,
      kind: "image" as const,
      mime: "image/jpeg",
      bytes: 100_000,
      width: 1600,
      height: 1200,
      storageKey: `${cafe.businessId}/b${i}/original.jpg`,
      menuItemId: it.id,
      variants: {
        thumb: {
          key: `${cafe.businessId}/b${i}/thumb.webp`,
          mime: "image/webp",
          width: 320,
          height: 240,
          bytes: 12_000,
        },
      },
    })),
  });
  await db.business.update({
    where: { id: cafe.businessId },
    data: {
      publicPhone: "+96555551234",
      deliveryApps: [
        { app: "talabat", url: "https://www.talabat.com/kuwait" },
        { app: "deliveroo", url: "https://deliveroo.com.kw" },
        { app: "careem", url: "https://www.careem.com" },
      ],
      weeklyHours: ["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY"].map((day) => ({
        day,
        open: "07:00",
        close: "01:00",
      })),
    },
  });
  for (let i = 0; i < 6; i++)
    await db.post.create({
      data: {
        businessId: cafe.businessId,
        status: "published",
        publishedAt: new Date(Date.now() - i * 86_400_000),
        content: `Post ${i + 1}: our saffron latte is back, made with Iranian saffron and fresh milk, every evening this week.`,
      },
    });
  await db.linkPage.create({ data: { businessId: cafe.businessId, slug: "bench-big-cafe", published: true } });
  const bigUrl = `${base}/l/bench-big-cafe`;

  console.log("\nBytes on the wire (the page's HTML with its inline CSS; photos load lazily on their own):");
  const demoBytes = await sizes("demo café, English", `${demoUrl}?lang=en`);
  await sizes("demo café, Arabic", `${demoUrl}?lang=ar`);
  const bigBytes = await sizes("200 items with photos, 6 posts, Arabic", `${bigUrl}?lang=ar`);

  // the floor: the same bytes from a bare node:http server, no framework, no database
  const sample = await (await fetch(`${demoUrl}?lang=en`, { headers: { "accept-encoding": "identity" } })).text();
  const { brotliCompressSync } = await import("node:zlib");
  const packed = brotliCompressSync(sample);
  staticServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "br" });
    res.end(packed);
  });
  await new Promise<void>((r) => staticServer!.listen(0, "127.0.0.1", r));
  const staticUrl = `http://127.0.0.1:${(staticServer.address() as AddressInfo).port}/`;
  const headers = { "accept-encoding": "br", "user-agent": "bench" };
  // warm both (the page's short links are made on its first render)
  for (let i = 0; i < 20; i++) await Promise.all([fetch(`${demoUrl}?lang=en`), fetch(staticUrl)]);
  const stat = await load(staticUrl, headers);
  const lp = await load(`${demoUrl}?lang=en`, headers);
  const lpBig = await load(`${bigUrl}?lang=ar`, headers);
  console.log(`\nServer time, ${SECONDS} s each at 4 connections (loopback):`);
  const row = (t: string, r: { p50: number; p99: number; rps: number }) =>
    console.log(
      `  ${t.padEnd(44)} p50 ${String(r.p50).padStart(4)} ms  p99 ${String(r.p99).padStart(4)} ms  ${Math.round(r.rps).toString().padStart(6)} req/s  ${(stat.rps / r.rps).toFixed(1)}x the static answer's time per request`,
    );
  row("bare static answer, same bytes (node:http)", stat);
  row("/l/<slug>, demo café", lp);
  row("/l/<slug>, 200 items with photos", lpBig);

  if (!args.has("--no-lighthouse")) {
    const helper = pathToFileURL(
      path.join(path.dirname(fileURLToPath(import.meta.url)), "../../client/scripts/lighthouse-page.mjs"),
    ).href;
    type Lhr = {
      lighthouseVersion: string;
      environment: { benchmarkIndex: number };
      configSettings: { formFactor: string; throttlingMethod: string; throttling: Record<string, number> };
      categories: Record<string, { score: number | null; auditRefs: { id: string }[] }>;
      audits: Record<string, { score: number | null; numericValue?: number; scoreDisplayMode: string }>;
    };
    const { lighthousePage } = (await import(helper)) as {
      lighthousePage: (url: string) => Promise<Lhr>;
    };
    const print = (title: string, lhr: Lhr) => {
      const score = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? NaN)} ms`;
      const th = lhr.configSettings.throttling;
      console.log(
        `\nLighthouse ${lhr.lighthouseVersion}, ${title} (${lhr.configSettings.formFactor}, ${lhr.configSettings.throttlingMethod} throttling: ${th.rttMs} ms RTT, ${th.throughputKbps} kbps, CPU ${th.cpuSlowdownMultiplier}x on a host of benchmarkIndex ${Math.round(lhr.environment.benchmarkIndex)}: Lighthouse's 4x is meant for a host of 1500-2000, its throttling guide says):` +
          `\n  performance ${score("performance")} (goal 95), accessibility ${score("accessibility")} (goal 100)` +
          `\n  FCP ${ms("first-contentful-paint")}, LCP ${ms("largest-contentful-paint")}, TBT ${ms("total-blocking-time")}, CLS ${(lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3)}, total bytes ${kb(lhr.audits["total-byte-weight"]?.numericValue ?? NaN)}`,
      );
      const failing = (lhr.categories.accessibility?.auditRefs ?? [])
        .map((r) => [r.id, lhr.audits[r.id]] as const)
        .filter(
          ([, a]) =>
            a &&
            a.score !== null &&
            a.score < 1 &&
            !["notApplicable", "informative", "manual"].includes(a.scoreDisplayMode),
        );
      if (failing.length) console.log(`  accessibility audits not passed: ${failing.map(([id]) => id).join(", ")}`);
    };
    for (const [title, url] of [
      ["demo café, Arabic", `${demoUrl}?lang=ar`],
      ["200 items with photos, English", `${bigUrl}?lang=en`],
    ] as const) {
      const lhr = await lighthousePage(url);
      if (process.env.LHR_OUT)
        writeFileSync(`${process.env.LHR_OUT}-${title.replace(/\W+/g, "-")}.json`, JSON.stringify(lhr));
      print(title, lhr);
    }
  }
  console.log(
    `\nBudget: demo page ${kb(demoBytes)}, big café ${kb(bigBytes)} of ${kb(BUDGET)} on the wire: ${Math.max(demoBytes, bigBytes) <= BUDGET ? "met" : "NOT met"}`,
  );
} finally {
  staticServer?.close();
  await bench.stop();
}
process.exit(0);
