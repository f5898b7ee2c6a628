// TikTok through the whole server, Direct Post on (an audited app), videos uploaded in chunks:
// connecting by Login Kit with PKCE, the composer's creator info (TikTok's and the simulated one),
// a video and a photo post reaching PUBLISH_COMPLETE with the post's own options as TikTok got
// them, a privacy level the creator does not offer refused before anything is sent, TikTok's rate
// limit moving the target later instead of failing it, and the posts' figures read back.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { startTikTokFake } from "./fakes/tiktok-server.ts";
import { call, gql, signedInBusiness, startTestApp, type TestApp } from "./support/app.ts";
import { freePort, photo } from "./support/networks.ts";
import { connectTikTok, picture, publishNow, tiktokEnv, tiktokTarget, video, type Tt } from "./tiktok-support.ts";

let tt: Tt;
let app: TestApp;

beforeAll(async () => {
  tt = await startTikTokFake({ audited: true });
  app = await startTestApp(
    tiktokEnv(tt, await freePort(), { TIKTOK_DIRECT_POST: "true", TIKTOK_VIDEO_SOURCE: "FILE_UPLOAD" }),
  );
  // polls come quickly in tests; TikTok's own processing is one poll long in the stand-in
  tt.state.processingPolls = 1;
});
afterAll(async () => {
  await app?.stop();
  await tt?.close();
});

const CREATOR_INFO = `query ($id: ID!) { tiktokCreatorInfo(accountId: $id) { privacyLevelOptions commentDisabled duetDisabled stitchDisabled maxVideoPostDurationSec creatorUsername creatorNickname directPost simulated } }`;

describe("connecting", () => {
  test("Login Kit with PKCE: the account is stored with TikTok's open_id, its username from user/info (user.info.profile), its tokens sealed", async () => {
    const b = await connectTikTok(app, tt);
    expect(b.account.external_id).toBe(b.openId);
    expect(b.account.handle).toBe(b.username);
    const { rows } = await app.sufra.deps.pool.query<{
      access_token: string;
      refresh_token: string;
      token_expires_at: Date;
      scopes: string[];
    }>("select access_token, refresh_token, token_expires_at, scopes from platform_accounts where id = $1", [
      b.accountId,
    ]);
    expect(rows[0]!.access_token).toMatch(/^v1\./);
    expect(rows[0]!.access_token).not.toContain("act.");
    expect(rows[0]!.refresh_token).not.toContain("rft.");
    // the token's end as TikTok's expires_in says (2 hours)
    expect(Math.abs(rows[0]!.token_expires_at.getTime() - (Date.now() + 7_200_000))).toBeLessThan(60_000);
    expect(rows[0]!.scopes).toEqual(expect.arrayContaining(["video.publish", "video.list"]));
  });

  test("a token near its end is refreshed before use; TikTok's rotated refresh token replaces the old one", async () => {
    const b = await connectTikTok(app, tt);
    const pool = app.sufra.deps.pool;
    const before = (
      await pool.query<{ access_token: string; refresh_token: string }>(
        "select access_token, refresh_token from platform_accounts where id = $1",
        [b.accountId],
      )
    ).rows[0]!;
    await pool.query("update platform_accounts set token_expires_at = now() + interval '10 minutes' where id = $1", [
      b.accountId,
    ]);
    const refreshes = tt.state.refreshes;
    const r = await gql(app.base, CREATOR_INFO, { id: b.accountId }, b.token);
    expect(r.errors).toBeUndefined();
    expect(tt.state.refreshes).toBe(refreshes + 1);
    const after = (
      await pool.query<{ access_token: string; refresh_token: string; token_expires_at: Date; status: string }>(
        "select access_token, refresh_token, token_expires_at, status::text from platform_accounts where id = $1",
        [b.accountId],
      )
    ).rows[0]!;
    expect(after.status).toBe("connected");
    expect(after.access_token).not.toBe(before.access_token);
    expect(after.refresh_token).not.toBe(before.refresh_token);
    expect(after.token_expires_at.getTime()).toBeGreaterThan(Date.now() + 7_000_000);
    // the rotated token is the one kept: a second refresh works
    await pool.query("update platform_accounts set token_expires_at = now() + interval '10 minutes' where id = $1", [
      b.accountId,
    ]);
    expect((await gql(app.base, CREATOR_INFO, { id: b.accountId }, b.token)).errors).toBeUndefined();
    expect(tt.state.refreshes).toBe(refreshes + 2);
  });

  test("a code issued for another PKCE challenge is refused: the person is sent back with an error", async () => {
    const b = await signedInBusiness(app.base);
    const start = await call(app.base, "POST", "/api/platforms/tiktok/connect", { token: b.token, body: {} });
    const url = new URL(start.body.authorize_url);
    tt.state.issueCode("tt-forged", {
      openId: "open-forged",
      username: "forged",
      codeChallenge: "A".repeat(43),
      redirectUri: url.searchParams.get("redirect_uri")!,
    });
    const back = await fetch(
      `${app.base}/api/platforms/tiktok/callback?code=tt-forged&state=${url.searchParams.get("state")}`,
      { redirect: "manual" },
    );
    expect(back.headers.get("location")).toBe("/settings?connect_error=OAUTH_FAILED&platform=tiktok");
  });

  test("tiktokCreatorInfo answers TikTok's creator settings, a simulated creator for a practice account, and NOT_FOUND for another business's account", async () => {
    const b = await connectTikTok(app, tt, {
      privacyLevelOptions: ["FOLLOWER_OF_CREATOR", "SELF_ONLY"],
      duetDisabled: true,
      maxVideoPostDurationSec: 180,
    });
    const r = await gql(app.base, CREATOR_INFO, { id: b.accountId }, b.token);
    expect(r.errors).toBeUndefined();
    expect(r.data.tiktokCreatorInfo).toEqual({
      privacyLevelOptions: ["FOLLOWER_OF_CREATOR", "SELF_ONLY"],
      commentDisabled: false,
      duetDisabled: true,
      stitchDisabled: false,
      maxVideoPostDurationSec: 180,
      creatorUsername: b.username,
      creatorNickname: expect.any(String),
      directPost: true,
      simulated: false,
    });

    const other = await signedInBusiness(app.base);
    const refused = await gql(app.base, CREATOR_INFO, { id: b.accountId }, other.token, "ar");
    expect(refused.errors?.[0]?.extensions?.reason).toBe("NOT_FOUND");

    const practice = await signedInBusiness(app.base, { practice: true });
    const { rows } = await app.sufra.deps.pool.query<{ id: string }>(
      "select id from platform_accounts where business_id = $1 and platform = 'tiktok'",
      [practice.businessId],
    );
    const sim = await gql(app.base, CREATOR_INFO, { id: rows[0]!.id }, practice.token);
    expect(sim.data.tiktokCreatorInfo).toMatchObject({
      simulated: true,
      directPost: true,
      privacyLevelOptions: expect.arrayContaining(["SELF_ONLY"]),
    });
  });
});

describe("direct posts", () => {
  test("a video goes up in chunks (Content-Range, video/mp4), reaches PUBLISH_COMPLETE, and the target keeps TikTok's post id exactly (int64)", async () => {
    const b = await connectTikTok(app, tt);
    const clip = await video(app, b.token, { seconds: 12, mb: 21 });
    const options = {
      privacy_level: "MUTUAL_FOLLOW_FRIENDS",
      disable_comment: true,
      disable_duet: false,
      disable_stitch: true,
      brand_organic: true,
      brand_content: false,
    };
    const done = await publishNow(app, b.token, {
      content: "Karak season is here",
      hashtags: ["karak"],
      media_ids: [clip.id],
      network_options: { tiktok: options },
    });
    const target = tiktokTarget(done);
    expect(target.status).toBe("published");

    const inits = tt.state.inits.filter((i) => i.openId === b.openId);
    expect(inits).toHaveLength(1);
    expect(inits[0]!.endpoint).toBe("video_init");
    // the post's own options reach TikTok as sent; the caption (with its hashtags) is the title
    expect(inits[0]!.body.post_info).toMatchObject({
      title: "Karak season is here\n\n#karak",
      privacy_level: "MUTUAL_FOLLOW_FRIENDS",
      disable_comment: true,
      disable_duet: false,
      disable_stitch: true,
      brand_organic_toggle: true,
      brand_content_toggle: false,
    });
    // TikTok's chunk rules: 10 MB chunks, the remainder joined to the last one
    const source = inits[0]!.body.source_info;
    expect(source).toEqual({
      source: "FILE_UPLOAD",
      video_size: clip.bytes,
      chunk_size: 10 * 1024 * 1024,
      total_chunk_count: 2,
    });
    const pub = tt.state.publishes.get(inits[0]!.publishId)!;
    expect(pub.received.map((c) => c.length)).toEqual([10 * 1024 * 1024, clip.bytes - 10 * 1024 * 1024]);
    expect(pub.status).toBe("PUBLISH_COMPLETE");
    // beyond Number.MAX_SAFE_INTEGER: read as text, not rounded
    expect(BigInt(pub.postId!)).toBeGreaterThan(BigInt(Number.MAX_SAFE_INTEGER));
    expect(target.external_id).toBe(pub.postId);
  }, 60_000);

  test("a 7 MiB video (over 5 MB, under one 10 MiB chunk) goes whole in one chunk of its own size, as TikTok's chunk rules ask", async () => {
    const b = await connectTikTok(app, tt);
    const clip = await video(app, b.token, { seconds: 9, mb: 7 });
    expect(clip.bytes).toBeGreaterThan(7 * 1024 * 1024);
    const done = await publishNow(app, b.token, {
      content: "Seven megabytes of saffron tea",
      media_ids: [clip.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
    });
    expect(tiktokTarget(done)).toMatchObject({ status: "published" });
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    expect(init.body.source_info).toEqual({
      source: "FILE_UPLOAD",
      video_size: clip.bytes,
      chunk_size: clip.bytes,
      total_chunk_count: 1,
    });
    const pub = tt.state.publishes.get(init.publishId)!;
    expect(pub.received.map((c) => c.length)).toEqual([clip.bytes]);
    // TikTok read the video it got: 9 seconds at 30 frames a second
    expect(pub.video).toMatchObject({ durationMs: 9000, fps: 30, width: 1080, height: 1920 });
  }, 60_000);

  test("a photo post: content/init with DIRECT_POST, the title from the post's TikTok title, the caption as description", async () => {
    const b = await connectTikTok(app, tt);
    // TikTok pulls photos by URL: the app's domain is verified with TikTok
    tt.state.verifiedDomains.push(new URL(app.base).host);
    const pics = [await photo(app, b.token), await photo(app, b.token)];
    const done = await publishNow(app, b.token, {
      content: "Two new cakes on the counter",
      media_ids: pics,
      network_options: { tiktok: { privacy_level: "PUBLIC_TO_EVERYONE", title: "New cakes", auto_add_music: false } },
    });
    expect(tiktokTarget(done).status).toBe("published");
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    expect(init.endpoint).toBe("content_init");
    expect(init.body).toMatchObject({
      post_mode: "DIRECT_POST",
      media_type: "PHOTO",
      post_info: {
        title: "New cakes",
        description: "Two new cakes on the counter",
        privacy_level: "PUBLIC_TO_EVERYONE",
        auto_add_music: false,
      },
    });
    expect(init.body.source_info.photo_images).toHaveLength(2);
    expect(tt.state.publishes.get(init.publishId)!.status).toBe("PUBLISH_COMPLETE");
    expect(tiktokTarget(done).external_id).toBe(tt.state.publishes.get(init.publishId)!.postId);
  }, 60_000);

  test("photos reach TikTok as JPEG within 1080p: a PNG and a phone's 12 MP JPEG are sent as JPEGs of the whole picture, scaled down; TikTok read them", async () => {
    const b = await connectTikTok(app, tt);
    tt.state.verifiedDomains.push(new URL(app.base).host);
    const pics = [
      await picture(app, b.token, { format: "png", width: 1600, height: 2000 }),
      await picture(app, b.token, { format: "jpeg", width: 3024, height: 4032 }),
      await picture(app, b.token, { format: "webp", width: 1920, height: 1080 }),
    ];
    const done = await publishNow(app, b.token, {
      content: "Three plates",
      media_ids: pics,
      network_options: { tiktok: { privacy_level: "SELF_ONLY", title: "Plates" } },
    });
    expect(tiktokTarget(done)).toMatchObject({ status: "published" });
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    // what TikTok pulled, as it read the files: the JPEGs Sufra made (of the WebP too, whose turn only its
    // original's EXIF could tell), each the whole picture
    expect(
      tt.state.publishes.get(init.publishId)!.photos.map(({ format, width, height }) => ({ format, width, height })),
    ).toEqual([
      { format: "jpeg", width: 1080, height: 1350 },
      { format: "jpeg", width: 1080, height: 1440 },
      { format: "jpeg", width: 1920, height: 1080 },
    ]);
  }, 60_000);

  test("a privacy level the creator does not offer is refused before anything is sent, in TikTok's words", async () => {
    const b = await connectTikTok(app, tt, { privacyLevelOptions: ["FOLLOWER_OF_CREATOR", "SELF_ONLY"] });
    const clip = await video(app, b.token);
    const done = await publishNow(app, b.token, {
      content: "Everyone should see this",
      media_ids: [clip.id],
      network_options: { tiktok: { privacy_level: "PUBLIC_TO_EVERYONE" } },
    });
    const target = tiktokTarget(done);
    expect(target.status).toBe("failed");
    expect(target.error.code).toBe("PUBLISH_REJECTED");
    expect(target.error.message).toContain("PUBLIC_TO_EVERYONE");
    expect(tt.state.initCount(b.openId)).toBe(0);
  }, 60_000);

  test("a switch the creator turned off, or a video longer than the creator may post, is refused before anything is sent", async () => {
    const b = await connectTikTok(app, tt, { commentDisabled: true, maxVideoPostDurationSec: 10 });
    const short = await video(app, b.token, { seconds: 5 });
    const comments = await publishNow(app, b.token, {
      content: "Comments on, please",
      media_ids: [short.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY", disable_comment: false } },
    });
    expect(tiktokTarget(comments).error).toMatchObject({
      code: "PUBLISH_REJECTED",
      message: expect.stringContaining("comments"),
    });
    const long = await video(app, b.token, { seconds: 15 });
    const tooLong = await publishNow(app, b.token, {
      content: "A long one",
      media_ids: [long.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY", disable_comment: true } },
    });
    expect(tiktokTarget(tooLong).error).toMatchObject({
      code: "PUBLISH_REJECTED",
      message: expect.stringContaining("10 s"),
    });
    expect(tt.state.initCount(b.openId)).toBe(0);
  }, 60_000);

  test("what TikTok finds in the video itself fails the post in plain words: 15 frames a second (frame_rate_check_failed), a length TikTok measures beyond the creator's limit (duration_check_failed)", async () => {
    const b = await connectTikTok(app, tt, { maxVideoPostDurationSec: 60 });
    const slow = await video(app, b.token, { seconds: 10, fps: 15 });
    const choppy = await publishNow(app, b.token, {
      content: "Slow pour",
      media_ids: [slow.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
    });
    expect(tiktokTarget(choppy)).toMatchObject({
      status: "failed",
      error: { code: "PUBLISH_REJECTED", message: expect.stringMatching(/frame rate.*23 to 60 frames a second/) },
    });
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    expect(tt.state.publishes.get(init.publishId)).toMatchObject({
      status: "FAILED",
      failReason: "frame_rate_check_failed",
      video: { fps: 15 },
    });

    // the length is checked beforehand from what Sufra read; TikTok measures the file itself (here it
    // disagrees with the stored length) and refuses it: the stand-in goes by the file, never the claim
    const long = await video(app, b.token, { seconds: 90 });
    await app.sufra.deps.pool.query("update media set duration_ms = 20000 where id = $1", [long.id]);
    const tooLong = await publishNow(app, b.token, {
      content: "A long pour",
      media_ids: [long.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
    });
    expect(tiktokTarget(tooLong)).toMatchObject({
      status: "failed",
      error: { code: "PUBLISH_REJECTED", message: expect.stringMatching(/too long.*60 s/) },
    });
    expect([...tt.state.publishes.values()].filter((p) => p.openId === b.openId).map((p) => p.failReason)).toEqual([
      "frame_rate_check_failed",
      "duration_check_failed",
    ]);
  }, 60_000);

  test("TikTok's rate limit on init (429 rate_limit_exceeded): the target waits for the limit's minute, pending, never failed", async () => {
    const b = await connectTikTok(app, tt);
    const clip = await video(app, b.token);
    tt.state.failNext("video_init", "rate_limit_exceeded");
    const before = Date.now();
    const waiting = await publishNow(
      app,
      b.token,
      { content: "Slow down", media_ids: [clip.id], network_options: { tiktok: { privacy_level: "SELF_ONLY" } } },
      (p) => tiktokTarget(p).error?.code === "RATE_LIMITED",
    );
    const target = tiktokTarget(waiting);
    expect(target.status).toBe("pending");
    expect(target.error.message).toContain("rate limit");
    expect(new Date(target.due_at).getTime()).toBeGreaterThanOrEqual(before + 55_000);
    expect(tt.state.initCount(b.openId)).toBe(0);
  }, 60_000);

  test("figures: video/query by the posts' public ids, at most 20 a call, read into the target's metrics", async () => {
    const b = await connectTikTok(app, tt);
    const clip = await video(app, b.token);
    const done = await publishNow(app, b.token, {
      content: "Figures, please",
      media_ids: [clip.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
    });
    const postId = tiktokTarget(done).external_id as string;
    tt.state.stats.set(postId, { view_count: 1520, like_count: 230, comment_count: 14, share_count: 9 });
    await app.sufra.services.analytics.collectMetrics();
    const after = await call<any>(app.base, "GET", `/api/posts/${done.id}`, { token: b.token });
    expect(tiktokTarget(after.body).metrics).toMatchObject({
      views: 1520,
      likes: 230,
      comments: 14,
      shares: 9,
      reach: 1520,
    });
    expect(tt.state.videoQueries.some((ids) => ids.includes(postId) && ids.length <= 20)).toBe(true);
  }, 60_000);
});
