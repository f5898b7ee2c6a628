// Apollo Server behind Express: the request handed to Apollo as it came, Apollo's answer written as it is
// (docs/architecture.md#graphql-execution). What @as-integrations/express5 does, less two costs on every
// request: Node's legacy url.parse for the query string, and Express's res.send, which hashes the whole
// answer for an ETag that no client can use (POST answers, and every answer here says no-store).
import type { Request, RequestHandler, Response } from "express";
import { HeaderMap, type ApolloServer, type BaseContext } from "@apollo/server";

export function apolloHandler<C extends BaseContext>(
  server: ApolloServer<C>,
  context: (args: { req: Request; res: Response }) => Promise<C>,
): RequestHandler {
  server.assertStarted("apolloHandler()");
  return async (req, res) => {
    if (!("body" in req)) {
      res.status(500).send("`req.body` is not set: the JSON body parser must run before Apollo.");
      return;
    }
    const headers = new HeaderMap();
    for (const key in req.headers) {
      const value = req.headers[key];
      if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(", ") : value);
    }
    const q = req.url.indexOf("?");
    const answer = await server.executeHTTPGraphQLRequest({
      httpGraphQLRequest: {
        method: req.method.toUpperCase(),
        headers,
        search: q < 0 ? "" : req.url.slice(q),
        body: req.body,
      },
      context: () => context({ req, res }),
    });
    for (const [key, value] of answer.headers) res.setHeader(key, value);
    res.statusCode = answer.status ?? 200;
    if (answer.body.kind === "complete") {
      res.setHeader("content-length", Buffer.byteLength(answer.body.string));
      res.end(answer.body.string);
      return;
    }
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    res.end();
  };
}
