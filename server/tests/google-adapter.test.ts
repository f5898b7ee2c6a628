// The Google Business Profile adapter against its strict local stand-in
// (docs/product.md#google-business-profile): OAuth with PKCE and refresh, places with Voice of
// Merchant, reviews paged and mapped, replies, Google's refusals mapped to the kinds the services act
// on, and local posts to several locations that are never made twice for one location.
import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { ANONYMOUS_REVIEWER, createGoogleAdapter, GOOGLE_SCOPE } from "../src/networks/google/adapter.ts";
import { PlatformError, type AccountAccess, type PublishMedia, type PublishRequest } from "../src/networks/types.ts";
import type { GooglePostOptions } from "@sufra/schema";
import {
  BUSINESS_SCOPE,
  startGoogleFake,
  type GoogleFakeState,
  type GoogleLocationRec,
} from "./fakes/google-server.ts";

let fake: Awaited<ReturnType<typeof startGoogleFake>>;
let s: GoogleFakeState;
let google: ReturnType<typeof createGoogleAdapter>;
let photo: Buffer;
/** the same kind of photo as WebP, and one too small for Google, both above 10 KB */
let webp: Buffer;
let tiny: Buffer;
let mediaServer: http.Server;
let mediaUrl = "";

beforeAll(async () => {
  fake = await startGoogleFake();
  s = fake.state;
  google = createGoogleAdapter({ ...s.config, publishTimeoutMs: 5_000 }, { backoffMs: 5 });
  // a photo with grain, so it is above Google's 10 KB floor
  photo = await sharp({
    create: {
      width: 600,
      height: 450,
      channels: 3,
      background: "#c8691c",
      noise: { type: "gaussian", mean: 120, sigma: 40 },
    },
  })
    .jpeg({ quality: 80 })
    .toBuffer();
  webp = await sharp(photo).webp({ quality: 80 }).toBuffer();
  tiny = await sharp({
    create: {
      width: 240,
      height: 240,
      channels: 3,
      background: "#c8691c",
      noise: { type: "gaussian", mean: 120, sigma: 60 },
    },
  })
    .jpeg({ quality: 100 })
    .toBuffer();
  // stands in for our public media URLs: Google fetches post photos from here
  mediaServer = http.createServer((req, res) => {
    if (req.url === "/photo.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(photo);
    // a WebP behind a .jpg name and an image/jpeg header: Google reads the file, not the label
    else if (req.url === "/disguised.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(webp);
    else if (req.url === "/tiny.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(tiny);
    else if (req.url === "/page.html")
      res.writeHead(200, { "content-type": "text/html" }).end("<p>not a photo</p>".repeat(1000));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => mediaServer.listen(0, "127.0.0.1", r));
  mediaUrl = `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  mediaServer.closeAllConnections();
  await new Promise((r) => mediaServer.close(r));
  await fake.close();
});

async function rejection(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

/** A café owner on Google with a personal account; their token, as a connected account holds it. */
function owner(name = `Owner ${randomBytes(3).toString("hex")}`, scopes = [BUSINESS_SCOPE]) {
  const { person, account } = s.addPerson({ name });
  const { accessToken, refreshToken } = s.issueTokens(person.id, { scopes });
  const access: AccountAccess = { externalId: account.name, handle: person.name, accessToken };
  return { person, personal: account, access, refreshToken };
}

const media = (name = "photo.jpg", over: Partial<PublishMedia> = {}): PublishMedia => ({
  id: randomBytes(4).toString("hex"),
  kind: "image",
  mime: "image/jpeg",
  url: `${mediaUrl}/${name}`,
  read: async () => photo,
  width: 600,
  height: 450,
  bytes: photo.length,
  ...over,
});

function request(
  access: AccountAccess,
  locations: GoogleLocationRec[],
  post: GooglePostOptions,
  over: Partial<PublishRequest> = {},
): PublishRequest & { saved: Record<string, unknown>[] } {
  const saved: Record<string, unknown>[] = [];
  const req = {
    attemptKey: randomBytes(8).toString("hex"),
    attemptStartedAt: new Date(),
    account: access,
    // a number to tell posts apart: hex letters would count as Latin and could tip the language guessed
    text: `مجبوس الجمعة في فرعينا: Machboos Friday ${randomBytes(3).readUIntBE(0, 3)}`,
    firstComment: null,
    media: [media()],
    progress: {},
    signal: AbortSignal.timeout(10_000),
    google: { locations: locations.map((l) => ({ googleAccount: l.account, name: l.name })), post },
    saved,
    ...over,
  } as PublishRequest & { saved: Record<string, unknown>[] };
  req.saveProgress = async (p) => {
    saved.push(p);
    req.progress = p;
  };
  return req;
}

describe("OAuth", () => {
  const redirectUri = "https://sufra.test/api/platforms/google/callback";
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");

  /** Walks Google's authorize page as the browser would, up to the redirect back to Sufra. */
  async function consent(): Promise<URL> {
    const r = await fetch(google.authorizeUrl({ state: "st4te", codeChallenge: challenge, redirectUri }), {
      redirect: "manual",
    });
    expect(r.status).toBe(302);
    return new URL(r.headers.get("location")!);
  }

  test("the authorize URL asks for business.manage offline, with consent and PKCE", () => {
    const url = new URL(google.authorizeUrl({ state: "st4te", codeChallenge: challenge, redirectUri }));
    expect(`${url.origin}${url.pathname}`).toBe(s.config.authorizeUrl);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: s.clientId,
      redirect_uri: redirectUri,
      response_type: "code",
      scope: GOOGLE_SCOPE,
      access_type: "offline",
      prompt: "consent",
      include_granted_scopes: "true",
      state: "st4te",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    expect(google.configured()).toBe(true);
    expect(createGoogleAdapter({ ...s.config, clientSecret: undefined }).configured()).toBe(false);
  });

  test("the code becomes tokens and the person's own account; a code works once and only with its verifier", async () => {
    const { person, account } = s.addPerson({ name: "Fatima Al-Sabah" });
    s.addAccount({ accountName: "Sufra Cafés", people: [person.id] });
    s.consentAs(person.id);
    const back = await consent();
    expect(back.searchParams.get("state")).toBe("st4te");
    const code = back.searchParams.get("code")!;

    // the wrong verifier spends the code, as Google's single-use codes do
    const wrong = await rejection(google.exchangeCode({ code, codeVerifier: "not-the-verifier", redirectUri }));
    expect(wrong).toMatchObject({ kind: "auth", platformMessage: "Invalid code verifier." });
    const reused = await rejection(google.exchangeCode({ code, codeVerifier: verifier, redirectUri }));
    expect(reused.kind).toBe("auth");

    s.consentAs(person.id);
    const code2 = (await consent()).searchParams.get("code")!;
    const got = await google.exchangeCode({ code: code2, codeVerifier: verifier, redirectUri });
    expect(got).toMatchObject({
      externalId: account.name,
      handle: "Fatima Al-Sabah",
      displayName: "Fatima Al-Sabah",
      scopes: [GOOGLE_SCOPE],
    });
    expect(got.refreshToken).toMatch(/^1\/\//);
    // Google's access tokens last 3599 seconds
    const ttl = got.expiresAt!.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(3_500_000);
    expect(ttl).toBeLessThanOrEqual(3_599_000);
    expect(google.refreshMarginMs).toBe(300_000);

    // the same without the authorize page, as app tests may take it
    const code3 = s.issueCode(person.id, { codeChallenge: challenge, redirectUri });
    expect((await google.exchangeCode({ code: code3, codeVerifier: verifier, redirectUri })).externalId).toBe(
      account.name,
    );
    expect(Object.keys(s.env)).toContain("GOOGLE_MY_BUSINESS_URL");
  });

  test("refresh keeps the refresh token; a revoked grant answers invalid_grant, which means reconnect", async () => {
    const o = owner();
    const fresh = await google.refresh({ accessToken: o.access.accessToken, refreshToken: o.refreshToken });
    expect(fresh.accessToken).not.toBe(o.access.accessToken);
    expect(fresh.refreshToken).toBe(o.refreshToken);
    expect(fresh.scopes).toEqual([GOOGLE_SCOPE]);
    expect((await google.places({ ...o.access, accessToken: fresh.accessToken })).length).toBe(0);

    s.revoke(o.refreshToken);
    const gone = await rejection(google.refresh({ accessToken: fresh.accessToken, refreshToken: o.refreshToken }));
    expect(gone).toMatchObject({
      kind: "auth",
      platformMessage: "Token has been expired or revoked.",
      opts: { platformCode: "invalid_grant" },
    });
    expect((await rejection(google.places({ ...o.access, accessToken: fresh.accessToken }))).kind).toBe("auth");
  });

  test("a refused consent comes back as access_denied; an unticked scope fails the connection", async () => {
    const { person } = s.addPerson({ name: "Refusing Person" });
    s.consentAs(person.id, { deny: true });
    const back = await consent();
    expect(back.searchParams.get("error")).toBe("access_denied");
    expect(back.searchParams.get("state")).toBe("st4te");

    s.consentAs(person.id, { scopes: [] });
    const code = (await consent()).searchParams.get("code")!;
    const err = await rejection(google.exchangeCode({ code, codeVerifier: verifier, redirectUri }));
    expect(err).toMatchObject({ kind: "auth", opts: { platformCode: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" } });
  });
});

describe("places", () => {
  test("every account's locations, paged, each with its Voice of Merchant", async () => {
    const o = owner("Khalid Café");
    // 21 accounts take two pages of accounts.list; one group holds 101 locations, two pages of locations.list
    const groups = Array.from({ length: 20 }, (_, i) =>
      s.addAccount({ accountName: `Group ${i}`, people: [o.person.id] }),
    );
    const salmiya = s.addLocation(o.personal.name, {
      title: "Khalid Café Salmiya",
      address: {
        regionCode: "KW",
        addressLines: ["Salem Al Mubarak St", "Block 10"],
        locality: "Salmiya",
        administrativeArea: "Hawalli",
      },
      placeId: "ChIJkhalidSalmiya",
      newReviewUri: "https://g.page/r/khalid-salmiya/review",
    });
    const pending = s.addLocation(groups[0].name, { title: "Khalid Café Kuwait City", verified: false });
    for (let i = 0; i < 100; i++) s.addLocation(groups[19].name, { title: `Branch ${i}` });

    const places = await google.places(o.access);
    expect(places).toHaveLength(102);
    expect(places.find((p) => p.name === salmiya.name)).toEqual({
      googleAccount: o.personal.name,
      name: salmiya.name,
      title: "Khalid Café Salmiya",
      address: "Salem Al Mubarak St, Block 10, Salmiya, Hawalli",
      verified: true,
      // Location.metadata, asked for in the readMask (docs/architecture.md#review-requests)
      placeId: "ChIJkhalidSalmiya",
      reviewUrl: "https://g.page/r/khalid-salmiya/review",
    });
    expect(places.find((p) => p.name === pending.name)).toMatchObject({
      googleAccount: groups[0].name,
      verified: false,
      address: "",
      placeId: null,
      reviewUrl: null,
    });
    expect(places.filter((p) => p.googleAccount === groups[19].name)).toHaveLength(100);
  });

  test("Business Information refuses a locations list without readMask, as Google does", async () => {
    const o = owner();
    const r = await fetch(`${s.url}/v1/${o.personal.name}/locations`, {
      headers: { authorization: `Bearer ${o.access.accessToken}` },
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({
      status: "INVALID_ARGUMENT",
      details: [{ fieldViolations: [{ field: "read_mask" }] }],
    });
  });
});

describe("reviews and replies", () => {
  test("pages of 50, newest change first, mapped to guest items", async () => {
    const o = owner();
    const loc = s.addLocation(o.personal.name, { title: "Sufra Shuwaikh" });
    const base = Date.parse("2026-10-01T08:00:00Z");
    for (let i = 0; i < 58; i++)
      s.addReview(loc.name, {
        author: `Guest ${i}`,
        stars: ((i % 5) + 1) as 1,
        comment: `Karak was good ${i}`,
        createTime: new Date(base + i * 60_000),
      });
    const anon = s.addReview(loc.name, {
      anonymous: true,
      stars: 2,
      comment: "القهوة باردة",
      createTime: new Date(base + 100 * 60_000),
    });
    const starsOnly = s.addReview(loc.name, {
      author: "Noura",
      stars: 5,
      createTime: new Date(base + 101 * 60_000),
      reply: "Thank you Noura!",
    });
    const place = { googleAccount: loc.account, name: loc.name };

    const first = await google.reviews(o.access, place);
    expect(first.items).toHaveLength(50);
    expect(first.totalReviewCount).toBe(60);
    expect(first.averageRating).toBeGreaterThan(2);
    expect(first.nextPageToken).toBeTruthy();
    expect(first.items[0]).toEqual({
      kind: "review",
      externalId: starsOnly.name,
      author: "Noura",
      rating: 5,
      text: "",
      writtenAt: starsOnly.createTime,
      updatedAt: starsOnly.updateTime,
      reply: { text: "Thank you Noura!", at: starsOnly.updateTime },
    });
    expect(first.items[1]).toMatchObject({
      externalId: anon.name,
      author: ANONYMOUS_REVIEWER,
      rating: 2,
      text: "القهوة باردة",
      reply: null,
    });
    const second = await google.reviews(o.access, place, first.nextPageToken);
    expect(second.items).toHaveLength(10);
    expect(second.nextPageToken).toBeNull();
    const names = new Set([...first.items, ...second.items].map((r) => r.externalId));
    expect(names.size).toBe(60);

    // a guest edits an old review: it comes first, with its new time
    const old = [...s.reviews.values()].find((r) => r.location === loc.name && r.comment === "Karak was good 0")!;
    s.editReview(old.name, { comment: "Karak was cold this time", stars: 1 });
    const again = await google.reviews(o.access, place);
    expect(again.items[0]).toMatchObject({ externalId: old.name, text: "Karak was cold this time", rating: 1 });
    expect(again.items[0].updatedAt.getTime()).toBeGreaterThan(again.items[0].writtenAt.getTime());
  });

  test("reply creates or replaces the business's answer; deleteReply removes it, twice is fine", async () => {
    const o = owner();
    const loc = s.addLocation(o.personal.name, { title: "Sufra Jabriya" });
    const r = s.addReview(loc.name, { author: "Ahmad", stars: 4, comment: "Nice saloona" });
    const first = await google.reply(o.access, r.name, "Thank you Ahmad! شكراً لك");
    expect(first.text).toBe("Thank you Ahmad! شكراً لك");
    expect(s.review(r.name)!.reply).toMatchObject({ comment: "Thank you Ahmad! شكراً لك" });
    await google.reply(o.access, r.name, "Thank you, see you Friday");
    expect(s.review(r.name)!.reply!.comment).toBe("Thank you, see you Friday");

    await google.deleteReply(o.access, r.name);
    expect(s.review(r.name)!.reply).toBeUndefined();
    await google.deleteReply(o.access, r.name);

    // Google takes 4096 bytes: Arabic letters are two bytes each
    const long = await rejection(google.reply(o.access, r.name, "ش".repeat(2049)));
    expect(long).toMatchObject({ kind: "rejected", opts: { platformCode: "REPLY_TOO_LONG" } });
    expect(s.review(r.name)!.reply).toBeUndefined();
  });

  test("an unverified location refuses replies and reviews: rejected, with Google's FAILED_PRECONDITION", async () => {
    const o = owner();
    const loc = s.addLocation(o.personal.name, { title: "Sufra Fintas" });
    const r = s.addReview(loc.name, { author: "Sara", stars: 1, comment: "Waited 40 minutes" });
    s.setVerified(loc.name, false);
    const refused = await rejection(google.reply(o.access, r.name, "Sorry Sara"));
    expect(refused).toMatchObject({
      kind: "rejected",
      platformMessage: "Precondition check failed.",
      opts: { status: 400, platformCode: "FAILED_PRECONDITION" },
    });
    expect(s.review(r.name)!.reply).toBeUndefined();
    expect((await rejection(google.reviews(o.access, { googleAccount: loc.account, name: loc.name }))).kind).toBe(
      "rejected",
    );
    s.setVerified(loc.name, true);
    await google.reply(o.access, r.name, "Sorry Sara");
  });

  test("a token without business.manage, an expired token, rate limits, no API access, Google down", async () => {
    const narrow = owner(undefined, ["openid", "email"]);
    const scope = await rejection(google.places(narrow.access));
    expect(scope).toMatchObject({
      kind: "auth",
      opts: { status: 403, platformCode: "ACCESS_TOKEN_SCOPE_INSUFFICIENT" },
    });

    const o = owner();
    const loc = s.addLocation(o.personal.name, { title: "Sufra Mishref" });
    const place = { googleAccount: loc.account, name: loc.name };
    s.expireToken(o.access.accessToken);
    expect((await rejection(google.reviews(o.access, place))).kind).toBe("auth");

    const p = owner();
    const ploc = s.addLocation(p.personal.name, { title: "Sufra Rai" });
    const pplace = { googleAccount: ploc.account, name: ploc.name };
    s.rateLimitPerMinute = 1;
    try {
      await google.reviews(p.access, pplace);
      const limited = await rejection(google.reviews(p.access, pplace));
      expect(limited).toMatchObject({ kind: "rate_limit", opts: { status: 429, platformCode: "RATE_LIMIT_EXCEEDED" } });
      // Google sends no Retry-After: its quotas are per minute
      const wait = limited.opts.retryAt!.getTime() - Date.now();
      expect(wait).toBeGreaterThan(55_000);
      expect(wait).toBeLessThanOrEqual(60_000);
    } finally {
      s.rateLimitPerMinute = null;
    }
    s.failNext("reviews", 429, 1, { retryAfterSecs: 30 });
    const after = await rejection(google.reviews(p.access, pplace));
    expect(after.opts.retryAt!.getTime() - Date.now()).toBeLessThanOrEqual(30_000);

    // the project's quota of 0 per minute until Google grants API access, and an API not enabled
    s.zeroQuota = true;
    try {
      expect(await rejection(google.places(p.access))).toMatchObject({ kind: "plan", opts: { status: 429 } });
    } finally {
      s.zeroQuota = false;
    }
    s.disabledServices.add("mybusiness.googleapis.com");
    try {
      expect(await rejection(google.reviews(p.access, pplace))).toMatchObject({
        kind: "plan",
        opts: { status: 403, platformCode: "SERVICE_DISABLED" },
      });
    } finally {
      s.disabledServices.clear();
    }

    // reads ride out a moment of 503; a reply (a write) is not repeated
    s.failNext("reviews", 503, 2);
    expect((await google.reviews(p.access, pplace)).items).toEqual([]);
    const r = s.addReview(ploc.name, { author: "Hamad", stars: 5 });
    s.failNext("updateReply", 503, 1);
    const before = s.calls.updateReply ?? 0;
    expect((await rejection(google.reply(p.access, r.name, "Thanks Hamad"))).kind).toBe("unavailable");
    expect(s.calls.updateReply).toBe(before + 1);
    expect(s.review(r.name)!.reply).toBeUndefined();
  });
});

describe("local posts", () => {
  const kuwaitEvening = {
    title: "Gergean night",
    startsAt: "2026-12-03T15:00:00.000Z",
    endsAt: "2026-12-03T20:30:00.000Z",
  };

  test("a standard post with a photo and a button goes to two locations, one LocalPost each, progress saved after each", async () => {
    const o = owner();
    const a = s.addLocation(o.personal.name, { title: "Sufra Salmiya" });
    const b = s.addLocation(o.personal.name, { title: "Sufra Hawalli" });
    const req = request(o.access, [a, b], {
      type: "standard",
      cta: { action: "order", url: "https://sufra.test/order" },
    });
    await google.prepare(req);
    const result = await google.send(req);

    const [pa] = s.postsAt(a.name);
    const [pb] = s.postsAt(b.name);
    expect(s.postsAt(a.name)).toHaveLength(1);
    expect(s.postsAt(b.name)).toHaveLength(1);
    expect(result).toEqual({ externalId: pa.name, permalink: pa.searchUrl, warning: null });
    expect(pa.body).toEqual({
      languageCode: "ar",
      summary: req.text,
      topicType: "STANDARD",
      callToAction: { actionType: "ORDER", url: "https://sufra.test/order" },
      media: [{ mediaFormat: "PHOTO", sourceUrl: `${mediaUrl}/photo.jpg` }],
    });
    expect(pb.body).toEqual(pa.body);
    // what Google fetched and read from the sourceUrl
    expect(pa.photos).toEqual([
      { url: `${mediaUrl}/photo.jpg`, format: "jpeg", bytes: photo.length, width: 600, height: 450 },
    ]);
    expect(req.saved).toEqual([
      { google: { [a.name]: { name: pa.name, searchUrl: pa.searchUrl } } },
      {
        google: {
          [a.name]: { name: pa.name, searchUrl: pa.searchUrl },
          [b.name]: { name: pb.name, searchUrl: pb.searchUrl },
        },
      },
    ]);
  });

  test("offer and event posts: the event's times as Kuwait's wall clock, the offer's coupon and terms, no button on an offer", async () => {
    const o = owner();
    const a = s.addLocation(o.personal.name, { title: "Sufra Avenues" });
    const offer = request(
      o.access,
      [a],
      {
        type: "offer",
        cta: { action: "learn_more", url: "https://sufra.test/offer" },
        offer: { couponCode: "GERGEAN25", redeemUrl: "https://sufra.test/redeem", terms: "One per guest" },
        event: kuwaitEvening,
      },
      { text: "25% off Gergean sweets tonight", media: [] },
    );
    await google.prepare(offer);
    await google.send(offer);
    const event = request(
      o.access,
      [a],
      { type: "event", cta: { action: "call" }, event: kuwaitEvening },
      { text: "Gergean night at Sufra", media: [] },
    );
    await google.prepare(event);
    await google.send(event);

    const [eventPost, offerPost] = s.postsAt(a.name).sort((x, y) => (x.body.topicType < y.body.topicType ? -1 : 1));
    const schedule = {
      startDate: { year: 2026, month: 12, day: 3 },
      startTime: { hours: 18, minutes: 0, seconds: 0, nanos: 0 },
      endDate: { year: 2026, month: 12, day: 3 },
      endTime: { hours: 23, minutes: 30, seconds: 0, nanos: 0 },
    };
    expect(offerPost.body).toEqual({
      languageCode: "en",
      summary: "25% off Gergean sweets tonight",
      topicType: "OFFER",
      event: { title: "Gergean night", schedule },
      offer: {
        couponCode: "GERGEAN25",
        redeemOnlineUrl: "https://sufra.test/redeem",
        termsConditions: "One per guest",
      },
    });
    expect(eventPost.body).toEqual({
      languageCode: "en",
      summary: "Gergean night at Sufra",
      topicType: "EVENT",
      callToAction: { actionType: "CALL" },
      event: { title: "Gergean night", schedule },
    });
  });

  test("prepare refuses what Google would: long text, video, a GIF, a tiny photo, an event without times, no location", async () => {
    const o = owner();
    const a = s.addLocation(o.personal.name, { title: "Sufra Khaitan" });
    const std: GooglePostOptions = { type: "standard" };
    const code = async (req: PublishRequest) => (await rejection(google.prepare(req))).opts.platformCode;
    expect(await code(request(o.access, [a], std, { text: "ق".repeat(1501) }))).toBe("SUMMARY_TOO_LONG");
    await google.prepare(request(o.access, [a], std, { text: "ق".repeat(1500) }));
    expect(
      await code(request(o.access, [a], std, { media: [media("clip.mp4", { kind: "video", mime: "video/mp4" })] })),
    ).toBe("UNSUPPORTED_MEDIA");
    expect(await code(request(o.access, [a], std, { media: [media("a.gif", { mime: "image/gif" })] }))).toBe(
      "UNSUPPORTED_MEDIA",
    );
    expect(await code(request(o.access, [a], std, { media: [media("photo.jpg", { bytes: 4_000 })] }))).toBe(
      "PHOTO_SIZE",
    );
    expect(await code(request(o.access, [a], std, { media: [media("photo.jpg", { width: 200 })] }))).toBe(
      "PHOTO_TOO_SMALL",
    );
    expect(await code(request(o.access, [a], std, { media: [media(), media()] }))).toBe("TOO_MANY_ITEMS");
    expect(await code(request(o.access, [a], { type: "event" }))).toBe("EVENT_REQUIRED");
    expect(await code(request(o.access, [a], { type: "standard", cta: { action: "book" } }))).toBe("CTA_URL_REQUIRED");
    expect((await rejection(google.prepare(request(o.access, [], std)))).kind).toBe("rejected");
    expect(s.postsAt(a.name)).toHaveLength(0);
  });

  test("Google itself refuses a photo it cannot fetch, a page that is not a photo, a summary over 1500, an unverified location", async () => {
    const o = owner();
    const a = s.addLocation(o.personal.name, { title: "Sufra Mangaf" });
    const send = (over: Partial<PublishRequest>) =>
      rejection(google.send(request(o.access, [a], { type: "standard" }, over)));
    expect(await send({ media: [media("missing.jpg")] })).toMatchObject({
      kind: "rejected",
      platformMessage: "Fetch photo from the specified URL failed.",
      opts: { platformCode: "INVALID_ARGUMENT:media.source_url" },
    });
    expect((await send({ media: [media("page.html")] })).opts.platformCode).toBe("INVALID_ARGUMENT:media.source_url");
    expect(tiny.length).toBeGreaterThan(10 * 1024);
    expect(await send({ media: [media("disguised.jpg")] })).toMatchObject({
      kind: "rejected",
      platformMessage: expect.stringContaining("unsupported format"),
      opts: { status: 400, platformCode: "INVALID_ARGUMENT:media.source_url" },
    });
    expect(await send({ media: [media("tiny.jpg")] })).toMatchObject({
      kind: "rejected",
      platformMessage: expect.stringContaining("at least 250 x 250"),
      opts: { status: 400, platformCode: "INVALID_ARGUMENT:media.source_url" },
    });
    expect((await send({ text: "x".repeat(1501), media: [] })).opts.platformCode).toBe("INVALID_ARGUMENT:summary");
    s.setVerified(a.name, false);
    expect(await send({})).toMatchObject({ kind: "rejected", opts: { platformCode: "FAILED_PRECONDITION" } });
    expect(s.postsAt(a.name)).toHaveLength(0);

    // one verified and one unverified location: out where it can be, with a warning for the person
    const b = s.addLocation(o.personal.name, { title: "Sufra Fahaheel" });
    const mixed = request(o.access, [a, b], { type: "standard" });
    const result = await google.send(mixed);
    expect(result.externalId).toBe(s.postsAt(b.name)[0].name);
    expect(result.warning).toMatch(/refused the post at 1 location/);
  });

  test("a second send after a crash posts only where nothing was posted yet", async () => {
    const o = owner();
    const a = s.addLocation(o.personal.name, { title: "Sufra Qurain" });
    const b = s.addLocation(o.personal.name, { title: "Sufra Adan" });
    const req = request(o.access, [a, b], { type: "standard" });
    const save = req.saveProgress;
    // the worker dies right after saving the first location's post
    req.saveProgress = async (p) => {
      await save(p);
      throw new Error("worker killed");
    };
    await expect(google.send(req)).rejects.toThrow("worker killed");
    expect(s.postsAt(a.name)).toHaveLength(1);
    expect(s.postsAt(b.name)).toHaveLength(0);

    req.saveProgress = save;
    const result = await google.send(req);
    expect(s.postsAt(a.name)).toHaveLength(1);
    expect(s.postsAt(b.name)).toHaveLength(1);
    expect(result.externalId).toBe(s.postsAt(a.name)[0].name);
    // and a third send (the answer of the second lost) makes nothing new
    await google.send(req);
    expect(s.postsAt(a.name).length + s.postsAt(b.name).length).toBe(2);
  });

  test("reconcile finds a post whose answer was lost, says absent where there is none, then published", async () => {
    const o = owner();
    const a = s.addLocation(o.personal.name, { title: "Sufra Sabah Al Salem" });
    const b = s.addLocation(o.personal.name, { title: "Sufra Egaila" });
    // an older post with the same words does not count: it was made before this attempt
    const req = request(o.access, [a, b], { type: "standard" }, { media: [] });
    s.posts.push({
      name: `${a.account}/${a.name}/localPosts/old`,
      location: a.name,
      account: a.account,
      createTime: new Date(Date.now() - 3_600_000),
      body: { summary: req.text, topicType: "STANDARD" },
      photos: [],
      searchUrl: "https://local.google.com/old",
    });
    expect(await google.reconcile(req)).toEqual({ state: "absent" });

    // Google makes the post at the first location, but its answer never arrives
    const held = s.hold("createPost");
    const lost = await rejection(google.send({ ...req, signal: AbortSignal.timeout(300) }));
    held.release();
    expect(lost.kind).toBe("timeout");
    const made = s.postsAt(a.name).find((p) => !p.name.endsWith("/old"))!;
    expect(made).toBeDefined();

    expect(await google.reconcile(req)).toEqual({ state: "absent" });
    expect(req.progress).toEqual({ google: { [a.name]: { name: made.name, searchUrl: made.searchUrl } } });
    const result = await google.send(req);
    expect(result.externalId).toBe(made.name);
    expect(s.postsAt(a.name)).toHaveLength(2); // the old one and this attempt's
    expect(s.postsAt(b.name)).toHaveLength(1);
    expect(await google.reconcile(req)).toEqual({
      state: "published",
      result: { externalId: made.name, permalink: made.searchUrl, warning: null },
    });
  });

  test("reconcile reads every page of localPosts.list, whose order Google does not promise: the attempt's post is found wherever it is", async () => {
    const o = owner();
    const a = s.addLocation(o.personal.name, { title: "Sufra Mishref" });
    const req = request(o.access, [a], { type: "standard" }, { media: [] });
    // 230 older posts, one in three with the very same words (last week's run of the same post)
    for (let i = 0; i < 230; i++) {
      s.posts.push({
        name: `${a.account}/${a.name}/localPosts/old${i}`,
        location: a.name,
        account: a.account,
        createTime: new Date(Date.now() - (i + 2) * 600_000),
        body: { summary: i % 3 ? `Older post ${i}` : req.text, topicType: "STANDARD" },
        photos: [],
        searchUrl: `https://local.google.com/old${i}`,
      });
    }
    expect(await google.reconcile(req)).toEqual({ state: "absent" });

    const held = s.hold("createPost");
    expect((await rejection(google.send({ ...req, signal: AbortSignal.timeout(300) }))).kind).toBe("timeout");
    held.release();
    const made = s.postsAt(a.name).find((p) => !p.name.includes("/old"))!;
    expect(made).toBeDefined();
    // a shuffle that lists older posts first and this attempt's post on the second of three pages of 100
    for (let i = 0; s.listed(a.name).indexOf(made) < 150 || s.listed(a.name).indexOf(made) >= 200; i++)
      s.listSeed = `seed-${i}`;
    expect(Date.parse(s.listed(a.name)[0].createTime.toISOString())).toBeLessThan(req.attemptStartedAt.getTime());

    const before = s.calls.listPosts ?? 0;
    expect(await google.reconcile(req)).toEqual({
      state: "published",
      result: { externalId: made.name, permalink: made.searchUrl, warning: null },
    });
    // all three pages of 100 are read: a match on one page says nothing about the others
    expect((s.calls.listPosts ?? 0) - before).toBe(3);
    expect(req.progress).toEqual({ google: { [a.name]: { name: made.name, searchUrl: made.searchUrl } } });
  });

  test("metrics: Google offers no figures per local post, so none are reported", async () => {
    const o = owner();
    expect((await google.metrics(o.access, ["accounts/1/locations/2/localPosts/3"])).size).toBe(0);
  });
});
