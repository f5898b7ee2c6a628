// The inbox's sync over real HTTP and Postgres (docs/product.md#inbox), against the Google and Instagram
// stand-ins: Google reviews of picked locations read page by page until nothing is newer, stored once
// however often or concurrently they are read, edits and replies made on Google seen; Instagram comments
// by poll and by the signed webhook (/api/webhooks/instagram), stored once whichever comes first, the
// business's own replies updating the comment they answer, forged signatures refused; review.received
// and comment.received recorded once; each person of the business told of a negative item once;
// tenancy; the job's due reads and sync now's limit; an account connected through Instagram's sign-in
// subscribed to comments (again on reconnect), so the stand-in delivers its comments by itself, and
// then swept every 30 minutes instead of read every minute.
import { describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createInboxSync, type InboxSyncOptions } from "../src/modules/inbox/sync.ts";
import type { Viewer } from "../src/kernel/policy.ts";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";
import { ensureDemoInbox } from "../src/seed/demo-inbox.ts";
import { createGoogleAdapter } from "../src/networks/google/adapter.ts";
import { createDemoGuests } from "../src/networks/demo-guests.ts";
import { createInstagramGuests } from "../src/networks/instagram/guests.ts";
import { call, signedInBusiness, startTestApp } from "./support/app.ts";
import { forFile } from "./support/per-file.ts";
import { startGoogleFake, type GoogleFakeState } from "./fakes/google-server.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { createEndpoint, until, WEBHOOK_ENV } from "./fakes/webhook-receiver-helpers.ts";
import { startReceiver } from "./fakes/webhook-receiver.ts";

const VERIFY_TOKEN = "sufra-verify-token-42";
// Instagram's stand-in is the app's network (its webhook and comments); Google's is read through an
// adapter of its own, with the tokens it issued (connecting a Google account is the platform accounts' work)
const { app, ig, gfake, receiver } = forFile(
  async () => {
    const [ig, gfake, receiver] = await Promise.all([startInstagramFake(), startGoogleFake(), startReceiver()]);
    const app = await startTestApp({ ...WEBHOOK_ENV, ...ig.state.env, INSTAGRAM_WEBHOOK_VERIFY_TOKEN: VERIFY_TOKEN });
    return { app, ig, gfake, receiver };
  },
  async (s) => {
    await s.app.stop();
    await Promise.all([s.ig.close(), s.gfake.close(), s.receiver.close()]);
  },
);

const db = () => app.sufra.deps.db;
const HOUR = 3_600_000;
const ago = (h: number) => new Date(Date.now() - h * HOUR);
/** Instagram's times are whole seconds (its API and its webhook) */
const second = (d: Date) => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString();
const googleTokens = new Map<string, string>();
const googleCalls = () => gfake.state.calls.reviews ?? 0;

function sync(over: Partial<InboxSyncOptions> = {}) {
  const s = app.sufra.services;
  return createInboxSync(app.sufra.deps, {
    // the account's token as the stand-in issued it (connecting a Google account is the platform accounts' work)
    platformAccounts: {
      access: async (id) => {
        const account = await db().platformAccount.findUniqueOrThrow({ where: { id } });
        return {
          account,
          access: {
            externalId: account.externalId,
            handle: account.handle,
            accessToken: googleTokens.get(id) ?? "none",
            id,
          },
        };
      },
      markReconnectNeeded: s.platformAccounts.markReconnectNeeded,
    },
    notifications: s.notifications,
    webhooks: s.webhooks,
    google: createGoogleAdapter(gfake.state.config, { backoffMs: 1 }),
    instagram: null,
    demo: createDemoGuests(),
    ...over,
  });
}

/** A business with a picked Google location (on the stand-in), a second person (Arabic), and (unless told otherwise) an endpoint for the inbox's events. */
async function googleBusiness(opts: { endpoint?: boolean } = {}) {
  const b = await signedInBusiness(app.base);
  const n = randomUUID().slice(0, 8);
  const g = gfake.state.addPerson({ name: `Owner ${n}` });
  const place = gfake.state.addLocation(g.account.name, { title: "Salmiya branch" });
  const account = await db().platformAccount.create({
    data: {
      businessId: b.businessId,
      platform: "google",
      externalId: g.person.id,
      handle: g.person.email,
      status: "connected",
    },
  });
  googleTokens.set(account.id, gfake.state.issueTokens(g.person.id).accessToken);
  const location = await db().googleLocation.create({
    data: {
      businessId: b.businessId,
      accountId: account.id,
      googleAccount: g.account.name,
      name: place.name,
      title: "Salmiya branch",
      verified: true,
      picked: true,
    },
  });
  const member = await db().user.create({
    data: {
      email: `member-${n}@example.kw`,
      name: "Huda",
      role: "client",
      memberships: { create: { businessId: b.businessId, role: "client" } },
      passwordHash: "x",
      locale: "ar",
      emailVerifiedAt: new Date(),
    },
  });
  const endpoint =
    opts.endpoint === false
      ? null
      : await createEndpoint(app, b.token, {
          url: `${receiver.url}/${n}`,
          events: ["review.received", "comment.received"],
        });
  return { ...b, account, location, member, endpoint, place: location.name };
}

const rows = (businessId: string) => db().review.findMany({ where: { businessId }, orderBy: { writtenAt: "asc" } });
const events = (businessId: string, type: string) => db().webhookEvent.findMany({ where: { businessId, type } });

describe("Google reviews", () => {
  const add = (b: { place: string }, r: Parameters<GoogleFakeState["addReview"]>[1]) =>
    gfake.state.addReview(b.place, r);

  test("read twice, or by two syncs at once, a review is one row and one review.received; the location's figures are kept", async () => {
    const b = await googleBusiness();
    const salem = add(b, { author: "Salem", stars: 5, comment: "Best saffron latte in Salmiya", createTime: ago(30) });
    const mona = add(b, { author: "Mona", stars: 4, comment: "الكرك لذيذ والمكان هادي", createTime: ago(20) });
    const ali = add(b, { author: "Ali", stars: 3, createTime: ago(10) });
    // the app's reply writer drafts an answer to each new review, as the app's own sync does
    const s = sync({ draftReplies: app.sufra.services.reviews.draftReplies });
    const [one, two] = await Promise.all([s.syncLocation(b.location), s.syncLocation(b.location)]);
    expect(one.added + two.added).toBe(3);
    expect((await s.syncLocation(b.location)).added).toBe(0);
    const stored = await rows(b.businessId);
    expect(
      stored.map((r) => [r.author, r.kind, r.source, r.rating, r.text, r.importKey, r.externalId, r.locationId]),
    ).toEqual([
      [
        "Salem",
        "review",
        "google",
        5,
        "Best saffron latte in Salmiya",
        `google:${salem.name}`,
        salem.name,
        b.location.id,
      ],
      ["Mona", "review", "google", 4, "الكرك لذيذ والمكان هادي", `google:${mona.name}`, mona.name, b.location.id],
      ["Ali", "review", "google", 3, "", `google:${ali.name}`, ali.name, b.location.id],
    ]);
    expect(stored[1]).toMatchObject({
      language: "ar",
      status: "new",
      writtenAt: mona.createTime,
      sourceUpdatedAt: mona.updateTime,
    });
    // each has a draft reply, not approved, in the guest's language (Mona wrote in Arabic)
    for (const r of stored) expect(r.reply?.length).toBeGreaterThan(10);
    expect(stored[1].reply).toMatch(/[\u0600-\u06FF]/);
    expect(stored[0].reply).not.toMatch(/[\u0600-\u06FF]/);
    expect(stored.every((r) => r.status === "new" && r.approvedAt === null)).toBe(true);
    // the Kuwait day of when it was written
    for (const r of stored)
      expect(r.reviewedAt.toISOString().slice(0, 10)).toBe(
        new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kuwait" }).format(r.writtenAt),
      );
    expect(await events(b.businessId, "review.received")).toHaveLength(3);
    const loc = await db().googleLocation.findUniqueOrThrow({ where: { id: b.location.id } });
    expect(loc).toMatchObject({ averageRating: 4, totalReviews: 3, lastSyncError: null });
    expect(loc.lastSyncedAt).not.toBeNull();
    // the events reach the endpoint, each once, as REST shows a review
    const path = new URL(b.endpoint!.endpoint.url).pathname;
    const mine = await until(async () => {
      const got = receiver.received.filter((r) => r.path === path);
      return got.length >= 3 ? got : null;
    });
    expect(mine.map((r) => [r.body.type, r.body.data.author]).sort()).toEqual([
      ["review.received", "Ali"],
      ["review.received", "Mona"],
      ["review.received", "Salem"],
    ]);
  });

  test("an edited review updates its words, rating and reading, keeping Sufra's draft; an answer made on Google marks it replied", async () => {
    const b = await googleBusiness();
    const rec = add(b, { author: "Fahad", stars: 2, comment: "Cold coffee and slow service", createTime: ago(5) });
    const s = sync();
    await s.syncLocation(b.location);
    const [before] = await rows(b.businessId);
    expect(before).toMatchObject({ rating: 2, sentiment: "negative" });
    await db().review.update({
      where: { id: before!.id },
      data: { reply: "Sorry, Fahad!", status: "approved", approvedAt: new Date() },
    });

    gfake.state.editReview(rec.name, { stars: 5, comment: "They called me and fixed it. Excellent service!" });
    expect(await s.syncLocation(b.location)).toMatchObject({ added: 0, updated: 1 });
    const edited = await db().review.findUniqueOrThrow({ where: { id: before!.id } });
    expect(edited).toMatchObject({
      rating: 5,
      text: "They called me and fixed it. Excellent service!",
      sentiment: "positive",
      reply: "Sorry, Fahad!",
      status: "new",
      approvedAt: null,
      sourceUpdatedAt: rec.updateTime,
    });

    // the owner answered in Google Maps, not in Sufra
    const answeredAt = new Date(Date.now() - 60_000);
    rec.reply = { comment: "Thank you, Fahad!", updateTime: answeredAt };
    await s.syncLocation(b.location);
    expect(await db().review.findUniqueOrThrow({ where: { id: before!.id } })).toMatchObject({
      status: "replied",
      repliedVia: "network",
      reply: "Thank you, Fahad!",
      repliedAt: answeredAt,
    });
    // and took it down again: unanswered
    rec.reply = undefined;
    await s.syncLocation(b.location);
    expect(await db().review.findUniqueOrThrow({ where: { id: before!.id } })).toMatchObject({
      status: "new",
      repliedVia: null,
      repliedAt: null,
    });
    // no second event for the same review
    expect(await events(b.businessId, "review.received")).toHaveLength(1);
  });

  test("pages newest first, and stops at the first page with nothing newer than what is stored", async () => {
    const b = await googleBusiness({ endpoint: false });
    for (let i = 0; i < 101; i++) add(b, { author: `Guest ${i}`, stars: 4, comment: "Nice", createTime: ago(200 - i) });
    const s = sync();
    let before = googleCalls();
    expect((await s.syncLocation(b.location)).added).toBe(101);
    // the first read walks every page: 50 + 50 + 1
    expect(googleCalls() - before).toBe(3);
    add(b, { author: "Newest", stars: 5, comment: "Great", createTime: ago(1) });
    before = googleCalls();
    expect((await s.syncLocation(b.location)).added).toBe(1);
    // page one holds the new review; page two holds nothing newer: the read stops there
    expect(googleCalls() - before).toBe(2);
    before = googleCalls();
    expect(await s.syncLocation(b.location)).toMatchObject({ added: 0, updated: 0 });
    expect(googleCalls() - before).toBe(1);
    expect(await db().review.count({ where: { businessId: b.businessId } })).toBe(102);
  });

  test("a negative review tells each person of the business once; a positive or an old one tells nobody", async () => {
    const b = await googleBusiness();
    add(b, { author: "فهد", stars: 1, comment: "انتظرت نص ساعة والقهوة باردة", createTime: ago(3) });
    add(b, { author: "Sara", stars: 5, comment: "Wonderful", createTime: ago(2) });
    // an old one-star review found on the first read is history, not news
    add(b, { author: "Old", stars: 1, comment: "Bad", createTime: ago(24 * 30) });
    const s = sync();
    await Promise.all([s.syncLocation(b.location), s.syncLocation(b.location)]);
    await s.syncLocation(b.location);
    const neg = await db().review.findFirstOrThrow({ where: { businessId: b.businessId, author: "فهد" } });
    const told = await db().notification.findMany({
      where: { type: "review_negative", userId: { in: [b.userId, b.member.id] } },
    });
    expect(told.map((n) => n.userId).sort()).toEqual([b.userId, b.member.id].sort());
    for (const n of told)
      expect(n.data).toEqual({
        businessId: b.businessId,
        reviewId: neg.id,
        source: "google",
        rating: 1,
        author: "فهد",
        excerpt: "انتظرت نص ساعة والقهوة باردة",
        locationTitle: "Salmiya branch",
      });
  });

  test("errors are kept on the location: a rate limit waits for its time; a refused token asks for a reconnect", async () => {
    const b = await googleBusiness();
    const s = sync();
    gfake.state.failNext("reviews", 429, 5, { retryAfterSecs: 600 });
    expect((await s.syncLocation(b.location)).ok).toBe(false);
    const limited = await db().googleLocation.findUniqueOrThrow({ where: { id: b.location.id } });
    expect(limited.lastSyncError).toBe("rate_limit");
    expect(limited.syncRetryAt!.getTime()).toBeGreaterThan(Date.now() + 500_000);
    // the job skips it until then
    const hourAgo = ago(1);
    await db().googleLocation.update({ where: { id: b.location.id }, data: { lastSyncedAt: hourAgo } });
    await s.runDue(500);
    expect(await db().googleLocation.findUniqueOrThrow({ where: { id: b.location.id } })).toMatchObject({
      lastSyncedAt: hourAgo,
      lastSyncError: "rate_limit",
    });

    gfake.state.failures.clear();
    await db().googleLocation.update({ where: { id: b.location.id }, data: { syncRetryAt: null } });
    gfake.state.failNext("reviews", 401, 1);
    await s.runDue(500);
    expect(await db().googleLocation.findUniqueOrThrow({ where: { id: b.location.id } })).toMatchObject({
      lastSyncError: "auth",
    });
    expect(await db().platformAccount.findUniqueOrThrow({ where: { id: b.account.id } })).toMatchObject({
      status: "reconnect_needed",
    });
    expect(await db().notification.count({ where: { userId: b.userId, type: "account_reconnect_needed" } })).toBe(1);
  });

  test("tenancy: a location is read into its own business only; the job reads due locations once", async () => {
    const a = await googleBusiness();
    const other = await googleBusiness();
    add(a, { author: "Only A", stars: 4, comment: "Fine" });
    add(other, { author: "Only B", stars: 4, comment: "Fine" });
    const s = sync();
    await Promise.all([s.runDue(500), s.runDue(500)]);
    expect((await rows(a.businessId)).map((r) => r.author)).toEqual(["Only A"]);
    expect((await rows(other.businessId)).map((r) => r.author)).toEqual(["Only B"]);
    // read a moment ago: not due
    const read = await db().googleLocation.findMany({
      where: { id: { in: [a.location.id, other.location.id] } },
      orderBy: { id: "asc" },
    });
    await s.runDue(500);
    expect(
      await db().googleLocation.findMany({
        where: { id: { in: [a.location.id, other.location.id] } },
        orderBy: { id: "asc" },
      }),
    ).toEqual(read);
  });
});

describe("Instagram comments", () => {
  const webhook = `/api/webhooks/instagram`;
  const ownUrl = () => `${app.base}${webhook}`;
  /**
   * A business with its Instagram account connected on the stand-in, and a post published there;
   * `tokenScopes`: the only permissions the stand-in's token holds.
   */
  async function instagramBusiness(tokenScopes?: string[]) {
    const b = await googleBusiness();
    const n = randomUUID().slice(0, 8);
    const user = { userId: `178414${Date.now()}${Math.floor(Math.random() * 1000)}`, username: `cafe.${n}` };
    const token = ig.state.issueToken(user, undefined, 0, tokenScopes);
    const account = await db().platformAccount.upsert({
      where: { businessId_platform: { businessId: b.businessId, platform: "instagram" } },
      create: {
        businessId: b.businessId,
        platform: "instagram",
        externalId: user.userId,
        handle: user.username,
        status: "connected",
        accessToken: createTokenCrypto(app.sufra.deps.config.tokenKey).seal(token),
        tokenExpiresAt: new Date(Date.now() + 50 * 86_400_000),
        scopes: ["instagram_business_basic", "instagram_business_manage_comments"],
      },
      update: {},
    });
    const media = ig.state.addMedia(user.userId, { caption: "Saffron latte", ageMs: 5 * HOUR });
    const post = await db().post.create({
      data: {
        businessId: b.businessId,
        status: "published",
        content: "Saffron latte",
        publishedAt: ago(5),
        targets: {
          create: [
            {
              accountId: account.id,
              platform: "instagram",
              status: "published",
              externalId: media.id,
              permalink: media.permalink,
              publishedAt: ago(5),
            },
          ],
        },
      },
    });
    return { ...b, igAccount: account, user, media, post };
  }
  const inbox = () => app.sufra.services.inboxSync;

  test("the handshake answers Meta's challenge with the verify token only", async () => {
    const ok = await call(
      app.base,
      "GET",
      `${webhook}?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444`,
    );
    expect(ok).toEqual({ status: 200, body: "1158201444" });
    const wrong = await call(
      app.base,
      "GET",
      `${webhook}?hub.mode=subscribe&hub.verify_token=guess-guess&hub.challenge=1158201444`,
    );
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ code: "FORBIDDEN" });
    expect((await call(app.base, "GET", webhook)).status).toBe(403);
  });

  test("polled under the business's own posts: one row per comment with its post, link and thread; the business's own comment is not a guest's", async () => {
    const b = await instagramBusiness();
    const guest = ig.state.addComment(b.media.id, { text: "وين مكانكم؟", username: "dana.q8", at: ago(1) });
    ig.state.addComment(b.media.id, {
      text: "First comment: #saffron",
      username: b.user.username,
      fromId: b.user.userId,
      at: ago(4),
    });
    await inbox().syncInstagramAccount(b.igAccount);
    await inbox().syncInstagramAccount(b.igAccount);
    const stored = await rows(b.businessId);
    expect(
      stored.map((r) => [
        r.kind,
        r.source,
        r.author,
        r.rating,
        r.language,
        r.importKey,
        r.mediaExternalId,
        r.postId,
        r.status,
      ]),
    ).toEqual([["comment", "instagram", "dana.q8", null, "ar", `instagram:${guest.id}`, b.media.id, b.post.id, "new"]]);
    // a plain question, by its words alone (a comment has no stars): a question, never a complaint
    expect(stored[0]).toMatchObject({ sentiment: "neutral", intent: "question" });
    // a comment has no link of its own: the post's
    expect(stored[0]!.permalink).toBe(b.media.permalink);
    expect(await events(b.businessId, "comment.received")).toHaveLength(1);
    expect(await db().platformAccount.findUniqueOrThrow({ where: { id: b.igAccount.id } })).toMatchObject({
      inboxSyncError: null,
      inboxSyncedAt: expect.any(Date),
    });

    // the business answered on Instagram: the thread shows it and the comment is replied
    const answer = ig.state.addReply(guest.id, {
      text: "Salmiya, Salem Al Mubarak St.",
      username: b.user.username,
      fromId: b.user.userId,
      at: ago(0.5),
    });
    await inbox().syncInstagramAccount(b.igAccount);
    const [answered] = await rows(b.businessId);
    expect(answered).toMatchObject({
      status: "replied",
      repliedVia: "network",
      reply: "Salmiya, Salem Al Mubarak St.",
    });
    expect(answered!.thread).toEqual([
      {
        author: b.user.username,
        text: "Salmiya, Salem Al Mubarak St.",
        at: second(answer.timestamp!),
        fromBusiness: true,
      },
    ]);
    expect(await db().review.count({ where: { businessId: b.businessId } })).toBe(1);
  });

  test("the webhook's comment arrives at once; the poll's copy of it is the same row and no second comment.received; the business's reply by webhook updates it", async () => {
    const b = await instagramBusiness();
    const c = ig.state.addComment(b.media.id, {
      text: "The coffee was cold and the staff were rude",
      username: "ahmad_kw",
      at: ago(0.2),
    });
    const sent = await ig.state.sendWebhook(ownUrl(), ig.state.commentWebhook(c.id));
    expect(sent.status).toBe(200);
    expect(JSON.parse(sent.text)).toEqual({ received: true, added: 1, updated: 0 });
    // Meta sends again when it is unsure: nothing new
    expect(JSON.parse((await ig.state.sendWebhook(ownUrl(), ig.state.commentWebhook(c.id))).text)).toEqual({
      received: true,
      added: 0,
      updated: 0,
    });
    const [arrived] = await rows(b.businessId);
    expect(arrived).toMatchObject({
      kind: "comment",
      importKey: `instagram:${c.id}`,
      author: "ahmad_kw",
      mediaExternalId: b.media.id,
      postId: b.post.id,
      sentiment: "negative",
      intent: "complaint",
      status: "new",
    });
    await inbox().syncInstagramAccount(b.igAccount);
    const stored = await rows(b.businessId);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.permalink).toBe(b.media.permalink);
    expect(await events(b.businessId, "comment.received")).toHaveLength(1);
    // a negative comment tells the people too, once each
    expect(
      await db().notification.count({ where: { type: "review_negative", userId: { in: [b.userId, b.member.id] } } }),
    ).toBe(2);
    // the receiver got the event as REST shows the item
    const path = new URL(b.endpoint!.endpoint.url).pathname;
    const got = await until(async () =>
      receiver.received.find((r) => r.path === path && r.body.type === "comment.received"),
    );
    expect(got.body.data).toMatchObject({ id: arrived!.id, source: "instagram", author: "ahmad_kw" });

    // the business's own reply comes back as an event: it updates the comment, it is not an item
    const reply = ig.state.addReply(c.id, {
      text: "Sorry! Please DM us.",
      username: b.user.username,
      fromId: b.user.userId,
      at: ago(0.1),
    });
    expect(JSON.parse((await ig.state.sendWebhook(ownUrl(), ig.state.commentWebhook(reply.id))).text)).toEqual({
      received: true,
      added: 0,
      updated: 1,
    });
    expect(JSON.parse((await ig.state.sendWebhook(ownUrl(), ig.state.commentWebhook(reply.id))).text)).toEqual({
      received: true,
      added: 0,
      updated: 0,
    });
    const after = await rows(b.businessId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: "replied", repliedVia: "network", reply: "Sorry! Please DM us." });
    expect(after[0]!.thread).toEqual([
      { author: b.user.username, text: "Sorry! Please DM us.", at: second(reply.timestamp!), fromBusiness: true },
    ]);
  });

  test("a forged or missing signature is refused with 403 and stores nothing; a body too large is refused as such", async () => {
    const b = await instagramBusiness();
    const c = ig.state.addComment(b.media.id, { text: "Yum", username: "guest" });
    for (const signature of ["forged", "missing"] as const) {
      const r = await ig.state.sendWebhook(ownUrl(), ig.state.commentWebhook(c.id), { signature });
      expect(r.status).toBe(403);
      expect(JSON.parse(r.text)).toMatchObject({ code: "FORBIDDEN" });
    }
    const big = await ig.state.sendWebhook(
      ownUrl(),
      JSON.stringify({ object: "instagram", entry: [], pad: "x".repeat(300 * 1024) }),
    );
    expect(big.status).toBe(400);
    expect(JSON.parse(big.text)).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
    expect(await rows(b.businessId)).toHaveLength(0);
  });

  test("tenancy: a comment goes to the business that connected the account, never another; an account nobody connected stores nothing", async () => {
    const a = await instagramBusiness();
    const other = await instagramBusiness();
    const c = ig.state.addComment(a.media.id, { text: "Yum", username: "guest" });
    await ig.state.sendWebhook(ownUrl(), ig.state.commentWebhook(c.id));
    expect(await rows(a.businessId)).toHaveLength(1);
    expect(await rows(other.businessId)).toHaveLength(0);
    await inbox().syncInstagramAccount(other.igAccount);
    expect(await rows(other.businessId)).toHaveLength(0);
    const stranger = ig.state.addMedia("17841400000000999");
    const lost = ig.state.addComment(stranger.id, { text: "Hello", username: "guest" });
    expect(JSON.parse((await ig.state.sendWebhook(ownUrl(), ig.state.commentWebhook(lost.id))).text)).toEqual({
      received: true,
      added: 0,
      updated: 0,
    });
  });

  /** Connects (or reconnects) the business's Instagram through Instagram's sign-in on the stand-in, granting `scopes`. */
  async function connectThroughInstagram(token: string, user: { userId: string; username: string }, scopes: string[]) {
    const start = await call<any>(app.base, "POST", "/api/platforms/instagram/connect", { token, body: {} });
    const url = new URL(start.body.authorize_url);
    const code = `code-${randomUUID()}`;
    ig.state.issueCode(code, { ...user, redirectUri: url.searchParams.get("redirect_uri")!, scopes });
    const back = await fetch(
      `${app.base}/api/platforms/instagram/callback?code=${code}&state=${url.searchParams.get("state")}`,
      { redirect: "manual" },
    );
    expect(back.headers.get("location")).toBe("/settings?connected=1&platform=instagram");
  }

  test("connected through Instagram's sign-in, the account is subscribed to comments (again on reconnect); a comment then comes by webhook by itself, an unsubscribed account's never", async () => {
    const b = await signedInBusiness(app.base);
    const user = { userId: `178415${Date.now()}`, username: `hooked.${randomUUID().slice(0, 6)}` };
    const scopes = [
      "instagram_business_basic",
      "instagram_business_content_publish",
      "instagram_business_manage_comments",
    ];
    const subscribeCalls = () =>
      ig.state.log.filter((l) => l.endpoint === "subscribed_apps" && l.node === user.userId).length;
    await connectThroughInstagram(b.token, user, scopes);
    expect(ig.state.subscriptions.get(user.userId)).toEqual(["comments"]);
    expect(subscribeCalls()).toBe(1);
    const account = await db().platformAccount.findFirstOrThrow({
      where: { businessId: b.businessId, platform: "instagram" },
    });
    expect(account.commentsSubscribedAt).toEqual(expect.any(Date));
    // a reconnect (a new token, perhaps other permissions) subscribes again
    await connectThroughInstagram(b.token, user, scopes);
    expect(subscribeCalls()).toBe(2);

    const media = ig.state.addMedia(user.userId, { caption: "Karak", ageMs: HOUR });
    ig.state.webhookUrl = ownUrl();
    try {
      const c = ig.state.addComment(media.id, { text: "Is the terrace open tonight?", username: "fahad.kw" });
      await ig.state.delivered();
      expect(ig.state.deliveries.filter((d) => d.commentId === c.id)).toEqual([
        { userId: user.userId, commentId: c.id, status: 200 },
      ]);
      expect((await rows(b.businessId)).map((r) => [r.importKey, r.author, r.text])).toEqual([
        [`instagram:${c.id}`, "fahad.kw", "Is the terrace open tonight?"],
      ]);
      // an account never subscribed: Instagram sends nothing of it, however the app is set up
      const other = await instagramBusiness();
      const lost = ig.state.addComment(other.media.id, { text: "Hello?", username: "guest" });
      await ig.state.delivered();
      expect(ig.state.deliveries.filter((d) => d.commentId === lost.id)).toEqual([]);
      expect(await rows(other.businessId)).toHaveLength(0);
    } finally {
      ig.state.webhookUrl = null;
    }
  });

  test("with webhooks on, a subscribed account's comments are swept every 30 minutes, not read every minute; one Instagram refused to subscribe is read every minute", async () => {
    // three more posts each: four recent posts, four comment reads per read of the account
    const withPosts = async (b: Awaited<ReturnType<typeof instagramBusiness>>) => {
      const ids = [b.media.id];
      for (let i = 0; i < 3; i++) {
        const m = ig.state.addMedia(b.user.userId, { ageMs: (i + 1) * HOUR });
        await db().post.create({
          data: {
            businessId: b.businessId,
            status: "published",
            content: `Post ${i}`,
            publishedAt: ago(i + 1),
            targets: {
              create: [
                {
                  accountId: b.igAccount.id,
                  platform: "instagram",
                  status: "published",
                  externalId: m.id,
                  permalink: m.permalink,
                  publishedAt: ago(i + 1),
                },
              ],
            },
          },
        });
        ids.push(m.id);
      }
      return { ...b, mediaIds: new Set(ids) };
    };
    const hooked = await withPosts(await instagramBusiness());
    // its token lacks instagram_business_basic: Instagram refuses the subscription, the comments can still be read
    const polled = await withPosts(await instagramBusiness(["instagram_business_manage_comments"]));
    const start = Date.now() + 60_000;
    let clock = new Date(start);
    const s = sync({
      platformAccounts: app.sufra.services.platformAccounts,
      google: null,
      instagram: createInstagramGuests({ ...ig.state.config, webhookVerifyToken: VERIFY_TOKEN }, { backoffMs: 1 }),
      now: () => clock,
    });
    expect(await s.subscribeComments(hooked.igAccount.id)).toBe(true);
    expect(await s.subscribeComments(polled.igAccount.id)).toBe(false);
    expect(await db().platformAccount.findUniqueOrThrow({ where: { id: polled.igAccount.id } })).toMatchObject({
      commentsSubscribedAt: null,
    });
    const reads = (b: { mediaIds: Set<string> }) =>
      ig.state.log.filter((l) => l.endpoint === "list_comments" && b.mediaIds.has(l.node)).length;

    // ten runs of the job, a minute apart (and a second: a timer never fires early)
    for (let minute = 0; minute < 10; minute++) {
      clock = new Date(start + minute * 61_000);
      await s.runDue();
    }
    expect([reads(hooked), reads(polled)]).toEqual([4, 40]);
    // the sweep half an hour after the last read
    clock = new Date(start + 29 * 60_000);
    await s.runDue();
    expect(reads(hooked)).toBe(4);
    clock = new Date(start + 30 * 60_000 + 1);
    await s.runDue();
    expect(reads(hooked)).toBe(8);
  });
});

describe("sync now", () => {
  test("a person's sync now reads the business's locations at once, and once per 30 seconds", async () => {
    const b = await googleBusiness();
    gfake.state.addReview(b.place, { author: "Now", stars: 4, comment: "Good" });
    const s = sync();
    const viewer: Viewer = {
      userId: b.userId,
      role: "owner",
      email: b.email,
      name: "Owner",
      businessId: b.businessId,
      sessionId: "s",
    };
    const r = await s.syncNow(viewer);
    expect(r).toMatchObject({ added: 1, read: 1, failed: 0 });
    await expect(s.syncNow(viewer)).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});

describe("the demo café's inbox", () => {
  test("a labelled demo Google branch with reviews in Arabic and English (one unanswered 1-star Arabic one) and comments under its demo Instagram posts, once; the sync leaves them alone", async () => {
    const b = await signedInBusiness(app.base);
    await app.sufra.services.platformAccounts.ensureDemoAccounts(b.businessId);
    const demoIg = await db().platformAccount.findFirstOrThrow({
      where: { businessId: b.businessId, platform: "instagram", demo: true },
    });
    await db().post.create({
      data: {
        businessId: b.businessId,
        status: "published",
        content: "Karak",
        publishedAt: ago(30),
        targets: {
          create: [
            {
              accountId: demoIg.id,
              platform: "instagram",
              status: "published",
              externalId: "demo-instagram-x",
              permalink: "https://demo.sufra.local/instagram/demo-instagram-x",
              publishedAt: ago(30),
            },
          ],
        },
      },
    });
    await ensureDemoInbox(db(), b.businessId);
    await ensureDemoInbox(db(), b.businessId);
    const location = await db().googleLocation.findFirstOrThrow({ where: { businessId: b.businessId } });
    expect(location).toMatchObject({
      demo: true,
      picked: true,
      verified: true,
      title: expect.stringContaining("(demo)"),
    });
    const items = await rows(b.businessId);
    expect(items.every((r) => r.demo)).toBe(true);
    const reviews = items.filter((r) => r.kind === "review");
    const comments = items.filter((r) => r.kind === "comment");
    expect(reviews.length).toBeGreaterThanOrEqual(5);
    expect(new Set(reviews.map((r) => r.language))).toEqual(new Set(["ar", "en"]));
    expect(reviews.filter((r) => r.rating === 1 && r.language === "ar" && r.status === "new")).toHaveLength(1);
    expect(reviews.every((r) => r.locationId === location.id && r.source === "google")).toBe(true);
    expect(comments.length).toBeGreaterThanOrEqual(3);
    expect(
      comments.every(
        (c) => c.source === "instagram" && c.mediaExternalId === "demo-instagram-x" && c.writtenAt > ago(30),
      ),
    ).toBe(true);
    // the simulated network is never read
    const s = sync();
    await s.runDue(500);
    expect(await db().review.count({ where: { businessId: b.businessId } })).toBe(items.length);
    expect(s.googleFor(true)).not.toBeNull();
  });
});
