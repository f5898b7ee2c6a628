// Analytics export over real HTTP and Postgres: each format downloaded as a file with its
// headers and name, then opened and read back the way a person's tools would: the CSV with a strict
// RFC 4180 reader (totals equal to the overview's), the workbook with read-excel-file (sheets,
// headers, typed values, right-to-left Arabic sheets), the PDF's text with pdf.js (business, range
// and totals, in English and in Arabic, the Arabic in reading order). Tenancy, a bad format, and
// the GraphQL door (the same CSV, in base64).
import { beforeAll, describe, expect, test } from "@jest/globals";
import { inflateRawSync } from "node:zlib";
import { refreshDailyMetrics } from "../src/modules/analytics/daily-metrics.ts";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { connectedAccount, type Figures, type Platform } from "./support/analytics.ts";
import { appForFile } from "./support/per-file.ts";
import { readPdf } from "./support/pdf.ts";

const app = appForFile();
let admin: string;
beforeAll(async () => {
  admin = await adminToken(app.base);
});

const db = () => app.sufra.deps.db;

async function business(companyName: string, nameAr: string | null) {
  const c = await signedInBusiness(app.base, { over: { company_name: companyName } });
  if (nameAr) await db().business.update({ where: { id: c.businessId }, data: { nameAr } });
  return c;
}

const account = (businessId: string, platform: Platform) =>
  connectedAccount(app, businessId, platform, false, `layali_${platform}`);

/** A post published at `at` on one network with the figures the metrics job collected. */
function published(
  businessId: string,
  acc: { id: string; platform: Platform },
  at: string,
  content: string,
  f: Figures,
  extra: { occasion?: string; permalink?: string } = {},
) {
  const publishedAt = new Date(at);
  return db().post.create({
    data: {
      businessId,
      status: "published",
      content,
      occasion: extra.occasion ?? null,
      publishedAt,
      targets: {
        create: [
          {
            accountId: acc.id,
            platform: acc.platform,
            status: "published",
            publishedAt,
            externalId: `ext-${Math.random().toString(36).slice(2)}`,
            permalink: extra.permalink ?? null,
            ...f,
            metricsAt: new Date(),
          },
        ],
      },
    },
  });
}

/**
 * Café Layali (مقهى ليالي in Arabic), 1–10 March 2026 against 19–28 February: an Arabic Instagram
 * post (a new dish, two hashtags) at 23:30 Kuwait on 4 March, an English X post at 00:30 on 5 March
 * whose caption starts like a formula, and one of each in the previous period. Another business has
 * figures on the same days, which never show in Café Layali's files.
 */
const FROM = "2026-03-01";
const TO = "2026-03-10";
let a: Awaited<ReturnType<typeof business>>;
let b: Awaited<ReturnType<typeof business>>;
let xPostId: string;
let igPostId: string;
const IG_CAPTION = "كرك الزعفران الليلة #كرك #karak";
const X_CAPTION = "=1+1 is how many cups of karak we recommend";
beforeAll(async () => {
  a = await business("Café Layali", "مقهى ليالي");
  b = await business("Dar Al Qahwa", null);
  const ig = await account(a.businessId, "instagram");
  const x = await account(a.businessId, "twitter");
  igPostId = (
    await published(
      a.businessId,
      ig,
      "2026-03-04T20:30:00Z",
      IG_CAPTION,
      { reach: 1000, views: 1500, likes: 80, comments: 10, shares: 10 },
      { occasion: "new_dish", permalink: "https://www.instagram.com/p/layali1/" },
    )
  ).id;
  xPostId = (
    await published(a.businessId, x, "2026-03-04T21:30:00Z", X_CAPTION, {
      reach: 0,
      views: 2000,
      likes: 30,
      comments: 6,
      shares: 4,
    })
  ).id;
  await published(a.businessId, ig, "2026-02-25T09:00:00Z", "كرك الزعفران", {
    reach: 500,
    views: 800,
    likes: 20,
    comments: 3,
    shares: 2,
  });
  await published(a.businessId, x, "2026-02-28T20:59:00Z", "Weekend hours", {
    reach: 0,
    views: 1000,
    likes: 10,
    comments: 0,
    shares: 0,
  });
  await refreshDailyMetrics(db(), a.businessId, ["2026-02-25", "2026-02-28", "2026-03-04", "2026-03-05"]);
  await published(b.businessId, await account(b.businessId, "instagram"), "2026-03-04T10:00:00Z", "Dates and coffee", {
    reach: 4000,
    views: 5000,
    likes: 400,
    comments: 40,
    shares: 40,
  });
  await refreshDailyMetrics(db(), b.businessId, ["2026-03-04"]);
  // clicks on short links (docs/architecture.md#short-links): the Instagram post's caption link 5 + 2 in the range,
  // the link page's menu button 3 in the range and 4 in the previous period; the other business's never show
  await clicks(
    a.businessId,
    { kind: "caption", postId: igPostId, platform: "instagram" },
    { "2026-03-05": 5, "2026-03-09": 2 },
  );
  await clicks(a.businessId, { kind: "link_page", button: "menu" }, { "2026-03-02": 3, "2026-02-20": 4 });
  await clicks(b.businessId, { kind: "link_page", button: "menu" }, { "2026-03-03": 50 });
});

let codes = 0;
async function clicks(
  businessId: string,
  link: { kind: string; postId?: string; platform?: Platform; button?: string },
  byDay: Record<string, number>,
) {
  const n = ++codes;
  await db().shortLink.create({
    data: {
      businessId,
      ...link,
      code: `export${n}`,
      key: `export-test-${n}`,
      target: "https://layali.example/menu",
      days: { create: Object.entries(byDay).map(([day, c]) => ({ day: new Date(`${day}T00:00:00Z`), clicks: c })) },
    },
  });
}

interface Download {
  status: number;
  headers: Headers;
  bytes: Buffer;
}

async function download(token: string | undefined, query: string, lang?: string): Promise<Download> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (lang) headers["accept-language"] = lang;
  const r = await fetch(`${app.base}/api/analytics/export?${query}`, { headers });
  return { status: r.status, headers: r.headers, bytes: Buffer.from(await r.arrayBuffer()) };
}
const json = (d: Download) => JSON.parse(d.bytes.toString("utf8"));
const range = (businessId: string) => `client_id=${businessId}&from=${FROM}&to=${TO}`;

/** The name a browser saves the file under: RFC 5987's filename* when given, else filename. */
function savedName(disposition: string): { ascii: string; unicode: string | null } {
  const ascii = /filename="([^"]*)"/.exec(disposition)?.[1] ?? "";
  const star = /filename\*=UTF-8''([^;\s]+)/.exec(disposition)?.[1];
  return { ascii, unicode: star ? decodeURIComponent(star) : null };
}

// ------------------------------------------------------------------ a strict RFC 4180 reader
/**
 * Records of a CSV as RFC 4180 writes them, and nothing looser: every record ends with CRLF, a quote
 * may only open a field and must close it, "" inside quotes is a quote. Anything else throws.
 */
function readCsvStrict(text: string): string[][] {
  const records: string[][] = [];
  let i = 0;
  while (i < text.length) {
    const record: string[] = [];
    for (;;) {
      let field = "";
      if (text[i] === '"') {
        i++;
        for (;;) {
          if (i >= text.length) throw new Error("a quoted field never closes");
          if (text[i] === '"') {
            if (text[i + 1] === '"') {
              field += '"';
              i += 2;
              continue;
            }
            i++;
            break;
          }
          field += text[i++];
        }
      } else {
        while (i < text.length && !/[,\r\n]/.test(text[i]!)) {
          if (text[i] === '"') throw new Error(`a quote inside an unquoted field at ${i}`);
          field += text[i++];
        }
      }
      record.push(field);
      if (text[i] === ",") {
        i++;
        continue;
      }
      if (text.startsWith("\r\n", i)) {
        i += 2;
        break;
      }
      throw new Error(`a record must end with CRLF (at ${i})`);
    }
    records.push(record);
  }
  return records;
}

/** The file's sections: each starts with its title row and its header row; an empty record ends it. */
function csvSections(text: string) {
  const sections = new Map<string, { header: string[]; rows: string[][] }>();
  let current: string[][] = [];
  const flush = () => {
    if (current.length) sections.set(current[0]![0]!, { header: current[1]!, rows: current.slice(2) });
    current = [];
  };
  for (const r of readCsvStrict(text)) {
    if (r.length === 1 && r[0] === "") flush();
    else current.push(r);
  }
  flush();
  return sections;
}

const csvNumber = (s: string | undefined) => (s === "" || s === undefined ? null : Number(s));

// ------------------------------------------------------------------ the workbook's own XML
/** One file of a zip (an .xlsx is one), found through the central directory, inflated. */
function zipEntry(zip: Buffer, name: string): string {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let p = zip.readUInt32LE(end + 16);
  for (let n = 0; n < count; n++) {
    const method = zip.readUInt16LE(p + 10);
    const size = zip.readUInt32LE(p + 20);
    const nameLength = zip.readUInt16LE(p + 28);
    const extra = zip.readUInt16LE(p + 30);
    const comment = zip.readUInt16LE(p + 32);
    const local = zip.readUInt32LE(p + 42);
    if (zip.toString("utf8", p + 46, p + 46 + nameLength) === name) {
      const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
      const data = zip.subarray(start, start + size);
      return (method === 8 ? inflateRawSync(data) : data).toString("utf8");
    }
    p += 46 + nameLength + extra + comment;
  }
  throw new Error(`${name} is not in the file`);
}

// ------------------------------------------------------------------ the PDF's text, as read
/** The PDF's lines in reading order: left to right in an English report, right to left in an Arabic one. */
async function pdfLines(bytes: Buffer, dir: "ltr" | "rtl"): Promise<{ lines: string[]; pages: number }> {
  const { pages } = await readPdf(bytes);
  return { lines: pages.flatMap((p) => p[dir]), pages: pages.length };
}

// ------------------------------------------------------------------ the overview the files must agree with
async function overview(token: string, businessId: string) {
  const r = await call(app.base, "GET", `/api/analytics/overview?${range(businessId)}`, { token });
  expect(r.status).toBe(200);
  return r.body as {
    totals: Record<string, number | null>;
    change: Record<string, number | null>;
    by_platform: ({ platform: string } & Record<string, number | null>)[];
    clicks: number;
    clicks_change: number | null;
  };
}
const METRICS = ["posts", "reach", "views", "likes", "comments", "shares", "engagement_rate", "followers"] as const;

describe("CSV", () => {
  test("English: UTF-8 with BOM, RFC 4180, headers and name; the totals and networks equal the overview's", async () => {
    const d = await download(a.token, `format=csv&${range(a.businessId)}&lang=en`);
    expect(d.status).toBe(200);
    expect(d.headers.get("content-type")).toBe("text/csv; charset=utf-8; header=present");
    expect(d.headers.get("cache-control")).toBe("no-store");
    expect(Number(d.headers.get("content-length"))).toBe(d.bytes.length);
    expect(savedName(d.headers.get("content-disposition")!)).toEqual({
      ascii: "sufra-analytics-cafe-layali-2026-03-01_2026-03-10.csv",
      unicode: "sufra-analytics-café-layali-2026-03-01_2026-03-10.csv",
    });
    expect(d.headers.get("content-disposition")).toMatch(/^attachment; /);
    expect([...d.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const sections = csvSections(d.bytes.toString("utf8").slice(1));
    expect([...sections.keys()]).toEqual(["Summary", "Totals", "By network", "By day", "Top posts", "Content"]);
    const summary = Object.fromEntries(sections.get("Summary")!.rows.map(([k, v]) => [k, v]));
    expect(summary).toMatchObject({
      Business: "Café Layali",
      From: FROM,
      To: TO,
      "Previous period from": "2026-02-19",
      "Previous period to": "2026-02-28",
      "Simulated figures of demo accounts included": "No",
    });
    expect(summary["Generated, Kuwait time"]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);

    const o = await overview(a.token, a.businessId);
    const totals = sections.get("Totals")!;
    expect(totals.header).toEqual(["Metric", "Value", "Change vs previous period %"]);
    // the totals count network copies (a post on Instagram and X is two), and say so; content groups count posts
    expect(totals.rows.map((r) => r[0])).toEqual([
      "Network copies",
      "Reach",
      "Views",
      "Likes",
      "Comments",
      "Shares",
      "Engagement rate %",
      "Followers",
      "Clicks on Sufra's links",
    ]);
    expect(totals.rows.slice(0, 8).map((r) => csvNumber(r[1]))).toEqual(METRICS.map((m) => o.totals[m]));
    expect(totals.rows.slice(0, 8).map((r) => csvNumber(r[2]))).toEqual(METRICS.map((m) => o.change[m]));
    // the figures themselves, so a wrong overview cannot agree with a wrong file
    expect(totals.rows.map((r) => r[1])).toEqual(["2", "1000", "3500", "110", "16", "14", "4.67", "", "10"]);
    // clicks: 7 on the post's caption link and 3 on the menu button in the range, 4 before: +150%
    expect(totals.rows[8]).toEqual(["Clicks on Sufra's links", "10", "150"]);
    expect([o.clicks, o.clicks_change]).toEqual([10, 150]);

    const nets = sections.get("By network")!;
    expect(nets.header).toEqual([
      "Network",
      "Network copies",
      "Reach",
      "Views",
      "Likes",
      "Comments",
      "Shares",
      "Engagement rate %",
    ]);
    expect(nets.rows).toEqual([
      ["Instagram", "1", "1000", "1500", "80", "10", "10", "10"],
      ["X", "1", "0", "2000", "30", "6", "4", "2"],
    ]);
    expect(nets.rows.map((r) => r.slice(1).map(csvNumber))).toEqual(
      o.by_platform.map((p) =>
        ["posts", "reach", "views", "likes", "comments", "shares", "engagement_rate"].map((k) => p[k]),
      ),
    );

    // every day of the range, zero-filled; the days add up to the totals
    const days = sections.get("By day")!;
    expect(days.header[0]).toBe("Date");
    expect(days.rows.map((r) => r[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => `2026-03-${String(i + 1).padStart(2, "0")}`),
    );
    expect(days.rows[3]).toEqual(["2026-03-04", "1", "1000", "1500", "80", "10", "10", "10"]);
    expect(days.rows[0]).toEqual(["2026-03-01", "0", "0", "0", "0", "0", "0", ""]);
    [1, 2, 3, 4, 5, 6].forEach((col, i) =>
      expect(days.rows.reduce((n, r) => n + Number(r[col]), 0)).toBe(o.totals[METRICS[i]!]),
    );

    // best first by engagement; a caption that starts like a formula stays text (a leading apostrophe)
    const top = sections.get("Top posts")!;
    expect(top.header).toEqual([
      "Rank",
      "Network",
      "Published, Kuwait time",
      "Post",
      "Occasion",
      "Campaign",
      "Reach",
      "Views",
      "Likes",
      "Comments",
      "Shares",
      "Engagement",
      "Engagement rate %",
      "Clicks",
      "Link",
    ]);
    expect(top.rows).toEqual([
      [
        "1",
        "Instagram",
        "2026-03-04 23:30",
        IG_CAPTION,
        "New dish",
        "",
        "1000",
        "1500",
        "80",
        "10",
        "10",
        "100",
        "10",
        "7",
        "https://www.instagram.com/p/layali1/",
      ],
      // no occasion of its own: the calendar's that day (5 March 2026 falls in Ramadan)
      [
        "2",
        "X",
        "2026-03-05 00:30",
        `'${X_CAPTION}`,
        "Ramadan Iftar",
        "",
        "0",
        "2000",
        "30",
        "6",
        "4",
        "40",
        "2",
        "0",
        "",
      ],
    ]);

    const content = sections.get("Content")!;
    expect(content.header.slice(0, 3)).toEqual(["Breakdown", "Group", "Posts"]);
    const group = (dimension: string, name: string) =>
      content.rows.find((r) => r[0] === dimension && r[1] === name)?.slice(2);
    expect(group("Content type", "Text")).toEqual(["2", "1000", "3500", "110", "16", "14", "4.67"]);
    expect(group("Content type", "Video")).toEqual(["0", "0", "0", "0", "0", "0", ""]);
    expect(group("Occasion", "New dish")?.[0]).toBe("1");
    expect(group("Caption language", "Arabic")?.slice(0, 2)).toEqual(["1", "1000"]);
    expect(group("Caption language", "English")?.slice(0, 2)).toEqual(["1", "0"]);
    expect(group("Hashtag", "#كرك")?.[0]).toBe("1");
    expect(group("Hashtag", "#karak")?.[0]).toBe("1");
    // Kuwait posting hours with posts: 23:30 on 4 March and 00:30 on 5 March
    expect(content.rows.filter((r) => r[0] === "Posting hour, Kuwait time").map((r) => r.slice(1, 3))).toEqual([
      ["00:00", "1"],
      ["23:00", "1"],
    ]);
  });

  test("Arabic from Accept-Language: Arabic titles and headers, the Arabic name in filename*, numbers unchanged", async () => {
    const d = await download(a.token, `format=csv&${range(a.businessId)}`, "ar-KW,ar;q=0.9");
    expect(d.status).toBe(200);
    expect(savedName(d.headers.get("content-disposition")!)).toEqual({
      ascii: "sufra-analytics-cafe-layali-2026-03-01_2026-03-10.csv",
      unicode: "sufra-analytics-مقهى-ليالي-2026-03-01_2026-03-10.csv",
    });
    // the header itself is ASCII (RFC 5987 percent-encoding)
    expect(d.headers.get("content-disposition")).toMatch(/^[\x20-\x7e]+$/);
    const sections = csvSections(d.bytes.toString("utf8").slice(1));
    expect([...sections.keys()]).toEqual([
      "الملخص",
      "الإجماليات",
      "حسب المنصة",
      "حسب اليوم",
      "أفضل المنشورات",
      "أداء المحتوى",
    ]);
    expect(sections.get("الملخص")!.rows[0]).toEqual(["النشاط التجاري", "مقهى ليالي"]);
    expect(sections.get("الإجماليات")!.header).toEqual(["المقياس", "القيمة", "التغير عن الفترة السابقة %"]);
    expect(sections.get("الإجماليات")!.rows.map((r) => r[1])).toEqual([
      "2",
      "1000",
      "3500",
      "110",
      "16",
      "14",
      "4.67",
      "",
      "10",
    ]);
    expect(sections.get("الإجماليات")!.rows[8]![0]).toBe("النقرات على روابط سفرة");
    expect(sections.get("أفضل المنشورات")!.header.at(-2)).toBe("النقرات");
    expect(sections.get("حسب المنصة")!.rows.map((r) => r[0])).toEqual(["إنستغرام", "إكس"]);
    expect(sections.get("أفضل المنشورات")!.rows.map((r) => r.slice(1, 5))).toEqual([
      ["إنستغرام", "2026-03-04 23:30", IG_CAPTION, "طبق جديد"],
      ["إكس", "2026-03-05 00:30", `'${X_CAPTION}`, "إفطار رمضان"],
    ]);
    expect(sections.get("أداء المحتوى")!.rows[0]).toEqual([
      "نوع المحتوى",
      "نص",
      "2",
      "1000",
      "3500",
      "110",
      "16",
      "14",
      "4.67",
    ]);
  });

  test("?lang= wins over Accept-Language", async () => {
    const d = await download(a.token, `format=csv&${range(a.businessId)}&lang=en`, "ar");
    expect([...csvSections(d.bytes.toString("utf8").slice(1)).keys()][0]).toBe("Summary");
  });
});

describe("XLSX", () => {
  test("English: one sheet per section, bold frozen headers, numbers as numbers (percent as a share), dates as dates", async () => {
    const d = await download(a.token, `format=xlsx&${range(a.businessId)}&lang=en`);
    expect(d.status).toBe(200);
    expect(d.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(savedName(d.headers.get("content-disposition")!).ascii).toBe(
      "sufra-analytics-cafe-layali-2026-03-01_2026-03-10.xlsx",
    );
    expect(d.headers.get("cache-control")).toBe("no-store");

    const { default: readExcelFile } = await import("read-excel-file/node");
    const sheets = await readExcelFile(d.bytes);
    expect(sheets.map((s) => s.sheet)).toEqual(["Summary", "Totals", "By network", "By day", "Top posts", "Content"]);
    const byName = Object.fromEntries(sheets.map((s) => [s.sheet, s.data]));

    const summary = byName.Summary!;
    expect(summary[0]).toEqual(["Item", "Value"]);
    expect(summary[1]).toEqual(["Business", "Café Layali"]);
    expect(summary[2]).toEqual(["From", new Date(`${FROM}T00:00:00Z`)]);
    expect(summary[3]).toEqual(["To", new Date(`${TO}T00:00:00Z`)]);

    const o = await overview(a.token, a.businessId);
    const totals = byName.Totals!;
    expect(totals[0]).toEqual(["Metric", "Value", "Change vs previous period %"]);
    const values = totals.slice(1).map((r) => r[1] ?? null);
    expect(values.slice(0, 6)).toEqual([2, 1000, 3500, 110, 16, 14]);
    // a percent cell holds the share: 4.67% is 0.0467, shown with the format 0.00%
    expect(values[6]).toBeCloseTo(o.totals.engagement_rate! / 100, 10);
    expect(values[7]).toBeNull();
    expect(totals[9]).toEqual(["Clicks on Sufra's links", 10, 1.5]);
    totals.slice(1, 9).forEach((r, i) => {
      const change = o.change[METRICS[i]!];
      if (change === null) expect(r[2] ?? null).toBeNull();
      else expect(r[2]).toBeCloseTo(change / 100, 10);
    });
    expect(byName["By network"]!.slice(1).map((r) => r.slice(0, 7))).toEqual([
      ["Instagram", 1, 1000, 1500, 80, 10, 10],
      ["X", 1, 0, 2000, 30, 6, 4],
    ]);

    const days = byName["By day"]!;
    expect(days.length).toBe(11);
    expect(days[4]!.slice(0, 3)).toEqual([new Date("2026-03-04T00:00:00Z"), 1, 1000]);
    const top = byName["Top posts"]!;
    expect(top[0]![3]).toBe("Post");
    // the time it went out, Kuwait wall clock, as a date-time cell; the caption as plain text (no apostrophe: a cell's type says it is text)
    // (a date-time cell is a fraction of a day: read back, it may be a millisecond off, so compare to the minute)
    const minute = (v: unknown) => (v instanceof Date ? new Date(Math.round(v.getTime() / 60_000) * 60_000) : v);
    expect(top[1]!.slice(0, 4).map(minute)).toEqual([1, "Instagram", new Date("2026-03-04T23:30:00Z"), IG_CAPTION]);
    expect(top[2]!.slice(0, 4).map(minute)).toEqual([2, "X", new Date("2026-03-05T00:30:00Z"), X_CAPTION]);
    expect(byName.Content![1]!.slice(0, 3)).toEqual(["Content type", "Text", 2]);

    // what read-excel-file does not report, from the sheets' XML: bold header style, frozen first row, number formats
    const sheet2 = zipEntry(d.bytes, "xl/worksheets/sheet2.xml");
    expect(sheet2).toMatch(/<pane [^>]*ySplit="1"[^>]*state="frozen"/);
    expect(sheet2).not.toMatch(/rightToLeft="(1|true)"/);
    const styles = zipEntry(d.bytes, "xl/styles.xml");
    expect(styles).toContain('formatCode="0.00%"');
    expect(styles).toContain('formatCode="#,##0"');
    expect(styles).toMatch(/<b\s*\/>/);
    expect(zipEntry(d.bytes, "xl/worksheets/sheet1.xml")).toMatch(/<col [^>]*width="3\d/);
  });

  test("Arabic: Arabic sheet names and headers, each sheet right to left, the same numbers", async () => {
    const d = await download(a.token, `format=xlsx&${range(a.businessId)}&lang=ar`);
    expect(d.status).toBe(200);
    expect(savedName(d.headers.get("content-disposition")!).unicode).toBe(
      "sufra-analytics-مقهى-ليالي-2026-03-01_2026-03-10.xlsx",
    );
    const { default: readExcelFile } = await import("read-excel-file/node");
    const sheets = await readExcelFile(d.bytes);
    expect(sheets.map((s) => s.sheet)).toEqual([
      "الملخص",
      "الإجماليات",
      "حسب المنصة",
      "حسب اليوم",
      "أفضل المنشورات",
      "أداء المحتوى",
    ]);
    expect(sheets[1]!.data[0]).toEqual(["المقياس", "القيمة", "التغير عن الفترة السابقة %"]);
    expect(sheets[1]!.data.slice(1, 7).map((r) => r[1])).toEqual([2, 1000, 3500, 110, 16, 14]);
    expect(sheets[2]!.data.slice(1).map((r) => r[0])).toEqual(["إنستغرام", "إكس"]);
    for (const n of [1, 2, 3, 4, 5, 6])
      expect(zipEntry(d.bytes, `xl/worksheets/sheet${n}.xml`)).toMatch(/<sheetView [^>]*rightToLeft="(1|true)"/);
  });
});

describe("PDF", () => {
  test("English: A4, the title, business, range in Gregorian dates, the totals and the networks", async () => {
    const d = await download(a.token, `format=pdf&${range(a.businessId)}&lang=en`);
    expect(d.status).toBe(200);
    expect(d.headers.get("content-type")).toBe("application/pdf");
    expect(savedName(d.headers.get("content-disposition")!).ascii).toBe(
      "sufra-analytics-cafe-layali-2026-03-01_2026-03-10.pdf",
    );
    expect(d.bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    // A4 is 595.28 × 841.89 points
    expect(d.bytes.toString("latin1")).toMatch(/\/MediaBox \[0 0 595\.28 841\.89\]/);

    const { lines } = await pdfLines(d.bytes, "ltr");
    expect(lines.slice(0, 6)).toEqual([
      "Sufra",
      "Analytics report",
      "Café Layali",
      "Period: 1 March 2026 – 10 March 2026",
      "Compared with: 19 February 2026 – 28 February 2026",
      expect.stringMatching(/^Generated, Kuwait time: \d{1,2} \w+ \d{4} \d{2}:\d{2}$/),
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        "Totals",
        "Network copies 2 0.00%",
        "Reach 1,000 +100.00%",
        "Views 3,500 +94.44%",
        "Likes 110 +266.67%",
        "Engagement rate % 4.67% +100.00%",
        "Followers — —",
        "Clicks on Sufra's links 10 +150.00%",
        "By network",
        "Instagram 1 1,000 1,500 80 10 10 10.00%",
        "X 1 0 2,000 30 6 4 2.00%",
        "Top posts",
        "2 X 2026-03-05 00:30 =1+1 is how many cups of karak… 0 40 2.00%",
        "Content",
        "Content type Text 2 1,000 110 4.67%",
        "Occasion New dish 1 1,000 80 10.00%",
        "Posting hour, Kuwait time 23:00 1 1,000 80 10.00%",
        // the clicks' row takes the last content row over to a second page
        "Sufra · Page 1 of 2",
      ]),
    );
    // the daily series is for spreadsheets
    expect(lines.some((l) => l.startsWith("By day"))).toBe(false);
  });

  test("Arabic: right to left, the words in logical order, numbers and dates left to right inside them", async () => {
    const d = await download(a.token, `format=pdf&${range(a.businessId)}`, "ar");
    expect(d.status).toBe(200);
    expect(savedName(d.headers.get("content-disposition")!).unicode).toBe(
      "sufra-analytics-مقهى-ليالي-2026-03-01_2026-03-10.pdf",
    );
    const { lines } = await pdfLines(d.bytes, "rtl");
    expect(lines.slice(0, 5)).toEqual([
      "سفرة",
      "تقرير التحليلات",
      "مقهى ليالي",
      "الفترة: 1 مارس 2026 – 10 مارس 2026",
      "مقارنة بالفترة: 19 فبراير 2026 – 28 فبراير 2026",
    ]);
    expect(lines).toEqual(
      expect.arrayContaining([
        "الإجماليات",
        "النسخ على الشبكات 2 0.00%",
        "الوصول 1,000 +100.00%",
        "الإعجابات 110 +266.67%",
        "معدل التفاعل % 4.67% +100.00%",
        "حسب المنصة",
        "إنستغرام 1 1,000 1,500 80 10 10 10.00%",
        "إكس 1 0 2,000 30 6 4 2.00%",
        "أفضل المنشورات",
        // the Arabic caption in its own order, its Latin hashtag and the figures left to right
        "1 إنستغرام 2026-03-04 23:30 كرك الزعفران الليلة #كرك #karak 1,000 100 10.00%",
        "أداء المحتوى",
        "نوع المحتوى نص 2 1,000 110 4.67%",
        "المناسبة طبق جديد 1 1,000 80 10.00%",
        "الوسم #كرك 1 1,000 80 10.00%",
        "النقرات على روابط سفرة 10 +150.00%",
        "سفرة، صفحة 1 من 2",
      ]),
    );
  });
});

describe("a campaign, and the demo business", () => {
  test("campaign_id: only the campaign's posts, and the campaign named in the summary; another business's campaign is 404", async () => {
    const campaign = await db().campaign.create({
      data: {
        businessId: a.businessId,
        name: "Ramadan nights",
        goal: "awareness",
        startDate: new Date("2026-03-01"),
        endDate: new Date("2026-03-10"),
      },
    });
    const theirs = await db().campaign.create({
      data: {
        businessId: b.businessId,
        name: "Dates week",
        goal: "footfall",
        startDate: new Date("2026-03-01"),
        endDate: new Date("2026-03-10"),
      },
    });
    await db().post.update({ where: { id: xPostId }, data: { campaignId: campaign.id } });
    try {
      const d = await download(a.token, `format=csv&${range(a.businessId)}&campaign_id=${campaign.id}&lang=en`);
      expect(d.status).toBe(200);
      const sections = csvSections(d.bytes.toString("utf8").slice(1));
      expect(sections.get("Summary")!.rows).toContainEqual(["Campaign", "Ramadan nights"]);
      expect(
        sections
          .get("Totals")!
          .rows.slice(0, 4)
          .map((r) => r[1]),
      ).toEqual(["1", "0", "2000", "30"]);
      expect(sections.get("Top posts")!.rows.map((r) => [r[1], r[5]])).toEqual([["X", "Ramadan nights"]]);
      expect((await download(a.token, `format=csv&${range(a.businessId)}&campaign_id=${theirs.id}`)).status).toBe(404);
      const malformed = await download(a.token, `format=csv&${range(a.businessId)}&campaign_id=ramadan`);
      expect(malformed.status).toBe(400);
      expect(Object.keys(json(malformed).details)).toEqual(["campaign_id"]);
    } finally {
      await db().post.update({ where: { id: xPostId }, data: { campaignId: null } });
    }
  });

  test("the demo business: its simulated figures count by default, and each file says so", async () => {
    const c = await business("Demo Karak House", null);
    await app.sufra.services.platformAccounts.ensureDemoAccounts(c.businessId);
    const demo = await db().platformAccount.findUniqueOrThrow({
      where: { businessId_platform: { businessId: c.businessId, platform: "instagram" } },
    });
    await published(c.businessId, { id: demo.id, platform: "instagram" }, "2026-03-04T10:00:00Z", "Karak and chebab", {
      reach: 900,
      views: 1200,
      likes: 90,
      comments: 9,
      shares: 1,
    });
    await refreshDailyMetrics(db(), c.businessId, ["2026-03-04"]);

    const csv = await download(c.token, `format=csv&${range(c.businessId)}&lang=en`);
    const sections = csvSections(csv.bytes.toString("utf8").slice(1));
    expect(sections.get("Summary")!.rows).toContainEqual(["Simulated figures of demo accounts included", "Yes"]);
    expect(
      sections
        .get("Totals")!
        .rows.slice(0, 2)
        .map((r) => r[1]),
    ).toEqual(["1", "900"]);
    const pdf = await download(c.token, `format=pdf&${range(c.businessId)}&lang=ar`);
    expect((await pdfLines(pdf.bytes, "rtl")).lines).toContain(
      "تشمل هذه الأرقام أرقامًا محاكاة للحسابات التجريبية، وليست جمهورًا حقيقيًا.",
    );
  });
});

describe("rules", () => {
  test("a bad or missing format is 400 with the field's message in the person's language, with any range mistake", async () => {
    const bad = await download(a.token, `format=docx&${range(a.businessId)}`);
    expect(bad.status).toBe(400);
    expect(json(bad)).toMatchObject({
      code: "VALIDATION_ERROR",
      details: { format: ["format must be csv, xlsx or pdf"] },
    });
    const missing = await download(a.token, range(a.businessId), "ar");
    expect(missing.status).toBe(400);
    expect(json(missing).details).toEqual({ format: ["يجب أن تكون قيمة format إحدى: csv أو xlsx أو pdf"] });
    const both = await download(a.token, `format=txt&client_id=${a.businessId}&from=2026-03-10&to=2026-03-01`);
    expect(json(both).details).toEqual({
      to: ["The end date cannot come before the start date"],
      format: ["format must be csv, xlsx or pdf"],
    });
    const lang = await download(a.token, `format=csv&${range(a.businessId)}&lang=fr`);
    expect(lang.status).toBe(400);
    expect(Object.keys(json(lang).details)).toEqual(["lang"]);
    // upper case is the same format
    expect((await download(a.token, `format=PDF&${range(a.businessId)}`)).status).toBe(200);
  });

  test("tenancy: another business's file is 403, no client_id 400, no token 401; an admin may export any business", async () => {
    const other = await download(b.token, `format=csv&${range(a.businessId)}`);
    expect(other.status).toBe(403);
    expect(json(other).code).toBe("FORBIDDEN");
    expect(other.headers.get("content-disposition")).toBeNull();
    const none = await download(a.token, `format=csv&from=${FROM}&to=${TO}`);
    expect(none.status).toBe(400);
    expect(json(none).details).toHaveProperty("client_id");
    expect((await download(undefined, `format=csv&${range(a.businessId)}`)).status).toBe(401);

    const asAdmin = await download(admin, `format=csv&${range(b.businessId)}&lang=en`);
    expect(asAdmin.status).toBe(200);
    expect(savedName(asAdmin.headers.get("content-disposition")!)).toEqual({
      ascii: "sufra-analytics-dar-al-qahwa-2026-03-01_2026-03-10.csv",
      unicode: null,
    });
    const totals = csvSections(asAdmin.bytes.toString("utf8").slice(1)).get("Totals")!;
    expect(totals.rows.slice(0, 2).map((r) => r[1])).toEqual(["1", "4000"]);
    expect((await download(admin, "format=csv&client_id=00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });
});

const EXPORT = `query ($clientId: ID!, $format: AnalyticsExportFormat!, $from: String, $to: String, $lang: Locale) {
  analyticsExport(clientId: $clientId, format: $format, from: $from, to: $to, lang: $lang) { fileName contentType base64 }
}`;

describe("GraphQL analyticsExport", () => {
  /** The CSV without its "Generated" row, the one line that may differ between two downloads a minute apart. */
  const stable = (csv: string) =>
    csv
      .split("\r\n")
      .filter((l) => !/^(Generated, Kuwait time|تاريخ الإعداد بتوقيت الكويت),/.test(l))
      .join("\r\n");

  test("decodes to the same CSV as the REST download", async () => {
    const g = await gql(
      app.base,
      EXPORT,
      { clientId: a.businessId, format: "CSV", from: FROM, to: TO, lang: "AR" },
      a.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.analyticsExport).toMatchObject({
      fileName: "sufra-analytics-مقهى-ليالي-2026-03-01_2026-03-10.csv",
      contentType: "text/csv; charset=utf-8; header=present",
    });
    const rest = await download(a.token, `format=csv&${range(a.businessId)}&lang=ar`);
    expect(stable(Buffer.from(g.data.analyticsExport.base64, "base64").toString("utf8"))).toBe(
      stable(rest.bytes.toString("utf8")),
    );
  });

  test("PDF and XLSX come back as their files; tenancy as REST", async () => {
    const pdf = await gql(
      app.base,
      EXPORT,
      { clientId: a.businessId, format: "PDF", from: FROM, to: TO },
      a.token,
      "en",
    );
    expect(pdf.data.analyticsExport.contentType).toBe("application/pdf");
    expect(Buffer.from(pdf.data.analyticsExport.base64, "base64").subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const xlsx = await gql(
      app.base,
      EXPORT,
      { clientId: a.businessId, format: "XLSX", from: FROM, to: TO, lang: "EN" },
      a.token,
    );
    expect(xlsx.data.analyticsExport.fileName).toBe("sufra-analytics-café-layali-2026-03-01_2026-03-10.xlsx");
    const { default: readExcelFile } = await import("read-excel-file/node");
    expect((await readExcelFile(Buffer.from(xlsx.data.analyticsExport.base64, "base64"))).map((s) => s.sheet)).toEqual([
      "Summary",
      "Totals",
      "By network",
      "By day",
      "Top posts",
      "Content",
    ]);

    const other = await gql(app.base, EXPORT, { clientId: a.businessId, format: "CSV" }, b.token);
    expect(other.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const badFormat = await gql(app.base, EXPORT, { clientId: a.businessId, format: "DOCX" }, a.token);
    expect(badFormat.errors?.[0]?.extensions.code).toBe("BAD_USER_INPUT");
  });
});
