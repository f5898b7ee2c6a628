// Short links over real HTTP through the app (docs/architecture.md#short-links): /r/<code> answers 302 to the
// destination with its UTM parameters; an unknown, malformed or huge code is a 404 page in the visitor's language,
// never a 5xx; a click is counted on its Kuwait day; link previewers, crawlers, prefetches and HEAD requests are
// followed but not counted; the same visitor's repeat within the window counts once and after it again (the
// service's clock injected); a link is made once per spec under concurrency; a destination's own UTM is kept;
// wa.me and tel: are left as they are; clickFigures splits the counts by day, button, post, campaign and network.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createShortLinksService, REPEAT_WINDOW_MS } from "../src/modules/short-links/short-links.service.ts";
import { clickFigures } from "../src/modules/short-links/index.ts";
import { registeredClient, startTestApp, type TestApp } from "./support/app.ts";

let app: TestApp;
let businessId: string;
let clock = new Date("2026-03-01T09:00:00Z");
const db = () => app.sufra.deps.db;
const links = () => app.sufra.services.shortLinks;

const PHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148";
/** A different visitor each time (the repeat filter tells visitors apart by address and browser). */
let visitors = 0;
const visitor = () => `${PHONE} Instagram 321.0.0.${++visitors}`;

beforeAll(async () => {
  app = await startTestApp();
  businessId = (await registeredClient(app.base)).businessId;
  // the door reads services.shortLinks at each request: the same service with a clock the test moves
  app.sufra.services.shortLinks = createShortLinksService(app.sufra.deps, { now: () => clock });
}, 120_000);
afterAll(async () => {
  await app?.stop();
});

const open = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  fetch(app.base + path, { method, redirect: "manual", headers });
const follow = (code: string, userAgent = visitor(), headers: Record<string, string> = {}) =>
  open(`/r/${code}`, { "user-agent": userAgent, ...headers });

async function clicksOf(code: string): Promise<Record<string, number>> {
  const rows = await db().shortLinkDay.findMany({ where: { link: { code } }, orderBy: { day: "asc" } });
  return Object.fromEntries(rows.map((r) => [r.day.toISOString().slice(0, 10), r.clicks]));
}
const total = async (code: string) => Object.values(await clicksOf(code)).reduce((a, b) => a + b, 0);

describe("following a link", () => {
  test("302 to the destination with utm_source, utm_medium, utm_campaign and utm_content; nothing cached or passed on", async () => {
    const campaign = await db().campaign.create({
      data: {
        businessId,
        name: "Ramadan Nights 2026",
        goal: "awareness",
        startDate: new Date("2026-03-01"),
        endDate: new Date("2026-03-30"),
      },
    });
    const l = await links().linkFor(businessId, {
      kind: "link_page",
      target: "https://cafe.example/menu?lang=ar#drinks",
      button: "menu",
      campaignId: campaign.id,
    });
    expect(l.url).toBe(`http://sufra.test/r/${l.code}`);
    expect(l.code).toMatch(/^[2-9a-zA-Z]{8}$/);
    const r = await follow(l.code);
    expect(r.status).toBe(302);
    expect(r.headers.get("cache-control")).toBe("no-store");
    expect(r.headers.get("referrer-policy")).toBe("no-referrer");
    expect(r.headers.get("set-cookie")).toBeNull();
    const to = new URL(r.headers.get("location")!);
    expect(`${to.origin}${to.pathname}${to.hash}`).toBe("https://cafe.example/menu#drinks");
    expect(Object.fromEntries(to.searchParams)).toEqual({
      lang: "ar",
      utm_source: "sufra",
      utm_medium: "link_in_bio",
      utm_campaign: "ramadan-nights-2026",
      utm_content: "menu",
    });
    expect(await total(l.code)).toBe(1);
  });

  test("a caption link says its network and post", async () => {
    const post = await db().post.create({ data: { businessId, content: "Karak" } });
    const l = await links().linkFor(businessId, {
      kind: "caption",
      target: "https://cafe.example/order",
      postId: post.id,
      platform: "instagram",
    });
    const to = new URL((await follow(l.code)).headers.get("location")!);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      utm_source: "instagram",
      utm_medium: "social",
      utm_campaign: "sufra",
      utm_content: `post-${post.id.slice(0, 8)}`,
    });
  });

  test("a destination's own UTM stays as written; only what it lacks is added", async () => {
    const some = await links().linkFor(businessId, {
      kind: "link_page",
      target: "https://cafe.example/?utm_source=flyer&utm_campaign=eid",
      button: "website",
    });
    const to = new URL((await follow(some.code)).headers.get("location")!);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      utm_source: "flyer",
      utm_campaign: "eid",
      utm_medium: "link_in_bio",
      utm_content: "website",
    });
    const all = "https://cafe.example/p?utm_source=a&utm_medium=b&utm_campaign=c&utm_content=d";
    const full = await links().linkFor(businessId, { kind: "link_page", target: all, button: "website" });
    expect((await follow(full.code)).headers.get("location")).toBe(all);
  });

  test("wa.me, WhatsApp, tel: and plain http destinations are left as they are", async () => {
    for (const target of [
      "https://wa.me/96555551234?text=%D9%85%D8%B1%D8%AD%D8%A8%D8%A7",
      "https://api.whatsapp.com/send?phone=96555551234",
      "tel:+96555551234",
      "http://old-site.example/menu",
    ]) {
      const l = await links().linkFor(businessId, { kind: "link_page", target, button: "whatsapp" });
      const r = await follow(l.code);
      expect(r.status).toBe(302);
      expect(r.headers.get("location")).toBe(target);
    }
  });

  test("an unknown code: a 404 page in the visitor's language", async () => {
    const en = await open("/r/abcdefgh", { "accept-language": "en-US,en;q=0.9" });
    expect(en.status).toBe(404);
    expect(en.headers.get("content-type")).toMatch(/text\/html/);
    const enPage = await en.text();
    expect(enPage).toContain('<html lang="en" dir="ltr">');
    expect(enPage).toContain("Link not found");
    const ar = await open("/r/abcdefgh", { "accept-language": "ar-KW,ar;q=0.9,en;q=0.5" });
    expect(ar.status).toBe(404);
    const arPage = await ar.text();
    expect(arPage).toContain('<html lang="ar" dir="rtl">');
    expect(arPage).toContain("الرابط غير موجود");
    expect(arPage).not.toContain("Link not found");
  });

  test("malformed, hostile and huge codes: 404 (or the house's 400 for an unreadable path), never a 5xx", async () => {
    // escapes that are not UTF-8, or a NUL: refused before any router reads the path (http/paths.ts), as everywhere
    for (const path of ["/r/%E0%A4%A", "/r/%FF%FE", "/r/%00%00%00%00%00%00%00%00"]) {
      const r = await open(path, { "accept-language": "ar" });
      expect([path, r.status]).toEqual([path, 400]);
    }
    for (const path of [
      "/r/abc",
      "/r/abcdefgh0",
      "/r/OOOOOOOO", // a look-alike letter the alphabet leaves out
      "/r/%3Cscript%3Ealert(1)%3C%2Fscript%3E",
      "/r/'%20or%201=1--",
      "/r/%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9%C3%A9",
      `/r/${"a".repeat(4000)}`,
    ]) {
      const r = await open(path, { "accept-language": "ar" });
      expect([path, r.status]).toEqual([path, 404]);
      expect(await r.text()).toContain("الرابط غير موجود");
    }
    // longer than Node's header limit: refused by the HTTP parser itself, still a 4xx
    const huge = await open(`/r/${"a".repeat(40_000)}`);
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
  });
});

describe("counting", () => {
  test("by Kuwait day: 23:50 and 00:10 Kuwait time are two days", async () => {
    const l = await links().linkFor(businessId, {
      kind: "link_page",
      target: "https://cafe.example/days",
      button: "menu",
    });
    clock = new Date("2026-03-01T20:50:00Z"); // 23:50 in Kuwait
    expect((await follow(l.code)).status).toBe(302);
    clock = new Date("2026-03-01T21:10:00Z"); // 00:10 on 2 March in Kuwait
    expect((await follow(l.code)).status).toBe(302);
    expect((await follow(l.code)).status).toBe(302);
    expect(await clicksOf(l.code)).toEqual({ "2026-03-01": 1, "2026-03-02": 2 });
  });

  test("link previewers, crawlers, scripts, prefetches and HEAD requests are followed but not counted", async () => {
    const l = await links().linkFor(businessId, {
      kind: "link_page",
      target: "https://cafe.example/bots",
      button: "menu",
    });
    for (const ua of [
      "WhatsApp/2.23.20.0 A",
      "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
      "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
      "meta-externalfetcher/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
      "Twitterbot/1.0",
      "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
      "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36 (compatible; Google-InspectionTool/1.0)",
      "TelegramBot (like TwitterBot)",
      "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
      "Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots",
      "curl/8.5.0",
      "python-requests/2.31.0",
      "",
    ]) {
      const r = await follow(l.code, ua);
      expect([ua, r.status]).toEqual([ua, 302]);
    }
    expect((await follow(l.code, visitor(), { "sec-purpose": "prefetch;prerender" })).status).toBe(302);
    expect((await follow(l.code, visitor(), { purpose: "prefetch" })).status).toBe(302);
    expect((await open(`/r/${l.code}`, { "user-agent": visitor() }, "HEAD")).status).toBe(302);
    expect(await total(l.code)).toBe(0);
    // a person in Instagram's, Facebook's or TikTok's own browser is counted
    await follow(l.code, `${PHONE} Instagram 321.0.0.1`);
    await follow(l.code, `${PHONE} [FBAN/FBIOS;FBAV/450.0.0;FBBV/1]`);
    await follow(l.code, `${PHONE} musical_ly_33.1.0 BytedanceWebview/d8a21c6`);
    expect(await total(l.code)).toBe(3);
  });

  test("the same visitor's repeat within the window counts once; after it, again", async () => {
    const l = await links().linkFor(businessId, {
      kind: "link_page",
      target: "https://cafe.example/repeat",
      button: "menu",
    });
    const me = visitor();
    clock = new Date("2026-03-05T09:00:00Z");
    await follow(l.code, me);
    clock = new Date(clock.getTime() + 10 * 60_000);
    await follow(l.code, me);
    clock = new Date(clock.getTime() + REPEAT_WINDOW_MS - 20 * 60_000 - 1); // still inside the window of the first
    await follow(l.code, me);
    expect(await total(l.code)).toBe(1);
    // another visitor at the same moment is another click
    await follow(l.code, visitor());
    expect(await total(l.code)).toBe(2);
    clock = new Date("2026-03-05T09:00:00Z".replace("09:00", "09:31"));
    await follow(l.code, me);
    expect(await total(l.code)).toBe(3);
    // the same visitor on another link is another click
    const other = await links().linkFor(businessId, {
      kind: "link_page",
      target: "https://cafe.example/repeat",
      button: "map",
    });
    await follow(other.code, me);
    expect(await total(other.code)).toBe(1);
  });

  test("nothing of the visitor is stored: the day's row is a count", async () => {
    const cols = await app.sufra.deps.pool.query<{ column_name: string }>(
      "select column_name from information_schema.columns where table_name = 'short_link_days' order by 1",
    );
    expect(cols.rows.map((c) => c.column_name)).toEqual(["clicks", "day", "link_id"]);
  });
});

describe("made once", () => {
  test("twelve requests for the same spec at once make one link", async () => {
    const spec = { kind: "caption" as const, target: "https://cafe.example/once", platform: "twitter" as const };
    const made = await Promise.all(Array.from({ length: 12 }, () => links().linkFor(businessId, spec)));
    expect(new Set(made.map((m) => m.code)).size).toBe(1);
    expect(new Set(made.map((m) => m.id)).size).toBe(1);
    expect(await db().shortLink.count({ where: { businessId, target: spec.target } })).toBe(1);
    // another network is another link; another business too
    const x = await links().linkFor(businessId, { ...spec, platform: "facebook" });
    expect(x.code).not.toBe(made[0]!.code);
    const other = (await registeredClient(app.base)).businessId;
    expect((await links().linkFor(other, spec)).code).not.toBe(made[0]!.code);
  });
});

describe("clicks in figures", () => {
  test("by day, button, post, campaign, network and kind, in the range asked", async () => {
    const business = (await registeredClient(app.base)).businessId;
    const campaign = await db().campaign.create({
      data: {
        businessId: business,
        name: "Eid",
        goal: "awareness",
        startDate: new Date("2026-04-01"),
        endDate: new Date("2026-04-10"),
      },
    });
    const post = await db().post.create({ data: { businessId: business, content: "Eid", campaignId: campaign.id } });
    const ig = await links().linkFor(business, {
      kind: "caption",
      target: "https://e.example/",
      postId: post.id,
      platform: "instagram",
      campaignId: campaign.id,
    });
    const x = await links().linkFor(business, {
      kind: "caption",
      target: "https://e.example/",
      postId: post.id,
      platform: "twitter",
      campaignId: campaign.id,
    });
    const menu = await links().linkFor(business, {
      kind: "link_page",
      target: "https://e.example/menu",
      button: "menu",
    });
    clock = new Date("2026-04-02T08:00:00Z");
    await follow(ig.code);
    await follow(ig.code);
    await follow(x.code);
    await follow(menu.code);
    clock = new Date("2026-04-03T08:00:00Z");
    await follow(ig.code);
    await follow(menu.code);
    clock = new Date("2026-04-20T08:00:00Z");
    await follow(menu.code);

    const f = await clickFigures(db(), business, { from: "2026-04-01", to: "2026-04-10" });
    expect(f.total).toBe(6);
    expect(f.byDay).toEqual([
      { day: "2026-04-02", clicks: 4 },
      { day: "2026-04-03", clicks: 2 },
    ]);
    expect(f.byButton).toEqual([{ button: "menu", clicks: 2 }]);
    expect([...f.byPost]).toEqual([[post.id, 4]]);
    expect([...f.byCampaign]).toEqual([[campaign.id, 4]]);
    expect(f.byPlatform).toEqual([
      { platform: "instagram", clicks: 3 },
      { platform: "twitter", clicks: 1 },
    ]);
    expect(f.byKind).toEqual([
      { kind: "caption", clicks: 4 },
      { kind: "link_page", clicks: 2 },
    ]);
    expect((await clickFigures(db(), business)).total).toBe(7);
    expect((await clickFigures(db(), business, { platform: "twitter" })).total).toBe(1);
    expect((await clickFigures(db(), business, { campaignIds: [campaign.id] })).total).toBe(4);
    expect((await clickFigures(db(), business, { postIds: [post.id], to: "2026-04-02" })).total).toBe(3);
    // nothing asked, or ids that are no ids: nothing, and no error
    expect((await clickFigures(db(), business, { postIds: [] })).total).toBe(0);
    expect((await clickFigures(db(), business, { campaignIds: ["nope"] })).total).toBe(0);
    // another business's figures hold none of these
    expect((await clickFigures(db(), businessId, { from: "2026-04-01", to: "2026-04-30" })).total).toBe(0);
    // a post moved to another campaign takes its caption links' clicks along
    const later = await db().campaign.create({
      data: {
        businessId: business,
        name: "Later",
        goal: "awareness",
        startDate: new Date("2026-05-01"),
        endDate: new Date("2026-05-10"),
      },
    });
    await db().post.update({ where: { id: post.id }, data: { campaignId: later.id } });
    const moved = await clickFigures(db(), business, { campaignIds: [campaign.id, later.id] });
    expect([...moved.byCampaign]).toEqual([[later.id, 4]]);
  });
});
