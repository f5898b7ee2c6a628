// The templates library over real HTTP and Postgres: what each plan opens (basic; advanced from
// Professional; the business's own on Premium), applying a template with the business's details
// and menu (both doors, both languages), the bilingual refusals, the business's own templates
// (Premium, audited, tenancy) and the rules.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { BUILT_IN_TEMPLATES, clockText } from "@sufra/schema";
import { kuwaitPrayerTimes } from "../src/modules/calendar/index.ts";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app?.stop();
});

/** An approved business on `plan` (14-day trial), signed in. */
async function business(plan: "basic" | "professional" | "premium") {
  const c = await registeredClient(app.base, { over: { requested_plan: plan } });
  const login = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  return { ...c, token: login.body.access_token as string };
}

/** The profile and menu, written straight to the database (editing them is the business-profile module's). */
async function withProfile(businessId: string) {
  const db = app.sufra.deps.db;
  await db.business.update({
    where: { id: businessId },
    data: {
      companyName: "Dar Al Qahwa",
      nameAr: "دار القهوة",
      area: "salmiya",
      cuisine: "cafe",
      hours: "Daily 7 AM – 1 AM",
      hoursAr: "يوميًا من ٧ صباحًا حتى ١ بعد منتصف الليل",
    },
  });
  const kunafa = await db.menuItem.create({
    data: { businessId, name: "Pistachio kunafa", nameAr: "كنافة بالفستق", priceKwd: "2.750", position: 0 },
  });
  const karak = await db.menuItem.create({ data: { businessId, name: "Karak tea", position: 1 } });
  return { kunafa, karak };
}

const BUILT_IN_COUNT = BUILT_IN_TEMPLATES.length;
const ADVANCED_COUNT = BUILT_IN_TEMPLATES.filter((t) => t.tier === "advanced").length;
const LIST = `query ($occasion: ContentOccasion, $language: ContentLanguage) {
  contentTemplates(occasion: $occasion, language: $language) { id name occasion language tier locked body hashtags }
  templateAccess { plan tiers }
}`;
const APPLY = `mutation ($input: ApplyTemplateInput!) { applyTemplate(input: $input) { content hashtags language } }`;
const SAVE = `mutation ($input: SaveContentTemplateInput!) { saveContentTemplate(input: $input) { id name occasion language tier locked body hashtags } }`;

describe("what each plan opens", () => {
  test("Basic: basic templates open, advanced ones listed but locked; Professional: both open; Premium: and its own", async () => {
    for (const [plan, tiers, locked] of [
      ["basic", ["basic"], ADVANCED_COUNT * 2],
      ["professional", ["basic", "advanced"], 0],
      ["premium", ["basic", "advanced", "custom"], 0],
    ] as const) {
      const b = await business(plan);
      const r = await call(app.base, "GET", "/api/templates", { token: b.token });
      expect(r.status).toBe(200);
      expect({ plan: r.body.plan, tiers: r.body.tiers }).toEqual({ plan, tiers });
      expect(r.body.templates).toHaveLength(BUILT_IN_COUNT * 2);
      expect(r.body.templates.filter((t: { locked: boolean }) => t.locked)).toHaveLength(locked);
      expect(
        r.body.templates.filter((t: { locked: boolean; tier: string }) => t.locked && t.tier !== "advanced"),
      ).toEqual([]);
      const g = await gql(app.base, LIST, {}, b.token);
      expect(g.data.templateAccess).toEqual({ plan: plan.toUpperCase(), tiers: tiers.map((t) => t.toUpperCase()) });
      expect(g.data.contentTemplates.filter((t: { locked: boolean }) => t.locked)).toHaveLength(locked);
    }
  });

  test("one entry per template per language, ids naming the language; filters by occasion and language; names in the caller's language", async () => {
    const b = await business("professional");
    const r = await call(app.base, "GET", "/api/templates?occasion=ramadan_iftar&language=ar", {
      token: b.token,
      lang: "ar",
    });
    expect(r.status).toBe(200);
    const iftar = BUILT_IN_TEMPLATES.filter((t) => t.occasion === "ramadan_iftar");
    expect(r.body.templates.map((t: { id: string }) => t.id)).toEqual(iftar.map((t) => `builtin:${t.key}:ar`));
    expect(r.body.templates[0]).toEqual({
      id: `builtin:${iftar[0]!.key}:ar`,
      key: iftar[0]!.key,
      name: iftar[0]!.name.ar,
      occasion: "ramadan_iftar",
      language: "ar",
      tier: iftar[0]!.tier,
      locked: false,
      body: iftar[0]!.body.ar,
      hashtags: [...iftar[0]!.hashtags.ar],
      created_at: null,
      updated_at: null,
    });
    const g = await gql(app.base, LIST, { occasion: "NATIONAL_DAY", language: "BOTH" }, b.token);
    const ids = g.data.contentTemplates.map((t: { id: string }) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(g.data.contentTemplates.map((t: { language: string }) => t.language).sort()).toEqual([
      "AR",
      "AR",
      "EN",
      "EN",
    ]);
    expect(
      g.data.contentTemplates.every(
        (t: { occasion: string; name: string }) => t.occasion === "NATIONAL_DAY" && /^[A-Z]/.test(t.name),
      ),
    ).toBe(true);
  });

  test("signed-in businesses only; a bad filter is refused naming the field, in both languages", async () => {
    expect((await call(app.base, "GET", "/api/templates")).status).toBe(401);
    const b = await business("basic");
    const en = await call(app.base, "GET", "/api/templates?occasion=birthday&language=fr", { token: b.token });
    expect(en.status).toBe(400);
    expect(en.body.details).toEqual({
      occasion: ["Choose an occasion from the list"],
      language: ["A template is written in English or in Arabic"],
    });
    const ar = await call(app.base, "GET", "/api/templates?occasion=birthday", { token: b.token, lang: "ar" });
    expect(ar.body.details).toEqual({ occasion: ["اختر مناسبة من القائمة"] });
  });
});

describe("applying a template", () => {
  test("fills the business's name, area, the day's Iftar time (never the daytime hours) and a menu item with its KWD price, in English (REST) and Arabic (GraphQL)", async () => {
    const b = await business("basic");
    const { kunafa } = await withProfile(b.businessId);
    // 20 February 2027 is in Ramadan (8 February to 8 March 2027 in the project's calendar)
    const maghrib = kuwaitPrayerTimes("2027-02-20").maghrib;
    const en = await call(app.base, "POST", "/api/templates/builtin:iftar_table:en/apply", {
      token: b.token,
      body: { menu_item_id: kunafa.id, date: "2027-02-20" },
    });
    expect(en.status).toBe(200);
    expect(en.body).toEqual({
      content: [
        "Ramadan Kareem from everyone at Dar Al Qahwa 🌙",
        "Gather your family and friends around a generous Iftar table, ready the moment the Maghrib call sounds.",
        "Tonight's favourite: Pistachio kunafa, 2.750 KWD.",
        "📍 Salmiya",
        `🕰️ Iftar at ${clockText(maghrib, "en")}`,
      ].join("\n"),
      hashtags: ["RamadanKareem", "Iftar", "KuwaitEats", "Q8Food", "Salmiya"],
      language: "en",
    });
    const ar = await gql(
      app.base,
      APPLY,
      { input: { templateId: "builtin:iftar_table:ar", menuItemId: kunafa.id, date: "2027-02-20" } },
      b.token,
    );
    expect(ar.data.applyTemplate).toEqual({
      content: [
        "رمضان كريم من أسرة دار القهوة 🌙",
        "اجمعوا الأهل والأحباب حول سفرة إفطار عامرة، جاهزة لكم مع أذان المغرب.",
        "طبق الليلة: كنافة بالفستق بسعر ٢٫٧٥٠ د.ك.",
        "📍 السالمية",
        `🕰️ الإفطار الساعة ${clockText(maghrib, "ar")}`,
      ].join("\n"),
      hashtags: ["رمضان_كريم", "إفطار_رمضان", "الكويت", "مطاعم_الكويت", "السالمية"],
      language: "AR",
    });
  });

  test("a typed dish, price and discount win over the menu's; an item without a price leaves the price out; a built-in id without its language takes one", async () => {
    const b = await business("basic");
    const { kunafa, karak } = await withProfile(b.businessId);
    const typed = await call(app.base, "POST", "/api/templates/builtin:promo_discount:en/apply", {
      token: b.token,
      body: { menu_item_id: kunafa.id, dish: "Saffron latte", price: "1.5", discount: "25% off" },
    });
    expect(typed.body.content.split("\n")[1]).toBe("Enjoy 25% off our Saffron latte this week at Dar Al Qahwa.");
    const noPrice = await gql(
      app.base,
      APPLY,
      { input: { templateId: "builtin:suhoor_late", language: "EN", menuItemId: karak.id } },
      b.token,
    );
    expect(noPrice.data.applyTemplate.content.split("\n")[2]).toBe("Don't miss the Karak tea.");
    // Arabic copy of an item with no Arabic name uses the name it has
    const arabic = await gql(
      app.base,
      APPLY,
      { input: { templateId: "builtin:suhoor_late:ar", menuItemId: karak.id, price: 0.5 } },
      b.token,
    );
    expect(arabic.data.applyTemplate.content).toContain("لا تفوّتوا Karak tea بسعر ٠٫٥٠٠ د.ك.");
    const noLanguage = await gql(app.base, APPLY, { input: { templateId: "builtin:suhoor_late" } }, b.token);
    expect(noLanguage.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { language: ["A template is written in English or in Arabic"] },
    });
  });

  test("an empty profile: the lines that need what is missing go, nothing is left in braces", async () => {
    const b = await business("professional");
    await app.sufra.deps.db.business.update({
      where: { id: b.businessId },
      data: { companyName: "Bayt Al Laban", nameAr: null, area: null, hours: null, hoursAr: null },
    });
    const r = await call(app.base, "POST", "/api/templates/builtin:summer_nights_late:ar/apply", {
      token: b.token,
      body: {},
    });
    expect(r.status).toBe(200);
    expect(r.body.content).toContain("نُبقي Bayt Al Laban مفتوحًا");
    expect(r.body.content).not.toMatch(/[{}📍🕰]|\[\[|\]\]|د\.ك/u);
    expect(r.body.hashtags).toEqual(["ليالي_الصيف", "سهرة", "الكويت", "مطاعم_الكويت"]);
  });

  test("a locked template is refused with the upgrade message, in both languages and both doors", async () => {
    const b = await business("basic");
    const r = await call(app.base, "POST", "/api/templates/builtin:iftar_story:en/apply", { token: b.token, body: {} });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      code: "TEMPLATE_PLAN_REQUIRED",
      message: "Advanced templates are part of the Professional and Premium plans",
    });
    const ar = await call(app.base, "POST", "/api/templates/builtin:iftar_story:ar/apply", {
      token: b.token,
      lang: "ar",
      body: {},
    });
    expect(ar.body).toEqual({
      code: "TEMPLATE_PLAN_REQUIRED",
      message: "القوالب المتقدمة جزء من الباقتين الاحترافية والمميزة",
    });
    const g = await gql(app.base, APPLY, { input: { templateId: "builtin:iftar_story:en" } }, b.token, "ar");
    expect(g.errors?.[0]).toMatchObject({
      message: "القوالب المتقدمة جزء من الباقتين الاحترافية والمميزة",
      extensions: { code: "FORBIDDEN", reason: "TEMPLATE_PLAN_REQUIRED" },
    });
    // a Professional subscription that has expired opens the basic templates only
    const pro = await business("professional");
    expect(
      (await call(app.base, "POST", "/api/templates/builtin:iftar_story:en/apply", { token: pro.token, body: {} }))
        .status,
    ).toBe(200);
    await app.sufra.deps.pool.query("update subscriptions set status = 'expired' where business_id = $1", [
      pro.businessId,
    ]);
    expect(
      (await call(app.base, "POST", "/api/templates/builtin:iftar_story:en/apply", { token: pro.token, body: {} })).body
        .code,
    ).toBe("TEMPLATE_PLAN_REQUIRED");
    expect((await call(app.base, "GET", "/api/templates", { token: pro.token })).body.tiers).toEqual(["basic"]);
  });

  test("unknown templates and another business's menu item are NOT_FOUND; bad values are refused naming the field", async () => {
    const a = await business("premium");
    const other = await business("premium");
    const { kunafa } = await withProfile(other.businessId);
    expect(
      (await call(app.base, "POST", "/api/templates/builtin:nothing:en/apply", { token: a.token, body: {} })).status,
    ).toBe(404);
    expect(
      (await call(app.base, "POST", "/api/templates/not-a-template/apply", { token: a.token, body: {} })).status,
    ).toBe(404);
    const stolen = await call(app.base, "POST", "/api/templates/builtin:new_dish_intro:en/apply", {
      token: a.token,
      body: { menu_item_id: kunafa.id },
    });
    expect(stolen.status).toBe(404);
    expect(stolen.body.code).toBe("NOT_FOUND");
    const bad = await call(app.base, "POST", "/api/templates/builtin:new_dish_intro:en/apply", {
      token: a.token,
      body: { menu_item_id: "7", price: "2.7505", dish: "x".repeat(121) },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      menu_item_id: ["Choose a dish from your menu"],
      price: ["Enter a price in KWD from 0 to 10,000, with at most 3 decimals, for example 2.750"],
      dish: ["This text is too long"],
    });
  });
});

describe("the business's own templates", () => {
  const mine = {
    name: "Friday brunch",
    occasion: "weekend",
    language: "en",
    body: "Brunch is on[[ at {business}]]!\n[[Try the {dish}[[ for {price}]].]]\n📍 {area}",
    hashtags: ["#Brunch", "Kuwait Eats"],
  };

  test("Premium: create, list first, apply, update, delete; each audited", async () => {
    const b = await business("premium");
    await withProfile(b.businessId);
    const created = await call(app.base, "POST", "/api/templates", { token: b.token, body: mine });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: "Friday brunch",
      occasion: "weekend",
      language: "en",
      tier: "custom",
      locked: false,
      key: null,
      hashtags: ["Brunch", "Kuwait_Eats"],
    });
    const id = created.body.id as string;

    const listed = await call(app.base, "GET", "/api/templates?occasion=weekend&language=en", { token: b.token });
    expect(listed.body.templates.map((t: { id: string }) => t.id)).toEqual([
      id,
      ...BUILT_IN_TEMPLATES.filter((t) => t.occasion === "weekend").map((t) => `builtin:${t.key}:en`),
    ]);

    const applied = await call(app.base, "POST", `/api/templates/${id}/apply`, {
      token: b.token,
      body: { dish: "Shakshuka", price: 3.25 },
    });
    expect(applied.body).toEqual({
      content: "Brunch is on at Dar Al Qahwa!\nTry the Shakshuka for 3.250 KWD.\n📍 Salmiya",
      hashtags: ["Brunch", "Kuwait_Eats", "Salmiya"],
      language: "en",
    });

    const updated = await gql(
      app.base,
      SAVE,
      {
        input: {
          id,
          name: "برنش الجمعة",
          occasion: "WEEKEND",
          language: "AR",
          body: "برنش الجمعة[[ في {business}]]",
          hashtags: ["برنش"],
        },
      },
      b.token,
    );
    expect(updated.data.saveContentTemplate).toEqual({
      id,
      name: "برنش الجمعة",
      occasion: "WEEKEND",
      language: "AR",
      tier: "CUSTOM",
      locked: false,
      body: "برنش الجمعة[[ في {business}]]",
      hashtags: ["برنش"],
    });
    const arabic = await gql(app.base, APPLY, { input: { templateId: id } }, b.token);
    expect(arabic.data.applyTemplate).toEqual({
      content: "برنش الجمعة في دار القهوة",
      hashtags: ["برنش", "السالمية"],
      language: "AR",
    });

    const removed = await gql(app.base, `mutation ($id: ID!) { deleteContentTemplate(id: $id) }`, { id }, b.token);
    expect(removed.data.deleteContentTemplate).toBe(true);
    expect((await call(app.base, "DELETE", `/api/templates/${id}`, { token: b.token })).status).toBe(404);
    const actions = await app.sufra.deps.db.auditLog.findMany({
      where: { entityId: id },
      orderBy: { createdAt: "asc" },
      select: { action: true, actorId: true },
    });
    expect(actions).toEqual([
      { action: "content_template.created", actorId: b.userId },
      { action: "content_template.updated", actorId: b.userId },
      { action: "content_template.deleted", actorId: b.userId },
    ]);
  });

  test("not Premium: saving is refused in both languages; templates kept from Premium are listed locked, cannot be applied, can be deleted", async () => {
    const pro = await business("professional");
    const r = await call(app.base, "POST", "/api/templates", { token: pro.token, body: mine });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({
      code: "CUSTOM_TEMPLATES_REQUIRE_PREMIUM",
      message: "Saving your own templates is part of the Premium plan",
    });
    const ar = await gql(
      app.base,
      SAVE,
      { input: { name: "x", occasion: "WEEKEND", language: "EN", body: "x" } },
      pro.token,
      "ar",
    );
    expect(ar.errors?.[0]).toMatchObject({
      message: "حفظ قوالبك الخاصة جزء من الباقة المميزة",
      extensions: { code: "FORBIDDEN", reason: "CUSTOM_TEMPLATES_REQUIRE_PREMIUM" },
    });

    const left = await business("premium");
    const kept = (await call(app.base, "POST", "/api/templates", { token: left.token, body: mine })).body.id as string;
    await app.sufra.deps.pool.query("update subscriptions set plan = 'professional' where business_id = $1", [
      left.businessId,
    ]);
    const listed = await call(app.base, "GET", "/api/templates?occasion=weekend&language=en", { token: left.token });
    expect(listed.body.templates[0]).toMatchObject({ id: kept, tier: "custom", locked: true });
    expect(
      (await call(app.base, "POST", `/api/templates/${kept}/apply`, { token: left.token, body: {} })).body.code,
    ).toBe("CUSTOM_TEMPLATES_REQUIRE_PREMIUM");
    expect((await call(app.base, "PUT", `/api/templates/${kept}`, { token: left.token, body: mine })).body.code).toBe(
      "CUSTOM_TEMPLATES_REQUIRE_PREMIUM",
    );
    expect((await call(app.base, "DELETE", `/api/templates/${kept}`, { token: left.token })).body).toEqual({
      id: kept,
      deleted: true,
    });
  });

  test("another business's template is NOT_FOUND to read, apply, change and delete", async () => {
    const a = await business("premium");
    const b = await business("premium");
    const theirs = (await call(app.base, "POST", "/api/templates", { token: b.token, body: mine })).body.id as string;
    expect(
      (await call(app.base, "GET", "/api/templates?occasion=weekend", { token: a.token })).body.templates.some(
        (t: { id: string }) => t.id === theirs,
      ),
    ).toBe(false);
    expect((await call(app.base, "POST", `/api/templates/${theirs}/apply`, { token: a.token, body: {} })).status).toBe(
      404,
    );
    expect((await call(app.base, "PUT", `/api/templates/${theirs}`, { token: a.token, body: mine })).status).toBe(404);
    expect((await call(app.base, "DELETE", `/api/templates/${theirs}`, { token: a.token })).status).toBe(404);
    const g = await gql(app.base, `mutation ($id: ID!) { deleteContentTemplate(id: $id) }`, { id: theirs }, a.token);
    expect(g.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    expect(await app.sufra.deps.db.contentTemplate.findUnique({ where: { id: theirs } })).toMatchObject({
      businessId: b.businessId,
      name: "Friday brunch",
    });
  });

  test("the rules: every problem named by its field, in English and Arabic", async () => {
    const b = await business("premium");
    const r = await call(app.base, "POST", "/api/templates", {
      token: b.token,
      body: { name: "", occasion: "birthday", language: "both", body: "Call {phone}", hashtags: ["123"] },
    });
    expect(r.status).toBe(400);
    expect(r.body.details).toEqual({
      name: ["Give the template a name"],
      occasion: ["Choose an occasion from the list"],
      language: ["A template is written in English or in Arabic"],
      body: [
        "Use braces only around a placeholder: {business}, {area}, {dish}, {price}, {discount}, {hours} or {cuisine}",
      ],
      hashtags: ["A hashtag needs at least one letter; only letters, numbers and underscores are kept"],
    });
    const ar = await call(app.base, "POST", "/api/templates", {
      token: b.token,
      lang: "ar",
      body: { ...mine, body: "[[ {dish}", name: "x".repeat(81) },
    });
    expect(ar.body.details).toEqual({
      name: ["يجب ألا يزيد اسم القالب على ٨٠ حرفًا"],
      body: ["أغلق كل [[ بـ ]] في السطر نفسه"],
    });
    const g = await gql(
      app.base,
      SAVE,
      { input: { name: "x", occasion: "WEEKEND", language: "BOTH", body: "x" } },
      b.token,
    );
    expect(g.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { language: ["A template is written in English or in Arabic"] },
    });
    expect(await app.sufra.deps.db.contentTemplate.count({ where: { businessId: b.businessId } })).toBe(0);
  });
});
