// Instagram messages through the app against the Meta messaging stand-in (docs/product.md#conversations): a
// guest's direct message on Instagram's signed webhook joins their thread, attributed to the campaign whose
// ig.me link they opened; the safety sweep and the webhook racing store it once; within 24 hours a free
// answer, past 24 hours and within 7 days an answer tagged human agent, past 7 days nothing is sent.
import { describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";
import { campaignRef } from "../src/modules/conversations/index.ts";
import { gql, signedInBusiness, startTestApp } from "./support/app.ts";
import { forFile } from "./support/per-file.ts";
import { startInstagramMessagesFake } from "./fakes/instagram-messages-server.ts";

const { app, ig } = forFile(
  async () => {
    const ig = await startInstagramMessagesFake();
    const c = ig.state.config;
    const app = await startTestApp({
      INSTAGRAM_APP_ID: c.appId,
      INSTAGRAM_APP_SECRET: c.appSecret,
      INSTAGRAM_GRAPH_URL: c.graphUrl,
      INSTAGRAM_GRAPH_VERSION: c.graphVersion,
      INSTAGRAM_WEBHOOK_VERIFY_TOKEN: c.webhookVerifyToken,
    });
    return { app, ig };
  },
  async (s) => {
    await s.app.stop();
    await s.ig.close();
  },
);
const db = () => app.sufra.deps.db;
const HOUR = 3_600_000;
const hook = () => `${app.base}/api/webhooks/instagram`;
const SEND = `mutation($id: ID!, $input: ConversationSendInput!) { sendConversationMessage(conversationId: $id, input: $input) {
  state humanAgent error } }`;

/** A café whose Instagram account (on the stand-in) is connected, with a campaign. */
async function cafe() {
  const b = await signedInBusiness(app.base);
  const acc = ig.state.addAccount({ name: `cafe.${randomUUID().slice(0, 6)}` });
  const crypto = createTokenCrypto(app.sufra.deps.config.tokenKey);
  const account = await db().platformAccount.create({
    data: {
      businessId: b.businessId,
      platform: "instagram",
      externalId: acc.id,
      handle: "dar.alqahwa",
      accessToken: crypto.seal(acc.token),
      scopes: ["instagram_business_basic", "instagram_business_manage_messages"],
    },
  });
  const campaign = await db().campaign.create({
    data: {
      businessId: b.businessId,
      name: "Iftar boxes",
      goal: "orders",
      startDate: new Date("2026-12-01"),
      endDate: new Date("2026-12-31"),
    },
  });
  return { ...b, acc, account, campaign };
}

async function thread(businessId: string) {
  return db().conversation.findFirstOrThrow({ where: { businessId }, include: { messages: true } });
}

describe("Instagram messages through the app", () => {
  test("a message on the signed webhook joins the guest's thread, attributed to the campaign link they opened", async () => {
    const c = await cafe();
    const body = ig.state.guestWrites({
      account: c.acc.id,
      guest: "IGSID-1001",
      text: "Hi! Is the iftar box available tomorrow?",
      ref: campaignRef(c.campaign.id),
    });
    expect((await ig.state.deliver(hook(), body)).status).toBe(200);
    expect((await ig.state.deliver(hook(), body, { forge: true })).status).toBe(403);
    const t = await thread(c.businessId);
    expect(t).toMatchObject({ channel: "instagram", guestExternalId: "IGSID-1001", campaignId: c.campaign.id });
    expect(t.messages.filter((m) => m.text).map((m) => m.text)).toEqual(["Hi! Is the iftar box available tomorrow?"]);
    expect(t.unread).toBe(1);
  });

  test("a connected account that granted messaging is subscribed to the messaging webhook", async () => {
    const c = await cafe();
    expect(await app.sufra.services.conversations.subscribeAccount(c.account.id)).toBe(true);
    expect(ig.state.subscriptions.get(c.acc.id)).toEqual(expect.arrayContaining(["messages"]));
    // one that did not grant it is left alone
    await db().platformAccount.update({ where: { id: c.account.id }, data: { scopes: ["instagram_business_basic"] } });
    expect(await app.sufra.services.conversations.subscribeAccount(c.account.id)).toBe(false);
  });

  test("the safety sweep and the webhook racing store a message once", async () => {
    const c = await cafe();
    const body = ig.state.guestWrites({ account: c.acc.id, guest: "IGSID-2002", text: "Do you have oat milk?" });
    const access = { externalId: c.acc.id, accessToken: c.acc.token };
    const since = new Date(Date.now() - HOUR);
    await Promise.all([
      app.sufra.services.conversations.sweep("instagram", access, since),
      ig.state.deliver(hook(), body),
      app.sufra.services.conversations.sweep("instagram", access, since),
    ]);
    const t = await thread(c.businessId);
    expect(t.messages).toHaveLength(1);
    expect(t.unread).toBe(1);
  });

  test("the sweep job reads what no webhook brought, from the accounts that granted messaging", async () => {
    const c = await cafe();
    ig.state.guestWrites({ account: c.acc.id, guest: "IGSID-4004", text: "Is the terrace open tonight?" });
    const got = await app.sufra.services.conversations.sweepDue();
    expect(got.added).toBeGreaterThanOrEqual(1);
    const t = await thread(c.businessId);
    expect(t.messages.map((m) => m.text)).toEqual(["Is the terrace open tonight?"]);
    expect(
      (await db().platformAccount.findUniqueOrThrow({ where: { id: c.account.id } })).messagesSweptAt,
    ).not.toBeNull();
    // read again: nothing twice
    await app.sufra.services.conversations.sweepDue();
    expect(await db().conversationMessage.count({ where: { conversationId: t.id } })).toBe(1);
  });

  test("within 24 hours a free answer; within 7 days tagged human agent; after 7 days none", async () => {
    const c = await cafe();
    await ig.state.deliver(
      hook(),
      ig.state.guestWrites({
        account: c.acc.id,
        guest: "IGSID-3003",
        text: "hello",
        at: new Date(Date.now() - 2 * HOUR),
      }),
    );
    const t = await thread(c.businessId);
    const free = await gql(
      app.base,
      SEND,
      { id: t.id, input: { key: randomUUID(), text: "Hello! How can we help?" } },
      c.token,
    );
    expect(free.errors).toBeUndefined();
    expect(free.data.sendConversationMessage).toMatchObject({ state: "sent", humanAgent: false });
    // the guest's last message was 30 hours ago
    await db().conversation.update({ where: { id: t.id }, data: { lastGuestAt: new Date(Date.now() - 30 * HOUR) } });
    ig.state.messages
      .filter((m) => m.guestId === "IGSID-3003" && !m.fromBusiness)
      .forEach((m) => (m.at = new Date(Date.now() - 30 * HOUR)));
    const tagged = await gql(
      app.base,
      SEND,
      { id: t.id, input: { key: randomUUID(), text: "Sorry for the wait!" } },
      c.token,
    );
    expect(tagged.errors).toBeUndefined();
    expect(tagged.data.sendConversationMessage).toMatchObject({ state: "sent", humanAgent: true });
    expect(ig.state.sent.at(-1)!.body).toMatchObject({ messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" });
    await db().conversation.update({
      where: { id: t.id },
      data: { lastGuestAt: new Date(Date.now() - 8 * 24 * HOUR) },
    });
    const before = ig.state.sent.length;
    const late = await gql(app.base, SEND, { id: t.id, input: { key: randomUUID(), text: "Still there?" } }, c.token);
    expect(late.errors?.[0]?.extensions.reason).toBe("CONVERSATION_WINDOW_CLOSED");
    expect(ig.state.sent.length).toBe(before);
  });
});
