// Who may read the schema: introspection (__schema, __type), GET /graphql/schema.graphql and the
// "Did you mean ...?" hints of graphql-js's errors all say the same thing, so one switch decides them
// (config.ts, GRAPHQL_INTROSPECTION). By default a signed-in person or a valid API key may; an
// anonymous caller may not, so the schema is not handed to whoever scans the door.
//
// Apollo Server decides introspection once per server (its `introspection` option), and a validation
// rule cannot see the request's context. Nor would a per-caller validation rule be safe: Apollo keeps
// documents that passed validation and skips validating them again, so an introspection query once let
// through for a key would later pass for anyone. Hence a plugin whose didResolveOperation runs for every
// request, with the caller at hand, and refuses there with the same error graphql-ws gives.
import { createHash } from "node:crypto";
import type { ApolloServerPlugin } from "@apollo/server";
import { GraphQLError, printSchema, validate, type GraphQLSchema } from "graphql";
import type { RequestHandler } from "express";
import type { SchemaReaders } from "../config.ts";
import { AppError } from "../kernel/errors.ts";
import type { Viewer } from "../kernel/policy.ts";
import type { Services } from "../services.ts";
import { bearer, namedBusiness } from "../kernel/request-input.ts";
import { BUSINESS_HEADER } from "@sufra/schema";
import { callerOf, type GraphQLContext } from "./context.ts";
import { noIntrospectionRule } from "./limits.ts";

/** Whether this caller may read the schema (a refused token leaves no viewer, so it counts as anonymous). */
export const mayReadSchema = (readers: SchemaReaders, viewer: Viewer | null | undefined): boolean =>
  readers === "everyone" || (readers === "callers" && !!viewer);

/** graphql-js's hint at the schema's names, cut from a validation or variable error (as Apollo's own DisableSuggestions plugin does). */
export const withoutSuggestions = (message: string) => message.replace(/ ?Did you mean(.+?)\?$/, "");

/** Apollo's side: refuses __schema/__type and hides suggestions for callers who may not read the schema. */
export function schemaReadersPlugin(schema: GraphQLSchema, readers: SchemaReaders): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart({ contextValue }) {
      if (mayReadSchema(readers, contextValue.viewer)) return;
      return {
        async didResolveOperation({ document }) {
          const [refused] = validate(schema, document, [noIntrospectionRule]);
          // 400 as any validation failure (Apollo would answer 500 for an error thrown here)
          if (refused)
            throw new GraphQLError(refused.message, {
              nodes: refused.nodes,
              extensions: { ...refused.extensions, http: { status: 400 } },
            });
        },
        // before formatError: Apollo formats the errors after this hook, from their (mutable) messages
        async didEncounterErrors({ errors }) {
          for (const e of errors) e.message = withoutSuggestions(e.message);
        },
      };
    },
  };
}

/**
 * GET /graphql/schema.graphql: the printed SDL for integrators' code generators, to the same callers
 * as introspection (an API key too: this belongs to the GraphQL door, where keys are accepted).
 * text/plain: SDL has no registered media type ("application/graphql" never was one and is no longer
 * used for GraphQL over HTTP), and text/plain shows in a browser and saves as is. The answer depends on
 * the caller, so it is private to them; the ETag lets a generator ask again cheaply.
 */
export function schemaDocument(services: Services, schema: GraphQLSchema, readers: SchemaReaders): RequestHandler {
  // printed on the first request that may read it, not at start-up (most processes never serve it)
  let printed: { sdl: string; etag: string } | null = null;
  const document = () => {
    if (!printed) {
      const sdl = printSchema(schema) + "\n";
      printed = { sdl, etag: `"${createHash("sha256").update(sdl).digest("base64url").slice(0, 27)}"` };
    }
    return printed;
  };
  return async (req, res) => {
    if (readers === "nobody") throw new AppError("NOT_FOUND"); // as if the path did not exist, as introspection is off
    if (readers === "callers") {
      const token = bearer(req.get("authorization"));
      if (!token) throw new AppError("UNAUTHENTICATED");
      // a refused token answers with its own reason (revoked key: 401), a business not the caller's NOT_A_MEMBER
      await callerOf(services, token, namedBusiness(req.get(BUSINESS_HEADER)));
    }
    const { sdl, etag } = document();
    res.set({ "cache-control": "private, no-cache", etag, vary: "Authorization" });
    if (req.fresh) return void res.status(304).end();
    res.type("text/plain; charset=utf-8").send(sdl);
  };
}
