// The business profile over real HTTP and Postgres: the profile and its menu through both doors,
// prices in fils (three decimals kept), the rules' messages in Arabic, one business never touching
// another's menu, the menu's limit, the pasted menu, who may read and write, and that the AI writer's
// reader (loadBusinessProfile) sees what was saved; the demo café's profile, seeded once.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { MAX_MENU_ITEMS } from "@sufra/schema";
import { adminToken, call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { login } from "./support/team.ts";
import { loadBusinessProfile } from "../src/modules/business-profile/business-profile.read.ts";
import { DEMO_MENU, ensureDemoProfile } from "../src/modules/business-profile/demo-profile.ts";
import { DEMO_OWNER_EMAIL } from "../src/seed/seed.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

async function business(over: Record<string, unknown> = {}) {
  const c = await registeredClient(app.base, { over });
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token };
}

/** The guest facts of a profile that has none (REST). */
const NO_FACTS = {
  address: null,
  address_ar: null,
  map_url: null,
  ramadan_hours: null,
  ramadan_hours_ar: null,
  eid_hours: null,
  eid_hours_ar: null,
  delivery_apps: [],
  reservation_mode: null,
  reservation_phone: null,
  reservation_url: null,
  public_phone: null,
};
/** The same as the writer's reader gives them. */
const NO_FACTS_READ = {
  address: null,
  addressAr: null,
  mapUrl: null,
  ramadanHours: null,
  ramadanHoursAr: null,
  eidHours: null,
  eidHoursAr: null,
  deliveryApps: [],
  reservation: null,
  publicPhone: null,
};

const PROFILE = `{ businessProfile { id companyName nameAr cuisine area hours hoursAr menu { id name nameAr priceKwd position } } }`;
const ADD = `mutation($input: MenuItemInput!) { addMenuItem(input: $input) { id name nameAr priceKwd position } }`;
const add = (token: string, body: Record<string, unknown>) =>
  call(app.base, "POST", "/api/business-profile/menu", { token, body });

describe("the profile", () => {
  test("empty at first; PUT saves it (area and cuisine as keys), GraphQL reads the same, and the writer's reader sees it", async () => {
    const b = await business({ company_name: "Dar Al Qahwa" });
    const empty = await call(app.base, "GET", "/api/business-profile", { token: b.token });
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      company_name: "Dar Al Qahwa",
      name_ar: null,
      cuisine: null,
      area: null,
      hours: null,
      hours_ar: null,
      ...NO_FACTS,
      menu: [],
    });

    const put = await call(app.base, "PUT", "/api/business-profile", {
      token: b.token,
      body: {
        name_ar: " دار القهوة ",
        cuisine: "Coffee shop",
        area: "السالمية",
        hours: "Daily 7 AM – 1 AM",
        hours_ar: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
      },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      company_name: "Dar Al Qahwa",
      name_ar: "دار القهوة",
      cuisine: "cafe",
      area: "salmiya",
      hours: "Daily 7 AM – 1 AM",
      hours_ar: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
      ...NO_FACTS,
      menu: [],
    });

    // a field left out stays; a blank one is cleared
    const partial = await call(app.base, "PUT", "/api/business-profile", { token: b.token, body: { hours: "" } });
    expect(partial.body).toMatchObject({ name_ar: "دار القهوة", area: "salmiya", hours: null });

    const g = await gql(app.base, PROFILE, {}, b.token);
    expect(g.errors).toBeUndefined();
    expect(g.data.businessProfile).toEqual({
      id: b.businessId,
      companyName: "Dar Al Qahwa",
      nameAr: "دار القهوة",
      cuisine: "cafe",
      area: "salmiya",
      hours: null,
      hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
      menu: [],
    });

    const upd = await gql(
      app.base,
      `mutation($input: BusinessProfileInput!) { updateBusinessProfile(input: $input) { cuisine area hours nameAr } }`,
      { input: { cuisine: "Yemeni mandi", area: "The Avenues", hours: "Daily 12 PM – 12 AM" } },
      b.token,
    );
    expect(upd.data.updateBusinessProfile).toEqual({
      cuisine: "Yemeni mandi",
      area: "The Avenues",
      hours: "Daily 12 PM – 12 AM",
      nameAr: "دار القهوة",
    });
    expect(await loadBusinessProfile(app.sufra.deps.db, b.businessId)).toEqual({
      name: "Dar Al Qahwa",
      nameAr: "دار القهوة",
      cuisine: "Yemeni mandi",
      area: "The Avenues",
      hours: "Daily 12 PM – 12 AM",
      hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
      menu: [],
      ...NO_FACTS_READ,
    });

    const audit = await app.sufra.deps.pool.query<{ action: string }>(
      "select action from audit_log where entity_id = $1 and action like 'business_profile.%'",
      [b.businessId],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      "business_profile.updated",
      "business_profile.updated",
      "business_profile.updated",
    ]);
  });

  test("the rules answer in Arabic with Accept-Language: ar, through both doors, and nothing is saved", async () => {
    const b = await business();
    const r = await call(app.base, "PUT", "/api/business-profile", {
      token: b.token,
      lang: "ar",
      body: { hours: "h".repeat(121), name_ar: "ق".repeat(81), cuisine: "c".repeat(41) },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.details).toEqual({
      hours: ["يجب ألا تزيد ساعات العمل على ١٢٠ حرفًا"],
      name_ar: ["يجب ألا يزيد الاسم العربي على ٨٠ حرفًا"],
      cuisine: ["يجب ألا يزيد نوع المطبخ على ٤٠ حرفًا"],
    });
    expect(r.body.message).toMatch(/^فشل التحقق من البيانات: /);

    const g = await gql(app.base, ADD, { input: { name: "Karak", priceKwd: 3.1234 } }, b.token, "ar");
    expect(g.errors?.[0].extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { priceKwd: ["أدخل سعرًا بالدينار الكويتي من ٠ إلى ٩٩٩٩٫٩٩٩، بثلاث خانات عشرية (فلوس) على الأكثر"] },
    });
    const en = await add(b.token, { name: " ", price_kwd: -1 });
    expect(en.body.details).toEqual({
      name: ["Give the item a name"],
      price_kwd: ["Enter a price in KWD from 0 to 9999.999, with at most 3 decimals (fils)"],
    });

    expect((await call(app.base, "GET", "/api/business-profile", { token: b.token })).body).toMatchObject({
      hours: null,
      name_ar: null,
      menu: [],
    });
  });
});

describe("the menu", () => {
  test("prices keep their fils: 1.125 stays 1.125, 2.75 answers 2.75, '2.750' is read; stored as numeric(10,3)", async () => {
    const b = await business();
    const a = await add(b.token, { name: "Saffron cake", name_ar: "كيكة الزعفران", price_kwd: 1.125 });
    expect(a.status).toBe(201);
    expect(a.body).toEqual({
      id: expect.any(String),
      name: "Saffron cake",
      name_ar: "كيكة الزعفران",
      price_kwd: 1.125,
      section: null,
      section_ar: null,
      position: 0,
    });
    const c = await add(b.token, { name: "Spanish latte", price_kwd: "2.750" });
    expect(c.body).toMatchObject({ price_kwd: 2.75, position: 1 });
    const g = await gql(app.base, ADD, { input: { name: "Water", priceKwd: null } }, b.token);
    expect(g.data.addMenuItem).toMatchObject({ name: "Water", nameAr: null, priceKwd: null, position: 2 });
    const g2 = await gql(app.base, ADD, { input: { name: "Karak", priceKwd: 0.35 } }, b.token);
    expect(g2.data.addMenuItem.priceKwd).toBe(0.35);

    const { rows } = await app.sufra.deps.pool.query<{ name: string; price: string | null }>(
      "select name, price_kwd::text as price from menu_items where business_id = $1 order by position",
      [b.businessId],
    );
    expect(rows).toEqual([
      { name: "Saffron cake", price: "1.125" },
      { name: "Spanish latte", price: "2.750" },
      { name: "Water", price: null },
      { name: "Karak", price: "0.350" },
    ]);
    const writer = await loadBusinessProfile(app.sufra.deps.db, b.businessId);
    expect(writer.menu).toEqual([
      { name: "Saffron cake", nameAr: "كيكة الزعفران", priceKwd: 1.125 },
      { name: "Spanish latte", nameAr: null, priceKwd: 2.75 },
      { name: "Water", nameAr: null, priceKwd: null },
      { name: "Karak", nameAr: null, priceKwd: 0.35 },
    ]);
  });

  test("edit, reorder (REST and GraphQL), remove; the writer's reader follows the order", async () => {
    const b = await business();
    await call(app.base, "PUT", "/api/business-profile", {
      token: b.token,
      body: { area: "Salmiya", cuisine: "desserts" },
    });
    const [k, l, c] = await Promise.all(
      ["Karak", "Spanish latte", "Kunafa"].map(
        async (name, i) => (await add(b.token, { name, price_kwd: [0.35, 1.75, 2.5][i] })).body,
      ),
    );
    const ids = (await call(app.base, "GET", "/api/business-profile", { token: b.token })).body.menu.map(
      (m: { id: string }) => m.id,
    );
    expect(new Set(ids)).toEqual(new Set([k.id, l.id, c.id]));

    const edit = await call(app.base, "PUT", `/api/business-profile/menu/${c.id}`, {
      token: b.token,
      body: { name_ar: "كنافة بالفستق", price_kwd: 2.5 },
    });
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ id: c.id, name: "Kunafa", name_ar: "كنافة بالفستق", price_kwd: 2.5 });
    const renamed = await gql(
      app.base,
      `mutation($id: ID!, $input: MenuItemInput!) { updateMenuItem(id: $id, input: $input) { name nameAr priceKwd } }`,
      { id: c.id, input: { name: "Pistachio kunafa" } },
      b.token,
    );
    expect(renamed.data.updateMenuItem).toEqual({ name: "Pistachio kunafa", nameAr: "كنافة بالفستق", priceKwd: 2.5 });

    const order = await call(app.base, "PUT", "/api/business-profile/menu/order", {
      token: b.token,
      body: { ids: [c.id, k.id, l.id] },
    });
    expect(order.status).toBe(200);
    expect(order.body.menu.map((m: { name: string; position: number }) => [m.name, m.position])).toEqual([
      ["Pistachio kunafa", 0],
      ["Karak", 1],
      ["Spanish latte", 2],
    ]);

    // GraphQL: the ones listed first, the rest after in their order
    const g = await gql(
      app.base,
      `mutation($ids: [ID!]!) { reorderMenu(ids: $ids) { menu { name position } } }`,
      { ids: [l.id] },
      b.token,
    );
    expect(g.data.reorderMenu.menu).toEqual([
      { name: "Spanish latte", position: 0 },
      { name: "Pistachio kunafa", position: 1 },
      { name: "Karak", position: 2 },
    ]);

    const del = await call(app.base, "DELETE", `/api/business-profile/menu/${c.id}`, { token: b.token });
    expect(del.body).toMatchObject({ id: c.id, name: "Pistachio kunafa" });
    const removed = await gql(app.base, `mutation($id: ID!) { removeMenuItem(id: $id) }`, { id: k.id }, b.token);
    expect(removed.data.removeMenuItem).toBe(k.id);
    expect((await call(app.base, "DELETE", `/api/business-profile/menu/${k.id}`, { token: b.token })).status).toBe(404);

    const writer = await loadBusinessProfile(app.sufra.deps.db, b.businessId);
    expect(writer).toMatchObject({
      area: "salmiya",
      cuisine: "desserts",
      menu: [{ name: "Spanish latte", priceKwd: 1.75 }],
    });

    const bad = await call(app.base, "PUT", "/api/business-profile/menu/order", {
      token: b.token,
      body: { ids: [l.id, l.id] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({ ids: ["Send the menu's items in their new order, each once"] });
  });

  test("one business never sees or touches another's menu: NOT_FOUND", async () => {
    const a = await business({ company_name: "Bait Al Kunafa" });
    const other = await business({ company_name: "Shay Al Dhuha" });
    const item = (await add(a.token, { name: "Kunafa", price_kwd: 2.5 })).body;
    await add(other.token, { name: "Karak", price_kwd: 0.35 });

    expect(
      (await call(app.base, "GET", "/api/business-profile", { token: other.token })).body.menu.map(
        (m: { name: string }) => m.name,
      ),
    ).toEqual(["Karak"]);
    expect(
      (
        await call(app.base, "PUT", `/api/business-profile/menu/${item.id}`, {
          token: other.token,
          body: { name: "Mine" },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(app.base, "DELETE", `/api/business-profile/menu/${item.id}`, { token: other.token })).status,
    ).toBe(404);
    expect(
      (
        await call(app.base, "PUT", "/api/business-profile/menu/order", {
          token: other.token,
          body: { ids: [item.id] },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(app.base, "DELETE", "/api/business-profile/menu/not-an-id", { token: other.token })).status,
    ).toBe(404);
    const g = await gql(app.base, `mutation($id: ID!) { removeMenuItem(id: $id) }`, { id: item.id }, other.token);
    expect(g.errors?.[0].extensions.code).toBe("NOT_FOUND");

    const mine = await call(app.base, "GET", "/api/business-profile", { token: a.token });
    expect(mine.body.menu).toEqual([
      { id: item.id, name: "Kunafa", name_ar: null, price_kwd: 2.5, section: null, section_ar: null, position: 0 },
    ]);
  });

  test(`at most ${MAX_MENU_ITEMS} items: the next one, and a paste past it, are refused`, async () => {
    const b = await business();
    await app.sufra.deps.db.menuItem.createMany({
      data: Array.from({ length: MAX_MENU_ITEMS - 1 }, (_, i) => ({
        businessId: b.businessId,
        name: `Item ${i}`,
        position: i,
      })),
    });
    const last = await add(b.token, { name: "The last one", price_kwd: 1 });
    expect(last.status).toBe(201);
    expect(last.body.position).toBe(MAX_MENU_ITEMS - 1);
    const over = await add(b.token, { name: "One too many", price_kwd: 1 });
    expect(over.status).toBe(400);
    expect(over.body.details).toEqual({ menu: ["A menu can have at most 200 items"] });
    const paste = await call(app.base, "POST", "/api/business-profile/menu/import", {
      token: b.token,
      lang: "ar",
      body: { text: "Karak, 0.350" },
    });
    expect(paste.status).toBe(400);
    expect(paste.body.details).toEqual({ menu: ["يمكن أن تضم القائمة ٢٠٠ صنف على الأكثر"] });
    expect(await app.sufra.deps.db.menuItem.count({ where: { businessId: b.businessId } })).toBe(MAX_MENU_ITEMS);
  });
});

describe("a pasted menu", () => {
  test("lines become items at the end of the menu; replace starts over; a bad line refuses it all, naming the line", async () => {
    const b = await business();
    await add(b.token, { name: "Water", price_kwd: 0.1 });
    const text = "Karak, 0.350\nSpanish latte | سبانش لاتيه | 1.750\n\nSaffron cake, 1.950";
    const g = await gql(
      app.base,
      `mutation($text: String!) { importMenu(text: $text) { menu { name nameAr priceKwd position } } }`,
      { text },
      b.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.importMenu.menu).toEqual([
      { name: "Water", nameAr: null, priceKwd: 0.1, position: 0 },
      { name: "Karak", nameAr: null, priceKwd: 0.35, position: 1 },
      { name: "Spanish latte", nameAr: "سبانش لاتيه", priceKwd: 1.75, position: 2 },
      { name: "Saffron cake", nameAr: null, priceKwd: 1.95, position: 3 },
    ]);

    const bad = await call(app.base, "POST", "/api/business-profile/menu/import", {
      token: b.token,
      lang: "ar",
      body: { text: "Kunafa, 2.500\nCake, 3.1234" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      "lines.2": ["أدخل سعرًا بالدينار الكويتي من ٠ إلى ٩٩٩٩٫٩٩٩، بثلاث خانات عشرية (فلوس) على الأكثر"],
    });
    const empty = await call(app.base, "POST", "/api/business-profile/menu/import", {
      token: b.token,
      body: { text: "\n# nothing\n" },
    });
    expect(empty.body.details).toEqual({ text: ["Paste at least one line: name, price"] });

    const replaced = await call(app.base, "POST", "/api/business-profile/menu/import", {
      token: b.token,
      body: { text: "Pistachio kunafa | كنافة بالفستق | 2.500", replace: true },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.menu).toEqual([
      {
        id: expect.any(String),
        name: "Pistachio kunafa",
        name_ar: "كنافة بالفستق",
        price_kwd: 2.5,
        section: null,
        section_ar: null,
        position: 0,
      },
    ]);
  });
});

describe("menu sections", () => {
  test("an item's section in English and Arabic at both doors; blank clears it; too long is refused in the person's language", async () => {
    const b = await business();
    const a = await add(b.token, {
      name: "Karak",
      price_kwd: 0.35,
      section: "Hot drinks",
      section_ar: "مشروبات ساخنة",
    });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ section: "Hot drinks", section_ar: "مشروبات ساخنة" });
    const g = await gql(
      app.base,
      `mutation($id: ID!, $input: MenuItemInput!) { updateMenuItem(id: $id, input: $input) { section sectionAr } }`,
      { id: a.body.id, input: { name: "Karak", section: "Tea", sectionAr: "  " } },
      b.token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data.updateMenuItem).toEqual({ section: "Tea", sectionAr: null });
    const long = await call(app.base, "PUT", `/api/business-profile/menu/${a.body.id}`, {
      token: b.token,
      lang: "ar",
      body: { section: "x".repeat(61) },
    });
    expect(long.status).toBe(400);
    expect(long.body.details).toEqual({ section: ["يجب ألا يزيد اسم القسم على ٦٠ حرفًا"] });
  });

  test("a pasted '## Section | القسم' line files the items below it", async () => {
    const b = await business();
    const r = await call(app.base, "POST", "/api/business-profile/menu/import", {
      token: b.token,
      body: { text: "Water, 0.250\n## Hot drinks | مشروبات ساخنة\nKarak, 0.350\n## Desserts\nSaffron cake, 1.950" },
    });
    expect(r.status).toBe(200);
    expect(r.body.menu.map((m: any) => [m.name, m.section, m.section_ar])).toEqual([
      ["Water", null, null],
      ["Karak", "Hot drinks", "مشروبات ساخنة"],
      ["Saffron cake", "Desserts", null],
    ]);
  });
});

describe("who may", () => {
  test("signed out: 401; an admin (no business): 403; an API key reads but cannot write", async () => {
    expect((await call(app.base, "GET", "/api/business-profile")).status).toBe(401);
    const admin = await adminToken(app.base);
    expect((await call(app.base, "GET", "/api/business-profile", { token: admin })).status).toBe(403);
    expect((await gql(app.base, PROFILE, {}, admin)).errors?.[0].extensions.code).toBe("FORBIDDEN");

    const b = await business({ company_name: "Qahwat Al Fereej" });
    await add(b.token, { name: "Karak", price_kwd: 0.35 });
    const created = await gql(app.base, `mutation { createApiKey(name: "Website") { key } }`, {}, b.token);
    const key = created.data.createApiKey.key as string;
    const read = await gql(app.base, `{ businessProfile { companyName menu { name priceKwd } } }`, {}, key);
    expect(read.data.businessProfile).toEqual({
      companyName: "Qahwat Al Fereej",
      menu: [{ name: "Karak", priceKwd: 0.35 }],
    });
    const write = await gql(app.base, ADD, { input: { name: "Sneaky" } }, key);
    expect(write.errors?.[0].extensions.reason).toBe("PERSONAL_SESSION_REQUIRED");
    const update = await gql(
      app.base,
      `mutation { updateBusinessProfile(input: { hours: "never" }) { hours } }`,
      {},
      key,
    );
    expect(update.errors?.[0].extensions.reason).toBe("PERSONAL_SESSION_REQUIRED");
    expect(await app.sufra.deps.db.menuItem.count({ where: { businessId: b.businessId } })).toBe(1);
  });
});

describe("the demo café", () => {
  test("starts with a Salmiya café's profile and menu, seeded once: a second run and a person's edits are left alone", async () => {
    const demo = await startTestApp({ DEMO_DATA: "true", DEMO_PASSWORD: "Demo#Pass2026" });
    try {
      const businessId = demo.sufra.demo!.businessId;
      const owner = await login(demo.base, DEMO_OWNER_EMAIL, "Demo#Pass2026");
      const r = await call(demo.base, "GET", "/api/business-profile", { token: owner.access_token });
      expect(r.body).toMatchObject({
        name_ar: "مقهى سفرة التجريبي",
        cuisine: "cafe",
        area: "salmiya",
        hours: "Daily 7 AM – 1 AM",
        hours_ar: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
      });
      expect(
        r.body.menu.map((m: { name: string; price_kwd: number; position: number }) => [
          m.name,
          m.price_kwd,
          m.position,
        ]),
      ).toEqual(DEMO_MENU.map((m, i) => [m.name, m.priceKwd, i]));
      expect(r.body.menu.find((m: { name: string }) => m.name === "Karak tea").price_kwd).toBe(0.35);

      // a person changes it; seeding again (a restart) keeps their words
      const karak = r.body.menu.find((m: { name: string }) => m.name === "Karak tea");
      await call(demo.base, "DELETE", `/api/business-profile/menu/${karak.id}`, { token: owner.access_token });
      await call(demo.base, "PUT", "/api/business-profile", { token: owner.access_token, body: { hours: "" } });
      expect(await ensureDemoProfile(demo.sufra.deps.db, businessId)).toBe(false);
      const again = await loadBusinessProfile(demo.sufra.deps.db, businessId);
      expect(again.hours).toBeNull();
      expect(again.menu).toHaveLength(DEMO_MENU.length - 1);
      expect(again.menu!.map((m) => m.name)).not.toContain("Karak tea");
    } finally {
      await demo.stop();
    }
  });
});
