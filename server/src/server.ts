// One HTTP server: Express (REST, static client), Apollo Server at POST /graphql, graphql-ws on the
// same path, all authenticated by the same service.
import { createServer, type Server } from "node:http";
import type { RequestHandler } from "express";
import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import {
  ApolloServerPluginCacheControlDisabled,
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import type { GraphQLError } from "graphql";
import { useServer } from "graphql-ws/use/ws";
import { CloseCode } from "graphql-ws";
import { WebSocketServer, type WebSocket } from "ws";
import type { Deps } from "./deps.ts";
import { createApp } from "./http/app.ts";
import { apiKeyCallsPlugin } from "./graphql/api-key-calls.ts";
import { buildContext, type GraphQLContext } from "./graphql/context.ts";
import { bearer, namedBusiness } from "./kernel/request-input.ts";
import { BUSINESS_HEADER } from "@sufra/schema";
import { contextError, formatGraphQLError, httpStatusFromErrors, requestLocale } from "./graphql/errors.ts";
import { readOnlyMembersPlugin } from "./graphql/read-only.ts";
import { mayReadSchema, schemaDocument, schemaReadersPlugin, withoutSuggestions } from "./graphql/introspection.ts";
import { PARSE_OPTIONS, documentLimits, prepareOperation } from "./graphql/limits.ts";
import { schema } from "./graphql/schema.ts";
import { compiledGateway } from "./graphql/compiled.ts";
import { apolloHandler } from "./graphql/http.ts";
import { subscriptionsOverWebSocketOnly } from "./graphql/transport.ts";
import { subscribeSharing } from "./graphql/fanout.ts";
import type { Viewer } from "./kernel/policy.ts";
import type { Services } from "./services.ts";

export interface SufraServer {
  httpServer: Server;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

export async function createSufraServer(deps: Deps, services: Services): Promise<SufraServer> {
  const httpServer = createServer();
  // who may read the schema, per caller (graphql/introspection.ts)
  const readers = deps.config.graphqlIntrospection;
  const formatError = formatGraphQLError(deps.logger);
  // graphql-ws's errors, without the schema's names for a caller who may not read it
  const wsError = (ctx: { extra: { ctx?: GraphQLContext } }, e: GraphQLError) =>
    formatError(
      mayReadSchema(readers, ctx.extra.ctx?.viewer)
        ? e.toJSON()
        : { ...e.toJSON(), message: withoutSuggestions(e.message) },
      e,
    );
  const wsServer = new WebSocketServer({ server: httpServer, path: "/graphql" });
  // open sockets signed in as a person: when sessions end (in any process), theirs are checked and closed
  const sockets = new Map<WebSocket, Viewer>();
  const ended = deps.pubsub.subscribe("sessions.ended");
  void (async () => {
    for await (const e of ended) {
      const hit = [...sockets].filter(
        ([, v]) => v.userId === e.userId || (!!e.businessId && v.businessId === e.businessId),
      );
      if (!hit.length) continue;
      try {
        const live = await services.auth.liveSessions([...new Set(hit.map(([, v]) => v.sessionId))]);
        // 4403, as for a refused token at connection: the client may reconnect with a token still in force
        for (const [socket, v] of hit) if (!live.has(v.sessionId)) socket.close(CloseCode.Forbidden, "Session ended");
      } catch (err) {
        deps.logger.error("could not check open sockets' sessions", { error: (err as Error).message });
      }
    }
  })();
  // an agency's access to a café ended: its people's sockets on the café close at once (their sessions go on elsewhere)
  const accessEnded = deps.pubsub.subscribe("agency.access");
  void (async () => {
    for await (const e of accessEnded) {
      if (!e.ended) continue;
      for (const [socket, v] of sockets)
        if (v.businessId === e.businessId && v.agency?.agencyId === e.agencyId)
          socket.close(CloseCode.Forbidden, "Access ended");
    }
  })();
  const wsCleanup = useServer<
    { authorization?: string; token?: string; accessToken?: string; business?: string },
    { ctx?: GraphQLContext }
  >(
    {
      schema,
      // an event executed once per document and viewer scope, for all its subscribers (graphql/fanout.ts)
      subscribe: subscribeSharing,
      // the same document limits and introspection rule as over HTTP (graphql-ws parses and validates on its own)
      onSubscribe: (ctx, _id, payload) => {
        // a key's subscription counts as one request of its usage (docs/product.md#api-keys); onError adds its errors
        const key = ctx.extra.ctx?.apiKey;
        if (key) services.apiKeys.countRequest(key.id, false);
        return prepareOperation(schema, payload, { introspection: mayReadSchema(readers, ctx.extra.ctx?.viewer) });
      },
      // the token comes in connectionParams, as {authorization: "Bearer ..."} or {token} / {accessToken}
      onConnect: async (ctx) => {
        const p = ctx.connectionParams ?? {};
        const token = bearer(p.authorization) ?? p.token ?? p.accessToken ?? null;
        const req = ctx.extra.request;
        const built = await buildContext(services, deps.db, token, {
          ip: req.socket.remoteAddress ?? "unknown",
          userAgent: req.headers["user-agent"],
          acceptLanguage: req.headers["accept-language"],
          business: namedBusiness(p.business),
        });
        if (token && !built.viewer) return false; // a refused token closes the socket (4403 Forbidden)
        ctx.extra.ctx = built;
        const { viewer } = built;
        if (viewer && !viewer.apiKeyId && ctx.extra.socket.readyState === ctx.extra.socket.OPEN) {
          const socket = ctx.extra.socket;
          sockets.set(socket, viewer);
          socket.once("close", () => sockets.delete(socket));
        }
        return true;
      },
      context: (ctx) => ctx.extra.ctx!,
      // graphql-ws does not go through Apollo: give its errors the same codes and language
      onNext: (ctx, _id, _payload, _args, result) => {
        if (!result.errors?.length) return;
        return requestLocale.run(ctx.extra.ctx?.meta.locale ?? "en", () => ({
          ...result,
          errors: result.errors!.map((e) => wsError(ctx, e)),
        }));
      },
      onError: (ctx, _id, _payload, errors) => {
        const key = ctx.extra.ctx?.apiKey;
        if (key) services.apiKeys.countError(key.id);
        return requestLocale.run(ctx.extra.ctx?.meta.locale ?? "en", () => errors.map((e) => wsError(ctx, e)));
      },
    },
    wsServer,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    // the schema, executed by graphql-jit's compiled documents (graphql/compiled.ts)
    gateway: compiledGateway(schema),
    formatError,
    includeStacktraceInErrorResponses: false,
    // on for the server; schemaReadersPlugin refuses it (and hides suggestions) per caller
    introspection: true,
    parseOptions: PARSE_OPTIONS,
    // a screen's queries in one HTTP request, sharing one context and the request's memo (kernel/request-memo.ts);
    // documentLimits refuses a batch over GRAPHQL_LIMITS.batch operations (docs/architecture.md#how-a-request-flows)
    allowBatchedHttpRequests: true,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      // no field sets a cache hint, so every answer was no-store; Apollo's cache-control plugin wrapped every
      // resolver of every request to find that out: the header is set here instead
      ApolloServerPluginCacheControlDisabled(),
      {
        requestDidStart: async () => ({
          willSendResponse: async ({ response }) => void response.http.headers.set("cache-control", "no-store"),
        }),
      },
      httpStatusFromErrors,
      subscriptionsOverWebSocketOnly,
      schemaReadersPlugin(schema, readers),
      readOnlyMembersPlugin,
      apiKeyCallsPlugin,
      { serverWillStart: async () => ({ drainServer: async () => void (await wsCleanup.dispose()) }) },
    ],
  });
  await apollo.start();

  const apolloMiddleware = apolloHandler(apollo, async ({ req }) =>
    buildContext(services, deps.db, bearer(req.get("authorization")), {
      ip: req.ip ?? "unknown",
      userAgent: req.get("user-agent"),
      acceptLanguage: req.get("accept-language"),
      business: namedBusiness(req.get(BUSINESS_HEADER)),
      operations: Array.isArray(req.body) ? req.body.length : 1,
    }).catch((e: unknown) => {
      throw contextError(e);
    }),
  );
  // hostile documents are refused before Apollo parses and validates them (see limits.ts)
  const limits = documentLimits(formatError);
  const graphql: RequestHandler = (req, res, next) =>
    limits(req, res, (err?: unknown) => (err ? next(err) : apolloMiddleware(req, res, next)));
  const app = createApp({
    config: deps.config,
    services,
    logger: deps.logger,
    graphql,
    graphqlSchema: schemaDocument(services, schema, readers),
  });
  httpServer.on("request", app);

  return {
    httpServer,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(port, host, () => resolve((httpServer.address() as { port: number }).port));
      }),
    async close() {
      await ended.return?.();
      await accessEnded.return?.();
      await apollo.stop(); // drains HTTP and closes the WebSocket server
    },
  };
}
