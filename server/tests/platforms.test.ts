// The platform adapters against local fakes of Instagram and X: OAuth, publishing in steps,
// errors mapped to the five kinds the publishing service acts on, reconcile after a lost answer.
import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { loadConfig } from "../src/config.ts";
import { demoAdapter, demoMetrics } from "../src/networks/demo.ts";
import { createPlatforms } from "../src/networks/index.ts";
import { createInstagramAdapter } from "../src/networks/instagram/adapter.ts";
import { createSnapchatAdapter } from "../src/networks/snapchat/adapter.ts";
import {
  PlatformError,
  type AccountAccess,
  type PlatformAdapter,
  type PublishMedia,
  type PublishRequest,
} from "../src/networks/types.ts";
import { createXAdapter } from "../src/networks/x/adapter.ts";
import { startInstagramFake, type InstagramFakeState } from "./fakes/instagram-server.ts";
import { startXFake, type XFakeState } from "./fakes/x-server.ts";

const DAY = 86_400_000;
let jpeg: Buffer;
let png: Buffer;
let mediaServer: http.Server;
let mediaUrl = "";

beforeAll(async () => {
  jpeg = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: "#c8691c" } })
    .jpeg()
    .toBuffer();
  png = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: "#c8691c" } })
    .png()
    .toBuffer();
  // stands in for our public media URLs: Instagram downloads from here
  mediaServer = http.createServer((req, res) => {
    if (req.url === "/photo.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    else if (req.url === "/photo.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (req.url === "/clip.mp4") res.writeHead(200, { "content-type": "video/mp4" }).end(Buffer.alloc(2500, 7));
    else if (req.url === "/page.html") res.writeHead(200, { "content-type": "text/html" }).end("<p>not an image</p>");
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => mediaServer.listen(0, "127.0.0.1", r));
  mediaUrl = `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  mediaServer.closeAllConnections();
  await new Promise((r) => mediaServer.close(r));
});

const photo = (name = "photo.jpg", id = randomBytes(4).toString("hex")): PublishMedia => ({
  id,
  kind: "image",
  mime: "image/jpeg",
  url: `${mediaUrl}/${name}`,
  read: async () => jpeg,
  bytes: jpeg.length,
});
const clip = (): PublishMedia => ({
  id: randomBytes(4).toString("hex"),
  kind: "video",
  mime: "video/mp4",
  url: `${mediaUrl}/clip.mp4`,
  read: async () => Buffer.alloc(2500, 7),
  bytes: 2500,
});

/** A publish request whose saveProgress keeps progress on the request, as a fresh read from the database would. */
function request(
  account: AccountAccess,
  over: Partial<PublishRequest> = {},
): PublishRequest & { saved: Record<string, unknown>[] } {
  const saved: Record<string, unknown>[] = [];
  const req = {
    attemptKey: randomBytes(8).toString("hex"),
    attemptStartedAt: new Date(),
    account,
    text: `Machboos Friday 🍛 مجبوس الجمعة ${randomBytes(3).toString("hex")} #kuwait`,
    firstComment: null,
    media: [photo()],
    progress: {},
    signal: AbortSignal.timeout(10_000),
    saved,
    ...over,
  } as PublishRequest & { saved: Record<string, unknown>[] };
  req.saveProgress = async (p) => {
    saved.push(p);
    req.progress = p;
  };
  return req;
}

async function rejection(p: Promise<unknown>): Promise<PlatformError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
}

describe("Instagram", () => {
  let fake: Awaited<ReturnType<typeof startInstagramFake>>;
  let ig: PlatformAdapter;
  let s: InstagramFakeState;
  let account: AccountAccess;
  beforeAll(async () => {
    fake = await startInstagramFake();
    s = fake.state;
    ig = createInstagramAdapter(
      { ...s.config, publishTimeoutMs: 5_000 },
      { pollFirstMs: 5, pollMaxMs: 20, backoffMs: 5 },
    );
  });
  afterAll(() => fake.close());
  // a fresh account per test, so quotas and posts do not leak between tests
  let n = 0;
  const connect = (ageMs = 0) => {
    const user = { userId: String(17_841_400_000_000_000 + ++n), username: `machboos_house_${n}` };
    account = {
      externalId: user.userId,
      handle: user.username,
      accessToken: s.issueToken(user, 60 * DAY - ageMs, ageMs),
    };
    return account;
  };

  test("OAuth: the code becomes a short-lived token, then a 60-day token, then the profile", async () => {
    const url = new URL(
      ig.authorizeUrl({ state: "st4te", codeChallenge: "ignored", redirectUri: "https://sufra.test/cb/instagram" }),
    );
    expect(url.searchParams.get("client_id")).toBe(s.appId);
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe(
      "instagram_business_basic,instagram_business_content_publish,instagram_business_manage_insights,instagram_business_manage_comments,instagram_business_manage_messages",
    );
    expect(url.searchParams.get("state")).toBe("st4te");
    expect(url.searchParams.has("code_challenge")).toBe(false);

    s.issueCode("ig-code-1", {
      userId: "17841400000000001",
      username: "sufra_kitchen",
      name: "Sufra Kitchen",
      redirectUri: "https://sufra.test/cb/instagram",
    });
    const got = await ig.exchangeCode({
      code: "ig-code-1#_",
      codeVerifier: "unused",
      redirectUri: "https://sufra.test/cb/instagram",
    });
    expect(got).toMatchObject({
      externalId: "17841400000000001",
      handle: "sufra_kitchen",
      displayName: "Sufra Kitchen",
      refreshToken: null,
    });
    expect(s.tokens.get(got.accessToken)?.kind).toBe("long");
    expect(got.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * DAY);
    expect(ig.refreshMarginMs).toBe(7 * DAY);

    // a code works once
    const again = await rejection(
      ig.exchangeCode({ code: "ig-code-1", codeVerifier: "", redirectUri: "https://sufra.test/cb/instagram" }),
    );
    expect(again.kind).toBe("auth");
    expect(again.platformMessage).toMatch(/already used/);
  });

  test("refresh gives a new 60-day token; an expired or revoked one needs reconnecting", async () => {
    connect(2 * DAY); // Instagram refreshes tokens at least a day old
    const fresh = await ig.refresh({ accessToken: account.accessToken });
    expect(fresh.accessToken).not.toBe(account.accessToken);
    expect(fresh.expiresAt!.getTime() - Date.now()).toBeGreaterThan(59 * DAY);
    s.tokens.get(fresh.accessToken)!.issuedAt -= 2 * DAY;
    s.expireToken(fresh.accessToken);
    expect((await rejection(ig.refresh({ accessToken: fresh.accessToken }))).kind).toBe("auth");
    s.revokeToken(account.accessToken);
    const err = await rejection(ig.prepare(request(account)));
    expect(err.kind).toBe("auth");
    expect(err.opts.platformCode).toBe(458);
  });

  test("publish: container saved before polling, IN_PROGRESS polls, publish, permalink, first comment", async () => {
    connect();
    s.nextContainer({ inProgressPolls: 2 });
    const req = request(account, { firstComment: "#kuwait #machboos" });
    const statusCalls = s.calls.container_status ?? 0;
    await ig.prepare(req);
    expect(req.saved).toHaveLength(1);
    const containerId = req.saved[0].containerId as string;
    expect(s.containers.get(containerId)?.status).toBe("FINISHED");
    expect((s.calls.container_status ?? 0) - statusCalls).toBe(3);
    expect(s.fetchedUrls).toContain(`${mediaUrl}/photo.jpg`); // Instagram really downloaded our URL

    const published = await ig.send(req);
    const post = s.posts(account.externalId);
    expect(post).toHaveLength(1);
    expect(post[0]).toMatchObject({ id: published.externalId, caption: req.text, containerId });
    expect(published.permalink).toBe(post[0].permalink);
    expect(published.warning).toBeNull();
    expect(s.comments).toContainEqual(
      expect.objectContaining({ mediaId: published.externalId, message: "#kuwait #machboos" }),
    );

    // Instagram refuses to publish the same container twice
    expect((await rejection(ig.send(req))).kind).toBe("rejected");
    expect(s.posts(account.externalId)).toHaveLength(1);
  });

  test("a failed first comment does not fail the publish: it comes back as a warning", async () => {
    connect();
    const req = request(account, { firstComment: "first!" });
    await ig.prepare(req);
    s.failNext("comment", 500);
    const published = await ig.send(req);
    expect(published.externalId).toBeTruthy();
    expect(published.warning).toMatch(/first comment was not added/);
  });

  test("carousel of two photos and a reel; a single video goes as a reel", async () => {
    connect();
    const req = request(account, { media: [photo(), photo(), clip()] });
    await ig.prepare(req);
    const carousel = s.containers.get(req.progress.containerId as string)!;
    expect(carousel.mediaType).toBe("CAROUSEL");
    expect(carousel.children).toHaveLength(3);
    expect(s.containers.get(carousel.children[2])?.mediaType).toBe("VIDEO");
    expect((await ig.send(req)).externalId).toBeTruthy();

    const reel = request(account, { media: [clip()] });
    await ig.prepare(reel);
    expect(s.containers.get(reel.progress.containerId as string)?.mediaType).toBe("REELS");
    expect((await ig.send(reel)).permalink).toMatch(/instagram\.com\/reel\//);
  });

  test("media Instagram cannot download, and a container that ends in ERROR, are rejected with Instagram's message", async () => {
    connect();
    const html = await rejection(ig.prepare(request(account, { media: [photo("page.html")] })));
    expect(html.kind).toBe("rejected");
    expect(html.platformMessage).toMatch(/Media download has failed/);
    expect(html.opts.platformCode).toBe(2207052);

    s.nextContainer({ error: "The aspect ratio is not supported. (2207009)" });
    const req = request(account);
    const err = await rejection(ig.prepare(req));
    expect(err.kind).toBe("rejected");
    expect(err.platformMessage).toMatch(/aspect ratio is not supported/);
    expect(req.saved).toHaveLength(1); // the container was saved before polling
  });

  test("the 24-hour publishing limit is a rate limit until the oldest post in the window turns a day old", async () => {
    connect();
    s.setQuota(1);
    try {
      const first = request(account);
      await ig.prepare(first);
      await ig.send(first);
      const postedAt = s.posts(account.externalId)[0].timestamp.getTime();

      const second = request(account);
      await ig.prepare(second);
      const err = await rejection(ig.send(second));
      expect(err.kind).toBe("rate_limit");
      expect(err.opts.platformCode).toBe(2207042);
      expect(Math.abs(err.opts.retryAt!.getTime() - (postedAt + DAY))).toBeLessThan(2_000);

      // the app-wide limit (code 4) waits a while instead
      s.failNext("publishing_limit", "rate_limit");
      const app = await rejection(ig.quota!(account));
      expect(app.kind).toBe("rate_limit");
      expect(app.opts.retryAt!.getTime()).toBeGreaterThan(Date.now() + 10 * 60_000);
    } finally {
      s.setQuota(100);
    }
  });

  test("quota: remaining posts of the rolling 24 hours", async () => {
    connect();
    s.setQuota(50, 3);
    try {
      const q = await ig.quota!(account);
      expect(q.remaining).toBe(47);
      expect(Math.abs(q.resetAt.getTime() - (Date.now() + DAY))).toBeLessThan(5_000);
    } finally {
      s.setQuota(100);
    }
  });

  test("reconcile: absent before the publish, published (same media) after a publish whose answer was lost", async () => {
    connect();
    const req = request(account);
    expect(await ig.reconcile(req)).toEqual({ state: "absent" }); // no container yet
    await ig.prepare(req);
    expect(await ig.reconcile(req)).toEqual({ state: "absent" }); // container FINISHED, never published

    const held = s.hold("publish", { ms: 1_000 });
    const err = await rejection(ig.send({ ...req, signal: AbortSignal.timeout(150) }));
    expect(err.kind).toBe("timeout");
    await held.received;
    const [post] = s.posts(account.externalId);
    const found = await ig.reconcile(req);
    expect(found).toEqual({ state: "published", result: { externalId: post.id, permalink: post.permalink } });
  });

  test("a 500 on publish is 'unavailable'; metrics from insights, per media", async () => {
    connect();
    const req = request(account);
    await ig.prepare(req);
    s.failNext("publish", 500);
    expect((await rejection(ig.send(req))).kind).toBe("unavailable");
    const { externalId } = await ig.send(req);
    s.setInsights(externalId, { views: 1200, likes: 80, shares: 4, reach: 950 });
    s.comments.push({ id: "c1", mediaId: externalId, message: "yum" });
    const metrics = await ig.metrics(account, [externalId, "404404"]);
    expect(metrics.get(externalId)).toEqual({ views: 1200, likes: 80, comments: 1, shares: 4, reach: 950 });
    expect(metrics.has("404404")).toBe(false); // a deleted post does not hide the others
  });

  test("a token less than a day old is not refreshed: Instagram refuses it, so we do not ask", async () => {
    connect();
    // the stand-in refuses as refresh_access_token's reference says ("at least 24 hours old")
    const refused = await rejection(ig.refresh({ accessToken: account.accessToken }));
    expect(refused.kind).toBe("auth");
    expect(refused.platformMessage).toMatch(/24 hours/);
    // knowing when it expires (60 days after it was issued), the adapter does not ask at all
    const asked = s.calls.refresh_token ?? 0;
    const young = await rejection(
      ig.refresh({ accessToken: account.accessToken, expiresAt: new Date(Date.now() + 60 * DAY - 3_600_000) }),
    );
    expect(young.kind).toBe("auth");
    expect(s.calls.refresh_token ?? 0).toBe(asked);
    // a day and a bit later it is refreshed
    s.tokens.get(account.accessToken)!.issuedAt -= 25 * 3_600_000;
    const fresh = await ig.refresh({
      accessToken: account.accessToken,
      expiresAt: new Date(Date.now() + 60 * DAY - 25 * 3_600_000),
    });
    expect(s.tokens.get(fresh.accessToken)?.userId).toBe(account.externalId);
  });

  test("images must be JPEG: the stand-in refuses a PNG as Instagram does", async () => {
    connect();
    const err = await rejection(
      ig.prepare(
        request(account, {
          media: [{ ...photo("photo.png"), mime: "image/png", read: async () => png, bytes: png.length }],
        }),
      ),
    );
    expect(err.kind).toBe("rejected");
    expect(err.opts.platformCode).toBe(2207005);
    expect(err.platformMessage).toMatch(/Only JPEG/);
  });

  test("Business Use Case throttling (80002) is 'try later' at the time X-Business-Use-Case-Usage gives", async () => {
    connect();
    s.throttle(37);
    try {
      const err = await rejection(ig.prepare(request(account)));
      expect(err.kind).toBe("rate_limit");
      expect(err.opts.platformCode).toBe(80002);
      expect(Math.abs(err.opts.retryAt!.getTime() - (Date.now() + 37 * 60_000))).toBeLessThan(5_000);
      expect((await rejection(ig.quota!(account))).kind).toBe("rate_limit");
    } finally {
      s.throttle(0);
    }
    // the header rides on every answer, throttled or not
    const r = await fetch(`${s.url}/${s.graphVersion}/me?access_token=${account.accessToken}`);
    const usage = JSON.parse(r.headers.get("x-business-use-case-usage")!);
    expect(usage[s.appId][0]).toMatchObject({ type: "instagram", estimated_time_to_regain_access: 0 });
  });

  test("an error Meta marks is_transient is tried again, not a refusal; Instagram's spam block (4 / 2207051) is a refusal, not a wait", async () => {
    connect();
    s.failNext("publishing_limit", "transient");
    expect((await ig.quota!(account)).remaining).toBe(100); // retried by the backoff on read-only calls
    s.failNext("publish", "transient");
    const req = request(account);
    await ig.prepare(req);
    expect((await rejection(ig.send(req))).kind).toBe("unavailable");
    s.failNext("create_container", "spam");
    const spam = await rejection(ig.prepare(request(account)));
    expect([spam.kind, spam.opts.platformCode]).toEqual(["rejected", 2207051]);
  });

  test("a container whose media download failed (2207052) is made again before the post fails", async () => {
    connect();
    const before = s.calls.create_container ?? 0;
    s.failNext("create_container", "media_fetch");
    const req = request(account);
    await ig.prepare(req);
    expect(s.calls.create_container! - before).toBe(2);
    expect((await ig.send(req)).externalId).toBeTruthy();
    // a URL that never works still fails, after a bounded number of tries
    const again = s.calls.create_container!;
    const err = await rejection(ig.prepare(request(account, { media: [photo("page.html")] })));
    expect(err.opts.platformCode).toBe(2207052);
    expect(s.calls.create_container! - again).toBe(3);
  });

  test("a carousel of photos waits until every child is FINISHED before the parent is made", async () => {
    connect();
    s.carouselItemPolls = 2;
    try {
      const req = request(account, { media: [photo(), photo(), photo()] });
      await ig.prepare(req);
      const parent = s.containers.get(req.progress.containerId as string)!;
      expect(parent.mediaType).toBe("CAROUSEL");
      for (const id of parent.children)
        expect(s.containers.get(id)).toMatchObject({ mediaType: "IMAGE", carouselItem: true, status: "FINISHED" });
      expect((await ig.send(req)).externalId).toBeTruthy();
    } finally {
      s.carouselItemPolls = 1;
    }
  });
});

describe("X", () => {
  let fake: Awaited<ReturnType<typeof startXFake>>;
  let x: PlatformAdapter;
  let s: XFakeState;
  beforeAll(async () => {
    fake = await startXFake();
    s = fake.state;
    x = createXAdapter({ ...s.config, publishTimeoutMs: 5_000 }, { statusPollMs: 5, backoffMs: 5, chunkBytes: 1000 });
  });
  afterAll(() => fake.close());
  let n = 0;
  const connect = (): AccountAccess & { refreshToken: string } => {
    const user = { userId: String(1_500_000_000 + ++n), username: `sufra_x_${n}` };
    const t = s.issueTokens(user);
    return { externalId: user.userId, handle: user.username, accessToken: t.accessToken, refreshToken: t.refreshToken };
  };
  const pkce = () => {
    const verifier = randomBytes(32).toString("base64url");
    return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
  };

  test("OAuth 2.0 with PKCE: the fake checks S256(code_verifier) against the challenge", async () => {
    const { verifier, challenge } = pkce();
    const url = new URL(
      x.authorizeUrl({ state: "s1", codeChallenge: challenge, redirectUri: "https://sufra.test/cb/x" }),
    );
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: s.clientId,
      redirect_uri: "https://sufra.test/cb/x",
      scope: "tweet.read tweet.write users.read media.write offline.access",
      state: "s1",
      code_challenge: challenge,
      code_challenge_method: "S256",
    });
    s.issueCode("x-code-1", {
      userId: "42",
      username: "sufra_kw",
      name: "Sufra KW",
      codeChallenge: challenge,
      redirectUri: "https://sufra.test/cb/x",
    });
    const got = await x.exchangeCode({
      code: "x-code-1",
      codeVerifier: verifier,
      redirectUri: "https://sufra.test/cb/x",
    });
    expect(got).toMatchObject({ externalId: "42", handle: "sufra_kw", displayName: "Sufra KW" });
    expect(got.refreshToken).toBeTruthy();
    expect(got.scopes).toContain("offline.access");
    expect(Math.abs(got.expiresAt!.getTime() - (Date.now() + 7_200_000))).toBeLessThan(5_000);

    s.issueCode("x-code-2", { userId: "42", username: "sufra_kw", codeChallenge: challenge });
    const wrong = await rejection(
      x.exchangeCode({ code: "x-code-2", codeVerifier: pkce().verifier, redirectUri: "https://sufra.test/cb/x" }),
    );
    expect(wrong.kind).toBe("auth");
    expect(wrong.platformMessage).toMatch(/code_verifier/);
  });

  test("refresh rotates the refresh token; the old one, or a revoked grant, is invalid_grant -> auth", async () => {
    const a = connect();
    const fresh = await x.refresh({ accessToken: a.accessToken, refreshToken: a.refreshToken });
    expect(fresh.refreshToken).toBeTruthy();
    expect(fresh.refreshToken).not.toBe(a.refreshToken);
    const old = await rejection(x.refresh({ accessToken: a.accessToken, refreshToken: a.refreshToken }));
    expect(old.kind).toBe("auth");
    expect(old.platformMessage).toMatch(/token was invalid/);

    s.revokeToken(fresh.accessToken);
    expect(
      (await rejection(x.refresh({ accessToken: fresh.accessToken, refreshToken: fresh.refreshToken }))).kind,
    ).toBe("auth");
    expect(x.refreshMarginMs).toBe(5 * 60_000);
  });

  test("photos are uploaded once (ids saved), then the tweet carries them", async () => {
    const a = connect();
    const req = request(a, { media: [photo(), photo()] });
    await x.prepare(req);
    expect(req.saved).toHaveLength(2); // saved after each upload
    const uploads = s.calls.upload;
    await x.prepare(req); // a restarted worker: nothing uploaded again
    expect(s.calls.upload).toBe(uploads);

    const published = await x.send(req);
    const [tweet] = s.posts(a.externalId);
    expect(tweet).toMatchObject({ id: published.externalId, text: req.text });
    // in the post's media order (Object.values would put a media id that happens to be all digits first)
    const uploaded = req.progress.media as Record<string, { id: string }>;
    const ids = req.media.map((m) => uploaded[m.id]!.id);
    expect(tweet.mediaIds).toEqual(ids);
    expect(published.permalink).toBe(`https://x.com/${a.handle}/status/${published.externalId}`);
  });

  test("a video goes in chunks and waits for processing", async () => {
    const a = connect();
    const req = request(a, { media: [clip()] });
    await x.prepare(req);
    const id = Object.values(req.progress.media as Record<string, { id: string }>)[0].id;
    expect(s.media.get(id)).toMatchObject({ state: "succeeded", totalBytes: 2500, category: "tweet_video" });
    expect(s.media.get(id)!.segments.size).toBe(3);
    await x.send(req);
    expect(s.posts(a.externalId)[0].mediaIds).toEqual([id]);
  });

  test("429 is a rate limit until x-rate-limit-reset; 401 is auth; 5xx is unavailable", async () => {
    const a = connect();
    const req = request(a, { media: [] });
    s.failNext("tweet", 429, 1, { resetInSecs: 600 });
    const limited = await rejection(x.send(req));
    expect(limited.kind).toBe("rate_limit");
    expect(Math.abs(limited.opts.retryAt!.getTime() - (Date.now() + 600_000))).toBeLessThan(2_000);

    s.failNext("tweet", 429, 1, { resetInSecs: 3 * 3600, daily: true });
    const daily = await rejection(x.send(req));
    expect(daily.opts.retryAt!.getTime()).toBeGreaterThan(Date.now() + 2 * 3600_000);

    // the whole app's posts for the day are spent: wait for the app's reset, not the user's nor the window's
    s.failNext("tweet", 429, 1, { resetInSecs: 5 * 3600, app: true });
    const app = await rejection(x.send(req));
    expect(Math.abs(app.opts.retryAt!.getTime() - (Date.now() + 5 * 3600_000))).toBeLessThan(2_000);

    s.failNext("tweet", 503);
    expect((await rejection(x.send(req))).kind).toBe("unavailable");
    s.expireToken(a.accessToken);
    expect((await rejection(x.send(req))).kind).toBe("auth");
    expect(s.posts(a.externalId)).toHaveLength(0);
  });

  test("send timeout: the post exists on X, and reconcile finds it", async () => {
    const a = connect();
    const req = request(a, { text: "Ghabga tonight & every night <3 https://sufra.example/menu" });
    await x.prepare(req);
    const held = s.hold("tweet");
    const err = await rejection(x.send({ ...req, signal: AbortSignal.timeout(150) }));
    expect(err.kind).toBe("timeout");
    await held.received;
    held.release();
    const [tweet] = s.posts(a.externalId);
    expect(tweet.text).toBe(req.text);
    // X shows the text escaped, with its own links: reconcile compares the words
    expect(await x.reconcile(req)).toEqual({
      state: "published",
      result: { externalId: tweet.id, permalink: `https://x.com/${a.handle}/status/${tweet.id}` },
    });
    // nothing found is not proof of absence on X
    expect(await x.reconcile(request(a))).toEqual({ state: "unknown" });
  });

  test("duplicate content is rejected with X's message", async () => {
    const a = connect();
    const req = request(a, { media: [] });
    await x.send(req);
    const dup = await rejection(x.send(request(a, { media: [], text: req.text })));
    expect(dup.kind).toBe("rejected");
    expect(dup.platformMessage).toBe("You are not allowed to create a Tweet with duplicate content.");
    expect(dup.opts.status).toBe(403);
  });

  test("metrics: impressions, likes, replies, reposts + quotes; public figures when non-public ones are refused", async () => {
    const a = connect();
    const one = await x.send(request(a, { media: [] }));
    const two = await x.send(request(a, { media: [] }));
    s.setMetrics(one.externalId, {
      impression_count: 900,
      like_count: 40,
      reply_count: 5,
      retweet_count: 3,
      quote_count: 1,
    });
    s.setMetrics(two.externalId, { impression_count: 10 });
    const m = await x.metrics(a, [one.externalId, two.externalId]);
    expect(m.get(one.externalId)).toEqual({ views: 900, reach: 900, likes: 40, comments: 5, shares: 4 });
    expect(m.get(two.externalId)?.views).toBe(10);

    s.refuseNonPublic = true;
    try {
      const calls = s.calls.lookup ?? 0;
      const pub = await x.metrics(a, [one.externalId]);
      expect(pub.get(one.externalId)).toEqual({ views: 900, reach: 900, likes: 40, comments: 5, shares: 4 });
      expect(s.calls.lookup).toBe(calls + 2);
    } finally {
      s.refuseNonPublic = false;
    }

    // X now names reposts repost_count
    s.repostNaming = true;
    try {
      expect((await x.metrics(a, [one.externalId])).get(one.externalId)?.shares).toBe(4);
    } finally {
      s.repostNaming = false;
    }
  });

  test("an access tier without the endpoint (403 client-not-enrolled) is 'not on this plan', not a refusal of the post", async () => {
    const a = connect();
    s.notEnrolled.add("tweet").add("lookup");
    try {
      const err = await rejection(x.send(request(a, { media: [] })));
      expect(err.kind).toBe("plan");
      expect(err.opts.platformCode).toBe("client-not-enrolled");
      expect((await rejection(x.metrics(a, ["1790000000000000001"]))).kind).toBe("plan");
      expect(s.posts(a.externalId)).toHaveLength(0);
    } finally {
      s.notEnrolled.clear();
    }
  });

  test("more than 280 characters as X counts them is refused before anything is uploaded; the stand-in refuses it too", async () => {
    const a = connect();
    // 141 CJK characters weigh 282; 140 weigh 280 (allowed); a URL weighs 23 however long
    const long = "漢".repeat(141);
    const uploads = s.calls.upload ?? 0;
    const err = await rejection(x.prepare(request(a, { text: long })));
    expect(err.kind).toBe("rejected");
    expect(err.platformMessage).toMatch(/282 characters as X counts them; X allows 280/);
    expect(s.calls.upload ?? 0).toBe(uploads);
    const refused = await rejection(x.send(request(a, { text: long, media: [] })));
    expect([refused.kind, refused.opts.status]).toEqual(["rejected", 403]);
    expect(refused.platformMessage).toMatch(/too long/);
    const fits = request(a, { text: `${"漢".repeat(128)} https://sufra.example/${"m".repeat(60)}`, media: [] });
    await x.prepare(fits);
    expect((await x.send(fits)).externalId).toBeTruthy();
    const emoji = await rejection(x.send(request(a, { text: `${"a".repeat(279)}😋`, media: [] })));
    expect(emoji.platformMessage).toMatch(/too long/);
  });
});

describe("demo network and Snapchat", () => {
  test("demo accounts publish at once on every platform, and their figures grow with age", async () => {
    for (const platform of ["instagram", "twitter", "snapchat"] as const) {
      const demo = demoAdapter(platform);
      expect(demo.manual).toBe(false);
      const req = request({ externalId: "demo-1", handle: "demo", accessToken: "demo" });
      await demo.prepare(req);
      const started = Date.now();
      const out = await demo.send(req);
      expect(Date.now() - started).toBeLessThan(400);
      expect(out.externalId).toMatch(new RegExp(`^demo-${platform}-`));
      expect(out.permalink).toBe(`https://demo.sufra.local/${platform}/${out.externalId}`);
      expect(await demo.reconcile(req)).toEqual({ state: "absent" });
    }
    const { externalId } = await demoAdapter("instagram").send(
      request({ externalId: "d", handle: "d", accessToken: "d" }),
    );
    const now = Date.now();
    const at = (h: number) => demoMetrics(externalId, now + h * 3_600_000);
    expect(at(0).views).toBe(0);
    expect(at(1).views).toBeGreaterThan(0);
    expect(at(6).views).toBeGreaterThan(at(1).views);
    expect(at(48).views - at(24).views).toBeLessThan(at(6).views - at(1).views); // flattens
    expect(at(24)).toEqual(at(24)); // deterministic
    const day = at(24);
    expect(day.likes / day.views).toBeGreaterThanOrEqual(0.029);
    expect(day.likes / day.views).toBeLessThanOrEqual(0.081);
    expect(day.comments).toBeLessThanOrEqual(Math.ceil(day.likes * 0.15));
    expect(day.reach / day.views).toBeGreaterThanOrEqual(0.69);
    expect(day.reach / day.views).toBeLessThanOrEqual(0.91);
    const live = await demoAdapter("instagram").metrics({ externalId: "d", handle: "d", accessToken: "d" }, [
      externalId,
    ]);
    expect(live.get(externalId)).toBeDefined();
  });

  test("Snapchat is manual: no OAuth, no publishing, no figures", async () => {
    const snap = createSnapchatAdapter();
    expect(snap.manual).toBe(true);
    expect(snap.configured()).toBe(true);
    expect(() => snap.authorizeUrl({ state: "s", codeChallenge: "c", redirectUri: "r" })).toThrow(
      /no public posting API/,
    );
    expect((await rejection(snap.exchangeCode({ code: "c", codeVerifier: "v", redirectUri: "r" }))).kind).toBe(
      "rejected",
    );
    expect((await snap.metrics({ externalId: "1", handle: "h", accessToken: "t" }, ["1"])).size).toBe(0);
  });

  test("createPlatforms gives the demo adapter to demo accounts and the real one otherwise", () => {
    // the real configuration with no app credentials set
    const platforms = createPlatforms(
      loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-platforms-")) }),
    );
    expect(platforms.adapter("instagram", { demo: false }).configured()).toBe(false); // no app credentials
    expect(platforms.adapter("twitter", { demo: true }).configured()).toBe(true);
    expect(platforms.adapter("snapchat", { demo: false }).manual).toBe(true);
    expect(platforms.adapter("snapchat", { demo: true }).manual).toBe(false);
  });
});
