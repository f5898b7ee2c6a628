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
//
// Messages' content may be a string or an array of content parts (the chat completions reference:
// {type:"text", text} and {type:"image_url", image_url:{url, detail?}}). Image parts are checked as
// OpenAI checks them: a model that cannot see answers 400 "Invalid content type. image_url is only
// supported by certain models." with param messages.[i].content.[j].type (`seesImages` decides which
// models see; by default the names of OpenAI's vision families, and none named "text-only"); a data URL
// must be base64 of PNG, JPEG, WEBP or non-animated GIF (the vision guide's "Image input
// requirements"), its bytes must be what its MIME type says, at most 20 MB per image and 50 MB per
// request; detail is low, high or auto. Every image part taken is kept in `images`.
// Tests choose each answer through `reply`, and read what was asked in `requests`.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatRequest {
  authorization: string | undefined;
  body: {
    model: string;
    messages: { role: string; content: string | ContentPart[] }[];
    response_format?: {
      type: string;
      json_schema?: { name: string; strict?: boolean; schema: Record<string, unknown> };
    };
    [k: string]: unknown;
  };
}

export type ContentPart =
  { type: "text"; text: string } | { type: "image_url"; image_url: { url: string; detail?: "low" | "high" | "auto" } };

/** An image a model was sent: where it was in the request, its MIME type, bytes and detail. */
interface SentImage {
  request: number;
  message: number;
  part: number;
  mime: string;
  bytes: Buffer;
  detail: string | undefined;
}

/** What the fake answers: the assistant's content, an HTTP error, or silence for `ms`. */
type ChatReply =
  | { content: string }
  | { status: number; message: string; param?: string; code?: string }
  | { hangMs: number }
  | { refusal: string };

export interface FakeChat {
  url: string;
  requests: ChatRequest[];
  /** The next answers, in order; when empty, `fallback` answers. */
  replies: ChatReply[];
  fallback: (req: ChatRequest) => ChatReply;
  apiKey: string;
  /** Whether a model takes image parts (OpenAI: its vision models; a text-only model refuses them). */
  seesImages: (model: string) => boolean;
  /** Every image part a model took, in order. */
  images: SentImage[];
  close(): Promise<void>;
}

/** OpenAI's families that take images (gpt-4o, gpt-4.1, gpt-4-turbo, gpt-5, o1, o3, o4-mini); others, as gpt-3.5-turbo, refuse them. */
const openAiSeesImages = (model: string) =>
  !/text-only/.test(model) &&
  /^(gpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o1(?!-mini)|o3(?!-mini)|o4-mini|.*vision|.*-vl)/i.test(model);

export async function startFakeChat(opts: { apiKey?: string } = {}): Promise<FakeChat> {
  const sockets = new Set<import("node:net").Socket>();
  const fake: FakeChat = {
    url: "",
    requests: [],
    replies: [],
    apiKey: opts.apiKey ?? "sk-test-key",
    fallback: () => ({ content: JSON.stringify({ variants: [] }) }),
    seesImages: openAiSeesImages,
    images: [],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
  const error = (
    res: http.ServerResponse,
    status: number,
    message: string,
    type = "invalid_request_error",
    param: string | null = null,
    code: string | null = null,
  ) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: { message, type, param, code } }));
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    if (req.method !== "POST" || req.url !== "/v1/chat/completions")
      return error(res, 404, `Unknown request URL: ${req.method} ${req.url}`);
    if (req.headers.authorization !== `Bearer ${fake.apiKey}`)
      return error(res, 401, "Incorrect API key provided", "invalid_api_key");
    let body: ChatRequest["body"];
    try {
      body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    } catch {
      return error(res, 400, "We could not parse the JSON body of your request.");
    }
    if (!body.model || !Array.isArray(body.messages)) return error(res, 400, "you must provide a model parameter");
    const request = { authorization: req.headers.authorization, body };
    fake.requests.push(request);
    const parts = contentProblem(body, fake.seesImages(body.model));
    if ("message" in parts)
      return error(res, 400, parts.message, "invalid_request_error", parts.param, parts.code ?? null);
    for (const image of parts.images) fake.images.push({ ...image, request: fake.requests.length - 1 });
    if (reasoningModel(body.model) && body.temperature !== undefined && body.temperature !== 1) {
      return error(
        res,
        400,
        `Unsupported value: 'temperature' does not support ${body.temperature} with this model. Only the default (1) value is supported.`,
        "invalid_request_error",
        "temperature",
        "unsupported_value",
      );
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
    if ("status" in reply)
      return error(
        res,
        reply.status,
        reply.message,
        reply.status >= 500 ? "server_error" : "invalid_request_error",
        reply.param ?? null,
        reply.code ?? null,
      );
    const message =
      "refusal" in reply
        ? { role: "assistant", content: null, refusal: reply.refusal }
        : { role: "assistant", content: reply.content, refusal: null };
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
  "minLength",
  "maxLength",
  "patternProperties",
  "unevaluatedProperties",
  "propertyNames",
  "minProperties",
  "maxProperties",
  "unevaluatedItems",
  "contains",
  "minContains",
  "maxContains",
  "uniqueItems",
  "allOf",
  "not",
  "dependentRequired",
  "dependentSchemas",
  "if",
  "then",
  "else",
];

/** Why OpenAI would refuse this response_format in strict mode, in its words; null when it takes it. */
export function strictSchemaProblem(format: ChatRequest["body"]["response_format"]): string | null {
  if (format?.type !== "json_schema" || !format.json_schema?.strict) return null;
  const { name, schema } = format.json_schema;
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(name ?? ""))
    return `Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.`;
  const prefix = `Invalid schema for response_format '${name}': `;
  if (schema?.type !== "object" || schema.anyOf)
    return `${prefix}schema must be a JSON Schema of 'type: "object"', got 'type: "${schema?.type ?? "None"}"'.`;
  const walk = (node: unknown, path: string[]): string | null => {
    if (!node || typeof node !== "object" || Array.isArray(node)) return null;
    const n = node as Record<string, unknown>;
    const context = `In context=(${path.map((p) => `'${p}'`).join(", ")}), `;
    for (const k of NOT_PERMITTED) if (k in n) return `${context}'${k}' is not permitted.`;
    const props = n.properties && typeof n.properties === "object" ? (n.properties as Record<string, unknown>) : null;
    if (n.type === "object" || props) {
      if (n.additionalProperties !== false)
        return `${context}'additionalProperties' is required to be supplied and to be false.`;
      const required = Array.isArray(n.required) ? n.required : [];
      const missing = Object.keys(props ?? {}).find((k) => !required.includes(k));
      if (missing)
        return `${context}'required' is required to be supplied and to be an array including every key in properties. Missing '${missing}'.`;
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

const MB = 1024 * 1024;
/** The vision guide's "Image input requirements": per image, and the image bytes of one request. */
export const MAX_IMAGE_BYTES = 20 * MB;
const MAX_REQUEST_IMAGE_BYTES = 50 * MB;
const IMAGE_MIMES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

/** The MIME type a file's first bytes say, or null. */
function sniff(b: Buffer): string | null {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return "image/jpeg";
  if (b.length > 8 && b.toString("latin1", 1, 4) === "PNG") return "image/png";
  if (b.length > 12 && b.toString("latin1", 0, 4) === "RIFF" && b.toString("latin1", 8, 12) === "WEBP")
    return "image/webp";
  if (b.length > 6 && b.toString("latin1", 0, 4) === "GIF8") return "image/gif";
  return null;
}

/** A GIF with more than one frame (image descriptors, 0x2C after a block's end). */
function animatedGif(b: Buffer): boolean {
  let frames = 0;
  for (let i = 0; i + 9 < b.length; i++) if (b[i] === 0x00 && b[i + 1] === 0x2c) frames++;
  return frames > 1;
}

/**
 * The messages' content as OpenAI takes it, or its refusal (message, param, code). A string is text; an
 * array holds text and image_url parts; a model that cannot see refuses the first image part.
 */
function contentProblem(
  body: ChatRequest["body"],
  sees: boolean,
): { images: Omit<SentImage, "request">[] } | { message: string; param: string; code?: string } {
  const images: Omit<SentImage, "request">[] = [];
  let total = 0;
  for (let i = 0; i < body.messages.length; i++) {
    const content = body.messages[i]!.content as unknown;
    if (typeof content === "string") continue;
    if (!Array.isArray(content))
      return {
        message: `Invalid type for 'messages[${i}].content': expected one of a string or array of objects, but got ${content === null ? "null" : typeof content} instead.`,
        param: `messages.[${i}].content`,
        code: "invalid_type",
      };
    for (let j = 0; j < content.length; j++) {
      const part = content[j] as Record<string, unknown> | null;
      const at = `messages[${i}].content[${j}]`;
      if (!part || typeof part !== "object")
        return {
          message: `Invalid type for '${at}': expected an object, but got ${typeof part} instead.`,
          param: `messages.[${i}].content.[${j}]`,
          code: "invalid_type",
        };
      if (part.type === "text") {
        if (typeof part.text !== "string")
          return {
            message: `Missing required parameter: '${at}.text'.`,
            param: `messages.[${i}].content.[${j}].text`,
            code: "missing_required_parameter",
          };
        continue;
      }
      if (part.type !== "image_url")
        return {
          message: `Invalid value: '${String(part.type)}'. Supported values are: 'text', 'image_url', 'input_audio', 'refusal', 'audio', and 'file'.`,
          param: `messages.[${i}].content.[${j}].type`,
          code: "invalid_value",
        };
      if (!sees)
        return {
          message: "Invalid content type. image_url is only supported by certain models.",
          param: `messages.[${i}].content.[${j}].type`,
        };
      const image = part.image_url as { url?: unknown; detail?: unknown } | undefined;
      if (!image || typeof image.url !== "string")
        return {
          message: `Missing required parameter: '${at}.image_url.url'.`,
          param: `messages.[${i}].content.[${j}].image_url.url`,
          code: "missing_required_parameter",
        };
      if (image.detail !== undefined && !["low", "high", "auto"].includes(image.detail as string)) {
        return {
          message: `Invalid value: '${String(image.detail)}'. Supported values are: 'low', 'high', and 'auto'.`,
          param: `messages.[${i}].content.[${j}].image_url.detail`,
          code: "invalid_value",
        };
      }
      // a stand-in fetches no URLs: only data URLs (what Sufra sends) are taken
      const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/]*={0,2})$/i.exec(image.url);
      if (!m)
        return {
          message: `Invalid '${at}.image_url.url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got an invalid value.`,
          param: `messages.[${i}].content.[${j}].image_url.url`,
          code: "invalid_value",
        };
      const mime = m[1]!.toLowerCase();
      if (!IMAGE_MIMES.includes(mime))
        return {
          message: `Invalid '${at}.image_url.url'. Expected a base64-encoded data URL with an image MIME type (e.g. 'data:image/png;base64,aW1nIGJ5dGVzIGhlcmU='), but got unsupported MIME type '${mime}'.`,
          param: `messages.[${i}].content.[${j}].image_url.url`,
          code: "invalid_value",
        };
      const bytes = Buffer.from(m[2]!, "base64");
      if (bytes.length > MAX_IMAGE_BYTES)
        return {
          message: `Image too large: ${bytes.length} bytes. The maximum is ${MAX_IMAGE_BYTES} bytes per image.`,
          param: `messages.[${i}].content.[${j}].image_url.url`,
          code: "image_too_large",
        };
      total += bytes.length;
      if (total > MAX_REQUEST_IMAGE_BYTES)
        return {
          message: `Too much image data in this request: at most ${MAX_REQUEST_IMAGE_BYTES} bytes.`,
          param: `messages.[${i}].content.[${j}].image_url.url`,
          code: "image_too_large",
        };
      const actual = sniff(bytes);
      if (!actual || actual !== mime || (actual === "image/gif" && animatedGif(bytes))) {
        return {
          message:
            "You uploaded an unsupported image. Please make sure your image has of one the following formats: ['png', 'jpeg', 'gif', 'webp'].",
          param: `messages.[${i}].content.[${j}].image_url.url`,
          code: "invalid_image_format",
        };
      }
      images.push({ message: i, part: j, mime, bytes, detail: image.detail as string | undefined });
    }
  }
  return { images };
}

/** A message's text: the string, or its text parts joined (a message with images). */
export const textOf = (content: string | ContentPart[]): string =>
  typeof content === "string" ? content : content.map((p) => (p.type === "text" ? p.text : "")).join("");
