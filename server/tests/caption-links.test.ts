// Caption links (docs/architecture.md#short-links): every http(s) address of a caption goes out as its short link
// for that post and network. First the small function on its own (which addresses, Sufra's own left alone, the
// network's limit kept), then a real publish to the strict X stand-in (tests/fakes/x-server.ts): the posted text
// holds /r/<code>, a retried send reuses the code, another network gets its own, and following it counts a click
// on that post, campaign and network.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { platformLength, xWeightedLength } from "@sufra/schema";
import { shortenCaptionLinks } from "../src/modules/short-links/caption-links.ts";
import { clickFigures } from "../src/modules/short-links/index.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { call, startTestApp, type TestApp } from "./support/app.ts";
import * as net from "./support/networks.ts";

describe("shortenCaptionLinks", () => {
  const OWN = "https://sufra.kw";
  const made: string[] = [];
  const rules = (fits: (s: string) => boolean = () => true) => ({
    isOwn: (u: string) => u.startsWith(`${OWN}/`),
    fits,
    shorten: async (u: string) => {
      made.push(u);
      return `${OWN}/r/${String(made.length).padStart(8, "x")}`;
    },
  });

  test("each http(s) address replaced, each destination asked for once, the text around it kept", async () => {
    made.length = 0;
    const text =
      "Order now: https://cafe.example/order?item=karak&size=l. Menu (https://cafe.example/menu) — and again https://cafe.example/order?item=karak&size=l!\n\n#karak";
    const out = await shortenCaptionLinks(text, rules());
    expect(made).toEqual(["https://cafe.example/order?item=karak&size=l", "https://cafe.example/menu"]);
    expect(out).toBe(
      "Order now: https://sufra.kw/r/xxxxxxx1. Menu (https://sufra.kw/r/xxxxxxx2) — and again https://sufra.kw/r/xxxxxxx1!\n\n#karak",
    );
  });

  test("Arabic around the address, HTTP in capitals, an address with a port", async () => {
    made.length = 0;
    const out = await shortenCaptionLinks("اطلب الآن HTTPS://Cafe.example:8443/order ثم استمتع", rules());
    expect(made).toEqual(["HTTPS://Cafe.example:8443/order"]);
    expect(out).toBe("اطلب الآن https://sufra.kw/r/xxxxxxx1 ثم استمتع");
  });

  test("Sufra's own addresses, bare domains, mail and WhatsApp handles are left as written; no address, no change", async () => {
    made.length = 0;
    const text = `Our page ${OWN}/l/dar-qahwa, order ${OWN}/o/123, ${OWN}/r/abcdefgh, cafe.kw, hello@cafe.kw @darqahwa`;
    expect(await shortenCaptionLinks(text, rules())).toBe(text);
    expect(await shortenCaptionLinks("Fresh bread today #bakery", rules())).toBe("Fresh bread today #bakery");
    expect(made).toEqual([]);
  });

  test("over the network's limit, only the addresses a short link does not lengthen are replaced", async () => {
    made.length = 0;
    const short = "https://a.kw";
    const long = "https://cafe.example/menu/x"; // as long as its short link
    const text = `${"ك".repeat(60)} ${short} ${long}`;
    const limit = platformLength("instagram", text);
    const out = await shortenCaptionLinks(
      text,
      rules((s) => platformLength("instagram", s) <= limit),
    );
    expect(out).toBe(`${"ك".repeat(60)} ${short} https://sufra.kw/r/xxxxxxx2`);
    expect(platformLength("instagram", out)).toBeLessThanOrEqual(limit);
  });

  test("on X an address counts 23 whatever its length, so the weighted length does not move", async () => {
    made.length = 0;
    const text = "Karak https://a.kw and https://cafe.example/a/very/long/path?with=query&and=more";
    const out = await shortenCaptionLinks(text, rules());
    expect(xWeightedLength(out)).toBe(xWeightedLength(text));
  });
});

describe("a real publish to X", () => {
  let ig: net.Ig;
  let x: net.X;
  let app: TestApp;
  let base: string;
  beforeAll(async () => {
    [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
    const port = await net.freePort();
    app = await startTestApp(net.platformEnv(ig, x, port));
    base = `http://127.0.0.1:${port}`;
  }, 120_000);
  afterAll(async () => {
    await app?.stop();
    await Promise.all([ig?.close(), x?.close()]);
  });

  test("the posted text holds /r/<code>; following it counts a click on that post, campaign and network", async () => {
    const b = await net.connectedBusiness(app, ig, x);
    const campaign = await call(app.base, "POST", "/api/campaigns", {
      token: b.token,
      body: { name: "Karak week", goal: "awareness", start_date: "2026-03-01", end_date: "2026-03-31" },
    });
    expect(campaign.status).toBe(201);
    const content = `Karak week! Order https://cafe.example/order?item=karak and see our page ${base}/l/darqahwa`;
    const p = await net.post(app, b.token, { content, platforms: ["twitter"], campaign_id: campaign.body.id });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const done = await net.waitFor(() => net.getPost(app, b.token, p.id), net.settled);
    expect(done.status).toBe("published");

    const [tweet] = x.state.posts(b.xUserId);
    // the café's link page is wrapped too: a visit from the post then counts the page's buttons for it
    const m = new RegExp(
      `^Karak week! Order ${base}/r/([2-9a-zA-Z]{8}) and see our page ${base}/r/([2-9a-zA-Z]{8})$`,
    ).exec(tweet!.text);
    expect(m).not.toBeNull();
    const code = m![1]!;
    const link = await app.sufra.deps.db.shortLink.findUniqueOrThrow({ where: { code } });
    expect(link).toMatchObject({
      kind: "caption",
      target: "https://cafe.example/order?item=karak",
      postId: p.id,
      campaignId: campaign.body.id,
      platform: "twitter",
    });
    // the post as stored keeps what the café wrote
    expect(done.content).toBe(content);

    const r = await fetch(`${app.base}/r/${code}`, {
      redirect: "manual",
      headers: {
        "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Mobile/15E148 Twitter for iPhone",
      },
    });
    expect(r.status).toBe(302);
    const to = new URL(r.headers.get("location")!);
    expect(Object.fromEntries(to.searchParams)).toEqual({
      item: "karak",
      utm_source: "twitter",
      utm_medium: "social",
      utm_campaign: "karak-week",
      utm_content: `post-${p.id.slice(0, 8)}`,
    });
    // X's own card fetch is not a click
    await fetch(`${app.base}/r/${code}`, { redirect: "manual", headers: { "user-agent": "Twitterbot/1.0" } });
    const f = await clickFigures(app.sufra.deps.db, b.businessId);
    expect(f.total).toBe(1);
    expect([...f.byPost]).toEqual([[p.id, 1]]);
    expect([...f.byCampaign]).toEqual([[campaign.body.id, 1]]);
    expect(f.byPlatform).toEqual([{ platform: "twitter", clicks: 1 }]);
    // the link page's address goes there with the code that brought the visitor (a previewer: not counted)
    const toPage = await fetch(`${app.base}/r/${m![2]!}`, {
      redirect: "manual",
      headers: { "user-agent": "Twitterbot/1.0" },
    });
    expect(toPage.headers.get("location")).toBe(`${base}/l/darqahwa?from=${m![2]!}`);

    // the same post and network ask for the same code (a retried send posts the same text); another network its own
    const of = { postId: p.id, campaignId: campaign.body.id, platform: "twitter" as const };
    const again = await app.sufra.services.shortLinks.captionText(b.businessId, of, content, () => true);
    expect(again).toBe(tweet!.text);
    const onFacebook = await app.sufra.services.shortLinks.captionText(
      b.businessId,
      { ...of, platform: "facebook" },
      content,
      () => true,
    );
    expect(onFacebook).not.toBe(tweet!.text);
    expect(await app.sufra.deps.db.shortLink.count({ where: { postId: p.id } })).toBe(4);
  }, 90_000);

  test("a Google post's button goes through its short link; an X link moved to a reply is the short link", async () => {
    const b = await net.connectedBusiness(app, ig, x);
    const p = await net.post(app, b.token, {
      content: "Breakfast menu, today only https://cafe.example/breakfast",
      platforms: ["twitter"],
      network_options: { twitter: { thread: false, linkInReply: true } },
    });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const done = await net.waitFor(() => net.getPost(app, b.token, p.id), net.settled);
    expect(done.status).toBe("published");
    const posted = x.state.posts(b.xUserId).map((t) => t.text);
    expect(posted).toHaveLength(2);
    expect(posted[0]).toBe("Breakfast menu, today only");
    expect(posted[1]).toMatch(new RegExp(`^${base}/r/[2-9a-zA-Z]{8}$`));

    // Google's button: the same rule as the caption's addresses, Sufra's own (but the link page) left alone
    const of = { postId: p.id, campaignId: null, platform: "google" as const };
    const button = await app.sufra.services.shortLinks.captionUrl(b.businessId, of, "https://cafe.example/book");
    expect(button).toMatch(new RegExp(`^${base}/r/[2-9a-zA-Z]{8}$`));
    expect(await app.sufra.services.shortLinks.captionUrl(b.businessId, of, `${base}/o/123`)).toBe(`${base}/o/123`);
    expect(await app.sufra.services.shortLinks.captionUrl(b.businessId, of, `${base}/l/darqahwa`)).toMatch(
      new RegExp(`^${base}/r/[2-9a-zA-Z]{8}$`),
    );
  }, 90_000);
});
