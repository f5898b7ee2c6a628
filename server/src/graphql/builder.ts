// The one Pothos builder. Types live in modules/<name>/<name>.graphql.ts; schema.ts imports them.
import SchemaBuilder from "@pothos/core";
import ComplexityPlugin from "@pothos/plugin-complexity";
import PrismaPlugin from "@pothos/plugin-prisma";
import RelayPlugin from "@pothos/plugin-relay";
import ScopeAuthPlugin from "@pothos/plugin-scope-auth";
import { GraphQLError, Kind } from "graphql";
import { AppError } from "../kernel/errors.ts";
import type PrismaTypes from "../generated/pothos-prisma-types.ts";
import { getDatamodel } from "../generated/pothos-prisma-types.ts";
import { scopesOf, type Scope } from "../kernel/policy.ts";
import type { GraphQLContext } from "./context.ts";

export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  PrismaTypes: PrismaTypes;
  AuthScopes: Record<Scope, boolean>;
  DefaultFieldNullability: false;
  Scalars: { DateTime: { Input: Date; Output: Date } };
}>({
  plugins: [ScopeAuthPlugin, PrismaPlugin, RelayPlugin, ComplexityPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => scopesOf(ctx.viewer),
    authorizeOnSubscribe: true,
    // a stale token explains itself (SESSION_EXPIRED lets the client refresh); otherwise who is missing what
    unauthorizedError: (_parent, ctx) => ctx.authError ?? new AppError(ctx.viewer ? "FORBIDDEN" : "UNAUTHENTICATED"),
  },
  prisma: { client: (ctx) => ctx.db, dmmf: getDatamodel(), exposeDescriptions: false, filterConnectionTotalCount: true },
  // a connection's own complexity multiplies by `first`; its edges list must not multiply by 10 again
  relay: { clientMutationId: "omit", cursorType: "String", edgesFieldOptions: { complexity: { field: 1, multiplier: 1 } } },
  complexity: { defaultComplexity: 1, defaultListMultiplier: 10, limit: { complexity: 10_000, depth: 10, breadth: 100 } },
});

builder.scalarType("DateTime", {
  serialize: (d) => (d instanceof Date ? d.toISOString() : new Date(String(d)).toISOString()),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime())) throw new GraphQLError("DateTime must be an ISO 8601 date", { extensions: { code: "BAD_USER_INPUT" } });
    return d;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING) throw new GraphQLError("DateTime must be a string", { extensions: { code: "BAD_USER_INPUT" } });
    return new Date(ast.value);
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
