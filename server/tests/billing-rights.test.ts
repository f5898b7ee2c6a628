// What a stopped subscription may still do (docs/product.md#subscriptions-and-billing), through every
// door: an expired café signs in, reads its posts, exports its figures and opens billing; publishing,
// scheduling, AI writing, inviting and its API key are refused with 402 SUBSCRIPTION_ENDED in the
// person's language. Its scheduled post is held when due and goes out once it pays. After leaving
// Premium, team members other than the owners and the account holder may only read.
import { describe, expect, test } from "@jest/globals";
import { ERRORS } from "@sufra/schema";
import { releaseHeldPosts } from "../src/modules/billing/lifecycle.ts";
import { call, gql, registeredClient } from "./support/app.ts";
import { mailedAppForFile } from "./support/per-file.ts";
import { joinedMember, login, newAddress } from "./support/team.ts";

const { app, mailbox } = mailedAppForFile();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inHours = (h: number) => new Date(Date.now() + h * 3_600_000).toISOString();

/** An approved Premium café on its trial, signed in, with the demo network's accounts. */
async function cafe() {
  const c = await registeredClient(app.base, { over: { requested_plan: "premium" } });
  await app.sufra.services.platformAccounts.ensureDemoAccounts(c.businessId);
  const session = await login(app.base, c.email, c.password);
  return { ...c, token: session.access_token };
}
const setSub = (businessId: string, data: Record<string, unknown>) =>
  app.sufra.deps.db.subscription.update({ where: { businessId }, data });
const post = async (token: string, body: Record<string, unknown> = {}) =>
  (
    await call(app.base, "POST", "/api/posts", {
      token,
      body: { content: "Karak at sunset", platforms: ["instagram"], ...body },
    })
  ).body;

describe("an expired café", () => {
  test("may sign in, read, export and open billing; may not publish, schedule, write with AI, invite or use its API key", async () => {
    const c = await cafe();
    const key = await gql(app.base, `mutation { createApiKey(name: "Site") { key } }`, {}, c.token);
    const apiKey = key.data.createApiKey.key as string;
    const draft = await post(c.token);
    const review = await call(app.base, "POST", "/api/reviews", {
      token: c.token,
      body: { source: "google", author: "Ali", rating: 5, text: "Great karak", reviewed_at: "2026-11-20" },
    });
    expect(review.status).toBe(201);
    await setSub(c.businessId, { status: "expired", endedAt: new Date() });

    // what stays
    const again = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
    expect(again.status).toBe(200);
    const token = again.body.access_token as string;
    expect((await call(app.base, "GET", "/api/posts", { token })).status).toBe(200);
    expect((await gql(app.base, `{ posts(first: 5) { edges { node { id } } } }`, {}, token)).errors).toBeUndefined();
    expect(
      (
        await call(
          app.base,
          "GET",
          `/api/analytics/export?format=csv&client_id=${c.businessId}&from=2026-01-01&to=2026-01-31`,
          { token },
        )
      ).status,
    ).toBe(200);
    const billing = await call(app.base, "GET", "/api/billing", { token });
    expect(billing.status).toBe(200);
    expect(billing.body).toMatchObject({ status: "expired", running: false });
    // a draft may still be written and edited
    expect(
      (await call(app.base, "POST", "/api/posts", { token, body: { content: "A draft", platforms: ["instagram"] } }))
        .status,
    ).toBe(201);

    // what stops: 402 SUBSCRIPTION_ENDED at the REST door, in the person's language
    const refused = async (method: string, path: string, body?: unknown, lang = "en") => {
      const r = await call(app.base, method, path, { token, body, lang });
      expect([path, r.status, r.body.code]).toEqual([path, 402, "SUBSCRIPTION_ENDED"]);
      expect(r.body.message).toBe(ERRORS.SUBSCRIPTION_ENDED[lang as "en" | "ar"]);
    };
    await refused("POST", `/api/posts/${draft.id}/publish`);
    await refused("POST", `/api/posts/${draft.id}/schedule`, { scheduled_for: inHours(5) }, "ar");
    await refused("POST", "/api/posts", { content: "Later", platforms: ["instagram"], scheduled_for: inHours(5) });
    await refused("POST", "/api/posts/bulk/schedule", { ids: [draft.id], scheduled_for: inHours(5) });
    await refused("POST", "/api/posts/generate", { prompt: "Saffron latte", platform: "instagram" }, "ar");
    await refused("POST", "/api/team/invitations", { email: newAddress(), role: "client" });
    // a suggested reply to a guest is AI writing too
    await refused("POST", `/api/reviews/${review.body.id}/suggest-reply`, {}, "ar");

    // ... and at the GraphQL door
    const g = await gql(app.base, `mutation($id: ID!) { publishPost(id: $id) { id } }`, { id: draft.id }, token, "ar");
    expect(g.errors?.[0]).toMatchObject({
      message: ERRORS.SUBSCRIPTION_ENDED.ar,
      extensions: { code: "FORBIDDEN", reason: "SUBSCRIPTION_ENDED" },
    });
    const s = await gql(
      app.base,
      `mutation($id: ID!, $at: DateTime!) { schedulePost(id: $id, scheduledFor: $at) { id } }`,
      { id: draft.id, at: inHours(3) },
      token,
    );
    expect(s.errors?.[0]?.extensions.reason).toBe("SUBSCRIPTION_ENDED");
    const ai = await gql(
      app.base,
      `mutation { generatePost(input: { prompt: "Karak", platform: INSTAGRAM }) { content } }`,
      {},
      token,
    );
    expect(ai.errors?.[0]?.extensions.reason).toBe("SUBSCRIPTION_ENDED");
    // nothing was counted or sent
    expect(await app.sufra.deps.db.aiGeneration.count({ where: { businessId: c.businessId } })).toBe(0);
    expect((await call(app.base, "GET", `/api/posts/${draft.id}`, { token })).body.status).toBe("draft");

    // the API key (the GraphQL door's) is kept but refused, and works again once the café pays
    const byKey = await call(app.base, "POST", "/graphql", {
      token: apiKey,
      lang: "ar",
      body: { query: "{ me { email } }" },
    });
    expect(byKey.body.errors[0]).toMatchObject({
      message: ERRORS.SUBSCRIPTION_ENDED.ar,
      extensions: { reason: "SUBSCRIPTION_ENDED" },
    });
    await setSub(c.businessId, { status: "active", endedAt: null, renewsAt: new Date(Date.now() + 20 * 86_400_000) });
    const back = await call(app.base, "POST", "/graphql", { token: apiKey, body: { query: "{ me { email } }" } });
    expect(back.status).toBe(200);
    expect(back.body.data.me.email).toBe(c.email);
  });

  test("a scheduled post is held when due (still scheduled, nothing sent) and goes out once the café pays", async () => {
    const c = await cafe();
    const p = await post(c.token, { platforms: ["twitter"], scheduled_for: inHours(2) });
    expect(p.status).toBe("scheduled");
    await setSub(c.businessId, { status: "expired", endedAt: new Date() });
    // its time comes while the café is stopped
    const pool = app.sufra.deps.pool;
    await pool.query("update posts set scheduled_for = now() where id = $1", [p.id]);
    const { rows } = await pool.query<{ id: string }>(
      "update post_targets set due_at = now() where post_id = $1 returning id",
      [p.id],
    );
    await app.sufra.services.publishing.enqueue(rows.map((r) => ({ id: r.id, dueAt: new Date() })));
    await sleep(3_000);
    await app.sufra.services.publishing.recover(new Date(), 0);
    await sleep(1_500);
    const held = await app.sufra.deps.db.post.findUniqueOrThrow({ where: { id: p.id }, include: { targets: true } });
    expect(held.status).toBe("scheduled");
    expect(held.targets.map((t) => [t.status, t.attempts, t.externalId])).toEqual([["pending", 0, null]]);

    // it pays (the payment's transaction makes it run and releases what it held)
    await app.sufra.deps.db.$transaction(async (tx) => {
      await tx.subscription.update({
        where: { businessId: c.businessId },
        data: {
          status: "active",
          endedAt: null,
          periodStartsAt: new Date(),
          renewsAt: new Date(Date.now() + 30 * 86_400_000),
        },
      });
      await releaseHeldPosts(tx, c.businessId);
    });
    const deadline = Date.now() + 30_000;
    let status = "";
    while (
      Date.now() < deadline &&
      (status = (await app.sufra.deps.db.post.findUniqueOrThrow({ where: { id: p.id } })).status) !== "published"
    )
      await sleep(300);
    expect(status).toBe("published");
  });
});

describe("after leaving Premium", () => {
  test("members other than the owners and the account holder may only read, at both doors, until it is Premium again", async () => {
    const c = await cafe();
    const member = await joinedMember(app.base, mailbox, c.token, "client");
    const owner = await joinedMember(app.base, mailbox, c.token, "owner");
    expect(
      (
        await call(app.base, "POST", "/api/posts", {
          token: member.access_token,
          body: { content: "By the member", platforms: ["instagram"] },
        })
      ).status,
    ).toBe(201);

    await setSub(c.businessId, {
      status: "active",
      plan: "professional",
      renewsAt: new Date(Date.now() + 20 * 86_400_000),
    });
    // the member reads, marks their notifications, but writes nothing
    expect((await call(app.base, "GET", "/api/posts", { token: member.access_token })).status).toBe(200);
    expect(
      (await call(app.base, "POST", "/api/notifications/read", { token: member.access_token, body: {} })).status,
    ).toBe(200);
    const rest = await call(app.base, "POST", "/api/posts", {
      token: member.access_token,
      lang: "ar",
      body: { content: "No", platforms: ["instagram"] },
    });
    expect([rest.status, rest.body.code, rest.body.message]).toEqual([
      403,
      "READ_ONLY_MEMBER",
      ERRORS.READ_ONLY_MEMBER.ar,
    ]);
    const g = await gql(
      app.base,
      `mutation { createPost(input: { content: "No", platforms: [INSTAGRAM] }) { id } }`,
      {},
      member.access_token,
    );
    expect(g.errors?.[0]?.extensions).toMatchObject({ code: "FORBIDDEN", reason: "READ_ONLY_MEMBER" });
    expect(
      (await gql(app.base, `mutation { markAllNotificationsRead { marked } }`, {}, member.access_token)).errors,
    ).toBeUndefined();
    // the account holder and the owners keep writing
    expect(
      (
        await call(app.base, "POST", "/api/posts", {
          token: c.token,
          body: { content: "Holder", platforms: ["instagram"] },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(app.base, "POST", "/api/posts", {
          token: owner.access_token,
          body: { content: "Owner", platforms: ["instagram"] },
        })
      ).status,
    ).toBe(201);

    // back on Premium: the member writes again
    await setSub(c.businessId, { plan: "premium" });
    expect(
      (
        await call(app.base, "POST", "/api/posts", {
          token: member.access_token,
          body: { content: "Back", platforms: ["instagram"] },
        })
      ).status,
    ).toBe(201);
  });
});
