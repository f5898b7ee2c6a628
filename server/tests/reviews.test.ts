// Customer reviews over real HTTP and Postgres: entering and importing reviews (CSV with good, bad,
// duplicate and Arabic rows, as a text body, a multipart file and through GraphQL), reading them on
// save (language, sentiment, topics), suggested replies in the review's language and sentiment,
// the reply's state machine, the counts, tenancy (another business's review is NOT_FOUND through
// every door) and validation messages in English and Arabic.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { addDays, kuwaitDate } from "@sufra/schema";
import { adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** An approved business, signed in; its Arabic name set as the profile screen would. */
async function business(nameAr: string | null = null) {
  const c = await registeredClient(app.base, { over: { company_name: "Dar Al Qahwa" } });
  if (nameAr) await app.sufra.deps.db.business.update({ where: { id: c.businessId }, data: { nameAr } });
  const login = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  return { ...c, token: login.body.access_token as string };
}

/** POSTs a CSV: as a text/csv body, or as a multipart file in the field `file`. */
async function importCsv(token: string, csv: string | Uint8Array, opts: { lang?: string; multipart?: boolean } = {}) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}`, accept: "application/json" };
  if (opts.lang) headers["accept-language"] = opts.lang;
  let body: BodyInit;
  if (opts.multipart) {
    const form = new FormData();
    form.append(
      "file",
      new Blob([typeof csv === "string" ? csv : new Uint8Array(csv)], { type: "text/csv" }),
      "reviews.csv",
    );
    body = form;
  } else {
    headers["content-type"] = "text/csv; charset=utf-8";
    body = typeof csv === "string" ? csv : new Uint8Array(csv);
  }
  const r = await fetch(`${app.base}/api/reviews/import`, { method: "POST", headers, body });
  return { status: r.status, body: (await r.json()) as any };
}

const hasLatin = (s: string) => /[A-Za-z]/.test(s);
const hasArabic = (s: string) => /\p{Script=Arabic}/u.test(s);
const REVIEW_FIELDS =
  "id source author rating text language reviewedAt sentiment intent topics reply status approvedAt repliedAt";

describe("entering a review by hand", () => {
  test("REST: 201 with the review read on save; the same review again is the same review (200, duplicate)", async () => {
    const b = await business();
    const body = {
      source: "talabat",
      author: "Ahmad",
      rating: 1,
      text: "The delivery took 2 hours and the food arrived cold.",
      reviewed_at: "2026-01-10",
    };
    const r = await call(app.base, "POST", "/api/reviews", { token: b.token, body });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      source: "talabat",
      author: "Ahmad",
      rating: 1,
      language: "en",
      reviewed_at: "2026-01-10",
      sentiment: "negative",
      intent: "complaint",
      topics: ["food", "delivery"],
      reply: null,
      status: "new",
      approved_at: null,
      replied_at: null,
      duplicate: false,
    });
    const again = await call(app.base, "POST", "/api/reviews", {
      token: b.token,
      body: { ...body, author: "ahmad ", text: "The delivery took 2 hours and the food  arrived cold." },
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: r.body.id, duplicate: true });
    expect((await call(app.base, "GET", "/api/reviews", { token: b.token })).body.total).toBe(1);
  });

  test("GraphQL: an Arabic review is read as Arabic, negative, about food and delivery", async () => {
    const b = await business();
    const g = await gql(
      app.base,
      `mutation ($input: ReviewInput!) { createReview(input: $input) { ${REVIEW_FIELDS} } }`,
      {
        input: {
          source: "TALABAT",
          author: "أم محمد",
          rating: 2,
          text: "الأكل وصل بارد والتوصيل متأخر وايد",
          reviewedAt: "2026-01-12",
        },
      },
      b.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.createReview).toMatchObject({
      source: "TALABAT",
      author: "أم محمد",
      language: "AR",
      sentiment: "NEGATIVE",
      intent: "COMPLAINT",
      topics: ["FOOD", "DELIVERY"],
      status: "NEW",
      reviewedAt: "2026-01-12",
    });
  });

  test("validation: each field's message, in English and in Arabic, through both doors", async () => {
    const b = await business();
    const tomorrow = addDays(kuwaitDate(), 1);
    const en = await call(app.base, "POST", "/api/reviews", {
      token: b.token,
      body: { source: "myspace", author: "", rating: 6, text: "", reviewed_at: tomorrow },
    });
    expect(en.status).toBe(400);
    expect(en.body.code).toBe("VALIDATION_ERROR");
    expect(en.body.details).toEqual({
      source: ["Choose where the review was posted"],
      author: ["Enter the reviewer's name"],
      rating: ["Rating must be a whole number from 1 to 5"],
      text: ["Enter what the customer wrote"],
      reviewed_at: ["The review's date cannot be in the future"],
    });
    const ar = await call(app.base, "POST", "/api/reviews", {
      token: b.token,
      lang: "ar",
      body: { source: "google", author: "Ali", rating: 0, text: "x".repeat(2001), reviewed_at: "2026-02-30" },
    });
    expect(ar.status).toBe(400);
    expect(ar.body.details).toEqual({
      rating: ["يجب أن يكون التقييم عددًا صحيحًا من ١ إلى ٥"],
      text: ["يجب ألا يزيد نص التقييم على ٢٠٠٠ حرف"],
      reviewed_at: ["أدخل تاريخ التقييم بالصيغة YYYY-MM-DD أو DD/MM/YYYY"],
    });
    expect(ar.body.message).toMatch(/^فشل التحقق من البيانات/);
    const g = await gql(
      app.base,
      `mutation ($input: ReviewInput!) { createReview(input: $input) { id } }`,
      { input: { source: "GOOGLE", author: " ", rating: 3, text: "ok", reviewedAt: "2026-01-01" } },
      b.token,
      "ar",
    );
    expect(g.errors![0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { author: ["أدخل اسم كاتب التقييم"] },
    });
  });

  test("a person without a business, and nobody signed in, are refused", async () => {
    expect((await call(app.base, "GET", "/api/reviews")).status).toBe(401);
    expect((await call(app.base, "GET", "/api/reviews", { token: await adminToken(app.base) })).status).toBe(403);
    const g = await gql(app.base, "{ reviewStats { unanswered } }");
    expect(g.errors![0].extensions.code).toBe("UNAUTHENTICATED");
  });
});

describe("CSV import", () => {
  const header = "source,author,rating,text,date";
  const good = [
    'google,Fatma,5,"Loved the pistachio kunafa, and the staff were so friendly!",2026-01-05',
    'طلبات,أم محمد,2,"الأكل وصل بارد،\nوالتوصيل متأخر وايد",06/01/2026',
    "instagram,Bader,3,Food was ok but a bit expensive.,2026-01-07",
  ];
  const bad = [
    "google,Ali,7,Too many stars,2026-01-08", // line 6
    ",,4,No author,2026-13-01", // line 7
  ];
  const csv = [header, ...good, ...bad, good[0]].join("\r\n");

  test("good rows are imported, bad rows reported by line in the person's language, a repeated row is a duplicate; importing again imports nothing", async () => {
    const b = await business();
    const r = await importCsv(b.token, csv, { lang: "ar" });
    expect(r.status).toBe(200);
    expect(r.body.imported).toBe(3);
    expect(r.body.duplicates).toBe(1);
    expect(r.body.errors).toEqual([
      { line: 6, messages: ["التقييم: يجب أن يكون التقييم عددًا صحيحًا من ١ إلى ٥"] },
      {
        line: 7,
        messages: ["الكاتب: أدخل اسم كاتب التقييم", "التاريخ: أدخل تاريخ التقييم بالصيغة YYYY-MM-DD أو DD/MM/YYYY"],
      },
    ]);
    const list = await call(app.base, "GET", "/api/reviews?limit=10", { token: b.token });
    expect(list.body.reviews.map((x: { author: string }) => x.author)).toEqual(["Bader", "أم محمد", "Fatma"]);
    const arabic = list.body.reviews[1];
    expect(arabic).toMatchObject({
      source: "talabat",
      rating: 2,
      language: "ar",
      sentiment: "negative",
      topics: ["food", "delivery"],
      reviewed_at: "2026-01-06",
      text: "الأكل وصل بارد،\nوالتوصيل متأخر وايد",
    });

    const again = await importCsv(b.token, csv);
    expect(again.body).toMatchObject({ imported: 0, duplicates: 4 });
    expect(again.body.errors[0]).toEqual({ line: 6, messages: ["Rating: Rating must be a whole number from 1 to 5"] });
  });

  test("a multipart file with Arabic headers and a byte-order mark; a UTF-16 spreadsheet export", async () => {
    const b = await business();
    const arabicHeaders =
      "\ufeffالمصدر,الكاتب,التقييم,النص,التاريخ\nقوقل,خالد,٥,الكنافة وايد زين والخدمة ممتازة,2026-01-09\n";
    const r = await importCsv(b.token, arabicHeaders, { multipart: true });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ imported: 1, duplicates: 0, errors: [] });
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from("author,rating,text,date\nSara,4,Nice place,2026-01-10\n", "utf16le"),
    ]);
    expect((await importCsv(b.token, utf16, { multipart: true })).body).toEqual({
      imported: 1,
      duplicates: 0,
      errors: [],
    });
    const list = await call(app.base, "GET", "/api/reviews", { token: b.token });
    expect(list.body.reviews.map((x: { source: string; rating: number }) => [x.source, x.rating])).toEqual([
      ["other", 4],
      ["google", 5],
    ]);
  });

  test("a file that cannot be read is refused as a whole, saying why, in Arabic too", async () => {
    const b = await business();
    const missing = await importCsv(b.token, "name,stars\nAli,4\n", { lang: "ar" });
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual({
      file: ["يجب أن يسمّي الصف الأول الأعمدة: الكاتب، التقييم، النص، التاريخ (المصدر اختياري)"],
    });
    const empty = await importCsv(b.token, `${header}\n`);
    expect(empty.body.details).toEqual({ file: ["The file has no reviews under its header row"] });
    const notText = await importCsv(b.token, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xc3, 0x28, 0xa0]), {
      multipart: true,
    });
    expect(notText.body.details).toEqual({
      file: ["This is not a CSV text file. Save the sheet as CSV (UTF-8) and try again"],
    });
    const big = `${header}\ngoogle,Ali,4,"${"a".repeat(1024 * 1024)}",2026-01-01\n`;
    expect((await importCsv(b.token, big, { multipart: true })).body.details).toEqual({
      file: ["The file can be at most 1 MB. Split it into smaller files"],
    });
  });

  test("GraphQL importReviews answers the same counts", async () => {
    const b = await business();
    const g = await gql(
      app.base,
      "mutation ($csv: String!) { importReviews(csv: $csv) { imported duplicates errors { line messages } } }",
      { csv },
      b.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.importReviews).toMatchObject({ imported: 3, duplicates: 1, errors: [{ line: 6 }, { line: 7 }] });
  });
});

describe("suggested replies", () => {
  test("an English complaint about delivery and food: an English apology answering both, inviting contact with the business; the status stays new", async () => {
    const b = await business("دار القهوة");
    const created = await call(app.base, "POST", "/api/reviews", {
      token: b.token,
      body: {
        source: "deliveroo",
        author: "Ahmad",
        rating: 1,
        text: "Delivery took 2 hours and the food arrived cold.",
        reviewed_at: "2026-01-10",
      },
    });
    const r = await call(app.base, "POST", `/api/reviews/${created.body.id}/suggest-reply`, {
      token: b.token,
      body: { seed: 5 },
    });
    expect(r.status).toBe(200);
    expect(r.body.status).toBe("new");
    expect(hasArabic(r.body.reply)).toBe(false);
    expect(r.body.reply).toMatch(/^(Dear|Hello) Ahmad,/);
    expect(r.body.reply).toMatch(/sorry|apologise/i);
    expect(r.body.reply).toMatch(/delivery times/);
    expect(r.body.reply).toMatch(/kitchen team/);
    expect(r.body.reply).toContain("Dar Al Qahwa");
    // the same seed, the same reply
    const again = await call(app.base, "POST", `/api/reviews/${created.body.id}/suggest-reply`, {
      token: b.token,
      body: { seed: 5 },
    });
    expect(again.body.reply).toBe(r.body.reply);
  });

  test("an Arabic complaint: an Arabic apology with the business's Arabic name; an Arabic compliment: thanks naming what was praised", async () => {
    const b = await business("دار القهوة");
    const q = `mutation ($input: ReviewInput!) { createReview(input: $input) { id } }`;
    const neg = await gql(
      app.base,
      q,
      {
        input: {
          source: "TALABAT",
          author: "أم محمد",
          rating: 2,
          text: "الأكل وصل بارد والتوصيل متأخر وايد، للأسف",
          reviewedAt: "2026-01-12",
        },
      },
      b.token,
    );
    const g = await gql(
      app.base,
      `mutation ($id: ID!) { suggestReviewReply(id: $id, seed: 3) { ${REVIEW_FIELDS} } }`,
      { id: neg.data.createReview.id },
      b.token,
    );
    const reply: string = g.data.suggestReviewReply.reply;
    expect(g.data.suggestReviewReply).toMatchObject({ status: "NEW", language: "AR", sentiment: "NEGATIVE" });
    expect(hasLatin(reply)).toBe(false);
    expect(reply).toContain("أم محمد");
    expect(reply).toMatch(/نعتذر|نأسف/);
    expect(reply).toContain("أوقات التوصيل");
    expect(reply).toContain("المطبخ");
    expect(reply).toContain("دار القهوة");

    const pos = await gql(
      app.base,
      q,
      {
        input: {
          source: "GOOGLE",
          author: "خالد",
          rating: 5,
          text: "الكنافة وايد زين والخدمة ممتازة",
          reviewedAt: "2026-01-12",
        },
      },
      b.token,
    );
    const p = await gql(
      app.base,
      `mutation ($id: ID!) { suggestReviewReply(id: $id, seed: 1) { reply sentiment } }`,
      { id: pos.data.createReview.id },
      b.token,
    );
    expect(p.data.suggestReviewReply.sentiment).toBe("POSITIVE");
    expect(p.data.suggestReviewReply.reply).toContain("الكنافة والخدمة");
    expect(p.data.suggestReviewReply.reply).not.toMatch(/نعتذر|نأسف/);
  });

  test("an English compliment is thanked for what it praised", async () => {
    const b = await business();
    const created = await call(app.base, "POST", "/api/reviews", {
      token: b.token,
      body: {
        source: "google",
        author: "Fatma",
        rating: 5,
        text: "Loved the pistachio kunafa and the staff were so friendly!",
        reviewed_at: "2026-01-05",
      },
    });
    const r = await call(app.base, "POST", `/api/reviews/${created.body.id}/suggest-reply`, {
      token: b.token,
      body: { seed: 1 },
    });
    expect(r.body.reply).toContain("the pistachio kunafa and the service");
    expect(r.body.reply).not.toMatch(/sorry|apolog/i);
  });
});

describe("the reply's states and the counts", () => {
  test("approve needs a reply; suggest, approve, edit (back to new), approve, mark replied; no going round twice", async () => {
    const b = await business();
    const id = (
      await call(app.base, "POST", "/api/reviews", {
        token: b.token,
        body: {
          source: "google",
          author: "Noura",
          rating: 4,
          text: "Great karak, friendly staff",
          reviewed_at: "2026-01-03",
        },
      })
    ).body.id;
    const noReply = await call(app.base, "POST", `/api/reviews/${id}/approve`, { token: b.token, lang: "ar" });
    expect(noReply.status).toBe(400);
    expect(noReply.body.details).toEqual({ reply: ["اكتب ردًا أولًا"] });

    await call(app.base, "POST", `/api/reviews/${id}/suggest-reply`, { token: b.token });
    const approved = await call(app.base, "POST", `/api/reviews/${id}/approve`, { token: b.token });
    expect(approved.body).toMatchObject({ status: "approved" });
    expect(Date.parse(approved.body.approved_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await call(app.base, "POST", `/api/reviews/${id}/approve`, { token: b.token })).body.code).toBe(
      "INVALID_STATE",
    );

    const edited = await call(app.base, "PUT", `/api/reviews/${id}/reply`, {
      token: b.token,
      body: { reply: "  Thank you, Noura! See you soon.  " },
    });
    expect(edited.body).toMatchObject({ reply: "Thank you, Noura! See you soon.", status: "new", approved_at: null });
    const tooLong = await call(app.base, "PUT", `/api/reviews/${id}/reply`, {
      token: b.token,
      body: { reply: "a".repeat(1001) },
    });
    expect(tooLong.body.details).toEqual({ reply: ["A reply can have at most 1,000 characters"] });

    const g = await gql(
      app.base,
      `mutation ($id: ID!) { approveReviewReply(id: $id) { status approvedAt } }`,
      { id },
      b.token,
    );
    expect(g.data.approveReviewReply.status).toBe("APPROVED");
    const replied = await gql(
      app.base,
      `mutation ($id: ID!) { markReviewReplied(id: $id) { status repliedAt reply } }`,
      { id },
      b.token,
    );
    expect(replied.data.markReviewReplied).toMatchObject({
      status: "REPLIED",
      reply: "Thank you, Noura! See you soon.",
    });
    expect(replied.data.markReviewReplied.repliedAt).toBeTruthy();
    const twice = await gql(app.base, `mutation ($id: ID!) { markReviewReplied(id: $id) { status } }`, { id }, b.token);
    expect(twice.errors![0].extensions.reason).toBe("INVALID_STATE");
    expect((await call(app.base, "POST", `/api/reviews/${id}/suggest-reply`, { token: b.token })).status).toBe(409);
  });

  test("unanswered counts, filters and stats through both doors; delete", async () => {
    const b = await business();
    const csv = [
      "source,author,rating,text,date",
      "google,A,5,Amazing coffee,2026-01-01",
      "google,B,1,Rude staff and dirty tables,2026-01-02",
      "talabat,C,3,It was ok,2026-01-03",
      "google,D,4,Nice,2026-01-04",
    ].join("\n");
    await importCsv(b.token, csv);
    const all = await call(app.base, "GET", "/api/reviews", { token: b.token });
    const byAuthor = Object.fromEntries(all.body.reviews.map((x: { author: string; id: string }) => [x.author, x.id]));
    await call(app.base, "POST", `/api/reviews/${byAuthor.A}/replied`, { token: b.token });
    await call(app.base, "POST", `/api/reviews/${byAuthor.B}/suggest-reply`, { token: b.token });
    await call(app.base, "POST", `/api/reviews/${byAuthor.B}/approve`, { token: b.token });

    const unanswered = await call(app.base, "GET", "/api/reviews?status=unanswered", { token: b.token });
    expect(unanswered.body.reviews.map((x: { author: string }) => x.author)).toEqual(["D", "C", "B"]);
    expect(unanswered.body).toMatchObject({ total: 3, unanswered: 3, page: 1, limit: 20, pages: 1 });
    expect((await call(app.base, "GET", "/api/reviews?status=replied", { token: b.token })).body).toMatchObject({
      total: 1,
      unanswered: 3,
    });
    expect(
      (await call(app.base, "GET", "/api/reviews?status=approved", { token: b.token })).body.reviews.map(
        (x: { author: string }) => x.author,
      ),
    ).toEqual(["B"]);
    expect(
      (await call(app.base, "GET", "/api/reviews?sentiment=negative", { token: b.token })).body.reviews.map(
        (x: { author: string }) => x.author,
      ),
    ).toEqual(["B"]);
    expect(
      (await call(app.base, "GET", "/api/reviews?rating=3", { token: b.token })).body.reviews.map(
        (x: { author: string }) => x.author,
      ),
    ).toEqual(["C"]);
    const badFilter = await call(app.base, "GET", "/api/reviews?status=archived", { token: b.token, lang: "ar" });
    expect(badFilter.body.details).toEqual({ status: ["حالة غير معروفة"] });

    const stats = await call(app.base, "GET", "/api/reviews/stats", { token: b.token });
    expect(stats.body).toEqual({
      total: 4,
      unanswered: 3,
      new: 2,
      approved: 1,
      replied: 1,
      positive: 2,
      neutral: 1,
      negative: 1,
      average_rating: 3.25,
    });
    const g = await gql(
      app.base,
      `{ reviewStats { unanswered averageRating } reviews(status: UNANSWERED, first: 2) { totalCount unansweredCount edges { node { author } } pageInfo { hasNextPage endCursor } } }`,
      {},
      b.token,
    );
    expect(g.data.reviewStats).toEqual({ unanswered: 3, averageRating: 3.25 });
    expect(g.data.reviews).toMatchObject({
      totalCount: 3,
      unansweredCount: 3,
      edges: [{ node: { author: "D" } }, { node: { author: "C" } }],
      pageInfo: { hasNextPage: true },
    });
    const next = await gql(
      app.base,
      `query ($after: String) { reviews(status: UNANSWERED, first: 2, after: $after) { edges { node { author } } pageInfo { hasNextPage } } }`,
      { after: g.data.reviews.pageInfo.endCursor },
      b.token,
    );
    expect(next.data.reviews).toEqual({ edges: [{ node: { author: "B" } }], pageInfo: { hasNextPage: false } });

    expect((await call(app.base, "DELETE", `/api/reviews/${byAuthor.D}`, { token: b.token })).body).toEqual({
      id: byAuthor.D,
      deleted: true,
    });
    const del = await gql(app.base, `mutation ($id: ID!) { deleteReview(id: $id) }`, { id: byAuthor.C }, b.token);
    expect(del.data.deleteReview).toBe(byAuthor.C);
    expect((await call(app.base, "GET", "/api/reviews/stats", { token: b.token })).body).toMatchObject({
      total: 2,
      unanswered: 1,
    });
  });
});

describe("tenancy", () => {
  test("another business can neither see nor change a review: NOT_FOUND through every door", async () => {
    const owner = await business();
    const other = await business();
    const id = (
      await call(app.base, "POST", "/api/reviews", {
        token: owner.token,
        body: { source: "google", author: "Ali", rating: 2, text: "Cold food", reviewed_at: "2026-01-02" },
      })
    ).body.id;
    for (const [method, path, body] of [
      ["GET", `/api/reviews/${id}`, undefined],
      ["PUT", `/api/reviews/${id}/reply`, { reply: "Hello" }],
      ["POST", `/api/reviews/${id}/suggest-reply`, {}],
      ["POST", `/api/reviews/${id}/approve`, undefined],
      ["POST", `/api/reviews/${id}/replied`, undefined],
      ["DELETE", `/api/reviews/${id}`, undefined],
    ] as const) {
      const r = await call(app.base, method, path, { token: other.token, body });
      expect([path, r.status, r.body.code]).toEqual([path, 404, "NOT_FOUND"]);
    }
    for (const q of [
      `query ($id: ID!) { review(id: $id) { id } }`,
      `mutation ($id: ID!) { approveReviewReply(id: $id) { id } }`,
      `mutation ($id: ID!) { updateReviewReply(id: $id, reply: "x") { id } }`,
    ]) {
      const g = await gql(app.base, q, { id }, other.token);
      expect(g.errors![0].extensions.code).toBe("NOT_FOUND");
    }
    expect((await call(app.base, "GET", "/api/reviews", { token: other.token })).body).toMatchObject({
      total: 0,
      unanswered: 0,
    });
    expect((await call(app.base, "GET", "/api/reviews/not-a-uuid", { token: other.token })).status).toBe(404);
    // untouched for its owner
    expect((await call(app.base, "GET", `/api/reviews/${id}`, { token: owner.token })).body).toMatchObject({
      status: "new",
      reply: null,
    });
  });

  test("the same review imported by two businesses is one review each", async () => {
    const a = await business();
    const b = await business();
    const csv = "author,rating,text,date\nAli,4,Nice,2026-01-01\n";
    expect((await importCsv(a.token, csv)).body.imported).toBe(1);
    expect((await importCsv(b.token, csv)).body.imported).toBe(1);
  });
});
