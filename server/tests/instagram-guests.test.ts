// Instagram comments through the guests adapter, against the local stand-in of graph.instagram.com:
// the comments edge paged to the end with replies, public replies, hiding, Private Replies (one per
// comment, within 7 days), missing permissions, throttling, and the comments webhook (signature,
// subscription handshake, the account's subscription to comments) delivered over real HTTP.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { INSTAGRAM_PERMISSIONS, INSTAGRAM_SCOPES } from "@sufra/schema";
import { createInstagramAdapter } from "../src/networks/instagram/adapter.ts";
import {
  createInstagramGuests,
  missingInstagramPermission,
  privateReplyRefusal,
} from "../src/networks/instagram/guests.ts";
import type { CommentEvent, InstagramGuests } from "../src/networks/guests.ts";
import { PlatformError, type AccountAccess } from "../src/networks/types.ts";
import { startInstagramFake, type IgThrottleCode, type InstagramFakeState } from "./fakes/instagram-server.ts";

const DAY = 86_400_000;
const VERIFY_TOKEN = "sufra-verify-token";
let fake: Awaited<ReturnType<typeof startInstagramFake>>;
let state: InstagramFakeState;
let guests: InstagramGuests;
let cafe: AccountAccess;
let hook: http.Server;
let hookUrl = "";
/** what the test webhook route made of the last delivery */
let received: CommentEvent[] | null = null;

const rejection = async (p: Promise<unknown>): Promise<PlatformError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
};

beforeAll(async () => {
  fake = await startInstagramFake();
  state = fake.state;
  guests = createInstagramGuests({ ...state.config, webhookVerifyToken: VERIFY_TOKEN }, { backoffMs: 1, pageSize: 20 });
  const user = { userId: "17841400000000001", username: "qahwa.kw" };
  cafe = { externalId: user.userId, handle: user.username, accessToken: state.issueToken(user) };
  // stands in for the webhook route: hands the raw body and its signature to the adapter
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const sig = req.headers["x-hub-signature-256"];
      received = guests.readWebhook(Buffer.concat(chunks), typeof sig === "string" ? sig : undefined);
      res.writeHead(received ? 200 : 403).end();
    });
  });
  await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhooks/instagram`;
});
afterAll(async () => {
  hook.closeAllConnections();
  await new Promise((r) => hook.close(r));
  await fake.close();
});

describe("comments", () => {
  test("pages the comments edge to the end, newest first, leaving out the café's own comments, with each thread", async () => {
    const post = state.addMedia(cafe.externalId, { caption: "Spanish latte", ageMs: 10 * DAY });
    const start = Date.now() - 9 * DAY;
    // 45 guests' comments, one a minute, and the café's own first comment among them
    const made = Array.from({ length: 45 }, (_, i) =>
      state.addComment(post.id, { text: `comment ${i}`, username: `guest${i}`, at: new Date(start + i * 60_000) }),
    );
    state.addComment(post.id, {
      text: "Order on 1888",
      username: cafe.handle,
      fromId: cafe.externalId,
      at: new Date(start + 30 * 60_000 + 1),
    });
    const asked = made[10];
    asked.hidden = true;
    asked.likeCount = 4;
    state.inlineReplies = 2; // the rest of a long thread comes from the comment's replies edge
    state.addReply(asked.id, { text: "Is it sweet?", username: "guest10", at: new Date(start + 11 * 60_000) });
    state.addReply(asked.id, {
      text: "A little, ask for less syrup",
      username: cafe.handle,
      fromId: cafe.externalId,
      at: new Date(start + 12 * 60_000),
    });
    state.addReply(asked.id, { text: "Thanks!", username: "guest10", at: new Date(start + 13 * 60_000) });
    state.addReply(asked.id, {
      text: "Welcome any time",
      username: cafe.handle,
      fromId: cafe.externalId,
      at: new Date(start + 14 * 60_000),
    });
    const calls = { comments: state.calls.list_comments ?? 0, replies: state.calls.list_replies ?? 0 };

    const items = await guests.comments(cafe, post.id);

    // 46 top-level comments at 20 a page: three pages; the long thread: one more page of replies
    expect((state.calls.list_comments ?? 0) - calls.comments).toBe(3);
    expect((state.calls.list_replies ?? 0) - calls.replies).toBe(1);
    expect(items).toHaveLength(45);
    expect(items.map((i) => i.text)).toEqual(made.map((c) => c.message).reverse());
    expect(items.every((i) => i.kind === "comment" && i.rating === null && i.mediaExternalId === post.id)).toBe(true);

    const item = items.find((i) => i.externalId === asked.id)!;
    expect(item).toMatchObject({ author: "guest10", text: "comment 10", hidden: true, permalink: null });
    expect(item.writtenAt.toISOString()).toBe(new Date(Math.floor((start + 10 * 60_000) / 1000) * 1000).toISOString());
    expect(item.thread!.map((t) => [t.author, t.text, t.fromBusiness])).toEqual([
      ["guest10", "Is it sweet?", false],
      [cafe.handle, "A little, ask for less syrup", true],
      ["guest10", "Thanks!", false],
      [cafe.handle, "Welcome any time", true],
    ]);
    // the business's answer is its latest reply; the item changed when the thread last did
    expect(item.reply?.text).toBe("Welcome any time");
    expect(item.reply?.at.getTime()).toBe(item.thread![3].at.getTime());
    expect(item.updatedAt.getTime()).toBe(item.thread![3].at.getTime());

    const plain = items.find((i) => i.externalId === made[0].id)!;
    expect(plain).toMatchObject({ reply: null, thread: [], hidden: false, updatedAt: plain.writtenAt });
    state.inlineReplies = 25;
  });

  test("a media with no comments is an empty list; another account's media is refused", async () => {
    const quiet = state.addMedia(cafe.externalId);
    expect(await guests.comments(cafe, quiet.id)).toEqual([]);
    const other = state.addMedia("17841400000000999");
    const err = await rejection(guests.comments(cafe, other.id));
    expect(err.kind).toBe("rejected");
  });
});

describe("answering", () => {
  test("a public reply lands under the comment, as the café", async () => {
    const post = state.addMedia(cafe.externalId);
    const c = state.addComment(post.id, { text: "Open on Friday?", username: "sara.q" });
    const { id } = await guests.reply(cafe, c.id, "From 4 pm, welcome!");
    expect(id).toMatch(/^\d+$/);
    expect(state.repliesTo(c.id).map((r) => [r.id, r.message, r.fromId])).toEqual([
      [id, "From 4 pm, welcome!", cafe.externalId],
    ]);
    const [item] = await guests.comments(cafe, post.id);
    expect(item.reply?.text).toBe("From 4 pm, welcome!");
    expect(item.thread).toEqual([expect.objectContaining({ author: cafe.handle, fromBusiness: true })]);
  });

  test("hide and unhide; a hidden comment takes no public reply", async () => {
    const post = state.addMedia(cafe.externalId);
    const c = state.addComment(post.id, { text: "spam spam", username: "spammer" });
    await guests.hide(cafe, c.id, true);
    expect(state.comment(c.id)?.hidden).toBe(true);
    expect((await guests.comments(cafe, post.id))[0].hidden).toBe(true);
    const err = await rejection(guests.reply(cafe, c.id, "no"));
    expect(err.kind).toBe("rejected");
    await guests.hide(cafe, c.id, false);
    expect(state.comment(c.id)?.hidden).toBe(false);
    expect((await guests.comments(cafe, post.id))[0].hidden).toBe(false);
  });

  test("one private reply per comment, within 7 days of it", async () => {
    const post = state.addMedia(cafe.externalId, { ageMs: 20 * DAY });
    const recent = state.addComment(post.id, {
      text: "Price of the box?",
      username: "noura",
      fromId: "igsid-noura-1",
      at: new Date(Date.now() - 6 * DAY),
    });
    const { messageId } = await guests.privateReply(cafe, recent.id, "12 KWD, sent you the menu");
    expect(messageId).toBeTruthy();
    expect(state.messages.filter((m) => m.commentId === recent.id)).toEqual([
      expect.objectContaining({
        id: messageId,
        userId: cafe.externalId,
        recipientId: "igsid-noura-1",
        text: "12 KWD, sent you the menu",
      }),
    ]);

    const again = await rejection(guests.privateReply(cafe, recent.id, "one more thing"));
    expect(again.kind).toBe("rejected");
    expect(again.opts.platformCode).toBe(2534025);
    expect(privateReplyRefusal(again)).toBe("used");

    const old = state.addComment(post.id, {
      text: "Do you deliver?",
      username: "fahad",
      at: new Date(Date.now() - 8 * DAY),
    });
    const late = await rejection(guests.privateReply(cafe, old.id, "Yes"));
    expect(late.kind).toBe("rejected");
    expect(late.opts.platformCode).toBe(2534022);
    expect(late.platformMessage).toMatch(/outside of allowed window/);
    expect(privateReplyRefusal(late)).toBe("window");

    const elsewhere = state.addMedia("17841400000000999");
    const theirs = state.addComment(elsewhere.id, { text: "hi", username: "x" });
    const foreign = await rejection(guests.privateReply(cafe, theirs.id, "hi"));
    expect(foreign.kind).toBe("rejected");
    expect(privateReplyRefusal(foreign)).toBeNull();
    expect(state.messages.filter((m) => m.commentId !== recent.id && m.userId === cafe.externalId)).toEqual([]);
  });
});

describe("permissions", () => {
  test("Sufra asks for the messaging scope at connect time, and says what each scope is for in both languages", () => {
    const url = new URL(
      createInstagramAdapter(state.config).authorizeUrl({
        state: "s",
        codeChallenge: "c",
        redirectUri: "https://sufra.example/cb",
      }),
    );
    const scopes = url.searchParams.get("scope")!.split(",");
    expect(scopes).toEqual([...INSTAGRAM_SCOPES]);
    expect(scopes).toEqual(
      expect.arrayContaining(["instagram_business_manage_comments", "instagram_business_manage_messages"]),
    );
    for (const p of INSTAGRAM_PERMISSIONS) {
      expect(p.purpose.en.length).toBeGreaterThan(5);
      expect(p.purpose.ar).toMatch(/[\u0600-\u06FF]/);
    }
  });

  test("a call without its scope is an auth refusal naming the missing permission", async () => {
    const post = state.addMedia(cafe.externalId);
    const c = state.addComment(post.id, { text: "Great", username: "guest" });
    const noMessages = {
      ...cafe,
      accessToken: state.issueToken({ userId: cafe.externalId, username: cafe.handle }, undefined, 0, [
        "instagram_business_basic",
        "instagram_business_manage_comments",
      ]),
    };
    expect(await guests.comments(noMessages, post.id)).toHaveLength(1);
    const dm = await rejection(guests.privateReply(noMessages, c.id, "hello"));
    expect(dm.kind).toBe("auth");
    expect(missingInstagramPermission(dm)).toBe("instagram_business_manage_messages");
    expect(dm.platformMessage).toContain("instagram_business_manage_messages");
    expect(state.messages.some((m) => m.commentId === c.id)).toBe(false);

    const noComments = {
      ...cafe,
      accessToken: state.issueToken({ userId: cafe.externalId, username: cafe.handle }, undefined, 0, [
        "instagram_business_basic",
      ]),
    };
    for (const call of [
      guests.comments(noComments, post.id),
      guests.reply(noComments, c.id, "x"),
      guests.hide(noComments, c.id, true),
    ]) {
      const err = await rejection(call);
      expect(err.kind).toBe("auth");
      expect(missingInstagramPermission(err)).toBe("instagram_business_manage_comments");
      expect(err.platformMessage).toContain("instagram_business_manage_comments");
    }
    expect(state.comment(c.id)?.hidden).toBe(false);

    // a token Instagram no longer accepts is an auth refusal too, but no permission is missing
    const revoked = { ...cafe, accessToken: state.issueToken({ userId: cafe.externalId, username: cafe.handle }) };
    state.revokeToken(revoked.accessToken);
    const dead = await rejection(guests.comments(revoked, post.id));
    expect(dead.kind).toBe("auth");
    expect(missingInstagramPermission(dead)).toBeNull();
  });
});

test("throttling (codes 4, 17, 32, 613) is a rate limit with a time to try again", async () => {
  const post = state.addMedia(cafe.externalId);
  const c = state.addComment(post.id, { text: "hi", username: "guest" });
  try {
    for (const code of [4, 17, 32, 613] as IgThrottleCode[]) {
      state.throttleGuests(code);
      for (const call of [
        guests.comments(cafe, post.id),
        guests.reply(cafe, c.id, "x"),
        guests.privateReply(cafe, c.id, "x"),
      ]) {
        const err = await rejection(call);
        expect(err.kind).toBe("rate_limit");
        expect(err.opts.platformCode).toBe(code);
        expect(err.opts.retryAt!.getTime()).toBeGreaterThan(Date.now());
      }
    }
  } finally {
    state.throttleGuests(null);
  }
  expect(state.repliesTo(c.id)).toEqual([]);
  expect(await guests.comments(cafe, post.id)).toHaveLength(1);
});

describe("webhook", () => {
  test("a signed comments event is read; a forged or missing signature is not", async () => {
    const post = state.addMedia(cafe.externalId);
    const c = state.addComment(post.id, {
      text: "وين فرعكم؟",
      username: "mariam",
      fromId: "igsid-mariam",
      at: new Date(Date.now() - 5_000),
    });
    const answer = state.addReply(c.id, { text: "In Salmiya", username: cafe.handle, fromId: cafe.externalId });

    expect((await state.sendWebhook(hookUrl, state.commentWebhook(c.id))).status).toBe(200);
    expect(received).toEqual([
      {
        igUserId: cafe.externalId,
        commentId: c.id,
        mediaId: post.id,
        author: "mariam",
        fromBusiness: false,
        text: "وين فرعكم؟",
        parentId: null,
        at: new Date(Math.floor(c.timestamp!.getTime() / 1000) * 1000),
      },
    ]);
    expect((await state.sendWebhook(hookUrl, state.commentWebhook(answer.id))).status).toBe(200);
    expect(received).toEqual([
      expect.objectContaining({ commentId: answer.id, fromBusiness: true, parentId: c.id, author: cafe.handle }),
    ]);

    expect((await state.sendWebhook(hookUrl, state.commentWebhook(c.id), { signature: "forged" })).status).toBe(403);
    expect(received).toBeNull();
    expect((await state.sendWebhook(hookUrl, state.commentWebhook(c.id), { signature: "missing" })).status).toBe(403);
    expect(received).toBeNull();

    // a body changed after signing no longer verifies
    const body = JSON.stringify(state.commentWebhook(c.id));
    const { hubSignature } = await import("./fakes/instagram-server.ts");
    expect(guests.readWebhook(Buffer.from(body), hubSignature(body, state.appSecret))).toHaveLength(1);
    expect(
      guests.readWebhook(Buffer.from(body.replace("mariam", "mariem")), hubSignature(body, state.appSecret)),
    ).toBeNull();
    // other fields and objects are verified but carry no comments
    const mentions = {
      object: "instagram",
      entry: [
        { id: cafe.externalId, time: 1, changes: [{ field: "mentions", value: { media_id: "1", comment_id: "2" } }] },
      ],
    };
    expect(
      guests.readWebhook(
        Buffer.from(JSON.stringify(mentions)),
        hubSignature(JSON.stringify(mentions), state.appSecret),
      ),
    ).toEqual([]);
    // without an app secret nothing can be verified
    const unsigned = createInstagramGuests({ ...state.config, appSecret: undefined, webhookVerifyToken: VERIFY_TOKEN });
    expect(unsigned.readWebhook(Buffer.from(body), hubSignature(body, state.appSecret))).toBeNull();
  });

  test("an account is subscribed to comments on graph.instagram.com; only then does Instagram deliver its comments", async () => {
    const user = { userId: "17841400000000077", username: "saffron.kw" };
    const account = {
      externalId: user.userId,
      handle: user.username,
      accessToken: state.issueToken(user, undefined, 0, [
        "instagram_business_basic",
        "instagram_business_manage_comments",
      ]),
    };
    const post = state.addMedia(user.userId);
    state.webhookUrl = hookUrl;
    try {
      // not subscribed yet: the app's webhook is set up, but Instagram sends nothing of this account
      state.addComment(post.id, { text: "Before", username: "guest" });
      await state.delivered();
      expect(state.deliveries.filter((d) => d.userId === user.userId)).toEqual([]);

      const before = state.log.length;
      await guests.subscribeComments(account);
      expect(state.log.slice(before)).toEqual([{ endpoint: "subscribed_apps", node: user.userId }]);
      expect(state.subscriptions.get(user.userId)).toEqual(["comments"]);
      const listed = (await (
        await fetch(`${state.url}/v23.0/${user.userId}/subscribed_apps?access_token=${account.accessToken}`)
      ).json()) as { data: unknown[] };
      expect(listed.data).toEqual([{ id: state.appId, subscribed_fields: ["comments"] }]);

      const c = state.addComment(post.id, { text: "After", username: "guest" });
      await state.delivered();
      expect(state.deliveries.filter((d) => d.userId === user.userId)).toEqual([
        { userId: user.userId, commentId: c.id, status: 200 },
      ]);
      expect(received).toEqual([expect.objectContaining({ igUserId: user.userId, commentId: c.id, text: "After" })]);
    } finally {
      state.webhookUrl = null;
    }
  });

  test("subscribing without the comments permission is refused, naming it; an unknown field is refused", async () => {
    const user = { userId: "17841400000000078", username: "basic.only" };
    const token = state.issueToken(user, undefined, 0, [
      "instagram_business_basic",
      "instagram_business_content_publish",
    ]);
    const err = await rejection(
      guests.subscribeComments({ externalId: user.userId, handle: user.username, accessToken: token }),
    );
    expect([err.kind, missingInstagramPermission(err)]).toEqual(["auth", "instagram_business_manage_comments"]);
    expect(state.subscriptions.has(user.userId)).toBe(false);
    const r = await fetch(`${state.url}/v23.0/${user.userId}/subscribed_apps`, {
      method: "POST",
      body: new URLSearchParams({ subscribed_fields: "feed", access_token: token }),
    });
    expect([r.status, ((await r.json()) as { error: { code: number } }).error.code]).toEqual([400, 100]);
    // another account's token subscribes nothing of this one
    const other = await fetch(`${state.url}/v23.0/${user.userId}/subscribed_apps`, {
      method: "POST",
      body: new URLSearchParams({ subscribed_fields: "comments", access_token: cafe.accessToken }),
    });
    expect([other.status, ((await other.json()) as { error: { code: number } }).error.code]).toEqual([400, 100]);
    expect(state.subscriptions.has(user.userId)).toBe(false);
  });

  test("the subscription handshake answers the challenge only for the configured verify token", () => {
    const q = (mode: string, token: string) => ({
      "hub.mode": mode,
      "hub.verify_token": token,
      "hub.challenge": "1158201444",
    });
    expect(guests.verifySubscription(q("subscribe", VERIFY_TOKEN))).toBe("1158201444");
    expect(guests.verifySubscription({ hub: { mode: "subscribe", verify_token: VERIFY_TOKEN, challenge: "42" } })).toBe(
      "42",
    );
    expect(guests.verifySubscription(q("subscribe", "guess"))).toBeNull();
    expect(guests.verifySubscription(q("unsubscribe", VERIFY_TOKEN))).toBeNull();
    expect(guests.verifySubscription({ "hub.mode": "subscribe", "hub.challenge": "1" })).toBeNull();
    const unconfigured = createInstagramGuests({ ...state.config, webhookVerifyToken: undefined });
    expect(unconfigured.verifySubscription(q("subscribe", ""))).toBeNull();
  });
});
