// One HTTP server: Express (REST, static client), Apollo Server at POST /graphql, graphql-ws on the
// same path, all authenticated by the same service.
import { createServer, type Server } from "node:http";
import { ApolloServer } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { useServer } from "graphql-ws/use/ws";
import { WebSocketServer } from "ws";
import type { Deps } from "./deps.ts";
import { createApp } from "./http/app.ts";
import { bearer, buildContext, type GraphQLContext } from "./graphql/context.ts";
import { formatGraphQLError, requestLocale } from "./graphql/errors.ts";
import { schema } from "./graphql/schema.ts";
import type { Services } from "./services.ts";

export interface SufraServer {
  httpServer: Server;
  listen(port: number, host?: string): Promise<number>;
  close(): Promise<void>;
}

export async function createSufraServer(deps: Deps, services: Services): Promise<SufraServer> {
  const httpServer = createServer();
  const formatError = formatGraphQLError(deps.logger);
  const wsServer = new WebSocketServer({ server: httpServer, path: "/graphql" });
  const wsCleanup = useServer<{ authorization?: string; token?: string; accessToken?: string }, { ctx?: GraphQLContext }>(
    {
      schema,
      // the token comes in connectionParams, as {authorization: "Bearer ..."} or {token} / {accessToken}
      onConnect: async (ctx) => {
        const p = ctx.connectionParams ?? {};
        const token = bearer(p.authorization) ?? p.token ?? p.accessToken ?? null;
        const req = ctx.extra.request;
        const built = await buildContext(services, deps.db, token, { ip: req.socket.remoteAddress ?? "unknown", userAgent: req.headers["user-agent"], acceptLanguage: req.headers["accept-language"] });
        if (token && !built.viewer) return false; // a refused token closes the socket (4403 Forbidden)
        ctx.extra.ctx = built;
        return true;
      },
      context: (ctx) => ctx.extra.ctx!,
      // graphql-ws does not go through Apollo: give its errors the same codes and language
      onNext: (ctx, _id, _payload, _args, result) => {
        if (!result.errors?.length) return;
        return requestLocale.run(ctx.extra.ctx?.meta.locale ?? "en", () => ({ ...result, errors: result.errors!.map((e) => formatError(e.toJSON(), e)) }));
      },
      onError: (ctx, _id, _payload, errors) => requestLocale.run(ctx.extra.ctx?.meta.locale ?? "en", () => errors.map((e) => formatError(e.toJSON(), e))),
    },
    wsServer,
  );

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    formatError,
    includeStacktraceInErrorResponses: false,
    plugins: [
      ApolloServerPluginDrainHttpServer({ httpServer }),
      ApolloServerPluginLandingPageDisabled(),
      { serverWillStart: async () => ({ drainServer: async () => void (await wsCleanup.dispose()) }) },
    ],
  });
  await apollo.start();

  const graphql = expressMiddleware(apollo, {
    context: async ({ req }) => buildContext(services, deps.db, bearer(req.get("authorization")), { ip: req.ip ?? "unknown", userAgent: req.get("user-agent"), acceptLanguage: req.get("accept-language") }),
  });
  const app = createApp({ config: deps.config, services, logger: deps.logger, graphql });
  httpServer.on("request", app);

  return {
    httpServer,
    listen: (port, host) =>
      new Promise((resolve, reject) => {
        httpServer.once("error", reject);
        httpServer.listen(port, host, () => resolve((httpServer.address() as { port: number }).port));
      }),
    async close() {
      await apollo.stop(); // drains HTTP and closes the WebSocket server
    },
  };
}
