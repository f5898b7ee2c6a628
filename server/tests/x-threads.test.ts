// X beyond one post: a caption over the limit as a chained thread, alt text on photos, an animated
// GIF, a link moved to a reply, 4,000 characters for verified accounts, and a thread cut short by a
// dead worker resumed without posting a part twice. The adapter runs against the strict X stand-in
// (tests/fakes/x-server.ts), which refuses what X refuses; the preview runs through the whole server.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { splitThread, xWeightedLength, X_LONG_POST_LENGTH } from "@sufra/schema";
import type { PublishMedia, PublishRequest } from "../src/networks/types.ts";
import { createXAdapter } from "../src/networks/x/adapter.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake, type XUser } from "./fakes/x-server.ts";
import {
  call,
  freshDatabase,
  gql,
  registeredClient,
  startSecondProcess,
  startTestApp,
  type TestApp,
} from "./support/app.ts";
import { connectedBusiness, freePort, platformEnv, post, waitFor } from "./support/networks.ts";

type XFake = Awaited<ReturnType<typeof startXFake>>;
let x: XFake;
let jpeg: Buffer;

beforeAll(async () => {
  x = await startXFake();
  x.state.checkAfterSecs = 0;
  jpeg = await sharp({ create: { width: 1200, height: 675, channels: 3, background: "#6b3e26" } })
    .jpeg()
    .toBuffer();
});
afterAll(async () => {
  await x?.close();
});

const adapter = () => createXAdapter({ ...x.state.config, publishTimeoutMs: 5_000 }, { backoffMs: 5, statusPollMs: 5 });
let users = 0;
function account(over: Partial<XUser> = {}) {
  const u: XUser = { userId: String(9_100_000 + ++users), username: `thread_cafe_${users}`, ...over };
  const { accessToken } = x.state.issueTokens(u);
  return { externalId: u.userId, handle: u.username, accessToken };
}
const image = (bytes: Buffer, mime = "image/jpeg", altText: string | null = null): PublishMedia => ({
  id: randomBytes(4).toString("hex"),
  kind: "image",
  mime,
  url: "http://127.0.0.1:9/unused",
  read: async () => bytes,
  bytes: bytes.length,
  altText,
});
/** bytes that start as a GIF does (the stand-in checks the signature, as X's upload does) */
const gifOf = (size: number) => Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(size - 6, 1)]);

/** A request as the publishing service builds it; saveProgress keeps what was saved, as the database would. */
function request(
  acc: ReturnType<typeof account>,
  text: string,
  o: {
    media?: PublishMedia[];
    options?: PublishRequest["options"];
    progress?: Record<string, unknown>;
    longPosts?: boolean;
  } = {},
) {
  const saved: Record<string, unknown>[] = [];
  const req: PublishRequest = {
    attemptKey: randomBytes(6).toString("hex"),
    attemptStartedAt: new Date(),
    account: { ...acc, longPosts: o.longPosts },
    text,
    media: o.media ?? [],
    options: o.options ?? null,
    progress: o.progress ?? {},
    saveProgress: async (p) => {
      req.progress = p;
      saved.push(structuredClone(p));
    },
    signal: AbortSignal.timeout(20_000),
  };
  return { req, saved };
}

const sentences = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `Part of the story number ${i + 1}: our cardamom karak is brewed slowly every morning.`,
  ).join(" ");
const THREAD = { thread: true, linkInReply: false };

describe("a thread", () => {
  test("three posts chained by in_reply_to, numbered, alt text set on each photo of the first", async () => {
    const acc = account();
    const text = sentences(9); // about 750 characters: three posts of three sentences
    const parts = splitThread(text, 280, xWeightedLength);
    expect(parts).toHaveLength(3);
    const photos = [
      image(jpeg, "image/jpeg", "A glass of karak on a brass tray"),
      image(jpeg, "image/jpeg", "قهوة عربية مع تمر"),
    ];
    const { req } = request(acc, text, { media: photos, options: THREAD });
    const a = adapter();
    await a.prepare(req);
    const out = await a.send(req);
    expect(out.warning).toBeNull();

    const posted = x.state.posts(acc.externalId);
    expect(posted.map((t) => t.text)).toEqual(parts);
    expect(posted[0]!.id).toBe(out.externalId);
    expect(posted[0]!.inReplyTo).toBeUndefined();
    expect(posted[1]!.inReplyTo).toBe(posted[0]!.id);
    expect(posted[2]!.inReplyTo).toBe(posted[1]!.id);
    expect(posted.every((t) => (t.conversationId ?? t.id) === posted[0]!.id)).toBe(true);
    // the photos on the first post only, each with its alt text on X's upload
    expect(posted[0]!.mediaIds).toHaveLength(2);
    expect(posted[1]!.mediaIds).toEqual([]);
    expect(posted[0]!.mediaIds.map((id) => x.state.media.get(id)!.altText)).toEqual([
      "A glass of karak on a brass tray",
      "قهوة عربية مع تمر",
    ]);
    // a read-only look afterwards finds the whole thread
    expect(await a.reconcile(req)).toEqual({
      state: "published",
      result: { externalId: out.externalId, permalink: `https://x.com/${acc.handle}/status/${out.externalId}` },
    });
  });

  test("without thread, an over-long caption is refused before anything is uploaded", async () => {
    const acc = account();
    const { req } = request(acc, sentences(11), { media: [image(jpeg)] });
    await expect(adapter().prepare(req)).rejects.toMatchObject({ kind: "rejected" });
    expect([...x.state.media.values()].some((m) => m.userId === acc.externalId)).toBe(false);
  });

  test("a reply X refuses leaves the post published, with a warning", async () => {
    const acc = account();
    const text = sentences(4); // two posts
    const { req } = request(acc, text, { options: THREAD });
    const a = adapter();
    await a.prepare(req);
    // the second post's call is refused (say, a duplicate of an earlier post)
    const realFetch = globalThis.fetch;
    let tweets = 0;
    globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
      if (String(input).endsWith("/2/tweets") && init?.method === "POST" && ++tweets === 2) {
        return new Response(
          JSON.stringify({
            title: "Forbidden",
            detail: "You are not allowed to create a Tweet with duplicate content.",
            type: "about:blank",
            status: 403,
          }),
          { status: 403, headers: { "content-type": "application/json" } },
        );
      }
      return realFetch(input, init);
    }) as typeof fetch;
    try {
      const out = await a.send(req);
      expect(out.externalId).toBe(x.state.posts(acc.externalId)[0]!.id);
      expect(out.warning).toMatch(
        /thread stopped before part 2 of 2: You are not allowed to create a Tweet with duplicate content/,
      );
    } finally {
      globalThis.fetch = realFetch;
    }
    expect(x.state.posts(acc.externalId)).toHaveLength(1);
  });
});

describe("a worker dies in the middle of a thread", () => {
  /** Runs the thread until the save that `dies` picks throws (the worker is gone); answers the last progress saved. */
  async function runUntilDeath(
    acc: ReturnType<typeof account>,
    text: string,
    dies: (p: Record<string, unknown>) => boolean,
    when: "before saving" | "after saving" = "before saving",
  ) {
    const a = adapter();
    const { req, saved } = request(acc, text, { options: THREAD });
    await a.prepare(req);
    const inner = req.saveProgress;
    req.saveProgress = async (p) => {
      const dead = dies(p);
      if (dead && when === "before saving") throw new Error("worker died");
      await inner(p);
      if (dead) throw new Error("worker died");
    };
    await expect(a.send(req)).rejects.toThrow("worker died");
    return saved.at(-1)!;
  }
  /** A second worker picks the attempt up at step send, as publishing.service.ts does: reconcile first, then send. */
  async function resume(acc: ReturnType<typeof account>, text: string, progress: Record<string, unknown>) {
    const a = adapter();
    const { req } = request(acc, text, { options: THREAD, progress });
    const r = await a.reconcile(req);
    expect(r.state).toBe("absent"); // the post is out, the rest of the thread is not
    return a.send(req);
  }
  const ids = (p: Record<string, unknown>) => (p.thread as { ids: string[] } | undefined)?.ids ?? [];

  test("the third part went out but its id was never saved: found on X, not posted again", async () => {
    const acc = account();
    const text = sentences(9);
    const last = await runUntilDeath(acc, text, (p) => ids(p).length === 3);
    expect(last).toMatchObject({ thread: { sending: 2 } });
    expect(x.state.posts(acc.externalId)).toHaveLength(3);
    const out = await resume(acc, text, last);
    expect(out.warning).toBeNull();
    const posted = x.state.posts(acc.externalId);
    expect(posted).toHaveLength(3); // no duplicate part
    expect(posted.map((t) => t.text)).toEqual(splitThread(text, 280, xWeightedLength));
    expect(posted[2]!.inReplyTo).toBe(posted[1]!.id);
    expect(out.externalId).toBe(posted[0]!.id);
  });

  test("it died before the second part left: the resumed attempt posts it, chained to the first", async () => {
    const acc = account();
    const text = sentences(9);
    // dies right after saving "part 2 may be out", before its call
    const last = await runUntilDeath(
      acc,
      text,
      (p) => (p.thread as { sending?: number } | undefined)?.sending === 1,
      "after saving",
    );
    expect(last).toMatchObject({ thread: { sending: 1 } });
    expect(ids(last)).toHaveLength(1);
    expect(x.state.posts(acc.externalId)).toHaveLength(1);
    const out = await resume(acc, text, last);
    expect(out.warning).toBeNull();
    const posted = x.state.posts(acc.externalId);
    expect(posted).toHaveLength(3);
    expect(posted[1]!.inReplyTo).toBe(posted[0]!.id);
    expect(posted[2]!.inReplyTo).toBe(posted[1]!.id);
  });
});

describe("GIFs", () => {
  test("a small GIF goes up in one request as tweet_gif, with its alt text", async () => {
    const acc = account();
    const { req } = request(acc, "Our saffron latte, in motion", {
      media: [image(gifOf(200_000), "image/gif", "Milk poured into a saffron latte")],
    });
    const a = adapter();
    await a.prepare(req);
    await a.send(req);
    const [t] = x.state.posts(acc.externalId);
    const media = x.state.media.get(t!.mediaIds[0]!)!;
    expect(media).toMatchObject({
      category: "tweet_gif",
      mime: "image/gif",
      altText: "Milk poured into a saffron latte",
    });
    expect(x.state.calls.initialize ?? 0).toBe(0);
  });

  test("a 9 MB GIF goes in chunks (X takes GIFs up to 15 MB); one over 15 MB is refused", async () => {
    const acc = account();
    const before = x.state.calls.initialize ?? 0;
    const { req } = request(acc, "Kunafa, stretched", { media: [image(gifOf(9 * 1024 * 1024), "image/gif")] });
    const a = adapter();
    await a.prepare(req);
    await a.send(req);
    expect((x.state.calls.initialize ?? 0) - before).toBe(1);
    expect(x.state.media.get(x.state.posts(acc.externalId)[0]!.mediaIds[0]!)).toMatchObject({
      category: "tweet_gif",
      state: "succeeded",
    });

    const big = request(account(), "Too big", { media: [image(gifOf(16 * 1024 * 1024), "image/gif")] });
    await expect(a.prepare(big.req)).rejects.toMatchObject({
      kind: "rejected",
      platformMessage: expect.stringContaining("15 MB"),
    });
  });

  test("the stand-in refuses a GIF with a photo, as X does (one GIF alone per post)", async () => {
    const acc = account();
    const { req } = request(acc, "Two things", { media: [image(gifOf(100_000), "image/gif"), image(jpeg)] });
    const a = adapter();
    await a.prepare(req);
    await expect(a.send(req)).rejects.toMatchObject({
      kind: "rejected",
      platformMessage: expect.stringContaining("1 animated GIF"),
    });
    expect(x.state.posts(acc.externalId)).toHaveLength(0);
  });
});

describe("the link in a reply", () => {
  test("the post goes without its link; the link follows as a reply to it", async () => {
    const acc = account();
    const { req } = request(acc, "Our Ramadan menu is out: https://sufra.kw/menu/ramadan", {
      options: { thread: false, linkInReply: true },
    });
    const a = adapter();
    await a.prepare(req);
    const out = await a.send(req);
    const [first, reply] = x.state.posts(acc.externalId);
    expect(first!.text).toBe("Our Ramadan menu is out:");
    expect(first!.id).toBe(out.externalId);
    expect(reply).toMatchObject({ text: "https://sufra.kw/menu/ramadan", inReplyTo: first!.id });
  });
});

describe("the stand-in refuses what X refuses", () => {
  const api = async (token: string, path: string, body: unknown) => {
    const r = await fetch(`${x.url}${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  test("alt text over 1,000 characters, metadata on another account's media, a reply to a post that does not exist", async () => {
    const me = account();
    const other = account();
    const { req } = request(other, "theirs", { media: [image(jpeg)] });
    await adapter().prepare(req);
    const theirs = (req.progress.media as Record<string, { id: string }>)[req.media[0]!.id]!.id;
    const mine = request(me, "mine", { media: [image(jpeg)] });
    await adapter().prepare(mine.req);
    const own = (mine.req.progress.media as Record<string, { id: string }>)[mine.req.media[0]!.id]!.id;

    expect(
      await api(me.accessToken, "/2/media/metadata", { id: own, metadata: { alt_text: { text: "ق".repeat(1001) } } }),
    ).toMatchObject({ status: 400 });
    expect(
      await api(me.accessToken, "/2/media/metadata", { id: theirs, metadata: { alt_text: { text: "a cup" } } }),
    ).toMatchObject({ status: 400 });
    expect(
      await api(me.accessToken, "/2/media/metadata", { id: own, metadata: { alt_text: { text: "ق".repeat(1000) } } }),
    ).toMatchObject({ status: 200, body: { data: { id: own } } });
    expect(
      await api(me.accessToken, "/2/tweets", {
        text: "a reply to nothing",
        reply: { in_reply_to_tweet_id: "1234567890123" },
      }),
    ).toMatchObject({
      status: 403,
      body: { detail: "You attempted to reply to a Tweet that is deleted or not visible to you." },
    });
  });

  test("an unverified account is held to 280; a subscribed one posts 4,000", async () => {
    const long = sentences(40).slice(0, 3_900);
    const plain = account();
    expect((await api(plain.accessToken, "/2/tweets", { text: long })).status).toBe(403);
    const premium = account({ verified: true, verifiedType: "blue", subscriptionType: "Premium" });
    expect((await api(premium.accessToken, "/2/tweets", { text: long })).status).toBe(201);
    // and the adapter, told the account may post long posts, sends it as one post
    const { req } = request(premium, `${long} again`, { longPosts: true });
    await adapter().prepare(req);
    await adapter().send(req);
    expect(x.state.posts(premium.externalId).at(-1)!.text).toBe(`${long} again`);
  });
});

describe("verified accounts through the server", () => {
  let app: TestApp;
  let ig: Awaited<ReturnType<typeof startInstagramFake>>;
  beforeAll(async () => {
    ig = await startInstagramFake();
    app = await startTestApp({
      ...platformEnv(ig, x, await freePort()),
      PUBLISH_LEASE_SECONDS: "60",
      PUBLISH_TIMEOUT_SECONDS: "30",
    });
  });
  afterAll(async () => {
    await app?.stop();
    await ig?.close();
  });

  let n = 0;
  /** A business with X connected through OAuth as `who`. */
  async function connectedAs(who: Partial<XUser>) {
    const c = await registeredClient(app.base);
    const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
      .body.access_token as string;
    const start = await call(app.base, "POST", "/api/platforms/twitter/connect", { token, body: {} });
    const url = new URL(start.body.authorize_url);
    const code = `xv-${++n}`;
    x.state.issueCode(code, {
      userId: String(9_900_000 + n),
      username: `verified_cafe_${n}`,
      ...who,
      codeChallenge: url.searchParams.get("code_challenge")!,
      redirectUri: url.searchParams.get("redirect_uri")!,
    });
    const back = await fetch(
      `${app.base}/api/platforms/twitter/callback?code=${code}&state=${url.searchParams.get("state")}`,
      { redirect: "manual" },
    );
    expect(back.headers.get("location")).toBe("/settings?connected=1&platform=twitter");
    return token;
  }
  const preview = (token: string, content: string) =>
    gql(
      app.base,
      `query($input: PostUpdateInput!) { postPreview(input: $input) { platform limit overLimit thread errors { key text } warnings { key } } }`,
      { input: { content, platforms: ["TWITTER"] } },
      token,
    );

  test("a verified account may preview and schedule 2,000 characters; an unverified one is refused in its language", async () => {
    const text = sentences(24).slice(0, 2_000);
    const verified = await connectedAs({ verified: true, verifiedType: "blue", subscriptionType: "Premium" });
    const v = (await preview(verified, text)).data.postPreview[0];
    expect(v).toMatchObject({
      platform: "TWITTER",
      limit: X_LONG_POST_LENGTH,
      overLimit: false,
      errors: [],
      thread: null,
    });
    const created = await call<any>(app.base, "POST", "/api/posts", {
      token: verified,
      body: { content: text, platforms: ["twitter"], scheduled_for: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(created.status).toBe(201);

    const plain = await connectedAs({});
    const u = (await preview(plain, text)).data.postPreview[0];
    expect(u).toMatchObject({ limit: 280, overLimit: true });
    expect(u.errors.map((e: { key: string }) => e.key)).toEqual(["captionTooLongFor"]);
    const refused = await call<any>(app.base, "POST", "/api/posts", {
      token: plain,
      lang: "ar",
      body: { content: text, platforms: ["twitter"], scheduled_for: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: "POST_INVALID_FOR_PLATFORM",
      message: expect.stringContaining("لا يناسب"),
    });
  });

  test("the preview shows the thread and warns about a link's cost with a stable key", async () => {
    const token = await connectedAs({});
    const r = await gql(
      app.base,
      `query($input: PostUpdateInput!) { postPreview(input: $input) { thread errors { key } warnings { key text } } }`,
      {
        input: {
          content: `${sentences(8)} https://sufra.kw/menu`,
          platforms: ["TWITTER"],
          networkOptions: { twitter: { thread: true, linkInReply: false } },
        },
      },
      token,
    );
    const p = r.data.postPreview[0];
    expect(p.errors).toEqual([]);
    expect(p.thread.length).toBeGreaterThan(1);
    expect(p.warnings).toContainEqual({
      key: "xLinkCosts",
      text: "A post with a link costs far more to publish on X: move the link to a reply",
    });
  });
});

describe("a worker killed while X holds a reply of the thread", () => {
  test("the next worker finds the part on X, posts the rest once, and the post is published", async () => {
    const ig = await startInstagramFake();
    const db = await freshDatabase();
    const env = {
      ...platformEnv(ig, x, await freePort()),
      PUBLISH_LEASE_SECONDS: "3",
      PUBLISH_TIMEOUT_SECONDS: "30",
      DATA_DIR: mkdtempSync(path.join(os.tmpdir(), "sufra-x-thread-")),
    };
    const worker = { ...env, PORT: "0", PROCESS_ROLE: "worker" };
    // this process serves requests and queues jobs; only the workers publish
    const app = await startTestApp({ ...env, PROCESS_ROLE: "api" }, db);
    const first = await startSecondProcess(db, worker);
    let second: Awaited<ReturnType<typeof startSecondProcess>> | null = null;
    try {
      const b = await connectedBusiness(app, ig, x);
      const text = sentences(9);
      // X receives the second part and keeps its answer until after the kill: the part exists, its id was never saved
      const held = x.state.holdReply({ createOn: "receipt" });
      const p = await post(app, b.token, {
        content: text,
        platforms: ["twitter"],
        network_options: { twitter: { thread: true } },
      });
      await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
      await held.received;
      await first.kill("SIGKILL");
      held.release();
      expect(x.state.posts(b.xUserId)).toHaveLength(2);

      second = await startSecondProcess(db, worker);
      const done = await waitFor(
        () => call<any>(app.base, "GET", `/api/posts/${p.id}`, { token: b.token }).then((r) => r.body),
        (q) => q.status !== "publishing",
        60_000,
      );
      expect(done.status).toBe("published");
      const posted = x.state.posts(b.xUserId);
      expect(posted.map((t) => t.text)).toEqual(splitThread(text, 280, xWeightedLength)); // each part once, in order
      expect(posted[1]!.inReplyTo).toBe(posted[0]!.id);
      expect(posted[2]!.inReplyTo).toBe(posted[1]!.id);
      expect(done.targets[0].external_id).toBe(posted[0]!.id);
    } finally {
      await first.stop();
      await second?.stop();
      await app.stop();
      await ig.close();
    }
  }, 180_000);
});
