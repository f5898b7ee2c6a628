// The configured model reads guests' messages too (docs/architecture.md#the-reader): several messages
// in one chat-completions request, answered in a strict json_schema (Structured Outputs) with each
// message's sentiment and intent. The built-in reader (../reader/index.ts) reads every message first:
// its language and topics are kept, it is what the model is compared with (agrees), and it answers
// alone, marked fellBack, for every message of a batch the model does not answer (an HTTP error, a
// timeout, a refusal, an answer that is not the schema's, a message left out).
//
// Cached per message, in memory: an LRU keyed by a SHA-256 of the model's name, the stars' lean and
// the text. The reading itself is stored with its row (reviews.sentiment and reviews.intent), so the
// cache only has to stop the same words being asked again: the inbox's sync reads a window of recent
// items every minute, and short comments repeat ("😍", "How much?"). A restart costs one batched
// request per window at most, which is why it is not a table of its own.
import { createHash } from "node:crypto";
import type OpenAI from "openai";
import { z } from "zod";
import { REVIEW_SENTIMENT_KEYS, type ReviewSentiment } from "@sufra/schema";
import type { Logger } from "../../kernel/logger.ts";
import { GUEST_INTENTS, readGuest, type GuestIntent, type GuestReading } from "../reader/index.ts";
import { strictSchema } from "./openai-writer.ts";

export interface GuestMessage {
  text: string;
  /** Stars when it is a review; null or absent for a comment. */
  rating?: number | null;
  source?: string;
}

export interface GuestMessageReading extends GuestReading {
  /** Who read the sentiment and intent: the model, or the built-in reader. */
  by: "model" | "built-in";
  /** The model was asked and did not answer for this message; the built-in reader did. */
  fellBack?: boolean;
  /** The built-in reader's own reading, for comparison. */
  builtIn: GuestReading;
  /** The model's sentiment and intent are the built-in reader's. */
  agrees: boolean;
}

/** Whoever reads guests' messages: the built-in reader, or the model with it behind. */
export interface GuestReader {
  readonly provider: "local" | "openai";
  read(messages: GuestMessage[]): Promise<GuestMessageReading[]>;
}

export interface OpenAiReaderOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  logger?: Logger;
  /** Messages per request (default 20). */
  batchSize?: number;
  /** Readings kept (default 5,000). */
  cacheSize?: number;
}

/** A message's text sent to the model, at most this long (a review is at most 2,000 characters). */
const MAX_TEXT = 2000;

const answerSchema = z.object({
  readings: z.array(
    z.object({
      id: z.string(),
      sentiment: z.enum(REVIEW_SENTIMENT_KEYS as [ReviewSentiment, ...ReviewSentiment[]]),
      intent: z.enum(GUEST_INTENTS),
    }),
  ),
});

const SYSTEM = [
  "You read messages that guests wrote to a restaurant or café in Kuwait: Google reviews and Instagram comments, in English or Arabic (Modern Standard or Gulf dialect).",
  "For each message give its sentiment and its intent.",
  "sentiment: positive (pleased), negative (displeased: a complaint, disappointment, things worse than before) or neutral (neither, mixed evenly, or a plain question).",
  "intent: question (asks something: where, when, is there delivery, is it on Talabat, prices, hours), complaint (displeased), praise (pleased), order (wants to order or book a table), other (none of these: a tag, an emoji, a remark).",
  "A plain question is never a complaint and never negative for being a question. Stars, when given, may inform but the words decide.",
  'Answer {"readings":[{"id":"...","sentiment":"...","intent":"..."}]} with one reading for every message id given, in the same order.',
].join("\n");

/** The built-in reader as a GuestReader. */
export function builtInGuestReader(): GuestReader {
  return {
    provider: "local",
    async read(messages) {
      return messages.map((m) => {
        const r = readGuest(m.text, { rating: m.rating, source: m.source });
        return { ...r, by: "built-in", builtIn: r, agrees: true };
      });
    },
  };
}

class Lru<V> {
  private map = new Map<string, V>();
  constructor(private size: number) {}
  get(k: string): V | undefined {
    const v = this.map.get(k);
    if (v !== undefined) {
      this.map.delete(k);
      this.map.set(k, v);
    }
    return v;
  }
  set(k: string, v: V) {
    this.map.delete(k);
    this.map.set(k, v);
    if (this.map.size > this.size) this.map.delete(this.map.keys().next().value!);
  }
}

const lean = (rating: number | null | undefined) =>
  rating == null ? "none" : rating <= 2 ? "low" : rating >= 4 ? "high" : "none";

export function createOpenAiReader(opts: OpenAiReaderOptions): GuestReader {
  const sdk = import("openai").then((m) => m.default);
  // no retries: the built-in reading is there at once; the next sync asks again for what was missed
  const client = sdk.then(
    (OpenAI) =>
      new OpenAI({
        baseURL: opts.baseUrl,
        apiKey: opts.apiKey || "not-needed",
        timeout: opts.timeoutMs,
        maxRetries: 0,
      }),
  );
  const cache = new Lru<{ sentiment: ReviewSentiment; intent: GuestIntent }>(opts.cacheSize ?? 5000);
  const batchSize = Math.max(1, opts.batchSize ?? 20);
  const keyOf = (m: GuestMessage) =>
    createHash("sha256")
      .update(`${opts.model}\u0000${lean(m.rating)}\u0000${m.text}`)
      .digest("hex");

  async function ask(
    batch: { key: string; m: GuestMessage }[],
  ): Promise<Map<string, { sentiment: ReviewSentiment; intent: GuestIntent }>> {
    const c = await client;
    const ids = batch.map((_, i) => String(i + 1));
    const user = {
      messages: batch.map((b, i) => ({ id: ids[i], text: b.m.text.slice(0, MAX_TEXT), stars: b.m.rating ?? null })),
    };
    const body: OpenAI.Chat.Completions.ChatCompletionCreateParamsNonStreaming = {
      model: opts.model,
      messages: [
        { role: "system", content: SYSTEM },
        { role: "user", content: JSON.stringify(user) },
      ],
      response_format: {
        type: "json_schema",
        json_schema: { name: "guest_readings", strict: true, schema: strictSchema(answerSchema) },
      },
    };
    const completion = await c.chat.completions.create(body);
    const choice = completion.choices[0];
    if (!choice?.message?.content)
      throw new Error(choice?.message?.refusal ? `refused: ${choice.message.refusal}` : "empty answer");
    const answer = answerSchema.parse(JSON.parse(choice.message.content));
    const out = new Map<string, { sentiment: ReviewSentiment; intent: GuestIntent }>();
    for (const r of answer.readings) {
      const i = ids.indexOf(r.id);
      if (i >= 0 && !out.has(batch[i]!.key)) out.set(batch[i]!.key, { sentiment: r.sentiment, intent: r.intent });
    }
    return out;
  }

  return {
    provider: "openai",
    async read(messages) {
      const keys = messages.map(keyOf);
      const missing = new Map<string, GuestMessage>();
      keys.forEach((k, i) => {
        if (!cache.get(k) && !missing.has(k)) missing.set(k, messages[i]!);
      });
      const todo = [...missing].map(([key, m]) => ({ key, m }));
      const asked = new Set<string>();
      for (let i = 0; i < todo.length; i += batchSize) {
        const batch = todo.slice(i, i + batchSize);
        batch.forEach((b) => asked.add(b.key));
        try {
          const got = await ask(batch);
          for (const [k, v] of got) cache.set(k, v);
          if (got.size < batch.length)
            opts.logger?.warn("ai: the model left messages unread; the built-in reader read them", {
              model: opts.model,
              asked: batch.length,
              answered: got.size,
            });
        } catch (err) {
          // a warning: the inbox got the built-in reading, and an admin should see that the model never answered
          opts.logger?.warn("ai: the model did not read the guests' messages; the built-in reader did", {
            model: opts.model,
            messages: batch.length,
            reason: (err as Error).message,
          });
        }
      }
      return messages.map((m, i) => {
        const builtIn = readGuest(m.text, { rating: m.rating, source: m.source });
        const model = cache.get(keys[i]!);
        if (!model)
          return {
            ...builtIn,
            by: "built-in" as const,
            builtIn,
            agrees: true,
            ...(asked.has(keys[i]!) ? { fellBack: true } : {}),
          };
        return {
          ...builtIn,
          sentiment: model.sentiment,
          intent: model.intent,
          by: "model" as const,
          builtIn,
          agrees: model.sentiment === builtIn.sentiment && model.intent === builtIn.intent,
        };
      });
    },
  };
}
