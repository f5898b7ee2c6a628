// GET /graphql from a browser: the GraphQL playground (GraphiQL), a page the client's build makes
// beside the web client (client/playground.html -> client/dist/playground.html), with everything it
// loads bundled there (docs/architecture.md#how-a-request-flows). Apollo Server's own landing page
// is off (server.ts); Apollo would otherwise answer such a request with it, deciding as below: a GET
// whose Accept header prefers text/html over the GraphQL response types. A GET with a `query` is an
// operation and stays Apollo's, as does every other request.
import { existsSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

/** The media types Apollo Server weighs against text/html (its prefersHTML), in its order. */
const GRAPHQL_TYPES = ["application/json", "application/graphql-response+json", "multipart/mixed"];

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sufra API</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;color:#2B211A">
<h1>Sufra API</h1><p>The GraphQL playground is not built. Run <code>npm run build -w client</code>, or start with <code>npm start</code>. GraphQL itself works: <code>POST /graphql</code>.</p>
<p dir="rtl" lang="ar">لم يتم بناء ساحة تجربة GraphQL بعد. شغّل <code>npm start</code>. واجهة GraphQL نفسها تعمل: <code>POST /graphql</code>.</p></body></html>`;

/**
 * The page's Content-Security-Policy: helmet's (server/src/http/app.ts) as it is. GraphiQL 5's Monaco
 * editor runs its workers from same-origin files (script-src 'self'), injects its styles (style-src
 * 'unsafe-inline', helmet's default) and needs no eval (zod, through the shared texts as in the web
 * client, probes for it and does without), so no directive is relaxed; the GraphQL requests go to this
 * origin over HTTP and graphql-ws (connect-src 'self' ws: wss:). client/e2e/playground.test.mjs runs the
 * page under this policy.
 */
export function graphqlPlayground(clientDist: string): RequestHandler {
  const page = path.join(clientDist, "playground.html");
  return (req, res, next) => {
    if (req.query.query !== undefined || req.accepts([...GRAPHQL_TYPES, "text/html"]) !== "text/html") return next();
    // the page changes with each build: asked for again every time (its hashed assets are cached for long)
    res.setHeader("Cache-Control", "no-cache");
    res.vary("Accept");
    if (existsSync(page)) res.sendFile(page);
    else res.status(404).type("html").send(NOT_BUILT);
  };
}
