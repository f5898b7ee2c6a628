// Control characters in any text are a 400 naming the field (Postgres refuses a NUL byte: it was a 500),
// at both doors, in the person's language; a raw value that reaches Postgres some other way is a 400 too.
// While the database is down, both doors answer 503 in the catalogue's words.
import { describe, expect, test } from "@jest/globals";
import { renderMail } from "../src/mail/templates.ts";
import { refreshDailyMetrics } from "../src/modules/analytics/daily-metrics.ts";
import { renderInvoicePdf } from "../src/modules/billing/invoice-pdf.ts";
import { connectedAccount } from "./support/analytics.ts";
import { adminToken, call, gql, signedInBusiness, startTestApp } from "./support/app.ts";
import { outageOf } from "./support/outage.ts";
import { appForFile } from "./support/per-file.ts";
import { readPdf } from "./support/pdf.ts";

const NUL = "\u0000";
const app = appForFile();

describe("control characters", () => {
  test("login, register and forgot-password: 400 naming the field, in English and Arabic", async () => {
    const login = await call(app.base, "POST", "/api/auth/login", {
      body: { email: `a${NUL}@b.kw`, password: "Saffron#2026" },
    });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({
      code: "VALIDATION_ERROR",
      message: "Validation failed: email: Contains characters that are not allowed (control characters)",
      details: { email: ["Contains characters that are not allowed (control characters)"] },
    });

    const register = await call(app.base, "POST", "/api/auth/register", {
      lang: "ar",
      body: {
        email: "nul@example.kw",
        password: "Saffron#2026",
        company_name: `Dar${NUL}`,
        contact_name: "Noura",
        phone: "+96555551234",
      },
    });
    expect(register.status).toBe(400);
    expect(register.body.details).toEqual({ company_name: ["يحتوي على رموز غير مسموح بها (رموز تحكم)"] });

    const forgot = await call(app.base, "POST", "/api/auth/forgot-password", { body: { email: `a@b.kw${NUL}` } });
    expect(forgot.status).toBe(400);
    expect(forgot.body.details).toEqual({ email: ["Contains characters that are not allowed (control characters)"] });
  });

  test("profile, menu, API-key name and campaign, at both doors", async () => {
    const c = await signedInBusiness(app.base);
    const profile = await call(app.base, "PUT", "/api/auth/profile", {
      token: c.token,
      body: { company_name: `Dar${NUL}` },
    });
    expect(profile.status).toBe(400);
    expect(Object.keys(profile.body.details)).toEqual(["company_name"]);
    const menu = await call(app.base, "POST", "/api/business-profile/menu", {
      token: c.token,
      body: { name: `Latte${NUL}` },
    });
    expect(menu.status).toBe(400);
    expect(Object.keys(menu.body.details)).toEqual(["name"]);
    const key = await call(app.base, "POST", "/api/api-keys", { token: c.token, body: { name: `Till${NUL}` } });
    expect(key.status).toBe(400);
    const campaign = await call(app.base, "POST", "/api/campaigns", {
      token: c.token,
      body: { name: `Eid${NUL}`, goal: "awareness", start_date: "2026-03-01", end_date: "2026-03-05" },
    });
    expect(campaign.status).toBe(400);
    expect(Object.keys(campaign.body.details)).toContain("name");

    const g = await gql(
      app.base,
      "mutation($n: String!) { updateProfile(input: { name: $n }) { id } }",
      { n: `Noura${NUL}` },
      c.token,
      "ar",
    );
    expect(g.errors?.[0].extensions).toEqual({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { name: ["يحتوي على رموز غير مسموح بها (رموز تحكم)"] },
    });
    const gl = await gql(
      app.base,
      'mutation($e: String!) { login(email: $e, password: "Saffron#2026") { accessToken } }',
      { e: `a${NUL}@b.kw` },
    );
    expect(gl.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });

  test("line breaks where a person writes lines are kept; in a name they are refused", async () => {
    const c = await signedInBusiness(app.base);
    const ok = await call(app.base, "PUT", "/api/auth/profile", {
      token: c.token,
      body: { address: "Block 1\nStreet 2" },
    });
    expect(ok.status).toBe(200);
    const name = await call(app.base, "PUT", "/api/auth/profile", { token: c.token, body: { name: "Noura\u0007" } });
    expect(name.status).toBe(400);
  });

  test("a NUL in a search parameter or a URL id never reaches Postgres as a 500", async () => {
    const admin = await adminToken(app.base);
    const search = await call(app.base, "GET", "/api/admin/clients?search=a%00b", { token: admin });
    expect(search.status).toBe(400);
    expect(search.body.code).toBe("VALIDATION_ERROR");
    const c = await signedInBusiness(app.base);
    expect((await call(app.base, "GET", "/api/posts?search=a%00b", { token: c.token })).status).toBe(400);
    expect((await call(app.base, "GET", "/api/admin/clients/a%00b", { token: admin })).status).toBeLessThan(500);
    expect((await call(app.base, "GET", "/api/campaigns/a%00b", { token: c.token })).status).toBeLessThan(500);
    const g = await gql(app.base, "query($s: String) { clients(search: $s) { totalCount } }", { s: `a${NUL}` }, admin);
    expect(g.errors?.[0].extensions.code).toBe("BAD_USER_INPUT");
  });
});

// A right-to-left override (U+202E) shows the letters after it reversed: "Probe \u202Edetnuocsid%05\u202C LLC"
// reads "Probe 50%discounted LLC". A line separator (U+2028) breaks a mail's subject.
const OVERRIDDEN = "Probe \u202Edetnuocsid%05\u202C LLC";
const AS_STORED = "Probe detnuocsid%05 LLC";
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u2028\u2029]/;

describe("bidi overrides and separators", () => {
  test("refused in one-line texts at both doors, in both languages; the marks Arabic uses are kept", async () => {
    const register = await call(app.base, "POST", "/api/auth/register", {
      lang: "ar",
      body: {
        email: "rlo@example.kw",
        password: "Saffron#2026",
        company_name: OVERRIDDEN,
        contact_name: "Noura",
        phone: "+96555551234",
      },
    });
    expect(register.status).toBe(400);
    expect(register.body.details).toEqual({ company_name: ["يحتوي على رموز غير مسموح بها (رموز تحكم)"] });

    const c = await signedInBusiness(app.base);
    const campaign = await call(app.base, "POST", "/api/campaigns", {
      token: c.token,
      body: { name: "Eid \u2067sale\u2069", goal: "awareness", start_date: "2026-03-01", end_date: "2026-03-05" },
    });
    expect(campaign.status).toBe(400);
    expect(campaign.body.details.name).toEqual(["Contains characters that are not allowed (control characters)"]);
    const profile = await call(app.base, "PUT", "/api/auth/profile", {
      token: c.token,
      body: { name: "Noura\u2028Bcc: x@y.kw" },
    });
    expect(profile.status).toBe(400);
    expect(Object.keys(profile.body.details)).toEqual(["name"]);
    const g = await gql(
      app.base,
      "mutation($n: String!) { updateProfile(input: { name: $n }) { id } }",
      { n: "Noura \u202Dx" },
      c.token,
      "ar",
    );
    expect(g.errors?.[0].extensions).toEqual({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { name: ["يحتوي على رموز غير مسموح بها (رموز تحكم)"] },
    });

    const arabic = await call(app.base, "PUT", "/api/auth/profile", {
      token: c.token,
      body: { name: "\u061Cنورة\u200F \u200E+965" },
    });
    expect(arabic.status).toBe(200);
  });

  test("a mail isolates each person's text (FSI ... PDI), without overrides or line breaks of its own", () => {
    const m = renderMail(
      "invitation",
      {
        inviterName: "Ali\u2028Bcc: x@y.kw",
        businessName: OVERRIDDEN,
        role: "owner",
        expiresAt: new Date("2026-03-08T09:00:00Z"),
        url: "http://sufra.test/invite?token=t",
      },
      "en",
    );
    expect(m.subject).toBe(
      `\u2068Ali Bcc: x@y.kw\u2069 invited you to \u2068${AS_STORED}\u2069 on Sufra | دعاك \u2068Ali Bcc: x@y.kw\u2069 للانضمام إلى \u2068${AS_STORED}\u2069 في سفرة`,
    );
    expect(m.text).toContain(`join \u2068${AS_STORED}\u2069 on Sufra`);
    expect(m.html).toContain(`join \u2068${AS_STORED}\u2069 on Sufra`);
    expect(m.text.replace(/[\u2068\u2069]/g, "")).not.toMatch(BIDI_CONTROLS);
  });

  test("an invoice shows a legal name stored with an override as it was typed, not reversed", async () => {
    const bytes = await renderInvoicePdf({
      kind: "invoice",
      number: "INV-2026-000009",
      issuedAt: new Date("2026-03-01T09:00:00Z"),
      relatesTo: null,
      seller: {
        name: { en: "Sufra", ar: "سفرة" },
        address: { en: "Kuwait City", ar: "مدينة الكويت" },
        email: "billing@sufra.example",
      },
      buyer: { legalName: OVERRIDDEN, address: "Block 3\u2028\u202ESalmiya", email: "owner@probe.example" },
      lines: [{ description: { en: "Growth plan, monthly", ar: "باقة النمو الشهرية" }, amountFils: 15000 }],
      totalFils: 15000,
      currency: "KWD",
      payment: null,
      status: "due",
      locale: "en",
      digits: "latin",
    });
    const read = await readPdf(bytes);
    expect(read.text).toContain(AS_STORED);
    expect(read.text).not.toContain("50%discounted");
    // the separator is a line break, the override gone
    expect(read.pages[0]!.ltr).toEqual(expect.arrayContaining(["Block 3", "Salmiya"]));
    expect(read.text).not.toContain("ayimlaS");
  });

  test("the analytics files (CSV, workbook, PDF) show such a name and caption as typed; a formula stays text", async () => {
    const c = await signedInBusiness(app.base);
    const db = app.sufra.deps.db;
    // stored before the rule: straight into the table
    await db.business.update({ where: { id: c.businessId }, data: { companyName: OVERRIDDEN } });
    const ig = await connectedAccount(app, c.businessId, "instagram");
    const publishedAt = new Date("2026-03-04T09:00:00Z");
    await db.post.create({
      data: {
        businessId: c.businessId,
        status: "published",
        content: '\u202E=HYPERLINK("http://x.example")\u2028more',
        publishedAt,
        targets: {
          create: [
            {
              accountId: ig.id,
              platform: "instagram",
              status: "published",
              publishedAt,
              externalId: "ext-rlo",
              reach: 10,
              views: 20,
              likes: 3,
              comments: 1,
              shares: 0,
              metricsAt: new Date(),
            },
          ],
        },
      },
    });
    await refreshDailyMetrics(db, c.businessId, ["2026-03-04"]);
    const get = async (format: string) =>
      Buffer.from(
        await (
          await fetch(
            `${app.base}/api/analytics/export?format=${format}&client_id=${c.businessId}&from=2026-03-01&to=2026-03-10&lang=en`,
            { headers: { authorization: `Bearer ${c.token}` } },
          )
        ).arrayBuffer(),
      );

    const csv = (await get("csv")).toString("utf8");
    expect(csv).toContain(AS_STORED);
    expect(csv).not.toMatch(BIDI_CONTROLS);
    // the report's excerpt of the caption, on one line, its formula defused by the apostrophe
    expect(csv).toContain('"\'=HYPERLINK(""http://x.example"") more"');

    const { default: readExcelFile } = await import("read-excel-file/node");
    const sheets = await readExcelFile(await get("xlsx"));
    const summary = sheets.find((s) => s.sheet === "Summary")!.data;
    expect(summary[1]).toEqual(["Business", AS_STORED]);
    const cells = sheets.flatMap((s) => s.data.flat()).filter((v): v is string => typeof v === "string");
    expect(cells.filter((v) => BIDI_CONTROLS.test(v))).toEqual([]);
    expect(cells).toContain('=HYPERLINK("http://x.example") more');

    const pdf = await readPdf(await get("pdf"));
    expect(pdf.text).toContain(AS_STORED);
    expect(pdf.text).not.toContain("50%discounted");
  });
});

/** A step that must answer: one that does not fails with its name, not as the whole test's time-out. */
const within = <T>(step: string, p: Promise<T>, ms = 20_000): Promise<T> =>
  Promise.race([
    p,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${step}: no answer in ${ms} ms`)), ms).unref(),
    ),
  ]);

describe("the database down", () => {
  test("REST and GraphQL answer 503 in the catalogue's words; /api/health its documented 503", async () => {
    const down = await startTestApp();
    const outage = await outageOf(down.databaseUrl);
    const c = await within("signing in before the outage", signedInBusiness(down.base));
    try {
      await outage.begin();

      const login = await within(
        "REST login",
        call(down.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }),
      );
      expect(login.status).toBe(503);
      expect(login.body).toEqual({
        message: "The service is unavailable. Please try again later",
        code: "SERVICE_UNAVAILABLE",
      });
      const me = await within("REST me", call(down.base, "GET", "/api/auth/me", { token: c.token, lang: "ar" }));
      expect(me.status).toBe(503);
      expect(me.body).toEqual({ message: "الخدمة غير متاحة. يرجى المحاولة لاحقًا", code: "SERVICE_UNAVAILABLE" });

      const anonymous = await within(
        "GraphQL login",
        call(down.base, "POST", "/graphql", {
          body: { query: 'mutation { login(email: "a@b.kw", password: "Saffron#2026") { accessToken } }' },
        }),
      );
      expect(anonymous.status).toBe(503);
      expect(anonymous.body.errors[0]).toMatchObject({
        message: "The service is unavailable. Please try again later",
        extensions: { reason: "SERVICE_UNAVAILABLE" },
      });
      const signedIn = await within(
        "GraphQL me",
        call(down.base, "POST", "/graphql", { token: c.token, body: { query: "{ me { id } }" } }),
      );
      expect(signedIn.status).toBe(503);
      expect(signedIn.body.errors[0]).toMatchObject({
        message: "The service is unavailable. Please try again later",
        extensions: { reason: "SERVICE_UNAVAILABLE" },
      });

      const health = await within("health", call(down.base, "GET", "/api/health"));
      expect(health.status).toBe(503);
      expect(health.body.database).toBe("down");
    } finally {
      await outage.close();
      await within("stopping the server after the outage", down.stop());
    }
  }, 60_000);
});
