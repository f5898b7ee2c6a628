// Facebook Page messages through the app against the Meta messaging stand-in playing Messenger
// (docs/product.md#conversations): the Page's signed webhook (/api/webhooks/facebook) brings a guest's message
// into its thread once, a forged one is refused; the café answers with the Page's own token within 24 hours
// (messaging_type RESPONSE) and, past them, tagged human agent; the sweep job reads the chosen Page too.
import { describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { createTokenCrypto } from "../src/kernel/token-crypto.ts";
import { gql, signedInBusiness, startTestApp } from "./support/app.ts";
import { forFile } from "./support/per-file.ts";
import { startFacebookMessagesFake } from "./fakes/facebook-messages-server.ts";

const { app, fb } = forFile(
  async () => {
    const fb = await startFacebookMessagesFake();
    const c = fb.state.config;
    const app = await startTestApp({
      FACEBOOK_APP_ID: c.appId,
      FACEBOOK_APP_SECRET: c.appSecret,
      FACEBOOK_GRAPH_URL: c.graphUrl,
      FACEBOOK_WEBHOOK_VERIFY_TOKEN: c.webhookVerifyToken,
    });
    return { app, fb };
  },
  async (s) => {
    await s.app.stop();
    await s.fb.close();
  },
);
const db = () => app.sufra.deps.db;
const HOUR = 3_600_000;
const hook = () => `${app.base}/api/webhooks/facebook`;
const SEND = `mutation($id: ID!, $input: ConversationSendInput!) { sendConversationMessage(conversationId: $id, input: $input) {
  state humanAgent error } }`;

/** A café whose Facebook connection has its Page (on the stand-in) chosen, with the Page's token sealed. */
async function cafe() {
  const b = await signedInBusiness(app.base);
  const page = fb.state.addAccount({ name: `Dar Al Qahwa ${randomUUID().slice(0, 4)}` });
  const crypto = createTokenCrypto(app.sufra.deps.config.tokenKey);
  const account = await db().platformAccount.create({
    data: {
      businessId: b.businessId,
      platform: "facebook",
      externalId: page.id,
      handle: "daralqahwa",
      accessToken: crypto.seal(`person-${randomUUID()}`),
      scopes: ["pages_show_list", "pages_manage_metadata", "pages_messaging"],
      facebookPages: {
        create: { pageId: page.id, name: "Dar Al Qahwa", accessToken: crypto.seal(page.token), chosen: true },
      },
    },
  });
  return { ...b, page, account };
}

const thread = (businessId: string) =>
  db().conversation.findFirstOrThrow({ where: { businessId }, include: { messages: true } });

describe("Facebook Page messages through the app", () => {
  test("the Page's signed webhook brings a message once; the café answers within 24 hours, then tagged", async () => {
    const c = await cafe();
    const body = fb.state.guestWrites({ account: c.page.id, guest: "PSID-7001", text: "هل عندكم جلسات خارجية؟" });
    expect((await fb.state.deliver(hook(), body, { forge: true })).status).toBe(403);
    expect((await fb.state.deliver(hook(), body)).status).toBe(200);
    expect((await fb.state.deliver(hook(), body)).status).toBe(200);
    const t = await thread(c.businessId);
    expect(t).toMatchObject({ channel: "facebook", guestExternalId: "PSID-7001", unread: 1, language: "ar" });
    expect(t.messages).toHaveLength(1);

    const free = await gql(
      app.base,
      SEND,
      { id: t.id, input: { key: randomUUID(), text: "نعم، حياكم الله" } },
      c.token,
    );
    expect(free.errors).toBeUndefined();
    expect(free.data.sendConversationMessage).toMatchObject({ state: "sent", humanAgent: false });
    expect(fb.state.sent.at(-1)!.body).toMatchObject({ messaging_type: "RESPONSE", recipient: { id: "PSID-7001" } });

    // past 24 hours (the guest's message 30 hours ago, here and on the stand-in): tagged human agent
    await db().conversation.update({ where: { id: t.id }, data: { lastGuestAt: new Date(Date.now() - 30 * HOUR) } });
    fb.state.messages
      .filter((m) => m.guestId === "PSID-7001" && !m.fromBusiness)
      .forEach((m) => (m.at = new Date(Date.now() - 30 * HOUR)));
    const tagged = await gql(
      app.base,
      SEND,
      { id: t.id, input: { key: randomUUID(), text: "آسفين على التأخير" } },
      c.token,
    );
    expect(tagged.errors).toBeUndefined();
    expect(tagged.data.sendConversationMessage).toMatchObject({ state: "sent", humanAgent: true });
    expect(fb.state.sent.at(-1)!.body).toMatchObject({ messaging_type: "MESSAGE_TAG", tag: "HUMAN_AGENT" });
  });

  test("the sweep job reads the chosen Page's conversations, storing each message once", async () => {
    const c = await cafe();
    fb.state.guestWrites({ account: c.page.id, guest: "PSID-7002", text: "Do you have gluten-free cake?" });
    await app.sufra.services.conversations.sweepDue();
    await app.sufra.services.conversations.sweepDue();
    const t = await thread(c.businessId);
    expect(t.messages.map((m) => m.text)).toEqual(["Do you have gluten-free cake?"]);
  });
});
