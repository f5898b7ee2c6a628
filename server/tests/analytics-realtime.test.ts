// Analytics' realtime view: the last 24 hours ending now (published targets and their
// figures, by Kuwait hour), what is publishing and due within the hour, the latest collection; its
// tenancy through REST and GraphQL; and the subscription over a real WebSocket, which sends a fresh
// view after a post goes out and refuses another business's subscriber.
import { beforeAll, describe, expect, test } from "@jest/globals";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { adminToken, call, gql, signedInBusiness } from "./support/app.ts";
import { connectedAccount, type Figures, type Platform } from "./support/analytics.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile({ PUBLISH_LEASE_SECONDS: "2" });
let admin: string;
beforeAll(async () => {
  admin = await adminToken(app.base);
});

const db = () => app.sufra.deps.db;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms);

const business = () => signedInBusiness(app.base);

const account = (businessId: string, platform: Platform, demo = false) =>
  connectedAccount(app, businessId, platform, demo);

interface TargetSpec {
  status: "published" | "publishing" | "pending";
  publishedAt?: Date;
  dueAt?: Date;
  figures?: Figures;
  metricsAt?: Date;
  postStatus?: "published" | "publishing" | "scheduled" | "draft";
  content?: string;
}
/** A post with one target in the given state. */
async function post(businessId: string, acc: { id: string; platform: Platform; demo: boolean }, t: TargetSpec) {
  const postStatus =
    t.postStatus ?? (t.status === "published" ? "published" : t.status === "publishing" ? "publishing" : "scheduled");
  return db().post.create({
    data: {
      businessId,
      status: postStatus,
      content: t.content ?? `Karak and chebab ${Math.random().toString(36).slice(2, 8)}`,
      publishedAt: t.publishedAt ?? null,
      scheduledFor: t.dueAt ?? null,
      targets: {
        create: [
          {
            accountId: acc.id,
            platform: acc.platform,
            status: t.status,
            publishedAt: t.publishedAt ?? null,
            dueAt: t.dueAt ?? null,
            attemptStartedAt: t.status === "publishing" ? new Date() : null,
            externalId: t.status === "published" ? `ext-${Math.random().toString(36).slice(2)}` : null,
            ...(t.figures ?? {}),
            metricsAt: t.metricsAt ?? null,
            metricsSimulated: acc.demo && t.status === "published",
          },
        ],
      },
    },
    include: { targets: true },
  });
}

let a: Awaited<ReturnType<typeof business>>;
let b: Awaited<ReturnType<typeof business>>;
const LONG =
  "Saffron latte is back for the cold evenings — come to Salmiya and taste it with fresh kunafa, open until midnight every day";
const collectedAt = ago(40 * 60_000);
let ids: Record<string, string> = {};
// when the published targets went out (their hours are asserted, whatever the clock reads by then)
const at = { two: ago(2 * HOUR), five: ago(5 * HOUR), demo: ago(HOUR) };

beforeAll(async () => {
  [a, b] = [await business(), await business()];
  const ig = await account(a.businessId, "instagram");
  const x = await account(a.businessId, "twitter");
  const snap = await account(a.businessId, "snapchat", true);
  const two = await post(a.businessId, ig, {
    status: "published",
    publishedAt: at.two,
    figures: { reach: 1000, views: 1500, likes: 80, comments: 10, shares: 10 },
    metricsAt: collectedAt,
  });
  const five = await post(a.businessId, x, {
    status: "published",
    publishedAt: at.five,
    figures: { reach: 0, views: 2000, likes: 30, comments: 6, shares: 4 },
    metricsAt: ago(2 * HOUR),
  });
  // outside the window, and a demo (simulated) target inside it
  await post(a.businessId, ig, {
    status: "published",
    publishedAt: ago(30 * HOUR),
    figures: { reach: 9000, views: 9000, likes: 900, comments: 0, shares: 0 },
    metricsAt: ago(10 * 60_000),
  });
  await post(a.businessId, snap, {
    status: "published",
    publishedAt: at.demo,
    figures: { reach: 500, views: 500, likes: 50, comments: 0, shares: 0 },
  });
  const sending = await post(a.businessId, ig, { status: "publishing", content: LONG, dueAt: ago(60_000) });
  const soon = await post(a.businessId, x, {
    status: "pending",
    dueAt: new Date(Date.now() + 30 * 60_000),
    content: "Machboos Friday 🍛 مجبوس الجمعة",
  });
  // not due soon: in two hours, and a draft whose target kept an old time
  await post(a.businessId, x, { status: "pending", dueAt: new Date(Date.now() + 2 * HOUR) });
  await post(a.businessId, ig, { status: "pending", dueAt: new Date(Date.now() + 20 * 60_000), postStatus: "draft" });
  // B's own post in the same hours is never A's
  await post(b.businessId, await account(b.businessId, "instagram"), {
    status: "published",
    publishedAt: ago(HOUR),
    figures: { reach: 4000, views: 4000, likes: 400, comments: 40, shares: 40 },
  });
  ids = {
    two: two.targets[0]!.id,
    five: five.targets[0]!.id,
    sending: sending.targets[0]!.id,
    soon: soon.targets[0]!.id,
    soonPost: soon.id,
  };
});

const realtime = (token: string | undefined, query: string) =>
  call(app.base, "GET", `/api/analytics/realtime?${query}`, { token });
const hourOf = (at: Date) => new Date(Math.floor(at.getTime() / HOUR) * HOUR).toISOString();

describe("GET /api/analytics/realtime", () => {
  test("the last 24 hours: totals, 24 Kuwait hours, what is publishing and due within the hour, the latest collection", async () => {
    const before = Date.now();
    const r = await realtime(a.token, `client_id=${a.businessId}&include_simulated=false`);
    expect(r.status).toBe(200);
    const body = r.body;
    expect(body).toMatchObject({ client_id: a.businessId, simulated_included: false });
    expect(Date.parse(body.generated_at)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.to).toBe(body.generated_at);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBeGreaterThan(23 * HOUR);
    expect(Date.parse(body.to) - Date.parse(body.from)).toBeLessThanOrEqual(24 * HOUR);
    // engagement over Instagram's reach plus X's views: 140 / 3000
    expect(body.totals).toEqual({
      posts: 2,
      reach: 1000,
      views: 3500,
      likes: 110,
      comments: 16,
      shares: 14,
      engagement_rate: 4.67,
    });

    expect(body.hours).toHaveLength(24);
    expect(body.hours[0].start).toBe(body.from);
    expect(body.hours[23].start).toBe(hourOf(new Date(Date.parse(body.to))));
    for (const h of body.hours) expect(h.hour).toBe((new Date(h.start).getUTCHours() + 3) % 24);
    const hourAt = (d: Date) => body.hours.find((h: { start: string }) => h.start === hourOf(d));
    expect(hourAt(at.two)).toMatchObject({ posts: 1, reach: 1000, likes: 80 });
    expect(hourAt(at.five)).toMatchObject({ posts: 1, views: 2000, likes: 30 });
    expect(body.hours.reduce((n: number, h: { posts: number }) => n + h.posts, 0)).toBe(2);

    expect(body.publishing).toEqual([
      {
        target_id: ids.sending,
        post_id: expect.any(String),
        platform: "instagram",
        status: "publishing",
        excerpt: `${LONG.slice(0, 79)}…`,
        due_at: expect.any(String),
        simulated: false,
      },
    ]);
    expect(body.due_soon).toEqual([
      {
        target_id: ids.soon,
        post_id: ids.soonPost,
        platform: "twitter",
        status: "pending",
        excerpt: "Machboos Friday 🍛 مجبوس الجمعة",
        due_at: expect.any(String),
        simulated: false,
      },
    ]);
    // the 30-hour-old post's later collection counts too: the latest of the business's collections
    expect(Date.parse(body.metrics_at)).toBeGreaterThan(Date.parse(collectedAt.toISOString()));
  });

  test("include_simulated=true adds the demo account's target", async () => {
    const r = await realtime(a.token, `client_id=${a.businessId}&include_simulated=true`);
    expect(r.body.simulated_included).toBe(true);
    expect(r.body.totals).toMatchObject({ posts: 3, reach: 1500, likes: 160 });
    expect(r.body.hours.find((h: { start: string }) => h.start === hourOf(at.demo)).posts).toBeGreaterThanOrEqual(1);
  });

  test("a business with nothing: zeros, 24 empty hours, empty lists, no collection", async () => {
    const c = await business();
    const r = await realtime(c.token, `client_id=${c.businessId}`);
    expect(r.status).toBe(200);
    expect(r.body.totals).toEqual({
      posts: 0,
      reach: 0,
      views: 0,
      likes: 0,
      comments: 0,
      shares: 0,
      engagement_rate: null,
    });
    expect(r.body.hours.every((h: { posts: number }) => h.posts === 0)).toBe(true);
    expect([r.body.publishing, r.body.due_soon, r.body.metrics_at]).toEqual([[], [], null]);
  });

  test("tenancy: own business 200, another 403, none 400, an admin any", async () => {
    const other = await realtime(b.token, `client_id=${a.businessId}`);
    expect(other.status).toBe(403);
    expect(other.body.code).toBe("FORBIDDEN");
    expect((await realtime(a.token, "")).status).toBe(400);
    expect((await realtime(undefined, `client_id=${a.businessId}`)).status).toBe(401);
    const asAdmin = await realtime(admin, `client_id=${b.businessId}&include_simulated=false`);
    expect(asAdmin.status).toBe(200);
    expect(asAdmin.body.totals).toMatchObject({ posts: 1, reach: 4000 });
  });
});

const REALTIME_FIELDS = `clientId from to generatedAt simulatedIncluded
  totals { posts reach views likes comments shares engagementRate }
  hours { start hour posts likes }
  publishing { targetId postId platform status excerpt dueAt simulated }
  dueSoon { targetId platform status excerpt dueAt }
  metricsAt`;

describe("GraphQL analyticsRealtime", () => {
  test("the query: the same view, the same tenancy", async () => {
    const g = await gql(
      app.base,
      `query ($c: ID!) { analyticsRealtime(clientId: $c, includeSimulated: false) { ${REALTIME_FIELDS} } }`,
      { c: a.businessId },
      a.token,
    );
    expect(g.errors).toBeUndefined();
    const v = g.data.analyticsRealtime;
    expect(v.totals).toEqual({
      posts: 2,
      reach: 1000,
      views: 3500,
      likes: 110,
      comments: 16,
      shares: 14,
      engagementRate: 4.67,
    });
    expect(v.hours).toHaveLength(24);
    expect(v.publishing).toEqual([
      expect.objectContaining({ targetId: ids.sending, platform: "INSTAGRAM", status: "PUBLISHING", simulated: false }),
    ]);
    expect(v.dueSoon).toEqual([
      expect.objectContaining({ targetId: ids.soon, platform: "TWITTER", status: "PENDING" }),
    ]);

    const other = await gql(
      app.base,
      `query ($c: ID!) { analyticsRealtime(clientId: $c) { clientId } }`,
      { c: a.businessId },
      b.token,
    );
    expect(other.errors?.[0]?.extensions.code).toBe("FORBIDDEN");
    const asAdmin = await gql(
      app.base,
      `query ($c: ID!) { analyticsRealtime(clientId: $c, includeSimulated: false) { totals { posts } } }`,
      { c: a.businessId },
      admin,
    );
    expect(asAdmin.data.analyticsRealtime.totals.posts).toBe(2);
  });

  test("the subscription sends the view at once and again after a post is published; another business's subscriber is refused", async () => {
    const s = await business();
    await app.sufra.services.platformAccounts.ensureDemoAccounts(s.businessId);
    const p = await call(app.base, "POST", "/api/posts", {
      token: s.token,
      body: { content: "Cardamom cold brew, today only", platforms: ["twitter"] },
    });
    expect(p.status).toBe(201);

    const ws = createClient({
      url: app.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${s.token}` },
    });
    const views: { totals: { posts: number }; publishing: { postId: string }[] }[] = [];
    let failed: unknown = null;
    ws.subscribe<{ analyticsRealtime: (typeof views)[number] }>(
      {
        query: `subscription ($c: ID!) { analyticsRealtime(clientId: $c, includeSimulated: true) { ${REALTIME_FIELDS} } }`,
        variables: { c: s.businessId },
      },
      { next: (m) => m.data && views.push(m.data.analyticsRealtime), error: (e) => (failed = e), complete: () => {} },
    );
    const waitFor = async (ok: () => boolean, what: string) => {
      for (const until = Date.now() + 20_000; !ok(); await new Promise((r) => setTimeout(r, 100))) {
        if (failed) throw new Error(`the subscription failed: ${JSON.stringify(failed)}`);
        if (Date.now() > until) throw new Error(`timed out waiting for ${what}; views: ${JSON.stringify(views)}`);
      }
    };
    try {
      await waitFor(() => views.length >= 1, "the first view");
      expect(views[0]!.totals.posts).toBe(0);
      expect((await call(app.base, "POST", `/api/posts/${p.body.id}/publish`, { token: s.token })).status).toBe(202);
      await waitFor(() => views.some((v) => v.totals.posts === 1), "a view with the published post");

      // the metrics job's news also refreshes it
      const seen = views.length;
      await app.sufra.deps.pubsub.publish("metrics.changed", { businessId: s.businessId });
      await waitFor(() => views.length > seen, "a view after metrics.changed");
    } finally {
      await ws.dispose();
    }

    // another business's person may not listen to this one
    const t = await business();
    const foreign = createClient({
      url: app.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${t.token}` },
    });
    try {
      const refused = await new Promise<{ errors?: { extensions?: { code?: string } }[] } | unknown>((resolve) => {
        foreign.subscribe(
          {
            query: `subscription ($c: ID!) { analyticsRealtime(clientId: $c) { clientId } }`,
            variables: { c: s.businessId },
          },
          { next: (m) => resolve(m), error: (e) => resolve(e), complete: () => resolve("complete") },
        );
      });
      const errors = Array.isArray(refused) ? refused : ((refused as { errors?: unknown[] }).errors ?? []);
      expect((errors as { extensions?: { code?: string } }[])[0]?.extensions?.code).toBe("FORBIDDEN");
    } finally {
      await foreign.dispose();
    }
    // Agenda keeps a timer of half the publish job's lock lifetime after a run; outlast it so jest exits cleanly
    await new Promise((r) => setTimeout(r, 2_500));
  });
});
