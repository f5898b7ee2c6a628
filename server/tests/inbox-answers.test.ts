// Answering guests from Sufra over real HTTP and Postgres, through the Google and Instagram stand-ins
// (the real adapters call them over HTTP): a reply sent by two clicks at once reaches Google once; an
// unverified branch is refused before any call, in English and Arabic; who may answer in public (the
// owner and the account holder; other people only once allowed; never an API key); hiding and showing a
// comment; one private reply within 7 days; suggestions in the guest's language or both; bulk; tenancy;
// a stopped subscription answers nobody in public (SUBSCRIPTION_ENDED) but still drafts and marks handled.
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { ERRORS } from "@sufra/schema";
import { call, gql, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import { startGoogleFake } from "./fakes/google-server.ts";
import { startInstagramFake } from "./fakes/instagram-server.ts";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";

let app: TestApp;
let google: Awaited<ReturnType<typeof startGoogleFake>>;
let ig: Awaited<ReturnType<typeof startInstagramFake>>;
beforeAll(async () => {
  [google, ig] = await Promise.all([startGoogleFake(), startInstagramFake()]);
  app = await startTestApp({ ...google.state.env, ...ig.state.env });
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await Promise.all([google?.close(), ig?.close()]);
});

const db = () => app.sufra.deps.db;
const seal = (s: string) => createTokenCrypto(app.sufra.deps.config.tokenKey).seal(s);
let seq = 0;

const ITEM =
  "id kind source author rating text language reply status repliedAt repliedVia sendError hidden privateReply privateRepliedAt demo canSendReply canHide canPrivateReply canDeleteReply needsVerification location { id title verified } thread { author text fromBusiness }";

async function signIn(email: string, password: string) {
  return (await call(app.base, "POST", "/api/auth/login", { body: { email, password } })).body.access_token as string;
}

/** A business (its holder signed in) with a Google account (a verified and an unverified branch) and an Instagram account. */
async function cafe() {
  const n = ++seq;
  const c = await registeredClient(app.base);
  const token = await signIn(c.email, c.password);
  const g = google.state;
  const { person, account } = g.addPerson({ name: `Cafe ${n}` });
  const verifiedLoc = g.addLocation(account.name, { title: "Salmiya", verified: true });
  const unverifiedLoc = g.addLocation(account.name, { title: "Jahra", verified: false });
  const tokens = g.issueTokens(person.id);
  const gAccount = await db().platformAccount.create({
    data: {
      businessId: c.businessId,
      platform: "google",
      externalId: account.name,
      handle: `Cafe ${n}`,
      accessToken: seal(tokens.accessToken),
      refreshToken: seal(tokens.refreshToken),
      tokenExpiresAt: new Date(Date.now() + 3_000_000),
      status: "connected",
    },
  });
  const loc = (l: typeof verifiedLoc) =>
    db().googleLocation.create({
      data: {
        businessId: c.businessId,
        accountId: gAccount.id,
        googleAccount: account.name,
        name: l.name,
        title: l.title,
        verified: l.verified,
        picked: true,
      },
    });
  const [verified, unverified] = [await loc(verifiedLoc), await loc(unverifiedLoc)];
  const igUser = { userId: String(17_900_000 + n), username: `cafe_ig${n}` };
  const igToken = ig.state.issueToken(igUser);
  await db().platformAccount.create({
    data: {
      businessId: c.businessId,
      platform: "instagram",
      externalId: igUser.userId,
      handle: igUser.username,
      accessToken: seal(igToken),
      tokenExpiresAt: new Date(Date.now() + 50 * 86_400_000),
      status: "connected",
    },
  });
  const media = ig.state.addMedia(igUser.userId, { caption: "New cardamom latte" });
  return { ...c, token, g: { verifiedLoc, unverifiedLoc, verified, unverified }, igUser, media };
}
type Cafe = Awaited<ReturnType<typeof cafe>>;

/** A Google review on the stand-in and its row in Sufra (as the sync stores it). */
async function googleReview(
  b: Cafe,
  o: { verified?: boolean; stars?: 1 | 2 | 3 | 4 | 5; text?: string; author?: string; reply?: string } = {},
) {
  const where = o.verified === false ? b.g.unverifiedLoc : b.g.verifiedLoc;
  const rec = google.state.addReview(where.name, {
    author: o.author ?? "Fatima",
    stars: o.stars ?? 5,
    comment: o.text ?? "Loved the coffee and the friendly staff!",
  });
  const stars = o.stars ?? 5;
  return db().review.create({
    data: {
      businessId: b.businessId,
      kind: "review",
      source: "google",
      author: o.author ?? "Fatima",
      rating: stars,
      text: o.text ?? "Loved the coffee and the friendly staff!",
      language: /\p{Script=Arabic}/u.test(o.text ?? "") ? "ar" : "en",
      reviewedAt: new Date(new Date().toISOString().slice(0, 10)),
      writtenAt: new Date(),
      sentiment: stars >= 4 ? "positive" : stars <= 2 ? "negative" : "neutral",
      topics: [],
      importKey: `google:${rec.name}`,
      externalId: rec.name,
      locationId: (o.verified === false ? b.g.unverified : b.g.verified).id,
      reply: o.reply ?? null,
    },
  });
}

/** An Instagram comment on the stand-in and its row in Sufra; `ageDays` old. */
async function igComment(b: Cafe, o: { ageDays?: number; text?: string } = {}) {
  const at = new Date(Date.now() - (o.ageDays ?? 0) * 86_400_000);
  const c = ig.state.addComment(b.media.id, { text: o.text ?? "Looks delicious! 😍", username: "guest_one", at });
  return db().review.create({
    data: {
      businessId: b.businessId,
      kind: "comment",
      source: "instagram",
      author: "guest_one",
      rating: null,
      text: o.text ?? "Looks delicious! 😍",
      language: "en",
      reviewedAt: new Date(at.toISOString().slice(0, 10)),
      writtenAt: at,
      sentiment: "positive",
      topics: [],
      importKey: `instagram:${c.id}`,
      externalId: c.id,
      mediaExternalId: b.media.id,
    },
  });
}

/** Another person of the business (a client, not the account holder), signed in. */
async function member(b: Cafe) {
  const email = `member-${randomUUID().slice(0, 8)}@sufra.test`;
  const holder = await db().user.findFirstOrThrow({ where: { memberships: { some: { businessId: b.businessId } } } });
  await db().user.create({
    data: {
      memberships: { create: { businessId: b.businessId, role: "client", createdAt: new Date(Date.now() + 1000) } },
      email,
      name: "Member",
      role: "client",
      passwordHash: holder.passwordHash,
      emailVerifiedAt: new Date(),
      createdAt: new Date(Date.now() + 1000),
    } as never,
  });
  return signIn(email, b.password);
}

const send = (token: string, id: string, lang?: string) =>
  gql(app.base, `mutation($id: ID!) { sendInboxReply(id: $id) { ${ITEM} } }`, { id }, token, lang);
/** The catalogue code (extensions.reason; extensions.code is GraphQL's class of it). */
const codeOf = (r: any) => r.errors?.[0]?.extensions?.reason;

describe("sending a public reply", () => {
  test("two clicks at once: Google receives the reply once; the item is replied, sent, by this person, audited", async () => {
    const b = await cafe();
    const r = await googleReview(b, { reply: "Thank you Fatima, see you soon!" });
    const before = google.state.calls.updateReply ?? 0;
    const [one, two] = await Promise.all([send(b.token, r.id), send(b.token, r.id)]);
    expect((google.state.calls.updateReply ?? 0) - before).toBe(1);
    const answers = [one, two].map((x) => x);
    const ok = answers.filter((a) => a.data?.sendInboxReply);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of answers) if (!a.data?.sendInboxReply) expect(codeOf(a)).toBe("REPLY_IN_PROGRESS");
    expect(ok[0].data.sendInboxReply).toMatchObject({
      status: "REPLIED",
      repliedVia: "SENT",
      sendError: null,
      reply: "Thank you Fatima, see you soon!",
      canSendReply: false,
      canDeleteReply: true,
    });
    expect(google.state.review(r.externalId!)!.reply!.comment).toBe("Thank you Fatima, see you soon!");
    const row = await db().review.findUniqueOrThrow({ where: { id: r.id } });
    expect(row.repliedById).toBe(b.userId);
    expect(row.sendingAt).toBeNull();
    // a third click answers the row without calling Google
    const again = await send(b.token, r.id);
    expect(again.data.sendInboxReply.status).toBe("REPLIED");
    expect((google.state.calls.updateReply ?? 0) - before).toBe(1);
    const audits = await db().auditLog.findMany({ where: { action: "inbox.reply_sent", entityId: r.id } });
    expect(audits).toHaveLength(1);
    expect(audits[0].data).toMatchObject({ itemId: r.id, source: "google" });
  });

  test("an unverified branch is refused before any call, in English and Arabic; the draft is kept", async () => {
    const b = await cafe();
    const r = await googleReview(b, { verified: false, reply: "Thanks!" });
    const list = await gql(
      app.base,
      `query($id: ID!) { inboxItem(id: $id) { needsVerification canSendReply location { title verified } } }`,
      { id: r.id },
      b.token,
    );
    expect(list.data.inboxItem).toEqual({
      needsVerification: true,
      canSendReply: false,
      location: { title: "Jahra", verified: false },
    });
    const before = google.state.calls.updateReply ?? 0;
    const en = await send(b.token, r.id, "en");
    expect(codeOf(en)).toBe("LOCATION_NOT_VERIFIED");
    expect(en.errors![0].message).toMatch(/verified locations/);
    const ar = await send(b.token, r.id, "ar");
    expect(codeOf(ar)).toBe("LOCATION_NOT_VERIFIED");
    expect(ar.errors![0].message).toMatch(/المواقع الموثقة/);
    expect(google.state.calls.updateReply ?? 0).toBe(before);
    expect((await db().review.findUniqueOrThrow({ where: { id: r.id } })).reply).toBe("Thanks!");
  });

  test("a network refusal keeps the draft, stores the reason and releases the claim", async () => {
    const b = await cafe();
    const r = await googleReview(b, { reply: "Thank you!" });
    google.state.failNext("updateReply", 503, 1);
    const out = await send(b.token, r.id);
    expect(codeOf(out)).toBe("NETWORK_UNAVAILABLE");
    const row = await db().review.findUniqueOrThrow({ where: { id: r.id } });
    expect(row).toMatchObject({ status: "new", reply: "Thank you!", sendingAt: null });
    expect(row.sendError).toBeTruthy();
  });

  test("who may answer: the holder; a member only once allowed by the holder; never an API key; the setting changed by managers only", async () => {
    const b = await cafe();
    const m = await member(b);
    const r1 = await googleReview(b, { reply: "Thanks a lot!" });
    const settings = `{ inboxSettings { clientsMayReply canChange canReply } }`;
    expect((await gql(app.base, settings, {}, m)).data.inboxSettings).toEqual({
      clientsMayReply: false,
      canChange: false,
      canReply: false,
    });
    const refused = await send(m, r1.id, "ar");
    expect(codeOf(refused)).toBe("REPLY_NOT_ALLOWED");
    expect(refused.errors![0].extensions.code).toBe("FORBIDDEN");
    expect(refused.errors![0].message).toMatch(/\p{Script=Arabic}/u);
    expect(
      (await gql(app.base, `query($id: ID!) { inboxItem(id: $id) { canSendReply } }`, { id: r1.id }, m)).data.inboxItem
        .canSendReply,
    ).toBe(false);
    const set = `mutation($v: Boolean!) { setInboxSettings(clientsMayReply: $v) { clientsMayReply canChange canReply } }`;
    expect(codeOf(await gql(app.base, set, { v: true }, m))).toBe("FORBIDDEN");
    expect((await gql(app.base, set, { v: true }, b.token)).data.setInboxSettings).toEqual({
      clientsMayReply: true,
      canChange: true,
      canReply: true,
    });
    // an API key never answers in public, even once the team may (a person's act)
    await db().subscription.updateMany({
      where: { businessId: b.businessId },
      data: { plan: "premium", status: "active" },
    });
    const key = (await gql(app.base, `mutation { createApiKey(name: "Site") { key } }`, {}, b.token)).data.createApiKey
      .key as string;
    expect(codeOf(await send(key, r1.id))).toBe("PERSONAL_SESSION_REQUIRED");
    expect((await gql(app.base, settings, {}, key)).data.inboxSettings).toEqual({
      clientsMayReply: true,
      canChange: false,
      canReply: false,
    });
    const allowed = await send(m, r1.id);
    expect(allowed.data.sendInboxReply).toMatchObject({ status: "REPLIED", repliedVia: "SENT" });
    expect(await db().auditLog.count({ where: { action: "inbox.settings_changed", entityId: b.businessId } })).toBe(1);
  });

  test("the owner may answer", async () => {
    const b = await cafe();
    const r = await googleReview(b, { reply: "Shukran!" });
    const holder = await db().user.findFirstOrThrow({ where: { memberships: { some: { businessId: b.businessId } } } });
    const email = `owner-${randomUUID().slice(0, 8)}@sufra.test`;
    await db().user.create({
      data: {
        memberships: { create: { businessId: b.businessId, role: "owner", createdAt: new Date(Date.now() + 1000) } },
        email,
        name: "Owner",
        role: "owner",
        passwordHash: holder.passwordHash,
        emailVerifiedAt: new Date(),
        createdAt: new Date(Date.now() + 1000),
      } as never,
    });
    const owner = await signIn(email, b.password);
    expect((await send(owner, r.id)).data.sendInboxReply.status).toBe("REPLIED");
  });

  test("a source without a reply API is marked handled; sending there is NO_REPLY_API", async () => {
    const b = await cafe();
    const typed = await call(app.base, "POST", "/api/reviews", {
      token: b.token,
      body: { source: "talabat", author: "Ali", rating: 2, text: "Late delivery", reviewed_at: "2026-01-10" },
    });
    await gql(
      app.base,
      `mutation($id: ID!) { updateInboxReply(id: $id, reply: "Sorry Ali") { id } }`,
      { id: typed.body.id },
      b.token,
    );
    expect(codeOf(await send(b.token, typed.body.id))).toBe("NO_REPLY_API");
    const marked = await gql(
      app.base,
      `mutation($id: ID!) { markInboxHandled(id: $id) { status repliedVia } }`,
      { id: typed.body.id },
      b.token,
    );
    expect(marked.data.markInboxHandled).toEqual({ status: "REPLIED", repliedVia: "MARKED" });
  });
});

describe("Instagram comments", () => {
  test("a public reply goes under the comment; hide and show again", async () => {
    const b = await cafe();
    const c = await igComment(b);
    await gql(
      app.base,
      `mutation($id: ID!) { updateInboxReply(id: $id, reply: "Thank you! Come try it 🙏") { id } }`,
      { id: c.id },
      b.token,
    );
    const sent = await send(b.token, c.id);
    expect(sent.data.sendInboxReply).toMatchObject({
      status: "REPLIED",
      repliedVia: "SENT",
      canHide: true,
      rating: null,
      kind: "COMMENT",
    });
    expect(ig.state.repliesTo(c.externalId!).map((x) => x.message)).toEqual(["Thank you! Come try it 🙏"]);
    const hide = `mutation($id: ID!, $h: Boolean!) { hideInboxComment(id: $id, hidden: $h) { hidden } }`;
    expect((await gql(app.base, hide, { id: c.id, h: true }, b.token)).data.hideInboxComment.hidden).toBe(true);
    expect(ig.state.comment(c.externalId!)!.hidden).toBe(true);
    expect((await gql(app.base, hide, { id: c.id, h: false }, b.token)).data.hideInboxComment.hidden).toBe(false);
    expect(ig.state.comment(c.externalId!)!.hidden).toBe(false);
    expect(
      await db().auditLog.count({
        where: { entityId: c.id, action: { in: ["inbox.comment_hidden", "inbox.comment_shown"] } },
      }),
    ).toBe(2);
  });

  test("one private reply within 7 days; an older comment is refused in English and Arabic", async () => {
    const b = await cafe();
    const fresh = await igComment(b, { ageDays: 1 });
    const old = await igComment(b, { ageDays: 8 });
    const pr = `mutation($id: ID!, $t: String!) { sendPrivateReply(id: $id, text: $t) { privateReply privateRepliedAt canPrivateReply } }`;
    const ok = await gql(app.base, pr, { id: fresh.id, t: "Hi! Here is our menu link." }, b.token);
    expect(ok.data.sendPrivateReply).toMatchObject({
      privateReply: "Hi! Here is our menu link.",
      canPrivateReply: false,
    });
    expect(ig.state.calls.send_message ?? 0).toBeGreaterThanOrEqual(1);
    const twice = await gql(app.base, pr, { id: fresh.id, t: "Again" }, b.token);
    expect(codeOf(twice)).toBe("PRIVATE_REPLY_ALREADY_SENT");
    expect(twice.errors![0].message).toMatch(/already sent/);
    expect(
      (await gql(app.base, `query($id: ID!) { inboxItem(id: $id) { canPrivateReply } }`, { id: old.id }, b.token)).data
        .inboxItem.canPrivateReply,
    ).toBe(false);
    const en = await gql(app.base, pr, { id: old.id, t: "Hi" }, b.token, "en");
    expect(en.errors![0].message).toMatch(/within 7 days/);
    const ar = await gql(app.base, pr, { id: old.id, t: "Hi" }, b.token, "ar");
    expect(ar.errors![0].message).toMatch(/٧ أيام/);
  });
});

describe("suggestions, bulk, the list", () => {
  test("a suggestion in the guest's language, or Arabic then English", async () => {
    const b = await cafe();
    await db().business.update({ where: { id: b.businessId }, data: { nameAr: "دار القهوة" } });
    const r = await googleReview(b, { text: "القهوة رائعة والخدمة ممتازة", author: "نورة" });
    const s = `mutation($id: ID!, $l: InboxReplyLanguages) { suggestInboxReply(id: $id, languages: $l, seed: 7) { reply status } }`;
    const guest = (await gql(app.base, s, { id: r.id }, b.token)).data.suggestInboxReply;
    expect(guest.status).toBe("NEW");
    expect(guest.reply).toMatch(/\p{Script=Arabic}/u);
    expect(guest.reply).not.toMatch(/[A-Za-z]{3,}/);
    const both = (await gql(app.base, s, { id: r.id, l: "BOTH" }, b.token)).data.suggestInboxReply.reply as string;
    const firstLatin = both.search(/[A-Za-z]/);
    expect(both.search(/\p{Script=Arabic}/u)).toBeLessThan(firstLatin);
    expect(firstLatin).toBeGreaterThan(0);
  });

  test("bulk: suggest for unanswered positive items, approve, send; each item's result", async () => {
    const b = await cafe();
    const good1 = await googleReview(b, { author: "Sara" });
    const good2 = await igComment(b);
    const bad = await googleReview(b, { stars: 1, text: "Cold coffee and rude staff" });
    const sug = await gql(
      app.base,
      `mutation { suggestInboxReplies(filter: { unanswered: true }) { id item { reply } code } }`,
      {},
      b.token,
    );
    const ids = sug.data.suggestInboxReplies.map((x: any) => x.id).sort();
    expect(ids).toEqual([good1.id, good2.id].sort());
    expect((await db().review.findUniqueOrThrow({ where: { id: bad.id } })).reply).toBeNull();
    const appr = await gql(
      app.base,
      `mutation($ids: [ID!]!) { approveInboxReplies(ids: $ids) { id item { status } code } }`,
      { ids: [good1.id, good2.id, bad.id] },
      b.token,
    );
    expect(appr.data.approveInboxReplies.map((x: any) => x.item?.status ?? x.code)).toEqual([
      "APPROVED",
      "APPROVED",
      "VALIDATION_ERROR",
    ]);
    const sent = await gql(
      app.base,
      `mutation($ids: [ID!]!) { sendInboxReplies(ids: $ids) { id item { status repliedVia } code message } }`,
      { ids: [good1.id, good2.id, randomUUID()] },
      b.token,
      "ar",
    );
    const out = sent.data.sendInboxReplies;
    expect(out[0].item).toEqual({ status: "REPLIED", repliedVia: "SENT" });
    expect(out[1].item).toEqual({ status: "REPLIED", repliedVia: "SENT" });
    expect(out[2]).toMatchObject({ item: null, code: "NOT_FOUND" });
    expect(out[2].message).toMatch(/\p{Script=Arabic}/u);
  });

  test("the inbox lists both kinds with filters and a summary; the reviews doors list reviews only", async () => {
    const b = await cafe();
    const r = await googleReview(b, { stars: 2, text: "Slow service" });
    const c = await igComment(b);
    const all = await gql(
      app.base,
      `{ inbox(first: 10) { totalCount edges { node { id kind } } } inboxSummary { unanswered negativeNew unansweredBySource { source count } locations { location { title } unanswered negativeNew } } }`,
      {},
      b.token,
    );
    expect(all.data.inbox.totalCount).toBe(2);
    expect(all.data.inboxSummary).toMatchObject({ unanswered: 2, negativeNew: 1 });
    expect(all.data.inboxSummary.unansweredBySource).toEqual(
      expect.arrayContaining([
        { source: "GOOGLE", count: 1 },
        { source: "INSTAGRAM", count: 1 },
      ]),
    );
    expect(all.data.inboxSummary.locations).toEqual(
      expect.arrayContaining([{ location: { title: "Salmiya" }, unanswered: 1, negativeNew: 1 }]),
    );
    const comments = await gql(
      app.base,
      `{ inbox(first: 10, filter: { kinds: [COMMENT] }) { totalCount edges { node { id } } } }`,
      {},
      b.token,
    );
    expect(comments.data.inbox.edges.map((e: any) => e.node.id)).toEqual([c.id]);
    const rest = await call(app.base, "GET", "/api/reviews", { token: b.token });
    expect(rest.body.reviews.map((x: any) => x.id)).toEqual([r.id]);
    expect(rest.body.reviews[0]).toMatchObject({ kind: "review", rating: 2 });
    expect((await call(app.base, "GET", `/api/reviews/${c.id}`, { token: b.token })).status).toBe(404);
    expect(codeOf(await gql(app.base, `query($id: ID!) { review(id: $id) { id } }`, { id: c.id }, b.token))).toBe(
      "NOT_FOUND",
    );
  });

  test("tenancy: another business's item is NOT_FOUND through GraphQL and REST, and nothing is sent", async () => {
    const a = await cafe();
    const other = await cafe();
    const r = await googleReview(a, { reply: "Thanks" });
    const before = google.state.calls.updateReply ?? 0;
    expect(codeOf(await send(other.token, r.id))).toBe("NOT_FOUND");
    expect(
      codeOf(await gql(app.base, `query($id: ID!) { inboxItem(id: $id) { id } }`, { id: r.id }, other.token)),
    ).toBe("NOT_FOUND");
    expect(
      codeOf(
        await gql(
          app.base,
          `mutation($id: ID!) { hideInboxComment(id: $id, hidden: true) { id } }`,
          { id: r.id },
          other.token,
        ),
      ),
    ).toBe("NOT_FOUND");
    expect((await call(app.base, "GET", `/api/reviews/${r.id}`, { token: other.token })).status).toBe(404);
    expect((await gql(app.base, `{ inbox(first: 5) { totalCount } }`, {}, other.token)).data.inbox.totalCount).toBe(0);
    expect(google.state.calls.updateReply ?? 0).toBe(before);
  });
});

describe("a stopped subscription", () => {
  test("answers nobody in public (reply, hide, delete, private reply, bulk: SUBSCRIPTION_ENDED, nothing reaches a network); drafting and marking handled still work at both doors", async () => {
    const b = await cafe();
    const answered = await googleReview(b, { reply: "Thank you Fatima!", author: "Fatima" });
    expect((await send(b.token, answered.id)).data.sendInboxReply.status).toBe("REPLIED");
    const r = await googleReview(b, { reply: "Shukran Ali!", author: "Ali" });
    const c = await igComment(b);
    await gql(
      app.base,
      `mutation($id: ID!) { updateInboxReply(id: $id, reply: "Come again 🙏") { id } }`,
      { id: c.id },
      b.token,
    );
    await db().subscription.update({
      where: { businessId: b.businessId },
      data: { status: "expired", endedAt: new Date() },
    });
    const googleBefore = { ...google.state.calls };
    const igBefore = { ...ig.state.calls };

    const refused = (out: any, lang: "en" | "ar" = "en") => {
      expect(Object.values(out.data ?? {}).filter((v) => v !== null)).toEqual([]);
      expect(out.errors?.[0]).toMatchObject({
        message: ERRORS.SUBSCRIPTION_ENDED[lang],
        extensions: { code: "FORBIDDEN", reason: "SUBSCRIPTION_ENDED" },
      });
    };
    refused(await send(b.token, r.id));
    refused(await send(b.token, c.id, "ar"), "ar");
    refused(
      await gql(
        app.base,
        `mutation($id: ID!) { hideInboxComment(id: $id, hidden: true) { hidden } }`,
        { id: c.id },
        b.token,
        "ar",
      ),
      "ar",
    );
    refused(
      await gql(app.base, `mutation($id: ID!) { deleteInboxReply(id: $id) { status } }`, { id: answered.id }, b.token),
    );
    refused(
      await gql(
        app.base,
        `mutation($id: ID!, $t: String!) { sendPrivateReply(id: $id, text: $t) { privateReply } }`,
        { id: c.id, t: "Our menu" },
        b.token,
      ),
    );
    refused(
      await gql(
        app.base,
        `mutation($ids: [ID!]!) { sendInboxReplies(ids: $ids) { id code } }`,
        { ids: [r.id, c.id] },
        b.token,
      ),
    );
    // nothing reached Google or Instagram
    expect(google.state.calls).toEqual(googleBefore);
    expect(ig.state.calls).toEqual(igBefore);
    expect(ig.state.repliesTo(c.externalId!)).toEqual([]);
    expect(ig.state.comment(c.externalId!)!.hidden).toBe(false);
    expect(google.state.review(answered.externalId!)!.reply!.comment).toBe("Thank you Fatima!");
    expect(await db().review.findUniqueOrThrow({ where: { id: r.id } })).toMatchObject({
      status: "new",
      sendingAt: null,
      reply: "Shukran Ali!",
    });

    // drafting by hand and marking handled stay open: GraphQL ...
    const draft = await gql(
      app.base,
      `mutation($id: ID!) { updateInboxReply(id: $id, reply: "Shukran ya Ali, nawartna") { reply status } }`,
      { id: r.id },
      b.token,
    );
    expect(draft.data.updateInboxReply).toEqual({ reply: "Shukran ya Ali, nawartna", status: "NEW" });
    const marked = await gql(
      app.base,
      `mutation($id: ID!) { markInboxHandled(id: $id) { status repliedVia } }`,
      { id: c.id },
      b.token,
    );
    expect(marked.data.markInboxHandled).toEqual({ status: "REPLIED", repliedVia: "MARKED" });
    // ... and REST
    const typed = await googleReview(b, { author: "Noura" });
    const put = await call(app.base, "PUT", `/api/reviews/${typed.id}/reply`, {
      token: b.token,
      body: { reply: "Thank you Noura" },
    });
    expect([put.status, put.body.reply]).toEqual([200, "Thank you Noura"]);
    const handled = await call(app.base, "POST", `/api/reviews/${typed.id}/replied`, { token: b.token });
    expect([handled.status, handled.body.status, handled.body.replied_via]).toEqual([200, "replied", "marked"]);
    expect(google.state.calls).toEqual(googleBefore);

    // once it pays, the same reply goes out
    await db().subscription.update({
      where: { businessId: b.businessId },
      data: { status: "active", endedAt: null, renewsAt: new Date(Date.now() + 20 * 86_400_000) },
    });
    expect((await send(b.token, r.id)).data.sendInboxReply).toMatchObject({
      status: "REPLIED",
      repliedVia: "SENT",
      reply: "Shukran ya Ali, nawartna",
    });
  });
});
