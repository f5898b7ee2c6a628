// The inbox's sync over real Postgres (docs/product.md#inbox): Google reviews of picked locations read page
// by page until nothing is newer, stored once however often or concurrently they are read, edits and replies
// made on Google seen; Instagram comments by poll and by the signed webhook, stored once whichever comes
// first, the business's own replies updating the comment they answer; review.received / comment.received
// recorded once; each person of the business told of a negative item once; tenancy; the job's due reads and
// sync now's limit.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createInboxSync, type InboxSyncOptions } from "../src/modules/inbox/sync.ts";
import type { GoogleGuests, GuestItem, InstagramGuests, CommentEvent } from "../src/platforms/guests.ts";
import { PlatformError } from "../src/platforms/types.ts";
import type { Viewer } from "../src/kernel/policy.ts";
import { signedInBusiness } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";
import { createEndpoint, until, WEBHOOK_ENV } from "./fakes/webhook-receiver-helpers.ts";
import { startReceiver, type Receiver } from "./fakes/webhook-receiver.ts";

const app = appForFile({ ...WEBHOOK_ENV });
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

const db = () => app.sufra.deps.db;
const HOUR = 3_600_000;
const ago = (h: number) => new Date(Date.now() - h * HOUR);

// ------------------------------------------------------------------ stand-ins of the adapters' interfaces
/** Google's reviews of each location, served newest-updated first, two to a page. */
function googleStandIn() {
  const byPlace = new Map<string, GuestItem[]>();
  const calls: { place: string; token: string | null }[] = [];
  const failures: PlatformError[] = [];
  const guests: GoogleGuests = {
    places: async () => [],
    async reviews(_account, place, token) {
      calls.push({ place: place.name, token: token ?? null });
      const f = failures.shift();
      if (f) throw f;
      const all = [...(byPlace.get(place.name) ?? [])].sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
      const start = token ? Number(token) : 0;
      const rated = all.filter((r) => r.rating);
      return {
        items: all.slice(start, start + 2).map((r) => ({ ...r })),
        nextPageToken: start + 2 < all.length ? String(start + 2) : null,
        averageRating: rated.length ? rated.reduce((n, r) => n + r.rating!, 0) / rated.length : null,
        totalReviewCount: all.length,
      };
    },
    reply: async (_a, _n, text) => ({ text, at: new Date() }),
    deleteReply: async () => {},
  };
  const review = (place: string, over: Partial<GuestItem> & { id: string }): GuestItem => {
    const item: GuestItem = { kind: "review", externalId: `accounts/1/${place}/reviews/${over.id}`, author: "Guest", rating: 5, text: "Lovely karak", writtenAt: ago(2), updatedAt: ago(2), reply: null, ...over };
    byPlace.set(place, [...(byPlace.get(place) ?? []).filter((r) => r.externalId !== item.externalId), item]);
    return item;
  };
  return { guests, calls, failures, review, byPlace };
}

/** Instagram's comments under each media, and its webhook signed with a shared secret. */
function instagramStandIn() {
  const byMedia = new Map<string, GuestItem[]>();
  let events: CommentEvent[] | null = null;
  const guests: InstagramGuests = {
    comments: async (_a, mediaId) => (byMedia.get(mediaId) ?? []).map((c) => ({ ...c })),
    reply: async () => ({ id: randomUUID() }),
    hide: async () => {},
    privateReply: async () => ({ messageId: randomUUID() }),
    readWebhook: () => events,
    verifySubscription: () => null,
  };
  return {
    guests,
    byMedia,
    deliver: (e: CommentEvent[]) => (events = e),
  };
}

const google = googleStandIn();
const instagram = instagramStandIn();
function sync(over: Partial<InboxSyncOptions> = {}) {
  const s = app.sufra.services;
  return createInboxSync(app.sufra.deps, {
    // the Google network joins the platform adapters with its own work: here the row is the access
    platformAccounts: {
      access: async (id) => {
        const account = await db().platformAccount.findUniqueOrThrow({ where: { id } });
        return { account, access: { externalId: account.externalId, handle: account.handle, accessToken: "token", id } };
      },
      markReconnectNeeded: s.platformAccounts.markReconnectNeeded,
    },
    notifications: s.notifications,
    webhooks: s.webhooks,
    google: google.guests,
    instagram: instagram.guests,
    ...over,
  });
}

/** A business with a picked Google location, a second person (Arabic), and an endpoint for the inbox's events. */
async function googleBusiness() {
  const b = await signedInBusiness(app.base);
  const n = randomUUID().slice(0, 8);
  const account = await db().platformAccount.create({ data: { businessId: b.businessId, platform: "google", externalId: `g-${n}`, handle: `cafe${n}`, status: "connected" } });
  const location = await db().googleLocation.create({ data: { businessId: b.businessId, accountId: account.id, googleAccount: "accounts/1", name: `locations/${n}`, title: "Salmiya branch", verified: true, picked: true } });
  const member = await db().user.create({ data: { email: `member-${n}@example.kw`, name: "Huda", role: "client", businessId: b.businessId, passwordHash: "x", locale: "ar", emailVerifiedAt: new Date() } });
  const endpoint = await createEndpoint(app, b.token, { url: `${receiver.url}/${n}`, events: ["review.received", "comment.received"] });
  return { ...b, account, location, member, endpoint, place: location.name };
}

const rows = (businessId: string) => db().review.findMany({ where: { businessId }, orderBy: { writtenAt: "asc" } });
const events = (businessId: string, type: string) => db().webhookEvent.findMany({ where: { businessId, type } });

describe("Google reviews", () => {
  test("read twice, or by two syncs at once, a review is one row and one review.received; the location's figures are kept", async () => {
    const b = await googleBusiness();
    google.review(b.place, { id: "a", author: "Salem", rating: 5, text: "Best saffron latte in Salmiya", writtenAt: ago(30), updatedAt: ago(30) });
    google.review(b.place, { id: "b", author: "Mona", rating: 4, text: "الكرك لذيذ والمكان هادي", writtenAt: ago(20), updatedAt: ago(20) });
    google.review(b.place, { id: "c", author: "Ali", rating: 3, text: "", writtenAt: ago(10), updatedAt: ago(10) });
    const s = sync();
    const [one, two] = await Promise.all([s.syncLocation(b.location), s.syncLocation(b.location)]);
    expect(one.added + two.added).toBe(3);
    expect((await s.syncLocation(b.location)).added).toBe(0);
    const stored = await rows(b.businessId);
    expect(stored.map((r) => [r.author, r.kind, r.source, r.rating, r.importKey, r.locationId])).toEqual([
      ["Salem", "review", "google", 5, `google:accounts/1/${b.place}/reviews/a`, b.location.id],
      ["Mona", "review", "google", 4, `google:accounts/1/${b.place}/reviews/b`, b.location.id],
      ["Ali", "review", "google", 3, `google:accounts/1/${b.place}/reviews/c`, b.location.id],
    ]);
    expect(stored[1]).toMatchObject({ language: "ar", status: "new", externalId: `accounts/1/${b.place}/reviews/b` });
    // the Kuwait day of when it was written
    const salem = stored[0]!;
    expect(salem.reviewedAt.toISOString().slice(0, 10)).toBe(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kuwait" }).format(salem.writtenAt));
    expect(await events(b.businessId, "review.received")).toHaveLength(3);
    const loc = await db().googleLocation.findUniqueOrThrow({ where: { id: b.location.id } });
    expect(loc).toMatchObject({ averageRating: 4, totalReviews: 3, lastSyncError: null });
    expect(loc.lastSyncedAt).not.toBeNull();
    // the events reach the endpoint, each once, as REST shows a review
    const got = await until(async () => (receiver.received.filter((r) => r.path === `/${b.endpoint.endpoint.url.split("/").pop()}`).length >= 3 ? receiver.received : null));
    const mine = got.filter((r) => r.path === `/${b.endpoint.endpoint.url.split("/").pop()}`);
    expect(mine.map((r) => r.body.data.author).sort()).toEqual(["Ali", "Mona", "Salem"]);
  });

  test("an edited review updates its words, rating and reading, keeping Sufra's draft; an answer made on Google marks it replied", async () => {
    const b = await googleBusiness();
    google.review(b.place, { id: "e", author: "Fahad", rating: 2, text: "Cold coffee and slow service", writtenAt: ago(5), updatedAt: ago(5) });
    const s = sync();
    await s.syncLocation(b.location);
    const [before] = await rows(b.businessId);
    expect(before).toMatchObject({ rating: 2, sentiment: "negative" });
    await db().review.update({ where: { id: before!.id }, data: { reply: "Sorry, Fahad!", status: "approved", approvedAt: new Date() } });

    const editedAt = ago(1);
    google.review(b.place, { id: "e", author: "Fahad", rating: 5, text: "They called me and fixed it. Excellent service!", writtenAt: ago(5), updatedAt: editedAt });
    expect(await s.syncLocation(b.location)).toMatchObject({ added: 0, updated: 1 });
    const edited = await db().review.findUniqueOrThrow({ where: { id: before!.id } });
    expect(edited).toMatchObject({ rating: 5, text: "They called me and fixed it. Excellent service!", sentiment: "positive", reply: "Sorry, Fahad!", status: "new", approvedAt: null });
    expect(edited.sourceUpdatedAt).toEqual(editedAt);

    const answeredAt = new Date(Date.now() - 60_000);
    google.review(b.place, { id: "e", author: "Fahad", rating: 5, text: "They called me and fixed it. Excellent service!", writtenAt: ago(5), updatedAt: editedAt, reply: { text: "Thank you, Fahad!", at: answeredAt } });
    await s.syncLocation(b.location);
    expect(await db().review.findUniqueOrThrow({ where: { id: before!.id } })).toMatchObject({ status: "replied", repliedVia: "network", reply: "Thank you, Fahad!", repliedAt: answeredAt });
    // no second event for the same review
    expect(await events(b.businessId, "review.received")).toHaveLength(1);
  });

  test("pages newest first, and stops at the first page with nothing newer than what is stored", async () => {
    const b = await googleBusiness();
    for (let i = 0; i < 7; i++) google.review(b.place, { id: `p${i}`, author: `Guest ${i}`, rating: 4, text: "Nice", writtenAt: ago(100 - i), updatedAt: ago(100 - i) });
    const s = sync();
    const first = google.calls.length;
    expect((await s.syncLocation(b.location)).added).toBe(7);
    // the first read walks every page (2 + 2 + 2 + 1)
    expect(google.calls.slice(first).map((c) => c.token)).toEqual([null, "2", "4", "6"]);
    google.review(b.place, { id: "new", author: "Newest", rating: 5, text: "Great", writtenAt: ago(1), updatedAt: ago(1) });
    const second = google.calls.length;
    expect((await s.syncLocation(b.location)).added).toBe(1);
    // page one holds the new review (newer); page two holds nothing newer: the read stops there
    expect(google.calls.slice(second).map((c) => c.token)).toEqual([null, "2"]);
    const third = google.calls.length;
    await s.syncLocation(b.location);
    expect(google.calls.slice(third).map((c) => c.token)).toEqual([null]);
  });

  test("a negative review tells each person of the business once; a positive one tells nobody", async () => {
    const b = await googleBusiness();
    google.review(b.place, { id: "neg", author: "فهد", rating: 1, text: "انتظرت نص ساعة والقهوة باردة", writtenAt: ago(3), updatedAt: ago(3) });
    google.review(b.place, { id: "pos", author: "Sara", rating: 5, text: "Wonderful", writtenAt: ago(2), updatedAt: ago(2) });
    // an old one-star review found on the first read is history, not news
    google.review(b.place, { id: "old", author: "Old", rating: 1, text: "Bad", writtenAt: ago(24 * 30), updatedAt: ago(24 * 30) });
    const s = sync();
    await Promise.all([s.syncLocation(b.location), s.syncLocation(b.location)]);
    await s.syncLocation(b.location);
    const neg = await db().review.findFirstOrThrow({ where: { businessId: b.businessId, author: "فهد" } });
    const told = await db().notification.findMany({ where: { type: "review_negative", userId: { in: [b.userId, b.member.id] } } });
    expect(told.map((n) => n.userId).sort()).toEqual([b.userId, b.member.id].sort());
    for (const n of told) expect(n.data).toEqual({ businessId: b.businessId, reviewId: neg.id, source: "google", rating: 1, author: "فهد", excerpt: "انتظرت نص ساعة والقهوة باردة", locationTitle: "Salmiya branch" });
  });

  test("errors are kept on the location: a refused token asks for a reconnect; a rate limit waits for its time", async () => {
    const b = await googleBusiness();
    const s = sync();
    const retryAt = new Date(Date.now() + 10 * 60_000);
    google.failures.push(new PlatformError("rate_limit", "quota", { retryAt }));
    expect((await s.syncLocation(b.location)).ok).toBe(false);
    expect(await db().googleLocation.findUniqueOrThrow({ where: { id: b.location.id } })).toMatchObject({ lastSyncError: "rate_limit", syncRetryAt: retryAt });
    // the job skips it until then
    await db().googleLocation.update({ where: { id: b.location.id }, data: { lastSyncedAt: ago(1) } });
    const calls = google.calls.length;
    await s.runDue(500);
    expect(google.calls.slice(calls).filter((c) => c.place === b.place)).toEqual([]);

    await db().googleLocation.update({ where: { id: b.location.id }, data: { syncRetryAt: null } });
    google.failures.push(new PlatformError("auth", "invalid_grant"));
    await s.runDue(500);
    expect(await db().googleLocation.findUniqueOrThrow({ where: { id: b.location.id } })).toMatchObject({ lastSyncError: "auth" });
    expect(await db().platformAccount.findUniqueOrThrow({ where: { id: b.account.id } })).toMatchObject({ status: "reconnect_needed" });
    expect(await db().notification.count({ where: { userId: b.userId, type: "account_reconnect_needed" } })).toBe(1);
  });

  test("tenancy: a location is read into its own business only; the job reads due locations once", async () => {
    const a = await googleBusiness();
    const other = await googleBusiness();
    google.review(a.place, { id: "t1", author: "Only A", rating: 4, text: "Fine" });
    google.review(other.place, { id: "t2", author: "Only B", rating: 4, text: "Fine" });
    const s = sync();
    await Promise.all([s.runDue(500), s.runDue(500)]);
    expect((await rows(a.businessId)).map((r) => r.author)).toEqual(["Only A"]);
    expect((await rows(other.businessId)).map((r) => r.author)).toEqual(["Only B"]);
    // read a moment ago: not due
    const calls = google.calls.length;
    await s.runDue(500);
    expect(google.calls.slice(calls).filter((c) => c.place === a.place || c.place === other.place)).toEqual([]);
  });
});

describe("Instagram comments", () => {
  /** A business with a connected Instagram account and a post published there (media id). */
  async function instagramBusiness() {
    const b = await googleBusiness();
    const n = randomUUID().slice(0, 8);
    const account = await db().platformAccount.create({
      data: { businessId: b.businessId, platform: "instagram", externalId: `ig-${n}`, handle: `cafe.${n}`, status: "connected", scopes: ["instagram_business_basic", "instagram_business_manage_comments"] },
    });
    const mediaId = `media-${n}`;
    const post = await db().post.create({
      data: { businessId: b.businessId, status: "published", content: "Saffron latte", publishedAt: ago(5), targets: { create: [{ accountId: account.id, platform: "instagram", status: "published", externalId: mediaId, publishedAt: ago(5) }] } },
    });
    return { ...b, ig: account, mediaId, post };
  }
  const comment = (over: Partial<GuestItem> & { id: string }): GuestItem => ({ kind: "comment", externalId: over.id, author: "dana.q8", rating: null, text: "وين مكانكم؟", writtenAt: ago(1), updatedAt: ago(1), reply: null, thread: [], ...over });

  test("polled under the business's own posts: one row per comment, its post and thread; the business's own comment is not a guest's", async () => {
    const b = await instagramBusiness();
    instagram.byMedia.set(b.mediaId, [
      comment({ id: `c1-${b.mediaId}`, permalink: "https://instagram.test/p/1" }),
      comment({ id: `c2-${b.mediaId}`, author: b.ig.handle, text: "First comment: #saffron" }),
    ]);
    const s = sync();
    await s.syncInstagramAccount(b.ig);
    await s.syncInstagramAccount(b.ig);
    const stored = await rows(b.businessId);
    expect(stored.map((r) => [r.kind, r.source, r.rating, r.importKey, r.mediaExternalId, r.postId, r.permalink])).toEqual([["comment", "instagram", null, `instagram:c1-${b.mediaId}`, b.mediaId, b.post.id, "https://instagram.test/p/1"]]);
    expect(await events(b.businessId, "comment.received")).toHaveLength(1);
    expect(await db().platformAccount.findUniqueOrThrow({ where: { id: b.ig.id } })).toMatchObject({ inboxSyncError: null });

    // the business answered on Instagram: the thread shows it and the comment is replied
    const at = ago(0.5);
    instagram.byMedia.set(b.mediaId, [comment({ id: `c1-${b.mediaId}`, permalink: "https://instagram.test/p/1", thread: [{ author: b.ig.handle, text: "Salmiya, Salem Al Mubarak St.", at, fromBusiness: true }] })]);
    await s.syncInstagramAccount(b.ig);
    const [answered] = await rows(b.businessId);
    expect(answered).toMatchObject({ status: "replied", repliedVia: "network", reply: "Salmiya, Salem Al Mubarak St.", thread: [{ author: b.ig.handle, text: "Salmiya, Salem Al Mubarak St.", at: at.toISOString(), fromBusiness: true }] });
  });

  test("the webhook's comment and the poll's are one row and one comment.received; the business's reply by webhook updates its comment", async () => {
    const b = await instagramBusiness();
    const s = sync();
    const id = `w1-${b.mediaId}`;
    const event: CommentEvent = { igUserId: b.ig.externalId, commentId: id, mediaId: b.mediaId, author: "ahmad_kw", fromBusiness: false, text: "The coffee was cold and the staff were rude", parentId: null, at: ago(0.2) };
    instagram.deliver([event]);
    expect(await s.receiveInstagramWebhook(Buffer.from("{}"), "sha256=x")).toEqual({ added: 1, updated: 0 });
    expect(await s.receiveInstagramWebhook(Buffer.from("{}"), "sha256=x")).toEqual({ added: 0, updated: 0 });
    instagram.byMedia.set(b.mediaId, [comment({ id, author: "ahmad_kw", text: event.text, writtenAt: event.at, updatedAt: event.at, permalink: "https://instagram.test/p/2" })]);
    await s.syncInstagramAccount(b.ig);
    const stored = await rows(b.businessId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ importKey: `instagram:${id}`, postId: b.post.id, permalink: "https://instagram.test/p/2", sentiment: "negative", status: "new" });
    expect(await events(b.businessId, "comment.received")).toHaveLength(1);
    // a negative comment tells the people too, once
    expect(await db().notification.count({ where: { type: "review_negative", userId: { in: [b.userId, b.member.id] } } })).toBe(2);

    // the business's own reply comes back as an event: it updates the comment, it is not an item
    const repliedAt = ago(0.1);
    instagram.deliver([{ ...event, commentId: `r-${id}`, author: b.ig.handle, fromBusiness: true, text: "Sorry! Please DM us.", parentId: id, at: repliedAt }]);
    expect(await s.receiveInstagramWebhook(Buffer.from("{}"), "sha256=x")).toEqual({ added: 0, updated: 1 });
    expect(await s.receiveInstagramWebhook(Buffer.from("{}"), "sha256=x")).toEqual({ added: 0, updated: 0 });
    const after = await rows(b.businessId);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ status: "replied", repliedVia: "network", reply: "Sorry! Please DM us." });
    expect(after[0]!.thread).toEqual([{ author: b.ig.handle, text: "Sorry! Please DM us.", at: repliedAt.toISOString(), fromBusiness: true }]);
  });

  test("tenancy: a webhook's comment goes to the business that connected the account, never another", async () => {
    const a = await instagramBusiness();
    const other = await instagramBusiness();
    const s = sync();
    instagram.deliver([{ igUserId: a.ig.externalId, commentId: `x-${a.mediaId}`, mediaId: a.mediaId, author: "guest", fromBusiness: false, text: "Yum", parentId: null, at: ago(0.1) }]);
    await s.receiveInstagramWebhook(Buffer.from("{}"), "sha256=x");
    expect(await rows(a.businessId)).toHaveLength(1);
    expect(await rows(other.businessId)).toHaveLength(0);
    // an account nobody connected: nothing is stored
    instagram.deliver([{ igUserId: "ig-nobody", commentId: "x-nobody", mediaId: "m", author: "guest", fromBusiness: false, text: "Yum", parentId: null, at: ago(0.1) }]);
    expect(await s.receiveInstagramWebhook(Buffer.from("{}"), "sha256=x")).toEqual({ added: 0, updated: 0 });
    // a signature that does not verify: refused
    instagram.deliver(null as unknown as CommentEvent[]);
    expect(await s.receiveInstagramWebhook(Buffer.from("{}"), "sha256=forged")).toBeNull();
  });
});

describe("sync now", () => {
  test("a person's sync now reads the business's locations at once, and once per 30 seconds", async () => {
    const b = await googleBusiness();
    google.review(b.place, { id: "now", author: "Now", rating: 4, text: "Good" });
    const s = sync();
    const viewer: Viewer = { userId: b.userId, role: "owner", email: b.email, name: "Owner", businessId: b.businessId, sessionId: "s" };
    const r = await s.syncNow(viewer);
    expect(r).toMatchObject({ added: 1, read: 1, failed: 0 });
    await expect(s.syncNow(viewer)).rejects.toMatchObject({ code: "RATE_LIMITED" });
  });
});
