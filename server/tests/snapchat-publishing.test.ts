// Snapchat through Snap's Public Profile API when SNAPCHAT_CLIENT_ID and SNAPCHAT_CLIENT_SECRET are set,
// against a stand-in that decrypts what it is sent and refuses what Snap refuses: connecting with the
// snapchat-profile-api scope, a photo Story and a video Spotlight published once each (the stand-in
// counts the creating calls, also when the answer to one is lost), a refused token refreshed or, when
// the grant is gone, the account waiting for a reconnect. Without the credentials, the assisted flow
// of today: the target waits for a person (awaiting_manual) and the composer says so.
import { createCipheriv, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { createSnapchatAdapter } from "../src/networks/snapchat/adapter.ts";
import { PlatformError, type AccountAccess, type PublishMedia, type PublishRequest } from "../src/networks/types.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startSnapFake } from "./fakes/snap-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { mp4 } from "./support/mp4.ts";
import { freePort, platformEnv, waitFor } from "./support/networks.ts";

let snap: Awaited<ReturnType<typeof startSnapFake>>;
let ig: Awaited<ReturnType<typeof startInstagramFake>>;
let x: Awaited<ReturnType<typeof startXFake>>;
let app: TestApp;
let jpeg: Buffer;

beforeAll(async () => {
  [snap, ig, x] = await Promise.all([startSnapFake(), startInstagramFake(), startXFake()]);
  jpeg = await sharp({ create: { width: 1080, height: 1920, channels: 3, background: "#b5651d" } })
    .jpeg()
    .toBuffer();
  const port = await freePort();
  app = await startTestApp({
    ...platformEnv(ig, x, port),
    ...snap.state.env,
    PUBLISH_LEASE_SECONDS: "60",
    PUBLISH_TIMEOUT_SECONDS: "30",
  });
});
afterAll(async () => {
  await app?.stop();
  await Promise.all([snap?.close(), ig?.close(), x?.close()]);
});

const getPost = (a: TestApp, token: string, id: string) =>
  call<any>(a.base, "GET", `/api/posts/${id}`, { token }).then((r) => r.body);
const settled = (p: any): boolean => !["draft", "scheduled", "publishing"].includes(p.status);

async function upload(a: TestApp, token: string, bytes: Buffer, name: string, type: string): Promise<string> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), name);
  const r = await fetch(`${a.base}/api/posts/media`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = (await r.json()) as { id: string };
  if (r.status !== 201) throw new Error(`upload failed: ${JSON.stringify(body)}`);
  return body.id;
}

let seq = 0;
/** Connects Snapchat through OAuth against the stand-in; answers where the callback sent the person. */
async function connectSnap(token: string, profileId: string, scopes?: string[]) {
  const start = await call<any>(app.base, "POST", "/api/platforms/snapchat/connect", { token, body: {} });
  expect(start.status).toBe(200);
  const url = new URL(start.body.authorize_url);
  expect([url.origin + url.pathname, url.searchParams.get("scope"), url.searchParams.get("response_type")]).toEqual([
    `${snap.url}/login/oauth2/authorize`,
    "snapchat-profile-api",
    "code",
  ]);
  const code = `snap-code-${++seq}`;
  snap.state.issueCode(code, {
    profileId,
    username: `karak_house_${seq}`,
    redirectUri: url.searchParams.get("redirect_uri")!,
    scopes,
  });
  const back = await fetch(
    `${app.base}/api/platforms/snapchat/callback?code=${code}&state=${url.searchParams.get("state")}`,
    { redirect: "manual" },
  );
  return back.headers.get("location");
}

async function business() {
  const c = await registeredClient(app.base);
  const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
    .body.access_token as string;
  const profileId = randomBytes(16)
    .toString("hex")
    .replace(/(.{8})(.{4})(.{4})(.{4})(.{12})/, "$1-$2-$3-$4-$5");
  expect(await connectSnap(token, profileId)).toBe("/settings?connected=1&platform=snapchat");
  return { ...c, token, profileId };
}

async function publish(token: string, body: Record<string, unknown>) {
  const created = await call<any>(app.base, "POST", "/api/posts", {
    token,
    body: { platforms: ["snapchat"], ...body },
  });
  expect(created.status).toBe(201);
  expect((await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token })).status).toBeLessThan(300);
  return created.body.id as string;
}

describe("with Snap's Public Profile API configured", () => {
  test("connecting: OAuth with the snapchat-profile-api scope, the public profile's id as the account; not assisted", async () => {
    const b = await business();
    const row = await app.sufra.deps.db.platformAccount.findFirstOrThrow({
      where: { businessId: b.businessId, platform: "snapchat" },
    });
    expect([row.status, row.handle, row.externalId, row.scopes, row.refreshToken !== null]).toEqual([
      "connected",
      expect.stringMatching(/^karak_house_/),
      b.profileId,
      ["snapchat-profile-api"],
      true,
    ]);
    const q = await gql(app.base, `{ platformConnections { platform manual configured } }`, {}, b.token);
    expect(q.data.platformConnections.find((c: { platform: string }) => c.platform === "SNAPCHAT")).toEqual({
      platform: "SNAPCHAT",
      manual: false,
      configured: true,
    });
    // the composer no longer says Snapchat is posted by hand
    const pv = await gql(
      app.base,
      `query($i: PostUpdateInput!) { postPreview(input: $i) { warnings { key } } }`,
      { i: { content: "Hi", platforms: ["SNAPCHAT"] } },
      b.token,
    );
    expect(pv.data.postPreview[0].warnings.map((w: { key: string }) => w.key)).not.toContain("snapchatManual");
    // Spotlight is for videos: a photo there is an error before scheduling
    const pic = await upload(app, b.token, jpeg, "karak.jpg", "image/jpeg");
    const spot = await gql(
      app.base,
      `query($i: PostUpdateInput!) { postPreview(input: $i) { errors { key } } }`,
      {
        i: {
          content: "Hi",
          platforms: ["SNAPCHAT"],
          mediaIds: [pic],
          networkOptions: { snapchat: { kind: "SPOTLIGHT" } },
        },
      },
      b.token,
    );
    expect(spot.data.postPreview[0].errors).toEqual([{ key: "snapchatSpotlightVideo" }]);
  });

  test("a grant without the snapchat-profile-api scope does not connect", async () => {
    const c = await registeredClient(app.base);
    const token = (await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } }))
      .body.access_token as string;
    expect(await connectSnap(token, "0f1e2d3c-4b5a-4968-8776-655443322110", ["snapchat-marketing-api"])).toBe(
      "/settings?connect_error=OAUTH_FAILED&platform=snapchat",
    );
  });

  test("a photo Story: encrypted, uploaded, decrypted by Snap to a JPEG, posted once", async () => {
    const b = await business();
    const pic = await upload(app, b.token, jpeg, "karak.jpg", "image/jpeg");
    const id = await publish(b.token, {
      content: "Karak o'clock",
      media_ids: [pic],
      network_options: { snapchat: { kind: "story" } },
    });
    const done = await waitFor(() => getPost(app, b.token, id), settled, 30_000);
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    const posts = snap.state.postsOf(b.profileId);
    expect(posts).toEqual([expect.objectContaining({ kind: "story", id: done.targets[0].external_id })]);
    const media = snap.state.media.get(posts[0].mediaId)!;
    expect([media.type, media.status, media.plain?.subarray(0, 3)]).toEqual([
      "IMAGE",
      "READY",
      Buffer.from([0xff, 0xd8, 0xff]),
    ]);
  });

  test("a video Spotlight with its description; a lost answer is reconciled, never sent twice", async () => {
    const b = await business();
    const clip = await upload(
      app,
      b.token,
      mp4({ seconds: 12, width: 1080, height: 1920, pad: 40_000 }),
      "pour.mp4",
      "video/mp4",
    );
    snap.state.failAfterCreate = 1;
    const before = snap.state.calls.create_post ?? 0;
    const id = await publish(b.token, {
      content: "Watch the karak pour #kuwait",
      media_ids: [clip],
      network_options: { snapchat: { kind: "spotlight" } },
    });
    const done = await waitFor(() => getPost(app, b.token, id), settled, 40_000);
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    // the post was made, its answer lost (500), and reconcile found it by its media: one creating call
    expect([snap.state.failAfterCreate, snap.state.calls.create_post]).toEqual([0, before + 1]);
    // the locale and save-to-profile fields other clients of the API send with a Spotlight
    expect(snap.state.postsOf(b.profileId)).toEqual([
      expect.objectContaining({
        kind: "spotlight",
        description: "Watch the karak pour #kuwait",
        locale: "en_US",
        skipSaveToProfile: false,
        id: done.targets[0].external_id,
      }),
    ]);
    expect(snap.state.media.get(snap.state.postsOf(b.profileId)[0].mediaId)).toMatchObject({
      type: "VIDEO",
      status: "READY",
    });
  });

  test("before Snap allow-lists the app (403): the post fails as the app's access, said to the person; the account is not sent to reconnect", async () => {
    const b = await business();
    const pic = await upload(app, b.token, jpeg, "karak.jpg", "image/jpeg");
    snap.state.allowListed = false;
    try {
      const id = await publish(b.token, {
        content: "Karak o'clock",
        media_ids: [pic],
        network_options: { snapchat: { kind: "story" } },
      });
      const done = await waitFor(() => getPost(app, b.token, id), settled, 30_000);
      expect(done.targets[0]).toMatchObject({
        status: "failed",
        error: { code: "PUBLISH_PLAN_UNAVAILABLE", message: expect.stringMatching(/allow-list/) },
      });
      const row = await app.sufra.deps.db.platformAccount.findFirstOrThrow({
        where: { businessId: b.businessId, platform: "snapchat" },
      });
      expect(row.status).toBe("connected");
      expect(snap.state.postsOf(b.profileId)).toHaveLength(0);
    } finally {
      snap.state.allowListed = true;
    }
  });

  test("an expired access token (401): refreshed, then published once", async () => {
    const b = await business();
    snap.state.expireAccess(b.profileId);
    const tokenCalls = snap.state.calls.token ?? 0;
    const pic = await upload(app, b.token, jpeg, "kunafa.jpg", "image/jpeg");
    const id = await publish(b.token, {
      content: "Kunafa",
      media_ids: [pic],
      network_options: { snapchat: { kind: "saved_story" } },
    });
    const done = await waitFor(() => getPost(app, b.token, id), settled, 40_000);
    expect(done.targets[0]).toMatchObject({ status: "published" });
    expect(snap.state.postsOf(b.profileId)).toEqual([
      expect.objectContaining({ kind: "saved_story", title: "Kunafa" }),
    ]);
    expect(snap.state.calls.token).toBeGreaterThan(tokenCalls); // the refused token was refreshed
  });

  test("a revoked grant (401, refresh refused): the account needs reconnecting, then the post goes out once", async () => {
    const b = await business();
    snap.state.revoke(b.profileId);
    const pic = await upload(app, b.token, jpeg, "dates.jpg", "image/jpeg");
    const id = await publish(b.token, {
      content: "Dates and coffee",
      media_ids: [pic],
      network_options: { snapchat: { kind: "story" } },
    });
    await waitFor(
      () =>
        app.sufra.deps.db.platformAccount.findFirstOrThrow({
          where: { businessId: b.businessId, platform: "snapchat" },
        }),
      (a) => a.status === "reconnect_needed",
      30_000,
    );
    expect(snap.state.postsOf(b.profileId)).toHaveLength(0);
    expect(await connectSnap(b.token, b.profileId)).toBe("/settings?connected=1&platform=snapchat");
    const done = await waitFor(() => getPost(app, b.token, id), settled, 40_000);
    expect(done.targets[0]).toMatchObject({ status: "published" });
    expect(snap.state.postsOf(b.profileId)).toHaveLength(1);
  });
});

describe("the adapter", () => {
  const adapter = () =>
    createSnapchatAdapter(
      {
        clientId: snap.state.clientId,
        clientSecret: snap.state.clientSecret,
        authorizeUrl: `${snap.url}/login/oauth2/authorize`,
        tokenUrl: `${snap.url}/login/oauth2/access_token`,
        apiUrl: snap.url,
      },
      { chunkBytes: 16 * 1024, pollMs: 5, backoffMs: 5 },
    );
  let n = 0;
  const account = (): AccountAccess => {
    const profileId = `a0000000-0000-4000-8000-${String(++n).padStart(12, "0")}`;
    snap.state.issueCode("unused", { profileId, username: `adapter_${n}` });
    return {
      externalId: profileId,
      handle: `adapter_${n}`,
      accessToken: snap.state.addToken(profileId, "access", ["snapchat-profile-api"]).token,
    };
  };
  const media = (kind: "image" | "video", bytes: Buffer, durationMs: number | null = null): PublishMedia => ({
    id: randomBytes(4).toString("hex"),
    kind,
    mime: kind === "image" ? "image/jpeg" : "video/mp4",
    url: "http://unused.invalid/",
    read: async () => bytes,
    bytes: bytes.length,
    durationMs,
  });
  const request = (acc: AccountAccess, over: Partial<PublishRequest>): PublishRequest => {
    const req = {
      attemptKey: randomBytes(8).toString("hex"),
      attemptStartedAt: new Date(),
      account: acc,
      text: "Cardamom",
      firstComment: null,
      media: [media("image", jpeg)],
      progress: {},
      signal: AbortSignal.timeout(10_000),
      ...over,
    } as PublishRequest;
    req.saveProgress = async (p) => {
      req.progress = p;
    };
    return req;
  };

  test("a larger file goes up in equal parts, in order, and reconcile finds the post by its media", async () => {
    snap.state.maxChunkBytes = 16 * 1024;
    try {
      const acc = account();
      const req = request(acc, {
        media: [media("video", mp4({ seconds: 20, width: 1080, height: 1920, pad: 50_000 }), 20_000)],
        options: { kind: "spotlight" },
      });
      const adds = snap.state.calls.upload_add ?? 0;
      const a = adapter();
      expect(await a.reconcile(req)).toEqual({ state: "absent" });
      await a.prepare(req);
      expect((snap.state.calls.upload_add ?? 0) - adds).toBe(4); // ~50 KB encrypted in 16 KB parts
      const sent = await a.send(req);
      expect(await a.reconcile(req)).toEqual({
        state: "published",
        result: { externalId: sent.externalId, permalink: null },
      });
    } finally {
      snap.state.maxChunkBytes = 32 * 1024 * 1024;
    }
  });

  test("an app Snap has not allow-listed yet: its 403 is the app's access (plan), not a reconnect, and says so", async () => {
    snap.state.allowListed = false;
    try {
      const err = await adapter()
        .prepare(request(account(), {}))
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(PlatformError);
      expect([
        (err as PlatformError).kind,
        (err as PlatformError).opts.status,
        (err as PlatformError).platformMessage,
      ]).toEqual(["plan", 403, expect.stringMatching(/allow-list.*Public Profile API/)]);
    } finally {
      snap.state.allowListed = true;
    }
  });

  test.each([
    ["Spotlight with a photo", { options: { kind: "spotlight" as const } }, /Spotlight takes a video/],
    ["a video over 60 seconds", { media: [] as PublishMedia[] }, /at most 60 seconds/],
    ["two photos", { media: [] as PublishMedia[] }, /one photo or one video/],
  ])("refused before any call: %s", async (name, over, message) => {
    const o = { ...over } as Partial<PublishRequest>;
    if (name === "a video over 60 seconds")
      o.media = [media("video", mp4({ seconds: 90, width: 1080, height: 1920 }), 90_000)];
    if (name === "two photos") o.media = [media("image", jpeg), media("image", jpeg)];
    const calls = snap.state.calls.create_media ?? 0;
    const err = await adapter()
      .prepare(request(account(), o))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(PlatformError);
    expect([(err as PlatformError).kind, (err as PlatformError).platformMessage]).toEqual([
      "rejected",
      expect.stringMatching(message),
    ]);
    expect(snap.state.calls.create_media ?? 0).toBe(calls);
  });
});

describe("the stand-in refuses what Snap refuses", () => {
  let acc: AccountAccess;
  beforeAll(() => {
    acc = { externalId: "b0000000-0000-4000-8000-000000000001", handle: "strict", accessToken: "" };
    snap.state.issueCode("unused-strict", { profileId: acc.externalId, username: "strict" });
    acc.accessToken = snap.state.addToken(acc.externalId, "access", ["snapchat-profile-api"]).token;
  });
  const api = async (method: string, path: string, o: { json?: unknown; form?: FormData; token?: string } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${o.token ?? acc.accessToken}` };
    if (o.json) headers["content-type"] = "application/json";
    const r = await fetch(`${snap.url}/v1/public_profiles/${acc.externalId}${path}`, {
      method,
      headers,
      body: o.json ? JSON.stringify(o.json) : o.form,
    });
    return { status: r.status, body: (await r.json()) as any };
  };
  /** Creates a media, uploads `bytes` (encrypted unless `plain`) in the given parts, finalizes; the FINALIZE answer. */
  async function uploaded(type: "IMAGE" | "VIDEO", bytes: Buffer, o: { plain?: boolean; order?: number[] } = {}) {
    const key = randomBytes(32);
    const iv = randomBytes(16);
    const c = createCipheriv("aes-256-cbc", key, iv);
    const body = o.plain ? bytes : Buffer.concat([c.update(bytes), c.final()]);
    const m = await api("POST", "/media", {
      json: { type, name: "t", key: key.toString("base64"), iv: iv.toString("base64") },
    });
    const form = (f: Record<string, string | Blob>) => {
      const d = new FormData();
      for (const [k, v] of Object.entries(f)) d.set(k, v);
      return d;
    };
    const init = await api("POST", `/media/${m.body.media_id}/multipart-upload-v2?action=INIT`, {
      form: form({ file_name: "f", file_size: String(body.length), number_of_parts: "1" }),
    });
    for (const part of o.order ?? [1]) {
      const r = await api("POST", `/media/${m.body.media_id}/multipart-upload-v2?action=ADD`, {
        form: form({
          file: new Blob([new Uint8Array(body)]),
          part_number: String(part),
          upload_id: init.body.upload_id,
        }),
      });
      if (r.status !== 200) return { ...r, mediaId: m.body.media_id as string };
    }
    const fin = await api("POST", `/media/${m.body.media_id}/multipart-upload-v2?action=FINALIZE`, {
      form: form({ upload_id: init.body.upload_id }),
    });
    return { ...fin, mediaId: m.body.media_id as string };
  }

  test("unencrypted bytes, a part out of order, a video over 60 s", async () => {
    expect(await uploaded("IMAGE", jpeg, { plain: true })).toMatchObject({
      status: 400,
      body: { request_status: "ERROR", debug_message: expect.stringMatching(/decrypted|not a JPEG/) },
    });
    expect(await uploaded("IMAGE", jpeg, { order: [2] })).toMatchObject({
      status: 400,
      body: { debug_message: expect.stringContaining("in order") },
    });
    expect(await uploaded("VIDEO", mp4({ seconds: 75, width: 1080, height: 1920 }))).toMatchObject({
      status: 400,
      body: { debug_message: expect.stringContaining("60 seconds") },
    });
  });

  test("Spotlight with an image or without its locale; an app not allow-listed (403); an expired token (401); a token without the scope (403)", async () => {
    const ok = await uploaded("IMAGE", jpeg);
    expect(ok.status).toBe(200);
    expect(await api("POST", "/spotlights", { json: { media_id: ok.mediaId } })).toMatchObject({
      status: 400,
      body: { debug_message: "Spotlight takes a video only" },
    });
    const clip = await uploaded("VIDEO", mp4({ seconds: 12, width: 1080, height: 1920 }));
    // transcoding: PROCESSING at the first status poll, READY at the next
    expect((await api("GET", `/media/${clip.mediaId}`)).body.media.media_status).toBe("PROCESSING");
    expect((await api("GET", `/media/${clip.mediaId}`)).body.media.media_status).toBe("READY");
    expect(await api("POST", "/spotlights", { json: { media_id: clip.mediaId, description: "Pour" } })).toMatchObject({
      status: 400,
      body: { request_status: "ERROR", debug_message: expect.stringContaining("locale is required") },
    });
    expect(
      await api("POST", "/spotlights", {
        json: { media_id: clip.mediaId, locale: "en_US", skip_save_to_profile: "no" },
      }),
    ).toMatchObject({ status: 400, body: { debug_message: expect.stringContaining("skip_save_to_profile") } });
    snap.state.allowListed = false;
    try {
      expect(await api("GET", "/stories")).toMatchObject({
        status: 403,
        body: { request_status: "ERROR", debug_message: expect.stringContaining("not allowlisted") },
      });
    } finally {
      snap.state.allowListed = true;
    }
    const expired = snap.state.addToken(acc.externalId, "access", ["snapchat-profile-api"]);
    expired.expiresAt = Date.now() - 1;
    expect((await api("GET", "/stories", { token: expired.token })).status).toBe(401);
    expect(
      (
        await api("GET", "/stories", {
          token: snap.state.addToken(acc.externalId, "access", ["snapchat-marketing-api"]).token,
        })
      ).status,
    ).toBe(403);
  });
});

describe("without Snap's credentials: the assisted flow", () => {
  let assistedApp: TestApp;
  beforeAll(async () => {
    assistedApp = await startTestApp({ PUBLISH_LEASE_SECONDS: "60" });
  });
  afterAll(() => assistedApp?.stop());

  test("the target waits for a person (awaiting_manual) and the composer says Snapchat is posted by hand", async () => {
    const c = await registeredClient(assistedApp.base);
    const token = (
      await call(assistedApp.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } })
    ).body.access_token as string;
    const connect = await gql(
      assistedApp.base,
      `mutation { connectPlatform(platform: SNAPCHAT, handle: "@karak_house") { authorizeUrl account { handle } } }`,
      {},
      token,
    );
    expect(connect.data.connectPlatform).toEqual({ authorizeUrl: null, account: { handle: "karak_house" } });
    const q = await gql(assistedApp.base, `{ platformConnections { platform manual } }`, {}, token);
    expect(q.data.platformConnections.find((x: { platform: string }) => x.platform === "SNAPCHAT")).toEqual({
      platform: "SNAPCHAT",
      manual: true,
    });
    const pv = await gql(
      assistedApp.base,
      `query($i: PostUpdateInput!) { postPreview(input: $i) { warnings { key } } }`,
      { i: { content: "Hi", platforms: ["SNAPCHAT"] } },
      token,
    );
    expect(pv.data.postPreview[0].warnings.map((w: { key: string }) => w.key)).toContain("snapchatManual");
    const pic = await upload(assistedApp, token, jpeg, "karak.jpg", "image/jpeg");
    const created = await call<any>(assistedApp.base, "POST", "/api/posts", {
      token,
      body: { content: "Karak", platforms: ["snapchat"], media_ids: [pic] },
    });
    await call(assistedApp.base, "POST", `/api/posts/${created.body.id}/publish`, { token });
    const waiting = await waitFor(
      () => getPost(assistedApp, token, created.body.id),
      (p) => p.targets[0].status === "awaiting_manual",
    );
    expect(waiting.status).toBe("publishing");
  });
});
