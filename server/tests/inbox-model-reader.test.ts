// The inbox with a model configured (AI_PROVIDER=openai) against the strict chat-completions stand-in
// (docs/architecture.md#the-reader): an import's reviews are read by the model in one batched request
// and stored with its sentiment and intent; the same words again ask nothing; when the model fails
// the built-in reader's readings are stored instead.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import { call, registeredClient, startTestApp, type TestApp } from "./support/app.ts";
import {
  startFakeChat,
  strictSchemaProblem,
  textOf,
  type ChatRequest,
  type FakeChat,
} from "./fakes/chat-completions-server.ts";

let app: TestApp;
let fake: FakeChat;
beforeAll(async () => {
  fake = await startFakeChat();
  app = await startTestApp({
    AI_PROVIDER: "openai",
    AI_BASE_URL: fake.url,
    AI_API_KEY: fake.apiKey,
    AI_MODEL: "gpt-4o-mini",
    AI_TIMEOUT_SECONDS: "2",
  });
});
afterAll(async () => {
  await app?.stop();
  await fake?.close();
});

const readingRequests = () =>
  fake.requests.filter((r) => r.body.response_format?.json_schema?.name === "guest_readings");
const sent = (r: ChatRequest) =>
  (JSON.parse(textOf(r.body.messages.at(-1)!.content)) as { messages: { id: string; text: string }[] }).messages;

beforeEach(() => {
  fake.requests.length = 0;
  fake.replies.length = 0;
  // the stand-in's model: every message is an order (no reader built into Sufra says that of these words)
  fake.fallback = (req) =>
    req.body.response_format?.json_schema?.name === "guest_readings"
      ? {
          content: JSON.stringify({
            readings: sent(req).map((m) => ({ id: m.id, sentiment: "neutral", intent: "order" })),
          }),
        }
      : { content: JSON.stringify({ reply: "Thank you for your visit." }) };
});

async function business() {
  const c = await registeredClient(app.base, { over: { company_name: "Dar Al Qahwa" } });
  const login = await call(app.base, "POST", "/api/auth/login", { body: { email: c.email, password: c.password } });
  return { ...c, token: login.body.access_token as string };
}

async function importCsv(token: string, csv: string) {
  const r = await fetch(`${app.base}/api/reviews/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "text/csv; charset=utf-8" },
    body: csv,
  });
  return { status: r.status, body: (await r.json()) as { imported: number } };
}

const CSV = [
  "source,author,rating,text,date",
  "talabat,Ahmad,1,The food arrived cold and two hours late,2026-01-10",
  "google,Sara,5,Best spanish latte in Salmiya,2026-01-11",
  "google,Dana,3,الطعم تغير، صار أقل من قبل,2026-01-12",
].join("\n");

describe("a configured model reads the inbox", () => {
  test("an import's reviews in one batched, strict request; stored with the model's reading; the same words not asked again", async () => {
    const b = await business();
    expect((await importCsv(b.token, CSV)).body.imported).toBe(3);
    expect(readingRequests()).toHaveLength(1);
    const req = readingRequests()[0]!;
    expect(strictSchemaProblem(req.body.response_format)).toBeNull();
    expect(sent(req)).toHaveLength(3);
    const list = await call(app.base, "GET", "/api/reviews", { token: b.token });
    expect(list.body.reviews.map((r: { intent: string; sentiment: string }) => [r.intent, r.sentiment]).sort()).toEqual(
      [
        ["order", "neutral"],
        ["order", "neutral"],
        ["order", "neutral"],
      ],
    );

    // the same words from other guests: read from the cache, no request
    const other = await business();
    expect(
      (
        await importCsv(
          other.token,
          CSV.replace(/Ahmad|Sara|Dana/g, (n) => `${n}2`),
        )
      ).body.imported,
    ).toBe(3);
    expect(readingRequests()).toHaveLength(1);
  });

  test("when the model fails, the built-in reader's readings are stored", async () => {
    const b = await business();
    fake.replies.push({ status: 500, message: "The server had an error while processing your request." });
    const csv = [
      "source,author,rating,text,date",
      "google,Fahad,3,Where exactly are you? I could not find the place,2026-01-13",
      "talabat,Noura,1,القهوة باردة والمندوب تأخر ساعة,2026-01-13",
    ].join("\n");
    expect((await importCsv(b.token, csv)).body.imported).toBe(2);
    expect(readingRequests()).toHaveLength(1);
    const list = await call(app.base, "GET", "/api/reviews", { token: b.token });
    const byAuthor = Object.fromEntries(
      list.body.reviews.map((r: { author: string; intent: string; sentiment: string }) => [
        r.author,
        [r.sentiment, r.intent],
      ]),
    );
    expect(byAuthor.Noura).toEqual(["negative", "complaint"]);
    expect(byAuthor.Fahad![1]).not.toBe("order");
  });
});
