// Competitors over real HTTP and Postgres: following accounts (the username's rules, one per
// network and username, the limit of 50) and tenancy through both doors; a day's figures by hand (the
// same day again replaces them); the CSV import (English and Arabic headers, unknown accounts added,
// wrong rows reported line by line in the person's language with nothing stored); Instagram business
// discovery through the business's Facebook sign-in against the local Facebook stand-in (figures
// computed from the last posts, a personal account, no Facebook sign-in, a refused token, a demo
// account's simulated reading); the benchmark's own figures and its summary in both languages. The
// sign-in itself is tested in competitor-discovery.test.ts.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { addDays, kuwaitDate } from "@sufra/schema";
import { refreshDailyMetrics } from "../src/modules/analytics/daily-metrics.ts";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { metaForFile } from "./support/per-file.ts";

const { app, ig, fb } = metaForFile();
const db = () => app.sufra.deps.db;
const DAY_MS = 86_400_000;
const today = kuwaitDate();
const plain = (s: string) => s.replace(/[\u2068\u2069]/g, "");

const business = () => signedInBusiness(app.base);

let seq = 0;
/** A business whose Instagram account is connected through OAuth to the stand-in. */
async function withInstagram() {
  const b = await business();
  const n = ++seq;
  const start = await call(app.base, "POST", "/api/platforms/instagram/connect", { token: b.token, body: {} });
  const url = new URL(start.body.authorize_url);
  const userId = String(17_840_000 + n);
  ig.state.issueCode(`code-${n}`, {
    userId,
    username: `darqahwa_${n}`,
    redirectUri: url.searchParams.get("redirect_uri")!,
  });
  const back = await fetch(
    `${app.base}/api/platforms/instagram/callback?code=code-${n}&state=${url.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  expect(back.headers.get("location")).toBe("/settings?connected=1&platform=instagram");
  return { ...b, igUserId: userId, igUsername: `darqahwa_${n}` };
}

/**
 * The business's Facebook sign-in for competitor figures, as a browser goes through it: Sufra's
 * authorize URL, the Facebook dialog (approving as a person who manages a Page linked to `igUsername`),
 * back to Sufra's callback.
 */
async function withFacebook(b: { token: string }, igUsername: string) {
  const person = fb.state.addUser({
    name: "Noura",
    pages: [{ name: "Dar Qahwa", instagram: { username: igUsername } }],
  });
  fb.state.signInAs(person.id);
  const start = await call(app.base, "POST", "/api/competitors/discovery/connect", { token: b.token, body: {} });
  const dialog = await fetch(start.body.authorize_url, { redirect: "manual" });
  const back = new URL(dialog.headers.get("location")!);
  const done = await fetch(`${app.base}${back.pathname}${back.search}`, { redirect: "manual" });
  expect(done.headers.get("location")).toBe("/competitors?discovery=connected");
  return person;
}

const create = (token: string, body: Record<string, unknown>, lang?: string) =>
  call(app.base, "POST", "/api/competitors", { token, body, lang });
const snapshotCount = async (businessId: string) =>
  db().competitorSnapshot.count({ where: { competitor: { businessId } } });

/** POSTs a CSV as a text/csv body. */
async function importCsv(token: string, csv: string, lang?: string) {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    accept: "application/json",
    "content-type": "text/csv; charset=utf-8",
  };
  if (lang) headers["accept-language"] = lang;
  const r = await fetch(`${app.base}/api/competitors/import`, { method: "POST", headers, body: csv });
  return { status: r.status, body: (await r.json()) as any };
}

describe("following competitors", () => {
  let a: Awaited<ReturnType<typeof business>>;
  let b: Awaited<ReturnType<typeof business>>;
  beforeAll(async () => {
    [a, b] = [await business(), await business()];
  });

  test("add, list, edit, delete; the username is normalised and checked per network", async () => {
    const r = await create(a.token, {
      name: " Cafe   X ",
      platform: "instagram",
      handle: "https://instagram.com/Cafe.X/",
      area: "Al-Salmiya",
      cuisine: "coffee shop",
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      name: "Cafe X",
      platform: "instagram",
      handle: "cafe.x",
      area: "salmiya",
      cuisine: "cafe",
      latest: null,
    });

    const bad = await create(a.token, { name: "Karak House", platform: "twitter", handle: "karak.house" }, "ar");
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("VALIDATION_ERROR");
    expect(bad.body.details.handle).toEqual([
      "اسم مستخدم إكس حتى ١٥ حرفًا من الحروف الإنجليزية والأرقام والشرطات السفلية",
    ]);

    const edited = await call(app.base, "PUT", `/api/competitors/${r.body.id}`, {
      token: a.token,
      body: { name: "Cafe X Salmiya", platform: "instagram", handle: "@cafe.x", area: "", cuisine: "Desserts" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ id: r.body.id, name: "Cafe X Salmiya", area: null, cuisine: "desserts" });

    const list = await call(app.base, "GET", "/api/competitors", { token: a.token });
    expect(list.body).toMatchObject({
      total: 1,
      limit: 50,
      competitors: [{ id: r.body.id, name: "Cafe X Salmiya", handle: "cafe.x" }],
    });

    const gone = await call(app.base, "DELETE", `/api/competitors/${r.body.id}`, { token: a.token });
    expect(gone.body).toEqual({ id: r.body.id, deleted: true });
    expect((await call(app.base, "GET", "/api/competitors", { token: a.token })).body.total).toBe(0);
  });

  test("the same network and username twice is refused in the person's language, whatever way it is written", async () => {
    const first = await create(a.token, { name: "Bait Qahwa", platform: "instagram", handle: "bait.qahwa" });
    expect(first.status).toBe(201);
    const en = await create(a.token, { name: "Another name", platform: "instagram", handle: "@Bait.Qahwa" });
    expect(en.status).toBe(409);
    expect(en.body).toEqual({ code: "COMPETITOR_EXISTS", message: "You already follow this account on this network" });
    const ar = await create(
      a.token,
      { name: "بيت القهوة", platform: "instagram", handle: "instagram.com/bait.qahwa" },
      "ar",
    );
    expect(ar.body).toEqual({ code: "COMPETITOR_EXISTS", message: "أنت تتابع هذا الحساب على هذه المنصة بالفعل" });
    // the same username on another network is another account
    expect((await create(a.token, { name: "Bait Qahwa", platform: "snapchat", handle: "bait.qahwa" })).status).toBe(
      201,
    );
    // an edit onto an account already followed is refused too
    const other = await create(a.token, { name: "Other", platform: "instagram", handle: "other.cafe" });
    const clash = await call(app.base, "PUT", `/api/competitors/${other.body.id}`, {
      token: a.token,
      body: { name: "Other", platform: "instagram", handle: "bait.qahwa" },
    });
    expect(clash.body.code).toBe("COMPETITOR_EXISTS");
  });

  test("another business's competitor does not exist for you, through both doors", async () => {
    const theirs = await create(b.token, { name: "Their rival", platform: "instagram", handle: "their.rival" });
    const id = theirs.body.id as string;
    for (const [method, path, body] of [
      ["GET", `/api/competitors/${id}`, undefined],
      ["PUT", `/api/competitors/${id}`, { name: "Mine now", platform: "instagram", handle: "their.rival" }],
      ["DELETE", `/api/competitors/${id}`, undefined],
      ["GET", `/api/competitors/${id}/snapshots`, undefined],
      ["POST", `/api/competitors/${id}/snapshots`, { day: today, followers: 1 }],
      ["POST", `/api/competitors/${id}/fetch`, undefined],
      ["GET", "/api/competitors/not-a-uuid", undefined],
    ] as const) {
      const r = await call(app.base, method, path, { token: a.token, body });
      expect([path, r.status, r.body.code]).toEqual([path, 404, "NOT_FOUND"]);
    }
    const viaGql = await gql(app.base, `query($id: ID!) { competitor(id: $id) { id name } }`, { id }, a.token);
    expect(viaGql.errors?.[0]?.extensions).toMatchObject({ code: "NOT_FOUND", reason: "NOT_FOUND" });
    const del = await gql(app.base, `mutation($id: ID!) { deleteCompetitor(id: $id) }`, { id }, a.token);
    expect(del.errors?.[0]?.extensions.reason).toBe("NOT_FOUND");
    expect(await db().competitor.count({ where: { id } })).toBe(1);
    // A's list never shows B's
    const mine = await gql(app.base, `{ competitors { items { id name } limit } }`, {}, a.token);
    expect(mine.data.competitors.items.map((c: { id: string }) => c.id)).not.toContain(id);
    // signed out, or an admin (no business): refused
    expect((await call(app.base, "GET", "/api/competitors")).status).toBe(401);
    expect((await call(app.base, "GET", "/api/competitors", { token: await adminToken(app.base) })).body.code).toBe(
      "FORBIDDEN",
    );
  });

  test("a business follows at most 50", async () => {
    const c = await business();
    await db().competitor.createMany({
      data: Array.from({ length: 49 }, (_, i) => ({
        businessId: c.businessId,
        name: `Cafe ${i}`,
        platform: "instagram" as const,
        handle: `cafe_${i}`,
      })),
    });
    expect((await create(c.token, { name: "Number 50", platform: "instagram", handle: "number.fifty" })).status).toBe(
      201,
    );
    const over = await create(c.token, { name: "Number 51", platform: "instagram", handle: "number.fiftyone" }, "ar");
    expect(over.status).toBe(409);
    expect(over.body).toEqual({
      code: "COMPETITOR_LIMIT_REACHED",
      message: "يمكنك متابعة ٥٠ منافسًا على الأكثر. احذف أحدهم لتضيف غيره",
    });
    expect(await db().competitor.count({ where: { businessId: c.businessId } })).toBe(50);
  });

  test("GraphQL: add with the shared rules' messages, and a duplicate as a typed error", async () => {
    const c = await business();
    const m = `mutation($input: CompetitorInput!) { createCompetitor(input: $input) { id name platform handle area cuisine latest { id } } }`;
    const ok = await gql(
      app.base,
      m,
      { input: { name: "Karak Corner", platform: "TWITTER", handle: "@KarakCorner", area: "حولي" } },
      c.token,
    );
    expect(ok.data.createCompetitor).toMatchObject({
      name: "Karak Corner",
      platform: "TWITTER",
      handle: "karakcorner",
      area: "hawalli",
      cuisine: null,
      latest: null,
    });
    const dup = await gql(
      app.base,
      m,
      { input: { name: "Again", platform: "TWITTER", handle: "karakcorner" } },
      c.token,
      "ar",
    );
    expect(dup.errors?.[0]).toMatchObject({
      message: "أنت تتابع هذا الحساب على هذه المنصة بالفعل",
      extensions: { code: "BAD_USER_INPUT", reason: "COMPETITOR_EXISTS" },
    });
    const invalid = await gql(app.base, m, { input: { name: "", platform: "SNAPCHAT", handle: "9lives" } }, c.token);
    expect(invalid.errors?.[0]?.extensions).toMatchObject({
      reason: "VALIDATION_ERROR",
      details: { name: ["Enter the competitor's name"] },
    });
  });
});

describe("a day's figures by hand", () => {
  test("the same day again replaces the earlier figures whole; readings list newest first", async () => {
    const a = await business();
    const c = (await create(a.token, { name: "Cafe X", platform: "instagram", handle: "cafex" })).body;
    const day = addDays(today, -3);
    const first = await call(app.base, "POST", `/api/competitors/${c.id}/snapshots`, {
      token: a.token,
      body: { day, followers: "12,500", posts_per_week: 6, avg_engagement: "3.4%", top_themes: "#Karak; brunch" },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      day,
      followers: 12500,
      posts_per_week: 6,
      avg_engagement: 3.4,
      top_themes: ["karak", "brunch"],
      source: "manual",
      simulated: false,
      replaced: false,
    });

    const again = await call(app.base, "POST", `/api/competitors/${c.id}/snapshots`, {
      token: a.token,
      body: { day, followers: 12600 },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({
      id: first.body.id,
      day,
      followers: 12600,
      posts_per_week: null,
      avg_engagement: null,
      top_themes: [],
      replaced: true,
    });
    expect(await db().competitorSnapshot.count({ where: { competitorId: c.id } })).toBe(1);

    const g = await gql(
      app.base,
      `mutation($id: ID!, $input: CompetitorSnapshotInput!) { saveCompetitorSnapshot(competitorId: $id, input: $input) { replaced snapshot { day followers postsPerWeek avgEngagement topThemes source simulated } } }`,
      { id: c.id, input: { day: today, postsPerWeek: 5.5, topThemes: ["desserts"] } },
      a.token,
    );
    expect(g.data.saveCompetitorSnapshot).toEqual({
      replaced: false,
      snapshot: {
        day: today,
        followers: null,
        postsPerWeek: 5.5,
        avgEngagement: null,
        topThemes: ["desserts"],
        source: "MANUAL",
        simulated: false,
      },
    });

    const list = await call(app.base, "GET", `/api/competitors/${c.id}/snapshots`, { token: a.token });
    expect(list.body.snapshots.map((s: { day: string }) => s.day)).toEqual([today, day]);
    expect((await call(app.base, "GET", `/api/competitors/${c.id}`, { token: a.token })).body.latest).toMatchObject({
      day: today,
      posts_per_week: 5.5,
    });

    const empty = await call(app.base, "POST", `/api/competitors/${c.id}/snapshots`, {
      token: a.token,
      body: { day: addDays(today, 1), followers: -1 },
      lang: "ar",
    });
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual({
      day: ["لا يمكن أن يكون التاريخ في المستقبل"],
      followers: ["يجب أن يكون عدد المتابعين عددًا صحيحًا، ٠ أو أكثر"],
    });

    const removed = await call(app.base, "DELETE", `/api/competitors/${c.id}/snapshots/${day}`, { token: a.token });
    expect(removed.body).toEqual({ competitor_id: c.id, day, deleted: true });
    expect(
      (await call(app.base, "DELETE", `/api/competitors/${c.id}/snapshots/${day}`, { token: a.token })).status,
    ).toBe(404);
  });
});

describe("CSV import", () => {
  test("a good file in Arabic: known accounts get their days (replacing one), unknown ones are added", async () => {
    const a = await business();
    const known = (await create(a.token, { name: "Cafe X", platform: "instagram", handle: "cafex" })).body;
    await call(app.base, "POST", `/api/competitors/${known.id}/snapshots`, {
      token: a.token,
      body: { day: "2026-03-01", followers: 1 },
    });
    const csv = [
      "الاسم,المعرف,المنصة,التاريخ,المتابعون,المنشورات في الأسبوع,متوسط التفاعل,المواضيع",
      'Cafe X,@CafeX,إنستغرام,01/03/2026,"12,500",6,3.4%,كرك;فطور',
      "Cafe X,cafex,,2026-03-08,12700,5.5,3.1,",
      'بيت القهوة,bait_qahwa,تويتر,٠٨/٠٣/٢٠٢٦,٣٠٠٠,٢,٢٫٥,"حلويات، قهوة"',
    ].join("\r\n");
    const r = await importCsv(a.token, csv, "ar");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ imported: 3, replaced: 1, created: 1, errors: [] });
    const rows = await db().competitor.findMany({
      where: { businessId: a.businessId },
      include: { snapshots: { orderBy: { day: "asc" } } },
      orderBy: { name: "asc" },
    });
    expect(
      rows.map((c) => ({
        name: c.name,
        platform: c.platform,
        handle: c.handle,
        days: c.snapshots.map((s) => [
          s.day.toISOString().slice(0, 10),
          s.followers,
          s.postsPerWeek,
          s.avgEngagement,
          s.topThemes,
          s.source,
        ]),
      })),
    ).toEqual([
      {
        name: "Cafe X",
        platform: "instagram",
        handle: "cafex",
        days: [
          ["2026-03-01", 12500, 6, 3.4, ["كرك", "فطور"], "csv"],
          ["2026-03-08", 12700, 5.5, 3.1, [], "csv"],
        ],
      },
      {
        name: "بيت القهوة",
        platform: "twitter",
        handle: "bait_qahwa",
        days: [["2026-03-08", 3000, 2, 2.5, ["حلويات", "قهوة"], "csv"]],
      },
    ]);
  });

  const BAD = [
    "name,handle,platform,date,followers,posts_per_week,avg_engagement,top_themes",
    "Cafe X,cafex,instagram,2026-03-01,12500,6,3.4,karak",
    "Nameless,,instagram,2026-03-01,100,,,",
    "Karak House,karak.house,x,2026-03-01,lots,,150%,",
    "Cafe X,cafex,instagram,2026-03-01,12600,,,",
    "Snap,snapper,myspace,31/02/2026,,,,",
  ].join("\n");

  test("wrong rows are reported line by line in English, and nothing is stored", async () => {
    const a = await business();
    const before = {
      competitors: await db().competitor.count({ where: { businessId: a.businessId } }),
      snapshots: await snapshotCount(a.businessId),
    };
    const r = await importCsv(a.token, BAD, "en");
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      imported: 0,
      replaced: 0,
      created: 0,
      errors: [
        { line: 3, messages: ["Username: Enter the account's username"] },
        {
          line: 4,
          messages: [
            "Username: An X username has up to 15 letters, numbers and underscores",
            "Followers: Followers must be a whole number, 0 or more",
            "Average engagement: Average engagement must be a percentage from 0 to 100",
          ],
        },
        { line: 5, messages: ["Date: Line 2 already has figures for this account on this date"] },
        {
          line: 6,
          messages: [
            "Platform: Platform must be Instagram, X or Snapchat",
            "Date: Enter the date as YYYY-MM-DD or DD/MM/YYYY",
            "Followers: Enter at least one figure: followers, posts per week, average engagement or themes",
          ],
        },
      ],
    });
    expect({
      competitors: await db().competitor.count({ where: { businessId: a.businessId } }),
      snapshots: await snapshotCount(a.businessId),
    }).toEqual(before);
  });

  test("the same file in Arabic: the same lines, in Arabic, through GraphQL too", async () => {
    const a = await business();
    const r = await importCsv(a.token, BAD, "ar");
    expect(r.body.errors.map((e: { line: number }) => e.line)).toEqual([3, 4, 5, 6]);
    expect(r.body.errors[0].messages).toEqual(["اسم المستخدم: أدخل اسم مستخدم الحساب"]);
    expect(r.body.errors[2].messages).toEqual(["التاريخ: السطر ٢ فيه أرقام لهذا الحساب في التاريخ نفسه"]);
    const g = await gql(
      app.base,
      `mutation($csv: String!) { importCompetitors(csv: $csv) { imported created errors { line messages } } }`,
      { csv: BAD },
      a.token,
      "ar",
    );
    expect(g.data.importCompetitors.imported).toBe(0);
    expect(g.data.importCompetitors.errors[3]).toEqual({
      line: 6,
      messages: [
        "المنصة: يجب أن تكون المنصة إنستغرام أو إكس أو سناب شات",
        "التاريخ: أدخل التاريخ بالصيغة YYYY-MM-DD أو DD/MM/YYYY",
        "المتابعون: أدخل رقمًا واحدًا على الأقل: المتابعون أو المنشورات في الأسبوع أو متوسط التفاعل أو المواضيع",
      ],
    });
    expect(await db().competitor.count({ where: { businessId: a.businessId } })).toBe(0);
  });

  test("rows that would go over 50 competitors are wrong rows; a file that cannot be read is refused whole; the template downloads", async () => {
    const a = await business();
    await db().competitor.createMany({
      data: Array.from({ length: 49 }, (_, i) => ({
        businessId: a.businessId,
        name: `Cafe ${i}`,
        platform: "instagram" as const,
        handle: `cafe_${i}`,
      })),
    });
    const r = await importCsv(
      a.token,
      "handle,date,followers\ncafe_1,2026-03-01,10\nnew.one,2026-03-01,10\nnew.two,2026-03-01,10\nnew.two,2026-03-02,11\n",
    );
    expect(r.body.errors).toEqual([
      { line: 4, messages: ["Row: You can follow at most 50 competitors: this row would add one more"] },
      { line: 5, messages: ["Row: You can follow at most 50 competitors: this row would add one more"] },
    ]);
    expect(await snapshotCount(a.businessId)).toBe(0);

    const unreadable = await importCsv(a.token, "name,followers\nCafe,1\n", "ar");
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.details.file[0]).toContain("المعرف والتاريخ");

    const template = await fetch(`${app.base}/api/competitors/import/template?lang=ar`, {
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(template.headers.get("content-disposition")).toBe('attachment; filename="sufra-competitors-ar.csv"');
    expect((await template.text()).replace(/^\ufeff/, "")).toBe(
      "الاسم,المعرف,المنصة,التاريخ,المتابعون,المنشورات في الأسبوع,متوسط التفاعل,المواضيع\n",
    );
  });
});

describe("reading from Instagram (business discovery through the Facebook sign-in)", () => {
  let a: Awaited<ReturnType<typeof withInstagram>>;
  let person: Awaited<ReturnType<typeof withFacebook>>;
  beforeAll(async () => {
    a = await withInstagram();
    person = await withFacebook(a, a.igUsername);
    const now = Date.now();
    // ten posts, every three days; the last is 28 days old (outside the four weeks); one hides its likes
    ig.state.addProfessional({
      username: "cafe.x",
      followers: 10_000,
      mediaCount: 412,
      media: Array.from({ length: 10 }, (_, k) => {
        const i = 9 - k; // oldest first, as published
        return {
          timestamp: new Date(now - (i * 3 + 1) * DAY_MS - (i === 9 ? 2 * DAY_MS : 0)),
          likes: i === 9 ? undefined : 100 + i * 10,
          comments: 10,
          caption: i % 2 ? "Sweet #Desserts tonight" : "Morning #karak and #brunch",
        };
      }),
    });
  });

  test("today's figures are computed from the account's last posts and stored as today's reading", async () => {
    const c = (await create(a.token, { name: "Cafe X", platform: "instagram", handle: "Cafe.X" })).body;
    const r = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: a.token });
    expect(r.status).toBe(200);
    // 9 posts in 28 days; engagement (likes + comments) / 10,000 per post, the hidden-likes one counting its comments
    expect(r.body.snapshot).toMatchObject({
      day: today,
      followers: 10_000,
      posts_per_week: 2.25,
      avg_engagement: 1.36,
      top_themes: ["brunch", "desserts", "karak", "morning", "sweet"],
      source: "instagram",
      simulated: false,
    });
    expect(r.body.replaced).toBe(false);
    expect(r.body.competitor.latest.id).toBe(r.body.snapshot.id);
    // asked on the Facebook side, as the Page's Instagram account; never on Instagram Login's graph
    expect(fb.state.calls.business_discovery).toBe(1);
    expect(ig.state.calls.business_discovery).toBeUndefined();
    // again the same day: replaces today's reading
    const g = await gql(
      app.base,
      `mutation($id: ID!) { fetchCompetitorFromInstagram(id: $id) { replaced snapshot { id day source } } }`,
      { id: c.id },
      a.token,
    );
    expect(g.data.fetchCompetitorFromInstagram).toEqual({
      replaced: true,
      snapshot: { id: r.body.snapshot.id, day: today, source: "INSTAGRAM" },
    });
    expect(await db().competitorSnapshot.count({ where: { competitorId: c.id } })).toBe(1);
  });

  test("a personal account cannot be read: said plainly in both languages, nothing stored", async () => {
    const c = (await create(a.token, { name: "Home baker", platform: "instagram", handle: "home.baker.kw" })).body;
    const en = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: a.token });
    expect(en.status).toBe(400);
    expect(en.body).toEqual({
      code: "INSTAGRAM_NOT_PROFESSIONAL",
      message:
        "Only professional Instagram accounts can be read. Check the username, or enter this account's figures by hand",
    });
    const ar = await gql(
      app.base,
      `mutation($id: ID!) { fetchCompetitorFromInstagram(id: $id) { replaced } }`,
      { id: c.id },
      a.token,
      "ar",
    );
    expect(ar.errors?.[0]).toMatchObject({
      message: "يمكن قراءة حسابات إنستغرام الاحترافية فقط. تحقق من اسم المستخدم، أو أدخل أرقام هذا الحساب يدويًا",
      extensions: { reason: "INSTAGRAM_NOT_PROFESSIONAL" },
    });
    expect(await db().competitorSnapshot.count({ where: { competitorId: c.id } })).toBe(0);
    // the sign-in is fine: a refusal about the other account is no reason to sign in again
    expect(
      (await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } })).status,
    ).toBe("connected");
  });

  test("with Instagram connected but no Facebook sign-in, the person is told to sign in; other networks are not read", async () => {
    const b = await withInstagram();
    const c = (await create(b.token, { name: "Cafe X", platform: "instagram", handle: "cafe.x" })).body;
    const calls = fb.state.calls.business_discovery ?? 0;
    const en = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: b.token });
    expect(en.status).toBe(409);
    expect(en.body).toEqual({
      code: "FACEBOOK_NOT_CONNECTED",
      message: "Sign in with Facebook to read competitors' figures from Instagram.",
    });
    const ar = await gql(
      app.base,
      `mutation($id: ID!) { fetchCompetitorFromInstagram(id: $id) { replaced } }`,
      { id: c.id },
      b.token,
      "ar",
    );
    expect(ar.errors?.[0]).toMatchObject({
      message: "سجّل الدخول عبر فيسبوك لقراءة أرقام المنافسين من إنستغرام.",
      extensions: { code: "BAD_USER_INPUT", reason: "FACEBOOK_NOT_CONNECTED" },
    });
    expect(fb.state.calls.business_discovery ?? 0).toBe(calls);
    expect(await db().competitorSnapshot.count({ where: { competitorId: c.id } })).toBe(0);
    const x = (await create(a.token, { name: "Karak on X", platform: "twitter", handle: "karak_x" })).body;
    expect((await call(app.base, "POST", `/api/competitors/${x.id}/fetch`, { token: a.token })).body.code).toBe(
      "COMPETITOR_NOT_INSTAGRAM",
    );
  });

  test("Facebook's rate limit is passed on as such", async () => {
    const c = (await create(a.token, { name: "Busy", platform: "instagram", handle: "cafe.x3" })).body;
    fb.state.failNext("business_discovery", "rate_limit");
    const r = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: a.token });
    expect([r.status, r.body.code]).toEqual([429, "RATE_LIMITED"]);
    expect(
      (await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } })).status,
    ).toBe("connected");
  });

  test("a refused Facebook token asks for a new Facebook sign-in; the Instagram account is untouched", async () => {
    const c = (await create(a.token, { name: "Cafe X again", platform: "instagram", handle: "cafe.x2" })).body;
    fb.state.revokeUser(person.id);
    const r = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: a.token });
    expect(r.status).toBe(409);
    expect(r.body).toEqual({
      code: "FACEBOOK_RECONNECT_NEEDED",
      message: "Your Facebook sign-in for competitor figures has expired. Sign in again.",
    });
    expect(
      (await db().competitorDiscoveryConnection.findUniqueOrThrow({ where: { businessId: a.businessId } })).status,
    ).toBe("reconnect_needed");
    expect((await call(app.base, "GET", "/api/competitors/discovery", { token: a.token })).body.status).toBe(
      "reconnect_needed",
    );
    expect(
      (await db().platformAccount.findFirstOrThrow({ where: { businessId: a.businessId, platform: "instagram" } }))
        .status,
    ).toBe("connected");
    // asked again: refused at once, Facebook is not asked
    const calls = fb.state.calls.business_discovery;
    const ar = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: a.token, lang: "ar" });
    expect(ar.body).toEqual({
      code: "FACEBOOK_RECONNECT_NEEDED",
      message: "انتهت صلاحية تسجيل دخولك عبر فيسبوك لأرقام المنافسين. سجّل الدخول مجددًا.",
    });
    expect(fb.state.calls.business_discovery).toBe(calls);
  });

  test("a demo account gets a simulated reading without any Facebook sign-in, the same for the same day, and marked simulated", async () => {
    const d = await business();
    await app.sufra.services.platformAccounts.ensureDemoAccounts(d.businessId);
    const c = (await create(d.token, { name: "Cafe X", platform: "instagram", handle: "cafe.x" })).body;
    const calls = fb.state.calls.business_discovery ?? 0;
    const first = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: d.token });
    const second = await call(app.base, "POST", `/api/competitors/${c.id}/fetch`, { token: d.token });
    expect(first.body.snapshot).toMatchObject({ source: "instagram", simulated: true, day: today });
    expect(first.body.snapshot.followers).toBeGreaterThan(0);
    expect(first.body.snapshot.top_themes.length).toBeGreaterThanOrEqual(3);
    const figures = (s: Record<string, unknown>) => [s.followers, s.posts_per_week, s.avg_engagement, s.top_themes];
    expect(figures(second.body.snapshot)).toEqual(figures(first.body.snapshot));
    expect(fb.state.calls.business_discovery ?? 0).toBe(calls);
    expect(ig.state.calls.business_discovery).toBeUndefined();
    expect(await db().competitorDiscoveryConnection.count({ where: { businessId: d.businessId } })).toBe(0);
    // a reading by hand on a demo business is real
    const manual = await call(app.base, "POST", `/api/competitors/${c.id}/snapshots`, {
      token: d.token,
      body: { day: addDays(today, -1), followers: 5 },
    });
    expect(manual.body.simulated).toBe(false);
  });
});

describe("benchmark", () => {
  let a: Awaited<ReturnType<typeof business>>;
  beforeAll(async () => {
    a = await business();
    const account = await db().platformAccount.create({
      data: {
        businessId: a.businessId,
        platform: "instagram",
        externalId: `ig-${a.businessId.slice(0, 8)}`,
        handle: "dar_qahwa",
        status: "connected",
      },
    });
    const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY_MS);
    const published = (daysAgo: number, likes: number, comments: number, hashtags: string[]) =>
      db().post.create({
        data: {
          businessId: a.businessId,
          status: "published",
          content: "Our karak, fresh every morning",
          hashtags,
          publishedAt: at(daysAgo),
          targets: {
            create: [
              {
                accountId: account.id,
                platform: "instagram",
                status: "published",
                publishedAt: at(daysAgo),
                externalId: `ext-${daysAgo}`,
                likes,
                comments,
                reach: 1000,
                views: 1200,
                metricsAt: new Date(),
              },
            ],
          },
        },
      });
    await published(3, 300, 50, ["karak", "breakfast"]);
    await published(5, 200, 20, ["karak"]);
    // outside the 28 days: not counted
    await published(40, 900, 90, ["ramadan"]);
    await refreshDailyMetrics(
      db(),
      a.businessId,
      [3, 5, 40].map((d) => kuwaitDate(at(d))),
    );
    await db().audienceSnapshot.create({
      data: {
        businessId: a.businessId,
        accountId: account.id,
        platform: "instagram",
        day: new Date(`${addDays(today, -1)}T00:00:00Z`),
        followers: 2000,
      },
    });
    await db().audienceSnapshot.create({
      data: {
        businessId: a.businessId,
        accountId: account.id,
        platform: "instagram",
        day: new Date(`${addDays(today, -20)}T00:00:00Z`),
        followers: 1800,
      },
    });

    const cafeX = (await create(a.token, { name: "Cafe X", platform: "instagram", handle: "cafe.x" })).body;
    const bait = (await create(a.token, { name: "بيت القهوة", platform: "instagram", handle: "bait.qahwa" })).body;
    await create(a.token, { name: "Not read yet", platform: "instagram", handle: "not.read" });
    const snap = (id: string, body: Record<string, unknown>) =>
      call(app.base, "POST", `/api/competitors/${id}/snapshots`, { token: a.token, body });
    await snap(cafeX.id, { day: addDays(today, -30), followers: 11_000, posts_per_week: 5 });
    await snap(cafeX.id, {
      day: addDays(today, -2),
      followers: 12_500,
      posts_per_week: 6,
      avg_engagement: 1.8,
      top_themes: ["karak", "brunch", "desserts"],
    });
    await snap(bait.id, {
      day: addDays(today, -1),
      followers: 1500,
      posts_per_week: 0.25,
      avg_engagement: 20,
      top_themes: ["desserts"],
    });
    // a reading older than the history window stays out of the lines but may still be the latest
    await snap(bait.id, { day: addDays(today, -400), followers: 900 });
  });

  test("own figures over the window next to each competitor's latest and history", async () => {
    const r = await call(app.base, "GET", "/api/competitors/benchmark", { token: a.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      from: addDays(today, -27),
      to: today,
      days: 28,
      history_from: addDays(today, -179),
    });
    // 2 posts in 4 weeks; (350 + 220) / 2 posts / 2,000 followers
    expect(r.body.own).toEqual([
      {
        platform: "instagram",
        followers: 2000,
        posts_per_week: 0.5,
        avg_engagement: 14.25,
        top_themes: ["karak", "breakfast", "fresh", "morning"],
        posts: 2,
        simulated: false,
      },
    ]);
    expect(r.body.own_history).toEqual([
      { platform: "instagram", day: addDays(today, -20), followers: 1800, simulated: false },
      { platform: "instagram", day: addDays(today, -1), followers: 2000, simulated: false },
    ]);
    const byName = Object.fromEntries(r.body.competitors.map((c: { name: string }) => [c.name, c]));
    expect(Object.keys(byName)).toEqual(["Cafe X", "Not read yet", "بيت القهوة"]);
    expect(byName["Cafe X"].latest).toMatchObject({ day: addDays(today, -2), followers: 12_500 });
    expect(byName["Cafe X"].history.map((s: { day: string }) => s.day)).toEqual([
      addDays(today, -30),
      addDays(today, -2),
    ]);
    expect(byName["Not read yet"]).toMatchObject({ latest: null, history: [] });
    expect(byName["بيت القهوة"].history.map((s: { followers: number }) => s.followers)).toEqual([1500]);

    const short = await call(app.base, "GET", "/api/competitors/benchmark?days=7&history_days=10", { token: a.token });
    expect(short.body.own[0]).toMatchObject({ posts_per_week: 2, posts: 2 });
    expect(short.body.competitors.find((c: { name: string }) => c.name === "Cafe X").history).toHaveLength(1);
    expect(
      (await call(app.base, "GET", "/api/competitors/benchmark?days=200", { token: a.token })).body.details,
    ).toEqual({ days: ["days must be a whole number from 7 to 90"] });
  });

  test("the summary says where the business leads and trails, in English and in Arabic", async () => {
    const r = await call(app.base, "GET", "/api/competitors/benchmark", { token: a.token });
    expect(plain(r.body.summary.en)).toBe(
      "On Instagram, you have 2,000 followers, fewer than Cafe X (12,500); 1 of the 2 competitors you follow have more. " +
        "On Instagram, you post 0.5 times a week, less than Cafe X (6); 1 of the 2 competitors you follow post more often. " +
        "On Instagram, your average engagement is 14.25%, below بيت القهوة (20%); 1 of the 2 competitors you follow engage more. " +
        "On Instagram, your competitors post about desserts, brunch, which you have not posted about lately.",
    );
    expect(plain(r.body.summary.ar)).toBe(
      "على إنستغرام، عدد متابعيك ٢٬٠٠٠، أقل من Cafe X (١٢٬٥٠٠)؛ ويتقدّم عليك ١ من أصل ٢ من المنافسين الذين تتابعهم. " +
        "على إنستغرام، تنشر ٠٫٥ مرة في الأسبوع، أقل من Cafe X (٦)؛ و١ من أصل ٢ من المنافسين الذين تتابعهم ينشرون أكثر منك. " +
        "على إنستغرام، متوسط التفاعل لديك ١٤٫٢٥٪؜، أقل من بيت القهوة (٢٠٪؜)؛ و١ من أصل ٢ من المنافسين الذين تتابعهم يحققون تفاعلًا أعلى. " +
        "على إنستغرام، ينشر منافسوك عن desserts، brunch، ولم تنشر عنها مؤخرًا.",
    );
    expect(r.body.summary.points[0]).toEqual({
      key: "competitorSummaryFollowersTrailMany",
      platform: "instagram",
      metric: "followers",
      own: 2000,
      theirs: 12500,
      name: "Cafe X",
      ahead: 1,
      total: 2,
    });

    const g = await gql(
      app.base,
      `{ competitorBenchmark { days own { platform followers postsPerWeek avgEngagement simulated } summary { key platform metric own theirs name ahead total themes } summaryEn competitors { competitor { name } latest { followers } history { day } } } }`,
      {},
      a.token,
    );
    expect(g.data.competitorBenchmark.own).toEqual([
      { platform: "INSTAGRAM", followers: 2000, postsPerWeek: 0.5, avgEngagement: 14.25, simulated: false },
    ]);
    expect(g.data.competitorBenchmark.summary[3]).toEqual({
      key: "competitorSummaryThemes",
      platform: "INSTAGRAM",
      metric: null,
      own: null,
      theirs: null,
      name: null,
      ahead: null,
      total: null,
      themes: ["desserts", "brunch"],
    });
    expect(g.data.competitorBenchmark.summaryEn).toBe(r.body.summary.en);
  });

  test("no competitor read yet: the summary says how to start", async () => {
    const b = await business();
    const r = await call(app.base, "GET", "/api/competitors/benchmark", { token: b.token, lang: "ar" });
    expect(r.body).toMatchObject({
      own: [],
      competitors: [],
      summary: {
        points: [{ key: "competitorSummaryNoSnapshots" }],
        en: "Add your competitors' figures (by hand, from a CSV file or from Instagram) to see where you lead and where you trail.",
      },
    });
  });
});
