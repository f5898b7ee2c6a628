// The OpenAI-compatible writer against the chat-completions stand-in, without the app around it:
// reasoning models get no temperature (OpenAI refuses one with 400 unsupported_value), a model that
// refuses one anyway is asked once more without it, and every fallback to the built-in writer is
// logged at WARN with its reason so an administrator can see that the model never answered.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "@jest/globals";
import { VOICE_DEFAULTS } from "@sufra/schema";
import { acceptsTemperature, createOpenAiWriter } from "../src/ai/openai/openai-writer.ts";
import type { AiWriter } from "../src/ai/provider.ts";
import type { GenerateRequest } from "../src/ai/types.ts";
import type { Logger } from "../src/kernel/logger.ts";
import { startFakeChat, type FakeChat } from "./fakes/chat-completions-server.ts";
import { logLines } from "./support/log-lines.ts";

let fake: FakeChat;
beforeAll(async () => {
  fake = await startFakeChat();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  fake.replies.length = 0;
});

/** A logger that keeps what was written, by level. */
function recordingLogger(): Logger & { lines: { level: string; msg: string; data?: unknown }[] } {
  const lines: { level: string; msg: string; data?: unknown }[] = [];
  const at = (level: string) => (msg: string, data?: unknown) => void lines.push({ level, msg, data });
  return { lines, error: at("error"), warn: at("warn"), info: at("info"), debug: at("debug") };
}

const LOCAL: AiWriter = {
  provider: "local",
  generate: async (req) => ({
    variants: [{ content: "Karak o'clock, Kuwait.", hashtags: [], language: req.language }],
    provider: "local",
  }),
  replyToReview: async () =>
    ({
      reply: "Thank you",
      language: "en",
      sentiment: "positive",
      topics: [],
      provider: "local",
      fellBack: false,
    }) as never,
};

const REQ: GenerateRequest = {
  prompt: "pistachio kunafa",
  platform: "instagram",
  language: "en",
  tone: "friendly",
  variants: 1,
  business: { name: "Dar Al Qahwa" },
};
const GOOD = {
  content: JSON.stringify({
    variants: [{ content: "Golden pistachio kunafa, warm from the oven.", hashtags: ["Kunafa"] }],
  }),
};

function writer(model: string, logger: Logger) {
  return createOpenAiWriter({ baseUrl: fake.url, apiKey: fake.apiKey, model, timeoutMs: 5_000, logger }, LOCAL);
}

describe("temperature", () => {
  test("reasoning models are named as OpenAI names them; chat models and local servers take a temperature", () => {
    for (const m of ["o1", "o1-mini", "o3", "o3-mini", "o4-mini", "gpt-5", "gpt-5-mini", "gpt-5.1", "openai/o3-mini"])
      expect(acceptsTemperature(m)).toBe(false);
    for (const m of ["gpt-4o", "gpt-4.1-mini", "gpt-5-chat-latest", "llama3.1:8b", "qwen2.5", "olmo-2"])
      expect(acceptsTemperature(m)).toBe(true);
  });

  test("the stand-in refuses a temperature for a reasoning model as OpenAI does", async () => {
    const r = await fetch(`${fake.url}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "o3-mini", messages: [{ role: "user", content: "hi" }], temperature: 0.9 }),
    });
    expect(r.status).toBe(400);
    expect((await r.json()).error).toMatchObject({
      type: "invalid_request_error",
      param: "temperature",
      code: "unsupported_value",
    });
  });

  test("a reasoning model is asked without a temperature, and its captions are used", async () => {
    const log = recordingLogger();
    fake.replies.push(GOOD);
    const out = await writer("gpt-5-mini", log).generate(REQ);
    expect(out.fellBack).toBeUndefined();
    expect(out.provider).toBe("openai");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.body).not.toHaveProperty("temperature");
    expect(log.lines.filter((l) => l.level === "warn")).toEqual([]);
  });

  test("other models get the caption temperature", async () => {
    fake.replies.push(GOOD);
    await writer("gpt-4o-mini", recordingLogger()).generate(REQ);
    expect(fake.requests[0]!.body.temperature).toBe(0.9);
  });

  test("a model that refuses the temperature anyway (400 unsupported_value) is asked once more without it, and not again", async () => {
    const log = recordingLogger();
    const w = writer("house-reasoner", log); // a name we cannot recognise
    fake.replies.push(
      {
        status: 400,
        message:
          "Unsupported value: 'temperature' does not support 0.9 with this model. Only the default (1) value is supported.",
        param: "temperature",
        code: "unsupported_value",
      },
      GOOD,
      GOOD,
    );
    const first = await w.generate(REQ);
    expect(first.fellBack).toBeUndefined();
    expect(fake.requests.map((r) => r.body.temperature)).toEqual([0.9, undefined]);
    await w.generate(REQ);
    expect(fake.requests).toHaveLength(3);
    expect(fake.requests[2]!.body).not.toHaveProperty("temperature");
    expect(log.lines.filter((l) => l.level === "warn").map((l) => l.msg)).toEqual([
      expect.stringMatching(/refuses a temperature/),
    ]);
  });
});

describe("strict Structured Outputs", () => {
  const ask = (schema: Record<string, unknown>, name = "captions") =>
    fetch(`${fake.url}/chat/completions`, {
      method: "POST",
      headers: { authorization: `Bearer ${fake.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: "hi" }],
        response_format: { type: "json_schema", json_schema: { name, strict: true, schema } },
      }),
    });
  const item = {
    type: "object",
    properties: { content: { type: "string" } },
    required: ["content"],
    additionalProperties: false,
  };
  const root = (variants: Record<string, unknown>) => ({
    type: "object",
    properties: { variants },
    required: ["variants"],
    additionalProperties: false,
  });

  test("the stand-in refuses what strict mode refuses, with OpenAI's 400", async () => {
    const refused: [Record<string, unknown>, string][] = [
      [
        root({ type: "array", items: { ...item, properties: { content: { type: "string", minLength: 1 } } } }),
        "In context=('properties', 'variants', 'items', 'properties', 'content'), 'minLength' is not permitted.",
      ],
      [
        root({ type: "array", items: item, uniqueItems: true }),
        "In context=('properties', 'variants'), 'uniqueItems' is not permitted.",
      ],
      [
        root({ type: "array", items: { type: "object", properties: item.properties, required: ["content"] } }),
        "In context=('properties', 'variants', 'items'), 'additionalProperties' is required to be supplied and to be false.",
      ],
      [
        root({ type: "array", items: { ...item, properties: { ...item.properties, tag: { type: "string" } } } }),
        "Missing 'tag'.",
      ],
      [{ anyOf: [root({ type: "string" })] }, `schema must be a JSON Schema of 'type: "object"'`],
    ];
    for (const [schema, message] of refused) {
      const r = await ask(schema);
      expect(r.status).toBe(400);
      const { error } = (await r.json()) as { error: Record<string, unknown> };
      expect(error).toEqual({
        message: expect.stringContaining(message),
        type: "invalid_request_error",
        param: "response_format",
        code: "invalid_json_schema",
      });
      expect(error.message).toMatch(/^Invalid schema for response_format 'captions': /);
    }
    // what it takes: minItems and maxItems are among the guide's supported properties
    fake.replies.push(GOOD);
    expect((await ask(root({ type: "array", items: item, minItems: 1, maxItems: 10 }))).status).toBe(200);
  });

  test("the writer's schemas pass strict mode: captions and review replies come from the model, not the fallback", async () => {
    const log = recordingLogger();
    fake.replies.push(GOOD);
    const out = await writer("gpt-4o-mini", log).generate(REQ);
    expect(out).toMatchObject({
      provider: "openai",
      variants: [{ content: "Golden pistachio kunafa, warm from the oven.", hashtags: ["Kunafa"] }],
    });
    expect(out.fellBack).toBeUndefined();
    const sent = fake.requests[0]!.body.response_format!.json_schema!;
    expect(sent).toMatchObject({ name: "captions", strict: true });
    expect(JSON.stringify(sent.schema)).not.toMatch(/minLength|maxLength/);

    fake.replies.push({
      content: JSON.stringify({ reply: "Thank you, Noura! We are glad the karak warmed your evening." }),
    });
    const reply = await writer("gpt-4o-mini", log).replyToReview({
      review: { author: "Noura", rating: 5, text: "Lovely karak" },
      business: { name: "Dar Al Qahwa" },
    });
    expect(reply).toMatchObject({
      provider: "openai",
      fellBack: false,
      reply: "Thank you, Noura! We are glad the karak warmed your evening.",
    });
    expect(fake.requests[1]!.body.response_format!.json_schema).toMatchObject({ name: "review_reply", strict: true });
    expect(log.lines.filter((l) => l.level === "warn")).toEqual([]);
  });

  test("the rules strict mode cannot carry are still checked on the answer: an empty caption is not used", async () => {
    const log = recordingLogger();
    fake.replies.push({ content: JSON.stringify({ variants: [{ content: "", hashtags: [] }] }) });
    const out = await writer("gpt-4o-mini", log).generate(REQ);
    expect(out.fellBack).toBe(true);
    expect(log.lines.find((l) => l.level === "warn")?.data).toMatchObject({
      reason: expect.stringMatching(/too_small|at least 1/i),
    });
  });
});

describe("falling back to the built-in writer", () => {
  test("is logged at WARN with the model and the reason", async () => {
    const log = recordingLogger();
    fake.replies.push({ status: 500, message: "The server had an error while processing your request." });
    const out = await writer("gpt-4o-mini", log).generate(REQ);
    expect(out.fellBack).toBe(true);
    const warns = log.lines.filter((l) => l.level === "warn");
    expect(warns).toHaveLength(1);
    expect(warns[0]!.msg).toMatch(/built-in writer answered/);
    expect(warns[0]!.data).toMatchObject({ model: "gpt-4o-mini", reason: expect.stringMatching(/500/) });
    expect(log.lines.filter((l) => l.level === "info")).toEqual([]);
  });

  test("the logger has a WARN level that LOG_LEVEL=warn keeps and LOG_LEVEL=error drops", () => {
    const log = logLines();
    log.logger("warn").warn("ai fell back", { reason: "timeout" });
    log.logger("warn").info("not shown");
    log.logger("error").warn("not shown either");
    expect(log.records).toEqual([expect.objectContaining({ level: "warn", msg: "ai fell back", reason: "timeout" })]);
  });
});

describe("the café's voice in the prompt", () => {
  const system = () => fake.requests.at(-1)!.body.messages.find((m) => m.role === "system")!.content;
  const ask = async (over: Partial<GenerateRequest>) => {
    fake.replies.push({
      content: JSON.stringify({
        variants: [
          { content: "يا هلا! كنافة بالفستق الحين عندنا 😋", hashtags: ["كنافة", "Kunafa", "قهوة", "Kuwait"] },
        ],
      }),
    });
    return writer("gpt-4o-mini", recordingLogger()).generate({ ...REQ, language: "ar", ...over });
  };

  test("Gulf Arabic (the default, with no voice): asked for Kuwaiti dialect, told not to write or mix in MSA", async () => {
    await ask({});
    const s = system();
    expect(s).toContain("Write the Arabic in Gulf Arabic, the Kuwaiti dialect");
    expect(s).toMatch(/do not mix the two in one caption/i);
    expect(s).not.toContain("Write in correct Modern Standard Arabic");
    expect(s).not.toContain("Write the Arabic in correct Modern Standard Arabic");
    for (const w of ["سوف", "لقد", "الآن"]) expect(s).toContain(w);
  });

  test("MSA when the café's voice is MSA: no Gulf words asked for", async () => {
    await ask({ voice: { ...VOICE_DEFAULTS, arabicVariety: "msa" } });
    const s = system();
    expect(s).toContain("Write the Arabic in correct Modern Standard Arabic");
    expect(s).toContain("no Gulf words");
    expect(s).not.toContain("Kuwaiti dialect");
  });

  test("the habits: length, emoji, hashtag count and script, and the language order", async () => {
    await ask({
      language: "both",
      voice: {
        ...VOICE_DEFAULTS,
        languageOrder: "en_first",
        length: "short",
        emoji: "none",
        hashtagCount: 2,
        hashtagScript: "ar",
      },
    });
    const s = system();
    expect(s).toContain("Write each caption in English first, then the same message in Arabic");
    expect(s).toContain("Keep each caption short: at most 140 characters");
    expect(s).toContain("Use no emoji at all.");
    expect(s).toContain("Hashtags: 2 per caption, never more (the café's habit), Arabic hashtags only.");
    expect(s).toContain("Keep every fact the prompt gives (the dish, the offer, the time, the place)");
    await ask({ platform: "twitter", voice: { ...VOICE_DEFAULTS, emoji: "many", length: "long", hashtagCount: 9 } });
    // the network's cap wins over the habit (X: 2)
    expect(system()).toContain("Hashtags: 2 per caption, never more");
    expect(system()).toContain("Use emoji generously");
  });

  test("the model's hashtags are cut to the café's habit", async () => {
    const out = await ask({ voice: { ...VOICE_DEFAULTS, hashtagCount: 2 } });
    expect(out.provider).toBe("openai");
    expect(out.variants[0]!.hashtags).toEqual(["كنافة", "Kunafa"]);
  });
});
