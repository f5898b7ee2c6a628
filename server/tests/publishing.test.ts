// Publishing against local servers that answer as Instagram's Graph API and X's API v2 do:
// OAuth connect (PKCE on X), the container flow, an expired and a revoked token, a rate limit, a
// timeout that is never re-sent, a 429 that holds the account's other targets until the reset,
// exactly-once with several worker processes claiming in batches, and a worker killed in the middle
// of sending whose successor finds the post instead of posting it twice.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { startXFake } from "./fakes/x-server.ts";
import type { Held } from "./fakes/holds.ts";
import { call, freshDatabase, gql, startSecondProcess, startTestApp, type TestApp } from "./support/app.ts";
import * as net from "./support/networks.ts";
import { freePort, getPost, post, settled, waitFor } from "./support/networks.ts";

let ig: net.Ig;
let x: net.X;
const platformEnv = (port: number) => net.platformEnv(ig, x, port);
const connectedBusiness = (app: TestApp) => net.connectedBusiness(app, ig, x);
const photo = net.photo;

beforeAll(async () => {
  [ig, x] = await Promise.all([startInstagramFake(), startXFake()]);
});
afterAll(async () => {
  await Promise.all([ig?.close(), x?.close()]);
});

describe("one server", () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(platformEnv(await freePort()));
  });
  afterAll(async () => {
    await app?.stop();
  });

  test("connecting keeps the tokens sealed at rest, and lists the accounts", async () => {
    const b = await connectedBusiness(app);
    const { rows } = await app.sufra.deps.pool.query<{
      platform: string;
      access_token: string;
      refresh_token: string | null;
      handle: string;
    }>(
      "select platform, access_token, refresh_token, handle from platform_accounts where business_id = $1 order by platform",
      [b.businessId],
    );
    expect(rows.map((r) => r.platform)).toEqual(["instagram", "twitter"]);
    const issued = [...x.state.issuedTokens().map((t) => t.token), ...ig.state.issuedTokens().map((t) => t.token)];
    for (const r of rows) {
      expect(r.access_token).toMatch(/^v1\./);
      for (const plain of issued) expect(r.access_token).not.toContain(plain);
    }
    const list = await gql(
      app.base,
      "query { platformConnections { platform available configured manual account { handle status } } }",
      {},
      b.token,
    );
    expect(list.data.platformConnections).toEqual([
      {
        platform: "INSTAGRAM",
        available: true,
        configured: true,
        manual: false,
        account: { handle: b.handles.instagram, status: "CONNECTED" },
      },
      {
        platform: "TWITTER",
        available: true,
        configured: true,
        manual: false,
        account: { handle: b.handles.twitter, status: "CONNECTED" },
      },
      { platform: "SNAPCHAT", available: true, configured: true, manual: true, account: null },
      // this test server has no Google OAuth client: Google is in the plan but not set up here
      { platform: "GOOGLE", available: true, configured: false, manual: false, account: null },
      // nor a TikTok or Facebook app
      { platform: "TIKTOK", available: true, configured: false, manual: false, account: null },
      { platform: "FACEBOOK", available: true, configured: false, manual: false, account: null },
    ]);
    // a forged or reused state is refused
    const forged = await fetch(`${app.base}/api/platforms/twitter/callback?code=x&state=forged`, {
      redirect: "manual",
    });
    expect(forged.headers.get("location")).toBe("/settings?connect_error=OAUTH_FAILED&platform=twitter");
  });

  test("X and Instagram: media upload, container flow, first comment; each post made once", async () => {
    const b = await connectedBusiness(app);
    ig.state.nextContainer({ inProgressPolls: 1 });
    const p = await post(app, b.token, {
      content: "Machboos Friday 🍛",
      hashtags: ["Kuwait Food"],
      first_comment: "Order on 1888",
      platforms: ["instagram", "twitter"],
      media_ids: [await photo(app, b.token)],
    });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const done = await waitFor(() => getPost(app, b.token, p.id), settled);
    expect(done.status).toBe("published");
    const byPlatform = Object.fromEntries(done.targets.map((t: { platform: string }) => [t.platform, t]));

    const tweets = x.state.posts(b.xUserId);
    expect(tweets).toHaveLength(1);
    expect(tweets[0].text).toBe("Machboos Friday 🍛\n\n#Kuwait_Food");
    expect(tweets[0].mediaIds).toHaveLength(1);
    expect(byPlatform.twitter).toMatchObject({
      status: "published",
      external_id: tweets[0].id,
      permalink: `https://x.com/${b.handles.twitter}/status/${tweets[0].id}`,
    });

    const igPosts = ig.state.posts(b.igUserId);
    expect(igPosts).toHaveLength(1);
    expect(byPlatform.instagram).toMatchObject({
      status: "published",
      external_id: igPosts[0].id,
      permalink: expect.stringContaining("http"),
    });
    expect(ig.state.comments.filter((c) => c.mediaId === igPosts[0].id).map((c) => c.message)).toEqual([
      "Order on 1888",
    ]);
    // Instagram fetched the picture from our signed public URL
    expect(ig.state.fetchedUrls.some((u) => u.startsWith(`${app.base.replace("127.0.0.1", "127.0.0.1")}/media/`))).toBe(
      true,
    );
  });

  test("figures are collected from X into the target and its time series", async () => {
    const b = await connectedBusiness(app);
    const p = await post(app, b.token, { content: "Figures for chapati rolls", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const done = await waitFor(() => getPost(app, b.token, p.id), settled);
    const id = done.targets[0].external_id;
    x.state.setMetrics(id, {
      impression_count: 1200,
      like_count: 85,
      reply_count: 9,
      retweet_count: 6,
      quote_count: 2,
    });
    expect(await app.sufra.services.analytics.collectMetrics()).toBeGreaterThanOrEqual(1);
    const after = await getPost(app, b.token, p.id);
    expect(after.targets[0].metrics).toMatchObject({
      views: 1200,
      likes: 85,
      comments: 9,
      shares: 8,
      simulated: false,
    });
    const series = await app.sufra.deps.pool.query("select views, likes from target_metrics where target_id = $1", [
      done.targets[0].id,
    ]);
    expect(series.rows).toEqual([{ views: 1200, likes: 85 }]);
  });

  test("an expired X token is refreshed and the post goes out once", async () => {
    const b = await connectedBusiness(app);
    for (const t of x.state.issuedTokens().filter((t) => t.userId === b.xUserId)) x.state.expireToken(t.token);
    const p = await post(app, b.token, { content: "Karak at midnight", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const done = await waitFor(() => getPost(app, b.token, p.id), settled);
    expect(done.status).toBe("published");
    expect(x.state.posts(b.xUserId)).toHaveLength(1);
  });

  test("a revoked grant: the account needs reconnecting, the post waits and is not lost, then goes out after reconnecting", async () => {
    const b = await connectedBusiness(app);
    for (const t of x.state.issuedTokens().filter((t) => t.userId === b.xUserId)) x.state.revokeToken(t.token);
    const p = await post(app, b.token, { content: "Luqaimat Thursday", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const waiting = await waitFor(
      () => getPost(app, b.token, p.id),
      (v) => v.targets[0].error?.code === "ACCOUNT_RECONNECT_NEEDED",
    );
    expect(waiting.targets[0].status).toBe("pending");
    const accounts = await gql(app.base, "query { platformConnections { platform account { status } } }", {}, b.token);
    expect(
      accounts.data.platformConnections.find((c: { platform: string }) => c.platform === "TWITTER").account.status,
    ).toBe("RECONNECT_NEEDED");
    const bell = await gql(
      app.base,
      "query { notifications(first: 5) { edges { node { type data { platform handle } } } } }",
      {},
      b.token,
      "ar",
    );
    expect(bell.data.notifications.edges.map((e: { node: unknown }) => e.node)).toContainEqual({
      type: "ACCOUNT_RECONNECT_NEEDED",
      data: { platform: "twitter", handle: b.handles.twitter },
    });
    const ar = await gql(
      app.base,
      "query($id: ID!) { post(id: $id) { targets { error } } }",
      { id: p.id },
      b.token,
      "ar",
    );
    expect(ar.data.post.targets[0].error).toContain("أعد ربط");
    expect(x.state.posts(b.xUserId)).toHaveLength(0);

    // reconnect: the waiting post goes out
    const again = await call(app.base, "POST", "/api/platforms/twitter/connect", { token: b.token, body: {} });
    const u = new URL(again.body.authorize_url);
    x.state.issueCode("x-reconnect", {
      userId: b.xUserId,
      username: b.handles.twitter,
      codeChallenge: u.searchParams.get("code_challenge")!,
      redirectUri: u.searchParams.get("redirect_uri")!,
    });
    await fetch(`${app.base}/api/platforms/twitter/callback?code=x-reconnect&state=${u.searchParams.get("state")}`, {
      redirect: "manual",
    });
    const done = await waitFor(() => getPost(app, b.token, p.id), settled);
    expect(done.status).toBe("published");
    expect(x.state.posts(b.xUserId)).toHaveLength(1);
  });

  test("a rate limit moves the target to the reset time instead of failing it", async () => {
    const b = await connectedBusiness(app);
    x.state.failNext("tweet", 429, 1, { resetInSecs: 2 });
    const p = await post(app, b.token, { content: "Saffron cake is back", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    const limited = await waitFor(
      () => getPost(app, b.token, p.id),
      (v) => v.targets[0].error?.code === "RATE_LIMITED",
    );
    expect(limited.targets[0].status).toBe("pending");
    expect(Date.parse(limited.targets[0].due_at)).toBeGreaterThan(Date.now());
    const done = await waitFor(() => getPost(app, b.token, p.id), settled);
    expect(done.status).toBe("published");
    expect(x.state.posts(b.xUserId)).toHaveLength(1);
  });

  test("a network answering 429 slows the calls: the account's other due targets wait for its reset unsent, then each goes out once", async () => {
    const b = await connectedBusiness(app);
    const n = 60;
    const ids: string[] = [];
    for (let i = 0; i < n; i++)
      ids.push((await post(app, b.token, { content: `Busy hour #${i}: karak tea`, platforms: ["twitter"] })).id);
    // X refuses every post until its reset, a while away
    x.state.failNext("tweet", 429, 10_000, { resetInSecs: 12 });
    const before = x.state.calls.tweet ?? 0;
    const pool = app.sufra.deps.pool;
    await pool.query("update posts set status = 'scheduled', scheduled_for = now() where id = any($1::uuid[])", [ids]);
    const { rows } = await pool.query<{ id: string }>(
      "update post_targets set due_at = now() where post_id = any($1::uuid[]) returning id",
      [ids],
    );
    await app.sufra.services.publishing.enqueue(rows.map((r) => ({ id: r.id, dueAt: new Date() })));
    const limited = () =>
      pool
        .query<{ attempts: number; due_at: Date }>(
          "select attempts, due_at from post_targets where post_id = any($1::uuid[]) and status = 'pending' and error_code = 'RATE_LIMITED'",
          [ids],
        )
        .then((r) => r.rows);
    const waiting = await waitFor(limited, (r) => r.length === n, 20_000);
    // only the first calls met the 429; the rest were never sent into it, and all wait for the reset
    const refused = (x.state.calls.tweet ?? 0) - before;
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThan(n);
    expect(waiting.filter((t) => t.attempts === 0)).toHaveLength(n - refused);
    for (const t of waiting) expect(t.due_at.getTime()).toBeGreaterThan(Date.now());
    x.state.failures.delete("tweet");
    await waitFor(
      () =>
        pool
          .query("select count(*)::int as n from posts where id = any($1::uuid[]) and status = 'published'", [ids])
          .then((r) => r.rows[0].n as number),
      (k) => k === n,
      60_000,
    );
    const texts = x.state.posts(b.xUserId).map((t) => t.text);
    expect(texts).toHaveLength(n);
    expect(new Set(texts).size).toBe(n);
    // after the reset each target was sent once
    expect((x.state.calls.tweet ?? 0) - before).toBe(refused + n);
  }, 120_000);

  test("a timeout leaves the post unconfirmed, never re-sent; a person confirms it", async () => {
    const b = await connectedBusiness(app);
    const held = x.state.hold("tweet", { ms: 6_000 });
    const p = await post(app, b.token, { content: "Is this live? Mint lemonade", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
    await held.received;
    const u = await waitFor(() => getPost(app, b.token, p.id), settled);
    expect(u.status).toBe("unconfirmed");
    expect(u.targets[0]).toMatchObject({ status: "unconfirmed", error: { code: "PUBLISH_TIMEOUT" } });
    // well past the lease and the hold: still one post on X, and still waiting for a person
    await new Promise((r) => setTimeout(r, 7_000));
    expect(x.state.posts(b.xUserId)).toHaveLength(1);
    expect((await getPost(app, b.token, p.id)).status).toBe("unconfirmed");
    const bell = await gql(
      app.base,
      "query { notifications(first: 5) { edges { node { type data { postId } } } } }",
      {},
      b.token,
    );
    expect(bell.data.notifications.edges.map((e: { node: unknown }) => e.node)).toContainEqual({
      type: "POST_UNCONFIRMED",
      data: { postId: p.id },
    });
    const ok = await call(app.base, "POST", `/api/posts/targets/${u.targets[0].id}/confirm`, {
      token: b.token,
      body: {},
    });
    expect(ok.body.status).toBe("published");
  });

  test("a network's refusal fails the target with its own words, and the author hears of it", async () => {
    const b = await connectedBusiness(app);
    const first = await post(app, b.token, { content: "Same words twice", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${first.id}/publish`, { token: b.token });
    await waitFor(() => getPost(app, b.token, first.id), settled);
    const second = await post(app, b.token, { content: "Same words twice", platforms: ["twitter"] });
    await call(app.base, "POST", `/api/posts/${second.id}/publish`, { token: b.token });
    const failed = await waitFor(() => getPost(app, b.token, second.id), settled);
    expect(failed.status).toBe("failed");
    expect(failed.targets[0].error).toEqual({
      code: "PUBLISH_REJECTED",
      message: expect.stringContaining("duplicate"),
    });
    const bell = await gql(
      app.base,
      "query { notifications(first: 5) { edges { node { type data { postId errorCode } } } } }",
      {},
      b.token,
    );
    expect(bell.data.notifications.edges.map((e: { node: unknown }) => e.node)).toContainEqual({
      type: "POST_FAILED",
      data: { postId: second.id, errorCode: "PUBLISH_REJECTED" },
    });
  });
});

// starting worker processes and waiting for them can take longer than jest's 30 s on a loaded machine
const PROCESSES_MS = 120_000;

describe("several processes", () => {
  test(
    "exactly once: 30 posts due at once, three processes running jobs, each tweet made once",
    async () => {
      const db = await freshDatabase();
      const env = platformEnv(await freePort());
      const app = await startTestApp(env, db);
      const workers = await Promise.all(
        [1, 2].map(() => startSecondProcess(db, { ...env, PORT: "0", PROCESS_ROLE: "worker" })),
      );
      try {
        const b = await connectedBusiness(app);
        const ids: string[] = [];
        for (let i = 0; i < 30; i++)
          ids.push((await post(app, b.token, { content: `Daily special #${i}`, platforms: ["twitter"] })).id);
        // due at the same moment: all scheduled, then moved to now in one statement
        await app.sufra.deps.pool.query(
          "update posts set status = 'scheduled', scheduled_for = now() where id = any($1::uuid[])",
          [ids],
        );
        const { rows } = await app.sufra.deps.pool.query<{ id: string }>(
          "update post_targets set due_at = now() where post_id = any($1::uuid[]) returning id",
          [ids],
        );
        await app.sufra.services.publishing.enqueue(rows.map((r) => ({ id: r.id, dueAt: new Date() })));
        await waitFor(
          () =>
            app.sufra.deps.pool
              .query("select count(*)::int as n from posts where id = any($1::uuid[]) and status = 'published'", [ids])
              .then((r) => r.rows[0].n as number),
          (n) => n === 30,
          60_000,
        );
        const texts = x.state.posts(b.xUserId).map((t) => t.text);
        expect(texts).toHaveLength(30);
        expect(new Set(texts).size).toBe(30);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        await app.stop();
      }
    },
    PROCESSES_MS,
  );

  test(
    "batched claims: two workers take 80 due targets many at a time, each target claimed once and tweeted once",
    async () => {
      const db = await freshDatabase();
      const env = platformEnv(await freePort());
      // this process only queues; the two workers claim
      const app = await startTestApp({ ...env, PROCESS_ROLE: "api" }, db);
      const workers = await Promise.all(
        [1, 2].map(() => startSecondProcess(db, { ...env, PORT: "0", PROCESS_ROLE: "worker" })),
      );
      try {
        const b = await connectedBusiness(app);
        const n = 80;
        const ids: string[] = [];
        for (let i = 0; i < n; i++)
          ids.push((await post(app, b.token, { content: `Brunch board #${i}`, platforms: ["twitter"] })).id);
        const pool = app.sufra.deps.pool;
        await pool.query("update posts set status = 'scheduled', scheduled_for = now() where id = any($1::uuid[])", [
          ids,
        ]);
        const { rows } = await pool.query<{ id: string }>(
          "update post_targets set due_at = now() where post_id = any($1::uuid[]) returning id",
          [ids],
        );
        await app.sufra.services.publishing.enqueue(rows.map((r) => ({ id: r.id, dueAt: new Date() })));
        await waitFor(
          () =>
            pool
              .query("select count(*)::int as n from posts where id = any($1::uuid[]) and status = 'published'", [ids])
              .then((r) => r.rows[0].n as number),
          (k) => k === n,
          90_000,
        );
        const texts = x.state.posts(b.xUserId).map((t) => t.text);
        expect(texts).toHaveLength(n);
        expect(new Set(texts).size).toBe(n);
        const { rows: claims } = await pool.query<{ attempts: number; claim: Date }>(
          "select attempts, attempt_started_at as claim from post_targets where post_id = any($1::uuid[])",
          [ids],
        );
        // one attempt each: no target was claimed by both workers
        expect(claims.filter((c) => c.attempts !== 1)).toEqual([]);
        // targets claimed in one transaction share its start: fewer claims than targets
        expect(new Set(claims.map((c) => c.claim.getTime())).size).toBeLessThan(n / 2);
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
        await app.stop();
      }
    },
    PROCESSES_MS,
  );

  /**
   * An api process and a worker on a fresh database: the network holds the post's send (`hold`), the
   * worker is killed while it waits for the answer, and a successor starts once `whileDown` has looked;
   * answers with the business and the post as it settled.
   */
  async function killedWhileHeld(
    hold: () => Held,
    body: (app: TestApp, token: string) => Promise<Record<string, unknown>>,
    whileDown: (mid: any) => void = () => {},
  ) {
    const db = await freshDatabase();
    const env = platformEnv(await freePort());
    // this process only serves requests; the jobs run in the workers
    const app = await startTestApp({ ...env, PROCESS_ROLE: "api" }, db);
    const first = await startSecondProcess(db, { ...env, PORT: "0", PROCESS_ROLE: "worker" });
    let second: Awaited<ReturnType<typeof startSecondProcess>> | null = null;
    try {
      const b = await connectedBusiness(app);
      const held = hold();
      const p = await post(app, b.token, await body(app, b.token));
      await call(app.base, "POST", `/api/posts/${p.id}/publish`, { token: b.token });
      await held.received; // the network has the post; the worker waits for its answer
      await first.kill("SIGKILL");
      held.release();
      whileDown(await getPost(app, b.token, p.id));
      second = await startSecondProcess(db, { ...env, PORT: "0", PROCESS_ROLE: "worker" });
      return { b, done: await waitFor(() => getPost(app, b.token, p.id), settled, 30_000) };
    } finally {
      await first.stop();
      await second?.stop();
      await app.stop();
    }
  }

  test(
    "a worker killed while Instagram holds media_publish: its successor reads the container and does not publish twice",
    async () => {
      const { b, done } = await killedWhileHeld(
        () => ig.state.hold("publish", { createOn: "receipt" }),
        async (app, token) => ({
          content: "Killed mid-publish: pistachio kunafa",
          platforms: ["instagram"],
          media_ids: [await photo(app, token)],
        }),
      );
      const made = ig.state.posts(b.igUserId);
      expect(made).toHaveLength(1);
      expect({ status: done.status, error: done.targets[0].error }).toEqual({ status: "published", error: null });
      expect(done.targets[0].external_id).toBe(made[0].id);
    },
    PROCESSES_MS,
  );

  test(
    "a worker killed while X holds the send: its successor finds the post instead of posting twice",
    async () => {
      const { b, done } = await killedWhileHeld(
        () => x.state.hold("tweet", { createOn: "receipt" }),
        async () => ({ content: "Killed mid-send: camel burger", platforms: ["twitter"] }),
        (mid) => {
          expect(mid.targets[0].status).toBe("publishing");
        },
      );
      const tweets = x.state.posts(b.xUserId);
      expect(tweets).toHaveLength(1);
      expect({ status: done.status, error: done.targets[0].error }).toEqual({ status: "published", error: null });
      expect(done.targets[0].external_id).toBe(tweets[0].id);
      expect(x.state.calls.tweet).toBeGreaterThanOrEqual(1);
    },
    PROCESSES_MS,
  );
});
