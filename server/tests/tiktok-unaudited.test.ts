// TikTok for an app TikTok has not audited. With Direct Post on, TikTok takes private posts only
// (unaudited_client_can_only_post_to_private_accounts) and pulls videos only from a verified domain
// (url_ownership_unverified); without Direct Post (the default) the media goes to the creator's
// TikTok inbox, the target waits there as awaiting_manual (TIKTOK_INBOX) and its author is told, in
// their language, to finish the post in TikTok. The app's daily quota of posting creators moves a post
// to the next day; it never fails it.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { startTikTokFake } from "./fakes/tiktok-server.ts";
import { gql, startTestApp, type TestApp } from "./support/app.ts";
import { freePort, photo } from "./support/networks.ts";
import { connectTikTok, publishNow, tiktokEnv, tiktokTarget, video, type Tt } from "./tiktok-support.ts";

let tt: Tt;
beforeAll(async () => {
  tt = await startTikTokFake({ audited: false });
});
afterAll(async () => {
  await tt?.close();
});

describe("Direct Post, videos pulled from our URL", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(
      tiktokEnv(tt, await freePort(), { TIKTOK_DIRECT_POST: "true", TIKTOK_VIDEO_SOURCE: "PULL_FROM_URL" }),
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("a prefix declared to Sufra but not verified in the TikTok app: the pull is refused at init and the target fails in TikTok's words", async () => {
    tt.state.verifiedDomains = [];
    tt.state.verifiedUrlPrefixes = [];
    const b = await connectTikTok(app, tt);
    const clip = await video(app, b.token);
    const done = await publishNow(app, b.token, {
      content: "Pulled from an unverified domain",
      media_ids: [clip.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
    });
    expect(tiktokTarget(done)).toMatchObject({
      status: "failed",
      error: { code: "PUBLISH_REJECTED", message: expect.stringContaining("URL ownership") },
    });
    expect(tt.state.initCount(b.openId)).toBe(0);
  }, 60_000);

  test("a verified domain: TikTok pulls the signed media URL, the private post is published", async () => {
    tt.state.verifiedDomains = [new URL(app.base).host];
    const b = await connectTikTok(app, tt);
    const clip = await video(app, b.token);
    const done = await publishNow(app, b.token, {
      content: "Only me, for now",
      media_ids: [clip.id],
      network_options: { tiktok: { privacy_level: "SELF_ONLY", disable_duet: true } },
    });
    expect(tiktokTarget(done).status).toBe("published");
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    expect(init.body.source_info).toEqual({
      source: "PULL_FROM_URL",
      video_url: expect.stringMatching(new RegExp(`^${app.base}/`)),
    });
    expect(init.body.post_info).toMatchObject({ privacy_level: "SELF_ONLY", disable_duet: true });
    // TikTok really fetched the file through the signed URL
    expect(tt.state.publishes.get(init.publishId)!.uploadedBytes).toBe(clip.bytes);
  }, 60_000);

  test("a public post from an unaudited app: TikTok refuses it and the target fails with TikTok's words", async () => {
    tt.state.verifiedDomains = [new URL(app.base).host];
    const b = await connectTikTok(app, tt);
    const clip = await video(app, b.token);
    const done = await publishNow(app, b.token, {
      content: "Hello everyone",
      media_ids: [clip.id],
      network_options: { tiktok: { privacy_level: "PUBLIC_TO_EVERYONE" } },
    });
    expect(tiktokTarget(done)).toMatchObject({
      status: "failed",
      error: { code: "PUBLISH_REJECTED", message: "Unaudited clients can only post to a private account." },
    });
    expect(tt.state.initCount(b.openId)).toBe(0);
  }, 60_000);
});

describe("without Direct Post: the creator's TikTok inbox", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(tiktokEnv(tt, await freePort(), { TIKTOK_VIDEO_SOURCE: "FILE_UPLOAD" }));
    tt.state.verifiedDomains = [new URL(app.base).host];
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("a video goes to inbox/video/init without post_info; the target waits in TikTok (awaiting_manual, TIKTOK_INBOX) and its author is told", async () => {
    const b = await connectTikTok(app, tt);
    const creatorInfo = await gql(
      app.base,
      "query ($id: ID!) { tiktokCreatorInfo(accountId: $id) { directPost simulated } }",
      { id: b.accountId },
      b.token,
    );
    expect(creatorInfo.data.tiktokCreatorInfo).toEqual({ directPost: false, simulated: false });
    const clip = await video(app, b.token);
    const done = await publishNow(
      app,
      b.token,
      {
        content: "Finish me in TikTok",
        media_ids: [clip.id],
        network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
      },
      (p) => tiktokTarget(p).status === "awaiting_manual",
    );
    expect(tiktokTarget(done).error.code).toBe("TIKTOK_INBOX");
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    expect(init.endpoint).toBe("inbox_init");
    expect(init.body.post_info).toBeUndefined();
    expect(tt.state.publishes.get(init.publishId)!.status).toBe("SEND_TO_USER_INBOX");

    const { rows } = await app.sufra.deps.pool.query<{ type: string; data: { postId: string; platform: string } }>(
      "select type, data from notifications where user_id = $1 and type = 'tiktok_ready'",
      [b.userId],
    );
    expect(rows).toEqual([
      { type: "tiktok_ready", data: expect.objectContaining({ postId: done.id, platform: "tiktok" }) },
    ]);
    const bell = await gql(
      app.base,
      "query { notifications(first: 5) { edges { node { type data { postId platform } } } } }",
      {},
      b.token,
    );
    expect(bell.errors).toBeUndefined();
    expect(bell.data.notifications.edges.map((e: any) => e.node)).toContainEqual({
      type: "TIKTOK_READY",
      data: { postId: done.id, platform: "tiktok" },
    });
  }, 60_000);

  test("photos go to content/init with MEDIA_UPLOAD, no privacy sent; the same hand-off", async () => {
    const b = await connectTikTok(app, tt);
    const pic = await photo(app, b.token);
    const done = await publishNow(
      app,
      b.token,
      {
        content: "A photo for the inbox",
        media_ids: [pic],
        network_options: { tiktok: { privacy_level: "SELF_ONLY", title: "Inbox photo" } },
      },
      (p) => tiktokTarget(p).status === "awaiting_manual",
    );
    expect(tiktokTarget(done).error.code).toBe("TIKTOK_INBOX");
    const init = tt.state.inits.find((i) => i.openId === b.openId)!;
    expect(init.body).toMatchObject({
      post_mode: "MEDIA_UPLOAD",
      media_type: "PHOTO",
      post_info: { title: "Inbox photo", description: "A photo for the inbox" },
    });
    expect(init.body.post_info.privacy_level).toBeUndefined();
  }, 60_000);

  // last: it uses up the app's creators for the day
  test("an unaudited app posts for at most 5 creators a day: the sixth is refused in TikTok's words before anything is made, and waits for the next UTC day instead of failing", async () => {
    while (tt.state.activePosters() < 5) {
      const b = await connectTikTok(app, tt);
      const pic = await photo(app, b.token);
      const done = await publishNow(
        app,
        b.token,
        {
          content: `Creator ${tt.state.activePosters() + 1} of 5`,
          media_ids: [pic],
          network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
        },
        (p) => tiktokTarget(p).status !== "pending" && tiktokTarget(p).status !== "publishing",
      );
      expect(tiktokTarget(done).status).toBe("awaiting_manual");
    }
    const sixth = await connectTikTok(app, tt);
    const pic = await photo(app, sixth.token);
    const done = await publishNow(
      app,
      sixth.token,
      {
        content: "One creator too many",
        media_ids: [pic],
        network_options: { tiktok: { privacy_level: "SELF_ONLY" } },
      },
      (p) =>
        ["failed", "published", "awaiting_manual"].includes(tiktokTarget(p).status) ||
        tiktokTarget(p).error?.code === "RATE_LIMITED",
    );
    const now = new Date();
    const tomorrow = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1);
    expect(tiktokTarget(done)).toMatchObject({
      status: "pending",
      error: {
        code: "RATE_LIMITED",
        message: "The daily quota for active publishing users from your client is reached.",
      },
    });
    expect(new Date(tiktokTarget(done).due_at).getTime()).toBe(tomorrow);
    expect(done.status).not.toBe("failed");
    expect(tt.state.initCount(sixth.openId)).toBe(0);
    // rescheduled: the publishing queue holds it for then
    const { rows } = await app.sufra.deps.pool.query<{ status: string; due_at: Date }>(
      "select status::text, due_at from post_targets where post_id = $1",
      [done.id],
    );
    expect(rows).toEqual([{ status: "pending", due_at: new Date(tomorrow) }]);
  }, 120_000);
});
