// A local stand-in for an OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions),
// speaking the documented protocol: Bearer auth, the request's model/messages/response_format, the
// chat.completion answer with choices[].message.content, and OpenAI's error JSON. Like OpenAI, it
// refuses a temperature other than the default for reasoning models (o1, o3, o4-mini, gpt-5...).
// Tests choose each answer through `reply`, and read what was asked in `requests`.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> } };
    [k: string]: unknown;
  };
}

/** What the fake answers: the assistant's content, an HTTP error, or silence for `ms`. */
export type ChatReply = { content: string } | { status: number; message: string; param?: string; code?: string } | { hangMs: number } | { refusal: string };

export interface FakeChat {
  url: string;
  requests: ChatRequest[];
  /** The next answers, in order; when empty, `fallback` answers. */
  replies: ChatReply[];
  fallback: (req: ChatRequest) => ChatReply;
  apiKey: string;
  close(): Promise<void>;
}

export async function startFakeChat(opts: { apiKey?: string } = {}): Promise<FakeChat> {
  const sockets = new Set<import("node:net").Socket>();
  const fake: FakeChat = {
    url: "",
    requests: [],
    replies: [],
    apiKey: opts.apiKey ?? "sk-test-key",
    fallback: () => ({ content: JSON.stringify({ variants: [] }) }),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const error = (res: http.ServerResponse, status: number, message: string, type = "invalid_request_error", param: string | null = null, code: string | null = null) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message, type, param, code } }));
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions") return error(res, 404, `Unknown request URL: ${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${fake.apiKey}`) return error(res, 401, "Incorrect API key provided", "invalid_api_key");
    let body: ChatRequest["body"];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return error(res, 400, "We could not parse the JSON body of your request.");
    }
    if (!body.model || !Array.isArray(body.messages)) return error(res, 400, "you must provide a model parameter");
    const request = { authorization: req.headers.authorization, body };
    fake.requests.push(request);
    if (reasoningModel(body.model) && body.temperature !== undefined && body.temperature !== 1) {
      return error(res, 400, `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`, "invalid_request_error", "temperature", "unsupported_value");
    }
    const reply = fake.replies.shift() ?? fake.fallback(request);
    if ("hangMs" in reply) {
      // the client gives up first; its closed socket ends the wait (no timer left for jest)
      await new Promise<void>((r) => {
        const t = setTimeout(r, reply.hangMs);
        res.on("close", () => {
          clearTimeout(t);
          r();
        });
      });
      if (res.destroyed) return;
      return error(res, 504, "timeout");
    }
    if ("status" in reply) return error(res, reply.status, reply.message, reply.status >= 500 ? "server_error" : "invalid_request_error", reply.param ?? null, reply.code ?? null);
    const message = "refusal" in reply ? { role: "assistant", content: null, refusal: reply.refusal } : { role: "assistant", content: reply.content, refusal: null };
    res.writeHead(200, { "content-type": "application/json" });
    res.end(
      JSON.stringify({
        id: `chatcmpl-${fake.requests.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: body.model,
        choices: [{ index: 0, message, logprobs: null, finish_reason: "stop" }],
        usage: { prompt_tokens: 120, completion_tokens: 80, total_tokens: 200 },
      }),
    );
  });
  server.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}

/** OpenAI's reasoning models, which take their default temperature only (gpt-5-chat-latest is a chat model). */
function reasoningModel(model: string): boolean {
  return /^(o\d+|gpt-5)(\b|[-.])/.test(model) && !/^gpt-5(\.\d+)?-chat/.test(model);
}
