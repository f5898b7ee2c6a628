// The built web client, with a single-page fallback for every path that is not the server's own.
import { existsSync } from "node:fs";
import path from "node:path";
import express, { type Express } from "express";

const NOT_BUILT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sufra</title></head>
<body style="font-family:sans-serif;max-width:40rem;margin:4rem auto;color:#2B211A">
<h1>Sufra</h1><p>The web client is not built yet. Run <code>npm run build -w client</code>, or start with <code>npm start</code>.</p>
<p dir="rtl" lang="ar">لم يتم بناء واجهة الويب بعد. شغّل <code>npm start</code>.</p></body></html>`;

/** The server's own paths: a whole segment, so /api-keys or /graphqlfoo is still a page of the web client. */
const SERVER_PATH = /^\/(api|graphql|media)(\/|$)/;
/** Hashed build output: a file missing there is a stale or mistyped asset, and index.html in its place would be read as script. */
const ASSET_PATH = /^\/assets\//;

export function isClientPage(urlPath: string): boolean {
  return !SERVER_PATH.test(urlPath) && !ASSET_PATH.test(urlPath);
}

export function serveClient(app: Express, dist: string) {
  const index = path.join(dist, "index.html");
  // hashed assets may be cached for long; index.html never, so a new release is picked up at once
  app.use(express.static(dist, { index: false, maxAge: "1y", immutable: true }));
  app.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !isClientPage(req.path)) return next();
    res.setHeader("Cache-Control", "no-cache");
    if (existsSync(index)) res.sendFile(index);
    else res.type("html").send(NOT_BUILT);
  });
}
