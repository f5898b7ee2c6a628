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
import { GRAPHQL_LIMITS } from "./limits.ts";
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
  prisma: {
    client: (ctx) => ctx.db,
    dmmf: getDatamodel(),
    exposeDescriptions: false,
    filterConnectionTotalCount: true,
  },
  // a connection's own complexity multiplies by `first`; its edges list must not multiply by 10 again
  // the descriptions every connection shares (tests/schema-descriptions.test.ts wants each element described)
  relay: {
    clientMutationId: "omit",
    cursorType: "String",
    edgesFieldOptions: {
      complexity: { field: 1, multiplier: 1 },
      description: "The page's items, each with its cursor, in the list's order.",
    },
    nodeFieldOptions: { description: "The item itself." },
    cursorFieldOptions: {
      description:
        "Where this item stands in the list: pass it as `after` to get the items that follow it. Opaque; do not parse it.",
    },
    pageInfoFieldOptions: {
      description: "Whether more items follow, and the cursors of this page's first and last items.",
    },
    pageInfoTypeOptions: {
      description:
        "Where a page stands in its list (Relay cursor pagination; these lists page forward, with `first` and `after`).",
    },
    hasNextPageFieldOptions: {
      description: "True when more items follow this page: ask again with `after` set to endCursor.",
    },
    hasPreviousPageFieldOptions: {
      description: "True when this page was asked for after a cursor, so items come before it.",
    },
    startCursorFieldOptions: { description: "The cursor of the page's first item; null when the page is empty." },
    endCursorFieldOptions: {
      description:
        "The cursor of the page's last item, to pass as `after` for the next page; null when the page is empty.",
    },
    firstArgOptions: {
      description:
        "How many items to return: 1 to 100, 20 when left out (a size out of range is refused, never changed).",
    },
    afterArgOptions: {
      description:
        "Return the items after this cursor (an endCursor or an edge's cursor from an earlier page); from the start when left out.",
    },
    lastArgOptions: {
      description: "Not used: these lists page forward only (first and after); a value here is ignored.",
    },
    beforeArgOptions: {
      description: "Not used: these lists page forward only (first and after); a value here is ignored.",
    },
    defaultConnectionTypeOptions: {
      description: "One page of a list (Relay connection): its items as edges, and where the page stands.",
    },
    defaultEdgeTypeOptions: { description: "One item of a page, with the cursor that points at it." },
  },
  complexity: {
    defaultComplexity: 1,
    defaultListMultiplier: 10,
    limit: { complexity: 10_000, depth: 10, breadth: GRAPHQL_LIMITS.fields },
  },
});

builder.scalarType("DateTime", {
  description:
    "An instant, as an ISO 8601 string in UTC (2026-02-25T16:30:00.000Z). Sent: any ISO 8601 date with an offset; shown to people in Kuwait time (Asia/Kuwait, UTC+3).",
  serialize: (d) => (d instanceof Date ? d.toISOString() : new Date(String(d)).toISOString()),
  parseValue: (v) => {
    const d = new Date(String(v));
    if (Number.isNaN(d.getTime()))
      throw new GraphQLError("DateTime must be an ISO 8601 date", { extensions: { code: "BAD_USER_INPUT" } });
    return d;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING)
      throw new GraphQLError("DateTime must be a string", { extensions: { code: "BAD_USER_INPUT" } });
    return new Date(ast.value);
  },
});

builder.queryType({
  description:
    "Every read. Each field is checked against its caller: a signed-in person, an admin, or an API key acting for its business.",
});
builder.mutationType({
  description:
    "Every change. Each field is checked against its caller, like a query, and answers with what it changed.",
});
builder.subscriptionType({ description: "Live updates over graphql-ws on /graphql, from any server process." });
