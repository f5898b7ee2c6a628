// The configured model reads guests' messages (docs/architecture.md#the-reader), against the strict
// chat-completions stand-in: several messages in one request with a strict json_schema the stand-in
// takes (it refuses what OpenAI's Structured Outputs refuses), one reading per message cached (the
// same words are not asked twice), and the built-in reader answering, marked, whenever the model
// does not: an HTTP error, a timeout, a refusal, an answer outside the schema, a message left out.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import { createOpenAiReader, type GuestMessage } from "../src/ai/openai/openai-reader.ts";
import type { Logger } from "../src/kernel/logger.ts";
import {
  startFakeChat,
  strictSchemaProblem,
  textOf,
  type ChatRequest,
  type FakeChat,
} from "./fakes/chat-completions-server.ts";

let fake: FakeChat;
beforeAll(async () => {
  fake = await startFakeChat();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.replies.length = 0;
  fake.fallback = answerAll;
});

function recordingLogger(): Logger & { lines: { level: string; msg: string; data?: unknown }[] } {
  const lines: { level: string; msg: string; data?: unknown }[] = [];
  const at = (level: string) => (msg: string, data?: unknown) => void lines.push({ level, msg, data });
  return { lines, error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
}

/** The messages a request carried, as the reader sent them. */
const sent = (r: ChatRequest) =>
  (
    JSON.parse(textOf(r.body.messages.at(-1)!.content)) as {
      messages: { id: string; text: string; stars: number | null }[];
    }
  ).messages;

/** The stand-in's model: "?" is a question, "!" praise, anything else a complaint (unlike the built-in reader). */
function answerAll(req: ChatRequest) {
  const readings = sent(req).map((m) =>
    m.text.includes("?")
      ? { id: m.id, sentiment: "neutral", intent: "question" }
      : m.text.includes("!")
        ? { id: m.id, sentiment: "positive", intent: "praise" }
        : { id: m.id, sentiment: "negative", intent: "complaint" },
  );
  return { content: JSON.stringify({ readings }) };
}

const reader = (logger?: Logger, timeoutMs = 5_000) =>
  createOpenAiReader({ baseUrl: fake.url, apiKey: fake.apiKey, model: "gpt-4o-mini", timeoutMs, logger, batchSize: 3 });

const MESSAGES: GuestMessage[] = [
  { text: "Where exactly are you?", rating: null, source: "instagram" },
  { text: "Best karak in town!", rating: null, source: "instagram" },
  { text: "The cheesecake was fine", rating: 3, source: "google" },
];

describe("the model reads", () => {
  test("several messages in one request, with a strict schema the stand-in (and OpenAI) takes", async () => {
    const out = await reader().read(MESSAGES);
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body;
    expect(body.response_format?.type).toBe("json_schema");
    expect(body.response_format?.json_schema).toMatchObject({ name: "guest_readings", strict: true });
    expect(strictSchemaProblem(body.response_format)).toBeNull();
    expect(sent(fake.requests[0]!).map((m) => [m.text, m.stars])).toEqual([
      ["Where exactly are you?", null],
      ["Best karak in town!", null],
      ["The cheesecake was fine", 3],
    ]);
    expect(out.map((r) => [r.by, r.sentiment, r.intent])).toEqual([
      ["model", "neutral", "question"],
      ["model", "positive", "praise"],
      ["model", "negative", "complaint"],
    ]);
    // the built-in reader read too: language and topics are its, and it is the comparison
    expect(out[2]!).toMatchObject({ language: "en", topics: ["food"], agrees: false });
    expect(out[2]!.builtIn.sentiment).not.toBe("negative");
    expect(out[0]!.agrees).toBe(true);
  });

  test("the stand-in refuses a schema beyond Structured Outputs' limits, as OpenAI does", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 11; i++)
      deep = { type: "object", properties: { x: deep }, required: ["x"], additionalProperties: false };
    expect(
      strictSchemaProblem({ type: "json_schema", json_schema: { name: "deep", strict: true, schema: deep } }),
    ).toMatch(/11 levels of nesting/);
    const wide = {
      type: "object",
      properties: { e: { type: "string", enum: Array.from({ length: 1001 }, (_, i) => `v${i}`) } },
      required: ["e"],
      additionalProperties: false,
    };
    expect(
      strictSchemaProblem({ type: "json_schema", json_schema: { name: "wide", strict: true, schema: wide } }),
    ).toMatch(/1001 enum values/);
  });

  test("more messages than a batch take a request per batch", async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ text: `Great coffee number ${i}!` }));
    const out = await reader().read(many);
    expect(fake.requests.map((r) => sent(r).length)).toEqual([3, 3, 1]);
    expect(out.every((r) => r.by === "model")).toBe(true);
  });

  test("each message is read once: the same words again ask nothing, even inside one call", async () => {
    const r = reader();
    await r.read([MESSAGES[0]!, MESSAGES[0]!]);
    expect(fake.requests).toHaveLength(1);
    expect(sent(fake.requests[0]!)).toHaveLength(1);
    const again = await r.read([MESSAGES[0]!, MESSAGES[1]!]);
    expect(fake.requests).toHaveLength(2);
    expect(sent(fake.requests[1]!).map((m) => m.text)).toEqual(["Best karak in town!"]);
    expect(again.map((x) => x.by)).toEqual(["model", "model"]);
    await r.read([MESSAGES[1]!]);
    expect(fake.requests).toHaveLength(2);
  });
});

describe("the built-in reader answers when the model does not", () => {
  const fails: [string, () => void][] = [
    [
      "a 500",
      () => fake.replies.push({ status: 500, message: "The server had an error while processing your request." }),
    ],
    ["a 429", () => fake.replies.push({ status: 429, message: "Rate limit reached", code: "rate_limit_exceeded" })],
    ["a refusal", () => fake.replies.push({ refusal: "I'm sorry, I cannot assist with that request." })],
    [
      "an answer outside the schema",
      () =>
        fake.replies.push({
          content: JSON.stringify({ readings: [{ id: "1", sentiment: "furious", intent: "complaint" }] }),
        }),
    ],
    ["not JSON", () => fake.replies.push({ content: "positive" })],
  ];
  test.each(fails)("%s: built-in readings, marked, logged, and asked again next time", async (_, fail) => {
    fail();
    const log = recordingLogger();
    const r = reader(log);
    const out = await r.read(MESSAGES);
    expect(out.map((x) => [x.by, x.fellBack])).toEqual([
      ["built-in", true],
      ["built-in", true],
      ["built-in", true],
    ]);
    expect(out[0]).toMatchObject({ sentiment: "neutral", intent: "question" });
    expect(out[1]).toMatchObject({ sentiment: "positive", intent: "praise" });
    expect(log.lines.some((l) => l.level === "warn" && /built-in reader/.test(l.msg))).toBe(true);
    // a failure is not cached: the next read asks the model again
    const next = await r.read(MESSAGES);
    expect(next.every((x) => x.by === "model")).toBe(true);
    expect(fake.requests).toHaveLength(2);
  });

  test("a timeout", async () => {
    fake.replies.push({ hangMs: 5_000 });
    const out = await reader(undefined, 300).read([MESSAGES[0]!]);
    expect(out[0]).toMatchObject({ by: "built-in", fellBack: true, intent: "question" });
  });

  test("a message the model left out is read by the built-in reader alone", async () => {
    fake.replies.push({
      content: JSON.stringify({ readings: [{ id: "2", sentiment: "positive", intent: "praise" }] }),
    });
    const log = recordingLogger();
    const out = await reader(log).read(MESSAGES);
    expect(out.map((x) => x.by)).toEqual(["built-in", "model", "built-in"]);
    expect(out[0]!.fellBack).toBe(true);
    expect(log.lines.some((l) => l.level === "warn" && /left messages unread/.test(l.msg))).toBe(true);
  });
});
