// A local stand-in for an OpenAI-compatible chat-completions endpoint (POST /v1/chat/completions),
// speaking the documented protocol: Bearer auth, the request's model/messages/response_format, the
// chat.completion answer with choices[].message.content, and OpenAI's error JSON. Like OpenAI, it
// refuses a temperature other than the default for reasoning models (o1, o3, o4-mini, gpt-5...), and a
// strict json_schema response_format outside the subset Structured Outputs takes (its "Supported
// schemas"): an object at the root, every object with additionalProperties: false and every property
// in required, none of the keywords strict mode does not permit (minLength, maxLength, uniqueItems,
// allOf, not, if/then/else, patternProperties, ...), or beyond its size limits (10 levels of object
// nesting, 5,000 object properties, 1,000 enum values): 400 invalid_request_error, param
// response_format, code invalid_json_schema, in OpenAI's words.
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
    const refused = strictSchemaProblem(body.response_format);
    if (refused) return error(res, 400, refused, "invalid_request_error", "response_format", "invalid_json_schema");
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

/**
 * Keywords strict Structured Outputs does not permit, as OpenAI's guide lists them ("Some type-specific
 * keywords are not yet supported", composition) and as its 400s name them ("'minLength' is not permitted").
 */
const NOT_PERMITTED = [
  "minLength", "maxLength",
  "patternProperties", "unevaluatedProperties", "propertyNames", "minProperties", "maxProperties",
  "unevaluatedItems", "contains", "minContains", "maxContains", "uniqueItems",
  "allOf", "not", "dependentRequired", "dependentSchemas", "if", "then", "else",
];

/** Why OpenAI would refuse this response_format in strict mode, in its words; null when it takes it. */
export function strictSchemaProblem(format: ChatRequest["body"]["response_format"]): string | null {
  if (format?.type !== "json_schema" || !format.json_schema?.strict) return null;
  const { name, schema } = format.json_schema;
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name ?? "")) return `Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
  const prefix = `Invalid schema for response_format '${name}': `;
  if (schema?.type !== "object" || schema.anyOf) return `${prefix}schema must be a JSON Schema of 'type: "object"', got 'type: "${schema?.type ?? "None"}"'.`;
  const walk = (node: unknown, path: string[]): string | null => {
    if (!node || typeof node !== "object" || Array.isArray(node)) return null;
    const n = node as Record<string, unknown>;
    const context = `In context=(${path.map((p) => `'${p}'`).join(", ")}), `;
    for (const k of NOT_PERMITTED) if (k in n) return `${context}'${k}' is not permitted.`;
    const props = n.properties && typeof n.properties === "object" ? (n.properties as Record<string, unknown>) : null;
    if (n.type === "object" || props) {
      if (n.additionalProperties !== false) return `${context}'additionalProperties' is required to be supplied and to be false.`;
      const required = Array.isArray(n.required) ? n.required : [];
      const missing = Object.keys(props ?? {}).find((k) => !required.includes(k));
      if (missing) return `${context}'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
    }
    for (const [k, v] of Object.entries(props ?? {})) {
      const found = walk(v, [...path, "properties", k]);
      if (found) return found;
    }
    if (n.items) {
      const found = walk(n.items, [...path, "items"]);
      if (found) return found;
    }
    for (const key of ["anyOf"] as const) {
      const list = Array.isArray(n[key]) ? (n[key] as unknown[]) : [];
      for (let i = 0; i < list.length; i++) {
        const found = walk(list[i], [...path, key, String(i)]);
        if (found) return found;
      }
    }
    for (const key of ["$defs", "definitions"] as const) {
      for (const [k, v] of Object.entries((n[key] as Record<string, unknown>) ?? {})) {
        const found = walk(v, [...path, key, k]);
        if (found) return found;
      }
    }
    return null;
  };
  const found = walk(schema, []);
  if (found) return prefix + found;
  // the guide's size limits: at most 10 levels of object nesting, 5,000 object properties in all and
  // 1,000 enum values in all
  let properties = 0;
  let enums = 0;
  let deepest = 0;
  const size = (node: unknown, depth: number) => {
    if (Array.isArray(node)) return node.forEach((n) => size(n, depth));
    if (!node || typeof node !== "object") return;
    const n = node as Record<string, unknown>;
    const object = n.type === "object" || !!n.properties;
    const level = object ? depth + 1 : depth;
    deepest = Math.max(deepest, level);
    if (Array.isArray(n.enum)) enums += n.enum.length;
    for (const [k, v] of Object.entries(n)) {
      if (k === "properties" && v && typeof v === "object") {
        properties += Object.keys(v).length;
        for (const child of Object.values(v)) size(child, level);
      } else if (k !== "enum" && k !== "const") size(v, level);
    }
  };
  size(schema, 0);
  if (deepest > 10) return `${prefix}schema has ${deepest} levels of nesting, more than the 10 permitted.`;
  if (properties > 5000) return `${prefix}schema has ${properties} object properties, more than the 5000 permitted.`;
  if (enums > 1000) return `${prefix}schema has ${enums} enum values, more than the 1000 permitted.`;
  return null;
}
