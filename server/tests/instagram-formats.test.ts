// Instagram's formats through the adapter and the whole server, against the stand-in that refuses what
// Instagram refuses: stories (a photo or a video of at most 60 s, no caption, no collaborators), reels
// (one video, with its cover among the post's photos, audio name and share_to_feed), alt text on photos
// only, collaborators, location and user tags sent as Instagram's reference spells them. A format
// Instagram would refuse is refused before any container is made, and the composer's preview says why.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { createInstagramAdapter } from "../src/networks/instagram/adapter.ts";
import { PlatformError, type AccountAccess, type PublishMedia, type PublishRequest } from "../src/networks/types.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { mp4 } from "./support/mp4.ts";
import { freePort, platformEnv, waitFor } from "./support/networks.ts";

let ig: Awaited<ReturnType<typeof startInstagramFake>>;
let x: Awaited<ReturnType<typeof startXFake>>;
let app: TestApp;
let jpeg: Buffer;
let tall: Buffer;
let png: Buffer;
let files: http.Server;
let filesUrl = "";

beforeAll(async () => {
  [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
  jpeg = await sharp({ create: { width: 1080, height: 1350, channels: 3, background: "#1f5c4a" } })
    .jpeg()
    .toBuffer();
  tall = await sharp({ create: { width: 720, height: 1280, channels: 3, background: "#7a3e12" } })
    .jpeg()
    .toBuffer();
  png = await sharp({ create: { width: 1080, height: 1080, channels: 3, background: "#1f5c4a" } })
    .png()
    .toBuffer();
  // stands in for our public media URLs in the adapter-level tests
  files = http.createServer((req, res) => {
    if (req.url === "/photo.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(jpeg);
    else if (req.url === "/tall.jpg") res.writeHead(200, { "content-type": "image/jpeg" }).end(tall);
    else if (req.url === "/photo.png") res.writeHead(200, { "content-type": "image/png" }).end(png);
    else if (req.url === "/short.mp4")
      res.writeHead(200, { "content-type": "video/mp4" }).end(mp4({ seconds: 10, width: 1080, height: 1920 }));
    else if (req.url === "/long.mp4")
      res.writeHead(200, { "content-type": "video/mp4" }).end(mp4({ seconds: 90, width: 1080, height: 1920 }));
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => files.listen(0, "127.0.0.1", r));
  filesUrl = `http://127.0.0.1:${(files.address() as AddressInfo).port}`;
  const port = await freePort();
  app = await startTestApp({ ...platformEnv(ig, x, port), PUBLISH_LEASE_SECONDS: "60", PUBLISH_TIMEOUT_SECONDS: "30" });
});
afterAll(async () => {
  await app?.stop();
  files?.closeAllConnections();
  await new Promise((r) => files?.close(r));
  await Promise.all([ig?.close(), x?.close()]);
});

const getPost = (token: string, id: string) =>
  call<any>(app.base, "GET", `/api/posts/${id}`, { token }).then((r) => r.body);
const settled = (p: any): boolean => !["draft", "scheduled", "publishing"].includes(p.status);

let seq = 0;
/** A business (premium unless told) with Instagram connected through OAuth against the stand-in. */
async function connected(plan = "premium") {
  const c = await registeredClient(app.base, { over: { requested_plan: plan } });
  const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token as string;
  const n = ++seq;
  const start = await call(app.base, "POST", "/api/platforms/instagram/connect", { token, body: {} });
  const url = new URL(start.body.authorize_url);
  const userId = String(17_950_000 + n);
  ig.state.issueCode(`igf-${n}`, {
    userId,
    username: `formats_cafe_${n}`,
    redirectUri: url.searchParams.get("redirect_uri")!,
  });
  const back = await fetch(
    `${app.base}/api/platforms/instagram/callback?code=igf-${n}&state=${url.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  expect(back.headers.get("location")).toBe("/settings?connected=1&platform=instagram");
  return { ...c, token, userId };
}

async function upload(token: string, bytes: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const r = await fetch(`${app.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await r.json()) as { id: string };
  if (r.status !== 201) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.id;
}
const uploadPhoto = (token: string) => upload(token, jpeg, "karak.jpg", "image/jpeg");
const uploadVideo = (token: string, seconds = 10) =>
  upload(token, mp4({ seconds, width: 1080, height: 1920 }), "pour.mp4", "video/mp4");

/** Creates the post, publishes it now and waits for the outcome. */
async function publish(token: string, body: Record<string, unknown>) {
  const created = await call<any>(app.base, "POST", "/api/posts", {
    token,
    body: { platforms: ["instagram"], ...body },
  });
  expect(created.status).toBe(201);
  const r = await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token });
  expect(r.status).toBeLessThan(300);
  return waitFor(() => getPost(token, created.body.id), settled, 30_000);
}

/** The top-level containers (not carousel items) made for an account, oldest first. */
const containers = (userId: string) =>
  [...ig.state.containers.values()].filter((c) => c.userId === userId && !c.carouselItem);

describe("stories", () => {
  test("a 9:16 photo story: STORIES with image_url, no caption sent; listed as a story, not in the media edge", async () => {
    const b = await connected();
    // a story is tall: the feed's 4:5 to 1.91:1 rule does not stop it
    const tall = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: "#7a3e12" } })
      .jpeg()
      .toBuffer();
    const pic = await upload(b.token, tall, "story.jpg", "image/jpeg");
    const done = await publish(b.token, {
      content: "Karak tonight at the Salmiya branch",
      media_ids: [pic],
      network_options: { instagram: { format: "story" } },
    });
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    const [c] = containers(b.userId);
    expect(c.params).toEqual({ media_type: "STORIES", image_url: expect.stringContaining(`/media/${pic}/`) });
    // the file Instagram fetched is the full 9:16 picture, not the feed's 4:5 crop of it
    expect(c.image).toEqual({ width: 1080, height: 1920 });
    const [m] = ig.state.posts(b.userId);
    expect(m).toMatchObject({ productType: "STORY", mediaType: "IMAGE", caption: "" });
    expect(done.targets[0].external_id).toBe(m.id);
    // the media edge leaves stories out; the stories edge lists it
    const token = [...ig.state.tokens.values()].find((t) => t.userId === b.userId && t.kind === "long")!.token;
    const listed = (await (await fetch(`${ig.url}/v23.0/${b.userId}/media?access_token=${token}`)).json()) as {
      data: unknown[];
    };
    const stories = (await (await fetch(`${ig.url}/v23.0/${b.userId}/stories?access_token=${token}`)).json()) as {
      data: { id: string }[];
    };
    expect([listed.data.length, stories.data.map((s) => s.id)]).toEqual([0, [m.id]]);
  });

  test("a 4:5 photo as a story goes out as its 9:16 rendition (the full screen), not the feed crop", async () => {
    const b = await connected();
    const pic = await uploadPhoto(b.token);
    const done = await publish(b.token, {
      content: "",
      media_ids: [pic],
      network_options: { instagram: { format: "story" } },
    });
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    expect(containers(b.userId)[0].image).toEqual({ width: 1080, height: 1920 });
  });

  test("the 9:16 rendition is made when a story first needs it, not at upload, and kept", async () => {
    const b = await connected();
    const pic = await uploadPhoto(b.token);
    const db = app.sufra.deps.db;
    const row = await db.media.findUniqueOrThrow({ where: { id: pic } });
    expect((row.variants as Record<string, unknown>).vertical).toBeUndefined();
    const done = await publish(b.token, {
      content: "",
      media_ids: [pic],
      network_options: { instagram: { format: "story" } },
    });
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    expect(containers(b.userId)[0].image).toEqual({ width: 1080, height: 1920 });
    const after = await db.media.findUniqueOrThrow({ where: { id: pic } });
    expect((after.variants as Record<string, unknown>).vertical).toMatchObject({
      width: 1080,
      height: 1920,
      mime: "image/jpeg",
    });
  });

  test("a video story: STORIES with video_url, processed, published", async () => {
    const b = await connected();
    const clip = await uploadVideo(b.token, 12);
    const done = await publish(b.token, {
      content: "",
      media_ids: [clip],
      network_options: { instagram: { format: "story" } },
    });
    expect(done.targets[0]).toMatchObject({ status: "published" });
    expect(containers(b.userId)[0].params).toEqual({
      media_type: "STORIES",
      video_url: expect.stringContaining(`/media/${clip}/`),
    });
    expect(ig.state.posts(b.userId)[0]).toMatchObject({ productType: "STORY", mediaType: "VIDEO" });
  });

  test("a Basic business (Instagram only) can schedule a story", async () => {
    const b = await connected("basic");
    const pic = await uploadPhoto(b.token);
    const when = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const r = await call<any>(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: "Weekend breakfast",
        platforms: ["instagram"],
        media_ids: [pic],
        scheduled_for: when,
        network_options: { instagram: { format: "story" } },
      },
    });
    expect([r.status, r.body.status, r.body.network_options?.instagram?.format]).toEqual([201, "scheduled", "story"]);
  });
});

describe("reels and feed posts reach Instagram exactly as sent", () => {
  test("a reel with its cover photo, audio name, share_to_feed=false, collaborators, location and tags", async () => {
    const b = await connected();
    const [clip, cover] = [await uploadVideo(b.token), await uploadPhoto(b.token)];
    const done = await publish(b.token, {
      content: "How we pour karak",
      media_ids: [clip, cover],
      network_options: {
        instagram: {
          format: "reel",
          reel: {
            cover_media_id: cover,
            share_to_feed: false,
            audio_name: "Dar Qahwa mornings",
            thumb_offset_ms: 1500,
          },
          collaborators: ["salmiya.roasters"],
          location_id: "110123456789",
          user_tags: [{ username: "noura.bakes", x: 0.4, y: 0.6 }],
        },
      },
    });
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    const all = containers(b.userId);
    expect(all).toHaveLength(1); // the cover is no item of its own
    expect(all[0].params).toEqual({
      media_type: "REELS",
      video_url: expect.stringContaining(`/media/${clip}/`),
      cover_url: expect.stringContaining(`/media/${cover}/`),
      share_to_feed: "false",
      audio_name: "Dar Qahwa mornings",
      caption: "How we pour karak",
      collaborators: JSON.stringify(["salmiya.roasters"]),
      location_id: "110123456789",
      // on a reel a tag has no place on the picture: the username only; the cover wins over thumb_offset
      user_tags: JSON.stringify([{ username: "noura.bakes" }]),
    });
    // the cover photo (4:5 as uploaded) went out as its 9:16 rendition, the reel's own shape
    expect(all[0].cover).toEqual({ width: 1080, height: 1920 });
    expect(ig.state.posts(b.userId)[0]).toMatchObject({ productType: "REELS" });
  });

  test("a feed photo with alt text, collaborators, location and a tag at x,y", async () => {
    const b = await connected();
    const pic = await uploadPhoto(b.token);
    const done = await publish(b.token, {
      content: "Saffron milk cake",
      media_ids: [pic],
      network_options: {
        instagram: {
          format: "feed",
          collaborators: ["@salmiya.roasters", "gulf.sweets"],
          location_id: "110123456789",
          user_tags: [{ username: "noura.bakes", x: 0.25, y: 0.75 }],
        },
        alt_text: [{ media_id: pic, text: "A slice of saffron milk cake on a blue plate" }],
      },
    });
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    expect(containers(b.userId)[0].params).toEqual({
      image_url: expect.stringContaining(`/media/${pic}/`),
      alt_text: "A slice of saffron milk cake on a blue plate",
      caption: "Saffron milk cake",
      collaborators: JSON.stringify(["salmiya.roasters", "gulf.sweets"]),
      location_id: "110123456789",
      user_tags: JSON.stringify([{ username: "noura.bakes", x: 0.25, y: 0.75 }]),
    });
    expect(containers(b.userId)[0].image).toEqual({ width: 1080, height: 1350 }); // the photo as uploaded
  });

  test("a 9:16 photo is refused for the feed before Instagram is asked (the person picks a crop), and taken as a story", async () => {
    const b = await connected();
    const pic = await upload(b.token, tall, "tall.jpg", "image/jpeg");
    const created = await call<any>(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        platforms: ["instagram"],
        content: "Karak, tall",
        media_ids: [pic],
        network_options: { instagram: { format: "feed" } },
      },
    });
    const r = await call<any>(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
    expect([r.status, r.body.code, r.body.details.content[0]]).toEqual([
      400,
      "POST_INVALID_FOR_PLATFORM",
      expect.stringContaining("4:5 (portrait) to 1.91:1"),
    ]);
    expect(containers(b.userId)).toHaveLength(0);
    const story = await publish(b.token, {
      content: "",
      media_ids: [pic],
      network_options: { instagram: { format: "story" } },
    });
    expect(story.targets[0]).toMatchObject({ status: "published", error: null });
    // already 9:16: the picture as uploaded, not a rendition of it
    expect(containers(b.userId)[0].image).toEqual({ width: 720, height: 1280 });
  });

  test("a carousel: alt text on each photo item, collaborators and location on the carousel, the tag on the first photo", async () => {
    const b = await connected();
    const [a, c] = [await uploadPhoto(b.token), await uploadPhoto(b.token)];
    const done = await publish(b.token, {
      content: "Two kinds of kunafa",
      media_ids: [a, c],
      network_options: {
        instagram: {
          format: "feed",
          collaborators: ["gulf.sweets"],
          location_id: "42",
          user_tags: [{ username: "noura.bakes", x: 0.5, y: 0.5 }],
        },
        alt_text: [{ media_id: c, text: "Cheese kunafa" }],
      },
    });
    expect(done.targets[0]).toMatchObject({ status: "published" });
    const items = [...ig.state.containers.values()]
      .filter((k) => k.userId === b.userId && k.carouselItem)
      .map((k) => k.params);
    expect(items).toEqual([
      {
        image_url: expect.stringContaining(`/media/${a}/`),
        user_tags: JSON.stringify([{ username: "noura.bakes", x: 0.5, y: 0.5 }]),
        is_carousel_item: "true",
      },
      { image_url: expect.stringContaining(`/media/${c}/`), alt_text: "Cheese kunafa", is_carousel_item: "true" },
    ]);
    expect(containers(b.userId)[0].params).toEqual({
      media_type: "CAROUSEL",
      children: expect.any(String),
      caption: "Two kinds of kunafa",
      collaborators: JSON.stringify(["gulf.sweets"]),
      location_id: "42",
    });
  });
});

describe("refused before any container is made", () => {
  const adapter = () =>
    createInstagramAdapter(
      { ...ig.state.config, publishTimeoutMs: 5_000 },
      { pollFirstMs: 5, pollMaxMs: 20, backoffMs: 5 },
    );
  let n = 0;
  const account = (): AccountAccess => {
    const user = { userId: String(17_960_000 + ++n), username: `refused_cafe_${n}` };
    return { externalId: user.userId, handle: user.username, accessToken: ig.state.issueToken(user) };
  };
  const media = (name: "photo.jpg" | "short.mp4" | "long.mp4", over: Partial<PublishMedia> = {}): PublishMedia => ({
    id: randomBytes(16)
      .toString("hex")
      .replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5"),
    kind: name.endsWith(".jpg") ? "image" : "video",
    mime: name.endsWith(".jpg") ? "image/jpeg" : "video/mp4",
    url: `${filesUrl}/${name}`,
    read: async () => jpeg,
    bytes: 1000,
    durationMs: name === "long.mp4" ? 90_000 : name === "short.mp4" ? 10_000 : null,
    ...over,
  });
  const request = (acc: AccountAccess, over: Partial<PublishRequest>): PublishRequest => {
    const req = {
      attemptKey: randomBytes(8).toString("hex"),
      attemptStartedAt: new Date(),
      account: acc,
      text: "Cardamom coffee",
      firstComment: null,
      media: [media("photo.jpg")],
      progress: {},
      signal: AbortSignal.timeout(10_000),
      ...over,
    } as PublishRequest;
    req.saveProgress = async (p) => {
      req.progress = p;
    };
    return req;
  };

  test.each([
    [
      "a story of two photos",
      () => ({ options: { format: "story" as const }, media: [media("photo.jpg"), media("photo.jpg")] }),
      /one photo or one video/,
    ],
    [
      "a story with collaborators",
      () => ({ options: { format: "story" as const, collaborators: ["gulf.sweets"] } }),
      /no collaborators/,
    ],
    [
      "a story video over 60 seconds",
      () => ({ options: { format: "story" as const }, media: [media("long.mp4")] }),
      /at most 60 seconds/,
    ],
    ["a reel of a photo", () => ({ options: { format: "reel" as const } }), /exactly one video/],
    [
      "a reel whose cover is not the post's",
      () => ({
        options: { format: "reel" as const, reel: { coverMediaId: "0b8f8a52-3c2e-4d7e-9a51-4a6f2f0c9d11" } },
        media: [media("short.mp4")],
      }),
      /cover must be one of this post's photos/,
    ],
  ])("%s", async (_name, over, message) => {
    const before = ig.state.calls.create_container ?? 0;
    const err = await adapter()
      .prepare(request(account(), over()))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(PlatformError);
    expect([(err as PlatformError).kind, (err as PlatformError).platformMessage]).toEqual([
      "rejected",
      expect.stringMatching(message),
    ]);
    expect(ig.state.calls.create_container ?? 0).toBe(before);
  });

  test("through the server, publishing a story of two photos is a 400 in the person's language", async () => {
    const b = await connected();
    const ids = [await uploadPhoto(b.token), await uploadPhoto(b.token)];
    const created = await call<any>(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: "Two pictures",
        platforms: ["instagram"],
        media_ids: ids,
        network_options: { instagram: { format: "story" } },
      },
    });
    const en = await call<any>(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
    const ar = await call<any>(app.base, "POST", `/api/posts/${created.body.id}/publish`, {
      token: b.token,
      lang: "ar",
    });
    expect([en.status, en.body.code, ar.status]).toEqual([400, "POST_INVALID_FOR_PLATFORM", 400]);
    expect(JSON.stringify(en.body)).toContain("An Instagram story is one photo or one video");
    expect(JSON.stringify(ar.body)).toContain("قصة إنستغرام صورة واحدة أو فيديو واحد");
    expect(containers(b.userId)).toHaveLength(0);
  });
});

describe("the stand-in refuses what Instagram refuses", () => {
  let token = "";
  let userId = "";
  beforeAll(() => {
    userId = "17969999000";
    token = ig.state.issueToken({ userId, username: "strict_cafe" });
  });
  const create = async (params: Record<string, string>) => {
    const r = await fetch(`${ig.url}/v23.0/${userId}/media`, {
      method: "POST",
      body: new URLSearchParams({ ...params, access_token: token }),
    });
    return { status: r.status, body: (await r.json()) as { id?: string; error?: { message: string } } };
  };
  const photoUrl = () => `${filesUrl}/photo.jpg`;

  test.each([
    [
      "collaborators on a story",
      () => ({ media_type: "STORIES", image_url: photoUrl(), collaborators: '["gulf.sweets"]' }),
      /not supported for stories/,
    ],
    [
      "more than 3 collaborators",
      () => ({ image_url: photoUrl(), collaborators: '["a.a","b.b","c.c","d.d"]' }),
      /at most 3 collaborators/,
    ],
    [
      "a user tag outside 0..1",
      () => ({ image_url: photoUrl(), user_tags: '[{"username":"noura","x":1.5,"y":0.2}]' }),
      /between 0 and 1/,
    ],
    [
      "alt text on a video",
      () => ({ media_type: "REELS", video_url: `${filesUrl}/short.mp4`, alt_text: "a pour" }),
      /images only/,
    ],
    ["a reel of an image", () => ({ media_type: "REELS", image_url: photoUrl() }), /A reel is a video/],
    [
      "a story video over 60 s",
      () => ({ media_type: "STORIES", video_url: `${filesUrl}/long.mp4` }),
      /at most 60 seconds/,
    ],
    [
      "a cover it cannot fetch",
      () => ({ media_type: "REELS", video_url: `${filesUrl}/short.mp4`, cover_url: `${filesUrl}/missing.jpg` }),
      /Media download has failed|could not be fetched/,
    ],
    ["a PNG photo", () => ({ image_url: `${filesUrl}/photo.png` }), /The image format is not supported/],
    [
      "a PNG story",
      () => ({ media_type: "STORIES", image_url: `${filesUrl}/photo.png` }),
      /The image format is not supported/,
    ],
  ])("%s", async (_name, params, message) => {
    const r = await create(params());
    expect([r.status, r.body.error?.message]).toEqual([400, expect.stringMatching(message)]);
  });

  test("a feed photo taller than 4:5, alone or in a carousel, is refused with Instagram's aspect ratio error", async () => {
    for (const extra of [{}, { is_carousel_item: "true" }] as Record<string, string>[]) {
      const r = await create({ image_url: `${filesUrl}/tall.jpg`, ...extra });
      expect([r.status, r.body.error]).toEqual([
        400,
        expect.objectContaining({
          message: "The aspect ratio is not supported.",
          code: 36003,
          error_subcode: 2207009,
          error_user_msg: expect.stringContaining("('0.563')"),
        }),
      ]);
    }
  });

  test("a tall photo is a story's and a reel cover's own shape: taken, its size read from the file", async () => {
    const story = await create({ media_type: "STORIES", image_url: `${filesUrl}/tall.jpg` });
    expect(story.status).toBe(200);
    expect(ig.state.containers.get(story.body.id!)!.image).toEqual({ width: 720, height: 1280 });
    const reel = await create({
      media_type: "REELS",
      video_url: `${filesUrl}/short.mp4`,
      cover_url: `${filesUrl}/tall.jpg`,
    });
    expect(reel.status).toBe(200);
    expect(ig.state.containers.get(reel.body.id!)!.cover).toEqual({ width: 720, height: 1280 });
  });

  test("a story's caption is accepted and dropped", async () => {
    const r = await create({ media_type: "STORIES", image_url: photoUrl(), caption: "never shown" });
    expect(r.status).toBe(200);
    expect(ig.state.containers.get(r.body.id!)).toMatchObject({ mediaType: "STORIES", caption: "" });
  });
});

describe("story figures", () => {
  test("a live story's views, reach and replies; an expired story asks nothing", async () => {
    const adapter = createInstagramAdapter({ ...ig.state.config }, { pollFirstMs: 5, pollMaxMs: 20, backoffMs: 5 });
    const user = { userId: "17970000001", username: "story_figures" };
    const account = { externalId: user.userId, handle: user.username, accessToken: ig.state.issueToken(user) };
    const live = ig.state.addMedia(user.userId);
    const old = ig.state.addMedia(user.userId, { ageMs: 25 * 3_600_000 });
    for (const m of [live, old]) Object.assign(m, { productType: "STORY" });
    (ig.state.insights as Map<string, Record<string, number>>).set(live.id, {
      views: 40,
      reach: 31,
      replies: 2,
      shares: 1,
    });
    const asked = ig.state.calls.insights ?? 0;
    const figures = await adapter.metrics(account, [live.id, old.id]);
    expect(figures.get(live.id)).toEqual({ views: 40, reach: 31, comments: 2, shares: 1, likes: 0 });
    expect(figures.has(old.id)).toBe(false);
    expect(ig.state.calls.insights).toBe(asked + 1);
  });
});

describe("the composer's preview", () => {
  const q = `query($input: PostUpdateInput!) { postPreview(input: $input) { platform errors { key } } }`;
  test("names what a story or a reel lacks, at the GraphQL door", async () => {
    const b = await connected();
    const [p1, p2, clip] = [await uploadPhoto(b.token), await uploadPhoto(b.token), await uploadVideo(b.token)];
    const keys = async (mediaIds: string[], instagram: Record<string, unknown>) => {
      const r = await gql(
        app.base,
        q,
        { input: { content: "Preview", platforms: ["INSTAGRAM"], mediaIds, networkOptions: { instagram } } },
        b.token,
      );
      expect(r.errors).toBeUndefined();
      return (r.data.postPreview[0].errors as { key: string }[]).map((e) => e.key);
    };
    expect(await keys([p1, p2], { format: "STORY" })).toEqual(["instagramStoryOneMedia"]);
    expect(await keys([p1], { format: "STORY", collaborators: ["gulf.sweets"] })).toEqual(["instagramStoryNoExtras"]);
    expect(await keys([p1], { format: "REEL" })).toEqual(["instagramReelOneVideo"]);
    expect(await keys([clip], { format: "REEL", reel: { coverMediaId: p2 } })).toEqual(["instagramCoverNotInPost"]);
    expect(await keys([clip, p2], { format: "REEL", reel: { coverMediaId: p2 } })).toEqual([]);
    expect(await keys([clip], { format: "STORY" })).toEqual([]);
    // a 9:16 photo is outside the feed's ratios, and what a story is made of
    const tall = await upload(
      b.token,
      await sharp({ create: { width: 1080, height: 1920, channels: 3, background: "#7a3e12" } })
        .jpeg()
        .toBuffer(),
      "tall.jpg",
      "image/jpeg",
    );
    expect(await keys([tall], { format: "FEED" })).toEqual(["mediaRatioOutOfRange"]);
    expect(await keys([tall], { format: "STORY" })).toEqual([]);
  });
});
