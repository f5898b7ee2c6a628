// Conversations over real HTTP and Postgres against the WhatsApp Cloud API's stand-in (docs/product.md#conversations):
// a number connected by Embedded Signup's code; a guest's message delivered by the signed webhook is in the
// open inbox at once (the inboxChanged subscription) and stored once however often Meta delivers it or
// however many deliveries race; forged deliveries refused; a send made once for two clicks; the 24-hour
// window closing to templates, a template drafted, submitted, approved by Meta's webhook and sent; the
// suggested answer in the guest's dialect with the menu's prices; notes, assignment, handled, figures;
// a guest's data exported and erased, the retention job; tenancy.
import { describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createClient } from "graphql-ws";
import WebSocket from "ws";
import { gql, signedInBusiness, startTestApp } from "./support/app.ts";
import { until } from "./fakes/webhook-receiver-helpers.ts";
import { forFile } from "./support/per-file.ts";
import { startWhatsappFake } from "./fakes/whatsapp-server.ts";

const VERIFY = "sufra-whatsapp-verify-7";
const { app, wa } = forFile(
  async () => {
    const wa = await startWhatsappFake();
    const s = wa.state;
    const app = await startTestApp({
      FACEBOOK_APP_ID: s.appId,
      FACEBOOK_APP_SECRET: s.appSecret,
      WHATSAPP_CONFIG_ID: s.configId,
      WHATSAPP_GRAPH_URL: s.graphUrl,
      WHATSAPP_WEBHOOK_VERIFY_TOKEN: VERIFY,
    });
    return { app, wa };
  },
  async (s) => {
    await s.app.stop();
    await s.wa.close();
  },
);
const db = () => app.sufra.deps.db;
const hook = () => `${app.base}/api/webhooks/whatsapp`;
const HOUR = 3_600_000;

const THREADS = `query($f: ConversationFilter) { conversations(filter: $f, first: 20) { totalCount edges { node {
  id channel guestName unread status lastPreview language window { open templateOnly closesAt }
  messages { direction text state error kind } } } } }`;
const SEND = `mutation($id: ID!, $input: ConversationSendInput!) { sendConversationMessage(conversationId: $id, input: $input) {
  id state error text kind } }`;

/** A café with a connected WhatsApp number (Embedded Signup's code exchanged through the app) and a menu. */
async function cafe() {
  const b = await signedInBusiness(app.base);
  const s = wa.state;
  const waba = s.addAccount({ name: "Dar Al Qahwa" });
  const number = s.addNumber(waba.id, { displayPhone: `+965 2222 ${String(Math.floor(Math.random() * 9000) + 1000)}` });
  const code = s.issueCode({ wabaId: waba.id, phoneNumberId: number.id });
  const r = await gql(
    app.base,
    `mutation($i: WhatsappConnectInput!) { connectWhatsapp(input: $i) { id displayPhone status } }`,
    { i: { code, phoneNumberId: number.id, wabaId: waba.id, pin: "123456" } },
    b.token,
  );
  expect(r.errors).toBeUndefined();
  expect(r.data.connectWhatsapp.status).toBe("connected");
  for (const [name, nameAr, price] of [
    ["Spanish latte", "سبانش لاتيه", "1.750"],
    ["Pistachio kunafa", "كنافة بالفستق", "2.500"],
  ] as const)
    await db().menuItem.create({ data: { businessId: b.businessId, name, nameAr, priceKwd: price } });
  return { ...b, waba, number };
}

async function guestWrites(c: Awaited<ReturnType<typeof cafe>>, text: string, from = "96550001234", at?: Date) {
  const { body, messageId } = wa.state.guestWrites({ phoneNumberId: c.number.id, from, name: "Fatma", text, at });
  const r = await wa.state.deliver(hook(), body);
  expect(r.status).toBe(200);
  return { body, messageId };
}

async function threads(token: string, f: Record<string, unknown> = {}) {
  const r = await gql(app.base, THREADS, { f }, token);
  expect(r.errors).toBeUndefined();
  return r.data.conversations.edges.map((e: { node: any }) => e.node);
}

describe("WhatsApp conversations through the app", () => {
  test("the subscription handshake answers Meta's challenge only with the verify token", async () => {
    const ok = await fetch(`${hook()}?hub.mode=subscribe&hub.verify_token=${VERIFY}&hub.challenge=1158201444`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const bad = await fetch(`${hook()}?hub.mode=subscribe&hub.verify_token=wrong-token&hub.challenge=1`);
    expect(bad.status).toBe(403);
  });

  test("a guest's message reaches the open inbox at once, stored once however Meta delivers it", async () => {
    const c = await cafe();
    // an open inbox follows inboxChanged over WebSocket
    const seen: string[] = [];
    const client = createClient({
      url: app.base.replace("http", "ws") + "/graphql",
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${c.token}` },
    });
    let signal!: () => void;
    const changed = new Promise<void>((r) => (signal = r));
    const stop = client.subscribe(
      { query: "subscription { inboxChanged { reason } }" },
      {
        next: (v) => {
          const reason = (v.data as { inboxChanged: { reason: string } }).inboxChanged.reason;
          seen.push(reason);
          if (reason === "conversation") signal();
        },
        error: () => {},
        complete: () => {},
      },
    );
    // the subscription says it listens ("subscribed") before anything is sent
    await until(async () => seen.includes("subscribed"));
    const t0 = Date.now();
    const { body } = await guestWrites(c, "السلام عليكم، ابي ٢ سبانش لاتيه وكنافة بالفستق توصيل للسالمية");
    await changed;
    const ms = Date.now() - t0;
    stop();
    await client.dispose();
    expect(seen[0]).toBe("subscribed");
    expect(seen).toContain("conversation");
    expect(ms).toBeLessThan(2000);
    // Meta delivers again, and twice at once: one message
    await Promise.all([wa.state.deliver(hook(), body), wa.state.deliver(hook(), body), wa.state.deliver(hook(), body)]);
    const [t] = await threads(c.token);
    expect(t).toMatchObject({ channel: "WHATSAPP", guestName: "Fatma", unread: 1, language: "ar", status: "OPEN" });
    expect(t.messages).toHaveLength(1);
    expect(t.window.open).toBe(true);
    expect(await db().conversationMessage.count({ where: { businessId: c.businessId } })).toBe(1);
  });

  test("a forged or unsigned delivery is refused and stores nothing", async () => {
    const c = await cafe();
    const { body } = wa.state.guestWrites({ phoneNumberId: c.number.id, from: "96550009999", text: "hello" });
    expect((await wa.state.deliver(hook(), body, { forge: true })).status).toBe(403);
    expect((await wa.state.deliver(hook(), body, { forge: "missing" })).status).toBe(403);
    expect(await db().conversation.count({ where: { businessId: c.businessId } })).toBe(0);
  });

  test("the suggested answer speaks the guest's dialect and quotes the menu's prices, never invents", async () => {
    const c = await cafe();
    await guestWrites(c, "السلام عليكم، ابي ٢ سبانش لاتيه وكنافة بالفستق توصيل للسالمية");
    const [t] = await threads(c.token);
    const r = await gql(
      app.base,
      `mutation($id: ID!) { suggestConversationAnswer(conversationId: $id) { text voice language gaps totalFils area
        items { name quantity unitFils } } }`,
      { id: t.id },
      c.token,
    );
    expect(r.errors).toBeUndefined();
    const s = r.data.suggestConversationAnswer;
    expect(s).toMatchObject({ language: "ar", voice: "gulf", totalFils: 6000, area: "salmiya" });
    expect(s.items).toEqual([
      { name: "Spanish latte", quantity: 2, unitFils: 1750 },
      { name: "Pistachio kunafa", quantity: 1, unitFils: 2500 },
    ]);
    expect(s.text).toContain("1.750");
    expect(s.text).toContain("6.000");
    // no Tap account: no payment link is offered
    expect(s.text).not.toContain("كي نت");
  });

  test("two clicks send once; the answer closes the wait and counts the first response", async () => {
    const c = await cafe();
    await guestWrites(c, "Hi, are you open now?");
    const [t] = await threads(c.token);
    const key = randomUUID();
    const before = wa.state.sent.length;
    const [a, b] = await Promise.all([
      gql(app.base, SEND, { id: t.id, input: { key, text: "Yes, until 1 AM!" } }, c.token),
      gql(app.base, SEND, { id: t.id, input: { key, text: "Yes, until 1 AM!" } }, c.token),
    ]);
    expect(a.errors).toBeUndefined();
    expect(b.errors).toBeUndefined();
    expect(a.data.sendConversationMessage.id).toBe(b.data.sendConversationMessage.id);
    expect(wa.state.sent.length - before).toBe(1);
    const row = await db().conversation.findUniqueOrThrow({ where: { id: t.id } });
    expect(row.awaitingSince).toBeNull();
    expect(row.firstResponseMs).not.toBeNull();
    expect(row.firstResponseById).toBe(c.userId);
    // Meta's delivery receipts move the message forward, never back
    const sentId = wa.state.sent.at(-1)!.id;
    await wa.state.deliver(hook(), wa.state.statusUpdate({ messageId: sentId, status: "read" }));
    await wa.state.deliver(hook(), wa.state.statusUpdate({ messageId: sentId, status: "delivered" }));
    const msg = await db().conversationMessage.findFirstOrThrow({ where: { externalId: sentId } });
    expect(msg.state).toBe("read");
    const f = await gql(
      app.base,
      `query($from: DateTime!, $to: DateTime!) { conversationFigures(from: $from, to: $to) { threads answered
        medianFirstResponseMs people { name answered } } }`,
      { from: new Date(Date.now() - HOUR).toISOString(), to: new Date(Date.now() + HOUR).toISOString() },
      c.token,
    );
    expect(f.data.conversationFigures).toMatchObject({ threads: 1, answered: 1 });
    expect(f.data.conversationFigures.people).toHaveLength(1);
  });

  test("after 24 hours only an approved template goes: drafted, submitted, approved by Meta's webhook, sent", async () => {
    const c = await cafe();
    await guestWrites(c, "Do you deliver?", "96550004444", new Date(Date.now() - 30 * HOUR));
    const [t] = await threads(c.token);
    expect(t.window).toMatchObject({ open: false, templateOnly: true });
    const closed = await gql(app.base, SEND, { id: t.id, input: { key: randomUUID(), text: "Yes we do" } }, c.token);
    expect(closed.errors?.[0]?.extensions.reason).toBe("CONVERSATION_WINDOW_CLOSED");
    const draft = await gql(
      app.base,
      `mutation($i: WhatsappTemplateInput!) { saveWhatsappTemplate(input: $i) { id status } }`,
      {
        i: {
          name: "order_ready",
          language: "en",
          category: "UTILITY",
          body: "Your order {{1}} is ready",
          examples: ["#12"],
        },
      },
      c.token,
    );
    expect(draft.errors).toBeUndefined();
    const id = draft.data.saveWhatsappTemplate.id;
    const early = await gql(
      app.base,
      SEND,
      { id: t.id, input: { key: randomUUID(), templateId: id, params: ["#7"] } },
      c.token,
    );
    expect(early.errors?.[0]?.extensions.reason).toBe("TEMPLATE_NOT_APPROVED");
    const sub = await gql(
      app.base,
      `mutation($id: ID!) { submitWhatsappTemplate(id: $id) { status } }`,
      { id },
      c.token,
    );
    expect(sub.errors).toBeUndefined();
    expect(sub.data.submitWhatsappTemplate.status).toBe("pending");
    const row = await db().whatsappTemplate.findUniqueOrThrow({ where: { id } });
    expect((await wa.state.deliver(hook(), wa.state.reviewTemplate(row.externalId!, "APPROVED"))).status).toBe(200);
    expect((await db().whatsappTemplate.findUniqueOrThrow({ where: { id } })).status).toBe("approved");
    const sent = await gql(
      app.base,
      SEND,
      { id: t.id, input: { key: randomUUID(), templateId: id, params: ["#7"] } },
      c.token,
    );
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendConversationMessage).toMatchObject({
      state: "sent",
      kind: "template",
      text: "Your order #7 is ready",
    });
    expect(wa.state.sent.at(-1)!.type).toBe("template");
  });

  test("notes, assignment and handled; a new message opens a handled thread again", async () => {
    const c = await cafe();
    await guestWrites(c, "Thanks!", "96550005555");
    const [t] = await threads(c.token);
    const note = await gql(
      app.base,
      `mutation($id: ID!) { addConversationNote(id: $id, text: "Regular guest, likes it sweet") { id } }`,
      { id: t.id },
      c.token,
    );
    expect(note.errors).toBeUndefined();
    const as = await gql(
      app.base,
      `mutation($id: ID!, $u: ID) { assignConversation(id: $id, userId: $u) { assignedToId } }`,
      { id: t.id, u: c.userId },
      c.token,
    );
    expect(as.data.assignConversation.assignedToId).toBe(c.userId);
    expect(await threads(c.token, { assigned: "me" })).toHaveLength(1);
    await gql(
      app.base,
      `mutation($id: ID!) { setConversationStatus(id: $id, status: HANDLED) { status } }`,
      { id: t.id },
      c.token,
    );
    expect(await threads(c.token, { status: "OPEN" })).toHaveLength(0);
    await guestWrites(c, "One more question", "96550005555");
    const [again] = await threads(c.token, { status: "OPEN" });
    expect(again.id).toBe(t.id);
  });

  test("a guest's data is exported and erased on request; quiet threads go after the retention", async () => {
    const c = await cafe();
    await guestWrites(c, "My number is in this chat", "96550006666");
    const [t] = await threads(c.token);
    const ex = await gql(
      app.base,
      `mutation($id: ID!) { exportGuestData(conversationId: $id) }`,
      { id: t.id },
      c.token,
    );
    const doc = JSON.parse(ex.data.exportGuestData);
    expect(doc).toMatchObject({ channel: "whatsapp", guest: { id: "96550006666", name: "Fatma" } });
    expect(doc.messages[0].text).toBe("My number is in this chat");
    const del = await gql(
      app.base,
      `mutation($id: ID!) { deleteGuestData(conversationId: $id) }`,
      { id: t.id },
      c.token,
    );
    expect(del.data.deleteGuestData).toBe(true);
    expect(await db().conversationMessage.count({ where: { conversationId: t.id } })).toBe(0);
    // retention: 30 days chosen, a thread quiet for 40 days goes with the daily job
    const r = await gql(app.base, `mutation { setGuestRetentionDays(days: 10) }`, {}, c.token);
    expect(r.errors?.[0]?.extensions.reason).toBe("VALIDATION_ERROR");
    await gql(app.base, `mutation { setGuestRetentionDays(days: 30) }`, {}, c.token);
    await guestWrites(c, "Old chat", "96550007777", new Date(Date.now() - 40 * 24 * HOUR));
    await guestWrites(c, "New chat", "96550008888");
    await app.sufra.services.guestsData.purgeExpired();
    const left = await db().conversation.findMany({ where: { businessId: c.businessId } });
    expect(left.map((x) => x.guestExternalId)).toEqual(["96550008888"]);
  });

  test("another café's people can neither read nor write a thread", async () => {
    const c = await cafe();
    await guestWrites(c, "hello", "96550001111");
    const [t] = await threads(c.token);
    const other = await signedInBusiness(app.base);
    const r = await gql(app.base, `query($id: ID!) { conversation(id: $id) { id } }`, { id: t.id }, other.token);
    expect(r.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    const s = await gql(app.base, SEND, { id: t.id, input: { key: randomUUID(), text: "hi" } }, other.token);
    expect(s.errors?.[0]?.extensions.code).toBe("NOT_FOUND");
    expect(await threads(other.token)).toHaveLength(0);
  });
});
