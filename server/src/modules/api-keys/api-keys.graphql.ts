// API keys at the GraphQL door: thin, every field calls the api-keys service.
import { builder } from "../../graphql/builder.ts";
import type { ApiKey as ApiKeyRow } from "../../generated/prisma/client.ts";
import { personOfBusiness } from "../../graphql/scopes.ts";
import type { ApiKeysService, ApiKeyUsageDay as UsageDay } from "./api-keys.service.ts";

const ApiKeyUsageDay = builder.objectRef<UsageDay>("ApiKeyUsageDay").implement({
  description: "One Kuwait day (Asia/Kuwait, midnight to midnight) of an API key's use of the GraphQL door.",
  fields: (t) => ({
    day: t.exposeString("day", { description: "The day in Kuwait (Asia/Kuwait), written YYYY-MM-DD." }),
    requests: t.exposeInt("requests", {
      description:
        "GraphQL requests the key made that day (HTTP requests and WebSocket subscriptions), refused ones included.",
    }),
    errors: t.exposeInt("errors", { description: "Of those requests, how many answered with at least one error." }),
  }),
});

const ApiKey = builder.objectRef<ApiKeyRow>("ApiKey").implement({
  description: "A key for the business's own software. The key itself is shown only once, when it is created.",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The key's id (a UUID), not the key itself." }),
    name: t.exposeString("name", { description: "The name it was given, to say what uses it (up to 100 characters)." }),
    prefix: t.exposeString("prefix", { description: "The key's first characters, to tell keys apart." }),
    createdAt: t.expose("createdAt", { description: "When it was created (UTC).", type: "DateTime" }),
    lastUsedAt: t.expose("lastUsedAt", {
      type: "DateTime",
      nullable: true,
      description: "Updated at most once a minute.",
    }),
    usage: t.field({
      type: [ApiKeyUsageDay],
      description:
        "The key's requests and errors on each of the last `days` Kuwait days (Asia/Kuwait), oldest first and today last, every day present (0 where none). Counts reach this list within a few seconds.",
      args: {
        days: t.arg.int({
          defaultValue: 30,
          description: "How many days, today included: 1 to 90 (a number outside reads as the nearest).",
        }),
      },
      resolve: (k, { days }, ctx) => ctx.services.apiKeys.usage(ctx.viewer, k, days ?? 30),
    }),
    revokedAt: t.expose("revokedAt", {
      description: "When it was revoked (UTC); null while it works.",
      type: "DateTime",
      nullable: true,
    }),
  }),
});

type ApiKeysShape = Awaited<ReturnType<ApiKeysService["list"]>>;
const ApiKeys = builder.objectRef<ApiKeysShape>("ApiKeys").implement({
  description: "The business's API keys and what the caller may do with them.",
  fields: (t) => ({
    premium: t.exposeBoolean("premium", { description: "API access is part of the Premium plan (trial or active)." }),
    canManage: t.exposeBoolean("canManage", {
      description: "The viewer may create and revoke keys (owners and the account holder).",
    }),
    keys: t.field({
      description: "The keys, newest first, revoked ones included.",
      type: [ApiKey],
      resolve: (r) => r.keys,
    }),
  }),
});

const CreatedApiKey = builder.objectRef<{ apiKey: ApiKeyRow; key: string }>("CreatedApiKey").implement({
  description: "A new API key: the key itself, shown only this once, and its record.",
  fields: (t) => ({
    key: t.exposeString("key", { description: "The key: shown this once, stored only as a hash." }),
    apiKey: t.field({ description: "The key's record, as apiKeys lists it.", type: ApiKey, resolve: (r) => r.apiKey }),
  }),
});

builder.queryFields((t) => ({
  apiKeys: t.field({
    description: "The business's API keys. A person of the business only (not an API key).",
    type: ApiKeys,
    ...personOfBusiness,
    resolve: (_r, _a, ctx) => ctx.services.apiKeys.list(ctx.viewer),
  }),
}));

builder.mutationFields((t) => ({
  createApiKey: t.field({
    description:
      "Premium: creates an API key, sent as `Authorization: Bearer <key>` on /graphql to act for the business. Owners and the account holder only.",
    type: CreatedApiKey,
    ...personOfBusiness,
    args: { name: t.arg.string({ required: true, description: "What the key is for, 1 to 100 characters." }) },
    resolve: (_r, args, ctx) => ctx.services.apiKeys.create(ctx.viewer, args, ctx.meta),
  }),
  revokeApiKey: t.field({
    description: "Revokes an API key: it stops working at once. Owners and the account holder only.",
    type: ApiKey,
    ...personOfBusiness,
    args: { id: t.arg.id({ required: true, description: "The key's id (ApiKey.id)." }) },
    resolve: (_r, { id }, ctx) => ctx.services.apiKeys.revoke(ctx.viewer, String(id), ctx.meta),
  }),
}));
