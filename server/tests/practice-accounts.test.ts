// A new business's first day: drafts need no network (scheduling and publishing do), approval gives
// it practice accounts on the simulated network (its plan's networks, added again safely), practice
// posts publish there with figures that only count when simulated figures are shown, and a real
// account that takes a practice account's place never turns rehearsals into real posts or figures.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { kuwaitDate, messageText } from "@sufra/schema";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { photo as uploadPhoto, waitFor } from "./support/networks.ts";

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ PUBLISH_LEASE_SECONDS: "2" });
});
afterAll(async () => {
  await app?.stop();
});

async function business(plan: "basic" | "professional", practice = true) {
  const c = await registeredClient(app.base, { over: { requested_plan: plan }, practice });
  const login = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  return { ...c, token: login.body.access_token as string };
}

const photo = (b: { token: string }) => uploadPhoto(app, b.token, { width: 1080, height: 1080 });

const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();
const CHOOSE_EN = messageText("platformsRequired", "en");
const CHOOSE_AR = messageText("platformsRequired", "ar");

describe("a draft needs no network", () => {
  test("REST: saved with none; scheduling or publishing it is refused naming the networks, in both languages", async () => {
    const b = await business("basic", false);
    const r = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Karak and a warm welcome" },
    });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ status: "draft", platforms: [], targets: [] });
    const drafts = await call(app.base, "GET", "/api/posts/drafts", { token: b.token });
    expect(drafts.body.posts.map((p: { id: string }) => p.id)).toEqual([r.body.id]);

    const sched = await call(app.base, "POST", `/api/posts/${r.body.id}/schedule`, {
      token: b.token,
      body: { scheduled_for: inHours(3) },
    });
    expect(sched.status).toBe(400);
    expect(sched.body.details.platforms).toEqual([CHOOSE_EN]);
    const pub = await call(app.base, "POST", `/api/posts/${r.body.id}/publish`, { token: b.token, lang: "ar" });
    expect(pub.status).toBe(400);
    expect(pub.body.details.platforms).toEqual([CHOOSE_AR]);
    const bulk = await call(app.base, "POST", "/api/posts/bulk/schedule", {
      token: b.token,
      body: { ids: [r.body.id], scheduled_for: inHours(3) },
    });
    expect(bulk.body).toEqual({ done: [], refused: [{ id: r.body.id, code: "VALIDATION_ERROR" }] });

    // a new post with a time is a scheduled post: it needs a network
    const timed = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Tonight", platforms: [], scheduled_for: inHours(3) },
    });
    expect(timed.status).toBe(400);
    expect(timed.body.details.platforms).toEqual([CHOOSE_EN]);
    expect((await call(app.base, "GET", `/api/posts/${r.body.id}`, { token: b.token })).body.status).toBe("draft");
  });

  test("GraphQL: the same rules through the other door; a scheduled post cannot lose its last network", async () => {
    const b = await business("professional");
    const made = await gql(
      app.base,
      `mutation { createPost(input: { content: "Saffron latte", platforms: [] }) { id status platforms targets { id } } }`,
      {},
      b.token,
    );
    expect(made.errors).toBeUndefined();
    expect(made.data.createPost).toMatchObject({ status: "DRAFT", platforms: [], targets: [] });
    const id = made.data.createPost.id;
    const sched = await gql(
      app.base,
      `mutation($id: ID!, $at: DateTime!) { schedulePost(id: $id, scheduledFor: $at) { id } }`,
      { id, at: inHours(2) },
      b.token,
    );
    expect(sched.errors?.[0]?.extensions).toMatchObject({
      code: "BAD_USER_INPUT",
      details: { platforms: [CHOOSE_EN] },
    });

    // networks chosen later, then scheduled; taking the last one away is refused
    const withX = await gql(
      app.base,
      `mutation($id: ID!) { updatePost(id: $id, input: { platforms: [TWITTER] }) { platforms } }`,
      { id },
      b.token,
    );
    expect(withX.data.updatePost.platforms).toEqual(["TWITTER"]);
    const ok = await gql(
      app.base,
      `mutation($id: ID!, $at: DateTime!) { schedulePost(id: $id, scheduledFor: $at) { status } }`,
      { id, at: inHours(2) },
      b.token,
    );
    expect(ok.data.schedulePost.status).toBe("SCHEDULED");
    const empty = await gql(
      app.base,
      `mutation($id: ID!) { updatePost(id: $id, input: { platforms: [] }) { id } }`,
      { id },
      b.token,
      "ar",
    );
    expect(empty.errors?.[0]?.extensions).toMatchObject({ details: { platforms: [CHOOSE_AR] } });
    const after = await gql(app.base, `query($id: ID!) { post(id: $id) { status platforms } }`, { id }, b.token);
    expect(after.data.post).toEqual({ status: "SCHEDULED", platforms: ["TWITTER"] });
  });
});

describe("practice accounts", () => {
  const connections = `{ platform available account { handle displayName demo practice status } }`;

  test("approval gives the plan's networks a practice account; adding them again adds nothing (both doors)", async () => {
    const basic = await business("basic");
    const list = await call(app.base, "GET", "/api/platforms", { token: basic.token });
    expect(list.body.platforms.map((c: { platform: string; account: unknown }) => [c.platform, c.account])).toEqual([
      [
        "instagram",
        expect.objectContaining({
          handle: "practice_instagram",
          display_name: "Practice account (simulated)",
          demo: true,
          practice: true,
          status: "connected",
        }),
      ],
      ["twitter", null],
      ["snapchat", null],
      [
        "google",
        expect.objectContaining({ handle: "practice_google", demo: true, practice: true, status: "connected" }),
      ],
      // TikTok and Facebook are in Professional and Premium only
      ["tiktok", null],
      ["facebook", null],
    ]);
    const again = await call(app.base, "POST", "/api/platforms/practice", { token: basic.token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(list.body);
    const rows = await app.sufra.deps.pool.query("select platform from platform_accounts where business_id = $1", [
      basic.businessId,
    ]);
    expect(rows.rows.map((r: { platform: string }) => r.platform).sort()).toEqual(["google", "instagram"]);
    expect(list.body.platforms.map((c: { practice_available: boolean }) => c.practice_available)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    // a practice account disconnected can come back; it is the same account
    expect((await call(app.base, "DELETE", "/api/platforms/instagram", { token: basic.token })).status).toBe(200);
    expect((await call(app.base, "GET", "/api/platforms", { token: basic.token })).body.platforms[0]).toMatchObject({
      account: null,
      practice_available: true,
    });
    const back = await call(app.base, "POST", "/api/platforms/practice", { token: basic.token });
    expect(back.body.platforms[0]).toMatchObject({
      account: { id: list.body.platforms[0].account.id, status: "connected", practice: true },
      practice_available: false,
    });

    // a business approved before practice accounts existed adds them from its platforms page
    const older = await business("professional", false);
    expect(
      (
        await gql(app.base, `query { platformConnections ${connections} }`, {}, older.token)
      ).data.platformConnections.every((c: { account: unknown }) => c.account === null),
    ).toBe(true);
    const add = `mutation { addPracticeAccounts ${connections} }`;
    const first = await gql(app.base, add, {}, older.token);
    expect(first.errors).toBeUndefined();
    expect(
      first.data.addPracticeAccounts.map((c: { account: { handle: string; practice: boolean } }) => [
        c.account.handle,
        c.account.practice,
      ]),
    ).toEqual([
      ["practice_instagram", true],
      ["practice_twitter", true],
      ["practice_snapchat", true],
      ["practice_google", true],
      ["practice_tiktok", true],
      ["practice_facebook", true],
    ]);
    const second = await gql(app.base, add, {}, older.token);
    expect(second.data.addPracticeAccounts).toEqual(first.data.addPracticeAccounts);
    const [both] = await Promise.all([
      call(app.base, "POST", "/api/platforms/practice", { token: older.token }),
      call(app.base, "POST", "/api/platforms/practice", { token: older.token }),
    ]);
    expect(both.status).toBe(200);
    const count = await app.sufra.deps.pool.query(
      "select count(*)::int as n from platform_accounts where business_id = $1",
      [older.businessId],
    );
    expect(count.rows[0].n).toBe(6);
    const audits = await app.sufra.deps.pool.query(
      "select count(*)::int as n from audit_log where entity_id = $1 and action = 'platform.practice_added'",
      [older.businessId],
    );
    expect(audits.rows[0].n).toBe(1);
  });

  test("longPosts: only an X account that X reports as verified posts long captions; a flag on another network's row changes nothing", async () => {
    const b = await business("professional");
    const longPosts = async () =>
      Object.fromEntries(
        (
          await gql(app.base, `query { platformConnections { platform account { longPosts } } }`, {}, b.token)
        ).data.platformConnections
          .filter((c: { account: unknown }) => c.account)
          .map((c: { platform: string; account: { longPosts: boolean } }) => [c.platform, c.account.longPosts]),
      );
    const before = await longPosts();
    expect(before.TWITTER).toBe(false);
    expect(Object.values(before).every((v) => v === false)).toBe(true);
    await app.sufra.deps.pool.query("update platform_accounts set long_posts = true where business_id = $1", [
      b.businessId,
    ]);
    const after = await longPosts();
    expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    for (const [platform, v] of Object.entries(after)) expect(v).toBe(platform === "TWITTER");
    // the REST door does not answer it (its account has no long_posts field)
    const rest = await call(app.base, "GET", "/api/platforms", { token: b.token });
    for (const c of rest.body.platforms as { account: Record<string, unknown> | null }[])
      expect(c.account === null || !("long_posts" in c.account)).toBe(true);
  });

  test("a practice publish goes to the simulated network; its figures count only when simulated figures are shown", async () => {
    const b = await business("professional");
    const p = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "First practice post", platforms: ["twitter"] },
    });
    expect(p.status).toBe(201);
    expect(p.body.targets[0].account).toMatchObject({ handle: "practice_twitter", demo: true });
    expect((await call(app.base, "POST", `/api/posts/${p.body.id}/publish`, { token: b.token })).status).toBe(202);
    const done = await waitFor(
      () => call(app.base, "GET", `/api/posts/${p.body.id}`, { token: b.token }),
      (r) => r.body.status === "published",
    );
    expect(done.body.targets[0].external_id).toMatch(/^demo-twitter-/);
    await app.sufra.services.analytics.collectMetrics();
    const day = kuwaitDate(new Date());
    const q = `client_id=${b.businessId}&from=${day}&to=${day}`;
    const shown = await call(app.base, "GET", `/api/analytics/overview?${q}&include_simulated=true`, {
      token: b.token,
    });
    expect(shown.body).toMatchObject({ simulated_included: true, totals: { posts: 1 } });
    const hidden = await call(app.base, "GET", `/api/analytics/overview?${q}&include_simulated=false`, {
      token: b.token,
    });
    expect(hidden.body).toMatchObject({ simulated_included: false, totals: { posts: 0, views: 0, likes: 0 } });
    const target = await gql(
      app.base,
      `query($id: ID!) { post(id: $id) { targets { demo metricsSimulated } } }`,
      { id: p.body.id },
      b.token,
    );
    expect(target.data.post.targets).toEqual([{ demo: true, metricsSimulated: true }]);
  });

  test("connecting the real account replaces the practice one: rehearsals stay simulated and never go out for real", async () => {
    const b = await business("professional");
    const media = await photo(b);
    const published = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: { content: "Practice snap", platforms: ["snapchat"], media_ids: [media] },
    });
    await call(app.base, "POST", `/api/posts/${published.body.id}/publish`, { token: b.token });
    await waitFor(
      () => call(app.base, "GET", `/api/posts/${published.body.id}`, { token: b.token }),
      (r) => r.body.status === "published",
    );
    const waiting = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: "Rehearsed for tomorrow",
        platforms: ["snapchat"],
        media_ids: [media],
        scheduled_for: inHours(20),
      },
    });
    expect(waiting.body.status).toBe("scheduled");
    const both = await call(app.base, "POST", "/api/posts", {
      token: b.token,
      body: {
        content: "Two networks",
        platforms: ["twitter", "snapchat"],
        media_ids: [media],
        scheduled_for: inHours(21),
      },
    });
    expect(both.body.status).toBe("scheduled");

    const real = await call(app.base, "POST", "/api/platforms/snapchat/connect", {
      token: b.token,
      body: { handle: "darqahwa" },
    });
    expect(real.status).toBe(201);
    expect(real.body.account).toMatchObject({ handle: "darqahwa", demo: false, practice: false });

    // what was published on the practice account stays simulated, even after a metrics pass
    await app.sufra.services.analytics.collectMetrics();
    const pub = await gql(
      app.base,
      `query($id: ID!) { post(id: $id) { status targets { platform status metricsSimulated } } }`,
      { id: published.body.id },
      b.token,
    );
    expect(pub.data.post).toEqual({
      status: "PUBLISHED",
      targets: [{ platform: "SNAPCHAT", status: "PUBLISHED", metricsSimulated: true }],
    });
    const day = kuwaitDate(new Date());
    const q = `client_id=${b.businessId}&from=${day}&to=${day}`;
    expect((await call(app.base, "GET", `/api/analytics/overview?${q}`, { token: b.token })).body).toMatchObject({
      simulated_included: false,
      totals: { posts: 0 },
    });
    expect(
      (await call(app.base, "GET", `/api/analytics/overview?${q}&include_simulated=true`, { token: b.token })).body
        .totals.posts,
    ).toBe(1);

    // what was waiting for the practice account is taken off it: a post with no network left is a draft again
    const w = (await call(app.base, "GET", `/api/posts/${waiting.body.id}`, { token: b.token })).body;
    expect(w).toMatchObject({ status: "draft", scheduled_for: null, platforms: [] });
    const x = (await call(app.base, "GET", `/api/posts/${both.body.id}`, { token: b.token })).body;
    expect(x).toMatchObject({ status: "scheduled", platforms: ["twitter"] });
    const jobs = await app.sufra.deps.pool.query(
      "select count(*)::int as n from post_targets t join platform_accounts a on a.id = t.account_id where a.business_id = $1 and not a.demo and t.status <> 'published'",
      [b.businessId],
    );
    expect(jobs.rows[0].n).toBe(0);
  });
});
