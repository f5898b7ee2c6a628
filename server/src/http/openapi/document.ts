// The REST door's OpenAPI 3.1 document, GET /api/openapi.json (docs/architecture.md#how-a-request-flows): built once
// from every module's operations (http/app.ts hands them over), its schemas converted by zod's z.toJSONSchema
// (draft 2020-12, OpenAPI 3.1's dialect): request bodies and query parameters from the rules the services
// validate with, read as input and with their top-level keys in snake_case (http/rest.ts camelBody reverses
// that); answers from the modules' response schemas, read as output. Public, with an ETag: a contract is no secret.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";
import { z } from "zod";
import { ERRORS, type ErrorCode } from "@sufra/schema";
import { toSnake } from "../rest.ts";
import { answerSchemas, type RestOperation } from "./operation.ts";

type JsonSchema = Record<string, unknown>;

const OPENAPI_VERSION = "3.1.0";

/**
 * A zod schema as a JSON Schema object (draft 2020-12) without its `$schema` line. Answer schemas with a name
 * (operation.ts `named`) come out as `$defs`: they move into `shared` (the document's components.schemas) and
 * every reference points there, so a post is described once however many answers carry one.
 */
function jsonSchema(schema: z.ZodType, io: "input" | "output", shared?: Map<string, JsonSchema>): JsonSchema {
  // an input that cannot be written in JSON Schema (a custom check) reads as "any value": the server's rule still checks it
  const converted = z.toJSONSchema(schema, {
    io,
    target: "draft-2020-12",
    unrepresentable: "any",
    ...(shared ? { metadata: answerSchemas } : {}),
  }) as JsonSchema;
  const {
    $schema: _drop,
    $defs,
    ...rest
  } = JSON.parse(
    JSON.stringify(converted).replaceAll('"#/$defs/', '"#/components/schemas/'),
    (_key, value: unknown) => {
      // an answer's date or timestamp: its format says it; zod's long regular expression for the same adds nothing
      const v = value as JsonSchema | null;
      if (
        io === "output" &&
        v &&
        typeof v === "object" &&
        (v.format === "date-time" || v.format === "date") &&
        typeof v.pattern === "string"
      )
        delete v.pattern;
      return value;
    },
  ) as JsonSchema;
  for (const [name, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const seen = shared?.get(name);
    if (seen && JSON.stringify(seen) !== JSON.stringify(def))
      throw new Error(`two different answer schemas named ${name}`);
    shared?.set(name, def);
  }
  return rest;
}

/** The REST door reads a body's top-level keys in snake_case (camelBody): so does the document. */
function snakeKeys(schema: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...schema };
  if (schema.properties && typeof schema.properties === "object")
    out.properties = Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [toSnake(k), v]));
  if (Array.isArray(schema.required)) out.required = (schema.required as string[]).map(toSnake);
  for (const key of ["anyOf", "oneOf", "allOf"] as const)
    if (Array.isArray(schema[key])) out[key] = (schema[key] as JsonSchema[]).map(snakeKeys);
  return out;
}

/** The catalogue's codes answered with each HTTP status (schema/src/errors.ts). */
function codesByStatus(): Map<number, ErrorCode[]> {
  const by = new Map<number, ErrorCode[]>();
  for (const [code, e] of Object.entries(ERRORS) as [ErrorCode, { status: number }][])
    by.set(e.status, [...(by.get(e.status) ?? []), code]);
  return by;
}

const errorBody = (codes: ErrorCode[], description: string): JsonSchema => ({
  type: "object",
  description,
  properties: {
    message: { type: "string", description: "The error in the caller's language (Accept-Language: en or ar)." },
    code: { type: "string", enum: codes, description: "A stable code of the error catalogue." },
    details: {
      type: "object",
      description: "Field (snake_case) -> its problems in the caller's language, on a refused input.",
      additionalProperties: { type: "array", items: { type: "string" } },
    },
  },
  required: ["message", "code"],
  // an upload's refusal adds the numbers it names (a limit, a size)
  additionalProperties: true,
});

const STATUS_TEXT: Record<number, string> = {
  400: "The input is refused (VALIDATION_ERROR names each field in details) or unreadable.",
  401: "No session token, or it is invalid or expired.",
  403: "The caller may not do this (role, plan, account state).",
  404: "No such record for this caller (another business's ids answer the same).",
  409: "Not possible in the record's current state, or it already exists.",
  413: "The upload is larger than allowed.",
  402: "The business's subscription has ended (SUBSCRIPTION_ENDED): it may sign in, read, export and pay, but not publish, schedule, write with AI, manage its team or its API keys until it pays.",
  429: "Too many requests: wait and try again.",
  500: "An unexpected error (never a stack trace).",
  503: "The database or an outside service is unavailable: try again later.",
};

/** The errors an operation may answer: every one may meet the rate limit, a bug or a database that is down. */
function errorStatuses(op: RestOperation): number[] {
  const s = new Set([400, 429, 500, 503, ...(op.extraErrors ?? [])]);
  // what a stopped subscription may not do answers 402 SUBSCRIPTION_ENDED (the one place it is documented)
  if (op.subscription) s.add(402);
  if (op.access !== "public" || op.method !== "get") [401, 403].forEach((x) => s.add(x));
  if (op.path.includes("{") || op.access !== "public") s.add(404);
  if (op.method !== "get") s.add(409);
  return [...s].filter((x) => codesByStatus().has(x)).sort();
}

/** An object schema's fields, its allOf parts' too (an intersection of rules), for query parameters. */
function objectFields(
  schema: JsonSchema,
  into = { properties: new Map<string, JsonSchema>(), required: new Set<string>() },
) {
  for (const [k, v] of Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>))
    into.properties.set(k, v);
  for (const k of (schema.required as string[] | undefined) ?? []) into.required.add(k);
  for (const part of (schema.allOf as JsonSchema[] | undefined) ?? []) objectFields(part, into);
  return into;
}

const pathParamsOf = (path: string) => [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);

const ACCESS_TEXT: Record<RestOperation["access"], string> = {
  public: "Public: no token needed.",
  signedIn: "Any signed-in person (admin, owner or client).",
  business: "The people of a business (owner or client).",
  manager: "An owner or the business's account holder (Premium).",
  admin: "Sufra's admins.",
  analytics: "The people of the business named by client_id; admins for any business.",
};

const SUBSCRIPTION_TEXT =
  "A business whose subscription has ended is refused with 402 SUBSCRIPTION_ENDED; paying on the Billing page gives the right back at once.";

function operationObject(op: RestOperation, shared: Map<string, JsonSchema>) {
  const parameters: JsonSchema[] = pathParamsOf(op.path).map((name) => ({
    name,
    in: "path",
    required: true,
    schema: op.pathParams?.[name] ? jsonSchema(op.pathParams[name], "input") : { type: "string", format: "uuid" },
  }));
  if (op.query) {
    const { properties, required } = objectFields(jsonSchema(op.query, "input"));
    if (properties.size === 0) throw new Error(`${op.method.toUpperCase()} ${op.path}: a query rule with no fields`);
    for (const [key, schema] of properties) {
      const { description, ...s } = schema;
      parameters.push({
        name: toSnake(key),
        in: "query",
        required: required.has(key),
        ...(description ? { description } : {}),
        schema: s,
      });
    }
  }
  let requestBody: JsonSchema | undefined;
  if (op.body)
    requestBody = {
      required: true,
      content: { "application/json": { schema: snakeKeys(jsonSchema(op.body, "input")) } },
    };
  if (op.multipart)
    requestBody = { required: true, content: { "multipart/form-data": { schema: jsonSchema(op.multipart, "input") } } };
  if (op.csv) {
    const fileField = {
      type: "object",
      properties: {
        file: {
          type: "string",
          contentMediaType: "text/csv",
          description: "The CSV file (UTF-8 or UTF-16 with its mark).",
        },
      },
      required: ["file"],
    };
    requestBody = {
      required: true,
      content: {
        "text/csv": { schema: { type: "string" } },
        "multipart/form-data": { schema: fileField },
        "application/json": { schema: { type: "object", properties: { csv: { type: "string" } }, required: ["csv"] } },
      },
    };
  }
  const responses: Record<string, JsonSchema> = {};
  for (const [status, r] of Object.entries(op.responses)) {
    const headers = r.headers
      ? Object.fromEntries(
          Object.entries(r.headers).map(([h, d]) => [h, { description: d, schema: { type: "string" } }]),
        )
      : undefined;
    const content = r.schema
      ? { "application/json": { schema: jsonSchema(r.schema, "output", shared) } }
      : r.mediaType
        ? { [r.mediaType]: { schema: { type: "string", contentMediaType: r.mediaType } } }
        : undefined;
    responses[status] = {
      description: r.description,
      ...(headers ? { headers } : {}),
      ...(content ? { content } : {}),
    };
  }
  for (const status of errorStatuses(op))
    if (!responses[status]) responses[status] = { $ref: `#/components/responses/Error${status}` };
  return {
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, ACCESS_TEXT[op.access], op.subscription ? SUBSCRIPTION_TEXT : null]
      .filter(Boolean)
      .join("\n\n"),
    operationId: `${op.method}${op.path.replace(/\{([^}]+)\}/g, "by-$1").replace(/[^a-zA-Z0-9]+(.)?/g, (_, c?: string) => (c ? c.toUpperCase() : ""))}`,
    ...(op.access === "public" ? { security: [] } : {}),
    "x-access": op.access,
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

export interface DocumentInfo {
  version: string;
}

/** The server's own version (server/package.json; the same path from src/ and from dist/). */
const SERVER_VERSION: string = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, "../../../package.json"), "utf8"),
).version;

function buildOpenApiDocument(operations: RestOperation[], info: DocumentInfo = { version: SERVER_VERSION }) {
  const paths: Record<string, Record<string, unknown>> = {};
  const shared = new Map<string, JsonSchema>();
  for (const op of operations) {
    const key = op.path;
    const item = (paths[key] ??= op.root
      ? { servers: [{ url: "/", description: "Served at the site's root, not under /api." }] }
      : {});
    if (item[op.method]) throw new Error(`two OpenAPI operations for ${op.method.toUpperCase()} ${op.path}`);
    item[op.method] = operationObject(op, shared);
  }
  const byStatus = codesByStatus();
  const schemas: Record<string, JsonSchema> = {
    ...Object.fromEntries([...shared].sort(([a], [b]) => a.localeCompare(b))),
    Error: errorBody(Object.keys(ERRORS) as ErrorCode[], "The error body of every refusal: {message, code, details?}."),
  };
  const responses: Record<string, JsonSchema> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    schemas[`Error${status}`] = errorBody(codes, `An error answered with HTTP ${status}: one of ${codes.join(", ")}.`);
    responses[`Error${status}`] = {
      description: STATUS_TEXT[status] ?? `HTTP ${status}`,
      content: { "application/json": { schema: { $ref: `#/components/schemas/Error${status}` } } },
    };
  }
  const tags = [...new Set(operations.map((o) => o.tag))].map((name) => ({ name }));
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Sufra REST API",
      version: info.version,
      description:
        "The REST door of Sufra, the social media studio for cafés in Kuwait. JSON in snake_case; errors are {message, code, details?} " +
        "with a code of the error catalogue (x-error-codes: code -> HTTP status); texts follow Accept-Language (en or ar). " +
        "Sign in with POST /auth/login and send the access token as `Authorization: Bearer <token>`. API keys are for GraphQL (/graphql) only. " +
        "Generated by the server from the same zod rules it validates with.",
    },
    servers: [{ url: "/api", description: "This server" }],
    security: [{ session: [] }],
    tags,
    paths,
    components: {
      securitySchemes: {
        session: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "A person's access token from POST /auth/login (or /auth/refresh).",
        },
      },
      schemas,
      responses,
    },
    "x-error-codes": Object.fromEntries(Object.entries(ERRORS).map(([code, e]) => [code, e.status])),
  };
}

/** GET /api/openapi.json: built on its first request, then answered from memory with an ETag (304 when unchanged). */
export function openApiDocument(
  operations: RestOperation[],
  info: DocumentInfo = { version: SERVER_VERSION },
): RequestHandler {
  let built: { json: string; etag: string } | null = null;
  return (req, res) => {
    if (!built) {
      const json = JSON.stringify(buildOpenApiDocument(operations, info));
      built = { json, etag: `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"` };
    }
    res.set({ "cache-control": "public, no-cache", etag: built.etag });
    if (req.fresh) return void res.status(304).end();
    res.type("application/json; charset=utf-8").send(built.json);
  };
}

/** GET /api/openapi.json's own entry: the document describes the path it is served at, too. */
export const openApiOperations: RestOperation[] = [
  {
    method: "get",
    path: "/openapi.json",
    tag: "Health",
    access: "public",
    summary: "This document (OpenAPI 3.1)",
    description: "Answered with an ETag: send If-None-Match for a 304 when nothing changed.",
    responses: {
      200: {
        description: "The document.",
        schema: z.looseObject({
          openapi: z.literal(OPENAPI_VERSION),
          info: z.looseObject({ title: z.string(), version: z.string() }),
          paths: z.record(z.string(), z.unknown()),
        }),
      },
      304: { description: "Not changed since the ETag sent." },
    },
  },
];
