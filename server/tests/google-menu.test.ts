// The café's menu on Google (docs/product.md#one-menu-and-one-link): a location's food menu read from the Google
// stand-in beside the business profile's menu (added, removed, changed price, Arabic name, section, photo; skipped
// without a price), and the send on confirmation: every priced item in its section, English and Arabic as two
// labels, the price as KWD Money (fils * 1,000,000 nanos), the item's photo added to the location once and named by
// its media key. Every refusal of Google's comes back as its own error in both languages and is kept on the
// location; the stand-in itself refuses what Google refuses (checked straight against it too).
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { errorText, ERRORS, messageText } from "@sufra/schema";
import { startGoogleFake } from "./fakes/google-server.ts";
import { menusOf } from "./fakes/google-menus.ts";
import { createGoogleMenus, filsToMoney, moneyToFils } from "../src/networks/google/menus.ts";
import { PlatformError } from "../src/networks/types.ts";
import { call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { connectedGoogleBusiness } from "./support/google.ts";
import { freePort } from "./support/networks.ts";

let google: Awaited<ReturnType<typeof startGoogleFake>>;
let app: TestApp;

beforeAll(async () => {
  google = await startGoogleFake();
  const port = await freePort();
  // PUBLIC_URL is the app's real address: Google fetches the dishes' photos from it
  app = await startTestApp({ ...google.state.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await google?.close();
});

const MENU = `fragment M on GoogleMenu {
  location { id title verified menuSentAt sendError }
  google { name nameAr items { name nameAr priceFils section sectionAr photo } }
  sufra { name nameAr items { name nameAr priceFils section sectionAr photo } }
  rows { key status changes google { name nameAr priceFils photo } sufra { name nameAr priceFils photo } }
  counts { same added removed changed skipped }
  inSync
}`;
const DIFF = `query($id: ID!) { googleMenuDiff(locationId: $id) { ...M } } ${MENU}`;
const SEND = `mutation($id: ID!) { sendMenuToGoogle(locationId: $id) { ...M } } ${MENU}`;

/** A café with one Google location on the stand-in, its connection as the connect flow leaves it, and a menu. */
async function cafe(opts: { verified?: boolean; region?: string; scopes?: string[] } = {}) {
  const { b, holder, account, tokens } = await connectedGoogleBusiness(app, google, { scopes: opts.scopes });
  const { db } = app.sufra.deps;
  const place = google.state.addLocation(holder.name, {
    title: "Dar Qahwa Salmiya",
    verified: opts.verified ?? true,
    address: { regionCode: opts.region ?? "KW", locality: "Salmiya" },
  });
  const location = await db.googleLocation.create({
    data: {
      businessId: b.businessId,
      accountId: account.id,
      googleAccount: holder.name,
      name: place.name,
      title: place.title,
      verified: true,
      picked: true,
    },
  });
  const add = (body: Record<string, unknown>) =>
    call(app.base, "POST", "/api/business-profile/menu", { token: b.token, body });
  return { ...b, holder, place, location, account, tokens, add };
}

/** A photo Google takes (JPG, over 10 KB, 800 x 600), uploaded and attached to a menu item. */
async function photoFor(token: string, menuItemId: string, opts: { tiny?: boolean } = {}) {
  const jpeg = opts.tiny
    ? await sharp({ create: { width: 300, height: 300, channels: 3, background: "#fff" } })
        .jpeg()
        .toBuffer()
    : await sharp({
        create: {
          width: 800,
          height: 600,
          channels: 3,
          background: "#c8691c",
          noise: { type: "gaussian", mean: 120, sigma: 40 },
        },
      })
        .jpeg({ quality: 85 })
        .toBuffer();
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "karak.jpg");
  const up = await fetch(`${app.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  expect(up.status).toBe(201);
  const media = (await up.json()) as { id: string };
  await app.sufra.deps.db.media.update({ where: { id: media.id }, data: { menuItemId } });
  return media.id;
}

const googleHas = (c: Awaited<ReturnType<typeof cafe>>, menus: unknown[]) =>
  menusOf(google.state).foodMenus.set(c.place.name, { menus });
const label = (en: string, ar?: string) => [
  { displayName: en, languageCode: "en" },
  ...(ar ? [{ displayName: ar, languageCode: "ar" }] : []),
];
const dish = (en: string, fils: number, ar?: string, mediaKeys?: string[]) => ({
  labels: label(en, ar),
  attributes: { price: filsToMoney(fils), ...(mediaKeys ? { mediaKeys } : {}) },
});

describe("money and labels", () => {
  test("fils become KWD Money and back: 2.750 KWD is 2 units and 750,000,000 nanos", () => {
    expect(filsToMoney(2750)).toEqual({ currencyCode: "KWD", units: "2", nanos: 750_000_000 });
    expect(filsToMoney(350)).toEqual({ currencyCode: "KWD", units: "0", nanos: 350_000_000 });
    expect(filsToMoney(9_999_999)).toEqual({ currencyCode: "KWD", units: "9999", nanos: 999_000_000 });
    expect(filsToMoney(1000)).toEqual({ currencyCode: "KWD", units: "1", nanos: 0 });
    expect(() => filsToMoney(-1)).toThrow(RangeError);
    expect(() => filsToMoney(1.5)).toThrow(RangeError);
    expect(moneyToFils({ currencyCode: "KWD", units: "2", nanos: 750_000_000 })).toBe(2750);
    expect(moneyToFils({ currencyCode: "KWD", nanos: 5_000_000 })).toBe(5);
    // another currency, or a part of a fils, is no KWD price Sufra can compare
    expect(moneyToFils({ currencyCode: "SAR", units: "2" })).toBeNull();
    expect(moneyToFils({ currencyCode: "KWD", units: "0", nanos: 500 })).toBeNull();
  });
});

describe("Google's menu beside Sufra's", () => {
  test("added, removed, changed (price, Arabic name, section, photo), the same and skipped, through GraphQL and REST", async () => {
    const c = await cafe();
    await c.add({ name: "Karak", nameAr: "كرك", priceKwd: 0.35, section: "Hot drinks", sectionAr: "مشروبات ساخنة" });
    await c.add({
      name: "Spanish latte",
      nameAr: "سبانش لاتيه",
      priceKwd: 1.75,
      section: "Hot drinks",
      sectionAr: "مشروبات ساخنة",
    });
    await c.add({ name: "Saffron cake", nameAr: "كيكة زعفران", priceKwd: 1.95, section: "Desserts" });
    await c.add({ name: "Water" }); // no price: Google lists only priced items
    googleHas(c, [
      {
        labels: label("Menu", "القائمة"),
        sections: [
          {
            labels: label("Hot drinks", "مشروبات ساخنة"),
            items: [dish("Karak", 350, "كرك"), dish("Spanish Latte", 1500, "لاتيه")],
          },
          { labels: label("Old"), items: [dish("Saffron cake", 1950, "كيكة زعفران"), dish("Date shake", 1250)] },
        ],
      },
    ]);
    const r = await gql(app.base, DIFF, { id: c.location.id }, c.token);
    expect(r.errors).toBeUndefined();
    const d = r.data.googleMenuDiff;
    const byKey = Object.fromEntries(d.rows.map((x: any) => [x.key, x]));
    expect(byKey.karak).toMatchObject({ status: "SAME", changes: [] });
    // matched by its English name whatever its case; the price and the Arabic name differ
    expect(byKey["spanish latte"]).toMatchObject({
      status: "CHANGED",
      changes: ["PRICE", "NAME_AR"],
      google: { priceFils: 1500, nameAr: "لاتيه" },
      sufra: { priceFils: 1750, nameAr: "سبانش لاتيه" },
    });
    expect(byKey["saffron cake"]).toMatchObject({ status: "CHANGED", changes: ["SECTION"] });
    expect(byKey["date shake"]).toMatchObject({ status: "REMOVED", sufra: null, google: { priceFils: 1250 } });
    expect(byKey.water).toMatchObject({ status: "SKIPPED", google: null });
    expect(d.counts).toEqual({ same: 1, added: 0, removed: 1, changed: 2, skipped: 1 });
    expect(d.inSync).toBe(false);
    expect(d.sufra.map((s: any) => [s.name, s.nameAr, s.items.length])).toEqual([
      ["Hot drinks", "مشروبات ساخنة", 2],
      ["Desserts", null, 1],
      [null, null, 1],
    ]);
    expect(d.google[0]).toMatchObject({ name: "Hot drinks", nameAr: "مشروبات ساخنة" });

    const rest = await call(app.base, "GET", `/api/google-menu/${c.location.id}`, { token: c.token });
    expect(rest.status).toBe(200);
    expect(rest.body.counts).toEqual(d.counts);
    expect(rest.body.in_sync).toBe(false);
    const restLatte = rest.body.rows.find((x: any) => x.key === "spanish latte");
    expect(restLatte).toMatchObject({ status: "changed", changes: ["price", "name_ar"], sufra: { price_fils: 1750 } });
    expect(rest.body.location).toMatchObject({ id: c.location.id, verified: true, menu_sent_at: null });
    // reading changes nothing on Google
    expect(menusOf(google.state).updates.filter((u) => u.location === c.place.name)).toEqual([]);
  });

  test("a location Google has no menu for: every priced item is added", async () => {
    const c = await cafe();
    await c.add({ name: "Karak", priceKwd: 0.35 });
    const r = await call(app.base, "GET", `/api/google-menu/${c.location.id}`, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body.google).toEqual([]);
    expect(r.body.rows).toEqual([expect.objectContaining({ key: "karak", status: "added", google: null })]);
  });
});

describe("sending the menu on confirmation", () => {
  test("Google gets sections and items with English and Arabic labels and KWD Money; the menu then matches", async () => {
    const c = await cafe();
    await c.add({ name: "Karak", nameAr: "كرك", priceKwd: 0.35, section: "Hot drinks", sectionAr: "مشروبات ساخنة" });
    await c.add({ name: "Saffron cake", priceKwd: "2.750" });
    await c.add({ name: "Water" });
    googleHas(c, [{ labels: label("Menu"), sections: [{ labels: label("Old"), items: [dish("Date shake", 1250)] }] }]);
    const before = Date.now();
    const r = await gql(app.base, SEND, { id: c.location.id }, c.token);
    expect(r.errors).toBeUndefined();
    const sent = menusOf(google.state).updates.filter((u) => u.location === c.place.name);
    expect(sent).toHaveLength(1);
    const body = sent[0]!.body;
    expect(body.name).toBe(`${c.holder.name}/${c.place.name}/foodMenus`);
    expect(body.menus).toHaveLength(1);
    expect(body.menus[0].labels).toEqual([
      { displayName: "Menu", languageCode: "en" },
      { displayName: "القائمة", languageCode: "ar" },
    ]);
    expect(body.menus[0].sections).toEqual([
      {
        labels: [
          { displayName: "Hot drinks", languageCode: "en" },
          { displayName: "مشروبات ساخنة", languageCode: "ar" },
        ],
        items: [
          {
            labels: [
              { displayName: "Karak", languageCode: "en" },
              { displayName: "كرك", languageCode: "ar" },
            ],
            attributes: { price: { currencyCode: "KWD", units: "0", nanos: 350_000_000 } },
          },
        ],
      },
      {
        // an item without a section is in the menu's first, unnamed section, labelled as the menu
        labels: [
          { displayName: "Menu", languageCode: "en" },
          { displayName: "القائمة", languageCode: "ar" },
        ],
        items: [
          {
            labels: [{ displayName: "Saffron cake", languageCode: "en" }],
            attributes: { price: { currencyCode: "KWD", units: "2", nanos: 750_000_000 } },
          },
        ],
      },
    ]);
    const d = r.data.sendMenuToGoogle;
    expect(d.inSync).toBe(true);
    expect(d.counts).toEqual({ same: 2, added: 0, removed: 0, changed: 0, skipped: 1 });
    expect(d.location.sendError).toBeNull();
    expect(new Date(d.location.menuSentAt).getTime()).toBeGreaterThanOrEqual(before - 1000);
    // read again from Google: the same
    const again = await gql(app.base, DIFF, { id: c.location.id }, c.token);
    expect(again.data.googleMenuDiff.inSync).toBe(true);
    const audit = await app.sufra.deps.db.auditLog.findFirst({
      where: { action: "google_menu.sent", entityId: c.location.id },
    });
    expect(audit?.data).toMatchObject({ items: 2, skipped: 1 });
  });

  test("a dish's photo is added to the location once (Google fetched the JPEG) and named by its media key", async () => {
    const c = await cafe();
    const item = (await c.add({ name: "Karak", priceKwd: 0.35 })).body;
    await photoFor(c.token, item.id);
    const r = await call(app.base, "POST", `/api/google-menu/${c.location.id}/send`, { token: c.token });
    expect(r.status).toBe(200);
    const media = [...menusOf(google.state).media.values()].filter((m) => m.location === c.place.name);
    expect(media).toHaveLength(1);
    expect(media[0]).toMatchObject({ category: "FOOD_AND_DRINK", format: "jpeg" });
    expect(media[0]!.sourceUrl.startsWith(app.base.replace("localhost", "127.0.0.1"))).toBe(true);
    const key = media[0]!.name.split("/").pop();
    const sent = menusOf(google.state).updates.filter((u) => u.location === c.place.name);
    expect(sent[0]!.body.menus[0].sections[0].items[0].attributes.mediaKeys).toEqual([key]);
    expect(r.body.rows[0]).toMatchObject({ status: "same", google: { photo: true }, sufra: { photo: true } });
    // a second send keeps the photo Google shows: nothing uploaded again
    expect((await call(app.base, "POST", `/api/google-menu/${c.location.id}/send`, { token: c.token })).status).toBe(
      200,
    );
    expect([...menusOf(google.state).media.values()].filter((m) => m.location === c.place.name)).toHaveLength(1);
    expect(
      menusOf(google.state).updates.filter((u) => u.location === c.place.name)[1]!.body.menus[0].sections[0].items[0]
        .attributes.mediaKeys,
    ).toEqual([key]);
  }, 30_000);

  test("nothing priced: nothing sent, said in both languages", async () => {
    const c = await cafe();
    await c.add({ name: "Water" });
    const r = await call(app.base, "POST", `/api/google-menu/${c.location.id}/send`, { token: c.token, lang: "ar" });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe("VALIDATION_ERROR");
    expect(r.body.details.menu).toEqual([messageText("googleMenuNothingToSend", "ar")]);
    expect(menusOf(google.state).updates.filter((u) => u.location === c.place.name)).toEqual([]);
  });
});

describe("Google's refusals, each a clear error in both languages, kept on the location", () => {
  const sendAs = async (c: Awaited<ReturnType<typeof cafe>>, lang = "en") =>
    gql(app.base, SEND, { id: c.location.id }, c.token, lang);
  const sendError = async (id: string) =>
    (await app.sufra.deps.db.googleLocation.findUniqueOrThrow({ where: { id } })).sendError;

  test("a location Google no longer counts as verified: FAILED_PRECONDITION is GOOGLE_MENU_NOT_VERIFIED", async () => {
    const c = await cafe();
    await c.add({ name: "Karak", priceKwd: 0.35 });
    google.state.setVerified(c.place.name, false);
    const r = await sendAs(c, "ar");
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_MENU_NOT_VERIFIED");
    expect(r.errors?.[0]?.message).toBe(errorText("GOOGLE_MENU_NOT_VERIFIED", "ar"));
    expect(await sendError(c.location.id)).toMatch(/Precondition/);
    // the diff is refused the same way
    const d = await call(app.base, "GET", `/api/google-menu/${c.location.id}`, { token: c.token });
    expect(d.status).toBe(409);
    expect(d.body.error?.code ?? d.body.code).toBe("GOOGLE_MENU_NOT_VERIFIED");
  });

  test("a location Sufra knows is unverified: refused before anything is sent", async () => {
    const c = await cafe();
    await c.add({ name: "Karak", priceKwd: 0.35 });
    await app.sufra.deps.db.googleLocation.update({ where: { id: c.location.id }, data: { verified: false } });
    const calls = google.state.calls.updateFoodMenus ?? 0;
    const r = await sendAs(c);
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_MENU_NOT_VERIFIED");
    expect(google.state.calls.updateFoodMenus ?? 0).toBe(calls);
  });

  test("a location whose currency is not KWD refuses the price: GOOGLE_MENU_PRICE_REFUSED", async () => {
    const c = await cafe({ region: "SA" });
    await c.add({ name: "Karak", priceKwd: 0.35 });
    const r = await sendAs(c);
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_MENU_PRICE_REFUSED");
    expect(r.errors?.[0]?.message).toBe(errorText("GOOGLE_MENU_PRICE_REFUSED", "en"));
    expect(await sendError(c.location.id)).toMatch(/currency \(SAR\)/);
  });

  test("a name Google finds too long (over 140): GOOGLE_MENU_TEXT_REFUSED", async () => {
    const c = await cafe();
    const item = (await c.add({ name: "Karak", priceKwd: 0.35 })).body;
    // longer than Sufra allows: as an older row might be
    await app.sufra.deps.db.menuItem.update({ where: { id: item.id }, data: { name: "K".repeat(141) } });
    const r = await sendAs(c, "ar");
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_MENU_TEXT_REFUSED");
    expect(r.errors?.[0]?.message).toBe(errorText("GOOGLE_MENU_TEXT_REFUSED", "ar"));
  });

  test("a photo Google cannot take (under 10 KB): GOOGLE_MENU_PHOTO_REFUSED, the menu left as it was", async () => {
    const c = await cafe();
    const item = (await c.add({ name: "Karak", priceKwd: 0.35 })).body;
    await photoFor(c.token, item.id, { tiny: true });
    const r = await sendAs(c);
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_MENU_PHOTO_REFUSED");
    expect(menusOf(google.state).updates.filter((u) => u.location === c.place.name)).toEqual([]);
  }, 30_000);

  test("a media key Google does not know (its photo removed on Google): GOOGLE_MENU_PHOTO_REFUSED", async () => {
    const c = await cafe();
    const item = (await c.add({ name: "Karak", priceKwd: 0.35 })).body;
    await photoFor(c.token, item.id);
    googleHas(c, [
      {
        labels: label("Menu"),
        sections: [{ labels: label("Menu"), items: [dish("Karak", 350, undefined, ["gone"])] }],
      },
    ]);
    const r = await sendAs(c);
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_MENU_PHOTO_REFUSED");
    expect(await sendError(c.location.id)).toMatch(/Unknown media key/);
  }, 30_000);

  test("an expired token (401) asks for a reconnect and marks the connection", async () => {
    const c = await cafe();
    await c.add({ name: "Karak", priceKwd: 0.35 });
    google.state.failNext("updateFoodMenus", 401);
    const r = await sendAs(c);
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_RECONNECT_NEEDED");
    const account = await app.sufra.deps.db.platformAccount.findUniqueOrThrow({ where: { id: c.account.id } });
    expect(account.status).toBe("reconnect_needed");
  });

  test("a grant without the business.manage scope (403 PERMISSION_DENIED) asks for a reconnect", async () => {
    const c = await cafe({ scopes: ["openid"] });
    await c.add({ name: "Karak", priceKwd: 0.35 });
    const r = await sendAs(c, "ar");
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_RECONNECT_NEEDED");
    expect(r.errors?.[0]?.message).toBe(errorText("GOOGLE_RECONNECT_NEEDED", "ar"));
  });

  test("Google's rate limit (429 RESOURCE_EXHAUSTED): GOOGLE_BUSY, nothing changed", async () => {
    const c = await cafe();
    await c.add({ name: "Karak", priceKwd: 0.35 });
    google.state.failNext("updateFoodMenus", 429);
    const r = await sendAs(c);
    expect(r.errors?.[0]?.extensions.reason).toBe("GOOGLE_BUSY");
    expect(ERRORS.GOOGLE_BUSY.ar).toMatch(/جوجل/);
    expect(menusOf(google.state).updates.filter((u) => u.location === c.place.name)).toEqual([]);
    // the next send goes through, and the error is cleared
    const ok = await sendAs(c);
    expect(ok.errors).toBeUndefined();
    expect(await sendError(c.location.id)).toBeNull();
  });
});

describe("the stand-in refuses what Google refuses (the adapter's calls straight against it)", () => {
  const menus = () => createGoogleMenus({ myBusinessUrl: google.state.url }, { backoffMs: 1 });
  const refusal = async (p: Promise<unknown>) => {
    const e = await p.then(
      () => null,
      (err: unknown) => err,
    );
    expect(e).toBeInstanceOf(PlatformError);
    return e as PlatformError;
  };
  const base = (items: unknown[]) => ({
    menus: [{ labels: label("Menu"), sections: [{ labels: label("Drinks"), items }] }],
  });

  test("Money: another currency, nanos out of range, nanos against the units' sign", async () => {
    const c = await cafe();
    const access = { externalId: "x", handle: "x", accessToken: c.tokens.accessToken };
    const loc = { googleAccount: c.holder.name, name: c.place.name };
    const price = (p: unknown) => base([{ labels: label("Karak"), attributes: { price: p } }]);
    const usd = await refusal(menus().replace(access, loc, price({ currencyCode: "USD", units: "1" }) as never));
    expect(usd.kind).toBe("rejected");
    expect(String(usd.opts.platformCode)).toMatch(/^INVALID_ARGUMENT:.*price\.currency_code$/);
    const big = await refusal(
      menus().replace(access, loc, price({ currencyCode: "KWD", units: "1", nanos: 1_000_000_000 }) as never),
    );
    expect(String(big.opts.platformCode)).toMatch(/price\.nanos$/);
    const sign = await refusal(
      menus().replace(access, loc, price({ currencyCode: "KWD", units: "1", nanos: -5 }) as never),
    );
    expect(sign.platformMessage).toMatch(/same sign/);
    expect(menusOf(google.state).updates.filter((u) => u.location === c.place.name)).toEqual([]);
  });

  test("labels: a missing displayName, one over 140 characters, a section without items, an unknown field", async () => {
    const c = await cafe();
    const access = { externalId: "x", handle: "x", accessToken: c.tokens.accessToken };
    const loc = { googleAccount: c.holder.name, name: c.place.name };
    const price = filsToMoney(350);
    const noName = await refusal(
      menus().replace(access, loc, base([{ labels: [{ languageCode: "en" }], attributes: { price } }]) as never),
    );
    expect(String(noName.opts.platformCode)).toMatch(/labels\[0\]\.display_name$/);
    const long = await refusal(
      menus().replace(access, loc, base([{ labels: label("x".repeat(141)), attributes: { price } }]) as never),
    );
    expect(long.platformMessage).toMatch(/140/);
    expect([...label("x".repeat(140))[0]!.displayName]).toHaveLength(140);
    const empty = await refusal(menus().replace(access, loc, base([]) as never));
    expect(empty.platformMessage).toMatch(/at least an item/);
    const unknown = await refusal(
      menus().replace(access, loc, base([{ labels: label("Karak"), attributes: { price, colour: "red" } }]) as never),
    );
    expect(unknown.platformMessage).toMatch(/Unknown name "colour"/);
  });

  test("an updateMask other than menus, an unknown media key; unverified and without a menu: FAILED_PRECONDITION", async () => {
    const c = await cafe();
    const url = `${google.state.url}/v4/${c.holder.name}/${c.place.name}/foodMenus`;
    const patch = (mask: string, body: unknown) =>
      fetch(`${url}?updateMask=${mask}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${c.tokens.accessToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const good = base([{ labels: label("Karak"), attributes: { price: filsToMoney(350) } }]);
    const sections = await patch("menus.sections", good);
    expect(sections.status).toBe(400);
    expect(((await sections.json()) as any).error.status).toBe("INVALID_ARGUMENT");
    expect((await patch("name", good)).status).toBe(400);
    const key = await patch(
      "menus",
      base([{ labels: label("Karak"), attributes: { price: filsToMoney(350), mediaKeys: ["nope"] } }]),
    );
    expect(((await key.json()) as any).error.details[0].errorDetails[0].field).toMatch(/media_keys$/);
    expect((await patch("menus", good)).status).toBe(200);
    menusOf(google.state).noFoodMenus.add(c.place.name);
    const noMenu = await patch("menus", good);
    expect(noMenu.status).toBe(400);
    expect(((await noMenu.json()) as any).error.status).toBe("FAILED_PRECONDITION");
    menusOf(google.state).noFoodMenus.delete(c.place.name);
    google.state.setVerified(c.place.name, false);
    const get = await fetch(url, { headers: { authorization: `Bearer ${c.tokens.accessToken}` } });
    expect(((await get.json()) as any).error.status).toBe("FAILED_PRECONDITION");
  });

  test("an expired token is 401 UNAUTHENTICATED; a token without the scope 403 PERMISSION_DENIED", async () => {
    const c = await cafe();
    const url = `${google.state.url}/v4/${c.holder.name}/${c.place.name}/foodMenus`;
    google.state.expireToken(c.tokens.accessToken);
    const expired = await fetch(url, { headers: { authorization: `Bearer ${c.tokens.accessToken}` } });
    expect(expired.status).toBe(401);
    const { person } = google.state.addPerson({ name: "Scopeless" });
    const t = google.state.issueTokens(person.id, { scopes: ["openid"] });
    const scopeless = await fetch(url, { headers: { authorization: `Bearer ${t.accessToken}` } });
    expect(scopeless.status).toBe(403);
    expect(((await scopeless.json()) as any).error.status).toBe("PERMISSION_DENIED");
  });
});

describe("who may see and send", () => {
  test("another business's location is not found; no session is refused", async () => {
    const a = await cafe();
    const other = await signedInBusiness(app.base);
    const r = await gql(app.base, DIFF, { id: a.location.id }, other.token);
    expect(r.errors?.[0]?.extensions.reason).toBe("NOT_FOUND");
    const send = await call(app.base, "POST", `/api/google-menu/${a.location.id}/send`, { token: other.token });
    expect(send.status).toBe(404);
    expect((await call(app.base, "GET", `/api/google-menu/${a.location.id}`)).status).toBe(401);
    expect((await call(app.base, "GET", "/api/google-menu/not-a-uuid", { token: a.token })).status).toBe(404);
    expect(menusOf(google.state).updates.filter((u) => u.location === a.place.name)).toEqual([]);
  });
});
