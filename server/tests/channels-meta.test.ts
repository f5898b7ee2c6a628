// The Instagram and Facebook Page (Messenger) conversation channels against their strict stand-ins over real
// HTTP (docs/architecture.md#channel-packs): sending text, a photo Meta downloads and quick replies, the
// 24-hour window and HUMAN_AGENT's 7 days, a missing permission, throttling, the signed messaging webhook
// (echoes, story replies, links' refs, ads, reads), the sweep's read of recent messages and the webhook
// subscription. The last part shows each stand-in refusing what Meta refuses: a lenient stand-in is a defect.
import http from "node:http";
import { createHmac } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "@jest/globals";
import { createFacebookChannel } from "../src/channels/facebook/adapter.ts";
import { createInstagramChannel } from "../src/channels/instagram/adapter.ts";
import { windowRefusal } from "../src/channels/meta-webhook.ts";
import type { ChannelAccess, ChannelAdapter, ChannelEvent, InboundMessage } from "../src/channels/types.ts";
import { PlatformError } from "../src/networks/types.ts";
import { startFacebookMessagesFake } from "./fakes/facebook-messages-server.ts";
import { startInstagramMessagesFake } from "./fakes/instagram-messages-server.ts";
import type { MetaChannel, MetaMessagesState } from "./fakes/meta-messages-server.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

interface Ctx {
  fake: Awaited<ReturnType<typeof startInstagramMessagesFake>>;
  state: MetaMessagesState;
  adapter: ChannelAdapter;
  cafe: ChannelAccess;
  /** the permission every messaging call needs */
  scope: string;
  windowSubcode: number;
  strangerSubcode: number;
  /** the account's webhook fields messaging subscribes */
  fields: string[];
  hookUrl: string;
  /** what the webhook route made of the last delivery */
  received: ChannelEvent[] | null;
}
const ctx = {} as Record<MetaChannel, Ctx>;
let media: http.Server;
let mediaUrl = "";
let hook: http.Server;
let guestSeq = 0;
/** a new guest: an IGSID or a PSID, numeric as Meta's */
const newGuest = () => String(7_100_000_000_000_000 + ++guestSeq);

const rejection = async (p: Promise<unknown>): Promise<PlatformError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
};

/** hands the raw body and its signature to the channel's adapter, as the webhook route does */
function serveHook(): Promise<void> {
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const c = ctx[(req.url ?? "").endsWith("/instagram") ? "instagram" : "facebook"];
      const sig = req.headers["x-hub-signature-256"];
      c.received = c.adapter.readWebhook(Buffer.concat(chunks), typeof sig === "string" ? sig : undefined);
      res.writeHead(c.received ? 200 : 403).end();
    });
  });
  return new Promise((r) => hook.listen(0, "127.0.0.1", r));
}

/** Sufra's public media, as Meta downloads it: photos, a PDF, a missing file and photos over each limit. */
function serveMedia(): Promise<void> {
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7), Buffer.from([0xff, 0xd9])]);
  media = http.createServer((req, res) => {
    res.on("error", () => {}); // Meta stops reading a photo over the limit
    const path = req.url ?? "";
    const send = (type: string, body: Buffer) =>
      res.writeHead(200, { "content-type": type, "content-length": body.length }).end(body);
    if (path === "/photo.jpg") return send("image/jpeg", jpeg);
    if (path === "/photo.png") return send("image/png", jpeg);
    if (path === "/menu.pdf") return send("application/pdf", Buffer.from("%PDF-1.7 menu"));
    if (path === "/empty.jpg") return send("image/jpeg", Buffer.alloc(0));
    const big = /^\/big-(\d+)\.jpg$/.exec(path);
    if (big) return send("image/jpeg", Buffer.alloc(Number(big[1]) * MB + 1));
    // no Content-Length: the stand-in must count the bytes it reads
    const streamed = /^\/streamed-(\d+)\.jpg$/.exec(path);
    if (streamed) {
      res.writeHead(200, { "content-type": "image/jpeg" });
      const chunk = Buffer.alloc(MB);
      for (let i = 0; i < Number(streamed[1]); i++) res.write(chunk);
      return res.end(Buffer.alloc(1));
    }
    res.writeHead(404, { "content-type": "text/html" }).end("not found");
  });
  return new Promise((r) => media.listen(0, "127.0.0.1", r));
}

beforeAll(async () => {
  await Promise.all([serveHook(), serveMedia()]);
  const hookBase = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/webhooks`;
  mediaUrl = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  for (const channel of ["instagram", "facebook"] as const) {
    const fake = await (channel === "instagram" ? startInstagramMessagesFake() : startFacebookMessagesFake());
    const state = fake.state;
    const tune = { timeoutMs: 5_000, backoffMs: 1 };
    const adapter =
      channel === "instagram"
        ? createInstagramChannel({ ...state.config, ...tune })
        : createFacebookChannel({ ...state.config, ...tune });
    const account = state.addAccount({ name: channel === "instagram" ? "qahwa.kw" : "Qahwa Salmiya" });
    ctx[channel] = {
      fake,
      state,
      adapter,
      cafe: { externalId: account.id, accessToken: account.token },
      scope: channel === "instagram" ? "instagram_business_manage_messages" : "pages_messaging",
      windowSubcode: channel === "instagram" ? 2534022 : 2018278,
      strangerSubcode: channel === "instagram" ? 2534014 : 2018001,
      fields:
        channel === "instagram"
          ? ["messages", "messaging_postbacks", "messaging_seen", "messaging_referral"]
          : ["messages", "messaging_postbacks", "messaging_referrals", "message_echoes", "message_reads"],
      hookUrl: `${hookBase}/${channel}`,
      received: null,
    };
  }
});
afterAll(async () => {
  for (const server of [hook, media]) {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
  await Promise.all(Object.values(ctx).map((c) => c.fake.close()));
});

/** the guest writes to the café `ago` milliseconds before now */
const guestWrote = (c: Ctx, ago = 0, o: { account?: ChannelAccess; text?: string } = {}) => {
  const guest = newGuest();
  const account = (o.account ?? c.cafe).externalId;
  c.state.guestWrites({ account, guest, text: o.text ?? "Salam, are you open?", at: new Date(Date.now() - ago) });
  return guest;
};
const messages = (events: ChannelEvent[] | null): InboundMessage[] =>
  (events ?? []).flatMap((e) => (e.kind === "message" ? [e.message] : []));

describe.each(["instagram", "facebook"] as const)("%s channel", (channel) => {
  let c: Ctx;
  beforeAll(() => {
    c = ctx[channel];
  });

  describe("sending", () => {
    test("text goes as a RESPONSE to the guest, the token as a bearer, and comes back named", async () => {
      const guest = guestWrote(c);
      const { externalId } = await c.adapter.send({
        access: c.cafe,
        to: guest,
        message: { kind: "text", text: "أهلاً، نفتح الساعة ٧ صباحاً" },
      });
      const sent = c.state.sent.at(-1)!;
      expect(sent.id).toBe(externalId);
      expect(sent.body).toEqual({
        recipient: { id: guest },
        messaging_type: "RESPONSE",
        message: { text: "أهلاً، نفتح الساعة ٧ صباحاً" },
      });
      expect(sent.tokenIn).toBe("bearer");
      // Messenger: the Page token's proof under the app secret ("Require App Secret")
      const proof = createHmac("sha256", c.state.appSecret).update(c.cafe.accessToken).digest("hex");
      expect(sent.proof).toBe(channel === "facebook" ? proof : null);
    });

    test("a photo goes by its URL, which Meta downloads; quick replies carry each choice's id as payload", async () => {
      const guest = guestWrote(c);
      const url = `${mediaUrl}/photo.png`;
      const photo = await c.adapter.send({
        access: c.cafe,
        to: guest,
        message: { kind: "image", url, mime: "image/png", bytes: 406 },
      });
      expect(c.state.sent.at(-1)!.body.message).toEqual({ attachment: { type: "image", payload: { url } } });
      expect(c.state.fetchedUrls).toContain(url);

      const choices = await c.adapter.send({
        access: c.cafe,
        to: guest,
        message: {
          kind: "choices",
          text: "Pick up or delivery?",
          choices: [
            { id: "pickup", title: "Pick up" },
            { id: "delivery", title: "التوصيل" },
          ],
        },
      });
      expect(choices.externalId).not.toBe(photo.externalId);
      expect(c.state.sent.at(-1)!.body.message).toEqual({
        text: "Pick up or delivery?",
        quick_replies: [
          { content_type: "text", title: "Pick up", payload: "pickup" },
          { content_type: "text", title: "التوصيل", payload: "delivery" },
        ],
      });
    });

    test("past 24 hours the window is closed; a person's reply tagged HUMAN_AGENT goes within 7 days", async () => {
      const guest = guestWrote(c, 3 * DAY);
      const closed = await rejection(
        c.adapter.send({ access: c.cafe, to: guest, message: { kind: "text", text: "Hi" } }),
      );
      expect(windowRefusal(closed)).toBe(true);
      expect(closed.opts.platformCode).toBe(c.windowSubcode);

      await c.adapter.send({
        access: c.cafe,
        to: guest,
        message: { kind: "text", text: "Sorry for the wait: your order is ready" },
        humanAgent: true,
      });
      expect(c.state.sent.at(-1)!.body).toMatchObject({ messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" });

      // Messenger's other wording of the same refusal speaks of a permission: still the window, never "auth"
      c.state.failNext("send", "news_window");
      const worded = await rejection(
        c.adapter.send({ access: c.cafe, to: guest, message: { kind: "text", text: "Hi" } }),
      );
      expect([worded.kind, windowRefusal(worded)]).toEqual(["rejected", true]);

      const late = guestWrote(c, 7 * DAY + HOUR);
      const tooLate = await rejection(
        c.adapter.send({ access: c.cafe, to: late, message: { kind: "text", text: "Hi" }, humanAgent: true }),
      );
      expect(windowRefusal(tooLate)).toBe(true);
    });

    test("a token without the messaging permission is auth naming it; an expired token is auth", async () => {
      const scopes = c.state.addAccount({ name: "no-messages" });
      c.state.grantScopes(
        scopes.token,
        c.state.tokens.get(scopes.token)!.scopes.filter((s) => s !== c.scope),
      );
      const access = { externalId: scopes.id, accessToken: scopes.token };
      const guest = guestWrote(c, 0, { account: access });
      const denied = await rejection(c.adapter.send({ access, to: guest, message: { kind: "text", text: "Hi" } }));
      expect(denied.kind).toBe("auth");
      expect(denied.opts.platformCode).toBe(c.scope);
      expect(windowRefusal(denied)).toBe(false);

      const stale = c.state.addAccount({ name: "stale" });
      c.state.expireToken(stale.token);
      const expired = await rejection(
        c.adapter.recentMessages({ externalId: stale.id, accessToken: stale.token }, new Date(0)),
      );
      expect(expired.kind).toBe("auth");
      expect(expired.platformMessage).toMatch(/expired/);
    });

    test("a spent send budget is a rate limit, retried when Meta's usage header says", async () => {
      const guest = guestWrote(c);
      c.state.throttleSends(1, 30);
      try {
        await c.adapter.send({ access: c.cafe, to: guest, message: { kind: "text", text: "One" } });
        const throttled = await rejection(
          c.adapter.send({ access: c.cafe, to: guest, message: { kind: "text", text: "Two" } }),
        );
        expect(throttled.kind).toBe("rate_limit");
        expect(throttled.opts.platformCode).toBe(613);
        const wait = throttled.opts.retryAt!.getTime() - Date.now();
        expect(wait).toBeGreaterThan(29 * MINUTE);
        expect(wait).toBeLessThanOrEqual(30 * MINUTE);
      } finally {
        c.state.throttleSends(null);
      }
    });

    test("what the channel cannot carry is refused before any call: a template, a captioned photo, a PDF", async () => {
      const guest = guestWrote(c);
      const calls = c.state.calls.send ?? 0;
      const template = await rejection(
        c.adapter.send({
          access: c.cafe,
          to: guest,
          message: { kind: "template", name: "order_ready", language: "ar", params: [] },
        }),
      );
      expect(template.kind).toBe("rejected");
      expect(template.platformMessage).toMatch(/no message templates/);
      const captioned = await rejection(
        c.adapter.send({
          access: c.cafe,
          to: guest,
          message: { kind: "image", url: `${mediaUrl}/photo.jpg`, mime: "image/jpeg", bytes: 406, caption: "New!" },
        }),
      );
      expect(captioned.platformMessage).toMatch(/without a caption/);
      const pdf = await rejection(
        c.adapter.send({
          access: c.cafe,
          to: guest,
          message: { kind: "image", url: `${mediaUrl}/menu.pdf`, mime: "application/pdf", bytes: 13 },
        }),
      );
      expect(pdf.kind).toBe("rejected");
      expect(c.state.calls.send ?? 0).toBe(calls);
    });
  });

  describe("the webhook", () => {
    test("a guest's message is read from a signed delivery; a forged or missing signature is refused", async () => {
      const guest = newGuest();
      const photo = `${mediaUrl}/photo.jpg`;
      const body = c.state.guestWrites({
        account: c.cafe.externalId,
        guest,
        text: "This one please",
        attachments: [{ type: "image", url: photo }],
        at: new Date(Date.now() - MINUTE),
      });
      expect((await c.state.deliver(c.hookUrl, body)).status).toBe(200);
      const [m] = messages(c.received);
      expect(c.received).toHaveLength(1);
      expect(m).toMatchObject({
        channel,
        accountExternalId: c.cafe.externalId,
        guestExternalId: guest,
        text: "This one please",
        media: [{ kind: "image", url: photo }],
        fromBusiness: false,
        startedBy: null,
      });
      expect(m.externalId).toBe(c.state.messages.at(-1)!.id);
      expect(Math.abs(m.at.getTime() - (Date.now() - MINUTE))).toBeLessThan(5_000);

      expect((await c.state.deliver(c.hookUrl, body, { forge: true })).status).toBe(403);
      expect(c.received).toBeNull();
      expect((await c.state.deliver(c.hookUrl, body, { unsigned: true })).status).toBe(403);
      expect(c.received).toBeNull();
    });

    test("a tapped quick reply is the guest's choice; an echo is the café's own message", async () => {
      const guest = guestWrote(c);
      await c.state.deliver(
        c.hookUrl,
        c.state.guestWrites({ account: c.cafe.externalId, guest, text: "Pick up", quickReply: "pickup" }),
      );
      expect(messages(c.received)[0].choice).toEqual({ id: "pickup", title: "Pick up" });

      const { externalId } = await c.adapter.send({
        access: c.cafe,
        to: guest,
        message: { kind: "text", text: "See you soon" },
      });
      await c.state.deliver(c.hookUrl, c.state.echoOf(externalId));
      expect(messages(c.received)).toEqual([
        expect.objectContaining({
          externalId,
          guestExternalId: guest,
          accountExternalId: c.cafe.externalId,
          text: "See you soon",
          fromBusiness: true,
        }),
      ]);
    });

    test("a read event tells when the guest read the café's messages", async () => {
      const guest = guestWrote(c);
      await c.adapter.send({ access: c.cafe, to: guest, message: { kind: "text", text: "Ready" } });
      const at = new Date(Date.now() - 5_000);
      await c.state.deliver(c.hookUrl, c.state.guestReads({ account: c.cafe.externalId, guest, at }));
      expect(c.received).toEqual([
        { kind: "read", channel, accountExternalId: c.cafe.externalId, guestExternalId: guest, at },
      ]);
    });

    test("a link's ref and an ad start the conversation", async () => {
      const guest = newGuest();
      const linked = c.state.guestWrites({ account: c.cafe.externalId, guest, text: "Menu?", ref: "ramadan-2026" });
      await c.state.deliver(c.hookUrl, linked);
      // the referral and the message it led to are one message
      expect(c.received).toHaveLength(1);
      expect(messages(c.received)[0]).toMatchObject({
        text: "Menu?",
        startedBy: { kind: "link", ref: "ramadan-2026", externalId: null },
      });

      const opener = newGuest();
      await c.state.deliver(
        c.hookUrl,
        c.state.guestOpensLink({ account: c.cafe.externalId, guest: opener, ref: "qr-table-4" }),
      );
      const [opened] = messages(c.received);
      expect(opened).toMatchObject({ guestExternalId: opener, startedBy: { kind: "link", ref: "qr-table-4" } });
      // Messenger: Get Started, a postback; Instagram: the referral alone, an empty message
      if (channel === "facebook") expect(opened).toMatchObject({ text: "Get Started", choice: { id: "GET_STARTED" } });
      else expect(opened).toMatchObject({ text: "", media: [] });
      // the same delivery again is the same message
      const again = await c.state.deliver(
        c.hookUrl,
        c.state.guestOpensLink({ account: c.cafe.externalId, guest: opener, ref: "qr-table-4", at: opened.at }),
      );
      expect(again.status).toBe(200);
      if (channel === "instagram") expect(messages(c.received)[0].externalId).toBe(opened.externalId);

      const fromAd = c.state.guestWrites({
        account: c.cafe.externalId,
        guest: newGuest(),
        text: "Is the iftar box still on?",
        ad: { id: "120210000000001", ref: "iftar" },
      });
      await c.state.deliver(c.hookUrl, fromAd);
      expect(messages(c.received)[0].startedBy).toEqual({
        kind: "ad",
        externalId: "120210000000001",
        ref: "iftar",
        url: "https://scontent.example/ad.jpg",
      });
    });

    test("the subscription handshake echoes the challenge only with the verify token", () => {
      const q = {
        "hub.mode": "subscribe",
        "hub.verify_token": c.state.webhookVerifyToken,
        "hub.challenge": "1158201444",
      };
      expect(c.adapter.verifySubscription(q)).toBe("1158201444");
      expect(
        c.adapter.verifySubscription({
          hub: { mode: "subscribe", verify_token: c.state.webhookVerifyToken, challenge: "7" },
        }),
      ).toBe("7");
      expect(c.adapter.verifySubscription({ ...q, "hub.verify_token": "guess" })).toBeNull();
      expect(c.adapter.verifySubscription({ ...q, "hub.mode": "unsubscribe" })).toBeNull();
      expect(c.adapter.configured()).toBe(true);
    });
  });

  describe("the sweep and the subscription", () => {
    test("recentMessages reads the conversations updated since a time, both sides, oldest first", async () => {
      const account = c.state.addAccount({ name: "sweep" });
      const access = { externalId: account.id, accessToken: account.token };
      const write = (guest: string, ago: number, text: string) =>
        c.state.guestWrites({ account: account.id, guest, text, at: new Date(Date.now() - ago) });
      const [early, quiet, busy] = [newGuest(), newGuest(), newGuest()];
      write(early, 3 * HOUR, "yesterday's question");
      write(early, 10 * MINUTE, "still open?");
      write(quiet, 2 * DAY, "old thread");
      // a busy conversation: 30 messages in the last hour, one a minute (two pages)
      for (let i = 30; i >= 1; i--) write(busy, i * MINUTE + 30_000, `busy ${30 - i}`);
      const { externalId: answer } = await c.adapter.send({
        access,
        to: early,
        message: { kind: "text", text: "Yes, until midnight" },
      });

      const since = new Date(Date.now() - HOUR);
      const read = await c.adapter.recentMessages(access, since);
      expect(read.every((m) => m.at >= since)).toBe(true);
      expect(read.map((m) => m.at.getTime())).toEqual([...read.map((m) => m.at.getTime())].sort((a, b) => a - b));
      expect(read.some((m) => m.guestExternalId === quiet)).toBe(false);
      expect(read.filter((m) => m.guestExternalId === early).map((m) => [m.text, m.fromBusiness])).toEqual([
        ["still open?", false],
        ["Yes, until midnight", true],
      ]);
      expect(read.find((m) => m.externalId === answer)).toMatchObject({ guestExternalId: early, channel });
      // Messenger pages a conversation to its end; Instagram details a conversation's 20 newest messages only
      const busyTexts = read.filter((m) => m.guestExternalId === busy).map((m) => m.text);
      const depth = channel === "instagram" ? 20 : 30;
      expect(busyTexts).toEqual(Array.from({ length: depth }, (_, i) => `busy ${30 - depth + i}`));
      expect(read.find((m) => m.guestExternalId === busy)!.guestName).toMatch(/^guest\./);
    });

    test("recentMessages rides out a passing failure (reads are retried)", async () => {
      const guest = guestWrote(c, MINUTE);
      c.state.failNext("conversations", "transient");
      const read = await c.adapter.recentMessages(c.cafe, new Date(Date.now() - 5 * MINUTE));
      expect(read.some((m) => m.guestExternalId === guest)).toBe(true);
    });

    test("subscribe adds the messaging fields and keeps the fields the account already has", async () => {
      const kept = channel === "instagram" ? "comments" : "feed";
      c.state.subscriptions.set(c.cafe.externalId, [kept]);
      await c.adapter.subscribe(c.cafe);
      expect(c.state.subscriptions.get(c.cafe.externalId)).toEqual([kept, ...c.fields]);
      // again: the same fields
      await c.adapter.subscribe(c.cafe);
      expect(c.state.subscriptions.get(c.cafe.externalId)).toEqual([kept, ...c.fields]);
    });

    test("subscribing without the permission it needs is auth naming it", async () => {
      const needs = channel === "instagram" ? "instagram_business_manage_messages" : "pages_manage_metadata";
      const a = c.state.addAccount({ name: "no-subscribe" });
      c.state.grantScopes(
        a.token,
        c.state.tokens.get(a.token)!.scopes.filter((s) => s !== needs),
      );
      const err = await rejection(c.adapter.subscribe({ externalId: a.id, accessToken: a.token }));
      expect(err.kind).toBe("auth");
      expect(err.opts.platformCode).toBe(needs);
    });
  });
});

describe("what differs between the channels", () => {
  test("Instagram counts bytes: 600 Arabic letters (1,200 bytes) are refused before sending", async () => {
    const c = ctx.instagram;
    const guest = guestWrote(c);
    const err = await rejection(
      c.adapter.send({ access: c.cafe, to: guest, message: { kind: "text", text: "ق".repeat(600) } }),
    );
    expect(err.platformMessage).toMatch(/1000 bytes/);
    await c.adapter.send({ access: c.cafe, to: guest, message: { kind: "text", text: "ق".repeat(500) } });
    // Messenger counts characters: 1,500 Arabic letters go
    const fb = ctx.facebook;
    const psid = guestWrote(fb);
    await fb.adapter.send({ access: fb.cafe, to: psid, message: { kind: "text", text: "ق".repeat(1500) } });
  });

  test("an Instagram story reply starts the conversation from the story; comment changes are left alone", async () => {
    const c = ctx.instagram;
    const guest = newGuest();
    const body = c.state.guestWrites({
      account: c.cafe.externalId,
      guest,
      text: "😍 where is this?",
      replyToStory: { id: "18011223344556677", url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1" },
    }) as { entry: Record<string, unknown>[] };
    body.entry.push({ id: c.cafe.externalId, time: Date.now(), changes: [{ field: "comments", value: { id: "1" } }] });
    await c.state.deliver(c.hookUrl, body);
    expect(c.received).toHaveLength(1);
    expect(messages(c.received)[0].startedBy).toEqual({
      kind: "story",
      externalId: "18011223344556677",
      url: "https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1",
    });
    // a Page's delivery at the Instagram route is not Instagram's
    const page = ctx.facebook.state.guestWrites({
      account: ctx.facebook.cafe.externalId,
      guest: newGuest(),
      text: "x",
    });
    const raw = JSON.stringify(page);
    const sig = `sha256=${createHmac("sha256", c.state.appSecret).update(raw).digest("hex")}`;
    expect(c.adapter.readWebhook(Buffer.from(raw), sig)).toEqual([]);
  });

  test("an adapter without the app's secret or verify token is not configured and reads no webhook", () => {
    const c = ctx.instagram;
    const bare = createInstagramChannel({ ...c.state.config, appSecret: undefined });
    expect(bare.configured()).toBe(false);
    const raw = Buffer.from(JSON.stringify(c.state.guestWrites({ account: c.cafe.externalId, guest: newGuest() })));
    expect(bare.readWebhook(raw, `sha256=${createHmac("sha256", "").update(raw).digest("hex")}`)).toBeNull();
    expect(createFacebookChannel({ ...ctx.facebook.state.config, webhookVerifyToken: undefined }).configured()).toBe(
      false,
    );
  });
});

// ------------------------------------------------------------------------------ the stand-ins' refusals

/** One raw Graph call to a stand-in; answers the status, Meta's error and the usage header. */
async function graph(
  c: Ctx,
  method: string,
  path: string,
  o: { token?: string | null; json?: unknown; raw?: string; query?: Record<string, string> } = {},
) {
  const url = new URL(`${c.state.url}/${c.state.graphVersion}/${path}`);
  for (const [k, v] of Object.entries(o.query ?? {})) url.searchParams.set(k, v);
  const headers: Record<string, string> = {};
  const token = o.token === undefined ? c.cafe.accessToken : o.token;
  if (token) headers.authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (o.json !== undefined || o.raw !== undefined) {
    headers["content-type"] = "application/json";
    body = o.raw ?? JSON.stringify(o.json);
  }
  const r = await fetch(url, { method, headers, body });
  const json = (await r.json()) as { error?: { code?: number; error_subcode?: number; message?: string } };
  return { status: r.status, error: json.error, usage: r.headers.get("x-business-use-case-usage") };
}

/** A send to a guest of the café: a text to a guest who wrote a minute ago unless `o` says otherwise. */
const sendRaw = (c: Ctx, o: { to?: string; body?: Record<string, unknown>; token?: string | null } = {}) => {
  const to = o.to ?? guestWrote(c, MINUTE);
  return graph(c, "POST", `${c.cafe.externalId}/messages`, {
    token: o.token,
    json: { recipient: { id: to }, messaging_type: "RESPONSE", message: { text: "Hello" }, ...o.body },
  });
};
const photo = (path: string) => ({
  message: { attachment: { type: "image", payload: { url: `${mediaUrl}${path}` } } },
});

type Refusal = [string, (c: Ctx, channel: MetaChannel) => ReturnType<typeof graph>, number, number | null];
const refusals: Refusal[] = [
  ["an unknown token", (c) => sendRaw(c, { token: "EAAnot-a-token" }), 190, null],
  ["no token at all", (c) => sendRaw(c, { token: null }), 2500, null],
  [
    "an expired token",
    (c) => {
      const a = c.state.addAccount({ name: "expired" });
      c.state.expireToken(a.token);
      return graph(c, "GET", `${a.id}/conversations`, { token: a.token });
    },
    190,
    463,
  ],
  [
    "a token without the messaging permission",
    (c, channel) => {
      const a = c.state.addAccount({ name: "unscoped", scopes: [] });
      return graph(c, "POST", `${a.id}/messages`, {
        token: a.token,
        json: { recipient: { id: "1" }, messaging_type: "RESPONSE", message: { text: "Hi" } },
      }).then((r) => ({ ...r, expectMessage: channel === "facebook" ? /pages_messaging/ : /permission/ }));
    },
    -1,
    null,
  ],
  ["a free-form message 25 hours after the guest's last", (c) => sendRaw(c, { to: guestWrote(c, 25 * HOUR) }), 10, -1],
  [
    "HUMAN_AGENT 8 days after the guest's last message",
    (c) => sendRaw(c, { to: guestWrote(c, 8 * DAY), body: { messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" } }),
    10,
    -1,
  ],
  ["a guest who never wrote", (c) => sendRaw(c, { to: newGuest() }), 100, -2],
  [
    "text over the channel's limit",
    (c, channel) =>
      sendRaw(c, {
        // Instagram: 501 Arabic letters are 1,002 bytes; Messenger: 2,001 characters
        body: { message: { text: channel === "instagram" ? "ك".repeat(501) : "a".repeat(2001) } },
      }),
    100,
    null,
  ],
  ["a photo URL that answers 404", (c) => sendRaw(c, { body: photo("/gone.jpg") }), 100, 2018008],
  [
    "a photo URL nobody answers",
    (c) =>
      sendRaw(c, {
        body: { message: { attachment: { type: "image", payload: { url: "http://127.0.0.1:1/x.jpg" } } } },
      }),
    100,
    2018008,
  ],
  ["a PDF sent as a photo", (c) => sendRaw(c, { body: photo("/menu.pdf") }), 100, 2018047],
  ["an empty photo", (c) => sendRaw(c, { body: photo("/empty.jpg") }), 100, 2018047],
  [
    "a photo over the size limit (Content-Length)",
    (c, channel) => sendRaw(c, { body: photo(`/big-${channel === "instagram" ? 8 : 25}.jpg`) }),
    100,
    2018109,
  ],
  [
    "a photo over the size limit (counted while downloading)",
    (c, channel) => sendRaw(c, { body: photo(`/streamed-${channel === "instagram" ? 8 : 25}.jpg`) }),
    100,
    2018109,
  ],
  [
    "14 quick replies",
    (c) =>
      sendRaw(c, {
        body: {
          message: {
            text: "Pick",
            quick_replies: Array.from({ length: 14 }, (_, i) => ({
              content_type: "text",
              title: `${i}`,
              payload: `${i}`,
            })),
          },
        },
      }),
    105,
    null,
  ],
  [
    "a quick reply title of 21 characters",
    (c) =>
      sendRaw(c, {
        body: {
          message: { text: "Pick", quick_replies: [{ content_type: "text", title: "x".repeat(21), payload: "x" }] },
        },
      }),
    100,
    null,
  ],
  ["GET on the messages edge", (c) => graph(c, "GET", `${c.cafe.externalId}/messages`), 100, 33],
  ["DELETE on the messages edge", (c) => graph(c, "DELETE", `${c.cafe.externalId}/messages`), 100, 33],
  [
    "POST on the conversations edge",
    (c) => graph(c, "POST", `${c.cafe.externalId}/conversations`, { json: {} }),
    100,
    33,
  ],
  ["a send to another account's edge", (c) => graph(c, "POST", `17841499999999999/messages`, { json: {} }), 100, 33],
  ["a send without a recipient", (c) => sendRaw(c, { body: { recipient: undefined } }), 100, null],
  ["a send with an empty message", (c) => sendRaw(c, { body: { message: {} } }), 100, null],
  [
    "a send whose body is not JSON",
    (c) => graph(c, "POST", `${c.cafe.externalId}/messages`, { raw: "{recipient:" }),
    100,
    null,
  ],
  ["a tag without MESSAGE_TAG", (c) => sendRaw(c, { body: { tag: "HUMAN_AGENT" } }), 100, null],
  ["a messaging_type Meta does not know", (c) => sendRaw(c, { body: { messaging_type: "URGENT" } }), 100, null],
  [
    "a send past the account's budget",
    (c) => {
      c.state.throttleSends(0, 12);
      return sendRaw(c).finally(() => c.state.throttleSends(null));
    },
    613,
    null,
  ],
  [
    "another channel's webhook field name",
    (c, channel) =>
      graph(c, "POST", `${c.cafe.externalId}/subscribed_apps`, {
        query: {
          subscribed_fields: channel === "instagram" ? "messages,messaging_referrals" : "messages,messaging_seen",
        },
      }),
    100,
    null,
  ],
  [
    "a conversation field that does not exist",
    (c) => graph(c, "GET", `${c.cafe.externalId}/conversations`, { query: { fields: "id,labels" } }),
    100,
    null,
  ],
  [
    "a message field that does not exist",
    (c) => graph(c, "GET", `${c.cafe.externalId}/conversations`, { query: { fields: "messages{id,sticker}" } }),
    100,
    null,
  ],
];

describe.each(["instagram", "facebook"] as const)("the %s stand-in refuses", (channel) => {
  test.each(refusals)("%s", async (_name, run, code, subcode) => {
    const c = ctx[channel];
    const sent = c.state.sent.length;
    const r = (await run(c, channel)) as Awaited<ReturnType<typeof graph>> & { expectMessage?: RegExp };
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.error).toBeDefined();
    // -1: the channel's own code (a missing permission: Instagram 10, Messenger 230)
    expect(r.error!.code).toBe(code === -1 ? (channel === "instagram" ? 10 : 230) : code);
    if (subcode !== null) {
      // -1 and -2: the channel's own window and unknown-guest subcodes
      const want = subcode === -1 ? c.windowSubcode : subcode === -2 ? c.strangerSubcode : subcode;
      expect(r.error!.error_subcode).toBe(want);
    }
    if (r.expectMessage) expect(r.error!.message).toMatch(r.expectMessage);
    if (code === 613) expect(JSON.parse(r.usage!)[c.cafe.externalId][0].estimated_time_to_regain_access).toBe(12);
    expect(c.state.sent.length).toBe(sent);
  });
});

test("the Messenger stand-in refuses a send without messaging_type and a forged appsecret_proof", async () => {
  const c = ctx.facebook;
  const guest = guestWrote(c, MINUTE);
  const untyped = await graph(c, "POST", `${c.cafe.externalId}/messages`, {
    json: { recipient: { id: guest }, message: { text: "Hi" } },
  });
  expect(untyped.error?.code).toBe(100);
  const forged = await graph(c, "GET", `${c.cafe.externalId}/conversations`, {
    query: { appsecret_proof: "00".repeat(32) },
  });
  expect(forged.error?.message).toMatch(/appsecret_proof/);
  // Instagram takes a send without messaging_type (its Send API examples leave it out)
  const ig = ctx.instagram;
  const igGuest = guestWrote(ig, MINUTE);
  const plain = await graph(ig, "POST", `${ig.cafe.externalId}/messages`, {
    json: { recipient: { id: igGuest }, message: { text: "Hi" } },
  });
  expect(plain.status).toBe(200);
});
