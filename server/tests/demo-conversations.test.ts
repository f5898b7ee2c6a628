// The demo café's conversations (docs/product.md#conversations): three labelled demo threads, seeded once; the
// WhatsApp guest's order answered from the demo menu's prices; an answer in a demo thread stays in Sufra (no
// channel is set up on this server, so anything that tried to leave would be refused).
import { describe, expect, test } from "@jest/globals";
import { randomUUID } from "node:crypto";
import { ensureDemoProfile } from "../src/modules/business-profile/index.ts";
import { ensureDemoConversations } from "../src/seed/demo-conversations.ts";
import { gql, signedInBusiness } from "./support/app.ts";
import { appForFile } from "./support/per-file.ts";

const app = appForFile();

describe("the demo café's conversations", () => {
  test("seeded once, labelled demo, answered from the menu, nothing sent to a channel", async () => {
    const b = await signedInBusiness(app.base);
    const db = app.sufra.deps.db;
    await ensureDemoProfile(db, b.businessId);
    await ensureDemoConversations(db, b.businessId);
    await ensureDemoConversations(db, b.businessId);
    const threads = await db.conversation.findMany({
      where: { businessId: b.businessId },
      orderBy: { channel: "asc" },
    });
    expect(threads.map((t) => [t.channel, t.demo])).toEqual([
      ["facebook", true],
      ["instagram", true],
      ["whatsapp", true],
    ]);
    expect(await db.conversationMessage.count({ where: { businessId: b.businessId } })).toBe(5);
    const wa = threads.find((t) => t.channel === "whatsapp")!;
    const s = await gql(
      app.base,
      `mutation($id: ID!) { suggestConversationAnswer(conversationId: $id) { text totalFils items { name quantity } } }`,
      { id: wa.id },
      b.token,
    );
    expect(s.errors).toBeUndefined();
    expect(s.data.suggestConversationAnswer.items).toEqual([
      { name: "Spanish latte", quantity: 2 },
      { name: "Pistachio kunafa", quantity: 1 },
    ]);
    expect(s.data.suggestConversationAnswer.totalFils).toBe(6000);
    const sent = await gql(
      app.base,
      `mutation($id: ID!, $i: ConversationSendInput!) { sendConversationMessage(conversationId: $id, input: $i) { state } }`,
      { id: wa.id, i: { key: randomUUID(), text: s.data.suggestConversationAnswer.text } },
      b.token,
    );
    expect(sent.errors).toBeUndefined();
    expect(sent.data.sendConversationMessage.state).toBe("sent");
  });
});
