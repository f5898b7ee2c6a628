// The OpenAPI entries of /api/api-keys (docs/architecture.md#how-a-request-flows): managing keys takes a person's session; the keys themselves work on GraphQL only.
import { z } from "zod";
import { apiKeyNameSchema } from "@sufra/schema";
import { isoDateTime, type RestOperation } from "../../http/openapi/operation.ts";

const apiKey = z.looseObject({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  created_at: isoDateTime,
  last_used_at: isoDateTime.nullable(),
  revoked_at: isoDateTime.nullable(),
});
const tag = "API keys";

export const apiKeysOperations: RestOperation[] = [
  {
    method: "get",
    path: "/api-keys",
    tag,
    access: "business",
    summary: "The business's API keys",
    responses: {
      200: {
        description: "The keys (first characters only).",
        schema: z.object({ premium: z.boolean(), can_manage: z.boolean(), api_keys: z.array(apiKey) }),
      },
    },
  },
  {
    method: "post",
    path: "/api-keys",
    subscription: "api",
    tag,
    access: "manager",
    summary: "Create an API key (Premium)",
    description: "The key itself is in this answer only.",
    body: apiKeyNameSchema,
    responses: { 201: { description: "The key, once.", schema: z.object({ key: z.string(), api_key: apiKey }) } },
  },
  {
    method: "delete",
    path: "/api-keys/{id}",
    tag,
    access: "manager",
    summary: "Revoke an API key",
    responses: { 200: { description: "The key, revoked.", schema: apiKey } },
  },
];
