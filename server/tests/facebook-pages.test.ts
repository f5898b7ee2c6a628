// Facebook Pages through the whole server against the Facebook stand-in (tests/fakes/facebook-server.ts),
// which refuses what Facebook refuses: connecting with Facebook Login (one Page taken at once; several
// chosen by a person; a Page where the person lacks CREATE_CONTENT shown but refused, in both
// languages), publishing as the Page (text, link, one photo with its alt text, several photos attached
// to one post, a video, the first comment), a refused token (190) that waits for a reconnect, a
// throttled Page, and the posts' figures.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import sharp from "sharp";
import { ALL_TASKS, startFacebookFake, type FbUser } from "./fakes/facebook-server.ts";
import { call, gql, startTestApp, type TestApp } from "./support/app.ts";
import { connectFacebook, facebookAccount as facebookAccountOf, type Fb } from "./support/facebook.ts";
import { mp4 } from "./support/mp4.ts";
import { createFacebookAdapter } from "../src/networks/facebook/adapter.ts";
import type { PlatformError, PublishMedia, PublishRequest } from "../src/networks/types.ts";
import { freePort, getPost, settled, waitFor } from "./support/networks.ts";

let fb: Awaited<ReturnType<typeof startFacebookFake>>;
let app: TestApp;

beforeAll(async () => {
  fb = await startFacebookFake();
  const port = await freePort();
  // PUBLIC_URL is the app's real address: Facebook fetches the media from it
  app = await startTestApp({
    ...fb.state.env,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    PUBLISH_LEASE_SECONDS: "60",
    PUBLISH_TIMEOUT_SECONDS: "30",
  });
});
afterAll(async () => {
  await app?.stop();
  await fb?.close();
});

/** GraphQL's answer, errors and all, as the test reads it */
const ask = (...a: Parameters<typeof gql>) => gql(...a) as Promise<any>;
const PAGES_QUERY = "query ($id: ID!) { facebookPages(accountId: $id) { id name category tasks canPublish chosen } }";
const CHOOSE = "mutation ($id: ID!, $page: ID!) { chooseFacebookPage(accountId: $id, pageId: $page) { id chosen } }";

const connect = (person: FbUser) => connectFacebook(app, fb, person);
const facebookAccount = (token: string) => facebookAccountOf(app, token);

const cafe = (name: string, pages: { name: string; tasks?: string[]; followers?: number }[]) =>
  fb.state.addUser({ name, pages: pages.map((p) => ({ category: "Cafe", ...p })) });

async function upload(token: string, bytes: Buffer, name: string, type: string) {
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
const jpeg = (token: string, colour = "#1f5c4a") =>
  sharp({ create: { width: 1080, height: 1080, channels: 3, background: colour } })
    .jpeg()
    .toBuffer()
    .then((b) => upload(token, b, "kunafa.jpg", "image/jpeg"));

async function publish(token: string, body: Record<string, unknown>) {
  const created = await call<any>(app.base, "POST", "/api/posts", {
    token,
    body: { platforms: ["facebook"], ...body },
  });
  expect(created.status).toBe(201);
  await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token });
  return waitFor(() => getPost(app, token, created.body.id), settled, 30_000);
}

describe("connecting a Facebook Page", () => {
  test("a person with one Page: it is taken at once, its token kept sealed", async () => {
    const person = cafe("Noura", [{ name: "Dar Al Qahwa" }]);
    const page = person.pages[0]!;
    const b = await connect(person);
    expect(b.location).toBe("/settings?connected=1&platform=facebook");
    const account = await facebookAccount(b.token);
    expect(account).toMatchObject({ status: "connected", handle: "Dar Al Qahwa" });
    const pages = await ask(app.base, PAGES_QUERY, { id: b.accountId }, b.token);
    expect(pages.data.facebookPages).toEqual([
      { id: page.id, name: "Dar Al Qahwa", category: "Cafe", tasks: ALL_TASKS, canPublish: true, chosen: true },
    ]);
    // the Page token Facebook gave is nowhere in the database in clear
    const pageToken = fb.state.pageTokens(page.id).at(-1)!.token;
    const { rows } = await app.sufra.deps.pool.query(
      "select a.external_id, a.access_token, p.access_token as page_token from platform_accounts a join facebook_pages p on p.account_id = a.id where a.id = $1",
      [b.accountId],
    );
    expect(rows[0].external_id).toBe(page.id);
    expect(JSON.stringify(rows)).not.toContain(pageToken);
  });

  test("several Pages: the account waits until a person chooses one; a Page where their role lacks CREATE_CONTENT is shown but refused in English and Arabic", async () => {
    const person = cafe("Hamad", [
      { name: "Salmiya Branch" },
      { name: "Qahwat Hamad" },
      { name: "Mall Kiosk", tasks: ["ANALYZE", "MODERATE"] },
    ]);
    const [salmiya, , kiosk] = person.pages as [FbUser["pages"][0], FbUser["pages"][0], FbUser["pages"][0]];
    const b = await connect(person);
    expect(b.location).toBe("/settings?connected=1&choose_page=1&platform=facebook");
    expect(await facebookAccount(b.token)).toMatchObject({ status: "reconnect_needed", handle: "Hamad" });

    const pages = (await ask(app.base, PAGES_QUERY, { id: b.accountId }, b.token)).data.facebookPages;
    expect(pages.map((p: any) => [p.name, p.canPublish, p.chosen])).toEqual([
      ["Mall Kiosk", false, false],
      ["Qahwat Hamad", true, false],
      ["Salmiya Branch", true, false],
    ]);

    const refused = await ask(app.base, CHOOSE, { id: b.accountId, page: kiosk.id }, b.token);
    expect(refused.errors[0].extensions.reason).toBe("FACEBOOK_PAGE_ROLE_MISSING");
    expect(refused.errors[0].message).toMatch(/role on this Facebook Page/);
    const inArabic = await ask(app.base, CHOOSE, { id: b.accountId, page: kiosk.id }, b.token, "ar");
    expect(inArabic.errors[0].message).toMatch(/دورك في صفحة فيسبوك/);
    expect(await facebookAccount(b.token)).toMatchObject({ status: "reconnect_needed" });

    // another business cannot see or choose this account's Pages; a Page not among them is not found
    const other = await connect(cafe("Someone else", [{ name: "Elsewhere" }]));
    expect((await ask(app.base, PAGES_QUERY, { id: b.accountId }, other.token)).errors[0].extensions.reason).toBe(
      "NOT_FOUND",
    );
    expect(
      (await ask(app.base, CHOOSE, { id: b.accountId, page: salmiya.id }, other.token)).errors[0].extensions.reason,
    ).toBe("NOT_FOUND");
    expect((await ask(app.base, CHOOSE, { id: b.accountId, page: "123" }, b.token)).errors[0].extensions.reason).toBe(
      "NOT_FOUND",
    );
    expect(
      (await ask(app.base, CHOOSE, { id: b.accountId, page: "<script>" }, b.token)).errors[0].extensions.reason,
    ).toBe("VALIDATION_ERROR");

    const chosen = await ask(app.base, CHOOSE, { id: b.accountId, page: salmiya.id }, b.token);
    expect(chosen.data.chooseFacebookPage.filter((p: any) => p.chosen)).toEqual([{ id: salmiya.id, chosen: true }]);
    expect(await facebookAccount(b.token)).toMatchObject({
      status: "connected",
      handle: "Salmiya Branch",
      last_error: null,
    });

    // a post goes to the chosen Page, as that Page
    const done = await publish(b.token, { content: "Salmiya opens at 6 tomorrow" });
    expect(done.targets[0]).toMatchObject({ status: "published" });
    expect(fb.state.pagePosts(salmiya.id).map((p) => p.message)).toEqual(["Salmiya opens at 6 tomorrow"]);
  });

  test("a person who declines pages_manage_posts at the dialog is not connected", async () => {
    fb.state.declined.add("pages_manage_posts");
    try {
      const b = await connect(cafe("Declines", [{ name: "Half a Page" }]));
      expect(b.location).toBe("/settings?connect_error=OAUTH_FAILED&platform=facebook");
    } finally {
      fb.state.declined.clear();
    }
  });
});

describe("publishing as the Page", () => {
  let b: Awaited<ReturnType<typeof connect>>;
  let pageId: string;
  beforeAll(async () => {
    const person = cafe("Mariam", [{ name: "Mariam Sweets", followers: 4_210 }]);
    pageId = person.pages[0]!.id;
    b = await connect(person);
  });

  test("text with its first comment, and a link post", async () => {
    const text = await publish(b.token, {
      content: "Karak and chebab all weekend",
      hashtags: ["Kuwait"],
      first_comment: "Open until 2 am",
    });
    expect(text.targets[0]).toMatchObject({ status: "published", error: null });
    const post = fb.state.posts.get(text.targets[0].external_id)!;
    expect(post).toMatchObject({ pageId, message: "Karak and chebab all weekend\n\n#Kuwait", photos: [] });
    expect(post.comments.map((c) => [c.message, c.from])).toEqual([["Open until 2 am", pageId]]);

    const link = await publish(b.token, {
      content: "Our Ramadan menu",
      network_options: { facebook: { link: "https://sufra.example/menu" } },
    });
    expect(link.targets[0]).toMatchObject({ status: "published" });
    expect(fb.state.posts.get(link.targets[0].external_id)).toMatchObject({
      message: "Our Ramadan menu",
      link: "https://sufra.example/menu",
    });
  });

  test("one photo with its alt text, fetched by Facebook from Sufra's media URL", async () => {
    const pic = await jpeg(b.token);
    const fetched = fb.state.fetchedUrls.length;
    const done = await publish(b.token, {
      content: "Saffron milk cake",
      media_ids: [pic],
      network_options: { alt_text: [{ media_id: pic, text: "A slice of saffron milk cake" }] },
    });
    expect(done.targets[0]).toMatchObject({ status: "published" });
    const post = fb.state.posts.get(done.targets[0].external_id)!;
    expect(post.message).toBe("Saffron milk cake");
    expect(fb.state.photos.get(post.photos[0]!)).toMatchObject({
      published: true,
      altText: "A slice of saffron milk cake",
    });
    expect(fb.state.fetchedUrls.slice(fetched).some((u) => u.includes(`/media/${pic}/`))).toBe(true);
  });

  test("several photos: uploaded unpublished, then attached to one post", async () => {
    const pics = [await jpeg(b.token, "#aa3300"), await jpeg(b.token, "#0033aa"), await jpeg(b.token, "#33aa00")];
    const before = fb.state.pagePosts(pageId).length;
    const done = await publish(b.token, { content: "Three kinds of kunafa", media_ids: pics });
    expect(done.targets[0]).toMatchObject({ status: "published" });
    const post = fb.state.posts.get(done.targets[0].external_id)!;
    expect(post.photos).toHaveLength(3);
    for (const id of post.photos) expect(fb.state.photos.get(id)).toMatchObject({ published: false, postId: post.id });
    // one post on the Page, not one per photo
    expect(fb.state.pagePosts(pageId)).toHaveLength(before + 1);
  });

  test("a video (with pages_manage_posts, not live video's publish_video), and its figures: views and unique viewers from its video insights", async () => {
    const clip = await upload(b.token, mp4({ seconds: 12, width: 1080, height: 1920 }), "pour.mp4", "video/mp4");
    const done = await publish(b.token, { content: "The pour", media_ids: [clip] });
    expect(done.targets[0]).toMatchObject({ status: "published" });
    const videoId = done.targets[0].external_id as string;
    expect(fb.state.posts.get(fb.state.videos.get(videoId)!)).toMatchObject({ message: "The pour", videoId });
    expect(fb.state.tokensOf(fb.state.page(pageId)!.user.id).every((t) => !t.scopes.includes("publish_video"))).toBe(
      true,
    );

    fb.state.setFigures(fb.state.videos.get(videoId)!, { views: 1_240, reach: 810, reactions: 31, comments: 4 });
    await app.sufra.services.analytics.collectMetrics();
    const after = await getPost(app, b.token, done.id);
    expect(after.targets[0].metrics).toMatchObject({
      views: 1_240,
      reach: 810,
      likes: 31,
      comments: 4,
      simulated: false,
    });
  });

  test("the posts' figures are read into their targets, the Page's followers into the audience", async () => {
    const done = await publish(b.token, { content: "Figures, please" });
    const postId = done.targets[0].external_id as string;
    fb.state.setFigures(postId, { views: 930, reach: 610, reactions: 48, comments: 7, shares: 3 });
    await app.sufra.services.analytics.collectMetrics();
    const after = await getPost(app, b.token, done.id);
    expect(after.targets[0].metrics).toMatchObject({
      views: 930,
      reach: 610,
      likes: 48,
      comments: 7,
      shares: 3,
      simulated: false,
    });
    const { rows } = await app.sufra.deps.pool.query(
      "select followers from audience_snapshots where business_id = $1 and platform = 'facebook'",
      [b.businessId],
    );
    expect(rows.map((r) => r.followers)).toEqual([4_210]);
  });
});

describe("when Facebook refuses", () => {
  test("a revoked token (190): the target waits with ACCOUNT_RECONNECT_NEEDED, the account needs reconnecting, nothing is posted; connecting again sends it", async () => {
    const person = cafe("Revoked", [{ name: "Gone Cafe" }]);
    const b = await connect(person);
    fb.state.revokeUser(person.id);
    const created = await call<any>(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Will wait", platforms: ["facebook"] },
    });
    await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
    const waiting = await waitFor(
      () => getPost(app, b.token, created.body.id),
      (p) => p.targets[0].error?.code === "ACCOUNT_RECONNECT_NEEDED",
      30_000,
    );
    expect(waiting.targets[0].status).toBe("pending");
    expect(await facebookAccount(b.token)).toMatchObject({ status: "reconnect_needed" });
    expect(fb.state.pagePosts(person.pages[0]!.id)).toEqual([]);

    // connecting again keeps the Page chosen before, and the waiting post goes out, once
    const again = await connectFacebook(app, fb, person, b);
    expect(again.location).toBe("/settings?connected=1&platform=facebook");
    expect(await facebookAccount(b.token)).toMatchObject({ status: "connected", handle: "Gone Cafe" });
    const done = await waitFor(() => getPost(app, b.token, created.body.id), settled, 30_000);
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    expect(fb.state.pagePosts(person.pages[0]!.id).map((p) => p.message)).toEqual(["Will wait"]);
  });

  test("a Page token Facebook invalidated alone: a new one is read with the person's token, and the post goes out once", async () => {
    const person = cafe("Renewed", [{ name: "Renewed Cafe" }]);
    const pageId = person.pages[0]!.id;
    const b = await connect(person);
    const old = fb.state.pageTokens(pageId).at(-1)!.token;
    fb.state.expire(old);
    const done = await publish(b.token, { content: "Back with a fresh token" });
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    expect(fb.state.pagePosts(pageId).map((p) => p.message)).toEqual(["Back with a fresh token"]);
    expect(fb.state.pageTokens(pageId).length).toBeGreaterThan(1);
    expect(await facebookAccount(b.token)).toMatchObject({ status: "connected" });
  });

  test("the first comment refused (pages_manage_engagement declined): the post stays published, once, without it, and says so", async () => {
    fb.state.declined.add("pages_manage_engagement");
    const person = cafe("No comments", [{ name: "Quiet Cafe" }]);
    const b = await connect(person).finally(() => fb.state.declined.clear());
    expect(b.location).toBe("/settings?connected=1&platform=facebook");
    const done = await publish(b.token, { content: "Comments are for later", first_comment: "Menu in the comments" });
    expect(done.targets[0]).toMatchObject({
      status: "published",
      error: { code: "PUBLISHED_WITH_WARNING", message: expect.stringMatching(/first comment was not added/) },
    });
    const made = fb.state.pagePosts(person.pages[0]!.id);
    expect(made).toHaveLength(1);
    expect(made[0]!.comments).toEqual([]);
  });

  test("blocked for a policy (368): the target fails with Facebook's words, tried once", async () => {
    const person = cafe("Blocked", [{ name: "Blocked Cafe" }]);
    const b = await connect(person);
    const before = fb.state.calls.page_feed ?? 0;
    fb.state.failNext("page_feed", "policy");
    const done = await publish(b.token, { content: "Not today" });
    expect(done.targets[0]).toMatchObject({
      status: "failed",
      error: { code: "PUBLISH_REJECTED", message: expect.stringContaining("deemed abusive") },
    });
    expect((fb.state.calls.page_feed ?? 0) - before).toBe(1);
    expect(fb.state.pagePosts(person.pages[0]!.id)).toEqual([]);
  });

  test("a 5xx answer to the feed call: the post is not sent again blind; the Page's posts are read and, with nothing found, a person is asked to check", async () => {
    const person = cafe("Flaky", [{ name: "Flaky Cafe" }]);
    const b = await connect(person);
    const before = { feed: fb.state.calls.page_feed ?? 0, read: fb.state.calls.published_posts ?? 0 };
    fb.state.failNext("page_feed", 500);
    const done = await publish(b.token, { content: "Did it go out?" });
    expect(done.targets[0]).toMatchObject({ status: "unconfirmed" });
    expect((fb.state.calls.page_feed ?? 0) - before.feed).toBe(1);
    expect((fb.state.calls.published_posts ?? 0) - before.read).toBeGreaterThanOrEqual(1);
  });

  test("a throttled Page (X-Page-Usage): the target waits for the reset, unsent", async () => {
    const person = cafe("Busy", [{ name: "Busy Cafe" }]);
    const b = await connect(person);
    fb.state.throttle(person.pages[0]!.id, 30, "page");
    const created = await call<any>(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Later, please", platforms: ["facebook"] },
    });
    await call(app.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
    const waiting = await waitFor(
      () => getPost(app, b.token, created.body.id),
      (p) => p.targets[0].error?.code === "RATE_LIMITED",
      30_000,
    );
    expect(waiting.targets[0].status).toBe("pending");
    const { rows } = await app.sufra.deps.pool.query<{ due_at: Date }>(
      "select due_at from post_targets where post_id = $1",
      [created.body.id],
    );
    // the header's 30 minutes, not the default 15
    expect(rows[0]!.due_at.getTime() - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(fb.state.pagePosts(person.pages[0]!.id)).toEqual([]);
  });
});

describe("the stand-in refuses what Facebook refuses (the adapter against it)", () => {
  const adapter = (over: { loginConfigId?: string; discoveryConfigId?: string } = {}) =>
    createFacebookAdapter(
      {
        appId: fb.state.appId,
        appSecret: fb.state.appSecret,
        authorizeUrl: fb.state.env.FACEBOOK_AUTHORIZE_URL!,
        graphUrl: fb.state.env.FACEBOOK_GRAPH_URL!,
        ...over,
      },
      { backoffMs: 1 },
    );
  const request = (
    account: { externalId: string; accessToken: string },
    over: Partial<PublishRequest> = {},
  ): PublishRequest => {
    const req: PublishRequest = {
      attemptKey: `k-${Math.random()}`,
      attemptStartedAt: new Date(),
      account: { ...account, handle: "page" },
      text: "Refused, as it should be",
      media: [],
      progress: {},
      saveProgress: async (progress) => {
        req.progress = progress;
      },
      signal: AbortSignal.timeout(20_000),
      ...over,
    };
    return req;
  };
  const media = (id: string, url: string): PublishMedia => ({
    id,
    kind: "image",
    mime: "image/jpeg",
    url,
    read: async () => Buffer.alloc(0),
    bytes: 1,
  });
  async function pageOf(name: string, scopes?: string[]) {
    const person = cafe(name, [{ name: `${name} Page` }]);
    const user = fb.state.addToken(person.id, "long", 86_400_000, scopes);
    const [page] = await adapter().pages(user.token);
    return { person, user, page: page! };
  }
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => e as PlatformError,
    );

  test("a person's token on the Page's feed, a Page token without pages_manage_posts, and a person without CREATE_CONTENT: (#200), the account must reconnect", async () => {
    const { user, page } = await pageOf("Tokens");
    const asPerson = await refusal(adapter().send(request({ externalId: page.id, accessToken: user.token })));
    expect(asPerson).toMatchObject({ kind: "auth", opts: { platformCode: 200 } });

    const noPosts = await pageOf("NoPosts", ["pages_show_list", "pages_read_engagement"]);
    expect(
      await refusal(adapter().send(request({ externalId: noPosts.page.id, accessToken: noPosts.page.accessToken }))),
    ).toMatchObject({ kind: "auth", opts: { platformCode: 200 } });

    const person = cafe("Analyst", [{ name: "Analyst Page", tasks: ["ANALYZE"] }]);
    const [listed] = await adapter().pages(fb.state.addToken(person.id, "long", 86_400_000).token);
    expect(listed!.tasks).toEqual(["ANALYZE"]);
    expect(
      await refusal(adapter().send(request({ externalId: listed!.id, accessToken: listed!.accessToken }))),
    ).toMatchObject({ kind: "auth", opts: { platformCode: 200 } });
    expect(fb.state.pagePosts(listed!.id)).toEqual([]);
  });

  test("a photo URL that is not a photo is refused (324); unpublished photos of another Page cannot be attached (100)", async () => {
    const { page } = await pageOf("Photos");
    const account = { externalId: page.id, accessToken: page.accessToken };
    // Sufra's health answer is JSON, not an image: Facebook fetches it and refuses
    const notAPhoto = await refusal(
      adapter().send(request(account, { media: [media("m1", `${app.base}/api/health`)] })),
    );
    expect(notAPhoto).toMatchObject({ kind: "rejected", opts: { platformCode: 2069019 } });
    expect(fb.state.fetchedUrls).toContain(`${app.base}/api/health`);

    // two photos uploaded unpublished to another Page, attached here
    const other = await pageOf("Other");
    const pic = sharp({ create: { width: 64, height: 64, channels: 3, background: "#884400" } }).jpeg();
    const served = await startServing(await pic.toBuffer());
    try {
      const req = request(
        { externalId: other.page.id, accessToken: other.page.accessToken },
        { media: [media("a", served.url), media("b", served.url)] },
      );
      await adapter().prepare(req);
      const stolen = await refusal(
        adapter().send({ ...request(account, { media: req.media }), progress: req.progress }),
      );
      expect(stolen).toMatchObject({ kind: "rejected", opts: { platformCode: 100 } });
      expect(fb.state.pagePosts(page.id)).toEqual([]);
    } finally {
      await served.close();
    }
  });

  test("a Page throttled by its Business Use Case limit (80001): a rate limit until the header's estimated_time_to_regain_access, nothing made", async () => {
    const { page } = await pageOf("Throttled");
    fb.state.throttle(page.id, 45, "buc");
    const limited = await refusal(adapter().send(request({ externalId: page.id, accessToken: page.accessToken })));
    expect(limited).toMatchObject({ kind: "rate_limit", opts: { platformCode: 80001 } });
    const wait = limited!.opts.retryAt!.getTime() - Date.now();
    expect(wait).toBeGreaterThan(44 * 60_000);
    expect(wait).toBeLessThanOrEqual(45 * 60_000);
    expect(fb.state.pagePosts(page.id)).toEqual([]);
  });

  const REDIRECT = "http://sufra.test/api/platforms/facebook/callback";
  /** the person at the dialog: Facebook's answer, and the code it sent back (null when it refused) */
  async function atDialog(url: string, person: FbUser) {
    fb.state.signInAs(person.id);
    const r = await fetch(url, { redirect: "manual" });
    const code = r.status === 302 ? new URL(r.headers.get("location")!).searchParams.get("code") : null;
    return {
      status: r.status,
      code,
      message: r.status === 302 ? null : (((await r.json()) as any).error.message as string),
    };
  }

  test("Facebook Login (a consumer app): a permission that does not exist, or that the app may not ask for, is Invalid Scopes; the adapter asks for neither, publish_video (live video) included", async () => {
    const person = cafe("Scopes", [{ name: "Scopes Page" }]);
    const asking = (scope: string) =>
      `${fb.state.env.FACEBOOK_AUTHORIZE_URL}?${new URLSearchParams({ client_id: fb.state.appId, redirect_uri: REDIRECT, response_type: "code", scope })}`;
    expect(await atDialog(asking("pages_show_list,publish_video,pages_manage_everything"), person)).toMatchObject({
      status: 400,
      message: expect.stringMatching(/^Invalid Scopes: publish_video, pages_manage_everything\./),
    });

    const url = new URL(adapter().authorizeUrl({ state: "s1", codeChallenge: "unused", redirectUri: REDIRECT }));
    expect(url.searchParams.get("config_id")).toBeNull();
    expect(url.searchParams.get("scope")!.split(",").sort()).toEqual([
      "pages_manage_engagement",
      "pages_manage_posts",
      "pages_read_engagement",
      "pages_read_user_content",
      "pages_show_list",
      "read_insights",
    ]);
    const granted = await atDialog(url.toString(), person);
    expect(granted).toMatchObject({ status: 302, code: expect.any(String) });
    const connected = await adapter().exchangeCode({ code: granted.code!, codeVerifier: "", redirectUri: REDIRECT });
    expect(connected.scopes!.sort()).toEqual(url.searchParams.get("scope")!.split(",").sort());
  });

  test("a Business app (discovery has a configuration) without one for the Pages cannot connect a Page: not set up, rather than a dialog Facebook refuses", () => {
    expect(adapter({ discoveryConfigId: "1234567890" }).configured()).toBe(false);
    expect(adapter({ discoveryConfigId: "1234567890", loginConfigId: "2345678901" }).configured()).toBe(true);
    expect(adapter().configured()).toBe(true);
  });

  test("Facebook Login for Business (a Business app): the dialog without config_id is refused; with the configuration's id it grants the configuration's permissions, scope or not", async () => {
    const permissions = [
      "pages_show_list",
      "pages_manage_posts",
      "pages_read_engagement",
      "pages_manage_engagement",
      "read_insights",
    ];
    const configId = fb.state.useLoginForBusiness(permissions);
    try {
      const person = cafe("Business", [{ name: "Business Page" }]);
      // the classic dialog (scope, no config_id) is not what a Business app answers
      const classic = await atDialog(
        adapter().authorizeUrl({ state: "s2", codeChallenge: "unused", redirectUri: REDIRECT }),
        person,
      );
      expect(classic).toMatchObject({ status: 400, message: expect.stringMatching(/config_id/) });
      // another app's configuration is not this one
      const elsewhere = await atDialog(
        adapter({ loginConfigId: "1234567890" }).authorizeUrl({
          state: "s3",
          codeChallenge: "unused",
          redirectUri: REDIRECT,
        }),
        person,
      );
      expect(elsewhere).toMatchObject({ status: 400, message: expect.stringMatching(/^Invalid config_id/) });

      const business = adapter({ loginConfigId: configId });
      const url = new URL(business.authorizeUrl({ state: "s4", codeChallenge: "unused", redirectUri: REDIRECT }));
      expect(Object.fromEntries(url.searchParams)).toEqual({
        client_id: fb.state.appId,
        redirect_uri: REDIRECT,
        response_type: "code",
        config_id: configId,
        state: "s4",
      });
      const granted = await atDialog(url.toString(), person);
      expect(granted.status).toBe(302);
      const connected = await business.exchangeCode({ code: granted.code!, codeVerifier: "", redirectUri: REDIRECT });
      expect(connected.scopes!.sort()).toEqual([...permissions].sort());
      expect(connected.externalId).toBe(person.id);
      // the person's token lists the Page with a Page token that posts
      const [page] = await business.pages(connected.accessToken);
      const done = await business.send(request({ externalId: page!.id, accessToken: page!.accessToken }));
      expect(fb.state.posts.get(done.externalId)).toMatchObject({
        pageId: page!.id,
        message: "Refused, as it should be",
      });
    } finally {
      fb.state.loginConfigs = [];
    }
  });

  test("one retired insights metric fails Graph's whole request (#100, not naming it): the adapter loses that figure only, in three calls at most", async () => {
    const { page } = await pageOf("Retiring");
    const account = { externalId: page.id, accessToken: page.accessToken, handle: "r" };
    const done = await adapter().send(request(account));
    fb.state.setFigures(done.externalId, { views: 70, reach: 45, reactions: 6 });
    const both = await fetch(
      `${fb.state.env.FACEBOOK_GRAPH_URL}/${done.externalId}/insights?metric=post_media_view,post_impressions_unique&access_token=${page.accessToken}`,
    );
    expect(both.status).toBe(400);
    expect(((await both.json()) as any).error).toMatchObject({
      message: "(#100) The value must be a valid insights metric",
      type: "OAuthException",
      code: 100,
    });

    // Meta retires the reach metric the adapter asks for: views and the counts still come
    fb.state.retiredMetrics.add("post_total_media_view_unique");
    try {
      const asked = fb.state.insightsAsked.length;
      expect((await adapter().metrics(account, [done.externalId])).get(done.externalId)).toEqual({
        views: 70,
        reach: 0,
        likes: 6,
        comments: 0,
        shares: 0,
      });
      expect(fb.state.insightsAsked.slice(asked)).toEqual([
        ["post_media_view", "post_total_media_view_unique"],
        ["post_media_view"],
        ["post_total_media_view_unique"],
      ]);
    } finally {
      fb.state.retiredMetrics.delete("post_total_media_view_unique");
    }
    // while every metric is valid, one call
    const asked = fb.state.insightsAsked.length;
    expect((await adapter().metrics(account, [done.externalId])).get(done.externalId)).toMatchObject({
      views: 70,
      reach: 45,
    });
    expect(fb.state.insightsAsked.length - asked).toBe(1);
  });

  test("retired insights metrics are refused; without read_insights the counts still come; a token Facebook invalidated is 190", async () => {
    const { page } = await pageOf("Insights");
    const account = { externalId: page.id, accessToken: page.accessToken, handle: "p" };
    const done = await adapter().send(request(account));
    for (const retired of ["post_impressions_unique", "total_video_impressions_unique"]) {
      const old = await fetch(
        `${fb.state.env.FACEBOOK_GRAPH_URL}/${done.externalId}/insights?metric=${retired}&access_token=${page.accessToken}`,
      );
      expect(((await old.json()) as any).error.code).toBe(100);
    }
    expect((await adapter().metrics(account, [done.externalId])).get(done.externalId)).toEqual({
      views: 0,
      reach: 0,
      likes: 0,
      comments: 0,
      shares: 0,
    });
    // a Page whose person declined read_insights still has its counts, without views and reach
    const blind = await pageOf("Blind", ["pages_show_list", "pages_manage_posts", "pages_read_engagement"]);
    const blindAccount = { externalId: blind.page.id, accessToken: blind.page.accessToken, handle: "b" };
    const seen = await adapter().send(request(blindAccount));
    fb.state.setFigures(seen.externalId, { views: 50, reach: 40, reactions: 5, comments: 2, shares: 1 });
    expect((await adapter().metrics(blindAccount, [seen.externalId])).get(seen.externalId)).toEqual({
      views: 0,
      reach: 0,
      likes: 5,
      comments: 2,
      shares: 1,
    });
    fb.state.expire(page.accessToken);
    expect(await refusal(adapter().metrics(account, [done.externalId]))).toMatchObject({
      kind: "auth",
      opts: { platformCode: 463 },
    });
  });
});

describe("a Business app with Facebook Login for Business (FACEBOOK_LOGIN_CONFIG_ID)", () => {
  let biz: Fb;
  let bizApp: TestApp;
  const PERMISSIONS = [
    "pages_show_list",
    "pages_manage_posts",
    "pages_read_engagement",
    "pages_manage_engagement",
    "pages_read_user_content",
    "read_insights",
  ];
  beforeAll(async () => {
    biz = await startFacebookFake();
    biz.state.useLoginForBusiness(PERMISSIONS);
    const port = await freePort();
    bizApp = await startTestApp({ ...biz.state.env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await bizApp?.stop();
    await biz?.close();
  });

  test("connecting opens the dialog with the configuration (no scope), the Page is taken, and a post with its first comment goes out as the Page", async () => {
    const person = biz.state.addUser({ name: "Latifa", pages: [{ name: "Latifa Roastery", category: "Cafe" }] });
    const b = await connectFacebook(bizApp, biz, person);
    expect(b.location).toBe("/settings?connected=1&platform=facebook");
    expect(biz.state.dialogs.at(-1)).toMatchObject({
      configId: biz.state.loginConfig!.id,
      scopes: [],
      responseType: "code",
    });
    expect(await facebookAccountOf(bizApp, b.token)).toMatchObject({ status: "connected", handle: "Latifa Roastery" });

    const created = await call<any>(bizApp.base, "POST", "/api/posts", {
      token: b.token,
      body: { platforms: ["facebook"], content: "Single origin Yemeni, roasted today", first_comment: "Open 7 to 1" },
    });
    await call(bizApp.base, "POST", `/api/posts/${created.body.id}/publish`, { token: b.token });
    const done = await waitFor(() => getPost(bizApp, b.token, created.body.id), settled, 30_000);
    expect(done.targets[0]).toMatchObject({ status: "published", error: null });
    const post = biz.state.posts.get(done.targets[0].external_id)!;
    expect(post).toMatchObject({ pageId: person.pages[0]!.id, message: "Single origin Yemeni, roasted today" });
    expect(post.comments.map((c) => c.message)).toEqual(["Open 7 to 1"]);
  });
});

/** A JPEG on a loopback URL of its own (for photos of a Page no business of Sufra holds). */
async function startServing(body: Buffer) {
  const http = await import("node:http");
  const server = http.createServer((_req, res) =>
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": body.length }).end(body),
  );
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}/photo.jpg`, close: () => new Promise<void>((r) => server.close(() => r())) };
}
