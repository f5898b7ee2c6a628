// The café's link page over real HTTP (docs/architecture.md#link-page): /l/<slug> in English and Arabic (lang, dir,
// ?lang and Accept-Language), its buttons short links that redirect to the app with UTM and count under their button,
// today's hours highlighted (the service's clock injected) and confirmed Ramadan hours shown in their place, KWD
// prices with three decimals, only published posts, a 404 page for an unknown or unpublished slug, one café's page
// showing only that café, nothing private (the owner's email, the account's phone, a draft, tokens), a big menu under
// 50 KB compressed, hostile slugs answered 4xx, the social-card meta, ETag and compression; the owner's settings with
// the slug rules (a taken name told in both languages) and the preview through both doors.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { request } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { createLinkPageService, PAGE_CACHE_MS } from "../src/modules/link-page/link-page.service.ts";
import { ensureDemoLinkPage } from "../src/modules/link-page/index.ts";
import { call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
let owner: Awaited<ReturnType<typeof signedInBusiness>>;
let other: Awaited<ReturnType<typeof signedInBusiness>>;
// Tuesday 10 March 2026, 21:00 in Kuwait (18:00 UTC)
let clock = new Date("2026-03-10T18:00:00Z");
const db = () => app.sufra.deps.db;
const PHONE_UA = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";

const open = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(app.base + path, { method, redirect: "manual", headers: { "accept-encoding": "identity", ...headers } });
const page = async (path: string, headers: Record<string, string> = {}) => {
  const r = await open(path, headers);
  return { status: r.status, headers: r.headers, html: await r.text() };
};

/** The bytes as sent on the wire (fetch would undo the content encoding). */
function wire(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; encoding: string | undefined; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request(app.base + path, { headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (c: Buffer) => parts.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode!, encoding: res.headers["content-encoding"], body: Buffer.concat(parts) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

function mediaRow(businessId: string, menuItemId: string | null, n: number) {
  const key = (v: string) => `${businessId}/m${n}/${v}`;
  return {
    businessId,
    kind: "image" as const,
    mime: "image/jpeg",
    bytes: 120_000,
    width: 1600,
    height: 1200,
    storageKey: key("original.jpg"),
    menuItemId,
    variants: {
      thumb: { key: key("thumb.webp"), mime: "image/webp", width: 320, height: 240, bytes: 14_000 },
      landscape: { key: key("landscape.jpg"), mime: "image/jpeg", width: 1080, height: 566, bytes: 90_000 },
    },
  };
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await signedInBusiness(app.base, { over: { company_name: "Bayt Al Karak" } });
  other = await signedInBusiness(app.base, { over: { company_name: "Other Roastery" } });
  app.sufra.services.linkPage = createLinkPageService(app.sufra.deps, {
    media: app.sufra.services.media,
    shortLinks: app.sufra.services.shortLinks,
    now: () => clock,
    // these tests change rows behind the service's back; the page's few seconds of memory are tested on their own
    cacheMs: 0,
  });
  await db().business.update({
    where: { id: owner.businessId },
    data: {
      nameAr: "بيت الكرك",
      cuisine: "cafe",
      area: "salmiya",
      address: "Salem Al Mubarak St, Salmiya",
      addressAr: "شارع سالم المبارك، السالمية",
      mapUrl: "https://maps.app.goo.gl/abc123",
      publicPhone: "+96555501234",
      reservationMode: "link",
      reservationUrl: "https://book.example.kw/bayt",
      deliveryApps: [
        { app: "talabat", url: "https://www.talabat.com/kuwait/bayt-al-karak" },
        { app: "careem", url: "https://careem.com/food/bayt" },
      ],
      weeklyHours: [
        ...["SUNDAY", "MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "SATURDAY"].map((day) => ({
          day,
          open: "07:00",
          close: "23:00",
        })),
        { day: "FRIDAY", open: "14:00", close: "01:00" },
      ],
    },
  });
  const karak = await db().menuItem.create({
    data: {
      businessId: owner.businessId,
      name: "Karak",
      nameAr: "كرك",
      priceKwd: "0.350",
      section: "Hot drinks",
      sectionAr: "مشروبات ساخنة",
    },
  });
  await db().menuItem.create({
    data: {
      businessId: owner.businessId,
      name: "Saffron cake",
      nameAr: "كيكة الزعفران",
      priceKwd: "1.5",
      position: 1,
      section: "Sweets",
    },
  });
  await db().media.create({ data: mediaRow(owner.businessId, karak.id, 1) });
  const photo = await db().media.create({ data: mediaRow(owner.businessId, null, 2) });
  const published = await db().post.create({
    data: {
      businessId: owner.businessId,
      status: "published",
      content: "Our karak is back for Ramadan nights",
      publishedAt: new Date("2026-03-09T15:00:00Z"),
    },
  });
  await db().postMedia.create({ data: { postId: published.id, mediaId: photo.id } });
  // an Instagram account with a token: the page must never show it
  const account = await db().platformAccount.create({
    data: {
      businessId: owner.businessId,
      platform: "instagram",
      externalId: "17841400000000001",
      handle: "bayt.karak",
      accessToken: "IGQVJ-SECRET-TOKEN-bayt",
    },
  });
  await db().postTarget.create({
    data: {
      postId: published.id,
      accountId: account.id,
      platform: account.platform,
      status: "published",
      permalink: "https://www.instagram.com/p/KARAK1/",
    },
  });
  await db().post.create({
    data: { businessId: owner.businessId, status: "draft", content: "SECRET DRAFT pistachio launch" },
  });
  await db().post.create({
    data: {
      businessId: owner.businessId,
      status: "scheduled",
      content: "SCHEDULED SURPRISE",
      scheduledFor: new Date("2026-04-01T10:00:00Z"),
    },
  });
  await db().menuItem.create({ data: { businessId: other.businessId, name: "Flat white", priceKwd: "1.250" } });
});
afterAll(async () => {
  await app?.stop();
});

const settings = (token: string) => call(app.base, "GET", "/api/link-page", { token });
const put = (token: string, body: unknown, lang?: string) =>
  call(app.base, "PUT", "/api/link-page", { token, body, lang });
const publish = (token: string) => call(app.base, "POST", "/api/link-page/publish", { token });

describe("the owner's settings", () => {
  test("before the first save a free address name is proposed from the café's name", async () => {
    const r = await settings(owner.token);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      slug: "bayt-al-karak",
      saved: false,
      published: false,
      url: "http://sufra.test/l/bayt-al-karak",
    });
  });

  test("slug rules: length, characters, reserved words; a name another café has is told in both languages", async () => {
    for (const [slug, key] of [
      ["ab", "linkPageSlugLength"],
      ["x".repeat(41), "linkPageSlugLength"],
      ["Bayt", "linkPageSlugInvalid"],
      ["bayt--karak", "linkPageSlugInvalid"],
      ["-bayt", "linkPageSlugInvalid"],
      ["بيت-الكرك", "linkPageSlugInvalid"],
      ["admin", "linkPageSlugReserved"],
    ] as const) {
      const r = await put(owner.token, { slug });
      expect(r.status).toBe(400);
      expect(r.body.details.slug).toBeDefined();
      expect(JSON.stringify(r.body)).toContain(
        { linkPageSlugLength: "3 to 40", linkPageSlugInvalid: "lower-case latin", linkPageSlugReserved: "reserved" }[
          key
        ],
      );
    }
    expect((await put(other.token, { slug: "roastery-kw" })).status).toBe(200);
    const en = await put(owner.token, { slug: "roastery-kw" });
    expect(en.status).toBe(400);
    expect(en.body.details.slug[0]).toBe("Another café already uses this address name: choose another");
    const ar = await put(owner.token, { slug: "roastery-kw" }, "ar");
    expect(ar.body.details.slug[0]).toBe("مقهى آخر يستخدم اسم الرابط هذا: اختر اسمًا آخر");
    const ok = await put(owner.token, {
      slug: "bayt-al-karak",
      bio: "Karak and saffron cake in Salmiya",
      bio_ar: "كرك وكيكة زعفران في السالمية",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ slug: "bayt-al-karak", saved: true, published: false, show_menu: true });
  });

  test("GraphQL: the settings, a taken name refused with its key, the preview's HTML with unsaved changes", async () => {
    const q = await gql(app.base, "{ linkPage { slug published bio showMenu } }", {}, owner.token);
    expect(q.data.linkPage).toEqual({
      slug: "bayt-al-karak",
      published: false,
      bio: "Karak and saffron cake in Salmiya",
      showMenu: true,
    });
    const taken = await gql(
      app.base,
      "mutation($i: LinkPageInput!) { updateLinkPage(input: $i) { slug } }",
      { i: { slug: "roastery-kw" } },
      owner.token,
    );
    expect(taken.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      reason: "VALIDATION_ERROR",
      details: { slug: ["Another café already uses this address name: choose another"] },
    });
    const p = await gql(
      app.base,
      "query($d: LinkPageInput) { linkPagePreview(draft: $d, locale: AR) }",
      { d: { bioAr: "نبذة لم تُحفظ بعد", showMenu: false } },
      owner.token,
    );
    const html = p.data.linkPagePreview as string;
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain("نبذة لم تُحفظ بعد");
    expect(html).not.toContain("كيكة الزعفران"); // the menu turned off in the draft
    expect(html).toContain('content="noindex,nofollow"');
    // the preview's buttons lead straight to the app: no short link is made from Settings
    expect(html).toContain("https://www.talabat.com/kuwait/bayt-al-karak");
    expect(await db().shortLink.count({ where: { businessId: owner.businessId } })).toBe(0);
    const rest = await call(app.base, "POST", "/api/link-page/preview?lang=en", {
      token: owner.token,
      body: { bio: "Draft bio" },
    });
    expect(rest.status).toBe(200);
    expect(rest.body).toContain('<html lang="en" dir="ltr">');
    expect(rest.body).toContain("Draft bio");
    const bad = await call(app.base, "POST", "/api/link-page/preview", {
      token: owner.token,
      body: { slug: "../etc" },
    });
    expect(bad.status).toBe(400);
  });

  test("an unpublished page is a 404 in the visitor's language; publishing opens it", async () => {
    const en = await page("/l/bayt-al-karak");
    expect(en.status).toBe(404);
    expect(en.html).toContain("Page not found");
    expect(en.headers.get("cache-control")).toBe("no-store");
    const ar = await page("/l/bayt-al-karak", { "accept-language": "ar-KW,ar;q=0.9" });
    expect(ar.html).toContain('lang="ar" dir="rtl"');
    expect(ar.html).toContain("الصفحة غير موجودة");
    const r = await publish(owner.token);
    expect(r.status).toBe(200);
    expect(r.body.published).toBe(true);
    expect((await page("/l/bayt-al-karak")).status).toBe(200);
  });
});

describe("the public page", () => {
  test("English: the café, its bio, KWD prices with three decimals, the menu's photo sized and lazy, only published posts", async () => {
    const { status, html, headers } = await page("/l/bayt-al-karak", { "accept-language": "en-US,en;q=0.9" });
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<h1 dir="auto">Bayt Al Karak</h1>');
    expect(html).toContain("Karak and saffron cake in Salmiya");
    expect(html).toContain("<bdi>0.350</bdi> KWD");
    expect(html).toContain("<bdi>1.500</bdi> KWD");
    expect(html).toMatch(
      /<img src="\/media\/[0-9a-f-]{36}\/thumb\?exp=\d+&amp;sig=[\w-]+" width="320" height="240" alt="Karak" loading="lazy" decoding="async">/,
    );
    expect(html).toContain("Hot drinks");
    expect(html).toContain("Our karak is back for Ramadan nights");
    expect(html).not.toContain("SECRET DRAFT");
    expect(html).not.toContain("SCHEDULED SURPRISE");
    expect(html).not.toContain("<script");
  });

  test("Arabic by Accept-Language and by ?lang: right to left, Arabic names, the other language's link", async () => {
    const ar = await page("/l/bayt-al-karak", { "accept-language": "ar" });
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain("بيت الكرك");
    expect(ar.html).toContain("<bdi>0.350</bdi> د.ك");
    expect(ar.html).toContain("مشروبات ساخنة");
    expect(ar.html).toContain('href="?lang=en" lang="en"');
    const forced = await page("/l/bayt-al-karak?lang=ar", { "accept-language": "en" });
    expect(forced.html).toContain('<html lang="ar" dir="rtl">');
    expect(forced.html).toContain("اطلب عبر كريم");
  });

  test("social-card meta: title, description, image, twitter card, canonical and both languages' alternates", async () => {
    const { html } = await page("/l/bayt-al-karak?lang=en");
    expect(html).toContain('<link rel="canonical" href="http://sufra.test/l/bayt-al-karak?lang=en">');
    expect(html).toContain('hreflang="ar" href="http://sufra.test/l/bayt-al-karak?lang=ar"');
    expect(html).toContain('hreflang="x-default" href="http://sufra.test/l/bayt-al-karak"');
    expect(html).toContain('<meta property="og:title" content="Bayt Al Karak · Café · Salmiya">');
    expect(html).toContain('<meta property="og:description" content="Karak and saffron cake in Salmiya">');
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/sufra\.test\/media\/[0-9a-f-]{36}\/landscape\?exp=/,
    );
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain('<meta name="viewport"');
  });

  test("every button is a short link that redirects to the app with UTM and counts under its button", async () => {
    const { html } = await page("/l/bayt-al-karak?lang=en");
    const hrefs = [...html.matchAll(/<a class="btn(?: alt)?" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({
      href: m[1]!,
      label: m[2]!,
    }));
    expect(hrefs.map((h) => h.label)).toEqual([
      "Message us on WhatsApp",
      "Order on Talabat",
      "Order on Careem",
      "Book a table",
      "Directions",
    ]);
    for (const h of hrefs) expect(h.href).toMatch(/^http:\/\/sufra\.test\/r\/[2-9a-zA-Z]{8}$/);
    const code = (label: string) => hrefs.find((h) => h.label === label)!.href.split("/r/")[1]!;
    const talabat = await open(`/r/${code("Order on Talabat")}`, { "user-agent": PHONE_UA });
    expect(talabat.status).toBe(302);
    const to = new URL(talabat.headers.get("location")!);
    expect(to.origin + to.pathname).toBe("https://www.talabat.com/kuwait/bayt-al-karak");
    expect(Object.fromEntries(to.searchParams)).toMatchObject({
      utm_source: "sufra",
      utm_medium: "link_in_bio",
      utm_content: "talabat",
    });
    const wa = await open(`/r/${code("Message us on WhatsApp")}`, { "user-agent": PHONE_UA });
    expect(wa.headers.get("location")).toBe("https://wa.me/96555501234");
    const link = await db().shortLink.findUnique({
      where: { code: code("Order on Talabat") },
      include: { days: true },
    });
    expect(link).toMatchObject({ kind: "link_page", button: "talabat", businessId: owner.businessId });
    expect(link!.days.reduce((a, d) => a + d.clicks, 0)).toBe(1);
    const buttons = await db().shortLink.findMany({
      where: { businessId: owner.businessId },
      select: { button: true },
    });
    expect(buttons.map((b) => b.button).sort()).toEqual(
      expect.arrayContaining(["careem", "map", "reservation", "talabat", "whatsapp"]),
    );
    // rendered again: the same codes (a link is made once per what it is)
    const again = await page("/l/bayt-al-karak?lang=ar");
    for (const h of hrefs.filter((x) => x.label !== "Directions")) expect(again.html).toContain(h.href);
  });

  test("a post with a known address links to it through a short link counted on that post", async () => {
    const target = await db().postTarget.findFirstOrThrow({ where: { post: { businessId: owner.businessId } } });
    const { html } = await page("/l/bayt-al-karak?lang=en");
    const m = html.match(/<a href="(http:\/\/sufra\.test\/r\/[^"]+)" rel="nofollow">See the post<\/a>/);
    expect(m).not.toBeNull();
    const link = await db().shortLink.findUnique({ where: { code: m![1]!.split("/r/")[1]! } });
    expect(link).toMatchObject({
      button: "post",
      postId: target.postId,
      target: "https://www.instagram.com/p/KARAK1/",
    });
  });

  test("a caption's link to the page carries its post: the page's Talabat button then counts for that post and network", async () => {
    const post = await db().post.findFirstOrThrow({ where: { businessId: owner.businessId, status: "published" } });
    const shortLinks = app.sufra.services.shortLinks;
    // as publishing writes a caption to Instagram: the link page's address becomes a short link for the post
    const caption = await shortLinks.captionText(
      owner.businessId,
      { postId: post.id, platform: "instagram", campaignId: null },
      "Order from our page http://sufra.test/l/bayt-al-karak tonight",
      () => true,
    );
    const captionCode = caption.match(/http:\/\/sufra\.test\/r\/([2-9a-zA-Z]{8})/)![1]!;
    const followed = await open(`/r/${captionCode}`, { "user-agent": PHONE_UA });
    expect(followed.status).toBe(302);
    const landing = new URL(followed.headers.get("location")!);
    expect(landing.pathname).toBe("/l/bayt-al-karak");
    expect(landing.searchParams.get("from")).toBe(captionCode);

    const { html } = await page(`${landing.pathname}${landing.search}&lang=ar`);
    const talabat = html.match(
      /<a class="btn(?: alt)?" href="http:\/\/sufra\.test\/r\/([2-9a-zA-Z]{8})"[^>]*>[^<]*طلبات[^<]*<\/a>/,
    );
    expect(talabat).not.toBeNull();
    const tap = await open(`/r/${talabat![1]!}`, { "user-agent": PHONE_UA, "x-forwarded-for": "10.9.9.9" });
    expect(new URL(tap.headers.get("location")!).hostname).toBe("www.talabat.com");
    const link = await db().shortLink.findUnique({ where: { code: talabat![1]! }, include: { days: true } });
    expect(link).toMatchObject({ kind: "link_page", button: "talabat", postId: post.id, platform: "instagram" });
    expect(link!.days.reduce((a, d) => a + d.clicks, 0)).toBe(1);

    // a made-up or another café's code changes nothing: the plain buttons, counted for no post
    const plain = await page("/l/bayt-al-karak?lang=ar");
    const made = await page("/l/bayt-al-karak?lang=ar&from=ZZZZZZZZ");
    const hrefsOf = (h: string) => [...h.matchAll(/class="btn(?: alt)?" href="([^"]+)"/g)].map((m) => m[1]);
    expect(hrefsOf(made.html)).toEqual(hrefsOf(plain.html));
    expect(hrefsOf(plain.html)).not.toContain(`http://sufra.test/r/${talabat![1]!}`);
  });

  test("today's hours highlighted (the clock injected): Tuesday in Kuwait, then Friday's late hours", async () => {
    const { html } = await page("/l/bayt-al-karak?lang=en");
    expect(html).toMatch(
      /<tr class="today" aria-current="date"><th scope="row">Tuesday <span class="tag">· Today<\/span><\/th><td><bdi>7:00 AM – 11:00 PM<\/bdi><\/td><\/tr>/,
    );
    expect(html.match(/aria-current="date"/g)).toHaveLength(1);
    clock = new Date("2026-03-13T10:00:00Z"); // Friday
    const fri = await page("/l/bayt-al-karak?lang=en");
    expect(fri.html).toMatch(
      /<tr class="today" aria-current="date"><th scope="row">Friday[^]*?<bdi>2:00 PM – 1:00 AM<\/bdi>/,
    );
    clock = new Date("2026-03-10T18:00:00Z");
  });

  test("confirmed Ramadan hours in force are shown instead of the week's; a proposed span is not", async () => {
    await db().specialHours.create({
      data: {
        businessId: owner.businessId,
        occasion: "ramadan",
        startDate: new Date("2026-02-18"),
        endDate: new Date("2026-03-19"),
        periods: [{ open: "19:00", close: "02:00" }],
        status: "confirmed",
      },
    });
    await db().specialHours.create({
      data: {
        businessId: owner.businessId,
        occasion: "eid_al_fitr",
        startDate: new Date("2026-03-10"),
        endDate: new Date("2026-03-12"),
        closed: true,
        status: "proposed",
      },
    });
    const { html } = await page("/l/bayt-al-karak?lang=en");
    expect(html).toMatch(
      /<tr class="today" aria-current="date"><th scope="row">Tuesday[^]*?<bdi>7:00 PM – 2:00 AM<\/bdi> <span class="tag">\(Ramadan hours\)<\/span>/,
    );
    expect(html).not.toContain("Eid al-Fitr");
    const ar = await page("/l/bayt-al-karak?lang=ar");
    expect(ar.html).toContain("(ساعات رمضان)");
  });

  test("nothing private: not the owner's email, the account's phone, drafts, tokens or the other café", async () => {
    const { html } = await page("/l/bayt-al-karak?lang=en");
    expect(html).not.toContain(owner.email);
    expect(html).not.toContain("5555 1234"); // the account's own phone (signUp), not the public one
    expect(html).not.toContain(owner.token);
    expect(html).not.toContain("IGQVJ-SECRET-TOKEN");
    expect(html).not.toContain("17841400000000001");
    expect(html).not.toMatch(/eyJ[\w-]+\.[\w-]+/); // no JWT of any kind
    expect(html).not.toContain("Noura"); // the contact person
    expect(html).not.toContain("Flat white");
    expect(html).not.toContain("Other Roastery");
  });

  test("another café's slug shows only that café", async () => {
    expect((await publish(other.token)).status).toBe(200);
    const { status, html } = await page("/l/roastery-kw?lang=en");
    expect(status).toBe(200);
    expect(html).toContain("Other Roastery");
    expect(html).toContain("<bdi>1.250</bdi> KWD");
    expect(html).not.toContain("Bayt Al Karak");
    expect(html).not.toContain("Karak");
  });

  test("hostile and unknown slugs: 4xx, never a 5xx", async () => {
    for (const path of [
      "/l/nope-nope",
      "/l/" + "a".repeat(5000),
      "/l/%00",
      "/l/..%2f..%2fetc",
      "/l/%E0%A4%A",
      "/l/bayt-al-karak%27%3Balert(1)",
      "/l/BAYT-AL-KARAK",
      "/l/<script>",
    ]) {
      const r = await open(path);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      const body = await r.text();
      expect(body).not.toContain("<script>");
    }
  });

  test("compressed as accepted (brotli, gzip), ETag answered with 304, short public cache, HEAD works", async () => {
    const plain = await page("/l/bayt-al-karak?lang=en");
    const br = await wire("/l/bayt-al-karak?lang=en", { "accept-encoding": "gzip, deflate, br" });
    expect(br.encoding).toBe("br");
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(plain.html);
    const gz = await wire("/l/bayt-al-karak?lang=en", { "accept-encoding": "gzip" });
    expect(gz.encoding).toBe("gzip");
    expect(gunzipSync(gz.body).toString("utf8")).toBe(plain.html);
    expect(plain.headers.get("cache-control")).toBe("public, max-age=60");
    expect(plain.headers.get("vary")).toMatch(/Accept-Encoding/);
    const etag = plain.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    // over plain HTTP: fetch adds cache-control: no-cache to a request with If-None-Match (the Fetch standard)
    const again = await wire("/l/bayt-al-karak?lang=en", { "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await open("/l/bayt-al-karak?lang=en", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    expect(head.headers.get("etag")).toBe(etag);
  });

  test("a big menu (200 items, each with a photo) with posts stays under 50 KB compressed on the wire", async () => {
    const items = await db().menuItem.createManyAndReturn({
      data: Array.from({ length: 198 }, (_, i) => ({
        businessId: owner.businessId,
        name: `Specialty drink number ${i + 1} with cardamom`,
        nameAr: `مشروب مميز رقم ${i + 1} بالهيل`,
        priceKwd: (0.5 + i * 0.125).toFixed(3),
        position: 10 + i,
        section: `Section ${Math.floor(i / 20)}`,
        sectionAr: `قسم ${Math.floor(i / 20)}`,
      })),
    });
    await db().media.createMany({ data: items.map((it, i) => mediaRow(owner.businessId, it.id, 100 + i)) });
    for (const lang of ["en", "ar"]) {
      const r = await wire(`/l/bayt-al-karak?lang=${lang}`, { "accept-encoding": "gzip, deflate, br" });
      expect(r.status).toBe(200);
      const html = brotliDecompressSync(r.body).toString("utf8");
      expect(html.match(/<img /g)!.length).toBeGreaterThanOrEqual(200);
      expect(r.body.length).toBeLessThan(50 * 1024);
      console.log(
        `link page, 200 items with photos (${lang}): ${Buffer.byteLength(html)} bytes of HTML, ${r.body.length} bytes brotli`,
      );
    }
  });
});

describe("the rendered page kept a few seconds", () => {
  test("served again within PAGE_CACHE_MS, rendered anew after it, and at once after the café's own change", async () => {
    let t = new Date("2026-03-10T18:00:00Z");
    const svc = createLinkPageService(app.sufra.deps, {
      media: app.sufra.services.media,
      shortLinks: app.sufra.services.shortLinks,
      now: () => t,
    });
    const first = await svc.page("bayt-al-karak", "en");
    expect(first?.html).toContain("Karak and saffron cake in Salmiya");
    await db().linkPage.update({ where: { slug: "bayt-al-karak" }, data: { bio: "Changed behind its back" } });
    expect((await svc.page("bayt-al-karak", "en"))?.html).toBe(first?.html);
    t = new Date(t.getTime() + PAGE_CACHE_MS);
    expect((await svc.page("bayt-al-karak", "en"))?.html).toContain("Changed behind its back");
    await svc.update(
      await app.sufra.services.auth.authenticate(owner.token),
      { bio: "Changed by the café" },
      { ip: "127.0.0.1", locale: "en" },
    );
    expect((await svc.page("bayt-al-karak", "en"))?.html).toContain("Changed by the café");
    await svc.setPublished(await app.sufra.services.auth.authenticate(owner.token), false, {
      ip: "127.0.0.1",
      locale: "en",
    });
    expect(await svc.page("bayt-al-karak", "en")).toBeNull();
    await svc.setPublished(await app.sufra.services.auth.authenticate(owner.token), true, {
      ip: "127.0.0.1",
      locale: "en",
    });
  });
});

describe("the demo café", () => {
  test("its page is published once, says it is a demo, and shows its menu and buttons", async () => {
    const demo = await startTestApp({ DEMO_DATA: "true", DEMO_PASSWORD: "Demo#Pass2026" });
    try {
      const businessId = demo.sufra.demo!.businessId;
      const row = await demo.sufra.deps.db.linkPage.findUniqueOrThrow({ where: { businessId } });
      expect(row).toMatchObject({ slug: "sufra-demo-cafe", published: true });
      const r = await fetch(`${demo.base}/l/sufra-demo-cafe?lang=ar`, { headers: { "accept-encoding": "identity" } });
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(html).toContain("مقهى تجريبي: صفحة نموذجية من سُفرة، وليس مقهى حقيقيًا.");
      expect(html).toContain("اطلب عبر طلبات");
      expect(html).toContain("<bdi>0.350</bdi> د.ك");
      expect(html).not.toContain("demo-owner@sufra.local");
      await ensureDemoLinkPage(demo.sufra.deps.db, businessId); // again: nothing changes
      expect(await demo.sufra.deps.db.linkPage.count({ where: { businessId } })).toBe(1);
    } finally {
      await demo.stop();
    }
  }, 120_000);
});

describe("who may change it", () => {
  test("no session: 401; an API key: refused at GraphQL; another café's owner changes only their own page", async () => {
    expect((await call(app.base, "GET", "/api/link-page")).status).toBe(401);
    expect((await call(app.base, "POST", "/api/link-page/publish")).status).toBe(401);
    expect((await call(app.base, "POST", "/api/link-page/preview", { body: {} })).status).toBe(401);
    const anon = await gql(app.base, "{ linkPagePreview(locale: EN) }");
    expect(anon.errors?.[0]?.extensions.code).toBe("UNAUTHENTICATED");
    // the other owner unpublishing touches only the other page
    expect((await call(app.base, "POST", "/api/link-page/unpublish", { token: other.token })).status).toBe(200);
    expect((await page("/l/roastery-kw")).status).toBe(404);
    expect((await page("/l/bayt-al-karak")).status).toBe(200);
  });
});
