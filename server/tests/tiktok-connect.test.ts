// Connecting TikTok as TikTok's Login Kit and the app's products allow it. An app with only inbox upload
// (Login Kit and the Content Posting API without Direct Post, no Display API) is asked only the scopes it
// has, connects, and posts without creator_info (which needs video.publish). The login step is as strict
// as TikTok's: a used or expired code is refused. A server whose media address is not under the URL
// prefix verified in the TikTok app refuses to connect TikTok at all (photos can only be pulled), with
// the reason in both languages. A photo post that leaves auto_add_music out sends the schema's default.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { DEFAULT_TIKTOK_OPTIONS, ERRORS } from "@sufra/schema";
import { loadConfig } from "../src/config.ts";
import { tiktokPullProblem } from "../src/networks/tiktok/adapter.ts";
import { startTikTokFake } from "./fakes/tiktok-server.ts";
import { call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { freePort, photo } from "./support/networks.ts";
import { connectTikTok, publishNow, tiktokEnv, tiktokTarget, type Tt } from "./tiktok-support.ts";

const CONNECTIONS = `query { platformConnections { platform configured setupProblem scopes } }`;
const tiktokConnection = (r: any) => r.data.platformConnections.find((c: any) => c.platform === "TIKTOK");

describe("an app with only inbox upload (no Direct Post, no Display API)", () => {
  let tt: Tt;
  let app: TestApp;
  beforeAll(async () => {
    tt = await startTikTokFake({ audited: false, directPost: false, displayApi: false });
    app = await startTestApp(
      tiktokEnv(tt, await freePort(), { TIKTOK_DIRECT_POST: "false", TIKTOK_DISPLAY_API: "false" }),
    );
  });
  afterAll(async () => {
    await app?.stop();
    await tt?.close();
  });

  test("asks only the scopes the inbox uses, connects with the username from user/info, never calls creator_info", async () => {
    const b = await signedInBusiness(app.base);
    const listed = tiktokConnection(await gql(app.base, CONNECTIONS, {}, b.token));
    expect(listed).toEqual({
      platform: "TIKTOK",
      configured: true,
      setupProblem: null,
      scopes: ["user.info.basic", "user.info.profile", "video.upload"],
    });

    const connected = await connectTikTok(app, tt, { username: "inbox_cafe" });
    expect(connected.account.handle).toBe("inbox_cafe");
    const { rows } = await app.sufra.deps.pool.query<{ scopes: string[] }>(
      "select scopes from platform_accounts where id = $1",
      [connected.accountId],
    );
    expect(rows[0]!.scopes).toEqual(["user.info.basic", "user.info.profile", "video.upload"]);
    expect(tt.state.calls.creator_info ?? 0).toBe(0);
  });

  test("a photo goes to the inbox (content/init MEDIA_UPLOAD) and the composer's creator info comes without creator_info", async () => {
    const b = await connectTikTok(app, tt);
    const info = await gql(
      app.base,
      "query ($id: ID!) { tiktokCreatorInfo(accountId: $id) { directPost simulated creatorUsername privacyLevelOptions } }",
      { id: b.accountId },
      b.token,
    );
    expect(info.errors).toBeUndefined();
    expect(info.data.tiktokCreatorInfo).toEqual({
      directPost: false,
      simulated: false,
      creatorUsername: b.username,
      privacyLevelOptions: [],
    });
    const pic = await photo(app, b.token);
    const done = await publishNow(
      app,
      b.token,
      { content: "For the inbox", media_ids: [pic] },
      (p) => tiktokTarget(p).status === "awaiting_manual" || tiktokTarget(p).status === "failed",
    );
    expect(tiktokTarget(done)).toMatchObject({ status: "awaiting_manual", error: { code: "TIKTOK_INBOX" } });
    expect(tt.state.inits.find((i) => i.openId === b.openId)!.body.post_mode).toBe("MEDIA_UPLOAD");
    expect(tt.state.calls.creator_info ?? 0).toBe(0);
  }, 60_000);

  test("figures are not asked without the Display API (video/query needs video.list)", async () => {
    await app.sufra.services.analytics.collectMetrics();
    expect(tt.state.calls.video_query ?? 0).toBe(0);
  });
});

describe("Login Kit as strict as TikTok's, on a Direct Post app", () => {
  let tt: Tt;
  let app: TestApp;
  beforeAll(async () => {
    tt = await startTikTokFake({ audited: true });
    app = await startTestApp(
      tiktokEnv(tt, await freePort(), { TIKTOK_DIRECT_POST: "true", TIKTOK_VIDEO_SOURCE: "FILE_UPLOAD" }),
    );
    tt.state.processingPolls = 1;
  });
  afterAll(async () => {
    await app?.stop();
    await tt?.close();
  });

  async function approvedBack(creator: { openId: string; username: string }) {
    const b = await signedInBusiness(app.base);
    const start = await call(app.base, "POST", "/api/platforms/tiktok/connect", { token: b.token, body: {} });
    const approved = tt.state.authorize(start.body.authorize_url, creator);
    if (!("location" in approved)) throw new Error(`${approved.error}: ${approved.description}`);
    return { b, approved, state: new URL(approved.location).searchParams.get("state")! };
  }

  test("a Direct Post server asks video.publish (and video.list with the Display API), never video.upload", async () => {
    const b = await signedInBusiness(app.base);
    expect(tiktokConnection(await gql(app.base, CONNECTIONS, {}, b.token)).scopes).toEqual([
      "user.info.basic",
      "user.info.profile",
      "video.publish",
      "video.list",
    ]);
  });

  test("a code is single use: the same code brought back again is refused (invalid_grant) and nothing is connected", async () => {
    const first = await approvedBack({ openId: "open-reuse", username: "reuse_cafe" });
    expect((await fetch(first.approved.location, { redirect: "manual" })).headers.get("location")).toBe(
      "/settings?connected=1&platform=tiktok",
    );
    // a second connection attempt (its own state) that replays the first code
    const b = await signedInBusiness(app.base);
    const start = await call(app.base, "POST", "/api/platforms/tiktok/connect", { token: b.token, body: {} });
    const state = new URL(start.body.authorize_url).searchParams.get("state")!;
    const back = await fetch(
      `${app.base}/api/platforms/tiktok/callback?code=${encodeURIComponent(first.approved.code)}&scopes=user.info.basic&state=${state}`,
      { redirect: "manual" },
    );
    expect(back.headers.get("location")).toBe("/settings?connect_error=OAUTH_FAILED&platform=tiktok");
    const { rows } = await app.sufra.deps.pool.query(
      "select 1 from platform_accounts where business_id = $1 and platform = 'tiktok' and demo = false",
      [b.businessId],
    );
    expect(rows).toHaveLength(0);
  });

  test("an expired code is refused", async () => {
    tt.state.codeTtlMs = -1;
    try {
      const { approved } = await approvedBack({ openId: "open-late", username: "late_cafe" });
      expect((await fetch(approved.location, { redirect: "manual" })).headers.get("location")).toBe(
        "/settings?connect_error=OAUTH_FAILED&platform=tiktok",
      );
    } finally {
      tt.state.codeTtlMs = 5 * 60_000;
    }
  });

  test("a person who untoggles user.info.profile still connects: the open_id stands in for the username", async () => {
    const b = await connectTikTok(app, tt, { decline: ["user.info.profile"] });
    expect(b.account.handle).toBe(b.openId);
    expect(b.account.display_name).toMatch(/^Karak House \d+$/);
  });

  test("a person who untoggles video.publish, which Direct Post needs, is sent back with an error, not left with an account that cannot post", async () => {
    const b = await signedInBusiness(app.base);
    const start = await call(app.base, "POST", "/api/platforms/tiktok/connect", { token: b.token, body: {} });
    const approved = tt.state.authorize(
      start.body.authorize_url,
      { openId: "open-no-publish", username: "no_publish" },
      { decline: ["video.publish"] },
    );
    if (!("location" in approved)) throw new Error(approved.description);
    expect((await fetch(approved.location, { redirect: "manual" })).headers.get("location")).toBe(
      "/settings?connect_error=OAUTH_FAILED&platform=tiktok",
    );
    const { rows } = await app.sufra.deps.pool.query(
      "select 1 from platform_accounts where business_id = $1 and platform = 'tiktok' and demo = false",
      [b.businessId],
    );
    expect(rows).toHaveLength(0);
  });

  test("a photo post that leaves auto_add_music out sends the schema's default to TikTok, and both doors read the same", async () => {
    const b = await connectTikTok(app, tt);
    const pic = await photo(app, b.token);
    const done = await publishNow(app, b.token, {
      content: "No music unless asked",
      media_ids: [pic],
      network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
    });
    expect(tiktokTarget(done).status).toBe("published");
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    expect(init.body.post_info.auto_add_music).toBe(DEFAULT_TIKTOK_OPTIONS.autoAddMusic);
    // the REST answer reads the same stored default as GraphQL (the rule fills what the post left out)
    expect(done.network_options.tiktok.auto_add_music).toBe(DEFAULT_TIKTOK_OPTIONS.autoAddMusic);
    const read = await gql(
      app.base,
      "query ($id: ID!) { post(id: $id) { networkOptions { tiktok { autoAddMusic } } } }",
      { id: done.id },
      b.token,
    );
    expect(read.errors).toBeUndefined();
    expect(read.data.post.networkOptions.tiktok.autoAddMusic).toBe(DEFAULT_TIKTOK_OPTIONS.autoAddMusic);
  }, 60_000);
});

describe("a server whose media TikTok would not pull (TIKTOK_VERIFIED_URL_PREFIX)", () => {
  let tt: Tt;
  let app: TestApp;
  beforeAll(async () => {
    tt = await startTikTokFake({ audited: true });
    // the prefix verified in the app is a CDN's, not this server's PUBLIC_URL
    app = await startTestApp(
      tiktokEnv(tt, await freePort(), {
        TIKTOK_DIRECT_POST: "true",
        TIKTOK_VERIFIED_URL_PREFIX: "https://cdn.sufra.example/media/",
      }),
    );
  });
  afterAll(async () => {
    await app?.stop();
    await tt?.close();
  });

  test("connecting is refused before anyone is sent to TikTok, with the reason in English and Arabic; the card says why", async () => {
    const b = await signedInBusiness(app.base);
    expect(tiktokConnection(await gql(app.base, CONNECTIONS, {}, b.token))).toMatchObject({
      configured: true,
      setupProblem: "TIKTOK_URL_UNVERIFIED",
    });
    const rest = await call(app.base, "GET", "/api/platforms", { token: b.token });
    expect(rest.body.platforms.find((c: any) => c.platform === "tiktok")).toMatchObject({
      configured: true,
      setup_problem: "TIKTOK_URL_UNVERIFIED",
      scopes: ["user.info.basic", "user.info.profile", "video.publish", "video.list"],
    });
    const en = await call(app.base, "POST", "/api/platforms/tiktok/connect", { token: b.token, body: {}, lang: "en" });
    expect(en.status).toBe(409);
    expect(JSON.stringify(en.body)).toContain(ERRORS.TIKTOK_URL_UNVERIFIED.en);
    const ar = await gql(
      app.base,
      `mutation { connectPlatform(platform: TIKTOK) { authorizeUrl } }`,
      {},
      b.token,
      "ar",
    );
    expect(ar.errors?.[0]).toMatchObject({
      message: ERRORS.TIKTOK_URL_UNVERIFIED.ar,
      extensions: { reason: "TIKTOK_URL_UNVERIFIED" },
    });
    expect(tt.state.calls.token ?? 0).toBe(0);
  });

  test("the rule: media URLs under the verified prefix (a domain as https://domain/), https, http only on loopback", () => {
    const media = "https://sufra.example/media/";
    expect(tiktokPullProblem({ mediaUrlPrefix: media })).toBe("TIKTOK_URL_UNVERIFIED");
    expect(tiktokPullProblem({ mediaUrlPrefix: media, verifiedUrlPrefix: "https://sufra.example" })).toBeNull();
    expect(tiktokPullProblem({ mediaUrlPrefix: media, verifiedUrlPrefix: "https://sufra.example/media/" })).toBeNull();
    expect(tiktokPullProblem({ mediaUrlPrefix: media, verifiedUrlPrefix: "https://sufra.example/uploads/" })).toBe(
      "TIKTOK_URL_UNVERIFIED",
    );
    expect(
      tiktokPullProblem({
        mediaUrlPrefix: "https://sufra.example.evil/media/",
        verifiedUrlPrefix: "https://sufra.example",
      }),
    ).toBe("TIKTOK_URL_UNVERIFIED");
    const base = {
      DATA_DIR: "/tmp/sufra-config-test",
      JWT_SECRET: "x".repeat(40),
      TOKEN_ENCRYPTION_KEY: "y".repeat(40),
    };
    expect(() => loadConfig({ ...base, TIKTOK_VERIFIED_URL_PREFIX: "http://sufra.example/media/" })).toThrow(
      /TIKTOK_VERIFIED_URL_PREFIX/,
    );
    expect(
      loadConfig({ ...base, PUBLIC_URL: "https://sufra.example", TIKTOK_VERIFIED_URL_PREFIX: "https://sufra.example/" })
        .platforms.tiktok,
    ).toMatchObject({ mediaUrlPrefix: media, verifiedUrlPrefix: "https://sufra.example/" });
  });
});
