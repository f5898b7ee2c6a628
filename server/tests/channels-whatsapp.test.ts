// The WhatsApp channel against the local stand-in of the Cloud API, over real HTTP: Embedded Signup's
// connect, sends of text, a photo, reply buttons and templates, the closed 24-hour window, templates
// submitted, reviewed and listed, the webhook read (messages, statuses, template reviews, signature,
// handshake), rate limits and missing permissions; then the stand-in's own refusals, request by request.
// No database.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import { createWhatsappChannel, whatsappWindowRefusal } from "../src/channels/whatsapp/adapter.ts";
import type { ChannelAccess, ChannelAdapter, ChannelEvent, InboundMessage } from "../src/channels/types.ts";
import { PlatformError } from "../src/networks/types.ts";
import {
  startWhatsappFake,
  WA_MANAGEMENT,
  WA_MESSAGING,
  type WaNumber,
  type WhatsappFakeState,
} from "./fakes/whatsapp-server.ts";

const HOUR = 3_600_000;
const VERIFY_TOKEN = "sufra-whatsapp-verify";
const GUEST = "96550001234";
let fake: Awaited<ReturnType<typeof startWhatsappFake>>;
let state: WhatsappFakeState;
let wa: ChannelAdapter;
let cafe: ChannelAccess;
let number: WaNumber;
let wabaId: string;
let hook: http.Server;
let hookUrl = "";
let photos: http.Server;
let photoUrl = "";
/** what the test webhook route made of the last delivery */
let received: ChannelEvent[] | null = null;

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2_000)]);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2_000)]);
const GIF = Buffer.concat([Buffer.from("GIF89a"), Buffer.alloc(2_000)]);

const rejection = async (p: Promise<unknown>): Promise<PlatformError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PlatformError);
  return err as PlatformError;
};

/** delivers a webhook body as Meta does and returns what the adapter read from it */
async function deliver(body: unknown, opts: { forge?: boolean | "missing" } = {}) {
  received = null;
  const r = await state.deliver(hookUrl, body, opts);
  return { status: r.status, events: received as ChannelEvent[] | null };
}
const messages = (events: ChannelEvent[] | null): InboundMessage[] =>
  (events ?? []).flatMap((e) => (e.kind === "message" ? [e.message] : []));

/** opens the guest's window (a message from them now) */
async function guestSays(text = "Salaam", from = GUEST) {
  const { body } = state.guestWrites({ phoneNumberId: number.id, from, name: "Fatma", text });
  expect((await deliver(body)).status).toBe(200);
}

/** a raw call to the stand-in, as the Cloud API would be called */
async function graph(
  method: "GET" | "POST",
  path: string,
  o: { token?: string; json?: unknown; query?: Record<string, string> } = {},
) {
  const u = new URL(`${state.graphUrl}/${path}`);
  for (const [k, v] of Object.entries(o.query ?? {})) u.searchParams.set(k, v);
  const r = await fetch(u, {
    method,
    headers: {
      ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      ...(o.json !== undefined ? { "content-type": "application/json" } : {}),
    },
    body: o.json === undefined ? undefined : JSON.stringify(o.json),
  });
  return { status: r.status, body: (await r.json()) as any };
}
const text = (body: string, to = GUEST) => ({
  messaging_product: "whatsapp",
  recipient_type: "individual",
  to,
  type: "text",
  text: { body },
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
async function stop(server: http.Server) {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
}

beforeAll(async () => {
  fake = await startWhatsappFake();
  state = fake.state;
  wa = createWhatsappChannel({ ...state.config(VERIFY_TOKEN), timeoutMs: 5_000, backoffMs: 1 });
  wabaId = state.addAccount({ name: "Qahwa Salmiya" }).id;
  number = state.addNumber(wabaId, { displayPhone: "+965 2222 3333", verifiedName: "Qahwa Salmiya" });
  // stands in for the webhook route: hands the raw body and its signature to the adapter
  hook = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const sig = req.headers["x-hub-signature-256"];
      received = wa.readWebhook(Buffer.concat(chunks), typeof sig === "string" ? sig : undefined);
      res.writeHead(received ? 200 : 403).end();
    });
  });
  hookUrl = `${await listen(hook)}/webhooks/whatsapp`;
  // Sufra's public media, as Meta fetches it
  photos = http.createServer((req, res) => {
    const files: Record<string, [string, Buffer]> = {
      "/photo.jpg": ["image/jpeg", JPEG],
      "/photo.png": ["image/png", PNG],
      "/anim.gif": ["image/gif", GIF],
      "/png-named-jpeg.jpg": ["image/jpeg", PNG],
      "/big.jpg": ["image/jpeg", Buffer.concat([JPEG, Buffer.alloc(5 * 1024 * 1024)])],
    };
    const f = files[req.url ?? ""];
    if (!f) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": f[0], "content-length": f[1].length }).end(f[1]);
  });
  photoUrl = await listen(photos);
});
afterAll(async () => {
  await stop(hook);
  await stop(photos);
  await fake.close();
});
beforeEach(() => {
  state.limits = { throughputPerSecond: 80, pairBurst: 45, pairWindowMs: 6_000 };
  state.throttle = null;
});

describe("connect by Embedded Signup", () => {
  test("exchanges the code for the business token, subscribes the account, registers the number, reads it", async () => {
    expect(wa.configured()).toBe(true);
    expect(createWhatsappChannel({ ...state.config(), configId: undefined }).configured()).toBe(false);
    const code = state.issueCode({ wabaId, phoneNumberId: number.id });

    const got = await wa.connect!({ code, phoneNumberId: number.id, groupId: wabaId, pin: "482913" });

    expect(got).toMatchObject({
      groupId: wabaId,
      phoneNumberId: number.id,
      displayPhone: "+965 2222 3333",
      verifiedName: "Qahwa Salmiya",
    });
    expect(state.tokens.get(got.accessToken)?.wabaIds).toEqual([wabaId]);
    expect([...state.accounts.get(wabaId)!.subscribedApps]).toEqual([state.appId]);
    expect(number).toMatchObject({ registered: true, pin: "482913" });
    cafe = { externalId: number.id, accessToken: got.accessToken, groupId: wabaId };

    // the code is good once
    const again = await rejection(wa.connect!({ code, phoneNumberId: number.id, groupId: wabaId, pin: "482913" }));
    expect(again.kind).toBe("auth");
    expect(again.platformMessage).toMatch(/authorization code has been used/);
  });

  test("a wrong app secret, a PIN that is not 6 digits and another PIN than the number's are refused", async () => {
    const other = state.addNumber(wabaId, { displayPhone: "+965 2222 4444", pin: "111111", registered: true });
    const wrongSecret = createWhatsappChannel({ ...state.config(), appSecret: "not-the-secret", backoffMs: 1 });
    const e1 = await rejection(
      wrongSecret.connect!({
        code: state.issueCode({ wabaId, phoneNumberId: other.id }),
        phoneNumberId: other.id,
        groupId: wabaId,
        pin: "111111",
      }),
    );
    expect(e1).toMatchObject({ kind: "auth", platformMessage: "Error validating client secret." });

    const calls = state.calls.oauth_token;
    const e2 = await rejection(wa.connect!({ code: "x", phoneNumberId: other.id, groupId: wabaId, pin: "12345" }));
    expect(e2.kind).toBe("rejected");
    expect(state.calls.oauth_token).toBe(calls);

    const code = state.issueCode({ wabaId, phoneNumberId: other.id });
    const e3 = await rejection(wa.connect!({ code, phoneNumberId: other.id, groupId: wabaId, pin: "222222" }));
    expect(e3).toMatchObject({ kind: "rejected", opts: { platformCode: 133005 } });
    expect(other.pin).toBe("111111");
  });

  test("subscribe subscribes the WABA again, harmlessly; without whatsapp_business_management it is refused", async () => {
    await wa.subscribe(cafe);
    expect([...state.accounts.get(wabaId)!.subscribedApps]).toEqual([state.appId]);
    const messagingOnly = state.issueToken({ wabaIds: [wabaId], scopes: [WA_MESSAGING] });
    const e = await rejection(wa.subscribe({ ...cafe, accessToken: messagingOnly }));
    expect(e).toMatchObject({ kind: "auth", opts: { platformCode: 200 } });
  });
});

describe("sending", () => {
  test("text inside the window: the Cloud API's message object, the wamid back", async () => {
    await guestSays();
    const r = await wa.send({
      access: cafe,
      to: GUEST,
      message: { kind: "text", text: "Welcome! See https://sufra.kw/menu" },
    });
    const last = state.sent.at(-1)!;
    expect(r.externalId).toBe(last.id);
    expect(r.externalId).toMatch(/^wamid\./);
    expect(last.message).toEqual({
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: GUEST,
      type: "text",
      text: { body: "Welcome! See https://sufra.kw/menu", preview_url: true },
    });
  });

  test("a photo by link: JPEG and PNG are taken; one Meta cannot fetch fails afterwards, told by a status", async () => {
    await guestSays();
    for (const file of ["photo.jpg", "photo.png"]) {
      const url = `${photoUrl}/${file}`;
      const mime = file.endsWith("png") ? "image/png" : "image/jpeg";
      await wa.send({ access: cafe, to: GUEST, message: { kind: "image", url, mime, bytes: 2_004, caption: "Today" } });
      expect(state.sent.at(-1)).toMatchObject({ type: "image", message: { image: { link: url, caption: "Today" } } });
      expect(state.sent.at(-1)!.failure).toBeUndefined();
    }

    const gone = await wa.send({
      access: cafe,
      to: GUEST,
      message: { kind: "image", url: `${photoUrl}/gone.jpg`, mime: "image/jpeg", bytes: 2_004 },
    });
    expect(state.sent.at(-1)!.failure).toMatchObject({ code: 131053 });
    const { events } = await deliver(state.statusUpdate({ messageId: gone.externalId, status: "failed" }));
    expect(events).toEqual([
      {
        kind: "status",
        status: expect.objectContaining({
          channel: "whatsapp",
          accountExternalId: number.id,
          externalId: gone.externalId,
          state: "failed",
          error: { code: "131053", message: expect.stringMatching(/http code 404/) },
        }),
      },
    ]);
  });

  test("a photo WhatsApp cannot take (not JPEG or PNG, over 5 MB) is refused before anything is sent", async () => {
    const before = state.calls.messages;
    const gif = await rejection(
      wa.send({
        access: cafe,
        to: GUEST,
        message: { kind: "image", url: `${photoUrl}/anim.gif`, mime: "image/gif", bytes: 2_006 },
      }),
    );
    expect(gif.kind).toBe("rejected");
    const big = await rejection(
      wa.send({
        access: cafe,
        to: GUEST,
        message: { kind: "image", url: `${photoUrl}/big.jpg`, mime: "image/jpeg", bytes: 5 * 1024 * 1024 + 2_004 },
      }),
    );
    expect(big.kind).toBe("rejected");
    expect(state.calls.messages).toBe(before);
  });

  test("reply buttons: up to 3, titles up to 20 characters; more is WhatsApp's refusal", async () => {
    await guestSays();
    const choices = [
      { id: "pickup", title: "Pick up" },
      { id: "delivery", title: "Delivery" },
      { id: "table", title: "Book a table" },
    ];
    await wa.send({ access: cafe, to: GUEST, message: { kind: "choices", text: "How would you like it?", choices } });
    expect(state.sent.at(-1)!.message).toMatchObject({
      type: "interactive",
      interactive: {
        type: "button",
        body: { text: "How would you like it?" },
        action: { buttons: choices.map((reply) => ({ type: "reply", reply })) },
      },
    });

    const four = await rejection(
      wa.send({
        access: cafe,
        to: GUEST,
        message: { kind: "choices", text: "Pick", choices: [...choices, { id: "later", title: "Later" }] },
      }),
    );
    expect(four).toMatchObject({ kind: "rejected", opts: { platformCode: 100 } });
    expect(four.platformMessage).toMatch(/at most 3/);
    const long = await rejection(
      wa.send({
        access: cafe,
        to: GUEST,
        message: { kind: "choices", text: "Pick", choices: [{ id: "x", title: "x".repeat(21) }] },
      }),
    );
    expect(long.platformMessage).toMatch(/at most 20 characters/);
  });

  test("text over 4,096 characters is refused", async () => {
    await guestSays();
    const e = await rejection(wa.send({ access: cafe, to: GUEST, message: { kind: "text", text: "ق".repeat(4097) } }));
    expect(e).toMatchObject({ kind: "rejected", opts: { platformCode: 100 } });
  });

  test("past 24 hours a free message is the window refusal; the HUMAN_AGENT tag is no way around it", async () => {
    const late = "96550009999";
    const { body } = state.guestWrites({
      phoneNumberId: number.id,
      from: late,
      text: "hi",
      at: new Date(Date.now() - 25 * HOUR),
    });
    await deliver(body);
    const e = await rejection(
      wa.send({ access: cafe, to: late, message: { kind: "text", text: "Sorry for the wait" } }),
    );
    expect(e).toMatchObject({ kind: "rejected", opts: { platformCode: 131047 } });
    expect(whatsappWindowRefusal(e)).toBe(true);
    expect(whatsappWindowRefusal(new PlatformError("rejected", "other", { platformCode: 100 }))).toBe(false);

    const before = state.calls.messages;
    const tagged = await rejection(
      wa.send({ access: cafe, to: late, message: { kind: "text", text: "Sorry" }, humanAgent: true }),
    );
    expect(whatsappWindowRefusal(tagged)).toBe(true);
    expect(state.calls.messages).toBe(before);
    // Meta may also tell it in a failed status after accepting the send
    expect(whatsappWindowRefusal({ error: { code: "131047", message: "Re-engagement message" } })).toBe(true);
  });

  test("a template is refused until Meta approves it, then goes out with its parameters, outside the window too", async () => {
    const t = await wa.submitTemplate!(cafe, {
      name: "order_ready",
      language: "en",
      category: "UTILITY",
      body: "Your order {{1}} is ready at {{2}}.",
      examples: ["A12", "Salmiya"],
    });
    expect(t).toMatchObject({ groupId: wabaId, name: "order_ready", language: "en", state: "pending", reason: null });
    const created = state.templates.get(t.externalId)!;
    expect(created).toMatchObject({ category: "UTILITY", examples: ["A12", "Salmiya"], status: "PENDING" });

    const stranger = "96550007777"; // never wrote: only a template may reach them
    const template = { kind: "template" as const, name: "order_ready", language: "en", params: ["B7", "Salmiya"] };
    const pending = await rejection(wa.send({ access: cafe, to: stranger, message: template }));
    expect(pending).toMatchObject({ kind: "rejected", opts: { platformCode: 132001 } });

    const { events } = await deliver(state.reviewTemplate(t.externalId, "APPROVED"));
    expect(events).toEqual([
      {
        kind: "template",
        template: {
          groupId: wabaId,
          externalId: t.externalId,
          name: "order_ready",
          language: "en",
          state: "approved",
          reason: null,
        },
      },
    ]);

    const r = await wa.send({ access: cafe, to: stranger, message: template });
    expect(state.sent.at(-1)).toMatchObject({
      id: r.externalId,
      message: {
        type: "template",
        template: {
          name: "order_ready",
          language: { code: "en" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "B7" },
                { type: "text", text: "Salmiya" },
              ],
            },
          ],
        },
      },
    });
    const short = await rejection(wa.send({ access: cafe, to: stranger, message: { ...template, params: ["B7"] } }));
    expect(short.opts.platformCode).toBe(132000);
  });

  test("submitTemplate: Meta's name rules and one template per name and language", async () => {
    const input = { language: "en", category: "MARKETING" as const, body: "Fresh {{1}} today", examples: ["kunafa"] };
    const bad = await rejection(wa.submitTemplate!(cafe, { ...input, name: "Fresh Today" }));
    expect(bad).toMatchObject({ kind: "rejected", opts: { platformCode: 100 } });
    await wa.submitTemplate!(cafe, { ...input, name: "fresh_today" });
    const twice = await rejection(wa.submitTemplate!(cafe, { ...input, name: "fresh_today" }));
    expect(twice.platformMessage).toMatch(/Content in This Language Already Exists/);
    // the same name in Arabic is another template
    const ar = await wa.submitTemplate!(cafe, {
      ...input,
      language: "ar",
      name: "fresh_today",
      body: "{{1}} طازج اليوم",
    });
    expect(ar.state).toBe("pending");
  });

  test("templates: every page of the account's templates with their review state", async () => {
    for (let i = 0; i < 120; i++)
      state.addTemplate({
        wabaId,
        name: `promo_${i}`,
        language: "ar",
        category: "MARKETING",
        status: "APPROVED",
        body: "عرض",
      });
    const rejected = state.addTemplate({
      wabaId,
      name: "too_pushy",
      language: "en",
      category: "MARKETING",
      status: "PENDING",
      body: "BUY",
    });
    state.reviewTemplate(rejected.id, "REJECTED", "PROMOTIONAL");
    const calls = state.calls.list_templates ?? 0;

    const list = await wa.templates!(cafe);

    expect(state.calls.list_templates! - calls).toBe(2);
    expect(list).toHaveLength(state.templates.size);
    expect(list.find((t) => t.name === "promo_119")).toMatchObject({
      state: "approved",
      language: "ar",
      groupId: wabaId,
    });
    expect(list.find((t) => t.name === "too_pushy")).toMatchObject({ state: "rejected", reason: "PROMOTIONAL" });
    expect(list.find((t) => t.name === "order_ready")).toMatchObject({ state: "approved" });
  });

  test("the pair and throughput limits are rate limits with a time to try again", async () => {
    await guestSays("one", "96550001111");
    await guestSays("two", "96550002222");
    state.limits.pairBurst = 1;
    await wa.send({ access: cafe, to: "96550001111", message: { kind: "text", text: "first" } });
    const pair = await rejection(
      wa.send({ access: cafe, to: "96550001111", message: { kind: "text", text: "second" } }),
    );
    expect(pair).toMatchObject({ kind: "rate_limit", opts: { platformCode: 131056 } });
    expect(pair.opts.retryAt!.getTime()).toBeGreaterThanOrEqual(Date.now() + 5_000);

    state.limits.throughputPerSecond = 1;
    const busy = await rejection(wa.send({ access: cafe, to: "96550002222", message: { kind: "text", text: "hi" } }));
    expect(busy).toMatchObject({ kind: "rate_limit", opts: { platformCode: 130429 } });
    expect(busy.opts.retryAt).toBeInstanceOf(Date);
  });

  test("the WABA's rate limit waits as long as X-Business-Use-Case-Usage says", async () => {
    state.throttle = { code: 80007, regainMinutes: 30 };
    const e = await rejection(wa.templates!(cafe));
    expect(e).toMatchObject({ kind: "rate_limit", opts: { platformCode: 80007 } });
    expect(e.opts.retryAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
  });

  test("a missing permission, an expired token and a number out of the token's reach are auth", async () => {
    await guestSays();
    const managementOnly = state.issueToken({ wabaIds: [wabaId], scopes: [WA_MANAGEMENT] });
    const noSend = await rejection(
      wa.send({ access: { ...cafe, accessToken: managementOnly }, to: GUEST, message: { kind: "text", text: "hi" } }),
    );
    expect(noSend).toMatchObject({ kind: "auth", opts: { platformCode: 10 } });

    const messagingOnly = state.issueToken({ wabaIds: [wabaId], scopes: [WA_MESSAGING] });
    const noManage = await rejection(wa.templates!({ ...cafe, accessToken: messagingOnly }));
    expect(noManage).toMatchObject({ kind: "auth", opts: { platformCode: 200 } });

    const old = state.issueToken({ wabaIds: [wabaId] });
    state.expireToken(old);
    const expired = await rejection(
      wa.send({ access: { ...cafe, accessToken: old }, to: GUEST, message: { kind: "text", text: "hi" } }),
    );
    expect(expired).toMatchObject({ kind: "auth", opts: { platformCode: 190 } });

    const elsewhere = state.issueToken({ wabaIds: [state.addAccount().id] });
    const notOurs = await rejection(
      wa.send({ access: { ...cafe, accessToken: elsewhere }, to: GUEST, message: { kind: "text", text: "hi" } }),
    );
    expect(notOurs.kind).toBe("auth");
  });

  test("recentMessages answers nothing: the Cloud API keeps no history to read", async () => {
    await expect(wa.recentMessages(cafe, new Date(0))).resolves.toEqual([]);
  });
});

describe("webhook", () => {
  test("a text from a Click to WhatsApp ad: the guest, their name, the ad that started it", async () => {
    const at = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const { body, messageId } = state.guestWrites({
      phoneNumberId: number.id,
      from: "96551112222",
      name: "Yousef",
      text: "Is the iced latte still on offer? ref:abc123",
      referral: { sourceType: "ad", sourceId: "120226305854810726", sourceUrl: "https://fb.me/3cr4Wqqkv" },
      at,
    });
    const { status, events } = await deliver(body);
    expect(status).toBe(200);
    expect(messages(events)).toEqual([
      {
        channel: "whatsapp",
        accountExternalId: number.id,
        guestExternalId: "96551112222",
        guestName: "Yousef",
        externalId: messageId,
        at,
        text: "Is the iced latte still on offer? ref:abc123",
        media: [],
        choice: null,
        fromBusiness: false,
        startedBy: { kind: "ad", externalId: "120226305854810726", url: "https://fb.me/3cr4Wqqkv" },
        replyTo: null,
      },
    ]);
    const post = state.guestWrites({
      phoneNumberId: number.id,
      from: "96551112222",
      text: "hi",
      referral: { sourceType: "post", sourceId: "555", sourceUrl: "https://fb.me/post" },
    });
    expect(messages((await deliver(post.body)).events)[0].startedBy).toEqual({
      kind: "post",
      externalId: "555",
      url: "https://fb.me/post",
    });
  });

  test("a photo: its media id, type and caption", async () => {
    const { body } = state.guestWrites({
      phoneNumberId: number.id,
      from: GUEST,
      image: { id: "1003383421387256", mime: "image/jpeg", caption: "This one please" },
    });
    const [m] = messages((await deliver(body)).events);
    expect(m.text).toBe("This one please");
    expect(m.media).toEqual([
      { kind: "image", mediaId: "1003383421387256", url: null, mime: "image/jpeg", caption: "This one please" },
    ]);
  });

  test("a reply button tapped: the choice and the message it answers", async () => {
    await guestSays();
    const asked = await wa.send({
      access: cafe,
      to: GUEST,
      message: { kind: "choices", text: "Pick up or delivery?", choices: [{ id: "pickup", title: "Pick up" }] },
    });
    const { body } = state.guestWrites({
      phoneNumberId: number.id,
      from: GUEST,
      buttonReply: { id: "pickup", title: "Pick up" },
    });
    const [m] = messages((await deliver(body)).events);
    expect(m).toMatchObject({ choice: { id: "pickup", title: "Pick up" }, text: "Pick up", replyTo: asked.externalId });
  });

  test("delivery statuses, and a template rejected with its reason", async () => {
    await guestSays();
    const sent = await wa.send({ access: cafe, to: GUEST, message: { kind: "text", text: "On its way" } });
    for (const s of ["sent", "delivered", "read"] as const) {
      const { events } = await deliver(state.statusUpdate({ messageId: sent.externalId, status: s }));
      expect(events).toEqual([
        { kind: "status", status: expect.objectContaining({ externalId: sent.externalId, state: s, error: null }) },
      ]);
    }
    const t = state.addTemplate({
      wabaId,
      name: "late_night",
      language: "en",
      category: "MARKETING",
      status: "PENDING",
      body: "Open late",
    });
    const { events } = await deliver(state.reviewTemplate(t.id, "REJECTED", "INCORRECT_CATEGORY"));
    expect(events).toEqual([
      {
        kind: "template",
        template: expect.objectContaining({ externalId: t.id, state: "rejected", reason: "INCORRECT_CATEGORY" }),
      },
    ]);
  });

  test("a forged or missing signature is null; a signed body that is not this object or not JSON is no events", async () => {
    const { body } = state.guestWrites({ phoneNumberId: number.id, from: GUEST, text: "hi" });
    expect(await deliver(body, { forge: true })).toEqual({ status: 403, events: null });
    expect(await deliver(body, { forge: "missing" })).toEqual({ status: 403, events: null });
    expect(await deliver({ object: "instagram", entry: [] })).toEqual({ status: 200, events: [] });
    expect(await deliver("not json")).toEqual({ status: 200, events: [] });
    const unconfigured = createWhatsappChannel({ ...state.config(), appSecret: undefined });
    expect(unconfigured.readWebhook(Buffer.from(JSON.stringify(body)), "sha256=00")).toBeNull();
  });

  test("the subscription handshake echoes the challenge for the verify token only", () => {
    const q = (token: string) => ({
      "hub.mode": "subscribe",
      "hub.verify_token": token,
      "hub.challenge": "1158201444",
    });
    expect(wa.verifySubscription(q(VERIFY_TOKEN))).toBe("1158201444");
    expect(wa.verifySubscription(q("wrong"))).toBeNull();
    expect(wa.verifySubscription({ ...q(VERIFY_TOKEN), "hub.mode": "unsubscribe" })).toBeNull();
    expect(wa.verifySubscription({ hub: { mode: "subscribe", verify_token: VERIFY_TOKEN, challenge: "42" } })).toBe(
      "42",
    );
    expect(createWhatsappChannel({ ...state.config() }).verifySubscription(q(VERIFY_TOKEN))).toBeNull();
  });
});

describe("the stand-in refuses what the Cloud API refuses", () => {
  let token: string;
  beforeAll(() => {
    token = cafe.accessToken;
  });
  const code = (r: { body: any }) => r.body?.error?.code;

  test("tokens and permissions: 190, 10, 200, a number out of reach", async () => {
    expect(await graph("POST", `${number.id}/messages`, { token: "EAAnope", json: text("hi") })).toMatchObject({
      status: 401,
      body: { error: { code: 190, type: "OAuthException" } },
    });
    const managementOnly = state.issueToken({ wabaIds: [wabaId], scopes: [WA_MANAGEMENT] });
    const r10 = await graph("POST", `${number.id}/messages`, { token: managementOnly, json: text("hi") });
    expect(r10.body.error).toMatchObject({
      code: 10,
      error_data: { details: "Permission is either not granted or has been removed." },
    });
    const messagingOnly = state.issueToken({ wabaIds: [wabaId], scopes: [WA_MESSAGING] });
    expect(code(await graph("POST", `${wabaId}/message_templates`, { token: messagingOnly, json: {} }))).toBe(200);
    expect(code(await graph("POST", `${wabaId}/subscribed_apps`, { token: messagingOnly }))).toBe(200);
    const elsewhere = state.issueToken({ wabaIds: [state.addAccount().id] });
    const out = await graph("POST", `${number.id}/messages`, { token: elsewhere, json: text("hi") });
    expect(out.body.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  test("the message object: messaging_product, text length, buttons, an unregistered number", async () => {
    await guestSays();
    const { messaging_product: _mp, ...noProduct } = text("hi");
    expect(code(await graph("POST", `${number.id}/messages`, { token, json: noProduct }))).toBe(100);
    expect(code(await graph("POST", `${number.id}/messages`, { token, json: text("x".repeat(4097)) }))).toBe(100);
    expect(code(await graph("POST", `${number.id}/messages`, { token, json: text("x".repeat(4096)) }))).toBeUndefined();
    const buttons = (n: number, title = "Yes") =>
      Array.from({ length: n }, (_, k) => ({ type: "reply", reply: { id: `b${k}`, title: `${title}${k}` } }));
    const interactive = (b: unknown[]) => ({
      ...text(""),
      type: "interactive",
      interactive: { type: "button", body: { text: "Pick" }, action: { buttons: b } },
    });
    const four = await graph("POST", `${number.id}/messages`, { token, json: interactive(buttons(4)) });
    expect(four.body.error).toMatchObject({ code: 100, error_data: { details: expect.stringMatching(/at most 3/) } });
    const long = await graph("POST", `${number.id}/messages`, { token, json: interactive(buttons(1, "x".repeat(20))) });
    expect(long.body.error.error_data.details).toMatch(/at most 20 characters/);

    const unregistered = state.addNumber(wabaId, { displayPhone: "+965 2222 5555" });
    expect(code(await graph("POST", `${unregistered.id}/messages`, { token, json: text("hi") }))).toBe(133010);
  });

  test("the window, and templates that do not exist, wait for review, are paused or disabled, or miss parameters", async () => {
    const never = "96559990000";
    const r = await graph("POST", `${number.id}/messages`, { token, json: text("hi", never) });
    expect(r.body.error).toMatchObject({
      code: 131047,
      message: "(#131047) Re-engagement message",
      error_data: { messaging_product: "whatsapp" },
    });
    const send = (name: string, params: string[] = []) =>
      graph("POST", `${number.id}/messages`, {
        token,
        json: {
          messaging_product: "whatsapp",
          to: never,
          type: "template",
          template: {
            name,
            language: { code: "en" },
            components: [{ type: "body", parameters: params.map((p) => ({ type: "text", text: p })) }],
          },
        },
      });
    expect(code(await send("no_such_template"))).toBe(132001);
    for (const [status, expected] of [
      ["PENDING", 132001],
      ["REJECTED", 132001],
      ["PAUSED", 132015],
      ["DISABLED", 132016],
    ] as const) {
      state.addTemplate({
        wabaId,
        name: `t_${status.toLowerCase()}`,
        language: "en",
        category: "UTILITY",
        status,
        body: "Hi {{1}}",
      });
      expect(code(await send(`t_${status.toLowerCase()}`, ["A"]))).toBe(expected);
    }
    state.addTemplate({
      wabaId,
      name: "two_params",
      language: "en",
      category: "UTILITY",
      status: "APPROVED",
      body: "{{1}} and {{2}}",
    });
    expect(code(await send("two_params", ["A"]))).toBe(132000);
    expect(code(await send("two_params", ["A", "B"]))).toBeUndefined();
  });

  test("linked photos are fetched: unreachable, not JPEG or PNG (by the bytes), or over 5 MB fail with 131053", async () => {
    await guestSays();
    const image = (file: string) => ({ ...text(""), type: "image", image: { link: `${photoUrl}/${file}` } });
    for (const [file, detail] of [
      ["missing.jpg", /http code 404/],
      ["anim.gif", /JPEG or PNG/],
      ["png-named-jpeg.jpg", /JPEG or PNG/],
      ["big.jpg", /too big/],
    ] as const) {
      const r = await graph("POST", `${number.id}/messages`, { token, json: image(file) });
      expect(r.status).toBe(200);
      const sent = state.sent.find((s) => s.id === r.body.messages[0].id)!;
      expect(sent.failure).toMatchObject({
        code: 131053,
        title: "Media upload error",
        details: expect.stringMatching(detail),
      });
    }
  });

  test("throughput and pair limits, as configured", async () => {
    await guestSays("a", "96550003333");
    state.limits.pairBurst = 2;
    for (let i = 0; i < 2; i++)
      expect(
        code(await graph("POST", `${number.id}/messages`, { token, json: text(`m${i}`, "96550003333") })),
      ).toBeUndefined();
    expect(code(await graph("POST", `${number.id}/messages`, { token, json: text("m3", "96550003333") }))).toBe(131056);
    state.limits.throughputPerSecond = 2;
    expect(code(await graph("POST", `${number.id}/messages`, { token, json: text("m", GUEST) }))).toBe(130429);
  });

  test("template creation: name rules, examples, one per name and language", async () => {
    const create = (json: Record<string, unknown>) =>
      graph("POST", `${wabaId}/message_templates`, {
        token,
        json: {
          name: "weekend_brunch",
          language: "en",
          category: "MARKETING",
          components: [{ type: "BODY", text: "Brunch {{1}}", example: { body_text: [["Friday"]] } }],
          ...json,
        },
      });
    expect(code(await create({ name: "Weekend Brunch" }))).toBe(100);
    expect(code(await create({ name: "w".repeat(513) }))).toBe(100);
    expect(code(await create({ language: "xx" }))).toBe(100);
    expect(code(await create({ category: "PROMO" }))).toBe(100);
    expect(code(await create({ components: [{ type: "BODY", text: "Brunch {{1}}" }] }))).toBe(100);
    const ok = await create({});
    expect(ok.body).toEqual({ id: expect.any(String), status: "PENDING", category: "MARKETING" });
    const dup = await create({});
    expect(dup.body.error).toMatchObject({
      code: 100,
      error_subcode: 2388024,
      error_user_title: "Content in This Language Already Exists",
    });
  });

  test("Embedded Signup's code exchange and registration", async () => {
    const c = state.issueCode({ wabaId, phoneNumberId: number.id });
    const q = { client_id: state.appId, client_secret: state.appSecret, code: c };
    expect(code(await graph("GET", "oauth/access_token", { query: { ...q, client_id: "other" } }))).toBe(101);
    expect(code(await graph("GET", "oauth/access_token", { query: { ...q, client_secret: "nope" } }))).toBe(1);
    const first = await graph("GET", "oauth/access_token", { query: q });
    expect(first.body).toEqual({ access_token: expect.stringMatching(/^EAA/), token_type: "bearer" });
    const second = await graph("GET", "oauth/access_token", { query: q });
    expect(second.body.error).toMatchObject({ code: 100, error_subcode: 36009 });

    const fresh = state.addNumber(wabaId, { displayPhone: "+965 2222 6666" });
    const register = (pin: unknown) =>
      graph("POST", `${fresh.id}/register`, { token, json: { messaging_product: "whatsapp", pin } });
    expect(code(await register("12ab56"))).toBe(100);
    expect((await register("654321")).body).toEqual({ success: true });
    expect(code(await register("123456"))).toBe(133005);
    expect((await graph("GET", `${wabaId}/subscribed_apps`, { token })).body.data).toEqual([
      { whatsapp_business_api_data: { id: state.appId, name: "Sufra" } },
    ]);
  });
});
