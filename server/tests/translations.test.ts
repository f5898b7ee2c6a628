// Translations (docs/product.md#admin-dashboard, #rest-compatibility): seeded from the client's own texts, listed publicly by
// category, changed in bulk by an admin (all or nothing, audited, announced), exported as a download.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import type { TranslationCategory, TranslationRow } from "@sufra/schema";
import { ADMIN, adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

const seedFile: TranslationRow[] = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../schema/translations.json"), "utf8"),
);
const bundled = (key: string) => seedFile.find((r) => r.key === key)!;
// two texts every client build has: the login title and the shared "Save"
const LOGIN_TITLE = seedFile.find((r) => r.key.startsWith("auth:") && r.en)!.key;
const SAVE = "common:actions.save";

let app: TestApp;
let admin: string;
let clientToken: string;
beforeAll(async () => {
  app = await startTestApp();
  admin = await adminToken(app.base);
  const c = await registeredClient(app.base);
  clientToken = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token;
});
afterAll(async () => {
  await app?.stop();
});

const list = async () =>
  (await call<{ categories: TranslationCategory[] }>(app.base, "GET", "/api/translations/list")).body.categories;
const rowOf = async (key: string) => (await list()).flatMap((c) => c.translations).find((t) => t.key === key);
const bulk = (updates: unknown, token: string | undefined = admin, lang?: string) =>
  call(app.base, "PUT", "/api/translations/bulk", { token, body: { updates }, lang });

describe("the texts are seeded from the client and listed publicly", () => {
  test("without a token: every extracted text, grouped by category, categories and keys in order", async () => {
    const r = await call<{ categories: TranslationCategory[] }>(app.base, "GET", "/api/translations/list");
    expect(r.status).toBe(200);
    const categories = r.body.categories;
    const names = categories.map((c) => c.name);
    expect(names).toEqual([...new Set(seedFile.map((s) => s.category))].sort());
    expect(names).toEqual(expect.arrayContaining(["auth", "common", "translations"]));
    for (const c of categories) {
      expect(c.translations.length).toBeGreaterThan(0);
      for (const t of c.translations) expect(t.key.startsWith(`${c.name}:`)).toBe(true);
      const keys = c.translations.map((t) => t.key);
      expect(keys).toEqual([...keys].sort());
    }
    expect(categories.flatMap((c) => c.translations)).toHaveLength(seedFile.length);
    const save = categories.find((c) => c.name === "common")!.translations.find((t) => t.key === SAVE);
    expect(save).toEqual({ key: SAVE, en: "Save", ar: bundled(SAVE).ar });
    expect(await rowOf("translations:saved")).toEqual({
      key: "translations:saved",
      en: "Translation saved successfully!",
      ar: bundled("translations:saved").ar,
    });
  });

  test("?edited=true (what a browser loads at start): none before an admin changes a text", async () => {
    const r = await call<{ categories: TranslationCategory[] }>(app.base, "GET", "/api/translations/list?edited=true");
    expect(r.status).toBe(200);
    expect(r.body.categories).toEqual([]);
  });

  test("GraphQL: the translations query, also without a token", async () => {
    const r = await gql(app.base, "{ translations { name translations { key category en ar } } }");
    expect(r.errors).toBeUndefined();
    const common = r.data.translations.find((c: { name: string }) => c.name === "common");
    expect(common.translations.find((t: { key: string }) => t.key === SAVE)).toEqual({
      key: SAVE,
      category: "common",
      en: "Save",
      ar: bundled(SAVE).ar,
    });
  });

  test("seeding again inserts only what is missing, also from two processes at once", async () => {
    const { db } = app.sufra.deps;
    await db.translation.deleteMany({ where: { key: { in: [SAVE, "translations:refresh"] } } });
    const counts = await Promise.all([app.sufra.services.translations.seed(), app.sufra.services.translations.seed()]);
    expect(counts[0] + counts[1]).toBe(2);
    expect(await db.translation.count()).toBe(seedFile.length);
    expect(await app.sufra.services.translations.seed()).toBe(0);
  });
});

describe("an admin changes texts in bulk", () => {
  test("English and Arabic of a key: saved, audited, announced, listed", async () => {
    const events = app.sufra.services.events.subscribe("translations.changed");
    const r = await bulk([
      { key: LOGIN_TITLE, locale: "en", value: "  Welcome back to Sufra  " },
      { key: LOGIN_TITLE, locale: "ar", value: "أهلًا بعودتك إلى سفرة" },
      { key: SAVE, locale: "ar", value: "احفظ" },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.updated).toBe(2);
    expect(r.body.translations).toEqual(
      [
        { key: LOGIN_TITLE, category: "auth", en: "Welcome back to Sufra", ar: "أهلًا بعودتك إلى سفرة" },
        { key: SAVE, category: "common", en: "Save", ar: "احفظ" },
      ].sort((a, b) => (a.key < b.key ? -1 : 1)),
    );
    expect(await rowOf(LOGIN_TITLE)).toEqual({
      key: LOGIN_TITLE,
      en: "Welcome back to Sufra",
      ar: "أهلًا بعودتك إلى سفرة",
    });

    expect((await events.next()).value).toEqual({ keys: 2 });
    await events.return!();

    const { db } = app.sufra.deps;
    const row = await db.translation.findUniqueOrThrow({ where: { key: LOGIN_TITLE } });
    const adminUser = await db.user.findUniqueOrThrow({ where: { email: ADMIN.email } });
    expect(row.updatedById).toBe(adminUser.id);
    const audits = await db.auditLog.findMany({ where: { entityType: "translation", entityId: LOGIN_TITLE } });
    expect(audits).toHaveLength(1);
    expect(audits[0].action).toBe("translation.updated");
    expect(audits[0].data).toEqual({
      en: { from: bundled(LOGIN_TITLE).en, to: "Welcome back to Sufra" },
      ar: { from: bundled(LOGIN_TITLE).ar, to: "أهلًا بعودتك إلى سفرة" },
    });
  });

  test("?edited=true then lists only the changed texts, by category", async () => {
    const r = await call<{ categories: TranslationCategory[] }>(app.base, "GET", "/api/translations/list?edited=true");
    expect(r.body.categories).toEqual([
      { name: "auth", translations: [{ key: LOGIN_TITLE, en: "Welcome back to Sufra", ar: "أهلًا بعودتك إلى سفرة" }] },
      { name: "common", translations: [{ key: SAVE, en: "Save", ar: "احفظ" }] },
    ]);
  });

  test("unknown key, bad language, empty or too long text: 400 with the field, and nothing is written", async () => {
    const before = await rowOf("translations:refresh");
    const r = await bulk([
      { key: "translations:refresh", locale: "en", value: "Reload" },
      { key: "auth:no.such.text", locale: "en", value: "Hello" },
      { key: "translations:refresh", locale: "fr", value: "Actualiser" },
      { key: "translations:refresh", locale: "ar", value: "   " },
      { key: "translations:refresh", locale: "ar", value: "ب".repeat(2001) },
    ]);
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.details).toEqual({
      "updates.2.locale": ["Language must be en or ar"],
      "updates.3.value": ["The text is required"],
      "updates.4.value": ["A text can have at most 2000 characters"],
    });
    expect(r.body.message).toBe(
      "Validation failed: updates.2.locale: Language must be en or ar; updates.3.value: The text is required; updates.4.value: A text can have at most 2000 characters",
    );
    expect(await rowOf("translations:refresh")).toEqual(before);

    // well-formed, but a key the table does not have: the valid change beside it is not written either
    const unknown = await bulk([
      { key: "translations:refresh", locale: "en", value: "Reload" },
      { key: "auth:no.such.text", locale: "en", value: "Hello" },
    ]);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual({ "updates.1.key": ["Unknown translation key"] });
    expect(await rowOf("translations:refresh")).toEqual(before);

    const ar = await bulk([{ key: "nonsense", locale: "en", value: "x" }], admin, "ar");
    expect(ar.status).toBe(400);
    expect(ar.body.details).toEqual({ "updates.0.key": ["مفتاح ترجمة غير معروف"] });

    for (const updates of [[], undefined, "all"]) {
      const bad = await bulk(updates);
      expect(bad.status).toBe(400);
      expect(bad.body.details).toEqual({ updates: ["Send from 1 to 1000 changes at a time"] });
    }
  });

  test("only an admin: a client gets 403, no token 401, and nothing changes", async () => {
    const before = await rowOf(SAVE);
    const r = await bulk([{ key: SAVE, locale: "en", value: "Keep" }], clientToken);
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ message: "You do not have permission to perform this action", code: "FORBIDDEN" });
    expect((await bulk([{ key: SAVE, locale: "en", value: "Keep" }], "")).status).toBe(401);
    expect(await rowOf(SAVE)).toEqual(before);
    expect((await call(app.base, "GET", "/api/translations/export", { token: clientToken })).status).toBe(403);
  });

  test("GraphQL: updateTranslations for an admin; refused to others; the same rules", async () => {
    const m = "mutation($u: [TranslationUpdateInput!]!) { updateTranslations(updates: $u) { key category en ar } }";
    const ok = await gql(app.base, m, { u: [{ key: "translations:refresh", locale: "EN", value: "Reload" }] }, admin);
    expect(ok.errors).toBeUndefined();
    expect(ok.data.updateTranslations).toEqual([
      { key: "translations:refresh", category: "translations", en: "Reload", ar: bundled("translations:refresh").ar },
    ]);
    expect((await rowOf("translations:refresh"))?.en).toBe("Reload");

    const refused = await gql(
      app.base,
      m,
      { u: [{ key: "translations:refresh", locale: "EN", value: "Nope" }] },
      clientToken,
    );
    expect(refused.errors?.[0].extensions.code).toBe("FORBIDDEN");
    const invalid = await gql(app.base, m, { u: [{ key: "translations:refresh", locale: "AR", value: "" }] }, admin);
    expect(invalid.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { "updates.0.value": ["The text is required"] },
    });
    expect((await rowOf("translations:refresh"))?.en).toBe("Reload");
  });
});

describe("export", () => {
  test("a translations.json download of every row, as the seed file has them", async () => {
    const res = await fetch(`${app.base}/api/translations/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="translations.json"');
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
    const rows = (await res.json()) as TranslationRow[];
    expect(rows).toHaveLength(seedFile.length);
    expect(rows.map((r) => r.key)).toEqual(seedFile.map((r) => r.key));
    expect(rows.find((r) => r.key === LOGIN_TITLE)).toEqual({
      key: LOGIN_TITLE,
      category: "auth",
      en: "Welcome back to Sufra",
      ar: "أهلًا بعودتك إلى سفرة",
    });
    expect(rows.find((r) => r.key === "translations:saved")).toEqual(bundled("translations:saved"));
  });
});

describe("a restart", () => {
  test("keeps an admin's edit and puts back a text that went missing", async () => {
    await app.sufra.deps.db.translation.delete({ where: { key: "translations:export" } });
    await app.stop();
    app = await startTestApp({}, app.databaseUrl);
    expect(await rowOf(LOGIN_TITLE)).toEqual({
      key: LOGIN_TITLE,
      en: "Welcome back to Sufra",
      ar: "أهلًا بعودتك إلى سفرة",
    });
    expect(await rowOf("translations:export")).toEqual({
      key: "translations:export",
      en: bundled("translations:export").en,
      ar: bundled("translations:export").ar,
    });
    expect(await app.sufra.deps.db.translation.count()).toBe(seedFile.length);
  });
});
